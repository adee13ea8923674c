-- Secrets every instance of one deployment must share (issue 12): the access-token key and
-- the sandbox gateway's notification key, generated on first start unless configured. Kept
-- here rather than under each instance's data folder so that a second instance honours the
-- first one's tokens. Owner: infra/shared_secrets.rs.
CREATE TABLE server_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
