//! What an order answer shows of its social gift: the receiver, the state, and once the
//! recipient accepted, the prefecture and date only (never the recipient's address).
use serde::Serialize;

use super::gift_state::{GiftState, ShownState};
use super::gift_store::GiftRow;
use super::store::{OrderRow, ShippingRow};
use crate::infra::db::Db;
use crate::infra::time::Timestamp;

/// The order status the sender sees while a paid gift waits for its recipient (the stored
/// status stays `paid`; the recipient's registration moves it to `preparing`).
pub const AWAITING_RECIPIENT_CODE: &str = "awaiting_recipient";
pub const AWAITING_RECIPIENT_LABEL: &str = "受取人入力待ち";

/// What the sender's order answer says of its gift.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrderGift {
    pub receiver_name: String,
    pub sender_name: String,
    pub message: String,
    /// waiting | accepted | expired | cancelled.
    pub state: String,
    /// 受取人入力待ち / お届け先登録済み / 受け取り期限切れ / 取り消し.
    pub state_label: String,
    /// The recipient's deadline (null until the payment issued the link).
    pub expires_at: Option<Timestamp>,
    /// Once accepted: the prefecture only.
    pub prefecture: Option<String>,
    pub delivery_date: Option<String>,
    pub delivery_timezone_label: Option<String>,
}

/// What the sender's answers say of `order`'s gift (None: no gift).
pub async fn order_gift_of(db: &Db, order: &OrderRow) -> sqlx::Result<Option<OrderGift>> {
    let Some(gift) = super::gift_store::find_gift_by_order(&db.pool, &order.id).await? else { return Ok(None) };
    let shipping = super::store::list_shippings(db, std::slice::from_ref(&order.id)).await?.into_iter().next();
    let cancelled = order.status == super::status::Status::Cancelled.code();
    Ok(Some(order_gift(&gift, cancelled, shipping.as_ref())))
}

pub fn state_of(gift: &GiftRow) -> GiftState {
    // The schema's CHECK admits only known states.
    GiftState::parse(&gift.state).unwrap_or(GiftState::Waiting)
}

/// The gift on the sender's order. `shipping`: the gift's shipping (its date, once chosen).
pub fn order_gift(gift: &GiftRow, order_cancelled: bool, shipping: Option<&ShippingRow>) -> OrderGift {
    let shown = ShownState::of(state_of(gift), order_cancelled);
    let accepted = state_of(gift) == GiftState::Accepted;
    OrderGift {
        receiver_name: gift.receiver_name.clone(),
        sender_name: gift.sender_name.clone(),
        message: gift.message.clone(),
        state: shown.as_str().to_owned(),
        state_label: shown.label().to_owned(),
        expires_at: gift.expires_at.map(Timestamp),
        prefecture: if accepted { gift.prefecture.clone() } else { None },
        delivery_date: if accepted { shipping.and_then(|s| s.delivery_date.clone()) } else { None },
        delivery_timezone_label: if accepted { shipping.and_then(|s| s.delivery_timezone_label.clone()) } else { None },
    }
}
