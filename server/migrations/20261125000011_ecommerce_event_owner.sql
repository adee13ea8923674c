-- Who may read an analytics event back (issue 11), fixed when it is posted: a member (their
-- cart's event, or their own event without a cart; only their bearer token reads it), or a
-- guest cart (only that cart's token reads it; stored as the cart stores it, SHA-256). Both
-- NULL: nobody reads it back. `user_id` stays the poster, for analytics.
ALTER TABLE ecommerce_events ADD COLUMN owner_user_id TEXT;
ALTER TABLE ecommerce_events ADD COLUMN owner_token_hash TEXT;

-- Events posted before: a member's cart belongs to its member, a guest cart to its token,
-- an event without a cart to the member who posted it.
UPDATE ecommerce_events
SET owner_user_id = (SELECT c.user_id FROM carts c WHERE c.id = ecommerce_events.cart_id)
WHERE cart_id IS NOT NULL;
UPDATE ecommerce_events
SET owner_token_hash = (SELECT c.token_hash FROM carts c WHERE c.id = ecommerce_events.cart_id)
WHERE cart_id IS NOT NULL AND owner_user_id IS NULL;
UPDATE ecommerce_events SET owner_user_id = user_id WHERE cart_id IS NULL;
