//! TestApp: the real router over a fresh, migrated and demo-seeded database per test —
//! a temporary SQLite file, or a new PostgreSQL database when TEST_DATABASE_URL is set — each a
//! copy of the demo database this run seeded once (see `seeded_database`).
use std::future::Future;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use shop::app;
use shop::infra::config::Config;
use shop::state::AppState;
use sqlx::Executor;
use tower::ServiceExt;

#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub state: AppState,
    router: Router,
    /// Kept so the temporary folder lives as long as the app.
    _dir: tempfile::TempDir,
}

/// A new, empty database: a SQLite file in a temporary folder, or a new PostgreSQL database
/// when TEST_DATABASE_URL is set (None, with a visible note, when it is not).
pub struct EmptyDatabase {
    pub url: String,
    pub dir: tempfile::TempDir,
    postgres: Option<PostgresDatabase>,
}

/// A test's own PostgreSQL database: the admin URL and the database's name, to drop it.
struct PostgresDatabase {
    admin_url: String,
    name: String,
}

impl PostgresDatabase {
    async fn drop(self) {
        drop_postgres_database(&self.admin_url, &self.name).await;
    }
}

pub async fn empty_database(backend: Backend) -> Option<EmptyDatabase> {
    let dir = tempfile::tempdir().expect("temp dir");
    match backend {
        Backend::Sqlite => Some(EmptyDatabase { url: format!("sqlite://{}/shop.db", dir.path().display()), dir, postgres: None }),
        Backend::Postgres => match std::env::var("TEST_DATABASE_URL") {
            Ok(admin_url) if !admin_url.is_empty() => {
                let (url, name) = create_postgres_database(&admin_url).await;
                Some(EmptyDatabase { url, dir, postgres: Some(PostgresDatabase { admin_url, name }) })
            }
            _ => {
                eprintln!("SKIPPED on PostgreSQL: TEST_DATABASE_URL is not set");
                None
            }
        },
    }
}

impl EmptyDatabase {
    pub async fn drop(self) {
        if let Some(postgres) = self.postgres {
            postgres.drop().await;
        }
    }
}

/// Runs `test` against a fresh app on `backend`. The PostgreSQL half is skipped, visibly,
/// when TEST_DATABASE_URL is not set; CI always sets it.
pub async fn run<F, Fut>(backend: Backend, test: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    run_with(backend, |_| {}, test).await
}

/// [`run`], with the app's configuration changed by `configure` first.
pub async fn run_with<F, Fut>(backend: Backend, configure: impl FnOnce(&mut Config), test: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let Some(EmptyDatabase { url, dir, postgres }) = seeded_database(backend).await else { return };
    let app = TestApp::start(&url, dir, configure).await;
    let outcome = tokio::spawn(test(app)).await;
    if let Some(postgres) = postgres {
        postgres.drop().await;
    }
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

// --- the demo data, seeded once per test process ----------------------------------------------
//
// Every test starts on its own database holding the demo shops. Seeding them (seven shops, their
// catalogues, members with hashed passwords, orders) costs far more than a test's own calls, so
// each backend's demo database is made once per run (migrated and seeded exactly as the server
// does it) and each test gets a copy: the SQLite file copied, or a PostgreSQL database created
// from it as a template. Tests stay isolated: none sees another's writes.

static SQLITE_SEEDED: tokio::sync::OnceCell<PathBuf> = tokio::sync::OnceCell::const_new();
static POSTGRES_SEEDED: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// Where this run keeps its seeded SQLite file; a finished run's folder is removed by the next.
fn seeded_folder_of(pid: u32) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("seeded-demo-{pid}"))
}

/// The file storage of every app of this run: the seed's pictures are there, and what tests
/// upload goes there too (content-hashed or random names under each shop's folder, so tests
/// never clash). A finished run's folder is removed by the next.
fn seeded_storage_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("seeded-files-{}", std::process::id()))
}

fn seeded_storage() -> shop::infra::storage::Storage {
    let dir = seeded_storage_dir();
    shop::infra::storage::Storage::open(dir.to_str(), &dir).expect("the seeded storage folder")
}

