//! Social login as a browser goes through it, against a fake OpenID Connect provider each
//! test starts on 127.0.0.1:0: it approves every authorization at once, checks the client
//! credentials and the PKCE verifier at its token endpoint, and answers userinfo for the
//! bearer tokens it issued.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use base64::Engine;
use oauth2::url::form_urlencoded;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{Answer, TestApp};
use crate::members::registered_demo_member;
use crate::on_both_databases;

const CLIENT_ID: &str = "shop-client";
const CLIENT_SECRET: &str = "fake-secret-2026";
const DEMO_HOST: &str = "localhost:8080";
const CORPORATE_HOST: &str = "corporate.localhost:8080";

// ---------------------------------------------------------------------------------------
// The fake provider

struct Grant {
    challenge: String,
    redirect_uri: String,
    claims: Value,
}

#[derive(Default)]
struct Fake {
    /// Who the next person approving at the provider is.
    person: Value,
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, Value>,
    /// Why the token endpoint said no, in order.
    refusals: Vec<&'static str>,
}

type Shared = Arc<Mutex<Fake>>;

struct FakeProvider {
    base: String,
    fake: Shared,
}

impl FakeProvider {
    async fn start() -> FakeProvider {
        let fake: Shared = Arc::default();
        let router = Router::new().route("/authorize", get(authorize)).route("/token", post(token)).route("/userinfo", get(userinfo)).with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        FakeProvider { base, fake }
    }

    fn signs_in_as(&self, claims: Value) {
        self.fake.lock().unwrap().person = claims;
    }

    fn refusals(&self) -> Vec<&'static str> {
        self.fake.lock().unwrap().refusals.clone()
    }

    fn entry(&self, kind: &str, extra: Value) -> Value {
        let mut entry = json!({
            "type": kind, "name": "テストID",
            "authorize_url": format!("{}/authorize", self.base),
            "token_url": format!("{}/token", self.base),
            "userinfo_url": format!("{}/userinfo", self.base),
            "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
            "scopes": ["openid", "email", "profile"],
        });
        for (key, value) in extra.as_object().unwrap() {
            entry[key] = value.clone();
        }
        entry
    }

    /// The providers file of these tests: `fake` everywhere, `fake-post` sending its secret
    /// in the form, `wrong-secret`, `down` (nothing listens) and `biz` on the corporate shop.
    fn providers_file(&self) -> String {
        json!([
            self.entry("fake", json!({})),
            self.entry("fake-post", json!({ "name": "フォームID", "token_auth_method": "client_secret_post" })),
            self.entry("wrong-secret", json!({ "client_secret": "not-the-secret" })),
            self.entry("down", json!({ "token_url": "http://127.0.0.1:1/token" })),
            self.entry("biz", json!({ "name": "ビジネスID", "channels": ["corporate"] })),
        ])
        .to_string()
    }
}

fn bad_request(fake: &Shared, why: &'static str) -> Response {
    fake.lock().unwrap().refusals.push(why);
    let status = if why == "client" { StatusCode::UNAUTHORIZED } else { StatusCode::BAD_REQUEST };
    let error = if why == "client" { "invalid_client" } else { "invalid_grant" };
    (status, Json(json!({ "error": error, "error_description": format!("refused: {why}") }))).into_response()
}

async fn authorize(State(fake): State<Shared>, Query(query): Query<HashMap<String, String>>) -> Response {
    let field = |name: &str| query.get(name).cloned().unwrap_or_default();
    let complete = field("response_type") == "code"
        && field("client_id") == CLIENT_ID
        && field("code_challenge_method") == "S256"
        && !field("code_challenge").is_empty()
        && !field("state").is_empty();
    if !complete {
        return (StatusCode::BAD_REQUEST, "incomplete authorization request").into_response();
    }
    let code = uuid::Uuid::now_v7().simple().to_string();
    let mut fake = fake.lock().unwrap();
    let claims = fake.person.clone();
    fake.codes.insert(code.clone(), Grant { challenge: field("code_challenge"), redirect_uri: field("redirect_uri"), claims });
    let back = format!(
        "{}?{}",
        field("redirect_uri"),
        form_urlencoded::Serializer::new(String::new()).append_pair("code", &code).append_pair("state", &field("state")).finish()
    );
    (StatusCode::FOUND, [(header::LOCATION, back)]).into_response()
}

