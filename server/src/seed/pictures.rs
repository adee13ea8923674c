//! The demo catalogues' pictures: each product line's kind of goods drawn (illustrations.rs)
//! in its shop's palette, rasterised to a PNG and put through the photo pipeline exactly as an
//! uploaded photo is (catalog/photos.rs), so the demo shows WebP variants with `srcset` and
//! exercises the pipeline on every start of an empty database.
use std::collections::HashMap;
use std::io::Cursor;
use std::sync::{Arc, Mutex, OnceLock};

use image::{ImageFormat, RgbaImage};
use serde_json::Value;

use super::illustrations::{self, Kind};
use crate::catalog::photos::{self, Processed};
use crate::infra::ids::ChannelId;
use crate::infra::storage::Storage;

/// The drawings' size in pixels: the product page's picture at 1.5×, and the widest variant.
const SIDE: u32 = 720;

/// (kind, scene) → the picture's URL in the shop's storage.
pub type Pictures = HashMap<(Kind, bool), String>;

/// Processed drawings by their SVG, kept for the process's life: the tests seed two databases
/// and the drawing is the same for both.
fn processed_cache() -> &'static Mutex<HashMap<String, Arc<Processed>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Processed>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The palette's colours as the illustrations take them.
fn colours(palette: &Value) -> [String; 6] {
    ["primary", "secondary", "accent", "text", "surface", "border"].map(|key| palette[key].as_str().unwrap_or("#777777").to_owned())
}

/// The SVG as a PNG, as a photo editor would export the drawing.
fn rasterise(svg: &str) -> anyhow::Result<Vec<u8>> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(SIDE, SIDE).ok_or_else(|| anyhow::anyhow!("pixmap"))?;
    let scale = SIDE as f32 / tree.size().width();
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let rgba: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let picture = RgbaImage::from_raw(SIDE, SIDE, rgba).ok_or_else(|| anyhow::anyhow!("picture size"))?;
    let mut png = Cursor::new(Vec::new());
    picture.write_to(&mut png, ImageFormat::Png)?;
    Ok(png.into_inner())
}

async fn processed(svg: String) -> anyhow::Result<Arc<Processed>> {
    if let Some(found) = processed_cache().lock().map_err(|_| anyhow::anyhow!("picture cache"))?.get(&svg) {
        return Ok(found.clone());
    }
    let key = svg.clone();
    let photo = tokio::task::spawn_blocking(move || -> anyhow::Result<Processed> {
        let png = rasterise(&svg)?;
        photos::process(&png).map_err(|refusal| anyhow::anyhow!("the drawing was refused: {}", refusal.message()))
    })
    .await??;
    let photo = Arc::new(photo);
    processed_cache().lock().map_err(|_| anyhow::anyhow!("picture cache"))?.insert(key, photo.clone());
    Ok(photo)
}

/// Draws, processes and stores the pictures of `kinds` (each alone and in its scene) for the
/// shop, two at a time.
pub async fn for_shop(storage: &Storage, channel_id: &ChannelId, palette: &Value, kinds: &[Kind]) -> anyhow::Result<Pictures> {
    let colours = colours(palette);
    let wanted: Vec<(Kind, bool)> = kinds.iter().flat_map(|kind| [(*kind, false), (*kind, true)]).collect();
    let mut pictures = Pictures::new();
    for pair in wanted.chunks(2) {
        let drawings = pair.iter().map(|(kind, scene)| {
            let svg = illustrations::svg(*kind, [&colours[0], &colours[1], &colours[2], &colours[3], &colours[4], &colours[5]], *scene);
            processed(svg)
        });
        for (key, photo) in pair.iter().zip(futures_util::future::try_join_all(drawings).await?) {
            photos::store(storage, channel_id, &photo).await?;
            pictures.insert(*key, photo.url());
        }
    }
    Ok(pictures)
}
