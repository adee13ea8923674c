//! The edge: what every request passes through once, outside the router. It gives the request
//! its id, writes the access-log line and the metrics, opens the trace span, turns a panic into
//! a 500, stops a request at 30 s, limits the body, answers CORS, compresses where the client
//! asks and the body is worth it, and sets the security headers.
//!
//! One hand-written service, built once: `Router::layer` wraps every route, so the ten tower
//! layers that did this before were cloned (CORS's lists included) and boxed for every request,
//! which cost a cached answer a fifth of its throughput (issue 29). The router keeps one cheap
//! layer of its own, [`RouteLabel`], because only routing knows a request's route template.
use std::convert::Infallible;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use futures_util::FutureExt;
use tower::{Layer, Service, ServiceExt};
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::{Compression, CompressionLayer};
use tracing::Instrument;

use crate::infra::csp::{self, PageCsp};
use crate::infra::error::{ErrorBody, INTERNAL_MESSAGE};
use crate::observe::{self, RouteTemplate};
use crate::uploads;

/// The largest request body, except an upload's ([`uploads::REQUEST_MAX`]).
pub const BODY_MAX: usize = 2 * 1024 * 1024;
/// A request still unanswered after this is answered 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Smaller answers go out as they are: compressing them saves less than it costs.
const COMPRESS_FROM_BYTES: u64 = 1024;

const TOO_LARGE_MESSAGE: &str = "送信データが大きすぎます。";
const TIMEOUT_MESSAGE: &str = "処理に時間がかかりすぎたため中断しました。時間をおいてもう一度お試しください。";
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// A request id a client (or a proxy in front) sends is kept when it is at most this long and
/// printable; otherwise the request gets its own.
const REQUEST_ID_MAX: usize = 64;

/// Headers the storefront reads from API answers; browsers hide them unless exposed.
pub const EXPOSED_HEADERS: [&str; 8] =
    ["x-total", "x-per-page", "x-last-page", "x-current-page", "x-suggested-filename", "x-redirect", "x-limit", "x-request-id"];

/// `router` behind the edge: a router with no routes of its own whose fallback is the edge,
/// so that the server and the tests keep serving a plain [`Router`].
pub fn wrap(router: Router, cors_origins: &[String]) -> Router {
    Router::new().fallback_service(Edge::new(router.layer(RouteLabelLayer), cors_origins))
}

#[derive(Clone)]
struct Edge {
    router: Router,
    /// The same router behind tower-http's compression, for clients that accept an encoding.
    compressing: Compression<Router, WorthCompressing>,
    cors: Arc<Cors>,
}

impl Edge {
    fn new(router: Router, cors_origins: &[String]) -> Edge {
        let compressing = CompressionLayer::new().compress_when(worth_compressing()).layer(router.clone());
        Edge { router, compressing, cors: Arc::new(Cors::new(cors_origins)) }
    }

    async fn answer(self, mut request: Request) -> Response {
        let started = Instant::now();
        let request_id = request_id(request.headers());
        request.headers_mut().insert(REQUEST_ID, request_id.clone());
        let method = request.method().clone();
        // The path is kept for the log line only when someone reads it (the probes log at
        // DEBUG, which a filter never lets through without INFO).
        let uri = tracing::enabled!(target: "access", tracing::Level::INFO).then(|| request.uri().clone());
        let span = tracing::info_span!("request", method = %method, path = %request.uri().path(), request_id = request_id.to_str().unwrap_or("-"));
        let origin = request.headers().get(header::ORIGIN).cloned();
        let mut response = self.route(request).instrument(span).await;
        self.cors.add_to(response.headers_mut(), origin.as_ref(), method == Method::OPTIONS);
        add_security_headers(&mut response);
        response.headers_mut().insert(REQUEST_ID, request_id.clone());
        observe::record(&method, uri.as_ref(), &request_id, &response, started.elapsed());
        response
    }

