//! Enrolment links (docs/contracts/staff-enrolment.md): how a person becomes staff without a
//! command line — an owner invites them — and how a lost authenticator is replaced — an owner
//! resets it. Both mail the person a link, valid once and for [`LIFETIME_MS`], where they choose
//! a password and add a fresh TOTP secret, proving it with a code. The rules and the mails are
//! here; the handlers are `http/enrolment.rs` (the link's two steps and the invitations) and
//! `http/admin.rs` (the reset); every statement is in `store.rs`.
use axum::http::{HeaderMap, header};
use serde::Serialize;

use super::store::{self, NewEnrolment};
use super::{Staff, StaffRole, create, login, totp};
use crate::channel::Channel;
use crate::infra::db::Tx;
use crate::infra::error::{ApiError, ApiResult, FieldErrors};
use crate::infra::ids::new_id;
use crate::infra::mail::OutgoingMail;
use crate::infra::time::Timestamp;
use crate::state::AppState;
use crate::validation;

pub const LIFETIME_MS: i64 = 72 * Timestamp::HOUR_MS;
/// Wrong codes after which a link is void (a guessed code is then out of reach).
pub const MAX_ATTEMPTS: i64 = 10;
/// Where the link opens (web/src/admin/auth/).
pub const PAGE_PATH: &str = "/admin/enrol";

pub const INVALID_CODE: &str = "admin.enrolment.invalid";
pub const INVALID_MESSAGE: &str = "このリンクは無効か、有効期限が切れています。オーナーに招待（再設定）をやり直してもらってください。";
pub const WRONG_CODE_MESSAGE: &str = "認証アプリのコードが正しくありません。時刻が合っているか確かめて、新しいコードを入力してください。";
pub const PASSWORD_MESSAGE: &str = "パスワードは12文字以上128文字以内で入力してください。";
pub const EMAIL_TAKEN_MESSAGE: &str = "このメールアドレスのスタッフはすでに登録されています。";
pub const ROLE_MESSAGE: &str = "権限を選んでください。";

/// What a link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EnrolmentKind {
    /// A new member of staff, invited by an owner.
    Invite,
    /// An existing account whose authenticator an owner reset.
    Reset,
}

impl EnrolmentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EnrolmentKind::Invite => "invite",
            EnrolmentKind::Reset => "reset",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [EnrolmentKind::Invite, EnrolmentKind::Reset].into_iter().find(|kind| kind.as_str() == text)
    }
}

pub fn invalid() -> ApiError {
    ApiError::rule_with(axum::http::StatusCode::NOT_FOUND, INVALID_CODE, INVALID_MESSAGE)
}

/// An invitation's fields as the owner typed them.
pub struct InvitationDraft {
    pub email: String,
    pub name: String,
    pub role: Option<String>,
}

/// The invitation checked: the address normalised, the name trimmed, the role known.
#[derive(Debug, PartialEq, Eq)]
pub struct Invitation {
    pub email: String,
    pub name: String,
    pub role: StaffRole,
}

pub fn check_invitation(draft: InvitationDraft) -> Result<Invitation, FieldErrors> {
    let mut errors = FieldErrors::new();
    let email = login::normalize_email(&draft.email);
    if email.is_empty() || validation::email(&email).is_err() {
        errors.insert("email".into(), vec!["メールアドレスを正しく入力してください。".into()]);
    }
    let name = draft.name.trim().to_owned();
    if name.is_empty() {
        errors.insert("name".into(), vec!["お名前を入力してください。".into()]);
    } else if name.chars().count() > validation::NAME_MAX {
        errors.insert("name".into(), vec![format!("お名前は{}文字以内で入力してください。", validation::NAME_MAX)]);
    }
    let role = draft.role.as_deref().and_then(StaffRole::parse);
    if role.is_none() {
        errors.insert("role".into(), vec![ROLE_MESSAGE.into()]);
    }
    match role {
        Some(role) if errors.is_empty() => Ok(Invitation { email, name, role }),
        _ => Err(errors),
    }
}

/// The password the person chose, or the field's message.
pub fn check_password(password: &str) -> Result<(), &'static str> {
    create::check_password(password).map_err(|_| PASSWORD_MESSAGE)
}

/// A link made: the token for the mail (only its hash is kept).
pub struct Issued {
    pub token: String,
    pub expires_at: i64,
}

/// Writes a link for `person` (ending any open one for the same address of the shop) with a
/// fresh TOTP secret, inside the caller's transaction.
pub async fn issue(
    state: &AppState,
    tx: &mut Tx,
    kind: EnrolmentKind,
    inviter: &Staff,
    person: &Invitation,
    staff_id: Option<&str>,
    now: i64,
) -> ApiResult<Issued> {
    store::end_open_enrolments_for(tx, &inviter.channel_id, &person.email, now).await?;
    let id = new_id();
    let token = super::session::new_token();
    let expires_at = now + LIFETIME_MS;
    let sealed = state.totp_keys.seal(&id, &totp::new_secret());
    let new = NewEnrolment {
        id: &id,
        channel_id: &inviter.channel_id,
        token_hash: &super::session::token_hash(&token),
        kind,
        staff_id,
        email: &person.email,
        name: &person.name,
        role: person.role,
        totp_secret: &sealed,
        invited_by: &inviter.id,
        expires_at,
    };
    store::insert_enrolment(tx, &new, now).await?;
    Ok(Issued { token, expires_at })
}