async fn migrate_and_seed(url: &str) {
    let db = shop::infra::db::Db::connect(url, 2).await.expect("the seeded database opens");
    db.migrate().await.expect("migrations");
    shop::seed::seed_demo(&db, &seeded_storage()).await.expect("demo seed");
    if matches!(db.backend, shop::infra::db::Backend::Sqlite) {
        // Everything into the main file, so that a byte copy of it is the whole database.
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&db.pool).await.expect("WAL checkpoint");
    }
    db.pool.close().await;
}

async fn seeded_sqlite_file() -> &'static Path {
    SQLITE_SEEDED
        .get_or_init(|| async {
            remove_finished_runs_folders();
            let folder = seeded_folder_of(std::process::id());
            let _ = std::fs::remove_dir_all(&folder);
            std::fs::create_dir_all(&folder).expect("the seeded folder");
            let file = folder.join("shop.db");
            migrate_and_seed(&format!("sqlite://{}", file.display())).await;
            file
        })
        .await
}

/// Removes the seeded folders of runs whose process has ended.
fn remove_finished_runs_folders() {
    let Ok(entries) = std::fs::read_dir(env!("CARGO_TARGET_TMPDIR")) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("seeded-demo-").or_else(|| name.strip_prefix("seeded-files-")).and_then(|pid| pid.parse::<u32>().ok()) else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

async fn seeded_postgres_template(admin_url: &str) -> &'static str {
    POSTGRES_SEEDED
        .get_or_init(|| async {
            drop_finished_runs_templates(admin_url).await;
            let name = format!("shop_seeded_{}_{}", std::process::id(), uuid::Uuid::now_v7().simple());
            let mut admin = admin_connection(admin_url).await;
            admin.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.expect("create the seeded database");
            migrate_and_seed(&database_url(admin_url, &name)).await;
            name
        })
        .await
}

/// Drops the seeded templates of runs whose process has ended (the name carries the pid; the
/// tests and the PostgreSQL server share this machine).
async fn drop_finished_runs_templates(admin_url: &str) {
    let mut admin = admin_connection(admin_url).await;
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'shop_seeded_%'").fetch_all(&mut admin).await.unwrap_or_default();
    for name in names {
        let pid = name.split('_').nth(2).and_then(|pid| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = admin.execute(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).await;
        }
    }
}

/// A new database holding the demo shops, made from this run's seeded one.
pub async fn seeded_database(backend: Backend) -> Option<EmptyDatabase> {
    let dir = tempfile::tempdir().expect("temp dir");
    match backend {
        Backend::Sqlite => {
            let file = dir.path().join("shop.db");
            std::fs::copy(seeded_sqlite_file().await, &file).expect("copy the seeded database");
            Some(EmptyDatabase { url: format!("sqlite://{}", file.display()), dir, postgres: None })
        }
        Backend::Postgres => match std::env::var("TEST_DATABASE_URL") {
            Ok(admin_url) if !admin_url.is_empty() => {
                let template = seeded_postgres_template(&admin_url).await;
                let name = format!("shop_test_{}", uuid::Uuid::now_v7().simple());
                let mut admin = admin_connection(&admin_url).await;
                admin
                    .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name} TEMPLATE {template}")))
                    .await
                    .expect("create a test database from the seeded one");
                Some(EmptyDatabase { url: database_url(&admin_url, &name), dir, postgres: Some(PostgresDatabase { admin_url, name }) })
            }
            _ => {
                eprintln!("SKIPPED on PostgreSQL: TEST_DATABASE_URL is not set");
                None
            }
        },
    }
}

async fn admin_connection(admin_url: &str) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    <sqlx::AnyConnection as sqlx::Connection>::connect(admin_url).await.expect("PostgreSQL reachable at TEST_DATABASE_URL")
}

/// The URL of database `name` on the server of `admin_url`.
fn database_url(admin_url: &str, name: &str) -> String {
    let base = admin_url.rsplit_once('/').map(|(base, _)| base).expect("TEST_DATABASE_URL names a database");
    format!("{base}/{name}")
}

async fn create_postgres_database(admin_url: &str) -> (String, String) {
    let name = format!("shop_test_{}", uuid::Uuid::now_v7().simple());
    let mut admin = admin_connection(admin_url).await;
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.expect("create test database");
    (database_url(admin_url, &name), name)
}

async fn drop_postgres_database(admin_url: &str, name: &str) {
    if let Ok(mut admin) = <sqlx::AnyConnection as sqlx::Connection>::connect(admin_url).await {
        let _ = admin.execute(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).await;
    }
}

