//! Product photos (issue 31): an upload is judged by its bytes (JPEG, PNG or WebP), decoded
//! within pixel and memory limits, turned upright by its EXIF orientation, and re-encoded as
//! lossy WebP at the widths the storefront asks for. Re-encoding also drops the EXIF block
//! (a phone photo's GPS position never reaches a customer). Names are content hashes, so a
//! variant never changes and is cached for a year; the same photo uploaded twice is one file.
//! The demo catalogue's drawn pictures go through [`process`] too (seed/pictures.rs).
//!
//! AVIF is not made: the pure-Rust encoder (rav1e) takes seconds per picture on our machines
//! and WebP is read by every browser the storefront supports.
use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use sha2::{Digest, Sha256};

use crate::infra::ids::ChannelId;
use crate::infra::sniff::{self, FileType};
use crate::infra::storage::Storage;

/// Where the storefront reads a variant: `/media/{hash}-{width}.webp`.
pub const MEDIA_PREFIX: &str = "/media/";
/// The upload's path; its body may be larger than other requests' (edge.rs).
pub const UPLOAD_PATH: &str = "/v1/admin/catalog/photos";
/// The largest photo file.
pub const FILE_MAX: usize = 10 * 1024 * 1024;
/// The largest upload request: the photo and the multipart framing around it.
pub const REQUEST_MAX: usize = 11 * 1024 * 1024;
/// The most pixels along either side of a photo we decode.
pub const SIDE_MAX: u32 = 10_000;
/// The widths of the variants: a card is shown up to 240 CSS pixels wide, the product page's
/// picture up to 480, each at 1× and 2× (3× phones take the next one up). Widths above the
/// photo's own are not made; the photo's width (capped at the last) is always made.
pub const WIDTHS: [u32; 4] = [240, 480, 960, 1440];
/// libwebp's quality (0–100): photos stay clean at about a tenth of a JPEG's bytes at 95.
const WEBP_QUALITY: f32 = 80.0;

pub const TYPE_MESSAGE: &str = "JPEG・PNG・WebPの画像を選んでください。";
pub const SIZE_MESSAGE: &str = "画像は10MBまでです。";
pub const PIXELS_MESSAGE: &str = "画像が大きすぎます（縦横10000ピクセルまで）。";
pub const BROKEN_MESSAGE: &str = "画像を読み込めませんでした。ファイルが壊れていないか確認してください。";
pub const MISSING_MESSAGE: &str = "画像が見つかりません。もう一度アップロードしてください。";

/// Whether a request to `path` may carry a photo's larger body ([`REQUEST_MAX`]).
pub fn takes_large_body(path: &str) -> bool {
    path == UPLOAD_PATH
}

/// Why an upload is not a photo we take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    NotAPhoto,
    TooManyPixels,
    Broken,
}

impl Refusal {
    pub fn message(self) -> &'static str {
        match self {
            Refusal::NotAPhoto => TYPE_MESSAGE,
            Refusal::TooManyPixels => PIXELS_MESSAGE,
            Refusal::Broken => BROKEN_MESSAGE,
        }
    }
}

/// A photo made ready for the storefront.
pub struct Processed {
    /// The first 16 bytes of the SHA-256 of the uploaded bytes, in hex.
    pub hash: String,
    /// (width, WebP bytes), narrowest first.
    pub variants: Vec<(u32, Vec<u8>)>,
    /// The widest variant's size in pixels.
    pub width: u32,
    pub height: u32,
    /// The uploaded bytes and their type, kept so variants can be made again later.
    pub original: Vec<u8>,
    pub original_type: FileType,
}

impl Processed {
    /// The widest variant's URL: the picture's `url`.
    pub fn url(&self) -> String {
        variant_url(&self.hash, self.width)
    }
}

pub fn variant_url(hash: &str, width: u32) -> String {
    format!("{MEDIA_PREFIX}{hash}-{width}.webp")
}

/// The storage key of a variant file (`name` as in its URL) of the channel.
pub fn media_key(channel_id: &ChannelId, name: &str) -> String {
    format!("media/{channel_id}/{name}")
}

fn original_key(channel_id: &ChannelId, hash: &str, kind: FileType) -> String {
    format!("originals/{channel_id}/{hash}.{}", kind.extension())
}

