//! Catalogues on the demo seed: the printed winter catalogue (12 pages, orderable) and the
//! digital bicycle catalogue (6 pages); the next issue is scheduled and not shown.
use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn catalogues_list_their_cover_and_flip_book_pages(app: TestApp) {
    let answer = app.get("/v1/catalog").send().await;
    answer.assert_status(StatusCode::OK);
    let data = answer.json()["data"].as_array().unwrap().clone();
    assert_eq!(data.len(), 2, "the scheduled issue is not listed");
    let winter = &data[0];
    assert_eq!(winter["title"], "ライドパーツ総合カタログ");
    assert_eq!(winter["page_count"], 12);
    assert_eq!(winter["is_orderable"], true);
    assert!(winter["published_at"].as_str().unwrap().ends_with('Z'));
    let id = winter["id"].as_str().unwrap();
    assert_eq!(winter["cover_image"], format!("/images/catalogs/{id}-cover.svg"));
    let pages = winter["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 12);
    assert_eq!(pages[0]["number"], 1);
    assert_eq!(pages[11]["image"], format!("/images/catalogs/{id}-12.svg"));
    assert_eq!(data[1]["is_orderable"], false);
    assert_eq!(data[1]["page_count"], 6);
}

async fn cover_and_page_pictures_are_svg_of_the_hosts_channel(app: TestApp) {
    let winter = app.get("/v1/catalog").send().await.json()["data"][0].clone();
    for path in [winter["cover_image"].as_str().unwrap(), winter["pages"][2]["image"].as_str().unwrap()] {
        let picture = app.get(path).send().await;
        picture.assert_status(StatusCode::OK);
        assert!(picture.header("content-type").starts_with("image/svg+xml"));
        assert!(picture.text().starts_with("<svg"));
    }
    assert!(app.get(winter["cover_image"].as_str().unwrap()).send().await.text().contains("全12ページ"));
    assert!(app.get(winter["pages"][2]["image"].as_str().unwrap()).send().await.text().contains("電装パーツ"));
    let id = winter["id"].as_str().unwrap();
    for missing in [
        format!("/images/catalogs/{id}-13.svg"),
        format!("/images/catalogs/{id}-0.svg"),
        format!("/images/catalogs/{id}-99999999999999.svg"),
        "/images/catalogs/nothing.svg".into(),
        "/images/catalogs/a%00b-cover.svg".into(),
    ] {
        app.get(&missing).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    // Another shop's host does not show this shop's catalogue.
    let corporate = app.get("/v1/catalog").channel("corporate").send().await.json();
    assert_eq!(corporate["data"].as_array().unwrap().len(), 1);
    let foreign = corporate["data"][0]["cover_image"].as_str().unwrap().to_owned();
    app.get(&foreign).send().await.assert_status(StatusCode::NOT_FOUND);
}

on_both_databases!(catalogues_list_their_cover_and_flip_book_pages, cover_and_page_pictures_are_svg_of_the_hosts_channel);