impl TestApp {
    /// The app over `url`, a copy of the seeded demo database ([`seeded_database`]).
    async fn start(url: &str, dir: tempfile::TempDir, configure: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = Config::for_database(url, dir.path().join("data"));
        config.web_dir = dir.path().join("web");
        config.cors_origins = vec!["https://shop.example.jp".into()];
        config.storage_url = seeded_storage_dir().to_str().map(str::to_owned);
        configure(&mut config);
        let state = AppState::start(config).await.expect("app state");
        let router = app::router(state.clone());
        TestApp { state, router, _dir: dir }
    }

    /// Another instance on the same database, started with this one's configuration changed by
    /// `configure` (nothing seeded): what a restart with other settings would be. The error is
    /// the start's own, for starts that must be refused.
    pub async fn restarted(&self, configure: impl FnOnce(&mut Config)) -> anyhow::Result<TestApp> {
        let mut config = (*self.state.config).clone();
        configure(&mut config);
        let state = AppState::start(config).await?;
        let router = app::router(state.clone());
        Ok(TestApp { state, router, _dir: tempfile::tempdir()? })
    }

    /// Rebuilds the router, e.g. after writing files into the web folder.
    pub fn reload(&mut self) {
        self.router = app::router(self.state.clone());
    }

    /// Configures social login providers as `SHOP_OAUTH_PROVIDERS` would: `json` is written
    /// to a providers file in the app's folder, loaded the way the server loads it, and the
    /// router rebuilt.
    pub fn use_oauth_providers(&mut self, json: &str) {
        let path = self._dir.path().join("oauth-providers.json");
        std::fs::write(&path, json).expect("write the providers file");
        let providers = shop::social_login::Providers::load(Some(&path)).expect("a valid providers file");
        self.state = self.state.with_social_providers(providers);
        self.reload();
    }

    /// Configures the card payment gateways as `SHOP_PAYMENT_GATEWAYS` and `--demo` would:
    /// `json` is written to a gateways file in the app's folder, loaded the way the server
    /// loads it, and the router rebuilt.
    pub fn use_payment_gateways(&mut self, json: &Value, demo: bool) {
        let path = self._dir.path().join("payment-gateways.json");
        std::fs::write(&path, json.to_string()).expect("write the gateways file");
        let gateways = shop::payments::Gateways::load(Some(&path), demo, self.state.db.clone()).expect("a valid gateways file");
        self.state = self.state.with_gateways(gateways);
        self.reload();
    }

