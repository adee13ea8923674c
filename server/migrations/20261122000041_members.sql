-- Members: accounts per channel, their sessions (rotating refresh tokens), one-time codes and
-- mailed links, login history, failed-login lockout and rate-limit counters. Counters live
-- here, not in memory, so any number of instances share them.
-- The older tables that name a member (news_reads, product histories) keep user_id without a
-- foreign key: rebuilding them on SQLite is not worth it, and a member row is never deleted
-- (leaving anonymises it, orders will reference it).

-- Member numbers (`users.code`) count up per channel: one upsert takes the next one.
CREATE TABLE member_numbers (
    channel_id  TEXT PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
    last_number BIGINT NOT NULL
);

CREATE TABLE users (
    id                    TEXT PRIMARY KEY,
    channel_id            TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    code                  TEXT NOT NULL,
    -- Lower-cased; replaced by an unusable placeholder when the member leaves.
    email                 TEXT NOT NULL,
    -- Lower-cased login id (the e-mail unless the member chose one).
    username              TEXT NOT NULL,
    -- argon2id PHC string; NULL for an account that can only log in socially.
    password_hash         TEXT,
    password_changed_at   BIGINT NOT NULL,
    is_registered_member  INTEGER NOT NULL DEFAULT 0 CHECK (is_registered_member IN (0, 1)),
    is_receive_newsletter INTEGER NOT NULL DEFAULT 0 CHECK (is_receive_newsletter IN (0, 1)),
    last_name             TEXT NOT NULL DEFAULT '',
    first_name            TEXT NOT NULL DEFAULT '',
    last_name_kana        TEXT NOT NULL DEFAULT '',
    first_name_kana       TEXT NOT NULL DEFAULT '',
    gender_ct             INTEGER CHECK (gender_ct BETWEEN 1 AND 4),
    -- YYYY-MM-DD
    birthday              TEXT,
    -- Seven digits, no hyphen.
    postal_code           TEXT NOT NULL DEFAULT '',
    prefecture            TEXT NOT NULL DEFAULT '',
    city                  TEXT NOT NULL DEFAULT '',
    address1              TEXT NOT NULL DEFAULT '',
    address2              TEXT NOT NULL DEFAULT '',
    phone_number          TEXT NOT NULL DEFAULT '',
    cell_phone_number     TEXT NOT NULL DEFAULT '',
    -- Security question (1..4) and the argon2id hash of the normalised answer.
    question_ct           INTEGER CHECK (question_ct BETWEEN 1 AND 4),
    answer_hash           TEXT,
    -- Corporate (B2B) channels only.
    corporation           TEXT,
    department            TEXT,
    business_type         TEXT,
    store_name            TEXT,
    url                   TEXT,
    -- Bounced mails counted by the mail side; 3 or more is shown to the member.
    mail_error_count      INTEGER NOT NULL DEFAULT 0,
    -- The sibling-channel account this one was copied from (login sync).
    synced_from_user_id   TEXT REFERENCES users (id),
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL,
    left_at               BIGINT,
    leave_reason          TEXT
);
CREATE UNIQUE INDEX users_code ON users (channel_id, code);
-- Partial unique indexes: an address or login id is free again once its member has left.
CREATE UNIQUE INDEX users_active_email ON users (channel_id, email) WHERE left_at IS NULL;
CREATE UNIQUE INDEX users_active_username ON users (channel_id, username) WHERE left_at IS NULL;
CREATE INDEX users_synced_from ON users (synced_from_user_id);

-- Opaque refresh tokens (only their SHA-256 is kept). Each login starts a family; each
-- refresh rotates to a new token of the family; presenting a rotated one revokes the family.
CREATE TABLE refresh_tokens (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family_id  TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    rotated_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Mailed secrets: 6-digit codes (login, e-mail verification) and link tokens (e-mail
-- verification, password and username reminders, unlock). Only hashes are kept; each is
-- single use, expiring, and allows a few wrong tries.
CREATE TABLE one_time_secrets (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL CHECK (purpose IN ('login_code', 'email_code', 'email_link', 'reminder_link', 'username_link', 'unlock_link')),
    secret_hash TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    attempts    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX one_time_secrets_user ON one_time_secrets (user_id, purpose, created_at);
CREATE INDEX one_time_secrets_hash ON one_time_secrets (secret_hash);

CREATE TABLE login_histories (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    logged_in_at BIGINT NOT NULL,
    ip_address   TEXT NOT NULL,
    user_agent   TEXT NOT NULL,
    method       TEXT NOT NULL CHECK (method IN ('password', 'code', 'reminder', 'social', 'sync'))
);
CREATE INDEX login_histories_user ON login_histories (user_id, logged_in_at);

-- Failed password logins per account and source address (server/src/members/lockout.rs
-- decides when they lock). A successful login clears its own pair; the mailed unlock link
-- (or a password reset) clears them all.
CREATE TABLE login_failures (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source     TEXT NOT NULL,
    failures   INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, source)
);

-- Fixed-window request counters (`bucket` names the action, channel and key).
CREATE TABLE rate_limit_hits (
    bucket       TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits         INTEGER NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_hits_age ON rate_limit_hits (window_start);
