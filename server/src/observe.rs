//! What operators see of a running instance: the probes (`/healthz` liveness, `/readyz`
//! readiness), one access-log line and the HTTP metrics per request, and the router that serves
//! `/metrics` on an address of its own (infra/metrics.rs keeps the recorder and the names).
use std::time::Duration;

use axum::extract::{MatchedPath, State};
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::channel::Channel;
use crate::infra::metrics;
use crate::state::AppState;

/// The route label of a request no route matched (the storefront's pages, unknown paths):
/// metrics never carry a raw path, so a client cannot make new series.
pub const UNMATCHED: &str = "unmatched";
const HEALTHZ: &str = "/healthz";
const READYZ: &str = "/readyz";
const OK: &str = "ok";

pub fn probe_routes() -> Router<AppState> {
    Router::new().route(HEALTHZ, get(healthz)).route(READYZ, get(readyz))
}

/// Liveness: the process answers, and so does its database.
async fn healthz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(serde_json::json!({ "status": "ok" })).into_response(),
        Err(error) => {
            tracing::error!(%error, "health check: database does not answer");
            (StatusCode::SERVICE_UNAVAILABLE, Json(serde_json::json!({ "status": "database unavailable" }))).into_response()
        }
    }
}

#[derive(Serialize)]
struct Readiness {
    /// `ready` or `not_ready`.
    status: &'static str,
    checks: Checks,
}

/// Each check: `ok`, or what is wrong.
#[derive(Serialize)]
struct Checks {
    database: String,
    migrations: String,
    search_index: String,
}

/// Readiness: the database answers, it has every migration of this binary applied, and the
/// keyword index is built (searches would otherwise wait for it). 503 names what is not ready.
async fn readyz(State(state): State<AppState>) -> Response {
    let (database, migrations) = match state.db.ping().await {
        Err(error) => {
            tracing::warn!(%error, "readiness: database does not answer");
            ("unreachable".to_owned(), "unknown".to_owned())
        }
        Ok(()) => match state.db.missing_migrations().await {
            Ok(missing) if missing.is_empty() => (OK.to_owned(), OK.to_owned()),
            Ok(missing) => (OK.to_owned(), format!("missing {}", missing.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))),
            Err(error) => {
                tracing::warn!(%error, "readiness: reading the migration history failed");
                (OK.to_owned(), "unreadable".to_owned())
            }
        },
    };
    let search_index = if state.search.is_built() { OK } else { "building" }.to_owned();
    let ready = [&database, &migrations, &search_index].iter().all(|check| *check == OK);
    let body = Readiness { status: if ready { "ready" } else { "not_ready" }, checks: Checks { database, migrations, search_index } };
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(body)).into_response()
}

/// The route template that answered, on the response for the access log and the metrics:
/// the edge runs outside routing and never sees the request's [`MatchedPath`].
#[derive(Clone)]
pub struct RouteTemplate(pub MatchedPath);

/// One line per answered request (target `access`, INFO; the probes at DEBUG, as orchestrators
/// ask every few seconds), a warning for a server error, and the request's metrics. The edge
/// (edge.rs) calls it with what it kept of the request; `uri` is None when no one reads the
/// log. The route's template and the shop that answered ride on the response.
pub fn record(method: &Method, uri: Option<&Uri>, request_id: &HeaderValue, response: &Response, elapsed: Duration) {
    let route = response.extensions().get::<RouteTemplate>().map_or(UNMATCHED, |route| route.0.as_str());
    let status = response.status();
    metrics::http_request(route, method, status, elapsed);
    let Some(uri) = uri else { return };
    let request_id = request_id.to_str().unwrap_or("-");
    let channel = response.extensions().get::<Channel>().map_or("-", |channel| channel.code.as_str());
    let latency_ms = elapsed.as_micros() as f64 / 1000.0;
    let path = uri.path();
    let status = status.as_u16();
    if route == HEALTHZ || route == READYZ {
        tracing::debug!(target: "access", %method, route, path, status, latency_ms, request_id, channel, "request");
    } else {
        tracing::info!(target: "access", %method, route, path, status, latency_ms, request_id, channel, "request");
    }
    if status >= 500 {
        // Internal errors are logged at ERROR where they happen; this names the request.
        tracing::warn!(target: "access", %method, route, path, status, request_id, "answered with a server error");
    }
}

/// `GET /metrics` in Prometheus' text format; the server binds it to `SHOP_METRICS_ADDR`.
pub fn metrics_router() -> Router {
    Router::new().route("/metrics", get(metrics_text))
}

async fn metrics_text() -> Response {
    match metrics::render() {
        Some(text) => ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response(),
        None => (StatusCode::NOT_FOUND, "metrics are not kept by this process").into_response(),
    }
}
