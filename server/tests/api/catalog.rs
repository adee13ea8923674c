//! The catalogue as the storefront browses it, on the demo seed: 300 products in the demo
//! shop, of which 288 are listed (3 unpublished, 6 announced for later, 3 whose sale ended),
//! and 39 in the corporate shop.
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;

fn items(answer: &Answer) -> Vec<Value> {
    answer.json()["data"].as_array().unwrap_or_else(|| panic!("no data: {}", answer.text())).clone()
}

fn keys(answer: &Answer) -> Vec<String> {
    items(answer).iter().map(|item| item["key"].as_str().unwrap().to_owned()).collect()
}

async fn total(app: &TestApp, query: &str) -> i64 {
    let answer = app.get(&format!("/v1/products?{query}")).send().await;
    answer.assert_status(StatusCode::OK);
    answer.header("x-total").parse().unwrap()
}

/// Every listed item matching `query`, through all pages of 100.
async fn all_items(app: &TestApp, query: &str) -> Vec<Value> {
    let mut all = Vec::new();
    for page in 1.. {
        let answer = app.get(&format!("/v1/products?{query}&per=100&page={page}")).send().await;
        answer.assert_status(StatusCode::OK);
        all.extend(items(&answer));
        if answer.header("x-last-page") == page.to_string() {
            break;
        }
    }
    all
}

async fn products_page_by_fifteen_with_the_counts_in_headers(app: TestApp) {
    let first = app.get("/v1/products").send().await;
    first.assert_status(StatusCode::OK);
    assert_eq!(first.header("x-total"), "288");
    assert_eq!(first.header("x-per-page"), "15");
    assert_eq!(first.header("x-last-page"), "20");
    assert_eq!(first.header("x-current-page"), "1");
    assert_eq!(items(&first).len(), 15);

    let last = app.get("/v1/products?page=20").send().await;
    assert_eq!(items(&last).len(), 3);
    let wide = app.get("/v1/products?per=100&page=3").send().await;
    assert_eq!(wide.header("x-last-page"), "3");
    assert_eq!(items(&wide).len(), 88);
    let beyond = app.get("/v1/products?page=21").send().await;
    beyond.assert_status(StatusCode::OK);
    assert!(items(&beyond).is_empty());
}

async fn a_list_item_carries_what_a_product_card_shows(app: TestApp) {
    let found = app.get("/v1/products?keyword=rp0001&sort=new").send().await;
    assert_eq!(found.header("x-total"), "0", "keys are not searchable text");
    let list = app.get("/v1/products?category=bike-led-bulb&sort=price_desc&per=100").send().await;
    let item = items(&list).into_iter().find(|item| item["key"] == "rp0001").expect("rp0001 listed");
    assert_eq!(item["name"], "LEDヘッドライトバルブ H4 Hi/Lo 6000K");
    assert_eq!(item["code"], "DT-99501");
    assert_eq!(item["product_price"], 9980);
    assert_eq!(item["before_price"], Value::Null);
    assert_eq!(item["tax_rate"], 10);
    assert_eq!(item["maker"], serde_json::json!({ "key": "daytona", "name": "デイトナ" }));
    assert_eq!(item["brand"], serde_json::json!({ "key": "daytona", "name": "DAYTONA" }));
    assert_eq!(item["categories"], serde_json::json!([{ "key": "bike-led-bulb", "name": "LEDバルブ" }]));
    let url = item["image"]["url"].as_str().unwrap();
    assert!(url.starts_with("/media/") && url.ends_with("-720.webp"), "a drawn picture through the photo pipeline: {url}");
    assert!(item["image"]["srcset"].as_str().unwrap().contains(" 240w, "), "{item}");
    assert_eq!(item["image"]["alt"], "LEDヘッドライトバルブ H4 Hi/Lo 6000K");
    assert_eq!(item["is_favorite"], false);
    assert_eq!(item["stock_status"], "in_stock");
    assert_eq!(item["is_on_sale"], true);

    let reduced = items(&list).into_iter().find(|item| item["key"] == "rp0005").unwrap();
    assert_eq!((reduced["product_price"].as_i64(), reduced["before_price"].as_i64()), (Some(5980), Some(7480)));
    let sold_out = items(&list).into_iter().find(|item| item["key"] == "rp0006").unwrap();
    assert_eq!(sold_out["stock_status"], "out_of_stock");
    let few = items(&list).into_iter().find(|item| item["key"] == "rp0007").unwrap();
    assert_eq!(few["stock_status"], "few");
}

