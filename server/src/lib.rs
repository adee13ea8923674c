//! The shop server: a Japanese storefront API plus the single-page app it serves.
pub mod app;
pub mod auth;
pub mod catalog;
pub mod channel;
pub mod collections;
pub mod content;
pub mod files;
pub mod infra;
pub mod layout;
pub mod messages;
pub mod news;
pub mod openapi;
pub mod postal;
pub mod print_catalogs;
pub mod seed;
pub mod seo;
pub mod web;
