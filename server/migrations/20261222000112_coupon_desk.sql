-- クーポン管理 (issue 33, docs/contracts/coupon-desk.md): a limit on all uses of a coupon
-- together (先着N名; null: none), checked in the order's transaction under the coupon's lock;
-- the version every desk edit carries (409 on a stale one); when it was made and last saved.
-- Coupons made before the desk read as made and saved at 0 (shown as never edited).
ALTER TABLE coupons ADD COLUMN max_uses BIGINT CHECK (max_uses IS NULL OR max_uses > 0);
ALTER TABLE coupons ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE coupons ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE coupons ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
