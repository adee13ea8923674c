//! Uploads as the contact form sends them: the type read from the bytes (a `.png` name holding
//! text is refused), the 5 MB limit, ten unattached files a day per uploader, the fixed set of
//! folders; reading a file back with the headers that keep a browser from running it, only by
//! its owner; the bytes round-trip unchanged on both databases.
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Answer, Call, TestApp};
use crate::on_both_databases;

const BOUNDARY: &str = "----shop-upload-boundary-Qx7a";

/// The smallest files of each kind the server accepts (only their signatures matter).
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
pub const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
pub const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xd9";

/// A `multipart/form-data` body with the `dir` field and one file, as the storefront sends it.
pub fn form<'a>(call: Call<'a>, dir: Option<&str>, file_name: &str, bytes: &[u8]) -> Call<'a> {
    let mut body = Vec::new();
    if let Some(dir) = dir {
        body.extend_from_slice(format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"dir\"\r\n\r\n{dir}\r\n").as_bytes());
    }
    body.extend_from_slice(
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    call.raw_body(&format!("multipart/form-data; boundary={BOUNDARY}"), body)
}

/// Uploads `bytes` into `inquiries`, as a member (`token`) or a guest.
pub async fn upload(app: &TestApp, token: Option<&str>, name: &str, bytes: &[u8]) -> Answer {
    let mut call = app.post("/v1/upload-files");
    if let Some(token) = token {
        call = call.bearer(token);
    }
    form(call, Some("inquiries"), name, bytes).send().await
}

/// The key of a new upload.
pub async fn uploaded(app: &TestApp, token: Option<&str>, name: &str, bytes: &[u8]) -> String {
    let answer = upload(app, token, name, bytes).await;
    answer.assert_status(StatusCode::CREATED);
    answer.json()["key"].as_str().unwrap().to_owned()
}

async fn demo_token(app: &TestApp) -> (String, String) {
    let channel_id = app.channel_id("demo").await;
    let demo = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "member@example.com").await.unwrap().unwrap();
    let token = app.member_token(&demo.id, "demo").await;
    (demo.id.into_string(), token)
}

fn field_error(answer: &Answer, field: &str) -> String {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    answer.json()["errors"][field][0].as_str().unwrap_or_else(|| panic!("no errors.{field}: {}", answer.text())).to_owned()
}

async fn a_picture_is_stored_and_read_back_by_its_uploader_unchanged(app: TestApp) {
    let (_, token) = demo_token(&app).await;
    let answer = upload(&app, Some(&token), "ヘルメット 傷.png", PNG).await;
    answer.assert_status(StatusCode::CREATED);
    let body = answer.json();
    let key = body["key"].as_str().unwrap();
    assert_eq!(key.len(), 32, "128 random bits: {body}");
    assert_eq!(body["name"], "ヘルメット 傷.png");
    assert_eq!(body["content_type"], "image/png");
    assert_eq!(body["size"], PNG.len());
    assert_eq!(body["url"], format!("/v1/upload-files/{key}"));

    let file = app.get(&format!("/v1/upload-files/{key}")).bearer(&token).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.bytes, PNG, "the bytes round-trip through the database unchanged");
    assert_eq!(file.header("content-type"), "image/png");
    assert!(file.header("content-disposition").starts_with("inline; "), "{}", file.header("content-disposition"));
    assert!(file.header("content-disposition").contains(&format!("filename=\"{key}.png\"")), "the stored name is generated");
    assert_eq!(file.header("x-content-type-options"), "nosniff");
    assert_eq!(file.header("content-security-policy"), "sandbox");

    // A PDF is downloaded, never shown in the page.
    let pdf = uploaded(&app, Some(&token), "見積書.pdf", PDF).await;
    let file = app.get(&format!("/v1/upload-files/{pdf}")).bearer(&token).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.header("content-type"), "application/pdf");
    assert!(file.header("content-disposition").starts_with("attachment; "));
    assert!(file.header("content-disposition").contains("filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf"));
}

