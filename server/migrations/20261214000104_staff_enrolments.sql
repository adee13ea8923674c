-- Staff enrolment links (issue 33): an owner invites someone by mail, or resets a lost
-- authenticator; either way the person gets a link, valid once and for 72 hours, where they
-- choose a password and add a new TOTP secret. Only the link's SHA-256 is kept. `totp_secret`
-- is sealed like staff.totp_secret (with this row's id); `staff_id` names the account a reset
-- is for (NULL for an invitation). A link ends (`ended_at`) when used, cancelled, replaced by a
-- newer one for the same address, or after too many wrong codes.
CREATE TABLE staff_enrolments (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
    staff_id    TEXT REFERENCES staff (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    name        TEXT NOT NULL,
    role        TEXT NOT NULL,
    totp_secret TEXT NOT NULL,
    invited_by  TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    attempts    INTEGER NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    ended_at    BIGINT
);
CREATE INDEX staff_enrolments_channel_email ON staff_enrolments (channel_id, email);
CREATE INDEX staff_enrolments_staff ON staff_enrolments (staff_id);