async fn reduced_rate_items_say_so(app: TestApp) {
    let gels = all_items(&app, "category=cycle-gel").await;
    assert_eq!(gels.len(), 6);
    assert!(gels.iter().all(|gel| gel["tax_rate"] == 8), "food is taxed at 8%");
    assert!(gels.iter().any(|gel| gel["product_price"] == 216));
}

async fn a_category_filters_alone_or_with_everything_below_it(app: TestApp) {
    assert_eq!(total(&app, "category=bike-led-bulb").await, 17);
    assert_eq!(total(&app, "category=bike-led-bulb&child=1").await, 17);
    // Products hang from leaf categories: a parent alone holds none of them.
    assert_eq!(total(&app, "category=bike-electric").await, 0);
    assert_eq!(total(&app, "category=bike-electric&child=1").await, 39);
    let roots = [total(&app, "category=bike&child=1").await, total(&app, "category=cycle&child=1").await, total(&app, "category=maintenance&child=1").await];
    assert_eq!(roots, [164, 100, 24]);
    assert_eq!(total(&app, "category=no-such-category&child=1").await, 0);
    // Another shop's category does not leak into this one.
    assert_eq!(total(&app, "category=b-repair&child=1").await, 0);
    let electric = all_items(&app, "category=bike-electric&child=1").await;
    let leaves = ["bike-led-bulb", "bike-battery", "bike-usb"];
    assert!(electric.iter().all(|item| leaves.contains(&item["categories"][0]["key"].as_str().unwrap())));
}

async fn makers_brands_and_tags_filter_the_list(app: TestApp) {
    let shimano = all_items(&app, "maker=shimano").await;
    assert_eq!(shimano.len(), 32);
    assert!(shimano.iter().all(|item| item["maker"]["name"] == "シマノ"));
    let mtb = all_items(&app, "brand=shimano-mtb").await;
    assert_eq!(mtb.len(), 13);
    assert!(mtb.iter().all(|item| item["brand"]["key"] == "shimano-mtb"));
    assert_eq!(total(&app, "tag=shaken").await, 30);
    assert_eq!(total(&app, "maker=shimano&brand=shimano-mtb&category=cycle-pedal").await, 7);
    assert_eq!(total(&app, "maker=nobody").await, 0);
    assert_eq!(total(&app, "tag=bulk").await, 0, "the corporate shop's tag");
}

async fn a_price_range_keeps_prices_inside_it(app: TestApp) {
    let cheap = all_items(&app, "price_min=1000&price_max=2000").await;
    assert_eq!(cheap.len(), 36);
    assert!(cheap.iter().all(|item| (1000..=2000).contains(&item["product_price"].as_i64().unwrap())));
    let exact = all_items(&app, "price_min=9980&price_max=9980").await;
    assert!(!exact.is_empty() && exact.iter().all(|item| item["product_price"] == 9980));
    assert_eq!(total(&app, "price_min=0").await, 288);
    assert_eq!(total(&app, "price_min=1000000").await, 0);
}

async fn in_stock_leaves_out_sold_out_items(app: TestApp) {
    let all = all_items(&app, "category=bike-led-bulb").await;
    let available = all_items(&app, "category=bike-led-bulb&in_stock=1").await;
    assert!(all.iter().any(|item| item["key"] == "rp0006"));
    assert!(available.iter().all(|item| item["stock_status"] != "out_of_stock"));
    assert_eq!(available.len(), all.iter().filter(|item| item["stock_status"] != "out_of_stock").count());
    assert!(available.len() < all.len());
    assert_eq!(total(&app, "in_stock=0").await, 288);
}

