-- The member area (issue 13): favourites lists, bookmarks, memorials, measurements, size
-- charts, and reviews written by members. Common dialect (SQLite and PostgreSQL).

-- A member's lists of favourites. The default one (「お気に入り」) is made on first use.
CREATE TABLE user_lists (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at BIGINT NOT NULL
);
CREATE INDEX user_lists_member ON user_lists (channel_id, user_id);
-- At most one default list per member: two first requests at once cannot make two.
CREATE UNIQUE INDEX user_lists_one_default ON user_lists (channel_id, user_id, is_default) WHERE is_default = 1;

-- What a list holds: today only products (`table_name` 'products'). user_id is repeated so
-- that a member's favourite flags are one indexed read.
CREATE TABLE user_list_items (
    list_id    TEXT NOT NULL REFERENCES user_lists (id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    table_name TEXT NOT NULL CHECK (table_name IN ('products')),
    item_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    added_id   TEXT NOT NULL,
    added_at   BIGINT NOT NULL,
    PRIMARY KEY (list_id, table_name, item_id)
);
CREATE INDEX user_list_items_member ON user_list_items (channel_id, user_id, table_name, item_id);
CREATE INDEX user_list_items_order ON user_list_items (list_id, added_id);

-- Pages of the shop a member keeps to come back to. `url` is a site path.
CREATE TABLE bookmarks (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    title      TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('news', 'blog', 'product', 'product_search', 'page')),
    created_at BIGINT NOT NULL,
    UNIQUE (channel_id, user_id, url)
);
CREATE INDEX bookmarks_member ON bookmarks (channel_id, user_id, created_at);

-- Birthdays and anniversaries of the people a member buys gifts for. `reminded_for` is the
-- date (YYYY-MM-DD) of the occurrence last reminded of, so a reminder goes out once a year.
CREATE TABLE user_memorials (
    id               TEXT PRIMARY KEY,
    channel_id       TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_user_name TEXT NOT NULL,
    division_ct      INTEGER NOT NULL CHECK (division_ct IN (1, 2, 3)),
    name             TEXT NOT NULL,
    month            INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
    day              INTEGER NOT NULL CHECK (day BETWEEN 1 AND 31),
    call_name        TEXT NOT NULL DEFAULT '',
    reminded_for     TEXT,
    -- The storefront address the reminder's links point at (taken when saved, as orders do).
    link_origin      TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX user_memorials_member ON user_memorials (channel_id, user_id);

-- A member's measurements, by purpose (helmet, glove, bicycle); `measures` is a JSON object
-- of measure name → centimetres. `seq` orders them (a UUIDv7, time ordered).
CREATE TABLE user_timeseries (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('helmet', 'glove', 'bicycle')),
    measures   TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX user_timeseries_member ON user_timeseries (channel_id, user_id, purpose, id);

-- The sizes of a product by one body measure, in millimetres: min inclusive, max exclusive.
CREATE TABLE product_size_charts (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('helmet', 'glove', 'bicycle')),
    measure    TEXT NOT NULL,
    position   INTEGER NOT NULL,
    label      TEXT NOT NULL,
    min_mm     INTEGER NOT NULL,
    max_mm     INTEGER NOT NULL,
    PRIMARY KEY (product_id, position)
);

-- Reviews written by members: one per member and product; is_purchaser is fixed when written.
ALTER TABLE product_reviews ADD COLUMN user_id TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE product_reviews ADD COLUMN is_purchaser INTEGER NOT NULL DEFAULT 0 CHECK (is_purchaser IN (0, 1));
CREATE UNIQUE INDEX product_reviews_one_per_member ON product_reviews (product_id, user_id);
