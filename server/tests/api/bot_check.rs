//! The bot check (issue 14): forms anyone may send carry a proof in `X-Bot-Check` — ALTCHA's
//! proof of work by default, reCAPTCHA v3 where the shop has keys — and each proof counts once.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::bot_check::altcha;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;

const FAILED_MESSAGE: &str = "ロボットによる送信でないことを確認できませんでした。もう一度お試しください。";

fn assert_refused(answer: &Answer) {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let body = answer.json();
    assert_eq!(body["code"], "bot_check.failed", "{body}");
    assert_eq!(body["message"], FAILED_MESSAGE);
    assert_eq!(body["errors"]["bot_check"], json!([FAILED_MESSAGE]));
}

async fn challenge(app: &TestApp, channel: &str) -> altcha::Challenge {
    let answer = app.get("/v1/bot-check").channel(channel).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    let body = answer.json();
    assert_eq!(body["kind"], "altcha", "{body}");
    serde_json::from_value(body["challenge"].clone()).unwrap()
}

fn demo_login() -> Value {
    json!({ "username": "demo-member", "password": "ride2026demo" })
}

async fn a_login_without_a_proof_or_with_a_wrong_one_is_refused_before_the_password_is_looked_at(app: TestApp) {
    let missing = app.post("/v1/auth/login").channel("demo").json(&demo_login()).without_bot_check().send().await;
    assert_refused(&missing);

    let challenge = challenge(&app, "demo").await;
    let number = altcha::solve(&challenge).unwrap();
    let wrong = altcha::header_value(&challenge, (number + 1) % (challenge.maxnumber + 1));
    assert_refused(&app.post("/v1/auth/login").channel("demo").header("x-bot-check", &wrong).json(&demo_login()).send().await);
    assert_refused(&app.post("/v1/auth/login").channel("demo").header("x-bot-check", "bm90IGEgcHJvb2Y=").json(&demo_login()).send().await);

    let right = altcha::header_value(&challenge, number);
    app.post("/v1/auth/login").channel("demo").header("x-bot-check", &right).json(&demo_login()).send().await.assert_status(StatusCode::OK);
    let replayed = app.post("/v1/auth/login").channel("demo").header("x-bot-check", &right).json(&demo_login()).send().await;
    assert_refused(&replayed);
}

on_both_databases!(a_login_without_a_proof_or_with_a_wrong_one_is_refused_before_the_password_is_looked_at);