    pub fn get(&self, path: &str) -> Call<'_> {
        self.call(Method::GET, path)
    }

    pub fn post(&self, path: &str) -> Call<'_> {
        self.call(Method::POST, path)
    }

    pub fn put(&self, path: &str) -> Call<'_> {
        self.call(Method::PUT, path)
    }

    pub fn delete(&self, path: &str) -> Call<'_> {
        self.call(Method::DELETE, path)
    }

    pub fn patch(&self, path: &str) -> Call<'_> {
        self.call(Method::PATCH, path)
    }

    pub fn call(&self, method: Method, path: &str) -> Call<'_> {
        let builder = Request::builder().method(method).uri(path).header("host", "localhost:8080");
        Call { app: self, builder, body: Body::empty(), solve_bot_check: true }
    }

    pub async fn channel_id(&self, code: &str) -> shop::infra::ids::ChannelId {
        shop::channel::store::find_channel_by_code(&self.state.db, code).await.unwrap().expect("channel exists").id.clone()
    }

    /// The newest mail to `address` in the outbox (subject and body decoded), if any.
    pub fn latest_mail_to(&self, address: &str) -> Option<Mail> {
        self.mails_to(address).pop()
    }

    /// Every mail to `address` in the outbox, oldest first.
    pub fn mails_to(&self, address: &str) -> Vec<Mail> {
        let dir = self.state.mailer.outbox_dir().expect("tests write mail to the outbox");
        let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
        let mut names: Vec<std::path::PathBuf> = entries.map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect();
        names.sort();
        names.iter().map(|path| Mail::parse(&std::fs::read_to_string(path).unwrap())).filter(|m| m.to.eq_ignore_ascii_case(address)).collect()
    }

    /// An access token as the members feature issues it (session version 0: a member whose
    /// sessions were never ended).
    pub async fn member_token(&self, user_id: &str, channel: &str) -> String {
        let channel_id = self.channel_id(channel).await;
        let now = time::OffsetDateTime::now_utc().unix_timestamp();
        self.state.tokens.issue(user_id, &channel_id, 0, now).unwrap().access_token
    }

    /// An `X-Bot-Check` value for the channel that `headers` (host, `x-channel`) name: a fresh
    /// ALTCHA challenge solved by brute force, as the browser solves it.
    pub async fn solved_bot_check(&self, headers: &HeaderMap) -> String {
        let mut call = self.get("/v1/bot-check");
        for name in ["host", "x-channel"] {
            if let Some(value) = headers.get(name).and_then(|v| v.to_str().ok()) {
                call = call.header(name, value);
            }
        }
        let answer = call.send_as_is().await;
        answer.assert_status(StatusCode::OK);
        let body = answer.json();
        assert_eq!(body["kind"], "altcha", "the test set no X-Bot-Check on a reCAPTCHA channel: {body}");
        let challenge: shop::bot_check::altcha::Challenge = serde_json::from_value(body["challenge"].clone()).expect("an ALTCHA challenge");
        let number = shop::bot_check::altcha::solve(&challenge).expect("the challenge has a solution");
        shop::bot_check::altcha::header_value(&challenge, number)
    }

    /// Moves every refresh-token rotation `ms` milliseconds into the past, as if the member
    /// came back that much later (the reuse interval is a constant of the server).
    pub async fn age_refresh_rotations(&self, ms: i64) {
        sqlx::query("UPDATE refresh_tokens SET rotated_at = rotated_at - $1 WHERE rotated_at IS NOT NULL")
            .bind(ms)
            .execute(&self.state.db.pool)
            .await
            .expect("aging rotations");
    }
}

pub struct Call<'a> {
    app: &'a TestApp,
    builder: axum::http::request::Builder,
    body: Body,
    /// Adds a solved `X-Bot-Check` to a checked form's POST that has none (see [`Call::send`]).
    solve_bot_check: bool,
}

impl Call<'_> {
    /// Sets a header, replacing the default one of that name (e.g. `host`).
    pub fn header(mut self, name: &str, value: &str) -> Self {
        let headers = self.builder.headers_mut().expect("valid request");
        headers.insert(axum::http::HeaderName::from_bytes(name.as_bytes()).expect("header name"), value.parse().expect("header value"));
        self
    }

    pub fn channel(self, code: &str) -> Self {
        self.header("x-channel", code)
    }

    pub fn bearer(self, token: &str) -> Self {
        self.header("authorization", &format!("Bearer {token}"))
    }

    /// Sends the refresh cookie as the browser would.
    pub fn refresh_cookie(self, token: &str) -> Self {
        self.header("cookie", &format!("shop_refresh={token}"))
    }

    pub fn json(mut self, value: &Value) -> Self {
        self.builder = self.builder.header("content-type", "application/json");
        self.body = Body::from(value.to_string());
        self
    }

    pub fn raw_body(mut self, content_type: &str, body: impl Into<Body>) -> Self {
        self.builder = self.builder.header("content-type", content_type);
        self.body = body.into();
        self
    }

    /// A `multipart/form-data` body with one file field, as a browser's file input sends it.
    pub fn file(mut self, field: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> Self {
        const BOUNDARY: &str = "----shop-test-boundary-7MA4YWxkTrZu0gW";
        let mut body =
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n")
                .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
        self.builder = self.builder.header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"));
        self.body = Body::from(body);
        self
    }

    /// Sends the request without the proof [`Call::send`] would add to a checked form.
    pub fn without_bot_check(mut self) -> Self {
        self.solve_bot_check = false;
        self
    }

    /// Sends the request. A POST to a form the bot check guards (`shop::bot_check::CHECKED`)
    /// that sets no `X-Bot-Check` gets a proof as the storefront makes it: a challenge from
    /// `GET /v1/bot-check` (same host and channel), solved by trying every number.
    pub async fn send(mut self) -> Answer {
        if self.solve_bot_check && self.needs_bot_check() {
            let proof = self.app.solved_bot_check(self.builder.headers_ref().expect("valid request")).await;
            self = self.header("x-bot-check", &proof);
        }
        self.send_as_is().await
    }

    fn needs_bot_check(&self) -> bool {
        let path = self.builder.uri_ref().map(|uri| uri.path().to_owned()).unwrap_or_default();
        self.builder.method_ref() == Some(&Method::POST)
            && shop::bot_check::action_for(&path).is_some()
            && !self.builder.headers_ref().is_some_and(|headers| headers.contains_key("x-bot-check"))
    }

    async fn send_as_is(self) -> Answer {
        let request = self.builder.body(self.body).expect("request");
        let response = self.app.router.clone().oneshot(request).await.expect("router answers");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.expect("body").to_bytes().to_vec();
        Answer { status, headers, bytes }
    }
}

