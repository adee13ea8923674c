//! What a cart line may hold: 1 to 99 units, of a variation the catalogue still sells, within
//! its stock. Checked at every change of a line, and again at the decision.
use super::loaded;
use super::settings::CheckoutSettings;
use super::{NOT_SALE_CODE, NOT_SALE_MESSAGE, PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE, SELLING_STOPPED_MESSAGE, short_stock_message};
use crate::catalog::availability::MAX_QUANTITY;
use crate::catalog::store::variations::VariationRow;
use crate::infra::error::{ApiError, ApiResult};

pub fn check_quantity(quantity: Option<i64>) -> ApiResult<i64> {
    match quantity {
        Some(q) if (1..=MAX_QUANTITY).contains(&q) => Ok(q),
        _ => Err(ApiError::field("quantity", format!("数量は1〜{MAX_QUANTITY}の整数で入力してください"))),
    }
}

/// The catalogue still sells this variation now (the shop is selling, the product is
/// published and in its sale period).
pub fn check_sellable(settings: &CheckoutSettings, v: &VariationRow, now: i64) -> ApiResult<()> {
    if settings.front.is_selling_stopped() {
        return Err(ApiError::rule(NOT_SALE_CODE, SELLING_STOPPED_MESSAGE));
    }
    match loaded::line_problem(v, now) {
        Some(code) if code == PRODUCT_NOT_FOUND_CODE => Err(ApiError::rule(PRODUCT_NOT_FOUND_CODE, PRODUCT_NOT_FOUND_MESSAGE)),
        Some(_) => Err(ApiError::rule(NOT_SALE_CODE, NOT_SALE_MESSAGE)),
        None => Ok(()),
    }
}

/// `quantity` units of `v` in the whole cart (every line of that variation) fit the stock.
pub fn check_stock(v: &VariationRow, in_cart: i64) -> ApiResult<()> {
    if in_cart > v.stock_quantity {
        return Err(ApiError::field("quantity", short_stock_message(v.stock_quantity)));
    }
    Ok(())
}

/// The answer when a request names a line the cart does not have.
pub fn line_not_found() -> ApiError {
    ApiError::rule(PRODUCT_NOT_FOUND_CODE, "カートに該当する商品がありません。")
}
