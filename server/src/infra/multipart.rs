//! Reading a file field of a `multipart/form-data` upload, the same way for every upload.
use axum::extract::multipart::{Field, MultipartError};

/// The longest client file name kept (longer ones are cut).
pub const NAME_MAX: usize = 200;

/// The name to show: the last path segment of what the client sent, without control
/// characters, at most [`NAME_MAX`] characters; `file` when nothing is left.
pub fn shown_name(raw: Option<&str>) -> String {
    let raw = raw.unwrap_or("");
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let name: String = last.chars().filter(|c| !c.is_control()).take(NAME_MAX).collect();
    let name = name.trim();
    if name.is_empty() { "file".into() } else { name.to_owned() }
}

/// The field's bytes, or None as soon as they pass `max` (the rest is not read).
pub async fn read_limited(field: &mut Field<'_>, max: usize) -> Result<Option<Vec<u8>>, MultipartError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await? {
        if bytes.len() + chunk.len() > max {
            return Ok(None);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_segment_of_a_name_is_kept() {
        assert_eq!(shown_name(Some("C:\\Users\\taro\\写真.jpg")), "写真.jpg");
        assert_eq!(shown_name(Some("../../etc/passwd")), "passwd");
        assert_eq!(shown_name(Some("a\u{0}b\r\n.png")), "ab.png");
        assert_eq!(shown_name(Some("   ")), "file");
        assert_eq!(shown_name(None), "file");
        assert_eq!(shown_name(Some(&"あ".repeat(300))).chars().count(), NAME_MAX);
    }
}
