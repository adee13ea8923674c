-- The order desk at a million orders (issue 30, bench/orders.sh).

-- The work queues' counts (orders/desk_store.rs, count_axes_groups) read only the open orders:
-- a partial index holding just them, its columns in the order the counts group by, so they are
-- one index-only pass over the open orders instead of every order the shop ever took. It
-- replaces orders_desk_counts, which held every order.
CREATE INDEX orders_desk_open ON orders (channel_id, payment_code, payment_state, ship_progress, on_hold, needs_review,
                                         handled_at, payment_due_at, ordered_at, id) WHERE lifecycle = 'open';
DROP INDEX orders_desk_counts;
-- The search text is bounded (orders::desk::search_text, 600 characters): a B-tree entry on
-- PostgreSQL must stay under about 2,700 bytes, and orders_desk_newest carries the column.
UPDATE orders SET search_text = SUBSTR(search_text, 1, 600) WHERE LENGTH(search_text) > 600;
-- The order list newest first, holding what a search reads: its capped count (1,000) walks the
-- newest orders through this index alone, without reading each order's row, and the
-- dashboard's sums read it as they read orders_desk_ordered, which it replaces.
CREATE INDEX orders_desk_newest ON orders (channel_id, ordered_at, lifecycle, total_payment, payment_code, search_text, id);
DROP INDEX orders_desk_ordered;
-- キャンセル済 (the last 30 days' cancelled orders), by when; and the days whose kept sales a
-- cancel changed (below).
CREATE INDEX orders_desk_cancelled ON orders (channel_id, cancelled_at, ordered_at) WHERE lifecycle = 'cancelled';
-- 出荷待ち's cut-off: the shop's unshipped parcels by 出荷予定日 (those due today or before).
CREATE INDEX order_shippings_unshipped ON order_shippings (channel_id, ship_planned_on, order_id) WHERE ship_state = 'unshipped';

-- The dashboard's sales of the finished days of this month and week (orders/queue.rs,
-- sales_since), kept counted: `day` is days since 1970-01-01 in Japan; `read_at` (ms) when it
-- was counted. A day is counted again when one of its orders is cancelled after that (through
-- orders_desk_cancelled) and every ten minutes in any case.
CREATE TABLE order_desk_daily_sales (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    day        BIGINT NOT NULL,
    orders     BIGINT NOT NULL,
    amount     BIGINT NOT NULL,
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (channel_id, day)
);
