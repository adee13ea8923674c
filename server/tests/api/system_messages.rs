//! The message centre: the demo member's seeded messages (one read, one not), the unread count
//! the header reads from `x-total`, reading marks a message read, another member's message is
//! a 404; staff send to one member, a segment or everyone (owners only), with the recipients
//! fixed when sent.
use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn demo_member(app: &TestApp) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let demo = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let token = app.member_token(&demo.id, "demo").await;
    (demo.id.into_string(), token)
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

async fn staff_send_to_a_member_a_segment_or_everyone(app: TestApp) {
    use shop::staff::StaffRole;
    let staff = crate::inquiries::staff_cookie(&app, "demo", StaffRole::OrderClerk, "佐藤 美咲").await;
    let owner = crate::inquiries::staff_cookie(&app, "demo", StaffRole::Owner, "高橋 店長").await;
    let (_, demo) = demo_member(&app).await;
    let other = crate::members::registered_demo_member(&app, "jiro@example.jp").await;
    let message = |audience: &str| json!({ "audience": audience, "title": "お届け日変更のお知らせ", "body": "ご注文の商品は12月5日にお届けします。" });

    // One member, by e-mail.
    let mut to_member = message("member");
    to_member["member_email"] = json!("Member@Example.com");
    let preview = app.post("/v1/admin/system-messages/preview").header("cookie", &staff).json(&to_member).send().await;
    preview.assert_status(StatusCode::OK);
    assert_eq!(preview.json()["recipients"], 1);
    let sent = app.post("/v1/admin/system-messages").header("cookie", &staff).json(&to_member).send().await;
    sent.assert_status(StatusCode::CREATED);
    assert_eq!(sent.json()["recipients"], 1);
    assert_eq!(unread(&app, &demo).await, 2);
    assert_eq!(unread(&app, &other.access_token).await, 0);
    let mut unknown = message("member");
    unknown["member_email"] = json!("nobody@example.jp");
    let refused = app.post("/v1/admin/system-messages").header("cookie", &staff).json(&unknown).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["member_email"][0], "このメールアドレスの会員が見つかりません。");
    let blank = app.post("/v1/admin/system-messages").header("cookie", &staff).json(&json!({ "audience": "segment", "title": "", "body": "" })).send().await;
    blank.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let fields: Vec<String> = blank.json()["errors"].as_object().unwrap().keys().cloned().collect();
    assert_eq!(fields, ["body", "segment", "title"]);

    // Segments: the demo member has orders, the new member none.
    let mut purchasers = message("segment");
    purchasers["segment"] = json!("purchasers");
    let sent = app.post("/v1/admin/system-messages").header("cookie", &staff).json(&purchasers).send().await.json();
    assert_eq!(sent["recipients"], 1);
    assert_eq!(unread(&app, &demo).await, 3);
    let mut no_purchase = message("segment");
    no_purchase["segment"] = json!("no_purchase");
    let sent = app.post("/v1/admin/system-messages").header("cookie", &staff).json(&no_purchase).send().await.json();
    assert_eq!(sent["recipients"], 1);
    assert_eq!(unread(&app, &other.access_token).await, 1);

    // Everyone: the owner's; the recipients are fixed when sent.
    app.post("/v1/admin/system-messages").header("cookie", &staff).json(&message("all")).send().await.assert_status(StatusCode::FORBIDDEN);
    let sent = app.post("/v1/admin/system-messages").header("cookie", &owner).json(&message("all")).send().await;
    sent.assert_status(StatusCode::CREATED);
    assert_eq!(sent.json()["recipients"], 2);
    let later = crate::members::registered_demo_member(&app, "saburo@example.jp").await;
    assert_eq!(unread(&app, &later.access_token).await, 0, "a member who registers later does not get it");

    // The staff list: newest first, with how many read it.
    let key = sent.json()["key"].as_str().unwrap().to_owned();
    app.get(&format!("/v1/me/system-messages/{key}")).bearer(&demo).send().await.assert_status(StatusCode::OK);
    let list = app.get("/v1/admin/system-messages").header("cookie", &staff).send().await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("x-total"), "6", "4 sent here and the 2 seeded");
    let newest = &list.json()["data"][0];
    assert_eq!(newest["audience"], "all");
    assert_eq!(newest["staff_name"], "高橋 店長");
    assert_eq!(newest["recipients"], 2);
    assert_eq!(newest["read_count"], 1);
    let actions: Vec<String> = crate::inquiries::audited(&app, "demo").await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions, ["system_message_send"; 4]);

    // Another shop's staff reach none of it.
    let corporate = crate::inquiries::staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    app.get("/v1/admin/system-messages").header("cookie", &corporate).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let theirs = app.get("/v1/admin/system-messages").channel("corporate").header("cookie", &corporate).send().await;
    assert_eq!(theirs.header("x-total"), "1", "only the corporate shop's seeded message");
    let mut cross = message("member");
    cross["member_email"] = json!("member@example.com");
    let refused = app.post("/v1/admin/system-messages").channel("corporate").header("cookie", &corporate).json(&cross).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.post("/v1/admin/system-messages").json(&to_member).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

on_both_databases!(staff_send_to_a_member_a_segment_or_everyone);
