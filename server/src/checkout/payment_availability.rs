//! Which of the shop's payment methods can pay a cart, with its fee for that cart and, when
//! one cannot, the reason the payment choice shows.
use crate::cart::corporate;
use crate::cart::loaded::{self, Loaded};
use crate::cart::settings::CheckoutSettings;
use crate::payments::store::PaymentMethodRow;

/// Whether `method` can pay this cart, and its fee for it.
pub fn availability(loaded: &Loaded, settings: &CheckoutSettings, method: &PaymentMethodRow, now: i64) -> (bool, Option<String>, i64) {
    let priced = loaded.price(settings, Some(loaded::fee_of(method)), now);
    if method.member_only != 0 && loaded.user.is_none() {
        return (false, Some("会員の方のみご利用いただけます".into()), priced.payment_fee);
    }
    if corporate::invoice_refused(method, loaded.user.as_ref()) {
        return (false, Some(corporate::INVOICE_UNAVAILABLE.into()), priced.payment_fee);
    }
    if loaded.is_gift() && !settings.gift.allows_payment(&method.code) {
        return (false, Some("ソーシャルギフトではご利用いただけません".into()), priced.payment_fee);
    }
    if let Some(refusal) = priced.fee_refusal {
        return (false, Some(refusal.message(&method.name)), 0);
    }
    (true, None, priced.payment_fee)
}
