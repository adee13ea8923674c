//! Outgoing mail through one [`Mailer`] and a persistent outbox (`mail_outbox`, store.rs).
//! [`Mailer::send`] formats the message and keeps it as a row; the answer to the request
//! neither waits for the mail server nor shows by its timing whether a mail was sent. The
//! sender task (sender.rs) delivers due rows through the transport and retries failures with
//! a growing delay, so a mail server that is down delays mail instead of losing it; rows left
//! by a process that stopped are delivered after the next start, by whichever instance claims
//! them first.
//!
//! Transports: SMTP (lettre) when `SHOP_SMTP_URL` is set, otherwise the outbox folder, where
//! every message is written as an `.eml` file, so one-time codes work on a laptop, in tests and
//! in the browser journeys. The folder is written before `send` returns (through the same row
//! and claim), so a code is readable the moment the answer arrives.
//!
//! Bodies are UTF-8 `text/plain` in base64 and Japanese subjects are RFC 2047 encoded, which
//! every mail client reads; readers of the outbox decode the body as base64. Outbox file names
//! start with the UTC time (`20261122T083612.345Z-<uuid>.eml`), so they sort by sending time.
pub mod sender;
pub mod store;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use lettre::address::Envelope;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

use super::config::Config;
use super::db::Db;
use super::ids::new_id;
use super::metrics;
use super::time::Timestamp;

/// One message to one member.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub to: String,
    /// Shown as the sender's name (the shop's name).
    pub from_name: String,
    pub subject: String,
    pub body: String,
}

/// The shared handle in `AppState`; clones share the database, the transport and the sender's
/// wake-up.
#[derive(Clone)]
pub struct Mailer(Arc<Inner>);

