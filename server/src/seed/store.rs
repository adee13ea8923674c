//! The insert statements of the demo seed.
use super::demo::{Block, Shop};
use crate::infra::db::Tx;
use crate::infra::ids::ChannelId;
use crate::infra::ids::new_id;
use crate::infra::time::Timestamp;

pub async fn channel_exists(tx: &mut Tx, code: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM channels WHERE code = $1").bind(code).fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// The code of the channel answering on `host`, if any.
pub async fn channel_of_host(tx: &mut Tx, host: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT c.code FROM channel_hosts h JOIN channels c ON c.id = h.channel_id WHERE h.host = $1").bind(host).fetch_optional(&mut **tx).await
}

pub async fn any_channel(tx: &mut Tx) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT id FROM channels LIMIT 1").fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// Inserts the channel and its shell content; returns the new channel's id.
pub async fn insert_shop(tx: &mut Tx, shop: &Shop) -> anyhow::Result<ChannelId> {
    let now = Timestamp::now().0;
    let channel_id = ChannelId::from_text(new_id());
    sqlx::query(
        "INSERT INTO channels (id, code, name, theme, tenant, company_code, maintenance_title, maintenance_message, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&channel_id)
    .bind(shop.code)
    .bind(shop.name)
    .bind(shop.theme)
    .bind(shop.tenant)
    .bind(shop.company_code)
    .bind(shop.maintenance_title)
    .bind(shop.maintenance_message)
    .bind(now)
    .execute(&mut **tx)
    .await?;

    for host in &shop.hosts {
        sqlx::query("INSERT INTO channel_hosts (host, channel_id) VALUES ($1, $2)").bind(*host).bind(&channel_id).execute(&mut **tx).await?;
    }
    for (key, value) in &shop.settings {
        sqlx::query("INSERT INTO channel_settings (channel_id, setting_key, setting_value) VALUES ($1, $2, $3)")
            .bind(&channel_id)
            .bind(*key)
            .bind(value.to_string())
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query("INSERT INTO color_schemes (id, channel_id, name, colors, is_selected) VALUES ($1, $2, $3, $4, 1)")
        .bind(new_id())
        .bind(&channel_id)
        .bind(shop.palette_name)
        .bind(shop.palette.to_string())
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO page_layouts (channel_id, page, layout, header, footer) VALUES ($1, 'default', 'default', $2, $3)")
        .bind(&channel_id)
        .bind(shop.header.to_string())
        .bind(shop.footer.to_string())
        .execute(&mut **tx)
        .await?;
    insert_page(tx, &channel_id, "home", shop.home_title, shop.home_description, &shop.home_blocks).await?;

    for (index, message) in shop.messages.iter().enumerate() {
        sqlx::query("INSERT INTO messages (id, channel_id, code, title, body, updated_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(new_id())
            .bind(&channel_id)
            .bind(message.code)
            .bind(message.title)
            .bind(message.body)
            .bind(now - index as i64 * 60_000)
            .execute(&mut **tx)
            .await?;
    }
    for news in &shop.news {
        sqlx::query(
            "INSERT INTO news (id, channel_id, news_key, title, summary, body, category, published_at, is_published, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9)",
        )
        .bind(new_id())
        .bind(&channel_id)
        .bind(&news.key)
        .bind(&news.title)
        .bind(&news.summary)
        .bind(&news.body)
        .bind(news.category)
        .bind(now + news.published_offset_ms)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(channel_id)
}

async fn insert_page(tx: &mut Tx, channel_id: &ChannelId, page: &str, title: &str, description: &str, blocks: &[Block]) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO pages (channel_id, page, title, description) VALUES ($1, $2, $3, $4)")
        .bind(channel_id)
        .bind(page)
        .bind(title)
        .bind(description)
        .execute(&mut **tx)
        .await?;
    for (position, block) in blocks.iter().enumerate() {
        sqlx::query(
            "INSERT INTO page_blocks (id, channel_id, page, position, kind, title, props, visible_for, device) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(new_id())
        .bind(channel_id)
        .bind(page)
        .bind(position as i64)
        .bind(block.kind)
        .bind(block.title)
        .bind(block.props.to_string())
        .bind(block.visible_for)
        .bind(block.device)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// How a seeded collection orders the products it picks.
#[derive(Debug, Clone, Copy)]
pub enum PickOrder {
    Newest,
    Popular,
}

/// Ids of the channel's products carrying `tag_key`, whatever their sale state (the
/// collection endpoint decides what it may show), at most `limit`.
pub async fn list_product_ids_by_tag(tx: &mut Tx, channel_id: &ChannelId, tag_key: &str, order: PickOrder, limit: i64) -> sqlx::Result<Vec<String>> {
    let order_by = match order {
        PickOrder::Newest => "p.created_at DESC, p.id DESC",
        PickOrder::Popular => "p.popularity DESC, p.id DESC",
    };
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT p.id FROM products p JOIN product_tags pt ON pt.product_id = p.id JOIN tags t ON t.id = pt.tag_id \
         WHERE p.channel_id = $1 AND t.channel_id = $1 AND t.tag_key = $2 ORDER BY {order_by} LIMIT $3"
    )))
    .bind(channel_id)
    .bind(tag_key)
    .bind(limit)
    .fetch_all(&mut **tx)
    .await
}

/// Ids of the channel's products in the leaf category `category_key`, most popular first,
/// whatever their sale state (the stylist endpoint decides what it may show).
pub async fn list_product_ids_by_category(tx: &mut Tx, channel_id: &ChannelId, category_key: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT p.id FROM products p JOIN product_categories pc ON pc.product_id = p.id JOIN categories c ON c.id = pc.category_id \
         WHERE p.channel_id = $1 AND c.channel_id = $1 AND c.category_key = $2 ORDER BY p.popularity DESC, p.id DESC",
    )
    .bind(channel_id)
    .bind(category_key)
    .fetch_all(&mut **tx)
    .await
}
