//! Which `url` values name a file of our own storage. Only a site path in one of our picture
//! folders, with a plain file name, is accepted; absolute URLs, protocol-relative `//host`,
//! dot segments, encoded characters, queries and anything else are refused (→ 404).

/// The folders `/v1/files-contents` serves from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folder {
    Products,
    Banners,
    Catalogs,
    /// Product photos and their variants (catalog/photos.rs).
    Media,
}

const FOLDERS: [(&str, Folder); 4] =
    [("/images/products/", Folder::Products), ("/images/banners/", Folder::Banners), ("/images/catalogs/", Folder::Catalogs), ("/media/", Folder::Media)];

/// The folder and the file name `url` names, when it is one of ours.
pub fn resolve(url: &str) -> Option<(Folder, &str)> {
    let (folder, file) = FOLDERS.iter().find_map(|(prefix, folder)| url.strip_prefix(prefix).map(|file| (*folder, file)))?;
    let plain = !file.is_empty()
        && file.len() <= 100
        && !file.starts_with('.')
        && !file.contains("..")
        && file.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    plain.then_some((folder, file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_picture_paths_are_accepted() {
        assert_eq!(resolve("/images/products/rp0001.svg"), Some((Folder::Products, "rp0001.svg")));
        assert_eq!(resolve("/images/banners/0194f1c2-7a00-7000-8000-000000000001.svg"), Some((Folder::Banners, "0194f1c2-7a00-7000-8000-000000000001.svg")));
        assert_eq!(resolve("/images/catalogs/abc-cover.svg"), Some((Folder::Catalogs, "abc-cover.svg")));
        let name = "0123456789abcdef0123456789abcdef-480.webp";
        assert_eq!(resolve(&format!("/media/{name}")), Some((Folder::Media, name)));
    }

    #[test]
    fn anything_else_is_refused() {
        for url in [
            "http://169.254.169.254/latest/meta-data/",
            "https://example.com/images/products/a.svg",
            "//example.com/images/products/a.svg",
            "/images/products/../../etc/passwd",
            "/images/products/..",
            "/images/products/",
            "/images/products/a/b.svg",
            "/images/products/a.svg?x=1",
            "/images/products/%2e%2e",
            "/images/products/a\\b",
            "/images/products/.env",
            "/etc/passwd",
            "images/products/a.svg",
            "",
            "/images/other/a.svg",
            "/IMAGES/products/a.svg",
            "/images/products/a\0.svg",
            "file:///etc/passwd",
        ] {
            assert_eq!(resolve(url), None, "{url:?}");
        }
    }
}
