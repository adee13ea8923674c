-- Issue 33: the storefront's ecommerce events carry `logreco_rcmd_ct` (spec 000 §7), the
-- recommendation click that led to the event, which was accepted and dropped. Kept as JSON text
-- (null when the event came without one), so recommendation clicks can be counted.
ALTER TABLE ecommerce_events ADD COLUMN rcmd_ct_json TEXT;
