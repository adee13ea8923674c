//! The product desk (issue 31) as staff meet it: a product made with two variation axes, found
//! by keyword on the storefront and bought, with its initial stock as the ledger's first 入荷;
//! an edit that never touches stock and loses to nobody (409 on a stale version); removing a
//! variation that holds stock refused; duplicate, publish and withdraw; each bad input a
//! Japanese field error that changes nothing; and only the shop's own staff with the
//! permission get in.
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::ready_guest_cart;
use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::keyword_freshness::{encode, items, keys, soon};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, audit_log, decide, errors_of, staff};

fn variation(sku: &str, size: &str, color: &str, stock: i64) -> Value {
    json!({ "sku": sku, "size_label": size, "color_label": color, "price": 3980, "initial_stock": stock })
}

/// A long-sleeved tee in S and M × ネイビー and グレー; S / ネイビー starts with 3 units.
pub(crate) fn tee(code: &str, name: &str) -> Value {
    json!({
        "code": code,
        "name": name,
        "description": "厚手の綿で仕立てた長袖Tシャツです。\n洗濯機で洗えます。",
        "price": 3980,
        "before_price": 4980,
        "tax_rate": 10,
        "seo_title": "",
        "seo_description": "",
        "is_published": true,
        "variations": [
            variation(&format!("{code}-S-NV"), "S", "ネイビー", 3),
            variation(&format!("{code}-S-GY"), "S", "グレー", 0),
            variation(&format!("{code}-M-NV"), "M", "ネイビー", 0),
            variation(&format!("{code}-M-GY"), "M", "グレー", 0),
        ],
    })
}

pub(crate) async fn create(app: &TestApp, cookie: &str, form: &Value) -> Answer {
    app.post("/v1/admin/products").header("cookie", cookie).json(form).send().await
}

async fn update(app: &TestApp, cookie: &str, id: &str, form: &Value) -> Answer {
    app.put(&format!("/v1/admin/products/{id}")).header("cookie", cookie).json(form).send().await
}

/// The form of a product as its answer shows it, ready to send back (existing variations keep their ids).
fn form_of(product: &Value) -> Value {
    let variations: Vec<Value> = product["variations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| json!({ "id": v["id"], "sku": v["sku"], "name": v["name"], "size_label": v["size_label"], "color_label": v["color_label"], "price": v["price"], "jan_code": v["jan_code"] }))
        .collect();
    let mut form = product.clone();
    form["variations"] = Value::Array(variations);
    form
}

fn variation_named<'a>(product: &'a Value, name: &str) -> &'a Value {
    product["variations"].as_array().unwrap().iter().find(|v| v["name"] == name).unwrap_or_else(|| panic!("no {name} in {product}"))
}

pub(crate) async fn ledger_reasons(app: &TestApp, cookie: &str, variation_id: &str) -> Vec<(String, i64, Option<String>)> {
    let answer = app.get(&format!("/v1/admin/stock/{variation_id}/movements")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    let mut lines: Vec<_> = answer.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["reason"]["label"].as_str().unwrap().to_owned(), m["available_delta"].as_i64().unwrap(), m["staff_name"].as_str().map(str::to_owned)))
        .collect();
    lines.reverse();
    lines
}

