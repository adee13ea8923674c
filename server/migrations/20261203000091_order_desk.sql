-- The order desk (issue 30): three axes per order, shipments as records with tracking numbers,
-- the order's timeline, and staff roles a small shop understands.
--
-- `orders.status` stays: it is the customer's label (the seven of READING-NOTES), now written
-- only as `orders::axes::customer_status` of the axes below, in the same UPDATE that moves them.

-- Staff roles: オーナー, 店長, 受注担当, 出荷担当, 閲覧のみ. `staff.role` has a CHECK for the two
-- old roles that SQLite cannot change in place, and the table cannot be rebuilt (sessions, the
-- pending logins and the audit log reference it, with ON DELETE CASCADE). So the role moves to
-- `desk_role`; `role` is kept in step ('owner' for an owner, 'staff' otherwise) and read by nothing.
ALTER TABLE staff ADD COLUMN desk_role TEXT NOT NULL DEFAULT 'viewer'
    CHECK (desk_role IN ('owner', 'manager', 'order_clerk', 'shipping_clerk', 'viewer'));
UPDATE staff SET desk_role = CASE role WHEN 'owner' THEN 'owner' ELSE 'order_clerk' END;

-- The lifecycle: open → closed, or cancelled; with 保留 (its reason) and 要確認 (its reasons).
ALTER TABLE orders ADD COLUMN lifecycle TEXT NOT NULL DEFAULT 'open' CHECK (lifecycle IN ('open', 'closed', 'cancelled'));
ALTER TABLE orders ADD COLUMN on_hold INTEGER NOT NULL DEFAULT 0 CHECK (on_hold IN (0, 1));
ALTER TABLE orders ADD COLUMN hold_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN needs_review INTEGER NOT NULL DEFAULT 0 CHECK (needs_review IN (0, 1));
ALTER TABLE orders ADD COLUMN review_reason TEXT NOT NULL DEFAULT '';
-- The payment: see orders::axes::PaymentState for each kind's path.
ALTER TABLE orders ADD COLUMN payment_state TEXT NOT NULL DEFAULT 'unpaid'
    CHECK (payment_state IN ('unpaid', 'partially_paid', 'paid', 'expired', 'authorized', 'captured',
                             'to_bill', 'billed', 'collected', 'partially_refunded', 'refunded'));
ALTER TABLE orders ADD COLUMN payment_due_at BIGINT;
ALTER TABLE orders ADD COLUMN paid_amount BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN paid_on TEXT;
-- When 入金督促 went to the customer (once per order).
ALTER TABLE orders ADD COLUMN payment_reminded_at BIGINT;
-- The shipments summed up (none, preparing, partial, shipped, delivered), for the queues.
ALTER TABLE orders ADD COLUMN ship_progress TEXT NOT NULL DEFAULT 'none'
    CHECK (ship_progress IN ('none', 'preparing', 'partial', 'shipped', 'delivered'));
-- When a member of staff first acted on the order (the 新規 queue holds those without one).
ALTER TABLE orders ADD COLUMN handled_at BIGINT;
-- Every edit (staff, the customer's cancel, a payment landing) adds one; staff send the one
-- they read, and a stale one is a 409.
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

UPDATE orders SET payment_state = CASE
        WHEN payment_code IN ('cod', 'invoice', 'deferred') THEN 'to_bill'
        WHEN status = 'awaiting_payment' THEN 'unpaid'
        WHEN status = 'cancelled' AND gateway_charge_id IS NULL THEN 'unpaid'
        WHEN payment_code = 'credit_card' THEN 'captured'
        ELSE 'paid' END,
    lifecycle = CASE status WHEN 'cancelled' THEN 'cancelled' WHEN 'delivered' THEN 'closed' ELSE 'open' END,
    ship_progress = CASE status WHEN 'preparing' THEN 'preparing' WHEN 'shipped' THEN 'shipped' WHEN 'delivered' THEN 'delivered' ELSE 'none' END,
    handled_at = CASE WHEN status IN ('preparing', 'shipped', 'delivered', 'cancelled') THEN updated_at END;
UPDATE orders SET paid_amount = total_payment, paid_on = NULL WHERE payment_state IN ('paid', 'captured');
-- What the desk's search box looks through, in one column (orders::desk::search_text): the order
-- number, the orderer's and the recipients' names, kana, addresses and phones (hyphens taken out)
-- and the e-mail, lower-cased. Orders placed before this are given their order's texts as stored.
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders SET search_text = LOWER(REPLACE(order_no || ' ' || orderer_email || ' ' || orderer_json || ' ' ||
    COALESCE((SELECT MIN(s.address_json) FROM order_shippings s WHERE s.order_id = orders.id), ''), '-', ''));
-- The work queues' counts read only this index (orders::queue: every column a queue's condition
-- names, and the id its subqueries join on), over the shop's open and cancelled orders.
CREATE INDEX orders_desk_counts ON orders (channel_id, lifecycle, payment_code, payment_state, ship_progress, on_hold, needs_review,
                                           handled_at, payment_due_at, cancelled_at, id);
