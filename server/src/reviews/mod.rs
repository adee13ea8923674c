//! Reviews written by members (`POST /v1/products/{product_id}/reviews`): the form's rules,
//! the shop's NG words and whether reviews wait for the shop's approval. The catalogue owns
//! the `product_reviews` table and lists the published ones.
pub mod http;
pub mod rules;

pub use http::routes;

/// Setting: reviews wait for the shop's approval before they are listed.
pub const APPROVAL_SETTING: &str = "REVIEW.IS_APPROVAL";
/// Setting: words a review may not contain (a list of strings).
pub const NG_WORDS_SETTING: &str = "REVIEW.NG_WORDS";
pub const ALREADY_POSTED_CODE: &str = "reviews.already_posted";