/// Asks for the storefront's page of `key` until it answers `status`.
async fn page_soon(app: &TestApp, key: &str, status: StatusCode) {
    let started = Instant::now();
    loop {
        let answer = app.get(&format!("/v1/products/{key}")).send().await;
        if answer.status == status {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(6), "/v1/products/{key} still answers {}", answer.status);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn product_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(&app.state.db.pool).await.unwrap()
}

async fn staff_make_a_product_with_two_axes_and_a_visitor_finds_and_buys_it(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let options = app.get("/v1/admin/catalog/options").header("cookie", &owner).send().await;
    options.assert_status(StatusCode::OK);
    let options = options.json();
    let category = options["categories"].as_array().unwrap().iter().find(|c| c["depth"] == 2).expect("a second-level category").clone();
    assert!(category["path"].as_str().unwrap().contains(" > "), "{category}");
    let tag = options["tags"][0]["id"].clone();

    let mut form = tee("PD-TEE", "ヘビーウェイト長袖Tシャツ");
    form["category_ids"] = json!([category["id"]]);
    form["tag_ids"] = json!([tag]);
    form["variations"][0]["jan_code"] = json!("4901234567894");
    let made = create(&app, &owner, &form).await;
    made.assert_status(StatusCode::CREATED);
    let product = made.json();
    assert_eq!((product["code"].as_str(), product["state"].as_str(), product["version"].as_i64()), (Some("PD-TEE"), Some("published"), Some(1)));
    assert_eq!(product["storefront_path"], "/product/pd-tee");
    let names: Vec<&str> = product["variations"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["S / ネイビー", "S / グレー", "M / ネイビー", "M / グレー"]);
    assert_eq!(product["category_ids"], json!([category["id"]]));
    let navy_s = variation_named(&product, "S / ネイビー");
    assert_eq!((navy_s["available"].as_i64(), navy_s["jan_code"].as_str()), (Some(3), Some("4901234567894")));
    let navy_s_id = navy_s["id"].as_str().unwrap().to_owned();

    // The desk lists it, by name, 商品コード or SKU, and under its category's parent.
    for q in ["長袖Tシャツ", "pd-tee", "PD-TEE-M-GY"] {
        let listed = app.get(&format!("/v1/admin/products?q={}", encode(q))).header("cookie", &owner).send().await.json();
        assert_eq!(listed["data"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap()).collect::<Vec<_>>(), ["PD-TEE"], "{q}");
        assert_eq!(listed["data"][0]["available"], 3);
    }
    let unpublished = app.get("/v1/admin/products?q=pd-tee&status=unpublished").header("cookie", &owner).send().await.json();
    assert_eq!(unpublished["data"], json!([]));

    // A visitor finds it by keyword and on its page, with both axes.
    soon(&app, &format!("keyword={}", encode("ヘビーウェイト")), "the new product", |found| keys(found) == ["pd-tee"]).await;
    let page = app.get("/v1/products/pd-tee").send().await;
    page.assert_status(StatusCode::OK);
    assert_eq!((page.json()["product_price"].as_i64(), page.json()["product_model"]["products"].as_array().map(Vec::len)), (Some(3980), Some(4)));

    // … and buys one S / ネイビー: the ledger's 入荷 of 3 is followed by the 販売.
    let token = ready_guest_cart(&app, "PD-TEE-S-NV", 1, "bank_transfer").await;
    let placed = decide(&app, &token, None, "PD-TEE-S-NV".to_owned()).await;
    assert_eq!(
        ledger_reasons(&app, &owner, &navy_s_id).await,
        [("入荷".to_owned(), 3, Some("高橋 店長".to_owned())), ("販売".to_owned(), -1, None)],
        "order {}",
        placed.order_no
    );
    let audit = audit_log(&app, &owner).await;
    assert!(
        audit.iter().any(|(name, action, target)| name == "高橋 店長" && action == "product_create" && target == "PD-TEE ヘビーウェイト長袖Tシャツ"),
        "{audit:?}"
    );
}

async fn an_edit_keeps_the_stock_and_a_stale_version_loses(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let manager = staff(&app, StaffRole::Manager).await;
    let product = create(&app, &owner, &tee("PD-EDIT", "編集テストのTシャツ")).await.json();
    let id = product["id"].as_str().unwrap().to_owned();
    let navy_s = variation_named(&product, "S / ネイビー")["id"].as_str().unwrap().to_owned();
    // The warehouse takes 5 in meanwhile.
    let moved =
        app.post(&format!("/v1/admin/stock/{navy_s}/adjustments")).header("cookie", &owner).json(&json!({ "delta": 5, "reason": "arrival" })).send().await;
    moved.assert_status(StatusCode::OK);

    let mut form = form_of(&product);
    form["name"] = json!("編集後のTシャツ");
    form["price"] = json!(3580);
    form["variations"][0]["price"] = json!(3580);
    let edited = update(&app, &manager, &id, &form).await;
    edited.assert_status(StatusCode::OK);
    let edited = edited.json();
    assert_eq!((edited["name"].as_str(), edited["version"].as_i64()), (Some("編集後のTシャツ"), Some(2)));
    assert_eq!(variation_named(&edited, "S / ネイビー")["available"], 8, "the form read 3, the shelf holds 8: the edit keeps 8");

    // The same form again, at version 1: someone saved first.
    let mut late = form.clone();
    late["name"] = json!("古い画面からの保存");
    let stale = update(&app, &owner, &id, &late).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "catalog.product.stale");
    let now = app.get(&format!("/v1/admin/products/{id}")).header("cookie", &owner).send().await.json();
    assert_eq!(now["name"], "編集後のTシャツ");

    // Two saves of version 2 at once: one wins.
    let mut second = form_of(&now);
    second["name"] = json!("同時保存A");
    let mut third = form_of(&now);
    third["name"] = json!("同時保存B");
    let (a, b) = tokio::join!(update(&app, &owner, &id, &second), update(&app, &manager, &id, &third));
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);

    // A stock figure for a kept variation, and dropping the one that holds stock: refused.
    let now = app.get(&format!("/v1/admin/products/{id}")).header("cookie", &owner).send().await.json();
    let mut restock = form_of(&now);
    restock["variations"][0]["initial_stock"] = json!(7);
    assert_eq!(errors_of(&update(&app, &owner, &id, &restock).await), ["variations[0].initial_stock"]);
    let mut dropped = form_of(&now);
    dropped["variations"].as_array_mut().unwrap().remove(0);
    let refused = update(&app, &owner, &id, &dropped).await;
    assert_eq!(errors_of(&refused), ["variations"]);
    assert!(refused.json()["errors"]["variations"][0].as_str().unwrap().contains("PD-EDIT-S-NV"), "{}", refused.text());
    // Dropping an empty one and adding a third size works; the new one starts with its stock.
    let mut grown = form_of(&now);
    grown["variations"].as_array_mut().unwrap().remove(3);
    grown["variations"].as_array_mut().unwrap().push(variation("PD-EDIT-L-NV", "L", "ネイビー", 2));
    let grown = update(&app, &owner, &id, &grown).await;
    grown.assert_status(StatusCode::OK);
    let grown = grown.json();
    let skus: Vec<&str> = grown["variations"].as_array().unwrap().iter().map(|v| v["sku"].as_str().unwrap()).collect();
    assert_eq!(skus, ["PD-EDIT-S-NV", "PD-EDIT-S-GY", "PD-EDIT-M-NV", "PD-EDIT-L-NV"]);
    assert_eq!(variation_named(&grown, "L / ネイビー")["available"], 2);
    assert_eq!(variation_named(&grown, "S / ネイビー")["available"], 8);
}

