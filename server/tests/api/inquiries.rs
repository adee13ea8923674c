//! Inquiries as the contact form, the member area and the guest's mailed thread link use them:
//! guests and members send, the receipt and the shop's notice are mailed, a member sees only
//! their own, a guest's thread opens only with its token, files are the sender's own; the
//! staff side (replies, status, notes, topics) through /v1/admin with a staff session.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::uploads::{PDF, PNG, uploaded};

/// The id of the channel's topic `key` (from the public topic list).
pub async fn topic_id(app: &TestApp, channel: &str, key: &str) -> String {
    let answer = app.get("/v1/categories/hierarchy?table=inquiries").channel(channel).send().await;
    answer.assert_status(StatusCode::OK);
    let topics = answer.json()["data"].as_array().unwrap().clone();
    topics.iter().find(|t| t["key"] == key).unwrap_or_else(|| panic!("no topic {key} in {topics:?}"))["id"].as_str().unwrap().to_owned()
}

pub fn inquiry(topic_id: &str, email: &str) -> Value {
    json!({
        "topic_id": topic_id,
        "name": "山田 花子",
        "name_kana": "ヤマダ ハナコ",
        "email": email,
        "phone": "090-1234-5678",
        "body": "ヘルメットのサイズについて質問です。\n頭囲58cmの場合、MとLのどちらがよいでしょうか。",
    })
}

/// Sends an inquiry (as a member with `token`); the answer must be 201.
pub async fn send(app: &TestApp, token: Option<&str>, body: &Value) -> Value {
    let mut call = app.post("/v1/inquiries").json(body);
    if let Some(token) = token {
        call = call.bearer(token);
    }
    let answer = call.send().await;
    answer.assert_status(StatusCode::CREATED);
    answer.json()
}

/// The `t` of the newest thread link mailed to `email` for the inquiry `key`.
pub fn thread_token(app: &TestApp, email: &str, key: &str) -> String {
    let mail = app.latest_mail_to(email).expect("a mail to the guest");
    let marker = format!("/contact/thread/{key}?t=");
    let at = mail.body.find(&marker).unwrap_or_else(|| panic!("no thread link in: {}", mail.body)) + marker.len();
    mail.body[at..].chars().take_while(char::is_ascii_hexdigit).collect()
}

async fn demo_member(app: &TestApp) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let demo = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let token = app.member_token(&demo.id, "demo").await;
    (demo.id.into_string(), token)
}

fn errors_of(answer: &Answer) -> Vec<String> {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    answer.json()["errors"].as_object().unwrap_or_else(|| panic!("no errors: {}", answer.text())).keys().cloned().collect()
}

