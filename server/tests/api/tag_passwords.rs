//! Password-protected tags: the demo shop's 会員限定セール (`members-sale`, password
//! `ride-members`) lists its products only to a visitor holding a grant for it.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::on_both_databases;

const TAG: &str = "members-sale";
const PASSWORD: &str = "ride-members";

async fn unlock(app: &TestApp, tag_key: &str, password: &str) -> Value {
    let answer = app.post("/v1/tags/password").json(&json!({ "tag_key": tag_key, "password": password })).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

async fn the_tag_list_marks_protected_tags(app: TestApp) {
    let tags = app.get("/v1/tags?per=20").send().await.json();
    let tags = tags["data"].as_array().unwrap();
    let protected: Vec<&str> = tags.iter().filter(|t| t["is_protected"] == true).map(|t| t["key"].as_str().unwrap()).collect();
    assert_eq!(protected, vec![TAG]);
    assert!(tags.iter().all(|t| t["is_protected"].is_boolean()));
}

async fn the_right_password_gives_the_tag_and_a_grant(app: TestApp) {
    let grant = unlock(&app, TAG, PASSWORD).await;
    assert_eq!(grant["tag"], json!({ "key": TAG, "name": "会員限定セール" }));
    assert!(grant["grant_token"].as_str().is_some_and(|t| t.len() > 20));
    assert!(grant["expires_at"].as_str().is_some_and(|t| t.ends_with('Z')));
}

async fn a_wrong_or_blank_password_is_a_japanese_field_error(app: TestApp) {
    let wrong = app.post("/v1/tags/password").json(&json!({ "tag_key": TAG, "password": "ride-member" })).send().await;
    wrong.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.json()["errors"], json!({ "password": ["パスワードが正しくありません。"] }));

    let blank = app.post("/v1/tags/password").json(&json!({ "tag_key": " ", "password": "" })).send().await;
    blank.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(blank.json()["errors"], json!({ "password": ["パスワードを入力してください。"], "tag_key": ["タグを指定してください。"] }));
    app.post("/v1/tags/password").json(&json!({})).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn an_unknown_or_open_tag_has_no_password_to_check(app: TestApp) {
    for key in ["no-such-tag", "sale"] {
        let answer = app.post("/v1/tags/password").json(&json!({ "tag_key": key, "password": PASSWORD })).send().await;
        answer.assert_status(StatusCode::NOT_FOUND);
    }
    // Another shop has no such tag.
    let corporate = app.post("/v1/tags/password").channel("corporate").json(&json!({ "tag_key": TAG, "password": PASSWORD })).send().await;
    corporate.assert_status(StatusCode::NOT_FOUND);
}

async fn a_protected_tag_lists_its_products_only_with_its_grant(app: TestApp) {
    let path = format!("/v1/products?tag={TAG}");
    let refused = app.get(&path).send().await;
    refused.assert_status(StatusCode::FORBIDDEN);
    assert_eq!(refused.json()["message"], "このタグの商品を見るにはパスワードの入力が必要です。");
    assert_eq!(refused.json()["code"], "tag.password.required");

    let grant = unlock(&app, TAG, PASSWORD).await;
    let token = grant["grant_token"].as_str().unwrap();
    let listed = app.get(&path).header("x-tag-grant", token).send().await;
    listed.assert_status(StatusCode::OK);
    let total: i64 = listed.header("x-total").parse().unwrap();
    assert!(total >= 5, "the demo shop has a few members-only products, got {total}");
    assert!(!listed.json()["data"].as_array().unwrap().is_empty());

    // The page is now in the shared read cache: someone without a grant is still refused.
    app.get(&path).send().await.assert_status(StatusCode::FORBIDDEN);
    app.get(&path).header("x-tag-grant", "not-a-token").send().await.assert_status(StatusCode::FORBIDDEN);
    // Open tags need nothing.
    app.get("/v1/products?tag=sale").send().await.assert_status(StatusCode::OK);
}

async fn a_grant_opens_only_its_own_tag(app: TestApp) {
    // A second protected tag in the same shop.
    let channel_id = app.channel_id("demo").await;
    let hash = shop::catalog::tag_password::hash("winter-pass").unwrap();
    let mut tx = app.state.db.begin_write().await.unwrap();
    shop::catalog::store::taxonomy::update_tag_password(&mut tx, &channel_id, "winter", Some(&hash)).await.unwrap();
    tx.commit().await.unwrap();

    let winter = unlock(&app, "winter", "winter-pass").await;
    let winter_token = winter["grant_token"].as_str().unwrap();
    app.get("/v1/products?tag=winter").header("x-tag-grant", winter_token).send().await.assert_status(StatusCode::OK);
    let other = app.get(&format!("/v1/products?tag={TAG}")).header("x-tag-grant", winter_token).send().await;
    other.assert_status(StatusCode::FORBIDDEN);
}

async fn access_tokens_and_grants_are_not_interchangeable(app: TestApp) {
    let access = app.member_token("member-a", "demo").await;
    app.get(&format!("/v1/products?tag={TAG}")).header("x-tag-grant", &access).send().await.assert_status(StatusCode::FORBIDDEN);

    let grant = unlock(&app, TAG, PASSWORD).await;
    let token = grant["grant_token"].as_str().unwrap();
    let news = app.get("/v1/news").send().await.json();
    let id = news["data"][0]["id"].as_str().unwrap();
    let answer = app.post("/v1/news/readables").bearer(token).json(&json!({ "readable_id": id })).send().await;
    answer.assert_status(StatusCode::UNAUTHORIZED);
}

async fn password_guessing_is_rate_limited(app: TestApp) {
    for _ in 0..20 {
        let wrong = app.post("/v1/tags/password").json(&json!({ "tag_key": TAG, "password": "guess-1234" })).send().await;
        wrong.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    // Even the right password waits now: the limit is on attempts, not on failures.
    let limited = app.post("/v1/tags/password").json(&json!({ "tag_key": TAG, "password": PASSWORD })).send().await;
    limited.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.json()["message"], "試行回数が多すぎます。しばらく時間をおいてから再度お試しください。");
}

on_both_databases!(
    password_guessing_is_rate_limited,
    the_tag_list_marks_protected_tags,
    the_right_password_gives_the_tag_and_a_grant,
    a_wrong_or_blank_password_is_a_japanese_field_error,
    an_unknown_or_open_tag_has_no_password_to_check,
    a_protected_tag_lists_its_products_only_with_its_grant,
    a_grant_opens_only_its_own_tag,
    access_tokens_and_grants_are_not_interchangeable,
);
