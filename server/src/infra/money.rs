//! Money and its tax, as types: `Yen` (an integer amount of yen, tax included: 総額表示) and
//! `TaxRate` (the two consumption-tax rates a Japanese shop charges). Amounts are stored as
//! BIGINT yen and tax rates as their percent; both read and write as those numbers.
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

/// An amount of yen. Sums and differences stay yen; a quantity multiplies it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type, Serialize, Deserialize)]
#[sqlx(transparent)]
#[serde(transparent)]
pub struct Yen(pub i64);

impl Yen {
    pub const ZERO: Yen = Yen(0);

    pub fn get(self) -> i64 {
        self.0
    }

    /// `12,345` (negative: `-500`): the amount grouped by thousands, without a unit.
    pub fn grouped(self) -> String {
        let digits = self.0.unsigned_abs().to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
        if self.0 < 0 {
            out.push('-');
        }
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

impl Add for Yen {
    type Output = Yen;
    fn add(self, other: Yen) -> Yen {
        Yen(self.0 + other.0)
    }
}

impl Sub for Yen {
    type Output = Yen;
    fn sub(self, other: Yen) -> Yen {
        Yen(self.0 - other.0)
    }
}

impl AddAssign for Yen {
    fn add_assign(&mut self, other: Yen) {
        self.0 += other.0;
    }
}

impl SubAssign for Yen {
    fn sub_assign(&mut self, other: Yen) {
        self.0 -= other.0;
    }
}

impl Neg for Yen {
    type Output = Yen;
    fn neg(self) -> Yen {
        Yen(-self.0)
    }
}

/// A unit price times a quantity.
impl Mul<i64> for Yen {
    type Output = Yen;
    fn mul(self, quantity: i64) -> Yen {
        Yen(self.0 * quantity)
    }
}

impl Sum for Yen {
    fn sum<I: Iterator<Item = Yen>>(iter: I) -> Yen {
        Yen(iter.map(|yen| yen.0).sum())
    }
}

impl Yen {
    /// `1,280円`, as the shop's pages and mails write an amount. (Deliberately not `Display`:
    /// `to_string()` must not turn an amount into this text on its way to a gateway.)
    pub fn label(self) -> String {
        let digits = self.0.unsigned_abs().to_string();
        let mut grouped = String::new();
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        format!("{}{grouped}円", if self.0 < 0 { "-" } else { "" })
    }
}

impl utoipa::PartialSchema for Yen {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
            .into()
    }
}
impl utoipa::ToSchema for Yen {}

/// A consumption-tax rate: 8% (軽減税率: food and drink, newspapers) or 10% (標準税率).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaxRate {
    Reduced,
    Standard,
}

impl TaxRate {
    pub fn percent(self) -> i64 {
        match self {
            TaxRate::Reduced => 8,
            TaxRate::Standard => 10,
        }
    }

    pub fn from_percent(percent: i64) -> Option<TaxRate> {
        match percent {
            8 => Some(TaxRate::Reduced),
            10 => Some(TaxRate::Standard),
            _ => None,
        }
    }

    /// The tax inside a tax-included amount: floor(amount × rate / (100 + rate)), rounded down
    /// once per rate and invoice (適格請求書).
    pub fn tax_in(self, amount: Yen) -> Yen {
        let rate = self.percent();
        Yen((amount.0 * rate).div_euclid(100 + rate))
    }
}

impl Serialize for TaxRate {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.percent())
    }
}

impl<'de> Deserialize<'de> for TaxRate {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let percent = i64::deserialize(deserializer)?;
        TaxRate::from_percent(percent).ok_or_else(|| serde::de::Error::custom(format!("tax rate {percent} is neither 8 nor 10")))
    }
}

impl<DB: Database> Type<DB> for TaxRate
where
    i64: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <i64 as Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <i64 as Type<DB>>::compatible(ty)
    }
}

impl<'q, DB: Database> Encode<'q, DB> for TaxRate
where
    i64: Encode<'q, DB>,
{
    fn encode_by_ref(&self, buf: &mut <DB as Database>::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'q, DB>>::encode(self.percent(), buf)
    }
}

impl<'r, DB: Database> Decode<'r, DB> for TaxRate
where
    i64: Decode<'r, DB>,
{
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        let percent = <i64 as Decode<'r, DB>>::decode(value)?;
        TaxRate::from_percent(percent).ok_or_else(|| format!("tax rate {percent} is neither 8 nor 10").into())
    }
}

impl utoipa::PartialSchema for TaxRate {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64)))
            .enum_values(Some([8, 10]))
            .into()
    }
}
impl utoipa::ToSchema for TaxRate {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tax_is_rounded_down_inside_a_tax_included_amount() {
        assert_eq!(TaxRate::Standard.tax_in(Yen(1_100)), Yen(100));
        assert_eq!(TaxRate::Reduced.tax_in(Yen(1_080)), Yen(80));
        assert_eq!(TaxRate::Standard.tax_in(Yen(1_099)), Yen(99));
    }

    #[test]
    fn only_the_two_japanese_rates_exist() {
        assert_eq!(TaxRate::from_percent(8), Some(TaxRate::Reduced));
        assert_eq!(TaxRate::from_percent(10), Some(TaxRate::Standard));
        assert_eq!(TaxRate::from_percent(5), None);
        assert!(serde_json::from_str::<TaxRate>("5").is_err());
        assert_eq!(serde_json::to_string(&TaxRate::Reduced).unwrap(), "8");
    }

    #[test]
    fn amounts_add_multiply_and_read_as_yen() {
        let line = Yen(1_280) * 3;
        assert_eq!(line, Yen(3_840));
        assert_eq!([Yen(1), Yen(2)].into_iter().sum::<Yen>(), Yen(3));
        assert_eq!(Yen(1_234_567).label(), "1,234,567円");
        assert_eq!(Yen(-500).label(), "-500円");
    }
}
