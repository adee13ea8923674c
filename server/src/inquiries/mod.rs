//! Inquiries (issue 14, docs/inquiries-api.md): the contact form of members and guests, the
//! thread of messages between the customer and the shop with attached files, staff replies,
//! status changes and notes, and the contact topics (rows of `categories` with table
//! `inquiries`, written through catalog/store.rs). Guests reach their thread with a mailed
//! token (access.rs). Rules: form.rs (the fields), number.rs (Q-YYYYMMDD-NNNN); texts of the
//! mails: mails.rs; sending them: notify.rs; moving a topic: topic_order.rs; answers: view.rs;
//! SQL: store.rs; handlers: http/ (customer.rs, admin.rs).
pub mod access;
pub mod form;
pub mod http;
pub mod mails;
pub mod notify;
pub mod number;
pub mod store;
pub mod topic_order;
pub mod view;

use serde::{Deserialize, Serialize};

use crate::infra::db::Db;
use crate::infra::error::ApiResult;

pub use http::routes;

/// The `categories.table_name` of the contact topics.
pub const TOPICS_TABLE: &str = "inquiries";
/// The topic whose inquiries need the postal address (カタログ請求).
pub const CATALOG_TOPIC: &str = "catalog";
/// The longest message body.
pub const BODY_MAX: usize = 4000;
/// How often a taken number is retried with the next one.
pub const NUMBER_ATTEMPTS: usize = 20;

/// Where an inquiry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = InquiryStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Open,
    InProgress,
    Closed,
}

impl Status {
    pub fn parse(text: &str) -> Option<Status> {
        match text.trim() {
            "open" => Some(Status::Open),
            "in_progress" => Some(Status::InProgress),
            "closed" => Some(Status::Closed),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::InProgress => "in_progress",
            Status::Closed => "closed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Status::Open => "未対応",
            Status::InProgress => "対応中",
            Status::Closed => "完了",
        }
    }

    /// After the customer writes: a closed inquiry opens again.
    pub fn after_customer_message(self) -> Status {
        match self {
            Status::Closed => Status::Open,
            other => other,
        }
    }

    /// After the shop replies: an open inquiry is being handled.
    pub fn after_shop_reply(self) -> Status {
        match self {
            Status::Open => Status::InProgress,
            other => other,
        }
    }
}

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = InquiryAuthor)]
#[serde(rename_all = "snake_case")]
pub enum Author {
    Customer,
    Shop,
}

impl Author {
    pub fn parse(text: &str) -> Option<Author> {
        match text {
            "customer" => Some(Author::Customer),
            "shop" => Some(Author::Shop),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Author::Customer => "customer",
            Author::Shop => "shop",
        }
    }
}

/// The whole inquiry of `row`, its files' URLs made by `url_of`.
pub async fn load(db: &Db, row: &store::InquiryRow, url_of: &impl Fn(&str) -> String) -> ApiResult<view::Inquiry> {
    let messages = store::list_messages(db, &row.id).await?;
    let ids: Vec<String> = messages.iter().map(|m| m.id.clone()).collect();
    let files = crate::uploads::files_of_messages(db, &ids).await?;
    Ok(view::inquiry(row, messages, files, url_of))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back_and_have_their_labels() {
        for status in [Status::Open, Status::InProgress, Status::Closed] {
            assert_eq!(Status::parse(status.as_str()), Some(status));
        }
        assert_eq!([Status::Open.label(), Status::InProgress.label(), Status::Closed.label()], ["未対応", "対応中", "完了"]);
        assert_eq!(Status::parse("pending"), None);
    }

    #[test]
    fn a_customer_reopens_and_a_shop_reply_takes_up() {
        assert_eq!(Status::Closed.after_customer_message(), Status::Open);
        assert_eq!(Status::InProgress.after_customer_message(), Status::InProgress);
        assert_eq!(Status::Open.after_shop_reply(), Status::InProgress);
        assert_eq!(Status::Closed.after_shop_reply(), Status::Closed);
    }
}
