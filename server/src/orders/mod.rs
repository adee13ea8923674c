//! A member's orders after checkout (spec 001 §2–§9): the history with its search and the
//! total paid, one order, cancelling it (stock, coupon and points back, card refunded, mail),
//! the receipt (領収書) with addressee and 但し書き and the quotation (御見積書) as PDF, the
//! member's memo on an order; and for guests the receipt through order number plus the random
//! `t` of their order (only its SHA-256 is stored; a wrong or missing `t` is a 404).
//!
//! The order JSON is `view.rs`; statuses `status.rs`; the cancel function (also called by the
//! payment notification) `cancel.rs`; receipts and quotations `receipt.rs` over `documents`;
//! bank details from `channel::bank_account`; the PDF download `pdf_response.rs`; SQL `store.rs`; handlers `http.rs`.
pub mod axes;
pub mod bank_statement;
pub mod cancel;
pub mod carriers;
pub mod desk;
pub mod desk_batch;
pub mod desk_bulk;
pub mod desk_documents;
pub mod desk_jobs_store;
pub mod desk_mails;
pub mod desk_store;
pub mod gift_state;
pub mod gift_store;
pub mod gift_view;
pub mod http;
pub mod mails;
pub mod payment_deadlines;
pub mod pdf_response;
pub mod queue;
pub mod receipt;
pub mod refund_rules;
pub mod refund_store;
pub mod refunds;
pub mod ship_effects;
pub mod shipping_files;
pub mod status;
pub mod store;
pub mod timeline;
pub mod view;

pub use http::routes;

pub const RECEIPT_AWAITING_PAYMENT: &str = "お支払いの確認後に発行できます";
pub const RECEIPT_CANCELLED: &str = "キャンセルされたご注文の領収書は発行できません";
/// 422 code of a receipt the order's status does not allow yet (or any more).
pub const RECEIPT_CODE: &str = "orders.receipt.not_issuable";

/// The order JSON (`view::Order`) of order `order_id` of the channel, whoever placed it: the
/// cart's complete page (`GET /v1/carts/order/{order_no}`) answers the same shape. The caller
/// checks who may see it; `store::find_order_by_no` finds the id of an order number.
pub async fn order_json(
    state: &crate::state::AppState,
    channel: &crate::channel::Channel,
    order_id: &str,
) -> crate::infra::error::ApiResult<Option<view::Order>> {
    let Some(row) = store::find_order(&state.db.pool, &channel.id, order_id).await? else { return Ok(None) };
    Ok(orders_answer(state, channel, vec![row]).await?.pop())
}

/// The orders with their shippings, lines, memos and bank details, in the order given.
pub(crate) async fn orders_answer(
    state: &crate::state::AppState,
    channel: &crate::channel::Channel,
    rows: Vec<store::OrderRow>,
) -> crate::infra::error::ApiResult<Vec<view::Order>> {
    let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
    let shippings = store::list_shippings(&state.db, &ids).await?;
    let shipping_ids: Vec<String> = shippings.iter().filter(|s| s.ship_state != "unshipped").map(|s| s.id.clone()).collect();
    let parts = view::Parts {
        tracking: desk_store::list_tracking(&state.db, &shipping_ids).await?,
        shippings,
        lines: store::list_lines(&state.db, &ids).await?,
        memos: store::list_memos(&state.db, &ids).await?,
        gifts: gift_store::list_gifts_of_orders(&state.db, &ids).await?,
        refunds: refund_store::list_refunds(&state.db, &ids).await?,
        refund_lines: refund_store::list_refund_lines(&state.db, &ids).await?,
    };
    let settings = crate::channel::store::list_settings(&state.db, &channel.id).await?;
    Ok(view::assemble(rows, parts, |row| {
        if row.payment_code == "bank_transfer" { crate::channel::bank_account::bank_account(&settings, row.ordered_at) } else { None }
    }))
}

/// The order `no` of this channel when `t` is its guest token; anything else is a 404.
pub async fn find_guest_order(
    state: &crate::state::AppState,
    channel: &crate::channel::Channel,
    no: &str,
    t: Option<&str>,
) -> crate::infra::error::ApiResult<store::OrderRow> {
    match store::find_order_by_no(&state.db.pool, &channel.id, no).await? {
        Some(row) if guest_token_matches(row.guest_token_hash.as_deref(), t) => Ok(row),
        _ => Err(crate::infra::error::ApiError::not_found()),
    }
}

/// Whether the guest's `t` is the one made for the order: its SHA-256 compared with the
/// stored one in constant time. No stored hash (a member's order) never matches.
pub fn guest_token_matches(stored_hash: Option<&str>, t: Option<&str>) -> bool {
    use crate::infra::secret::{same_hash, sha256_hex};
    match (stored_hash, t.map(str::trim)) {
        (Some(stored), Some(t)) if !t.is_empty() && !stored.is_empty() => same_hash(&sha256_hex(t), stored),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::secret::sha256_hex;

    #[test]
    fn only_the_orders_own_t_opens_it() {
        let hash = sha256_hex("0123456789abcdef0123456789abcdef");
        assert!(guest_token_matches(Some(&hash), Some("0123456789abcdef0123456789abcdef")));
        assert!(!guest_token_matches(Some(&hash), Some("0123456789abcdef0123456789abcdee")));
        assert!(!guest_token_matches(Some(&hash), Some("")));
        assert!(!guest_token_matches(Some(&hash), None));
        assert!(!guest_token_matches(None, Some("anything")));
    }
}
