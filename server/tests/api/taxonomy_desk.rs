//! The taxonomy desk (issue 31) as staff meet it: the category tree (three levels, ordered,
//! moved, renamed, deleted only when empty), makers, brands and tags (with the password that
//! locks a tag's product list), each edit guarded by its version; the storefront and keyword
//! search follow a rename; only the shop's own staff with the permission get in.
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::keyword_freshness::{encode, keys, soon};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, errors_of, staff};

async fn post(app: &TestApp, cookie: &str, path: &str, body: Value) -> Answer {
    app.post(path).header("cookie", cookie).json(&body).send().await
}

async fn put(app: &TestApp, cookie: &str, path: &str, body: Value) -> Answer {
    app.put(path).header("cookie", cookie).json(&body).send().await
}

async fn categories(app: &TestApp, cookie: &str) -> Vec<Value> {
    let answer = app.get("/v1/admin/categories").header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"].as_array().unwrap().clone()
}

fn find<'a>(rows: &'a [Value], id: &str) -> &'a Value {
    rows.iter().find(|row| row["id"] == id).unwrap_or_else(|| panic!("no {id}"))
}

/// A product of the demo shop in `category`, with `maker` when given, made on the product desk.
async fn product_in(app: &TestApp, cookie: &str, code: &str, category: &str, maker: Option<&str>) -> Value {
    let form = json!({
        "code": code, "name": format!("分類テスト商品{code}"), "price": 1200, "tax_rate": 10, "is_published": true,
        "category_ids": [category], "maker_id": maker,
        "variations": [{ "sku": format!("{code}-1"), "price": 1200, "initial_stock": 3 }],
    });
    let made = post(app, cookie, "/v1/admin/products", form).await;
    made.assert_status(StatusCode::CREATED);
    made.json()
}

