//! Where a gift stands, for the recipient and for the sender.

/// The stored state of a gift (`social_gifts.state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiftState {
    /// Waiting for the recipient's address.
    Waiting,
    /// The recipient registered the address (once: a link accepts one address).
    Accepted,
    /// The deadline passed without an address.
    Expired,
}

pub const ALL: [GiftState; 3] = [GiftState::Waiting, GiftState::Accepted, GiftState::Expired];

impl GiftState {
    pub fn parse(code: &str) -> Option<GiftState> {
        ALL.into_iter().find(|s| s.as_str() == code)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GiftState::Waiting => "waiting",
            GiftState::Accepted => "accepted",
            GiftState::Expired => "expired",
        }
    }
}

/// What the sender's order page says of the gift: its state, or that the order was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShownState {
    Waiting,
    Accepted,
    Expired,
    Cancelled,
}

impl ShownState {
    pub fn of(state: GiftState, order_cancelled: bool) -> ShownState {
        match (state, order_cancelled) {
            (GiftState::Expired, _) => ShownState::Expired,
            (_, true) => ShownState::Cancelled,
            (GiftState::Waiting, false) => ShownState::Waiting,
            (GiftState::Accepted, false) => ShownState::Accepted,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ShownState::Waiting => "waiting",
            ShownState::Accepted => "accepted",
            ShownState::Expired => "expired",
            ShownState::Cancelled => "cancelled",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ShownState::Waiting => "受取人入力待ち",
            ShownState::Accepted => "お届け先登録済み",
            ShownState::Expired => "受け取り期限切れ",
            ShownState::Cancelled => "取り消し",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_reads_back_from_its_code() {
        for state in ALL {
            assert_eq!(GiftState::parse(state.as_str()), Some(state));
        }
        assert_eq!(GiftState::parse("cancelled"), None, "a cancel is the order's, not stored here");
    }

    #[test]
    fn a_cancelled_order_shows_its_gift_cancelled_unless_it_expired() {
        assert_eq!(ShownState::of(GiftState::Waiting, true), ShownState::Cancelled);
        assert_eq!(ShownState::of(GiftState::Expired, true), ShownState::Expired);
        assert_eq!(ShownState::of(GiftState::Accepted, false).label(), "お届け先登録済み");
    }
}
