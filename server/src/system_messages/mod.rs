//! System messages (issue 14, the member area's message centre): the shop writes to one
//! member, a segment of members (newsletter readers, purchasers, members without a purchase)
//! or all of them; the recipients are fixed when the message is sent; each member reads their
//! own and the header shows how many are unread. SQL: store.rs; handlers: http.rs.
pub mod http;
pub mod store;

use serde::{Deserialize, Serialize};

pub use http::routes;

pub const TITLE_MAX: usize = 100;
pub const BODY_MAX: usize = 4000;
/// 422 code of a message that would reach nobody.
pub const NO_RECIPIENTS_CODE: &str = "system_messages.no_recipients";

/// Whom a message is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MessageAudience)]
#[serde(rename_all = "snake_case")]
#[schema(as = MessageAudience)]
pub enum Audience {
    /// One member, named by e-mail.
    Member,
    /// The members of a [`Segment`].
    Segment,
    /// Every member (owners only).
    All,
}

impl Audience {
    pub fn parse(text: &str) -> Option<Audience> {
        match text.trim() {
            "member" => Some(Audience::Member),
            "segment" => Some(Audience::Segment),
            "all" => Some(Audience::All),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Member => "member",
            Audience::Segment => "segment",
            Audience::All => "all",
        }
    }
}

/// A group of the channel's members, as of the moment a message is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MessageSegment)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    /// Members who receive the newsletter.
    Newsletter,
    /// Members with an order that was not cancelled.
    Purchasers,
    /// Members without one.
    NoPurchase,
}

impl Segment {
    pub fn parse(text: &str) -> Option<Segment> {
        match text.trim() {
            "newsletter" => Some(Segment::Newsletter),
            "purchasers" => Some(Segment::Purchasers),
            "no_purchase" => Some(Segment::NoPurchase),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Segment::Newsletter => "newsletter",
            Segment::Purchasers => "purchasers",
            Segment::NoPurchase => "no_purchase",
        }
    }
}

/// The recipients of a message, resolved: one member's id, a segment, or all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipients {
    Member(String),
    Segment(Segment),
    All,
}

impl Recipients {
    pub fn audience(&self) -> Audience {
        match self {
            Recipients::Member(_) => Audience::Member,
            Recipients::Segment(_) => Audience::Segment,
            Recipients::All => Audience::All,
        }
    }

    pub fn segment(&self) -> Option<Segment> {
        match self {
            Recipients::Segment(segment) => Some(*segment),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_sets_read_back() {
        for audience in [Audience::Member, Audience::Segment, Audience::All] {
            assert_eq!(Audience::parse(audience.as_str()), Some(audience));
        }
        for segment in [Segment::Newsletter, Segment::Purchasers, Segment::NoPurchase] {
            assert_eq!(Segment::parse(segment.as_str()), Some(segment));
        }
        assert_eq!(Audience::parse("everyone"), None);
        assert_eq!(Recipients::Segment(Segment::Purchasers).segment(), Some(Segment::Purchasers));
        assert_eq!(Recipients::Member("u".into()).audience(), Audience::Member);
    }
}
