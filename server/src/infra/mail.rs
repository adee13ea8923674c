//! Outgoing mail through one [`Mailer`]: SMTP (lettre) when `SHOP_SMTP_URL` is set, otherwise
//! every message is written as an `.eml` file into the outbox folder and logged, so one-time
//! codes work on a laptop, in tests and in the browser journeys.
//!
//! Bodies are UTF-8 `text/plain` in base64 and Japanese subjects are RFC 2047 encoded, which
//! every mail client reads; readers of the outbox decode the body as base64. Outbox file names
//! start with the UTC time (`20261122T083612.345Z-<uuid>.eml`), so they sort by sending time.
use std::path::{Path, PathBuf};

use anyhow::Context;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::config::Config;

/// One message to one member.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub to: String,
    /// Shown as the sender's name (the shop's name).
    pub from_name: String,
    pub subject: String,
    pub body: String,
}

#[derive(Clone)]
pub struct Mailer {
    from: String,
    transport: Transport,
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<Mailer> {
        config.mail_from.parse::<lettre::Address>().with_context(|| format!("SHOP_MAIL_FROM `{}` is not an address", config.mail_from))?;
        let transport = match &config.smtp_url {
            Some(url) if !url.trim().is_empty() => {
                Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url.trim()).context("SHOP_SMTP_URL")?.build())
            }
            _ => Transport::Outbox(config.outbox_dir.clone().unwrap_or_else(|| config.data_dir.join("outbox"))),
        };
        Ok(Mailer { from: config.mail_from.clone(), transport })
    }

    /// The outbox folder, when mail is not sent by SMTP.
    pub fn outbox_dir(&self) -> Option<&Path> {
        match &self.transport {
            Transport::Outbox(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
    }

    /// Writes the message to the outbox before returning; over SMTP it is handed to a
    /// background task, so the answer neither waits for the mail server nor reveals by its
    /// timing whether a mail was sent. SMTP failures are logged.
    pub async fn send(&self, mail: OutgoingMail) -> anyhow::Result<()> {
        let message = build_message(&self.from, &mail)?;
        match &self.transport {
            Transport::Outbox(dir) => {
                let path = write_to_outbox(dir, &message.formatted()).await?;
                // The body (which may hold a code or a link token) is not logged.
                tracing::info!(subject = mail.subject, file = %path.display(), "mail written to the outbox");
                Ok(())
            }
            Transport::Smtp(smtp) => {
                let smtp = smtp.clone();
                tokio::spawn(async move {
                    match smtp.send(message).await {
                        Ok(_) => tracing::info!(subject = mail.subject, "mail sent"),
                        Err(error) => tracing::error!(%error, subject = mail.subject, "sending mail failed"),
                    }
                });
                Ok(())
            }
        }
    }
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

    #[tokio::test]
    async fn the_outbox_keeps_one_file_per_mail_in_time_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::for_database("sqlite://unused.db", dir.path().to_path_buf());
        config.outbox_dir = Some(dir.path().join("box"));
        let mailer = Mailer::from_config(&config).unwrap();
        mailer.send(mail()).await.unwrap();
        mailer.send(mail()).await.unwrap();
        let names: Vec<String> = std::fs::read_dir(dir.path().join("box")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names.len(), 2);
        assert!(names.iter().all(|n| n.ends_with(".eml")), "{names:?}");
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

    #[test]
    fn a_bad_sender_address_is_refused_at_start() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::for_database("sqlite://unused.db", dir.path().to_path_buf());
        config.mail_from = "not an address".into();
        assert!(Mailer::from_config(&config).is_err());
    }
}
