//! Stylists on the demo seed: four staff members in the shop's order, each with 5–6 picks
//! (the most popular product of a leaf category per pick). The corporate shop has none.
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;
use crate::on_both_databases;

fn keys(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|i| i["key"].as_str().unwrap().to_owned()).collect()
}

async fn stylists_are_listed_in_the_shops_order(app: TestApp) {
    let answer = app.get("/v1/stylists").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("x-total"), "4");
    let body = answer.json();
    assert_eq!(keys(&body["data"]), ["sato-kenichi", "takahashi-misaki", "suzuki-daisuke", "ito-haruka"]);
    let first = &body["data"][0];
    assert_eq!(first["name"], "佐藤 健一");
    assert_eq!(first["name_kana"], "さとう けんいち");
    assert_eq!(first["role"], "店長");
    assert_eq!(first["avatar"], "/images/stylists/sato-kenichi.svg");
    assert!(first["profile"].as_str().unwrap().contains("店長"));
    assert!(first.get("picks").is_none(), "the list carries no picks");

    let second = app.get("/v1/stylists?per=3&page=2").send().await;
    assert_eq!(second.header("x-current-page"), "2");
    assert_eq!(second.header("x-last-page"), "2");
    assert_eq!(keys(&second.json()["data"]), ["ito-haruka"]);
    app.get("/v1/stylists?page=0").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn a_stylist_shows_the_profile_and_picks_as_product_cards(app: TestApp) {
    let answer = app.get("/v1/stylists/takahashi-misaki").send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["key"], "takahashi-misaki");
    assert_eq!(body["role"], "ライダー");
    assert!(body["riding_style"].as_str().unwrap().contains("ツーリング"));
    let picks = body["picks"].as_array().unwrap();
    assert!((4..=6).contains(&picks.len()), "{}", picks.len());
    assert_eq!(picks[0]["comment"], "軽くて首が疲れにくい。長距離ほど違いがわかります。");
    assert_eq!(picks[0]["product"]["categories"][0]["key"], "bike-helmet");
    // The same card the product page's catalogue shows.
    let key = picks[0]["product"]["key"].as_str().unwrap();
    let listed = app.get("/v1/products?category=bike-helmet&per=100").send().await.json();
    let card = listed["data"].as_array().unwrap().iter().find(|p| p["key"] == key).expect("a listable product").clone();
    assert_eq!(picks[0]["product"], card);
    for pick in picks {
        assert!(!pick["comment"].as_str().unwrap().is_empty());
        assert_eq!(pick["product"]["is_on_sale"], true, "only listable products");
        assert!(pick["product"]["product_price"].as_i64().unwrap() > 0);
    }
}

async fn unknown_or_foreign_stylists_are_404(app: TestApp) {
    app.get("/v1/stylists/no-such-person").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/stylists/sato-kenichi").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    for path in ["/v1/stylists/a%00b", "/v1/stylists/%E3%81%82", "/v1/stylists/..%2F..%2Fetc"] {
        app.get(path).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    let corporate = app.get("/v1/stylists").channel("corporate").send().await;
    corporate.assert_status(StatusCode::OK);
    assert_eq!(corporate.header("x-total"), "0");
    assert_eq!(corporate.json()["data"], serde_json::json!([]));
}

async fn avatars_are_svg_of_the_hosts_channel(app: TestApp) {
    let picture = app.get("/images/stylists/suzuki-daisuke.svg").send().await;
    picture.assert_status(StatusCode::OK);
    assert!(picture.header("content-type").starts_with("image/svg+xml"));
    let svg = picture.text();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains(">DS</text>"));
    assert!(svg.contains("鈴木 大輔"));
    assert_eq!(app.get("/images/stylists/suzuki-daisuke.svg").send().await.text(), svg, "deterministic");
    for missing in ["/images/stylists/nobody.svg", "/images/stylists/suzuki-daisuke", "/images/stylists/suzuki-daisuke.png"] {
        app.get(missing).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    app.get("/images/stylists/suzuki-daisuke.svg").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
}

on_both_databases!(
    stylists_are_listed_in_the_shops_order,
    a_stylist_shows_the_profile_and_picks_as_product_cards,
    unknown_or_foreign_stylists_are_404,
    avatars_are_svg_of_the_hosts_channel,
);
