//! How a coupon reads to a customer: 「500円引き」, 「10%OFF」, and whether it is open now.

/// 「500円引き」 (amount, grouped by thousands) or 「10%OFF」 (percent).
pub fn discount_label(kind: &str, value: i64) -> String {
    match kind {
        "percent" => format!("{value}%OFF"),
        _ => format!("{}円引き", grouped(value)),
    }
}

/// 1234567 → "1,234,567".
pub fn grouped(value: i64) -> String {
    crate::infra::money::Yen(value).grouped()
}

/// Open at `now`: started (or no start) and not yet ended (or no end). The end is exclusive.
pub fn is_in_period(starts_at: Option<i64>, ends_at: Option<i64>, now: i64) -> bool {
    starts_at.is_none_or(|start| start <= now) && ends_at.is_none_or(|end| now < end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_yen_off_with_thousands_and_percents_are_off() {
        assert_eq!(discount_label("amount", 500), "500円引き");
        assert_eq!(discount_label("amount", 1000), "1,000円引き");
        assert_eq!(discount_label("amount", 1234567), "1,234,567円引き");
        assert_eq!(discount_label("percent", 10), "10%OFF");
    }

    #[test]
    fn the_period_includes_its_start_and_excludes_its_end() {
        assert!(is_in_period(None, None, 5));
        assert!(is_in_period(Some(5), Some(10), 5));
        assert!(!is_in_period(Some(5), Some(10), 10));
        assert!(!is_in_period(Some(6), None, 5));
        assert!(!is_in_period(None, Some(5), 5));
    }
}