async fn bad_input_is_a_japanese_field_error_and_changes_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = app.get("/v1/admin/catalog/options").channel("corporate").header("cookie", &corporate).send().await.json();
    let their_category = theirs["categories"][0]["id"].clone();
    let demo_code: String = sqlx::query_scalar("SELECT p.code FROM products p JOIN channels c ON c.id = p.channel_id WHERE c.code = 'demo' LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let demo_sku: String =
        sqlx::query_scalar("SELECT v.variation_key FROM product_variations v JOIN channels c ON c.id = v.channel_id WHERE c.code = 'demo' LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let before = product_count(&app).await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("price", json!(-1), "price"),
        ("tax_rate", json!(5), "tax_rate"),
        ("code", json!(demo_code), "code"),
        ("code", json!("=cmd|' /C calc'!A0"), "code"),
        ("category_ids", json!([their_category]), "category_ids"),
        ("category_ids", json!(["no-such-category"]), "category_ids"),
        ("publish_from", json!("来週"), "publish_from"),
        ("variations", json!([]), "variations"),
        ("variations", json!([{ "sku": demo_sku, "price": 100 }]), "variations[0].sku"),
        ("variations", json!([{ "sku": "PD-BAD-1", "price": 100, "jan_code": "4901234567890" }]), "variations[0].jan_code"),
        ("variations", json!([{ "sku": "PD-BAD-1", "price": 100, "initial_stock": -1 }]), "variations[0].initial_stock"),
    ];
    for (field, value, error) in cases {
        let mut form = tee("PD-BAD", "不正入力のテスト");
        form[field] = value.clone();
        let refused = create(&app, &owner, &form).await;
        assert_eq!(errors_of(&refused), [error], "{field} = {value}: {}", refused.text());
        let message = refused.json()["errors"][error][0].as_str().unwrap().to_owned();
        assert!(message.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)), "{error}: a Japanese message, not {message}");
    }
    // Not JSON of the form at all: 422, never a 500.
    let garbled = app.post("/v1/admin/products").header("cookie", &owner).raw_body("application/json", "{\"code\": 1").send().await;
    garbled.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let wrong_type = create(&app, &owner, &json!({ "code": "PD-X", "name": "x", "price": "千円", "tax_rate": 10, "variations": [] })).await;
    wrong_type.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(product_count(&app).await, before, "nothing was made");

    // An edit without its version.
    let made = create(&app, &owner, &tee("PD-OK", "正しい商品")).await.json();
    let mut unversioned = form_of(&made);
    unversioned.as_object_mut().unwrap().remove("version");
    assert_eq!(errors_of(&update(&app, &owner, made["id"].as_str().unwrap(), &unversioned).await), ["version"]);
}

