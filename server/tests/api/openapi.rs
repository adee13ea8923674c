//! The committed `api/openapi.json` is what the web client's types are generated from;
//! it must be exactly what the server would print now.

#[test]
fn the_committed_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../api/openapi.json");
    let committed = std::fs::read_to_string(path).expect("api/openapi.json exists");
    let current = shop::openapi::document_json();
    assert!(committed == current, "api/openapi.json is stale: run `cargo run -p shop -- openapi > api/openapi.json` and `npm run gen:api` in web/");
}

/// The web client's types are keyed by operation id: two handlers named alike (`reply`,
/// `list_messages`) would silently give one path the other's types.
#[test]
fn every_operation_has_its_own_id() {
    let document: serde_json::Value = serde_json::from_str(&shop::openapi::document_json()).unwrap();
    let mut seen = std::collections::BTreeMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if let Some(id) = operation.get("operationId").and_then(|id| id.as_str())
                && let Some(other) = seen.insert(id.to_owned(), format!("{method} {path}"))
            {
                panic!("operationId {id} is used by {other} and {method} {path}: set `operation_id` on one");
            }
        }
    }
}

#[test]
fn every_route_is_documented_with_its_responses() {
    let document: serde_json::Value = serde_json::from_str(&shop::openapi::document_json()).unwrap();
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/public.json",
        "/v1/settings/front",
        "/v1/colorschemes/selected/front",
        "/v1/layouts/{page}",
        "/v1/pages/front/layout/{page}",
        "/v1/messages",
        "/v1/messages/{code}",
        "/v1/news",
        "/v1/news/{key}",
        "/v1/news/readables",
        "/v1/products",
        "/v1/products/{key}",
        "/v1/products/{key}/recommend",
        "/v1/products/{key}/accessories",
        "/v1/products/{key}/reviews",
        "/v1/categories/hierarchy",
        "/v1/makers",
        "/v1/makers/{key}",
        "/v1/brands",
        "/v1/tags",
        "/v1/tags/password",
        "/v1/blogs",
        "/v1/blogs/{key}",
        "/v1/qas",
        "/v1/qa-categories",
        "/v1/static-pages/urls",
        "/v1/static-pages/url/{path}",
        "/v1/lp",
        "/v1/lp/{slug}",
        "/v1/free-areas",
        "/v1/free-areas/{code}",
        "/v1/banners",
        "/v1/banners/{id}/download",
        "/images/banners/{file}",
        "/v1/popups",
        "/v1/popups/{id}",
        "/v1/business-dates/monthly/calendar/front",
        "/v1/collections/{alias}",
        "/v1/catalog",
        "/images/catalogs/{file}",
        "/v1/stylists",
        "/v1/stylists/{key}",
        "/images/stylists/{file}",
        "/v1/files-contents",
        "/v1/postal-code",
        "/v1/postal-codes/prefectures",
        "/v1/product-search-histories",
        "/v1/product-requests",
        "/v1/product-histories",
        "/v1/guest/product-histories",
        "/v1/users",
        "/v1/auth/login",
        "/v1/auth/verify",
        "/v1/auth/refresh",
        "/v1/auth/logout",
        "/v1/auth/login-sync-channel",
        "/v1/auth/unlock/{token}",
        "/v1/email-verify/request",
        "/v1/email-verify/check",
        "/v1/reminder/request",
        "/v1/reminder/check",
        "/v1/reminder/reset",
        "/v1/reminder/username/request",
        "/v1/reminder/username/check",
        "/v1/reminder/username/reset",
        "/v1/me/user",
        "/v1/me/password",
        "/v1/me/security-question",
        "/v1/me/leave-code",
        "/v1/me/login-histories",
        "/v1/auth/providers",
        "/v1/auth/{type}/redirect",
        "/v1/auth/{type}/callback",
        "/v1/me/user-addresses",
        "/v1/me/user-addresses/{id}",
        "/v1/me/user-addresses-all",
        "/v1/me/user-addresses/{id}/use",
        "/v1/me/user-addresses/{id}/use-sender",
        "/v1/me/user-addresses/import",
        "/v1/me/user-addresses/export",
        "/sandbox-gateway/tokens",
        "/v1/settings/payment-service/{code}",
        "/v1/me/user-cards",
        "/v1/me/user-cards/{id}",
        "/v1/me/user-cards/{id}/use",
        "/v1/coupons",
        "/v1/me/coupons",
        "/v1/me/points",
        "/v1/me/point-histories",
        "/v1/sbpayment/receive/fraud-detection",
        "/v1/ecommerce_events",
        "/v1/ecommerce_events/{id}",
        "/v1/me/orders",
        "/v1/me/orders/{id}",
        "/v1/me/orders/{id}/cancel",
        "/v1/me/orders/{id}/download/receipt",
        "/v1/me/orders/{id}/download/quotation",
        "/v1/memos",
        "/v1/memos/{id}",
        "/v1/orders/{no}/check/receipt",
        "/v1/orders/{no}/guest/receipt",
        "/v1/orders/{no}/download/receipt",
        "/v1/carts/init",
        "/v1/carts/{token}",
        "/v1/carts/reset",
        "/v1/carts/shippings/reset",
        "/v1/carts/products/add",
        "/v1/carts/products/add-set",
        "/v1/carts/products/modify",
        "/v1/carts/products/delete",
        "/v1/carts/products/divide",
        "/v1/carts/shippings/add",
        "/v1/carts/shippings/modify",
        "/v1/carts/shippings/delete",
        "/v1/carts/packings/add",
        "/v1/carts/packings/modify",
        "/v1/carts/order/modify",
        "/v1/carts/other/modify",
        "/v1/carts/accessories/add",
        "/v1/carts/accessories/modify",
        "/v1/carts/accessories/delete",
        "/v1/carts/coupons/add",
        "/v1/carts/coupons/delete",
        "/v1/carts/point",
        "/v1/carts/transaction/error/delete",
        "/v1/carts/social/receiver",
        "/v1/shipping-leadtime/carts/{token}",
        "/v1/shipping-leadtime/input/{token}",
        "/v1/payments",
        "/v1/payments/carts/{token}",
        "/v1/carts/{token}/payment/{payment_id}/check",
        "/v1/carts/{token}/decision",
        "/v1/carts/order/{order_no}",
        "/v1/carts/{token}/download/quotation",
    ] {
        let item = paths.get(path).unwrap_or_else(|| panic!("{path} undocumented"));
        for (_, operation) in item.as_object().unwrap() {
            assert!(operation["responses"].as_object().is_some_and(|r| !r.is_empty()), "{path} has no responses");
        }
    }
}

#[test]
fn protected_tags_are_described_for_the_client() {
    let document: serde_json::Value = serde_json::from_str(&shop::openapi::document_json()).unwrap();
    let list = &document["paths"]["/v1/products"]["get"];
    assert!(list["responses"]["403"].is_object(), "a protected tag without a grant");
    let params = list["parameters"].as_array().unwrap();
    assert!(params.iter().any(|p| p["name"] == "X-Tag-Grant" && p["in"] == "header"));
    let unlock = &document["paths"]["/v1/tags/password"]["post"]["responses"];
    for status in ["200", "404", "422"] {
        assert!(unlock[status].is_object(), "POST /v1/tags/password documents {status}");
    }
    let schemas = &document["components"]["schemas"];
    assert!(schemas["Tag"]["properties"]["is_protected"].is_object());
    assert!(schemas["TagGrant"]["properties"]["grant_token"].is_object());
}
