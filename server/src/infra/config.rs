//! The server's configuration: one clap struct, every field settable by flag or environment.
use std::net::SocketAddr;
use std::path::PathBuf;

use secrecy::SecretString;

use super::sealed::SealKey;

/// Google's reCAPTCHA v3 script.
pub const RECAPTCHA_SCRIPT_URL: &str = "https://www.google.com/recaptcha/api.js";

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path (created if missing) or postgres://user@host/db
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/shop.db")]
    pub database_url: String,

    #[arg(long, env = "SHOP_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Where the shop keeps the mail outbox folder (and the SQLite file by default).
    #[arg(long, env = "SHOP_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// Where files (product photos, inquiry attachments) are kept: `s3://bucket[/prefix]` for
    /// S3-compatible object storage (credentials and endpoint from the `AWS_*` variables), or a
    /// folder. Unset: `<data dir>/files`, which serves one instance only (README, "Files").
    #[arg(long, env = "SHOP_STORAGE_URL")]
    pub storage_url: Option<String>,

    /// Hosts that the picture URLs of an imported products CSV may name although they are on a
    /// private network or a port of their own (an asset server of the shop's network), comma
    /// separated. Any other host must resolve to public addresses only (infra/picture_fetch.rs).
    #[arg(long, env = "SHOP_PICTURE_FETCH_ALLOW_HOSTS", value_delimiter = ',', default_value = "")]
    pub picture_fetch_allow_hosts: Vec<String>,

    /// The built single-page app (npm run build in web/).
    #[arg(long, env = "SHOP_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,

    /// Extra browser origins allowed by CORS, comma separated (same-origin needs none).
    #[arg(long, env = "SHOP_CORS_ORIGINS", value_delimiter = ',', default_value = "")]
    pub cors_origins: Vec<String>,

    /// Secret for signing access tokens (32 characters or more). Unset: the first instance
    /// generates one and keeps it in the database, where every instance finds it.
    #[arg(long, env = "SHOP_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Database connections per instance.
    #[arg(long, env = "SHOP_DB_MAX_CONNECTIONS", default_value_t = 16)]
    pub db_max_connections: u32,

    /// `json` for structured logs (one JSON object a line), `pretty` for a terminal.
    #[arg(long, env = "SHOP_LOG_FORMAT", value_enum, default_value_t = LogFormat::Pretty)]
    pub log_format: LogFormat,

    /// Where Prometheus metrics are served (`GET /metrics`), e.g. `127.0.0.1:9100`: an address
    /// of its own, never the public one. Unset: no metrics are kept.
    #[arg(long, env = "SHOP_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,

    /// SMTP server for outgoing mail, e.g. `smtps://user:pass@smtp.example.jp:465` or
    /// `smtp://smtp.example.jp:587?tls=required`. Unset: mail goes to the outbox folder.
    #[arg(long, env = "SHOP_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender address of outgoing mail; the display name is the shop's name.
    #[arg(long, env = "SHOP_MAIL_FROM", default_value = "no-reply@shop.localhost")]
    pub mail_from: String,

    /// Where mail is written as .eml files when no SMTP server is set (default <data dir>/outbox).
    #[arg(long, env = "SHOP_OUTBOX_DIR")]
    pub outbox_dir: Option<PathBuf>,

    /// Behind a reverse proxy: take the client address from the last X-Forwarded-For entry
    /// (the one our proxy appended) instead of the connection's peer address.
    #[arg(long, env = "SHOP_TRUST_FORWARDED_FOR", default_value_t = false)]
    pub trust_forwarded_for: bool,

    /// Multiplies every per-address rate limit (login, verify, reminder, registration);
    /// browser test runs from one address raise it.
    #[arg(long, env = "SHOP_RATE_LIMIT_FACTOR", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub rate_limit_factor: u32,

    /// A JSON file listing the social login providers (README, "Social login"); it holds
    /// their client secrets, so keep it out of the repository. Unset: no social login.
    #[arg(long, env = "SHOP_OAUTH_PROVIDERS")]
    pub oauth_providers: Option<PathBuf>,

    /// Shared secret of the payment gateway's notifications (an HMAC-SHA256 of the body in
    /// `x-sbps-signature`). Unset: generated once and kept in the database like the JWT
    /// secret. Give the same value to the gateway.
    #[arg(long, env = "SHOP_GATEWAY_SECRET", hide_env_values = true)]
    pub gateway_secret: Option<String>,

    /// A JSON file mapping channel codes to their card payment gateway and its keys (README,
    /// "Payment gateway"); it holds secret keys, so keep it out of the repository. Unset: no
    /// channel takes cards, except with `--demo`, where the sandbox serves the channels the file
    /// does not name.
    #[arg(long, env = "SHOP_PAYMENT_GATEWAYS")]
    pub payment_gateways: Option<PathBuf>,

    /// A card order still awaiting payment this long after its decision (the process died
    /// mid-payment, or the buyer left) is settled by asking the gateway: paid or cancelled.
    /// A decision's claim on its cart is also taken over after this long.
    #[arg(long, env = "SHOP_PAYMENT_SETTLE_AFTER_SECS", default_value_t = 180)]
    pub payment_settle_after_secs: u64,

    /// Signs the bot check's challenges (32 characters or more). Unset: generated once and kept
    /// in the database like the JWT secret.
    #[arg(long, env = "SHOP_BOT_CHECK_SECRET", hide_env_values = true)]
    pub bot_check_secret: Option<String>,

    /// Seals the staff members' TOTP secrets in the database (AES-256-GCM): 32 bytes, base64,
    /// e.g. `openssl rand -base64 32`. Unset: they are kept as they are. Set: the secrets kept
    /// as they are are sealed at start, and the server refuses to start if a sealed one does not
    /// open (README, "Production").
    #[arg(long, env = "SHOP_TOTP_KEY", hide_env_values = true)]
    pub totp_key: Option<SealKey>,

    /// While rotating `SHOP_TOTP_KEY`: the key before it. Secrets sealed with it are sealed
    /// again with the new key at start; afterwards it can be removed.
    #[arg(long, env = "SHOP_TOTP_KEY_PREVIOUS", hide_env_values = true)]
    pub totp_key_previous: Option<SealKey>,

    /// reCAPTCHA v3's secret key. With it, a channel whose setting `RECAPTCHA.SITE_KEY` holds
    /// the matching site key checks forms with reCAPTCHA instead of the built-in proof of work
    /// (README, "Bot check"). One secret serves every channel: register their host names
    /// under the one key pair.
    #[arg(long, env = "SHOP_RECAPTCHA_SECRET", hide_env_values = true, value_parser = parse_secret)]
    pub recaptcha_secret: Option<SecretString>,

    /// Where reCAPTCHA tokens are checked (tests point it at a local stand-in).
    #[arg(long, env = "SHOP_RECAPTCHA_VERIFY_URL", default_value = "https://www.google.com/recaptcha/api/siteverify")]
    pub recaptcha_verify_url: String,

    /// The reCAPTCHA v3 script the storefront loads (`?render=<site key>` is added) and its CSP
    /// allows: Google's by default; the journeys point it at a local stand-in.
    #[arg(long, env = "SHOP_RECAPTCHA_SCRIPT_URL", default_value = RECAPTCHA_SCRIPT_URL)]
    pub recaptcha_script_url: String,

    /// The demo deployment: seed the demo shops into an empty database and allow the in-process
    /// sandbox gateway. Without it the server starts an empty deployment (README, "Production").
    #[arg(long, env = "SHOP_DEMO", default_value_t = false)]
    pub demo: bool,

    /// Tests only: `step:count` makes the process abort at that step (infra/fault.rs).
    #[arg(long, env = "SHOP_FAULT_POINT", hide = true)]
    pub fault_point: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

