//! The OpenAPI document: paths come from the routers (utoipa-axum), so it cannot drift from
//! what is served; this file adds the title and the bearer scheme.
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
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
        // Staff's session (/v1/admin): the httpOnly cookie set by the TOTP step of the login.
        components.add_security_scheme(
            "staff_session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description("shop_staff", "the staff session of /admin (httpOnly, Path=/v1/admin)"))),
        );
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
    let json = api.to_pretty_json().expect("the OpenAPI document serialises");
    let mut json: String = json.lines().map(|line| exact_white_space_in_pattern_line(line) + "\n").collect();
    if !json.ends_with('\n') {
        json.push('\n');
    }
    json
}

/// White space as the server reads it: Unicode's White_Space, which Rust's `trim` removes and
/// `validation::is_blank` skips. A document's `\s` means ECMA-262's, which leaves out U+0085
/// and adds U+FEFF, so a pattern's `\s` and `\S` are written out as this set.
const WHITE_SPACE: &str = r"\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// `\s` and `\S` of one regular expression written out as [`WHITE_SPACE`] (`\S` only outside a
/// character class, where none of the annotations uses it).
fn exact_white_space(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('s') if in_class => out.push_str(WHITE_SPACE),
                Some('s') => out.push_str(&format!("[{WHITE_SPACE}]")),
                Some('S') if !in_class => out.push_str(&format!("[^{WHITE_SPACE}]")),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            },
            '[' => {
                in_class = true;
                out.push(c);
            }
            ']' => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The pretty document has one key per line, so a pattern is rewritten where it stands and
/// the rest of the document keeps its order.
fn exact_white_space_in_pattern_line(line: &str) -> String {
    if !line.trim_start().starts_with("\"pattern\": ") {
        return line.to_owned();
    }
    let Some((key, value)) = line.split_once("\"pattern\": ") else { return line.to_owned() };
    let (value, comma) = match value.strip_suffix(',') {
        Some(value) => (value, ","),
        None => (value, ""),
    };
    let pattern: String = serde_json::from_str(value).expect("a pattern is a JSON string");
    let exact = serde_json::to_string(&exact_white_space(&pattern)).expect("a string serialises");
    format!("{key}\"pattern\": {exact}{comma}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_space_in_patterns_is_the_servers() {
        // The set is exactly what Rust calls white space (what trim removes) among U+0000..U+3000.
        let listed: Vec<char> = (0..=0x3000u32).filter_map(char::from_u32).filter(|c| c.is_whitespace()).collect();
        let mut spelled = Vec::new();
        for part in ["\t", "\n", "\u{b}", "\u{c}", "\r", " ", "\u{85}", "\u{a0}", "\u{1680}", "\u{2028}", "\u{2029}", "\u{202f}", "\u{205f}", "\u{3000}"] {
            spelled.extend(part.chars());
        }
        spelled.extend('\u{2000}'..='\u{200a}');
        spelled.sort();
        assert_eq!(listed, spelled);

        assert_eq!(exact_white_space(r"^\S(.|\s){2,}\S$"), format!("^[^{WHITE_SPACE}](.|[{WHITE_SPACE}]){{2,}}[^{WHITE_SPACE}]$"));
        assert_eq!(exact_white_space(r"[\sx]"), format!("[{WHITE_SPACE}x]"));
        assert_eq!(exact_white_space(r"^a\.b$"), r"^a\.b$");
        let line = exact_white_space_in_pattern_line(r#"  "pattern": "\\S","#);
        assert_eq!(line, format!(r#"  "pattern": "[^{}]","#, WHITE_SPACE.replace('\\', r"\\")));
    }
}
