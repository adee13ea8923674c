//! Demo data: two shops with realistic Japanese content so every built screen has something
//! real to show. `shop serve` runs it when the database has no channel yet; `shop seed --demo`
//! runs it on demand (it refuses to seed a channel code twice). Each shop gets its catalogue
//! from `catalog.rs`, its blogs, FAQ, pages, banners and calendar from `content.rs`, and one
//! demo member from `members.rs` with an address book from `addresses.rs`.
mod addresses;
mod catalog;
mod checkout;
mod collections;
mod content;
mod demo;
mod members;
mod orders;
mod print_catalogs;
mod store;
mod stylists;
mod wallet;

use crate::infra::db::Db;
use crate::infra::time::Timestamp;

pub use demo::{CORPORATE, DEMO};

pub async fn seed_demo(db: &Db) -> anyhow::Result<()> {
    seed_demo_scaled(db, 0).await
}

/// The demo shops with the demo shop's catalogue filled up to `demo_products` products
/// (copies of the designed ones) — the benchmark's large catalogue.
pub async fn seed_demo_scaled(db: &Db, demo_products: usize) -> anyhow::Result<()> {
    let mut tx = db.begin_write().await?;
    for shop in demo::shops() {
        if store::channel_exists(&mut tx, shop.code).await? {
            anyhow::bail!("channel `{}` already exists; demo data is only seeded into an empty shop", shop.code);
        }
        let channel_id = store::insert_shop(&mut tx, &shop).await?;
        let now = Timestamp::now().0;
        let scale_to = if shop.code == DEMO { demo_products } else { 0 };
        catalog::insert(&mut tx, &channel_id, shop.code, now, scale_to).await?;
        content::insert(&mut tx, &channel_id, shop.code, now).await?;
        collections::insert(&mut tx, &channel_id, shop.code).await?;
        print_catalogs::insert(&mut tx, &channel_id, shop.code, now).await?;
        stylists::insert(&mut tx, &channel_id, shop.code).await?;
        checkout::insert(&mut tx, &channel_id, shop.code).await?;
        if let Some(user_id) = members::insert(&mut tx, &channel_id, shop.code, now).await? {
            addresses::insert(&mut tx, &channel_id, &user_id, shop.code, now).await?;
            wallet::insert_member(&mut tx, &channel_id, &user_id, shop.code, now).await?;
            orders::insert(&mut tx, &channel_id, &user_id, shop.code, now).await?;
        }
        wallet::insert_coupons(&mut tx, &channel_id, shop.code, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Seeds the demo shops when the database has no channel at all (first start).
pub async fn seed_if_empty(db: &Db) -> anyhow::Result<bool> {
    if crate::channel::store::count_channels(db).await? > 0 {
        return Ok(false);
    }
    seed_demo(db).await?;
    Ok(true)
}
