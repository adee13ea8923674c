-- Issue 31: whether a product takes のし and gift wrapping (the shop's packings, ORDER.PACKINGS,
-- are offered on a shipping only when every product on it takes them), and a picture per
-- category (a /media/ url of the photo pipeline, or none).
ALTER TABLE products ADD COLUMN takes_noshi INTEGER NOT NULL DEFAULT 1 CHECK (takes_noshi IN (0, 1));
ALTER TABLE products ADD COLUMN takes_wrapping INTEGER NOT NULL DEFAULT 1 CHECK (takes_wrapping IN (0, 1));
ALTER TABLE categories ADD COLUMN image_url TEXT;
