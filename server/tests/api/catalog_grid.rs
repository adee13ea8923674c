//! The bulk grid editor (一括編集, issue 31) as an owner meets it: the desk's filtered list with
//! each product's variations and stock; a preview that says in Japanese what would change and
//! writes nothing; an apply that writes every change at once (a stock move as the ledger's
//! 調整 「一括編集」) and reaches the storefront; a stale version or a bad cell refuses the whole
//! edit; and only the shop's staff with the permission get in.
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, audit_log, errors_of, staff};
use crate::product_desk::{create, ledger_reasons, tee};

async fn grid(app: &TestApp, cookie: &str, query: &str) -> Vec<Value> {
    let answer = app.get(&format!("/v1/admin/catalog/grid?{query}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"].as_array().unwrap().clone()
}

async fn send(app: &TestApp, cookie: &str, step: &str, products: Value) -> Answer {
    app.post(&format!("/v1/admin/catalog/grid/{step}")).header("cookie", cookie).json(&json!({ "products": products })).send().await
}

fn by_code<'a>(rows: &'a [Value], code: &str) -> &'a Value {
    rows.iter().find(|p| p["code"] == code).unwrap_or_else(|| panic!("{code} is not on the grid"))
}

/// Waits until the storefront's product page shows `price` (None: the page is gone); its read
/// cache follows the database within a second (6 s here, for a loaded CI machine).
async fn storefront_price_soon(app: &TestApp, key: &str, price: Option<i64>) {
    let started = Instant::now();
    loop {
        let answer = app.get(&format!("/v1/products/{key}")).send().await;
        let shown = (answer.status == StatusCode::OK).then(|| answer.json()["product_price"].as_i64().unwrap());
        if shown == price {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(6), "/v1/products/{key} still shows {shown:?}, not {price:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn category_id(app: &TestApp, owner: &str) -> (String, String) {
    let options = app.get("/v1/admin/catalog/options").header("cookie", owner).send().await.json();
    let category = &options["categories"][0];
    (category["id"].as_str().unwrap().to_owned(), category["name"].as_str().unwrap().to_owned())
}

async fn an_owner_previews_then_applies_many_changes_and_the_storefront_follows(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let tee_a = create(&app, &owner, &tee("GRID-A", "一括編集のTシャツA")).await.json();
    create(&app, &owner, &tee("GRID-B", "一括編集のTシャツB")).await.assert_status(StatusCode::CREATED);
    let rows = grid(&app, &owner, "q=grid-&sort=code&dir=asc").await;
    assert_eq!(rows.iter().map(|p| p["code"].as_str().unwrap()).collect::<Vec<_>>(), ["GRID-A", "GRID-B"]);
    assert_eq!(grid(&app, &owner, "q=grid-&sort=code&dir=asc&per=1&page=2").await[0]["code"], "GRID-B", "the second page of a counted filter");
    let (a, b) = (by_code(&rows, "GRID-A").clone(), by_code(&rows, "GRID-B").clone());
    let first = &a["variations"][0];
    assert_eq!((first["sku"].as_str(), first["available"].as_i64(), first["on_hand"].as_i64()), (Some("GRID-A-S-NV"), Some(3), Some(3)));
    let (category, category_name) = category_id(&app, &owner).await;
    // The count is kept a few seconds per filter, but never past a write to a product.
    let total = |answer: Answer| answer.header("x-total").parse::<i64>().unwrap();
    assert_eq!(total(app.get("/v1/admin/catalog/grid?q=grid-").header("cookie", &owner).send().await), 2);
    create(&app, &owner, &tee("GRID-Z", "一括編集のTシャツZ")).await.assert_status(StatusCode::CREATED);
    assert_eq!(total(app.get("/v1/admin/catalog/grid?q=grid-").header("cookie", &owner).send().await), 3);
    assert_eq!(total(app.get("/v1/admin/products?q=grid-").header("cookie", &owner).send().await), 3);

    let changes = json!([
        { "id": a["id"], "version": a["version"], "price": 4200, "before_price": null, "category_ids": [category],
          "variations": [{ "id": first["id"], "price": 4200, "stock_delta": 3 }] },
        { "id": b["id"], "version": b["version"], "is_published": false, "price": b["price"] },
    ]);
    let preview = send(&app, &owner, "preview", changes.clone()).await;
    preview.assert_status(StatusCode::OK);
    let preview = preview.json();
    assert_eq!(preview["products"], 2);
    let lines: Vec<(String, Option<String>, String, String, String)> = preview["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["code"].as_str().unwrap().to_owned(),
                c["sku"].as_str().map(str::to_owned),
                c["label"].as_str().unwrap().to_owned(),
                c["before"].as_str().unwrap().to_owned(),
                c["after"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let line = |code: &str, sku: Option<&str>, label: &str, before: &str, after: &str| {
        (code.to_owned(), sku.map(str::to_owned), label.to_owned(), before.to_owned(), after.to_owned())
    };
    assert_eq!(
        lines,
        [
            line("GRID-A", None, "販売価格", "3,980円", "4,200円"),
            line("GRID-A", None, "通常価格", "4,980円", "なし"),
            line("GRID-A", None, "カテゴリ", "なし", &category_name),
            line("GRID-A", Some("GRID-A-S-NV"), "価格", "3,980円", "4,200円"),
            line("GRID-A", Some("GRID-A-S-NV"), "在庫", "実在庫 3", "実在庫 6（+3）"),
            line("GRID-A", Some("GRID-A-S-GY"), "価格", "3,980円", "4,200円"),
            line("GRID-A", Some("GRID-A-M-NV"), "価格", "3,980円", "4,200円"),
            line("GRID-A", Some("GRID-A-M-GY"), "価格", "3,980円", "4,200円"),
            line("GRID-B", None, "公開", "公開", "非公開"),
        ],
        "variations priced as the product follow it; B's unchanged price is no change"
    );
    assert_eq!(by_code(&grid(&app, &owner, "q=grid-a").await, "GRID-A"), &a, "a preview writes nothing");

    let applied = send(&app, &owner, "apply", changes.clone()).await;
    applied.assert_status(StatusCode::OK);
    assert_eq!(applied.json(), json!({ "products": 2, "stock_moves": 1 }));
    storefront_price_soon(&app, tee_a["key"].as_str().unwrap(), Some(4200)).await;
    let b_key = app.get(&format!("/v1/admin/products/{}", b["id"].as_str().unwrap())).header("cookie", &owner).send().await.json()["key"].clone();
    storefront_price_soon(&app, b_key.as_str().unwrap(), None).await;
    let after = grid(&app, &owner, "q=grid-a").await;
    let now = by_code(&after, "GRID-A");
    assert_eq!((now["before_price"].clone(), now["category_ids"].clone()), (Value::Null, json!([category])));
    assert_eq!((now["variations"][0]["price"].as_i64(), now["variations"][0]["on_hand"].as_i64()), (Some(4200), Some(6)));
    assert_eq!(now["version"].as_i64(), Some(a["version"].as_i64().unwrap() + 1));
    let ledger = ledger_reasons(&app, &owner, first["id"].as_str().unwrap()).await;
    assert_eq!(ledger.last().map(|(reason, delta, _)| (reason.as_str(), *delta)), Some(("調整", 3)));
    let log = audit_log(&app, &owner).await;
    assert!(log.iter().any(|(_, action, target)| action == "catalog_grid" && target == "GRID-A 販売価格: 3,980円 → 4,200円"), "{log:?}");

    // The same edit again is stale (the versions moved on): refused whole, naming the product.
    let stale = send(&app, &owner, "apply", changes).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "catalog.product.stale");
    assert!(stale.json()["message"].as_str().unwrap().contains("GRID-A"), "{}", stale.text());
}

async fn a_bad_cell_refuses_the_whole_edit_in_japanese(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    create(&app, &owner, &tee("GRID-C", "一括編集のTシャツC")).await.assert_status(StatusCode::CREATED);
    let c = by_code(&grid(&app, &owner, "q=grid-c").await, "GRID-C").clone();
    let variation = c["variations"][0]["id"].clone();
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = app.get("/v1/admin/catalog/grid").channel("corporate").header("cookie", &corporate).send().await.json();
    let their_product = theirs["data"][0]["id"].clone();

    let bad = send(
        &app,
        &owner,
        "apply",
        json!([
            { "id": c["id"], "version": c["version"], "price": -1, "tag_ids": ["no-such-tag"],
              "variations": [{ "id": variation, "stock_delta": -4 }, { "id": "no-such-variation", "price": 100 }] },
            { "id": their_product, "version": 1, "price": 100 },
        ]),
    )
    .await;
    assert_eq!(
        errors_of(&bad),
        ["products[0].price", "products[0].tag_ids", "products[0].variations[0].stock_delta", "products[0].variations[1].id", "products[1].id"]
    );
    let errors = &bad.json()["errors"];
    assert_eq!(errors["products[0].variations[0].stock_delta"], json!(["販売可能数（3）より多くは減らせません。"]));
    assert_eq!(errors["products[1].id"], json!(["この店舗にない商品です。"]));
    assert_eq!(errors["products[0].price"], json!(["0〜10,000,000円の範囲で入力してください。"]));
    let empty = send(&app, &owner, "preview", json!([])).await;
    assert_eq!(empty.json()["errors"]["products"], json!(["変更がありません。"]));
    let malformed =
        app.post("/v1/admin/catalog/grid/apply").header("cookie", &owner).json(&json!({ "products": [{ "id": c["id"], "version": "x" }] })).send().await;
    malformed.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    let unchanged = by_code(&grid(&app, &owner, "q=grid-c").await, "GRID-C").clone();
    assert_eq!(unchanged, c, "nothing changed");
}

async fn the_grid_answers_only_its_own_staff_with_the_permission(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    create(&app, &owner, &tee("GRID-D", "一括編集のTシャツD")).await.assert_status(StatusCode::CREATED);
    let d = by_code(&grid(&app, &owner, "q=grid-d").await, "GRID-D").clone();
    let change = json!({ "products": [{ "id": d["id"], "version": d["version"], "price": 1000 }] });
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let member = crate::cart::demo_member(&app).await;
    fn call<'a>(call: crate::helpers::Call<'a>, method: &str, change: &Value) -> crate::helpers::Call<'a> {
        if method == "POST" { call.json(change) } else { call }
    }
    for (method, path) in [("GET", "/v1/admin/catalog/grid"), ("POST", "/v1/admin/catalog/grid/preview"), ("POST", "/v1/admin/catalog/grid/apply")] {
        let nobody = call(app.call(method.parse().unwrap(), path), method, &change).send().await;
        assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "nobody: {path}");
        let customer = call(app.call(method.parse().unwrap(), path).bearer(&member), method, &change).send().await;
        assert_eq!(customer.status, StatusCode::UNAUTHORIZED, "a member: {path}");
        let other = call(app.call(method.parse().unwrap(), path).header("cookie", &corporate), method, &change).send().await;
        assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "another shop's owner: {path}: {}", other.status);
    }
    // In its own shop, the other owner's edit of this product is a product it does not have.
    let theirs = app.post("/v1/admin/catalog/grid/apply").channel("corporate").header("cookie", &corporate).json(&change).send().await;
    assert_eq!(errors_of(&theirs), ["products[0].id"]);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_eq!(grid(&app, &cookie, "q=grid-d").await.len(), 1, "every role reads the grid");
        for step in ["preview", "apply"] {
            let answer = app.post(&format!("/v1/admin/catalog/grid/{step}")).header("cookie", &cookie).json(&change).send().await;
            assert_forbidden(&answer, "商品を編集する権限がありません。");
        }
    }
    assert_eq!(by_code(&grid(&app, &owner, "q=grid-d").await, "GRID-D")["price"], d["price"], "nothing changed");
}

on_both_databases!(
    an_owner_previews_then_applies_many_changes_and_the_storefront_follows,
    a_bad_cell_refuses_the_whole_edit_in_japanese,
    the_grid_answers_only_its_own_staff_with_the_permission,
);
