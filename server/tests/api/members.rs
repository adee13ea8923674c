//! Members as the storefront drives them: registration, the mailed code, login, refresh,
//! logout, lockout, reminders, profile (e-mail changes, security question) and leaving — on
//! the demo shop and the corporate one.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;

pub const PASSWORD: &str = "ride2026pass";

pub fn demo_profile(email: &str) -> Value {
    json!({
        "email": email, "password": PASSWORD, "password_confirmation": PASSWORD,
        "last_name": "山田", "first_name": "太郎", "last_name_kana": "ヤマダ", "first_name_kana": "タロウ",
        "gender_ct": 1, "birthday": "1990-04-01", "is_receive_newsletter": 1,
        "postal_code": "150-0001", "prefecture": "東京都", "city": "渋谷区", "address1": "神宮前1-2-3",
        "phone_number": "03-1234-5678"
    })
}

pub fn corporate_profile(email: &str) -> Value {
    json!({
        "email": email, "password": PASSWORD, "password_confirmation": PASSWORD,
        "last_name": "佐藤", "first_name": "花子",
        "corporation": "株式会社ライド商会", "department": "購買部",
        "postal_code": "5300001", "prefecture": "大阪府", "city": "大阪市北区", "address1": "梅田1-1-1",
        "phone_number": "0612345678"
    })
}

/// A logged-in member: the access token and the refresh cookie.
pub struct Session {
    pub user_id: String,
    pub access_token: String,
    pub refresh: String,
}

fn session_of(answer: &Answer) -> Session {
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    Session {
        user_id: body["user_id"].as_str().unwrap().to_owned(),
        access_token: body["access_token"].as_str().expect("an access token").to_owned(),
        refresh: answer.cookie("shop_refresh").expect("a refresh cookie"),
    }
}

/// Registers on the demo shop and types the mailed code: a registered, logged-in member.
pub async fn registered_demo_member(app: &TestApp, email: &str) -> Session {
    let answer = app.post("/v1/users").json(&demo_profile(email)).send().await;
    answer.assert_status(StatusCode::CREATED);
    let user_id = answer.json()["user"]["id"].as_str().unwrap().to_owned();
    let code = app.latest_mail_to(email).expect("a code mail").code();
    session_of(&app.post("/v1/auth/verify").json(&json!({ "verify_code": code, "user_id": user_id })).send().await)
}

async fn login(app: &TestApp, channel: &str, username: &str, password: &str) -> Answer {
    app.post("/v1/auth/login").channel(channel).json(&json!({ "username": username, "password": password })).send().await
}

async fn a_demo_member_registers_types_the_code_and_stays_logged_in(app: TestApp) {
    let answer = app.post("/v1/users").json(&demo_profile("Taro@Example.jp")).send().await;
    answer.assert_status(StatusCode::CREATED);
    let body = answer.json();
    let user = &body["user"];
    assert_eq!(user["email"], "taro@example.jp", "stored lower-cased");
    assert_eq!(user["username"], "taro@example.jp", "the e-mail is the default login id");
    assert_eq!((user["is_registered_member"].clone(), user["postal_code"].clone()), (json!(false), json!("1500001")));
    assert_eq!(user["corporation"], Value::Null);
    let pending = &body["login"];
    assert_eq!(pending["is_verify"], true);
    assert!(pending.get("access_token").is_none(), "no token before the code: {pending}");
    assert!(answer.cookie("shop_refresh").is_none());

    let mail = app.latest_mail_to("taro@example.jp").expect("the code is mailed");
    assert_eq!(mail.subject, "【ライドパーツ本舗】確認コードのお知らせ");
    assert!(mail.from.contains("ライドパーツ本舗"), "{}", mail.from);
    let code = mail.code();
    assert_ne!(pending["verify_code"], code.as_str(), "verify_code is a pending id, never the code");

    let user_id = user["id"].as_str().unwrap();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let answer = app.post("/v1/auth/verify").json(&json!({ "verify_code": wrong, "user_id": user_id })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["verify_code"][0], "確認コードが正しくないか、有効期限が切れています。");

    let answer = app.post("/v1/auth/verify").json(&json!({ "verify_code": code, "user_id": user_id })).send().await;
    let session = session_of(&answer);
    let body = answer.json();
    assert_eq!((body["token_type"].as_str(), body["expires_in"].as_i64()), (Some("Bearer"), Some(900)));
    assert_eq!((body["is_registered_member"].clone(), body["is_verify"].clone()), (json!(true), json!(false)));
    assert_eq!((body["has_password_expired"].clone(), body["has_mail_error_count_over"].clone()), (json!(false), json!(false)));
    let cookie = answer.set_cookie("shop_refresh").unwrap();
    for part in ["Path=/v1/auth", "HttpOnly", "SameSite=Lax"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    // The code is single use.
    app.post("/v1/auth/verify").json(&json!({ "verify_code": code, "user_id": user_id })).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    let me = app.get("/v1/me/user").bearer(&session.access_token).send().await;
    me.assert_status(StatusCode::OK);
    assert_eq!((me.json()["id"].as_str(), me.json()["is_registered_member"].clone()), (Some(user_id), json!(true)));

    // Registered now: the demo shop (no MFA) logs in with the password alone, by e-mail or login id.
    let answer = login(&app, "demo", " TARO@example.jp ", PASSWORD).await;
    let again = session_of(&answer);
    assert_eq!(again.user_id, user_id);

    let refreshed = app.post("/v1/auth/refresh").refresh_cookie(&again.refresh).send().await;
    let next = session_of(&refreshed);
    assert_ne!(next.refresh, again.refresh, "the cookie rotates");
    app.get("/v1/me/user").bearer(&next.access_token).send().await.assert_status(StatusCode::OK);

    let out = app.post("/v1/auth/logout").refresh_cookie(&next.refresh).send().await;
    out.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(out.cookie("shop_refresh").as_deref(), Some(""), "the cookie is cleared");
    app.post("/v1/auth/refresh").refresh_cookie(&next.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Logging out needs no session at all.
    app.post("/v1/auth/logout").send().await.assert_status(StatusCode::NO_CONTENT);
}

async fn registering_without_login_starts_nothing_until_the_first_login(app: TestApp) {
    let mut body = demo_profile("hanako@example.jp");
    body["is_login"] = json!(false);
    body["username"] = json!("Hanako-2026");
    let answer = app.post("/v1/users").json(&body).send().await;
    answer.assert_status(StatusCode::CREATED);
    assert_eq!(answer.json()["login"], Value::Null);
    assert_eq!(answer.json()["user"]["username"], "hanako-2026");
    assert!(app.latest_mail_to("hanako@example.jp").is_none());
    // Not verified yet: the first login asks for the mailed code.
    let answer = login(&app, "demo", "hanako-2026", PASSWORD).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["is_verify"], true);
    assert!(answer.cookie("shop_refresh").is_none());
    let code = app.latest_mail_to("hanako@example.jp").unwrap().code();
    let user_id = answer.json()["user_id"].as_str().unwrap().to_owned();
    session_of(&app.post("/v1/auth/verify").json(&json!({ "verify_code": code, "user_id": user_id })).send().await);
    // The same address and login id cannot register twice.
    let mut again = demo_profile("HANAKO@example.jp");
    again["username"] = json!("hanako-2026");
    let answer = app.post("/v1/users").json(&again).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["email"][0], "このメールアドレスは既に登録されています。");
    assert_eq!(errors["username"][0], "このログインIDは既に使用されています。");
}

