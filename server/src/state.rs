//! What every handler may reach: the database, token keys, configuration, the read caches,
//! the search index, the mailer, social login providers, members' session versions and the
//! payment gateway. Features take it as `State<AppState>`; the router (app.rs) only passes it on.
use std::sync::Arc;
use std::time::Duration;

use crate::auth::sessions::SessionVersions;
use crate::auth::token::TokenKeys;
use crate::infra::config::Config;
use crate::infra::db::Db;
use crate::infra::mail::Mailer;
use crate::infra::read_cache::ReadCache;
use crate::infra::sealed::SealKeys;
use crate::infra::shared_secrets::{self, SharedSecret};
use crate::{bot_check, catalog, channel, payments, social_login, staff};

/// How long a catalogue answer is served before it is reloaded in the background: stock and
/// prices shown in lists may lag this much behind; the cart checks them again at every step.
pub const CATALOG_FRESH_FOR: Duration = Duration::from_secs(1);

/// What every handler shares. Cloning it is one reference count: axum clones the state for
/// every middleware and extractor of every request, and a field-by-field clone (caches, keys,
/// mailer) was a tenth of a cached catalogue answer's CPU time.
#[derive(Clone)]
pub struct AppState(Arc<SharedState>);

impl std::ops::Deref for AppState {
    type Target = SharedState;

    fn deref(&self) -> &SharedState {
        &self.0
    }
}

#[derive(Clone)]
pub struct SharedState {
    pub db: Db,
    pub tokens: TokenKeys,
    pub config: Arc<Config>,
    /// Finished catalogue answers (lists, product pages), fresh for a second.
    pub catalog_cache: ReadCache,
    /// Products as lists show them, by id, for keyword pages (catalog/product_item.rs).
    pub items: crate::catalog::product_item::ItemCache,
    /// Members' favourite ids for `is_favorite` over cached answers.
    pub favorites: crate::catalog::favorite_overlay::FavoriteCache,
    /// What a member's leaving erases of the features above the members.
    pub leave_erasers: crate::members::leaving::LeaveErasers,
    /// The checkout's order confirmation mail, for the order desk's resend.
    pub confirmation_mail: crate::orders::desk_mails::ConfirmationMail,
    /// The storefront's 入荷リクエスト still waiting, per product, for the stock desk.
    pub restock_waiting: crate::catalog::restock::CountWaiting,
    /// The product desk's list counts by shop, filter and catalogue stamp (catalog/http/admin_products.rs).
    pub desk_counts: crate::infra::fresh_cache::FreshCache<String, i64>,
    /// The keyword index over every channel's products (catalog/search_index.rs).
    pub search: catalog::search_index::SearchIndex,
    pub channels: channel::ChannelCache,
    pub mailer: Mailer,
    /// Where files live: product photos, inquiry attachments (infra/storage.rs).
    pub storage: crate::infra::storage::Storage,
    /// Fetches the pictures an imported CSV names by URL, public hosts only (infra/picture_fetch.rs).
    pub picture_fetcher: crate::infra::picture_fetch::PictureFetcher,
    /// Social login providers from `SHOP_OAUTH_PROVIDERS` (none by default).
    pub social_providers: Arc<social_login::Providers>,
    /// Members' session versions, fresh for two seconds (auth/sessions.rs).
    pub sessions: SessionVersions,
    /// The card payment gateway of each channel (payments/gateways.rs): `SHOP_PAYMENT_GATEWAYS`,
    /// and the in-process sandbox for the others with `--demo`.
    pub gateway: payments::Gateways,
    /// The secret the gateway signs its notifications with (`SHOP_GATEWAY_SECRET` or data/gateway.key).
    pub gateway_secret: payments::GatewaySecret,
    /// The bot check's challenge key (`SHOP_BOT_CHECK_SECRET` or generated and shared) and
    /// its HTTP client for reCAPTCHA.
    pub bot_check: bot_check::Keys,
    /// `SHOP_TOTP_KEY` (and the previous one while rotating): staff TOTP secrets are sealed
    /// with it in the database (staff/sealing.rs).
    pub totp_keys: SealKeys,
}

