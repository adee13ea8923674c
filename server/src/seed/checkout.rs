//! Checkout data of the demo shops: the payment methods each offers and the settings the cart
//! reads (carriage, gift packing, the bank account for transfers, the point rate, the order
//! number prefix). ORDER.SHIPPING.IS_ALLOW_MULTIPLE is set with the shop (demo.rs).
use crate::infra::ids::ChannelId;
use serde_json::{Value, json};

use super::{CORPORATE, DEMO};
use crate::infra::db::Tx;
use crate::payments::fee_rule::FeeRule;
use crate::payments::store::{self as payments_store, MethodChange};

/// (code, name, description, fee, member_only)
type Method = (&'static str, &'static str, &'static str, i64, bool);

const DEMO_METHODS: &[Method] = &[
    ("credit_card", "クレジットカード", "VISA / Mastercard / JCB / American Express / Diners Club がご利用いただけます。", 0, false),
    ("cod", "代金引換", "商品お届け時に配送業者へ現金でお支払いください。手数料はお支払い金額により330円〜1,100円です。", 0, false),
    ("bank_transfer", "銀行振込（前払い）", "ご注文後にお送りする口座へ7日以内にお振込みください。振込手数料はお客様のご負担となります。", 0, false),
];

const CORPORATE_METHODS: &[Method] = &[
    ("bank_transfer", "銀行振込（前払い）", "ご注文後にお送りする口座へ7日以内にお振込みください。", 0, false),
    ("invoice", "請求書払い（後払い）", "月末締め翌月末払い。請求書を郵送いたします。", 0, true),
    ("deferred", "後払い決済サービス", "商品到着後、コンビニ・銀行・郵便局でお支払いいただけます。手数料220円。", 220, true),
];

fn settings(code: &str) -> Vec<(&'static str, Value)> {
    let corporate = code == CORPORATE;
    vec![
        ("ORDER.CARRIAGE", json!({"default": 880, "by_prefecture": {"北海道": 1320, "沖縄県": 1650}, "free_threshold": if corporate { 22000 } else { 11000 }})),
        (
            "ORDER.PACKINGS",
            json!({
                "wrappings": [{"key": "gift", "label": "ギフトラッピング", "price": 330}],
                "noshi": [{"key": "oiwai", "label": "御祝"}, {"key": "orei", "label": "御礼"}, {"key": "uchiiwai", "label": "内祝"}]
            }),
        ),
        (
            "ORDER.BANK_ACCOUNT",
            json!({
                "bank_name": "ライド銀行", "branch_name": "渋谷支店", "account_type": "普通", "account_number": "1234567",
                "account_holder": "カ）ライドパーツ", "due_days": 7
            }),
        ),
        ("POINT.EARN_RATE", json!(if corporate { 0 } else { 1 })),
        ("ORDER.NO_PREFIX", json!(if corporate { "TS" } else { "RP" })),
        // Social gift on the consumer shop: a week for the recipient, batteries (液入り, sent
        // only to a buyer who fits them) excluded.
        (
            "SOCIAL_GIFT",
            json!({
                "is_use": !corporate, "days": 7, "reminder_days": 2, "on_expiry": "cancel",
                "excluded_products": ["GY-12*"], "payment_codes": ["credit_card"], "carriage": null
            }),
        ),
    ]
}

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str) -> anyhow::Result<()> {
    let methods = match code {
        DEMO => DEMO_METHODS,
        CORPORATE => CORPORATE_METHODS,
        // The tenant shops sell to consumers as the demo does.
        _ if super::tenants::find(code).is_some() => DEMO_METHODS,
        _ => &[],
    };
    for (position, (method, name, description, fee, member_only)) in methods.iter().enumerate() {
        let rule = if *method == "cod" { FeeRule::standard_cash_on_delivery() } else { FeeRule::fixed(*fee) };
        let change = MethodChange { name, description, is_enabled: true, member_only: *member_only, rule: &rule };
        payments_store::insert_method(tx, channel_id, method, &change, position as i64 + 1).await?;
    }
    for (key, value) in settings(code) {
        // A key the shop definition already set wins.
        sqlx::query("INSERT INTO channel_settings (channel_id, setting_key, setting_value) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(channel_id)
            .bind(key)
            .bind(value.to_string())
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The payment methods a shop made by `shop channel create` starts with: card payment (offered
/// once a gateway serves the shop) and cash on delivery, enabled; bank transfer disabled until
/// the owner has given the account its customers pay into.
pub async fn insert_new_shop_methods(tx: &mut Tx, channel_id: &ChannelId) -> anyhow::Result<()> {
    let cod = FeeRule::standard_cash_on_delivery();
    let none = FeeRule::fixed(0);
    let methods: [(&str, MethodChange<'_>); 3] = [
        (
            "credit_card",
            MethodChange {
                name: "クレジットカード",
                description: "VISA / Mastercard / JCB / American Express / Diners Club がご利用いただけます。",
                is_enabled: true,
                member_only: false,
                rule: &none,
            },
        ),
        (
            "cod",
            MethodChange {
                name: "代金引換",
                description: "商品お届け時に配送業者へ現金でお支払いください。",
                is_enabled: true,
                member_only: false,
                rule: &cod,
            },
        ),
        (
            "bank_transfer",
            MethodChange {
                name: "銀行振込（前払い）",
                description: "ご注文後にお送りする口座へ7日以内にお振込みください。振込手数料はお客様のご負担となります。",
                is_enabled: false,
                member_only: false,
                rule: &none,
            },
        ),
    ];
    for (position, (code, change)) in methods.iter().enumerate() {
        payments_store::insert_method(tx, channel_id, code, change, position as i64 + 1).await?;
    }
    Ok(())
}
