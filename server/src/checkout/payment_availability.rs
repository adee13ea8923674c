//! Which of the shop's payment methods can pay a cart, with its fee for that cart and, when
//! one cannot, the reason the payment choice shows.
use crate::cart::corporate;
use crate::cart::loaded::{self, Loaded};
use crate::cart::pricing::COD_MAX_TOTAL;
use crate::cart::settings::CheckoutSettings;
use crate::payments::store::PaymentMethodRow;

/// Whether `method` can pay this cart, and its fee for it.
pub fn availability(loaded: &Loaded, settings: &CheckoutSettings, method: &PaymentMethodRow, now: i64) -> (bool, Option<String>, i64) {
    if method.member_only != 0 && loaded.user.is_none() {
        return (false, Some("会員の方のみご利用いただけます".into()), method.fee);
    }
    if corporate::invoice_refused(method, loaded.user.as_ref()) {
        return (false, Some(corporate::INVOICE_UNAVAILABLE.into()), method.fee);
    }
    if loaded.is_gift() && !settings.gift.allows_payment(&method.code) {
        return (false, Some("ソーシャルギフトではご利用いただけません".into()), method.fee);
    }
    let priced = loaded.price(settings, Some(loaded::fee_of(method)), now);
    if !priced.fee_available {
        return (false, Some(format!("代金引換はお支払い合計{}円までご利用いただけます", loaded::yen(COD_MAX_TOTAL))), 0);
    }
    (true, None, priced.payment_fee)
}
