//! Every SQL statement of the content feature. Values are always bound; the two assembled
//! statements (FAQ keyword search, banner areas) concatenate only fixed fragments and `$n`.
use crate::infra::ids::ChannelId;
use sqlx::Arguments;
use sqlx::any::AnyArguments;

use crate::infra::db::{Db, Tx, flag};
use crate::infra::pagination::Page;

// ---------------------------------------------------------------------------------------------
// Blogs

#[derive(Debug, sqlx::FromRow)]
pub struct BlogRow {
    pub id: String,
    pub blog_key: String,
    pub title: String,
    pub body: String,
    pub category_key: String,
    pub category_name: String,
    pub author: String,
    pub eyecatch: Option<String>,
    pub published_at: i64,
}

const BLOG_COLUMNS: &str = "id, blog_key, title, body, category_key, category_name, author, eyecatch, published_at";

/// Published blogs of a channel, newest first; `category` (a key) narrows them.
pub async fn list_blogs(db: &Db, channel_id: &ChannelId, category: Option<&str>, page: Page, now: i64) -> sqlx::Result<(Vec<BlogRow>, i64)> {
    // An empty category stands for "any": one statement serves both cases.
    let category = category.unwrap_or("");
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM blogs WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         AND ($3 = '' OR category_key = $3)",
    )
    .bind(channel_id)
    .bind(now)
    .bind(category)
    .fetch_one(&db.pool)
    .await?;
    let sql = format!(
        "SELECT {BLOG_COLUMNS} FROM blogs WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         AND ($3 = '' OR category_key = $3) ORDER BY published_at DESC, id DESC LIMIT $4 OFFSET $5"
    );
    let rows = sqlx::query_as::<_, BlogRow>(sqlx::AssertSqlSafe(sql))
        .bind(channel_id)
        .bind(now)
        .bind(category)
        .bind(page.per)
        .bind(page.offset())
        .fetch_all(&db.pool)
        .await?;
    Ok((rows, total))
}

pub async fn find_blog_by_key(db: &Db, channel_id: &ChannelId, key: &str, now: i64) -> sqlx::Result<Option<BlogRow>> {
    let sql = format!("SELECT {BLOG_COLUMNS} FROM blogs WHERE channel_id = $1 AND blog_key = $2 AND is_published = 1 AND published_at <= $3");
    sqlx::query_as::<_, BlogRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(key).bind(now).fetch_optional(&db.pool).await
}

/// Keys of the published blogs, newest first (the sitemap).
pub async fn list_blog_keys(db: &Db, channel_id: &ChannelId, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT blog_key FROM blogs WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         ORDER BY published_at DESC, id DESC LIMIT $3",
    )
    .bind(channel_id)
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The keys of the published blogs just before (older) and after (newer) `blog`, in the
/// list's order (published_at, then id).
pub async fn find_adjacent_blog_keys(db: &Db, channel_id: &ChannelId, blog: &BlogRow, now: i64) -> sqlx::Result<(Option<String>, Option<String>)> {
    let older: Option<String> = sqlx::query_scalar(
        "SELECT blog_key FROM blogs WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         AND (published_at < $3 OR (published_at = $3 AND id < $4)) ORDER BY published_at DESC, id DESC LIMIT 1",
    )
    .bind(channel_id)
    .bind(now)
    .bind(blog.published_at)
    .bind(&blog.id)
    .fetch_optional(&db.pool)
    .await?;
    let newer: Option<String> = sqlx::query_scalar(
        "SELECT blog_key FROM blogs WHERE channel_id = $1 AND is_published = 1 AND published_at <= $2 \
         AND (published_at > $3 OR (published_at = $3 AND id > $4)) ORDER BY published_at ASC, id ASC LIMIT 1",
    )
    .bind(channel_id)
    .bind(now)
    .bind(blog.published_at)
    .bind(&blog.id)
    .fetch_optional(&db.pool)
    .await?;
    Ok((older, newer))
}

pub struct NewBlog<'a> {
    pub key: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    pub category_key: &'a str,
    pub category_name: &'a str,
    pub author: &'a str,
    pub eyecatch: Option<&'a str>,
    pub published_at: i64,
    pub is_published: bool,
}

