//! The `shop` command line: serve [--demo] | migrate | seed --demo | channel create|list | staff create | member approve-invoice | import postal-codes | openapi | maintenance.
use anyhow::Context;
use clap::{Parser, Subcommand};
use shop::app;
use shop::infra::config::{Config, LogFormat};
use shop::state::AppState;

#[derive(Parser)]
#[command(name = "shop", about = "日本語オンラインショップ: API server and storefront")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate and serve; with `--demo`, seed the demo shops into an empty database first.
    Serve(Config),
    /// Run the database migrations and exit.
    Migrate(Config),
    /// Load data into the database.
    Seed {
        /// Fill the demo shop's catalogue up to this many products (for benchmarks).
        #[arg(long, default_value_t = 0)]
        products: usize,
        /// Add this many orders to the demo shop (the order desk's benchmark, bench/orders.sh).
        #[arg(long, default_value_t = 0)]
        orders: i64,
        #[command(flatten)]
        config: Config,
    },
    /// Load reference data shipped with the server into the database (replacing what is there).
    Import {
        /// `postal-codes`: Japan Post's postal codes and the 47 prefectures (server/data).
        #[arg(value_parser = ["postal-codes"])]
        what: String,
        #[command(flatten)]
        config: Config,
    },
    /// Create and list shops (channels).
    Channel {
        #[command(subcommand)]
        action: ChannelAction,
    },
    /// Create staff accounts for a shop's back office (/admin).
    Staff {
        #[command(subcommand)]
        action: StaffAction,
    },
    /// The shop's decisions about members (corporate shops: invoice approval).
    Member {
        #[command(subcommand)]
        action: MemberAction,
    },
    /// The catalogue's CSV files: a products or inventory CSV checked and, with `--apply`,
    /// written (README, "Catalogue CSV").
    Catalog {
        #[command(subcommand)]
        action: CatalogAction,
    },
    /// Print the OpenAPI document (the content of api/openapi.json).
    Openapi,
    /// Switch a channel's maintenance mode on or off.
    Maintenance {
        /// Channel code, e.g. `demo`.
        channel: String,
        #[arg(value_parser = ["on", "off"])]
        state: String,
        /// Title shown on the maintenance page (keeps the stored one when omitted).
        #[arg(long)]
        title: Option<String>,
        /// Message shown on the maintenance page (keeps the stored one when omitted).
        #[arg(long)]
        message: Option<String>,
        #[command(flatten)]
        config: Config,
    },
}

#[derive(Subcommand)]
enum CatalogAction {
    /// Check a CSV against a shop and print each error by line and column; write it with
    /// `--apply` (only when it has no errors, unless `--only-clean`).
    Import {
        /// Channel code, e.g. `demo`.
        #[arg(long)]
        channel: String,
        /// `products` (the products CSV) or `inventory` (SKU with 新在庫 or 増減).
        #[arg(long, value_parser = ["products", "inventory"], default_value = "products")]
        kind: String,
        /// Write what the check found, not only report it.
        #[arg(long)]
        apply: bool,
        /// With `--apply`: write the units without errors even when others have some.
        #[arg(long)]
        only_clean: bool,
        /// The CSV file (UTF-8 with or without a BOM, or Shift_JIS), or a ZIP of one CSV and
        /// the photos its 画像 column names by file name.
        file: std::path::PathBuf,
        #[command(flatten)]
        config: Config,
    },
}

#[derive(Subcommand)]
enum ChannelAction {
    /// Create an empty shop answering on the given host names (README, "Production").
    Create {
        /// 1–32 characters of a–z, 0–9 and -, e.g. `myshop`.
        #[arg(long)]
        code: String,
        /// The shop's name as customers see it, e.g. 「山田自転車店」.
        #[arg(long)]
        name: String,
        /// A host name the shop answers on (repeat for more), e.g. `shop.example.jp`.
        #[arg(long = "host", required = true)]
        hosts: Vec<String>,
        #[arg(long, value_enum, default_value_t = shop::seed::Theme::Simple)]
        theme: shop::seed::Theme,
        /// A JSON file of channel settings: `{"SITE.INVOICE_REGISTRATION_NUMBER": "T1234…", …}`.
        #[arg(long)]
        settings: Option<std::path::PathBuf>,
        #[command(flatten)]
        config: Config,
    },
    /// List the shops with their host names.
    List {
        #[command(flatten)]
        config: Config,
    },
}