async fn a_duplicate_starts_unpublished_without_stock_and_publication_reaches_the_storefront(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let product = create(&app, &owner, &tee("PD-DUP", "複製元のTシャツ")).await.json();
    let id = product["id"].as_str().unwrap().to_owned();
    let copy = app.post(&format!("/v1/admin/products/{id}/duplicate")).header("cookie", &owner).send().await;
    copy.assert_status(StatusCode::CREATED);
    let copy = copy.json();
    assert_eq!((copy["code"].as_str(), copy["state"].as_str(), copy["is_published"].as_bool()), (Some("PD-DUP-copy"), Some("unpublished"), Some(false)));
    let skus: Vec<&str> = copy["variations"].as_array().unwrap().iter().map(|v| v["sku"].as_str().unwrap()).collect();
    assert_eq!(skus, ["PD-DUP-S-NV-copy", "PD-DUP-S-GY-copy", "PD-DUP-M-NV-copy", "PD-DUP-M-GY-copy"]);
    assert!(copy["variations"].as_array().unwrap().iter().all(|v| v["available"] == 0));
    let again = app.post(&format!("/v1/admin/products/{id}/duplicate")).header("cookie", &owner).send().await.json();
    assert_eq!(again["code"], "PD-DUP-copy2");
    let copy_key = copy["key"].as_str().unwrap().to_owned();
    app.get(&format!("/v1/products/{copy_key}")).send().await.assert_status(StatusCode::NOT_FOUND);

    // Published, the copy's page opens; withdrawn, it closes again. A stale version loses.
    let publish = |published: bool, version: i64| {
        app.put(&format!("/v1/admin/products/{}/publication", copy["id"].as_str().unwrap()))
            .header("cookie", &owner)
            .json(&json!({ "is_published": published, "version": version }))
            .send()
    };
    let published = publish(true, 1).await;
    published.assert_status(StatusCode::OK);
    assert_eq!((published.json()["state"].as_str(), published.json()["version"].as_i64()), (Some("published"), Some(2)));
    page_soon(&app, &copy_key, StatusCode::OK).await;
    publish(false, 1).await.assert_status(StatusCode::CONFLICT);
    publish(false, 2).await.assert_status(StatusCode::OK);
    page_soon(&app, &copy_key, StatusCode::NOT_FOUND).await;

    // A product whose period has not begun is 公開予定 and not listed.
    let mut later = tee("PD-LATER", "来月発売のTシャツ");
    later["publish_from"] = json!("2099-01-01T10:00");
    let scheduled = create(&app, &owner, &later).await.json();
    assert_eq!((scheduled["state"].as_str(), scheduled["publish_from"].as_str()), (Some("scheduled"), Some("2099-01-01T01:00:00Z")));
    for (status, listed) in [("scheduled", vec!["PD-LATER"]), ("published", vec![])] {
        let answer = app.get(&format!("/v1/admin/products?q=pd-later&status={status}")).header("cookie", &owner).send().await.json();
        assert_eq!(answer["data"].as_array().unwrap().iter().map(|p| p["code"].as_str().unwrap()).collect::<Vec<_>>(), listed, "{status}");
    }
    assert!(items(&app, &format!("keyword={}", encode("来月発売"))).await.is_empty());
}

