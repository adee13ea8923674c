-- The shop's paper/digital catalogues (総合カタログ) and their pages for the flip-book
-- viewer. Pictures are drawn from the stored title and page headings, so no file storage.

CREATE TABLE print_catalogs (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL,
    -- Shown on the cover, e.g. 2026 冬号.
    edition      TEXT NOT NULL,
    published_at BIGINT NOT NULL,
    -- 1: a printed copy can be ordered from /catalog-order.
    is_orderable INTEGER NOT NULL CHECK (is_orderable IN (0, 1)),
    position     INTEGER NOT NULL
);
CREATE INDEX print_catalogs_listing ON print_catalogs (channel_id, published_at);

CREATE TABLE print_catalog_pages (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    catalog_id TEXT NOT NULL REFERENCES print_catalogs (id) ON DELETE CASCADE,
    -- 1-based page number.
    number     INTEGER NOT NULL CHECK (number >= 1),
    heading    TEXT NOT NULL,
    PRIMARY KEY (catalog_id, number)
);
