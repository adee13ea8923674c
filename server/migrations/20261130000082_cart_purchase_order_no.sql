-- Corporate: the 発注番号 typed for this order at checkout. NULL: the order takes the member's
-- default (users.order_no); an empty text: this order has none.
ALTER TABLE carts ADD COLUMN purchase_order_no TEXT;
