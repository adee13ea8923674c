-- Keyword search follows the catalogue on every instance (issue 12): each instance's index asks,
-- once a second, which products changed since it last looked (catalog/search_index.rs).
-- A write to a product stamps products.updated_at; a stock move stamps the variation's
-- updated_at (epoch milliseconds), so a purchase needs no second row lock on the product.
ALTER TABLE products ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product_variations ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX products_updated ON products (updated_at);
CREATE INDEX product_variations_updated ON product_variations (updated_at);
