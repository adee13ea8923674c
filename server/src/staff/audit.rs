//! The audit log: every change staff make (and every login, logout and failed login of a
//! known account) with who, what and when. Features call [`record`] (or [`record_in`] inside
//! their own transaction, so the entry stands or falls with the change).
use serde::Serialize;

use super::Staff;
use super::store::{self, NewAuditEntry};
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, new_id};
use crate::infra::time::Timestamp;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    Login,
    Logout,
    LoginFailed,
    InquiryReply,
    InquiryStatus,
    InquiryNote,
    TopicCreate,
    TopicUpdate,
    TopicDelete,
    SystemMessageSend,
    /// 請求書払い allowed for a company (corporate shops).
    InvoiceApprove,
    InvoiceRevoke,
    /// The order desk (issue 30): 入金確認, 保留 and its release, キャンセル, notes (and 要確認 done),
    /// a shipment's state, a carrier's file written, tracking numbers read in, a mail resent.
    OrderPayment,
    OrderHold,
    OrderRelease,
    OrderCancel,
    OrderNote,
    ShipmentState,
    ShipmentExport,
    TrackingImport,
    OrderMail,
    /// 返品・返金 recorded; a manual refund's transfer done.
    OrderRefund,
    OrderRefundComplete,
    /// The stock desk (issue 31): 入荷 / 調整 / 返品戻し, 棚卸, the alert threshold.
    StockAdjust,
    StockCount,
    StockThreshold,
    /// The product desk (issue 31): a product made, edited, duplicated, published or withdrawn.
    ProductCreate,
    ProductUpdate,
    ProductDuplicate,
    ProductPublication,
    /// The taxonomy desk: a category, maker, brand or tag made, changed (renamed, moved, its
    /// password) or deleted.
    TaxonomyCreate,
    TaxonomyUpdate,
    TaxonomyDelete,
    /// The review desk: a review published or hidden, or deleted.
    ReviewModerate,
    ReviewDelete,
    CatalogImport,
    CatalogGrid,
    /// The staff desk: an account disabled or enabled (unlocked) by an owner.
    StaffDisable,
    StaffEnable,
    /// The settings desk: a setting saved (送料設定 …), with what it changed.
    SettingsUpdate,
    /// The staff desk: someone invited by mail, an invitation cancelled, a role changed, an
    /// authenticator reset; and the person's own completion of an enrolment link.
    StaffInvite,
    StaffInviteCancel,
    StaffRoleChange,
    StaffResetAuthenticator,
    StaffEnrol,
    /// The page desk: a static page saved (published, back to draft, its text), with what changed.
    PageUpdate,
    /// The member desk: a member's failed logins cleared.
    MemberUnlock,
    /// The member desk: 要注意 set or cleared, with its note before and after.
    MemberCaution,
    /// The member list downloaded as CSV, with how many rows.
    MemberExport,
    /// A member's points added or taken by hand, with the reason.
    PointsAdjust,
    /// The news desk: an item made, saved (with what changed) or deleted.
    NewsCreate,
    NewsUpdate,
    NewsDelete,
    /// The coupon desk: a coupon made, saved (with what changed) or deleted.
    CouponCreate,
    CouponUpdate,
    CouponDelete,
}

