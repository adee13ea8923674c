-- Issue 31, the catalogue desk's first part: a stock ledger that says why every unit moved.

-- One row per movement of a variation's stock, in the transaction that moved it. `available`
-- is what the storefront can still sell (product_variations.stock_quantity), `on_hand` what is
-- on the shelf (stock_quantity + reserved_quantity); each row keeps both deltas and both
-- counts after the movement, so the ledger reads without recomputing.
--   arrival 入荷, sale 販売, shipment 出荷, cancel_return キャンセル戻し, return_restock 返品戻し,
--   adjustment 調整, stocktake 棚卸
CREATE TABLE stock_movements (
    id              TEXT PRIMARY KEY,
    channel_id      TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    variation_id    TEXT NOT NULL REFERENCES product_variations (id) ON DELETE CASCADE,
    reason          TEXT NOT NULL CHECK (reason IN ('arrival', 'sale', 'shipment', 'cancel_return', 'return_restock', 'adjustment', 'stocktake')),
    available_delta INTEGER NOT NULL,
    on_hand_delta   INTEGER NOT NULL,
    available_after INTEGER NOT NULL,
    on_hand_after   INTEGER NOT NULL,
    -- The staff member who moved it (NULL: the checkout, a customer's cancel, the system).
    staff_id        TEXT,
    staff_name      TEXT,
    -- The order behind a sale, a shipment or a cancel (its number: a refused card's order is
    -- deleted, its movements stay).
    order_no        TEXT,
    note            TEXT NOT NULL DEFAULT '',
    at              BIGINT NOT NULL
);
CREATE INDEX stock_movements_variation ON stock_movements (variation_id, at);

-- 在庫アラート: a variation at or under its threshold is in the low-stock queue (NULL: none).
ALTER TABLE product_variations ADD COLUMN stock_alert_threshold INTEGER CHECK (stock_alert_threshold IS NULL OR stock_alert_threshold >= 0);

-- The ledger starts with what each variation holds today: one 棚卸 line per variation, so the
-- counts after each later movement add up from a known start.
INSERT INTO stock_movements (id, channel_id, variation_id, reason, available_delta, on_hand_delta, available_after, on_hand_after, note, at)
SELECT 'sm-start-' || id, channel_id, id, 'stocktake', stock_quantity, stock_quantity + reserved_quantity, stock_quantity, stock_quantity + reserved_quantity,
       '台帳開始時の在庫', (SELECT p.created_at FROM products p WHERE p.id = product_variations.product_id)
FROM product_variations;

-- 入荷リクエスト: when the requester was mailed that the product is back (NULL: still waiting).
ALTER TABLE product_requests ADD COLUMN notified_at BIGINT;

-- The audit log's closed set of actions gains the stock desk's (rebuilt as in 20261203000091).
CREATE TABLE staff_audit_log_next (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action     TEXT NOT NULL CHECK (action IN ('login', 'logout', 'login_failed', 'inquiry_reply', 'inquiry_status', 'inquiry_note',
                                               'topic_create', 'topic_update', 'topic_delete', 'system_message_send',
                                               'invoice_approve', 'invoice_revoke',
                                               'order_payment', 'order_hold', 'order_release', 'order_cancel', 'order_note',
                                               'shipment_state', 'shipment_export', 'tracking_import', 'order_mail',
                                               'stock_adjust', 'stock_count', 'stock_threshold')),
    target     TEXT NOT NULL,
    at         BIGINT NOT NULL
);
INSERT INTO staff_audit_log_next (id, channel_id, staff_id, action, target, at)
    SELECT id, channel_id, staff_id, action, target, at FROM staff_audit_log;
DROP TABLE staff_audit_log;
ALTER TABLE staff_audit_log_next RENAME TO staff_audit_log;
CREATE INDEX staff_audit_log_channel ON staff_audit_log (channel_id, at);
