//! Two `shop serve` processes on one database, as behind a load balancer (issue 12). What one
//! instance does, the other honours: a login and the reuse rule of refresh tokens, the last
//! units of stock, catalogue edits in keyword search, rate limits and lockouts. Neither is
//! given a secret: they share the one the first start kept in the database. Also: two first
//! starts at once on an empty database seed the demo shops once, and without `--demo` a first
//! start seeds nothing.
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::cart::{forget_seeded_history, product, ready_guest_cart, stock_of};
use crate::helpers::{Backend, TestApp};
use crate::on_both_databases;
use crate::process::Server;

const BUYERS: usize = 200;
const STOCK: i64 = 10;

struct Pair {
    a: Server,
    b: Server,
    http: reqwest::Client,
    _dir: tempfile::TempDir,
}

/// Two instances on the test app's database, started at the same moment.
async fn pair(app: &TestApp, env: &[(&str, &str)]) -> Pair {
    let dir = tempfile::tempdir().unwrap();
    let url = &app.state.config.database_url;
    let mut a = Server::start(url, &dir.path().join("a"), &[], env);
    let mut b = Server::start(url, &dir.path().join("b"), &[], env);
    let http = reqwest::Client::builder().timeout(Duration::from_secs(120)).pool_max_idle_per_host(BUYERS).build().unwrap();
    a.wait_healthy(&http).await;
    b.wait_healthy(&http).await;
    Pair { a, b, http, _dir: dir }
}

/// A solved bot-check proof from `server`'s challenge, as the storefront sends it.
async fn proof(http: &reqwest::Client, server: &Server) -> String {
    let (status, body) = server.call(http, Method::GET, "/v1/bot-check", None, None).await;
    assert_eq!(status, 200, "{body}");
    let challenge: shop::bot_check::altcha::Challenge = serde_json::from_value(body["challenge"].clone()).unwrap();
    shop::bot_check::altcha::header_value(&challenge, shop::bot_check::altcha::solve(&challenge).unwrap())
}

/// A login on `server` with a proof from its own challenge: the answer and the refresh cookie's value.
async fn login(http: &reqwest::Client, server: &Server, username: &str, password: &str) -> (u16, Value, Option<String>) {
    let proof = proof(http, server).await;
    login_with_proof(http, server, username, password, &proof).await
}

async fn login_with_proof(http: &reqwest::Client, server: &Server, username: &str, password: &str, proof: &str) -> (u16, Value, Option<String>) {
    let answer = http
        .post(format!("{}/v1/auth/login", server.base))
        .header("x-channel", "demo")
        .header("content-type", "application/json")
        .header("x-bot-check", proof)
        .body(json!({ "username": username, "password": password }).to_string())
        .send()
        .await
        .unwrap();
    with_refresh_cookie(answer).await
}

async fn refresh(http: &reqwest::Client, server: &Server, cookie: &str) -> (u16, Value, Option<String>) {
    let answer =
        http.post(format!("{}/v1/auth/refresh", server.base)).header("x-channel", "demo").header("cookie", format!("shop_refresh={cookie}")).send().await;
    with_refresh_cookie(answer.unwrap()).await
}

async fn with_refresh_cookie(answer: reqwest::Response) -> (u16, Value, Option<String>) {
    let status = answer.status().as_u16();
    let cookie = answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("shop_refresh=").map(|rest| rest.split(';').next().unwrap_or("").to_owned()))
        .filter(|value| !value.is_empty());
    let body = serde_json::from_slice(&answer.bytes().await.unwrap()).unwrap_or(Value::Null);
    (status, body, cookie)
}

