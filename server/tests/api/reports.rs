//! 売上レポート (issue 33, docs/contracts/reports.md) as an owner reads it: a day with one sale
//! and one refund shows both, over time, per hour and in every breakdown, and the CSV holds the
//! very rows of the screen; a sale stays on the day it was placed and a later refund or cancel
//! counts on its own day, so a finished day never changes; bad input is refused in Japanese;
//! only the shop's owners and 店長 read the figures.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, errors_of, guest_order, jst_day, order_path, post, read, staff, version};
use crate::refunds::{line_id, shipped_card_order};
use crate::staff::{create, log_in};

const SALES: &str = "/v1/admin/reports/sales";
const BREAKDOWN: &str = "/v1/admin/reports/breakdown";
const FIGURES: [&str; 8] = ["orders", "items", "gross", "discounts", "points", "fees", "returns", "net"];

async fn get(app: &TestApp, cookie: &str, path: &str, query: &str) -> Answer {
    app.get(&format!("{path}?{query}")).header("cookie", cookie).send().await
}

async fn report(app: &TestApp, cookie: &str, path: &str, query: &str) -> Value {
    let answer = get(app, cookie, path, query).await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

/// `after − before`, figure by figure.
fn change(before: &Value, after: &Value) -> Value {
    Value::Object(FIGURES.iter().map(|f| (f.to_string(), json!(after[f].as_i64().unwrap() - before[f].as_i64().unwrap_or(0)))).collect())
}

fn figures(orders: i64, items: i64, gross: i64, fees: i64, returns: i64) -> Value {
    json!({ "orders": orders, "items": items, "gross": gross, "discounts": 0, "points": 0, "fees": fees, "returns": returns, "net": gross + fees - returns })
}

fn row<'a>(report: &'a Value, key: &str) -> &'a Value {
    report["rows"].as_array().unwrap().iter().find(|r| r["key"] == key).map(|r| &r["figures"]).unwrap_or(&Value::Null)
}

async fn refund_one_unit(app: &TestApp, owner: &str, order_no: &str) {
    let order = read(app, owner, order_no).await;
    let body = json!({ "version": version(&order), "lines": [{ "line_id": line_id(&order), "quantity": 1 }], "restock": true, "amount": 5000,
                       "points_returned": 0, "points_revoked": 0, "reason": "サイズ違いのため返品" });
    post(app, owner, &format!("{}/refunds", order_path(order_no)), body).await.assert_status(StatusCode::CREATED);
}

/// The CSV's lines as cells (UTF-8 with a BOM).
fn csv_lines(answer: &Answer) -> Vec<Vec<String>> {
    answer.assert_status(StatusCode::OK);
    assert!(answer.bytes.starts_with(b"\xEF\xBB\xBF"), "a BOM, so Excel reads UTF-8");
    let text = String::from_utf8(answer.bytes[3..].to_vec()).unwrap();
    text.split("\r\n").filter(|l| !l.is_empty()).map(|l| l.split(',').map(str::to_owned).collect()).collect()
}

fn cells_of(label: &str, figures: &Value) -> Vec<String> {
    std::iter::once(label.to_owned()).chain(FIGURES.iter().map(|f| figures[f].as_i64().unwrap().to_string())).collect()
}

