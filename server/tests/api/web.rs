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

const ADMIN_CSP: &str = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

async fn the_back_office_is_its_own_page_with_its_own_headers(mut app: TestApp) {
    let missing = app.get("/admin").send().await;
    missing.assert_status(StatusCode::NOT_FOUND);
    assert!(missing.text().contains("not built"), "{}", missing.text());
    assert_eq!(missing.header("x-robots-tag"), "noindex, nofollow");

    write_site(&mut app);
    std::fs::write(app.state.config.web_dir.join("admin.html"), "<!doctype html><title>管理</title><div id=\"admin-root\"></div>").unwrap();
    app.reload();
    for path in ["/admin", "/admin/", "/admin/inquiries", "/admin/inquiries/abc", "/admin.html"] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::OK);
        assert!(answer.text().contains("admin-root"), "{path}");
        assert_eq!(answer.header("content-security-policy"), ADMIN_CSP, "{path}: not the storefront's");
        assert_eq!(answer.header("x-robots-tag"), "noindex, nofollow", "{path}");
        assert_eq!(answer.header("cache-control"), "no-store", "{path}");
        assert_eq!(answer.header("x-frame-options"), "DENY");
    }
    // The storefront keeps its own page and policy.
    let shop = app.get("/administrator").send().await;
    assert!(shop.text().contains("<div id=\"root\">"));
    assert!(shop.header("content-security-policy").contains("'unsafe-inline'"));
    assert!(app.get("/robots.txt").send().await.text().contains("\nDisallow: /admin\n"));
}

#[tokio::test]
async fn the_shell_is_served_from_the_web_folder() {
    helpers::run(Backend::Sqlite, the_back_office_is_its_own_page_with_its_own_headers).await;
    helpers::run(Backend::Sqlite, client_routes_get_the_app_shell).await;
    helpers::run(Backend::Sqlite, hashed_bundles_are_cached_for_a_year_and_compressed).await;
    helpers::run(Backend::Sqlite, bundles_compressed_at_build_time_are_sent_as_they_are).await;
}
