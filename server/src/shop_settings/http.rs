//! ショップ情報, ご利用設定 and メンテナンスモード on the settings desk (docs/contracts/settings-store.md,
//! settings-maintenance.md): an owner or
//! 店長 reads and saves a group of the channel's settings keys. A save carries the group's version
//! (409 on a stale one), writes only what changed and is audited with before and after; the next
//! request on every instance reads it (the channel's name within the channel cache's second).
//! The keys and their rules are `channel`'s (`settings_group`, `shop_info`, `switches`,
//! `maintenance`, whose state is on the channel's row); these handlers live a floor up because
//! `channel` cannot take the staff extractor.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channel::maintenance::{self, Maintenance};
use crate::channel::settings_group::{Change, SettingsGroup};
use crate::channel::shop_info::{self, ADDRESS_SETTING, NAME_SETTING, REGISTRATION_SETTING, ShopInfo};
use crate::channel::switches::{self, Switches, SwitchesForm};
use crate::channel::{Channel, settings::CONTACT_EMAIL_SETTING, store};
use crate::infra::error::{ApiError, ApiResult, ErrorBody};
use crate::infra::extract::ApiJson;
use crate::staff::Staff;
use crate::staff::answer::AdminAnswer;
use crate::staff::audit::{self, AuditAction};
use crate::staff::permission::{Can, ShopSettings};
use crate::state::AppState;

const STALE_CODE: &str = "settings.stale";
const STALE_MESSAGE: &str = "この設定は他の画面で更新されました。画面を読み込み直してください。";
const VERSION_MESSAGE: &str = "版番号がありません。画面を読み込み直してください。";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(store_info, save_store_info))
        .routes(routes!(storefront_switches, save_storefront_switches))
        .routes(routes!(maintenance_settings, save_maintenance))
}

/// ショップ情報 as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StoreInfoSettings {
    /// The sum of the four keys' versions (0 while none was ever stored).
    pub version: i64,
    /// SITE.NAME: the header, page titles, mails and receipts.
    pub shop_name: String,
    /// SITE.COMPANY_ADDRESS: printed under the shop's name on receipts and quotations.
    pub company_address: String,
    /// SITE.INVOICE_REGISTRATION_NUMBER: `T` + 13 digits, or empty (none printed).
    pub invoice_registration_number: String,
    /// SHOP.CONTACT_EMAIL: where inquiries and new-order notices go; empty: the mail sender address.
    pub contact_email: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StoreInfoInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = String)]
    pub shop_name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub company_address: Option<String>,
    /// Typed as the owner likes (`Ｔ１２３４-…`): answered normalised.
    #[schema(required = true, value_type = String)]
    pub invoice_registration_number: Option<String>,
    #[schema(required = true, value_type = String)]
    pub contact_email: Option<String>,
}

/// ご利用設定 as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StorefrontSwitches {
    /// The sum of the eight keys' versions.
    pub version: i64,
    /// ORDER.SHIPPING.IS_ALLOW_MULTIPLE: a member may send one order to several addresses.
    pub allow_multiple_shipping: bool,
    /// PLUGIN.TEMPORARY_STOP_SELLING.IS_USE: the temporary stop is in use.
    pub stop_selling_is_use: bool,
    /// PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING: false (with the stop in use) stops selling.
    pub stop_selling_is_selling: bool,
    /// NO_MEMBER_USE: member-only pages no longer ask visitors to log in.
    pub no_member_use: bool,
    /// AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN.
    pub verify_email_at_first_login: bool,
    /// AUTH.IS_MFA: every password login also needs a code sent by mail.
    pub is_mfa: bool,
    /// AUTH.PASSWORD_EXPIRE_DAYS: null, passwords never expire.
    pub password_expire_days: Option<i64>,
    /// MEMBER.ADDRESS_LIMIT: the address book's size, the own address included.
    pub address_limit: i64,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StorefrontSwitchesInput {
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = bool)]
    pub allow_multiple_shipping: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub stop_selling_is_use: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub stop_selling_is_selling: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub no_member_use: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub verify_email_at_first_login: Option<bool>,
    #[schema(required = true, value_type = bool)]
    pub is_mfa: Option<bool>,
    /// null: never.
    #[schema(required = true)]
    pub password_expire_days: Option<i64>,
    #[schema(required = true, value_type = i64)]
    pub address_limit: Option<i64>,
}

fn shop_info_of(group: &SettingsGroup, channel: &Channel) -> ShopInfo {
    ShopInfo {
        shop_name: group.value(NAME_SETTING, channel.name.clone()),
        company_address: group.value(ADDRESS_SETTING, String::new()),
        invoice_registration_number: group.value(REGISTRATION_SETTING, String::new()),
        contact_email: group.value(CONTACT_EMAIL_SETTING, String::new()),
    }
}

