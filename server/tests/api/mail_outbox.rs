//! The mail outbox over SMTP (issue 12), against a small SMTP server of the test's own on a
//! loopback port: a request queues its mail without waiting for the mail server; a failed
//! delivery is retried once due and the mail arrives once; a mail left pending by a process that
//! stopped is delivered by the next one to start; two senders on one database send every mail
//! once.
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;
use shop::infra::mail::sender::{self, Pass};
use shop::infra::mail::store::{self, OutboxRow};
use shop::infra::mail::{Mailer, OutgoingMail};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::helpers::{Backend, Mail, TestApp, run_with};
use crate::process::Server;

/// A minimal SMTP server: refuses its first `refuse_first` connections with a 421 (try later),
/// then accepts every mail and keeps its text.
#[derive(Clone)]
struct FakeSmtp {
    port: u16,
    state: Arc<Mutex<SmtpState>>,
}

#[derive(Default)]
struct SmtpState {
    refuse_first: usize,
    connections: usize,
    received: Vec<String>,
}

impl FakeSmtp {
    async fn start(refuse_first: usize) -> FakeSmtp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(SmtpState { refuse_first, ..SmtpState::default() }));
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let refuse = {
                    let mut state = shared.lock().unwrap();
                    state.connections += 1;
                    state.connections <= state.refuse_first
                };
                tokio::spawn(converse(socket, refuse, shared.clone()));
            }
        });
        FakeSmtp { port, state }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    fn connections(&self) -> usize {
        self.state.lock().unwrap().connections
    }

    fn received(&self) -> Vec<Mail> {
        self.state.lock().unwrap().received.iter().map(|raw| Mail::parse(raw)).collect()
    }

    fn raw(&self) -> Vec<String> {
        self.state.lock().unwrap().received.clone()
    }

    async fn wait_for(&self, count: usize, within: Duration) {
        let started = Instant::now();
        while self.state.lock().unwrap().received.len() < count {
            assert!(started.elapsed() < within, "{count} mails not received within {within:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

async fn converse(socket: tokio::net::TcpStream, refuse: bool, state: Arc<Mutex<SmtpState>>) {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    if refuse {
        let _ = write.write_all(b"421 4.3.2 fake: service not available, try later\r\n").await;
        return;
    }
    let _ = write.write_all(b"220 fake.localhost ESMTP\r\n").await;
    while let Ok(Some(line)) = lines.next_line().await {
        let command = line.to_ascii_uppercase();
        let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
            b"250 fake.localhost\r\n"
        } else if command.starts_with("DATA") {
            let _ = write.write_all(b"354 go ahead\r\n").await;
            let mut text = String::new();
            while let Ok(Some(line)) = lines.next_line().await {
                if line == "." {
                    break;
                }
                text.push_str(line.strip_prefix('.').unwrap_or(&line));
                text.push_str("\r\n");
            }
            state.lock().unwrap().received.push(text);
            b"250 2.0.0 queued\r\n"
        } else if command.starts_with("QUIT") {
            let _ = write.write_all(b"221 2.0.0 bye\r\n").await;
            return;
        } else {
            b"250 2.0.0 ok\r\n"
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}

async fn rows_to(app: &TestApp, recipient: &str) -> Vec<OutboxRow> {
    store::list_to(&app.state.db, recipient).await.unwrap()
}

async fn request_reminder(app: &TestApp, email: &str) {
    app.post("/v1/reminder/request").json(&json!({ "email": email })).send().await.assert_status(StatusCode::ACCEPTED);
}

async fn a_failed_delivery_is_retried_when_due_and_the_mail_arrives_once(backend: Backend) {
    let smtp = FakeSmtp::start(1).await;
    let url = smtp.url();
    run_with(
        backend,
        move |config| config.smtp_url = Some(url),
        move |app| async move {
            request_reminder(&app, "member@example.com").await;
            // Answered without the mail server: only the outbox row exists.
            assert_eq!(smtp.connections(), 0);
            let [row] = rows_to(&app, "member@example.com").await.try_into().unwrap();
            assert_eq!((row.status.as_str(), row.attempts), ("pending", 0));
            assert!(row.message.contains("Subject: "), "the formatted mail is kept until sent");
            let mailer: &Mailer = &app.state.mailer;

            // The server says "try later": the mail waits 30 s.
            let now = row.created_at;
            assert_eq!(sender::deliver_due(mailer, now).await.unwrap(), Pass { due: 1, retrying: 1, ..Pass::default() });
            assert_eq!((smtp.connections(), smtp.received().len()), (1, 0));
            let row = store::find(&app.state.db, &row.id).await.unwrap().unwrap();
            assert_eq!((row.status.as_str(), row.attempts, row.next_attempt_at, row.claimed_until), ("pending", 1, now + 30_000, None));
            assert!(row.last_error.as_deref().is_some_and(|e| e.contains("421") || e.contains("not available")), "{row:?}");

            assert_eq!(sender::deliver_due(mailer, now + 29_999).await.unwrap(), Pass::default(), "not before its time");
            assert_eq!(smtp.connections(), 1);

            assert_eq!(sender::deliver_due(mailer, now + 30_000).await.unwrap(), Pass { due: 1, sent: 1, ..Pass::default() });
            let [mail] = smtp.received().try_into().unwrap();
            assert_eq!((mail.to.as_str(), mail.subject.as_str()), ("member@example.com", "【ライドパーツ本舗】パスワード再設定のご案内"));
            assert!(!mail.link_token("/reminder/reset").is_empty());
            let row = store::find(&app.state.db, &row.id).await.unwrap().unwrap();
            assert_eq!((row.status.as_str(), row.attempts, row.message.as_str()), ("sent", 2, ""), "sent, and the link it held forgotten");
            assert!(row.sent_at.is_some());

            // Later looks find nothing to send.
            assert_eq!(sender::deliver_due(mailer, now + 10 * 3_600_000).await.unwrap(), Pass::default());
            assert_eq!(smtp.received().len(), 1);
        },
    )
    .await;
}

async fn a_mail_left_pending_is_delivered_by_the_next_process(backend: Backend) {
    let smtp = FakeSmtp::start(0).await;
    let url = smtp.url();
    run_with(
        backend,
        {
            let url = url.clone();
            move |config| config.smtp_url = Some(url)
        },
        move |app| async move {
            // This process queues the mail and stops before its sender (which it never starts)
            // delivers it.
            request_reminder(&app, "member@example.com").await;
            let [row] = rows_to(&app, "member@example.com").await.try_into().unwrap();
            assert_eq!(row.status, "pending");

            let dir = tempfile::tempdir().unwrap();
            let mut server = Server::start(&app.state.config.database_url, dir.path(), &[], &[("SHOP_SMTP_URL", url.as_str())]);
            let http = reqwest::Client::new();
            server.wait_healthy(&http).await;
            smtp.wait_for(1, Duration::from_secs(30)).await;
            let [mail] = smtp.received().try_into().unwrap();
            assert_eq!(mail.subject, "【ライドパーツ本舗】パスワード再設定のご案内");
            let started = Instant::now();
            let row = loop {
                let row = store::find(&app.state.db, &row.id).await.unwrap().unwrap();
                if row.status != "pending" || started.elapsed() > Duration::from_secs(10) {
                    break row;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            };
            assert_eq!((row.status.as_str(), row.attempts), ("sent", 1));
            // The sender looks again every few seconds: still one mail.
            tokio::time::sleep(Duration::from_secs(6)).await;
            assert_eq!(smtp.received().len(), 1, "{}", server.log_text());
        },
    )
    .await;
}

async fn two_senders_on_one_database_send_each_mail_once(backend: Backend) {
    const MAILS: usize = 30;
    let smtp = FakeSmtp::start(0).await;
    let url = smtp.url();
    run_with(
        backend,
        move |config| config.smtp_url = Some(url),
        move |app| async move {
            // The whole app, with its folder: naming only `app.state` would keep just that field.
            let app = app;
            for i in 0..MAILS {
                let mail = OutgoingMail {
                    to: format!("buyer{i}@example.jp"),
                    from_name: "ライドパーツ本舗".into(),
                    subject: format!("【ライドパーツ本舗】お知らせ {i}"),
                    body: format!("{i} 通目\n"),
                };
                app.state.mailer.send(mail).await.unwrap();
            }
            // A second instance: its own connections to the same database.
            let db = shop::infra::db::Db::connect(&app.state.config.database_url, 4).await.unwrap();
            let other = Mailer::new(&app.state.config, db).unwrap();
            let now = shop::infra::time::Timestamp::now().0;
            let a = tokio::spawn({
                let mailer = app.state.mailer.clone();
                async move { sender::deliver_due(&mailer, now).await.unwrap() }
            });
            let b = tokio::spawn(async move { sender::deliver_due(&other, now).await.unwrap() });
            let (a, b) = (a.await.unwrap(), b.await.unwrap());
            assert_eq!(a.sent + b.sent, MAILS, "{a:?} {b:?}");
            let raw = smtp.raw();
            assert_eq!(raw.len(), MAILS);
            let mut ids: Vec<&str> = raw.iter().filter_map(|text| text.lines().find(|l| l.starts_with("Message-ID: "))).collect();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), MAILS, "every mail once");
            let mut to: Vec<String> = smtp.received().into_iter().map(|m| m.to).collect();
            to.sort();
            to.dedup();
            assert_eq!(to.len(), MAILS);
        },
    )
    .await;
}

macro_rules! on_both_databases_with_smtp {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_sqlite() {
                super::$name(crate::helpers::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_postgres() {
                super::$name(crate::helpers::Backend::Postgres).await
            }
        }
    )*};
}

on_both_databases_with_smtp!(
    a_failed_delivery_is_retried_when_due_and_the_mail_arrives_once,
    a_mail_left_pending_is_delivered_by_the_next_process,
    two_senders_on_one_database_send_each_mail_once,
);
