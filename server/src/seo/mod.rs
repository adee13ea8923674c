//! What search engines and link previews see: `/robots.txt`, `/sitemap.xml` per channel, and
//! the `<head>` of each page filled in by the server (with HTTP 404 for a missing product,
//! news item or blog post, not a 200 page that only says so).
pub mod meta;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use self::meta::{FirstView, FirstViewCard, PageMeta, summarise};
use crate::catalog::availability::is_on_sale;
use crate::channel::Channel;
use crate::infra::error::ApiResult;
use crate::infra::escape::escape;
use crate::infra::time::Timestamp;
use crate::state::AppState;

/// Sitemaps hold at most 50,000 URLs.
const SITEMAP_LIMIT: i64 = 49_000;
/// Blog posts listed in the sitemap; the rest of the 50,000 is left to products.
const SITEMAP_BLOG_LIMIT: i64 = 500;
/// Cards in the product list's first view: the two rows a phone shows first.
const LIST_FIRST_VIEW_CARDS: i64 = 4;
/// Longest path looked up as a static page; longer ones cannot be one.
const MAX_STATIC_PATH_LEN: usize = 500;

pub fn routes() -> Router<AppState> {
    Router::new().route("/robots.txt", get(robots)).route("/sitemap.xml", get(sitemap))
}

/// `https://host` as the visitor reached us (a proxy in front tells the scheme).
pub fn base_url(headers: &HeaderMap) -> String {
    let scheme = headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()).filter(|v| *v == "https" || *v == "http").unwrap_or("http");
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("localhost");
    // A Host header is attacker-controlled: keep only characters a host name can have.
    let host: String = host.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']')).collect();
    format!("{scheme}://{host}")
}

async fn robots(headers: HeaderMap) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /mypage/\nDisallow: /cart/\nDisallow: /social-gift/\nDisallow: /orders/\nDisallow: /contact/thread/\nDisallow: /admin\n\nSitemap: {}/sitemap.xml\n",
        base_url(&headers)
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn sitemap(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let channel = crate::channel::find_for_request(&state, &headers).await?;
    let base = base_url(&headers);
    let now = Timestamp::now().0;
    let mut paths = vec!["/".to_owned(), "/news".to_owned(), "/product".to_owned(), "/blog".to_owned(), "/faq".to_owned()];
    paths.extend(crate::content::store::list_static_page_urls(&state.db, &channel.id).await?.into_iter().map(|page| page.url));
    paths.extend(crate::news::store::list_news_keys(&state.db, &channel.id, SITEMAP_LIMIT).await?.into_iter().map(|k| format!("/news/{k}")));
    paths.extend(crate::content::store::list_blog_keys(&state.db, &channel.id, now, SITEMAP_BLOG_LIMIT).await?.into_iter().map(|k| format!("/blog/{k}")));
    paths.extend(
        crate::catalog::store::products::list_listable_product_keys(&state.db, &channel.id, now, SITEMAP_LIMIT)
            .await?
            .into_iter()
            .map(|k| format!("/product/{k}")),
    );
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for path in paths {
        xml.push_str(&format!("  <url><loc>{}</loc></url>\n", escape(&format!("{base}{path}"))));
    }
    xml.push_str("</urlset>\n");
    Ok(([(header::CONTENT_TYPE, "application/xml; charset=utf-8")], xml).into_response())
}

