//! Checkout benchmark (not a test): K buyers race for a product with S units.
//!
//! Starts the shop server (`SHOP_BIN`, default `$CARGO_TARGET_DIR/release/shop`) on a fresh
//! SQLite database — or, with `BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres`, on
//! a scratch PostgreSQL database it creates and drops — adds a product with S units, prepares K
//! guest carts (1 unit each, an address, an orderer, cash on delivery or bank transfer) and
//! fires the K decisions at once. Prints the orders created (must equal S), decisions per
//! second and the p50/p99 decision latency. Environment: BENCH_STOCK (S, default 10),
//! BENCH_CARTS (K, default 200), BENCH_PORT (default 18080), BENCH_PAYMENT (`cod` or
//! `bank_transfer`, default cod). Run through `bench/checkout.sh`.
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use sqlx::Executor;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[derive(Clone)]
struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
        let mut request = self.http.request(method, format!("{}{path}", self.base)).header("x-channel", "demo");
        if let Some(body) = body {
            request = request.header("content-type", "application/json").body(serde_json::to_vec(body)?);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await?;
        Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
    }

    async fn ok(&self, method: reqwest::Method, path: &str, body: &Value) -> anyhow::Result<Value> {
        let (status, answer) = self.call(method, path, Some(body)).await?;
        if status != 200 {
            bail!("{path} answered {status}: {answer}");
        }
        Ok(answer)
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let stock: i64 = env_or("BENCH_STOCK", 10);
    let carts: usize = env_or("BENCH_CARTS", 200);
    let port: u16 = env_or("BENCH_PORT", 18080);
    let payment = std::env::var("BENCH_PAYMENT").unwrap_or_else(|_| "cod".into());
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| format!("{}/.cache/shop-target", std::env::var("HOME").unwrap_or_default()));
    let shop_bin = std::env::var("SHOP_BIN").unwrap_or_else(|_| format!("{target}/release/shop"));

    sqlx::any::install_default_drivers();
    let dir = tempfile_dir()?;
    let (database_url, scratch) = match std::env::var("BENCH_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(admin) => {
            let name = format!("shop_bench_{}", uuid::Uuid::now_v7().simple());
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await.context("connecting to BENCH_DATABASE_URL")?;
            conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await?;
            let base = admin.rsplit_once('/').map(|(b, _)| b.to_owned()).context("BENCH_DATABASE_URL names a database")?;
            (format!("{base}/{name}"), Some((admin, name)))
        }
        None => (format!("sqlite://{}/bench.db", dir.display()), None),
    };
    let backend = if scratch.is_some() { "PostgreSQL" } else { "SQLite" };

    let outcome = run(&shop_bin, &database_url, &dir, port, stock, carts, &payment, backend).await;

    if let Some((admin, name)) = scratch
        && let Ok(mut conn) = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await
    {
        let _ = conn.execute(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

fn tempfile_dir() -> anyhow::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("shop-bench-{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[allow(clippy::too_many_arguments)]
async fn run(
    shop_bin: &str,
    database_url: &str,
    dir: &std::path::Path,
    port: u16,
    stock: i64,
    carts: usize,
    payment: &str,
    backend: &str,
) -> anyhow::Result<()> {
    eprintln!("starting {shop_bin} on {backend}");
    let _server = Server(
        Command::new(shop_bin)
            // `--demo` seeds the demo shops into the fresh database (plain `serve` seeds nothing).
            .args(["serve", "--demo"])
            .env("DATABASE_URL", database_url)
            .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
            .env("SHOP_DATA_DIR", dir.join("data"))
            .env("SHOP_WEB_DIR", dir.join("web"))
            .env("SHOP_RATE_LIMIT_FACTOR", "1000")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting {shop_bin} (build it with `cargo build --release -p shop`)"))?,
    );
    let client = Client {
        http: reqwest::Client::builder().pool_max_idle_per_host(carts).timeout(Duration::from_secs(120)).build()?,
        base: format!("http://127.0.0.1:{port}"),
    };
    let started = Instant::now();
    loop {
        if let Ok((200, _)) = client.call(reqwest::Method::GET, "/healthz", None).await {
            break;
        }
        if started.elapsed() > Duration::from_secs(180) {
            bail!("the server did not become healthy within 180 s");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The product, written straight into the server's database.
    let db = shop::infra::db::Db::connect(database_url, 2).await?;
    let channel = shop::channel::store::find_channel_by_code(&db, "demo").await?.context("the demo shop is seeded")?;
    let product_id = uuid::Uuid::now_v7().to_string();
    let variation_key = format!("bench-{}", uuid::Uuid::now_v7().simple());
    sqlx::query(
        "INSERT INTO products (id, channel_id, product_key, code, name, description, tax_rate, price, is_published, created_at, search_name, search_text) \
         VALUES ($1, $2, $3, 'BENCH-1', 'ベンチマーク商品', '', 10, 3300, 1, 0, '', '')",
    )
    .bind(&product_id)
    .bind(&channel.id)
    .bind(&variation_key)
    .execute(&db.pool)
    .await?;
    sqlx::query("INSERT INTO product_variations (id, channel_id, product_id, variation_key, name, price, stock_quantity, position) VALUES ($1, $2, $3, $4, '標準', 3300, $5, 1)")
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(&channel.id)
        .bind(&product_id)
        .bind(&variation_key)
        .bind(stock)
        .execute(&db.pool)
        .await?;

    let methods = client.call(reqwest::Method::GET, "/v1/payments", None).await?.1;
    let method_id = methods
        .as_array()
        .and_then(|list| list.iter().find(|m| m["code"] == payment))
        .and_then(|m| m["id"].as_str())
        .with_context(|| format!("payment method {payment} not offered"))?
        .to_owned();

    eprintln!("preparing {carts} carts");
    let prepare_started = Instant::now();
    let client = Arc::new(client);
    let mut tokens = Vec::with_capacity(carts);
    let mut preparing = tokio::task::JoinSet::new();
    let mut next = 0;
    // Sixteen carts prepared at a time.
    while next < carts || !preparing.is_empty() {
        while next < carts && preparing.len() < 16 {
            let (client, variation_key, method_id) = (client.clone(), variation_key.clone(), method_id.clone());
            preparing.spawn(async move { prepare_cart(&client, &variation_key, &method_id, next).await });
            next += 1;
        }
        if let Some(done) = preparing.join_next().await {
            tokens.push(done??);
        }
    }
    eprintln!("prepared in {:.1} s; firing {carts} decisions", prepare_started.elapsed().as_secs_f64());

    let gate = Arc::new(tokio::sync::Barrier::new(carts));
    let fired = Instant::now();
    let mut deciding = tokio::task::JoinSet::new();
    for token in tokens {
        let (client, gate) = (client.clone(), gate.clone());
        deciding.spawn(async move {
            gate.wait().await;
            let at = Instant::now();
            let answer = client.call(reqwest::Method::POST, &format!("/v1/carts/{token}/decision"), Some(&json!({}))).await;
            (at.elapsed(), answer)
        });
    }
    let mut latencies = Vec::with_capacity(carts);
    let (mut ok, mut sold_out, mut other) = (0, 0, 0);
    while let Some(done) = deciding.join_next().await {
        let (latency, answer) = done?;
        latencies.push(latency);
        match answer {
            Ok((200, _)) => ok += 1,
            Ok((422, body)) if body["code"] == "cart.decision.out_of_stock" => sold_out += 1,
            Ok((status, body)) => {
                other += 1;
                eprintln!("unexpected answer {status}: {body}");
            }
            Err(error) => {
                other += 1;
                eprintln!("request failed: {error:#}");
            }
        }
    }
    let wall = fired.elapsed();
    latencies.sort();
    let percentile = |p: f64| latencies[((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1];
    // Orders of the raced product only (the demo seed has past orders of its own).
    let orders: i64 =
        sqlx::query_scalar("SELECT COUNT(DISTINCT order_id) FROM order_lines WHERE variation_key = $1").bind(&variation_key).fetch_one(&db.pool).await?;
    let left: i64 =
        sqlx::query_scalar("SELECT stock_quantity FROM product_variations WHERE variation_key = $1").bind(&variation_key).fetch_one(&db.pool).await?;

    println!("backend            {backend}");
    println!("buyers (K)         {carts}");
    println!("stock (S)          {stock}");
    println!("orders created     {orders} ({ok} answered 200, {sold_out} out of stock, {other} other)");
    println!("stock left         {left}");
    println!("decisions/s        {:.1}", carts as f64 / wall.as_secs_f64());
    println!("wall               {:.3} s", wall.as_secs_f64());
    println!("latency p50        {:.1} ms", percentile(0.50).as_secs_f64() * 1000.0);
    println!("latency p99        {:.1} ms", percentile(0.99).as_secs_f64() * 1000.0);
    let expected = stock.min(carts as i64);
    if orders != expected || left != stock - expected || other > 0 {
        bail!("WRONG: expected {expected} orders and {} units left", stock - expected);
    }
    println!("result             OK (orders = min(S, K), no overselling)");
    Ok(())
}

async fn prepare_cart(client: &Client, variation_key: &str, method_id: &str, n: usize) -> anyhow::Result<String> {
    let cart = client.ok(reqwest::Method::POST, "/v1/carts/init", &json!({ "token": null })).await?;
    let token = cart["token"].as_str().context("a cart token")?.to_owned();
    client.ok(reqwest::Method::PATCH, "/v1/carts/products/add", &json!({ "token": token, "variation_key": variation_key, "quantity": 1 })).await?;
    let address = json!({
        "shipping_last_name": "山田", "shipping_first_name": "太郎", "shipping_last_name_kana": "ヤマダ", "shipping_first_name_kana": "タロウ",
        "postal_code": "150-0001", "prefecture": "東京都", "city": "渋谷区神宮前", "address1": "1-2-3", "phone_number": "03-1234-5678"
    });
    client.ok(reqwest::Method::PATCH, "/v1/carts/shippings/add", &json!({ "token": token, "address": address })).await?;
    let orderer = json!({
        "last_name": "山田", "first_name": "太郎", "last_name_kana": "ヤマダ", "first_name_kana": "タロウ", "email": format!("bench{n}@example.jp"),
        "postal_code": "150-0001", "prefecture": "東京都", "city": "渋谷区神宮前", "address1": "1-2-3", "phone_number": "03-1234-5678"
    });
    let ready =
        client.ok(reqwest::Method::PATCH, "/v1/carts/order/modify", &json!({ "token": token, "payment_method_id": method_id, "orderer": orderer })).await?;
    if ready["detail"]["order"]["can_decide"] != true {
        bail!("cart not ready: {}", ready["detail"]["order"]["missing"]);
    }
    Ok(token)
}
