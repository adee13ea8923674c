//! Inquiries as the answers show them (docs/inquiries-api.md): the summary of lists, the whole
//! inquiry with its messages and files, and what staff see besides (who sent it, notes).
use std::collections::HashMap;

use serde::Serialize;

use super::form::ContactFields;
use super::store::{InquiryRow, MessageRow, NoteRow};
use super::{Author, Status};
use crate::infra::time::Timestamp;
use crate::uploads::UploadedFile;
use crate::uploads::store::FileRow;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = InquiryTopicRef)]
pub struct TopicRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InquirySummary {
    pub key: String,
    /// What people quote on the phone: `Q-20261126-0007`.
    pub number: String,
    /// The topic (null once it was deleted).
    pub topic: Option<TopicRef>,
    pub status: Status,
    /// 未対応, 対応中 or 完了.
    pub status_label: String,
    /// The first line of the first message.
    pub subject: String,
    pub created_at: Timestamp,
    pub last_message_at: Timestamp,
    /// The shop replied since the customer last opened the inquiry.
    pub has_unread_reply: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InquiryMessage {
    pub id: String,
    pub author: Author,
    /// The customer's name, or the staff member's as it was when they wrote.
    pub author_name: String,
    pub body: String,
    pub created_at: Timestamp,
    pub files: Vec<UploadedFile>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Inquiry {
    #[serde(flatten)]
    pub summary: InquirySummary,
    #[serde(flatten)]
    pub contact: ContactFields,
    /// Oldest first.
    pub messages: Vec<InquiryMessage>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AdminInquirySummary {
    #[serde(flatten)]
    pub summary: InquirySummary,
    pub name: String,
    pub email: String,
    /// Sent by a logged-in member (else a guest).
    pub is_member: bool,
    /// Who wrote the latest message.
    pub last_author: Author,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = InquiryNote)]
pub struct Note {
    pub id: String,
    pub staff_name: String,
    pub body: String,
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AdminInquiry {
    #[serde(flatten)]
    pub inquiry: Inquiry,
    /// Staff notes, oldest first (never shown to the customer).
    pub notes: Vec<Note>,
}

pub fn summary(row: &InquiryRow) -> InquirySummary {
    let status = Status::parse(&row.status).unwrap_or(Status::Open);
    InquirySummary {
        key: row.inquiry_key.clone(),
        number: row.number.clone(),
        topic: row.topic_id.clone().zip(row.topic_name.clone()).map(|(id, name)| TopicRef { id, name }),
        status,
        status_label: status.label().to_owned(),
        subject: row.subject.clone(),
        created_at: Timestamp(row.created_at),
        last_message_at: Timestamp(row.last_message_at),
        has_unread_reply: row.last_shop_message_at.is_some_and(|at| at > row.customer_last_read_at),
    }
}

pub fn admin_summary(row: &InquiryRow) -> AdminInquirySummary {
    AdminInquirySummary {
        summary: summary(row),
        name: row.contact.name.clone(),
        email: row.contact.email.clone(),
        is_member: row.user_id.is_some(),
        last_author: Author::parse(&row.last_author).unwrap_or(Author::Customer),
    }
}

pub fn message(row: MessageRow, files: &[FileRow], url_of: &impl Fn(&str) -> String) -> InquiryMessage {
    InquiryMessage {
        author: Author::parse(&row.author).unwrap_or(Author::Customer),
        id: row.id,
        author_name: row.author_name,
        body: row.body,
        created_at: Timestamp(row.created_at),
        files: files.iter().map(|f| UploadedFile::of(f, url_of(&f.file_key))).collect(),
    }
}

/// The whole inquiry; `url_of` makes a file's URL for this reader.
pub fn inquiry(row: &InquiryRow, messages: Vec<MessageRow>, mut files: HashMap<String, Vec<FileRow>>, url_of: &impl Fn(&str) -> String) -> Inquiry {
    let messages = messages
        .into_iter()
        .map(|m| {
            let own = files.remove(&m.id).unwrap_or_default();
            message(m, &own, url_of)
        })
        .collect();
    Inquiry { summary: summary(row), contact: row.contact.clone(), messages }
}

pub fn note(row: NoteRow) -> Note {
    Note { id: row.id, staff_name: row.staff_name, body: row.body, created_at: Timestamp(row.created_at) }
}