async fn a_guest_sends_an_inquiry_and_reads_it_with_the_mailed_link(app: TestApp) {
    crate::cart::set_setting(&app, "SHOP.CONTACT_EMAIL", json!("support@ridepartshonpo.example.jp")).await;
    let product = topic_id(&app, "demo", "product").await;
    let created = send(&app, None, &inquiry(&product, "hanako@example.jp")).await;
    let key = created["key"].as_str().unwrap();
    let number = created["number"].as_str().unwrap();
    assert_eq!(created["status"], "open");
    assert_eq!(key.len(), 32);
    assert!(number.starts_with("Q-") && number.ends_with("-0001") && number.len() == "Q-20261126-0001".len(), "{number}");
    let second = send(&app, None, &inquiry(&product, "jiro@example.jp")).await;
    assert!(second["number"].as_str().unwrap().ends_with("-0002"), "numbered per day: {second}");

    // The receipt carries the number and the thread link; the shop's notice goes to its address.
    let receipt = app.latest_mail_to("hanako@example.jp").expect("a receipt");
    assert_eq!(receipt.subject, "【ライドパーツ本舗】お問い合わせを受け付けました");
    assert!(receipt.body.contains(number) && receipt.body.contains("商品について"), "{}", receipt.body);
    assert!(receipt.body.contains(&format!("http://localhost:8080/contact/thread/{key}?t=")), "{}", receipt.body);
    let notice = app.mails_to("support@ridepartshonpo.example.jp");
    assert_eq!(notice.len(), 2, "one notice per inquiry");
    assert!(notice[0].body.contains("山田 花子") && notice[0].body.contains("頭囲58cm"), "{}", notice[0].body);

    let t = thread_token(&app, "hanako@example.jp", key);
    let thread = app.get(&format!("/v1/inquiries/{key}?t={t}")).send().await;
    thread.assert_status(StatusCode::OK);
    let thread = thread.json();
    assert_eq!(thread["number"], number);
    assert_eq!(thread["status_label"], "未対応");
    assert_eq!(thread["topic"]["name"], "商品について");
    assert_eq!(thread["subject"], "ヘルメットのサイズについて質問です。");
    assert_eq!(thread["name_kana"], "ヤマダ ハナコ");
    assert_eq!(thread["has_unread_reply"], false);
    let messages = thread["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["author"], "customer");
    assert_eq!(messages[0]["author_name"], "山田 花子");

    // Without the token, with another one, or another inquiry's: 404.
    app.get(&format!("/v1/inquiries/{key}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/v1/inquiries/{key}?t=0123456789abcdef0123456789abcdef")).send().await.assert_status(StatusCode::NOT_FOUND);
    let other_key = second["key"].as_str().unwrap();
    app.get(&format!("/v1/inquiries/{other_key}?t={t}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/v1/inquiries/{key}?t={t}")).channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    // Nor is it a member's.
    let (_, member) = demo_member(&app).await;
    app.get(&format!("/v1/me/inquiries/{key}")).bearer(&member).send().await.assert_status(StatusCode::NOT_FOUND);

    // The guest answers in the thread; the shop is told.
    let reply =
        app.post("/v1/inquiry-comments/reply").json(&json!({ "inquiry_key": key, "t": t, "body": "追記です。普段はMサイズを使っています。" })).send().await;
    reply.assert_status(StatusCode::CREATED);
    assert_eq!(reply.json()["author"], "customer");
    assert_eq!(app.mails_to("support@ridepartshonpo.example.jp").len(), 3);
    let refused = app.post("/v1/inquiry-comments/reply").json(&json!({ "inquiry_key": key, "body": "トークンなし" })).send().await;
    refused.assert_status(StatusCode::NOT_FOUND);
    let thread = app.get(&format!("/v1/inquiries/{key}?t={t}")).send().await.json();
    assert_eq!(thread["messages"].as_array().unwrap().len(), 2);
}

async fn a_member_sees_only_their_own_inquiries(app: TestApp) {
    let (_, token) = demo_member(&app).await;
    let order = topic_id(&app, "demo", "order").await;
    let created = send(&app, Some(&token), &json!({ "topic_id": order, "name": "山田 太郎", "email": "member@example.com", "order_number": "R-20261120-0012", "body": "届いた商品の色が違いました。" })).await;
    let key = created["key"].as_str().unwrap();
    let receipt = app.latest_mail_to("member@example.com").expect("a receipt");
    assert!(receipt.body.contains(&format!("http://localhost:8080/mypage/inquiry_history/{key}")), "{}", receipt.body);
    assert!(!receipt.body.contains("/contact/thread/"), "a member's receipt links to the member area");

    let list = app.get("/v1/me/inquiries").bearer(&token).send().await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("x-total"), "1");
    let summary = &list.json()["data"][0];
    assert_eq!(summary["key"], key);
    assert_eq!(summary["status"], "open");
    assert_eq!(summary["topic"]["name"], "注文・配送について");
    assert!(summary.get("messages").is_none(), "a summary without the thread");
    let detail = app.get(&format!("/v1/me/inquiries/{key}")).bearer(&token).send().await;
    detail.assert_status(StatusCode::OK);
    assert_eq!(detail.json()["order_number"], "R-20261120-0012");

    let other = crate::members::registered_demo_member(&app, "jiro@example.jp").await;
    let theirs = app.get("/v1/me/inquiries").bearer(&other.access_token).send().await;
    assert_eq!(theirs.header("x-total"), "0");
    app.get(&format!("/v1/me/inquiries/{key}")).bearer(&other.access_token).send().await.assert_status(StatusCode::NOT_FOUND);
    let reply = app.post("/v1/inquiry-comments/reply").bearer(&other.access_token).json(&json!({ "inquiry_key": key, "body": "他人の返信" })).send().await;
    reply.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/v1/inquiries/{key}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/me/inquiries").send().await.assert_status(StatusCode::UNAUTHORIZED);

    let own = app.post("/v1/inquiry-comments/reply").bearer(&token).json(&json!({ "inquiry_key": key, "body": "写真を追加します。" })).send().await;
    own.assert_status(StatusCode::CREATED);
}

