//! The storefront's Content-Security-Policy, and the only third-party origins one shop's pages
//! may add to it: its card gateway's tokeniser (the card form posts there), when the shop
//! turned analytics on, Google Tag Manager with the GA4 endpoints it talks to, and when it checks
//! its forms with reCAPTCHA, Google's reCAPTCHA script and frames (or the stand-in that replaces
//! them in the journeys).

/// No inline script: the SPA's index.html loads only its own bundles.
pub const STOREFRONT: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
     base-uri 'self'; form-action 'self'; object-src 'none'";

/// Tag Manager's script, and where it and GA4 send beacons and pixels (Google's CSP guide for
/// GA4 with Tag Manager).
const TAG_MANAGER_SCRIPT: &str = "https://www.googletagmanager.com";
const TAG_MANAGER_CONNECT: &str = "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com";
const TAG_MANAGER_IMG: &str = "https://*.google-analytics.com https://*.googletagmanager.com";

/// reCAPTCHA's script and frames, as Google's reCAPTCHA FAQ lists them for a CSP ("How to use
/// reCAPTCHA with a content security policy"): paths, so nothing else of google.com may run.
const RECAPTCHA_GOOGLE_SCRIPT: &str = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
const RECAPTCHA_GOOGLE_FRAME: &str = "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";

/// What one page adds to [`STOREFRONT`]; put into the response's extensions by the page's
/// handler and turned into the header by the security-headers middleware.
#[derive(Debug, Clone, Default)]
pub struct PageCsp {
    script: Vec<String>,
    connect: Vec<String>,
    img: Vec<String>,
    frame: Vec<String>,
}

impl PageCsp {
    /// The card form sends the card with fetch to this origin: no gateway script or frame.
    pub fn allow_tokeniser(&mut self, origin: String) {
        self.connect.push(origin);
    }

    pub fn allow_tag_manager(&mut self) {
        self.script.push(TAG_MANAGER_SCRIPT.to_owned());
        self.connect.push(TAG_MANAGER_CONNECT.to_owned());
        self.img.push(TAG_MANAGER_IMG.to_owned());
    }

    /// The reCAPTCHA script the forms load (`script_url`, the server's setting) and the frames it
    /// opens: Google's documented hosts for Google's script, and for any other (the journeys'
    /// stand-in) that script's own origin.
    pub fn allow_recaptcha(&mut self, script_url: &str) {
        let Ok(url) = reqwest::Url::parse(script_url) else {
            tracing::warn!(script_url, "the reCAPTCHA script URL is no URL; the page allows no reCAPTCHA");
            return;
        };
        if url.host_str() == Some("www.google.com") && url.scheme() == "https" {
            self.script.push(RECAPTCHA_GOOGLE_SCRIPT.to_owned());
            self.frame.push(RECAPTCHA_GOOGLE_FRAME.to_owned());
        } else {
            let origin = url.origin().ascii_serialization();
            self.script.push(origin.clone());
            self.frame.push(origin);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.script.is_empty() && self.connect.is_empty() && self.img.is_empty() && self.frame.is_empty()
    }

    pub fn policy(&self) -> String {
        let add = |policy: String, directive: &str, origins: &[String]| {
            if origins.is_empty() {
                return policy;
            }
            policy.replacen(&format!("{directive} 'self'"), &format!("{directive} 'self' {}", origins.join(" ")), 1)
        };
        let policy = add(STOREFRONT.to_owned(), "script-src", &self.script);
        let policy = add(policy, "connect-src", &self.connect);
        let policy = add(policy, "img-src", &self.img);
        // No frame-src in the base policy: frames fall back to default-src 'self' until a page
        // names its frames, and then 'self' stays allowed beside them.
        if self.frame.is_empty() { policy } else { format!("{policy}; frame-src 'self' {}", self.frame.join(" ")) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_without_additions_keeps_the_storefront_policy() {
        assert_eq!(PageCsp::default().policy(), STOREFRONT);
    }

    #[test]
    fn the_tokeniser_joins_connect_src_only() {
        let mut csp = PageCsp::default();
        csp.allow_tokeniser("https://api.stripe.com".into());
        let policy = csp.policy();
        assert!(policy.contains("connect-src 'self' https://api.stripe.com;"), "{policy}");
        assert!(policy.contains("script-src 'self';"), "{policy}");
    }

    #[test]
    fn tag_manager_may_run_its_script_and_send_beacons() {
        let mut csp = PageCsp::default();
        csp.allow_tag_manager();
        csp.allow_tokeniser("https://gw.example".into());
        let policy = csp.policy();
        assert!(policy.contains("script-src 'self' https://www.googletagmanager.com;"), "{policy}");
        assert!(
            policy.contains(
                "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://gw.example;"
            ),
            "{policy}"
        );
        assert!(policy.contains("img-src 'self' https://*.google-analytics.com https://*.googletagmanager.com data: blob:;"), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    }

    #[test]
    fn recaptcha_from_google_gets_exactly_the_hosts_google_lists() {
        let mut csp = PageCsp::default();
        csp.allow_recaptcha("https://www.google.com/recaptcha/api.js");
        let policy = csp.policy();
        assert!(policy.contains("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;"), "{policy}");
        assert!(policy.ends_with("; frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/"), "{policy}");
        assert!(policy.contains("connect-src 'self';"), "reCAPTCHA v3 needs no connect-src: {policy}");
    }

    #[test]
    fn a_stand_in_script_is_allowed_by_its_origin_and_a_bad_url_adds_nothing() {
        let mut csp = PageCsp::default();
        csp.allow_recaptcha("http://127.0.0.1:18081/recaptcha/api.js");
        let policy = csp.policy();
        assert!(policy.contains("script-src 'self' http://127.0.0.1:18081;"), "{policy}");
        assert!(policy.ends_with("; frame-src 'self' http://127.0.0.1:18081"), "{policy}");
        let mut bad = PageCsp::default();
        bad.allow_recaptcha("not a url");
        assert!(bad.is_empty());
        assert_eq!(bad.policy(), STOREFRONT);
    }
}
