//! Staff of a shop (issue 14): accounts made with `shop staff create`, a login in two steps
//! (password, then the authenticator's TOTP code), a session cookie that only reaches
//! `/v1/admin` of its own shop, lockout, owner-only calls and the audit log.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;
use shop::staff::create::{Created, NewAccount};
use shop::staff::totp;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;

const FAILED_MESSAGE: &str = "メールアドレス、パスワードまたは確認コードが正しくありません。5回続けて間違えると15分間ログインできなくなります。";
pub(crate) const PASSWORD: &str = "staff-password-2026";

pub(crate) async fn create(app: &TestApp, channel: &str, email: &str, role: StaffRole) -> Created {
    let account =
        NewAccount { channel_code: channel.into(), email: email.into(), name: format!("{} 担当", role.as_str()), role, password: Some(PASSWORD.into()) };
    shop::staff::create::create(&app.state.db, &app.state.totp_keys, account).await.expect("staff created")
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

fn code(created: &Created, offset_steps: i64) -> String {
    totp::code_at(&created.totp_secret, (now_seconds() as i64 + offset_steps * 30) as u64).unwrap()
}

pub(crate) async fn password_step(app: &TestApp, channel: &str, email: &str, password: &str) -> Answer {
    app.post("/v1/admin/auth/login").channel(channel).json(&json!({ "email": email, "password": password })).send().await
}

async fn code_step(app: &TestApp, channel: &str, pending: &str, code: &str) -> Answer {
    app.post("/v1/admin/auth/totp").channel(channel).json(&json!({ "pending": pending, "code": code })).send().await
}

async fn pending_step(app: &TestApp, channel: &str, email: &str) -> String {
    let answer = password_step(app, channel, email, PASSWORD).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer.json()["pending"].as_str().expect("a pending step").to_owned()
}

/// Logs in with the code of the current step; the session cookie's value.
pub(crate) async fn log_in(app: &TestApp, channel: &str, created: &Created) -> String {
    let pending = pending_step(app, channel, &created.email).await;
    let answer = code_step(app, channel, &pending, &code(created, 0)).await;
    answer.assert_status(StatusCode::OK);
    answer.cookie("shop_staff").expect("the session cookie")
}

pub(crate) fn assert_failed(answer: &Answer) {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let body = answer.json();
    assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some("admin.login.failed"), Some(FAILED_MESSAGE)), "{body}");
}

pub(crate) async fn me(app: &TestApp, channel: &str, cookie: &str) -> Answer {
    app.get("/v1/admin/auth/me").channel(channel).header("cookie", &format!("shop_staff={cookie}")).send().await
}

pub(crate) async fn audit_actions(app: &TestApp, cookie: &str) -> Vec<(String, String, String)> {
    let answer = app.get("/v1/admin/audit-log?per=100").channel("demo").header("cookie", &format!("shop_staff={cookie}")).send().await;
    answer.assert_status(StatusCode::OK);
    let body = answer.json();
    let entries = body["data"].as_array().unwrap();
    assert_eq!(answer.header("x-total"), entries.len().to_string());
    entries.iter().map(|e| (e["staff_name"].as_str().unwrap().into(), e["action"].as_str().unwrap().into(), e["target"].as_str().unwrap().into())).collect()
}

async fn staff_log_in_with_password_and_authenticator_code_and_out_again(app: TestApp) {
    let owner = create(&app, "demo", "Owner@Example.jp", StaffRole::Owner).await;
    assert_eq!(owner.email, "owner@example.jp");
    assert!(owner.otpauth_uri.starts_with("otpauth://totp/") && owner.otpauth_uri.contains(&owner.totp_secret));

    let pending = pending_step(&app, "demo", " OWNER@example.jp ").await;
    let answer = code_step(&app, "demo", &pending, &code(&owner, 0)).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(
        answer.json()["staff"],
        json!({ "id": owner.id, "name": "owner 担当", "email": "owner@example.jp", "role": "owner", "role_label": "オーナー",
                "permissions": ["orders_view", "orders_edit", "payments_confirm", "shipping", "orders_cancel", "personal_data_export", "inquiries", "shop_settings", "audit_log", "catalog_view", "stock", "catalog_edit", "staff_manage", "refund", "reports", "members_view", "members_edit", "points_adjust"] })
    );
    let cookie = answer.cookie("shop_staff").unwrap();
    let line = answer.set_cookie("shop_staff").unwrap();
    assert_eq!(line, format!("shop_staff={cookie}; Path=/v1/admin; Max-Age=604800; HttpOnly; SameSite=Strict"), "no Secure over plain HTTP");
    assert_eq!(answer.header("cache-control"), "no-store");

    let answer = me(&app, "demo", &cookie).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["staff"]["role"], "owner");

    // The pending step is used up by the login.
    code_step(&app, "demo", &pending, &code(&owner, 1)).await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);

    let out = app.post("/v1/admin/auth/logout").channel("demo").header("cookie", &format!("shop_staff={cookie}")).send().await;
    out.assert_status(StatusCode::NO_CONTENT);
    assert!(out.set_cookie("shop_staff").unwrap().contains("Max-Age=0"));
    me(&app, "demo", &cookie).await.assert_status(StatusCode::UNAUTHORIZED);
    me(&app, "demo", "").await.assert_status(StatusCode::UNAUTHORIZED);

    // Over HTTPS (as the proxy says) the cookie is Secure; a code of the next step is accepted.
    let pending = pending_over_https(&app, &owner).await;
    let answer = app
        .post("/v1/admin/auth/totp")
        .channel("demo")
        .header("x-forwarded-proto", "https")
        .json(&json!({ "pending": pending, "code": format!(" {} ", code(&owner, 1)) }))
        .send()
        .await;
    answer.assert_status(StatusCode::OK);
    assert!(answer.set_cookie("shop_staff").unwrap().ends_with("; Secure"));
}