/// The status and `<head>` of a storefront page. Paths the server knows nothing about get the
/// shop's defaults and a 200; the SPA decides the rest. `query` is the URL's query string: a
/// narrowed or sorted list gets no first view (it would show other products than the page's).
pub async fn page_meta(state: &AppState, channel: &Channel, headers: &HeaderMap, path: &str, query: Option<&str>) -> ApiResult<(StatusCode, PageMeta)> {
    let base = base_url(headers);
    let canonical = format!("{base}{path}");
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let found = match segments.as_slice() {
        ["product", key] => product_meta(state, channel, &base, key, &canonical).await?,
        ["news", key] => news_meta(state, channel, &base, key, &canonical).await?,
        ["news"] => Some(PageMeta {
            title: "ニュース".into(),
            description: format!("{}からのお知らせ", channel.name),
            canonical,
            og_type: "website",
            ..Default::default()
        }),
        ["blog", key] => blog_meta(state, channel, &base, key, &canonical).await?,
        ["blog"] => Some(PageMeta {
            title: "ブログ".into(),
            description: format!("{}のスタッフブログ", channel.name),
            canonical,
            og_type: "website",
            ..Default::default()
        }),
        ["faq"] => Some(PageMeta {
            title: "よくあるご質問".into(),
            description: format!("{}のよくあるご質問", channel.name),
            canonical,
            og_type: "website",
            ..Default::default()
        }),
        ["product"] => Some(PageMeta {
            title: "商品一覧".into(),
            description: format!("{}の商品一覧", channel.name),
            canonical,
            og_type: "website",
            first_view: if query.is_some_and(|q| !q.is_empty()) { None } else { list_first_view(state, channel).await? },
            ..Default::default()
        }),
        [""] => Some(PageMeta { first_view: home_first_view(state, channel).await?, ..home_meta(state, channel, canonical).await? }),
        _ => match static_page_meta(state, channel, path, &canonical).await? {
            Some(meta) => Some(meta),
            None => Some(home_meta(state, channel, canonical).await?),
        },
    };
    Ok(match found {
        Some(meta) => (StatusCode::OK, meta),
        None => (
            StatusCode::NOT_FOUND,
            PageMeta {
                title: "404 Not Found".into(),
                description: "お探しのページが見つかりませんでした。".into(),
                canonical: format!("{base}{path}"),
                og_type: "website",
                ..Default::default()
            },
        ),
    })
}

async fn home_meta(state: &AppState, channel: &Channel, canonical: String) -> ApiResult<PageMeta> {
    let home = crate::layout::store::find_page(&state.db, &channel.id, "home").await?;
    Ok(PageMeta {
        title: home.as_ref().map(|h| h.title.clone()).unwrap_or_default(),
        description: home.map(|h| h.description).unwrap_or_else(|| channel.name.clone()),
        canonical,
        og_type: "website",
        ..Default::default()
    })
}

/// The product list's heading and first cards, in the list's own default order.
async fn list_first_view(state: &AppState, channel: &Channel) -> ApiResult<Option<FirstView>> {
    let (filter, mut page) = crate::catalog::filter::ProductFilter::parse(&Default::default())?;
    page.per = LIST_FIRST_VIEW_CARDS;
    let (rows, _) = crate::catalog::store::products::list_products(&state.db, &channel.id, &filter, None, page, Timestamp::now().0).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let mut images = crate::catalog::store::products::list_images_of(&state.db, &ids).await?;
    let cards = rows
        .into_iter()
        .map(|row| {
            // Main image first: the first of each product is its card's picture.
            let image = images.iter().position(|i| i.product_id == row.id).map(|at| images.remove(at)).map(|i| (i.url, i.alt));
            FirstViewCard { image: image.map(|(url, alt)| (url, if alt.is_empty() { row.name.clone() } else { alt })), name: row.name, price: row.price }
        })
        .collect();
    Ok(Some(FirstView::List { heading: "商品一覧".into(), cards }))
}

/// The first of the home page's main banners showing now (the carousel's first slide).
async fn home_first_view(state: &AppState, channel: &Channel) -> ApiResult<Option<FirstView>> {
    let main = [crate::content::banners::AREAS[0].to_owned()];
    let banners = crate::content::store::list_banners(&state.db, &channel.id, &main, Some(Timestamp::now().0)).await?;
    Ok(banners.into_iter().next().map(|banner| FirstView::Banner {
        src: crate::content::banners::image_path(&banner.id),
        alt: if banner.alt.is_empty() { banner.title } else { banner.alt },
    }))
}

async fn news_meta(state: &AppState, channel: &Channel, base: &str, key: &str, canonical: &str) -> ApiResult<Option<PageMeta>> {
    let Some(news) = crate::news::store::find_news_by_key(&state.db, &channel.id, key).await? else { return Ok(None) };
    let words = if news.summary.trim().is_empty() { crate::catalog::rich_text::plain_text(&news.body) } else { news.summary.clone() };
    let image = news.image_url.as_ref().map(|url| format!("{base}{url}"));
    Ok(Some(PageMeta {
        description: summarise(&words, 120),
        json_ld: Some(json!({
            "@context": "https://schema.org", "@type": "NewsArticle", "headline": news.title,
            "datePublished": Timestamp(news.published_at).to_rfc3339(), "url": canonical, "image": image,
        })),
        image,
        title: news.title,
        canonical: canonical.to_owned(),
        og_type: "article",
        ..Default::default()
    }))
}

