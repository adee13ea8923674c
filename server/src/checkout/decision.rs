//! The decision (注文確定) of a cart claimed for it: the cart is priced and checked again, then
//! ONE write transaction takes the stock (guarded UPDATEs in variation-id order, so concurrent
//! buyers never oversell and never deadlock), numbers the order, writes its snapshots, uses the
//! coupon and the points and marks the cart ordered. A card is charged after that commit
//! (`card_payment.rs`: the order waits as awaiting_payment, and a retry resumes the same
//! charge). The endpoint, its claim on the cart and its retries are `http/decision.rs`.
use std::collections::BTreeMap;

use super::card_payment::{self, DecisionBody, answer_of};
use crate::cart::coupon_rule;
use crate::cart::line_rules::check_sellable;
use crate::cart::loaded::{self, Loaded};
use crate::cart::open_cart::Open;
use crate::cart::pricing::Priced;
use crate::cart::store;
use crate::cart::{
    COUPON_INVALID_CODE, DELIVERY_DATE_CODE, DELIVERY_DATE_MESSAGE, INCOMPLETE_CODE, OUT_OF_STOCK_CODE, OUT_OF_STOCK_MESSAGE, PAYMENT_UNAVAILABLE_CODE,
    corporate, embroidery, gift,
};
use crate::channel::Channel;
use crate::channel::PaymentKind;
use crate::channel::corporate::DeliveryOption;
use crate::delivery::calendar::iso;
use crate::delivery::delivery_date;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::ids::new_id;
use crate::infra::money::Yen;
use crate::infra::secret::random_hex;
use crate::infra::secret::sha256_hex;
use crate::orders::gift_store::NewGift;
use crate::orders::store::{self as order_store, NewOrder, NewOrderLine, NewOrderShipping};
use crate::payments::store::PaymentMethodRow;
use crate::points::kind::PointKind;
use crate::points::ledger_store as ledger;
use crate::state::AppState;

struct Placed {
    order_id: String,
    guest_token: Option<String>,
}

/// Places the order of the cart `open` (claimed for this decision): checks it again, writes
/// the order in one transaction, then charges a card or sends the confirmation.
pub async fn place(state: &AppState, channel: &Channel, open: &Open, origin: &str) -> ApiResult<DecisionBody> {
    let loaded = open.load(state).await?;
    let method = loaded.payment.clone();
    let priced = loaded.price(&open.settings, method.as_ref().map(loaded::fee_of), open.now);
    for line in &loaded.lines {
        check_sellable(&open.settings, &line.variation, open.now)?;
    }
    gift::check_gift_decidable(&loaded, &open.settings)?;
    let missing = loaded.missing(&open.settings, &priced, open.now);
    if let Some(problem) = loaded.coupon_problem(open.now) {
        return Err(ApiError::rule(COUPON_INVALID_CODE, problem));
    }
    if missing.iter().any(|m| m == "payment_unavailable") {
        return Err(ApiError::rule(PAYMENT_UNAVAILABLE_CODE, "このお支払い方法はご利用いただけません。お支払い方法を変更してください。"));
    }
    if missing.iter().any(|m| m == "packing") {
        return Err(ApiError::rule(
            INCOMPLETE_CODE,
            "のし・ラッピングに対応していない商品があるお届け先に、のし・ラッピングが選ばれています。お届け先ののし・ラッピングを変更してください。",
        ));
    }
    if !missing.is_empty() {
        return Err(ApiError::rule(INCOMPLETE_CODE, format!("ご注文に必要な情報が不足しています（{}）", missing.join(", "))));
    }
    if loaded.delivery_option(&open.settings) == Some(DeliveryOption::Pickup)
        && loaded.shippings.iter().any(|s| s.delivery_date.is_some() || s.delivery_timezone_key.is_some())
    {
        return Err(ApiError::rule(DELIVERY_DATE_CODE, corporate::PICKUP_TAKES_NO_DATE));
    }
    // A date chosen days ago may no longer be deliverable, and an island without date choice
    // takes neither a date nor a time slot.
    // (A gift's date is the recipient's: its shippings have none.)
    for shipping in loaded.shippings.iter().filter(|_| !loaded.is_gift()) {
        if shipping.delivery_date.is_some() || shipping.delivery_timezone_key.is_some() {
            let address = loaded.shipping_address(shipping);
            let address = address.as_ref().map(|a| &a.address);
            let when =
                delivery_date::for_place(&state.db, &channel.id, address.map(|a| a.prefecture.as_str()), address.map(|a| a.postal_code.as_str())).await?;
            match when {
                delivery_date::DeliveryDate::NoDateChoice { reason } => return Err(ApiError::rule(DELIVERY_DATE_CODE, reason)),
                delivery_date::DeliveryDate::Earliest(schedule) => {
                    if shipping.delivery_date.as_ref().is_some_and(|date| *date < iso(schedule.earliest)) {
                        return Err(ApiError::rule(DELIVERY_DATE_CODE, DELIVERY_DATE_MESSAGE));
                    }
                }
            }
        }
    }
    let Some(method) = method else {
        return Err(ApiError::rule(INCOMPLETE_CODE, "お支払い方法を選択してください"));
    };
    let balance = loaded.point_balance.unwrap_or(0);
    if loaded.user.is_some() && priced.use_points > balance {
        return Err(ApiError::field("use_points", format!("保有ポイント（{} ポイント）を超えて利用することはできません", loaded::yen(balance))));
    }

    let desk = desk_facts(state, channel, &method, open.now).await?;
    let placed = write_order(state, open, &loaded, &priced, &method, origin, &desk).await?;

    if method.kind() == Some(PaymentKind::CreditCard) {
        let source = loaded.card_ref.clone().unwrap_or_default();
        let order = order_store::find_order(&state.db.pool, &channel.id, &placed.order_id).await?.ok_or_else(ApiError::not_found)?;
        let answer = card_payment::pay(state, channel, open, order, &source, placed.guest_token).await?;
        notify_shop(state, channel, &placed.order_id);
        return Ok(answer);
    }
    store::update_release_decision(&state.db.pool, &open.cart.id).await?;
    let order = order_store::find_order(&state.db.pool, &channel.id, &placed.order_id).await?.ok_or_else(ApiError::not_found)?;
    card_payment::send_confirmation(state, &open.settings, &order, placed.guest_token.as_deref(), None).await;
    notify_shop(state, channel, &placed.order_id);
    Ok(answer_of(&order, &open.settings, placed.guest_token, None))
}

