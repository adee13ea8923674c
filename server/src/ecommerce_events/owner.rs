//! Who an analytics event belongs to (issue 11): fixed when it is posted, checked on every
//! read. A member's events, and the order of their cart, are answered only to that member's
//! bearer token — their cart's token alone is not enough; a guest cart's only to its token.

/// The owner recorded with an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// A member's id: their cart's event, or their own event posted without a cart.
    Member(String),
    /// A guest cart, by the SHA-256 of its token (the way the cart stores it).
    GuestCart(String),
    /// Posted with no cart by nobody logged in: nobody reads it back.
    Nobody,
}

/// The cart a posted token names: its member (None for a guest cart) and its token's hash.
#[derive(Debug, Clone, Copy)]
pub struct NamedCart<'a> {
    pub member: Option<&'a str>,
    pub token_hash: &'a str,
}

/// Whether an event posted by `poster` is linked to `cart`: a guest cart is its token
/// holder's; a member's cart only with that member's bearer token, the way the cart itself
/// answers (anyone else's is an unknown token, not linked).
pub fn may_link(cart: NamedCart<'_>, poster: Option<&str>) -> bool {
    cart.member.is_none_or(|member| poster == Some(member))
}

impl Owner {
    /// The owner of an event posted by `poster`, linked to `cart` (already passed [`may_link`]).
    pub fn of_post(cart: Option<NamedCart<'_>>, poster: Option<&str>) -> Owner {
        match cart {
            Some(NamedCart { member: Some(member), .. }) => Owner::Member(member.to_owned()),
            Some(NamedCart { member: None, token_hash }) => Owner::GuestCart(token_hash.to_owned()),
            None => poster.map_or(Owner::Nobody, |member| Owner::Member(member.to_owned())),
        }
    }

    /// The stored columns (`owner_user_id`, `owner_token_hash`).
    pub fn columns(&self) -> (Option<&str>, Option<&str>) {
        match self {
            Owner::Member(member) => (Some(member), None),
            Owner::GuestCart(hash) => (None, Some(hash)),
            Owner::Nobody => (None, None),
        }
    }

    pub fn from_columns(user_id: Option<String>, token_hash: Option<String>) -> Owner {
        match (user_id, token_hash) {
            (Some(member), _) => Owner::Member(member),
            (None, Some(hash)) => Owner::GuestCart(hash),
            (None, None) => Owner::Nobody,
        }
    }

    /// Whether `reader` (the bearer's member, if any) with a cart token hashing to
    /// `token_hash` may read the event. `cart_member` is the member the event's cart belongs
    /// to now: a guest cart adopted at login (and perhaps ordered) is that member's, so its
    /// token alone no longer reads it.
    pub fn may_read(&self, reader: Option<&str>, token_hash: Option<&str>, cart_member: Option<&str>) -> bool {
        let owner_reads = match self {
            Owner::Member(member) => reader == Some(member.as_str()),
            Owner::GuestCart(hash) => token_hash == Some(hash.as_str()),
            Owner::Nobody => false,
        };
        owner_reads && cart_member.is_none_or(|member| reader == Some(member))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "member-a";
    const B: &str = "member-b";

    fn members_cart(member: &str) -> NamedCart<'_> {
        NamedCart { member: Some(member), token_hash: "hash-of-a-cart" }
    }

    fn guest_cart() -> NamedCart<'static> {
        NamedCart { member: None, token_hash: "hash-of-g-cart" }
    }

    #[test]
    fn a_members_cart_is_linked_only_for_that_member() {
        assert!(may_link(members_cart(A), Some(A)));
        assert!(!may_link(members_cart(A), Some(B)));
        assert!(!may_link(members_cart(A), None));
    }

    #[test]
    fn a_guest_cart_is_linked_for_whoever_holds_its_token() {
        assert!(may_link(guest_cart(), None));
        assert!(may_link(guest_cart(), Some(B)));
    }

    #[test]
    fn the_owner_is_the_carts_member_the_guest_cart_or_the_poster() {
        assert_eq!(Owner::of_post(Some(members_cart(A)), Some(A)), Owner::Member(A.into()));
        assert_eq!(Owner::of_post(Some(guest_cart()), Some(B)), Owner::GuestCart("hash-of-g-cart".into()));
        assert_eq!(Owner::of_post(None, Some(B)), Owner::Member(B.into()));
        assert_eq!(Owner::of_post(None, None), Owner::Nobody);
    }

    #[test]
    fn a_members_event_is_read_only_with_their_bearer_never_by_the_cart_token_alone() {
        let owner = Owner::Member(A.into());
        assert!(owner.may_read(Some(A), None, Some(A)));
        assert!(owner.may_read(Some(A), Some("hash-of-a-cart"), Some(A)));
        assert!(!owner.may_read(None, Some("hash-of-a-cart"), Some(A)));
        assert!(!owner.may_read(Some(B), Some("hash-of-a-cart"), Some(A)));
    }

    #[test]
    fn a_guest_event_is_read_with_its_cart_token_until_a_member_adopts_the_cart() {
        let owner = Owner::GuestCart("hash-of-g-cart".into());
        assert!(owner.may_read(None, Some("hash-of-g-cart"), None));
        assert!(!owner.may_read(None, Some("hash-of-other"), None));
        assert!(!owner.may_read(Some(B), None, None));
        assert!(!owner.may_read(None, Some("hash-of-g-cart"), Some(A)));
        assert!(!owner.may_read(Some(B), Some("hash-of-g-cart"), Some(A)));
        assert!(owner.may_read(Some(A), Some("hash-of-g-cart"), Some(A)));
    }

    #[test]
    fn nobodys_event_is_read_by_nobody() {
        assert!(!Owner::Nobody.may_read(None, None, None));
        assert!(!Owner::Nobody.may_read(Some(A), Some("hash-of-g-cart"), None));
    }

    #[test]
    fn the_owner_survives_its_columns() {
        for owner in [Owner::Member(A.into()), Owner::GuestCart("h".into()), Owner::Nobody] {
            let (user, hash) = owner.columns();
            assert_eq!(Owner::from_columns(user.map(str::to_owned), hash.map(str::to_owned)), owner);
        }
    }
}
