//! What each staff role may do. The roles are the ones a small Japanese shop names: オーナー,
//! 店長, 受注担当, 出荷担当, 閲覧のみ. A handler never checks a role: it takes [`Can<P>`] for the
//! permission it needs, and the extractor answers 401 (no session of this shop) or 403.
use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Serialize;

use super::Staff;
use crate::infra::error::ApiError;
use crate::state::AppState;

pub const FORBIDDEN_CODE: &str = "staff.forbidden";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StaffRole {
    /// オーナー: everything, the audit log included.
    Owner,
    /// 店長: everything but the audit log.
    Manager,
    /// 受注担当: orders, payments, inquiries; no cancelling, no personal-data export.
    OrderClerk,
    /// 出荷担当: shipments, carriers' files, slips.
    ShippingClerk,
    /// 閲覧のみ: reads orders and inquiries, changes nothing.
    Viewer,
}

impl StaffRole {
    pub const ALL: [StaffRole; 5] = [StaffRole::Owner, StaffRole::Manager, StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer];

    pub fn as_str(self) -> &'static str {
        match self {
            StaffRole::Owner => "owner",
            StaffRole::Manager => "manager",
            StaffRole::OrderClerk => "order_clerk",
            StaffRole::ShippingClerk => "shipping_clerk",
            StaffRole::Viewer => "viewer",
        }
    }

    pub fn parse(text: &str) -> Option<StaffRole> {
        Self::ALL.into_iter().find(|role| role.as_str() == text)
    }

    pub fn label(self) -> &'static str {
        match self {
            StaffRole::Owner => "オーナー",
            StaffRole::Manager => "店長",
            StaffRole::OrderClerk => "受注担当",
            StaffRole::ShippingClerk => "出荷担当",
            StaffRole::Viewer => "閲覧のみ",
        }
    }

    pub fn permissions(self) -> Vec<Permission> {
        Permission::ALL.into_iter().filter(|permission| permission.granted_to(self)).collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Permission {
    /// Read orders, shipments and their timelines.
    OrdersView,
    /// Notes, 保留 and its release, 要確認.
    OrdersEdit,
    /// 入金確認.
    PaymentsConfirm,
    /// Shipment states, carriers' CSVs out and tracking numbers in, slips and picking lists.
    Shipping,
    /// Cancel an order on the shop's side.
    OrdersCancel,
    /// Download customers' personal data in bulk (the order list as CSV).
    PersonalDataExport,
    /// Answer inquiries and message a member.
    Inquiries,
    /// Topics, messages to every member, companies' approval.
    ShopSettings,
    /// The audit log.
    AuditLog,
    /// See products, their stock and its ledger.
    CatalogView,
    /// Move stock: 入荷, 調整, 返品戻し, 棚卸, the alert thresholds.
    Stock,
    /// Make, edit, duplicate, publish and withdraw products.
    CatalogEdit,
    /// The staff desk: disable and enable accounts, read their login history.
    StaffManage,
    /// 返品・返金: give money and points back, take stock back.
    Refund,
    /// 売上レポート: the shop's sales figures and their CSVs.
    Reports,
    /// 会員管理: search members and read one, with their purchases and points.
    MembersView,
    /// 会員管理: unlock a member's account, set or clear 要注意.
    MembersEdit,
    /// Add or take a member's points by hand, with a reason.
    PointsAdjust,
}

impl Permission {
    pub const ALL: [Permission; 18] = [
        Permission::OrdersView,
        Permission::OrdersEdit,
        Permission::PaymentsConfirm,
        Permission::Shipping,
        Permission::OrdersCancel,
        Permission::PersonalDataExport,
        Permission::Inquiries,
        Permission::ShopSettings,
        Permission::AuditLog,
        Permission::CatalogView,
        Permission::Stock,
        Permission::CatalogEdit,
        Permission::StaffManage,
        Permission::Refund,
        Permission::Reports,
        Permission::MembersView,
        Permission::MembersEdit,
        Permission::PointsAdjust,
    ];

    pub fn granted_to(self, role: StaffRole) -> bool {
        use Permission as P;
        use StaffRole as R;
        match role {
            R::Owner => true,
            R::Manager => !matches!(self, P::AuditLog | P::StaffManage),
            // The customer desk: orders, payments, inquiries, and the members who place them.
            R::OrderClerk => matches!(
                self,
                P::OrdersView | P::OrdersEdit | P::PaymentsConfirm | P::Shipping | P::Inquiries | P::CatalogView | P::MembersView | P::MembersEdit
            ),
            // The warehouse: parcels out, stock in, the shelf counted.
            R::ShippingClerk => matches!(self, P::OrdersView | P::Shipping | P::CatalogView | P::Stock),
            R::Viewer => matches!(self, P::OrdersView | P::CatalogView | P::MembersView),
        }
    }

    /// The 403's Japanese message.
    pub fn refusal(self) -> &'static str {
        match self {
            Permission::OrdersView => "注文を閲覧する権限がありません。",
            Permission::OrdersEdit => "注文を編集する権限がありません。",
            Permission::PaymentsConfirm => "入金を確認する権限がありません。",
            Permission::Shipping => "出荷を操作する権限がありません。",
            Permission::OrdersCancel => "注文をキャンセルする権限がありません。",
            Permission::PersonalDataExport => "個人情報を含むデータを出力する権限がありません。",
            Permission::Inquiries => "お問い合わせに対応する権限がありません。",
            Permission::ShopSettings => "この操作は店舗オーナーまたは店長のみ行えます。",
            Permission::AuditLog => "この操作は店舗オーナーのみ行えます。",
            Permission::CatalogView => "商品を閲覧する権限がありません。",
            Permission::Stock => "在庫を変更する権限がありません。",
            Permission::CatalogEdit => "商品を編集する権限がありません。",
            Permission::StaffManage => "スタッフを管理する権限がありません。",
            Permission::Refund => "返金する権限がありません。",
            Permission::Reports => "売上を閲覧する権限がありません。",
            Permission::MembersView => "会員情報を閲覧する権限がありません。",
            Permission::MembersEdit => "会員情報を変更する権限がありません。",
            Permission::PointsAdjust => "ポイントを調整する権限がありません。",
        }
    }
}

