use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn a_page_without_its_own_layout_gets_the_default(app: TestApp) {
    let answer = app.get("/v1/layouts/home").send().await;
    answer.assert_status(StatusCode::OK);
    let layout = answer.json();
    assert_eq!(layout["page"], "home");
    assert_eq!(layout["layout"], "default");
    assert!(layout["header"]["navigation"].as_array().unwrap().iter().any(|link| link["label"] == "ニュース" && link["path"] == "/news"));
    assert!(layout["footer"]["navigation"].as_array().unwrap().iter().any(|link| link["path"] == "/law"));
    assert!(layout["footer"]["copyright"].as_str().unwrap().contains("ライドパーツ本舗"));
}

async fn the_home_page_lists_its_blocks_with_audience_and_device(app: TestApp) {
    let answer = app.get("/v1/pages/front/layout/home").send().await;
    answer.assert_status(StatusCode::OK);
    let page = answer.json();
    assert_eq!(page["title"], "バイク・自転車パーツの専門店");
    let blocks = page["blocks"].as_array().unwrap();
    assert_eq!(blocks[0]["kind"], "hero");
    assert_eq!(blocks[0]["props"]["heading"], "走りを変える、確かなパーツを。");
    assert!(blocks.iter().any(|b| b["visible_for"] == "guest"));
    assert!(blocks.iter().any(|b| b["visible_for"] == "member"));
    assert!(blocks.iter().any(|b| b["device"] == "sp"));
    assert!(blocks.iter().any(|b| b["device"] == "pc"));
    assert!(blocks.iter().any(|b| b["kind"] == "news" && b["props"]["count"] == 5));
}

async fn an_unknown_page_is_not_found(app: TestApp) {
    app.get("/v1/pages/front/layout/nowhere").send().await.assert_status(StatusCode::NOT_FOUND);
}

on_both_databases!(a_page_without_its_own_layout_gets_the_default, the_home_page_lists_its_blocks_with_audience_and_device, an_unknown_page_is_not_found,);