    /// The answer from the router, or the edge's own: a CORS preflight, 413, 408 or 500.
    async fn route(&self, mut request: Request) -> Response {
        if request.method() == Method::OPTIONS {
            return self.cors.preflight();
        }
        let path = request.uri().path();
        let limit = if uploads::takes_large_body(path) {
            uploads::REQUEST_MAX
        } else if crate::catalog::photos::takes_large_body(path) {
            crate::catalog::photos::REQUEST_MAX
        } else if crate::catalog::imports::takes_large_body(path) {
            crate::catalog::imports::REQUEST_MAX
        } else {
            BODY_MAX
        };
        if declared_length(request.headers()).is_some_and(|length| length > limit as u64) {
            return error_answer(StatusCode::PAYLOAD_TOO_LARGE, TOO_LARGE_MESSAGE);
        }
        // axum's extractors (JSON, bytes, multipart) stop reading there (413).
        DefaultBodyLimit::max(limit).apply(&mut request);
        let compress = accepts_an_encoding(request.headers());
        let routed = async {
            if compress {
                match self.compressing.clone().oneshot(request).await {
                    Ok(response) => response.map(Body::new),
                    Err(infallible) => match infallible {},
                }
            } else {
                match self.router.clone().oneshot(request).await {
                    Ok(response) => response,
                    Err(infallible) => match infallible {},
                }
            }
        };
        match tokio::time::timeout(REQUEST_TIMEOUT, AssertUnwindSafe(routed).catch_unwind()).await {
            Ok(Ok(response)) => response,
            Ok(Err(panic)) => {
                let message = panic.downcast_ref::<&str>().copied().or_else(|| panic.downcast_ref::<String>().map(String::as_str)).unwrap_or("-");
                tracing::error!(panic = message, "a handler panicked; answered 500");
                error_answer(StatusCode::INTERNAL_SERVER_ERROR, INTERNAL_MESSAGE)
            }
            Err(_) => error_answer(StatusCode::REQUEST_TIMEOUT, TIMEOUT_MESSAGE),
        }
    }
}

impl Service<Request> for Edge {
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let edge = self.clone();
        Box::pin(async move { Ok(edge.answer(request).await) })
    }
}

fn error_answer(status: StatusCode, message: &str) -> Response {
    (status, Json(ErrorBody { message: message.into(), code: None, errors: None })).into_response()
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok())
}

/// The client's own id when it sent a usable one, otherwise a new UUIDv7.
fn request_id(headers: &HeaderMap) -> HeaderValue {
    match headers.get(&REQUEST_ID) {
        Some(id) if !id.is_empty() && id.len() <= REQUEST_ID_MAX && id.as_bytes().iter().all(|b| b.is_ascii_graphic()) => id.clone(),
        _ => new_request_id(),
    }
}

fn new_request_id() -> HeaderValue {
    // Random bits from the thread-local generator and text on the stack: `Uuid::now_v7` asked
    // the kernel for randomness on every request.
    let millis = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
    let id = uuid::Builder::from_unix_timestamp_millis(millis, &rand::random::<[u8; 10]>()).into_uuid();
    let mut text = uuid::Uuid::encode_buffer();
    HeaderValue::from_str(id.hyphenated().encode_lower(&mut text)).expect("a UUID is a valid header value")
}

/// Whether the client accepts an encoding the server compresses with (gzip, br).
fn accepts_an_encoding(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|coding| {
        let mut parts = coding.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|p| matches!(p.trim().replace(' ', "").as_str(), "q=0" | "q=0." | "q=0.0" | "q=0.00" | "q=0.000"));
        !refused && (name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("br") || name == "*")
    })
}

type WorthCompressing = tower_http::compression::predicate::And<
    tower_http::compression::predicate::And<tower_http::compression::predicate::And<SizeAbove, NotForContentType>, NotForContentType>,
    NotForContentType,
>;

/// Big enough to gain, and not already compressed (pictures) or streamed (server-sent events).
fn worth_compressing() -> WorthCompressing {
    SizeAbove::new(COMPRESS_FROM_BYTES).and(NotForContentType::GRPC).and(NotForContentType::IMAGES).and(NotForContentType::SSE)
}

