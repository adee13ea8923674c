//! An order's timeline: each change of its axes, each mail sent, each note and edit, and who
//! made it (a member of staff, or nobody: the customer or the shop's own processes). Written
//! in the transaction of the change it records; staff changes also go to the audit log.
use serde::Serialize;

use super::desk_store::{self, NewEvent};
use crate::infra::db::Tx;
use crate::infra::ids::{ChannelId, new_id};
use crate::staff::Staff;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// ご注文 (the checkout).
    Placed,
    /// 入金確認.
    Payment,
    Hold,
    Release,
    /// 要確認 done.
    Reviewed,
    Cancelled,
    Note,
    /// A shipment's state changed.
    Shipment,
    /// Tracking numbers given to a shipment.
    Tracking,
    /// A carrier's CSV written for the shipment.
    Export,
    Mail,
    /// 返品・返金 recorded, or its money given back.
    Refund,
}

impl EventKind {
    pub const ALL: [EventKind; 12] = [
        EventKind::Placed,
        EventKind::Payment,
        EventKind::Hold,
        EventKind::Release,
        EventKind::Reviewed,
        EventKind::Cancelled,
        EventKind::Note,
        EventKind::Shipment,
        EventKind::Tracking,
        EventKind::Export,
        EventKind::Mail,
        EventKind::Refund,
    ];

    pub fn code(self) -> &'static str {
        match self {
            EventKind::Placed => "placed",
            EventKind::Payment => "payment",
            EventKind::Hold => "hold",
            EventKind::Release => "release",
            EventKind::Reviewed => "reviewed",
            EventKind::Cancelled => "cancelled",
            EventKind::Note => "note",
            EventKind::Shipment => "shipment",
            EventKind::Tracking => "tracking",
            EventKind::Export => "export",
            EventKind::Mail => "mail",
            EventKind::Refund => "refund",
        }
    }

    pub fn parse(code: &str) -> Option<EventKind> {
        Self::ALL.into_iter().find(|kind| kind.code() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            EventKind::Placed => "ご注文",
            EventKind::Payment => "入金確認",
            EventKind::Hold => "保留",
            EventKind::Release => "保留解除",
            EventKind::Reviewed => "確認済み",
            EventKind::Cancelled => "キャンセル",
            EventKind::Note => "メモ",
            EventKind::Shipment => "出荷状態の変更",
            EventKind::Tracking => "送り状番号",
            EventKind::Export => "送り状データ出力",
            EventKind::Mail => "メール送信",
            EventKind::Refund => "返品・返金",
        }
    }
}

/// Writes one event of order `order_id` in the caller's transaction.
pub async fn record(tx: &mut Tx, channel_id: &ChannelId, order_id: &str, by: Option<&Staff>, kind: EventKind, detail: &str, at: i64) -> sqlx::Result<()> {
    let id = new_id();
    let event = NewEvent {
        id: &id,
        channel_id,
        order_id,
        at,
        staff_id: by.map(|s| s.id.as_str()),
        staff_name: by.map(|s| s.name.as_str()).unwrap_or(""),
        kind: kind.code(),
        detail,
    };
    desk_store::insert_event(&mut **tx, &event).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back() {
        for kind in EventKind::ALL {
            assert_eq!(EventKind::parse(kind.code()), Some(kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.code());
        }
    }
}