async fn a_corporate_buyer_is_logged_in_at_once_verifies_by_mail_and_logs_in_with_a_code(app: TestApp) {
    let answer = app.post("/v1/users").channel("corporate").json(&corporate_profile("buyer@ride-shokai.co.jp")).send().await;
    answer.assert_status(StatusCode::CREATED);
    let body = answer.json();
    assert_eq!(body["user"]["corporation"], "株式会社ライド商会");
    assert_eq!(body["login"]["is_registered_member"], false);
    let token = body["login"]["access_token"].as_str().expect("logged in right away").to_owned();
    assert!(answer.cookie("shop_refresh").is_some());
    // A demo-shop token is refused by the corporate shop and the other way round.
    app.get("/v1/me/user").bearer(&token).send().await.assert_status(StatusCode::UNAUTHORIZED);

    app.post("/v1/email-verify/request").channel("corporate").bearer(&token).send().await.assert_status(StatusCode::ACCEPTED);
    let mail = app.latest_mail_to("buyer@ride-shokai.co.jp").unwrap();
    assert!(mail.subject.contains("ライドパーツ 業販サイト"), "{}", mail.subject);
    let wrong = if mail.code() == "000000" { "111111" } else { "000000" };
    let answer = app.post("/v1/email-verify/check").channel("corporate").bearer(&token).json(&json!({ "code": wrong })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["code"].is_array());
    // The code needs the member's session; the link does not.
    app.post("/v1/email-verify/check").channel("corporate").json(&json!({ "code": mail.code() })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let token_of_link = mail.link_token("/verify/email");
    let answer = app.post("/v1/email-verify/check").channel("corporate").json(&json!({ "token": token_of_link })).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["is_registered_member"], true);
    // Link and code of that mail are used up.
    app.post("/v1/email-verify/check").channel("corporate").json(&json!({ "token": token_of_link })).send().await.assert_status(StatusCode::NOT_FOUND);
    app.post("/v1/email-verify/check")
        .channel("corporate")
        .bearer(&token)
        .json(&json!({ "code": mail.code() }))
        .send()
        .await
        .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let me = app.get("/v1/me/user").channel("corporate").bearer(&token).send().await.json();
    assert_eq!(me["is_registered_member"], true);

    // AUTH.IS_MFA: every password login goes through a mailed code.
    let answer = login(&app, "corporate", "buyer@ride-shokai.co.jp", PASSWORD).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!((answer.json()["is_verify"].clone(), answer.json().get("access_token")), (json!(true), None));
    let code = app.latest_mail_to("buyer@ride-shokai.co.jp").unwrap().code();
    let user_id = answer.json()["user_id"].as_str().unwrap().to_owned();
    let answer = app.post("/v1/auth/verify").channel("corporate").json(&json!({ "verify_code": code, "user_id": user_id })).send().await;
    let session = session_of(&answer);
    app.get("/v1/me/user").channel("corporate").bearer(&session.access_token).send().await.assert_status(StatusCode::OK);
}

async fn five_wrong_passwords_lock_the_account_until_the_mailed_link_opens_it(app: TestApp) {
    let member = registered_demo_member(&app, "jiro@example.jp").await;
    for _ in 0..5 {
        let answer = login(&app, "demo", "jiro@example.jp", "wrong-pass1").await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["code"], "auth.login.failed");
    }
    let locked = login(&app, "demo", "jiro@example.jp", PASSWORD).await;
    locked.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(locked.json()["code"], "auth.login.locked");
    // Without the right password a locked account looks like any failure.
    assert_eq!(login(&app, "demo", "jiro@example.jp", "wrong-pass1").await.json()["code"], "auth.login.failed");

    let mail = app.latest_mail_to("jiro@example.jp").unwrap();
    assert_eq!(mail.subject, "【ライドパーツ本舗】アカウントロックのお知らせ");
    assert_eq!(app.mails_to("jiro@example.jp").iter().filter(|m| m.subject == mail.subject).count(), 1, "mailed once per lock");
    let token = mail.link_token("/login/unlock");
    assert!(mail.body.contains("http://localhost:8080/login/unlock?token="), "{}", mail.body);
    let answer = app.get(&format!("/v1/auth/unlock/{token}")).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json(), json!({ "result": true }));
    let again = app.get(&format!("/v1/auth/unlock/{token}")).send().await;
    again.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(again.json()["message"], "リンクが無効か期限切れです");
    app.get("/v1/auth/unlock/not-a-token").send().await.assert_status(StatusCode::NOT_FOUND);

    let answer = login(&app, "demo", "jiro@example.jp", PASSWORD).await;
    assert_eq!(session_of(&answer).user_id, member.user_id);
}

async fn unknown_addresses_get_exactly_the_answers_of_known_ones(app: TestApp) {
    registered_demo_member(&app, "saburo@example.jp").await;
    let known = login(&app, "demo", "saburo@example.jp", "wrong-pass1").await;
    let unknown = login(&app, "demo", "nobody@example.jp", "wrong-pass1").await;
    assert_eq!((known.status, known.text()), (unknown.status, unknown.text()));
    assert_eq!(known.json(), json!({ "message": "メールアドレスまたはパスワードが正しくありません", "code": "auth.login.failed" }));

    for path in ["/v1/reminder/request", "/v1/reminder/username/request"] {
        let known = app.post(path).json(&json!({ "email": "saburo@example.jp" })).send().await;
        let unknown = app.post(path).json(&json!({ "email": "nobody@example.jp" })).send().await;
        known.assert_status(StatusCode::ACCEPTED);
        assert_eq!((known.status, known.text()), (unknown.status, unknown.text()), "{path}");
    }
    assert_eq!(app.mails_to("saburo@example.jp").len(), 3, "the code, then one mail per reminder");
    assert!(app.mails_to("nobody@example.jp").is_empty());
}

