//! What a file is, read from its first bytes (never from the client's name or content type):
//! the five kinds an inquiry may carry; product photos take three of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Jpeg,
    Png,
    Gif,
    Webp,
    Pdf,
}

impl FileType {
    pub fn content_type(self) -> &'static str {
        match self {
            FileType::Jpeg => "image/jpeg",
            FileType::Png => "image/png",
            FileType::Gif => "image/gif",
            FileType::Webp => "image/webp",
            FileType::Pdf => "application/pdf",
        }
    }

    /// The extension of the stored name.
    pub fn extension(self) -> &'static str {
        match self {
            FileType::Jpeg => "jpg",
            FileType::Png => "png",
            FileType::Gif => "gif",
            FileType::Webp => "webp",
            FileType::Pdf => "pdf",
        }
    }

    /// The type of a stored content type (as [`FileType::content_type`] wrote it).
    pub fn from_content_type(content_type: &str) -> Option<FileType> {
        [FileType::Jpeg, FileType::Png, FileType::Gif, FileType::Webp, FileType::Pdf].into_iter().find(|t| t.content_type() == content_type)
    }

    /// Images are shown in the page (`inline`); anything else is downloaded.
    pub fn is_image(self) -> bool {
        !matches!(self, FileType::Pdf)
    }
}

/// The file's type by its signature (magic bytes), or None for anything else.
pub fn sniff(bytes: &[u8]) -> Option<FileType> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(FileType::Jpeg)
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some(FileType::Png)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(FileType::Gif)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some(FileType::Webp)
    } else if bytes.starts_with(b"%PDF-") {
        Some(FileType::Pdf)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_known_by_its_signature() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F']), Some(FileType::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(FileType::Png));
        assert_eq!(sniff(b"GIF89a\x01\0\x01\0"), Some(FileType::Gif));
        assert_eq!(sniff(b"GIF87a"), Some(FileType::Gif));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some(FileType::Webp));
        assert_eq!(sniff(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3"), Some(FileType::Pdf));
    }

    #[test]
    fn names_and_look_alikes_do_not_count() {
        assert_eq!(sniff(b"this is not a picture.png"), None);
        assert_eq!(sniff(b""), None);
        assert_eq!(sniff(&[0xFF, 0xD8]), None, "a JPEG signature cut short");
        assert_eq!(sniff(b"RIFF\x24\0\0\0WAVEfmt "), None, "a RIFF that is sound, not WebP");
        assert_eq!(sniff(b"RIFFWEBP"), None, "WEBP must stand at offset 8");
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), None, "SVG can carry script");
        assert_eq!(sniff(b"GIF88a"), None);
        assert_eq!(sniff(b" %PDF-1.4"), None);
    }

    #[test]
    fn stored_content_types_read_back() {
        for kind in [FileType::Jpeg, FileType::Png, FileType::Gif, FileType::Webp, FileType::Pdf] {
            assert_eq!(FileType::from_content_type(kind.content_type()), Some(kind));
        }
        assert_eq!(FileType::from_content_type("text/html"), None);
        assert!(FileType::Png.is_image() && !FileType::Pdf.is_image());
    }
}
