//! 入荷のお知らせ: when a product someone asked about (入荷リクエスト) can be bought again, each
//! requester gets one mail. A request counts only a restock after it was made (a product
//! asked about while a size was still in stock is not "back" until units come in). Each
//! request is marked before its mail is queued, by one guarded write: two instances or a
//! restart never mail twice, and a mail that cannot be queued gives the mark back.
use std::time::Duration;

use super::store;
use crate::catalog::store::stock::{self, RestockedProduct};
use crate::channel::store::{find_channel_by_id, find_storefront_origin};
use crate::infra::mail::OutgoingMail;
use crate::infra::time::Timestamp;
use crate::state::AppState;

const PERIOD: Duration = Duration::from_secs(60);
/// How far back a pass looks for restocks: a week covers any restart or outage of the job.
const LOOK_BACK_MS: i64 = 7 * Timestamp::DAY_MS;

pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            match sweep(&state, Timestamp::now().0).await {
                Ok(0) => {}
                Ok(sent) => tracing::info!(sent, "restock mails sent"),
                Err(error) => tracing::error!(error = format!("{error:#}"), "restock mail pass failed; retrying next period"),
            }
            tokio::time::sleep(PERIOD).await;
        }
    });
}

/// One pass as of `now`; answers how many mails were queued.
pub async fn sweep(state: &AppState, now: i64) -> anyhow::Result<usize> {
    let mut sent = 0;
    for product in stock::list_restocked_since(&state.db, now - LOOK_BACK_MS, now).await? {
        sent += mail_requesters(state, &product, now).await?;
    }
    Ok(sent)
}

async fn mail_requesters(state: &AppState, product: &RestockedProduct, now: i64) -> anyhow::Result<usize> {
    let waiting = store::list_waiting_requests(&state.db, &product.channel_id, &product.product_id, product.restocked_at).await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let Some(channel) = find_channel_by_id(&state.db, &product.channel_id).await? else { return Ok(0) };
    let origin = find_storefront_origin(&state.db, &product.channel_id).await?;
    let mut sent = 0;
    for request in waiting {
        if !store::update_request_notified(&state.db, &request.id, Some(now)).await? {
            continue;
        }
        let mail = restock_mail(&channel.name, &request.email, &request.name, product, origin.as_deref());
        match state.mailer.send(mail).await {
            Ok(()) => sent += 1,
            Err(error) => {
                tracing::error!(request = request.id, error = format!("{error:#}"), "a restock mail was not queued; trying again next pass");
                store::update_request_notified(&state.db, &request.id, None).await?;
            }
        }
    }
    Ok(sent)
}

/// The mail to one requester.
pub fn restock_mail(shop: &str, to: &str, name: &str, product: &RestockedProduct, origin: Option<&str>) -> OutgoingMail {
    let mut body = vec![
        format!("{name} 様"),
        String::new(),
        format!("{shop}です。入荷リクエストをいただいた商品が再入荷しました。"),
        String::new(),
        format!("商品名: {}", product.product_name),
    ];
    if let Some(origin) = origin {
        body.push(format!("{origin}/product/{}", product.product_key));
    }
    body.extend([
        String::new(),
        "在庫には限りがございます。売り切れの際はご容赦ください。".to_owned(),
        "このメールは入荷リクエストをいただいた方へ一度だけお送りしています。".to_owned(),
        String::new(),
        shop.to_owned(),
    ]);
    OutgoingMail {
        to: to.to_owned(),
        from_name: shop.to_owned(),
        subject: format!("【{shop}】再入荷のお知らせ: {}", product.product_name),
        body: body.join("\n"),
    }
}
