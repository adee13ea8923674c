//! The one place files live (issue 31): product photos and their variants, and the inquiry
//! attachments. A local folder by default (`<data dir>/files`); S3-compatible object storage
//! in production (`SHOP_STORAGE_URL=s3://bucket/prefix`, with the `AWS_*` variables of the
//! `object_store` crate: `AWS_ENDPOINT`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`,
//! `AWS_SECRET_ACCESS_KEY`, `AWS_ALLOW_HTTP`; options that are not secret may also follow the
//! URL, `s3://bucket?endpoint=https://…&region=auto`). A local folder serves one instance (or
//! a shared volume); several instances need object storage.
use std::path::Path as FsPath;
use std::sync::Arc;

use anyhow::Context;
use axum::body::Bytes;
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, PutPayload};

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Where the files are, for the start-up log (no secrets: keys come from the environment).
    pub description: String,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.description)
    }
}

impl Storage {
    /// The storage `url` names (`s3://bucket[/prefix]`, `file:///abs/dir` or a folder path), or
    /// `<data_dir>/files` when unset.
    pub fn open(url: Option<&str>, data_dir: &FsPath) -> anyhow::Result<Storage> {
        match url.map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) if url.starts_with("s3://") => Self::s3(url),
            Some(url) => Self::local(FsPath::new(url.strip_prefix("file://").unwrap_or(url))),
            None => Self::local(&data_dir.join("files")),
        }
    }

    fn local(dir: &FsPath) -> anyhow::Result<Storage> {
        std::fs::create_dir_all(dir).with_context(|| format!("the storage folder {}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir).with_context(|| format!("the storage folder {}", dir.display()))?;
        Ok(Storage { store: Arc::new(store), description: format!("folder {}", dir.display()) })
    }

    fn s3(url: &str) -> anyhow::Result<Storage> {
        let rest = url.trim_start_matches("s3://");
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        anyhow::ensure!(!bucket.is_empty(), "SHOP_STORAGE_URL names no bucket: {url}");
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, "true"));
            let key: AmazonS3ConfigKey = key.parse().with_context(|| format!("SHOP_STORAGE_URL: unknown option {key}"))?;
            builder = builder.with_config(key, value);
        }
        let store = builder.build().context("S3 storage from SHOP_STORAGE_URL and AWS_*")?;
        let prefix = prefix.trim_matches('/');
        let description = format!("s3 bucket {bucket}{}", if prefix.is_empty() { String::new() } else { format!(" under {prefix}/") });
        let store: Arc<dyn ObjectStore> = if prefix.is_empty() { Arc::new(store) } else { Arc::new(PrefixStore::new(store, prefix)) };
        Ok(Storage { store, description })
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        self.store.put(&Self::path(key)?, PutPayload::from(bytes)).await.with_context(|| format!("storing {key}"))?;
        Ok(())
    }

    /// The file's bytes, or None when there is no such file.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        match self.store.get(&Self::path(key)?).await {
            Ok(found) => Ok(Some(found.bytes().await.with_context(|| format!("reading {key}"))?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e).with_context(|| format!("reading {key}")),
        }
    }

    pub async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        match self.store.head(&Self::path(key)?).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(e).with_context(|| format!("looking for {key}")),
        }
    }

    /// Keys are made by the server (ids, content hashes); one with `..` or an empty segment is a
    /// bug, refused rather than resolved.
    fn path(key: &str) -> anyhow::Result<Path> {
        anyhow::ensure!(!key.is_empty() && key.split('/').all(|s| !s.is_empty() && s != "." && s != ".."), "bad storage key {key:?}");
        Path::parse(key).with_context(|| format!("bad storage key {key:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_local_folder_keeps_and_gives_back_files() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(None, dir.path()).unwrap();
        assert_eq!(storage.get("media/a/b.webp").await.unwrap(), None);
        storage.put("media/a/b.webp", b"RIFF".to_vec()).await.unwrap();
        assert_eq!(storage.get("media/a/b.webp").await.unwrap().as_deref(), Some(&b"RIFF"[..]));
        assert!(storage.exists("media/a/b.webp").await.unwrap());
        assert!(dir.path().join("files/media/a/b.webp").is_file());
    }

    #[tokio::test]
    async fn keys_cannot_climb_out() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(Some(dir.path().to_str().unwrap()), dir.path()).unwrap();
        for key in ["../x", "a/../../x", "", "a//b", "./a"] {
            assert!(storage.put(key, vec![1]).await.is_err(), "{key}");
        }
    }
}