async fn bad_filters_are_a_422_with_japanese_field_messages(app: TestApp) {
    let cases = [
        ("price_min=abc", "price_min", "価格の下限は0以上の整数で指定してください。"),
        ("price_min=-1", "price_min", "価格の下限は0以上の整数で指定してください。"),
        ("price_max=1.5", "price_max", "価格の上限は0以上の整数で指定してください。"),
        ("price_max=99999999999999999999", "price_max", "価格の上限は0以上の整数で指定してください。"),
        ("price_min=5000&price_max=1000", "price_max", "価格の上限は下限以上の金額を指定してください。"),
        ("sort=cheap", "sort", "並び順は new、price_asc、price_desc、popular のいずれかで指定してください。"),
        ("in_stock=yes", "in_stock", "在庫ありの指定は0または1で指定してください。"),
        ("child=2", "child", "下位カテゴリの指定は0または1で指定してください。"),
        ("page=0", "page", "ページ番号は1以上の整数で指定してください。"),
        ("per=101", "per", "表示件数は1〜100の整数で指定してください。"),
        ("per=all", "per", "表示件数は1〜100の整数で指定してください。"),
        // Padding is not blank: the document describes exact values, and what it does not
        // describe is refused (a fuzzer's `in_stock=%0B` once listed everything).
        ("in_stock=%0B", "in_stock", "在庫ありの指定は0または1で指定してください。"),
        ("child=%201", "child", "下位カテゴリの指定は0または1で指定してください。"),
        ("page=%20", "page", "ページ番号は1以上の整数で指定してください。"),
        ("per=%0910", "per", "表示件数は1〜100の整数で指定してください。"),
        ("price_min=%20", "price_min", "価格の下限は0以上の整数で指定してください。"),
    ];
    for (query, field, message) in cases {
        let answer = app.get(&format!("/v1/products?{query}")).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"][field][0], message, "{query}");
        assert_eq!(answer.json()["message"], message, "{query}");
    }
    let long = "あ".repeat(101);
    let answer = app.get(&format!("/v1/products?keyword={}", encode(&long))).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["keyword"][0], "キーワードは100文字以内で指定してください。");
    // Two bad fields are reported together.
    let both = app.get("/v1/products?price_min=x&sort=y").send().await.json();
    assert!(both["errors"]["price_min"].is_array() && both["errors"]["sort"].is_array());
    // A repeated parameter is malformed, not a server error.
    app.get("/v1/products?tag=a&tag=b").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    // PostgreSQL cannot store NUL in text: refused before it reaches the database.
    for query in ["keyword=a%00b", "category=%00"] {
        let answer = app.get(&format!("/v1/products?{query}")).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"]["query"][0], "検索条件の形式が正しくありません。");
    }
    app.get("/v1/products/rp%000001").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/makers/%00").send().await.assert_status(StatusCode::NOT_FOUND);
}

fn encode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

async fn keyword_search_ignores_width_and_kana(app: TestApp) {
    let katakana = all_items(&app, &format!("keyword={}", encode("グローブ"))).await;
    assert_eq!(katakana.len(), 14);
    assert!(katakana.iter().all(|item| item["name"].as_str().unwrap().contains("グローブ")));
    for spelling in ["ぐろーぶ", "ｸﾞﾛｰﾌﾞ", "　ぐろーぶ　", "ろーぶ"] {
        let found = all_items(&app, &format!("keyword={}", encode(spelling))).await;
        assert_eq!(found.len(), 14, "{spelling}");
    }
    // Full-width letters and digits find the half-width code and name.
    let code = all_items(&app, &format!("keyword={}", encode("ＧＫ－８３９"))).await;
    assert_eq!(code.len(), 1);
    assert_eq!(code[0]["name"], "ウインターグローブ GK-839 プロテクト");
    // Every word must match; colours of variations are searchable.
    assert_eq!(all_items(&app, &format!("keyword={}", encode("ぐろーぶ れっど"))).await.len(), 4);
    assert_eq!(all_items(&app, &format!("keyword={}", encode("グローブ シマノ"))).await.len(), 0);
    // Maker and category names are searched too.
    assert_eq!(total(&app, &format!("keyword={}", encode("しまの"))).await, 32);
    assert_eq!(total(&app, &format!("keyword={}", encode("電装パーツ"))).await, 39);
}

async fn like_wildcards_in_a_keyword_match_only_themselves(app: TestApp) {
    assert_eq!(total(&app, "keyword=%25").await, 0);
    assert_eq!(total(&app, "keyword=_").await, 0);
    assert_eq!(total(&app, "keyword=%5C").await, 0);
    assert_eq!(total(&app, "keyword=%20%20").await, 288, "a blank keyword is no filter");
}

