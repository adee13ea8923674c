//! Social login (spec 000 §7): a generic OAuth 2.0 / OpenID Connect client for the providers
//! configured in `SHOP_OAUTH_PROVIDERS` (never in channel settings: those are public). The
//! redirect step keeps a single-use state (hashed) with its PKCE verifier; the callback checks
//! it against the browser's cookie, exchanges the code, reads the provider's userinfo and logs
//! the linked member in through the members feature's session — or creates a member for a new
//! identity, but never links an existing account by e-mail alone (READING-NOTES).
pub mod http;
pub mod landing;
pub mod provider;
pub mod store;

pub use http::routes;
pub use provider::Providers;
