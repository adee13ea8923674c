-- Name embroidery (名入れ刺繍, issue 13): a member's presets, the products that take an
-- embroidery and its price, and the embroidery a cart line carries.

CREATE TABLE name_embroidery_presets (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    text       TEXT NOT NULL,
    typeface   TEXT NOT NULL CHECK (typeface IN ('block', 'script', 'mincho', 'gothic')),
    color      TEXT NOT NULL CHECK (color IN ('white', 'black', 'red', 'navy', 'gold', 'silver')),
    position   TEXT NOT NULL CHECK (position IN ('left_chest', 'right_chest', 'back', 'cuff')),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX name_embroidery_presets_member ON name_embroidery_presets (channel_id, user_id, created_at);

-- A product that can be embroidered: the tax-included price per item and the longest text.
CREATE TABLE product_embroidery (
    product_id TEXT PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    price      BIGINT NOT NULL CHECK (price >= 0),
    max_chars  INTEGER NOT NULL CHECK (max_chars > 0)
);

-- The embroidery of a cart line: a copy of the preset (JSON: preset_id, text, typeface, color,
-- position), so a later edit of the preset does not change the cart. The order keeps it in its
-- line's variation_name and unit_price (a snapshot, like every order line).
ALTER TABLE cart_products ADD COLUMN embroidery TEXT;