async fn pending_over_https(app: &TestApp, created: &Created) -> String {
    let answer = app
        .post("/v1/admin/auth/login")
        .channel("demo")
        .header("x-forwarded-proto", "https")
        .json(&json!({ "email": created.email, "password": PASSWORD }))
        .send()
        .await;
    answer.assert_status(StatusCode::OK);
    answer.json()["pending"].as_str().unwrap().to_owned()
}

async fn wrong_passwords_and_codes_get_one_answer_and_five_lock_the_account(app: TestApp) {
    let staff = create(&app, "demo", "staff@example.jp", StaffRole::OrderClerk).await;
    assert_failed(&password_step(&app, "demo", "nobody@example.jp", PASSWORD).await);
    assert_failed(&password_step(&app, "demo", "staff@example.jp", "wrong-password-1").await);
    let pending = pending_step(&app, "demo", "staff@example.jp").await;
    let wrong_code = if code(&staff, 0) == "000000" { "111111" } else { "000000" };
    assert_failed(&code_step(&app, "demo", &pending, wrong_code).await);
    assert_failed(&code_step(&app, "demo", &pending, "12345").await);
    assert_failed(&code_step(&app, "demo", &pending, &code(&staff, -2)).await);
    // Five in a row: locked. The right password and code get the very same answer.
    assert_failed(&password_step(&app, "demo", "staff@example.jp", "wrong-password-2").await);
    assert_failed(&password_step(&app, "demo", "staff@example.jp", PASSWORD).await);
    assert_failed(&code_step(&app, "demo", &pending, &code(&staff, 0)).await);

    // Fifteen minutes later (moved into the past here) the account opens again.
    sqlx::query("UPDATE staff SET locked_until = locked_until - 900000").execute(&app.state.db.pool).await.unwrap();
    log_in(&app, "demo", &staff).await;

    // The pending step lasts five minutes.
    let late = pending_step(&app, "demo", "staff@example.jp").await;
    sqlx::query("UPDATE staff_login_pending SET expires_at = expires_at - 300000").execute(&app.state.db.pool).await.unwrap();
    let answer = code_step(&app, "demo", &late, &code(&staff, 1)).await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "admin.login.expired");
}

async fn a_code_is_accepted_once(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let used = code(&owner, 0);
    let first = pending_step(&app, "demo", "owner@example.jp").await;
    code_step(&app, "demo", &first, &used).await.assert_status(StatusCode::OK);
    // Seen over a shoulder and typed again within its 30 seconds: refused, also the step before.
    let second = pending_step(&app, "demo", "owner@example.jp").await;
    assert_failed(&code_step(&app, "demo", &second, &used).await);
    assert_failed(&code_step(&app, "demo", &second, &code(&owner, -1)).await);
    // The next step's code is new.
    code_step(&app, "demo", &second, &code(&owner, 1)).await.assert_status(StatusCode::OK);
    let cookie = log_in_later(&app, &owner).await;
    let actions: Vec<String> = audit_actions(&app, &cookie).await.into_iter().map(|(_, action, _)| action).collect();
    assert_eq!(actions.iter().filter(|a| *a == "login_failed").count(), 2, "{actions:?}");
}

