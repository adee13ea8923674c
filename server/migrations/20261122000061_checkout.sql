-- Cart, checkout, orders, payments, cards, coupons and points (issue 5). Common dialect (see
-- the foundation migration): TEXT ids made by the application, BIGINT yen and epoch
-- milliseconds, INTEGER 0/1 flags. Amounts are tax-included integer yen (総額表示).
--
-- Guards that keep money and stock right under concurrency live in the schema where they can:
-- stock (product_variations.stock_quantity >= 0, from the catalogue migration) and point
-- balances (user_points.balance >= 0) are only ever changed by one guarded UPDATE, and an
-- order is unique per cart, so a retried or raced decision can never create a second order.

-- The payment methods a channel offers (spec 000 §6 "Payment options" for the corporate shop).
-- `code` picks the behaviour; `fee` is a fixed handling fee (cash on delivery uses the tiered
-- fee of cart::pricing instead).
CREATE TABLE payment_methods (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    code        TEXT NOT NULL CHECK (code IN ('credit_card', 'cod', 'bank_transfer', 'invoice', 'deferred')),
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    fee         BIGINT NOT NULL DEFAULT 0 CHECK (fee >= 0),
    -- Members only (deferred invoice needs a known buyer).
    member_only INTEGER NOT NULL DEFAULT 0 CHECK (member_only IN (0, 1)),
    is_enabled  INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
    position    INTEGER NOT NULL,
    UNIQUE (channel_id, code)
);

