-- Catalogue: categories, makers, brands, tags, products with their sellable variations,
-- images, accessory/recommendation links and reviews. Common dialect (see the foundation
-- migration): TEXT ids made by the application, BIGINT yen and epoch milliseconds,
-- INTEGER 0/1 flags. Every row carries its channel so no query needs to cross channels.

-- One tree per channel and table: `products` for the catalogue, `inquiries` for the contact
-- form's topics (filled by the inquiries feature). Three levels at most.
CREATE TABLE categories (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    table_name   TEXT NOT NULL CHECK (table_name IN ('products', 'inquiries')),
    category_key TEXT NOT NULL,
    name         TEXT NOT NULL,
    parent_id    TEXT REFERENCES categories (id) ON DELETE CASCADE,
    depth        INTEGER NOT NULL CHECK (depth IN (1, 2, 3)),
    position     INTEGER NOT NULL,
    UNIQUE (channel_id, table_name, category_key)
);
CREATE INDEX categories_tree ON categories (channel_id, table_name, parent_id, position);

CREATE TABLE makers (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    maker_key   TEXT NOT NULL,
    name        TEXT NOT NULL,
    -- Reading in kana, for the 50-on ordering of the maker list.
    name_kana   TEXT NOT NULL,
    description TEXT NOT NULL,
    url         TEXT,
    position    INTEGER NOT NULL,
    UNIQUE (channel_id, maker_key)
);
CREATE INDEX makers_listing ON makers (channel_id, position);

CREATE TABLE brands (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    brand_key   TEXT NOT NULL,
    name        TEXT NOT NULL,
    maker_id    TEXT REFERENCES makers (id) ON DELETE SET NULL,
    description TEXT NOT NULL,
    position    INTEGER NOT NULL,
    UNIQUE (channel_id, brand_key)
);
CREATE INDEX brands_listing ON brands (channel_id, position);

CREATE TABLE tags (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    tag_key    TEXT NOT NULL,
    name       TEXT NOT NULL,
    position   INTEGER NOT NULL,
    UNIQUE (channel_id, tag_key)
);
CREATE INDEX tags_listing ON tags (channel_id, position);

-- What the shop lists. `price` is the tax-included yen shown on the list (総額表示);
-- each sellable item (variation) carries its own price and stock.
CREATE TABLE products (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_key  TEXT NOT NULL,
    code         TEXT NOT NULL,
    name         TEXT NOT NULL,
    description  TEXT NOT NULL,
    maker_id     TEXT REFERENCES makers (id) ON DELETE SET NULL,
    brand_id     TEXT REFERENCES brands (id) ON DELETE SET NULL,
    tax_rate     INTEGER NOT NULL CHECK (tax_rate IN (8, 10)),
    price        BIGINT NOT NULL CHECK (price >= 0),
    before_price BIGINT CHECK (before_price IS NULL OR before_price >= 0),
    sale_start   BIGINT,
    sale_end     BIGINT,
    is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
    popularity   BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    -- Keyword search reads these, normalised by catalog::search_text (NFKC, lower case,
    -- katakana folded to hiragana): the name alone for ranking, and the name with the
    -- code, maker, brand and category names for matching.
    search_name  TEXT NOT NULL,
    search_text  TEXT NOT NULL,
    UNIQUE (channel_id, product_key)
);
CREATE INDEX products_new ON products (channel_id, is_published, created_at);
CREATE INDEX products_price ON products (channel_id, is_published, price);
CREATE INDEX products_popular ON products (channel_id, is_published, popularity);
CREATE INDEX products_maker ON products (maker_id);
CREATE INDEX products_brand ON products (brand_id);

CREATE TABLE product_categories (
    channel_id  TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    category_id TEXT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories (category_id, product_id);

CREATE TABLE product_tags (
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    tag_id     TEXT NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_tag ON product_tags (tag_id, product_id);

-- The sellable items of a product (its product_model): one row for a simple product (keyed
-- like the product), one per size/colour otherwise. Stock lives here so the cart can
-- decrement it with one guarded UPDATE.
CREATE TABLE product_variations (
    id             TEXT PRIMARY KEY,
    channel_id     TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id     TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variation_key  TEXT NOT NULL,
    name           TEXT NOT NULL,
    size_label     TEXT,
    color_label    TEXT,
    price          BIGINT NOT NULL CHECK (price >= 0),
    stock_quantity INTEGER NOT NULL CHECK (stock_quantity >= 0),
    position       INTEGER NOT NULL,
    UNIQUE (channel_id, variation_key)
);
CREATE INDEX product_variations_product ON product_variations (product_id, position);

CREATE TABLE product_images (
    id         TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    url        TEXT NOT NULL,
    alt        TEXT NOT NULL,
    position   INTEGER NOT NULL
);
CREATE INDEX product_images_product ON product_images (product_id, position);

-- Items bought together with a product (oil with a filter, a pump with a tyre).
CREATE TABLE product_accessories (
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    accessory_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    PRIMARY KEY (product_id, accessory_id)
);

-- Products suggested on a product's page.
CREATE TABLE product_recommendations (
    channel_id     TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id     TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    recommended_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    PRIMARY KEY (product_id, recommended_id)
);

CREATE TABLE product_reviews (
    id           TEXT PRIMARY KEY,
    channel_id   TEXT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title        TEXT NOT NULL,
    body         TEXT NOT NULL,
    nickname     TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1))
);
CREATE INDEX product_reviews_product ON product_reviews (product_id, is_published, created_at);