#[derive(Subcommand)]
enum StaffAction {
    /// Create a staff account; prints its password (unless given on stdin) and the secret to
    /// add to an authenticator app (README, "Back office").
    Create {
        /// The shop's channel code, e.g. `demo`.
        #[arg(long)]
        channel: String,
        #[arg(long)]
        email: String,
        /// The name other staff and the audit log show, e.g. 「山田 花子」.
        #[arg(long)]
        name: String,
        #[arg(long, value_enum)]
        role: StaffRoleArg,
        /// Read the password from the first line of standard input instead of generating one.
        #[arg(long)]
        password_stdin: bool,
        #[command(flatten)]
        config: Config,
    },
}

#[derive(Subcommand)]
enum MemberAction {
    /// Approve (or, with `--revoke`, withdraw) a corporate member's company for 請求書払い（後払い）.
    ApproveInvoice {
        /// The shop's channel code, e.g. `corporate`.
        #[arg(long)]
        channel: String,
        /// The member's e-mail address.
        #[arg(long)]
        email: String,
        /// Withdraw the approval instead.
        #[arg(long)]
        revoke: bool,
        #[command(flatten)]
        config: Config,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum StaffRoleArg {
    /// オーナー: everything, the audit log included.
    Owner,
    /// 店長: everything but the audit log.
    Manager,
    /// 受注担当: orders, payments, shipping and inquiries; no cancelling, no personal-data export.
    OrderClerk,
    /// 出荷担当: reads orders; shipments, carriers' files, slips.
    ShippingClerk,
    /// 閲覧のみ: reads orders, changes nothing.
    Viewer,
}

/// mimalloc instead of glibc's malloc: allocation and freeing were about a tenth of the CPU
/// time of a cached catalogue answer (bench/catalog.sh, perf), and mimalloc's thread-local
/// free lists make that smaller.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(config) => serve(config).await,
        Command::Migrate(config) => {
            init_logs(config.log_format);
            let db = shop::infra::db::Db::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::Seed { products, orders, config } => {
            init_logs(config.log_format);
            anyhow::ensure!(config.demo, "say what to seed: `shop seed --demo`");
            let state = AppState::start(config).await?;
            shop::seed::seed_demo_scaled(&state.db, &state.storage, products).await?;
            if orders > 0 {
                shop::seed::bench_orders::insert_into_demo(&state.db, orders).await?;
            }
            tracing::info!("demo shops seeded");
            load_postal_codes_if_empty(&state.db).await
        }
        Command::Import { what, config } => {
            init_logs(config.log_format);
            let state = AppState::start(config).await?;
            anyhow::ensure!(what == "postal-codes", "unknown import `{what}`");
            let started = std::time::Instant::now();
            let loaded = shop::postal::import::load(&state.db, |_| true).await?;
            tracing::info!(
                prefectures = loaded.prefectures,
                postal_codes = loaded.postal_codes,
                ms = started.elapsed().as_millis() as u64,
                "postal codes imported"
            );
            Ok(())
        }
        Command::Channel { action } => channel_command(action).await,
        Command::Staff { action } => staff_command(action).await,
        Command::Member { action } => member_command(action).await,
        Command::Catalog { action: CatalogAction::Import { channel, kind, apply, only_clean, file, config } } => {
            init_logs(config.log_format);
            let state = AppState::start(config).await?;
            catalog_import(&state, &channel, &kind, apply, only_clean, &file).await
        }
        Command::Openapi => {
            print!("{}", shop::openapi::document_json());
            Ok(())
        }
        Command::Maintenance { channel, state: on_off, title, message, config } => {
            init_logs(config.log_format);
            let state = AppState::start(config).await?;
            let current = shop::channel::store::find_channel_by_code(&state.db, &channel).await?.ok_or_else(|| anyhow::anyhow!("no channel `{channel}`"))?;
            let title = title.unwrap_or(current.maintenance_title.clone());
            let message = message.unwrap_or(current.maintenance_message.clone());
            shop::channel::set_maintenance(&state, &channel, on_off == "on", &title, &message).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            tracing::info!(channel, state = on_off, "maintenance switched");
            Ok(())
        }
    }
}

/// `shop catalog import`: the web import's dry run and apply, run here and reported on stdout.
async fn catalog_import(state: &AppState, channel: &str, kind: &str, apply: bool, only_clean: bool, file: &std::path::Path) -> anyhow::Result<()> {
    use shop::catalog::imports::{self, Applier, ImportKind};
    let shop = shop::channel::store::find_channel_by_code(&state.db, channel).await?.ok_or_else(|| anyhow::anyhow!("no channel `{channel}`"))?;
    let kind = ImportKind::parse(kind).ok_or_else(|| anyhow::anyhow!("kind is products or inventory"))?;
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let bundle = shop::catalog::import_bundle::open(&bytes).map_err(|message| anyhow::anyhow!("{message}"))?;
    let plan = imports::plan(&state.db, &state.import_sources(), &shop.id, kind, &bundle).await?;
    let s = &plan.summary;
    println!(
        "{}（{}）: {}行 — 新規 {} / 更新 {} / 変更なし {} / エラー行 {}",
        file.display(),
        plan.encoding.map_or("読めません", |e| e.label()),
        plan.rows,
        s.create,
        s.update,
        s.unchanged,
        s.error_lines
    );
    for name in &s.new_names {
        println!("  作成: {name}");
    }
    for error in &plan.errors {
        println!("  {}行目 {}: {}", error.line, error.column, error.message);
    }
    if !apply {
        println!("確認のみ: 書き込むには --apply を付けてください。");
        return Ok(());
    }
    anyhow::ensure!(
        plan.errors.is_empty() || only_clean,
        "エラーのある行があります: 直してから取り込むか、--only-clean でエラーのない行だけを反映してください。"
    );
    let applier = Applier { staff_id: "cli".into(), staff_name: "コマンドライン".into() };
    let met = imports::apply(&state.db, &shop.id, &plan, 0, &applier, None).await?;
    for error in &met {
        println!("  {}行目 {}: {}", error.line, error.column, error.message);
    }
    println!("反映しました: {}件（書けなかったもの {}件）", plan.to_apply() - met.len(), met.len());
    Ok(())
}

async fn serve(config: Config) -> anyhow::Result<()> {
    init_logs(config.log_format);
    let addr = config.addr;
    shop::infra::fault::arm(config.fault_point.as_deref())?;
    if let Some(metrics_addr) = config.metrics_addr {
        serve_metrics(metrics_addr).await?;
    }
    let state = AppState::start(config).await?;
    if state.config.demo && shop::seed::seed_if_empty(&state.db, &state.storage).await? {
        tracing::info!("empty database: demo shops seeded");
    }
    if shop::channel::store::count_channels(&state.db).await? == 0 {
        tracing::warn!("no shop yet: create one with `shop channel create` (README, \"Production\"), or start the demo shops with `shop serve --demo`");
    }
    load_postal_codes_if_empty(&state.db).await?;
    if !state.config.web_dir.join("index.html").exists() {
        tracing::warn!(dir = %state.config.web_dir.display(), "no built storefront found; run `npm run build` in web/");
    }
    let (search, db) = (state.search.clone(), state.db.clone());
    tokio::spawn(async move {
        // Until it is built the instance is not ready (/readyz), so keep trying.
        while let Err(error) = search.warm(&db).await {
            tracing::error!(error = format!("{error:#}"), "building the keyword index failed; trying again in 10 s");
            tokio::time::sleep(std::time::Duration::from_secs(10)).await;
        }
    });
    let (db, storage) = (state.db.clone(), state.storage.clone());
    tokio::spawn(async move {
        match shop::uploads::move_into_storage(&db, &storage).await {
            Ok(0) => {}
            Ok(moved) => tracing::info!(moved, storage = %storage.description, "attachments moved from the database into the storage"),
            Err(error) => tracing::error!(error = format!("{error:#}"), "moving attachments into the storage failed; they are still served from the database"),
        }
    });
    tracing::info!(storage = %state.storage.description, "files are kept in the storage");
    shop::infra::mail::sender::spawn(state.mailer.clone());
    shop::checkout::reconciler::spawn(state.clone());
    shop::orders::refunds::spawn(state.clone());
    shop::social_gift::expiry::spawn(state.clone());
    shop::orders::payment_deadlines::spawn(state.clone());
    shop::orders::desk_bulk::fail_interrupted(&state).await;
    shop::memorials::reminder::spawn(state.clone());
    shop::histories::restock_mail::spawn(state.clone());
    shop::catalog::low_stock_mail::spawn(state.clone());
    shop::catalog::imports::spawn(state.clone());
    shop::reports::keep::spawn(state.clone());
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    let router = app::router(state);
    axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>()).with_graceful_shutdown(shutdown_signal()).await?;
    Ok(())
}