async fn token(State(fake): State<Shared>, headers: HeaderMap, Form(form): Form<HashMap<String, String>>) -> Response {
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|v| base64::engine::general_purpose::STANDARD.decode(v).ok())
        .and_then(|v| String::from_utf8(v).ok());
    let (client_id, client_secret) = match basic {
        Some(pair) => pair.split_once(':').map(|(i, s)| (i.to_owned(), s.to_owned())).unwrap_or_default(),
        None => (field("client_id"), field("client_secret")),
    };
    if client_id != CLIENT_ID || client_secret != CLIENT_SECRET {
        return bad_request(&fake, "client");
    }
    if field("grant_type") != "authorization_code" {
        return bad_request(&fake, "grant_type");
    }
    let Some(grant) = fake.lock().unwrap().codes.remove(&field("code")) else { return bad_request(&fake, "code") };
    if grant.redirect_uri != field("redirect_uri") {
        return bad_request(&fake, "redirect_uri");
    }
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier").as_bytes()));
    if challenge != grant.challenge {
        return bad_request(&fake, "pkce");
    }
    let access_token = uuid::Uuid::now_v7().simple().to_string();
    fake.lock().unwrap().tokens.insert(access_token.clone(), grant.claims);
    Json(json!({ "access_token": access_token, "token_type": "Bearer", "expires_in": 3600 })).into_response()
}

async fn userinfo(State(fake): State<Shared>, headers: HeaderMap) -> Response {
    let token = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    match token.and_then(|t| fake.lock().unwrap().tokens.get(t).cloned()) {
        Some(claims) => Json(claims).into_response(),
        None => StatusCode::UNAUTHORIZED.into_response(),
    }
}

// ---------------------------------------------------------------------------------------
// The browser

/// A login started at the shop and approved at the provider, not yet back at the shop.
struct Started {
    /// The provider's authorize URL the shop sent the browser to.
    authorize: String,
    /// The shop's callback path and query the provider sent the browser back to.
    callback: String,
    /// The state cookie the shop set.
    cookie: String,
}

impl Started {
    fn state(&self) -> String {
        query_of(&self.authorize)["state"].clone()
    }
}

fn query_of(url: &str) -> HashMap<String, String> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

async fn start(app: &TestApp, host: &str, kind: &str, redirect: Option<&str>) -> Started {
    let path = match redirect {
        Some(redirect) => format!("/v1/auth/{kind}/redirect?redirect={}", encode(redirect)),
        None => format!("/v1/auth/{kind}/redirect"),
    };
    let answer = app.get(&path).header("host", host).send().await;
    answer.assert_status(StatusCode::FOUND);
    let cookie = answer.cookie("shop_oauth_state").expect("the state cookie");
    let authorize = answer.header("location").to_owned();
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let back = browser.get(&authorize).send().await.expect("the provider answers");
    assert_eq!(back.status(), StatusCode::FOUND, "the provider approves");
    let location = back.headers()[header::LOCATION].to_str().unwrap();
    let callback = location.strip_prefix(&format!("http://{host}")).unwrap_or_else(|| panic!("back to the shop's host: {location}")).to_owned();
    Started { authorize, callback, cookie }
}

async fn finish_with(app: &TestApp, host: &str, callback: &str, cookie: Option<&str>) -> Answer {
    let call = app.get(callback).header("host", host);
    match cookie {
        Some(cookie) => call.header("cookie", &format!("shop_oauth_state={cookie}")).send().await,
        None => call.send().await,
    }
}

async fn finish(app: &TestApp, host: &str, started: &Started) -> Answer {
    finish_with(app, host, &started.callback, Some(&started.cookie)).await
}

/// Where the callback sent the browser; also checks it is always a redirect that spends the
/// state cookie and never carries a token.
#[track_caller]
fn landing(answer: &Answer) -> String {
    answer.assert_status(StatusCode::FOUND);
    assert_eq!(answer.cookie("shop_oauth_state").as_deref(), Some(""), "the state cookie is cleared");
    let location = answer.header("location").to_owned();
    assert!(location.starts_with("/oauth/callback?") || location.starts_with("/oauth/callback#"), "{location}");
    assert!(!location.contains("token"), "no token in the URL: {location}");
    location
}

#[track_caller]
fn refused(answer: &Answer, code: &str) {
    assert_eq!(landing(answer), format!("/oauth/callback?error={code}"));
    assert_eq!(answer.cookie("shop_refresh"), None, "no session");
}

/// Trades the refresh cookie for an access token, as the storefront's /oauth/callback page does.
async fn access_token(app: &TestApp, answer: &Answer) -> (String, String) {
    let refresh = answer.cookie("shop_refresh").expect("a refresh cookie");
    let refreshed = app.post("/v1/auth/refresh").refresh_cookie(&refresh).send().await;
    refreshed.assert_status(StatusCode::OK);
    let body = refreshed.json();
    (body["access_token"].as_str().expect("an access token").to_owned(), body["user_id"].as_str().unwrap().to_owned())
}

