//! The application: the router that merges every feature's routes, and the middleware stack
//! (request ids, the access log and metrics, limits, timeouts, CORS, compression, security
//! headers). The state the handlers share is state.rs; the probes and the access log are
//! observe.rs.
use std::time::Duration;

use axum::http::{HeaderName, HeaderValue, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::infra::csp::{self, PageCsp};
use crate::infra::error::{ApiError, ErrorBody, INTERNAL_MESSAGE};
use crate::state::AppState;
use crate::{
    addresses, bookmarks, bot_check, cards, cart, catalog, channel, checkout, collections, content, coupons, delivery, ecommerce_events, embroidery, favorites,
    files, histories, inquiries, layout, measurements, members, memorials, messages, news, observe, openapi, orders, payments, points, postal, print_catalogs,
    reviews, seo, social_gift, social_login, staff, stylists, system_messages, uploads, web,
};

/// The channel-scoped `/v1` API; every route passes through [`channel::resolve`].
fn v1_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(channel::routes())
        .merge(layout::routes())
        .merge(messages::routes())
        .merge(news::routes())
        .merge(catalog::routes())
        .merge(content::routes())
        .merge(delivery::routes())
        .merge(collections::routes())
        .merge(print_catalogs::routes())
        .merge(files::routes())
        .merge(postal::routes())
        .merge(histories::routes())
        .merge(stylists::routes())
        .merge(members::routes())
        .merge(social_login::routes())
        .merge(addresses::routes())
        .merge(payments::routes())
        .merge(cards::routes())
        .merge(coupons::routes())
        .merge(points::routes())
        .merge(ecommerce_events::routes())
        .merge(orders::routes())
        .merge(cart::routes())
        .merge(checkout::routes())
        .merge(social_gift::routes())
        .merge(favorites::routes())
        .merge(bookmarks::routes())
        .merge(memorials::routes())
        .merge(measurements::routes())
        .merge(reviews::routes())
        .merge(embroidery::routes())
        .merge(bot_check::routes())
        .merge(staff::routes())
        .merge(uploads::routes())
        .merge(inquiries::routes())
        .merge(system_messages::routes())
}

/// Every documented route, for the OpenAPI document.
pub fn documented_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(channel::http::public_routes())
        .merge(content::public_routes())
        .merge(print_catalogs::picture_routes())
        .merge(stylists::picture_routes())
        .merge(payments::http::tokeniser_routes())
        .merge(v1_routes())
}

pub fn router(state: AppState) -> Router {
    let (v1, _) = v1_routes().split_for_parts();
    let v1 = v1.route_layer(axum::middleware::from_fn_with_state(state.clone(), channel::resolve));
    // The sandbox gateway's tokeniser is outside /v1 but names its shop the same way (it
    // answers 404 for a shop the sandbox does not serve).
    let (tokeniser, _) = payments::http::tokeniser_routes().split_for_parts();
    let tokeniser = tokeniser.route_layer(axum::middleware::from_fn_with_state(state.clone(), channel::resolve));
    let (public, _) = channel::http::public_routes().split_for_parts();
    // Banner pictures live outside /v1: <img> requests name no channel.
    let (images, _) = content::public_routes().split_for_parts();
    let web = web::spa_service(state.clone(), &state.config.web_dir);
    let cors = cors_layer(&state.config.cors_origins);
    Router::new()
        .merge(public)
        .merge(images)
        .merge(v1)
        .merge(tokeniser)
        .merge(catalog::http::picture_routes())
        .merge(print_catalogs::picture_routes().split_for_parts().0)
        .merge(stylists::picture_routes().split_for_parts().0)
        .merge(seo::routes())
        .merge(web::admin_routes())
        .merge(observe::probe_routes())
        .route("/v1/{*rest}", any(unknown_api_path))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback_service(web)
        .with_state(state)
        .layer(axum::middleware::map_response(add_security_headers))
        .layer(CompressionLayer::new())
        .layer(cors)
        .layer(axum::middleware::from_fn(limit_body))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        .layer(CatchPanicLayer::custom(|_| internal_error_response()))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            // A span per request, so what a handler logs carries the request id; the access
            // log below writes the one line per request.
            TraceLayer::new_for_http()
                .on_failure(
                    // Internal errors are logged at ERROR where they happen; a 503 during maintenance
                    // or a slow client is not an error of ours.
                    tower_http::trace::DefaultOnFailure::new().level(tracing::Level::WARN),
                )
                .make_span_with(|request: &Request<_>| {
                    let request_id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id)
                }),
        )
        .layer(axum::middleware::from_fn(observe::access_log))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuidV7))
}

