//! 在庫アラートのお知らせ: once a day, from `hour` o'clock Japan time, a shop with variations at
//! or under their 在庫アラート threshold gets one mail listing them (the stock desk's 在庫わずか
//! queue). The shop's setting `STOCK.LOW_STOCK_MAIL` (`{"enabled":true,"hour":9}`) turns it off
//! or moves it; it goes to `SHOP.CONTACT_EMAIL`, else the sender address. Each shop's day is
//! claimed by one insert before the mail is queued, so two instances never both send it.
use std::time::Duration;

use serde::Deserialize;
use time::OffsetDateTime;

use super::store::stock::{self, StockFilter, StockRow};
use crate::channel::settings::{load_setting, shop_notice_address};
use crate::channel::store::{find_channel_by_id, find_storefront_origin};
use crate::delivery::delivery_date::{jst, label};
use crate::infra::ids::ChannelId;
use crate::infra::mail::OutgoingMail;
use crate::state::AppState;

pub const SETTING: &str = "STOCK.LOW_STOCK_MAIL";
const PERIOD: Duration = Duration::from_secs(10 * 60);
/// Variations listed in one mail; the rest are counted and on the stock desk.
const LISTED_MAX: i64 = 100;

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct LowStockMailSettings {
    pub enabled: bool,
    /// The hour (0–23, Japan time) from which the day's mail goes.
    pub hour: u8,
}

impl Default for LowStockMailSettings {
    fn default() -> Self {
        LowStockMailSettings { enabled: true, hour: 9 }
    }
}

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match sweep(&state, OffsetDateTime::now_utc()).await {
                Ok(0) => {}
                Ok(sent) => tracing::info!(sent, "low-stock mails sent"),
                Err(error) => tracing::error!(error = format!("{error:#}"), "low-stock mail pass failed; retrying next period"),
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

/// One pass as of `now`; answers how many shops were mailed.
pub async fn sweep(state: &AppState, now: OffsetDateTime) -> anyhow::Result<usize> {
    let local = jst(now);
    let day = local.date().to_string();
    let mut sent = 0;
    for channel_id in stock::list_channels_with_low_stock(&state.db).await? {
        let settings: LowStockMailSettings = load_setting(&state.db, &channel_id, SETTING, LowStockMailSettings::default()).await?;
        if !settings.enabled || local.hour() < settings.hour.min(23) {
            continue;
        }
        let at = (now.unix_timestamp_nanos() / 1_000_000) as i64;
        if !stock::claim_low_stock_mail(&state.db, &channel_id, &day, at).await? {
            continue;
        }
        match mail_shop(state, &channel_id, local.date()).await {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::error!(channel = %channel_id, error = format!("{error:#}"), "a low-stock mail was not queued; trying again next pass");
                stock::release_low_stock_mail(&state.db, &channel_id, &day).await?;
            }
        }
    }
    Ok(sent)
}

async fn mail_shop(state: &AppState, channel_id: &ChannelId, day: time::Date) -> anyhow::Result<bool> {
    let Some(channel) = find_channel_by_id(&state.db, channel_id).await? else { return Ok(false) };
    let (rows, total) = stock::list_stock(&state.db, channel_id, None, StockFilter::Low, LISTED_MAX, 0).await?;
    if rows.is_empty() {
        return Ok(false);
    }
    let to = shop_notice_address(&state.db, channel_id, &state.config.mail_from).await?;
    let origin = find_storefront_origin(&state.db, channel_id).await?;
    state.mailer.send(low_stock_mail(&channel.name, &to, &label(day), &rows, total, origin.as_deref())).await?;
    Ok(true)
}

/// The shop's mail: each variation with its 販売可能 count and threshold.
pub fn low_stock_mail(shop: &str, to: &str, day: &str, rows: &[StockRow], total: i64, origin: Option<&str>) -> OutgoingMail {
    let mut body = vec![format!("{day}時点で、在庫アラートの基準を下回っている商品が{total}件あります。"), String::new()];
    for row in rows {
        let threshold = row.threshold.map_or_else(String::new, |t| format!("（アラート {t}）"));
        let state = if row.available == 0 { "在庫切れ" } else { "在庫わずか" };
        body.push(format!("・{} {} / {}　販売可能 {}{threshold}　{state}", row.sku, row.product_name, row.variation_name, row.available));
    }
    if total > rows.len() as i64 {
        body.push(format!("ほか{}件", total - rows.len() as i64));
    }
    body.push(String::new());
    match origin {
        Some(origin) => body.push(format!("在庫管理: {origin}/admin/catalog/stock?filter=low")),
        None => body.push("管理画面の在庫管理（在庫わずか）からご確認ください。".to_owned()),
    }
    body.push(String::new());
    body.push(format!("このメールは毎日1回お送りしています。停止するには店舗設定 {SETTING} を {{\"enabled\":false}} にしてください。"));
    OutgoingMail {
        to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】在庫アラートのお知らせ（{total}件）"), body: body.join("\n")
    }
}