/// Prometheus metrics on their own address, out of the public listener's reach.
async fn serve_metrics(addr: std::net::SocketAddr) -> anyhow::Result<()> {
    anyhow::ensure!(shop::infra::metrics::install().is_some(), "SHOP_METRICS_ADDR: the metrics recorder could not be installed");
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("SHOP_METRICS_ADDR {addr}: {e}"))?;
    tracing::info!("metrics on http://{}/metrics", listener.local_addr()?);
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, shop::observe::metrics_router()).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(())
}

async fn channel_command(action: ChannelAction) -> anyhow::Result<()> {
    match action {
        ChannelAction::Create { code, name, hosts, theme, settings, config } => {
            init_logs(config.log_format);
            let settings = match settings {
                Some(path) => read_settings_file(&path)?,
                None => Vec::new(),
            };
            let db = shop::infra::db::Db::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            let new = shop::seed::NewChannel { code: code.clone(), name, theme, hosts: hosts.clone(), settings };
            shop::seed::create_channel(&db, new).await?;
            load_postal_codes_if_empty(&db).await?;
            println!("created channel `{code}` on {}", hosts.join(", "));
            Ok(())
        }
        ChannelAction::List { config } => {
            init_logs(config.log_format);
            let db = shop::infra::db::Db::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            for (code, name, hosts) in shop::channel::store::list_channels_with_hosts(&db).await? {
                println!("{code}\t{name}\t{hosts}");
            }
            Ok(())
        }
    }
}

