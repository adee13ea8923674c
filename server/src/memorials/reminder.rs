//! The memorial reminder: `MEMORIAL.REMIND_DAYS` days before a memorial (Japan time), its
//! member gets a mail, once per occurrence. Each memorial keeps the occurrence it was last
//! reminded of, claimed by one guarded write before the mail goes: two instances or a
//! restart never send it twice, and a mail that fails gives the claim back for the next pass.
use std::collections::HashMap;
use std::time::Duration;

use time::{Date, OffsetDateTime};

use super::calendar::next_occurrence;
use super::store::{self, MemorialRow};
use super::{DEFAULT_REMIND_DAYS, Division, REMIND_DAYS_SETTING};
use crate::channel::settings::setting;
use crate::delivery::delivery_date::{jst, label};
use crate::infra::ids::ChannelId;
use crate::infra::mail::OutgoingMail;
use crate::members::store as member_store;
use crate::state::AppState;

const PERIOD: Duration = Duration::from_secs(15 * 60);
/// The furthest ahead a shop may remind.
const MAX_REMIND_DAYS: i64 = 60;

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match remind_due(&state, jst(OffsetDateTime::now_utc()).date()).await {
                Ok(0) => {}
                Ok(sent) => tracing::info!(sent, "memorial reminders sent"),
                Err(error) => tracing::error!(error = format!("{error:#}"), "memorial reminder pass failed; retrying next period"),
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

/// The occurrence a memorial is due to be reminded of on `today`, if any.
pub fn due_occurrence(today: Date, month: i64, day: i64, remind_days: i64, reminded_for: Option<&str>) -> Option<Date> {
    if remind_days <= 0 {
        return None;
    }
    let next = next_occurrence(today, month, day)?;
    let due = (next - today).whole_days() <= remind_days.min(MAX_REMIND_DAYS);
    (due && reminded_for != Some(next.to_string().as_str())).then_some(next)
}

/// One pass as of `today`; answers how many mails went out.
pub async fn remind_due(state: &AppState, today: Date) -> anyhow::Result<usize> {
    let horizon = today + time::Duration::days(MAX_REMIND_DAYS);
    let mut months: Vec<i64> = Vec::new();
    let mut day = today;
    while day <= horizon {
        let month = i64::from(u8::from(day.month()));
        if !months.contains(&month) {
            months.push(month);
        }
        day += time::Duration::days(28);
    }
    let horizon_month = i64::from(u8::from(horizon.month()));
    if !months.contains(&horizon_month) {
        months.push(horizon_month);
    }
    let mut remind_days: HashMap<ChannelId, i64> = HashMap::new();
    let mut sent = 0;
    for memorial in store::list_in_months(&state.db, &months).await? {
        if !remind_days.contains_key(&memorial.channel_id) {
            let stored = crate::channel::store::list_settings(&state.db, &memorial.channel_id).await?;
            remind_days.insert(memorial.channel_id.clone(), setting(&stored, REMIND_DAYS_SETTING, DEFAULT_REMIND_DAYS));
        }
        let days = remind_days[&memorial.channel_id];
        let Some(occurrence) = due_occurrence(today, memorial.month, memorial.day, days, memorial.reminded_for.as_deref()) else { continue };
        match remind(state, &memorial, today, occurrence).await {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(error) => tracing::error!(memorial = %memorial.id, error = format!("{error:#}"), "a memorial reminder failed"),
        }
    }
    Ok(sent)
}

async fn remind(state: &AppState, memorial: &MemorialRow, today: Date, occurrence: Date) -> anyhow::Result<bool> {
    let Some(member) = member_store::find_user(&state.db.pool, &memorial.channel_id, &memorial.user_id).await? else { return Ok(false) };
    let Some(channel) = crate::channel::store::find_channel_by_id(&state.db, &memorial.channel_id).await? else { return Ok(false) };
    if member.profile.email.is_empty() {
        return Ok(false);
    }
    let key = occurrence.to_string();
    if !store::claim_reminder(&state.db, &memorial.id, &key).await? {
        return Ok(false);
    }
    let name = format!("{} {}", member.profile.last_name, member.profile.first_name);
    let mail = reminder_mail(&channel.name, &member.profile.email, name.trim(), memorial, today, occurrence);
    if let Err(error) = state.mailer.send(mail).await {
        store::release_reminder(&state.db, &memorial.id, &key).await?;
        return Err(error);
    }
    Ok(true)
}

pub fn reminder_mail(shop: &str, to: &str, member_name: &str, memorial: &MemorialRow, today: Date, occurrence: Date) -> OutgoingMail {
    let days = (occurrence - today).whole_days();
    let when = if days == 0 { "本日".to_owned() } else { format!("あと{days}日") };
    let division = Division::from_ct(memorial.division_ct).map(Division::label).unwrap_or("記念日");
    let call = if memorial.call_name.is_empty() { String::new() } else { format!("（{}）", memorial.call_name) };
    let origin = memorial.link_origin.trim_end_matches('/');
    let lines = [
        format!("{member_name} 様"),
        String::new(),
        format!("ご登録の記念日「{}」まで{when}です。", memorial.name),
        String::new(),
        format!("■ {}様{call}の{division}", memorial.target_user_name),
        format!("■ 日付: {}", label(occurrence)),
        String::new(),
        "大切な方への贈り物の準備はお済みですか？".to_owned(),
        format!("ショップで贈り物を探す: {origin}/"),
        format!("記念日の確認・変更: {origin}/mypage/memorial"),
        String::new(),
        "※このメールは、マイページにご登録の記念日の前にお送りしています。".to_owned(),
        "※このメールは送信専用です。".to_owned(),
        String::new(),
        shop.to_owned(),
    ];
    OutgoingMail {
        to: to.to_owned(),
        from_name: shop.to_owned(),
        subject: format!("【{shop}】{}様の{}まで{when}です", memorial.target_user_name, memorial.name),
        body: lines.join("\n"),
    }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    #[test]
    fn due_within_the_days_and_once_per_occurrence() {
        let today = date!(2026 - 11 - 25);
        assert_eq!(due_occurrence(today, 12, 9, 14, None), Some(date!(2026 - 12 - 09)));
        assert_eq!(due_occurrence(today, 12, 10, 14, None), None, "15 days ahead is not yet due");
        assert_eq!(due_occurrence(today, 12, 9, 14, Some("2026-12-09")), None, "already reminded");
        assert_eq!(due_occurrence(today, 12, 9, 14, Some("2025-12-09")), Some(date!(2026 - 12 - 09)), "last year's reminder does not count");
        assert_eq!(due_occurrence(today, 11, 25, 14, None), Some(today), "on the day itself");
        assert_eq!(due_occurrence(today, 12, 9, 0, None), None, "0 turns reminders off");
        assert_eq!(due_occurrence(date!(2026 - 12 - 25), 1, 3, 14, None), Some(date!(2027 - 01 - 03)), "across the new year");
    }
}
