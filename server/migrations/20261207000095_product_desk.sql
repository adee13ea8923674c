-- Issue 31, the catalogue desk's second part: products edited by staff.

-- A staff edit carries the version it read; a stale one is refused (409).
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- What the product page's <title> and meta description say instead of the name and the
-- description's start ('' : derived as before).
ALTER TABLE products ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';

-- A variation's JAN code (GTIN-13 or GTIN-8), for the shop's own records and the page's
-- structured data.
ALTER TABLE product_variations ADD COLUMN jan_code TEXT;

-- The audit log's actions are a closed set in the code (staff::audit::AuditAction, whose
-- test checks every code); the CHECK that repeated it made every new action a table rebuild
-- on SQLite, so this last rebuild drops it.
CREATE TABLE staff_audit_log_next (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action     TEXT NOT NULL,
    target     TEXT NOT NULL,
    at         BIGINT NOT NULL
);
INSERT INTO staff_audit_log_next (id, channel_id, staff_id, action, target, at)
    SELECT id, channel_id, staff_id, action, target, at FROM staff_audit_log;
DROP TABLE staff_audit_log;
ALTER TABLE staff_audit_log_next RENAME TO staff_audit_log;
CREATE INDEX staff_audit_log_channel ON staff_audit_log (channel_id, at);

-- The restock mail (入荷のお知らせ) looks for sellable counts that went up lately.
CREATE INDEX stock_movements_at ON stock_movements (at);

-- The daily low-stock mail (在庫アラート), claimed once per shop and day (Japan time) by
-- whichever instance gets there first.
CREATE TABLE stock_alert_mails (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    sent_at    BIGINT NOT NULL,
    PRIMARY KEY (channel_id, day)
);

-- A product's waiting 入荷リクエスト, for the restock mail.
CREATE INDEX product_requests_product ON product_requests (product_id, created_at);

-- The taxonomy desk's edits carry a version too (409 on a stale one).
ALTER TABLE categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE makers ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE brands ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tags ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Review moderation: a review not published is 承認待ち until staff decide (moderated_at set:
-- 非公開 when still unpublished); each decision carries the review's version.
ALTER TABLE product_reviews ADD COLUMN moderated_at BIGINT;
ALTER TABLE product_reviews ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