/// The security headers every answer carries; a page's own policy (the storefront shell with
/// a shop's analytics, the back office) comes with the answer as a [`PageCsp`].
fn add_security_headers(response: &mut Response) {
    let page_policy = response.extensions().get::<PageCsp>().filter(|csp| !csp.is_empty()).and_then(|csp| HeaderValue::from_str(&csp.policy()).ok());
    let headers = response.headers_mut();
    if let Some(policy) = page_policy {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    let pairs = [
        (header::CONTENT_SECURITY_POLICY, csp::STOREFRONT),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    for (name, value) in pairs {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
}

/// CORS for the configured storefront origins, every header value computed once. Any OPTIONS
/// request is a preflight and is answered here; every other answer says what may read it.
struct Cors {
    allowed_origins: Vec<HeaderValue>,
    vary: HeaderValue,
    expose: HeaderValue,
    allow_methods: HeaderValue,
    allow_headers: HeaderValue,
    max_age: HeaderValue,
}

const CORS_MAX_AGE_SECONDS: u32 = 600;

impl Cors {
    fn new(origins: &[String]) -> Cors {
        let list = |items: &[&str]| HeaderValue::from_str(&items.join(",")).expect("header names are a valid header value");
        Cors {
            allowed_origins: origins.iter().map(|o| o.trim()).filter(|o| !o.is_empty()).filter_map(|o| o.parse().ok()).collect(),
            vary: HeaderValue::from_static("origin, access-control-request-method, access-control-request-headers"),
            expose: list(&EXPOSED_HEADERS),
            allow_methods: HeaderValue::from_static("GET,POST,PUT,PATCH,DELETE"),
            allow_headers: HeaderValue::from_static("authorization,content-type,x-channel,x-bot-check"),
            max_age: HeaderValue::from(CORS_MAX_AGE_SECONDS),
        }
    }

    fn allows<'a>(&self, origin: Option<&'a HeaderValue>) -> Option<&'a HeaderValue> {
        origin.filter(|origin| self.allowed_origins.contains(origin))
    }

    fn preflight(&self) -> Response {
        let mut response = Response::new(Body::empty());
        let headers = response.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, self.allow_methods.clone());
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, self.allow_headers.clone());
        headers.insert(header::ACCESS_CONTROL_MAX_AGE, self.max_age.clone());
        response
    }

    /// Adds what every answer carries, and to an answer (not a preflight) the headers that
    /// script on an allowed origin may read.
    fn add_to(&self, headers: &mut HeaderMap, origin: Option<&HeaderValue>, preflight: bool) {
        headers.append(header::VARY, self.vary.clone());
        headers.insert(header::ACCESS_CONTROL_ALLOW_CREDENTIALS, HeaderValue::from_static("true"));
        if !preflight {
            headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, self.expose.clone());
        }
        if let Some(origin) = self.allows(origin) {
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        }
    }
}

/// The router's one layer: it copies the matched route's template onto the response.
#[derive(Clone, Copy)]
struct RouteLabelLayer;

impl<S> Layer<S> for RouteLabelLayer {
    type Service = RouteLabel<S>;

    fn layer(&self, inner: S) -> RouteLabel<S> {
        RouteLabel(inner)
    }
}

#[derive(Clone)]
struct RouteLabel<S>(S);

impl<S> Service<Request> for RouteLabel<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = RouteLabelFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let route = request.extensions().get::<MatchedPath>().cloned();
        RouteLabelFuture { inner: self.0.call(request), route }
    }
}

pin_project_lite::pin_project! {
    struct RouteLabelFuture<F> {
        #[pin]
        inner: F,
        route: Option<MatchedPath>,
    }
}

impl<F, E> Future for RouteLabelFuture<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut response = std::task::ready!(this.inner.poll(cx))?;
        if let Some(route) = this.route.take() {
            response.extensions_mut().insert(RouteTemplate(route));
        }
        Poll::Ready(Ok(response))
    }
}

#[cfg(test)]
mod tests {
    use axum::routing::{get, post};

    use super::*;