fn store_info_answer(version: i64, info: ShopInfo) -> StoreInfoSettings {
    StoreInfoSettings {
        version,
        shop_name: info.shop_name,
        company_address: info.company_address,
        invoice_registration_number: info.invoice_registration_number,
        contact_email: info.contact_email,
    }
}

fn switches_answer(version: i64, s: Switches) -> StorefrontSwitches {
    StorefrontSwitches {
        version,
        allow_multiple_shipping: s.allow_multiple_shipping,
        stop_selling_is_use: s.stop_selling_is_use,
        stop_selling_is_selling: s.stop_selling_is_selling,
        no_member_use: s.no_member_use,
        verify_email_at_first_login: s.verify_email_at_first_login,
        is_mfa: s.is_mfa,
        password_expire_days: s.password_expire_days,
        address_limit: s.address_limit,
    }
}

fn stale() -> ApiError {
    ApiError::rule_with(StatusCode::CONFLICT, STALE_CODE, STALE_MESSAGE)
}

/// Writes a group's changes with their audit line if the screen's `version` is still the
/// group's; the version the group has after it.
async fn save_group(
    state: &AppState,
    channel: &Channel,
    staff: &Staff,
    group: &SettingsGroup,
    version: i64,
    changes: &[Change],
    audit_line: &str,
) -> ApiResult<i64> {
    if group.version() != version {
        return Err(stale());
    }
    if changes.is_empty() {
        return Ok(version);
    }
    let mut tx = state.db.begin_write().await?;
    if !group.save(&mut tx, &channel.id, changes).await? {
        return Err(stale());
    }
    if let Some(name) = changes.iter().find(|change| change.key == NAME_SETTING) {
        let name: String = serde_json::from_str(&name.json).map_err(|error| ApiError::Internal(error.into()))?;
        store::rename_channel(&mut tx, &channel.id, &name).await?;
    }
    audit::record_in(&mut tx, staff, AuditAction::SettingsUpdate, audit_line).await?;
    tx.commit().await?;
    if changes.iter().any(|change| change.key == NAME_SETTING) {
        state.channels.invalidate_all();
    }
    Ok(version + changes.len() as i64)
}

#[utoipa::path(get, path = "/v1/admin/settings/store", operation_id = "admin_store_info", tag = "admin",
    responses((status = 200, body = StoreInfoSettings, description = "the shop's name, address, registration number and notice address"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn store_info(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<StoreInfoSettings>>> {
    let group = SettingsGroup::load(&state.db, &channel.id, shop_info::KEYS).await?;
    Ok(AdminAnswer::ok(Json(store_info_answer(group.version(), shop_info_of(&group, &channel)))))
}

#[utoipa::path(put, path = "/v1/admin/settings/store", operation_id = "admin_save_store_info", tag = "admin",
    request_body = StoreInfoInput,
    responses((status = 200, body = StoreInfoSettings, description = "saved (normalised): the next request on every instance reads it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.shop_name`, `errors.company_address`, `errors.invoice_registration_number`, `errors.contact_email`, `errors.version`")))]
pub async fn save_store_info(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<StoreInfoInput>,
) -> ApiResult<AdminAnswer<Json<StoreInfoSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let info =
        shop_info::check(&text(&input.shop_name), &text(&input.company_address), &text(&input.invoice_registration_number), &text(&input.contact_email))?;
    let group = SettingsGroup::load(&state.db, &channel.id, shop_info::KEYS).await?;
    let before = shop_info_of(&group, &channel);
    let changes = SettingsGroup::changes(&before.entries(), &info.entries());
    let version = save_group(&state, &channel, &staff, &group, version, &changes, &shop_info::describe_change(&before, &info)).await?;
    Ok(AdminAnswer::ok(Json(store_info_answer(version, info))))
}

#[utoipa::path(get, path = "/v1/admin/settings/storefront", operation_id = "admin_storefront_switches", tag = "admin",
    responses((status = 200, body = StorefrontSwitches, description = "the switches spec 000 §3 names and the login's safety settings"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn storefront_switches(State(state): State<AppState>, channel: Channel, _can: Can<ShopSettings>) -> ApiResult<AdminAnswer<Json<StorefrontSwitches>>> {
    let group = SettingsGroup::load(&state.db, &channel.id, switches::KEYS).await?;
    Ok(AdminAnswer::ok(Json(switches_answer(group.version(), Switches::of(&group)))))
}

#[utoipa::path(put, path = "/v1/admin/settings/storefront", operation_id = "admin_save_storefront_switches", tag = "admin",
    request_body = StorefrontSwitchesInput,
    responses((status = 200, body = StorefrontSwitches, description = "saved: the next request on every instance reads it"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: saved elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "a switch not chosen, `errors.password_expire_days`, `errors.address_limit`, `errors.version`")))]
