//! The review desk (issue 31): with approval on, a member's review waits in 承認待ち; staff
//! publish it and the product's star average follows at once, hide it (非公開) and it leaves
//! the page, or delete it; each decision carries the review's version; only the shop's own
//! staff with the permission decide.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{demo_member, set_setting};
use crate::helpers::TestApp;
use crate::inquiries::staff_cookie;
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, errors_of, staff};

async fn summary(app: &TestApp, key: &str) -> (i64, Option<f64>) {
    let page = app.get(&format!("/v1/products/{key}")).send().await.json();
    (page["review"]["count"].as_i64().unwrap(), page["review"]["average"].as_f64())
}

async fn listed(app: &TestApp, cookie: &str, query: &str) -> Vec<Value> {
    let answer = app.get(&format!("/v1/admin/reviews?{query}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"].as_array().unwrap().clone()
}

async fn status(app: &TestApp, cookie: &str, id: &str, status: &str, version: i64) -> crate::helpers::Answer {
    app.put(&format!("/v1/admin/reviews/{id}/status")).header("cookie", cookie).json(&json!({ "status": status, "version": version })).send().await
}

async fn a_pending_review_is_published_hidden_and_deleted_and_the_average_follows(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    set_setting(&app, "REVIEW.IS_APPROVAL", json!(true)).await;
    let member = demo_member(&app).await;
    let (count_before, _) = summary(&app, "rp0002").await;
    let product = app.get("/v1/products/rp0002").send().await.json();
    let posted = app
        .post(&format!("/v1/products/{}/reviews", product["id"].as_str().unwrap()))
        .bearer(&member)
        .json(&json!({ "review": { "rating": 1, "title": "届いた品が違いました", "body": "注文した色と違う品が届きました。", "nickname": "山田" } }))
        .send()
        .await;
    posted.assert_status(StatusCode::CREATED);

    let pending = listed(&app, &owner, "q=%E5%B1%8A%E3%81%84%E3%81%9F").await;
    assert_eq!(pending.len(), 1, "the default tab is 承認待ち");
    let review = &pending[0];
    assert_eq!((review["status"].as_str(), review["product_key"].as_str(), review["rating"].as_i64()), (Some("pending"), Some("rp0002"), Some(1)));
    let id = review["id"].as_str().unwrap().to_owned();
    let counts = app.get("/v1/admin/reviews/counts").header("cookie", &owner).send().await.json();
    assert!(counts["pending"].as_i64().unwrap() >= 1);
    assert_eq!(summary(&app, "rp0002").await.0, count_before, "not on the page while it waits");

    let published = status(&app, &owner, &id, "published", 1).await;
    published.assert_status(StatusCode::OK);
    assert_eq!((published.json()["status"].as_str(), published.json()["version"].as_i64()), (Some("published"), Some(2)));
    assert_eq!(summary(&app, "rp0002").await.0, count_before + 1, "the page counts it at once");
    status(&app, &owner, &id, "hidden", 1).await.assert_status(StatusCode::CONFLICT);
    assert_eq!(errors_of(&status(&app, &owner, &id, "pending", 2).await), ["status"]);
    let hidden = status(&app, &owner, &id, "hidden", 2).await;
    assert_eq!(hidden.json()["status"], "hidden");
    assert_eq!(summary(&app, "rp0002").await.0, count_before);
    let in_hidden = listed(&app, &owner, "status=hidden").await;
    assert!(in_hidden.iter().any(|r| r["id"] == id));
    assert!(!listed(&app, &owner, "status=pending").await.iter().any(|r| r["id"] == id), "decided: no longer 承認待ち");

    let path = format!("/v1/admin/reviews/{id}");
    app.delete(&format!("{path}?version=2")).header("cookie", &owner).send().await.assert_status(StatusCode::CONFLICT);
    app.delete(&format!("{path}?version=3")).header("cookie", &owner).send().await.assert_status(StatusCode::NO_CONTENT);
    assert!(!listed(&app, &owner, "status=all&per=100").await.iter().any(|r| r["id"] == id));
    assert_eq!(errors_of(&app.get("/v1/admin/reviews?status=spam").header("cookie", &owner).send().await), ["status"]);
}

async fn the_review_desk_answers_only_its_own_staff_with_the_permission(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let review = listed(&app, &owner, "status=published").await.remove(0);
    let (id, version) = (review["id"].as_str().unwrap().to_owned(), review["version"].as_i64().unwrap());
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let member = demo_member(&app).await;
    let change = json!({ "status": "hidden", "version": version });
    for (method, path, body) in [
        ("GET", "/v1/admin/reviews".to_owned(), None),
        ("GET", "/v1/admin/reviews/counts".to_owned(), None),
        ("PUT", format!("/v1/admin/reviews/{id}/status"), Some(change.clone())),
        ("DELETE", format!("/v1/admin/reviews/{id}?version={version}"), None),
    ] {
        fn with<'a>(call: crate::helpers::Call<'a>, body: &Option<Value>) -> crate::helpers::Call<'a> {
            match body {
                Some(body) => call.json(body),
                None => call,
            }
        }
        let call = |c| with(c, &body);
        assert_eq!(call(app.call(method.parse().unwrap(), &path)).send().await.status, StatusCode::UNAUTHORIZED, "nobody: {method} {path}");
        assert_eq!(call(app.call(method.parse().unwrap(), &path).bearer(&member)).send().await.status, StatusCode::UNAUTHORIZED, "a member: {method} {path}");
        let other = call(app.call(method.parse().unwrap(), &path).header("cookie", &corporate)).send().await;
        assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "another shop's owner: {method} {path}");
        if path.contains(&id) {
            let theirs = call(app.call(method.parse().unwrap(), &path).channel("corporate").header("cookie", &corporate)).send().await;
            assert_eq!(theirs.status, StatusCode::NOT_FOUND, "in its own shop, another shop's owner: {method} {path}");
        }
    }
    for role in [StaffRole::OrderClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        app.get("/v1/admin/reviews").header("cookie", &cookie).send().await.assert_status(StatusCode::OK);
        assert_forbidden(&status(&app, &cookie, &id, "hidden", version).await, "商品を編集する権限がありません。");
    }
    let still = listed(&app, &owner, "status=published&per=100").await;
    assert!(still.iter().any(|r| r["id"] == id && r["version"] == version), "nothing changed");
}

on_both_databases!(a_pending_review_is_published_hidden_and_deleted_and_the_average_follows, the_review_desk_answers_only_its_own_staff_with_the_permission,);