async fn keyword_results_put_name_matches_first(app: TestApp) {
    // 充電器 is in the name of one item and in the category names of 21 more.
    let found = app.get(&format!("/v1/products?keyword={}&per=100", encode("充電器"))).send().await;
    assert_eq!(found.header("x-total"), "22");
    let list = items(&found);
    assert_eq!(list[0]["name"], "バッテリーチャージャー ミニ充電器 0.8A");
    assert!(list[1..].iter().all(|item| !item["name"].as_str().unwrap().contains("充電器")));
    // An explicit sort overrides the ranking.
    let by_price = all_items(&app, &format!("keyword={}&sort=price_asc", encode("充電器"))).await;
    let prices: Vec<i64> = by_price.iter().map(|item| item["product_price"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|pair| pair[0] <= pair[1]));
}

fn name_holds(item: &Value, word: &str) -> bool {
    let normalise = shop::infra::search_text::normalise;
    normalise(item["name"].as_str().unwrap()).contains(&normalise(word))
}

async fn products_named_after_the_keyword_rank_before_those_that_only_mention_it(app: TestApp) {
    let mut mixed = 0;
    for word in ["ブレーキ", "チェーン", "グリップ", "ヘルメット", "充電器", "オイル"] {
        let found = all_items(&app, &format!("keyword={}", encode(word))).await;
        let named = found.iter().filter(|item| name_holds(item, word)).count();
        assert!(named > 0, "{word}: some product is named after it");
        assert!(found[..named].iter().all(|item| name_holds(item, word)), "{word}: name matches come first");
        mixed += usize::from(named < found.len());
    }
    // ブレーキ and 充電器 are also in category names of products not named after them.
    assert!(mixed >= 2, "words also found only in category names: {mixed}");
}

async fn a_keyword_combines_with_category_and_price_filters(app: TestApp) {
    let keyword = format!("keyword={}", encode("ぶれーき"));
    let ranked = all_items(&app, &keyword).await;
    let in_category = all_items(&app, "category=cycle-brake&child=1").await;
    let category_keys: Vec<&Value> = in_category.iter().map(|item| &item["key"]).collect();
    let expected: Vec<&Value> = ranked
        .iter()
        .filter(|item| category_keys.contains(&&item["key"]))
        .filter(|item| item["product_price"].as_i64().unwrap() <= 3000)
        .map(|item| &item["key"])
        .collect();
    assert!(expected.len() >= 2 && expected.len() < ranked.len(), "a real narrowing: {}", expected.len());
    let combined = all_items(&app, &format!("{keyword}&category=cycle-brake&child=1&price_max=3000")).await;
    let combined_keys: Vec<&Value> = combined.iter().map(|item| &item["key"]).collect();
    assert_eq!(combined_keys, expected, "the same products, still in the keyword's order");
    assert_eq!(total(&app, &format!("{keyword}&category=bike-glove")).await, 0);
    let cheapest_first = all_items(&app, &format!("{keyword}&price_min=2000&sort=price_asc")).await;
    let prices: Vec<i64> = cheapest_first.iter().map(|item| item["product_price"].as_i64().unwrap()).collect();
    assert!(!prices.is_empty() && prices[0] >= 2000 && prices.windows(2).all(|pair| pair[0] <= pair[1]));
}

async fn keyword_results_page_with_the_counts_in_headers(app: TestApp) {
    let keyword = format!("keyword={}", encode("チェーン"));
    let everything = all_items(&app, &keyword).await;
    let per = 4;
    let last_page = everything.len().div_ceil(per);
    assert!(last_page >= 3, "{} matches", everything.len());
    let mut paged = Vec::new();
    for page in 1..=last_page {
        let answer = app.get(&format!("/v1/products?{keyword}&per={per}&page={page}")).send().await;
        assert_eq!(answer.header("x-total"), everything.len().to_string());
        assert_eq!(answer.header("x-per-page"), per.to_string());
        assert_eq!(answer.header("x-last-page"), last_page.to_string());
        assert_eq!(answer.header("x-current-page"), page.to_string());
        paged.extend(keys(&answer));
    }
    let all_keys: Vec<String> = everything.iter().map(|item| item["key"].as_str().unwrap().to_owned()).collect();
    assert_eq!(paged, all_keys, "pages follow one another without gaps or repeats");
    let beyond = app.get(&format!("/v1/products?{keyword}&per={per}&page={}", last_page + 1)).send().await;
    assert!(items(&beyond).is_empty());
    let nothing = app.get(&format!("/v1/products?keyword={}", encode("存在しない品"))).send().await;
    assert_eq!((nothing.header("x-total"), nothing.header("x-last-page")), ("0", "1"));
}

