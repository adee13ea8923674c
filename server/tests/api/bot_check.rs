//! The bot check (issue 14): forms anyone may send carry a proof in `X-Bot-Check` — ALTCHA's
//! proof of work by default, reCAPTCHA v3 where the shop has keys — and each proof counts once.
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::bot_check::altcha;

use crate::helpers::{Answer, Backend, TestApp, run_with};
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

async fn an_expired_or_foreign_challenge_is_refused(app: TestApp) {
    let key = app.state.bot_check.altcha_key().to_vec();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    // Made by this server's key, but its ten minutes are over.
    let expired = altcha::create_with(&key, "5eed", 1234, now - 1);
    let answer = app.post("/v1/auth/login").channel("demo").header("x-bot-check", &altcha::header_value(&expired, 1234)).json(&demo_login()).send().await;
    assert_refused(&answer);
    // Solved, unexpired, but signed by someone else's key.
    let foreign = altcha::create_with(b"a key the server does not know", "5eed", 1234, now + 300);
    let answer = app.post("/v1/auth/login").channel("demo").header("x-bot-check", &altcha::header_value(&foreign, 1234)).json(&demo_login()).send().await;
    assert_refused(&answer);
    // The same made with the server's key passes: only the key or the time was wrong above.
    let good = altcha::create_with(&key, "5eed", 1234, now + 300);
    let answer = app.post("/v1/auth/login").channel("demo").header("x-bot-check", &altcha::header_value(&good, 1234)).json(&demo_login()).send().await;
    answer.assert_status(StatusCode::OK);
    let kept: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM bot_check_used WHERE challenge = $1").bind(&good.challenge).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(kept, 1, "the used challenge is kept until it expires");
}

