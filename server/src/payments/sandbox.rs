//! The sandbox gateway: an in-process stand-in for a card payment service, with the
//! behaviours a shop must handle. Test card numbers pick the outcome:
//!
//! | number              | outcome                              |
//! |---------------------|--------------------------------------|
//! | 4000 0000 0000 0002 | declined (カードが承認されませんでした) |
//! | 4000 0000 0000 9995 | declined, limit exceeded             |
//! | any other valid one | approved                             |
//!
//! Its books are the `sandbox_*` tables; the shop's own tables never see a card number.
use time::OffsetDateTime;

use super::gateway::{Charge, ChargeRequest, Declined, SavedCard, TokenCard};
pub use super::gateway::{DECLINED_MESSAGE, LIMIT_MESSAGE, TOKEN_GONE_MESSAGE};
use super::sandbox_store::{self as store, NewCharge, NewToken, TokenKind};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;

/// A checkout token is good for this long (like real tokenisers).
pub const TOKEN_LIFETIME_MS: i64 = 30 * 60 * 1000;

/// Where the browser sends card data: this server, standing in for the gateway's endpoint.
pub const TOKENIZE_PATH: &str = "/sandbox-gateway/tokens";

#[derive(Clone)]
pub struct Sandbox {
    db: Db,
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sandbox")
    }
}

/// What the browser sends to the tokeniser.
#[derive(Debug, Clone)]
pub struct CardInput {
    pub number: String,
    pub holder_name: String,
    pub exp_month: u32,
    pub exp_year: i32,
    pub security_code: String,
}

/// What the tokeniser answers the browser (and the browser passes to the shop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedToken {
    pub token: String,
    pub brand: String,
    pub masked_number: String,
    pub expiration: String,
    pub holder_name: String,
}

/// Which field of the card form is wrong, with its Japanese message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFieldError {
    pub field: &'static str,
    pub message: &'static str,
}

impl Sandbox {
    pub fn new(db: Db) -> Sandbox {
        Sandbox { db }
    }

    /// The tokeniser: checks the card like a gateway would and keeps it for 30 minutes.
    pub async fn tokenize(&self, channel_id: &ChannelId, card: &CardInput, now: OffsetDateTime) -> anyhow::Result<Result<IssuedToken, Vec<CardFieldError>>> {
        let digits = match check_card(card, now) {
            Ok(digits) => digits,
            Err(errors) => return Ok(Err(errors)),
        };
        let token = format!("tok_{}", random_hex(16));
        let brand = brand_of(&digits).to_owned();
        let last4 = digits[digits.len() - 4..].to_owned();
        let expiration = format!("{:04}-{:02}", card.exp_year, card.exp_month);
        let created = Timestamp::now().0;
        let holder_name = card.holder_name.trim();
        let new = NewToken {
            token: &token,
            channel_id,
            brand: &brand,
            last4: &last4,
            expiration: &expiration,
            holder_name,
            behaviour: behaviour_of(&digits),
            kind: TokenKind::Once,
            expires_at: created + TOKEN_LIFETIME_MS,
            created_at: created,
        };
        store::insert_token(&self.db.pool, &new).await?;
        Ok(Ok(IssuedToken { token, masked_number: masked(&last4), brand, expiration, holder_name: holder_name.to_owned() }))
    }