/// A login once the codes of the next step are used: a session made directly, as the
/// authenticator would be one step further on.
pub(crate) async fn log_in_later(app: &TestApp, created: &Created) -> String {
    sqlx::query("UPDATE staff SET totp_last_step = 0 WHERE id = $1").bind(&created.id).execute(&app.state.db.pool).await.unwrap();
    log_in(app, "demo", created).await
}

async fn a_session_never_reaches_another_shop(app: TestApp) {
    let demo_owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let cookie = log_in(&app, "demo", &demo_owner).await;
    me(&app, "demo", &cookie).await.assert_status(StatusCode::OK);
    me(&app, "corporate", &cookie).await.assert_status(StatusCode::UNAUTHORIZED);
    app.get("/v1/admin/audit-log").channel("corporate").header("cookie", &format!("shop_staff={cookie}")).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Staff of one shop is unknown to the other, even with the same address.
    assert_failed(&password_step(&app, "corporate", "owner@example.jp", PASSWORD).await);
    let pending = pending_step(&app, "demo", "owner@example.jp").await;
    let answer = code_step(&app, "corporate", &pending, &code(&demo_owner, 1)).await;
    assert_eq!((answer.status, answer.json()["code"].clone()), (StatusCode::UNPROCESSABLE_ENTITY, json!("admin.login.expired")));

    // Twelve hours without a request end the session.
    me(&app, "demo", &cookie).await.assert_status(StatusCode::OK);
    sqlx::query("UPDATE staff_sessions SET last_seen_at = last_seen_at - 43200000").execute(&app.state.db.pool).await.unwrap();
    me(&app, "demo", &cookie).await.assert_status(StatusCode::UNAUTHORIZED);
}

async fn only_the_owner_reads_the_audit_log_of_logins_failures_and_logouts(app: TestApp) {
    let owner = create(&app, "demo", "owner@example.jp", StaffRole::Owner).await;
    let staff = create(&app, "demo", "staff@example.jp", StaffRole::OrderClerk).await;
    let other_shop = create(&app, "corporate", "owner@example.jp", StaffRole::Owner).await;
    log_in(&app, "corporate", &other_shop).await;

    assert_failed(&password_step(&app, "demo", "staff@example.jp", "wrong-password-1").await);
    let staff_cookie = log_in(&app, "demo", &staff).await;
    let answer = app.get("/v1/admin/audit-log").channel("demo").header("cookie", &format!("shop_staff={staff_cookie}")).send().await;
    answer.assert_status(StatusCode::FORBIDDEN);
    assert_eq!(answer.json(), json!({ "message": "この操作は店舗オーナーのみ行えます。", "code": "staff.forbidden" }));
    app.post("/v1/admin/auth/logout")
        .channel("demo")
        .header("cookie", &format!("shop_staff={staff_cookie}"))
        .send()
        .await
        .assert_status(StatusCode::NO_CONTENT);

    let owner_cookie = log_in(&app, "demo", &owner).await;
    let entries = audit_actions(&app, &owner_cookie).await;
    let expected: Vec<(String, String, String)> =
        [("owner 担当", "login", ""), ("order_clerk 担当", "logout", ""), ("order_clerk 担当", "login", ""), ("order_clerk 担当", "login_failed", "password")]
            .iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect();
    assert_eq!(entries, expected, "newest first, this shop's only");

    let page = app.get("/v1/admin/audit-log?per=2&page=2").channel("demo").header("cookie", &format!("shop_staff={owner_cookie}")).send().await;
    page.assert_status(StatusCode::OK);
    assert_eq!((page.header("x-total"), page.header("x-last-page"), page.header("x-current-page")), ("4", "2", "2"));
    let body: Value = page.json();
    assert_eq!(body["data"][0]["action"], "login");
    assert!(body["data"][0]["at"].as_str().unwrap().ends_with('Z'));
    app.get("/v1/admin/audit-log").channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
}

