-- The shop's staff (issue 14): who may log in to /admin, their sessions and what they did.
-- Common dialect (SQLite and PostgreSQL). Owner of every table here: staff/store.rs.

-- A staff member belongs to one channel; the same address may be staff of two shops, each
-- with its own password. `password_hash` is argon2id (PHC string); `totp_secret` is the
-- base32 secret of the authenticator app (RFC 6238). `totp_last_step` is the newest time step
-- whose code was accepted: a code is accepted once (RFC 6238 §5.2). Five wrong passwords or
-- codes in a row lock the account until `locked_until` (epoch ms).
CREATE TABLE staff (
    id             TEXT PRIMARY KEY,
    channel_id     TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    email          TEXT NOT NULL,
    name           TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    totp_secret    TEXT NOT NULL,
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    role           TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
    failed_count   INTEGER NOT NULL DEFAULT 0,
    locked_until   BIGINT,
    created_at     BIGINT NOT NULL,
    UNIQUE (channel_id, email)
);

-- The step between the password and the code: `POST /v1/admin/auth/login` hands out an
-- opaque token (stored as its SHA-256) that `POST /v1/admin/auth/totp` takes within 5 minutes.
CREATE TABLE staff_login_pending (
    token_hash TEXT PRIMARY KEY,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL
);
CREATE INDEX staff_login_pending_staff ON staff_login_pending (staff_id);

-- A logged-in browser: the cookie `shop_staff` holds 256 random bits, the table their SHA-256.
-- A session ends after 12 hours without a request (`last_seen_at`) or at `expires_at`.
CREATE TABLE staff_sessions (
    id           TEXT PRIMARY KEY,
    token_hash   TEXT NOT NULL UNIQUE,
    staff_id     TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Every change made by staff (and every login, logout and failed login of a known account),
-- newest last. `target` names what was changed (an inquiry number, a topic id, …). Rows stay
-- when nothing else does: no staff row is ever deleted by the application.
CREATE TABLE staff_audit_log (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action     TEXT NOT NULL CHECK (action IN ('login', 'logout', 'login_failed', 'inquiry_reply', 'inquiry_status', 'inquiry_note',
                                               'topic_create', 'topic_update', 'topic_delete', 'system_message_send')),
    target     TEXT NOT NULL,
    at         BIGINT NOT NULL
);
CREATE INDEX staff_audit_log_channel ON staff_audit_log (channel_id, at);
