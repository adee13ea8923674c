//! クーポン管理's rules (docs/contracts/coupon-desk.md): what a coupon must hold to be saved,
//! its state as the desk shows it, and how a save reads in the audit log. Pure: the handlers
//! (`http/admin.rs`) store what passes after checking what needs the database (the code is
//! free in the shop).
use serde::{Deserialize, Serialize};

use super::describe::{discount_label, grouped};
use crate::validation::{FieldCheck, format_instant, parse_instant};

pub const CODE_MAX: usize = 32;
pub const NAME_MAX: usize = 50;
pub const DESCRIPTION_MAX: usize = 500;
pub const AMOUNT_MAX: i64 = 1_000_000;
pub const MINIMUM_MAX: i64 = 10_000_000;
pub const USES_PER_MEMBER_MAX: i64 = 100;
pub const MAX_USES_MAX: i64 = 1_000_000;

pub const CODE_TAKEN: &str = "このクーポンコードはすでに使われています。";
const CODE_EMPTY: &str = "クーポンコードを入力してください。";
const CODE_FORMAT: &str = "クーポンコードは半角英数字とハイフン・アンダーバーで32文字以内で入力してください。";
const TIME_FORMAT: &str = "日時の形式が正しくありません。";

/// Where a coupon stands, as the desk shows and filters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CouponStatus {
    /// 利用中: in its period with uses left.
    Active,
    /// 開始前.
    Scheduled,
    /// 終了: its end has come.
    Ended,
    /// 上限到達: in its period, but every use of `max_uses` is taken.
    Exhausted,
}

impl CouponStatus {
    pub const ALL: [CouponStatus; 4] = [CouponStatus::Active, CouponStatus::Scheduled, CouponStatus::Ended, CouponStatus::Exhausted];

    pub fn of(starts_at: Option<i64>, ends_at: Option<i64>, max_uses: Option<i64>, used: i64, now: i64) -> CouponStatus {
        if ends_at.is_some_and(|end| end <= now) {
            CouponStatus::Ended
        } else if starts_at.is_some_and(|start| start > now) {
            CouponStatus::Scheduled
        } else if max_uses.is_some_and(|max| used >= max) {
            CouponStatus::Exhausted
        } else {
            CouponStatus::Active
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CouponStatus::Active => "active",
            CouponStatus::Scheduled => "scheduled",
            CouponStatus::Ended => "ended",
            CouponStatus::Exhausted => "exhausted",
        }
    }

    pub fn parse(text: &str) -> Option<CouponStatus> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }
}

/// 金額 (円) or 率 (%).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiscountKind {
    Amount,
    Percent,
}

impl DiscountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountKind::Amount => "amount",
            DiscountKind::Percent => "percent",
        }
    }

    /// A stored kind; anything but `percent` is an amount (the table's CHECK allows these two).
    pub fn of_stored(text: &str) -> DiscountKind {
        if text == "percent" { DiscountKind::Percent } else { DiscountKind::Amount }
    }
}

/// A coupon as the editor sends it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct CouponDeskFields {
    /// Typed as the owner likes; saved upper-case.
    #[schema(required = true, value_type = String)]
    pub code: Option<String>,
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// Shown on the coupon list; may be blank.
    #[schema(value_type = String)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub discount_kind: Option<DiscountKind>,
    /// Yen (amount) or percent.
    #[schema(required = true, value_type = i64)]
    pub discount_value: Option<i64>,
    /// The items total (after no other discount) it needs; 0: none.
    #[schema(value_type = i64)]
    pub minimum_amount: Option<i64>,
    /// `2026-12-01T00:00` (Japan time) or RFC 3339; null: from now.
    pub starts_at: Option<String>,
    /// Exclusive; null: no end.
    pub ends_at: Option<String>,
    /// Listed on /coupon.
    #[schema(required = true, value_type = bool)]
    pub is_public: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub member_only: Option<bool>,
    /// Members must take it first (implies members only).
    #[schema(required = true, value_type = bool)]
    pub requires_take: Option<bool>,
    /// 1–100.
    #[schema(value_type = i64)]
    pub uses_per_member: Option<i64>,
    /// All uses together, 1–1,000,000; null: no limit.
    pub max_uses: Option<i64>,
}