async fn a_day_with_one_sale_and_one_refund_shows_both_and_the_csv_matches(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let today = jst_day(0);
    let query = format!("from={today}&to={today}");
    let before = report(&app, &owner, SALES, &query).await;

    let placed = shipped_card_order(&app, "rp-card", &owner).await;
    let fees = placed.total - 10_000;
    refund_one_unit(&app, &owner, &placed.order_no).await;

    let sales = report(&app, &owner, SALES, &query).await;
    assert_eq!((sales["from"].as_str(), sales["to"].as_str(), sales["grain"].as_str()), (Some(today.as_str()), Some(today.as_str()), Some("day")));
    assert_eq!(sales["rows"].as_array().unwrap().len(), 1, "{sales}");
    assert_eq!(change(&before["total"], &sales["total"]), figures(1, 2, 10_000, fees, 5_000), "the sale and the refund, both today");
    assert_eq!(sales["rows"][0]["figures"], sales["total"]);
    assert_eq!(sales["previous"]["to"], jst_day(-1));

    // Per hour: 24 rows summing to the day.
    let hours = report(&app, &owner, SALES, &format!("{query}&grain=hour")).await;
    assert_eq!(hours["rows"].as_array().unwrap().len(), 24);
    assert_eq!(hours["rows"][13]["label"], "13時");
    assert_eq!(hours["total"], sales["total"]);

    // Broken down: the SKU's money without the fees; the order's kind, payment and place.
    let by = |by: &'static str| {
        let (app, owner, query) = (&app, &owner, &query);
        async move { report(app, owner, BREAKDOWN, &format!("{query}&by={by}")).await }
    };
    let skus = by("sku").await;
    let sku = skus["rows"].as_array().unwrap().iter().find(|r| r["label"].as_str().unwrap().contains("rp-card")).expect("the SKU's row");
    assert_eq!(sku["figures"], figures(1, 2, 10_000, 0, 5_000));
    for (dim, key) in [("customer", "guest"), ("payment", "credit_card"), ("prefecture", "東京都"), ("new_repeat", "new"), ("tax_rate", "10")] {
        let answer = by(dim).await;
        assert!(row(&answer, key)["net"].as_i64().is_some(), "{dim}: {answer}");
    }

    // The CSV is the table: the same rows, then 合計.
    let csv = get(&app, &owner, "/v1/admin/reports/sales.csv", &query).await;
    assert!(csv.header("content-type").starts_with("text/csv"));
    assert!(crate::helpers::decoded_file_name(&csv).starts_with(&format!("売上_{today}_{today}")), "{}", csv.header("x-suggested-filename"));
    let lines = csv_lines(&csv);
    assert_eq!(lines[0], ["期間", "注文数", "点数", "総売上", "クーポン値引", "ポイント利用", "送料・手数料", "返品・返金・キャンセル", "純売上"]);
    assert_eq!(lines[1], cells_of(sales["rows"][0]["label"].as_str().unwrap(), &sales["rows"][0]["figures"]));
    assert_eq!(lines[2], cells_of("合計", &sales["total"]));
    let sku_csv = csv_lines(&get(&app, &owner, "/v1/admin/reports/breakdown.csv", &format!("{query}&by=sku")).await);
    assert_eq!(sku_csv.len(), skus["rows"].as_array().unwrap().len() + 2);
    assert_eq!(sku_csv.last().unwrap(), &cells_of("合計", &skus["total"]));
    let sjis = get(&app, &owner, "/v1/admin/reports/sales.csv", &format!("{query}&encoding=sjis")).await;
    sjis.assert_status(StatusCode::OK);
    assert!(sjis.header("content-type").contains("Shift_JIS") && !sjis.bytes.starts_with(b"\xEF\xBB\xBF"));
}