/// A mail of the outbox: headers as sent, subject and body decoded.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub from: String,
    pub subject: String,
    pub body: String,
}

impl Mail {
    pub fn parse(raw: &str) -> Mail {
        use base64::Engine;
        let (head, body) = raw.split_once("\r\n\r\n").expect("a mail has headers and a body");
        // Unfold continuation lines, then read `Name: value` pairs.
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let header = |name: &str| {
            unfolded.lines().find_map(|l| l.split_once(": ").filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.to_owned())).unwrap_or_default()
        };
        assert!(header("Content-Transfer-Encoding").eq_ignore_ascii_case("base64"), "bodies are base64");
        let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let body = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(compact).unwrap()).unwrap();
        let decode_words = |value: String| -> String {
            value
                .split(' ')
                .map(|word| match word.strip_prefix("=?utf-8?b?").and_then(|w| w.strip_suffix("?=")) {
                    Some(encoded) => String::from_utf8(base64::engine::general_purpose::STANDARD.decode(encoded).unwrap()).unwrap(),
                    None => format!(" {word}"),
                })
                .collect::<String>()
                .trim()
                .to_owned()
        };
        let to = header("To");
        let to = to.rsplit_once('<').map_or(to.clone(), |(_, a)| a.trim_end_matches('>').to_owned());
        Mail { to, from: decode_words(header("From")), subject: decode_words(header("Subject")), body }
    }

    /// The 6-digit code after 「確認コード: 」.
    pub fn code(&self) -> String {
        let at = self.body.find("確認コード: ").expect("the mail carries a code") + "確認コード: ".len();
        self.body[at..at + 6].to_owned()
    }

    /// The token of the link to `path` (`…/path?token=…`).
    pub fn link_token(&self, path: &str) -> String {
        let marker = format!("{path}?token=");
        let at = self.body.find(&marker).unwrap_or_else(|| panic!("no {marker} link in: {}", self.body)) + marker.len();
        self.body[at..].chars().take_while(char::is_ascii_hexdigit).collect()
    }
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.bytes)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    /// The value the answer's `Set-Cookie` gives the cookie `name` ("" when it clears it).
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.set_cookie(name).map(|line| line.split(';').next().unwrap().split_once('=').unwrap().1.to_owned())
    }

    /// The whole `Set-Cookie` line of the cookie `name`.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers.get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).find(|v| v.starts_with(&format!("{name}="))).map(str::to_owned)
    }

    #[track_caller]
    pub fn assert_status(&self, expected: StatusCode) -> &Self {
        assert_eq!(self.status, expected, "body: {}", self.text());
        self
    }
}

/// Declares a test that runs once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_sqlite() {
                $crate::helpers::run($crate::helpers::Backend::Sqlite, super::$name).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_postgres() {
                $crate::helpers::run($crate::helpers::Backend::Postgres, super::$name).await
            }
        }
    )*};
}

// --- files -------------------------------------------------------------------------------------

/// The `x-suggested-filename` header, percent-decoded.
pub fn decoded_file_name(answer: &Answer) -> String {
    let encoded = answer.header("x-suggested-filename");
    let mut bytes = Vec::new();
    let raw = encoded.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            bytes.push(u8::from_str_radix(&encoded[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    String::from_utf8(bytes).unwrap()
}

/// The text objects of a receipt or quotation, as a viewer copying them reads them.
pub fn pdf_texts(pdf: &[u8]) -> Vec<String> {
    crate::pdf_text::texts(pdf)
}

pub fn has_text(pdf: &[u8], wanted: &str) -> bool {
    pdf_texts(pdf).iter().any(|t| t.contains(wanted))
}
