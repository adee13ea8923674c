-- The corporate (B2B) variant's remaining member fields (spec 000 §3 "Corporate (business)
-- variant fields"): money in yen and counts as integers, the establishment as `YYYY-MM`, the
-- delivery (1 問屋引取り, 2 店舗直送, 3 お客様直送) and payment (1 銀行振込, 2 請求書払い,
-- 3 後払い決済サービス) choices as their codes, `order_no` the member's default purchase-order
-- reference. Consumer shops leave them NULL.
ALTER TABLE users ADD COLUMN establishment TEXT;
ALTER TABLE users ADD COLUMN capital BIGINT CHECK (capital >= 0);
ALTER TABLE users ADD COLUMN annual_sale BIGINT CHECK (annual_sale >= 0);
ALTER TABLE users ADD COLUMN employee_num BIGINT CHECK (employee_num >= 0);
ALTER TABLE users ADD COLUMN business_hours TEXT;
ALTER TABLE users ADD COLUMN business_holiday TEXT;
ALTER TABLE users ADD COLUMN delivery INTEGER CHECK (delivery IN (1, 2, 3));
ALTER TABLE users ADD COLUMN delivery_company TEXT;
ALTER TABLE users ADD COLUMN payment INTEGER CHECK (payment IN (1, 2, 3));
ALTER TABLE users ADD COLUMN order_no TEXT;
-- Set by the shop (CLI `shop member approve-invoice`): only approved companies may pay by invoice.
ALTER TABLE users ADD COLUMN is_invoice_approved INTEGER NOT NULL DEFAULT 0 CHECK (is_invoice_approved IN (0, 1));

-- The delivery choice of a corporate cart and of the order it makes, and the order's purchase-order
-- reference (the member's order_no when it was placed); NULL on consumer shops.
ALTER TABLE carts ADD COLUMN delivery_option INTEGER CHECK (delivery_option IN (1, 2, 3));
ALTER TABLE orders ADD COLUMN delivery_option INTEGER CHECK (delivery_option IN (1, 2, 3));
ALTER TABLE orders ADD COLUMN purchase_order_no TEXT;