/// A coupon that passed: trimmed, the code upper-case, times in epoch ms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponDraft {
    pub code: String,
    pub name: String,
    pub description: String,
    pub discount_kind: DiscountKind,
    pub discount_value: i64,
    pub minimum_amount: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_public: bool,
    pub member_only: bool,
    pub requires_take: bool,
    pub uses_per_member: i64,
    pub max_uses: Option<i64>,
}

/// The code as saved and looked up: trimmed, full-width letters and digits made half-width,
/// upper-case (customers type `welcome500` for `WELCOME500`).
pub fn normalise_code(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '０'..='９' | 'Ａ'..='Ｚ' | 'ａ'..='ｚ' | '－' | '＿' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            other => other,
        })
        .collect::<String>()
        .to_ascii_uppercase()
}

fn code_check(code: &str) -> Result<(), &'static str> {
    if code.is_empty() {
        Err(CODE_EMPTY)
    } else if code.len() > CODE_MAX || !code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        Err(CODE_FORMAT)
    } else {
        Ok(())
    }
}

fn optional_instant(text: Option<&str>) -> Result<Option<i64>, &'static str> {
    match text.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => parse_instant(text).map(Some).ok_or(TIME_FORMAT),
    }
}

fn in_range(value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &'static str) -> Result<i64, &'static str> {
    value.filter(|value| range.contains(value)).ok_or(message)
}

/// The draft, or every field's message in `check` (nothing is saved then).
pub fn check(fields: &CouponDeskFields, check: &mut FieldCheck) -> Option<CouponDraft> {
    let code = normalise_code(fields.code.as_deref().unwrap_or(""));
    check.field("code", code_check(&code));
    let name = fields.name.as_deref().unwrap_or("").trim().to_owned();
    check.field(
        "name",
        match name.chars().count() {
            0 => Err("クーポン名を入力してください。"),
            n if n > NAME_MAX => Err("クーポン名は50文字以内で入力してください。"),
            _ => Ok(()),
        },
    );
    let description = fields.description.as_deref().unwrap_or("").trim().to_owned();
    if description.chars().count() > DESCRIPTION_MAX {
        check.field("description", Err("説明は500文字以内で入力してください。"));
    }
    let kind = fields.discount_kind;
    if kind.is_none() {
        check.field("discount_kind", Err("値引きの種類を選択してください。"));
    }
    let value = match kind {
        Some(DiscountKind::Percent) => in_range(fields.discount_value, 1..=100, "値引き率は1%から100%までの整数で入力してください。"),
        _ => in_range(fields.discount_value, 1..=AMOUNT_MAX, "値引き額は1円から1,000,000円までの整数で入力してください。"),
    };
    check.field("discount_value", value.map(|_| ()));
    let minimum = in_range(Some(fields.minimum_amount.unwrap_or(0)), 0..=MINIMUM_MAX, "利用条件の金額は0円から10,000,000円までの整数で入力してください。");
    check.field("minimum_amount", minimum.map(|_| ()));
    let starts_at = optional_instant(fields.starts_at.as_deref());
    check.field("starts_at", starts_at.map(|_| ()));
    let ends_at = optional_instant(fields.ends_at.as_deref());
    let ends_after = match (starts_at, ends_at) {
        (Ok(Some(start)), Ok(Some(end))) if end <= start => Err("終了日時は開始日時より後にしてください。"),
        (_, result) => result.map(|_| ()),
    };
    check.field("ends_at", ends_after);
    let uses_per_member =
        in_range(Some(fields.uses_per_member.unwrap_or(1)), 1..=USES_PER_MEMBER_MAX, "1人あたりの利用回数は1回から100回までで入力してください。");
    check.field("uses_per_member", uses_per_member.map(|_| ()));
    let max_uses = match fields.max_uses {
        None => Ok(None),
        Some(max) => in_range(Some(max), 1..=MAX_USES_MAX, "利用上限は1回から1,000,000回までで入力してください。").map(Some),
    };
    check.field("max_uses", max_uses.map(|_| ()));
    let requires_take = fields.requires_take.unwrap_or(false);
    let draft = CouponDraft {
        code,
        name,
        description,
        discount_kind: kind?,
        discount_value: value.ok()?,
        minimum_amount: minimum.ok()?,
        starts_at: starts_at.ok()?,
        ends_at: ends_at.ok()?,
        is_public: fields.is_public.unwrap_or(false),
        // Only members can take a coupon: one that must be taken is members-only.
        member_only: fields.member_only.unwrap_or(false) || requires_take,
        requires_take,
        uses_per_member: uses_per_member.ok()?,
        max_uses: max_uses.ok()?,
    };
    Some(draft).filter(|_| check.is_ok())
}

fn yen(amount: i64) -> String {
    format!("{}円", grouped(amount))
}

fn period(starts_at: Option<i64>, ends_at: Option<i64>) -> String {
    let at = |value: Option<i64>| value.map_or_else(String::new, format_instant);
    if starts_at.is_none() && ends_at.is_none() { "期間なし".to_owned() } else { format!("{}〜{}", at(starts_at), at(ends_at)) }
}

fn who(draft: &CouponDraft) -> &'static str {
    match (draft.member_only, draft.requires_take) {
        (_, true) => "取得した会員のみ",
        (true, false) => "会員のみ",
        (false, false) => "すべてのお客様",
    }
}

