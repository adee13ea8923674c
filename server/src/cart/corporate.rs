//! The corporate shop's checkout rules (SITE.IS_CORPORATE): the 配送方法 a cart follows — the
//! one chosen at checkout, else the member's saved one — where a pick-up (問屋引取り) needs no
//! address and pays no carriage, and 請求書払い only for companies the shop approved. The
//! member's saved 支払方法 preselects the payment method while the cart has none.
use crate::channel::PaymentKind;
use crate::channel::carriage::CarriageRule;
use crate::channel::corporate::{DeliveryOption, PaymentOption};
use crate::members::store::UserRow;
use crate::payments::store::PaymentMethodRow;

pub const DELIVERY_OPTION_MISSING: &str = "delivery_option";
pub const DELIVERY_OPTION_MESSAGE: &str = "配送方法は選択肢の中から選んでください";
pub const DELIVERY_OPTION_NOT_OFFERED: &str = "このショップでは配送方法を選べません";
pub const PURCHASE_ORDER_NO_NOT_OFFERED: &str = "このショップでは発注番号を指定できません";
/// A pick-up is collected at the wholesaler: it has no delivery date nor time slot.
pub const PICKUP_TAKES_NO_DATE: &str = "問屋引取りのご注文では、お届け日・時間帯は指定できません";
/// Why 請求書払い is not offered to a buyer (the payment choice shows it).
pub const INVOICE_UNAVAILABLE: &str = "請求書払いは、審査を通過した法人様のみご利用いただけます";

/// The cart's delivery option: its own choice, else the member's saved one; None outside the
/// corporate variant.
pub fn delivery_option(corporate: bool, cart_choice: Option<i64>, user: Option<&UserRow>) -> Option<DeliveryOption> {
    if !corporate {
        return None;
    }
    cart_choice.and_then(DeliveryOption::parse).or_else(|| user.and_then(|u| u.profile.business.delivery_option()))
}

/// The order's 発注番号: the one typed at checkout (empty: none), else the member's default;
/// None outside the corporate variant.
pub fn purchase_order_no<'a>(corporate: bool, cart_choice: Option<&'a str>, user: Option<&'a UserRow>) -> Option<&'a str> {
    if !corporate {
        return None;
    }
    cart_choice.or_else(|| user.and_then(|u| u.profile.business.order_no.as_deref())).filter(|no| !no.is_empty())
}

/// Whether `method` is 請求書払い and this buyer is not an approved company.
pub fn invoice_refused(method: &PaymentMethodRow, user: Option<&UserRow>) -> bool {
    method.kind() == Some(PaymentKind::Invoice) && !user.is_some_and(UserRow::invoice_approved)
}

/// The offered method the member's saved 支払方法 stands for, unless the member may not use it.
pub fn preselected_payment<'a>(methods: &'a [PaymentMethodRow], user: Option<&UserRow>) -> Option<&'a PaymentMethodRow> {
    let kind = user?.profile.business.payment_option().map(PaymentOption::kind)?;
    methods.iter().find(|m| m.kind() == Some(kind) && !invoice_refused(m, user))
}

/// A pick-up pays no carriage.
pub fn carriage_rule(option: Option<DeliveryOption>, shop: &CarriageRule) -> CarriageRule {
    match option {
        Some(DeliveryOption::Pickup) => CarriageRule::free(),
        _ => shop.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::ids::{ChannelId, UserId};
    use crate::members::address::Address;
    use crate::members::business::Business;
    use crate::members::profile::Profile;

    fn member(delivery: Option<i64>, payment: Option<i64>, approved: bool) -> UserRow {
        let profile = Profile {
            email: "buyer@example.jp".into(),
            is_receive_newsletter: 0,
            last_name: "山田".into(),
            first_name: "太郎".into(),
            last_name_kana: String::new(),
            first_name_kana: String::new(),
            gender_ct: None,
            birthday: None,
            address: Address::default(),
            phone_number: "0312345678".into(),
            cell_phone_number: String::new(),
            corporation: Some("株式会社つなぐ商事".into()),
            department: None,
            business_type: None,
            store_name: None,
            url: None,
            business: Business { delivery, payment, ..Default::default() },
        };
        UserRow {
            id: UserId::from_text("u1"),
            channel_id: ChannelId::from_text("c1"),
            code: "00000001".into(),
            username: "buyer".into(),
            password_hash: None,
            password_changed_at: 0,
            is_registered_member: 1,
            question_ct: None,
            answer_hash: None,
            mail_error_count: 0,
            synced_from_user_id: None,
            created_at: 0,
            session_version: 0,
            pending_email: None,
            pending_email_until: None,
            is_invoice_approved: i64::from(approved),
            profile,
        }
    }

    fn method(code: &str) -> PaymentMethodRow {
        PaymentMethodRow {
            id: format!("m-{code}"),
            code: code.into(),
            name: code.into(),
            description: String::new(),
            fee_tiers: "[]".into(),
            min_total: None,
            max_total: None,
            member_only: 1,
        }
    }

    #[test]
    fn the_carts_choice_wins_over_the_saved_one_and_only_on_corporate_shops() {
        let saved = member(Some(2), None, false);
        assert_eq!(delivery_option(true, None, Some(&saved)), Some(DeliveryOption::Store));
        assert_eq!(delivery_option(true, Some(3), Some(&saved)), Some(DeliveryOption::Customer));
        assert_eq!(delivery_option(false, Some(3), Some(&saved)), None);
        assert_eq!(delivery_option(true, None, None), None);
    }

    #[test]
    fn the_typed_purchase_order_number_wins_and_empty_means_none() {
        let mut saved = member(None, None, false);
        saved.profile.business.order_no = Some("PO-1".into());
        assert_eq!(purchase_order_no(true, None, Some(&saved)), Some("PO-1"));
        assert_eq!(purchase_order_no(true, Some("PO-9"), Some(&saved)), Some("PO-9"));
        assert_eq!(purchase_order_no(true, Some(""), Some(&saved)), None);
        assert_eq!(purchase_order_no(false, Some("PO-9"), Some(&saved)), None);
    }

    #[test]
    fn invoice_only_for_approved_companies() {
        let invoice = method("invoice");
        assert!(invoice_refused(&invoice, Some(&member(None, None, false))));
        assert!(invoice_refused(&invoice, None));
        assert!(!invoice_refused(&invoice, Some(&member(None, None, true))));
        assert!(!invoice_refused(&method("bank_transfer"), None));
    }

    #[test]
    fn the_saved_payment_preselects_its_method_unless_refused() {
        let methods = [method("bank_transfer"), method("invoice"), method("deferred")];
        assert_eq!(preselected_payment(&methods, Some(&member(None, Some(2), true))).map(|m| m.code.as_str()), Some("invoice"));
        assert_eq!(preselected_payment(&methods, Some(&member(None, Some(2), false))).map(|m| m.code.as_str()), None);
        assert_eq!(preselected_payment(&methods, Some(&member(None, Some(3), false))).map(|m| m.code.as_str()), Some("deferred"));
        assert_eq!(preselected_payment(&methods, Some(&member(None, None, true))).map(|m| m.code.as_str()), None);
    }

    #[test]
    fn a_pick_up_pays_no_carriage() {
        let shop = CarriageRule::default();
        assert_eq!(carriage_rule(Some(DeliveryOption::Pickup), &shop).default, 0);
        assert_eq!(carriage_rule(Some(DeliveryOption::Customer), &shop), shop);
    }
}