pub async fn insert_blog(tx: &mut Tx, channel_id: &ChannelId, id: &str, blog: &NewBlog<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO blogs (id, channel_id, blog_key, title, body, category_key, category_name, author, eyecatch, published_at, is_published) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(blog.key)
    .bind(blog.title)
    .bind(blog.body)
    .bind(blog.category_key)
    .bind(blog.category_name)
    .bind(blog.author)
    .bind(blog.eyecatch)
    .bind(blog.published_at)
    .bind(flag(blog.is_published))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// FAQ

#[derive(Debug, sqlx::FromRow)]
pub struct QaCategoryRow {
    pub category_key: String,
    pub name: String,
    pub qa_count: i64,
}

pub async fn list_qa_categories(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<QaCategoryRow>> {
    sqlx::query_as::<_, QaCategoryRow>(
        "SELECT c.category_key, c.name, \
                (SELECT COUNT(*) FROM qas q WHERE q.category_id = c.id AND q.is_published = 1) AS qa_count \
         FROM qa_categories c WHERE c.channel_id = $1 ORDER BY c.position, c.id",
    )
    .bind(channel_id)
    .fetch_all(&db.pool)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct QaRow {
    pub id: String,
    pub question: String,
    pub answer: String,
    pub category_key: String,
    pub category_name: String,
}

/// Published questions in the shop's order, narrowed by category key and by normalised
/// search terms (every term must occur in the question or answer).
pub async fn list_qas(db: &Db, channel_id: &ChannelId, category: Option<&str>, terms: &[String], page: Page) -> sqlx::Result<(Vec<QaRow>, i64)> {
    let patterns: Vec<String> = terms.iter().map(|t| crate::infra::search_text::contains_pattern(t)).collect();
    // Arguments cannot be cloned, so the count and the page each get their own.
    let arguments = || -> sqlx::Result<AnyArguments> {
        let mut args = AnyArguments::default();
        args.add(channel_id.to_owned()).map_err(sqlx::Error::Encode)?;
        args.add(category.unwrap_or("").to_owned()).map_err(sqlx::Error::Encode)?;
        for pattern in &patterns {
            args.add(pattern.clone()).map_err(sqlx::Error::Encode)?;
        }
        Ok(args)
    };
    let mut filter = String::from(
        " FROM qas q JOIN qa_categories c ON c.id = q.category_id \
          WHERE q.channel_id = $1 AND q.is_published = 1 AND ($2 = '' OR c.category_key = $2)",
    );
    for n in 0..patterns.len() {
        filter.push_str(&format!(" AND q.search_text LIKE ${} ESCAPE '\\'", n + 3));
    }
    let total: i64 = sqlx::query_scalar_with(sqlx::AssertSqlSafe(format!("SELECT COUNT(*){filter}")), arguments()?).fetch_one(&db.pool).await?;
    let mut args = arguments()?;
    args.add(page.per).map_err(sqlx::Error::Encode)?;
    args.add(page.offset()).map_err(sqlx::Error::Encode)?;
    let (limit, offset) = (patterns.len() + 3, patterns.len() + 4);
    let sql = format!(
        "SELECT q.id, q.question, q.answer, c.category_key, c.name AS category_name{filter} \
         ORDER BY c.position, q.position, q.id LIMIT ${limit} OFFSET ${offset}"
    );
    let rows = sqlx::query_as_with::<_, QaRow, _>(sqlx::AssertSqlSafe(sql), args).fetch_all(&db.pool).await?;
    Ok((rows, total))
}

pub async fn insert_qa_category(tx: &mut Tx, channel_id: &ChannelId, id: &str, key: &str, name: &str, position: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO qa_categories (id, channel_id, category_key, name, position) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(channel_id)
        .bind(key)
        .bind(name)
        .bind(position)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub struct NewQa<'a> {
    pub category_id: &'a str,
    pub question: &'a str,
    pub answer: &'a str,
    /// Normalised by `catalog::search_text::normalise`.
    pub search_text: &'a str,
    pub position: i64,
}

pub async fn insert_qa(tx: &mut Tx, channel_id: &ChannelId, id: &str, qa: &NewQa<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO qas (id, channel_id, category_id, question, answer, search_text, position, is_published) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(qa.category_id)
    .bind(qa.question)
    .bind(qa.answer)
    .bind(qa.search_text)
    .bind(qa.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Static pages

#[derive(Debug, sqlx::FromRow)]
pub struct StaticPageLinkRow {
    pub url: String,
    pub title: String,
}

pub async fn list_static_page_urls(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<StaticPageLinkRow>> {
    sqlx::query_as::<_, StaticPageLinkRow>("SELECT url, title FROM static_pages WHERE channel_id = $1 AND is_published = 1 ORDER BY position, url")
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct StaticPageRow {
    pub url: String,
    pub title: String,
    pub sections: String,
    pub updated_at: i64,
}

pub async fn find_static_page_by_url(db: &Db, channel_id: &ChannelId, url: &str) -> sqlx::Result<Option<StaticPageRow>> {
    sqlx::query_as::<_, StaticPageRow>("SELECT url, title, sections, updated_at FROM static_pages WHERE channel_id = $1 AND url = $2 AND is_published = 1")
        .bind(channel_id)
        .bind(url)
        .fetch_optional(&db.pool)
        .await
}

/// A static page to store: `sections` is the JSON array of {heading, body}.
pub struct NewStaticPage<'a> {
    pub url: &'a str,
    pub title: &'a str,
    pub sections: &'a str,
    pub position: i64,
    /// False for a page made from a template that an owner has still to fill in.
    pub is_published: bool,
}

pub async fn insert_static_page(tx: &mut Tx, channel_id: &ChannelId, page: &NewStaticPage<'_>, updated_at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO static_pages (id, channel_id, url, title, sections, position, is_published, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(crate::infra::ids::new_id())
    .bind(channel_id)
    .bind(page.url)
    .bind(page.title)
    .bind(page.sections)
    .bind(page.position)
    .bind(flag(page.is_published))
    .bind(updated_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A static page as the page desk shows it, drafts included.
#[derive(Debug, sqlx::FromRow)]
pub struct DeskPageRow {
    pub id: String,
    pub url: String,
    pub title: String,
    pub sections: String,
    pub is_published: i64,
    pub version: i64,
    pub updated_at: i64,
}

const DESK_PAGE_COLUMNS: &str = "id, url, title, sections, is_published, version, updated_at";

/// Every static page of a shop, drafts included, in the shop's order.
pub async fn list_desk_pages(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<DeskPageRow>> {
    sqlx::query_as::<_, DeskPageRow>(sqlx::AssertSqlSafe(format!("SELECT {DESK_PAGE_COLUMNS} FROM static_pages WHERE channel_id = $1 ORDER BY position, url")))
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

pub async fn find_desk_page(db: &Db, channel_id: &ChannelId, id: &str) -> sqlx::Result<Option<DeskPageRow>> {
    sqlx::query_as::<_, DeskPageRow>(sqlx::AssertSqlSafe(format!("SELECT {DESK_PAGE_COLUMNS} FROM static_pages WHERE channel_id = $1 AND id = $2")))
        .bind(channel_id)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The page desk's save, only over the version the editor read: false when another save came
/// first (or the page is gone), and nothing is written.
pub async fn update_desk_page(tx: &mut Tx, channel_id: &ChannelId, id: &str, version: i64, page: &NewStaticPage<'_>, updated_at: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE static_pages SET title = $1, sections = $2, is_published = $3, updated_at = $4, version = version + 1 \
         WHERE channel_id = $5 AND id = $6 AND version = $7",
    )
    .bind(page.title)
    .bind(page.sections)
    .bind(flag(page.is_published))
    .bind(updated_at)
    .bind(channel_id)
    .bind(id)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

// ---------------------------------------------------------------------------------------------
// Landing pages

#[derive(Debug, sqlx::FromRow)]
pub struct LandingPageLinkRow {
    pub slug: String,
    pub title: String,
}

pub async fn list_landing_pages(db: &Db, channel_id: &ChannelId) -> sqlx::Result<Vec<LandingPageLinkRow>> {
    sqlx::query_as::<_, LandingPageLinkRow>("SELECT slug, title FROM landing_pages WHERE channel_id = $1 ORDER BY position, slug")
        .bind(channel_id)
        .fetch_all(&db.pool)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct LandingPageRow {
    pub slug: String,
    pub title: String,
    pub layout: String,
    pub is_show_header: i64,
    pub is_show_footer: i64,
    pub redirect_to: Option<String>,
}

pub async fn find_landing_page(db: &Db, channel_id: &ChannelId, slug: &str) -> sqlx::Result<Option<LandingPageRow>> {
    sqlx::query_as::<_, LandingPageRow>(
        "SELECT slug, title, layout, is_show_header, is_show_footer, redirect_to FROM landing_pages \
         WHERE channel_id = $1 AND slug = $2",
    )
    .bind(channel_id)
    .bind(slug)
    .fetch_optional(&db.pool)
    .await
}

pub struct NewLandingPage<'a> {
    pub slug: &'a str,
    pub title: &'a str,
    /// The JSON array of layout items.
    pub layout: &'a str,
    pub is_show_header: bool,
    pub is_show_footer: bool,
    /// Only a checked same-site path can be stored.
    pub redirect_to: Option<&'a super::redirect::SameSitePath>,
    pub position: i64,
}

pub async fn insert_landing_page(tx: &mut Tx, channel_id: &ChannelId, id: &str, page: &NewLandingPage<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO landing_pages (id, channel_id, slug, title, layout, is_show_header, is_show_footer, redirect_to, position) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(page.slug)
    .bind(page.title)
    .bind(page.layout)
    .bind(flag(page.is_show_header))
    .bind(flag(page.is_show_footer))
    .bind(page.redirect_to.map(|path| path.as_str()))
    .bind(page.position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Free areas

#[derive(Debug, sqlx::FromRow)]
pub struct FreeAreaRow {
    pub code: String,
    pub title: String,
    pub body: String,
    pub visible_for: String,
    pub device: String,
}

pub async fn list_free_areas(db: &Db, channel_id: &ChannelId, page: Page) -> sqlx::Result<(Vec<FreeAreaRow>, i64)> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM free_areas WHERE channel_id = $1").bind(channel_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query_as::<_, FreeAreaRow>(
        "SELECT code, title, body, visible_for, device FROM free_areas WHERE channel_id = $1 \
         ORDER BY position, code LIMIT $2 OFFSET $3",
    )
    .bind(channel_id)
    .bind(page.per)
    .bind(page.offset())
    .fetch_all(&db.pool)
    .await?;
    Ok((rows, total))
}

pub async fn find_free_area(db: &Db, channel_id: &ChannelId, code: &str) -> sqlx::Result<Option<FreeAreaRow>> {
    sqlx::query_as::<_, FreeAreaRow>("SELECT code, title, body, visible_for, device FROM free_areas WHERE channel_id = $1 AND code = $2")
        .bind(channel_id)
        .bind(code)
        .fetch_optional(&db.pool)
        .await
}

pub async fn insert_free_area(tx: &mut Tx, channel_id: &ChannelId, id: &str, area: &FreeAreaRow, position: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO free_areas (id, channel_id, code, title, body, visible_for, device, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(id)
        .bind(channel_id)
        .bind(&area.code)
        .bind(&area.title)
        .bind(&area.body)
        .bind(&area.visible_for)
        .bind(&area.device)
        .bind(position)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Banners

#[derive(Debug, sqlx::FromRow)]
pub struct BannerRow {
    pub id: String,
    pub area: String,
    pub title: String,
    pub alt: String,
    pub link: String,
    pub position: i64,
    pub is_show: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
}

/// Banners the visitor may see (flag on), of the given areas (all when empty), by area and
/// position; `current_at` keeps only those whose window contains that instant.
pub async fn list_banners(db: &Db, channel_id: &ChannelId, areas: &[String], current_at: Option<i64>) -> sqlx::Result<Vec<BannerRow>> {
    let mut sql = String::from(
        "SELECT id, area, title, alt, link, position, is_show, starts_at, ends_at FROM banners \
         WHERE channel_id = $1 AND is_show = 1",
    );
    let mut args = AnyArguments::default();
    args.add(channel_id.to_owned()).map_err(sqlx::Error::Encode)?;
    if let Some(now) = current_at {
        args.add(now).map_err(sqlx::Error::Encode)?;
        let n = args.len();
        sql.push_str(&format!(" AND (starts_at IS NULL OR starts_at <= ${n}) AND (ends_at IS NULL OR ends_at > ${n})"));
    }
    if !areas.is_empty() {
        sql.push_str(" AND area IN (");
        for (index, area) in areas.iter().enumerate() {
            args.add(area.clone()).map_err(sqlx::Error::Encode)?;
            sql.push_str(&format!("{}${}", if index == 0 { "" } else { ", " }, args.len()));
        }
        sql.push(')');
    }
    sql.push_str(" ORDER BY area, position, id");
    sqlx::query_as_with::<_, BannerRow, _>(sqlx::AssertSqlSafe(sql), args).fetch_all(&db.pool).await
}

#[derive(Debug, sqlx::FromRow)]
pub struct BannerFileRow {
    pub file_name: String,
    pub svg: String,
}

/// The picture of a visible banner; `channel_id` None looks the id up in every channel (the
/// public image path, which a browser requests without naming its channel).
pub async fn find_banner_file(db: &Db, channel_id: Option<&ChannelId>, id: &str) -> sqlx::Result<Option<BannerFileRow>> {
    sqlx::query_as::<_, BannerFileRow>("SELECT file_name, svg FROM banners WHERE id = $1 AND is_show = 1 AND ($2 = '' OR channel_id = $2)")
        .bind(id)
        .bind(channel_id.map_or("", ChannelId::as_str))
        .fetch_optional(&db.pool)
        .await
}

pub struct NewBanner<'a> {
    pub area: &'a str,
    pub title: &'a str,
    pub alt: &'a str,
    pub link: &'a str,
    pub position: i64,
    pub is_show: bool,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub file_name: &'a str,
    pub svg: &'a str,
}

pub async fn insert_banner(tx: &mut Tx, channel_id: &ChannelId, id: &str, banner: &NewBanner<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO banners (id, channel_id, area, title, alt, link, position, is_show, starts_at, ends_at, file_name, svg) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(id)
    .bind(channel_id)
    .bind(banner.area)
    .bind(banner.title)
    .bind(banner.alt)
    .bind(banner.link)
    .bind(banner.position)
    .bind(flag(banner.is_show))
    .bind(banner.starts_at)
    .bind(banner.ends_at)
    .bind(banner.file_name)
    .bind(banner.svg)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Popups

#[derive(Debug, sqlx::FromRow)]
pub struct PopupRow {
    pub id: String,
    pub title: String,
    pub body: String,
    pub image: Option<String>,
    pub link: String,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub display: String,
    /// The ecommerce event whose answer carries it; none for a popup shown over pages.
    pub event_name: Option<String>,
}

const POPUP_COLUMNS: &str = "id, title, body, image, link, starts_at, ends_at, display, event_name";
const POPUP_CURRENT: &str = "(starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)";

/// Popups whose window contains `now`: those shown over pages, or with `event` those of that
/// ecommerce event.
pub async fn list_popups(db: &Db, channel_id: &ChannelId, now: i64, event: Option<&str>) -> sqlx::Result<Vec<PopupRow>> {
    let of_event = if event.is_some() { "event_name = $3" } else { "event_name IS NULL" };
    let sql = format!("SELECT {POPUP_COLUMNS} FROM popups WHERE channel_id = $1 AND {POPUP_CURRENT} AND {of_event} ORDER BY position, id");
    let query = sqlx::query_as::<_, PopupRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(now);
    match event {
        Some(event) => query.bind(event).fetch_all(&db.pool).await,
        None => query.fetch_all(&db.pool).await,
    }
}

pub async fn find_popup(db: &Db, channel_id: &ChannelId, id: &str, now: i64) -> sqlx::Result<Option<PopupRow>> {
    let sql = format!("SELECT {POPUP_COLUMNS} FROM popups WHERE channel_id = $1 AND {POPUP_CURRENT} AND id = $3");
    sqlx::query_as::<_, PopupRow>(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(now).bind(id).fetch_optional(&db.pool).await
}

pub async fn insert_popup(tx: &mut Tx, channel_id: &ChannelId, popup: &PopupRow, position: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO popups (id, channel_id, title, body, image, link, starts_at, ends_at, display, position, event_name) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&popup.id)
    .bind(channel_id)
    .bind(&popup.title)
    .bind(&popup.body)
    .bind(popup.image.as_deref())
    .bind(&popup.link)
    .bind(popup.starts_at)
    .bind(popup.ends_at)
    .bind(&popup.display)
    .bind(position)
    .bind(popup.event_name.as_deref())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
