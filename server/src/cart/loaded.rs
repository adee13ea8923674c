//! A cart loaded from the store with everything its answer and its checks need (lines,
//! shippings, coupon, payment method, member, points, card), priced by [`super::pricing`]
//! with the coupon and points rules checked again; and the rules on a cart's coupon, fee and
//! lines.
use super::coupon_rule::{self, CouponStanding, discount_of};
use super::embroidery;
use super::pricing::{self, Priced};
use super::settings::CheckoutSettings;
use super::shipping_store::{self, ShippingRow};
use super::store::{self, CartRow, LineRow};
use super::view::{
    CartAddress, CartBody, CartCard, CartCoupon, CartDetail, CartOrder, CartPacking, CartPaymentMethod, CartProduct, CartProductInfo, CartShipping, Orderer,
};
use crate::catalog::availability::{MAX_QUANTITY, StockStatus, is_on_sale};
use crate::channel::corporate::DeliveryOption;
use crate::coupons::store::CouponRow;
use crate::delivery::remote_islands;
use crate::infra::db::Db;
use crate::infra::error::ApiResult;
use crate::infra::ids::UserId;
use crate::infra::money::Yen;
use crate::infra::time::Timestamp;
use crate::members::store::UserRow;
use crate::payments::fee_rule::FeeRule;
use crate::payments::store::PaymentMethodRow;

/// Everything a cart answer needs.
pub struct Loaded {
    pub cart: CartRow,
    pub lines: Vec<LineRow>,
    pub shippings: Vec<ShippingRow>,
    pub coupon: Option<CouponRow>,
    pub coupon_standing: CouponStanding,
    pub payment: Option<PaymentMethodRow>,
    pub user: Option<UserRow>,
    pub point_balance: Option<i64>,
    pub card: Option<CartCard>,
    pub card_ref: Option<String>,
    pub order_no: Option<String>,
}

pub async fn load(db: &Db, gateway: &crate::payments::Gateways, cart: CartRow) -> ApiResult<Loaded> {
    // A line with an embroidery its product still allows costs the embroidery's price more.
    let lines = store::list_lines(&db.pool, &cart.id).await?.into_iter().map(embroidery::priced).collect();
    let shippings = shipping_store::list_shippings(&db.pool, &cart.id).await?;
    let user = match &cart.user_id {
        Some(user_id) => crate::members::store::find_user(&db.pool, &cart.channel_id, user_id).await?,
        None => None,
    };
    let guest = UserId::default();
    let user_id = user.as_ref().map_or(&guest, |u| &u.id);
    let coupon = match &cart.coupon_id {
        Some(id) => crate::coupons::store::find_coupon(db, &cart.channel_id, user_id, id).await?,
        None => None,
    };
    let coupon_standing = match &coupon {
        Some(c) => CouponStanding::of(db, c, user.as_ref().map(|u| &u.id)).await?,
        None => CouponStanding::default(),
    };
    let payment = match &cart.payment_method_id {
        Some(id) => crate::payments::methods::list_offered(db, gateway, &cart.channel_id).await?.into_iter().find(|m| &m.id == id),
        // A corporate member's saved 支払方法 preselects its method.
        None if user.as_ref().is_some_and(|u| u.profile.business.payment.is_some()) => {
            let methods = crate::payments::methods::list_offered(db, gateway, &cart.channel_id).await?;
            super::corporate::preselected_payment(&methods, user.as_ref()).cloned()
        }
        None => None,
    };
    let point_balance = match &user {
        Some(u) => Some(crate::points::ledger_store::balance(&db.pool, &u.id).await?),
        None => None,
    };
    let (card, card_ref) = match (&cart.card_id, &cart.card_token, &user) {
        (Some(card_id), _, Some(u)) => match crate::cards::store::find_card(&db.pool, &cart.channel_id, &u.id, card_id).await? {
            Some(c) => (Some(CartCard { id: Some(c.id), masked_number: c.masked_number, brand: c.brand }), Some(c.card_ref)),
            None => (None, None),
        },
        (None, Some(token), _) => match gateway.find_token_card(&cart.channel_id, token).await? {
            Some(found) => (Some(CartCard { id: None, masked_number: found.masked_number, brand: found.brand }), Some(token.clone())),
            None => (None, None),
        },
        _ => (None, None),
    };
    let order_no = match &cart.order_id {
        Some(id) => crate::orders::store::find_order(&db.pool, &cart.channel_id, id).await?.map(|o| o.order_no),
        None => None,
    };
    Ok(Loaded { cart, lines, shippings, coupon, coupon_standing, payment, user, point_balance, card, card_ref, order_no })
}