async fn the_form_is_checked_field_by_field(app: TestApp) {
    let product = topic_id(&app, "demo", "product").await;
    let empty = app.post("/v1/inquiries").json(&json!({})).send().await;
    assert_eq!(errors_of(&empty), ["body", "email", "name", "topic_id"]);
    assert_eq!(empty.json()["errors"]["topic_id"][0], "お問い合わせ種別を選択してください。");

    let bad = json!({ "topic_id": product, "name": "山田", "name_kana": "やまだ", "email": "yamada@", "phone": "0120", "body": "あ".repeat(4001) });
    assert_eq!(errors_of(&app.post("/v1/inquiries").json(&bad).send().await), ["body", "email", "name_kana", "phone"]);
    let longest = json!({ "topic_id": product, "name": "山田", "email": "yamada@example.jp", "body": "あ".repeat(4000) });
    send(&app, None, &longest).await;

    // Another shop's topic is not one of this shop's.
    let corporate_topic = topic_id(&app, "corporate", "product").await;
    let foreign = app.post("/v1/inquiries").json(&inquiry(&corporate_topic, "a@example.jp")).send().await;
    assert_eq!(errors_of(&foreign), ["topic_id"]);

    // カタログ請求 goes by post: the address is required.
    let catalog = topic_id(&app, "demo", "catalog").await;
    let without = app.post("/v1/inquiries").json(&inquiry(&catalog, "a@example.jp")).send().await;
    assert_eq!(errors_of(&without), ["address1", "city", "postal_code", "prefecture"]);
    let mut with = inquiry(&catalog, "a@example.jp");
    for (field, value) in [("postal_code", "420-0853"), ("prefecture", "静岡県"), ("city", "静岡市葵区"), ("address1", "追手町9-6")] {
        with[field] = json!(value);
    }
    let created = send(&app, None, &with).await;
    let t = thread_token(&app, "a@example.jp", created["key"].as_str().unwrap());
    let thread = app.get(&format!("/v1/inquiries/{}?t={t}", created["key"].as_str().unwrap())).send().await.json();
    assert_eq!(thread["postal_code"], "4200853");
    assert_eq!(thread["prefecture"], "静岡県");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM inquiries").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(count, 2, "refused forms stored nothing");
}

