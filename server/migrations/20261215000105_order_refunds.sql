-- 返品・返金 (issue 32): each refund is one event on its own date (`created_at`), so sales
-- figures count it then and never rewrite an earlier month. `state`:
--   pending           a card refund asked of the gateway and not yet answered (the server
--                     asks again under `id` as the idempotency key until it is settled);
--   awaiting_transfer a manual refund (振込返金) staff have still to transfer;
--   refunded          the money went back (`refunded_at`);
--   failed            the gateway refused (`failure`); the order is flagged 要確認;
--   none              a return or a line cancel without money.
CREATE TABLE order_refunds (
    id                TEXT PRIMARY KEY,
    channel_id        TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    order_id          TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    refund_no         INTEGER NOT NULL,
    amount            BIGINT NOT NULL CHECK (amount >= 0),
    method            TEXT NOT NULL CHECK (method IN ('card', 'manual', 'none')),
    state             TEXT NOT NULL CHECK (state IN ('pending', 'awaiting_transfer', 'refunded', 'failed', 'none')),
    restocked         INTEGER NOT NULL CHECK (restocked IN (0, 1)),
    points_returned   BIGINT NOT NULL CHECK (points_returned >= 0),
    points_revoked    BIGINT NOT NULL CHECK (points_revoked >= 0),
    reason            TEXT NOT NULL,
    bank_account      TEXT NOT NULL DEFAULT '',
    notify            INTEGER NOT NULL CHECK (notify IN (0, 1)),
    gateway_refund_id TEXT,
    failure           TEXT NOT NULL DEFAULT '',
    staff_id          TEXT REFERENCES staff (id) ON DELETE SET NULL,
    staff_name        TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    refunded_at       BIGINT,
    UNIQUE (order_id, refund_no)
);
CREATE INDEX order_refunds_channel_at ON order_refunds (channel_id, created_at);
CREATE INDEX order_refunds_pending ON order_refunds (state, created_at);

-- The units each refund took back, per order line, and what they were worth (unit price ×
-- quantity, tax included).
CREATE TABLE order_refund_lines (
    refund_id TEXT NOT NULL REFERENCES order_refunds (id) ON DELETE CASCADE,
    line_id   TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    quantity  INTEGER NOT NULL CHECK (quantity > 0),
    amount    BIGINT NOT NULL,
    PRIMARY KEY (refund_id, line_id)
);
CREATE INDEX order_refund_lines_line ON order_refund_lines (line_id);

-- What the orders gave back so far (pending and awaiting transfers included, failed ones not).
ALTER TABLE orders ADD COLUMN refunded_amount BIGINT NOT NULL DEFAULT 0;

-- The sandbox gateway's refunds, partial ones included; one per idempotency key.
CREATE TABLE sandbox_refunds (
    id              TEXT PRIMARY KEY,
    charge_id       TEXT NOT NULL REFERENCES sandbox_charges (id) ON DELETE CASCADE,
    channel_id      TEXT NOT NULL,
    amount          BIGINT NOT NULL CHECK (amount > 0),
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at      BIGINT NOT NULL
);
CREATE INDEX sandbox_refunds_charge ON sandbox_refunds (charge_id);