    /// The captured charge made under `idempotency_key`, if any.
    pub async fn find_charge(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<Option<Charge>> {
        let existing = store::find_captured_charge(&self.db, channel_id, idempotency_key).await?;
        Ok(existing.map(|(id, last4)| Charge { id, masked_number: masked(&last4) }))
    }

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charge, Declined>> {
        if let Some(charge) = self.find_charge(request.channel_id, request.idempotency_key).await? {
            return Ok(Ok(charge));
        }
        let now = Timestamp::now().0;
        let Some(card) = store::find_usable_token(&self.db, request.channel_id, request.source, now).await? else {
            return Ok(Err(Declined { message: TOKEN_GONE_MESSAGE.to_owned() }));
        };
        match card.behaviour.as_str() {
            "decline" => return Ok(Err(Declined { message: DECLINED_MESSAGE.to_owned() })),
            "insufficient" => return Ok(Err(Declined { message: LIMIT_MESSAGE.to_owned() })),
            _ => {}
        }
        let id = format!("ch_{}", random_hex(12));
        store::forget_refunded_charge(&self.db, request.idempotency_key).await?;
        let charge = NewCharge {
            id: &id,
            channel_id: request.channel_id,
            token: request.source,
            amount: request.amount,
            idempotency_key: request.idempotency_key,
            created_at: now,
        };
        store::insert_captured_charge(&self.db, &charge).await?;
        if card.is_once() {
            store::mark_token_used(&self.db.pool, request.source, now).await?;
        }
        Ok(Ok(Charge { id, masked_number: masked(&card.last4) }))
    }

    /// Brand and masked number of a one-off token this gateway issued for the channel.
    pub async fn find_token_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Option<TokenCard>> {
        let found = store::find_token_brand(&self.db, channel_id, token).await?;
        Ok(found.map(|(brand, last4)| TokenCard { brand, masked_number: masked(&last4) }))
    }

    pub async fn refund(&self, channel_id: &ChannelId, charge_id: &str) -> anyhow::Result<()> {
        store::mark_charge_refunded(&self.db, channel_id, charge_id).await?;
        Ok(())
    }

    pub async fn save_card(&self, channel_id: &ChannelId, token: &str) -> anyhow::Result<Result<SavedCard, Declined>> {
        let now = Timestamp::now().0;
        let Some(card) = store::find_usable_token(&self.db, channel_id, token, now).await? else {
            return Ok(Err(Declined { message: TOKEN_GONE_MESSAGE.to_owned() }));
        };
        if !card.is_once() {
            return Ok(Err(Declined { message: TOKEN_GONE_MESSAGE.to_owned() }));
        }
        let card_ref = format!("card_{}", random_hex(16));
        let saved = NewToken {
            token: &card_ref,
            channel_id,
            brand: &card.brand,
            last4: &card.last4,
            expiration: &card.expiration,
            holder_name: &card.holder_name,
            behaviour: &card.behaviour,
            kind: TokenKind::Saved,
            expires_at: i64::MAX,
            created_at: now,
        };
        let mut tx = self.db.begin_write().await?;
        store::mark_token_used(&mut *tx, token, now).await?;
        store::insert_token(&mut *tx, &saved).await?;
        tx.commit().await?;
        Ok(Ok(SavedCard { card_ref, brand: card.brand, masked_number: masked(&card.last4), expiration: card.expiration, holder_name: card.holder_name }))
    }

    pub async fn forget_card(&self, channel_id: &ChannelId, card_ref: &str) -> anyhow::Result<()> {
        store::delete_saved_card(&self.db, channel_id, card_ref).await?;
        Ok(())
    }
}

/// A card the sandbox keeps for a member, written straight into its books (the demo seed's
/// saved card: its test number approves). Returns the card reference.
pub async fn insert_saved_card(
    tx: &mut crate::infra::db::Tx,
    channel_id: &ChannelId,
    last4: &str,
    expiration: &str,
    holder_name: &str,
    now: i64,
) -> anyhow::Result<SavedCard> {
    let card_ref = format!("card_{}", random_hex(16));
    let brand = "VISA";
    let saved = NewToken {
        token: &card_ref,
        channel_id,
        brand,
        last4,
        expiration,
        holder_name,
        behaviour: "approve",
        kind: TokenKind::Saved,
        expires_at: i64::MAX,
        created_at: now,
    };
    store::insert_token(&mut **tx, &saved).await?;
    Ok(SavedCard { card_ref, brand: brand.into(), masked_number: masked(last4), expiration: expiration.into(), holder_name: holder_name.into() })
}

pub fn masked(last4: &str) -> String {
    format!("************{last4}")
}

/// The card form's checks, as a gateway's tokeniser makes them.
pub fn check_card(card: &CardInput, now: OffsetDateTime) -> Result<String, Vec<CardFieldError>> {
    let mut errors = Vec::new();
    let digits: String = card.number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if !(14..=16).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn_ok(&digits) {
        errors.push(CardFieldError { field: "number", message: "カード番号が正しくありません。" });
    }
    let holder = card.holder_name.trim();
    if holder.is_empty() || holder.len() > 45 || !holder.chars().all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '.' || c == '-') {
        errors.push(CardFieldError { field: "holder_name", message: "カード名義はローマ字で入力してください。" });
    }
    let this_month = now.year() * 12 + i32::from(u8::from(now.month()));
    let expiry = card.exp_year * 12 + card.exp_month as i32;
    if !(1..=12).contains(&card.exp_month) || expiry < this_month || card.exp_year > now.year() + 20 {
        errors.push(CardFieldError { field: "expiration", message: "有効期限が正しくありません。" });
    }
    let code = card.security_code.trim();
    if !(3..=4).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_digit()) {
        errors
            .push(CardFieldError { field: "security_code", message: "セキュリティコードは3桁または4桁の数字で入力してください。" });
    }
    if errors.is_empty() { Ok(digits) } else { Err(errors) }
}

