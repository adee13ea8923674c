//! ページ管理 (issue 33, docs/contracts/pages-desk.md) as an operator, a shop owner, customers and
//! an attacker meet it: `shop channel create` makes a shop whose legal pages are drafts from a
//! template, which customers do not see; the owner cannot publish one while a `【要入力：…】` is
//! left, fills it in, publishes it, and the storefront shows it at once; a stale editor or bad
//! input changes nothing; every save is audited; only the shop's owners and 店長 reach the desk.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::seed::{NewChannel, Theme};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::staff::{create, log_in};

const LIST: &str = "/v1/admin/pages";

async fn new_shop(app: &TestApp, code: &str) {
    let new =
        NewChannel {
            code: code.into(), name: "はじめて商店".into(), theme: Theme::Simple, hosts: vec![format!("{code}.localhost")], settings: Vec::new()
        };
    shop::seed::create_channel(&app.state.db, new).await.expect("the shop is made");
}

async fn desk(app: &TestApp, channel: &str, cookie: &str, path: &str, body: Option<Value>) -> Answer {
    let cookie = format!("shop_staff={cookie}");
    match body {
        Some(body) => app.put(path).channel(channel).header("cookie", &cookie).json(&body).send().await,
        None => app.get(path).channel(channel).header("cookie", &cookie).send().await,
    }
}

async fn storefront_page(app: &TestApp, channel: &str, path: &str) -> Answer {
    app.get(&format!("/v1/static-pages/url/{path}")).channel(channel).send().await
}

async fn storefront_urls(app: &TestApp, channel: &str) -> Vec<String> {
    let answer = app.get("/v1/static-pages/urls").channel(channel).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"].as_array().unwrap().iter().map(|p| p["url"].as_str().unwrap().to_owned()).collect()
}

/// The page as the editor sends it back, with `edit` applied to each section's body.
fn form(page: &Value, is_published: bool, edit: impl Fn(&str) -> String) -> Value {
    let sections: Vec<Value> =
        page["sections"].as_array().unwrap().iter().map(|s| json!({ "heading": s["heading"], "body": edit(s["body"].as_str().unwrap()) })).collect();
    json!({ "version": page["version"], "title": page["title"], "sections": sections, "is_published": is_published })
}

/// Every `【要入力：…】` replaced by what the owner types.
fn filled_in(body: &str) -> String {
    let mut text = body.to_owned();
    while let Some(start) = text.find("【要入力：") {
        let end = start + text[start..].find('】').unwrap() + '】'.len_utf8();
        text.replace_range(start..end, "株式会社はじめて");
    }
    text
}

async fn page_audit(app: &TestApp, channel: &str, cookie: &str) -> Vec<String> {
    let answer = desk(app, channel, cookie, "/v1/admin/audit-log?per=100", None).await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    body["data"].as_array().unwrap().iter().filter(|e| e["action"] == "page_update").map(|e| e["target"].as_str().unwrap().to_owned()).collect()
}

