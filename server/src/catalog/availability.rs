//! Whether a product can be bought now: its stock state as the storefront shows it, and its
//! sale period.
use serde::Serialize;

/// Most units of one variation one cart line (and so one order line) may hold.
pub const MAX_QUANTITY: i64 = 99;

/// At or below this many units the storefront warns that few are left (残りわずか).
pub const FEW_LEFT: i64 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    InStock,
    Few,
    OutOfStock,
}

impl StockStatus {
    pub fn of(quantity: i64) -> StockStatus {
        match quantity {
            q if q <= 0 => StockStatus::OutOfStock,
            q if q <= FEW_LEFT => StockStatus::Few,
            _ => StockStatus::InStock,
        }
    }
}

/// On sale from `start` (inclusive) until `end` (exclusive); a missing bound is open.
pub fn is_on_sale(start: Option<i64>, end: Option<i64>, now: i64) -> bool {
    start.is_none_or(|start| start <= now) && end.is_none_or(|end| now < end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_or_fewer_units_are_few() {
        assert_eq!(StockStatus::of(0), StockStatus::OutOfStock);
        assert_eq!(StockStatus::of(1), StockStatus::Few);
        assert_eq!(StockStatus::of(3), StockStatus::Few);
        assert_eq!(StockStatus::of(4), StockStatus::InStock);
    }

    #[test]
    fn the_sale_period_includes_its_start_and_excludes_its_end() {
        assert!(is_on_sale(None, None, 100));
        assert!(is_on_sale(Some(100), None, 100));
        assert!(!is_on_sale(Some(101), None, 100));
        assert!(is_on_sale(None, Some(101), 100));
        assert!(!is_on_sale(Some(0), Some(100), 100));
    }
}
