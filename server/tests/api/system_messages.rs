//! The message centre: the demo member's seeded messages (one read, one not), the unread count
//! the header reads from `x-total`, reading marks a message read, another member's message is
//! a 404; staff send to one member, a segment or everyone (owners only), with the recipients
//! fixed when sent.
use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn demo_member(app: &TestApp) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let demo = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let token = app.member_token(&demo.id, "demo").await;
    (demo.id, token)
}

/// The header's unread count: `x-total` of `?unread=1&per=1`.
pub async fn unread(app: &TestApp, token: &str) -> i64 {
    let answer = app.get("/v1/me/system-messages?unread=1&per=1").bearer(token).send().await;
    answer.assert_status(StatusCode::OK);
    answer.header("x-total").parse().unwrap()
}

async fn the_demo_member_reads_the_seeded_messages(app: TestApp) {
    let (_, token) = demo_member(&app).await;
    let list = app.get("/v1/me/system-messages").bearer(&token).send().await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("x-total"), "2");
    let messages = list.json()["data"].as_array().unwrap().clone();
    assert_eq!(messages[0]["title"], "冬のメンテナンス応援セールのご案内", "newest first");
    assert_eq!(messages[0]["is_read"], false);
    assert_eq!(messages[1]["title"], "会員登録ありがとうございます");
    assert_eq!(messages[1]["is_read"], true);
    assert_eq!(unread(&app, &token).await, 1);

    let key = messages[0]["key"].as_str().unwrap();
    let opened = app.get(&format!("/v1/me/system-messages/{key}")).bearer(&token).send().await;
    opened.assert_status(StatusCode::OK);
    assert_eq!(opened.json()["is_read"], true);
    assert!(opened.json()["body"].as_str().unwrap().contains("最大20%オフ"));
    assert_eq!(unread(&app, &token).await, 0);
    let only_unread = app.get("/v1/me/system-messages?unread=1").bearer(&token).send().await.json();
    assert!(only_unread["data"].as_array().unwrap().is_empty());

    // Another member has none of them, and cannot open them.
    let other = crate::members::registered_demo_member(&app, "jiro@example.jp").await;
    assert_eq!(unread(&app, &other.access_token).await, 0);
    app.get(&format!("/v1/me/system-messages/{key}")).bearer(&other.access_token).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/me/system-messages").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/me/system-messages?unread=yes").bearer(&token).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

on_both_databases!(the_demo_member_reads_the_seeded_messages);