/// `12,345`.
pub fn yen(amount: i64) -> String {
    crate::infra::money::Yen(amount).grouped()
}

/// What the method charges: its tiers and range as the owner set them (card payment never
/// charges a fee, whatever a hand-edited row says).
pub fn fee_of(method: &PaymentMethodRow) -> FeeRule {
    let rule = method.fee_rule();
    if method.kind() == Some(crate::channel::PaymentKind::CreditCard) { FeeRule { tiers: vec![], ..rule } } else { rule }
}

/// A line the catalogue no longer sells: gone (unpublished) or outside its sale period.
pub fn line_problem(v: &crate::catalog::store::variations::VariationRow, now: i64) -> Option<&'static str> {
    if v.is_published == 0 {
        Some(super::PRODUCT_NOT_FOUND_CODE)
    } else if !is_on_sale(v.sale_start, v.sale_end, now) {
        Some(super::NOT_SALE_CODE)
    } else {
        None
    }
}

impl Loaded {
    /// Corporate: the 配送方法 the order follows (the cart's, else the member's saved one).
    pub fn delivery_option(&self, settings: &CheckoutSettings) -> Option<DeliveryOption> {
        super::corporate::delivery_option(settings.front.is_corporate, self.cart.delivery_option, self.user.as_ref())
    }

    /// Corporate: the order's 発注番号 (typed at checkout, else the member's default).
    pub fn purchase_order_no(&self, settings: &CheckoutSettings) -> Option<&str> {
        super::corporate::purchase_order_no(settings.front.is_corporate, self.cart.purchase_order_no.as_deref(), self.user.as_ref())
    }

    pub fn shipping_address(&self, shipping: &ShippingRow) -> Option<CartAddress> {
        shipping.address_json.as_deref().and_then(|json| serde_json::from_str(json).ok())
    }

    pub fn orderer(&self) -> Option<Orderer> {
        match &self.cart.orderer_json {
            Some(json) => serde_json::from_str(json).ok(),
            None => self.user.as_ref().map(Orderer::of_member),
        }
    }

    fn shipping_index(&self, line: &LineRow) -> usize {
        line.shipping_id.as_ref().and_then(|id| self.shippings.iter().position(|s| &s.id == id)).unwrap_or(0)
    }

    /// Items subtotal (what a coupon's minimum is checked against).
    pub fn items_subtotal(&self) -> i64 {
        self.lines.iter().map(|l| l.variation.price * l.quantity).sum::<Yen>().get()
    }

    pub fn coupon_problem(&self, now: i64) -> Option<String> {
        let coupon = self.coupon.as_ref()?;
        coupon_rule::coupon_problem(coupon, self.coupon_standing, self.items_subtotal(), now)
    }