fn luhn_ok(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

pub fn brand_of(digits: &str) -> &'static str {
    let two: u32 = digits.get(..2).and_then(|p| p.parse().ok()).unwrap_or(0);
    let four: u32 = digits.get(..4).and_then(|p| p.parse().ok()).unwrap_or(0);
    match () {
        _ if digits.starts_with('4') => "VISA",
        _ if (51..=55).contains(&two) || (2221..=2720).contains(&four) => "MASTER",
        _ if two == 35 => "JCB",
        _ if two == 34 || two == 37 => "AMEX",
        _ if two == 36 || two == 30 || two == 38 => "DINERS",
        _ => "OTHER",
    }
}

fn behaviour_of(digits: &str) -> &'static str {
    match digits {
        "4000000000000002" => "decline",
        "4000000000009995" => "insufficient",
        _ => "approve",
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn card(number: &str) -> CardInput {
        CardInput { number: number.into(), holder_name: "TARO YAMADA".into(), exp_month: 12, exp_year: 2028, security_code: "123".into() }
    }

    #[test]
    fn test_numbers_pass_the_luhn_check_and_typos_do_not() {
        let now = datetime!(2026-11-22 0:00 UTC);
        assert_eq!(check_card(&card("4242 4242 4242 4242"), now), Ok("4242424242424242".into()));
        assert!(check_card(&card("4000-0000-0000-0002"), now).is_ok());
        assert_eq!(check_card(&card("4242424242424241"), now).unwrap_err()[0].field, "number");
    }

    #[test]
    fn an_expired_month_and_a_kanji_holder_are_refused() {
        let now = datetime!(2026-11-22 0:00 UTC);
        let mut expired = card("4242424242424242");
        expired.exp_year = 2026;
        expired.exp_month = 10;
        assert_eq!(check_card(&expired, now).unwrap_err()[0].field, "expiration");
        expired.exp_month = 11;
        assert!(check_card(&expired, now).is_ok(), "the current month is still valid");
        let mut kanji = card("4242424242424242");
        kanji.holder_name = "山田太郎".into();
        assert_eq!(check_card(&kanji, now).unwrap_err()[0].field, "holder_name");
    }

    #[test]
    fn brands_follow_the_number_ranges() {
        assert_eq!(brand_of("4242424242424242"), "VISA");
        assert_eq!(brand_of("5555555555554444"), "MASTER");
        assert_eq!(brand_of("3530111333300000"), "JCB");
        assert_eq!(brand_of("378282246310005"), "AMEX");
    }
}
