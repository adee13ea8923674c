//! The member area (issue 13): favourites, histories, bookmarks, memorials, measurements and
//! reviews — each call as the storefront sends it, each with its ownership check.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::cart::set_setting;
use crate::helpers::TestApp;
use crate::members::registered_demo_member;
use crate::on_both_databases;

/// The demo member's token, and a second member of the same shop.
async fn two_members(app: &TestApp) -> (String, String, String) {
    let channel_id = app.channel_id("demo").await;
    let demo = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let other = registered_demo_member(app, "hanako@example.jp").await;
    (demo.id.to_string(), app.member_token(&demo.id, "demo").await, other.access_token)
}

async fn product(app: &TestApp, key: &str) -> Value {
    app.get(&format!("/v1/products/{key}")).send().await.json()
}

fn flag_of(list: &Value, id: &str) -> Option<bool> {
    list["data"].as_array().unwrap().iter().find(|p| p["id"] == id).map(|p| p["is_favorite"].as_bool().unwrap())
}

async fn a_like_marks_the_product_for_that_member_only(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    let first = app.get("/v1/products?per=5").send().await.json()["data"][0].clone();
    let (key, id) = (first["key"].as_str().unwrap(), first["id"].as_str().unwrap());
    app.post(&format!("/v1/products/{key}/likes")).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/products/no-such-product/likes").bearer(&me).send().await.assert_status(StatusCode::NOT_FOUND);
    let liked = app.post(&format!("/v1/products/{key}/likes")).bearer(&me).send().await;
    liked.assert_status(StatusCode::OK);
    assert_eq!(liked.json(), json!({ "product_id": id, "is_favorite": true }));
    app.post(&format!("/v1/products/{key}/likes")).bearer(&me).send().await.assert_status(StatusCode::OK);

    // The list and the product page, both cached for everyone, carry the member's flag.
    let mine = app.get("/v1/products?per=5").bearer(&me).send().await.json();
    assert_eq!(flag_of(&mine, id), Some(true));
    assert_eq!(app.get(&format!("/v1/products/{key}")).bearer(&me).send().await.json()["is_favorite"], true);
    assert_eq!(flag_of(&app.get("/v1/products?per=5").send().await.json(), id), Some(false), "a visitor");
    assert_eq!(flag_of(&app.get("/v1/products?per=5").bearer(&other).send().await.json(), id), Some(false), "another member");
    assert_eq!(product(&app, key).await["is_favorite"], false);

    // The default list holds it once; the history shows the flag too.
    let lists = app.get("/v1/me/user-lists").bearer(&me).send().await.json();
    assert_eq!(lists["data"][0]["name"], "お気に入り");
    assert_eq!(lists["data"][0]["count"], 1);
    app.post("/v1/product-histories").bearer(&me).json(&json!({ "product_id": id })).send().await.assert_status(StatusCode::OK);
    let history = app.get("/v1/me/product-histories").bearer(&me).send().await.json();
    assert_eq!(history["data"][0]["product"]["is_favorite"], true);

    // A stylist's picks, built per request, carry it too.
    let stylist = app.get("/v1/stylists").send().await.json()["data"][0]["key"].as_str().unwrap().to_owned();
    let pick = app.get(&format!("/v1/stylists/{stylist}")).send().await.json()["picks"][0]["product"].clone();
    let pick_key = pick["key"].as_str().unwrap();
    app.post(&format!("/v1/products/{pick_key}/likes")).bearer(&me).send().await.assert_status(StatusCode::OK);
    let picks = app.get(&format!("/v1/stylists/{stylist}")).bearer(&me).send().await.json();
    assert_eq!(picks["picks"][0]["product"]["is_favorite"], true);
    app.delete(&format!("/v1/products/{pick_key}/likes")).bearer(&me).send().await.assert_status(StatusCode::OK);

    let unliked = app.delete(&format!("/v1/products/{key}/likes")).bearer(&me).send().await;
    assert_eq!(unliked.json()["is_favorite"], false);
    assert_eq!(flag_of(&app.get("/v1/products?per=5").bearer(&me).send().await.json(), id), Some(false));
    assert_eq!(app.get("/v1/me/user-lists").bearer(&me).send().await.json()["data"][0]["count"], 0);
}