impl AppState {
    /// What a catalogue import's dry run reads besides the database (catalog/imports.rs).
    pub fn import_sources(&self) -> crate::catalog::imports::Sources<'_> {
        crate::catalog::imports::Sources { storage: &self.storage, fetcher: &self.picture_fetcher }
    }

    /// This state with other social login providers (the tests configure them after start);
    /// caches and the database pool are shared with the original.
    pub fn with_social_providers(&self, providers: social_login::Providers) -> AppState {
        AppState(Arc::new(SharedState { social_providers: Arc::new(providers), ..(*self.0).clone() }))
    }

    /// This state with other payment gateways (the tests configure them after start).
    pub fn with_gateways(&self, gateways: payments::Gateways) -> AppState {
        AppState(Arc::new(SharedState { gateway: gateways, ..(*self.0).clone() }))
    }

    /// Connects, brings the database's schema up to date (every instance may start at once:
    /// the migrator takes a lock) and loads the secrets the deployment shares.
    pub async fn start(config: Config) -> anyhow::Result<AppState> {
        let db = Db::connect(&config.database_url, config.db_max_connections).await?;
        db.migrate().await?;
        let jwt_secret = shared_secrets::resolve(&db, SharedSecret::AccessTokens, config.jwt_secret.as_deref(), &config.data_dir).await?;
        let tokens = TokenKeys::from_secret(jwt_secret.as_bytes());
        let gateway_secret = shared_secrets::resolve(&db, SharedSecret::GatewayNotifications, config.gateway_secret.as_deref(), &config.data_dir).await?;
        let gateway_secret = payments::GatewaySecret::from_secret(gateway_secret.as_bytes());
        let bot_check_secret = shared_secrets::resolve(&db, SharedSecret::BotCheck, config.bot_check_secret.as_deref(), &config.data_dir).await?;
        let bot_check = bot_check::Keys::new(&bot_check_secret)?;
        let totp_keys = SealKeys::new(config.totp_key.clone(), config.totp_key_previous.clone());
        staff::sealing::seal_stored(&db, &totp_keys).await?;
        let mailer = Mailer::new(&config, db.clone())?;
        let storage = crate::infra::storage::Storage::open(config.storage_url.as_deref(), &config.data_dir)?;
        let picture_fetcher = crate::infra::picture_fetch::PictureFetcher::new(&config.picture_fetch_allow_hosts)?;
        let social_providers = Arc::new(social_login::Providers::load(config.oauth_providers.as_deref())?);
        let gateway = payments::Gateways::load(config.payment_gateways.as_deref(), config.demo, db.clone())?;
        tracing::info!(?gateway, "card payment gateways");
        Ok(AppState(Arc::new(SharedState {
            db,
            tokens,
            gateway,
            gateway_secret,
            bot_check,
            totp_keys,
            mailer,
            storage,
            picture_fetcher,
            social_providers,
            config: Arc::new(config),
            catalog_cache: ReadCache::new(20_000, CATALOG_FRESH_FOR),
            items: crate::catalog::product_item::ItemCache::new(50_000, CATALOG_FRESH_FOR / 2),
            favorites: crate::catalog::favorite_overlay::FavoriteCache::new(|db, channel_id, user_id| {
                Box::pin(async move { crate::favorites::store::favorite_product_ids(&db, &channel_id, &user_id).await })
            }),
            desk_counts: crate::infra::fresh_cache::FreshCache::new(2_000, std::time::Duration::from_secs(5)),
            search: catalog::search_index::SearchIndex::default(),
            channels: channel::ChannelCache::new(),
            sessions: SessionVersions::new(),
            leave_erasers: LEAVE_ERASERS,
            confirmation_mail: |state, channel, order| {
                Box::pin(async move {
                    let settings = crate::cart::settings::CheckoutSettings::load(&state.db, channel).await?;
                    crate::checkout::card_payment::confirmation_mail(state, &settings, order, None, None).await
                })
            },
            restock_waiting: |db, channel_id, product_ids| {
                Box::pin(async move { crate::histories::store::count_waiting_restock(&db, &channel_id, &product_ids).await })
            },
        })))
    }
}

/// The address book and the cards, erased when a member leaves (`members::leaving`).
const LEAVE_ERASERS: crate::members::leaving::LeaveErasers = crate::members::leaving::LeaveErasers {
    address_book: |tx, user_id| Box::pin(crate::addresses::store::delete_book(tx, user_id)),
    cards: |tx, user_id| Box::pin(crate::cards::store::delete_all_cards(tx, user_id)),
    forget_cards: |state, channel_id, card_refs| Box::pin(crate::cards::forget_at_gateway(state, channel_id, card_refs)),
};
