//! Social gift (ソーシャルギフト, issue 15; spec 000 §2, §7, 001 §1–§7): the buyer pays, and the
//! recipient, who gets a link, chooses the address and the delivery date.
//!
//! The `social_gifts` table, a gift's states and what an order answer shows of its gift are
//! the orders' (`orders/gift_store.rs`, `gift_state.rs`, `gift_view.rs`): every order answer
//! shows its gift, and the orders sit a floor below. This feature is the gift's flows. The
//! cart side (a cart that is a gift) is `cart/gift.rs`;
//! the decision makes the gift with its order and the payment issues its link (`link.rs`).
//! The recipient's side: `recipient.rs` (opening a link, the checks, the registration) and
//! `http.rs`; what each side sees: `view.rs` (the sender never sees the address); the
//! deadlines: `expiry.rs`; the rules of the shop's setting: `channel/gift_settings.rs`; mails: `mails.rs`.
pub mod expiry;
pub mod http;
pub mod link;
pub mod mails;
pub mod recipient;
pub mod view;

pub use http::routes;

pub const NOT_WAITING_CODE: &str = "social_gift.not_waiting";
pub const NOT_WAITING_MESSAGE: &str = "このギフトはお届け先の登録待ちではないため、URLを再発行できません。";
