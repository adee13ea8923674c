//! The sandbox gateway: an in-process stand-in for a card payment service, with the
//! behaviours a shop must handle. Test card numbers pick the outcome:
//!
//! | number              | outcome                              |
//! |---------------------|--------------------------------------|
//! | 4000 0000 0000 0002 | declined (カードが承認されませんでした) |
//! | 4000 0000 0000 9995 | declined, limit exceeded             |
//! | 4000 0027 6000 3184 | asks for 3-D Secure: the challenge page (`/sandbox-gateway/challenge/{id}`) passes or fails it |
//! | any other valid one | approved                             |
//!
//! Its books are the `sandbox_*` tables; the shop's own tables never see a card number.
use time::OffsetDateTime;

use super::gateway::{
    AUTHENTICATION_FAILED_MESSAGE, AUTHENTICATION_MESSAGE, Charge, ChargeRequest, Charged, Declined, REFUND_EXCEEDS_MESSAGE, Refund, RefundRequest, SavedCard,
    TokenCard,
};
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

/// The 3-D Secure challenge page of challenge `id` (this server, standing in for the issuer's).
pub fn challenge_path(id: &str) -> String {
    format!("/sandbox-gateway/challenge/{id}")
}

/// A challenge as its page shows it.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    pub amount: i64,
    pub last4: String,
    /// Still waiting for the customer's answer.
    pub pending: bool,
    pub return_url: String,
}

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

    pub async fn charge(&self, request: ChargeRequest<'_>) -> anyhow::Result<Result<Charged, Declined>> {
        if let Some(charge) = self.find_charge(request.channel_id, request.idempotency_key).await? {
            return Ok(Ok(Charged::Captured(charge)));
        }
        let now = Timestamp::now().0;
        let Some(card) = store::find_usable_token(&self.db, request.channel_id, request.source, now).await? else {
            // The customer may come back from a challenge after the card's token expired.
            return Ok(match self.challenge_under_key(&request).await? {
                Some(answer) => answer,
                None => Err(Declined { message: TOKEN_GONE_MESSAGE.to_owned() }),
            });
        };
        match card.behaviour.as_str() {
            "decline" => return Ok(Err(Declined { message: DECLINED_MESSAGE.to_owned() })),
            "insufficient" => return Ok(Err(Declined { message: LIMIT_MESSAGE.to_owned() })),
            "challenge" => {
                return match self.challenge_under_key(&request).await? {
                    Some(answer) => Ok(answer),
                    None => self.open_challenge(&request, now).await,
                };
            }
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
        Ok(Ok(Charged::Captured(Charge { id, masked_number: masked(&card.last4) })))
    }

    /// The answer of the challenge already opened under the request's key: still waiting, or
    /// failed (a passed one captured the charge `find_charge` finds). Asked only for a card that
    /// challenges, so that an ordinary charge costs no extra read.
    async fn challenge_under_key(&self, request: &ChargeRequest<'_>) -> anyhow::Result<Option<Result<Charged, Declined>>> {
        let found = store::find_challenge_by_key(&self.db, request.channel_id, request.idempotency_key).await?;
        Ok(found.map(|(id, status)| {
            if status == "pending" {
                Ok(Charged::NeedsAuthentication { redirect_url: challenge_path(&id) })
            } else {
                Err(Declined { message: AUTHENTICATION_FAILED_MESSAGE.to_owned() })
            }
        }))
    }

    /// A card asking for 3-D Secure: the challenge waits for the customer on its page.
    async fn open_challenge(&self, request: &ChargeRequest<'_>, now: i64) -> anyhow::Result<Result<Charged, Declined>> {
        let Some(return_url) = request.return_url else {
            return Ok(Err(Declined { message: AUTHENTICATION_MESSAGE.to_owned() }));
        };
        let id = format!("chl_{}", random_hex(12));
        let challenge = store::NewChallenge {
            id: &id,
            channel_id: request.channel_id,
            idempotency_key: request.idempotency_key,
            token: request.source,
            amount: request.amount,
            return_url,
            created_at: now,
        };
        store::insert_challenge(&self.db, &challenge).await?;
        Ok(Ok(Charged::NeedsAuthentication { redirect_url: challenge_path(&id) }))
    }

    /// The challenge `id` of the channel as its page shows it.
    pub async fn find_challenge(&self, channel_id: &ChannelId, id: &str) -> anyhow::Result<Option<ChallengeView>> {
        Ok(store::find_challenge(&self.db, channel_id, id).await?.map(|row| ChallengeView {
            amount: row.amount,
            last4: row.last4,
            pending: row.status == "pending",
            return_url: row.return_url,
        }))
    }

    /// The customer's answer to a waiting challenge: passed captures the charge (as the issuer
    /// and the gateway do once the challenge is done), failed ends it. An answer to a challenge
    /// no longer waiting changes nothing. Returns where to send the browser (None: unknown).
    pub async fn answer_challenge(&self, channel_id: &ChannelId, id: &str, passed: bool) -> anyhow::Result<Option<String>> {
        let Some(row) = store::find_challenge(&self.db, channel_id, id).await? else { return Ok(None) };
        if row.status == "pending" {
            let charge_id = format!("ch_{}", random_hex(12));
            store::settle_challenge(&self.db, &row, passed.then_some(charge_id.as_str()), Timestamp::now().0).await?;
        }
        Ok(Some(row.return_url))
    }

    /// The reconciler gives up on a challenge the customer never answered.
    pub async fn abandon_authentication(&self, channel_id: &ChannelId, idempotency_key: &str) -> anyhow::Result<()> {
        store::cancel_pending_challenge(&self.db, channel_id, idempotency_key).await?;
        Ok(())
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

    /// A partial (or whole) refund of a captured charge, once per key: asked again, it answers
    /// the refund made the first time. More than the charge has left is refused.
    pub async fn refund_part(&self, request: RefundRequest<'_>) -> anyhow::Result<Result<Refund, Declined>> {
        if let Some(id) = store::find_refund(&self.db, request.idempotency_key).await? {
            return Ok(Ok(Refund { id }));
        }
        let Some((amount, refunded)) = store::charge_amounts(&self.db, request.channel_id, request.charge_id).await? else {
            return Ok(Err(Declined { message: "決済会社にこの決済が見つかりません。".to_owned() }));
        };
        if request.amount.get() <= 0 || refunded + request.amount.get() > amount {
            return Ok(Err(Declined { message: REFUND_EXCEEDS_MESSAGE.to_owned() }));
        }
        let id = format!("re_{}", random_hex(12));
        let refund = store::NewRefund {
            id: &id,
            charge_id: request.charge_id,
            channel_id: request.channel_id,
            amount: request.amount,
            idempotency_key: request.idempotency_key,
            created_at: Timestamp::now().0,
            whole: refunded + request.amount.get() == amount,
        };
        store::insert_refund(&self.db, &refund).await?;
        Ok(Ok(Refund { id }))
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
        "4000002760003184" => "challenge",
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