async fn count(app: &TestApp, sql: &str, value: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned())).bind(value.to_owned()).fetch_one(&app.state.db.pool).await.unwrap()
}

async fn with_providers(app: &mut TestApp) -> FakeProvider {
    let provider = FakeProvider::start().await;
    app.use_oauth_providers(&provider.providers_file());
    provider
}

// ---------------------------------------------------------------------------------------
// The tests

on_both_databases!(
    a_new_identity_becomes_a_member_whose_refresh_cookie_logs_in,
    a_second_login_finds_the_linked_member,
    a_tampered_reused_foreign_or_expired_state_is_refused,
    the_token_endpoint_refuses_a_wrong_verifier_or_secret_and_failures_land_softly,
    an_existing_members_email_is_never_linked_by_the_provider,
    a_new_account_needs_an_email_the_provider_verified,
    unknown_providers_are_not_found,
    only_same_site_paths_are_followed_after_the_login,
    a_shop_with_mfa_asks_for_the_mailed_code_after_the_provider,
);

async fn a_new_identity_becomes_a_member_whose_refresh_cookie_logs_in(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    let listed = app.get("/v1/auth/providers").send().await;
    listed.assert_status(StatusCode::OK);
    let kinds: Vec<Value> = listed.json()["data"].as_array().unwrap().iter().map(|p| p["type"].clone()).collect();
    assert_eq!(kinds, [json!("fake"), json!("fake-post"), json!("wrong-secret"), json!("down")], "biz serves only the corporate shop");
    assert_eq!(listed.json()["data"][0], json!({ "type": "fake", "name": "テストID" }));
    assert!(!listed.text().contains(CLIENT_SECRET) && !listed.text().contains("token_url"));

    provider.signs_in_as(json!({ "sub": "u-100", "email": "Hanako@Example.jp", "email_verified": true, "family_name": "鈴木", "given_name": "花子" }));
    let started = start(&app, DEMO_HOST, "fake", Some("/cart?from=login")).await;
    let asked = query_of(&started.authorize);
    assert!(started.authorize.starts_with(&format!("{}/authorize?", provider.base)));
    assert_eq!(asked["response_type"], "code");
    assert_eq!(asked["client_id"], CLIENT_ID);
    assert_eq!(asked["redirect_uri"], "http://localhost:8080/v1/auth/fake/callback");
    assert_eq!(asked["scope"], "openid email profile");
    assert_eq!(asked["code_challenge_method"], "S256");
    assert_eq!(asked["code_challenge"].len(), 43, "base64url SHA-256");
    assert_eq!(asked["state"], started.cookie, "the cookie binds the state to this browser");
    assert!(asked["state"].len() >= 43, "at least 256 random bits");
    assert!(!started.authorize.contains(CLIENT_SECRET));
    // Kept hashed, for ten minutes.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM social_login_states WHERE state_hash = $1", &started.state()).await, 0);
    let lifetime: i64 = sqlx::query_scalar("SELECT expires_at - created_at FROM social_login_states").fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(lifetime, 10 * 60 * 1000);

    let answer = finish(&app, DEMO_HOST, &started).await;
    assert_eq!(landing(&answer), "/oauth/callback?redirect=%2Fcart%3Ffrom%3Dlogin");
    let cookie = answer.set_cookie("shop_refresh").expect("the refresh cookie");
    assert!(cookie.contains("HttpOnly") && cookie.contains("Path=/v1/auth") && cookie.contains("SameSite=Lax"), "{cookie}");
    assert_eq!(answer.header("cache-control"), "no-store");

    let (token, _) = access_token(&app, &answer).await;
    let me = app.get("/v1/me/user").bearer(&token).send().await;
    me.assert_status(StatusCode::OK);
    let me = me.json();
    assert_eq!(me["email"], "hanako@example.jp");
    assert_eq!((me["last_name"].as_str(), me["first_name"].as_str()), (Some("鈴木"), Some("花子")));
    assert_eq!(me["is_registered_member"], true, "the provider verified the address");
    let history = app.get("/v1/me/login-histories").bearer(&token).send().await.json();
    assert_eq!(history["data"][0]["method"], "social");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM social_accounts WHERE subject = $1", "u-100").await, 1);
    // No password is set: a password login cannot get in.
    let password_login = app.post("/v1/auth/login").json(&json!({ "username": "hanako@example.jp", "password": "anything1" })).send().await;
    assert_eq!(password_login.json()["code"], "auth.login.failed");
}