async fn a_password_reminder_asks_the_security_question_after_the_link(app: TestApp) {
    let mut body = demo_profile("shiro@example.jp");
    body["question_ct"] = json!(1);
    body["answer"] = json!("ポチ");
    app.post("/v1/users").json(&body).send().await.assert_status(StatusCode::CREATED);

    app.post("/v1/reminder/request").json(&json!({ "email": "SHIRO@example.jp" })).send().await.assert_status(StatusCode::ACCEPTED);
    let mail = app.latest_mail_to("shiro@example.jp").unwrap();
    assert_eq!(mail.subject, "【ライドパーツ本舗】パスワード再設定のご案内");
    let token = mail.link_token("/reminder/reset");
    let check = app.post("/v1/reminder/check").json(&json!({ "token": token })).send().await;
    check.assert_status(StatusCode::OK);
    assert_eq!(check.json(), json!({ "question_ct": 1 }));
    app.post("/v1/reminder/check").json(&json!({ "token": "0".repeat(64) })).send().await.assert_status(StatusCode::NOT_FOUND);

    let new_password = "newpass2027";
    let reset = |answer: Value| json!({ "token": token, "password": new_password, "password_confirmation": new_password, "answer": answer });
    let answer = app.post("/v1/reminder/reset").json(&reset(Value::Null)).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["answer"][0], "必須項目です");
    let answer = app.post("/v1/reminder/reset").json(&reset(json!("タマ"))).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["answer"][0], "秘密の質問の答えが正しくありません。");
    // Width, kana and spaces do not matter.
    let answer = app.post("/v1/reminder/reset").json(&reset(json!(" ぽち "))).send().await;
    let session = session_of(&answer);
    assert_eq!(answer.json()["is_registered_member"], true, "the link proved the address");
    app.get("/v1/me/user").bearer(&session.access_token).send().await.assert_status(StatusCode::OK);
    app.post("/v1/reminder/reset").json(&reset(json!("ぽち"))).send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(login(&app, "demo", "shiro@example.jp", PASSWORD).await.json()["code"], "auth.login.failed");
    session_of(&login(&app, "demo", "shiro@example.jp", new_password).await);
}