/// The address the link points at: the request's own when it is one of this shop's hosts
/// (the owner's screen, port included), else the shop's storefront address. Never an
/// arbitrary Host header: a forged one would send the link to another site.
pub async fn link_origin(state: &AppState, channel: &Channel, headers: &HeaderMap, https: bool) -> ApiResult<String> {
    let requested = headers.get(header::HOST).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or("");
    let valid = !requested.is_empty() && requested.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
    if valid {
        let name = match requested.rsplit_once(':') {
            Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => requested,
        };
        let name = name.trim_matches(['[', ']']).to_ascii_lowercase();
        if crate::channel::store::find_channel_by_host(&state.db, &name).await?.is_some_and(|found| found.id == channel.id) {
            return Ok(format!("{}://{requested}", if https { "https" } else { "http" }));
        }
    }
    crate::channel::store::find_storefront_origin(&state.db, &channel.id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("shop {} has no host", channel.code)))
}

pub fn link(origin: &str, token: &str) -> String {
    format!("{origin}{PAGE_PATH}?token={token}")
}

/// `2026年12月3日 14:05` in Japan time.
fn deadline(expires_at: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp(expires_at / 1000).unwrap_or(time::OffsetDateTime::UNIX_EPOCH).to_offset(time::macros::offset!(+9));
    format!("{}年{}月{}日 {:02}:{:02}", at.year(), u8::from(at.month()), at.day(), at.hour(), at.minute())
}

/// The mail with the link, to the invited person or the one whose authenticator was reset.
pub fn mail(kind: EnrolmentKind, shop: &str, inviter: &str, person: &Invitation, link: &str, expires_at: i64) -> OutgoingMail {
    let (subject, opening) = match kind {
        EnrolmentKind::Invite => {
            ("スタッフ登録のご案内", format!("{inviter}さんから、{shop}の管理画面のスタッフ（権限：{}）として招待されました。", person.role.label()))
        }
        EnrolmentKind::Reset => (
            "認証アプリ再設定のご案内",
            format!(
                "{inviter}さんが、{shop}の管理画面でのあなたのアカウントの認証アプリを再設定しました。これまでのパスワードと認証アプリではログインできません。"
            ),
        ),
    };
    let body = [
        format!("{} 様", person.name),
        String::new(),
        opening,
        "次のリンクを開き、パスワードを決めて、認証アプリ（Google Authenticator など）を登録してください。".into(),
        String::new(),
        link.to_owned(),
        String::new(),
        format!("このリンクの有効期限は{}です。一度だけ使えます。", deadline(expires_at)),
        String::new(),
        "※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。".into(),
        String::new(),
        shop.to_owned(),
    ]
    .join("\n");
    OutgoingMail { to: person.email.clone(), from_name: shop.to_owned(), subject: format!("【{shop}】{subject}"), body }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(email: &str, name: &str, role: Option<&str>) -> InvitationDraft {
        InvitationDraft { email: email.into(), name: name.into(), role: role.map(Into::into) }
    }

    #[test]
    fn an_invitation_needs_an_address_a_name_and_a_known_role() {
        let checked = check_invitation(draft(" Hanako@Example.JP ", " 山田 花子 ", Some("order_clerk"))).unwrap();
        assert_eq!(checked, Invitation { email: "hanako@example.jp".into(), name: "山田 花子".into(), role: StaffRole::OrderClerk });
        let errors = check_invitation(draft("not-an-address", "", Some("admin"))).unwrap_err();
        assert_eq!(errors["email"], ["メールアドレスを正しく入力してください。"]);
        assert_eq!(errors["name"], ["お名前を入力してください。"]);
        assert_eq!(errors["role"], [ROLE_MESSAGE]);
        let long = "あ".repeat(validation::NAME_MAX + 1);
        assert_eq!(check_invitation(draft("a@example.jp", &long, None)).unwrap_err()["name"], ["お名前は50文字以内で入力してください。"]);
    }

    #[test]
    fn the_mail_holds_the_link_the_role_and_the_deadline_in_japan_time() {
        let person = Invitation { email: "hanako@example.jp".into(), name: "山田 花子".into(), role: StaffRole::OrderClerk };
        // 2026-12-03 05:05 UTC = 14:05 in Japan.
        let expires_at = 1_796_274_300_000;
        let invite = mail(EnrolmentKind::Invite, "テスト店", "佐藤", &person, "http://shop.example/admin/enrol?token=abc", expires_at);
        assert_eq!(invite.subject, "【テスト店】スタッフ登録のご案内");
        assert!(invite.body.contains("権限：受注担当"), "{}", invite.body);
        assert!(invite.body.contains("http://shop.example/admin/enrol?token=abc"));
        assert!(invite.body.contains("2026年12月3日 14:05"), "{}", invite.body);
        let reset = mail(EnrolmentKind::Reset, "テスト店", "佐藤", &person, "link", expires_at);
        assert_eq!(reset.subject, "【テスト店】認証アプリ再設定のご案内");
    }

    #[test]
    fn passwords_follow_the_staff_rule() {
        assert_eq!(check_password("short"), Err(PASSWORD_MESSAGE));
        assert_eq!(check_password("long-enough-pass"), Ok(()));
    }
}
