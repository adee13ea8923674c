//! Search words, product requests and product view histories, as the storefront posts them.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn product_ids(app: &TestApp, channel: &str, count: usize) -> Vec<String> {
    let list = app.get(&format!("/v1/products?per={count}")).channel(channel).send().await.json();
    list["data"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()).collect()
}

fn history_ids(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["product_id"], e["product"]["id"]);
            e["product_id"].as_str().unwrap().to_owned()
        })
        .collect()
}

async fn search_words_are_kept_for_members_only_and_never_blank(app: TestApp) {
    let token = app.member_token("member-1", "demo").await;
    let channel_id = app.channel_id("demo").await;
    app.post("/v1/product-search-histories?word=%20%E3%83%96%E3%83%AC%E3%83%BC%E3%82%AD%20").bearer(&token).send().await.assert_status(StatusCode::NO_CONTENT);
    app.post("/v1/product-search-histories?word=LED").send().await.assert_status(StatusCode::NO_CONTENT);
    let words = shop::histories::store::list_search_words(&app.state.db, &channel_id, &shop::infra::ids::UserId::from_text("member-1")).await.unwrap();
    assert_eq!(words, ["ブレーキ"], "trimmed; the visitor's word is not stored");
    for blank in ["", "?word=", "?word=%20%E3%80%80%20"] {
        let answer = app.post(&format!("/v1/product-search-histories{blank}")).bearer(&token).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"]["word"][0], "検索キーワードを入力してください。");
    }
    let long = "a".repeat(101);
    app.post(&format!("/v1/product-search-histories?word={long}")).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.post("/v1/product-search-histories?word=a%00b").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.post("/v1/product-search-histories?word=x").bearer("not-a-token").send().await.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(shop::histories::store::list_search_words(&app.state.db, &channel_id, &shop::infra::ids::UserId::from_text("member-1")).await.unwrap().len(), 1);
}

async fn a_product_request_is_stored_with_its_product(app: TestApp) {
    let channel_id = app.channel_id("demo").await;
    let body = json!({ "product_key": "rp0001", "name": "山田 太郎", "email": "taro@example.jp", "body": "Mサイズの再入荷を希望します。" });
    let answer = app.post("/v1/product-requests").json(&body).send().await;
    answer.assert_status(StatusCode::CREATED);
    let id = answer.json()["id"].as_str().unwrap().to_owned();
    let stored = shop::histories::store::find_request(&app.state.db, &channel_id, &id).await.unwrap().unwrap();
    let product = app.get("/v1/products/rp0001").send().await.json();
    assert_eq!(stored.product_id.as_deref(), product["id"].as_str());
    assert_eq!((stored.name.as_str(), stored.email.as_str(), stored.user_id), ("山田 太郎", "taro@example.jp", None));
    // A member's request without a product (something we do not sell yet).
    let token = app.member_token("member-2", "demo").await;
    let answer = app
        .post("/v1/product-requests")
        .bearer(&token)
        .json(&json!({ "name": "佐藤", "email": "sato@example.jp", "body": "○○社のチェーンを扱ってほしいです。" }))
        .send()
        .await;
    answer.assert_status(StatusCode::CREATED);
    let stored = shop::histories::store::find_request(&app.state.db, &channel_id, answer.json()["id"].as_str().unwrap()).await.unwrap().unwrap();
    assert_eq!((stored.user_id.as_deref(), stored.product_id), (Some("member-2"), None));
}

