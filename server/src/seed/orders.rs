//! Two past orders of the demo shop's member, so /mypage/order_history has something real to
//! show: one delivered a month ago (not cancellable; its receipt can be downloaded) and one
//! accepted two days ago (cash on delivery, still cancellable). Lines come from the demo
//! catalogue with one reduced-rate (8%) item; names, prices, tax rates and the address are
//! snapshots as the decision writes them. The points they earned are in the member's balance
//! and history, as the decision would have put them.
//!
//! The SQL is here rather than in a feature store: placing orders is the cart's decision
//! (cart::store), which these rows imitate.
use crate::infra::ids::{ChannelId, UserId};
use crate::points::kind::PointKind;
use serde_json::json;

use super::DEMO;
use crate::infra::db::Tx;
use crate::infra::ids::new_id;
use crate::orders::status::Status;
use crate::points::ledger_store as ledger;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

struct SeedLine {
    /// Product code in the demo catalogue.
    code: &'static str,
    quantity: i64,
}

struct SeedOrder {
    number: i64,
    status: Status,
    days_ago: i64,
    lines: &'static [SeedLine],
    delivery_date_offset: Option<i64>,
    timezone: Option<(&'static str, &'static str)>,
}

const ORDERS: [SeedOrder; 2] = [
    SeedOrder {
        number: 1,
        status: Status::Delivered,
        days_ago: 32,
        // LEDヘッドライトバルブ H4 Hi/Lo 6000K (10%) and six エナジージェル レモン味 (8%).
        lines: &[SeedLine { code: "DT-99501", quantity: 1 }, SeedLine { code: "RF-GL01", quantity: 6 }],
        delivery_date_offset: Some(3),
        timezone: Some(("am", "午前中")),
    },
    SeedOrder {
        number: 2,
        status: Status::Accepted,
        days_ago: 2,
        // LEDウインカーバルブ S25 シングル アンバー 2個入 ×2.
        lines: &[SeedLine { code: "KT-80001", quantity: 2 }],
        delivery_date_offset: None,
        timezone: None,
    },
];

#[derive(sqlx::FromRow)]
struct Variation {
    variation_id: String,
    product_key: String,
    variation_key: String,
    code: String,
    name: String,
    variation_name: String,
    price: i64,
    tax_rate: i64,
}

async fn variation(tx: &mut Tx, channel_id: &ChannelId, code: &str) -> anyhow::Result<Variation> {
    let found: Option<Variation> = sqlx::query_as(
        "SELECT v.id AS variation_id, p.product_key, v.variation_key, p.code, p.name, v.name AS variation_name, v.price, p.tax_rate \
         FROM products p JOIN product_variations v ON v.product_id = p.id \
         WHERE p.channel_id = $1 AND p.code = $2 ORDER BY v.position LIMIT 1",
    )
    .bind(channel_id)
    .bind(code)
    .fetch_optional(&mut **tx)
    .await?;
    found.ok_or_else(|| anyhow::anyhow!("the demo catalogue has no product {code}"))
}

