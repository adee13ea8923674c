-- Issue 30, the order desk's second part.

-- Units taken by orders whose parcels have not left yet (stock_quantity is what can still be
-- sold; stock_quantity + reserved_quantity is what is on the shelf). A shipment's leaving
-- (出荷済) releases its units; a cancel before that gives them back to stock_quantity.
ALTER TABLE product_variations ADD COLUMN reserved_quantity INTEGER NOT NULL DEFAULT 0;

UPDATE product_variations SET reserved_quantity = COALESCE((
    SELECT SUM(l.quantity)
    FROM order_lines l
    JOIN orders o ON o.id = l.order_id
    LEFT JOIN order_shippings s ON s.id = l.shipping_id
    WHERE l.variation_id = product_variations.id
      AND o.lifecycle = 'open'
      AND ((s.id IS NULL AND o.ship_progress IN ('none', 'preparing')) OR s.ship_state IN ('unshipped', 'preparing'))
), 0);

-- A bulk action of the desk (入金確認, 出荷準備, 出荷済, a mail) over many orders, run in the
-- background: its progress and, per order, what became of it.
CREATE TABLE order_desk_jobs (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    staff_id     TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    action       TEXT NOT NULL,
    -- running, done or failed (a server stopped mid-way: failed, with the rows done so far).
    state        TEXT NOT NULL,
    total        INTEGER NOT NULL,
    done         INTEGER NOT NULL DEFAULT 0,
    -- [{"order_no":…, "ok":…, "message":…}] in the order of the request.
    results_json TEXT NOT NULL DEFAULT '[]',
    created_at   BIGINT NOT NULL,
    finished_at  BIGINT
);
CREATE INDEX order_desk_jobs_staff ON order_desk_jobs (staff_id, created_at);
