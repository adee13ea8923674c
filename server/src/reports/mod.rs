//! 売上レポート (issue 33, docs/contracts/reports.md): the shop's sales by day, week, month,
//! weekday and hour, and broken down by product, SKU, category, payment, prefecture, customer
//! kind, new or repeat, and tax rate; as JSON and CSV.
//!
//! Money is counted as events on their own dates (`counting`): a sale on the day it was placed, a
//! refund or a cancel on its own day, so a finished day never changes. Finished days are counted
//! once and kept (`keep`: `report_days`, `report_daily`); a report sums kept days and counts only
//! today afresh. The facts are read from `orders`' tables (read only).
pub mod counting;
pub mod figures;
pub mod http;
pub mod keep;
pub mod store;

pub use http::routes;
