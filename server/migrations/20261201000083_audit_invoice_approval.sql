-- The back office's approval of a company for 請求書払い (corporate shops) is audited: the log's
-- closed set of actions gains invoice_approve and invoice_revoke. A CHECK constraint cannot be
-- changed in place on SQLite, so the table is rebuilt (the same on PostgreSQL) with its rows.
CREATE TABLE staff_audit_log_next (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action     TEXT NOT NULL CHECK (action IN ('login', 'logout', 'login_failed', 'inquiry_reply', 'inquiry_status', 'inquiry_note',
                                               'topic_create', 'topic_update', 'topic_delete', 'system_message_send',
                                               'invoice_approve', 'invoice_revoke')),
    target     TEXT NOT NULL,
    at         BIGINT NOT NULL
);
INSERT INTO staff_audit_log_next (id, channel_id, staff_id, action, target, at)
    SELECT id, channel_id, staff_id, action, target, at FROM staff_audit_log;
DROP TABLE staff_audit_log;
ALTER TABLE staff_audit_log_next RENAME TO staff_audit_log;
CREATE INDEX staff_audit_log_channel ON staff_audit_log (channel_id, at);