async fn lists_attach_and_detach_products_and_stay_the_members_own(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    let page = app.get("/v1/products?per=3").send().await.json();
    let ids: Vec<String> = page["data"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()).collect();
    let attached = app.patch("/v1/me/user-lists/attach").bearer(&me).json(&json!({ "table": "products", "ids": ids })).send().await;
    attached.assert_status(StatusCode::OK);
    assert_eq!(attached.json()["count"], 3);
    let key = attached.json()["key"].as_str().unwrap().to_owned();

    let list = app.get(&format!("/v1/me/user-lists/{key}?is_listables=1&per=2")).bearer(&me).send().await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("x-total"), "3");
    let body = list.json();
    assert_eq!(body["list"]["is_default"], true);
    assert_eq!(body["data"].as_array().unwrap().len(), 2);
    assert_eq!(body["data"][0]["id"], ids[2], "newest addition first");
    assert_eq!(body["data"][0]["product"]["is_favorite"], true);

    // Another member sees 404 for this list and cannot detach from it.
    app.get(&format!("/v1/me/user-lists/{key}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    let foreign = app.patch(&format!("/v1/me/user-lists/{key}/detach")).bearer(&other).json(&json!({ "table": "products", "ids": [ids[0]] })).send().await;
    foreign.assert_status(StatusCode::NOT_FOUND);

    let one = app.patch(&format!("/v1/me/user-lists/{key}/detach")).bearer(&me).json(&json!({ "table": "products", "ids": [ids[0]] })).send().await;
    assert_eq!(one.json()["count"], 2);
    let all = app.patch("/v1/me/user-lists/detach").bearer(&me).json(&json!({ "table": "products", "ids": [ids[1]] })).send().await;
    assert_eq!(all.json()["data"][0]["count"], 1);

    // Bad bodies change nothing.
    for (body, field) in [
        (json!({ "table": "orders", "ids": [ids[0]] }), "table"),
        (json!({ "table": "products", "ids": [] }), "ids"),
        (json!({ "table": "products", "ids": ["no-such-product"] }), "ids"),
    ] {
        let answer = app.patch("/v1/me/user-lists/attach").bearer(&me).json(&body).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(answer.json()["errors"][field].is_array(), "{body}");
    }
    app.get(&format!("/v1/me/user-lists/{key}?is_listables=2")).bearer(&me).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.get("/v1/me/user-lists").bearer(&me).send().await.json()["data"][0]["count"], 1);
    app.get("/v1/me/user-lists").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn histories_list_delete_one_entry_and_take_the_guests_flush(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    let page = app.get("/v1/products?per=4").send().await.json();
    let ids: Vec<String> = page["data"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_owned()).collect();
    // The guest's history, newest first, flushed at login; unknown ids are skipped.
    let flushed = app.post("/v1/product-histories").bearer(&me).json(&json!({ "product_ids": [ids[0], "no-such-id", ids[1], ids[2]] })).send().await;
    flushed.assert_status(StatusCode::OK);
    let listed = app.get("/v1/me/product-histories").bearer(&me).send().await;
    assert_eq!(listed.header("x-total"), "3");
    let order: Vec<String> = listed.json()["data"].as_array().unwrap().iter().map(|e| e["product_id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(order, ids[..3]);
    app.delete(&format!("/v1/me/product-histories/{}", ids[1])).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/product-histories/{}", ids[1])).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(app.get("/v1/me/product-histories").bearer(&me).send().await.header("x-total"), "2");
    app.delete(&format!("/v1/me/product-histories/{}", ids[1])).bearer(&me).send().await.assert_status(StatusCode::NOT_FOUND);
    let both = app.post("/v1/product-histories").bearer(&me).json(&json!({ "product_id": ids[0], "product_ids": [ids[1]] })).send().await;
    both.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    // Search words: listed newest first, one deleted, another member's refused.
    for word in ["ヘルメット", "グローブ", "LED"] {
        app.post(&format!("/v1/product-search-histories?word={}", urlencode(word))).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    }
    let words = app.get("/v1/me/product-search-histories?per=2").bearer(&me).send().await;
    assert_eq!((words.header("x-total"), words.header("x-last-page")), ("3", "2"));
    assert_eq!(words.json()["data"][0]["word"], "LED");
    let id = words.json()["data"][0]["id"].as_str().unwrap().to_owned();
    app.delete(&format!("/v1/me/product-search-histories/{id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/product-search-histories/{id}")).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(app.get("/v1/me/product-search-histories").bearer(&me).send().await.header("x-total"), "2");
    app.get("/v1/me/product-search-histories?page=0").bearer(&me).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    // Requests: the member's own, with the product; deleting keeps the shop's copy.
    let body = json!({ "product_key": "rp0001", "name": "山田 太郎", "email": "member@example.com", "body": "Lサイズの再入荷を希望します。" });
    let request_id = app.post("/v1/product-requests").bearer(&me).json(&body).send().await.json()["id"].as_str().unwrap().to_owned();
    let requests = app.get("/v1/me/product-request-histories").bearer(&me).send().await.json();
    assert_eq!(requests["data"][0]["product"]["key"], "rp0001");
    assert_eq!(requests["data"][0]["body"], "Lサイズの再入荷を希望します。");
    assert_eq!(app.get("/v1/me/product-request-histories").bearer(&other).send().await.json()["data"], json!([]));
    app.delete(&format!("/v1/me/product-request-histories/{request_id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/product-request-histories/{request_id}")).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(app.get("/v1/me/product-request-histories").bearer(&me).send().await.header("x-total"), "0");
    let channel_id = app.channel_id("demo").await;
    assert!(shop::histories::store::find_request(&app.state.db, &channel_id, &request_id).await.unwrap().is_some(), "the shop still has the request");
}

fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn bookmarks_keep_public_pages_of_the_shop(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    let created = app.post("/v1/me/bookmarks").bearer(&me).json(&json!({ "url": "/news/winter-sale", "title": "冬のセール" })).send().await;
    created.assert_status(StatusCode::CREATED);
    let bookmark = created.json();
    assert_eq!(bookmark["kind"], "news");
    let again = app.post("/v1/me/bookmarks").bearer(&me).json(&json!({ "url": "/news/winter-sale", "title": "別名" })).send().await;
    again.assert_status(StatusCode::OK);
    assert_eq!(again.json()["id"], bookmark["id"]);
    app.post("/v1/me/bookmarks")
        .bearer(&me)
        .json(&json!({ "url": "/product?keyword=ヘルメット", "title": "ヘルメットの検索" }))
        .send()
        .await
        .assert_status(StatusCode::CREATED);

    let list = app.get("/v1/me/bookmarks").bearer(&me).send().await;
    assert_eq!(list.header("x-total"), "2");
    assert_eq!(list.json()["data"][0]["kind"], "product_search");
    let one = app.get("/v1/me/bookmarks?url=%2Fnews%2Fwinter-sale").bearer(&me).send().await.json();
    assert_eq!(one["data"][0]["title"], "冬のセール");
    assert_eq!(app.get("/v1/me/bookmarks?kind=news").bearer(&me).send().await.header("x-total"), "1");
    app.get("/v1/me/bookmarks?kind=video").bearer(&me).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    let id = bookmark["id"].as_str().unwrap();
    app.get(&format!("/v1/me/bookmarks/{id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/bookmarks/{id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/v1/me/bookmarks/{id}")).bearer(&me).send().await.json()["url"], "/news/winter-sale");

    for (body, field, message) in [
        (json!({ "url": "https://evil.example/", "title": "x" }), "url", "このショップのページのみブックマークできます。"),
        (json!({ "url": "/mypage/order_history", "title": "x" }), "url", "このページはブックマークできません。"),
        (json!({ "url": "/blog/a", "title": " " }), "title", "タイトルを入力してください。"),
    ] {
        let answer = app.post("/v1/me/bookmarks").bearer(&me).json(&body).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"][field][0], message);
    }
    app.delete(&format!("/v1/me/bookmarks/{id}")).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(app.get("/v1/me/bookmarks").bearer(&me).send().await.header("x-total"), "1");
    app.get("/v1/me/bookmarks").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

fn memorial(name: &str, month: i64, date: i64) -> Value {
    json!({ "target_user_name": "山田 花子", "division_ct": 1, "name": name, "month": month, "date": date, "call": "母" })
}

async fn memorials_are_kept_to_the_limit_and_reminded_once(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    set_setting(&app, "MEMBER.MEMORIAL_LIMIT", json!(2)).await;
    set_setting(&app, "MEMORIAL.REMIND_DAYS", json!(14)).await;
    let today = shop::delivery::delivery_date::jst(time::OffsetDateTime::now_utc()).date();
    let soon = today + time::Duration::days(10);
    let created = app.post("/v1/me/user-memorials").bearer(&me).json(&memorial("母の誕生日", soon.month() as i64, soon.day() as i64)).send().await;
    created.assert_status(StatusCode::CREATED);
    let body = created.json();
    assert_eq!((body["division_name"].as_str(), body["days_until"].as_i64()), (Some("誕生日"), Some(10)));
    assert_eq!(body["next_date"], soon.to_string());
    let id = body["id"].as_str().unwrap().to_owned();

    let bad = app.post("/v1/me/user-memorials").bearer(&me).json(&memorial("", 4, 31)).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["date"][0], "4月にない日付です。日を選び直してください。");
    assert!(bad.json()["errors"]["name"].is_array());
    app.post("/v1/me/user-memorials").bearer(&me).json(&memorial("結婚記念日", 2, 29)).send().await.assert_status(StatusCode::CREATED);
    let over = app.post("/v1/me/user-memorials").bearer(&me).json(&memorial("父の日", 6, 21)).send().await;
    over.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!((over.json()["code"].as_str(), over.json()["message"].as_str()), (Some("user_memorials.limit_exceeded"), Some("記念日は2件まで登録できます。")));
    let list = app.get("/v1/me/user-memorials").bearer(&me).send().await;
    assert_eq!(list.header("x-limit"), "2");
    assert_eq!(list.json()["data"][0]["id"], id.as_str(), "the next to come first");

    app.get(&format!("/v1/me/user-memorials/{id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.put(&format!("/v1/me/user-memorials/{id}")).bearer(&other).json(&memorial("x", 1, 1)).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/user-memorials/{id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);

    // The reminder: once for this occurrence, however many passes run.
    let sent = shop::memorials::reminder::remind_due(&app.state, today).await.unwrap();
    assert_eq!(sent, 1);
    assert_eq!(shop::memorials::reminder::remind_due(&app.state, today).await.unwrap(), 0);
    let mail = app.latest_mail_to("member@example.com").expect("a reminder mail");
    assert!(mail.subject.contains("山田 花子様の母の誕生日まであと10日です"), "{}", mail.subject);
    assert!(mail.body.contains("/mypage/memorial"), "{}", mail.body);

    // A changed date is reminded of anew; the edit keeps the rules.
    let later = today + time::Duration::days(3);
    let edited =
        app.put(&format!("/v1/me/user-memorials/{id}")).bearer(&me).json(&memorial("母の誕生日", later.month() as i64, later.day() as i64)).send().await;
    edited.assert_status(StatusCode::OK);
    assert_eq!(edited.json()["days_until"], 3);
    assert_eq!(shop::memorials::reminder::remind_due(&app.state, today).await.unwrap(), 1);
    app.put(&format!("/v1/me/user-memorials/{id}"))
        .bearer(&me)
        .json(&memorial("母の誕生日", 2, 30))
        .send()
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    app.delete(&format!("/v1/me/user-memorials/{id}")).bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(app.get("/v1/me/user-memorials").bearer(&me).send().await.json()["data"].as_array().unwrap().len(), 1);
}

async fn measurements_keep_the_newest_and_products_carry_their_size_chart(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    let first = app.post("/v1/me/timeseries").bearer(&me).json(&json!({ "purpose": "helmet", "values": { "head": 56 } })).send().await;
    first.assert_status(StatusCode::CREATED);
    assert_eq!(first.header("x-limit"), "1");
    let second = app.post("/v1/me/timeseries").bearer(&me).json(&json!({ "purpose": "helmet", "values": { "head": 57.5 } })).send().await;
    assert_eq!(second.json()["data"].as_array().unwrap().len(), 1, "the limit is 1: the older one is dropped");
    assert_eq!(second.json()["data"][0]["values"]["head"], 57.5);
    set_setting(&app, "MEMBER.TIMESERIES_LIMIT", json!(3)).await;
    app.post("/v1/me/timeseries")
        .bearer(&me)
        .json(&json!({ "purpose": "bicycle", "values": { "height": 172, "inseam": 78.5 } }))
        .send()
        .await
        .assert_status(StatusCode::CREATED);
    let all = app.get("/v1/me/timeseries").bearer(&me).send().await;
    assert_eq!(all.header("x-limit"), "3");
    assert_eq!(all.json()["data"].as_array().unwrap().len(), 2);
    assert_eq!(app.get("/v1/me/timeseries?purpose=helmet").bearer(&other).send().await.json()["data"], json!([]));

    let bad = app.post("/v1/me/timeseries").bearer(&me).json(&json!({ "purpose": "bicycle", "values": { "height": 300 } })).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["values.height"][0], "身長は100〜220cmの範囲で入力してください。");
    assert_eq!(bad.json()["errors"]["values.inseam"][0], "股下を入力してください。");
    app.post("/v1/me/timeseries").bearer(&me).json(&json!({ "purpose": "shoes", "values": {} })).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    app.delete("/v1/me/timeseries?purpose=helmet").bearer(&me).send().await.assert_status(StatusCode::NO_CONTENT);
    let left = app.get("/v1/me/timeseries").bearer(&me).send().await.json();
    assert_eq!(left["data"].as_array().unwrap().len(), 1);
    assert_eq!(left["data"][0]["purpose"], "bicycle");

    // A full-face helmet's page carries its chart by head circumference.
    let helmets = app.get("/v1/products?keyword=%E3%83%95%E3%83%AB%E3%83%95%E3%82%A7%E3%82%A4%E3%82%B9&per=1").send().await.json();
    let key = helmets["data"][0]["key"].as_str().unwrap().to_owned();
    let chart = &product(&app, &key).await["size_chart"];
    assert_eq!((chart["purpose"].as_str(), chart["measure_name"].as_str()), (Some("helmet"), Some("頭囲")));
    assert_eq!(chart["sizes"][1], json!({ "label": "M", "min": 57.0, "max": 59.0 }));
    assert_eq!(product(&app, "rp0001").await["size_chart"], Value::Null, "a product without sizes has none");
}

async fn reviews_follow_the_rules_once_per_member(app: TestApp) {
    let (_, me, other) = two_members(&app).await;
    set_setting(&app, "REVIEW.NG_WORDS", json!(["最悪"])).await;
    let item = product(&app, "rp0002").await;
    let id = item["id"].as_str().unwrap();
    let count_before = item["review"]["count"].as_i64().unwrap();
    let path = format!("/v1/products/{id}/reviews");
    let review = json!({ "review": { "rating": 5, "title": "とても良い", "body": "取り付けも簡単で、見た目もきれいです。", "nickname": "" } });
    app.post(&path).json(&review).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/products/no-such-id/reviews").bearer(&me).json(&review).send().await.assert_status(StatusCode::NOT_FOUND);

    let bad = app.post(&path).bearer(&me).json(&json!({ "review": { "rating": 6, "title": "最悪", "body": "短い" } })).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &bad.json()["errors"];
    assert_eq!(errors["rating"][0], "評価を1〜5の星で選んでください。");
    assert_eq!(errors["title"][0], "使用できない表現が含まれています。");
    assert_eq!(errors["body"][0], "レビュー本文は10文字以上で入力してください。");

    let posted = app.post(&path).bearer(&me).json(&review).send().await;
    posted.assert_status(StatusCode::CREATED);
    let body = posted.json();
    assert_eq!((body["status"].as_str(), body["review"]["nickname"].as_str()), (Some("published"), Some("山田さん")));
    assert_eq!(body["review"]["is_purchaser"], false, "the demo member never bought it");
    let again = app.post(&path).bearer(&me).json(&review).send().await;
    again.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again.json()["code"], "reviews.already_posted");

    let listed = app.get("/v1/products/rp0002/reviews").send().await.json();
    assert_eq!(listed["data"][0]["title"], "とても良い");
    assert_eq!(product(&app, "rp0002").await["review"]["count"].as_i64().unwrap(), count_before + 1);

    // The demo member's delivered order holds DT-99501: that review is a buyer's.
    let bought: String = sqlx::query_scalar("SELECT p.id FROM products p JOIN channels c ON c.id = p.channel_id WHERE c.code = 'demo' AND p.code = 'DT-99501'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let buyer = app.post(&format!("/v1/products/{bought}/reviews")).bearer(&me).json(&review).send().await;
    assert_eq!(buyer.json()["review"]["is_purchaser"], true);

    // With approval on, another member's review waits and is not listed.
    set_setting(&app, "REVIEW.IS_APPROVAL", json!(true)).await;
    let pending = app
        .post(&path)
        .bearer(&other)
        .json(&json!({ "review": { "rating": 3, "title": "普通", "body": "可もなく不可もなくといったところです。", "nickname": "はなこ" } }))
        .send()
        .await;
    pending.assert_status(StatusCode::CREATED);
    assert_eq!(pending.json()["status"], "pending");
    let listed = app.get("/v1/products/rp0002/reviews").send().await.json();
    assert!(listed["data"].as_array().unwrap().iter().all(|r| r["title"] != "普通"));
}

on_both_databases!(
    a_like_marks_the_product_for_that_member_only,
    lists_attach_and_detach_products_and_stay_the_members_own,
    histories_list_delete_one_entry_and_take_the_guests_flush,
    bookmarks_keep_public_pages_of_the_shop,
    memorials_are_kept_to_the_limit_and_reminded_once,
    measurements_keep_the_newest_and_products_carry_their_size_chart,
    reviews_follow_the_rules_once_per_member,
);

fn preset(text: &str) -> Value {
    json!({ "text": text, "typeface": "block", "color": "white", "position": "left_chest" })
}

async fn an_embroidered_glove_is_priced_and_ordered_with_its_label(app: TestApp) {
    let member = crate::cart::demo_member(&app).await;
    let other = registered_demo_member(&app, "hanako@example.jp").await.access_token;

    // Presets: the rules, the form's choices, the limit, another member's answer 404.
    let created = app.post("/v1/me/name-embroideries").bearer(&member).json(&preset(" YAMADA ")).send().await;
    created.assert_status(StatusCode::CREATED);
    assert_eq!(created.json()["label"], "YAMADA（ブロック体・白・左胸）");
    let preset_id = created.json()["id"].as_str().unwrap().to_owned();
    let bad = app
        .post("/v1/me/name-embroideries")
        .bearer(&member)
        .json(&json!({ "text": "YAMADA@", "typeface": "comic", "color": "white", "position": "back" }))
        .send()
        .await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["text"][0], "刺繍できない文字が含まれています: @");
    assert_eq!(bad.json()["errors"]["typeface"][0], "書体を選択してください。");
    let long = app.post("/v1/me/name-embroideries").bearer(&member).json(&preset("ABCDEFGHIJK")).send().await.json()["id"].as_str().unwrap().to_owned();
    let list = app.get("/v1/me/name-embroideries").bearer(&member).send().await;
    assert_eq!(list.header("x-limit"), "5");
    assert_eq!(list.json()["data"].as_array().unwrap().len(), 2);
    assert_eq!(list.json()["options"]["typefaces"][0], json!({ "value": "block", "label": "ブロック体" }));
    app.put(&format!("/v1/me/name-embroideries/{preset_id}")).bearer(&other).json(&preset("SATO")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("/v1/me/name-embroideries/{preset_id}")).bearer(&other).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/me/name-embroideries").send().await.assert_status(StatusCode::UNAUTHORIZED);

    // A winter glove takes an embroidery: 550円, 10 characters.
    let gloves = app.get("/v1/products?keyword=%E3%82%A6%E3%82%A4%E3%83%B3%E3%82%BF%E3%83%BC%E3%82%B0%E3%83%AD%E3%83%BC%E3%83%96&per=1").send().await.json();
    let glove = product(&app, gloves["data"][0]["key"].as_str().unwrap()).await;
    assert_eq!(glove["embroidery"], json!({ "price": 550, "max_chars": 10 }));
    let variation = glove["product_model"]["products"].as_array().unwrap().iter().find(|v| v["max_quantity"].as_i64().unwrap() >= 2).unwrap().clone();
    let (variation_key, base_price) = (variation["key"].as_str().unwrap().to_owned(), variation["price"].as_i64().unwrap());
    let token = crate::cart::init(&app, None, Some(&member)).await["token"].as_str().unwrap().to_owned();
    let added =
        crate::cart::patch(&app, "/v1/carts/products/add", json!({ "token": token, "variation_key": variation_key, "quantity": 2 }), Some(&member)).await;
    added.assert_status(StatusCode::OK);
    let line = added.json()["detail"]["products"][0].clone();
    assert_eq!(line["embroiderable"], json!({ "price": 550, "max_chars": 10 }));
    let key = line["key"].as_str().unwrap().to_owned();
    let embroider = |preset: Option<String>, bearer: Option<String>| {
        let body = json!({ "token": token, "key": key, "preset_id": preset });
        let app = &app;
        async move { crate::cart::patch(app, "/v1/carts/products/embroidery", body, bearer.as_deref()).await }
    };
    // Without a member's token the answer is 401 before any cart is looked up, so it says
    // nothing about whether the cart exists.
    embroider(Some(preset_id.clone()), None).await.assert_status(StatusCode::UNAUTHORIZED);
    embroider(Some(long.clone()), Some(member.clone())).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let foreign = app.post("/v1/me/name-embroideries").bearer(&other).json(&preset("SATO")).send().await.json()["id"].as_str().unwrap().to_owned();
    embroider(Some(foreign), Some(member.clone())).await.assert_status(StatusCode::NOT_FOUND);
    let chosen = embroider(Some(preset_id.clone()), Some(member.clone())).await;
    chosen.assert_status(StatusCode::OK);
    let line = chosen.json()["detail"]["products"][0].clone();
    assert_eq!(line["unit_price"], base_price + 550);
    assert_eq!(line["subtotal"], (base_price + 550) * 2);
    assert_eq!(line["embroidery"]["label"], "YAMADA（ブロック体・白・左胸）");
    assert!(!line["product_info"]["variation_name"].as_str().unwrap().contains("名入れ刺繍"), "the cart shows it apart");

    // Editing the preset later does not change the cart's copy.
    app.put(&format!("/v1/me/name-embroideries/{preset_id}")).bearer(&member).json(&preset("TARO")).send().await.assert_status(StatusCode::OK);

    let book = app.get("/v1/me/user-addresses").bearer(&member).send().await.json();
    let own = book["data"][0]["id"].as_str().unwrap().to_owned();
    crate::cart::patch(&app, "/v1/carts/shippings/add", json!({ "token": token, "user_address_id": own }), Some(&member)).await.assert_status(StatusCode::OK);
    let method = crate::cart::payment_id(&app, "bank_transfer").await;
    crate::cart::patch(&app, "/v1/carts/order/modify", json!({ "token": token, "payment_method_id": method }), Some(&member))
        .await
        .assert_status(StatusCode::OK);
    let decided = app.post(&format!("/v1/carts/{token}/decision")).bearer(&member).json(&json!({})).send().await;
    decided.assert_status(StatusCode::OK);
    let order_id = decided.json()["order_id"].as_str().unwrap().to_owned();
    let order = app.get(&format!("/v1/me/orders/{order_id}")).bearer(&member).send().await.json();
    let ordered = &order["shippings"][0]["products"][0];
    assert_eq!(ordered["unit_price"], base_price + 550);
    assert!(ordered["variation_name"].as_str().unwrap().contains("名入れ刺繍: YAMADA（ブロック体・白・左胸）"), "{ordered}");
}

on_both_databases!(an_embroidered_glove_is_priced_and_ordered_with_its_label);