/// The hash and widest width of a variant file's name (`{hash}-{width}.webp`), if it is one.
pub fn parse_name(name: &str) -> Option<(&str, u32)> {
    let (hash, width_text) = name.strip_suffix(".webp")?.rsplit_once('-')?;
    let is_hash = hash.len() == 32 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let canonical = !width_text.starts_with('0') && width_text.bytes().all(|b| b.is_ascii_digit());
    let width: u32 = width_text.parse().ok().filter(|w| (1..=WIDTHS[WIDTHS.len() - 1]).contains(w))?;
    (is_hash && canonical).then_some((hash, width))
}

/// The widths made for a photo whose widest variant is `widest`.
pub fn widths_up_to(widest: u32) -> Vec<u32> {
    WIDTHS.iter().copied().filter(|&w| w < widest).chain([widest]).collect()
}

/// The `srcset` of a picture URL made by [`process`]; None for any other picture.
pub fn srcset_of(url: &str) -> Option<String> {
    let (hash, widest) = parse_name(url.strip_prefix(MEDIA_PREFIX)?)?;
    Some(widths_up_to(widest).into_iter().map(|w| format!("{} {w}w", variant_url(hash, w))).collect::<Vec<_>>().join(", "))
}

/// Decodes, turns upright and re-encodes `bytes` (CPU work: run it off the async threads).
pub fn process(bytes: &[u8]) -> Result<Processed, Refusal> {
    let kind = sniff::sniff(bytes).filter(|k| matches!(k, FileType::Jpeg | FileType::Png | FileType::Webp)).ok_or(Refusal::NotAPhoto)?;
    let picture = decode(bytes, kind)?;
    let widest = picture.width().min(WIDTHS[WIDTHS.len() - 1]);
    let base = if widest == picture.width() { picture } else { picture.resize(widest, u32::MAX, FilterType::CatmullRom) };
    let variants = widths_up_to(widest)
        .into_iter()
        .map(|w| {
            let scaled = if w == base.width() { None } else { Some(base.resize(w, u32::MAX, FilterType::CatmullRom)) };
            (w, encode_webp(scaled.as_ref().unwrap_or(&base)))
        })
        .collect();
    Ok(Processed { hash: hash_of(bytes), variants, width: base.width(), height: base.height(), original: bytes.to_vec(), original_type: kind })
}

/// The first 16 bytes of the SHA-256 of `bytes`, in hex: a photo's name.
fn hash_of(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..16].iter().map(|b| format!("{b:02x}")).collect()
}

fn decode(bytes: &[u8], kind: FileType) -> Result<DynamicImage, Refusal> {
    let format = match kind {
        FileType::Jpeg => ImageFormat::Jpeg,
        FileType::Png => ImageFormat::Png,
        _ => ImageFormat::WebP,
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(SIDE_MAX);
    limits.max_image_height = Some(SIDE_MAX);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let refusal = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => Refusal::TooManyPixels,
        _ => Refusal::Broken,
    };
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    picture.apply_orientation(orientation);
    if picture.width() == 0 || picture.height() == 0 {
        return Err(Refusal::Broken);
    }
    Ok(picture)
}

fn encode_webp(picture: &DynamicImage) -> Vec<u8> {
    if picture.color().has_alpha() {
        let rgba = picture.to_rgba8();
        webp::Encoder::from_rgba(&rgba, rgba.width(), rgba.height()).encode(WEBP_QUALITY).to_vec()
    } else {
        let rgb = picture.to_rgb8();
        webp::Encoder::from_rgb(&rgb, rgb.width(), rgb.height()).encode(WEBP_QUALITY).to_vec()
    }
}

/// Writes the photo's variants and original into the channel's storage. Names are content
/// hashes, so writing one that is there already rewrites the same bytes.
pub async fn store(storage: &Storage, channel_id: &ChannelId, photo: &Processed) -> anyhow::Result<()> {
    for (width, bytes) in &photo.variants {
        storage.put(&media_key(channel_id, &format!("{}-{width}.webp", photo.hash)), bytes.clone()).await?;
    }
    storage.put(&original_key(channel_id, &photo.hash, photo.original_type), photo.original.clone()).await
}

/// Whether `url` is a picture made by [`process`] whose file the channel's storage holds.
pub async fn is_stored(storage: &Storage, channel_id: &ChannelId, url: &str) -> anyhow::Result<bool> {
    let Some(name) = url.strip_prefix(MEDIA_PREFIX).filter(|name| parse_name(name).is_some()) else { return Ok(false) };
    storage.exists(&media_key(channel_id, name)).await
}

/// Where the URL made of a photo's bytes is noted, by the bytes' hash.
fn made_key(channel_id: &ChannelId, hash: &str) -> String {
    format!("originals/{channel_id}/{hash}.url")
}

