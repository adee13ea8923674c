//! Every SQL statement of the catalogue, by table group: `products` (what the storefront
//! reads), `product_writes` (writing and editing products), `product_desk` (the staff's product desk), `grid` (its bulk grid editor), `taxonomy` (categories, makers,
//! brands, tags), `search` (what the keyword index reads), `reviews` (`product_reviews`),
//! `stock` (the one writer of stock), `variations` (a product's variations as the cart reads them). `sql` assembles the dynamic queries.
pub mod catalog_csv;
pub mod grid;
pub mod product_desk;
pub mod product_writes;
pub mod products;
pub mod reviews;
pub mod search;
mod sql;
pub mod stock;
pub mod taxonomy;
pub mod taxonomy_desk;
pub mod variations;
