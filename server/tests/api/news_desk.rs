//! お知らせ管理 (issue 33, docs/contracts/news-desk.md) as a shop owner, customers and an
//! attacker meet it: the owner writes an item with a picture and a time ahead, customers do not
//! see it until it is published and its time has come, then see its picture and its body with
//! the script gone; a stale editor, bad input, a picture of another shop and a key in use change
//! nothing; every save is audited; only the shop's owners and 店長 reach the desk.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::infra::time::Timestamp;
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};
use crate::product_photos::{jpeg, upload};

const DESK: &str = "/v1/admin/news";
const DAY_MS: i64 = 86_400_000;

fn at(ms: i64) -> String {
    Timestamp(ms).to_rfc3339()
}

fn item(key: &str, image_url: Option<&str>, published_at: &str, is_published: bool) -> Value {
    json!({
        "key": key,
        "title": "冬のセールのお知らせ",
        "summary": "12月1日から全品10%オフ",
        "category": "キャンペーン",
        "body": "<p>全品<strong>10%オフ</strong>です。</p><script>alert(1)</script><p onclick=\"steal()\">お見逃しなく</p>",
        "image_url": image_url,
        "published_at": published_at,
        "is_published": is_published,
    })
}

async fn create(app: &TestApp, cookie: &str, body: &Value) -> Answer {
    app.post(DESK).header("cookie", cookie).json(body).send().await
}

async fn save(app: &TestApp, cookie: &str, id: &str, body: &Value) -> Answer {
    app.put(&format!("{DESK}/{id}")).header("cookie", cookie).json(body).send().await
}

async fn desk_list(app: &TestApp, cookie: &str, query: &str) -> Answer {
    app.get(&format!("{DESK}{query}")).header("cookie", cookie).send().await
}

async fn desk_total(app: &TestApp, cookie: &str) -> i64 {
    desk_list(app, cookie, "").await.header("x-total").parse().unwrap()
}

fn keys(list: &Value) -> Vec<String> {
    list["data"].as_array().unwrap().iter().map(|n| n["key"].as_str().unwrap().to_owned()).collect()
}

fn errors_of(answer: &Answer) -> Value {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    answer.json()["errors"].clone()
}

async fn news_audit(app: &TestApp) -> Vec<(String, String)> {
    audited(app, "demo").await.into_iter().filter(|(action, _)| action.starts_with("news_")).collect()
}