-- The dashboard's sums of the day, week and month read only this index.
CREATE INDEX orders_desk_ordered ON orders (channel_id, ordered_at, lifecycle, total_payment);

-- A shipment: our code (お客様管理番号 on the carriers' labels), its state, carrier, dates.
ALTER TABLE order_shippings ADD COLUMN shipment_code TEXT;
ALTER TABLE order_shippings ADD COLUMN ship_state TEXT NOT NULL DEFAULT 'unshipped'
    CHECK (ship_state IN ('unshipped', 'preparing', 'shipped', 'delivered'));
ALTER TABLE order_shippings ADD COLUMN carrier TEXT;
ALTER TABLE order_shippings ADD COLUMN ship_planned_on TEXT;
ALTER TABLE order_shippings ADD COLUMN shipped_at BIGINT;
ALTER TABLE order_shippings ADD COLUMN delivered_at BIGINT;
ALTER TABLE order_shippings ADD COLUMN shipped_mail_at BIGINT;
ALTER TABLE order_shippings ADD COLUMN channel_id TEXT;
UPDATE order_shippings SET
    channel_id = (SELECT o.channel_id FROM orders o WHERE o.id = order_shippings.order_id),
    shipment_code = (SELECT o.order_no FROM orders o WHERE o.id = order_shippings.order_id) || '-' || position,
    ship_state = (SELECT CASE o.status WHEN 'preparing' THEN 'preparing' WHEN 'shipped' THEN 'shipped' WHEN 'delivered' THEN 'delivered' ELSE 'unshipped' END
                  FROM orders o WHERE o.id = order_shippings.order_id),
    ship_planned_on = delivery_date;
CREATE UNIQUE INDEX order_shippings_code ON order_shippings (channel_id, shipment_code);
-- 出荷待ち's cut-off: the shop's parcels not yet gone by their 出荷予定日.
CREATE INDEX order_shippings_planned ON order_shippings (channel_id, ship_state, ship_planned_on);

-- Tracking numbers of a shipment, with their history: a number replaced is kept, marked removed.
CREATE TABLE order_tracking_numbers (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    shipping_id TEXT NOT NULL REFERENCES order_shippings (id) ON DELETE CASCADE,
    carrier     TEXT NOT NULL,
    number      TEXT NOT NULL,
    added_at    BIGINT NOT NULL,
    removed_at  BIGINT
);
CREATE INDEX order_tracking_numbers_shipping ON order_tracking_numbers (shipping_id);
CREATE INDEX order_tracking_numbers_number ON order_tracking_numbers (channel_id, number);

-- The order's timeline: each change of an axis, each mail, each note and edit, and who made it
-- (no staff: the customer or the shop's own processes). `kind` is orders::timeline::EventKind.
CREATE TABLE order_events (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at         BIGINT NOT NULL,
    staff_id   TEXT REFERENCES staff (id) ON DELETE SET NULL,
    staff_name TEXT NOT NULL DEFAULT '',
    kind       TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX order_events_order ON order_events (order_id, at);
INSERT INTO order_events (id, channel_id, order_id, at, kind, detail)
    SELECT 'placed-' || id, channel_id, id, ordered_at, 'placed', '' FROM orders;

-- The audit log's closed set of actions gains the order desk's (rebuilt as in 20261201000083).
CREATE TABLE staff_audit_log_next (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action     TEXT NOT NULL CHECK (action IN ('login', 'logout', 'login_failed', 'inquiry_reply', 'inquiry_status', 'inquiry_note',
                                               'topic_create', 'topic_update', 'topic_delete', 'system_message_send',
                                               'invoice_approve', 'invoice_revoke',
                                               'order_payment', 'order_hold', 'order_release', 'order_cancel', 'order_note',
                                               'shipment_state', 'shipment_export', 'tracking_import', 'order_mail')),
    target     TEXT NOT NULL,
    at         BIGINT NOT NULL
);
INSERT INTO staff_audit_log_next (id, channel_id, staff_id, action, target, at)
    SELECT id, channel_id, staff_id, action, target, at FROM staff_audit_log;
DROP TABLE staff_audit_log;
ALTER TABLE staff_audit_log_next RENAME TO staff_audit_log;
CREATE INDEX staff_audit_log_channel ON staff_audit_log (channel_id, at);

-- Saved views of the order list, per staff member.
CREATE TABLE order_desk_views (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    query      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX order_desk_views_staff ON order_desk_views (staff_id);