pub async fn save_storefront_switches(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<StorefrontSwitchesInput>,
) -> ApiResult<AdminAnswer<Json<StorefrontSwitches>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let switches = switches::check(&SwitchesForm {
        allow_multiple_shipping: input.allow_multiple_shipping,
        stop_selling_is_use: input.stop_selling_is_use,
        stop_selling_is_selling: input.stop_selling_is_selling,
        no_member_use: input.no_member_use,
        verify_email_at_first_login: input.verify_email_at_first_login,
        is_mfa: input.is_mfa,
        password_expire_days: input.password_expire_days,
        address_limit: input.address_limit,
    })?;
    let group = SettingsGroup::load(&state.db, &channel.id, switches::KEYS).await?;
    let before = Switches::of(&group);
    let changes = SettingsGroup::changes(&before.entries(), &switches.entries());
    let version = save_group(&state, &channel, &staff, &group, version, &changes, &switches::describe_change(&before, &switches)).await?;
    Ok(AdminAnswer::ok(Json(switches_answer(version, switches))))
}

/// メンテナンスモード as the desk shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MaintenanceSettings {
    /// Every switch adds 1, from this screen or the `shop channel maintenance` command.
    pub version: i64,
    /// True: the shop is closed to customers (its storefront calls answer 503 with the texts).
    pub is_on: bool,
    /// The maintenance page's heading.
    pub title: String,
    /// What the maintenance page tells customers (plain text).
    pub message: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MaintenanceInput {
    /// The version the screen showed.
    #[schema(required = true, value_type = i64)]
    pub version: Option<i64>,
    #[schema(required = true, value_type = bool)]
    pub is_on: Option<bool>,
    /// Required while on, at most 100 characters.
    #[schema(required = true, value_type = String)]
    pub title: Option<String>,
    /// Required while on, at most 1,000 characters.
    #[schema(required = true, value_type = String)]
    pub message: Option<String>,
}

fn maintenance_answer(row: &store::MaintenanceRow) -> MaintenanceSettings {
    MaintenanceSettings {
        version: row.maintenance_version,
        is_on: row.maintenance_on != 0,
        title: row.maintenance_title.clone(),
        message: row.maintenance_message.clone(),
    }
}

async fn maintenance_row(state: &AppState, channel: &Channel) -> ApiResult<store::MaintenanceRow> {
    store::find_maintenance(&state.db, &channel.id).await?.ok_or_else(ApiError::not_found)
}

#[utoipa::path(get, path = "/v1/admin/settings/maintenance", operation_id = "admin_maintenance_settings", tag = "admin",
    responses((status = 200, body = MaintenanceSettings, description = "whether the shop is closed to customers, and what they are told"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "`staff.forbidden`: owners and 店長 only")))]
pub async fn maintenance_settings(
    State(state): State<AppState>,
    channel: Channel,
    _can: Can<ShopSettings>,
) -> ApiResult<AdminAnswer<Json<MaintenanceSettings>>> {
    Ok(AdminAnswer::ok(Json(maintenance_answer(&maintenance_row(&state, &channel).await?))))
}

#[utoipa::path(put, path = "/v1/admin/settings/maintenance", operation_id = "admin_save_maintenance", tag = "admin",
    request_body = MaintenanceInput,
    responses((status = 200, body = MaintenanceSettings, description = "saved: every instance closes or opens the shop within a second; the back office stays open"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "`settings.stale`: switched elsewhere since the screen read it"),
        (status = 422, body = ErrorBody, description = "`errors.is_on`, `errors.title`, `errors.message`, `errors.version`")))]
pub async fn save_maintenance(
    State(state): State<AppState>,
    channel: Channel,
    Can { staff, .. }: Can<ShopSettings>,
    ApiJson(input): ApiJson<MaintenanceInput>,
) -> ApiResult<AdminAnswer<Json<MaintenanceSettings>>> {
    let version = input.version.ok_or_else(|| ApiError::field("version", VERSION_MESSAGE))?;
    let after = maintenance::check(input.is_on, input.title.as_deref().unwrap_or_default(), input.message.as_deref().unwrap_or_default())?;
    let row = maintenance_row(&state, &channel).await?;
    if row.maintenance_version != version {
        return Err(stale());
    }
    let before = Maintenance { is_on: row.maintenance_on != 0, title: row.maintenance_title.clone(), message: row.maintenance_message.clone() };
    if before == after {
        return Ok(AdminAnswer::ok(Json(maintenance_answer(&row))));
    }
    let mut tx = state.db.begin_write().await?;
    if !store::update_maintenance_at_version(&mut tx, &channel.id, version, after.is_on, &after.title, &after.message).await? {
        return Err(stale());
    }
    audit::record_in(&mut tx, &staff, AuditAction::SettingsUpdate, &maintenance::describe_change(&before, &after)).await?;
    tx.commit().await?;
    // This instance at once; the others within the channel cache's second.
    state.channels.invalidate_all();
    Ok(AdminAnswer::ok(Json(maintenance_answer(&maintenance_row(&state, &channel).await?))))
}