/// The demo's COD fee for a total before the fee: the tiers its COD row is seeded with.
fn cod_fee(total: i64) -> i64 {
    crate::payments::fee_rule::FeeRule::standard_cash_on_delivery().fee_for(total).unwrap_or(1_100)
}

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, shop: &str, now: i64) -> anyhow::Result<()> {
    if shop != DEMO {
        return Ok(());
    }
    let prefix: String =
        sqlx::query_scalar::<_, String>("SELECT setting_value FROM channel_settings WHERE channel_id = $1 AND setting_key = 'ORDER.NO_PREFIX'")
            .bind(channel_id)
            .fetch_optional(&mut **tx)
            .await?
            .and_then(|raw| serde_json::from_str(&raw).ok())
            .unwrap_or_default();
    let orderer = json!({
        "last_name": "山田", "first_name": "太郎", "last_name_kana": "ヤマダ", "first_name_kana": "タロウ",
        "email": "member@example.com", "postal_code": "1500001", "prefecture": "東京都", "city": "渋谷区",
        "address1": "神宮前1-2-3", "address2": "ライドマンション101", "phone_number": "03-1234-5678", "company_name": ""
    });
    let address = json!({
        "shipping_last_name": "山田", "shipping_first_name": "太郎",
        "shipping_last_name_kana": "ヤマダ", "shipping_first_name_kana": "タロウ",
        "postal_code": "1500001", "prefecture": "東京都", "city": "渋谷区", "address1": "神宮前1-2-3",
        "address2": "ライドマンション101", "phone_number": "03-1234-5678"
    });
    let mut earned_total = 0;
    for seed in &ORDERS {
        let mut lines = Vec::new();
        for line in seed.lines {
            lines.push((variation(tx, channel_id, line.code).await?, line.quantity));
        }
        let items = |rate: i64| lines.iter().filter(|(v, _)| v.tax_rate == rate).map(|(v, q)| v.price * q).sum::<i64>();
        let (items_8, items_10) = (items(8), items(10));
        let subtotal = items_8 + items_10;
        let carriage = if subtotal >= 11_000 { 0 } else { 880 };
        let fee = cod_fee(subtotal + carriage);
        let amount_10 = items_10 + carriage + fee;
        let mut by_rate = Vec::new();
        if items_8 > 0 {
            by_rate.push(json!({ "tax_rate": 8, "amount": items_8, "tax": items_8 * 8 / 108 }));
        }
        by_rate.push(json!({ "tax_rate": 10, "amount": amount_10, "tax": amount_10 * 10 / 110 }));
        let total_tax = items_8 * 8 / 108 + amount_10 * 10 / 110;
        let total = items_8 + amount_10;
        let earned = subtotal / 100;
        earned_total += earned;
        let ordered_at = now - seed.days_ago * DAY_MS;
        let order_id = new_id();
        let order_no = format!("{prefix}{:08}", seed.number);
        sqlx::query(
            "INSERT INTO orders (id, channel_id, order_no, cart_id, user_id, status, payment_method_id, payment_code, payment_name, \
               orderer_json, orderer_email, subtotal, total_carriage, payment_fee, packing_fee, coupon_discount, point_discount, \
               total_payment, total_tax, amount_by_tax_rate, used_points, earned_points, note, ordered_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM payment_methods WHERE channel_id = $2 AND code = 'cod'), 'cod', '代金引換', \
               $7, 'member@example.com', $8, $9, $10, 0, 0, 0, $11, $12, $13, 0, $14, '', $15, $15)",
        )
        .bind(&order_id)
        .bind(channel_id)
        .bind(&order_no)
        .bind(new_id())
        .bind(user_id)
        .bind(seed.status.code())
        .bind(orderer.to_string())
        .bind(subtotal)
        .bind(carriage)
        .bind(fee)
        .bind(total)
        .bind(total_tax)
        .bind(serde_json::Value::Array(by_rate).to_string())
        .bind(earned)
        .bind(ordered_at)
        .execute(&mut **tx)
        .await?;
        let shipping_id = new_id();
        let delivery_date = seed.delivery_date_offset.map(|days| {
            let jst = time::UtcOffset::from_hms(9, 0, 0).expect("valid offset");
            let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ordered_at + days * DAY_MS) * 1_000_000)
                .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
                .to_offset(jst)
                .date();
            format!("{:04}-{:02}-{:02}", at.year(), u8::from(at.month()), at.day())
        });
        sqlx::query(
            "INSERT INTO order_shippings (id, order_id, position, address_json, delivery_date, delivery_timezone_key, delivery_timezone_label, noshi_name, carriage) \
             VALUES ($1, $2, 1, $3, $4, $5, $6, '', $7)",
        )
        .bind(&shipping_id)
        .bind(&order_id)
        .bind(address.to_string())
        .bind(delivery_date.clone())
        .bind(seed.timezone.map(|(key, _)| key))
        .bind(seed.timezone.map(|(_, label)| label))
        .bind(carriage)
        .execute(&mut **tx)
        .await?;
        // The order desk's axes (orders::axes) for the two seeded states: a 代引 order delivered
        // and paid, or just accepted.
        let delivered = seed.status == Status::Delivered;
        sqlx::query("UPDATE orders SET payment_state = $1, lifecycle = $2, ship_progress = $3, paid_amount = $4, handled_at = $5 WHERE id = $6")
            .bind(if delivered { "collected" } else { "to_bill" })
            .bind(if delivered { "closed" } else { "open" })
            .bind(if delivered { "delivered" } else { "none" })
            .bind(if delivered { total } else { 0 })
            .bind(delivered.then_some(ordered_at))
            .bind(&order_id)
            .execute(&mut **tx)
            .await?;
        sqlx::query("UPDATE order_shippings SET channel_id = $1, shipment_code = $2, ship_state = $3, ship_planned_on = $4 WHERE id = $5")
            .bind(channel_id)
            .bind(format!("{order_no}-1"))
            .bind(if delivered { "delivered" } else { "unshipped" })
            .bind(delivery_date.clone())
            .bind(&shipping_id)
            .execute(&mut **tx)
            .await?;
        sqlx::query("INSERT INTO order_events (id, channel_id, order_id, at, kind, detail) VALUES ($1, $2, $3, $4, 'placed', '')")
            .bind(new_id())
            .bind(channel_id)
            .bind(&order_id)
            .bind(ordered_at)
            .execute(&mut **tx)
            .await?;
        for (position, (v, quantity)) in lines.iter().enumerate() {
            sqlx::query(
                "INSERT INTO order_lines (id, order_id, shipping_id, position, variation_id, product_key, variation_key, code, product_name, \
                   variation_name, unit_price, quantity, tax_rate) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .bind(new_id())
            .bind(&order_id)
            .bind(&shipping_id)
            .bind(position as i64 + 1)
            .bind(&v.variation_id)
            .bind(&v.product_key)
            .bind(&v.variation_key)
            .bind(&v.code)
            .bind(&v.name)
            .bind(&v.variation_name)
            .bind(v.price)
            .bind(*quantity)
            .bind(v.tax_rate)
            .execute(&mut **tx)
            .await?;
        }
        let entry = ledger::Entry {
            channel_id,
            user_id,
            order_id: Some(&order_id),
            kind: PointKind::Earn,
            points: earned,
            description: format!("ご注文 {order_no} の獲得ポイント"),
        };
        ledger::record(tx, &entry, ordered_at).await?;
    }
    // Added to whatever balance the member has (the points seed may have granted some).
    ledger::add(tx, channel_id, user_id, earned_total, now).await?;
    // The decision numbers the next order after these.
    let last = ORDERS.iter().map(|o| o.number).max().unwrap_or(0);
    sqlx::query(
        "INSERT INTO order_numbers (channel_id, last_number) VALUES ($1, $2) \
         ON CONFLICT (channel_id) DO UPDATE SET last_number = CASE WHEN order_numbers.last_number < excluded.last_number \
           THEN excluded.last_number ELSE order_numbers.last_number END",
    )
    .bind(channel_id)
    .bind(last)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::cod_fee;

    #[test]
    fn the_cod_fee_follows_the_contracts_tiers() {
        assert_eq!(cod_fee(6_840), 330);
        assert_eq!(cod_fee(11_276), 440);
        assert_eq!(cod_fee(10_000), 330);
        assert_eq!(cod_fee(30_001), 660);
    }
}