async fn listed_keys_in_order(app: &TestApp, order: &str) -> Vec<String> {
    let channel_id = app.channel_id("demo").await;
    let sql = format!(
        "SELECT product_key FROM products WHERE channel_id = $1 AND is_published = 1 AND sale_start IS NULL \
         AND (sale_end IS NULL OR sale_end > $2) ORDER BY {order} LIMIT 15"
    );
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(channel_id).bind(shop::infra::time::Timestamp::now().0).fetch_all(&app.state.db.pool).await.unwrap()
}

async fn products_sort_by_newest_price_or_popularity(app: TestApp) {
    let newest = app.get("/v1/products").send().await;
    assert_eq!(keys(&newest), listed_keys_in_order(&app, "created_at DESC").await);
    assert_eq!(keys(&app.get("/v1/products?sort=new").send().await), keys(&newest));
    let popular = app.get("/v1/products?sort=popular").send().await;
    assert_eq!(keys(&popular), listed_keys_in_order(&app, "popularity DESC").await);
    assert_eq!(keys(&popular)[0], "rp0137");

    let ascending = all_items(&app, "sort=price_asc").await;
    let prices: Vec<i64> = ascending.iter().map(|item| item["product_price"].as_i64().unwrap()).collect();
    assert_eq!(prices.len(), 288);
    assert!(prices.windows(2).all(|pair| pair[0] <= pair[1]));
    assert_eq!(prices[0], 216);
    let descending = app.get("/v1/products?sort=price_desc&per=3").send().await;
    let top: Vec<i64> = items(&descending).iter().map(|item| item["product_price"].as_i64().unwrap()).collect();
    // 98,000 yen SR400 muffler (rp0078) is unpublished.
    assert_eq!(top, vec![118000, 89100, 84800]);
}

async fn product_detail_shows_variations_images_and_reviews(app: TestApp) {
    let answer = app.get("/v1/products/rp0001").send().await;
    answer.assert_status(StatusCode::OK);
    let product = answer.json();
    assert_eq!(product["key"], "rp0001");
    assert_eq!(product["product_price"], 9980);
    assert!(product["description"].as_str().unwrap().contains("車検にも対応"));
    assert!(product["description"].as_str().unwrap().ends_with("品番: DT-99501"));
    assert_eq!(product["images"].as_array().unwrap().len(), 2);
    let (main, scene) = (product["images"][0]["url"].as_str().unwrap(), product["images"][1]["url"].as_str().unwrap());
    assert!(scene.starts_with("/media/") && scene != main, "the 使用イメージ is its own picture: {scene}");
    assert_eq!(product["sale_start"], Value::Null);
    // A simple product is one sellable item under its own key.
    let model = product["product_model"]["products"].as_array().unwrap();
    assert_eq!(model.len(), 1);
    assert_eq!(model[0]["key"], "rp0001");
    assert_eq!(model[0]["size"], Value::Null);
    assert_eq!(model[0]["stock_status"], "in_stock");
    assert!(model[0]["max_quantity"].as_i64().is_some_and(|max| (1..=99).contains(&max)), "in stock: 1–99 may be ordered");
    let sold_out = app.get("/v1/products/rp0006").send().await.json();
    assert_eq!(sold_out["product_model"]["products"][0]["max_quantity"], 0);

    let glove = all_items(&app, "keyword=GK-839").await;
    let key = glove[0]["key"].as_str().unwrap().to_owned();
    let detail = app.get(&format!("/v1/products/{key}")).send().await.json();
    let variations = detail["product_model"]["products"].as_array().unwrap();
    assert_eq!(variations.len(), 10, "5 sizes × 2 colours");
    assert_eq!(variations[0]["key"], format!("{key}-s-bk"));
    assert_eq!(variations[0]["size"], "S");
    assert_eq!(variations[0]["color"], "ブラック");
    assert_eq!(variations[0]["name"], "ウインターグローブ GK-839 プロテクト（S / ブラック）");
    assert_eq!(variations[4]["size"], "3L");
    assert_eq!(variations[4]["price"], 6480 + 550);
    assert_eq!(variations[5]["color"], "レッド");

    let reviewed = app.get("/v1/products/rp0016").send().await.json();
    assert_eq!(reviewed["review"]["count"], 5, "the unpublished sixth is not counted");
    let average = reviewed["review"]["average"].as_f64().unwrap();
    assert!((1.0..=5.0).contains(&average));
    let quiet = app.get("/v1/products/rp0005").send().await.json();
    assert_eq!(quiet["review"], serde_json::json!({ "count": 0, "average": null }));
}

