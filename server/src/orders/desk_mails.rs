//! The order desk's mails: 新規注文のお知らせ to the shop, 入金確認 and 発送完了 to the
//! customer. (キャンセル受付 is `mails::cancelled`, shared with the customer's own cancel.)
//! Each can be switched off per shop with the setting `ORDER_DESK.MAILS`.
use serde::Deserialize;

use super::store::OrderRow;
use crate::documents::yen;
use crate::infra::mail::OutgoingMail;

pub const SETTING: &str = "ORDER_DESK.MAILS";

/// The checkout's order confirmation mail for an order (None: it has no address), handed down
/// by `state.rs` (the checkout is floors above the orders).
pub type ConfirmationMail = for<'a> fn(
    &'a crate::state::AppState,
    &'a crate::channel::Channel,
    &'a OrderRow,
) -> std::pin::Pin<Box<dyn Future<Output = crate::infra::error::ApiResult<Option<OutgoingMail>>> + Send + 'a>>;

/// A customer's mail staff may send again from the order page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resend {
    /// ご注文確認 (without a guest's receipt link, which only the buyer's token opens).
    OrderReceived,
    /// 入金確認 of a settled bank transfer.
    PaymentConfirmed,
    /// 発送完了 of one shipment that has left.
    Shipped,
    /// キャンセル受付 with the reason.
    Cancelled,
}

impl Resend {
    pub const ALL: [Resend; 4] = [Resend::OrderReceived, Resend::PaymentConfirmed, Resend::Shipped, Resend::Cancelled];

    pub fn code(self) -> &'static str {
        match self {
            Resend::OrderReceived => "order_received",
            Resend::PaymentConfirmed => "payment_confirmed",
            Resend::Shipped => "shipped",
            Resend::Cancelled => "cancelled",
        }
    }

    pub fn parse(code: &str) -> Option<Resend> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            Resend::OrderReceived => "ご注文確認",
            Resend::PaymentConfirmed => "入金確認",
            Resend::Shipped => "発送完了",
            Resend::Cancelled => "キャンセル受付",
        }
    }
}

/// Which of the desk's mails the shop sends (all, unless the setting turns one off).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct MailSwitches {
    pub new_order: bool,
    pub payment_confirmed: bool,
    pub shipped: bool,
    pub cancelled: bool,
}

impl Default for MailSwitches {
    fn default() -> Self {
        MailSwitches { new_order: true, payment_confirmed: true, shipped: true, cancelled: true }
    }
}

fn footer(shop: &str) -> String {
    format!("\n\n※このメールは送信専用です。ご不明な点はお問い合わせフォームからご連絡ください。\n\n{shop}\n")
}

fn greeting(name: &str) -> String {
    if name.is_empty() { "お客様".to_owned() } else { format!("{name} 様") }
}

/// To the shop: a new order arrived.
pub fn new_order(shop: &str, to: &str, order: &OrderRow, orderer_name: &str, desk_link: &str) -> OutgoingMail {
    let body = [
        "新しいご注文が入りました。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("ご注文者: {}", if orderer_name.is_empty() { "(未入力)" } else { orderer_name }),
        format!("お支払い方法: {}", order.payment_name),
        format!("ご注文金額: {}", yen(order.total_payment)),
        String::new(),
        format!("受注管理で確認する: {desk_link}"),
    ]
    .join("\n");
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】新規注文のお知らせ（{}）", order.order_no), body }
}

/// To the customer: the bank transfer is in.
pub fn payment_confirmed(shop: &str, to: &str, name: &str, order: &OrderRow, paid_on: &str) -> OutgoingMail {
    let mut body = [
        greeting(name),
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        "ご注文代金のお振込みを確認いたしました。商品の発送まで今しばらくお待ちください。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("ご入金額: {}", yen(order.paid_amount)),
        format!("ご入金日: {paid_on}"),
    ]
    .join("\n");
    body.push_str(&footer(shop));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】ご入金確認のお知らせ"), body }
}

/// To the customer: the transfer's deadline is near (入金督促).
pub fn payment_reminder(shop: &str, to: &str, name: &str, order: &OrderRow, due_on: &str, bank_lines: &[String]) -> OutgoingMail {
    let mut lines = vec![
        greeting(name),
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        format!("ご注文代金のお振込み期限（{due_on}）が近づいております。まだお振込みがお済みでない場合は、期限までにお手続きをお願いいたします。"),
        "行き違いでお振込みいただいている場合は、ご容赦ください。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("ご請求金額: {}", yen(order.total_payment)),
    ];
    if order.paid_amount > 0 {
        lines.push(format!("ご入金済み: {}（残り {}）", yen(order.paid_amount), yen((order.total_payment - order.paid_amount).max(0))));
    }
    lines.push(String::new());
    lines.extend(bank_lines.iter().cloned());
    let mut body = lines.join("\n");
    body.push_str(&footer(shop));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】お振込み期限のお知らせ"), body }
}

