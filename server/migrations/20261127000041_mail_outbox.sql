-- The mail outbox (issue 12): every outgoing mail is a row before it is handed to SMTP, so a
-- mail server that is down delays mail instead of losing it, and a restart or a second
-- instance finds what is left to send. Owner: infra/mail (store.rs).
-- status: pending → sent, or failed (given up after the last attempt, or refused for good).
-- A sender claims a due row by setting claimed_until (a lease) in one guarded UPDATE, so two
-- instances never send the same row. message is the whole RFC 5322 text (ASCII: base64 body,
-- encoded headers); it is emptied once the mail is sent, as it may hold a code or a link.
-- Times are epoch milliseconds.
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    sender          TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    message         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_until   BIGINT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    sent_at         BIGINT
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
