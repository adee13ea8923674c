//! Where a landing page may send the browser: only a path of this same site. No scheme, no
//! host, nothing a browser could read as another host (`//evil`, `/\evil`, or one with a
//! tab or line break that browsers strip). Checked when a redirect is stored and again
//! when it is served, so a row written around the store (an import, a hand edit) can never
//! become an open redirect.

/// Longest redirect target kept; real paths are far shorter.
const MAX_LEN: usize = 2000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameSitePath(String);

impl SameSitePath {
    /// `None` for anything but `/` followed by a path without a host part. Only visible
    /// ASCII is allowed (Japanese paths are stored percent-encoded), which also keeps the
    /// value a valid HTTP header.
    pub fn parse(text: &str) -> Option<SameSitePath> {
        let rest = text.strip_prefix('/')?;
        let safe = text.len() <= MAX_LEN && !rest.starts_with('/') && !text.contains('\\') && text.bytes().all(|b| b.is_ascii_graphic());
        safe.then(|| SameSitePath(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_paths_are_accepted() {
        for path in ["/", "/news", "/product?category=bike&child=1", "/lp/winter#coupon", "/blog/%E5%86%AC"] {
            assert_eq!(SameSitePath::parse(path).map(|p| p.as_str().to_owned()).as_deref(), Some(path));
        }
    }

    #[test]
    fn anything_that_could_leave_the_site_is_refused() {
        for target in [
            "https://evil.example/",
            "//evil.example",
            "///evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "news",
            "",
            "javascript:alert(1)",
            "/ space",
            "/冬",
            "/a\r\nSet-Cookie: x=1",
        ] {
            assert_eq!(SameSitePath::parse(target), None, "{target:?}");
        }
        assert_eq!(SameSitePath::parse(&format!("/{}", "a".repeat(MAX_LEN))), None, "too long");
    }
}
