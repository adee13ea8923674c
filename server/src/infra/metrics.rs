//! Prometheus metrics: every metric's name and meaning, and the process's one recorder. The
//! recorder is installed only where metrics are served (`SHOP_METRICS_ADDR`); until then every
//! recording function here returns at once. Labels are closed sets or route templates, never
//! raw paths or ids, so the number of series stays bounded.
use std::sync::OnceLock;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const HTTP_REQUESTS: &str = "http_requests_total";
pub const HTTP_DURATION: &str = "http_request_duration_seconds";
pub const CHECKOUT_ORDERS: &str = "checkout_orders_total";
pub const PAYMENTS: &str = "payments_total";
pub const MAIL_QUEUED: &str = "mail_queued_total";
pub const MAIL_SENT: &str = "mail_sent_total";
pub const MAIL_RETRIED: &str = "mail_retried_total";
pub const MAIL_FAILED: &str = "mail_failed_total";

/// Upper bounds of the request-duration buckets, in seconds: cached answers take well under a
/// millisecond, the request timeout is 30 s.
const DURATION_BUCKETS: [f64; 14] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0, 30.0];
/// Histograms are folded into their buckets this often (the recorder asks its owner to).
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's recorder: one per process, as the `metrics` facade has one global recorder
/// (the API tests run many apps in one process and share it).
static RECORDER: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the recorder on first call and answers its handle; None when another recorder was
/// installed first.
pub fn install() -> Option<&'static PrometheusHandle> {
    RECORDER
        .get_or_init(|| {
            let builder = PrometheusBuilder::new().set_buckets_for_metric(Matcher::Full(HTTP_DURATION.into()), &DURATION_BUCKETS).ok()?;
            let handle = match builder.install_recorder() {
                Ok(handle) => handle,
                Err(error) => {
                    tracing::error!(%error, "metrics: the recorder could not be installed");
                    return None;
                }
            };
            describe();
            let upkeep = handle.clone();
            let spawned = std::thread::Builder::new().name("metrics-upkeep".into()).spawn(move || {
                loop {
                    std::thread::sleep(UPKEEP_EVERY);
                    upkeep.run_upkeep();
                }
            });
            if let Err(error) = spawned {
                tracing::warn!(%error, "metrics: no upkeep thread; histograms are folded when scraped");
            }
            Some(handle)
        })
        .as_ref()
}

/// The Prometheus text of every metric; None before [`install`].
pub fn render() -> Option<String> {
    let handle = RECORDER.get()?.as_ref()?;
    handle.run_upkeep();
    Some(handle.render())
}

fn on() -> bool {
    matches!(RECORDER.get(), Some(Some(_)))
}

fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by route template (`unmatched`: no route), method and status");
    metrics::describe_histogram!(HTTP_DURATION, metrics::Unit::Seconds, "Time to answer an HTTP request, by route template");
    metrics::describe_counter!(CHECKOUT_ORDERS, "Order decisions (注文確定) by outcome");
    metrics::describe_counter!(PAYMENTS, "Card charges asked of a gateway, by gateway and outcome");
    metrics::describe_counter!(MAIL_QUEUED, "Mails queued in the outbox");
    metrics::describe_counter!(MAIL_SENT, "Mails delivered to the transport (SMTP or the outbox folder)");
    metrics::describe_counter!(MAIL_RETRIED, "Mail delivery attempts that failed and will be retried");
    metrics::describe_counter!(MAIL_FAILED, "Mails given up");
}

/// One answered request; `route` is the route's template.
pub fn http_request(route: &str, method: &Method, status: StatusCode, elapsed: Duration) {
    if !on() {
        return;
    }
    let route = route.to_owned();
    metrics::counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method_label(method), "status" => status.as_u16().to_string()).increment(1);
    metrics::histogram!(HTTP_DURATION, "route" => route).record(elapsed.as_secs_f64());
}

/// Methods outside the standard ones are one label, so a client cannot make new series.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

pub fn checkout_order(outcome: &'static str) {
    if on() {
        metrics::counter!(CHECKOUT_ORDERS, "outcome" => outcome).increment(1);
    }
}

pub fn payment(gateway: &'static str, outcome: &'static str) {
    if on() {
        metrics::counter!(PAYMENTS, "gateway" => gateway, "outcome" => outcome).increment(1);
    }
}

pub fn mail_queued() {
    if on() {
        metrics::counter!(MAIL_QUEUED).increment(1);
    }
}

pub fn mail_sent() {
    if on() {
        metrics::counter!(MAIL_SENT).increment(1);
    }
}

pub fn mail_retried() {
    if on() {
        metrics::counter!(MAIL_RETRIED).increment(1);
    }
}

pub fn mail_failed() {
    if on() {
        metrics::counter!(MAIL_FAILED).increment(1);
    }
}