impl Staff {
    /// 403 with the permission's message unless the role grants it.
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if permission.granted_to(self.role) { Ok(()) } else { Err(ApiError::rule_with(StatusCode::FORBIDDEN, FORBIDDEN_CODE, permission.refusal())) }
    }

    pub fn may(&self, permission: Permission) -> bool {
        permission.granted_to(self.role)
    }
}

/// A permission as a type, so a handler's signature says what it needs: `Can<OrdersView>`.
pub trait Needs {
    const PERMISSION: Permission;
}

/// The staff member of the request's shop, holding permission `P`: 401 without a live session
/// of this shop (as [`Staff`]), 403 when the role lacks `P`.
pub struct Can<P: Needs> {
    pub staff: Staff,
    needs: PhantomData<P>,
}

impl<P: Needs> FromRequestParts<AppState> for Can<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let staff = Staff::from_request_parts(parts, state).await?;
        staff.require(P::PERMISSION)?;
        Ok(Can { staff, needs: PhantomData })
    }
}

macro_rules! needs {
    ($($name:ident),* $(,)?) => {
        $(
            #[doc = concat!("[`Permission::", stringify!($name), "`] as a type.")]
            pub struct $name;
            impl Needs for $name {
                const PERMISSION: Permission = Permission::$name;
            }
        )*
    };
}

needs!(
    OrdersView,
    OrdersEdit,
    PaymentsConfirm,
    Shipping,
    OrdersCancel,
    PersonalDataExport,
    Inquiries,
    ShopSettings,
    AuditLog,
    CatalogView,
    Stock,
    CatalogEdit,
    StaffManage,
    Refund,
    Reports,
    MembersView,
    MembersEdit,
    PointsAdjust
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_reads_back_from_its_name() {
        for role in StaffRole::ALL {
            assert_eq!(StaffRole::parse(role.as_str()), Some(role));
            assert_eq!(serde_json::to_value(role).unwrap(), role.as_str());
        }
        assert_eq!(StaffRole::parse("staff"), None);
    }

    #[test]
    fn stock_moves_in_the_office_and_the_warehouse() {
        let holders: Vec<_> = StaffRole::ALL.into_iter().filter(|r| Permission::Stock.granted_to(*r)).map(StaffRole::label).collect();
        assert_eq!(holders, ["オーナー", "店長", "出荷担当"]);
        assert!(StaffRole::ALL.into_iter().all(|r| Permission::CatalogView.granted_to(r)), "every role sees the stock");
    }

    #[test]
    fn only_the_owner_reads_the_audit_log_and_manages_staff() {
        for permission in [Permission::AuditLog, Permission::StaffManage] {
            let holders: Vec<_> = StaffRole::ALL.into_iter().filter(|r| permission.granted_to(*r)).map(StaffRole::label).collect();
            assert_eq!(holders, ["オーナー"], "{permission:?}");
        }
    }

    #[test]
    fn cancelling_personal_data_and_product_edits_are_for_owner_and_manager() {
        for permission in [
            Permission::OrdersCancel,
            Permission::PersonalDataExport,
            Permission::ShopSettings,
            Permission::CatalogEdit,
            Permission::Reports,
            Permission::PointsAdjust,
        ] {
            let holders: Vec<_> = StaffRole::ALL.into_iter().filter(|r| permission.granted_to(*r)).map(StaffRole::label).collect();
            assert_eq!(holders, ["オーナー", "店長"], "{permission:?}");
        }
    }

    #[test]
    fn the_shipping_clerk_ships_and_keeps_the_stock_and_the_viewer_reads_only() {
        assert_eq!(StaffRole::ShippingClerk.permissions(), [Permission::OrdersView, Permission::Shipping, Permission::CatalogView, Permission::Stock]);
        assert_eq!(StaffRole::Viewer.permissions(), [Permission::OrdersView, Permission::CatalogView, Permission::MembersView]);
    }

    #[test]
    fn the_order_clerk_looks_members_up_and_unlocks_them_but_moves_no_points() {
        let clerk = StaffRole::OrderClerk;
        assert!(Permission::MembersView.granted_to(clerk) && Permission::MembersEdit.granted_to(clerk));
        assert!(!Permission::PointsAdjust.granted_to(clerk) && !Permission::PersonalDataExport.granted_to(clerk));
        assert!(!Permission::MembersEdit.granted_to(StaffRole::Viewer) && !Permission::MembersView.granted_to(StaffRole::ShippingClerk));
    }
}