fn parse_secret(value: &str) -> Result<SecretString, std::convert::Infallible> {
    Ok(SecretString::from(value))
}

impl Config {
    pub fn payment_settle_after_ms(&self) -> i64 {
        i64::try_from(self.payment_settle_after_secs.saturating_mul(1000)).unwrap_or(i64::MAX)
    }

    /// A configuration for tests and tools: the given database, everything else default.
    pub fn for_database(database_url: &str, data_dir: PathBuf) -> Self {
        Config {
            database_url: database_url.to_owned(),
            addr: "127.0.0.1:0".parse().expect("literal address"),
            data_dir,
            storage_url: None,
            picture_fetch_allow_hosts: Vec::new(),
            web_dir: PathBuf::from("web/dist"),
            cors_origins: Vec::new(),
            jwt_secret: Some("test-secret-test-secret-test-secret".into()),
            db_max_connections: 8,
            log_format: LogFormat::Pretty,
            metrics_addr: None,
            smtp_url: None,
            mail_from: "no-reply@shop.localhost".into(),
            outbox_dir: None,
            trust_forwarded_for: false,
            rate_limit_factor: 1,
            oauth_providers: None,
            gateway_secret: Some("test-gateway-secret-test-gateway-secret".into()),
            payment_gateways: None,
            payment_settle_after_secs: 180,
            bot_check_secret: Some("test-bot-check-secret-test-bot-check".into()),
            totp_key: None,
            totp_key_previous: None,
            recaptcha_secret: None,
            recaptcha_verify_url: "http://127.0.0.1:9/recaptcha/api/siteverify".into(),
            recaptcha_script_url: RECAPTCHA_SCRIPT_URL.into(),
            demo: true,
            fault_point: None,
        }
    }
}