async fn a_second_login_finds_the_linked_member(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    provider.signs_in_as(json!({ "sub": "u-200", "email": "jiro@example.jp", "email_verified": true, "name": "山本 次郎" }));
    let first = finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", None).await).await;
    assert_eq!(landing(&first), "/oauth/callback?redirect=%2Fmypage");
    let (_, first_user) = access_token(&app, &first).await;

    // The provider now gives another address: the identity (`sub`) decides, not the e-mail.
    provider.signs_in_as(json!({ "sub": "u-200", "email": "jiro.new@example.jp", "email_verified": true }));
    let second = finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", Some("/favorite")).await).await;
    assert_eq!(landing(&second), "/oauth/callback?redirect=%2Ffavorite");
    let (token, second_user) = access_token(&app, &second).await;
    assert_eq!(second_user, first_user);
    assert_eq!(app.get("/v1/me/user").bearer(&token).send().await.json()["email"], "jiro@example.jp");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE email = $1", "jiro.new@example.jp").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM login_histories WHERE user_id = $1 AND method = 'social'", &first_user).await, 2);

    // A provider that takes its secret in the form works the same way.
    provider.signs_in_as(json!({ "sub": "p-1", "email": "saburo@example.jp", "email_verified": true }));
    let answer = finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake-post", None).await).await;
    assert_eq!(landing(&answer), "/oauth/callback?redirect=%2Fmypage");
    access_token(&app, &answer).await;
}

async fn a_tampered_reused_foreign_or_expired_state_is_refused(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    provider.signs_in_as(json!({ "sub": "u-300", "email": "shiro@example.jp", "email_verified": true }));

    // Tampered: one character of the state changed.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    let state = started.state();
    let last = if state.ends_with('A') { "B" } else { "A" };
    let tampered_state = format!("{}{last}", &state[..state.len() - 1]);
    let tampered = started.callback.replace(&encode(&state), &encode(&tampered_state));
    assert_ne!(tampered, started.callback);
    refused(&finish_with(&app, DEMO_HOST, &tampered, Some(&tampered_state)).await, "invalid_state");
    refused(&finish_with(&app, DEMO_HOST, &tampered, Some(&started.cookie)).await, "invalid_state");
    // The real one still works once, and only once.
    assert_eq!(landing(&finish(&app, DEMO_HOST, &started).await), "/oauth/callback?redirect=%2Fmypage");
    refused(&finish(&app, DEMO_HOST, &started).await, "invalid_state");

    // Another browser: no state cookie, or the cookie of another login.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    refused(&finish_with(&app, DEMO_HOST, &started.callback, None).await, "invalid_state");
    let mine = start(&app, DEMO_HOST, "fake", None).await;
    let theirs = start(&app, DEMO_HOST, "fake", None).await;
    refused(&finish_with(&app, DEMO_HOST, &theirs.callback, Some(&mine.cookie)).await, "invalid_state");

    // Expired.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    sqlx::query("UPDATE social_login_states SET expires_at = 1").execute(&app.state.db.pool).await.unwrap();
    refused(&finish(&app, DEMO_HOST, &started).await, "invalid_state");

    // Started on the demo shop, brought back to the corporate shop's host.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    refused(&finish(&app, CORPORATE_HOST, &started).await, "invalid_state");

    // Nothing, or garbage, in the query.
    refused(&app.get("/v1/auth/fake/callback").send().await, "invalid_state");
    refused(&app.get("/v1/auth/fake/callback?code=x&state=%00").send().await, "invalid_state");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM social_accounts WHERE subject = $1", "u-300").await, 1, "only the real login linked");
}

async fn the_token_endpoint_refuses_a_wrong_verifier_or_secret_and_failures_land_softly(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    provider.signs_in_as(json!({ "sub": "u-400", "email": "goro@example.jp", "email_verified": true }));

    // The verifier kept with the state is not the one the challenge was made from.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    sqlx::query("UPDATE social_login_states SET code_verifier = $1").bind("x".repeat(43)).execute(&app.state.db.pool).await.unwrap();
    refused(&finish(&app, DEMO_HOST, &started).await, "provider_error");
    assert_eq!(provider.refusals(), ["pkce"]);

    let started = start(&app, DEMO_HOST, "wrong-secret", None).await;
    refused(&finish(&app, DEMO_HOST, &started).await, "provider_error");
    assert_eq!(provider.refusals(), ["pkce", "client"]);

    // Nobody listens at the token endpoint.
    let started = start(&app, DEMO_HOST, "down", None).await;
    refused(&finish(&app, DEMO_HOST, &started).await, "provider_error");

    // The person declined at the provider.
    let started = start(&app, DEMO_HOST, "fake", None).await;
    let declined = format!("/v1/auth/fake/callback?error=access_denied&state={}", encode(&started.state()));
    refused(&finish_with(&app, DEMO_HOST, &declined, Some(&started.cookie)).await, "provider_error");

    assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE email = $1", "goro@example.jp").await, 0);
}

