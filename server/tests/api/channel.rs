use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn the_host_name_picks_the_shop(app: TestApp) {
    let demo = app.get("/public.json").send().await;
    demo.assert_status(StatusCode::OK);
    assert_eq!(demo.json()["channel"], "demo");
    assert_eq!(demo.json()["name"], "ライドパーツ本舗");
    assert_eq!(demo.json()["theme"], "simple");

    let corporate = app.get("/public.json").header("host", "corporate.localhost:8080").send().await;
    assert_eq!(corporate.json()["channel"], "corporate");
    assert_eq!(corporate.json()["theme"], "tsunagu");
}

async fn the_channel_header_overrides_the_host(app: TestApp) {
    let settings = app.get("/v1/settings/front").channel("corporate").send().await;
    settings.assert_status(StatusCode::OK);
    assert_eq!(settings.json()["SITE.IS_CORPORATE"], true);
    assert_eq!(settings.json()["SITE.NAME"], "ライドパーツ 業販サイト");
}

async fn an_unknown_channel_is_a_404_with_the_specs_message(app: TestApp) {
    for call in [
        app.get("/public.json").header("host", "nope.localhost"),
        app.get("/v1/settings/front").header("host", "nope.localhost"),
        app.get("/v1/news").channel("no-such-shop"),
    ] {
        let answer = call.send().await;
        answer.assert_status(StatusCode::NOT_FOUND);
        assert_eq!(answer.json()["message"], "チャネルが存在しない");
    }
}

async fn front_settings_carry_every_spec_key(app: TestApp) {
    let settings = app.get("/v1/settings/front").send().await.json();
    for key in [
        "SITE.NAMESPACE",
        "SITE.CHANNEL_PREFIX",
        "SITE.BREAKPOINT.SCREEN-SM",
        "SITE.BREAKPOINT.SCREEN-MD",
        "ORDER.SHIPPING.IS_ALLOW_MULTIPLE",
        "PLUGIN.TEMPORARY_STOP_SELLING.IS_USE",
        "PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING",
        "NO_MEMBER_USE",
        "RECAPTCHA.VERSION",
    ] {
        assert!(settings.get(key).is_some(), "missing {key}");
    }
    assert_eq!(settings["SITE.BREAKPOINT.SCREEN-SM"], 767);
    assert_eq!(settings["SITE.BREAKPOINT.SCREEN-MD"], 1024);
    // The checkout's gift wrapping and noshi choices, as the demo shop stores them.
    assert_eq!(settings["ORDER.PACKINGS"]["wrappings"][0], serde_json::json!({ "key": "gift", "label": "ギフトラッピング", "price": 330 }));
    assert_eq!(settings["ORDER.PACKINGS"]["noshi"].as_array().map(Vec::len), Some(3));
}

async fn the_selected_colour_scheme_differs_per_shop(app: TestApp) {
    let demo = app.get("/v1/colorschemes/selected/front").send().await;
    demo.assert_status(StatusCode::OK);
    let corporate = app.get("/v1/colorschemes/selected/front").channel("corporate").send().await.json();
    assert!(demo.json()["colors"]["primary"].as_str().unwrap().starts_with('#'));
    assert_ne!(demo.json()["colors"]["primary"], corporate["colors"]["primary"]);
}

async fn maintenance_closes_the_api_but_not_the_config_health_or_back_office(app: TestApp) {
    shop::channel::set_maintenance(&app.state, "demo", true, "ただいまメンテナンス中です", "再開まで今しばらくお待ちください。").await.unwrap();
    for path in ["/v1/news", "/v1/settings/front", "/v1/messages?per=all", "/v1/news/n0001"] {
        let answer = app.get(path).send().await;
        answer.assert_status(StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(answer.json()["title"], "ただいまメンテナンス中です");
        assert_eq!(answer.json()["message"], "再開まで今しばらくお待ちください。");
    }
    app.get("/public.json").send().await.assert_status(StatusCode::OK);
    app.get("/healthz").send().await.assert_status(StatusCode::OK);
    // Another shop of the same deployment keeps selling.
    app.get("/v1/news").channel("corporate").send().await.assert_status(StatusCode::OK);
    // The shop's staff keep working in the back office while it is closed.
    app.get("/v1/admin/auth/me").send().await.assert_status(StatusCode::UNAUTHORIZED);
    let owner = crate::staff::create(&app, "demo", "owner@example.jp", shop::staff::StaffRole::Owner).await;
    let cookie = crate::staff::log_in(&app, "demo", &owner).await;
    app.get("/v1/admin/orders").header("cookie", &format!("shop_staff={cookie}")).send().await.assert_status(StatusCode::OK);

    shop::channel::set_maintenance(&app.state, "demo", false, "", "").await.unwrap();
    app.get("/v1/news").send().await.assert_status(StatusCode::OK);
}

async fn health_answers_when_the_database_does(app: TestApp) {
    let answer = app.get("/healthz").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json()["status"], "ok");
}

on_both_databases!(
    the_host_name_picks_the_shop,
    the_channel_header_overrides_the_host,
    an_unknown_channel_is_a_404_with_the_specs_message,
    front_settings_carry_every_spec_key,
    the_selected_colour_scheme_differs_per_shop,
    maintenance_closes_the_api_but_not_the_config_health_or_back_office,
    health_answers_when_the_database_does,
);