/// `shop staff create` on the database a running server uses; the password from stdin.
async fn the_command_line_creates_staff_who_can_log_in(app: TestApp) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["staff", "create", "--channel", "demo", "--email", "cli@example.jp", "--name", "山田 花子", "--role", "order-clerk", "--password-stdin"])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("SHOP_DATA_DIR", &app.state.config.data_dir)
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(format!("{PASSWORD}\n").as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(!stdout.contains("password:"), "a password given on stdin is not printed: {stdout}");
    let secret = stdout.lines().find_map(|l| l.strip_prefix("TOTP secret (base32): ")).expect("the secret is printed").to_owned();
    assert!(stdout.contains("otpauth://totp/"), "{stdout}");

    let pending = pending_step(&app, "demo", "cli@example.jp").await;
    let answer = code_step(&app, "demo", &pending, &totp::code_at(&secret, now_seconds()).unwrap()).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["staff"]["name"], "山田 花子");

    // The same address again is refused; without --password-stdin a password is generated.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["staff", "create", "--channel", "demo", "--email", "cli@example.jp", "--name", "x", "--role", "owner"])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("SHOP_DATA_DIR", &app.state.config.data_dir)
        .output()
        .unwrap();
    assert!(!again.status.success());
    let generated = std::process::Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["staff", "create", "--channel", "demo", "--email", "owner2@example.jp", "--name", "オーナー", "--role", "owner"])
        .env("DATABASE_URL", &app.state.config.database_url)
        .env("SHOP_DATA_DIR", &app.state.config.data_dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&generated.stdout).into_owned();
    let password = stdout.lines().find_map(|l| l.strip_prefix("password: ")).expect("a generated password is printed");
    assert_eq!(password.len(), 20);
    password_step(&app, "demo", "owner2@example.jp", password).await.assert_status(StatusCode::OK);
}

/// [1; 32] and [2; 32] as `openssl rand -base64 32` would print them.
const KEY_1: &str = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=";
const KEY_2: &str = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=";

async fn stored_secret(app: &TestApp, id: &str) -> String {
    sqlx::query_scalar("SELECT totp_secret FROM staff WHERE id = $1").bind(id).fetch_one(&app.state.db.pool).await.unwrap()
}

/// `SHOP_TOTP_KEY`: a copy of the database no longer gives away every authenticator. Secrets
/// are sealed from the start with a key, kept ones are sealed at the next start, a rotation
/// seals them again, and a start that could not open them is refused with what to set.
async fn totp_secrets_are_sealed_at_rest_with_the_environments_key(app: TestApp) {
    let before = create(&app, "demo", "before@example.jp", StaffRole::OrderClerk).await;
    assert_eq!(stored_secret(&app, &before.id).await, before.totp_secret, "no key: kept as it is");

    let keyed = app.restarted(|config| config.totp_key = Some(KEY_1.parse().unwrap())).await.expect("starts with a key");
    let sealed = stored_secret(&keyed, &before.id).await;
    assert!(sealed.starts_with("sealed1:") && !sealed.contains(&before.totp_secret), "{sealed}");
    let after = create(&keyed, "demo", "after@example.jp", StaffRole::Owner).await;
    let sealed_after = stored_secret(&keyed, &after.id).await;
    assert!(sealed_after.starts_with("sealed1:") && !sealed_after.contains(&after.totp_secret), "{sealed_after}");
    log_in(&keyed, "demo", &before).await;
    log_in(&keyed, "demo", &after).await;

    let rotated = app
        .restarted(|config| {
            config.totp_key = Some(KEY_2.parse().unwrap());
            config.totp_key_previous = Some(KEY_1.parse().unwrap());
        })
        .await
        .expect("starts while rotating");
    let resealed = stored_secret(&rotated, &before.id).await;
    assert!(resealed.starts_with("sealed1:") && resealed != sealed, "sealed again with the new key");
    // The next time step: the current one was used above.
    let pending = pending_step(&rotated, "demo", &before.email).await;
    code_step(&rotated, "demo", &pending, &code(&before, 1)).await.assert_status(StatusCode::OK);

    let without = app.restarted(|config| config.totp_key = None).await.err().expect("no start without the key");
    assert!(format!("{without:#}").contains("set SHOP_TOTP_KEY"), "{without:#}");
    let old_only = app.restarted(|config| config.totp_key = Some(KEY_1.parse().unwrap())).await.err().expect("no start with the old key alone");
    assert!(format!("{old_only:#}").contains("does not open with SHOP_TOTP_KEY"), "{old_only:#}");
    assert_eq!(stored_secret(&rotated, &before.id).await, resealed, "a refused start changes nothing");

    // With only the previous key the sealing is undone.
    let undone = app.restarted(|config| config.totp_key_previous = Some(KEY_2.parse().unwrap())).await.expect("starts to undo");
    assert_eq!(stored_secret(&undone, &before.id).await, before.totp_secret);
}

on_both_databases!(
    totp_secrets_are_sealed_at_rest_with_the_environments_key,
    staff_log_in_with_password_and_authenticator_code_and_out_again,
    wrong_passwords_and_codes_get_one_answer_and_five_lock_the_account,
    a_code_is_accepted_once,
    a_session_never_reaches_another_shop,
    only_the_owner_reads_the_audit_log_of_logins_failures_and_logouts,
    the_command_line_creates_staff_who_can_log_in,
);