async fn an_existing_members_email_is_never_linked_by_the_provider(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    let member = registered_demo_member(&app, "taken@example.jp").await;
    provider.signs_in_as(json!({ "sub": "u-500", "email": "Taken@Example.jp", "email_verified": true }));
    for _ in 0..2 {
        refused(&finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", None).await).await, "account_exists");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM social_accounts WHERE user_id = $1", &member.user_id).await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE email = $1", "taken@example.jp").await, 1);
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await;
    me.assert_status(StatusCode::OK);
}

async fn a_new_account_needs_an_email_the_provider_verified(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    provider.signs_in_as(json!({ "sub": "u-600", "email": "rokuro@example.jp", "email_verified": false }));
    refused(&finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", None).await).await, "email_unverified");
    provider.signs_in_as(json!({ "sub": "u-601" }));
    refused(&finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", None).await).await, "email_unverified");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users WHERE email = $1", "rokuro@example.jp").await, 0);
}

async fn unknown_providers_are_not_found(mut app: TestApp) {
    // Nothing configured (the default): no provider is listed or served.
    let listed = app.get("/v1/auth/providers").send().await;
    listed.assert_status(StatusCode::OK);
    assert_eq!(listed.json(), json!({ "data": [] }));
    app.get("/v1/auth/fake/redirect").send().await.assert_status(StatusCode::NOT_FOUND);

    with_providers(&mut app).await;
    app.get("/v1/auth/nope/redirect").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/auth/nope/callback?code=x&state=y").send().await.assert_status(StatusCode::NOT_FOUND);
    // `biz` serves only the corporate shop.
    app.get("/v1/auth/biz/redirect").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/auth/biz/redirect").header("host", CORPORATE_HOST).send().await.assert_status(StatusCode::FOUND);
    let listed = app.get("/v1/auth/providers").channel("corporate").send().await.json();
    assert!(listed["data"].as_array().unwrap().iter().any(|p| p["type"] == "biz" && p["name"] == "ビジネスID"));
}

async fn only_same_site_paths_are_followed_after_the_login(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    for (i, redirect) in ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"].into_iter().enumerate() {
        provider.signs_in_as(json!({ "sub": format!("u-70{i}"), "email": format!("nana{i}@example.jp"), "email_verified": true }));
        let answer = finish(&app, DEMO_HOST, &start(&app, DEMO_HOST, "fake", Some(redirect)).await).await;
        assert_eq!(landing(&answer), "/oauth/callback?redirect=%2Fmypage", "{redirect}");
    }
}

async fn a_shop_with_mfa_asks_for_the_mailed_code_after_the_provider(mut app: TestApp) {
    let provider = with_providers(&mut app).await;
    provider.signs_in_as(json!({ "sub": "c-1", "email": "buyer@corp.example.jp", "email_verified": true, "name": "佐藤 一郎" }));
    let started = start(&app, CORPORATE_HOST, "biz", Some("/cart")).await;
    assert_eq!(query_of(&started.authorize)["redirect_uri"], "http://corporate.localhost:8080/v1/auth/biz/callback");
    let answer = finish(&app, CORPORATE_HOST, &started).await;
    let location = landing(&answer);
    assert_eq!(answer.cookie("shop_refresh"), None, "no session before the code");
    let fragment = location.strip_prefix("/oauth/callback#").expect("the pending login in the fragment");
    let asked = query_of(&format!("?{fragment}"));
    assert_eq!((asked["is_verify"].as_str(), asked["redirect"].as_str()), ("true", "/cart"));
    let code = app.latest_mail_to("buyer@corp.example.jp").expect("the code mail").code();
    let verified = app.post("/v1/auth/verify").channel("corporate").json(&json!({ "verify_code": code, "user_id": asked["user_id"] })).send().await;
    verified.assert_status(StatusCode::OK);
    let token = verified.json()["access_token"].as_str().expect("logged in").to_owned();
    let me = app.get("/v1/me/user").channel("corporate").bearer(&token).send().await.json();
    assert_eq!((me["email"].as_str(), me["last_name"].as_str()), (Some("buyer@corp.example.jp"), Some("佐藤 一郎")));
}