    pub fn price(&self, settings: &CheckoutSettings, fee: Option<FeeRule>, now: i64) -> Priced {
        let mut shippings: Vec<pricing::Shipping> = self
            .shippings
            .iter()
            .map(|s| {
                // A gift's address is the recipient's, unknown yet: it pays the gift carriage.
                let address = if self.is_gift() { None } else { self.shipping_address(s) };
                pricing::Shipping {
                    on_island: address.as_ref().is_some_and(|a| remote_islands::island_of(&a.address.postal_code).is_some()),
                    prefecture: address.map(|a| a.address.prefecture),
                    packing_price: s.wrapping_key.as_deref().and_then(|k| settings.wrapping(k)).map_or(0, |w| w.price),
                }
            })
            .collect();
        if shippings.is_empty() {
            shippings.push(pricing::Shipping::default());
        }
        let coupon = match (&self.coupon, self.coupon_problem(now)) {
            (Some(c), None) => Some(pricing::Coupon { discount: discount_of(c), minimum_amount: c.minimum_amount }),
            _ => None,
        };
        let input = pricing::Input {
            lines: self
                .lines
                .iter()
                .map(|l| pricing::Line {
                    unit_price: l.variation.price.get(),
                    quantity: l.quantity,
                    tax_rate: l.variation.tax_rate.percent(),
                    shipping: self.shipping_index(l),
                })
                .collect(),
            shippings,
            coupon,
            carriage: if self.is_gift() {
                settings.gift.carriage_rule(&settings.carriage)
            } else {
                super::corporate::carriage_rule(self.delivery_option(settings), &settings.carriage)
            },
            fee,
            use_points: if self.user.is_some() { self.cart.use_points } else { 0 },
            earn_rate: if self.user.is_some() { settings.earn_rate } else { 0 },
        };
        pricing::price(&input)
    }

    /// Whether every product on shipping `index` takes (gift wrapping, のし).
    pub fn packing_allowed(&self, index: usize) -> (bool, bool) {
        let on_it = self.lines.iter().filter(|l| self.shipping_index(l) == index);
        on_it.fold((true, true), |(wrap, noshi), l| (wrap && l.variation.takes_wrapping == 1, noshi && l.variation.takes_noshi == 1))
    }

    /// Whether a shipping carries a wrapping or のし that one of its products no longer takes
    /// (chosen before the product was added, or before staff changed the product).
    fn packing_refused(&self) -> bool {
        self.shippings.iter().enumerate().any(|(i, s)| {
            let (wrap, noshi) = self.packing_allowed(i);
            (s.wrapping_key.is_some() && !wrap) || (s.noshi_key.is_some() && !noshi)
        })
    }

    /// What the decision still needs.
    pub fn missing(&self, settings: &CheckoutSettings, priced: &Priced, now: i64) -> Vec<String> {
        let mut missing = Vec::new();
        if self.lines.is_empty() {
            missing.push("products".to_owned());
        }
        let used: Vec<usize> = self.lines.iter().map(|l| self.shipping_index(l)).collect();
        let without_address = self.shippings.is_empty() || self.shippings.iter().enumerate().any(|(i, s)| used.contains(&i) && s.address_json.is_none());
        let delivery = self.delivery_option(settings);
        if settings.front.is_corporate && delivery.is_none() {
            missing.push(super::corporate::DELIVERY_OPTION_MISSING.to_owned());
        }
        // A gift's address is the recipient's to give after the payment; a pick-up has none.
        if without_address && !self.is_gift() && delivery.is_none_or(DeliveryOption::needs_address) {
            missing.push("shipping_address".to_owned());
        }
        if self.is_gift() && self.gift_problem(settings).is_some() {
            missing.push("social_gift".to_owned());
        }
        match &self.payment {
            None => missing.push("payment_method".to_owned()),
            Some(method) => {
                if method.code == "credit_card" && self.card_ref.is_none() && priced.total_payment > 0 {
                    missing.push("card".to_owned());
                }
                let gift_refused = self.is_gift() && !settings.gift.allows_payment(&method.code);
                let invoice_refused = super::corporate::invoice_refused(method, self.user.as_ref());
                if priced.fee_refusal.is_some() || (method.member_only != 0 && self.user.is_none()) || gift_refused || invoice_refused {
                    missing.push("payment_unavailable".to_owned());
                }
            }
        }
        if !self.orderer().is_some_and(|o| o.is_complete()) {
            missing.push("orderer".to_owned());
        }
        if self.coupon_problem(now).is_some() {
            missing.push("coupon".to_owned());
        }
        if self.packing_refused() {
            missing.push("packing".to_owned());
        }
        missing
    }