async fn upcoming_and_ended_products_show_in_detail_only(app: TestApp) {
    let upcoming = app.get("/v1/products/rp0024").send().await;
    upcoming.assert_status(StatusCode::OK);
    let upcoming = upcoming.json();
    assert_eq!(upcoming["is_on_sale"], false);
    assert!(upcoming["sale_start"].as_str().unwrap().ends_with('Z'));
    let ended = app.get("/v1/products/rp0051").send().await.json();
    assert_eq!(ended["is_on_sale"], false);
    let battery = all_items(&app, "category=bike-battery").await;
    assert!(battery.iter().all(|item| item["key"] != "rp0024"));
    let grips = all_items(&app, "category=bike-grip").await;
    assert!(grips.iter().all(|item| item["key"] != "rp0051"));
}

async fn unknown_unpublished_and_foreign_products_are_not_found(app: TestApp) {
    for path in [
        "/v1/products/nope",
        "/v1/products/rp0078",
        "/v1/products/bz0001",
        "/v1/products/nope/recommend",
        "/v1/products/bz0001/accessories",
        "/v1/products/bz0001/reviews",
        "/v1/products/rp0078/reviews",
    ] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::NOT_FOUND);
        assert_eq!(answer.json()["message"], "お探しのページが見つかりませんでした。", "{path}");
    }
    app.get("/v1/products/bz0001").channel("corporate").send().await.assert_status(StatusCode::OK);
    app.get("/v1/products/rp0001").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    let corporate = app.get("/v1/products").channel("corporate").send().await;
    assert_eq!(corporate.header("x-total"), "38");
    assert!(keys(&corporate).iter().all(|key| key.starts_with("bz")));
}

async fn recommendations_and_accessories_list_linked_products(app: TestApp) {
    let recommended = app.get("/v1/products/rp0001/recommend").send().await;
    recommended.assert_status(StatusCode::OK);
    assert_eq!(keys(&recommended), vec!["rp0002", "rp0003", "rp0004", "rp0005"]);
    assert_eq!(items(&recommended)[0]["name"], "LEDヘッドライトバルブ H4 Hi/Lo 4500K");
    // A linked product that is not on sale yet is left out.
    let around_upcoming = app.get("/v1/products/rp0023/recommend").send().await;
    assert_eq!(keys(&around_upcoming), vec!["rp0025", "rp0026", "rp0018"]);

    let accessories = app.get("/v1/products/rp0001/accessories").send().await;
    assert_eq!(keys(&accessories), vec!["rp0018", "rp0027"]);
    assert_eq!(items(&accessories)[0]["categories"][0]["key"], "bike-battery");
    // Each accessory brings its items, so the page can offer one without opening the product.
    for accessory in items(&accessories) {
        let variations = accessory["product_model"]["products"].as_array().expect("the accessory's items");
        assert!(!variations.is_empty(), "{accessory}");
        assert!(variations.iter().all(|v| v["key"].is_string() && v["price"].is_i64() && v["stock_status"].is_string()));
    }
    let none = app.get("/v1/products/rp0041/accessories").send().await;
    none.assert_status(StatusCode::OK);
    assert!(items(&none).is_empty());
}