async fn the_product_desk_answers_only_its_own_staff_with_the_permission(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let product = create(&app, &owner, &tee("PD-AUTH", "権限テストのTシャツ")).await.json();
    let id = product["id"].as_str().unwrap().to_owned();
    let form = form_of(&product);
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let member = crate::cart::demo_member(&app).await;
    let calls: [(&str, String, Option<Value>); 7] = [
        ("GET", "/v1/admin/products".to_owned(), None),
        ("GET", "/v1/admin/catalog/options".to_owned(), None),
        ("POST", "/v1/admin/products".to_owned(), Some(tee("PD-AUTH2", "x"))),
        ("GET", format!("/v1/admin/products/{id}"), None),
        ("PUT", format!("/v1/admin/products/{id}"), Some(form.clone())),
        ("POST", format!("/v1/admin/products/{id}/duplicate"), None),
        ("PUT", format!("/v1/admin/products/{id}/publication"), Some(json!({ "is_published": false, "version": 1 }))),
    ];
    fn send<'a>(call: crate::helpers::Call<'a>, body: &Option<Value>) -> crate::helpers::Call<'a> {
        match body {
            Some(body) => call.json(body),
            None => call,
        }
    }
    for (method, path, body) in &calls {
        let nobody = send(app.call(method.parse().unwrap(), path), body).send().await;
        assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "nobody: {method} {path}");
        let customer = send(app.call(method.parse().unwrap(), path).bearer(&member), body).send().await;
        assert_eq!(customer.status, StatusCode::UNAUTHORIZED, "a member: {method} {path}");
        let other = send(app.call(method.parse().unwrap(), path).header("cookie", &corporate), body).send().await;
        assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "another shop's owner: {method} {path}: {}", other.status);
    }
    // In its own shop, the other owner finds no such product.
    for (method, path, body) in calls.iter().skip(3) {
        let theirs = send(app.call(method.parse().unwrap(), path).channel("corporate").header("cookie", &corporate), body).send().await;
        assert_eq!(theirs.status, StatusCode::NOT_FOUND, "in its own shop, another shop's owner: {method} {path}");
    }
    // Every role reads the desk; only オーナー and 店長 change it.
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        app.get("/v1/admin/products").header("cookie", &cookie).send().await.assert_status(StatusCode::OK);
        app.get(&format!("/v1/admin/products/{id}")).header("cookie", &cookie).send().await.assert_status(StatusCode::OK);
        assert_forbidden(&update(&app, &cookie, &id, &form).await, "商品を編集する権限がありません。");
        assert_forbidden(&create(&app, &cookie, &tee("PD-AUTH3", "x")).await, "商品を編集する権限がありません。");
    }
    let now = app.get(&format!("/v1/admin/products/{id}")).header("cookie", &owner).send().await.json();
    assert_eq!((now["name"].as_str(), now["version"].as_i64()), (Some("権限テストのTシャツ"), Some(1)), "nothing changed");
}