async fn files_go_with_the_inquiry_of_their_uploader_only(app: TestApp) {
    let (_, token) = demo_member(&app).await;
    let other = crate::members::registered_demo_member(&app, "jiro@example.jp").await;
    let product = topic_id(&app, "demo", "product").await;
    let mine = uploaded(&app, Some(&token), "傷.png", PNG).await;
    let theirs = uploaded(&app, Some(&other.access_token), "x.png", PNG).await;
    let guests = uploaded(&app, None, "y.pdf", PDF).await;

    for foreign in [&theirs, &guests, &"0123456789abcdef0123456789abcdef".to_owned()] {
        let mut body = inquiry(&product, "member@example.com");
        body["files"] = json!([mine, foreign]);
        let refused = app.post("/v1/inquiries").bearer(&token).json(&body).send().await;
        assert_eq!(errors_of(&refused), ["files"]);
    }
    let mut body = inquiry(&product, "member@example.com");
    body["files"] = json!([mine, mine]);
    assert_eq!(errors_of(&app.post("/v1/inquiries").bearer(&token).json(&body).send().await), ["files"], "the same file twice");
    body["files"] = json!((0..6).map(|_| mine.clone()).collect::<Vec<_>>());
    let six = app.post("/v1/inquiries").bearer(&token).json(&body).send().await;
    assert_eq!(six.json()["errors"]["files"][0], "添付できるファイルは5件までです。");

    body["files"] = json!([mine]);
    let created = send(&app, Some(&token), &body).await;
    let key = created["key"].as_str().unwrap();
    let detail = app.get(&format!("/v1/me/inquiries/{key}")).bearer(&token).send().await.json();
    let files = detail["messages"][0]["files"].as_array().unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["key"], mine.as_str());
    assert_eq!(files[0]["name"], "傷.png");
    // Attached once: not again.
    assert_eq!(errors_of(&app.post("/v1/inquiries").bearer(&token).json(&body).send().await), ["files"]);
    let again = app.post("/v1/inquiry-comments/reply").bearer(&token).json(&json!({ "inquiry_key": key, "body": "再送", "files": [mine] })).send().await;
    assert_eq!(errors_of(&again), ["files"]);
    app.get(&format!("/v1/upload-files/{mine}")).bearer(&other.access_token).send().await.assert_status(StatusCode::NOT_FOUND);

    // A guest's file goes with the guest's inquiry and is read with the thread token.
    let mut guest_body = inquiry(&product, "hanako@example.jp");
    guest_body["files"] = json!([guests]);
    let created = send(&app, None, &guest_body).await;
    let guest_key = created["key"].as_str().unwrap();
    let t = thread_token(&app, "hanako@example.jp", guest_key);
    let thread = app.get(&format!("/v1/inquiries/{guest_key}?t={t}")).send().await.json();
    let url = thread["messages"][0]["files"][0]["url"].as_str().unwrap().to_owned();
    assert_eq!(url, format!("/v1/upload-files/{guests}?t={t}"));
    let file = app.get(&url).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.bytes, PDF);
    app.get(&format!("/v1/upload-files/{guests}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/v1/upload-files/{guests}")).bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn a_guest_attaches_only_what_was_uploaded_from_the_same_address(app: TestApp) {
    let product = topic_id(&app, "demo", "product").await;
    let upload = |ip: &'static str| {
        let call = crate::uploads::form(app.post("/v1/upload-files").header("x-forwarded-for", ip), Some("inquiries"), "a.png", PNG);
        async move {
            let answer = call.send().await;
            answer.assert_status(StatusCode::CREATED);
            answer.json()["key"].as_str().unwrap().to_owned()
        }
    };
    let from_a = upload("203.0.113.10").await;
    let from_b = upload("198.51.100.7").await;
    let mut body = inquiry(&product, "hanako@example.jp");
    body["files"] = json!([from_b]);
    let refused = app.post("/v1/inquiries").header("x-forwarded-for", "203.0.113.10").json(&body).send().await;
    assert_eq!(errors_of(&refused), ["files"]);
    body["files"] = json!([from_a]);
    let accepted = app.post("/v1/inquiries").header("x-forwarded-for", "203.0.113.10").json(&body).send().await;
    accepted.assert_status(StatusCode::CREATED);
}

async fn with_forwarded_addresses(backend: crate::helpers::Backend) {
    crate::helpers::run_with(backend, |config| config.trust_forwarded_for = true, a_guest_attaches_only_what_was_uploaded_from_the_same_address).await
}

