-- The storefront origin a buyer ordered from (e.g. http://127.0.0.1:8080), so that a mail
-- sent later by a background task (the payment reconciler) links to the same host.
ALTER TABLE orders ADD COLUMN link_origin TEXT NOT NULL DEFAULT '';
CREATE INDEX orders_unsettled ON orders (status, payment_code, ordered_at);