impl AuditAction {
    pub const ALL: [AuditAction; 56] = [
        AuditAction::Login,
        AuditAction::Logout,
        AuditAction::LoginFailed,
        AuditAction::InquiryReply,
        AuditAction::InquiryStatus,
        AuditAction::InquiryNote,
        AuditAction::TopicCreate,
        AuditAction::TopicUpdate,
        AuditAction::TopicDelete,
        AuditAction::SystemMessageSend,
        AuditAction::InvoiceApprove,
        AuditAction::InvoiceRevoke,
        AuditAction::OrderPayment,
        AuditAction::OrderHold,
        AuditAction::OrderRelease,
        AuditAction::OrderCancel,
        AuditAction::OrderNote,
        AuditAction::ShipmentState,
        AuditAction::ShipmentExport,
        AuditAction::TrackingImport,
        AuditAction::OrderMail,
        AuditAction::OrderRefund,
        AuditAction::OrderRefundComplete,
        AuditAction::StockAdjust,
        AuditAction::StockCount,
        AuditAction::StockThreshold,
        AuditAction::ProductCreate,
        AuditAction::ProductUpdate,
        AuditAction::ProductDuplicate,
        AuditAction::ProductPublication,
        AuditAction::TaxonomyCreate,
        AuditAction::TaxonomyUpdate,
        AuditAction::TaxonomyDelete,
        AuditAction::ReviewModerate,
        AuditAction::ReviewDelete,
        AuditAction::CatalogImport,
        AuditAction::CatalogGrid,
        AuditAction::StaffDisable,
        AuditAction::StaffEnable,
        AuditAction::SettingsUpdate,
        AuditAction::PageUpdate,
        AuditAction::StaffInvite,
        AuditAction::StaffInviteCancel,
        AuditAction::StaffRoleChange,
        AuditAction::StaffResetAuthenticator,
        AuditAction::StaffEnrol,
        AuditAction::MemberUnlock,
        AuditAction::MemberCaution,
        AuditAction::MemberExport,
        AuditAction::PointsAdjust,
        AuditAction::NewsCreate,
        AuditAction::NewsUpdate,
        AuditAction::NewsDelete,
        AuditAction::CouponCreate,
        AuditAction::CouponUpdate,
        AuditAction::CouponDelete,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::Login => "login",
            AuditAction::Logout => "logout",
            AuditAction::LoginFailed => "login_failed",
            AuditAction::InquiryReply => "inquiry_reply",
            AuditAction::InquiryStatus => "inquiry_status",
            AuditAction::InquiryNote => "inquiry_note",
            AuditAction::TopicCreate => "topic_create",
            AuditAction::TopicUpdate => "topic_update",
            AuditAction::TopicDelete => "topic_delete",
            AuditAction::SystemMessageSend => "system_message_send",
            AuditAction::InvoiceApprove => "invoice_approve",
            AuditAction::InvoiceRevoke => "invoice_revoke",
            AuditAction::OrderPayment => "order_payment",
            AuditAction::OrderHold => "order_hold",
            AuditAction::OrderRelease => "order_release",
            AuditAction::OrderCancel => "order_cancel",
            AuditAction::OrderNote => "order_note",
            AuditAction::ShipmentState => "shipment_state",
            AuditAction::ShipmentExport => "shipment_export",
            AuditAction::TrackingImport => "tracking_import",
            AuditAction::OrderMail => "order_mail",
            AuditAction::OrderRefund => "order_refund",
            AuditAction::OrderRefundComplete => "order_refund_complete",
            AuditAction::StockAdjust => "stock_adjust",
            AuditAction::StockCount => "stock_count",
            AuditAction::StockThreshold => "stock_threshold",
            AuditAction::ProductCreate => "product_create",
            AuditAction::ProductUpdate => "product_update",
            AuditAction::ProductDuplicate => "product_duplicate",
            AuditAction::ProductPublication => "product_publication",
            AuditAction::TaxonomyCreate => "taxonomy_create",
            AuditAction::TaxonomyUpdate => "taxonomy_update",
            AuditAction::TaxonomyDelete => "taxonomy_delete",
            AuditAction::ReviewModerate => "review_moderate",
            AuditAction::ReviewDelete => "review_delete",
            AuditAction::CatalogImport => "catalog_import",
            AuditAction::CatalogGrid => "catalog_grid",
            AuditAction::StaffDisable => "staff_disable",
            AuditAction::StaffEnable => "staff_enable",
            AuditAction::SettingsUpdate => "settings_update",
            AuditAction::PageUpdate => "page_update",
            AuditAction::StaffInvite => "staff_invite",
            AuditAction::StaffInviteCancel => "staff_invite_cancel",
            AuditAction::StaffRoleChange => "staff_role_change",
            AuditAction::StaffResetAuthenticator => "staff_reset_authenticator",
            AuditAction::StaffEnrol => "staff_enrol",
            AuditAction::MemberUnlock => "member_unlock",
            AuditAction::MemberCaution => "member_caution",
            AuditAction::MemberExport => "member_export",
            AuditAction::PointsAdjust => "points_adjust",
            AuditAction::NewsCreate => "news_create",
            AuditAction::NewsUpdate => "news_update",
            AuditAction::NewsDelete => "news_delete",
            AuditAction::CouponCreate => "coupon_create",
            AuditAction::CouponUpdate => "coupon_update",
            AuditAction::CouponDelete => "coupon_delete",
        }
    }

    pub fn parse(text: &str) -> Option<AuditAction> {
        Self::ALL.into_iter().find(|action| action.as_str() == text)
    }
}

fn entry<'a>(id: &'a str, staff: &'a Staff, action: AuditAction, target: &'a str) -> NewAuditEntry<'a> {
    NewAuditEntry { id, channel_id: &staff.channel_id, staff_id: &staff.id, action: action.as_str(), target, at: Timestamp::now().0 }
}

/// Writes one entry on its own.
pub async fn record(db: &Db, staff: &Staff, action: AuditAction, target: &str) -> sqlx::Result<()> {
    let id = new_id();
    store::insert_audit(&db.pool, &entry(&id, staff, action, target)).await
}

/// Writes one entry for a staff member known by id (a background job acting for them).
pub async fn record_by_id(db: &Db, channel_id: &ChannelId, staff_id: &str, action: AuditAction, target: &str) -> sqlx::Result<()> {
    let id = new_id();
    store::insert_audit(&db.pool, &NewAuditEntry { id: &id, channel_id, staff_id, action: action.as_str(), target, at: Timestamp::now().0 }).await
}

/// Writes one entry inside the caller's transaction.
pub async fn record_in(tx: &mut Tx, staff: &Staff, action: AuditAction, target: &str) -> sqlx::Result<()> {
    let id = new_id();
    store::insert_audit(&mut **tx, &entry(&id, staff, action, target)).await
}

/// Writes one entry per target, by one staff member for one action, inside the caller's
/// transaction, a few hundred rows per statement.
pub async fn record_many_in(tx: &mut Tx, staff: &Staff, action: AuditAction, targets: &[String]) -> sqlx::Result<()> {
    let ids: Vec<String> = targets.iter().map(|_| new_id()).collect();
    let entries: Vec<NewAuditEntry<'_>> = ids.iter().zip(targets).map(|(id, target)| entry(id, staff, action, target)).collect();
    store::insert_audit_many(tx, &entries).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_name() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
            assert_eq!(serde_json::to_value(action).unwrap(), action.as_str());
        }
        assert_eq!(AuditAction::parse("drop_table"), None);
    }
}
