//! Collections on the demo seed: new-arrivals (12 newest of tag `new`), staff-picks and
//! winter-maintenance (every product of their tag, most popular first, including ones the
//! lists may not show: rp0148 is a staff pick whose sale has ended). The corporate shop has
//! its own new-arrivals only.
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;
use crate::on_both_databases;

fn keys(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|i| i["key"].as_str().unwrap().to_owned()).collect()
}

async fn a_collection_lists_its_listable_products_as_product_cards(app: TestApp) {
    let answer = app.get("/v1/collections/staff-picks?per=100").send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!(body["alias"], "staff-picks");
    assert_eq!(body["title"], "スタッフおすすめ");
    assert_eq!(body["description"], "整備スタッフが実際に使って選んだ逸品。");
    let listed = app.get("/v1/products?tag=staff-pick&sort=popular&per=100").send().await;
    assert_eq!(answer.header("x-total"), listed.header("x-total"), "exactly the listable ones");
    let (mine, theirs) = (keys(&body["data"]), keys(&listed.json()["data"]));
    assert_eq!(mine, theirs, "curated order: most popular first, as seeded");
    assert!(!mine.contains(&"rp0148".to_owned()), "an ended sale is skipped");
    // The same card as the product list shows.
    assert_eq!(body["data"][0], listed.json()["data"][0]);
}

async fn the_single_item_variant_and_pages(app: TestApp) {
    let one = app.get("/v1/collections/new-arrivals?max_page_size=1").send().await;
    one.assert_status(StatusCode::OK);
    assert_eq!(one.json()["data"].as_array().unwrap().len(), 1);
    assert_eq!(one.header("x-per-page"), "1");
    let all = app.get("/v1/collections/new-arrivals").send().await;
    assert_eq!(all.header("x-per-page"), "15");
    let total: usize = all.header("x-total").parse().unwrap();
    assert!((1..=12).contains(&total), "{total}");
    assert_eq!(one.json()["data"][0], all.json()["data"][0]);
    let second = app.get("/v1/collections/new-arrivals?per=5&page=2").send().await;
    assert_eq!(second.header("x-current-page"), "2");
    assert_eq!(keys(&second.json()["data"]), keys(&all.json()["data"])[5..10.min(total)].to_vec());
}

async fn collections_belong_to_their_channel(app: TestApp) {
    app.get("/v1/collections/no-such-list").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/collections/staff-picks").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    let corporate = app.get("/v1/collections/new-arrivals").channel("corporate").send().await;
    corporate.assert_status(StatusCode::OK);
    assert_eq!(corporate.json()["title"], "新規取扱商品");
    assert!(keys(&corporate.json()["data"]).iter().all(|k| k.starts_with("bz")));
}

async fn odd_input_is_a_422_or_404_never_a_500(app: TestApp) {
    for query in ["max_page_size=0", "max_page_size=abc", "max_page_size=99999999999999999999", "page=0", "per=1000"] {
        let answer = app.get(&format!("/v1/collections/new-arrivals?{query}")).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    let bad = app.get("/v1/collections/new-arrivals?max_page_size=0").send().await;
    assert_eq!(bad.json()["errors"]["max_page_size"][0], "最大表示件数は1〜100の整数で指定してください。");
    for path in ["/v1/collections/a%00b", "/v1/collections/%E3%81%82", "/v1/collections/..%2F..%2Fetc"] {
        app.get(path).send().await.assert_status(StatusCode::NOT_FOUND);
    }
}

on_both_databases!(
    a_collection_lists_its_listable_products_as_product_cards,
    the_single_item_variant_and_pages,
    collections_belong_to_their_channel,
    odd_input_is_a_422_or_404_never_a_500,
);