struct Inner {
    from: String,
    transport: Transport,
    db: Db,
    /// Wakes this process's sender task when a mail is queued.
    wake: Notify,
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

/// Why one delivery attempt failed.
#[derive(Debug)]
pub struct DeliveryError {
    /// The mail server refused the mail for good (a 5xx answer): retrying cannot help.
    pub permanent: bool,
    pub message: String,
}

impl Mailer {
    pub fn new(config: &Config, db: Db) -> anyhow::Result<Mailer> {
        config.mail_from.parse::<lettre::Address>().with_context(|| format!("SHOP_MAIL_FROM `{}` is not an address", config.mail_from))?;
        let transport = match &config.smtp_url {
            Some(url) if !url.trim().is_empty() => {
                Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url.trim()).context("SHOP_SMTP_URL")?.build())
            }
            _ => Transport::Outbox(config.outbox_dir.clone().unwrap_or_else(|| config.data_dir.join("outbox"))),
        };
        Ok(Mailer(Arc::new(Inner { from: config.mail_from.clone(), transport, db, wake: Notify::new() })))
    }

    /// The outbox folder, when mail is not sent by SMTP.
    pub fn outbox_dir(&self) -> Option<&Path> {
        match &self.0.transport {
            Transport::Outbox(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
    }

    /// Queues the message in the outbox table. Over SMTP the sender task delivers it (this
    /// process's sender is woken at once); the outbox folder is written before returning. An
    /// error means the mail was not queued (the database refused it).
    pub async fn send(&self, mail: OutgoingMail) -> anyhow::Result<()> {
        let message = build_message(&self.0.from, &mail)?;
        let text = String::from_utf8(message.formatted()).context("a formatted mail is ASCII")?;
        let recipient = message.envelope().to().first().map(ToString::to_string).unwrap_or_default();
        let id = new_id();
        let new = store::NewMail { id: &id, sender: &self.0.from, recipient: &recipient, subject: &mail.subject, message: &text };
        let now = Timestamp::now().0;
        match &self.0.transport {
            Transport::Outbox(_) => {
                let until = now + sender::CLAIM_MS;
                store::insert(&self.0.db, &new, Some(until), now).await.context("queueing a mail")?;
                metrics::mail_queued();
                let claimed =
                    sender::Claimed { id: &id, sender: &self.0.from, recipient: &recipient, subject: &mail.subject, message: &text, attempts: 1, until };
                // Queued: a failure to record the attempt leaves the mail to the sender task
                // once the claim runs out, so the caller is not told that it failed.
                if let Err(error) = sender::attempt(self, &claimed, now).await {
                    tracing::error!(id, error = format!("{error:#}"), "mail outbox: recording a delivery failed");
                }
            }
            Transport::Smtp(_) => {
                store::insert(&self.0.db, &new, None, now).await.context("queueing a mail")?;
                metrics::mail_queued();
                // The body (which may hold a code or a link token) is not logged.
                tracing::info!(subject = mail.subject, id, "mail queued");
                self.0.wake.notify_one();
            }
        }
        Ok(())
    }

    pub fn db(&self) -> &Db {
        &self.0.db
    }

    /// Hands one formatted message to the transport.
    async fn deliver(&self, mail: &sender::Claimed<'_>) -> Result<String, DeliveryError> {
        match &self.0.transport {
            Transport::Outbox(dir) => match write_to_outbox(dir, mail.message.as_bytes()).await {
                Ok(path) => Ok(format!("written to {}", path.display())),
                Err(error) => Err(DeliveryError { permanent: false, message: format!("{error:#}") }),
            },
            Transport::Smtp(smtp) => {
                let envelope = envelope(mail.sender, mail.recipient).map_err(|error| DeliveryError { permanent: true, message: format!("{error:#}") })?;
                match smtp.send_raw(&envelope, mail.message.as_bytes()).await {
                    Ok(_) => Ok("sent by SMTP".into()),
                    Err(error) => Err(DeliveryError { permanent: error.is_permanent(), message: error.to_string() }),
                }
            }
        }
    }
}

fn envelope(sender: &str, recipient: &str) -> anyhow::Result<Envelope> {
    let from = sender.parse::<lettre::Address>().context("sender address")?;
    let to = recipient.parse::<lettre::Address>().context("recipient address")?;
    Ok(Envelope::new(Some(from), vec![to])?)
}

fn build_message(from: &str, mail: &OutgoingMail) -> anyhow::Result<Message> {
    let from = Mailbox::new(Some(mail.from_name.clone()), from.parse().context("sender address")?);
    let to: Mailbox = mail.to.parse().with_context(|| "recipient address".to_owned())?;
    let body = Body::new_with_encoding(mail.body.clone(), ContentTransferEncoding::Base64).map_err(|_| anyhow::anyhow!("encoding a mail body"))?;
    // Message-ID on the sender's domain: mail without one is often treated as spam.
    let message_id = format!("<{}@{}>", uuid::Uuid::now_v7().simple(), from.email.domain());
    Message::builder()
        .message_id(Some(message_id))
        .from(from)
        .to(to)
        .subject(mail.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .context("building a mail")
}

async fn write_to_outbox(dir: &Path, bytes: &[u8]) -> anyhow::Result<PathBuf> {
    tokio::fs::create_dir_all(dir).await.with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(outbox_file_name(time::OffsetDateTime::now_utc(), uuid::Uuid::now_v7()));
    // Written under a temporary name and renamed, so a reader never sees half a message.
    let partial = path.with_extension("eml.part");
    tokio::fs::write(&partial, bytes).await.with_context(|| format!("writing {}", partial.display()))?;
    tokio::fs::rename(&partial, &path).await.with_context(|| format!("renaming {}", partial.display()))?;
    Ok(path)
}

/// The UTC time to the millisecond, then a UUIDv7 (time ordered within the millisecond).
fn outbox_file_name(at: time::OffsetDateTime, id: uuid::Uuid) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}.{:03}Z-{}.eml",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second(),
        at.millisecond(),
        id.simple()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail() -> OutgoingMail {
        OutgoingMail {
            to: "taro@example.jp".into(),
            from_name: "ライドパーツ本舗".into(),
            subject: "【ライドパーツ本舗】確認コードのお知らせ".into(),
            body: "確認コード: 123456\n".into(),
        }
    }

    #[test]
    fn japanese_headers_and_body_are_mime_encoded() {
        let formatted = String::from_utf8(build_message("no-reply@shop.localhost", &mail()).unwrap().formatted()).unwrap();
        assert!(formatted.is_ascii(), "{formatted}");
        assert!(formatted.contains("Subject: =?utf-8?b?"), "{formatted}");
        assert!(formatted.contains("Content-Transfer-Encoding: base64"));
        assert!(formatted.contains("Content-Type: text/plain; charset=utf-8"));
        assert!(formatted.contains("To: taro@example.jp"));
        assert!(formatted.contains("@shop.localhost>"), "a Message-ID on the sender's domain: {formatted}");
    }

    async fn migrated(dir: &Path) -> Db {
        let db = Db::connect(&format!("sqlite://{}/shop.db", dir.display()), 2).await.unwrap();
        db.migrate().await.unwrap();
        db
    }

    #[tokio::test]
    async fn the_outbox_folder_has_one_file_per_mail_when_send_returns() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::for_database("sqlite://unused.db", dir.path().to_path_buf());
        config.outbox_dir = Some(dir.path().join("box"));
        let mailer = Mailer::new(&config, migrated(dir.path()).await).unwrap();
        mailer.send(mail()).await.unwrap();
        mailer.send(mail()).await.unwrap();
        let names: Vec<String> = std::fs::read_dir(dir.path().join("box")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names.len(), 2);
        assert!(names.iter().all(|n| n.ends_with(".eml")), "{names:?}");
        // Recorded as sent, their text (which may hold a code) forgotten; nothing left due.
        let rows = store::list_to(mailer.db(), "taro@example.jp").await.unwrap();
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_eq!((row.status.as_str(), row.attempts, row.message.as_str(), row.claimed_until), ("sent", 1, "", None));
            assert!(row.subject.contains("確認コード"));
        }
        let later = Timestamp::now().0 + sender::CLAIM_MS * 2;
        assert_eq!(sender::deliver_due(&mailer, later).await.unwrap(), sender::Pass::default());
    }

    #[tokio::test]
    async fn a_folder_that_cannot_be_written_keeps_the_mail_for_a_retry() {
        let dir = tempfile::tempdir().unwrap();
        let blocked = dir.path().join("not-a-folder");
        std::fs::write(&blocked, b"a file where the outbox folder should be").unwrap();
        let mut config = Config::for_database("sqlite://unused.db", dir.path().to_path_buf());
        config.outbox_dir = Some(blocked.clone());
        let mailer = Mailer::new(&config, migrated(dir.path()).await).unwrap();
        mailer.send(mail()).await.expect("queued: the caller is not told about the transport");
        let row = store::list_to(mailer.db(), "taro@example.jp").await.unwrap().pop().unwrap();
        assert_eq!((row.status.as_str(), row.attempts, row.claimed_until), ("pending", 1, None));
        assert!(row.last_error.is_some());
        assert!(row.next_attempt_at >= row.created_at + sender::retry_delay_ms(1), "{row:?}");
        assert!(!row.message.is_empty(), "the text is kept for the retry");

        // The folder becomes writable; the retry, once due, writes the mail.
        std::fs::remove_file(&blocked).unwrap();
        assert_eq!(sender::deliver_due(&mailer, row.next_attempt_at - 1).await.unwrap().due, 0, "not due before its time");
        let pass = sender::deliver_due(&mailer, row.next_attempt_at).await.unwrap();
        assert_eq!((pass.due, pass.sent), (1, 1));
        assert_eq!(std::fs::read_dir(&blocked).unwrap().count(), 1);
        assert_eq!(store::find(mailer.db(), &row.id).await.unwrap().unwrap().status, "sent");
    }

    #[test]
    fn outbox_names_sort_by_sending_time() {
        let earlier = time::macros::datetime!(2026-11-22 08:36:12.345 UTC);
        let later = time::macros::datetime!(2026-11-22 17:36:12.346 +09:00);
        let first = outbox_file_name(earlier, uuid::Uuid::now_v7());
        let second = outbox_file_name(later, uuid::Uuid::now_v7());
        assert!(first.starts_with("20261122T083612.345Z-"), "{first}");
        assert!(first < second, "{first} {second}");
    }

    #[tokio::test]
    async fn a_bad_sender_address_is_refused_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::for_database("sqlite://unused.db", dir.path().to_path_buf());
        config.mail_from = "not an address".into();
        assert!(Mailer::new(&config, migrated(dir.path()).await).is_err());
    }
}
