use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn an_unknown_api_path_is_a_json_404(app: TestApp) {
    let answer = app.get("/v1/no/such/thing").send().await;
    answer.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(answer.json()["message"], "お探しのページが見つかりませんでした。");
}

async fn a_wrong_method_is_a_json_405(app: TestApp) {
    let answer = app.call(axum::http::Method::DELETE, "/v1/news").send().await;
    answer.assert_status(StatusCode::METHOD_NOT_ALLOWED);
    assert!(answer.json()["message"].is_string());
}

async fn answers_carry_security_headers_and_a_request_id(app: TestApp) {
    let answer = app.get("/v1/news").send().await;
    assert!(answer.header("content-security-policy").contains("frame-ancestors 'none'"));
    assert!(!answer.header("content-security-policy").contains("script-src 'self' 'unsafe-inline'"));
    assert_eq!(answer.header("x-content-type-options"), "nosniff");
    assert_eq!(answer.header("referrer-policy"), "strict-origin-when-cross-origin");
    assert_eq!(answer.header("x-request-id").len(), 36);
}

async fn cors_lets_a_configured_origin_read_the_paging_headers(app: TestApp) {
    let allowed = app.get("/v1/news").header("origin", "https://shop.example.jp").send().await;
    assert_eq!(allowed.header("access-control-allow-origin"), "https://shop.example.jp");
    let exposed = allowed.header("access-control-expose-headers");
    for name in ["x-total", "x-per-page", "x-last-page", "x-current-page", "x-suggested-filename", "x-redirect", "x-limit"] {
        assert!(exposed.contains(name), "{name} not exposed");
    }
    let stranger = app.get("/v1/news").header("origin", "https://evil.example.com").send().await;
    assert_eq!(stranger.header("access-control-allow-origin"), "");
    // A storefront on another origin may send the bot-check proof with its login.
    let preflight = app
        .call(axum::http::Method::OPTIONS, "/v1/auth/login")
        .header("origin", "https://shop.example.jp")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type,x-channel,x-bot-check")
        .send()
        .await;
    assert!(preflight.header("access-control-allow-headers").contains("x-bot-check"), "{:?}", preflight.headers);
}

async fn an_oversized_body_is_refused(app: TestApp) {
    let big: &'static str = Box::leak(format!("{{\"readable_id\":\"{}\"}}", "x".repeat(3 * 1024 * 1024)).into_boxed_str());
    let token = app.member_token("m", "demo").await;
    let answer = app.post("/v1/news/readables").bearer(&token).raw_body("application/json", big).send().await;
    assert!(answer.status == StatusCode::PAYLOAD_TOO_LARGE || answer.status == StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.status);
}

async fn a_nul_character_in_a_body_is_a_422_not_a_database_error(app: TestApp) {
    let token = app.member_token("m", "demo").await;
    let answer = app.post("/v1/news/readables").bearer(&token).raw_body("application/json", "{\"readable_id\":\"a\\u0000b\"}").send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let plain = app.post("/v1/news/readables").bearer(&token).raw_body("text/plain", "{}").send().await;
    plain.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

on_both_databases!(
    a_nul_character_in_a_body_is_a_422_not_a_database_error,
    an_unknown_api_path_is_a_json_404,
    a_wrong_method_is_a_json_405,
    answers_carry_security_headers_and_a_request_id,
    cors_lets_a_configured_origin_read_the_paging_headers,
    an_oversized_body_is_refused,
);