async fn reviews_page_newest_first_and_hide_unpublished_ones(app: TestApp) {
    let first = app.get("/v1/products/rp0016/reviews?per=2").send().await;
    first.assert_status(StatusCode::OK);
    assert_eq!(first.header("x-total"), "5");
    assert_eq!(first.header("x-last-page"), "3");
    let mut all = items(&first);
    all.extend(items(&app.get("/v1/products/rp0016/reviews?per=2&page=2").send().await));
    all.extend(items(&app.get("/v1/products/rp0016/reviews?per=2&page=3").send().await));
    assert_eq!(all.len(), 5);
    let times: Vec<&str> = all.iter().map(|review| review["created_at"].as_str().unwrap()).collect();
    assert!(times.windows(2).all(|pair| pair[0] >= pair[1]), "newest first: {times:?}");
    assert!(all.iter().all(|review| review["title"] != "確認中のレビュー"));
    assert!(all.iter().all(|review| (1..=5).contains(&review["rating"].as_i64().unwrap())));
    let mean = all.iter().map(|review| review["rating"].as_f64().unwrap()).sum::<f64>() / 5.0;
    let summary = app.get("/v1/products/rp0016").send().await.json();
    assert_eq!(summary["review"]["average"].as_f64().unwrap(), (mean * 10.0).round() / 10.0);

    let default = app.get("/v1/products/rp0016/reviews").send().await;
    assert_eq!(default.header("x-per-page"), "10");
    app.get("/v1/products/rp0016/reviews?per=0").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn the_category_hierarchy_nests_three_levels(app: TestApp) {
    let answer = app.get("/v1/categories/hierarchy?table=products").send().await;
    answer.assert_status(StatusCode::OK);
    let tree = items(&answer);
    let roots: Vec<&str> = tree.iter().map(|node| node["key"].as_str().unwrap()).collect();
    assert_eq!(roots, vec!["bike", "cycle", "maintenance"]);
    assert_eq!(tree[0]["name"], "バイク用品");
    let electric = &tree[0]["children"][0];
    assert_eq!(electric["name"], "電装パーツ");
    let leaves: Vec<&str> = electric["children"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap()).collect();
    assert_eq!(leaves, vec!["LEDバルブ", "バッテリー・充電器", "USB電源・充電器"]);
    assert_eq!(electric["children"][0]["children"], serde_json::json!([]));
    let road = &tree[1]["children"][0]["children"][0];
    assert_eq!((road["key"].as_str(), road["name"].as_str()), (Some("cycle-tire-road"), Some("ロードバイク用")));

    let default = app.get("/v1/categories/hierarchy").send().await;
    assert_eq!(items(&default).len(), 3);
    let inquiries = app.get("/v1/categories/hierarchy?table=inquiries").send().await;
    inquiries.assert_status(StatusCode::OK);
    // The contact form's topics: a flat list (seed/contact.rs).
    let topics = items(&inquiries);
    let names: Vec<&str> = topics.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["商品について", "注文・配送について", "返品・交換", "カタログ請求", "法人のお取引", "その他"]);
    assert!(topics.iter().all(|t| t["children"] == serde_json::json!([])));
    let bad = app.get("/v1/categories/hierarchy?table=orders").send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["table"][0], "種別はproductsまたはinquiriesで指定してください。");

    let corporate = app.get("/v1/categories/hierarchy").channel("corporate").send().await;
    let corporate_roots: Vec<String> = keys(&corporate);
    assert_eq!(corporate_roots, vec!["b-repair", "b-chemical", "b-tools"]);
}

async fn makers_page_or_come_all_at_once(app: TestApp) {
    let first = app.get("/v1/makers").send().await;
    first.assert_status(StatusCode::OK);
    assert_eq!(first.header("x-total"), "23");
    assert_eq!(first.header("x-per-page"), "10");
    assert_eq!(first.header("x-last-page"), "3");
    assert_eq!(items(&first)[0]["name"], "デイトナ");
    assert_eq!(items(&first)[0]["name_kana"], "でいとな");
    let all = app.get("/v1/makers?per=all").send().await;
    assert_eq!(items(&all).len(), 23);
    assert_eq!(all.header("x-last-page"), "1");

    let shimano = app.get("/v1/makers/shimano").send().await;
    shimano.assert_status(StatusCode::OK);
    assert_eq!(shimano.json()["name"], "シマノ");
    assert!(shimano.json()["description"].as_str().unwrap().contains("自転車"));
    app.get("/v1/makers/nobody").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/makers/shimano").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
    assert_eq!(app.get("/v1/makers").channel("corporate").send().await.header("x-total"), "4");
}