async fn a_username_reminder_shows_the_login_id_and_can_change_it(app: TestApp) {
    registered_demo_member(&app, "goro@example.jp").await;
    let mut other = demo_profile("rokuro@example.jp");
    other["username"] = json!("rokuro");
    app.post("/v1/users").json(&other).send().await.assert_status(StatusCode::CREATED);

    app.post("/v1/reminder/username/request").json(&json!({ "email": "goro@example.jp" })).send().await.assert_status(StatusCode::ACCEPTED);
    let token = app.latest_mail_to("goro@example.jp").unwrap().link_token("/reminder/username/reset");
    let check = app.post("/v1/reminder/username/check").json(&json!({ "token": token })).send().await;
    assert_eq!(check.json(), json!({ "username": "goro@example.jp" }));
    let taken = app.post("/v1/reminder/username/reset").json(&json!({ "token": token, "username": "ROKURO" })).send().await;
    taken.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(taken.json()["errors"]["username"][0], "このログインIDは既に使用されています。");
    let bad = app.post("/v1/reminder/username/reset").json(&json!({ "token": token, "username": "ご" })).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let done = app.post("/v1/reminder/username/reset").json(&json!({ "token": token, "username": "goro_2026" })).send().await;
    done.assert_status(StatusCode::OK);
    assert_eq!(done.json(), json!({ "username": "goro_2026" }));
    session_of(&login(&app, "demo", "goro_2026", PASSWORD).await);
    app.post("/v1/reminder/username/check").json(&json!({ "token": token })).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn reusing_a_rotated_refresh_token_ends_the_whole_session(app: TestApp) {
    let member = registered_demo_member(&app, "hachi@example.jp").await;
    let second = session_of(&app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await);
    // Moments later the same cookie again (another tab): a sibling token, not a reuse.
    let sibling = session_of(&app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await);
    // Half a minute later the first cookie again: someone copied it. It, its successor and
    // the sibling all stop working.
    app.age_refresh_rotations(30_000).await;
    let reused = app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await;
    reused.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(reused.cookie("shop_refresh").as_deref(), Some(""));
    app.post("/v1/auth/refresh").refresh_cookie(&second.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/auth/refresh").refresh_cookie(&sibling.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Other logins (families) of the member are not touched.
    let other = session_of(&login(&app, "demo", "hachi@example.jp", PASSWORD).await);
    session_of(&app.post("/v1/auth/refresh").refresh_cookie(&other.refresh).send().await);
    // No cookie, a malformed one, or a cookie sent to the wrong shop.
    app.post("/v1/auth/refresh").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/auth/refresh").header("cookie", "shop_refresh=abc").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn two_tabs_refreshing_at_the_same_moment_both_stay_logged_in(app: TestApp) {
    let member = registered_demo_member(&app, "tabs@example.jp").await;
    // Both tabs send the one cookie at once.
    let (first, second) =
        tokio::join!(app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send(), app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send(),);
    let (first, second) = (session_of(&first), session_of(&second));
    assert_ne!(first.refresh, second.refresh, "each tab gets its own new token");
    // A third tab a few seconds later still finds the session.
    let third = session_of(&app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await);
    for session in [&first, &second, &third] {
        app.get("/v1/me/user").bearer(&session.access_token).send().await.assert_status(StatusCode::OK);
        session_of(&app.post("/v1/auth/refresh").refresh_cookie(&session.refresh).send().await);
    }
    // The siblings belong to the login: logging out of one ends them all.
    app.post("/v1/auth/logout").refresh_cookie(&first.refresh).send().await.assert_status(StatusCode::NO_CONTENT);
    app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn a_refresh_cookie_is_secure_behind_https(app: TestApp) {
    let member = registered_demo_member(&app, "kyu@example.jp").await;
    let answer = app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).header("x-forwarded-proto", "https").send().await;
    answer.assert_status(StatusCode::OK);
    assert!(answer.set_cookie("shop_refresh").unwrap().ends_with("; Secure"));
    assert_eq!(answer.header("cache-control"), "no-store");
}

async fn member_calls_need_a_valid_token_of_this_shop(app: TestApp) {
    let member = registered_demo_member(&app, "ju@example.jp").await;
    app.get("/v1/me/user").send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/me/user").bearer("not-a-token").send().await.assert_status(StatusCode::UNAUTHORIZED);
    let channel_id = app.channel_id("demo").await;
    let past = time::OffsetDateTime::now_utc().unix_timestamp() - 3600;
    let expired = app.state.tokens.issue(&member.user_id, &channel_id, 0, past).unwrap().access_token;
    app.get("/v1/me/user").bearer(&expired).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/me/user").channel("corporate").bearer(&member.access_token).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/me/login-histories").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn a_member_sees_only_their_own_data(app: TestApp) {
    let ichiro = registered_demo_member(&app, "ichiro@example.jp").await;
    let niro = registered_demo_member(&app, "niro@example.jp").await;
    session_of(&login(&app, "demo", "niro@example.jp", PASSWORD).await);
    let mine = app.get("/v1/me/user").bearer(&ichiro.access_token).send().await.json();
    assert_eq!(mine["email"], "ichiro@example.jp");
    let history = app.get("/v1/me/login-histories").bearer(&ichiro.access_token).send().await;
    assert_eq!(history.header("x-total"), "1");
    let history = app.get("/v1/me/login-histories").bearer(&niro.access_token).send().await;
    assert_eq!(history.header("x-total"), "2");
    // A token naming a member who does not exist opens nothing.
    let stranger = app.member_token("00000000-0000-7000-8000-000000000000", "demo").await;
    app.get("/v1/me/user").bearer(&stranger).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn the_login_history_is_paginated_newest_first(app: TestApp) {
    let member = registered_demo_member(&app, "juichi@example.jp").await;
    for _ in 0..2 {
        session_of(&login(&app, "demo", "juichi@example.jp", PASSWORD).await);
    }
    let answer = app.get("/v1/me/login-histories?per=2").bearer(&member.access_token).header("user-agent", "Test/1.0").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!((answer.header("x-total"), answer.header("x-per-page"), answer.header("x-last-page"), answer.header("x-current-page")), ("3", "2", "2", "1"));
    let rows = answer.json()["data"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["method"], "password");
    assert!(rows[0]["logged_in_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(rows[0]["ip_address"], "unknown", "in-process requests have no peer address");
    let last = app.get("/v1/me/login-histories?per=2&page=2").bearer(&member.access_token).send().await.json();
    assert_eq!(last["data"][0]["method"], "code", "the registration's code step came first");
    app.get("/v1/me/login-histories?page=0").bearer(&member.access_token).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn login_attempts_from_one_address_are_rate_limited(app: TestApp) {
    for _ in 0..30 {
        login(&app, "demo", "nobody@example.jp", "wrong-pass1").await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    let answer = login(&app, "demo", "nobody@example.jp", "wrong-pass1").await;
    answer.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.json()["code"], "auth.rate_limited");
    assert_eq!(answer.json()["message"], "試行回数が多すぎます。しばらく時間をおいてから再度お試しください。");
    // Counted per shop: the corporate shop still answers.
    login(&app, "corporate", "nobody@example.jp", "wrong-pass1").await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn code_checks_and_reminders_are_rate_limited(app: TestApp) {
    let verify = json!({ "verify_code": "123456", "user_id": "nobody" });
    for _ in 0..30 {
        app.post("/v1/auth/verify").json(&verify).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    app.post("/v1/auth/verify").json(&verify).send().await.assert_status(StatusCode::TOO_MANY_REQUESTS);
    for _ in 0..10 {
        app.post("/v1/reminder/request").json(&json!({ "email": "nobody@example.jp" })).send().await.assert_status(StatusCode::ACCEPTED);
    }
    let answer = app.post("/v1/reminder/username/request").json(&json!({ "email": "nobody@example.jp" })).send().await;
    answer.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.json()["code"], "auth.rate_limited");
}

async fn registration_is_rate_limited(app: TestApp) {
    for i in 0..10 {
        let mut body = demo_profile(&format!("bulk{i}@example.jp"));
        body["is_login"] = json!(false);
        app.post("/v1/users").json(&body).send().await.assert_status(StatusCode::CREATED);
    }
    let answer = app.post("/v1/users").json(&demo_profile("bulk10@example.jp")).send().await;
    answer.assert_status(StatusCode::TOO_MANY_REQUESTS);
}

async fn registration_errors_are_japanese_field_messages_and_change_nothing(app: TestApp) {
    let answer = app.post("/v1/users").json(&json!({})).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.json()["errors"].clone();
    for field in ["email", "password", "last_name", "first_name", "last_name_kana", "first_name_kana"] {
        assert_eq!(errors[field], json!(["必須項目です"]), "{field}");
    }

    let mut body = demo_profile("kana@example.jp");
    body["last_name_kana"] = json!("やまだ");
    body["postal_code"] = json!("15-00001");
    body["password_confirmation"] = json!("something9");
    body["gender_ct"] = json!(7);
    let answer = app.post("/v1/users").json(&body).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.json()["errors"].clone();
    assert_eq!(errors["last_name_kana"][0], "全角カタカナで入力してください");
    assert_eq!(errors["postal_code"][0], "郵便番号の形式で入力してください 例：123-4567");
    assert_eq!(errors["password_confirmation"][0], "パスワードが一致しません");
    assert!(errors["gender_ct"].is_array());
    let mut body = demo_profile("weak@example.jp");
    body["password"] = json!("onlyletters");
    body["password_confirmation"] = json!("onlyletters");
    let answer = app.post("/v1/users").json(&body).send().await;
    assert_eq!(answer.json()["errors"]["password"][0], "パスワードは8〜128文字で、半角英字と数字を両方含めてください（記号は - _ . のみ使えます）");

    // Corporate: company required, phone digits only, postal code 7 digits, names full-width.
    let mut body = corporate_profile("corp@example.jp");
    body["corporation"] = json!("");
    body["phone_number"] = json!("06-1234-5678");
    body["postal_code"] = json!("530-0001");
    body["last_name"] = json!("Sato");
    let answer = app.post("/v1/users").channel("corporate").json(&body).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.json()["errors"].clone();
    assert_eq!(errors["corporation"][0], "必須項目です");
    assert_eq!(errors["phone_number"][0], "半角数字（ハイフンなし）11桁以内で入力してください");
    assert_eq!(errors["postal_code"][0], "半角数字7桁で入力してください");
    assert_eq!(errors["last_name"][0], "全角で入力してください");
    let mut long = corporate_profile("corp@example.jp");
    long["corporation"] = json!("株".repeat(251));
    let answer = app.post("/v1/users").channel("corporate").json(&long).send().await;
    assert_eq!(answer.json()["errors"]["corporation"][0], "250文字以内で入力してください");

    // Malformed bodies are 422 too, never a 500; nothing was stored.
    for bad in ["{", "[]", "{\"email\": 5}"] {
        app.post("/v1/users").raw_body("application/json", bad).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    for email in ["kana@example.jp", "weak@example.jp", "corp@example.jp"] {
        assert!(app.latest_mail_to(email).is_none(), "{email}");
        assert_eq!(login(&app, "demo", email, PASSWORD).await.json()["code"], "auth.login.failed");
    }
}

async fn the_profile_is_updated_with_the_same_rules(app: TestApp) {
    let member = registered_demo_member(&app, "profile@example.jp").await;
    let mut profile = demo_profile("profile@example.jp");
    profile["city"] = json!("目黒区");
    profile["username"] = json!("ignored");
    let answer = app.put("/v1/me/user").bearer(&member.access_token).json(&profile).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!((answer.json()["city"].clone(), answer.json()["username"].clone()), (json!("目黒区"), json!("profile@example.jp")));
    registered_demo_member(&app, "taken@example.jp").await;
    profile["email"] = json!("taken@example.jp");
    profile["city"] = json!("品川区");
    let answer = app.put("/v1/me/user").bearer(&member.access_token).json(&profile).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["email"][0], "このメールアドレスは既に登録されています。");
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await.json();
    assert_eq!(me["city"], "目黒区", "nothing changed");
}

async fn changing_the_password_ends_other_sessions(app: TestApp) {
    let member = registered_demo_member(&app, "pw@example.jp").await;
    let elsewhere = session_of(&login(&app, "demo", "pw@example.jp", PASSWORD).await);
    let change = |current: &str| json!({ "current_password": current, "password": "changed2027", "password_confirmation": "changed2027" });
    let answer = app.put("/v1/me/password").bearer(&member.access_token).json(&change("wrong-pass1")).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["current_password"], json!(["現在のパスワードが正しくありません"]));
    let answer = app.put("/v1/me/password").bearer(&member.access_token).json(&change(PASSWORD)).send().await;
    answer.assert_status(StatusCode::NO_CONTENT);
    let fresh = answer.cookie("shop_refresh").expect("this browser keeps a session");
    app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/auth/refresh").refresh_cookie(&elsewhere.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Access tokens issued before the change stop working at once, even where the handler
    // never reads the member row (marking news read).
    let news = app.get("/v1/news").send().await.json()["data"][0]["id"].clone();
    for token in [&elsewhere.access_token, &member.access_token] {
        app.get("/v1/me/user").bearer(token).send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.post("/v1/news/readables").bearer(token).json(&json!({ "readable_id": news })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    }
    // Answers that only personalise (OptionalMember) do not look the version up: they take the
    // token until it expires.
    app.get("/v1/news").bearer(&elsewhere.access_token).send().await.assert_status(StatusCode::OK);
    // This browser refreshes with its new cookie and goes on.
    let renewed = session_of(&app.post("/v1/auth/refresh").refresh_cookie(&fresh).send().await);
    app.get("/v1/me/user").bearer(&renewed.access_token).send().await.assert_status(StatusCode::OK);
    app.post("/v1/news/readables").bearer(&renewed.access_token).json(&json!({ "readable_id": news })).send().await.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(login(&app, "demo", "pw@example.jp", PASSWORD).await.json()["code"], "auth.login.failed");
    let after = session_of(&login(&app, "demo", "pw@example.jp", "changed2027").await);
    app.get("/v1/me/user").bearer(&after.access_token).send().await.assert_status(StatusCode::OK);
}

async fn a_password_reset_by_mail_ends_the_access_tokens_of_every_session(app: TestApp) {
    let member = registered_demo_member(&app, "reset@example.jp").await;
    app.post("/v1/reminder/request").json(&json!({ "email": "reset@example.jp" })).send().await.assert_status(StatusCode::ACCEPTED);
    let token = app.latest_mail_to("reset@example.jp").unwrap().link_token("/reminder/reset");
    let reset = json!({ "token": token, "password": "newpass2027", "password_confirmation": "newpass2027" });
    let after = session_of(&app.post("/v1/reminder/reset").json(&reset).send().await);
    app.get("/v1/me/user").bearer(&member.access_token).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/me/user").bearer(&after.access_token).send().await.assert_status(StatusCode::OK);
    session_of(&app.post("/v1/auth/refresh").refresh_cookie(&after.refresh).send().await);
}

async fn current_password_checks_are_limited_per_account(app: TestApp) {
    let member = registered_demo_member(&app, "guess@example.jp").await;
    let change = json!({ "current_password": "wrong-pass1", "password": "changed2027", "password_confirmation": "changed2027" });
    for _ in 0..10 {
        app.put("/v1/me/password").bearer(&member.access_token).json(&change).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    let answer = app.put("/v1/me/password").bearer(&member.access_token).json(&change).send().await;
    answer.assert_status(StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.json()["code"], "auth.rate_limited");
    // The same count guards the other checks of the current password.
    let question = json!({ "current_password": PASSWORD, "question_ct": 2, "answer": "タマ" });
    app.put("/v1/me/security-question").bearer(&member.access_token).json(&question).send().await.assert_status(StatusCode::TOO_MANY_REQUESTS);
    app.delete("/v1/me/user").bearer(&member.access_token).json(&json!({ "password": PASSWORD })).send().await.assert_status(StatusCode::TOO_MANY_REQUESTS);
}

async fn a_member_who_leaves_is_anonymised_and_the_address_is_free_again(app: TestApp) {
    let member = registered_demo_member(&app, "leave@example.jp").await;
    let answer = app.delete("/v1/me/user").bearer(&member.access_token).json(&json!({ "password": "wrong-pass1" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["password"].is_array());
    let answer = app.delete("/v1/me/user").bearer(&member.access_token).json(&json!({ "password": PASSWORD, "reason": "利用しなくなったため" })).send().await;
    answer.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(answer.cookie("shop_refresh").as_deref(), Some(""));
    app.get("/v1/me/user").bearer(&member.access_token).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // The token opens nothing else either.
    let news = app.get("/v1/news").send().await.json()["data"][0]["id"].clone();
    app.post("/v1/news/readables").bearer(&member.access_token).json(&json!({ "readable_id": news })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/auth/refresh").refresh_cookie(&member.refresh).send().await.assert_status(StatusCode::UNAUTHORIZED);
    assert_eq!(login(&app, "demo", "leave@example.jp", PASSWORD).await.json()["code"], "auth.login.failed");
    let again = registered_demo_member(&app, "leave@example.jp").await;
    assert_ne!(again.user_id, member.user_id);
}

/// A member as social login makes them (server/src/social_login on its branch): no password.
async fn member_without_password(app: &TestApp, email: &str) -> (String, String) {
    use shop::members::profile::{Profile, ProfileInput};
    use shop::members::store::{NewUser, insert_user};
    let input: ProfileInput = serde_json::from_value(demo_profile(email)).unwrap();
    let mut check = shop::validation::FieldCheck::default();
    let profile = Profile::check(input, false, &mut check).expect("a valid profile");
    let channel_id = app.channel_id("demo").await;
    let user = NewUser {
        channel_id: &channel_id,
        username: email,
        password_hash: "",
        is_registered_member: true,
        question_ct: None,
        answer_hash: None,
        synced_from_user_id: None,
        profile: &profile,
    };
    let mut tx = app.state.db.begin_write().await.unwrap();
    let now = time::OffsetDateTime::now_utc().unix_timestamp() * 1000;
    let row = insert_user(&mut tx, &user, now).await.unwrap();
    tx.commit().await.unwrap();
    let token = app.member_token(&row.id, "demo").await;
    (row.id.into_string(), token)
}

async fn a_member_without_a_password_leaves_with_a_mailed_code(app: TestApp) {
    let (_, token) = member_without_password(&app, "social@example.jp").await;
    let me = app.get("/v1/me/user").bearer(&token).send().await.json();
    assert_eq!(me["has_password"], false);
    // No password to type: the code is asked for instead.
    let answer = app.delete("/v1/me/user").bearer(&token).json(&json!({ "password": "anything1" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["code"][0], "必須項目です");
    let answer = app.post("/v1/me/leave-code").bearer(&token).send().await;
    answer.assert_status(StatusCode::ACCEPTED);
    assert_eq!(answer.json()["message"], "退会手続きの確認コードをメールでお送りしました。");
    let mail = app.latest_mail_to("social@example.jp").expect("the code is mailed");
    assert_eq!(mail.subject, "【ライドパーツ本舗】退会手続きの確認コード");
    let code = mail.code();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let answer = app.delete("/v1/me/user").bearer(&token).json(&json!({ "code": wrong })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["code"][0], "確認コードが正しくないか、有効期限が切れています。");
    let answer = app.delete("/v1/me/user").bearer(&token).json(&json!({ "code": code, "reason": "不要になったため" })).send().await;
    answer.assert_status(StatusCode::NO_CONTENT);
    assert_eq!(answer.cookie("shop_refresh").as_deref(), Some(""));
    app.get("/v1/me/user").bearer(&token).send().await.assert_status(StatusCode::UNAUTHORIZED);
    registered_demo_member(&app, "social@example.jp").await;

    // Members with a password leave with it; they get no code.
    let member = registered_demo_member(&app, "haspw@example.jp").await;
    assert_eq!(app.get("/v1/me/user").bearer(&member.access_token).send().await.json()["has_password"], true);
    let answer = app.post("/v1/me/leave-code").bearer(&member.access_token).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "members.leave.password");
    let answer = app.delete("/v1/me/user").bearer(&member.access_token).json(&json!({ "code": "123456" })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["password"][0], "必須項目です");
}

async fn only_the_newest_leave_code_counts(app: TestApp) {
    let (_, token) = member_without_password(&app, "social2@example.jp").await;
    app.post("/v1/me/leave-code").bearer(&token).send().await.assert_status(StatusCode::ACCEPTED);
    let older = app.latest_mail_to("social2@example.jp").unwrap().code();
    app.post("/v1/me/leave-code").bearer(&token).send().await.assert_status(StatusCode::ACCEPTED);
    let newer = app.latest_mail_to("social2@example.jp").unwrap().code();
    if older != newer {
        app.delete("/v1/me/user").bearer(&token).json(&json!({ "code": older })).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    app.delete("/v1/me/user").bearer(&token).json(&json!({ "code": newer })).send().await.assert_status(StatusCode::NO_CONTENT);
}

async fn the_security_question_changes_only_with_the_current_password(app: TestApp) {
    let member = registered_demo_member(&app, "question@example.jp").await;
    let change = |current: Value, question: Value, answer: Value| json!({ "current_password": current, "question_ct": question, "answer": answer });
    let answer = app.put("/v1/me/security-question").bearer(&member.access_token).json(&change(Value::Null, json!(2), Value::Null)).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.json()["errors"].clone();
    assert_eq!((errors["current_password"][0].clone(), errors["answer"][0].clone()), (json!("必須項目です"), json!("必須項目です")));
    let answer = app.put("/v1/me/security-question").bearer(&member.access_token).json(&change(json!("wrong-pass1"), json!(2), json!("タマ"))).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["current_password"], json!(["現在のパスワードが正しくありません"]));
    assert_eq!(app.get("/v1/me/user").bearer(&member.access_token).send().await.json()["question_ct"], Value::Null, "nothing changed");

    let answer = app.put("/v1/me/security-question").bearer(&member.access_token).json(&change(json!(PASSWORD), json!("2"), json!(" タマ "))).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["question_ct"], 2);
    assert_eq!(app.get("/v1/me/user").bearer(&member.access_token).send().await.json()["question_ct"], 2);

    // The reminder now asks the new question and takes its answer in any width or kana.
    app.post("/v1/reminder/request").json(&json!({ "email": "question@example.jp" })).send().await.assert_status(StatusCode::ACCEPTED);
    let token = app.latest_mail_to("question@example.jp").unwrap().link_token("/reminder/reset");
    assert_eq!(app.post("/v1/reminder/check").json(&json!({ "token": token })).send().await.json()["question_ct"], 2);
    let reset = |answer: &str| json!({ "token": token, "password": "newpass2027", "password_confirmation": "newpass2027", "answer": answer });
    let wrong = app.post("/v1/reminder/reset").json(&reset("ポチ")).send().await;
    assert_eq!(wrong.json()["errors"]["answer"][0], "秘密の質問の答えが正しくありません。");
    session_of(&app.post("/v1/reminder/reset").json(&reset("ﾀﾏ")).send().await);

    // A member without a password has no current password to prove.
    let (_, token) = member_without_password(&app, "social3@example.jp").await;
    let answer = app.put("/v1/me/security-question").bearer(&token).json(&change(json!("anything1"), json!(1), json!("ポチ"))).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["current_password"][0], "パスワードが設定されていないため、秘密の質問は変更できません。");
}

const PENDING_MESSAGE: &str = "新しいメールアドレスに確認メールをお送りしました。メールに記載のリンクを開くと、メールアドレスの変更が完了します。";

async fn a_new_email_replaces_the_old_one_only_when_its_link_is_opened(app: TestApp) {
    let member = registered_demo_member(&app, "before@example.jp").await;
    let mut profile = demo_profile("After@Example.jp");
    profile["city"] = json!("目黒区");
    let answer = app.put("/v1/me/user").bearer(&member.access_token).json(&profile).send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    assert_eq!((body["email"].clone(), body["pending_email"].clone()), (json!("before@example.jp"), json!("after@example.jp")));
    assert_eq!(body["message"], PENDING_MESSAGE);
    assert_eq!(body["city"], "目黒区", "the other fields change at once");
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await.json();
    assert_eq!((me["email"].clone(), me["pending_email"].clone()), (json!("before@example.jp"), json!("after@example.jp")));
    assert!(me.get("message").is_none());

    let confirm = app.latest_mail_to("after@example.jp").expect("a link to the new address");
    assert_eq!(confirm.subject, "【ライドパーツ本舗】メールアドレス変更のご確認");
    let token = confirm.link_token("/verify/email");
    let notice = app.latest_mail_to("before@example.jp").expect("a notice to the old address");
    assert_eq!(notice.subject, "【ライドパーツ本舗】メールアドレス変更のお申し込みについて");
    assert!(!notice.body.contains("token="), "the old address gets no link: {}", notice.body);
    // Until the link is opened the old address is the member's.
    assert_eq!(login(&app, "demo", "after@example.jp", PASSWORD).await.json()["code"], "auth.login.failed");
    session_of(&login(&app, "demo", "before@example.jp", PASSWORD).await);
    // Saving the profile again with the address shown (the old one) keeps the change pending.
    let mut again = demo_profile("before@example.jp");
    again["city"] = json!("目黒区");
    let answer = app.put("/v1/me/user").bearer(&member.access_token).json(&again).send().await;
    assert_eq!((answer.json()["pending_email"].clone(), answer.json().get("message").cloned()), (json!("after@example.jp"), None));

    let answer = app.post("/v1/email-verify/check").json(&json!({ "token": token })).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json(), json!({ "result": true, "is_registered_member": true, "email_changed": true }));
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await.json();
    assert_eq!((me["email"].clone(), me["pending_email"].clone()), (json!("after@example.jp"), Value::Null));
    assert_eq!(me["username"], "after@example.jp", "the login id was the address: it follows");
    session_of(&login(&app, "demo", "after@example.jp", PASSWORD).await);
    assert_eq!(login(&app, "demo", "before@example.jp", PASSWORD).await.json()["code"], "auth.login.failed");
    app.post("/v1/email-verify/check").json(&json!({ "token": token })).send().await.assert_status(StatusCode::NOT_FOUND);
    // The old address is free again.
    registered_demo_member(&app, "before@example.jp").await;
}

async fn an_email_change_names_a_taken_address_as_registration_does_and_old_links_die(app: TestApp) {
    let member = registered_demo_member(&app, "mover@example.jp").await;
    registered_demo_member(&app, "occupied@example.jp").await;
    let mails_before = app.mails_to("occupied@example.jp").len();
    let answer = app.put("/v1/me/user").bearer(&member.access_token).json(&demo_profile("OCCUPIED@example.jp")).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"], json!({ "email": ["このメールアドレスは既に登録されています。"] }));
    let registering = app.post("/v1/users").json(&demo_profile("occupied@example.jp")).send().await;
    assert_eq!(answer.json()["errors"]["email"], registering.json()["errors"]["email"], "no more than registration says");
    assert_eq!(app.mails_to("occupied@example.jp").len(), mails_before, "nothing is mailed to a taken address");
    assert_eq!(app.get("/v1/me/user").bearer(&member.access_token).send().await.json()["pending_email"], Value::Null);

    // A newer change replaces the older one: the first link dies.
    app.put("/v1/me/user").bearer(&member.access_token).json(&demo_profile("first@example.jp")).send().await.assert_status(StatusCode::OK);
    let first = app.latest_mail_to("first@example.jp").unwrap().link_token("/verify/email");
    app.put("/v1/me/user").bearer(&member.access_token).json(&demo_profile("second@example.jp")).send().await.assert_status(StatusCode::OK);
    let second = app.latest_mail_to("second@example.jp").unwrap().link_token("/verify/email");
    app.post("/v1/email-verify/check").json(&json!({ "token": first })).send().await.assert_status(StatusCode::NOT_FOUND);
    // Someone registers the new address before the member opens the link: the change is dropped.
    let mut body = demo_profile("second@example.jp");
    body["is_login"] = json!(false);
    app.post("/v1/users").json(&body).send().await.assert_status(StatusCode::CREATED);
    let answer = app.post("/v1/email-verify/check").json(&json!({ "token": second })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["email"][0], "このメールアドレスは既に登録されています。");
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await.json();
    assert_eq!((me["email"].clone(), me["pending_email"].clone()), (json!("mover@example.jp"), Value::Null));
    app.post("/v1/email-verify/check").json(&json!({ "token": second })).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn a_corporate_buyer_not_yet_verified_can_change_the_address_before_verifying(app: TestApp) {
    let answer = app.post("/v1/users").channel("corporate").json(&corporate_profile("typo@ride-shokai.co.jp")).send().await;
    let token = answer.json()["login"]["access_token"].as_str().unwrap().to_owned();
    app.post("/v1/email-verify/request").channel("corporate").bearer(&token).send().await.assert_status(StatusCode::ACCEPTED);
    let verify_old = app.latest_mail_to("typo@ride-shokai.co.jp").unwrap().link_token("/verify/email");
    let answer = app.put("/v1/me/user").channel("corporate").bearer(&token).json(&corporate_profile("right@ride-shokai.co.jp")).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["is_registered_member"], false);
    let change = app.latest_mail_to("right@ride-shokai.co.jp").unwrap().link_token("/verify/email");
    // The verification link of the old address still verifies the old address, and leaves
    // the change pending.
    let answer = app.post("/v1/email-verify/check").channel("corporate").json(&json!({ "token": verify_old })).send().await;
    assert_eq!(answer.json()["email_changed"], false);
    let me = app.get("/v1/me/user").channel("corporate").bearer(&token).send().await.json();
    assert_eq!((me["is_registered_member"].clone(), me["pending_email"].clone()), (json!(true), json!("right@ride-shokai.co.jp")));
    let answer = app.post("/v1/email-verify/check").channel("corporate").json(&json!({ "token": change })).send().await;
    assert_eq!(answer.json()["email_changed"], true);
    assert_eq!(app.get("/v1/me/user").channel("corporate").bearer(&token).send().await.json()["email"], "right@ride-shokai.co.jp");
}

async fn a_demo_member_logs_in_to_the_sibling_corporate_shop_by_login_sync(app: TestApp) {
    let member = registered_demo_member(&app, "sync@example.jp").await;
    let sync = |password: &str| json!({ "username": "sync@example.jp", "password": password });
    let wrong = app.post("/v1/auth/login-sync-channel").channel("corporate").json(&sync("wrong-pass1")).send().await;
    assert_eq!(wrong.json()["code"], "auth.login.failed");
    let answer = app.post("/v1/auth/login-sync-channel").channel("corporate").json(&sync(PASSWORD)).send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    // The corporate shop asks every login for a code (MFA).
    assert_eq!((body["is_verify"].clone(), body["is_sync_user_channel"].clone()), (json!(true), json!(true)));
    let linked_id = body["user_id"].as_str().unwrap().to_owned();
    assert_ne!(linked_id, member.user_id, "a new account of the corporate shop");
    let code = app.latest_mail_to("sync@example.jp").unwrap().code();
    let verify = json!({ "verify_code": code, "user_id": linked_id, "is_sync_user_channel": true });
    let answer = app.post("/v1/auth/verify").channel("corporate").json(&verify).send().await;
    let session = session_of(&answer);
    assert_eq!(answer.json()["is_sync_user_channel"], true);
    let me = app.get("/v1/me/user").channel("corporate").bearer(&session.access_token).send().await.json();
    assert_eq!((me["email"].clone(), me["last_name"].clone()), (json!("sync@example.jp"), json!("山田")));
    let history = app.get("/v1/me/login-histories").channel("corporate").bearer(&session.access_token).send().await.json();
    assert_eq!(history["data"][0]["method"], "sync");
    // Again: the same linked account; and its own password works here from now on.
    let again = app.post("/v1/auth/login-sync-channel").channel("corporate").json(&sync(PASSWORD)).send().await;
    assert_eq!(again.json()["user_id"], linked_id.as_str());
    assert_eq!(login(&app, "corporate", "sync@example.jp", PASSWORD).await.json()["user_id"], linked_id.as_str());
}

async fn login_sync_never_takes_over_an_existing_account(app: TestApp) {
    registered_demo_member(&app, "both@example.jp").await;
    app.post("/v1/users").channel("corporate").json(&corporate_profile("both@example.jp")).send().await.assert_status(StatusCode::CREATED);
    let answer =
        app.post("/v1/auth/login-sync-channel").channel("corporate").json(&json!({ "username": "both@example.jp", "password": PASSWORD })).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "auth.sync.exists");
    // Unknown on the sibling shop: the generic failure.
    let answer =
        app.post("/v1/auth/login-sync-channel").channel("corporate").json(&json!({ "username": "nobody@example.jp", "password": PASSWORD })).send().await;
    assert_eq!(answer.json()["code"], "auth.login.failed");
}

async fn the_documented_demo_members_log_in(app: TestApp) {
    let member = session_of(&login(&app, "demo", "demo-member", "ride2026demo").await);
    let me = app.get("/v1/me/user").bearer(&member.access_token).send().await.json();
    assert_eq!((me["email"].clone(), me["last_name"].clone(), me["question_ct"].clone()), (json!("member@example.com"), json!("山田"), json!(1)));
    assert_eq!(me["is_registered_member"], true);
    session_of(&login(&app, "demo", "member@example.com", "ride2026demo").await);
    // The corporate buyer: registered, and the shop asks for the mailed code.
    let answer = login(&app, "corporate", "buyer@example.co.jp", "tsunagu2026").await;
    answer.assert_status(StatusCode::OK);
    assert_eq!((answer.json()["is_verify"].clone(), answer.json()["is_registered_member"].clone()), (json!(true), json!(true)));
    let code = app.latest_mail_to("buyer@example.co.jp").unwrap().code();
    let verify = json!({ "verify_code": code, "user_id": answer.json()["user_id"] });
    let buyer = session_of(&app.post("/v1/auth/verify").channel("corporate").json(&verify).send().await);
    let me = app.get("/v1/me/user").channel("corporate").bearer(&buyer.access_token).send().await.json();
    assert_eq!(me["corporation"], "株式会社つなぐ商事");
}

on_both_databases!(
    the_documented_demo_members_log_in,
    a_demo_member_registers_types_the_code_and_stays_logged_in,
    registering_without_login_starts_nothing_until_the_first_login,
    a_corporate_buyer_is_logged_in_at_once_verifies_by_mail_and_logs_in_with_a_code,
    five_wrong_passwords_lock_the_account_until_the_mailed_link_opens_it,
    unknown_addresses_get_exactly_the_answers_of_known_ones,
    a_password_reminder_asks_the_security_question_after_the_link,
    a_username_reminder_shows_the_login_id_and_can_change_it,
    reusing_a_rotated_refresh_token_ends_the_whole_session,
    two_tabs_refreshing_at_the_same_moment_both_stay_logged_in,
    a_refresh_cookie_is_secure_behind_https,
    member_calls_need_a_valid_token_of_this_shop,
    a_member_sees_only_their_own_data,
    the_login_history_is_paginated_newest_first,
    login_attempts_from_one_address_are_rate_limited,
    code_checks_and_reminders_are_rate_limited,
    registration_is_rate_limited,
    registration_errors_are_japanese_field_messages_and_change_nothing,
    the_profile_is_updated_with_the_same_rules,
    changing_the_password_ends_other_sessions,
    a_password_reset_by_mail_ends_the_access_tokens_of_every_session,
    current_password_checks_are_limited_per_account,
    a_member_without_a_password_leaves_with_a_mailed_code,
    only_the_newest_leave_code_counts,
    the_security_question_changes_only_with_the_current_password,
    a_new_email_replaces_the_old_one_only_when_its_link_is_opened,
    an_email_change_names_a_taken_address_as_registration_does_and_old_links_die,
    a_corporate_buyer_not_yet_verified_can_change_the_address_before_verifying,
    a_member_who_leaves_is_anonymised_and_the_address_is_free_again,
    a_demo_member_logs_in_to_the_sibling_corporate_shop_by_login_sync,
    login_sync_never_takes_over_an_existing_account,
);
