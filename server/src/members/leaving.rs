//! What a member's leaving erases beyond the members' own tables: the address book and the
//! saved cards. Those features sit a floor above the members (they read the member), so
//! `state.rs` hands their erasers in here instead of the members importing them
//! (docs/architecture.md, "Floors").
use std::future::Future;
use std::pin::Pin;

use crate::infra::db::Tx;
use crate::infra::ids::{ChannelId, UserId};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

#[derive(Clone, Copy)]
pub struct LeaveErasers {
    /// Deletes the member's address book, in the leave's transaction.
    pub address_book: for<'a> fn(&'a mut Tx, &'a UserId) -> BoxFuture<'a, sqlx::Result<()>>,
    /// Deletes the member's saved cards, in the leave's transaction; gives the gateway's
    /// references of the deleted cards, to forget there once the leave is committed.
    pub cards: for<'a> fn(&'a mut Tx, &'a UserId) -> BoxFuture<'a, sqlx::Result<Vec<String>>>,
    /// Forgets the cards at the gateway (after the commit: a failed leave keeps them usable).
    pub forget_cards: for<'a> fn(&'a crate::state::AppState, &'a ChannelId, &'a [String]) -> BoxFuture<'a, ()>,
}