async fn a_new_shops_legal_pages_wait_as_drafts_until_the_owner_fills_them_in(app: TestApp) {
    new_shop(&app, "hajimete").await;
    storefront_page(&app, "hajimete", "law").await.assert_status(StatusCode::NOT_FOUND);
    assert!(storefront_urls(&app, "hajimete").await.is_empty(), "drafts are not on the sitemap");

    let owner = create(&app, "hajimete", "owner@hajimete.example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "hajimete", &owner).await;
    let list = desk(&app, "hajimete", &cookie, LIST, None).await;
    list.assert_status(StatusCode::OK);
    assert_eq!(list.header("cache-control"), "no-store");
    let list = list.json();
    let pages = list["data"].as_array().unwrap();
    let summary: Vec<(&str, bool, bool)> =
        pages.iter().map(|p| (p["url"].as_str().unwrap(), p["is_published"].as_bool().unwrap(), p["needs_input"].as_bool().unwrap())).collect();
    assert_eq!(summary, [("/law", false, true), ("/privacy", false, true), ("/terms", false, true)]);
    let law_path = format!("{LIST}/{}", pages[0]["id"].as_str().unwrap());
    let law = desk(&app, "hajimete", &cookie, &law_path, None).await;
    law.assert_status(StatusCode::OK);
    let law = law.json();
    assert_eq!((law["title"].as_str(), law["version"].as_i64()), (Some("特定商取引法に基づく表記"), Some(1)));
    assert_eq!(law["sections"][0], json!({ "heading": "販売業者", "body": "【要入力：販売業者名（法人名、または個人事業主の氏名）】" }));

    // Publishing with a blank left is refused, field by field; bad input too; nothing is saved.
    let refused = desk(&app, "hajimete", &cookie, &law_path, Some(form(&law, true, str::to_owned))).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &refused.json()["errors"];
    assert_eq!(errors["is_published"][0], "【要入力：…】の箇所が残っているため公開できません。内容を入力してから公開してください。");
    assert_eq!(errors["sections.0.body"][0], "【要入力：…】を書き換えてください。");
    assert!(errors.get("sections.5.body").is_none(), "販売価格 holds no blank: {errors}");
    let mut untitled = form(&law, false, filled_in);
    untitled["title"] = json!(" ");
    untitled["sections"][1]["body"] = json!("");
    let untitled = desk(&app, "hajimete", &cookie, &law_path, Some(untitled)).await;
    untitled.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(untitled.json()["errors"]["title"][0], "タイトルを入力してください。");
    assert_eq!(untitled.json()["errors"]["sections.1.body"][0], "本文を入力してください。");
    let mut empty = form(&law, false, filled_in);
    empty["sections"] = json!([]);
    assert_eq!(desk(&app, "hajimete", &cookie, &law_path, Some(empty)).await.json()["errors"]["sections"][0], "項目を1つ以上入力してください。");
    let mut unversioned = form(&law, true, filled_in);
    unversioned.as_object_mut().unwrap().remove("version");
    desk(&app, "hajimete", &cookie, &law_path, Some(unversioned)).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(desk(&app, "hajimete", &cookie, &law_path, None).await.json(), law, "nothing saved");

    // Filled in and published: the storefront shows it at once.
    let saved = desk(&app, "hajimete", &cookie, &law_path, Some(form(&law, true, filled_in))).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!((saved["version"].as_i64(), saved["is_published"].as_bool(), saved["needs_input"].as_bool()), (Some(2), Some(true), Some(false)));
    let shown = storefront_page(&app, "hajimete", "law").await;
    shown.assert_status(StatusCode::OK);
    assert_eq!(shown.json()["sections"][0], json!({ "heading": "販売業者", "body": "株式会社はじめて" }));
    assert_eq!(storefront_urls(&app, "hajimete").await, ["/law"]);
    storefront_page(&app, "hajimete", "privacy").await.assert_status(StatusCode::NOT_FOUND);

    // The editor that read version 1 is stale now.
    let stale = desk(&app, "hajimete", &cookie, &law_path, Some(form(&law, false, filled_in))).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "pages.stale");
    storefront_page(&app, "hajimete", "law").await.assert_status(StatusCode::OK);

    // Back to a draft: gone from the storefront.
    desk(&app, "hajimete", &cookie, &law_path, Some(form(&saved, false, str::to_owned))).await.assert_status(StatusCode::OK);
    storefront_page(&app, "hajimete", "law").await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(
        page_audit(&app, "hajimete", &cookie).await,
        ["ページ「特定商取引法に基づく表記」(/law): 下書きに戻す", "ページ「特定商取引法に基づく表記」(/law): 公開, 本文10件を変更"],
        "newest first"
    );

    // The demo shops' pages were finished: published.
    let demo_owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let demo_cookie = log_in(&app, "demo", &demo_owner).await;
    let demo = desk(&app, "demo", &demo_cookie, LIST, None).await.json();
    assert!(demo["data"].as_array().unwrap().iter().all(|p| p["is_published"] == true && p["needs_input"] == false), "{demo}");
}

async fn only_the_shops_owners_and_managers_reach_the_page_desk(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &owner).await;
    let pages = desk(&app, "demo", &cookie, LIST, None).await.json();
    let path = format!("{LIST}/{}", pages["data"][0]["id"].as_str().unwrap());
    let page = desk(&app, "demo", &cookie, &path, None).await.json();
    let body = || Some(form(&page, true, |body| format!("{body}（改訂）")));

    let manager = create(&app, "demo", "manager@example.jp", StaffRole::Manager).await;
    let manager_cookie = log_in(&app, "demo", &manager).await;
    desk(&app, "demo", &manager_cookie, LIST, None).await.assert_status(StatusCode::OK);
    for role in [StaffRole::OrderClerk, StaffRole::Viewer] {
        let someone = create(&app, "demo", &format!("{}@example.jp", role.as_str()), role).await;
        let someone = log_in(&app, "demo", &someone).await;
        for (target, body) in [(LIST, None), (path.as_str(), None), (path.as_str(), body())] {
            let answer = desk(&app, "demo", &someone, target, body).await;
            answer.assert_status(StatusCode::FORBIDDEN);
            assert_eq!(answer.json()["message"], "この操作は店舗オーナーまたは店長のみ行えます。", "{role:?}");
        }
    }
    // Nobody, a member and another shop's owner: no session of this shop.
    app.get(LIST).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&path).channel("demo").json(&body().unwrap()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.get(&path).channel("demo").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(&path).channel("demo").bearer(&member).json(&body().unwrap()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let other_cookie = log_in(&app, "corporate", &other).await;
    desk(&app, "demo", &other_cookie, &path, body()).await.assert_status(StatusCode::UNAUTHORIZED);
    // On their own shop, our page's id is no page of theirs.
    desk(&app, "corporate", &other_cookie, &path, None).await.assert_status(StatusCode::NOT_FOUND);
    desk(&app, "corporate", &other_cookie, &path, body()).await.assert_status(StatusCode::NOT_FOUND);
    desk(&app, "demo", &cookie, &format!("{LIST}/no-such-page"), None).await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(desk(&app, "demo", &cookie, &path, None).await.json(), page, "the page is as it was");
}

on_both_databases!(a_new_shops_legal_pages_wait_as_drafts_until_the_owner_fills_them_in, only_the_shops_owners_and_managers_reach_the_page_desk);
