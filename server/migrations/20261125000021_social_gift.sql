-- Social gift (issue 15): the buyer pays, the recipient chooses the address and the date.

-- A cart that is a gift names its receiver (NULL: an ordinary cart). No address is asked.
ALTER TABLE carts ADD COLUMN gift_receiver_name TEXT;
ALTER TABLE carts ADD COLUMN gift_sender_name TEXT NOT NULL DEFAULT '';
ALTER TABLE carts ADD COLUMN gift_message TEXT NOT NULL DEFAULT '';

-- One row per gift order. The recipient's link carries a random token; only its SHA-256 is
-- kept (NULL until the order is paid: the link is issued with the payment). The address the
-- recipient chooses goes into the order's shipping (orders/store.rs owns it); the row keeps
-- what the sender may see of it (the prefecture) and the recipient's mail address.
-- state: waiting (for the recipient) → accepted, or expired (the deadline passed).
CREATE TABLE social_gifts (
    id                TEXT PRIMARY KEY,
    channel_id        TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    order_id          TEXT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    token_hash        TEXT UNIQUE,
    receiver_name     TEXT NOT NULL,
    sender_name       TEXT NOT NULL,
    message           TEXT NOT NULL DEFAULT '',
    state             TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'accepted', 'expired')),
    expires_at        BIGINT,
    reminded_at       BIGINT,
    accepted_at       BIGINT,
    expired_at        BIGINT,
    prefecture        TEXT,
    recipient_email   TEXT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX social_gifts_due ON social_gifts (state, expires_at);