async fn staff_grow_the_category_tree_and_the_storefront_and_search_follow(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let tree = categories(&app, &owner).await;
    let paths: Vec<&str> = tree.iter().map(|c| c["path"].as_str().unwrap()).collect();
    let top = tree.iter().find(|c| c["depth"] == 1).unwrap().clone();
    let first_child = tree.iter().position(|c| c["parent_id"] == top["id"]).unwrap();
    assert_eq!(tree[first_child - 1]["id"], top["id"], "children follow their parent: {paths:?}");

    let made = post(&app, &owner, "/v1/admin/categories", json!({ "name": "冬のキャンプ用品", "parent_id": top["id"] })).await;
    made.assert_status(StatusCode::CREATED);
    let winter = made.json();
    assert_eq!((winter["depth"].as_i64(), winter["version"].as_i64(), winter["product_count"].as_i64()), (Some(2), Some(1), Some(0)));
    assert_eq!(winter["path"], format!("{} > 冬のキャンプ用品", top["name"].as_str().unwrap()));
    let winter_id = winter["id"].as_str().unwrap().to_owned();
    let stove = post(&app, &owner, "/v1/admin/categories", json!({ "name": "ストーブ", "parent_id": winter_id })).await.json();
    assert_eq!(stove["depth"], 3);
    let too_deep = post(&app, &owner, "/v1/admin/categories", json!({ "name": "四階層目", "parent_id": stove["id"] })).await;
    assert_eq!(errors_of(&too_deep), ["parent_id"]);
    assert_eq!(too_deep.json()["errors"]["parent_id"][0], "カテゴリは3階層までです。");
    assert_eq!(errors_of(&post(&app, &owner, "/v1/admin/categories", json!({ "name": "　" })).await), ["name"]);

    // The storefront's tree shows it; a product in it is found by its name once renamed.
    let hierarchy = app.get("/v1/categories/hierarchy?table=products").send().await.json();
    assert!(hierarchy.to_string().contains("冬のキャンプ用品"));
    let product = product_in(&app, &owner, "TX-STOVE", stove["id"].as_str().unwrap(), None).await;
    let renamed = put(
        &app,
        &owner,
        &format!("/v1/admin/categories/{}", stove["id"].as_str().unwrap()),
        json!({ "name": "薪ストーブ炉台", "parent_id": winter_id, "version": 1 }),
    )
    .await;
    renamed.assert_status(StatusCode::OK);
    assert_eq!((renamed.json()["version"].as_i64(), renamed.json()["product_count"].as_i64()), (Some(2), Some(1)));
    let key = product["key"].as_str().unwrap().to_owned();
    soon(&app, &format!("keyword={}", encode("薪ストーブ炉台")), "the renamed category", |found| keys(found) == [key.as_str()]).await;
    let stale = put(
        &app,
        &owner,
        &format!("/v1/admin/categories/{}", stove["id"].as_str().unwrap()),
        json!({ "name": "古い名前", "parent_id": winter_id, "version": 1 }),
    )
    .await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "catalog.taxonomy.stale");

    // Moving a category under itself, or its subtree past the third level, is refused.
    let into_itself =
        put(&app, &owner, &format!("/v1/admin/categories/{winter_id}"), json!({ "name": "冬のキャンプ用品", "parent_id": stove["id"], "version": 1 })).await;
    assert_eq!(errors_of(&into_itself), ["parent_id"]);
    let other_top = tree.iter().filter(|c| c["depth"] == 1).nth(1).unwrap();
    let child_of_other = tree.iter().find(|c| c["parent_id"] == other_top["id"]).unwrap();
    let too_deep =
        put(&app, &owner, &format!("/v1/admin/categories/{winter_id}"), json!({ "name": "冬のキャンプ用品", "parent_id": child_of_other["id"], "version": 1 }))
            .await;
    assert_eq!(errors_of(&too_deep), ["parent_id"], "its child would be at a fourth level");
    // To the top level: the subtree rises with it.
    let risen = put(&app, &owner, &format!("/v1/admin/categories/{winter_id}"), json!({ "name": "冬のキャンプ用品", "parent_id": null, "version": 1 })).await;
    risen.assert_status(StatusCode::OK);
    let tree = categories(&app, &owner).await;
    assert_eq!((find(&tree, &winter_id)["depth"].as_i64(), find(&tree, stove["id"].as_str().unwrap())["depth"].as_i64()), (Some(1), Some(2)));

    // Order among siblings.
    let tops: Vec<Value> = tree.iter().filter(|c| c["depth"] == 1).cloned().collect();
    assert_eq!(tops.last().unwrap()["id"], winter_id, "a moved category goes last");
    let up = put(&app, &owner, &format!("/v1/admin/categories/{winter_id}/position"), json!({ "direction": "up", "version": 2 })).await;
    up.assert_status(StatusCode::OK);
    let tops_now: Vec<String> = categories(&app, &owner).await.iter().filter(|c| c["depth"] == 1).map(|c| c["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(tops_now[tops_now.len() - 2], winter_id);
    let first = tops_now[0].clone();
    let first_version = find(&categories(&app, &owner).await, &first)["version"].as_i64().unwrap();
    assert_eq!(
        errors_of(&put(&app, &owner, &format!("/v1/admin/categories/{first}/position"), json!({ "direction": "up", "version": first_version })).await),
        ["direction"]
    );

    // Deleting: not while it holds a category or a product; then with its version.
    let tree = categories(&app, &owner).await;
    let winter_version = find(&tree, &winter_id)["version"].as_i64().unwrap();
    let refused = app.delete(&format!("/v1/admin/categories/{winter_id}?version={winter_version}")).header("cookie", &owner).send().await;
    assert_eq!(errors_of(&refused), ["category"]);
    let stove_version = find(&tree, stove["id"].as_str().unwrap())["version"].as_i64().unwrap();
    let with_product =
        app.delete(&format!("/v1/admin/categories/{}?version={stove_version}", stove["id"].as_str().unwrap())).header("cookie", &owner).send().await;
    assert_eq!(errors_of(&with_product), ["category"]);
    assert!(with_product.json()["errors"]["category"][0].as_str().unwrap().contains("商品が1件"));
    let empty = post(&app, &owner, "/v1/admin/categories", json!({ "name": "空のカテゴリ" })).await.json();
    let path = format!("/v1/admin/categories/{}", empty["id"].as_str().unwrap());
    app.delete(&format!("{path}?version=9")).header("cookie", &owner).send().await.assert_status(StatusCode::CONFLICT);
    assert_eq!(errors_of(&app.delete(&path).header("cookie", &owner).send().await), ["version"]);
    app.delete(&format!("{path}?version=1")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    assert!(!categories(&app, &owner).await.iter().any(|c| c["id"] == empty["id"]));
}

async fn makers_brands_and_tags_are_edited_with_their_versions(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    // Makers: the reading is kana, the address a web address.
    for (body, field) in [
        (json!({ "name": "北斗工房", "name_kana": "hokuto" }), "name_kana"),
        (json!({ "name": "北斗工房", "url": "javascript:alert(1)" }), "url"),
        (json!({ "name": "" }), "name"),
    ] {
        assert_eq!(errors_of(&post(&app, &owner, "/v1/admin/makers", body.clone()).await), [field], "{body}");
    }
    let maker = post(&app, &owner, "/v1/admin/makers", json!({ "name": "北斗工房", "name_kana": "ほくとこうぼう", "url": "https://hokuto.example.jp/" })).await;
    maker.assert_status(StatusCode::CREATED);
    let maker = maker.json();
    let maker_id = maker["id"].as_str().unwrap().to_owned();
    let category = categories(&app, &owner).await.into_iter().find(|c| c["depth"] == 2).unwrap();
    let product = product_in(&app, &owner, "TX-MAKER", category["id"].as_str().unwrap(), Some(&maker_id)).await;
    let renamed =
        put(&app, &owner, &format!("/v1/admin/makers/{maker_id}"), json!({ "name": "北斗鍛冶工房", "name_kana": "ホクトカジコウボウ", "version": 1 })).await;
    renamed.assert_status(StatusCode::OK);
    assert_eq!((renamed.json()["product_count"].as_i64(), renamed.json()["version"].as_i64()), (Some(1), Some(2)));
    let key = product["key"].as_str().unwrap().to_owned();
    soon(&app, &format!("keyword={}", encode("北斗鍛冶")), "the renamed maker", |found| keys(found) == [key.as_str()]).await;
    put(&app, &owner, &format!("/v1/admin/makers/{maker_id}"), json!({ "name": "古い画面", "version": 1 })).await.assert_status(StatusCode::CONFLICT);

    // Brands name a maker of this shop.
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = app.post("/v1/admin/makers").channel("corporate").header("cookie", &corporate).json(&json!({ "name": "他店のメーカー" })).send().await;
    theirs.assert_status(StatusCode::CREATED);
    let their_maker = theirs.json()["id"].clone();
    let refused = post(&app, &owner, "/v1/admin/brands", json!({ "name": "ホクトライン", "maker_id": their_maker })).await;
    assert_eq!(errors_of(&refused), ["maker_id"]);
    let brand = post(&app, &owner, "/v1/admin/brands", json!({ "name": "ホクトライン", "maker_id": maker_id })).await;
    brand.assert_status(StatusCode::CREATED);
    assert_eq!(brand.json()["maker_id"], maker_id);

    // Deleting the maker leaves the brand and the product without one.
    app.delete(&format!("/v1/admin/makers/{maker_id}?version=2")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    let brand_now = app.get("/v1/admin/brands").header("cookie", &owner).send().await.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == brand.json()["id"])
        .cloned()
        .unwrap();
    assert_eq!(brand_now["maker_id"], Value::Null);
    let product_now = app.get(&format!("/v1/admin/products/{}", product["id"].as_str().unwrap())).header("cookie", &owner).send().await.json();
    assert_eq!(product_now["maker_id"], Value::Null);

    // Tags, and the password that locks one's product list.
    let tag = post(&app, &owner, "/v1/admin/tags", json!({ "name": "常連様限定" })).await;
    tag.assert_status(StatusCode::CREATED);
    let tag = tag.json();
    let tag_id = tag["id"].as_str().unwrap().to_owned();
    let tag_key = tag["key"].as_str().unwrap().to_owned();
    let short = put(&app, &owner, &format!("/v1/admin/tags/{tag_id}/password"), json!({ "password": "short", "version": 1 })).await;
    assert_eq!(errors_of(&short), ["password"]);
    let locked = put(&app, &owner, &format!("/v1/admin/tags/{tag_id}/password"), json!({ "password": "regulars-2026", "version": 1 })).await;
    locked.assert_status(StatusCode::OK);
    assert_eq!((locked.json()["has_password"].as_bool(), locked.json()["version"].as_i64()), (Some(true), Some(2)));
    let started = Instant::now();
    while app.get(&format!("/v1/products?tag={tag_key}")).send().await.status != StatusCode::FORBIDDEN {
        assert!(started.elapsed() < Duration::from_secs(6), "the tag's list is still open");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let unlock = app.post("/v1/tags/password").json(&json!({ "tag_key": tag_key, "password": "regulars-2026" })).send().await;
    unlock.assert_status(StatusCode::OK);
    let renamed = put(&app, &owner, &format!("/v1/admin/tags/{tag_id}"), json!({ "name": "お得意様限定", "version": 2 })).await;
    assert_eq!((renamed.json()["name"].as_str(), renamed.json()["has_password"].as_bool()), (Some("お得意様限定"), Some(true)));
    let opened = put(&app, &owner, &format!("/v1/admin/tags/{tag_id}/password"), json!({ "password": null, "version": 3 })).await;
    assert_eq!(opened.json()["has_password"], false);
    app.delete(&format!("/v1/admin/tags/{tag_id}?version=4")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
}

async fn the_taxonomy_desk_answers_only_its_own_staff_with_the_permission(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let category = post(&app, &owner, "/v1/admin/categories", json!({ "name": "権限テスト" })).await.json();
    let maker = post(&app, &owner, "/v1/admin/makers", json!({ "name": "権限テストのメーカー" })).await.json();
    let tag = post(&app, &owner, "/v1/admin/tags", json!({ "name": "権限テストのタグ" })).await.json();
    let (category_id, maker_id, tag_id) = (category["id"].as_str().unwrap(), maker["id"].as_str().unwrap(), tag["id"].as_str().unwrap());
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let member = crate::cart::demo_member(&app).await;
    let calls: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", "/v1/admin/categories".to_owned(), None),
        ("POST", "/v1/admin/categories".to_owned(), Some(json!({ "name": "x" }))),
        ("PUT", format!("/v1/admin/categories/{category_id}"), Some(json!({ "name": "x", "version": 1 }))),
        ("PUT", format!("/v1/admin/categories/{category_id}/position"), Some(json!({ "direction": "up", "version": 1 }))),
        ("DELETE", format!("/v1/admin/categories/{category_id}?version=1"), None),
        ("GET", "/v1/admin/makers".to_owned(), None),
        ("PUT", format!("/v1/admin/makers/{maker_id}"), Some(json!({ "name": "x", "version": 1 }))),
        ("DELETE", format!("/v1/admin/makers/{maker_id}?version=1"), None),
        ("GET", "/v1/admin/brands".to_owned(), None),
        ("POST", "/v1/admin/brands".to_owned(), Some(json!({ "name": "x" }))),
        ("GET", "/v1/admin/tags".to_owned(), None),
        ("PUT", format!("/v1/admin/tags/{tag_id}"), Some(json!({ "name": "x", "version": 1 }))),
        ("PUT", format!("/v1/admin/tags/{tag_id}/password"), Some(json!({ "password": "password-123", "version": 1 }))),
        ("DELETE", format!("/v1/admin/tags/{tag_id}?version=1"), None),
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
        if path.contains(category_id) || path.contains(maker_id) || path.contains(tag_id) {
            let theirs = send(app.call(method.parse().unwrap(), path).channel("corporate").header("cookie", &corporate), body).send().await;
            assert_eq!(theirs.status, StatusCode::NOT_FOUND, "in its own shop, another shop's owner: {method} {path}");
        }
    }
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        app.get("/v1/admin/categories").header("cookie", &cookie).send().await.assert_status(StatusCode::OK);
        assert_forbidden(&post(&app, &cookie, "/v1/admin/tags", json!({ "name": "x" })).await, "商品を編集する権限がありません。");
        let refused = app.delete(&format!("/v1/admin/tags/{tag_id}?version=1")).header("cookie", &cookie).send().await;
        assert_forbidden(&refused, "商品を編集する権限がありません。");
    }
    let tags = app.get("/v1/admin/tags").header("cookie", &owner).send().await.json();
    let ours = tags["data"].as_array().unwrap().iter().find(|t| t["id"] == tag_id).cloned().unwrap();
    assert_eq!((ours["name"].as_str(), ours["version"].as_i64()), (Some("権限テストのタグ"), Some(1)), "nothing changed");
}

on_both_databases!(
    staff_grow_the_category_tree_and_the_storefront_and_search_follow,
    makers_brands_and_tags_are_edited_with_their_versions,
    the_taxonomy_desk_answers_only_its_own_staff_with_the_permission,
);