/// The audit line of a new coupon:
/// `クーポン「WINTER-10」(冬の10%OFF)を作成: 10%OFF, 5,000円以上, 2026-12-01 00:00〜, 先着100回`.
pub fn describe_creation(draft: &CouponDraft) -> String {
    let mut parts = vec![discount_label(draft.discount_kind.as_str(), draft.discount_value)];
    if draft.minimum_amount > 0 {
        parts.push(format!("{}以上", yen(draft.minimum_amount)));
    }
    parts.push(period(draft.starts_at, draft.ends_at));
    parts.push(who(draft).to_owned());
    if let Some(max) = draft.max_uses {
        parts.push(format!("先着{}回", grouped(max)));
    }
    format!("クーポン「{}」({})を作成: {}", draft.code, draft.name, parts.join(", "))
}

/// The audit line of a save, naming what changed.
pub fn describe_change(before: &CouponDraft, after: &CouponDraft) -> String {
    let mut changes = Vec::new();
    let mut differ = |label: &str, old: String, new: String| {
        if old != new {
            changes.push(format!("{label} {old}→{new}"));
        }
    };
    let at = |value: Option<i64>| value.map_or_else(|| "なし".to_owned(), format_instant);
    let limit = |value: Option<i64>| value.map_or_else(|| "なし".to_owned(), |max| format!("{}回", grouped(max)));
    let flag = |on: bool| if on { "する" } else { "しない" }.to_owned();
    differ("コード", before.code.clone(), after.code.clone());
    differ("名称", before.name.clone(), after.name.clone());
    differ("値引き", discount_label(before.discount_kind.as_str(), before.discount_value), discount_label(after.discount_kind.as_str(), after.discount_value));
    differ("利用条件", yen(before.minimum_amount), yen(after.minimum_amount));
    differ("開始", at(before.starts_at), at(after.starts_at));
    differ("終了", at(before.ends_at), at(after.ends_at));
    differ("対象", who(before).to_owned(), who(after).to_owned());
    differ("1人あたり", format!("{}回", before.uses_per_member), format!("{}回", after.uses_per_member));
    differ("利用上限", limit(before.max_uses), limit(after.max_uses));
    differ("一覧に表示", flag(before.is_public), flag(after.is_public));
    if before.description != after.description {
        changes.push("説明を変更".to_owned());
    }
    let what = if changes.is_empty() { "変更なし".to_owned() } else { changes.join(", ") };
    format!("クーポン「{}」: {what}", before.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> CouponDeskFields {
        CouponDeskFields {
            code: Some(" winter-10 ".into()),
            name: Some("冬の10%OFF".into()),
            description: Some("".into()),
            discount_kind: Some(DiscountKind::Percent),
            discount_value: Some(10),
            minimum_amount: Some(5_000),
            starts_at: Some("2026-12-01T00:00".into()),
            ends_at: Some("2027-01-01T00:00".into()),
            is_public: Some(true),
            member_only: Some(false),
            requires_take: Some(false),
            uses_per_member: Some(1),
            max_uses: Some(100),
        }
    }

    #[test]
    fn a_good_form_is_saved_with_its_code_upper_case() {
        let mut check = FieldCheck::default();
        let draft = super::check(&fields(), &mut check).unwrap();
        assert_eq!(draft.code, "WINTER-10");
        assert_eq!(draft.starts_at, parse_instant("2026-12-01T00:00"));
        assert_eq!(
            describe_creation(&draft),
            "クーポン「WINTER-10」(冬の10%OFF)を作成: 10%OFF, 5,000円以上, 2026-12-01 00:00〜2027-01-01 00:00, すべてのお客様, 先着100回"
        );
        assert_eq!(normalise_code("ｗｅｌｃｏｍｅ５００"), "WELCOME500");
    }

    #[test]
    fn every_bad_field_gets_its_message() {
        let mut bad = fields();
        bad.code = Some("冬-10".into());
        bad.name = Some(" ".into());
        bad.discount_value = Some(101);
        bad.minimum_amount = Some(-1);
        bad.ends_at = Some("2026-11-30T00:00".into());
        bad.uses_per_member = Some(0);
        bad.max_uses = Some(0);
        let mut check = FieldCheck::default();
        assert!(super::check(&bad, &mut check).is_none());
        for field in ["code", "name", "discount_value", "minimum_amount", "ends_at", "uses_per_member", "max_uses"] {
            assert!(check.has(field), "{field}");
        }
        let mut amount = fields();
        amount.discount_kind = Some(DiscountKind::Amount);
        amount.discount_value = Some(1_000_001);
        amount.starts_at = Some("12/1".into());
        let mut check = FieldCheck::default();
        assert!(super::check(&amount, &mut check).is_none());
        assert!(check.has("discount_value") && check.has("starts_at"));
    }

    #[test]
    fn a_coupon_to_take_is_for_members_only() {
        let mut take = fields();
        take.requires_take = Some(true);
        let draft = super::check(&take, &mut FieldCheck::default()).unwrap();
        assert!(draft.member_only && draft.requires_take);
    }

    #[test]
    fn the_status_follows_the_period_then_the_limit() {
        assert_eq!(CouponStatus::of(Some(10), None, None, 0, 5), CouponStatus::Scheduled);
        assert_eq!(CouponStatus::of(None, Some(5), Some(1), 1, 5), CouponStatus::Ended);
        assert_eq!(CouponStatus::of(None, None, Some(2), 2, 5), CouponStatus::Exhausted);
        assert_eq!(CouponStatus::of(None, None, Some(2), 1, 5), CouponStatus::Active);
    }

    #[test]
    fn the_audit_line_names_what_changed() {
        let before = super::check(&fields(), &mut FieldCheck::default()).unwrap();
        let mut after = before.clone();
        after.discount_value = 15;
        after.max_uses = None;
        assert_eq!(describe_change(&before, &after), "クーポン「WINTER-10」: 値引き 10%OFF→15%OFF, 利用上限 100回→なし");
        assert_eq!(describe_change(&before, &before), "クーポン「WINTER-10」: 変更なし");
    }
}
