-- 支払方法設定 on the settings desk (issue 33, docs/contracts/settings-payments.md): a method's
-- fee becomes tiers on the total before the fee (JSON of `{up_to, fee}`, ascending, the last
-- open), with the lowest and highest total it takes, and the version every desk edit carries
-- (409 on a stale one). The fixed `fee` becomes one open tier; cash on delivery gets the tiers
-- and the 300,000円 limit that were constants of cart/pricing.rs until now
-- (payments::fee_rule::FeeRule::standard_cash_on_delivery). Card payment never has a fee.
ALTER TABLE payment_methods ADD COLUMN fee_tiers TEXT NOT NULL DEFAULT '[{"up_to":null,"fee":0}]';
ALTER TABLE payment_methods ADD COLUMN min_total BIGINT CHECK (min_total IS NULL OR min_total >= 0);
ALTER TABLE payment_methods ADD COLUMN max_total BIGINT CHECK (max_total IS NULL OR max_total >= 0);
ALTER TABLE payment_methods ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
UPDATE payment_methods SET fee_tiers = '[{"up_to":null,"fee":' || CAST(fee AS TEXT) || '}]' WHERE code NOT IN ('cod', 'credit_card');
UPDATE payment_methods
   SET fee_tiers = '[{"up_to":10000,"fee":330},{"up_to":30000,"fee":440},{"up_to":100000,"fee":660},{"up_to":null,"fee":1100}]',
       max_total = 300000
 WHERE code = 'cod';
ALTER TABLE payment_methods DROP COLUMN fee;