async fn a_login_on_one_instance_is_honoured_by_the_other_and_refresh_reuse_behaves_as_on_one(app: TestApp) {
    let Pair { a, b, http, .. } = pair(&app, &[]).await;
    // The bot check's key is shared: B's challenge, solved, is accepted by A — and only once,
    // on either instance.
    let from_b = proof(&http, &b).await;
    let (status, body, first_cookie) = login_with_proof(&http, &a, "demo-member", "ride2026demo", &from_b).await;
    assert_eq!(status, 200, "{body}");
    let (status, replayed, _) = login_with_proof(&http, &b, "demo-member", "ride2026demo", &from_b).await;
    assert_eq!((status, replayed["code"].as_str()), (422, Some("bot_check.failed")), "a proof used on A is refused on B: {replayed}");
    let token = body["access_token"].as_str().unwrap().to_owned();
    let first_cookie = first_cookie.expect("a refresh cookie");

    let (status, me) = b.call(&http, Method::GET, "/v1/me/user", Some(&token), None).await;
    assert_eq!(status, 200, "B honours A's access token: {me}");
    assert_eq!(me["user"]["id"].as_str().or(me["id"].as_str()), body["user_id"].as_str(), "{me}");

    // Rotated on B; the old token presented on A at once is a second tab: a sibling, as on one.
    let (status, _, second_cookie) = refresh(&http, &b, &first_cookie).await;
    assert_eq!(status, 200);
    let second_cookie = second_cookie.expect("a rotated cookie");
    let (status, _, sibling) = refresh(&http, &a, &first_cookie).await;
    assert_eq!(status, 200, "a token rotated moments ago on the other instance still counts as the same browser");
    assert!(sibling.is_some());

    // Once the grace is over, presenting the rotated token is a copied cookie: on A it revokes
    // the whole family, so B refuses the newer tokens too.
    sqlx::query("UPDATE refresh_tokens SET rotated_at = rotated_at - 60000 WHERE rotated_at IS NOT NULL").execute(&app.state.db.pool).await.unwrap();
    let (status, _, _) = refresh(&http, &a, &first_cookie).await;
    assert_eq!(status, 401, "reuse of a rotated token is refused");
    let (status, _, _) = refresh(&http, &b, &second_cookie).await;
    assert_eq!(status, 401, "and the family it belonged to is revoked on every instance");
}

async fn two_hundred_buyers_over_both_instances_get_exactly_the_ten_units(app: TestApp) {
    forget_seeded_history(&app).await;
    let variation = product(&app, "twin", 1200, 10, STOCK).await;
    let mut tokens = Vec::with_capacity(BUYERS);
    for _ in 0..BUYERS {
        tokens.push(ready_guest_cart(&app, &variation, 1, "cod").await);
    }
    let pair = Arc::new(pair(&app, &[]).await);
    let gate = Arc::new(tokio::sync::Barrier::new(BUYERS));
    let mut deciding = tokio::task::JoinSet::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let (pair, gate) = (pair.clone(), gate.clone());
        deciding.spawn(async move {
            let server = if n % 2 == 0 { &pair.a } else { &pair.b };
            gate.wait().await;
            server.call(&pair.http, Method::POST, &format!("/v1/carts/{token}/decision"), None, Some(&json!({}))).await
        });
    }
    let (mut sold, mut sold_out) = (0, 0);
    let started = Instant::now();
    while let Some(answer) = deciding.join_next().await {
        match answer.unwrap() {
            (200, _) => sold += 1,
            (422, body) if body["code"] == "cart.decision.out_of_stock" => sold_out += 1,
            (status, body) => panic!("unexpected {status}: {body}"),
        }
    }
    eprintln!("two instances: {BUYERS} decisions in {:.2} s", started.elapsed().as_secs_f64());
    assert_eq!((sold, sold_out), (STOCK, BUYERS as i64 - STOCK));
    let orders: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT order_id) FROM order_lines WHERE variation_key = $1")
        .bind(&variation)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(orders, STOCK, "exactly as many orders as units");
    assert_eq!(stock_of(&app, &variation).await, 0);
}

async fn rate_limits_and_lockouts_count_across_both_instances(app: TestApp) {
    let Pair { a, b, http, .. } = pair(&app, &[]).await;
    for attempt in 0..5 {
        let server = if attempt % 2 == 0 { &a } else { &b };
        let (status, body, _) = login(&http, server, "demo-member", "wrong-password").await;
        assert_eq!((status, body["code"].as_str()), (422, Some("auth.login.failed")), "{body}");
    }
    for server in [&a, &b] {
        let (status, body, _) = login(&http, server, "demo-member", "ride2026demo").await;
        assert_eq!((status, body["code"].as_str()), (422, Some("auth.login.locked")), "five failures over two instances lock the account: {body}");
    }
    // Seven logins so far from this address; the limit is 30 per 10 minutes for both together.
    let mut attempts = 7;
    let first_refused = loop {
        attempts += 1;
        let server = if attempts % 2 == 0 { &a } else { &b };
        let (status, body, _) = login(&http, server, &format!("nobody{attempts}"), "wrong-password").await;
        if status == 429 {
            assert_eq!(body["code"], "auth.rate_limited");
            break attempts;
        }
        assert!(attempts < 40, "no limit after {attempts} logins over two instances");
    };
    // 31st (32nd when the test straddles the limit's window boundary, which weighs the last window).
    assert!((31..=32).contains(&first_refused), "the 30-a-window limit counted both instances: refused at {first_refused}");
    for server in [&a, &b] {
        let (status, _, _) = login(&http, server, "nobody-else", "wrong-password").await;
        assert_eq!(status, 429, "both instances refuse now");
    }
}