async fn a_later_refund_or_cancel_counts_on_its_own_day_and_never_rewrites_a_finished_one(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let placed = shipped_card_order(&app, "rp-late", &owner).await;
    let fees = placed.total - 10_000;
    // Placed three days ago (as if), then looked at: the day is finished and kept.
    let three_days_ago = shop::reports::figures::day_start(shop::reports::figures::jst_day(shop::infra::time::Timestamp::now().0) - 3) + 10 * 3_600_000;
    sqlx::query("UPDATE orders SET ordered_at = $1 WHERE id = $2").bind(three_days_ago).bind(&placed.id).execute(&app.state.db.pool).await.unwrap();
    let (day, today) = (jst_day(-3), jst_day(0));
    let stretch = format!("from={day}&to={today}");
    let first = report(&app, &owner, SALES, &stretch).await;
    assert_eq!(row(&first, &day), &figures(1, 2, 10_000, fees, 0));

    // A refund today counts today; the day of the sale stays as it was.
    refund_one_unit(&app, &owner, &placed.order_no).await;
    let after_refund = report(&app, &owner, SALES, &stretch).await;
    assert_eq!(row(&after_refund, &day), row(&first, &day), "a late refund never rewrites the day of the sale");
    assert_eq!(change(row(&first, &today), row(&after_refund, &today)), figures(0, 0, 0, 0, 5_000));

    // A cancel of another order counts the rest of its money on the cancel's day.
    let unpaid = guest_order(&app, "rp-cancel", "bank_transfer").await;
    let order = read(&app, &owner, &unpaid.order_no).await;
    post(&app, &owner, &format!("{}/cancel", order_path(&unpaid.order_no)), json!({ "reason": "お客様のご依頼", "version": version(&order) }))
        .await
        .assert_status(StatusCode::OK);
    let after_cancel = report(&app, &owner, SALES, &stretch).await;
    let sale_and_cancel = change(row(&after_refund, &today), row(&after_cancel, &today));
    assert_eq!(
        (sale_and_cancel["orders"].as_i64(), sale_and_cancel["returns"].as_i64(), sale_and_cancel["net"].as_i64()),
        (Some(1), Some(unpaid.total), Some(0))
    );
    assert_eq!(row(&after_cancel, &day), row(&first, &day));

    // Weeks, months and weekdays are the same days summed.
    for grain in ["week", "month", "weekday"] {
        let cut = report(&app, &owner, SALES, &format!("{stretch}&grain={grain}")).await;
        assert_eq!(cut["total"], after_cancel["total"], "{grain}");
    }
    assert_eq!(report(&app, &owner, SALES, &format!("{stretch}&grain=weekday")).await["rows"].as_array().unwrap().len(), 7);

    // A long stretch never looked at is counted in the background: 503 until it is, then the
    // same days as before.
    let long = format!("from={}&to={today}", jst_day(-200));
    let first_look = get(&app, &owner, SALES, &long).await;
    first_look.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(first_look.json()["code"], "reports.counting");
    assert!(first_look.json()["message"].as_str().unwrap().contains("集計しています"));
    let mut counted = first_look;
    for _ in 0..150 {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        counted = get(&app, &owner, SALES, &long).await;
        if counted.status == StatusCode::OK {
            break;
        }
    }
    counted.assert_status(StatusCode::OK);
    let counted = counted.json();
    assert_eq!(counted["rows"].as_array().unwrap().len(), 201);
    assert_eq!(row(&counted, &day), row(&first, &day));
    assert_eq!(row(&counted, &today), row(&after_cancel, &today));
}

async fn bad_input_is_refused_in_japanese_and_only_owners_and_managers_read_the_figures(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    for (query, fields) in [
        ("from=2026/11/01", vec!["from"]),
        ("from=2026-11-02&to=2026-11-01", vec!["to"]),
        ("from=2020-01-01&to=2026-11-01", vec!["to"]),
        ("to=tomorrow&grain=year", vec!["grain", "to"]),
    ] {
        assert_eq!(errors_of(&get(&app, &owner, SALES, query).await), fields, "{query}");
    }
    let refused = get(&app, &owner, SALES, "from=2026-11-02&to=2026-11-01").await;
    assert_eq!(refused.json()["errors"]["to"][0], "終了日は開始日以降の日付を指定してください。");
    assert_eq!(errors_of(&get(&app, &owner, BREAKDOWN, "").await), ["by"]);
    assert_eq!(errors_of(&get(&app, &owner, BREAKDOWN, "by=total").await), ["by"]);
    assert_eq!(errors_of(&get(&app, &owner, "/v1/admin/reports/sales.csv", "encoding=latin1").await), ["encoding"]);
    // Days to come are simply empty.
    let ahead = report(&app, &owner, SALES, &format!("from={}&to={}", jst_day(1), jst_day(2))).await;
    assert_eq!(ahead["total"], figures(0, 0, 0, 0, 0));

    let manager = staff(&app, StaffRole::Manager).await;
    get(&app, &manager, SALES, "").await.assert_status(StatusCode::OK);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        for path in [SALES, "/v1/admin/reports/sales.csv"] {
            assert_forbidden(&get(&app, &cookie, path, "").await, "売上を閲覧する権限がありません。");
        }
        assert_forbidden(&get(&app, &cookie, BREAKDOWN, "by=sku").await, "売上を閲覧する権限がありません。");
    }
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let other_cookie = log_in(&app, "corporate", &other).await;
    for path in [SALES, BREAKDOWN, "/v1/admin/reports/sales.csv", "/v1/admin/reports/breakdown.csv"] {
        app.get(path).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.get(path).channel("demo").bearer(&member).send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.get(path).channel("demo").header("cookie", &format!("shop_staff={other_cookie}")).send().await.assert_status(StatusCode::UNAUTHORIZED);
    }
}

on_both_databases!(
    a_day_with_one_sale_and_one_refund_shows_both_and_the_csv_matches,
    a_later_refund_or_cancel_counts_on_its_own_day_and_never_rewrites_a_finished_one,
    bad_input_is_refused_in_japanese_and_only_owners_and_managers_read_the_figures,
);
