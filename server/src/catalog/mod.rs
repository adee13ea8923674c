//! The catalogue: products with their sellable variations, images, accessories,
//! recommendations and reviews; the category tree, makers, brands and tags (with password-
//! protected tag pages); and the keyword search that finds Japanese product names however
//! they are typed.
pub mod availability;
pub mod category_tree;
pub mod favorite_overlay;
pub mod filter;
pub mod grid_edit;
pub mod http;
pub mod import_bundle;
pub mod import_pictures;
pub mod imports;
pub mod low_stock_mail;
pub mod photos;
pub mod picture;
pub mod product_csv;
pub mod product_form;
pub mod product_item;
pub mod restock;
pub mod rich_text;
pub mod search_index;
pub mod size_purpose;
pub mod store;
pub mod tag_password;

pub use http::routes;
