//! Members (issue 4): registration, password login with the mailed-code step (MFA, first
//! verification), rotating refresh tokens in an httpOnly cookie, logout, lockout with a
//! mailed unlock link, rate limits, password and username reminders, e-mail verification,
//! login sync from a sibling channel, the profile, password change, login history and leaving.
//! Social login is added beside this (it reuses [`session_start::start_session`]).
//!
//! Rules live in their own files (lockout, one_time_code, refresh, rate_limit, login,
//! security_answer, profile, email_change), SQL in `store.rs` (`users`) and `session_store.rs`
//! (refresh tokens, one-time secrets, login history, failed logins), handlers in `http/`. What
//! other features also use has its own module: `session_start` (logging in), `links` (mailed links),
//! `mailed_secret` (issuing codes and link tokens), `mails` (texts and sending).
pub mod address;
pub mod business;
pub mod desk;
pub mod desk_store;
pub mod email_change;
pub mod http;
pub mod leaving;
pub mod links;
pub mod lockout;
pub mod login;
pub mod mailed_secret;
pub mod mails;
pub mod one_time_code;
pub mod profile;
pub mod refresh;
pub mod security_answer;
pub mod session_start;
pub mod session_store;
pub mod store;

pub use http::routes;

pub const EMAIL_TAKEN: &str = "このメールアドレスは既に登録されています。";
pub const USERNAME_TAKEN: &str = "このログインIDは既に使用されています。";
pub const LINK_INVALID_MESSAGE: &str = "リンクが無効か期限切れです";