/// のし・ラッピング per product, the description's safe markup, the named 付属品・おすすめ and a
/// category's picture, each as the storefront then shows it.
async fn packing_markup_links_and_category_pictures_reach_the_storefront(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let cup = create(&app, &owner, &tee("PD-CUP", "湯のみ")).await.json();
    let mut form = tee("PD-PLATE", "取り皿");
    form["takes_wrapping"] = json!(false);
    form["description"] = json!("<h3>素材</h3><p onclick=\"steal()\">磁器 &amp; 釉薬<script>alert(1)</script></p><a href=\"javascript:alert(1)\">x</a>");
    form["accessory_ids"] = json!([cup["id"]]);
    form["recommendation_ids"] = json!([cup["id"]]);
    let plate = create(&app, &owner, &form).await;
    plate.assert_status(StatusCode::CREATED);
    let plate = plate.json();
    assert_eq!((plate["takes_noshi"].as_bool(), plate["takes_wrapping"].as_bool()), (Some(true), Some(false)));
    assert_eq!(plate["description"], "<h3>素材</h3><p>磁器 &amp; 釉薬</p><a rel=\"noopener noreferrer nofollow\">x</a>", "saved without what is not allowed");
    assert_eq!(plate["accessories"], json!([{ "id": cup["id"], "code": "PD-CUP", "name": "湯のみ" }]));
    assert_eq!(plate["recommendations"][0]["code"], "PD-CUP");

    let shown = app.get(&format!("/v1/products/{}", plate["key"].as_str().unwrap())).send().await.json();
    assert_eq!((shown["takes_noshi"].as_bool(), shown["takes_wrapping"].as_bool()), (Some(true), Some(false)));
    assert_eq!(shown["description_html"], plate["description"]);
    let plain = app.get(&format!("/v1/products/{}", cup["key"].as_str().unwrap())).send().await.json();
    assert_eq!(plain["description_html"], "<p>厚手の綿で仕立てた長袖Tシャツです。<br>洗濯機で洗えます。</p>", "plain text becomes paragraphs");

    // A shipping holding the plate takes のし but no wrapping; the cart says so before anyone tries.
    let token = ready_guest_cart(&app, "PD-PLATE-S-NV", 1, "cod").await;
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    let shipping = &cart["detail"]["shippings"][0];
    assert_eq!((shipping["wrapping_allowed"].as_bool(), shipping["noshi_allowed"].as_bool()), (Some(false), Some(true)));
    let key = shipping["key"].as_str().unwrap();
    let wrapped = crate::cart::patch(&app, "/v1/carts/packings/add", json!({ "token": token, "shipping_key": key, "wrapping_key": "gift" }), None).await;
    assert_eq!(wrapped.json()["errors"]["wrapping_key"], json!(["この配送先には、ラッピングできない商品が含まれています。"]));
    let noshi = crate::cart::patch(&app, "/v1/carts/packings/add", json!({ "token": token, "shipping_key": key, "noshi_key": "oiwai" }), None).await;
    noshi.assert_status(StatusCode::OK);

    // A category's picture: an uploaded photo, shown in the storefront's hierarchy; a url the shop
    // does not hold is refused; null removes it.
    let photo = crate::product_photos::upload(&app, &owner, "banner.jpg", &crate::product_photos::jpeg(1600, 600)).await.json();
    let made = app.post("/v1/admin/categories").header("cookie", &owner).json(&json!({ "name": "器", "image_url": photo["url"] })).send().await;
    made.assert_status(StatusCode::CREATED);
    let category = made.json();
    assert_eq!(category["image_url"], photo["url"]);
    assert!(category["image_srcset"].as_str().unwrap().contains(" 480w"), "{category}");
    let tree = app.get("/v1/categories/hierarchy").send().await.json();
    let node = tree["data"].as_array().unwrap().iter().find(|n| n["name"] == "器").unwrap().clone();
    assert_eq!(node["image_url"], photo["url"]);
    let path = format!("/v1/admin/categories/{}", category["id"].as_str().unwrap());
    let foreign = app
        .put(&path)
        .header("cookie", &owner)
        .json(&json!({ "name": "器", "version": category["version"], "image_url": "/media/0000-480.webp" }))
        .send()
        .await;
    assert_eq!(errors_of(&foreign), ["image_url"]);
    let renamed = app.put(&path).header("cookie", &owner).json(&json!({ "name": "うつわ", "version": category["version"] })).send().await.json();
    assert_eq!(renamed["image_url"], photo["url"], "an edit without image_url keeps the picture");
    let removed =
        app.put(&path).header("cookie", &owner).json(&json!({ "name": "うつわ", "version": renamed["version"], "image_url": null })).send().await.json();
    assert_eq!(removed["image_url"], Value::Null);
}

on_both_databases!(
    packing_markup_links_and_category_pictures_reach_the_storefront,
    staff_make_a_product_with_two_axes_and_a_visitor_finds_and_buys_it,
    an_edit_keeps_the_stock_and_a_stale_version_loses,
    bad_input_is_a_japanese_field_error_and_changes_nothing,
    a_duplicate_starts_unpublished_without_stock_and_publication_reaches_the_storefront,
    the_product_desk_answers_only_its_own_staff_with_the_permission,
);
