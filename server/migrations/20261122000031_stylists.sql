-- Stylists (スタッフのおすすめ): shop staff with a short profile and an ordered list of
-- recommended products, each with a one-line comment. As for collections, which picks a page
-- may show (published, in their sale period) is decided when reading.

CREATE TABLE stylists (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    stylist_key  TEXT NOT NULL,
    name         TEXT NOT NULL,
    name_kana    TEXT NOT NULL,
    role         TEXT NOT NULL,
    profile      TEXT NOT NULL,
    riding_style TEXT NOT NULL,
    -- Avatar background hue (0–359); the avatar itself is drawn from the initials.
    hue          INTEGER NOT NULL CHECK (hue >= 0 AND hue < 360),
    initials     TEXT NOT NULL,
    position     INTEGER NOT NULL,
    UNIQUE (channel_id, stylist_key)
);
CREATE INDEX stylists_order ON stylists (channel_id, position);

CREATE TABLE stylist_picks (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    stylist_id TEXT NOT NULL REFERENCES stylists (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    comment    TEXT NOT NULL,
    PRIMARY KEY (stylist_id, product_id)
);
CREATE INDEX stylist_picks_order ON stylist_picks (stylist_id, position);