async fn nobody_else_reads_a_file(app: TestApp) {
    let (_, token) = demo_token(&app).await;
    let key = uploaded(&app, Some(&token), "a.jpg", JPEG).await;
    let other = crate::members::registered_demo_member(&app, "hanako@example.jp").await;
    let path = format!("/v1/upload-files/{key}");
    app.get(&path).bearer(&other.access_token).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&path).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("{path}?t=0123456789abcdef0123456789abcdef")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&path).channel("corporate").bearer(&token).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/upload-files/0123456789abcdef0123456789abcdef").bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);

    // A guest's file is not readable until it is on an inquiry (then with its thread token).
    let guest = uploaded(&app, None, "b.png", PNG).await;
    app.get(&format!("/v1/upload-files/{guest}")).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn a_file_is_known_by_its_bytes_not_its_name(app: TestApp) {
    let (_, token) = demo_token(&app).await;
    let text = upload(&app, Some(&token), "photo.png", b"this is plain text, not a picture").await;
    assert_eq!(field_error(&text, "file"), "画像(JPEG・PNG・GIF・WebP)またはPDFを選んでください。");
    let svg = upload(&app, Some(&token), "logo.png", b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>").await;
    field_error(&svg, "file");
    let empty = upload(&app, Some(&token), "empty.png", b"").await;
    field_error(&empty, "file");
    // The same bytes under any name are what they are.
    let renamed = upload(&app, Some(&token), "document.txt", PNG).await;
    renamed.assert_status(StatusCode::CREATED);
    assert_eq!(renamed.json()["content_type"], "image/png");
}

async fn files_are_limited_to_5_mb(app: TestApp) {
    let mut big = PNG.to_vec();
    big.resize(5 * 1024 * 1024, 0);
    upload(&app, None, "just-5mb.png", &big).await.assert_status(StatusCode::CREATED);
    big.push(0);
    assert_eq!(field_error(&upload(&app, None, "too-big.png", &big).await, "file"), "ファイルは5MBまでです。");
    big.resize(7 * 1024 * 1024, 0);
    let huge = upload(&app, None, "huge.png", &big).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", huge.text());
    // Other requests keep the smaller limit.
    let big_json: Value = serde_json::json!({ "x": "y".repeat(3 * 1024 * 1024) });
    let refused = app.post("/v1/inquiries").json(&big_json).send().await;
    assert!(refused.status == StatusCode::PAYLOAD_TOO_LARGE || refused.status == StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.status);
}

async fn an_uploader_keeps_at_most_ten_unattached_files_a_day(app: TestApp) {
    let (_, token) = demo_token(&app).await;
    for i in 0..10 {
        upload(&app, Some(&token), &format!("{i}.png"), PNG).await.assert_status(StatusCode::CREATED);
    }
    let eleventh = upload(&app, Some(&token), "10.png", PNG).await;
    eleventh.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(eleventh.json()["code"], "upload_files.limit_exceeded");
    // Counted per uploader: a guest still may.
    upload(&app, None, "guest.png", PNG).await.assert_status(StatusCode::CREATED);
}

async fn only_known_folders_are_taken(app: TestApp) {
    for dir in [Some("../etc"), Some("products"), Some(""), None] {
        let answer = form(app.post("/v1/upload-files"), dir, "a.png", PNG).send().await;
        assert_eq!(field_error(&answer, "dir"), "保存先の指定が正しくありません。", "{dir:?}");
    }
    let no_file = app.post("/v1/upload-files").raw_body(&format!("multipart/form-data; boundary={BOUNDARY}"), format!("--{BOUNDARY}--\r\n")).send().await;
    field_error(&no_file, "file");
    let not_multipart = app.post("/v1/upload-files").raw_body("application/json", "{}").send().await;
    field_error(&not_multipart, "file");
}

on_both_databases!(
    a_picture_is_stored_and_read_back_by_its_uploader_unchanged,
    nobody_else_reads_a_file,
    a_file_is_known_by_its_bytes_not_its_name,
    files_are_limited_to_5_mb,
    an_uploader_keeps_at_most_ten_unattached_files_a_day,
    only_known_folders_are_taken,
);
