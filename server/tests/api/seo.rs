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
    let news = app.get("/news/n0023").send().await;
    assert!(news.text().contains("<title>冬のメンテナンス応援セール開催中 | ライドパーツ本舗</title>"));
    assert!(news.text().contains(r#""@type":"NewsArticle""#));
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
    let corporate = app.get("/sitemap.xml").header("host", "corporate.localhost").send().await.text();
    assert!(corporate.contains("http://corporate.localhost/news/b0001"));
    assert!(!corporate.contains("/news/n0024"));
}

async fn robots_points_at_the_sitemap_and_keeps_private_pages_out(app: TestApp) {
    let robots = app.get("/robots.txt").header("x-forwarded-proto", "https").send().await;
    robots.assert_status(StatusCode::OK);
    assert!(robots.text().contains("Sitemap: https://localhost:8080/sitemap.xml"));
    assert!(robots.text().contains("Disallow: /mypage/"));
}

on_both_databases!(
    a_product_page_carries_its_title_description_and_product_data,
    a_missing_product_or_news_item_is_an_http_404,
    the_home_and_news_pages_have_the_shops_head,
    the_sitemap_lists_the_shops_own_pages,
    robots_points_at_the_sitemap_and_keeps_private_pages_out,
);
