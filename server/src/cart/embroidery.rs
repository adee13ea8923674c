//! A cart line's name embroidery (名入れ刺繍): a copy of one of the member's presets, on a
//! product that allows it. The line's price gains the product's embroidery price when the
//! line is loaded, so pricing, the cart answer and the order's `unit_price` follow; the order's
//! snapshot of the variation name gains the label ([`order_variation`]), and the cart answer
//! shows it apart (`CartProduct.embroidery`). Which preset a line may take is [`stored_for`];
//! `PATCH /v1/carts/products/embroidery` is `http/embroidery.rs`.
use serde::{Deserialize, Serialize};

use super::store::LineRow;
use crate::catalog::store::variations::VariationRow;
use crate::embroidery::rules::{Embroidery, EmbroideryInput, check};
use crate::embroidery::store::PresetRow;
use crate::infra::error::{ApiError, ApiResult};
use crate::infra::money::Yen;

/// What a line keeps (JSON in `cart_products.embroidery`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stored {
    pub preset_id: String,
    pub text: String,
    pub typeface: String,
    pub color: String,
    pub position: String,
}

impl Stored {
    fn embroidery(&self) -> Option<Embroidery> {
        check(EmbroideryInput {
            text: Some(self.text.clone()),
            typeface: Some(self.typeface.clone()),
            color: Some(self.color.clone()),
            position: Some(self.position.clone()),
        })
        .ok()
    }
}

/// The line as priced: with an embroidery its product still allows, the price is added; an
/// embroidery the product no longer allows costs nothing and is not shown.
pub fn priced(mut line: LineRow) -> LineRow {
    if let (Some(price), Some(_)) = (line.embroidery_price, embroidery_of(&line)) {
        line.variation.price += Yen(price);
    }
    line
}

/// The variation as the order keeps it: its name with the embroidery's label, so the order
/// page, receipts and mails show what will be sewn.
pub fn order_variation(line: &LineRow) -> VariationRow {
    let mut variation = line.variation.clone();
    if let (Some(_), Some(embroidery)) = (line.embroidery_price, embroidery_of(line)) {
        variation.variation_name = with_label(&variation.variation_name, &embroidery.label());
    }
    variation
}

fn embroidery_of(line: &LineRow) -> Option<Embroidery> {
    serde_json::from_str::<Stored>(line.embroidery.as_deref()?).ok()?.embroidery()
}

/// 「M / ブラック／名入れ刺繍: YAMADA（ブロック体・白・左胸）」.
pub fn with_label(variation_name: &str, label: &str) -> String {
    if variation_name.is_empty() { format!("名入れ刺繍: {label}") } else { format!("{variation_name}／名入れ刺繍: {label}") }
}

/// A line's embroidery as the cart answer shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CartEmbroidery {
    pub preset_id: String,
    pub text: String,
    pub typeface: String,
    pub color: String,
    pub position: String,
    /// 「YAMADA（ブロック体・白・左胸）」.
    pub label: String,
    /// Tax-included yen per item, already in the line's `unit_price`.
    pub price: i64,
}

/// Whether and how a line's product can be embroidered.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Embroiderable {
    /// Tax-included yen per item.
    pub price: i64,
    pub max_chars: i64,
}

pub fn view(line: &LineRow) -> (Option<CartEmbroidery>, Option<Embroiderable>) {
    let Some(price) = line.embroidery_price else { return (None, None) };
    let embroiderable = Some(Embroiderable { price, max_chars: line.embroidery_max_chars.unwrap_or(0) });
    let shown = line.embroidery.as_deref().and_then(|raw| serde_json::from_str::<Stored>(raw).ok()).and_then(|stored| {
        let label = stored.embroidery()?.label();
        Some(CartEmbroidery {
            preset_id: stored.preset_id,
            text: stored.text,
            typeface: stored.typeface,
            color: stored.color,
            position: stored.position,
            label,
            price,
        })
    });
    (shown, embroiderable)
}

/// What `line` keeps when the member puts `preset` on it (as JSON for `cart_products`): the
/// product must take an embroidery, and the preset's text must fit it.
pub fn stored_for(line: &LineRow, preset: PresetRow) -> ApiResult<String> {
    let Some(max_chars) = line.embroidery_max_chars else {
        return Err(ApiError::field("preset_id", format!("「{}」は名入れ刺繍ができない商品です。", line.variation.product_name)));
    };
    if preset.text.chars().count() as i64 > max_chars {
        return Err(ApiError::field("preset_id", format!("この商品に刺繍できるのは{max_chars}文字までです。")));
    }
    let stored = Stored { preset_id: preset.id, text: preset.text, typeface: preset.typeface, color: preset.color, position: preset.position };
    serde_json::to_string(&stored).map_err(|e| ApiError::Internal(e.into()))
}