/// A parcel's tracking number and where to follow it.
pub struct Tracked {
    pub carrier_label: String,
    pub number: String,
    pub url: Option<String>,
}

/// To the customer: a parcel left, with its tracking numbers and links.
pub fn shipped(shop: &str, to: &str, name: &str, order: &OrderRow, address_line: &str, tracked: &[Tracked], order_link: &str) -> OutgoingMail {
    let mut lines = vec![
        greeting(name),
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        "ご注文の商品を発送いたしました。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("お届け先: {address_line}"),
    ];
    for parcel in tracked {
        lines.push(format!("配送業者: {}", parcel.carrier_label));
        lines.push(format!("お問い合わせ伝票番号: {}", parcel.number));
        if let Some(url) = &parcel.url {
            lines.push(format!("配送状況の確認: {url}"));
        }
    }
    lines.push(String::new());
    lines.push(format!("ご注文の詳細: {order_link}"));
    let mut body = lines.join("\n");
    body.push_str(&footer(shop));
    OutgoingMail { to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】商品発送のお知らせ"), body }
}

/// What a refund mail says of the refund.
pub struct RefundMailFacts<'a> {
    pub refund_no: i64,
    /// `商品名（バリエーション） × 数量`, one per returned line.
    pub lines: &'a [String],
    pub amount: i64,
    /// クレジットカード返金, 振込返金 or 返金なし.
    pub method_label: &'a str,
    pub is_card: bool,
    pub points_returned: i64,
    pub points_revoked: i64,
    /// The money is back already (a card refund the gateway made while the request waited).
    pub done: bool,
}

/// To the customer: 返品・返金 recorded (返品受付).
pub fn return_accepted(shop: &str, to: &str, name: &str, order: &OrderRow, facts: &RefundMailFacts<'_>) -> OutgoingMail {
    let mut lines = vec![
        greeting(name),
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        "次のご注文の返品・返金を承りました。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
    ];
    if !facts.lines.is_empty() {
        lines.push("返品の商品:".to_owned());
        lines.extend(facts.lines.iter().map(|line| format!("・{line}")));
    }
    if facts.amount > 0 {
        lines.push(format!("返金額: {}（{}）", yen(facts.amount), facts.method_label));
    } else {
        lines.push("返金額: なし".to_owned());
    }
    push_points(&mut lines, facts);
    lines.push(String::new());
    match (facts.amount > 0, facts.is_card, facts.done) {
        (false, _, _) => {}
        (true, true, true) => {
            lines.push("クレジットカードへの返金手続きは完了しています。カード会社によっては、ご利用明細への反映までお時間がかかる場合があります。".to_owned())
        }
        (true, true, false) => lines.push("クレジットカードへの返金手続きが完了しましたら、改めてお知らせいたします。".to_owned()),
        (true, false, _) => lines.push("ご指定の口座へのお振込みが完了しましたら、改めてお知らせいたします。".to_owned()),
    }
    let mut body = lines.join("\n");
    body.push_str(&footer(shop));
    OutgoingMail {
        to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】返品を承りました（ご注文番号 {}）", order.order_no), body
    }
}

/// To the customer: the money went back (返金完了).
pub fn refund_completed(shop: &str, to: &str, name: &str, order: &OrderRow, facts: &RefundMailFacts<'_>) -> OutgoingMail {
    let mut lines = vec![
        greeting(name),
        String::new(),
        format!("{shop}をご利用いただきありがとうございます。"),
        "次のご注文の返金が完了いたしました。".to_owned(),
        String::new(),
        format!("ご注文番号: {}", order.order_no),
        format!("返金額: {}（{}）", yen(facts.amount), facts.method_label),
        String::new(),
    ];
    if facts.is_card {
        lines.push("カード会社によっては、ご利用明細への反映までお時間がかかる場合があります。".to_owned());
    } else {
        lines.push("ご指定の口座へお振込みいたしました。ご確認をお願いいたします。".to_owned());
    }
    let mut body = lines.join("\n");
    body.push_str(&footer(shop));
    OutgoingMail {
        to: to.to_owned(), from_name: shop.to_owned(), subject: format!("【{shop}】返金完了のお知らせ（ご注文番号 {}）", order.order_no), body
    }
}

fn push_points(lines: &mut Vec<String>, facts: &RefundMailFacts<'_>) {
    if facts.points_returned > 0 {
        lines.push(format!("ご利用ポイントの返却: {}ポイント", facts.points_returned));
    }
    if facts.points_revoked > 0 {
        lines.push(format!("獲得ポイントの取り消し: {}ポイント", facts.points_revoked));
    }
}