    pub fn body(&self, token: &str, settings: &CheckoutSettings, now: i64) -> CartBody {
        let fee = self.payment.as_ref().map(fee_of);
        let priced = self.price(settings, fee, now);
        let products = self
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let v = &l.variation;
                let (embroidery, embroiderable) = embroidery::view(l);
                CartProduct {
                    key: l.id.clone(),
                    shipping_key: l.shipping_id.clone(),
                    parent_key: l.parent_line_id.clone(),
                    product_info: CartProductInfo {
                        product_key: v.product_key.clone(),
                        variation_key: v.variation_key.clone(),
                        name: v.product_name.clone(),
                        variation_name: v.variation_name.clone(),
                        code: v.product_code.clone(),
                        image_url: v.image_url.clone(),
                        url: format!("/product/{}", v.product_key),
                        stock_status: StockStatus::of(v.stock_quantity),
                        max_quantity: v.stock_quantity.clamp(0, MAX_QUANTITY),
                    },
                    unit_price: v.price.get(),
                    quantity: l.quantity,
                    subtotal: priced.line_subtotals[i],
                    tax_rate: v.tax_rate.percent(),
                    tax_amount: priced.line_tax[i],
                    coupon_discount_parts: priced.line_coupon[i],
                    embroidery,
                    embroiderable,
                }
            })
            .collect();
        let shippings = self
            .shippings
            .iter()
            .enumerate()
            .map(|(i, s)| CartShipping {
                key: s.id.clone(),
                user_address_id: s.user_address_id.clone(),
                address: self.shipping_address(s),
                delivery_date: s.delivery_date.clone(),
                delivery_timezone_key: s.delivery_timezone_key.clone(),
                packing: CartPacking { wrapping_key: s.wrapping_key.clone(), noshi_key: s.noshi_key.clone(), noshi_name: s.noshi_name.clone() },
                carriage: priced.shipping_carriage.get(i).copied().unwrap_or(0),
                packing_fee: priced.shipping_packing.get(i).copied().unwrap_or(0),
                wrapping_allowed: self.packing_allowed(i).0,
                noshi_allowed: self.packing_allowed(i).1,
            })
            .collect();
        let problem = self.coupon_problem(now);
        let coupons = self
            .coupon
            .iter()
            .map(|c| CartCoupon { id: c.id.clone(), code: c.code.clone(), name: c.name.clone(), discount: priced.coupon_discount, problem: problem.clone() })
            .collect();
        let missing = self.missing(settings, &priced, now);
        CartBody {
            token: token.to_owned(),
            order_no: self.order_no.clone(),
            expires_at: Timestamp(self.cart.expires_at),
            transaction_error: self.cart.transaction_error.clone(),
            payment_in_progress: self.cart.payment_in_progress != 0,
            removed_products: Vec::new(),
            reason: None,
            social_gift: self.gift_view(settings),
            detail: CartDetail {
                products,
                shippings,
                coupons,
                order: CartOrder {
                    items_subtotal: priced.items_subtotal,
                    coupon_discount: priced.coupon_discount,
                    total_carriage: priced.total_carriage,
                    payment_fee: priced.payment_fee,
                    packing_fee: priced.packing_fee,
                    use_points: priced.use_points,
                    total_payment: priced.total_payment,
                    total_tax: priced.total_tax,
                    amount_by_tax_rate: priced.amount_by_tax_rate.clone(),
                    earn_points: priced.earn_points,
                    point_balance: self.point_balance,
                    payment_method: self.payment.as_ref().map(|m| CartPaymentMethod { id: m.id.clone(), code: m.code.clone(), name: m.name.clone() }),
                    card: self.card.as_ref().map(|c| CartCard { id: c.id.clone(), masked_number: c.masked_number.clone(), brand: c.brand.clone() }),
                    orderer: self.orderer(),
                    note: self.cart.note.clone(),
                    delivery_option: self.delivery_option(settings).map(|o| o.code()),
                    purchase_order_no: self.purchase_order_no(settings).map(str::to_owned),
                    can_decide: missing.is_empty(),
                    missing,
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yen_has_thousands_separators() {
        assert_eq!(yen(0), "0");
        assert_eq!(yen(999), "999");
        assert_eq!(yen(3000), "3,000");
        assert_eq!(yen(1234567), "1,234,567");
    }
}