async fn an_owner_schedules_publishes_and_deletes_news_with_a_picture(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let total_before = desk_total(&app, &owner).await;
    let photo = upload(&app, &owner, "winter.jpg", &jpeg(1600, 900)).await;
    photo.assert_status(StatusCode::CREATED);
    let image_url = photo.json()["url"].as_str().unwrap().to_owned();

    // Written ahead of its day: 公開予約, and customers see nothing yet.
    let tomorrow = at(Timestamp::now().0 + DAY_MS);
    let made = create(&app, &owner, &item("winter-sale", Some(&image_url), &tomorrow, true)).await;
    made.assert_status(StatusCode::CREATED);
    assert_eq!(made.header("cache-control"), "no-store");
    let made = made.json();
    assert_eq!((made["key"].as_str(), made["status"].as_str(), made["version"].as_i64()), (Some("winter-sale"), Some("scheduled"), Some(1)));
    assert_eq!(made["body"], "<p>全品<strong>10%オフ</strong>です。</p><p>お見逃しなく</p>", "script and event attributes are removed when saved");
    assert!(made["image_srcset"].as_str().unwrap().contains("-240.webp 240w"), "{made}");
    let id = made["id"].as_str().unwrap().to_owned();
    app.get("/v1/news/winter-sale").send().await.assert_status(StatusCode::NOT_FOUND);
    assert!(!keys(&app.get("/v1/news?per=100").send().await.json()).contains(&"winter-sale".to_owned()));

    // Its time moved to a minute ago: 公開中, first on the storefront with its picture.
    let mut now_published = item("", Some(&image_url), &at(Timestamp::now().0 - 60_000), true);
    now_published["version"] = json!(1);
    now_published["title"] = json!("冬の大セールのお知らせ");
    let saved = save(&app, &owner, &id, &now_published).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!((saved["status"].as_str(), saved["version"].as_i64(), saved["key"].as_str()), (Some("published"), Some(2), Some("winter-sale")));
    let list = app.get("/v1/news").send().await.json();
    let first = &list["data"][0];
    assert_eq!((first["key"].as_str(), first["title"].as_str()), (Some("winter-sale"), Some("冬の大セールのお知らせ")));
    assert_eq!(first["image_url"], image_url.as_str());
    assert!(first["image_srcset"].as_str().unwrap().contains("-1440.webp 1440w"));
    let page = app.get("/v1/news/winter-sale").send().await;
    page.assert_status(StatusCode::OK);
    let page = page.json();
    assert_eq!(page["body_html"], "<p>全品<strong>10%オフ</strong>です。</p><p>お見逃しなく</p>");
    assert_eq!(page["image_url"], image_url.as_str());
    app.get(&image_url).send().await.assert_status(StatusCode::OK);
    // Plain text still reads as paragraphs (the items written before the desk).
    let older = app.get("/v1/news/n0001").send().await.json();
    assert!(older["body_html"].as_str().unwrap().starts_with("<p>"), "{older}");
    assert_eq!(older["image_url"], Value::Null);

    // An editor open since version 1 saves nothing.
    let mut from_version_1 = item("", None, &tomorrow, false);
    from_version_1["version"] = json!(1);
    let stale = save(&app, &owner, &id, &from_version_1).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "news.stale");
    assert_eq!(app.get(&format!("{DESK}/{id}")).header("cookie", &owner).send().await.json()["version"], 2);

    // The desk's list: filtered by state and words, newest first.
    let published = desk_list(&app, &owner, "?status=published&q=大セール").await;
    published.assert_status(StatusCode::OK);
    assert_eq!((keys(&published.json()), published.header("x-total").to_owned()), (vec!["winter-sale".to_owned()], "1".to_owned()));
    assert!(keys(&desk_list(&app, &owner, "?status=scheduled").await.json()).contains(&"n9001".to_owned()), "the seeded future item");
    assert!(!keys(&desk_list(&app, &owner, "?status=draft").await.json()).contains(&"winter-sale".to_owned()));
    let all = desk_list(&app, &owner, "?per=5").await;
    assert_eq!((all.json()["data"].as_array().map(Vec::len), all.header("x-last-page").parse::<i64>().unwrap()), (Some(5), (total_before + 5) / 5));

    // Back to a draft: gone from the storefront; then deleted.
    let mut draft = now_published.clone();
    draft["version"] = json!(2);
    draft["is_published"] = json!(false);
    draft["image_url"] = Value::Null;
    assert_eq!(save(&app, &owner, &id, &draft).await.json()["status"], "draft");
    app.get("/v1/news/winter-sale").send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("{DESK}/{id}?version=2")).header("cookie", &owner).send().await.assert_status(StatusCode::CONFLICT);
    app.delete(&format!("{DESK}/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.delete(&format!("{DESK}/{id}?version=3")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    app.get(&format!("{DESK}/{id}")).header("cookie", &owner).send().await.assert_status(StatusCode::NOT_FOUND);

    let lines: Vec<String> = news_audit(&app).await.into_iter().map(|(action, target)| format!("{action} {target}")).collect();
    let created_at = shop::validation::format_instant(shop::validation::parse_instant(&tomorrow).unwrap());
    assert_eq!(lines[0], format!("news_create お知らせ「冬のセールのお知らせ」(/news/winter-sale)を作成: 公開 {created_at}"));
    assert!(
        lines[1].starts_with(
            "news_update お知らせ「冬の大セールのお知らせ」(/news/winter-sale): タイトル「冬のセールのお知らせ」→「冬の大セールのお知らせ」, 公開日時 "
        ),
        "{lines:?}"
    );
    assert_eq!(lines[2], "news_update お知らせ「冬の大セールのお知らせ」(/news/winter-sale): 下書きに戻す, 画像を外す");
    assert_eq!(lines[3], "news_delete お知らせ「冬の大セールのお知らせ」(/news/winter-sale)を削除");
    assert_eq!(lines.len(), 4, "the stale save and the refused deletes wrote nothing");
}

async fn bad_input_is_refused_in_japanese_and_changes_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = desk_total(&app, &owner).await;

    let empty = errors_of(&create(&app, &owner, &json!({ "title": " ", "body": "<script>alert(1)</script>", "published_at": "" })).await);
    assert_eq!(empty["title"][0], "タイトルを入力してください。");
    assert_eq!(empty["body"][0], "本文を入力してください。");
    assert_eq!(empty["published_at"][0], "公開日時を入力してください。");

    let mut bad = item("Winter Sale", Some("/media/0123456789abcdef-1440.webp"), "来週", true);
    bad["summary"] = json!("あ".repeat(201));
    bad["category"] = json!("あ".repeat(21));
    let errors = errors_of(&create(&app, &owner, &bad).await);
    assert_eq!(errors["key"][0], "URLは半角英小文字・数字・ハイフン（64文字以内）で入力してください。");
    assert_eq!(errors["image_url"][0], "画像が見つかりません。もう一度アップロードしてください。");
    assert_eq!(errors["published_at"][0], "日時の形式が正しくありません（例: 2026-12-01T10:00）。");
    assert_eq!(errors["summary"][0], "要約は200文字以内で入力してください。");
    assert_eq!(errors["category"][0], "カテゴリは20文字以内で入力してください。");

    // Another shop's picture is no picture of this shop.
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    let their_photo =
        app.post("/v1/admin/catalog/photos").channel("corporate").header("cookie", &theirs).file("file", "a.jpg", "image/jpeg", &jpeg(300, 200)).send().await;
    their_photo.assert_status(StatusCode::CREATED);
    let their_url = their_photo.json()["url"].as_str().unwrap().to_owned();
    let errors = errors_of(&create(&app, &owner, &item("theirs", Some(&their_url), "2026-12-01T10:00", true)).await);
    assert_eq!(errors["image_url"][0], "画像が見つかりません。もう一度アップロードしてください。");

    // A key in use; a key left blank is made from the day.
    create(&app, &owner, &item("twice", None, "2026-12-01T10:00", false)).await.assert_status(StatusCode::CREATED);
    let again = errors_of(&create(&app, &owner, &item("twice", None, "2026-12-01T10:00", false)).await);
    assert_eq!(again["key"][0], "このURLは他のお知らせで使われています。");
    let made = create(&app, &owner, &item("", None, "2026-12-01T10:00", false)).await;
    made.assert_status(StatusCode::CREATED);
    let made_key = made.json()["key"].as_str().unwrap().to_owned();
    assert!(made_key.starts_with("20261201-") && made_key.len() == 13, "{made_key}");
    assert_eq!(desk_total(&app, &owner).await, before + 2, "only the two good items were made");

    // A save without its version, a bad filter.
    let id = made.json()["id"].as_str().unwrap().to_owned();
    let unversioned = errors_of(&save(&app, &owner, &id, &item("", None, "2026-12-01T10:00", true)).await);
    assert_eq!(unversioned["version"][0], "版番号がありません。画面を読み込み直してください。");
    assert_eq!(errors_of(&desk_list(&app, &owner, "?status=secret").await)["status"][0], "状態は draft・scheduled・published のいずれかで指定してください。");
    assert_eq!(errors_of(&desk_list(&app, &owner, "?page=0").await)["page"].as_array().map(Vec::len), Some(1));
    assert_eq!(news_audit(&app).await.len(), 2, "only the two good items were audited");
}

