-- Issue 33, the staff desk (スタッフ管理): an owner disables an account (someone who left, a
-- lost laptop) and enables it again; each change carries the row's version (409 on a stale
-- one). A disabled account keeps its row and its audit log.
ALTER TABLE staff ADD COLUMN disabled_at BIGINT;
ALTER TABLE staff ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- A staff member's last login and login history are read from the audit log by staff.
CREATE INDEX staff_audit_log_staff ON staff_audit_log (staff_id, action, at);
