//! Card checkout survives a crash: a real `shop serve` process is killed between a charge
//! and its "paid" write (the test-only fault point `SHOP_FAULT_POINT=after_charge:N`, which
//! aborts like `kill -9`) in the middle of concurrent guest checkouts, then restarted, and
//! every decision retried. Afterwards no order is left awaiting payment, every captured
//! charge belongs to exactly one paid order, and stock + units sold = the initial stock.
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::cart::{forget_seeded_history, patch, product, ready_guest_cart, stock_of, tokenize};
use crate::helpers::TestApp;
use crate::on_both_databases;
use crate::process::Server;

const STOCK: i64 = 40;
const BUYERS: usize = 24;
/// The server dies right after the 6th charge the gateway captured.
const CRASH_AT_CHARGE: usize = 6;

fn server(app: &TestApp, data_dir: &std::path::Path, fault_point: Option<&str>) -> Server {
    let mut env = vec![("SHOP_JWT_SECRET", "crash-test-secret-crash-test-secret"), ("SHOP_PAYMENT_SETTLE_AFTER_SECS", "2"), ("SHOP_RATE_LIMIT_FACTOR", "1000")];
    if let Some(point) = fault_point {
        env.push(("SHOP_FAULT_POINT", point));
    }
    Server::start(&app.state.config.database_url, data_dir, &["--demo"], &env)
}

async fn decide(http: &reqwest::Client, base: &str, token: &str) -> Result<(u16, Value), reqwest::Error> {
    let answer =
        http.post(format!("{base}/v1/carts/{token}/decision")).header("x-channel", "demo").header("content-type", "application/json").body("{}").send().await?;
    let status = answer.status().as_u16();
    let bytes = answer.bytes().await?;
    Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
}

async fn scalar(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db.pool).await.unwrap()
}

async fn card_checkouts_killed_between_charge_and_paid_end_settled_and_charged_once(app: TestApp) {
    forget_seeded_history(&app).await;
    sqlx::query("DELETE FROM sandbox_charges").execute(&app.state.db.pool).await.unwrap();
    let bolt = product(&app, "crash", 1000, 10, STOCK).await;
    let mut tokens = Vec::new();
    for _ in 0..BUYERS {
        let token = ready_guest_cart(&app, &bolt, 1, "credit_card").await;
        let card = tokenize(&app, "4242424242424242").await;
        patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(axum::http::StatusCode::OK);
        tokens.push(token);
    }
    let data_dir = tempfile::tempdir().unwrap();
    let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();

    // All buyers at once against a server that dies after the Nth charge.
    let mut doomed = server(&app, data_dir.path(), Some(&format!("after_charge:{CRASH_AT_CHARGE}")));
    doomed.wait_healthy(&http).await;
    let mut deciding = tokio::task::JoinSet::new();
    for token in tokens.clone() {
        let (http, base) = (http.clone(), doomed.base.clone());
        deciding.spawn(async move { decide(&http, &base, &token).await });
    }
    let mut cut_off = 0;
    while let Some(answer) = deciding.join_next().await {
        if answer.unwrap().is_err() {
            cut_off += 1;
        }
    }
    let status = doomed.child.wait().unwrap();
    assert!(!status.success(), "the fault point aborts the process");
    assert!(cut_off > 0, "some decisions were cut off by the crash");
    let stuck = scalar(&app, "SELECT COUNT(*) FROM orders WHERE status = 'awaiting_payment'").await;
    assert!(stuck > 0, "the crash left card orders awaiting payment (else this test proves nothing)");
    let charged_unpaid = scalar(
        &app,
        "SELECT COUNT(*) FROM orders o JOIN sandbox_charges c ON c.idempotency_key = o.id AND c.status = 'captured' WHERE o.status = 'awaiting_payment'",
    )
    .await;
    assert!(charged_unpaid >= 1, "the order charged at the crash is not yet marked paid");

    // Restarted: every buyer presses the button again once the dead process's claims are stale.
    let mut restarted = server(&app, data_dir.path(), None);
    restarted.wait_healthy(&http).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    for token in &tokens {
        let (status, body) = decide(&http, &restarted.base, token).await.expect("the restarted server answers");
        match status {
            200 => assert_eq!(body["status"], "paid", "a 200 is only ever a paid order: {body}"),
            409 => assert_eq!(body["code"], "cart.decision.in_progress", "{body}"),
            422 => assert_eq!(body["code"], "cart.decision.cancelled", "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }

    // The reconciler settles whatever the retries did not.
    let started = Instant::now();
    while scalar(&app, "SELECT COUNT(*) FROM orders WHERE status = 'awaiting_payment'").await > 0 {
        assert!(started.elapsed() < Duration::from_secs(30), "orders still awaiting payment: {}", restarted.log_text());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let captured = scalar(&app, "SELECT COUNT(*) FROM sandbox_charges WHERE status = 'captured'").await;
    let captured_of_paid_orders = scalar(
        &app,
        "SELECT COUNT(*) FROM sandbox_charges c JOIN orders o ON o.id = c.idempotency_key AND o.gateway_charge_id = c.id AND o.status = 'paid' \
         WHERE c.status = 'captured'",
    )
    .await;
    let paid = scalar(&app, "SELECT COUNT(*) FROM orders WHERE status = 'paid'").await;
    assert_eq!(captured, captured_of_paid_orders, "every captured charge belongs to a paid order");
    assert_eq!(paid, captured, "every paid order has exactly one captured charge");
    assert!(paid >= CRASH_AT_CHARGE as i64, "the charges made before the crash are paid orders");
    let sold = scalar(&app, "SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled'").await;
    assert_eq!(stock_of(&app, &bolt).await + sold, STOCK, "stock + units sold = the initial stock");
    // A retry now answers the settled state: paid orders their order, cancelled ones say so.
    for token in &tokens {
        let (status, body) = decide(&http, &restarted.base, token).await.unwrap();
        assert!(status == 200 && body["status"] == "paid" || status == 422 && body["code"] == "cart.decision.cancelled", "{status}: {body}");
    }
}

on_both_databases!(card_checkouts_killed_between_charge_and_paid_end_settled_and_charged_once);