async fn staff_command(action: StaffAction) -> anyhow::Result<()> {
    let StaffAction::Create { channel, email, name, role, password_stdin, config } = action;
    init_logs(config.log_format);
    let password = if password_stdin {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        Some(line.trim_end_matches(['\r', '\n']).to_owned())
    } else {
        None
    };
    let role = match role {
        StaffRoleArg::Owner => shop::staff::StaffRole::Owner,
        StaffRoleArg::Manager => shop::staff::StaffRole::Manager,
        StaffRoleArg::OrderClerk => shop::staff::StaffRole::OrderClerk,
        StaffRoleArg::ShippingClerk => shop::staff::StaffRole::ShippingClerk,
        StaffRoleArg::Viewer => shop::staff::StaffRole::Viewer,
    };
    let db = shop::infra::db::Db::connect(&config.database_url, 2).await?;
    db.migrate().await?;
    let keys = shop::infra::sealed::SealKeys::new(config.totp_key.clone(), config.totp_key_previous.clone());
    let account = shop::staff::create::NewAccount { channel_code: channel.clone(), email, name, role, password };
    let created = shop::staff::create::create(&db, &keys, account).await?;
    println!("created {} `{}` of channel `{channel}`", role.as_str(), created.email);
    if created.password_generated {
        println!("password: {}", created.password);
    }
    println!("TOTP secret (base32): {}", created.totp_secret);
    println!("otpauth URI: {}", created.otpauth_uri);
    println!("Add the secret (or the URI as a QR code) to an authenticator app; it is not shown again.");
    Ok(())
}

async fn member_command(action: MemberAction) -> anyhow::Result<()> {
    let MemberAction::ApproveInvoice { channel, email, revoke, config } = action;
    init_logs(config.log_format);
    let db = shop::infra::db::Db::connect(&config.database_url, 2).await?;
    db.migrate().await?;
    let email = shop::members::business::approve_invoice(&db, &channel, &email, !revoke).await?;
    println!("{} `{email}` of channel `{channel}` for 請求書払い", if revoke { "withdrew the approval of" } else { "approved" });
    Ok(())
}

fn read_settings_file(path: &std::path::Path) -> anyhow::Result<Vec<(String, serde_json::Value)>> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{} is not JSON: {e}", path.display()))?;
    let serde_json::Value::Object(map) = value else { anyhow::bail!("{} must hold one JSON object of settings", path.display()) };
    Ok(map.into_iter().collect())
}

/// The postal-code lookup needs its table filled; the first start (or seed) does it once.
async fn load_postal_codes_if_empty(db: &shop::infra::db::Db) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    if let Some(loaded) = shop::postal::import::load_if_empty(db).await? {
        tracing::info!(postal_codes = loaded.postal_codes, ms = started.elapsed().as_millis() as u64, "postal codes loaded");
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}

/// `RUST_LOG` filters as usual; the access log's target is `access` (`RUST_LOG=info,access=warn`
/// silences it).
fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        // The event's fields at the top level of each line, beside the request's span.
        LogFormat::Json => builder.json().flatten_event(true).init(),
        LogFormat::Pretty => builder.init(),
    }
}
