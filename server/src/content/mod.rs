//! Content: the shop's editorial pages and pieces around the catalogue — blogs, the FAQ,
//! static pages (特定商取引法に基づく表記, privacy, terms, guide), landing pages, free areas,
//! banners (with their pictures), popups, and the business-day calendar with Japanese
//! public holidays and the shop's closed days. One handler file per resource; every SQL
//! statement in `store.rs`; pure rules (holidays, redirects, download names, banner
//! pictures) beside them with their tests.
pub mod banner_svg;
pub mod download;
pub mod holidays;
pub mod redirect;