mod a_guest_attaches_only_from_the_same_address {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn on_sqlite() {
        super::with_forwarded_addresses(crate::helpers::Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn on_postgres() {
        super::with_forwarded_addresses(crate::helpers::Backend::Postgres).await
    }
}

async fn the_corporate_shop_has_its_topics_and_its_rules(app: TestApp) {
    let business = topic_id(&app, "corporate", "business").await;
    let mut body = inquiry(&business, "buyer@tsunagu-shoji.example.co.jp");
    body["company"] = json!("株式会社つなぐ商事");
    body["name_kana"] = json!("ヤマダ\u{3000}ハナコ");
    let refused = app.post("/v1/inquiries").channel("corporate").json(&body).send().await;
    assert_eq!(errors_of(&refused), ["phone"], "the corporate shop's phone numbers are digits only");
    body["phone"] = json!("0661234567");
    let answer = app.post("/v1/inquiries").channel("corporate").json(&body).send().await;
    answer.assert_status(StatusCode::CREATED);
    assert!(answer.json()["number"].as_str().unwrap().ends_with("-0001"), "numbered per shop");
    let receipt = app.latest_mail_to("buyer@tsunagu-shoji.example.co.jp").unwrap();
    assert_eq!(receipt.subject, "【ライドパーツ 業販サイト】お問い合わせを受け付けました");
    // No SHOP.CONTACT_EMAIL: the notice goes to the mail sender address.
    assert!(app.mails_to("no-reply@shop.localhost").iter().any(|m| m.body.contains("株式会社つなぐ商事") || m.body.contains("山田 花子")));
}

on_both_databases!(
    a_guest_sends_an_inquiry_and_reads_it_with_the_mailed_link,
    a_member_sees_only_their_own_inquiries,
    the_form_is_checked_field_by_field,
    files_go_with_the_inquiry_of_their_uploader_only,
    the_corporate_shop_has_its_topics_and_its_rules,
);

// --- the staff side -------------------------------------------------------------------------------

/// A staff member of `channel` with a live session; the `Cookie` header value. The staff row
/// and its session are made through the staff feature's store (as `shop staff create` and the
/// TOTP step of the login do).
pub async fn staff_cookie(app: &TestApp, channel: &str, role: shop::staff::StaffRole, name: &str) -> String {
    use shop::staff::{session, store};
    let channel_id = app.channel_id(channel).await;
    let now = shop::infra::time::Timestamp::now().0;
    let (staff_id, session_id, token) = (uuid::Uuid::now_v7().to_string(), uuid::Uuid::now_v7().to_string(), session::new_token());
    let email = format!("{}@ridecraft.example.jp", &staff_id[staff_id.len() - 8..]);
    let mut tx = app.state.db.begin_write().await.unwrap();
    let new = store::NewStaff { id: &staff_id, channel_id: &channel_id, email: &email, name, password_hash: "-", totp_secret: "JBSWY3DPEHPK3PXP", role };
    store::insert_staff(&mut tx, &new, now).await.unwrap();
    let new_session = store::NewSession {
        id: &session_id,
        token_hash: &session::token_hash(&token),
        staff_id: &staff_id,
        channel_id: &channel_id,
        expires_at: now + session::LIFETIME_MS,
    };
    store::insert_session(&mut tx, &new_session, now).await.unwrap();
    tx.commit().await.unwrap();
    format!("{}={token}", session::COOKIE_NAME)
}

/// The audit log's actions of the channel, oldest first.
pub async fn audited(app: &TestApp, channel: &str) -> Vec<(String, String)> {
    let channel_id = app.channel_id(channel).await;
    sqlx::query_as("SELECT action, target FROM staff_audit_log WHERE channel_id = $1 ORDER BY at, id")
        .bind(channel_id)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

async fn staff_reply_and_the_customer_reads_it(app: TestApp) {
    use shop::staff::StaffRole;
    let staff = staff_cookie(&app, "demo", StaffRole::OrderClerk, "佐藤 美咲").await;
    let (_, member) = demo_member(&app).await;
    let product = topic_id(&app, "demo", "product").await;
    let guest = send(&app, None, &inquiry(&product, "hanako@example.jp")).await;
    let guest_key = guest["key"].as_str().unwrap().to_owned();
    let first_t = thread_token(&app, "hanako@example.jp", &guest_key);
    let mine = send(&app, Some(&member), &inquiry(&product, "member@example.com")).await;
    let member_key = mine["key"].as_str().unwrap().to_owned();

    // The staff list: newest activity first, who sent it, the counts.
    app.get("/v1/admin/inquiries").send().await.assert_status(StatusCode::UNAUTHORIZED);
    let list = app.get("/v1/admin/inquiries").header("cookie", &staff).send().await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("x-total"), "2");
    let rows = list.json()["data"].as_array().unwrap().clone();
    assert_eq!(rows[0]["key"], member_key.as_str());
    assert_eq!(rows[0]["is_member"], true);
    assert_eq!(rows[1]["is_member"], false);
    assert_eq!(rows[1]["email"], "hanako@example.jp");
    assert_eq!(rows[1]["last_author"], "customer");
    let found = app.get("/v1/admin/inquiries?q=HANAKO&status=open").header("cookie", &staff).send().await;
    assert_eq!(found.header("x-total"), "1", "searched by e-mail, case aside");
    let counts = app.get("/v1/admin/inquiries/counts").header("cookie", &staff).send().await.json();
    assert_eq!(counts, json!({ "open": 2, "in_progress": 0, "closed": 0 }));

    // A reply with a picture the staff member uploaded.
    let upload = crate::uploads::form(app.post("/v1/admin/upload-files").header("cookie", &staff), Some("inquiries"), "サイズ表.png", PNG).send().await;
    upload.assert_status(StatusCode::CREATED);
    let picture = upload.json()["key"].as_str().unwrap().to_owned();
    assert_eq!(upload.json()["url"], format!("/v1/admin/upload-files/{picture}"));
    let reply_body = "お問い合わせありがとうございます。頭囲58cmでしたらMサイズをおすすめします。";
    let reply = app
        .post(&format!("/v1/admin/inquiries/{guest_key}/replies"))
        .header("cookie", &staff)
        .json(&json!({ "body": reply_body, "files": [picture] }))
        .send()
        .await;
    reply.assert_status(StatusCode::CREATED);
    let reply = reply.json();
    assert_eq!(reply["author"], "shop");
    assert_eq!(reply["author_name"], "佐藤 美咲");
    assert_eq!(reply["files"][0]["name"], "サイズ表.png");

    // The guest gets the reply and a fresh link; both links open the thread.
    let mail = app.latest_mail_to("hanako@example.jp").unwrap();
    assert_eq!(mail.subject, "【ライドパーツ本舗】お問い合わせへの回答のお知らせ");
    assert!(mail.body.contains(reply_body), "{}", mail.body);
    let fresh_t = thread_token(&app, "hanako@example.jp", &guest_key);
    assert_ne!(fresh_t, first_t);
    for t in [&first_t, &fresh_t] {
        app.get(&format!("/v1/inquiries/{guest_key}?t={t}")).send().await.assert_status(StatusCode::OK);
    }
    let thread = app.get(&format!("/v1/inquiries/{guest_key}?t={fresh_t}")).send().await.json();
    assert_eq!(thread["status"], "in_progress");
    assert_eq!(thread["status_label"], "対応中");
    let messages = thread["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 2);
    let file_url = messages[1]["files"][0]["url"].as_str().unwrap();
    assert_eq!(file_url, format!("/v1/upload-files/{picture}?t={fresh_t}"));
    let file = app.get(file_url).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.bytes, PNG);

    // A member is sent to the member area, where the reply is unread until opened.
    let member_reply = app
        .post(&format!("/v1/admin/inquiries/{member_key}/replies"))
        .header("cookie", &staff)
        .json(&json!({ "body": "ご連絡ありがとうございます。" }))
        .send()
        .await;
    member_reply.assert_status(StatusCode::CREATED);
    let mail = app.latest_mail_to("member@example.com").unwrap();
    assert!(mail.body.contains(&format!("/mypage/inquiry_history/{member_key}")) && !mail.body.contains("ご連絡ありがとうございます。"), "{}", mail.body);
    let list = app.get("/v1/me/inquiries").bearer(&member).send().await.json();
    assert_eq!(list["data"][0]["has_unread_reply"], true);
    let detail = app.get(&format!("/v1/me/inquiries/{member_key}")).bearer(&member).send().await.json();
    assert_eq!(detail["messages"][1]["author"], "shop");
    let list = app.get("/v1/me/inquiries").bearer(&member).send().await.json();
    assert_eq!(list["data"][0]["has_unread_reply"], false, "opened: read");

    // Closed, then the customer writes again: open again.
    let closed = app.patch(&format!("/v1/admin/inquiries/{member_key}")).header("cookie", &staff).json(&json!({ "status": "closed" })).send().await;
    closed.assert_status(StatusCode::OK);
    assert_eq!(closed.json()["status_label"], "完了");
    let bad = app.patch(&format!("/v1/admin/inquiries/{member_key}")).header("cookie", &staff).json(&json!({ "status": "done" })).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.post("/v1/inquiry-comments/reply")
        .bearer(&member)
        .json(&json!({ "inquiry_key": member_key, "body": "もう一点質問です。" }))
        .send()
        .await
        .assert_status(StatusCode::CREATED);
    let detail = app.get(&format!("/v1/admin/inquiries/{member_key}")).header("cookie", &staff).send().await.json();
    assert_eq!(detail["status"], "open");
    assert_eq!(detail["messages"].as_array().unwrap().len(), 3);

    // Notes stay with the staff.
    let note =
        app.post(&format!("/v1/admin/inquiries/{member_key}/notes")).header("cookie", &staff).json(&json!({ "body": "在庫を倉庫に確認中" })).send().await;
    note.assert_status(StatusCode::CREATED);
    assert_eq!(note.json()["staff_name"], "佐藤 美咲");
    let detail = app.get(&format!("/v1/admin/inquiries/{member_key}")).header("cookie", &staff).send().await.json();
    assert_eq!(detail["notes"][0]["body"], "在庫を倉庫に確認中");
    let customer = app.get(&format!("/v1/me/inquiries/{member_key}")).bearer(&member).send().await;
    assert!(!customer.text().contains("在庫を倉庫に確認中") && customer.json().get("notes").is_none());

    let actions: Vec<String> = audited(&app, "demo").await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions, ["inquiry_reply", "inquiry_reply", "inquiry_status", "inquiry_note"]);
    let counts = app.get("/v1/admin/inquiries/counts").header("cookie", &staff).send().await.json();
    assert_eq!(counts, json!({ "open": 1, "in_progress": 1, "closed": 0 }));
}

async fn staff_reach_only_their_own_shop(app: TestApp) {
    use shop::staff::StaffRole;
    let product = topic_id(&app, "demo", "product").await;
    let created = send(&app, None, &inquiry(&product, "hanako@example.jp")).await;
    let key = created["key"].as_str().unwrap();
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    // Their session does not open the demo shop's admin at all …
    app.get("/v1/admin/inquiries").header("cookie", &corporate).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get(&format!("/v1/admin/inquiries/{key}")).header("cookie", &corporate).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // … and in their own shop the demo shop's inquiry and files do not exist.
    app.get(&format!("/v1/admin/inquiries/{key}")).channel("corporate").header("cookie", &corporate).send().await.assert_status(StatusCode::NOT_FOUND);
    let reply =
        app.post(&format!("/v1/admin/inquiries/{key}/replies")).channel("corporate").header("cookie", &corporate).json(&json!({ "body": "x" })).send().await;
    reply.assert_status(StatusCode::NOT_FOUND);
    let list = app.get("/v1/admin/inquiries").channel("corporate").header("cookie", &corporate).send().await;
    assert_eq!(list.header("x-total"), "0");
    let demo_file = uploaded(&app, None, "a.png", PNG).await;
    app.get(&format!("/v1/admin/upload-files/{demo_file}")).channel("corporate").header("cookie", &corporate).send().await.assert_status(StatusCode::NOT_FOUND);
    let demo_staff = staff_cookie(&app, "demo", StaffRole::OrderClerk, "佐藤 美咲").await;
    let file = app.get(&format!("/v1/admin/upload-files/{demo_file}")).header("cookie", &demo_staff).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.header("content-security-policy"), "sandbox");
    // A customer's bearer token is no staff session.
    let (_, member) = demo_member(&app).await;
    app.get("/v1/admin/inquiries").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn topics_are_changed_by_the_owner(app: TestApp) {
    use shop::staff::StaffRole;
    let staff = staff_cookie(&app, "demo", StaffRole::OrderClerk, "佐藤 美咲").await;
    let owner = staff_cookie(&app, "demo", StaffRole::Owner, "高橋 店長").await;
    let topics = app.get("/v1/admin/inquiry-topics").header("cookie", &staff).send().await.json();
    let names: Vec<&str> = topics["data"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["商品について", "注文・配送について", "返品・交換", "カタログ請求", "法人のお取引", "その他"]);

    let refused = app.post("/v1/admin/inquiry-topics").header("cookie", &staff).json(&json!({ "name": "修理のご相談" })).send().await;
    refused.assert_status(StatusCode::FORBIDDEN);
    let blank = app.post("/v1/admin/inquiry-topics").header("cookie", &owner).json(&json!({ "name": "  " })).send().await;
    assert_eq!(errors_of(&blank), ["name"]);
    let created = app.post("/v1/admin/inquiry-topics").header("cookie", &owner).json(&json!({ "name": "修理のご相談" })).send().await;
    created.assert_status(StatusCode::CREATED);
    let id = created.json()["id"].as_str().unwrap().to_owned();
    assert_eq!(created.json()["position"], 7);
    let renamed = app
        .patch(&format!("/v1/admin/inquiry-topics/{id}"))
        .header("cookie", &owner)
        .json(&json!({ "name": "修理・メンテナンスのご相談", "position": 1 }))
        .send()
        .await;
    renamed.assert_status(StatusCode::OK);
    let public = app.get("/v1/categories/hierarchy?table=inquiries").send().await.json();
    assert_eq!(public["data"][0]["name"], "修理・メンテナンスのご相談", "the form shows it first");
    app.patch(&format!("/v1/admin/inquiry-topics/{id}"))
        .header("cookie", &staff)
        .json(&json!({ "name": "x" }))
        .send()
        .await
        .assert_status(StatusCode::FORBIDDEN);

    // A topic in use stays; an unused one goes.
    let product = topic_id(&app, "demo", "product").await;
    send(&app, None, &inquiry(&product, "hanako@example.jp")).await;
    let in_use = app.delete(&format!("/v1/admin/inquiry-topics/{product}")).header("cookie", &owner).send().await;
    in_use.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(in_use.json()["code"], "inquiry_topics.in_use");
    app.delete(&format!("/v1/admin/inquiry-topics/{id}")).header("cookie", &staff).send().await.assert_status(StatusCode::FORBIDDEN);
    app.delete(&format!("/v1/admin/inquiry-topics/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    app.delete(&format!("/v1/admin/inquiry-topics/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::NOT_FOUND);
    let corporate_topic = topic_id(&app, "corporate", "other").await;
    app.delete(&format!("/v1/admin/inquiry-topics/{corporate_topic}")).header("cookie", &owner).send().await.assert_status(StatusCode::NOT_FOUND);
    let actions: Vec<String> = audited(&app, "demo").await.into_iter().map(|(action, _)| action).collect();
    assert_eq!(actions, ["topic_create", "topic_update", "topic_delete"]);
}

async fn the_contact_form_asks_for_the_bot_check(app: TestApp) {
    let product = topic_id(&app, "demo", "product").await;
    let refused = app.post("/v1/inquiries").without_bot_check().json(&inquiry(&product, "hanako@example.jp")).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["code"], "bot_check.failed");
    assert!(app.latest_mail_to("hanako@example.jp").is_none(), "nothing was received");
}

on_both_databases!(
    staff_reply_and_the_customer_reads_it,
    staff_reach_only_their_own_shop,
    topics_are_changed_by_the_owner,
    the_contact_form_asks_for_the_bot_check
);
