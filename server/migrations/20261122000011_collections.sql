-- Collections: curated, ordered product lists a page shows by alias (new-arrivals,
-- staff-picks, …). Membership keeps its own order; which members a list may show (published,
-- in their sale period) is decided when reading, so a collection never needs re-curating
-- when a product's sale ends.

CREATE TABLE collections (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    alias       TEXT NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    UNIQUE (channel_id, alias)
);

CREATE TABLE collection_products (
    channel_id    TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    product_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    PRIMARY KEY (collection_id, product_id)
);
CREATE INDEX collection_products_order ON collection_products (collection_id, position);