/// The largest request body, except an upload's ([`uploads::REQUEST_MAX`]).
pub const BODY_MAX: usize = 2 * 1024 * 1024;

/// Limits the request body: a larger Content-Length is refused at once (413); otherwise the
/// limit is axum's extractors' (JSON, bytes, multipart), which stop reading there (413).
/// Uploads take larger bodies.
async fn limit_body(request: Request<axum::body::Body>, next: axum::middleware::Next) -> Response {
    use tower::{Layer, ServiceExt};
    let limit = if uploads::takes_large_body(request.uri().path()) { uploads::REQUEST_MAX } else { BODY_MAX };
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        let body = ErrorBody { message: TOO_LARGE_MESSAGE.into(), code: None, errors: None };
        return (StatusCode::PAYLOAD_TOO_LARGE, Json(body)).into_response();
    }
    match axum::extract::DefaultBodyLimit::max(limit).layer(next).oneshot(request).await {
        Ok(response) => response,
        Err(infallible) => match infallible {},
    }
}

const TOO_LARGE_MESSAGE: &str = "送信データが大きすぎます。";

async fn unknown_api_path() -> ApiError {
    ApiError::not_found()
}

async fn method_not_allowed() -> Response {
    let body = ErrorBody { message: "この操作は許可されていません。".into(), code: None, errors: None };
    (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}

fn internal_error_response() -> Response {
    let body = ErrorBody { message: INTERNAL_MESSAGE.into(), code: None, errors: None };
    (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response()
}

/// Headers the storefront reads from API answers; browsers hide them unless exposed.
pub const EXPOSED_HEADERS: [&str; 8] =
    ["x-total", "x-per-page", "x-last-page", "x-current-page", "x-suggested-filename", "x-redirect", "x-limit", "x-request-id"];

fn cors_layer(origins: &[String]) -> CorsLayer {
    let allowed: Vec<HeaderValue> = origins.iter().filter(|o| !o.trim().is_empty()).filter_map(|o| o.trim().parse().ok()).collect();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(allowed))
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::PATCH, Method::DELETE])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, HeaderName::from_static("x-channel"), HeaderName::from_static("x-bot-check")])
        .allow_credentials(true)
        .expose_headers(EXPOSED_HEADERS.map(HeaderName::from_static))
        .max_age(Duration::from_secs(600))
}

async fn add_security_headers(mut response: Response) -> Response {
    if let Some(csp) = response.extensions().get::<PageCsp>().filter(|csp| !csp.is_empty())
        && let Ok(value) = HeaderValue::from_str(&csp.policy())
    {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, value);
    }
    let headers = response.headers_mut();
    let pairs = [
        (header::CONTENT_SECURITY_POLICY, csp::STOREFRONT),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    for (name, value) in pairs {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    response
}

#[derive(Clone, Copy)]
struct MakeRequestUuidV7;

impl MakeRequestId for MakeRequestUuidV7 {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        // Random bits from the thread-local generator and text on the stack: `Uuid::now_v7`
        // asked the kernel for randomness on every request.
        let millis = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?.as_millis() as u64;
        let id = uuid::Builder::from_unix_timestamp_millis(millis, &rand::random::<[u8; 10]>()).into_uuid();
        let mut text = uuid::Uuid::encode_buffer();
        HeaderValue::from_str(id.hyphenated().encode_lower(&mut text)).ok().map(RequestId::new)
    }
}
