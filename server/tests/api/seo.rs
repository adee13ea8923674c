//! What a search engine or a link preview sees without running the app.
use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;
use crate::web::write_site;

async fn a_product_page_carries_its_title_description_and_product_data(mut app: TestApp) {
    write_site(&mut app);
    let list = app.get("/v1/products?per=1").send().await.json();
    let (key, name) = (list["data"][0]["key"].as_str().unwrap(), list["data"][0]["name"].as_str().unwrap());
    let page = app.get(&format!("/product/{key}")).send().await;
    page.assert_status(StatusCode::OK);
    let html = page.text();
    assert!(html.contains(&format!("<title>{name} | ライドパーツ本舗</title>")), "{html}");
    assert!(html.contains(&format!(r#"<link rel="canonical" href="http://localhost:8080/product/{key}">"#)));
    assert!(html.contains(r#"<meta property="og:type" content="product">"#));
    assert!(html.contains(r#""@type":"Product""#) && html.contains(r#""priceCurrency":"JPY""#));
    assert!(html.contains("<div id=\"root\">"), "still the app");
}

async fn a_missing_product_or_news_item_is_an_http_404(mut app: TestApp) {
    write_site(&mut app);
    for path in ["/product/no-such-product", "/news/n9999", "/news/n9001"] {
        let page = app.get(path).send().await;
        page.assert_status(StatusCode::NOT_FOUND);
        assert!(page.text().contains("<div id=\"root\">"), "the app still renders its 404 page");
    }
    // Another shop's product is missing here too.
    let corporate = app.get("/v1/products?per=1").channel("corporate").send().await.json();
    let foreign = corporate["data"][0]["key"].as_str().unwrap().to_owned();
    app.get(&format!("/product/{foreign}")).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn the_home_and_news_pages_have_the_shops_head(mut app: TestApp) {
    write_site(&mut app);
    let home = app.get("/").send().await;
    home.assert_status(StatusCode::OK);
    assert!(home.text().contains("<title>バイク・自転車パーツの専門店 | ライドパーツ本舗</title>"));
    // The home page's largest picture, the carousel's first slide, is in the document itself.
    let banners = app.get("/v1/banners?area[]=top_main&is_show=1").send().await.json();
    let first = &banners["data"][0];
    let src = first["image"].as_str().unwrap();
    assert!(home.text().contains(&format!(r#"<div class="first-view" id="first-view"><img class="first-view-banner" src="{src}""#)), "{}", home.text());
    assert!(!app.get("/mypage").send().await.text().contains("first-view"), "other pages of the app start empty");
    let news = app.get("/news/n0023").send().await;
    assert!(news.text().contains("<title>冬のメンテナンス応援セール開催中 | ライドパーツ本舗</title>"));
    assert!(news.text().contains(r#""@type":"NewsArticle""#));
}

async fn the_product_list_draws_its_first_cards_in_the_document(mut app: TestApp) {
    write_site(&mut app);
    let page = app.get("/product").send().await;
    page.assert_status(StatusCode::OK);
    let html = page.text();
    assert!(html.contains("<title>商品一覧 | ライドパーツ本舗</title>"), "{html}");
    // The list's own first four, in its default order, before any script runs.
    let first = app.get("/v1/products?per=4").send().await.json();
    let root = &html[html.find(r#"<div class="first-view""#).unwrap()..];
    let mut at = 0;
    for product in first["data"].as_array().unwrap() {
        let name = product["name"].as_str().unwrap();
        let found = root[at..].find(&format!("<p>{}</p>", shop::infra::escape::escape(name))).unwrap_or_else(|| panic!("{name} in order: {root}"));
        at += found + 1;
    }
    assert_eq!(root.matches("<li>").count(), 4);
    // A sorted or narrowed list shows other products: no first view there.
    assert!(!app.get("/product?sort=price_asc").send().await.text().contains("first-view"));
}

async fn a_blog_post_page_carries_its_article_data(mut app: TestApp) {
    write_site(&mut app);
    let page = app.get("/blog/b-chain-care").send().await;
    page.assert_status(StatusCode::OK);
    let html = page.text();
    assert!(html.contains("<title>冬こそ差がつく、ドライブチェーンの清掃と注油 | ライドパーツ本舗</title>"), "{html}");
    assert!(html.contains(r#"<meta property="og:type" content="article">"#));
    assert!(html.contains(r#"<link rel="canonical" href="http://localhost:8080/blog/b-chain-care">"#));
    assert!(html.contains(r#""@type":"Article""#) && html.contains(r#""name":"整備士 田中""#));
    assert!(html.contains(r#"<meta name="description" content="気温が下がるとチェーンオイルが硬くなり"#), "the first paragraph describes it");
    assert!(html.contains(r#"<meta property="og:image" content="http://localhost:8080/"#), "its eye-catch picture");
    // Missing, not yet published, or another shop's post: 404.
    let corporate = app.get("/v1/blogs?per=1").channel("corporate").send().await.json();
    let foreign = corporate["data"][0]["key"].as_str().unwrap().to_owned();
    for path in ["/blog/no-such-post".to_owned(), "/blog/b-new-year-plan".to_owned(), format!("/blog/{foreign}")] {
        let missing = app.get(&path).send().await;
        missing.assert_status(StatusCode::NOT_FOUND);
        assert!(missing.text().contains("<div id=\"root\">"), "{path}: the app still renders its 404 page");
    }
    let list = app.get("/blog").send().await;
    list.assert_status(StatusCode::OK);
    assert!(list.text().contains("<title>ブログ | ライドパーツ本舗</title>"));
    assert!(app.get("/faq").send().await.text().contains("<title>よくあるご質問 | ライドパーツ本舗</title>"));
}

async fn a_static_page_has_its_title_and_first_section_as_description(mut app: TestApp) {
    write_site(&mut app);
    let law = app.get("/law").send().await;
    law.assert_status(StatusCode::OK);
    let html = law.text();
    assert!(html.contains("<title>特定商取引法に基づく表記 | ライドパーツ本舗</title>"), "{html}");
    assert!(html.contains(r#"<meta name="description" content="販売業者 RideCraft株式会社">"#), "{html}");
    assert!(html.contains(r#"<link rel="canonical" href="http://localhost:8080/law">"#));
    let nested = app.get("/guide/shipping").send().await;
    nested.assert_status(StatusCode::OK);
    assert!(nested.text().contains("<title>配送について | ライドパーツ本舗</title>"));
    assert!(nested.text().contains("配送業者 ヤマト運輸または佐川急便でお届けします。"));
    // Each shop has its own pages.
    let corporate = app.get("/law").header("host", "corporate.localhost").send().await.text();
    assert!(corporate.contains("販売業者 瀧本商事株式会社"), "{corporate}");
    // Paths that are no static page keep the shop's defaults.
    let other = app.get("/guide/nothing").send().await;
    other.assert_status(StatusCode::OK);
    assert!(other.text().contains("<title>バイク・自転車パーツの専門店 | ライドパーツ本舗</title>"));
}

async fn the_sitemap_lists_the_shops_own_pages(app: TestApp) {
    let sitemap = app.get("/sitemap.xml").send().await;
    sitemap.assert_status(StatusCode::OK);
    assert!(sitemap.header("content-type").starts_with("application/xml"));
    let xml = sitemap.text();
    assert!(xml.contains("<loc>http://localhost:8080/news/n0024</loc>"));
    assert!(!xml.contains("/news/n9001"), "scheduled news is not listed yet");
    let products = app.get("/v1/products").send().await;
    let listable: usize = products.header("x-total").parse().unwrap();
    assert_eq!(xml.matches("/product/").count(), listable);
    for path in ["/blog", "/faq", "/blog/b-chain-care", "/blog/b-bottle-cage-review", "/law", "/privacy", "/terms", "/guide", "/guide/shipping"] {
        assert!(xml.contains(&format!("<loc>http://localhost:8080{path}</loc>")), "{path} in {xml}");
    }
    assert_eq!(xml.matches("/blog/").count(), 12, "every published post, no scheduled one");
    assert!(!xml.contains("/blog/b-new-year-plan"));
    let corporate = app.get("/sitemap.xml").header("host", "corporate.localhost").send().await.text();
    assert!(corporate.contains("http://corporate.localhost/news/b0001"));
    assert!(!corporate.contains("/news/n0024"));
}

async fn robots_points_at_the_sitemap_and_keeps_private_pages_out(app: TestApp) {
    let robots = app.get("/robots.txt").header("x-forwarded-proto", "https").send().await;
    robots.assert_status(StatusCode::OK);
    assert!(robots.text().contains("Sitemap: https://localhost:8080/sitemap.xml"));
    assert!(robots.text().contains("Disallow: /mypage/"));
    assert!(robots.text().contains("Disallow: /contact/thread/"), "a guest's inquiry thread is private");
}

on_both_databases!(
    the_product_list_draws_its_first_cards_in_the_document,
    a_product_page_carries_its_title_description_and_product_data,
    a_missing_product_or_news_item_is_an_http_404,
    the_home_and_news_pages_have_the_shops_head,
    a_blog_post_page_carries_its_article_data,
    a_static_page_has_its_title_and_first_section_as_description,
    the_sitemap_lists_the_shops_own_pages,
    robots_points_at_the_sitemap_and_keeps_private_pages_out,
);