async fn brands_and_tags_are_listed_per_shop(app: TestApp) {
    let brands = app.get("/v1/brands?per=all").send().await;
    brands.assert_status(StatusCode::OK);
    let list = items(&brands);
    assert_eq!(list.len(), 26);
    let henly = list.iter().find(|brand| brand["key"] == "henly-begins").unwrap();
    assert_eq!(henly["name"], "ヘンリービギンズ");
    assert_eq!(henly["maker"], serde_json::json!({ "key": "daytona", "name": "デイトナ" }));
    assert_eq!(app.get("/v1/brands").send().await.header("x-per-page"), "10");

    let tags = app.get("/v1/tags").send().await;
    tags.assert_status(StatusCode::OK);
    let names: Vec<String> = items(&tags).iter().map(|tag| tag["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names[..3], ["新商品", "セール", "車検対応"]);
    assert_eq!(tags.header("x-total"), "9", "eight open tags and the protected members-sale");
    let corporate = app.get("/v1/tags").channel("corporate").send().await;
    assert_eq!(keys(&corporate), vec!["bulk", "new", "sale"]);
    let all = app.get("/v1/tags?per=all").send().await;
    all.assert_status(StatusCode::OK);
    assert_eq!(items(&all).len(), 9, "per=all lists every tag on one page");
}

async fn every_product_image_is_a_real_picture_of_that_product(app: TestApp) {
    // Each kind of goods has its own drawing: products of one line share it, other lines differ.
    let list = app.get("/v1/products?per=60").send().await.json();
    let mut by_url: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
    for product in list["data"].as_array().unwrap() {
        let url = product["image"]["url"].as_str().expect("every demo product has an image").to_owned();
        by_url.entry(url).or_default().push(product["name"].as_str().unwrap().to_owned());
    }
    assert!(by_url.len() >= 10, "sixty products show at least ten different drawings: {by_url:?}");
    for url in by_url.keys().take(5) {
        let picture = app.get(url).send().await;
        picture.assert_status(StatusCode::OK);
        assert_eq!(picture.header("content-type"), "image/webp");
        assert_eq!(picture.header("cache-control"), "public, max-age=31536000, immutable");
        let decoded = image::load_from_memory_with_format(&picture.bytes, image::ImageFormat::WebP).expect("a WebP picture");
        assert_eq!(decoded.width(), 720);
    }
    // A sofa and a tea bowl are not the same drawing, and each shop draws in its own colours.
    let first_of = |shop: &'static str| {
        let app = &app;
        async move { app.get("/v1/products?per=1&sort=price_asc").channel(shop).send().await.json()["data"][0]["image"]["url"].as_str().unwrap().to_owned() }
    };
    let (livins, takimoto) = (first_of("livins").await, first_of("takimoto").await);
    assert_ne!(livins, takimoto);
    app.get("/media/0123456789abcdef0123456789abcdef-240.webp").send().await.assert_status(StatusCode::NOT_FOUND);
    let corporate = app.get("/v1/products").channel("corporate").send().await.json();
    let foreign = corporate["data"][0]["image"]["url"].as_str().unwrap().to_owned();
    app.get(&foreign).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&foreign).header("host", "corporate.localhost").send().await.assert_status(StatusCode::OK);
}

on_both_databases!(
    every_product_image_is_a_real_picture_of_that_product,
    products_page_by_fifteen_with_the_counts_in_headers,
    a_list_item_carries_what_a_product_card_shows,
    reduced_rate_items_say_so,
    a_category_filters_alone_or_with_everything_below_it,
    makers_brands_and_tags_filter_the_list,
    a_price_range_keeps_prices_inside_it,
    in_stock_leaves_out_sold_out_items,
    bad_filters_are_a_422_with_japanese_field_messages,
    keyword_search_ignores_width_and_kana,
    like_wildcards_in_a_keyword_match_only_themselves,
    keyword_results_put_name_matches_first,
    products_named_after_the_keyword_rank_before_those_that_only_mention_it,
    a_keyword_combines_with_category_and_price_filters,
    keyword_results_page_with_the_counts_in_headers,
    products_sort_by_newest_price_or_popularity,
    product_detail_shows_variations_images_and_reviews,
    upcoming_and_ended_products_show_in_detail_only,
    unknown_unpublished_and_foreign_products_are_not_found,
    recommendations_and_accessories_list_linked_products,
    reviews_page_newest_first_and_hide_unpublished_ones,
    the_category_hierarchy_nests_three_levels,
    makers_page_or_come_all_at_once,
    brands_and_tags_are_listed_per_shop,
);