/// Keys of what `keyword` finds on `server`.
async fn found_on(pair: &Pair, server: &Server, keyword: &str) -> Vec<String> {
    let encoded: String = keyword.bytes().map(|b| format!("%{b:02X}")).collect();
    let (status, body) = server.call(&pair.http, Method::GET, &format!("/v1/products?keyword={encoded}"), None, None).await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().iter().map(|item| item["key"].as_str().unwrap().to_owned()).collect()
}

async fn a_catalogue_edit_reaches_keyword_search_on_both_instances_within_seconds(app: TestApp) {
    let pair = pair(&app, &[]).await;
    let before_a = found_on(&pair, &pair.a, "GK-839").await;
    assert_eq!(before_a.len(), 1, "both indexes are built before the edit");
    assert_eq!(found_on(&pair, &pair.b, "GK-839").await, before_a);
    let key = &before_a[0];
    let id: String = sqlx::query_scalar("SELECT id FROM products WHERE product_key = $1").bind(key).fetch_one(&app.state.db.pool).await.unwrap();

    // The edit as the back office will make it: through the catalogue's store, telling no instance.
    let channel_id = app.channel_id("demo").await;
    let mut tx = app.state.db.begin_write().await.unwrap();
    let edit = shop::catalog::store::product_writes::ProductEdit { name: Some("ツインインスタンス検証グローブ".into()), ..Default::default() };
    assert!(shop::catalog::store::product_writes::update_product(&mut tx, &channel_id, &id, &edit, shop::infra::time::Timestamp::now().0).await.unwrap());
    tx.commit().await.unwrap();

    let started = Instant::now();
    let mut seen = [None, None];
    while seen.iter().any(Option::is_none) {
        for (slot, server) in [&pair.a, &pair.b].into_iter().enumerate() {
            if seen[slot].is_none() && found_on(&pair, server, "ツインインスタンス").await == [key.clone()] {
                seen[slot] = Some(started.elapsed());
            }
        }
        assert!(started.elapsed() < Duration::from_secs(10), "not found on every instance within 10 s: {seen:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!("two instances: the edit found on A after {:?}, on B after {:?}", seen[0].unwrap(), seen[1].unwrap());
}

on_both_databases!(
    a_catalogue_edit_reaches_keyword_search_on_both_instances_within_seconds,
    a_login_on_one_instance_is_honoured_by_the_other_and_refresh_reuse_behaves_as_on_one,
    two_hundred_buyers_over_both_instances_get_exactly_the_ten_units,
    rate_limits_and_lockouts_count_across_both_instances,
);

/// An empty database: two `--demo` first starts at once seed the demo shops once; a plain
/// first start seeds nothing.
async fn first_starts_on_an_empty_database(backend: Backend) {
    let Some(empty) = crate::helpers::empty_database(backend).await else { return };
    let http = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().unwrap();
    let dir = tempfile::tempdir().unwrap();

    let mut plain = Server::start(&empty.url, &dir.path().join("plain"), &[], &[]);
    plain.wait_healthy(&http).await;
    drop(plain);
    let db = shop::infra::db::Db::connect(&empty.url, 2).await.unwrap();
    let channels = || async { sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM channels").fetch_one(&db.pool).await.unwrap() };
    assert_eq!(channels().await, 0, "`shop serve` without --demo starts an empty deployment");

    let mut a = Server::start(&empty.url, &dir.path().join("a"), &["--demo"], &[]);
    let mut b = Server::start(&empty.url, &dir.path().join("b"), &["--demo"], &[]);
    a.wait_healthy(&http).await;
    b.wait_healthy(&http).await;
    assert_eq!(channels().await, 7, "the demo shops (demo, corporate and the five tenants), once");
    let duplicated: i64 = sqlx::query_scalar("SELECT COUNT(*) - COUNT(DISTINCT channel_id || ':' || code) FROM products").fetch_one(&db.pool).await.unwrap();
    assert_eq!(duplicated, 0, "no product seeded twice");
    let secrets: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM server_secrets").fetch_one(&db.pool).await.unwrap();
    assert_eq!(secrets, 3, "one access-token secret, one gateway secret and one bot-check key, shared");
    let (status, products) = a.call(&http, Method::GET, "/v1/products", None, None).await;
    assert_eq!(status, 200);
    assert!(!products["data"].as_array().unwrap().is_empty());
    drop((a, b));
    db.pool.close().await;
    empty.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_starts_on_an_empty_sqlite_database() {
    first_starts_on_an_empty_database(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_starts_on_an_empty_postgres_database() {
    first_starts_on_an_empty_database(Backend::Postgres).await;
}
