//! The built storefront is served by the same server: files, index.html for client routes,
//! long caching only for content-hashed bundles.
use axum::http::StatusCode;

use crate::helpers::{self, Backend, TestApp};

const INDEX: &str = "<!doctype html><html lang=\"ja\"><head><title>ライドパーツ本舗</title><script type=\"module\" src=\"/assets/index-abc123.js\"></script></head><body><div id=\"root\"></div></body></html>";

pub fn write_site(app: &mut TestApp) {
    let web = app.state.config.web_dir.clone();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), INDEX).unwrap();
    std::fs::write(web.join("assets/index-abc123.js"), "console.log('storefront');".repeat(200)).unwrap();
    app.reload();
}

async fn client_routes_get_the_app_shell(mut app: TestApp) {
    write_site(&mut app);
    for path in ["/", "/news", "/news/n0001", "/mypage/order_history/1", "/no/such/page"] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::OK);
        assert!(answer.text().contains("<div id=\"root\">"), "{path}");
        assert_eq!(answer.header("cache-control"), "no-cache", "{path}");
    }
}

async fn hashed_bundles_are_cached_for_a_year_and_compressed(mut app: TestApp) {
    write_site(&mut app);
    let answer = app.get("/assets/index-abc123.js").header("accept-encoding", "gzip").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "public, max-age=31536000, immutable");
    assert_eq!(answer.header("content-encoding"), "gzip");
    assert!(answer.bytes.len() < 5000);
}

async fn bundles_compressed_at_build_time_are_sent_as_they_are(mut app: TestApp) {
    write_site(&mut app);
    let web = app.state.config.web_dir.clone();
    std::fs::write(web.join("assets/index-abc123.js.br"), b"prebuilt brotli bytes").unwrap();
    let answer = app.get("/assets/index-abc123.js").header("accept-encoding", "gzip, br").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("content-encoding"), "br");
    assert_eq!(answer.bytes, b"prebuilt brotli bytes".to_vec());
    assert_eq!(answer.header("cache-control"), "public, max-age=31536000, immutable");
    // A browser without brotli still gets the bundle.
    let plain = app.get("/assets/index-abc123.js").send().await;
    assert!(plain.text().starts_with("console.log('storefront');"));
}

async fn a_shop_with_analytics_on_lets_its_tag_manager_run_and_no_other_shop_does(mut app: TestApp) {
    write_site(&mut app);
    let before = app.get("/product").send().await;
    assert!(before.header("content-security-policy").contains("script-src 'self';"), "analytics is off by default");
    assert_eq!(app.get("/v1/settings/front").send().await.json()["ANALYTICS.IS_USE"], false);

    crate::cart::set_setting(&app, "ANALYTICS.GTM_ID", serde_json::json!("GTM-K7Q2ZX")).await;
    let id_only = app.get("/product").send().await;
    assert!(id_only.header("content-security-policy").contains("script-src 'self';"), "an id alone turns nothing on");

    crate::cart::set_setting(&app, "ANALYTICS.IS_USE", serde_json::json!(true)).await;
    let settings = app.get("/v1/settings/front").send().await.json();
    assert_eq!((settings["ANALYTICS.IS_USE"].clone(), settings["ANALYTICS.GTM_ID"].clone()), (serde_json::json!(true), serde_json::json!("GTM-K7Q2ZX")));
    let page = app.get("/product").send().await;
    let csp = page.header("content-security-policy").to_owned();
    assert!(csp.contains("script-src 'self' https://www.googletagmanager.com;"), "{csp}");
    assert!(csp.contains("connect-src 'self' https://*.google-analytics.com"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
    let other = app.get("/product").channel("corporate").send().await;
    assert!(other.header("content-security-policy").contains("script-src 'self';"), "another shop's pages load no tag manager");

    // A malformed container id never reaches the page's policy or the settings.
    crate::cart::set_setting(&app, "ANALYTICS.GTM_ID", serde_json::json!("GTM-1 https://evil.example")).await;
    assert!(app.get("/product").send().await.header("content-security-policy").contains("script-src 'self';"));
    assert_eq!(app.get("/v1/settings/front").send().await.json()["ANALYTICS.GTM_ID"], serde_json::Value::Null);
}

#[tokio::test]
async fn analytics_csp_follows_the_shops_setting() {
    helpers::run(Backend::Sqlite, a_shop_with_analytics_on_lets_its_tag_manager_run_and_no_other_shop_does).await;
}

#[tokio::test]
async fn the_shell_is_served_from_the_web_folder() {
    helpers::run(Backend::Sqlite, client_routes_get_the_app_shell).await;
    helpers::run(Backend::Sqlite, hashed_bundles_are_cached_for_a_year_and_compressed).await;
    helpers::run(Backend::Sqlite, bundles_compressed_at_build_time_are_sent_as_they_are).await;
}