-- A cart. The browser holds a random token (≥128 bits); only its SHA-256 is stored. A guest
-- cart gets the member's user_id when they log in (POST /v1/carts/init with a bearer token).
CREATE TABLE carts (
    id                  TEXT PRIMARY KEY,
    channel_id          TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    token_hash          TEXT NOT NULL UNIQUE,
    user_id             TEXT REFERENCES users (id) ON DELETE SET NULL,
    payment_method_id   TEXT REFERENCES payment_methods (id) ON DELETE SET NULL,
    -- Card payment: a saved card of the member, or a one-off token from the gateway's tokeniser.
    card_id             TEXT,
    card_token          TEXT,
    coupon_id           TEXT,
    use_points          BIGINT NOT NULL DEFAULT 0 CHECK (use_points >= 0),
    -- The buyer as typed on the checkout form (guests; members default to their profile):
    -- JSON {last_name, first_name, last_name_kana, first_name_kana, email, postal_code,
    -- prefecture, city, address1, address2, phone_number, company_name}.
    orderer_json        TEXT,
    note                TEXT NOT NULL DEFAULT '',
    -- The last payment failure shown on /cart/payment until PATCH /transaction/error/delete.
    transaction_error   TEXT,
    -- Set while the decision talks to the gateway (spec 000 §4 payment-in-progress flag).
    payment_in_progress INTEGER NOT NULL DEFAULT 0 CHECK (payment_in_progress IN (0, 1)),
    -- The order the decision created; a retried decision answers this one.
    order_id            TEXT,
    expires_at          BIGINT NOT NULL,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
CREATE INDEX carts_user ON carts (channel_id, user_id, updated_at);

-- Where a cart's products go: one row, or several when ORDER.SHIPPING.IS_ALLOW_MULTIPLE.
-- The address is copied from the address book (user_address_id) or typed by a guest.
CREATE TABLE cart_shippings (
    id                     TEXT PRIMARY KEY,
    cart_id                TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    position               INTEGER NOT NULL,
    user_address_id        TEXT,
    -- JSON of the address fields (the address book's shape), NULL until chosen.
    address_json           TEXT,
    -- YYYY-MM-DD in Japan time, or NULL for 最短 (earliest).
    delivery_date          TEXT,
    delivery_timezone_key  TEXT,
    wrapping_key           TEXT,
    noshi_key              TEXT,
    noshi_name             TEXT NOT NULL DEFAULT ''
);
CREATE INDEX cart_shippings_cart ON cart_shippings (cart_id, position);

-- Lines of a cart. An accessory line names the line it belongs to (parent_line_id).
CREATE TABLE cart_products (
    id             TEXT PRIMARY KEY,
    cart_id        TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    shipping_id    TEXT REFERENCES cart_shippings (id) ON DELETE SET NULL,
    variation_id   TEXT NOT NULL REFERENCES product_variations (id) ON DELETE CASCADE,
    parent_line_id TEXT REFERENCES cart_products (id) ON DELETE CASCADE,
    quantity       INTEGER NOT NULL CHECK (quantity > 0),
    position       INTEGER NOT NULL,
    added_at       BIGINT NOT NULL
);
CREATE INDEX cart_products_cart ON cart_products (cart_id, position);

-- Order numbers count up per channel (one upsert in the decision's transaction).
CREATE TABLE order_numbers (
    channel_id  TEXT PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
    last_number BIGINT NOT NULL
);

-- An order: a snapshot of everything the buyer agreed to, so later catalogue, address or
-- price edits never change it. Statuses (READING-NOTES): accepted, awaiting_payment, paid,
-- preparing, shipped, delivered, cancelled; the customer may cancel before preparing.
CREATE TABLE orders (
    id                  TEXT PRIMARY KEY,
    channel_id          TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    order_no            TEXT NOT NULL,
    cart_id             TEXT NOT NULL UNIQUE,
    user_id             TEXT REFERENCES users (id) ON DELETE SET NULL,
    -- Guests reach their order with order_no plus a random `t`; only its SHA-256 is stored.
    guest_token_hash    TEXT,
    status              TEXT NOT NULL CHECK (status IN ('accepted', 'awaiting_payment', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled')),
    payment_method_id   TEXT,
    payment_code        TEXT NOT NULL,
    payment_name        TEXT NOT NULL,
    card_masked_number  TEXT,
    gateway_charge_id   TEXT,
    -- JSON snapshot of the orderer (the carts.orderer_json shape).
    orderer_json        TEXT NOT NULL,
    orderer_email       TEXT NOT NULL,
    subtotal            BIGINT NOT NULL,
    total_carriage      BIGINT NOT NULL,
    payment_fee         BIGINT NOT NULL,
    packing_fee         BIGINT NOT NULL,
    coupon_discount     BIGINT NOT NULL,
    point_discount      BIGINT NOT NULL,
    total_payment       BIGINT NOT NULL CHECK (total_payment >= 0),
    total_tax           BIGINT NOT NULL,
    -- JSON [{tax_rate, amount, tax}]: tax-included amount and its tax, once per rate.
    amount_by_tax_rate  TEXT NOT NULL,
    coupon_id           TEXT,
    coupon_code         TEXT,
    used_points         BIGINT NOT NULL DEFAULT 0,
    earned_points       BIGINT NOT NULL DEFAULT 0,
    note                TEXT NOT NULL DEFAULT '',
    cancel_reason       TEXT,
    cancelled_at        BIGINT,
    receipt_addressee   TEXT NOT NULL DEFAULT '',
    receipt_note        TEXT NOT NULL DEFAULT '',
    receipt_issued_count INTEGER NOT NULL DEFAULT 0,
    ordered_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL,
    UNIQUE (channel_id, order_no)
);
CREATE INDEX orders_member ON orders (channel_id, user_id, ordered_at);

CREATE TABLE order_shippings (
    id                       TEXT PRIMARY KEY,
    order_id                 TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position                 INTEGER NOT NULL,
    -- JSON snapshot of the address (the address book's field names).
    address_json             TEXT NOT NULL,
    delivery_date            TEXT,
    delivery_timezone_key    TEXT,
    delivery_timezone_label  TEXT,
    wrapping_key             TEXT,
    wrapping_label           TEXT,
    noshi_key                TEXT,
    noshi_label              TEXT,
    noshi_name               TEXT NOT NULL DEFAULT '',
    carriage                 BIGINT NOT NULL
);
CREATE INDEX order_shippings_order ON order_shippings (order_id, position);

CREATE TABLE order_lines (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    shipping_id      TEXT REFERENCES order_shippings (id) ON DELETE SET NULL,
    position         INTEGER NOT NULL,
    -- Kept to restore stock on cancel; the names below are the snapshot the buyer saw.
    variation_id     TEXT,
    product_key      TEXT NOT NULL,
    variation_key    TEXT NOT NULL,
    code             TEXT NOT NULL,
    product_name     TEXT NOT NULL,
    variation_name   TEXT NOT NULL,
    unit_price       BIGINT NOT NULL,
    quantity         INTEGER NOT NULL CHECK (quantity > 0),
    tax_rate         INTEGER NOT NULL CHECK (tax_rate IN (8, 10)),
    coupon_discount  BIGINT NOT NULL DEFAULT 0,
    is_accessory     INTEGER NOT NULL DEFAULT 0 CHECK (is_accessory IN (0, 1))
);
CREATE INDEX order_lines_order ON order_lines (order_id, position);

-- The member's own note on an order (spec 001 §2 memos); one per order.
CREATE TABLE order_memos (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    order_id   TEXT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Coupons. `requires_take`: the member takes it first (/coupon, landing pages); otherwise
-- typing the code in the cart is enough. Limits are per member (guests: per order).
CREATE TABLE coupons (
    id               TEXT PRIMARY KEY,
    channel_id       TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    code             TEXT NOT NULL,
    name             TEXT NOT NULL,
    description      TEXT NOT NULL,
    discount_kind    TEXT NOT NULL CHECK (discount_kind IN ('amount', 'percent')),
    discount_value   BIGINT NOT NULL CHECK (discount_value > 0),
    minimum_amount   BIGINT NOT NULL DEFAULT 0,
    starts_at        BIGINT,
    ends_at          BIGINT,
    is_public        INTEGER NOT NULL DEFAULT 1 CHECK (is_public IN (0, 1)),
    requires_take    INTEGER NOT NULL DEFAULT 0 CHECK (requires_take IN (0, 1)),
    member_only      INTEGER NOT NULL DEFAULT 0 CHECK (member_only IN (0, 1)),
    uses_per_member  INTEGER NOT NULL DEFAULT 1,
    position         INTEGER NOT NULL,
    UNIQUE (channel_id, code)
);

CREATE TABLE user_coupons (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coupon_id TEXT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    taken_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, coupon_id)
);

-- One row per order that used a coupon; a cancelled order's row is deleted (the use returns).
CREATE TABLE coupon_uses (
    order_id  TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    coupon_id TEXT NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    user_id   TEXT,
    used_at   BIGINT NOT NULL
);
CREATE INDEX coupon_uses_member ON coupon_uses (coupon_id, user_id);

-- Points: the balance (changed only by a guarded UPDATE, never below zero) and its history.
CREATE TABLE user_points (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    balance    BIGINT NOT NULL CHECK (balance >= 0),
    updated_at BIGINT NOT NULL
);

CREATE TABLE point_histories (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id    TEXT,
    -- earn, use, cancel_earn, cancel_use, grant
    kind        TEXT NOT NULL CHECK (kind IN ('earn', 'use', 'cancel_earn', 'cancel_use', 'grant')),
    -- Signed: what the balance changed by.
    points      BIGINT NOT NULL,
    description TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX point_histories_member ON point_histories (user_id, created_at);

-- Saved cards: only what the gateway gave back (never the number itself).
CREATE TABLE user_cards (
    id             TEXT PRIMARY KEY,
    channel_id     TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    gateway        TEXT NOT NULL,
    -- The gateway's reusable reference for this card.
    card_ref       TEXT NOT NULL,
    brand          TEXT NOT NULL,
    masked_number  TEXT NOT NULL,
    -- YYYY-MM
    expiration     TEXT NOT NULL,
    holder_name    TEXT NOT NULL,
    is_main        INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1)),
    created_at     BIGINT NOT NULL
);
CREATE INDEX user_cards_user ON user_cards (user_id, created_at);
CREATE UNIQUE INDEX user_cards_main ON user_cards (user_id) WHERE is_main = 1;

-- The sandbox gateway's own books (payments/sandbox.rs). A real gateway keeps these on its
-- side; the sandbox runs in-process so that checkout works on a laptop.
CREATE TABLE sandbox_card_tokens (
    token         TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL,
    brand         TEXT NOT NULL,
    last4         TEXT NOT NULL,
    expiration    TEXT NOT NULL,
    holder_name   TEXT NOT NULL,
    -- approve | decline | insufficient (chosen by the test card number)
    behaviour     TEXT NOT NULL,
    -- once: a checkout token (single use, 30 min); saved: a card kept for a member.
    kind          TEXT NOT NULL CHECK (kind IN ('once', 'saved')),
    used_at       BIGINT,
    expires_at    BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);

CREATE TABLE sandbox_charges (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL,
    token       TEXT NOT NULL,
    amount      BIGINT NOT NULL,
    -- captured | refunded
    status      TEXT NOT NULL,
    -- The shop's idempotency key (the cart id): a retried charge answers the first one.
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL
);

-- Gateway notifications (POST /v1/sbpayment/receive/fraud-detection), idempotent on the
-- gateway's event id.
CREATE TABLE payment_notifications (
    event_id    TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL,
    order_no    TEXT,
    result      TEXT NOT NULL,
    payload     TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- Analytics events posted by the storefront (spec 000 §7 Ecommerce events).
CREATE TABLE ecommerce_events (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    args_json   TEXT NOT NULL,
    cart_id     TEXT,
    user_id     TEXT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX ecommerce_events_cart ON ecommerce_events (cart_id, created_at);
