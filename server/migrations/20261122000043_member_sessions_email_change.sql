-- Members, second step: ending access tokens with the sessions, e-mail changes that wait for
-- the new address to be proven, and a mailed code to leave for members without a password.

-- Raised whenever every session of the member ends (password change or reset, leaving).
-- Access tokens carry the value they were issued under; an older one is refused
-- (server/src/auth/sessions.rs).
ALTER TABLE users ADD COLUMN session_version BIGINT NOT NULL DEFAULT 0;
-- A new address asked for on the profile, lower-cased; it replaces `email` only when the link
-- mailed to it is opened. Shown to the member until `pending_email_until` (the link's expiry).
ALTER TABLE users ADD COLUMN pending_email TEXT;
ALTER TABLE users ADD COLUMN pending_email_until BIGINT;

-- one_time_secrets is rebuilt (SQLite cannot change a CHECK in place) to allow the purpose
-- 'leave_code' and to record which address a secret was mailed to (`sent_to`): an e-mail
-- link proves that address, which is either the member's own or the pending new one.
CREATE TABLE one_time_secrets_next (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('login_code', 'email_code', 'email_link', 'reminder_link', 'username_link', 'unlock_link', 'leave_code')),
    secret_hash TEXT NOT NULL,
    -- Lower-cased address the secret was mailed to; NULL for rows older than this column.
    sent_to     TEXT,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    attempts    INTEGER NOT NULL DEFAULT 0
);
INSERT INTO one_time_secrets_next (id, user_id, purpose, secret_hash, sent_to, created_at, expires_at, used_at, attempts)
    SELECT id, user_id, purpose, secret_hash, NULL, created_at, expires_at, used_at, attempts FROM one_time_secrets;
DROP TABLE one_time_secrets;
ALTER TABLE one_time_secrets_next RENAME TO one_time_secrets;
CREATE INDEX one_time_secrets_user ON one_time_secrets (user_id, purpose, created_at);
CREATE INDEX one_time_secrets_hash ON one_time_secrets (secret_hash);
-- (On PostgreSQL the rebuilt table keeps the constraint names it was made with,
-- `one_time_secrets_next_*`; nothing refers to them.)