async fn blog_meta(state: &AppState, channel: &Channel, base: &str, key: &str, canonical: &str) -> ApiResult<Option<PageMeta>> {
    let Some(blog) = crate::content::store::find_blog_by_key(&state.db, &channel.id, key, Timestamp::now().0).await? else { return Ok(None) };
    let description = summarise(blog.body.split("\n\n").next().unwrap_or_default(), 120);
    let image = blog.eyecatch.as_ref().map(|path| format!("{base}{path}"));
    Ok(Some(PageMeta {
        json_ld: Some(json!({
            "@context": "https://schema.org", "@type": "Article", "headline": blog.title,
            "datePublished": Timestamp(blog.published_at).to_rfc3339(), "url": canonical,
            "author": {"@type": "Person", "name": blog.author}, "image": image, "description": description,
        })),
        description,
        title: blog.title,
        canonical: canonical.to_owned(),
        og_type: "article",
        image,
        first_view: None,
    }))
}

/// A stored static page at `path` (e.g. `/law`, `/guide/shipping`): its title, and its first
/// section as the description.
async fn static_page_meta(state: &AppState, channel: &Channel, path: &str, canonical: &str) -> ApiResult<Option<PageMeta>> {
    let url = format!("/{}", path.trim_matches('/'));
    if url == "/" || url.len() > MAX_STATIC_PATH_LEN {
        return Ok(None);
    }
    let Some(page) = crate::content::store::find_static_page_by_url(&state.db, &channel.id, &url).await? else { return Ok(None) };
    let sections: Vec<crate::content::pages::Section> = serde_json::from_str(&page.sections).unwrap_or_else(|e| {
        // The page still gets its title; the bad data shows in the log, not to the visitor.
        tracing::warn!(url = %page.url, error = %e, "stored static page sections are malformed");
        Vec::new()
    });
    let description = match sections.first() {
        Some(first) => summarise(&format!("{} {}", first.heading, first.body), 120),
        None => page.title.clone(),
    };
    Ok(Some(PageMeta { title: page.title, description, canonical: canonical.to_owned(), og_type: "website", ..Default::default() }))
}

async fn product_meta(state: &AppState, channel: &Channel, base: &str, key: &str, canonical: &str) -> ApiResult<Option<PageMeta>> {
    let Some(product) = crate::catalog::store::products::find_product_by_key(&state.db, &channel.id, key).await? else { return Ok(None) };
    let card = &product.card;
    let main_image = crate::catalog::store::products::list_images_of(&state.db, std::slice::from_ref(&card.id)).await?.into_iter().next();
    let image = format!("{base}/images/products/{}.svg", card.product_key);
    let available = card.stock > 0 && is_on_sale(card.sale_start, card.sale_end, Timestamp::now().0);
    let description = if product.seo_description.is_empty() {
        summarise(&crate::catalog::rich_text::plain_text(&product.description), 120)
    } else {
        product.seo_description.clone()
    };
    let title = if product.seo_title.is_empty() { card.name.clone() } else { product.seo_title.clone() };
    let json_ld = json!({
        "@context": "https://schema.org", "@type": "Product",
        "name": card.name, "sku": card.code, "image": image, "description": description,
        "brand": card.brand_name.as_ref().or(card.maker_name.as_ref()).map(|name| json!({"@type": "Brand", "name": name})),
        "offers": {
            "@type": "Offer", "priceCurrency": "JPY", "price": card.price, "url": canonical,
            "availability": if available { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        },
    });
    Ok(Some(PageMeta {
        title,
        description,
        canonical: canonical.to_owned(),
        og_type: "product",
        image: Some(image),
        json_ld: Some(json_ld),
        first_view: Some(FirstView::Product {
            heading: card.name.clone(),
            image: main_image.map(|i| {
                let alt = if i.alt.is_empty() { card.name.clone() } else { i.alt };
                (i.url, alt)
            }),
            price: card.price,
        }),
    }))
}