/// What the order desk needs of a new order that the checkout's transaction should not wait
/// for: the first day the shop can ship (its calendar), and a bank transfer's deadline.
struct DeskFacts {
    ships_on: time::Date,
    payment_due_at: Option<i64>,
}

async fn desk_facts(state: &AppState, channel: &Channel, method: &PaymentMethodRow, now: i64) -> ApiResult<DeskFacts> {
    let ships_on = match delivery_date::for_place(&state.db, &channel.id, None, None).await? {
        delivery_date::DeliveryDate::Earliest(schedule) => schedule.ships_on,
        delivery_date::DeliveryDate::NoDateChoice { .. } => delivery_date::jst(time::OffsetDateTime::now_utc()).date(),
    };
    let payment_due_at = if method.kind() == Some(PaymentKind::BankTransfer) {
        let settings = crate::channel::store::list_settings(&state.db, &channel.id).await?;
        Some(crate::channel::bank_account::due_at_ms(&settings, now))
    } else {
        None
    };
    Ok(DeskFacts { ships_on, payment_due_at })
}

/// 新規注文のお知らせ to the shop, after the answer (a mail never holds the buyer up).
fn notify_shop(state: &AppState, channel: &Channel, order_id: &str) {
    let (state, channel, order_id) = (state.clone(), channel.clone(), order_id.to_owned());
    tokio::spawn(async move { crate::orders::desk::notify_shop(&state, &channel, &order_id).await });
}

