//! Demo data: the two main shops (and the five tenant shops of `tenants.rs`) with realistic Japanese content so every built screen has something
//! real to show. `shop serve --demo` runs it when the database has no channel yet; `shop seed --demo`
//! runs it on demand (it refuses to seed a channel code twice). Each shop gets its catalogue
//! from `catalog.rs`, its blogs, FAQ, pages, banners and calendar from `content.rs`, and one
//! demo member from `members.rs` with an address book from `addresses.rs`.
mod addresses;
pub mod bench_orders;
mod catalog;
mod checkout;
mod collections;
mod contact;
mod content;
mod demo;
mod illustrations;
mod legal_drafts;
pub mod members;
mod orders;
mod pictures;
mod print_catalogs;
mod store;
mod stylists;
mod tenants;
mod wallet;

use crate::infra::db::{Db, StartupLock, Tx};
use crate::infra::ids::ChannelId;
use crate::infra::storage::Storage;
use crate::infra::time::Timestamp;

pub use demo::{CORPORATE, DEMO};

pub async fn seed_demo(db: &Db, storage: &Storage) -> anyhow::Result<()> {
    seed_demo_scaled(db, storage, 0).await
}

/// The demo shops with the demo shop's catalogue filled up to `demo_products` products
/// (copies of the designed ones) — the benchmark's large catalogue.
pub async fn seed_demo_scaled(db: &Db, storage: &Storage, demo_products: usize) -> anyhow::Result<()> {
    let mut tx = db.begin_write_exclusive(StartupLock::DemoSeed).await?;
    seed_demo_into(&mut tx, storage, demo_products).await?;
    tx.commit().await?;
    Ok(())
}

async fn seed_demo_into(tx: &mut Tx, storage: &Storage, demo_products: usize) -> anyhow::Result<()> {
    for shop in demo::shops() {
        if store::channel_exists(tx, shop.code).await? {
            anyhow::bail!("channel `{}` already exists; demo data is only seeded into an empty shop", shop.code);
        }
        let channel_id = store::insert_shop(tx, &shop).await?;
        let now = Timestamp::now().0;
        let scale_to = if shop.code == DEMO { demo_products } else { 0 };
        let pictures = pictures::for_shop(storage, &channel_id, &shop.palette, &catalog::kinds(shop.code)).await?;
        catalog::insert(tx, &channel_id, shop.code, now, scale_to, &pictures).await?;
        content::insert(tx, &channel_id, shop.code, now).await?;
        collections::insert(tx, &channel_id, shop.code).await?;
        print_catalogs::insert(tx, &channel_id, shop.code, now).await?;
        stylists::insert(tx, &channel_id, shop.code).await?;
        checkout::insert(tx, &channel_id, shop.code).await?;
        contact::insert_topics(tx, &channel_id, shop.code).await?;
        if let Some(user_id) = members::insert(tx, &channel_id, shop.code, now).await? {
            addresses::insert(tx, &channel_id, &user_id, shop.code, now).await?;
            contact::insert_system_messages(tx, &channel_id, &user_id, shop.code, shop.name, now).await?;
            wallet::insert_member(tx, &channel_id, &user_id, shop.code, now).await?;
            orders::insert(tx, &channel_id, &user_id, shop.code, now).await?;
        }
        wallet::insert_coupons(tx, &channel_id, shop.code, now).await?;
    }
    Ok(())
}

/// A shop an operator creates (`shop channel create`).
#[derive(Debug, Clone)]
pub struct NewChannel {
    /// `[a-z0-9-]`, 1–32 characters: the shop's code in URLs' `x-channel` and in the CLI.
    pub code: String,
    pub name: String,
    pub theme: Theme,
    /// Host names the shop answers on (the reverse proxy passes `Host` through).
    pub hosts: Vec<String>,
    /// Channel settings (README, "Channel settings"); `SITE.NAME` defaults to the name.
    pub settings: Vec<(String, serde_json::Value)>,
}

/// The storefront themes a shop can use (web/src/themes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Theme {
    Simple,
    Asone,
    Takimoto,
    Tsunagu,
    Awjapan,
    Halehana,
    Livins,
}

impl Theme {
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Simple => "simple",
            Theme::Asone => "asone",
            Theme::Takimoto => "takimoto",
            Theme::Tsunagu => "tsunagu",
            Theme::Awjapan => "awjapan",
            Theme::Halehana => "halehana",
            Theme::Livins => "livins",
        }
    }
}

/// Creates an empty shop: its channel, hosts, settings and the shell its storefront needs.
/// Refuses a code or a host already in use. Returns the channel's id.
pub async fn create_channel(db: &Db, new: NewChannel) -> anyhow::Result<ChannelId> {
    anyhow::ensure!(
        (1..=32).contains(&new.code.len()) && new.code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "the code must be 1–32 characters of a–z, 0–9 and -"
    );
    anyhow::ensure!(!new.name.trim().is_empty(), "the name must not be empty");
    anyhow::ensure!(!new.hosts.is_empty(), "give at least one --host");
    let mut tx = db.begin_write().await?;
    anyhow::ensure!(!store::channel_exists(&mut tx, &new.code).await?, "channel `{}` already exists", new.code);
    for host in &new.hosts {
        if let Some(owner) = store::channel_of_host(&mut tx, host).await? {
            anyhow::bail!("host `{host}` already belongs to channel `{owner}`");
        }
    }
    // The demo's Shop borrows 'static text; this one-shot command leaks its one channel's.
    let new: &'static NewChannel = Box::leak(Box::new(new));
    let channel_id = store::insert_shop(&mut tx, &demo::blank_shop(new)).await?;
    legal_drafts::insert(&mut tx, &channel_id, &new.name, crate::infra::time::Timestamp::now().0).await?;
    checkout::insert_new_shop_methods(&mut tx, &channel_id).await?;
    tx.commit().await?;
    Ok(channel_id)
}

/// Seeds the demo shops when the database has no channel at all (first start of `shop serve
/// --demo`). Instances starting at once queue on the lock; the ones behind the first find the
/// shops there and seed nothing.
pub async fn seed_if_empty(db: &Db, storage: &Storage) -> anyhow::Result<bool> {
    if crate::channel::store::count_channels(db).await? > 0 {
        return Ok(false);
    }
    let mut tx = db.begin_write_exclusive(StartupLock::DemoSeed).await?;
    if store::any_channel(&mut tx).await? {
        return Ok(false);
    }
    seed_demo_into(&mut tx, storage, 0).await?;
    tx.commit().await?;
    Ok(true)
}
