//! The OpenAPI document: paths come from the routers (utoipa-axum), so it cannot drift from
//! what is served; this file adds the title and the bearer scheme.
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::app;

#[derive(OpenApi)]
#[openapi(
    info(title = "Shop API", description = "Japanese storefront API. Every /v1 call names its channel with X-Channel or the host name."),
    components(schemas(crate::infra::error::MaintenanceBody, crate::infra::error::ErrorBody)),
    modifiers(&BearerScheme)
)]
pub struct ApiDoc;

struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()));
    }
}

/// Every `/v1` call can answer 503 while the channel is in maintenance (and 404 when the
/// channel does not exist); the channel middleware does it, so it is added here for all.
struct MaintenanceAnswer;

impl Modify for MaintenanceAnswer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let answer = ResponseBuilder::new()
            .description("the shop is in maintenance")
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("MaintenanceBody"))).build())
            .build();
        for (path, item) in openapi.paths.paths.iter_mut() {
            if !path.starts_with("/v1/") {
                continue;
            }
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                operation.responses.responses.entry("503".into()).or_insert_with(|| answer.clone().into());
            }
        }
    }
}

/// The JSON body and query extractors (infra/extract.rs) answer 422 for input they cannot
/// read (not JSON, not an object, a query of the wrong shape), before any handler runs: every
/// operation that takes a body or a query parameter can answer it, documented or not.
struct MalformedAnswer;

impl Modify for MalformedAnswer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
        let answer = ResponseBuilder::new()
            .description("the body or the query cannot be read (`errors.body`, `errors.query`)")
            .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
            .build();
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let json_body = matches!(&operation.request_body, Some(RefOr::T(body)) if body.content.contains_key("application/json"));
                let query = operation.parameters.iter().flatten().any(|p| matches!(p, RefOr::T(p) if p.parameter_in == ParameterIn::Query));
                if json_body || query {
                    operation.responses.responses.entry("422".into()).or_insert_with(|| answer.clone().into());
                }
            }
        }
    }
}

/// The document as committed to `api/openapi.json` (pretty, newline-terminated).
pub fn document_json() -> String {
    let (_, mut api) = app::documented_routes().split_for_parts();
    // Paths exist only after the routers are merged, so this modifier runs here.
    MaintenanceAnswer.modify(&mut api);
    MalformedAnswer.modify(&mut api);
    let mut json = api.to_pretty_json().expect("the OpenAPI document serialises");
    json.push('\n');
    json
}