/// The one transaction that makes the order.
async fn write_order(
    state: &AppState,
    open: &Open,
    loaded: &Loaded,
    priced: &Priced,
    method: &PaymentMethodRow,
    origin: &str,
    desk: &DeskFacts,
) -> ApiResult<Placed> {
    let now = open.now;
    let cart = &loaded.cart;
    let mut tx = state.db.begin_write().await?;

    // Stock first, in variation-id order (a fixed lock order across buyers).
    let mut wanted: BTreeMap<&str, i64> = BTreeMap::new();
    for line in &loaded.lines {
        *wanted.entry(line.variation.variation_id.as_str()).or_default() += line.quantity;
    }
    for (variation_id, quantity) in &wanted {
        if !crate::catalog::store::stock::update_take_stock(&mut tx, variation_id, *quantity).await? {
            return Err(ApiError::rule(OUT_OF_STOCK_CODE, OUT_OF_STOCK_MESSAGE));
        }
    }

    let number = order_store::next_order_number(&mut tx, &cart.channel_id).await?;
    let order_no = open.settings.order_no(number);
    for (variation_id, quantity) in &wanted {
        crate::catalog::store::stock::record_sale(&mut tx, variation_id, *quantity, &order_no, now).await?;
    }
    let order_id = new_id();
    let guest_token = cart.user_id.is_none().then(|| random_hex(16));
    let orderer = loaded.orderer().unwrap_or_default();
    let orderer_json = serde_json::to_string(&orderer).map_err(anyhow::Error::from)?;
    let by_rate = serde_json::to_string(&priced.amount_by_tax_rate).map_err(anyhow::Error::from)?;
    let kind =
        method.kind().ok_or_else(|| ApiError::rule(PAYMENT_UNAVAILABLE_CODE, "このお支払い方法はご利用いただけません。お支払い方法を変更してください。"))?;
    let status = crate::orders::status::initial_status(kind);
    let coupon = loaded.coupon.as_ref();
    let delivery = loaded.delivery_option(&open.settings);
    let purchase_order_no = loaded.purchase_order_no(&open.settings);
    let earned = if cart.user_id.is_some() { priced.earn_points } else { 0 };
    order_store::insert_order(
        &mut tx,
        &NewOrder {
            id: &order_id,
            channel_id: &cart.channel_id,
            order_no: &order_no,
            cart_id: &cart.id,
            user_id: cart.user_id.as_ref(),
            guest_token_hash: guest_token.as_deref().map(sha256_hex).as_deref(),
            status,
            payment_method_id: &method.id,
            payment_code: &method.code,
            payment_name: &method.name,
            card_masked_number: loaded.card.as_ref().map(|c| c.masked_number.as_str()),
            orderer_json: &orderer_json,
            orderer_email: &orderer.email,
            subtotal: Yen(priced.items_subtotal),
            total_carriage: Yen(priced.total_carriage),
            payment_fee: Yen(priced.payment_fee),
            packing_fee: Yen(priced.packing_fee),
            coupon_discount: Yen(priced.coupon_discount),
            point_discount: Yen(priced.use_points),
            total_payment: Yen(priced.total_payment),
            total_tax: Yen(priced.total_tax),
            amount_by_tax_rate: &by_rate,
            coupon_id: coupon.map(|c| c.id.as_str()),
            coupon_code: coupon.map(|c| c.code.as_str()),
            used_points: priced.use_points,
            earned_points: earned,
            note: &cart.note,
            link_origin: origin,
            delivery_option: delivery.map(|d| d.code()),
            purchase_order_no,
            now,
        },
    )
    .await?;

    // Shippings that hold lines, in order; lines without one go to the first.
    let mut shipping_ids: Vec<(String, String)> = Vec::new();
    for (index, shipping) in loaded.shippings.iter().enumerate() {
        let holds = loaded.lines.iter().any(|l| l.shipping_id.as_deref() == Some(shipping.id.as_str()) || (index == 0 && l.shipping_id.is_none()));
        if !holds {
            continue;
        }
        let order_shipping_id = new_id();
        let wrapping = shipping.wrapping_key.as_deref().and_then(|k| open.settings.wrapping(k));
        let noshi = shipping.noshi_key.as_deref().and_then(|k| open.settings.noshi(k));
        order_store::insert_order_shipping(
            &mut tx,
            &NewOrderShipping {
                id: &order_shipping_id,
                order_id: &order_id,
                position: index as i64 + 1,
                // A gift goes where the recipient says, never to an address the buyer chose.
                // A pick-up (問屋引取り) goes to no address.
                address_json: if loaded.is_gift() || delivery.is_some_and(|d| !d.needs_address()) {
                    "{}"
                } else {
                    shipping.address_json.as_deref().unwrap_or("{}")
                },
                delivery_date: shipping.delivery_date.as_deref(),
                delivery_timezone_key: shipping.delivery_timezone_key.as_deref(),
                delivery_timezone_label: shipping.delivery_timezone_key.as_deref().and_then(delivery_date::timezone_label),
                wrapping_key: wrapping.map(|w| w.key.as_str()),
                wrapping_label: wrapping.map(|w| w.label.as_str()),
                noshi_key: noshi.map(|n| n.key.as_str()),
                noshi_label: noshi.map(|n| n.label.as_str()),
                noshi_name: &shipping.noshi_name,
                carriage: Yen(priced.shipping_carriage.get(index).copied().unwrap_or(0)),
            },
        )
        .await?;
        shipping_ids.push((shipping.id.clone(), order_shipping_id));
    }
    let first_shipping = shipping_ids.first().map(|(_, id)| id.clone()).unwrap_or_default();
    for (index, line) in loaded.lines.iter().enumerate() {
        let shipping_id = line
            .shipping_id
            .as_deref()
            .and_then(|id| shipping_ids.iter().find(|(cart_id, _)| cart_id == id))
            .map_or(first_shipping.as_str(), |(_, order_id)| order_id.as_str());
        order_store::insert_order_line(
            &mut tx,
            &NewOrderLine {
                order_id: &order_id,
                shipping_id,
                position: index as i64 + 1,
                variation: &embroidery::order_variation(line),
                quantity: line.quantity,
                coupon_discount: Yen(priced.line_coupon[index]),
                is_accessory: line.parent_line_id.is_some(),
            },
        )
        .await?;
    }

    if let Some(coupon) = coupon {
        // Under the coupon's lock, so that neither one member's two orders nor two buyers
        // racing for its last use can both pass the counts.
        if cart.user_id.is_some() || coupon.max_uses.is_some() {
            crate::coupons::store::lock_coupon(&mut tx, &coupon.id).await?;
        }
        if let Some(user_id) = cart.user_id.as_ref()
            && crate::coupons::store::count_coupon_uses(&mut *tx, &coupon.id, user_id).await? >= coupon.uses_per_member.max(1)
        {
            return Err(ApiError::rule(COUPON_INVALID_CODE, coupon_rule::COUPON_USED));
        }
        if let Some(max) = coupon.max_uses
            && crate::coupons::store::count_all_coupon_uses(&mut *tx, &coupon.id).await? >= max
        {
            return Err(ApiError::rule(COUPON_INVALID_CODE, coupon_rule::COUPON_EXHAUSTED));
        }
        crate::coupons::store::insert_coupon_use(&mut tx, &order_id, &coupon.id, cart.user_id.as_ref(), now).await?;
    }
    if let Some(user_id) = cart.user_id.as_ref() {
        let entry = |kind: PointKind, points: i64, description: String| ledger::Entry {
            channel_id: &cart.channel_id,
            user_id,
            order_id: Some(&order_id),
            kind,
            points,
            description,
        };
        if priced.use_points > 0 {
            if !ledger::take(&mut tx, user_id, priced.use_points, now).await? {
                return Err(ApiError::field("use_points", "保有ポイントが不足しています"));
            }
            ledger::record(&mut tx, &entry(PointKind::Use, -priced.use_points, format!("ご注文 {order_no} でのご利用")), now).await?;
        }
        // The points the order earns (`earned`, stored on the order) are granted when its
        // last parcel leaves (orders/ship_effects.rs), not now.
    }
    if let Some(receiver_name) = cart.gift_receiver_name.as_deref() {
        let sender = if cart.gift_sender_name.is_empty() { orderer.name() } else { cart.gift_sender_name.clone() };
        let gift = NewGift { channel_id: &cart.channel_id, order_id: &order_id, receiver_name, sender_name: &sender, message: &cart.gift_message };
        crate::orders::gift_store::insert_gift(&mut tx, &gift, now).await?;
    }
    let placed = crate::orders::desk::Placed {
        order_id: &order_id,
        order_no: &order_no,
        kind,
        note: &cart.note,
        is_gift: loaded.is_gift(),
        has_noshi: loaded.shippings.iter().any(|s| s.noshi_key.is_some()),
        shipments: shipping_ids.len(),
        payment_due_at: desk.payment_due_at,
        ships_on: desk.ships_on,
        now,
    };
    crate::orders::desk::on_placed(&mut tx, &cart.channel_id, &placed).await?;
    store::update_cart_ordered(&mut tx, &cart.id, Some(&order_id), None).await?;
    tx.commit().await?;
    Ok(Placed { order_id, guest_token })
}
