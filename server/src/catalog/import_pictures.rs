//! The 画像 cells of an imported products CSV (issue 31). A picture is named one of three ways:
//! - a picture URL of the shop (`/media/…`, as our export writes it), kept as it is;
//! - a file name of a photo in the uploaded ZIP (`tee-front.jpg`, folders left out);
//! - a web address (`https://…`), fetched through [`PictureFetcher`]'s guard.
//!
//! The last two go through the product photos' own pipeline (judged by content, re-encoded to
//! the storefront's widths) during the dry run, so that a broken or missing photo is an error
//! of its line and column before anything is written; the cell then holds the stored picture's
//! URL. A photo is made once per content ([`photos::store_bytes`]): the apply's second reading
//! of the file, and a re-import of the same ZIP, find what the first made.
use std::collections::HashMap;

use super::import_bundle::{Bundle, Packed};
use super::photos;
use crate::infra::ids::ChannelId;
use crate::infra::picture_fetch::PictureFetcher;
use crate::infra::storage::Storage;

/// Web addresses one file may name: each is fetched in turn during the dry run.
pub const WEB_PICTURES_MAX: usize = 1_000;

/// How a 画像 cell names its picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reference<'a> {
    /// Already one of the shop's pictures, or a path the shop serves.
    Stored(&'a str),
    Packed(&'a str),
    Web(&'a str),
}

impl<'a> Reference<'a> {
    pub fn of(cell: &'a str) -> Reference<'a> {
        // Any scheme is a web address, so that `ftp://…` is told it must be http(s).
        if cell.contains("://") {
            Reference::Web(cell)
        } else if cell.starts_with('/') {
            Reference::Stored(cell)
        } else {
            Reference::Packed(cell)
        }
    }
}

/// Turns a file's picture names into the shop's picture URLs, each name once per file.
pub struct Pictures<'a> {
    storage: &'a Storage,
    channel_id: &'a ChannelId,
    bundle: &'a Bundle,
    fetcher: &'a PictureFetcher,
    made: HashMap<String, Result<String, String>>,
    fetched: usize,
}

impl<'a> Pictures<'a> {
    pub fn new(storage: &'a Storage, channel_id: &'a ChannelId, bundle: &'a Bundle, fetcher: &'a PictureFetcher) -> Self {
        Pictures { storage, channel_id, bundle, fetcher, made: HashMap::new(), fetched: 0 }
    }

    /// The stored picture's URL for a ZIP file name or a web address, or why there is none
    /// (in Japanese). Stored pictures are not this function's: the caller checks them.
    pub async fn make(&mut self, cell: &str) -> anyhow::Result<Result<String, String>> {
        if let Some(made) = self.made.get(cell) {
            return Ok(made.clone());
        }
        let made = match Reference::of(cell) {
            Reference::Stored(url) => Ok(url.to_owned()),
            Reference::Packed(name) => self.packed(name).await?,
            Reference::Web(url) => self.download(url).await?,
        };
        self.made.insert(cell.to_owned(), made.clone());
        Ok(made)
    }

    async fn packed(&self, name: &str) -> anyhow::Result<Result<String, String>> {
        if !self.bundle.zipped {
            return Ok(Err(format!("画像「{name}」を取り込むには、CSVと画像を1つのZIPにまとめてアップロードしてください（URLで指定することもできます）。")));
        }
        match self.bundle.pictures.get(name) {
            None => Ok(Err(format!("ZIPに画像「{name}」がありません。ファイル名（大文字・小文字も）を確かめてください。"))),
            Some(Packed::TooLarge) => Ok(Err(format!("{}（{name}）", photos::SIZE_MESSAGE))),
            Some(Packed::Bytes(bytes)) => self.store(bytes.clone(), name).await,
        }
    }

    async fn download(&mut self, url: &str) -> anyhow::Result<Result<String, String>> {
        if self.fetched >= WEB_PICTURES_MAX {
            return Ok(Err(format!("URLで指定できる画像は1ファイル{WEB_PICTURES_MAX}枚までです。ファイルを分けて取り込んでください。")));
        }
        self.fetched += 1;
        match self.fetcher.fetch(url, photos::FILE_MAX).await {
            Ok(bytes) => self.store(bytes, url).await,
            Err(refusal) => Ok(Err(refusal.message(url, photos::FILE_MAX))),
        }
    }

    async fn store(&self, bytes: Vec<u8>, named: &str) -> anyhow::Result<Result<String, String>> {
        Ok(photos::store_bytes(self.storage, self.channel_id, bytes).await?.map_err(|refusal| format!("{}（{named}）", refusal.message())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_names_a_stored_picture_a_zip_file_or_a_web_address() {
        assert_eq!(Reference::of("/media/0123-240.webp"), Reference::Stored("/media/0123-240.webp"));
        assert_eq!(Reference::of("tee-front.jpg"), Reference::Packed("tee-front.jpg"));
        assert_eq!(Reference::of("写真 1.JPG"), Reference::Packed("写真 1.JPG"));
        assert_eq!(Reference::of("https://img.example.jp/a.jpg"), Reference::Web("https://img.example.jp/a.jpg"));
        assert_eq!(Reference::of("HTTP://img.example.jp/a.jpg"), Reference::Web("HTTP://img.example.jp/a.jpg"));
        assert_eq!(Reference::of("ftp://img.example.jp/a.jpg"), Reference::Web("ftp://img.example.jp/a.jpg"));
    }
}
