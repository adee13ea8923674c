//! Sending the inquiry mails through the one mailer: who gets which text (mails.rs), the links
//! they carry (the inquiry's storefront origin), the shop's address (`SHOP.CONTACT_EMAIL`,
//! else the mail sender address). A guest's mail gets a freshly minted thread token.
use super::mails::{self, About};
use super::store::InquiryRow;
use crate::channel::Channel;
use crate::channel::settings::load_setting;
use crate::infra::error::ApiResult;
use crate::members::mails::send_mail;
use crate::state::AppState;

pub use crate::channel::settings::CONTACT_EMAIL_SETTING;

/// The shop's name as mails show it.
async fn shop_name(state: &AppState, channel: &Channel) -> ApiResult<String> {
    Ok(load_setting(&state.db, &channel.id, "SITE.NAME", channel.name.clone()).await?)
}

/// Where the shop's notices go.
async fn shop_address(state: &AppState, channel: &Channel) -> ApiResult<String> {
    Ok(crate::channel::settings::shop_notice_address(&state.db, &channel.id, &state.config.mail_from).await?)
}

fn about(row: &InquiryRow) -> About<'_> {
    About { number: &row.number, topic: row.topic_name.as_deref().unwrap_or("(種別なし)"), name: &row.contact.name }
}

/// The guest's thread page with `token`.
pub fn thread_link(row: &InquiryRow, token: &str) -> String {
    format!("{}/contact/thread/{}?t={token}", row.link_origin, row.inquiry_key)
}

/// The member area's page of the inquiry.
pub fn member_link(row: &InquiryRow) -> String {
    format!("{}/mypage/inquiry_history/{}", row.link_origin, row.inquiry_key)
}

fn admin_link(row: &InquiryRow) -> String {
    format!("{}/admin/inquiries/{}", row.link_origin, row.inquiry_key)
}

/// A new inquiry: the receipt to the customer (`guest_token`: the thread token minted for it)
/// and the notice to the shop.
pub async fn inquiry_received(state: &AppState, channel: &Channel, row: &InquiryRow, body: &str, guest_token: Option<&str>) -> ApiResult<()> {
    let shop = shop_name(state, channel).await?;
    let link = match guest_token {
        Some(token) => thread_link(row, token),
        None => member_link(row),
    };
    send_mail(state, mails::receipt(&shop, &row.contact.email, &about(row), body, &link, guest_token.is_some())).await?;
    let to = shop_address(state, channel).await?;
    send_mail(state, mails::shop_notice(&shop, &to, &about(row), &row.contact.email, &row.contact.phone, body, &admin_link(row))).await
}

/// The customer wrote again: a notice to the shop.
pub async fn customer_replied(state: &AppState, channel: &Channel, row: &InquiryRow, body: &str) -> ApiResult<()> {
    let shop = shop_name(state, channel).await?;
    let to = shop_address(state, channel).await?;
    send_mail(state, mails::shop_reply_notice(&shop, &to, &about(row), body, &admin_link(row))).await
}

/// The shop replied: a member is sent to the member area, a guest gets the reply and a fresh
/// thread link (`guest_token`, minted with the reply).
pub async fn shop_replied(state: &AppState, channel: &Channel, row: &InquiryRow, reply: &str, guest_token: Option<&str>) -> ApiResult<()> {
    let shop = shop_name(state, channel).await?;
    let mail = match guest_token {
        Some(token) => mails::reply_to_guest(&shop, &row.contact.email, &about(row), reply, &thread_link(row, token)),
        None => mails::reply_to_member(&shop, &row.contact.email, &about(row), &member_link(row)),
    };
    send_mail(state, mail).await
}
