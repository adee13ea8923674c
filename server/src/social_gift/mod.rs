//! Social gift (ソーシャルギフト, issue 15; spec 000 §2, §7, 001 §1–§7): the buyer pays, and the
//! recipient, who gets a link, chooses the address and the delivery date.
//!
//! Owns `social_gifts` (`store.rs`). The cart side (a cart that is a gift) is `cart/gift.rs`;
//! the decision makes the gift with its order and the payment issues its link (`link.rs`).
//! The recipient's side: `recipient.rs` (opening a link, the checks, the registration) and
//! `http.rs`; what each side sees: `view.rs` (the sender never sees the address); the
//! deadlines: `expiry.rs`; the rules of the shop's setting: `settings.rs`; mails: `mails.rs`.
pub mod expiry;
pub mod http;
pub mod link;
pub mod mails;
pub mod recipient;
pub mod settings;
pub mod state;
pub mod store;
pub mod view;

pub use http::routes;

/// What the sender's answers say of `order`'s gift (None: no gift).
pub async fn order_gift(db: &crate::infra::db::Db, order: &crate::orders::store::OrderRow) -> sqlx::Result<Option<view::OrderGift>> {
    let Some(gift) = store::find_gift_by_order(&db.pool, &order.id).await? else { return Ok(None) };
    let shipping = crate::orders::store::list_shippings(db, std::slice::from_ref(&order.id)).await?.into_iter().next();
    let cancelled = order.status == crate::orders::status::Status::Cancelled.code();
    Ok(Some(view::order_gift(&gift, cancelled, shipping.as_ref())))
}

pub const NOT_WAITING_CODE: &str = "social_gift.not_waiting";
pub const NOT_WAITING_MESSAGE: &str = "このギフトはお届け先の登録待ちではないため、URLを再発行できません。";
