//! What operators see (issue 12): `/readyz` names what is not ready; Prometheus metrics count
//! requests by route template (never by raw path) and are served only on `SHOP_METRICS_ADDR`;
//! the access log writes one JSON line per request with `SHOP_LOG_FORMAT=json`.
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::cart::{forget_seeded_history, product, ready_guest_cart};
use crate::helpers::TestApp;
use crate::on_both_databases;
use crate::process::Server;

async fn readiness_names_what_is_not_ready(app: TestApp) {
    // The server builds the keyword index at start; this app has not built it yet.
    let answer = app.get("/readyz").send().await;
    answer.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.json(), json!({ "status": "not_ready", "checks": { "database": "ok", "migrations": "ok", "search_index": "building" } }));

    app.state.search.warm(&app.state.db).await.unwrap();
    let answer = app.get("/readyz").send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json(), json!({ "status": "ready", "checks": { "database": "ok", "migrations": "ok", "search_index": "ok" } }));

    // A database without this binary's newest migration (as after a failed one).
    let newest = shop::infra::db::MIGRATOR.iter().map(|m| m.version).max().unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = $1").bind(newest).execute(&app.state.db.pool).await.unwrap();
    let answer = app.get("/readyz").send().await;
    answer.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.json()["status"], "not_ready");
    assert_eq!(answer.json()["checks"]["migrations"], format!("missing {newest}"));
    // Liveness does not look at migrations.
    app.get("/healthz").send().await.assert_status(StatusCode::OK);
}

async fn metrics_text() -> String {
    let request = Request::builder().uri("/metrics").body(Body::empty()).unwrap();
    let answer = shop::observe::metrics_router().oneshot(request).await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    String::from_utf8(answer.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap()
}

/// The sample lines of `metric` that carry every one of `labels` (`name="value"`).
fn samples<'a>(text: &'a str, metric: &str, labels: &[&str]) -> Vec<&'a str> {
    text.lines().filter(|line| line.starts_with(&format!("{metric}{{")) && labels.iter().all(|label| line.contains(label))).collect()
}

async fn requests_are_counted_by_route_template_never_by_path(app: TestApp) {
    shop::infra::metrics::install().expect("the test process's recorder");
    let marker = uuid::Uuid::now_v7().simple().to_string();
    app.get(&format!("/v1/makers/{marker}")).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("/no-such-page-{marker}")).send().await;
    app.get(&format!("/v1/no-such-api-{marker}")).send().await.assert_status(StatusCode::NOT_FOUND);

    let text = metrics_text().await;
    assert!(!text.contains(&marker), "a raw path became a label:\n{text}");
    let maker = ["route=\"/v1/makers/{key}\"", "method=\"GET\"", "status=\"404\""];
    assert!(!samples(&text, "http_requests_total", &maker).is_empty(), "{text}");
    assert!(!samples(&text, "http_request_duration_seconds_bucket", &["route=\"/v1/makers/{key}\"", "le=\"0.001\""]).is_empty(), "{text}");
    assert!(!samples(&text, "http_requests_total", &["route=\"unmatched\""]).is_empty(), "{text}");
    assert!(!samples(&text, "http_requests_total", &["route=\"/v1/{*rest}\"", "status=\"404\""]).is_empty(), "{text}");
    assert!(text.contains("# TYPE http_request_duration_seconds histogram"), "{text}");
}

/// Each owner counts its own events (the recorder is shared by the tests of this process, so
/// only the series' presence is checked).
async fn orders_and_mails_are_counted(app: TestApp) {
    shop::infra::metrics::install().expect("the test process's recorder");
    forget_seeded_history(&app).await;
    let variation = product(&app, "metered", 1200, 10, 5).await;
    let token = ready_guest_cart(&app, &variation, 1, "cod").await;
    app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await.assert_status(StatusCode::OK);
    let text = metrics_text().await;
    assert!(!samples(&text, "checkout_orders_total", &["outcome=\"placed\""]).is_empty(), "{text}");
    // The order confirmation went through the outbox.
    assert!(text.lines().any(|line| line.starts_with("mail_queued_total ")), "{text}");
    assert!(text.lines().any(|line| line.starts_with("mail_sent_total ")), "{text}");
}

/// A real server with metrics on their own address and JSON logs.
async fn a_server_serves_metrics_on_their_own_address_and_logs_each_request(app: TestApp) {
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let metrics_addr = format!("127.0.0.1:{metrics_port}");
    let dir = tempfile::tempdir().unwrap();
    let env = [("SHOP_METRICS_ADDR", metrics_addr.as_str()), ("SHOP_LOG_FORMAT", "json"), ("RUST_LOG", "info")];
    let mut server = Server::start(&app.state.config.database_url, dir.path(), &[], &env);
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    server.wait_healthy(&http).await;

    // Ready once the keyword index is built, which the server starts at once.
    let started = Instant::now();
    loop {
        let answer = http.get(format!("{}/readyz", server.base)).send().await.unwrap();
        if answer.status() == reqwest::StatusCode::OK {
            let body: Value = serde_json::from_slice(&answer.bytes().await.unwrap()).unwrap();
            assert_eq!(body["status"], "ready");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "not ready within a minute: {}", server.log_text());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let answer = http.get(format!("{}/v1/settings/front", server.base)).header("x-channel", "demo").send().await.unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::OK);
    let request_id = answer.headers()["x-request-id"].to_str().unwrap().to_owned();

    // Not on the public address.
    let public = http.get(format!("{}/metrics", server.base)).send().await.unwrap();
    assert!(!String::from_utf8_lossy(&public.bytes().await.unwrap()).contains("http_requests_total"));
    let answer = http.get(format!("http://{metrics_addr}/metrics")).send().await.unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::OK);
    assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = String::from_utf8(answer.bytes().await.unwrap().to_vec()).unwrap();
    assert!(!samples(&text, "http_requests_total", &["route=\"/v1/settings/front\"", "status=\"200\""]).is_empty(), "{text}");

    // One access line for the request, as JSON.
    let started = Instant::now();
    let line = loop {
        let log = server.log_text();
        let found = log.lines().filter_map(|line| serde_json::from_str::<Value>(line).ok()).find(|line| line["request_id"] == request_id.as_str());
        if let Some(line) = found {
            break line;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "no access line for {request_id}:\n{log}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(line["level"], "INFO", "{line}");
    assert_eq!(line["target"], "access", "{line}");
    assert_eq!(
        (&line["method"], &line["route"], &line["path"], &line["status"], &line["channel"]),
        (&json!("GET"), &json!("/v1/settings/front"), &json!("/v1/settings/front"), &json!(200), &json!("demo")),
        "{line}"
    );
    assert!(line["latency_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{line}");
    let lines_for_request = server.log_text().lines().filter(|l| l.contains(&request_id) && l.contains("\"target\":\"access\"")).count();
    assert_eq!(lines_for_request, 1);
}

on_both_databases!(
    readiness_names_what_is_not_ready,
    requests_are_counted_by_route_template_never_by_path,
    orders_and_mails_are_counted,
    a_server_serves_metrics_on_their_own_address_and_logs_each_request,
);
