-- What visitors and members leave behind while browsing: search words (members only),
-- restock/stock requests, and the products a member looked at. `user_id` is the member's id
-- from the access token (the members feature owns the users table).

CREATE TABLE product_search_histories (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL,
    word       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX product_search_histories_member ON product_search_histories (channel_id, user_id, created_at);

CREATE TABLE product_requests (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    -- The member who asked, when logged in.
    user_id    TEXT,
    -- The product asked about, when the request names one of ours.
    product_id TEXT REFERENCES products (id) ON DELETE SET NULL,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX product_requests_listing ON product_requests (channel_id, created_at);

-- One row per member and product; viewing again moves it to the front. `view_id` is a
-- UUIDv7 made at each view: time ordered even within one millisecond.
CREATE TABLE product_histories (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    view_id    TEXT NOT NULL,
    viewed_at  BIGINT NOT NULL,
    PRIMARY KEY (channel_id, user_id, product_id)
);
CREATE INDEX product_histories_member ON product_histories (channel_id, user_id, view_id);