async fn a_product_request_names_its_faults_in_japanese(app: TestApp) {
    let answer = app.post("/v1/product-requests").json(&json!({ "name": " ", "email": "taro@", "body": "" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["name"][0], "お名前を入力してください。");
    assert_eq!(errors["email"][0], "メールアドレスの形式で入力してください。");
    assert_eq!(errors["body"][0], "内容を入力してください。");
    // Another shop's product is unknown here.
    let foreign = app.get("/v1/products?per=1").channel("corporate").send().await.json()["data"][0]["key"].as_str().unwrap().to_owned();
    let answer = app
        .post("/v1/product-requests")
        .json(&json!({ "product_key": foreign, "name": "山田", "email": "taro@example.jp", "body": "再入荷希望" }))
        .send()
        .await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["product_key"][0], "指定された商品が見つかりません。");
    for bad in ["{", "[]", "{\"name\": 1}", "{\"name\": \"a\\u0000\"}"] {
        app.post("/v1/product-requests").raw_body("application/json", bad).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
}

async fn a_members_history_is_newest_first_once_each_at_most_ten(app: TestApp) {
    let token = app.member_token("member-1", "demo").await;
    let ids = product_ids(&app, "demo", 12).await;
    app.post("/v1/product-histories").json(&json!({ "product_id": ids[0] })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    for id in &ids {
        app.post("/v1/product-histories").bearer(&token).json(&json!({ "product_id": id })).send().await.assert_status(StatusCode::OK);
    }
    let answer = app.post("/v1/product-histories").bearer(&token).json(&json!({ "product_id": ids[3] })).send().await;
    answer.assert_status(StatusCode::OK);
    let history = history_ids(&answer.json());
    let mut expected = vec![ids[3].clone()];
    expected.extend(ids.iter().rev().filter(|id| **id != ids[3]).take(9).cloned());
    assert_eq!(history, expected);
    assert!(answer.json()["data"][0]["product"]["name"].is_string(), "product cards");
    // Another member's history is their own.
    let other = app.member_token("member-9", "demo").await;
    let theirs = app.post("/v1/product-histories").bearer(&other).json(&json!({ "product_id": ids[0] })).send().await.json();
    assert_eq!(history_ids(&theirs), [ids[0].clone()]);
    // Unknown or foreign products are missing.
    let foreign = product_ids(&app, "corporate", 1).await;
    for id in ["nope", foreign[0].as_str()] {
        app.post("/v1/product-histories").bearer(&token).json(&json!({ "product_id": id })).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    app.post("/v1/product-histories").bearer(&token).json(&json!({ "product_id": 12 })).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn a_guests_history_comes_back_as_cards_in_the_given_order(app: TestApp) {
    let ids = product_ids(&app, "demo", 12).await;
    let foreign = product_ids(&app, "corporate", 1).await;
    let query = format!("ids[]={}&ids[]=unknown&ids[]={}&ids[]={}&ids[]={}&ids[]={}", ids[2], foreign[0], ids[0], ids[2], ids[1]);
    let answer = app.get(&format!("/v1/guest/product-histories?{query}")).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(history_ids(&answer.json()), [ids[2].clone(), ids[0].clone(), ids[1].clone()]);
    let many: Vec<String> = ids.iter().map(|id| format!("ids[]={id}")).collect();
    let answer = app.get(&format!("/v1/guest/product-histories?{}", many.join("&"))).send().await;
    assert_eq!(history_ids(&answer.json()), ids[..10].to_vec());
    let none = app.get("/v1/guest/product-histories").send().await;
    none.assert_status(StatusCode::OK);
    assert_eq!(none.json()["data"], json!([]));
    // rp0148's sale has ended: not listable, skipped.
    let ended = app.get("/v1/products/rp0148").send().await.json()["id"].as_str().unwrap().to_owned();
    let answer = app.get(&format!("/v1/guest/product-histories?ids[]={ended}&ids[]={}", ids[0])).send().await;
    assert_eq!(history_ids(&answer.json()), [ids[0].clone()]);
    app.get("/v1/guest/product-histories?ids[]=a%00").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

on_both_databases!(
    search_words_are_kept_for_members_only_and_never_blank,
    a_product_request_is_stored_with_its_product,
    a_product_request_names_its_faults_in_japanese,
    a_members_history_is_newest_first_once_each_at_most_ten,
    a_guests_history_comes_back_as_cards_in_the_given_order,
);
