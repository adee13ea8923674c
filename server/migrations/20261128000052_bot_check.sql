-- Bot check (issue 14): the ALTCHA challenges whose proof was already accepted, so that a
-- proof counts once even when two instances serve the shop. A row is kept until its challenge
-- expires (`expires_at`, epoch ms); expired rows are deleted now and then by the next
-- accepted proof. Owner: bot_check/store.rs.
CREATE TABLE bot_check_used (
    challenge  TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX bot_check_used_expiry ON bot_check_used (expires_at);