async fn every_public_member_form_needs_a_proof_and_changes_nothing_without_one(app: TestApp) {
    let users = || async { sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users").fetch_one(&app.state.db.pool).await.unwrap() };
    let before = users().await;
    let registration = crate::members::demo_profile("new-member@example.com");
    let forms = [
        ("/v1/users", registration.clone()),
        ("/v1/auth/login", demo_login()),
        ("/v1/reminder/request", json!({ "email": "member@example.com" })),
        ("/v1/reminder/username/request", json!({ "email": "member@example.com" })),
    ];
    for (path, body) in &forms {
        assert!(shop::bot_check::action_for(path).is_some(), "{path} is listed as checked");
        let answer = app.post(path).channel("demo").json(body).without_bot_check().send().await;
        assert_refused(&answer);
    }
    assert_eq!(users().await, before, "no account was made");
    assert!(app.latest_mail_to("member@example.com").is_none(), "no reminder was mailed");
    // The same forms with a proof go through (the test client adds one).
    let answer = app.post("/v1/users").channel("demo").json(&registration).send().await;
    assert!(answer.status.is_success(), "{}", answer.text());
    assert_eq!(users().await, before + 1);
    app.post("/v1/reminder/request").channel("demo").json(&json!({ "email": "member@example.com" })).send().await.assert_status(StatusCode::ACCEPTED);
}

on_both_databases!(
    a_login_without_a_proof_or_with_a_wrong_one_is_refused_before_the_password_is_looked_at,
    an_expired_or_foreign_challenge_is_refused,
    every_public_member_form_needs_a_proof_and_changes_nothing_without_one,
);

// --- reCAPTCHA v3 -------------------------------------------------------------------------------

const RECAPTCHA_SECRET: &str = "recaptcha-secret-of-the-stand-in";
const SITE_KEY: &str = "6LcStandInSiteKey";

/// A local stand-in for reCAPTCHA's verify URL (form `secret`, `response`, `remoteip` in; JSON
/// out, as Google documents it). Tokens name what it answers: `good-<action>` passes for that
/// action with 0.9, `low-<action>` scores 0.1, anything else is `invalid-input-response`.
struct RecaptchaStandIn {
    url: String,
    received: Received,
}

/// The forms the stand-in was sent, in order.
type Received = Arc<Mutex<Vec<Vec<(String, String)>>>>;

impl RecaptchaStandIn {
    async fn start() -> RecaptchaStandIn {
        let received: Received = Arc::default();
        let seen = received.clone();
        let app = axum::Router::new().route(
            "/recaptcha/api/siteverify",
            axum::routing::post(move |axum::Form(form): axum::Form<Vec<(String, String)>>| {
                let seen = seen.clone();
                async move {
                    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
                    let (secret, token) = (field("secret"), field("response"));
                    seen.lock().unwrap().push(form);
                    let answer = if secret != RECAPTCHA_SECRET {
                        json!({ "success": false, "error-codes": ["invalid-input-secret"] })
                    } else if let Some(action) = token.strip_prefix("good-") {
                        json!({ "success": true, "score": 0.9, "action": action, "hostname": "localhost", "challenge_ts": "2026-11-28T00:00:00Z" })
                    } else if let Some(action) = token.strip_prefix("low-") {
                        json!({ "success": true, "score": 0.1, "action": action, "hostname": "localhost", "challenge_ts": "2026-11-28T00:00:00Z" })
                    } else {
                        json!({ "success": false, "error-codes": ["invalid-input-response"] })
                    };
                    axum::Json(answer)
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/recaptcha/api/siteverify", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        RecaptchaStandIn { url, received }
    }
}

async fn recaptcha_is_used_where_the_shop_has_a_site_key(backend: Backend) {
    let stand_in = RecaptchaStandIn::start().await;
    let url = stand_in.url.clone();
    run_with(
        backend,
        move |config| {
            config.recaptcha_secret = Some(RECAPTCHA_SECRET.into());
            config.recaptcha_verify_url = url;
        },
        move |mut app| async move {
            crate::web::write_site(&mut app);
            let demo = app.channel_id("demo").await;
            sqlx::query("INSERT INTO channel_settings (channel_id, setting_key, setting_value) VALUES ($1, $2, $3)")
                .bind(&demo)
                .bind("RECAPTCHA.SITE_KEY")
                .bind(serde_json::to_string(SITE_KEY).unwrap())
                .execute(&app.state.db.pool)
                .await
                .unwrap();
            let answer = app.get("/v1/bot-check").channel("demo").send().await;
            answer.assert_status(StatusCode::OK);
            assert_eq!(
                answer.json(),
                json!({ "kind": "recaptcha", "site_key": SITE_KEY, "version": 3, "script_url": "https://www.google.com/recaptcha/api.js" })
            );
            // A shop without a site key keeps the proof of work.
            assert_eq!(app.get("/v1/bot-check").channel("corporate").send().await.json()["kind"], "altcha");

            // Every page of the reCAPTCHA shop may run Google's script and its frames (the login
            // form is reached without a page load), and nothing more of Google; other shops may not.
            let csp = app.get("/login").channel("demo").send().await.header("content-security-policy").to_owned();
            assert!(csp.contains("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;"), "{csp}");
            assert!(csp.contains("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/"), "{csp}");
            let other = app.get("/login").channel("corporate").send().await.header("content-security-policy").to_owned();
            assert!(other.contains("script-src 'self';") && !other.contains("recaptcha"), "{other}");

            let login = |token: &'static str| app.post("/v1/auth/login").channel("demo").header("x-bot-check", token).json(&demo_login()).send();
            login("good-login").await.assert_status(StatusCode::OK);
            assert_refused(&login("low-login").await);
            assert_refused(&login("good-signup").await);
            assert_refused(&login("made-up").await);
            let missing = app.post("/v1/auth/login").channel("demo").json(&demo_login()).without_bot_check().send().await;
            assert_refused(&missing);
            // An ALTCHA proof is no reCAPTCHA token.
            let challenge =
                altcha::create(app.state.bot_check.altcha_key(), std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64);
            let proof = altcha::header_value(&challenge, altcha::solve(&challenge).unwrap());
            assert_refused(&app.post("/v1/auth/login").channel("demo").header("x-bot-check", &proof).json(&demo_login()).send().await);

            let received = stand_in.received.lock().unwrap().clone();
            assert_eq!(received.len(), 5, "one verify call per proof (none without one)");
            let first: Vec<(&str, &str)> = received[0].iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            assert_eq!(first, vec![("secret", RECAPTCHA_SECRET), ("response", "good-login")], "no remoteip for the in-process client");
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recaptcha_on_sqlite() {
    recaptcha_is_used_where_the_shop_has_a_site_key(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recaptcha_on_postgres() {
    recaptcha_is_used_where_the_shop_has_a_site_key(Backend::Postgres).await;
}
