-- 売上レポート (issue 33, docs/contracts/reports.md): finished Japan days counted once and kept.
-- Money is counted as events on their own dates (a sale when placed, a refund or a cancel when
-- it happened), so a finished day never changes and is counted again only by hand.
--
-- The days counted (a day without sales is kept too, as a row here and none below).
CREATE TABLE report_days (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    day        BIGINT NOT NULL,
    counted_at BIGINT NOT NULL,
    PRIMARY KEY (channel_id, day)
);

-- A counted day's figures per dimension (`total`, `hour`, `product`, `sku`, `category`,
-- `payment`, `prefecture`, `customer`, `new_repeat`, `tax_rate`) and key.
CREATE TABLE report_daily (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    dim        TEXT NOT NULL,
    day        BIGINT NOT NULL,
    row_key    TEXT NOT NULL,
    label      TEXT NOT NULL,
    orders     BIGINT NOT NULL,
    items      BIGINT NOT NULL,
    gross      BIGINT NOT NULL,
    discounts  BIGINT NOT NULL,
    points     BIGINT NOT NULL,
    fees       BIGINT NOT NULL,
    returns    BIGINT NOT NULL,
    net        BIGINT NOT NULL,
    PRIMARY KEY (channel_id, dim, day, row_key)
);

-- A guest's earlier orders by e-mail (新規 / リピート); a member's are found by orders_member.
CREATE INDEX orders_guest_email ON orders (channel_id, orderer_email, ordered_at) WHERE user_id IS NULL;
