//! The application: the router that merges every feature's routes, behind the edge (edge.rs:
//! request ids, the access log and metrics, limits, the timeout, CORS, compression, security
//! headers). The state the handlers share is state.rs; the probes and the access log are
//! observe.rs.
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::infra::error::{ApiError, ErrorBody};
use crate::state::AppState;
use crate::{
    addresses, bookmarks, bot_check, cards, cart, catalog, channel, checkout, collections, content, coupons, delivery, ecommerce_events, edge, embroidery,
    favorites, files, histories, inquiries, layout, measurements, members, memorials, messages, news, observe, openapi, orders, payments, points, postal,
    print_catalogs, reports, reviews, seo, shop_settings, social_gift, social_login, staff, stylists, system_messages, uploads, web,
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
        .merge(shop_settings::routes())
        .merge(reports::routes())
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
    let cors_origins = state.config.cors_origins.clone();
    let routes = Router::new()
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
        .with_state(state);
    edge::wrap(routes, &cors_origins)
}

async fn unknown_api_path() -> ApiError {
    ApiError::not_found()
}

async fn method_not_allowed() -> Response {
    let body = ErrorBody { message: "この操作は許可されていません。".into(), code: None, errors: None };
    (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}
