//! The memorial form's rules.
use serde::Deserialize;

use super::Division;
use super::calendar::is_real_day;
use crate::infra::error::{ApiError, FieldErrors};

const NAME_MAX: usize = 30;
const CALL_MAX: usize = 20;

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MemorialInput {
    /// お相手のお名前, 1–30 characters.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 30)]
    pub target_user_name: Option<String>,
    /// 1 誕生日, 2 結婚記念日, 3 その他の記念日.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 3)]
    pub division_ct: Option<i64>,
    /// 記念日の名前, 1–30 characters (e.g. 母の誕生日).
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 30)]
    pub name: Option<String>,
    /// 1–12.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 12)]
    pub month: Option<i64>,
    /// 1–31, a real day of `month` (2/29 allowed).
    #[schema(minimum = 1, maximum = 31, required = true, value_type = i64)]
    pub date: Option<i64>,
    /// 呼び方・ご関係, up to 20 characters.
    #[schema(max_length = 20)]
    pub call: Option<String>,
}

/// A checked memorial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memorial {
    pub target_user_name: String,
    pub division: Division,
    pub name: String,
    pub month: i64,
    pub day: i64,
    pub call: String,
}

fn text(errors: &mut FieldErrors, field: &str, value: Option<&str>, label: &str, max: usize, required: bool) -> String {
    let value = value.unwrap_or("").trim();
    if required && value.is_empty() {
        errors.entry(field.into()).or_default().push(format!("{label}を入力してください。"));
    } else if value.chars().count() > max {
        errors.entry(field.into()).or_default().push(format!("{label}は{max}文字以内で入力してください。"));
    }
    value.to_owned()
}

impl TryFrom<MemorialInput> for Memorial {
    type Error = ApiError;

    fn try_from(input: MemorialInput) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let target_user_name = text(&mut errors, "target_user_name", input.target_user_name.as_deref(), "お相手のお名前", NAME_MAX, true);
        let name = text(&mut errors, "name", input.name.as_deref(), "記念日の名前", NAME_MAX, true);
        let call = text(&mut errors, "call", input.call.as_deref(), "呼び方・ご関係", CALL_MAX, false);
        let division = input.division_ct.and_then(Division::from_ct);
        if division.is_none() {
            errors.entry("division_ct".into()).or_default().push("種類を選択してください。".into());
        }
        let month = input.month.unwrap_or(0);
        let day = input.date.unwrap_or(0);
        if !(1..=12).contains(&month) {
            errors.entry("month".into()).or_default().push("月を選択してください。".into());
        } else if !is_real_day(month, day) {
            errors.entry("date".into()).or_default().push(format!("{month}月にない日付です。日を選び直してください。"));
        }
        match division {
            Some(division) if errors.is_empty() => Ok(Memorial { target_user_name, division, name, month, day, call }),
            _ => Err(ApiError::Invalid(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(month: i64, date: i64) -> MemorialInput {
        MemorialInput {
            target_user_name: Some(" 山田 花子 ".into()),
            division_ct: Some(1),
            name: Some("母の誕生日".into()),
            month: Some(month),
            date: Some(date),
            call: Some("母".into()),
        }
    }

    fn fields(result: Result<Memorial, ApiError>) -> Vec<String> {
        match result {
            Err(ApiError::Invalid(errors)) => errors.keys().cloned().collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_good_memorial_is_trimmed() {
        let memorial = Memorial::try_from(input(2, 29)).unwrap();
        assert_eq!(memorial.target_user_name, "山田 花子");
        assert_eq!((memorial.month, memorial.day, memorial.division), (2, 29, Division::Birthday));
    }

    #[test]
    fn impossible_days_and_missing_fields_are_named() {
        assert_eq!(fields(Memorial::try_from(input(4, 31))), ["date"]);
        assert_eq!(fields(Memorial::try_from(input(13, 1))), ["month"]);
        let empty =
            MemorialInput { target_user_name: None, division_ct: Some(9), name: Some("あ".repeat(31)), month: None, date: None, call: Some("あ".repeat(21)) };
        assert_eq!(fields(Memorial::try_from(empty)), ["call", "division_ct", "month", "name", "target_user_name"]);
    }
}