    /// A router behind the edge, with routes that answer big, small, panic or read a body.
    fn app() -> Router {
        let routes = Router::new()
            .route("/big", get(|| async { "ショップ".repeat(1000) }))
            .route("/small", get(|| async { "ok" }))
            .route("/boom", get(|| async { panic!("broken handler") as &'static str }))
            .route("/echo", post(|body: axum::body::Bytes| async move { body.len().to_string() }));
        wrap(routes, &["https://shop.example.jp".into()])
    }

    async fn call(request: axum::http::request::Builder, body: Body) -> Response {
        app().oneshot(request.body(body).unwrap()).await.unwrap()
    }

    async fn body_text(response: Response) -> String {
        String::from_utf8(axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap()
    }

    #[tokio::test]
    async fn a_panic_is_a_japanese_500_with_the_usual_headers() {
        let response = call(Request::get("/boom"), Body::empty()).await;
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()[&REQUEST_ID].len(), 36);
        assert_eq!(response.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(body_text(response).await.contains(INTERNAL_MESSAGE));
    }

    #[tokio::test]
    async fn a_body_declared_too_large_is_refused_before_routing() {
        let request = Request::post("/echo").header(header::CONTENT_LENGTH, (BODY_MAX + 1).to_string());
        let response = call(request, Body::empty()).await;
        assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert!(body_text(response).await.contains(TOO_LARGE_MESSAGE));
        let fine = call(Request::post("/echo"), Body::from("hello")).await;
        assert_eq!(body_text(fine).await, "5");
    }

    #[tokio::test]
    async fn only_a_client_that_asks_gets_a_compressed_answer_and_only_a_big_one() {
        let plain = call(Request::get("/big"), Body::empty()).await;
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(body_text(plain).await.chars().count(), 4000);
        let asked = call(Request::get("/big").header(header::ACCEPT_ENCODING, "gzip"), Body::empty()).await;
        assert_eq!(asked.headers()[header::CONTENT_ENCODING], "gzip");
        let small = call(Request::get("/small").header(header::ACCEPT_ENCODING, "gzip, br"), Body::empty()).await;
        assert!(small.headers().get(header::CONTENT_ENCODING).is_none(), "two bytes are not worth compressing");
    }

    #[tokio::test]
    async fn a_preflight_is_answered_at_the_edge() {
        let request = Request::options("/echo").header(header::ORIGIN, "https://shop.example.jp").header("access-control-request-method", "POST");
        let response = call(request, Body::empty()).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN], "https://shop.example.jp");
        assert_eq!(response.headers()[header::ACCESS_CONTROL_ALLOW_METHODS], "GET,POST,PUT,PATCH,DELETE");
        assert_eq!(response.headers()[header::ACCESS_CONTROL_MAX_AGE], "600");
        assert!(response.headers().get(header::ACCESS_CONTROL_EXPOSE_HEADERS).is_none());
    }

    #[tokio::test]
    async fn the_answer_names_its_route_template_for_the_log() {
        let response = call(Request::get("/small"), Body::empty()).await;
        assert_eq!(response.extensions().get::<RouteTemplate>().map(|route| route.0.as_str()), Some("/small"));
        let unmatched = call(Request::get("/nowhere"), Body::empty()).await;
        assert_eq!(unmatched.status(), StatusCode::NOT_FOUND);
        assert!(unmatched.extensions().get::<RouteTemplate>().is_none());
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (HeaderName::from_static(name), HeaderValue::from_static(value))).collect()
    }

    #[test]
    fn compression_is_for_clients_that_accept_gzip_or_brotli() {
        assert!(!accepts_an_encoding(&headers(&[])));
        assert!(accepts_an_encoding(&headers(&[("accept-encoding", "gzip, deflate, br, zstd")])));
        assert!(accepts_an_encoding(&headers(&[("accept-encoding", "BR")])));
        assert!(!accepts_an_encoding(&headers(&[("accept-encoding", "identity")])));
        assert!(!accepts_an_encoding(&headers(&[("accept-encoding", "deflate")])));
        assert!(!accepts_an_encoding(&headers(&[("accept-encoding", "gzip;q=0, br; q=0.0")])));
        assert!(accepts_an_encoding(&headers(&[("accept-encoding", "gzip;q=0.5")])));
    }

    #[test]
    fn a_usable_client_request_id_is_kept_and_any_other_replaced() {
        assert_eq!(request_id(&headers(&[("x-request-id", "lb-1234")])), "lb-1234");
        assert_eq!(request_id(&headers(&[])).len(), 36);
        let long: &'static str = Box::leak("x".repeat(REQUEST_ID_MAX + 1).into_boxed_str());
        assert_eq!(request_id(&headers(&[("x-request-id", long)])).len(), 36);
        assert_eq!(request_id(&headers(&[("x-request-id", "two words")])).len(), 36);
    }

    #[test]
    fn cors_names_only_a_configured_origin() {
        let cors = Cors::new(&["https://shop.example.jp".into(), " ".into()]);
        let mut answer = HeaderMap::new();
        cors.add_to(&mut answer, Some(&HeaderValue::from_static("https://evil.example.com")), false);
        assert!(answer.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
        assert_eq!(answer[header::ACCESS_CONTROL_EXPOSE_HEADERS].to_str().unwrap().split(',').count(), EXPOSED_HEADERS.len());
        let mut answer = HeaderMap::new();
        cors.add_to(&mut answer, Some(&HeaderValue::from_static("https://shop.example.jp")), false);
        assert_eq!(answer[header::ACCESS_CONTROL_ALLOW_ORIGIN], "https://shop.example.jp");
    }
}