/// The picture URL of `bytes` in the channel: processed and stored the first time, found by
/// the bytes' hash afterwards (an import's dry run, then its apply; the same ZIP imported again).
pub async fn store_bytes(storage: &Storage, channel_id: &ChannelId, bytes: Vec<u8>) -> anyhow::Result<Result<String, Refusal>> {
    let noted = made_key(channel_id, &hash_of(&bytes));
    if let Some(url) = storage.get(&noted).await?.and_then(|url| String::from_utf8(url.to_vec()).ok())
        && is_stored(storage, channel_id, &url).await?
    {
        return Ok(Ok(url));
    }
    let photo = match process_off_thread(bytes).await? {
        Ok(photo) => photo,
        Err(refusal) => return Ok(Err(refusal)),
    };
    store(storage, channel_id, &photo).await?;
    storage.put(&noted, photo.url().into_bytes()).await?;
    Ok(Ok(photo.url()))
}

/// One photo processed at a time per pair of cores: decoding a 40-megapixel upload takes about
/// a second and half a gigabyte, and staff uploading ten at once must not starve the shop.
pub static PROCESSING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// [`process`] on a blocking thread, at most [`PROCESSING`]'s permits at once.
pub async fn process_off_thread(bytes: Vec<u8>) -> anyhow::Result<Result<Processed, Refusal>> {
    let _permit = PROCESSING.acquire().await?;
    Ok(tokio::task::spawn_blocking(move || process(&bytes)).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(picture).write_to(&mut out, ImageFormat::Jpeg).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_large_photo_becomes_four_webp_widths() {
        let photo = process(&jpeg(2000, 1500)).unwrap();
        let widths: Vec<u32> = photo.variants.iter().map(|(w, _)| *w).collect();
        assert_eq!(widths, vec![240, 480, 960, 1440]);
        assert_eq!((photo.width, photo.height), (1440, 1080));
        for (w, bytes) in &photo.variants {
            assert_eq!(sniff::sniff(bytes), Some(FileType::Webp));
            let decoded = image::load_from_memory_with_format(bytes, ImageFormat::WebP).unwrap();
            assert_eq!(decoded.width(), *w);
        }
        assert_eq!(photo.url(), format!("/media/{}-1440.webp", photo.hash));
    }

    #[test]
    fn a_small_photo_is_never_enlarged() {
        let photo = process(&jpeg(300, 200)).unwrap();
        let widths: Vec<u32> = photo.variants.iter().map(|(w, _)| *w).collect();
        assert_eq!(widths, vec![240, 300]);
    }

    #[test]
    fn the_same_bytes_give_the_same_names() {
        let bytes = jpeg(50, 50);
        assert_eq!(process(&bytes).unwrap().hash, process(&bytes).unwrap().hash);
        assert_ne!(process(&bytes).unwrap().hash, process(&jpeg(51, 50)).unwrap().hash);
    }

    #[test]
    fn what_is_not_a_photo_is_refused() {
        assert_eq!(process(b"<svg xmlns='http://www.w3.org/2000/svg'/>").err(), Some(Refusal::NotAPhoto));
        assert_eq!(process(b"GIF89a\x01\0\x01\0").err(), Some(Refusal::NotAPhoto), "GIF is not taken for products");
        assert_eq!(process(b"%PDF-1.7").err(), Some(Refusal::NotAPhoto));
        let mut cut = jpeg(400, 300);
        cut.truncate(200);
        assert_eq!(process(&cut).err(), Some(Refusal::Broken));
        let mut png_header = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png_header.extend_from_slice(&50_000u32.to_be_bytes());
        png_header.extend_from_slice(&50_000u32.to_be_bytes());
        png_header.extend_from_slice(&[8, 2, 0, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(process(&png_header).err(), Some(Refusal::TooManyPixels | Refusal::Broken)));
    }

    #[test]
    fn srcset_lists_every_width_made() {
        let hash = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            srcset_of(&format!("/media/{hash}-700.webp")).unwrap(),
            format!("/media/{hash}-240.webp 240w, /media/{hash}-480.webp 480w, /media/{hash}-700.webp 700w")
        );
        assert_eq!(srcset_of("/images/products/rp0001.svg"), None);
        assert_eq!(srcset_of(&format!("/media/{hash}-0700.webp")), None);
        assert_eq!(srcset_of(&format!("/media/{hash}-5000.webp")), None);
        assert_eq!(srcset_of("/media/../x-240.webp"), None);
        assert_eq!(parse_name(&format!("{hash}-240.webp")), Some((hash, 240)));
    }
}
