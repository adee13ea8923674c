//! `/v1/files-contents` serves only the shop's own stored files; it never fetches a URL.
use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

fn encode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-_.".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn own_pictures_are_served_with_their_content_type(app: TestApp) {
    let product = app.get("/v1/products?per=1").send().await.json()["data"][0]["image"]["url"].as_str().unwrap().to_owned();
    let banner = app.get("/v1/banners?is_show=1").send().await.json()["data"][0]["image"].as_str().unwrap().to_owned();
    let catalog = app.get("/v1/catalog").send().await.json()["data"][0]["pages"][0]["image"].as_str().unwrap().to_owned();
    for path in [product, banner, catalog] {
        let file = app.get(&format!("/v1/files-contents?url={}", encode(&path))).send().await;
        file.assert_status(StatusCode::OK);
        let expected = if path.starts_with("/media/") { "image/webp" } else { "image/svg+xml" };
        assert!(file.header("content-type").starts_with(expected), "{path}");
        assert_eq!(file.bytes, app.get(&path).send().await.bytes, "the same bytes as the picture itself: {path}");
    }
}

async fn anything_but_our_own_files_is_a_404(app: TestApp) {
    let corporate_product = app.get("/v1/products?per=1").channel("corporate").send().await.json()["data"][0]["image"]["url"].as_str().unwrap().to_owned();
    for url in [
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "https://example.com/".to_owned(),
        "//localhost/images/products/rp0001.svg".to_owned(),
        "/images/products/../../../etc/passwd".to_owned(),
        "/etc/passwd".to_owned(),
        "/images/products/no-such.svg".to_owned(),
        "/images/products/%2e%2e%2fx".to_owned(),
        "file:///etc/passwd".to_owned(),
        String::new(),
        "/images/products/rp0001.svg\0".to_owned(),
        corporate_product, // another channel's file
    ] {
        let answer = app.get(&format!("/v1/files-contents?url={}", encode(&url))).send().await;
        assert_eq!(answer.status.as_u16() / 100, 4, "{url:?}: {}", answer.text());
        assert_ne!(answer.status, StatusCode::OK);
    }
    app.get("/v1/files-contents").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/files-contents?url=http%3A%2F%2Fexample.com").send().await.assert_status(StatusCode::NOT_FOUND);
}

on_both_databases!(own_pictures_are_served_with_their_content_type, anything_but_our_own_files_is_a_404);
