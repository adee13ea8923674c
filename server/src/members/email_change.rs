//! Changing the e-mail address: the new address is kept as pending and proven by the link
//! mailed to it (the e-mail-verification link, `/verify/email?token=…`, checked by
//! `POST /v1/email-verify/check`); only then does it replace the old one, which is told of
//! the request. Until then the member keeps logging in and receiving mail at the old address.
//! An e-mail link proves the address it was mailed to (`one_time_secrets.sent_to`): the
//! member's own (first verification) or the pending one (a change); a link to an address that
//! is neither any more (replaced by a newer change) opens nothing.

/// The `message` of the profile answer when a change waits for its link.
pub const PENDING_MESSAGE: &str = "新しいメールアドレスに確認メールをお送りしました。メールに記載のリンクを開くと、メールアドレスの変更が完了します。";

/// What an e-mail link proves, given the address it was mailed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkTarget {
    /// The member's current address: it is verified (the member becomes registered).
    Current,
    /// The pending new address: it replaces the current one.
    Pending(String),
    /// An address that is neither (a replaced change): the link is dead.
    Stale,
}

/// `sent_to` is NULL for links mailed before addresses were recorded: those went to the
/// member's address of the time, which only first verification used.
pub fn link_target(sent_to: Option<&str>, current: &str, pending: Option<&str>) -> LinkTarget {
    match sent_to {
        None => LinkTarget::Current,
        Some(to) if to == current => LinkTarget::Current,
        Some(to) if pending == Some(to) => LinkTarget::Pending(to.to_owned()),
        Some(_) => LinkTarget::Stale,
    }
}

/// The pending address as the member sees it: only while its link can still be opened.
pub fn visible_pending(pending: Option<&str>, until: Option<i64>, now: i64) -> Option<String> {
    match (pending, until) {
        (Some(email), Some(until)) if now < until => Some(email.to_owned()),
        _ => None,
    }
}

/// The login id after the change: a member whose login id was their address (the default at
/// registration) keeps logging in with "their address", now the new one — unless another
/// member already uses the new address as login id. A chosen login id stays.
pub fn username_after_change(username: &str, old_email: &str, new_email: &str, new_email_is_taken_as_username: bool) -> String {
    if username == old_email && !new_email_is_taken_as_username { new_email.to_owned() } else { username.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_proves_the_address_it_was_mailed_to() {
        assert_eq!(link_target(Some("old@example.jp"), "old@example.jp", Some("new@example.jp")), LinkTarget::Current);
        assert_eq!(link_target(Some("new@example.jp"), "old@example.jp", Some("new@example.jp")), LinkTarget::Pending("new@example.jp".into()));
        assert_eq!(link_target(Some("older@example.jp"), "old@example.jp", Some("new@example.jp")), LinkTarget::Stale, "replaced by a newer change");
        assert_eq!(link_target(Some("new@example.jp"), "old@example.jp", None), LinkTarget::Stale, "the change is gone");
        assert_eq!(link_target(None, "old@example.jp", Some("new@example.jp")), LinkTarget::Current, "a link of before the change feature");
    }

    #[test]
    fn the_pending_address_shows_while_its_link_works() {
        assert_eq!(visible_pending(Some("new@example.jp"), Some(1_000), 999).as_deref(), Some("new@example.jp"));
        assert_eq!(visible_pending(Some("new@example.jp"), Some(1_000), 1_000), None);
        assert_eq!(visible_pending(None, None, 0), None);
    }

    #[test]
    fn a_login_id_that_was_the_address_follows_it() {
        assert_eq!(username_after_change("old@example.jp", "old@example.jp", "new@example.jp", false), "new@example.jp");
        assert_eq!(username_after_change("old@example.jp", "old@example.jp", "new@example.jp", true), "old@example.jp");
        assert_eq!(username_after_change("taro-2026", "old@example.jp", "new@example.jp", false), "taro-2026");
    }
}
