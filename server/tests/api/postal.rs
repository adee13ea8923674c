//! Postal-code lookup on Japan Post's data. Each test loads the prefectures and a slice of
//! the shipped postal codes (the whole set is loaded by `shop serve`; loading it per test
//! would only slow the suite).
use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn with_data(app: &TestApp) {
    let loaded = shop::postal::import::load(&app.state.db, |code| code.starts_with("100") || code.starts_with("9071")).await.unwrap();
    assert_eq!(loaded.prefectures, 47);
    assert!(loaded.postal_codes > 100, "{loaded:?}");
}

async fn a_postal_code_gives_its_address(app: TestApp) {
    with_data(&app).await;
    for code in ["1000001", "100-0001", " 100-0001 "] {
        let answer = app.get(&format!("/v1/postal-code?code={}", code.replace(' ', "%20"))).send().await;
        answer.assert_status(StatusCode::OK);
        assert_eq!(
            answer.json(),
            json!({
                "postal_code": "1000001", "formatted_postal_code": "100-0001",
                "prefecture": "東京都", "prefecture_code": "13", "prefecture_kana": "トウキョウト",
                "city": "千代田区", "city_kana": "チヨダク", "town": "千代田", "town_kana": "チヨダ", "street": "",
            })
        );
    }
    let ishigaki = app.get("/v1/postal-code?code=907-1101").send().await;
    ishigaki.assert_status(StatusCode::OK);
    assert_eq!(ishigaki.json()["prefecture"], "沖縄県");
    assert_eq!(ishigaki.json()["prefecture_code"], "47");
    // A code Japan Post lists without a town.
    let whole_ward = app.get("/v1/postal-code?code=1000000").send().await.json();
    assert_eq!((whole_ward["city"].as_str(), whole_ward["town"].as_str()), (Some("千代田区"), Some("")));
}

async fn malformed_codes_are_422_and_unknown_ones_404(app: TestApp) {
    with_data(&app).await;
    for bad in ["123456", "12345678", "abc-defg", "%EF%BC%91%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%91", "1000-001", "99999999999999999999"] {
        let answer = app.get(&format!("/v1/postal-code?code={bad}")).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"]["code"][0], "郵便番号の形式で入力してください 例：123-4567");
    }
    for blank in ["", "?code=", "?code=%20%20"] {
        let answer = app.get(&format!("/v1/postal-code{blank}")).send().await;
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(answer.json()["errors"]["code"][0], "郵便番号を入力してください。");
    }
    app.get("/v1/postal-code?code=0000000").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/postal-code?code=100%000001").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn the_47_prefectures_in_jis_order(app: TestApp) {
    with_data(&app).await;
    let answer = app.get("/v1/postal-codes/prefectures").send().await;
    answer.assert_status(StatusCode::OK);
    let data = answer.json()["data"].as_array().unwrap().clone();
    assert_eq!(data.len(), 47);
    assert_eq!(data[0], json!({ "code": "01", "name": "北海道", "kana": "ホッカイドウ" }));
    assert_eq!(data[12]["name"], "東京都");
    assert_eq!(data[26]["name"], "大阪府");
    assert_eq!(data[46], json!({ "code": "47", "name": "沖縄県", "kana": "オキナワケン" }));
    let codes: Vec<String> = data.iter().map(|p| p["code"].as_str().unwrap().to_owned()).collect();
    assert_eq!(codes, (1..=47).map(|n| format!("{n:02}")).collect::<Vec<_>>());
}

async fn loading_again_replaces_the_data(app: TestApp) {
    with_data(&app).await;
    assert!(shop::postal::import::load_if_empty(&app.state.db).await.unwrap().is_none(), "not empty: left alone");
    let loaded = shop::postal::import::load(&app.state.db, |code| code == "1000001").await.unwrap();
    assert_eq!(loaded.postal_codes, 1);
    app.get("/v1/postal-code?code=1000002").send().await.assert_status(StatusCode::NOT_FOUND);
    app.get("/v1/postal-code?code=1000001").send().await.assert_status(StatusCode::OK);
}

on_both_databases!(
    a_postal_code_gives_its_address,
    malformed_codes_are_422_and_unknown_ones_404,
    the_47_prefectures_in_jis_order,
    loading_again_replaces_the_data,
);
