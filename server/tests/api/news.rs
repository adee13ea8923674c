use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn news_pages_by_ten_with_the_counts_in_headers(app: TestApp) {
    let first = app.get("/v1/news").send().await;
    first.assert_status(StatusCode::OK);
    assert_eq!(first.header("x-total"), "24");
    assert_eq!(first.header("x-per-page"), "10");
    assert_eq!(first.header("x-last-page"), "3");
    assert_eq!(first.header("x-current-page"), "1");
    let items = first.json()["data"].as_array().unwrap().clone();
    assert_eq!(items.len(), 10);
    assert_eq!(items[0]["key"], "n0024", "newest first");
    assert_eq!(items[0]["title"], "年末年始の営業日と発送スケジュールのご案内");

    let last = app.get("/v1/news?page=3").send().await;
    assert_eq!(last.header("x-current-page"), "3");
    let rest = last.json()["data"].as_array().unwrap().clone();
    assert_eq!(rest.len(), 4);
    assert_eq!(rest.last().unwrap()["key"], "n0001");

    let small = app.get("/v1/news?per=5&page=2").send().await;
    assert_eq!(small.header("x-last-page"), "5");
    assert_eq!(small.json()["data"][0]["key"], "n0019");
}

async fn scheduled_news_stays_hidden_until_its_time(app: TestApp) {
    let all = app.get("/v1/news?per=100").send().await.json();
    assert!(all["data"].as_array().unwrap().iter().all(|n| n["key"] != "n9001"));
    app.get("/v1/news/n9001").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn bad_paging_input_is_a_422_naming_the_field(app: TestApp) {
    for (path, field) in [("/v1/news?page=0", "page"), ("/v1/news?page=abc", "page"), ("/v1/news?per=all", "per"), ("/v1/news?per=1000", "per")] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(answer.json()["errors"][field][0].as_str().unwrap().contains("指定してください"), "{path}");
    }
}

async fn one_news_item_by_its_key(app: TestApp) {
    let answer = app.get("/v1/news/n0023").send().await;
    answer.assert_status(StatusCode::OK);
    let news = answer.json();
    assert_eq!(news["title"], "冬のメンテナンス応援セール開催中");
    assert_eq!(news["category"], "キャンペーン");
    assert!(news["body"].as_str().unwrap().contains("最大20%オフ"));
    assert!(news["published_at"].as_str().unwrap().ends_with('Z'));
}

async fn another_shops_news_is_not_found(app: TestApp) {
    app.get("/v1/news/b0001").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/news/b0001").channel("corporate").send().await.assert_status(StatusCode::OK);
    let corporate = app.get("/v1/news").channel("corporate").send().await;
    assert_eq!(corporate.header("x-total"), "6");
}

async fn a_member_marks_news_read_and_only_they_see_it(app: TestApp) {
    let list = app.get("/v1/news").send().await.json();
    let id = list["data"][1]["id"].as_str().unwrap().to_owned();
    let token = app.member_token("member-a", "demo").await;

    app.post("/v1/news/readables").json(&json!({ "readable_id": id })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/news/readables").bearer(&token).json(&json!({ "readable_id": id })).send().await.assert_status(StatusCode::NO_CONTENT);
    // Reading again changes nothing and is not an error.
    app.post("/v1/news/readables").bearer(&token).json(&json!({ "readable_id": id })).send().await.assert_status(StatusCode::NO_CONTENT);

    let mine = app.get("/v1/news").bearer(&token).send().await.json();
    assert_eq!(mine["data"][1]["is_read"], true);
    assert_eq!(mine["data"][0]["is_read"], false);
    let other = app.member_token("member-b", "demo").await;
    assert_eq!(app.get("/v1/news").bearer(&other).send().await.json()["data"][1]["is_read"], false);
    assert_eq!(app.get("/v1/news").send().await.json()["data"][1]["is_read"], false);
}

async fn marking_read_refuses_bad_input_and_foreign_items(app: TestApp) {
    let token = app.member_token("member-a", "demo").await;
    let missing = app.post("/v1/news/readables").bearer(&token).json(&json!({})).send().await;
    missing.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.json()["errors"]["readable_id"][0], "お知らせを指定してください。");

    let malformed = app.post("/v1/news/readables").bearer(&token).raw_body("application/json", "{\"readable_id\":").send().await;
    malformed.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(malformed.json()["message"], "リクエストの形式が正しくありません。");

    let corporate_news = app.get("/v1/news").channel("corporate").send().await.json();
    let foreign_id = corporate_news["data"][0]["id"].as_str().unwrap().to_owned();
    app.post("/v1/news/readables").bearer(&token).json(&json!({ "readable_id": foreign_id })).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn a_token_from_another_shop_is_refused(app: TestApp) {
    let corporate_token = app.member_token("member-a", "corporate").await;
    let answer = app.get("/v1/news").bearer(&corporate_token).send().await;
    answer.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/news").bearer("not-a-token").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

on_both_databases!(
    news_pages_by_ten_with_the_counts_in_headers,
    scheduled_news_stays_hidden_until_its_time,
    bad_paging_input_is_a_422_naming_the_field,
    one_news_item_by_its_key,
    another_shops_news_is_not_found,
    a_member_marks_news_read_and_only_they_see_it,
    marking_read_refuses_bad_input_and_foreign_items,
    a_token_from_another_shop_is_refused,
);
