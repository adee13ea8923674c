//! Download headers for files with Japanese names (ARCHITECTURE.md §4): the name travels
//! percent-encoded as UTF-8 (RFC 5987 / RFC 6266 `filename*`), because a raw Japanese name is
//! not a valid header value; `filename` carries an ASCII fallback for old clients.
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

/// Percent-encodes every byte except RFC 5987's `attr-char`s.
pub fn rfc5987_encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len() * 3);
    for byte in name.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte);
        if keep {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Content-Type, `Content-Disposition: attachment; filename="…"; filename*=UTF-8''…` and
/// `x-suggested-filename` (the same encoded name, which the storefront decodes).
pub fn attachment_headers(content_type: &'static str, name: &str, ascii_fallback: &str) -> HeaderMap {
    let encoded = rfc5987_encode(name);
    let fallback: String = ascii_fallback.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' }).collect();
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Both values hold only visible ASCII by construction, so they are valid header values.
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    if let Ok(value) = HeaderValue::from_str(&encoded) {
        headers.insert(HeaderName::from_static("x-suggested-filename"), value);
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_names_are_percent_encoded_as_utf8() {
        assert_eq!(rfc5987_encode("冬セール.svg"), "%E5%86%AC%E3%82%BB%E3%83%BC%E3%83%AB.svg");
        assert_eq!(rfc5987_encode("a b;\"c'.svg"), "a%20b%3B%22c%27.svg");
    }

    #[test]
    fn headers_name_the_file_twice() {
        let headers = attachment_headers("image/svg+xml", "春 バナー.svg", "banner-1.svg");
        assert_eq!(headers["content-disposition"], "attachment; filename=\"banner-1.svg\"; filename*=UTF-8''%E6%98%A5%20%E3%83%90%E3%83%8A%E3%83%BC.svg");
        assert_eq!(headers["x-suggested-filename"], "%E6%98%A5%20%E3%83%90%E3%83%8A%E3%83%BC.svg");
        assert_eq!(headers["content-type"], "image/svg+xml");
    }
}
