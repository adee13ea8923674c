//! The OpenAPI document: paths come from the routers (utoipa-axum), so it cannot drift from
//! what is served; this file adds the title and the bearer scheme.
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::app;

#[derive(OpenApi)]
#[openapi(
    info(title = "Shop API", description = "Japanese storefront API. Every /v1 call names its channel with X-Channel or the host name."),
    modifiers(&BearerScheme)
)]
pub struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The document as committed to `api/openapi.json` (pretty, newline-terminated).
pub fn document_json() -> String {
    let (_, api) = app::documented_routes().split_for_parts();
    let mut json = api.to_pretty_json().expect("the OpenAPI document serialises");
    json.push('\n');
    json
}
