//! Black-box API tests: the real router, a real database (SQLite always, PostgreSQL when
//! TEST_DATABASE_URL is set), requests and answers as the storefront sends and reads them.
mod helpers;
mod pdf_text;

mod addresses;
mod cart;
mod catalog;
mod channel;
mod checkout_crash;
mod collections;
mod content;
mod ecommerce_events;
mod errors;
mod files;
mod gateway;
mod histories;
mod keyword_freshness;
mod layout;
mod member_area;
mod members;
mod messages;
mod news;
mod openapi;
mod orders;
mod postal;
mod print_catalogs;
mod process;
mod seo;
mod social_gift;
mod social_login;
mod stripe_stand_in;
mod stylists;
mod tag_passwords;
mod two_instances;
mod wallet;
mod web;