async fn only_the_shops_owners_and_managers_reach_the_news_desk(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let made = create(&app, &owner, &item("staff-only", None, "2026-12-01T10:00", false)).await;
    made.assert_status(StatusCode::CREATED);
    let id = made.json()["id"].as_str().unwrap().to_owned();
    let path = format!("{DESK}/{id}");

    let manager = staff(&app, StaffRole::Manager).await;
    desk_list(&app, &manager, "").await.assert_status(StatusCode::OK);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        let message = "この操作は店舗オーナーまたは店長のみ行えます。";
        assert_forbidden(&desk_list(&app, &cookie, "").await, message);
        assert_forbidden(&app.get(&path).header("cookie", &cookie).send().await, message);
        assert_forbidden(&create(&app, &cookie, &item("x", None, "2026-12-01T10:00", true)).await, message);
        assert_forbidden(&app.delete(&format!("{path}?version=1")).header("cookie", &cookie).send().await, message);
    }
    // Nobody, a member and another shop's owner: no session of this shop.
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post(DESK).json(&item("x", None, "2026-12-01T10:00", true)).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "news-member@example.jp").await.access_token;
    app.get(&path).bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    app.get(&path).header("cookie", &theirs).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // On their own shop, our item's id is no item of theirs.
    app.get(&path).channel("corporate").header("cookie", &theirs).send().await.assert_status(StatusCode::NOT_FOUND);
    let body = json!({ "version": 1, "title": "乗っ取り", "body": "x", "published_at": "2026-12-01T10:00", "is_published": true });
    app.put(&path).channel("corporate").header("cookie", &theirs).json(&body).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("{path}?version=1")).channel("corporate").header("cookie", &theirs).send().await.assert_status(StatusCode::NOT_FOUND);
    let ours = app.get(&path).header("cookie", &owner).send().await.json();
    assert_eq!((ours["title"].as_str(), ours["version"].as_i64()), (Some("冬のセールのお知らせ"), Some(1)), "nothing changed");
}

/// Two editors (two tabs, a double click) make items with the same URL at the same moment:
/// one is made, the other is told the URL is in use, and no answer is a 500.
async fn two_creates_with_one_key_at_once_make_one_item(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = desk_total(&app, &owner).await;
    let body = item("same-moment", None, "2026-12-01T10:00", false);
    let (a, b) = tokio::join!(create(&app, &owner, &body), create(&app, &owner, &body));
    let statuses = [a.status, b.status];
    assert!(statuses.contains(&StatusCode::CREATED) && statuses.contains(&StatusCode::UNPROCESSABLE_ENTITY), "{statuses:?}");
    let loser = if a.status == StatusCode::CREATED { b } else { a };
    assert_eq!(errors_of(&loser)["key"][0], "このURLは他のお知らせで使われています。");
    assert_eq!(desk_total(&app, &owner).await, before + 1);
    assert_eq!(news_audit(&app).await.len(), 1, "only the item made is audited");
}

on_both_databases!(
    an_owner_schedules_publishes_and_deletes_news_with_a_picture,
    bad_input_is_refused_in_japanese_and_changes_nothing,
    two_creates_with_one_key_at_once_make_one_item,
    only_the_shops_owners_and_managers_reach_the_news_desk
);
