//! The product desk's form (商品登録・編集, issue 31): what staff send to make or edit a
//! product, and its rules. [`check`] turns a form into a [`ProductDraft`] (trimmed, times as
//! epoch milliseconds, each variation named) and collects every field error in Japanese; what
//! needs the database (a 商品コード or SKU already used, a category of another shop) is checked
//! by the handler against the draft.
use std::collections::HashSet;

use serde::Deserialize;

use crate::validation::{FieldCheck, REQUIRED, is_blank, max_length, parse_instant};

pub const CODE_MAX: usize = 50;
pub const SKU_MAX: usize = 64;
pub const NAME_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 20_000;
pub const SEO_TITLE_MAX: usize = 70;
pub const SEO_DESCRIPTION_MAX: usize = 200;
pub const LABEL_MAX: usize = 30;
pub const VARIATION_NAME_MAX: usize = 100;
pub const VARIATIONS_MAX: usize = 100;
/// Related products, tags and categories per product.
pub const LINKS_MAX: usize = 50;
/// Tax-included yen; a typo guard (the database takes any non-negative amount).
pub const PRICE_MAX: i64 = 10_000_000;
pub const EMBROIDERY_PRICE_MAX: i64 = 100_000;
pub const EMBROIDERY_CHARS_MAX: i64 = 50;
/// Pictures per product, and the longest text alternative of one.
pub const IMAGES_MAX: usize = 20;
pub const ALT_MAX: usize = 200;
const IMAGE_URL_MAX: usize = 300;
/// The most units a new variation may start with (as the stock desk's movements).
pub const INITIAL_STOCK_MAX: i64 = 1_000_000;

/// A product as the form sends it, to make one (POST) or replace what an edit may change (PUT,
/// with `version`). Stock is not part of it: a new variation's `initial_stock` is its first
/// 入荷, and later moves go through the stock desk.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct ProductForm {
    /// 商品コード: letters, digits, `-`, `_` and `.`; unique in the shop.
    pub code: String,
    pub name: String,
    /// Plain text (blank lines separate paragraphs), or safe markup: the tags of
    /// `catalog::rich_text::TAGS`; anything else is removed when saved.
    #[serde(default)]
    pub description: String,
    /// 販売価格, tax included (yen).
    pub price: i64,
    /// 通常価格, tax included (yen), shown struck through; null: none.
    #[serde(default)]
    pub before_price: Option<i64>,
    /// 8 or 10 (%).
    pub tax_rate: i64,
    #[serde(default)]
    pub maker_id: Option<String>,
    #[serde(default)]
    pub brand_id: Option<String>,
    #[serde(default)]
    pub category_ids: Vec<String>,
    #[serde(default)]
    pub tag_ids: Vec<String>,
    /// 付属品: products bought with this one.
    #[serde(default)]
    pub accessory_ids: Vec<String>,
    /// おすすめ: products shown on this one's page.
    #[serde(default)]
    pub recommendation_ids: Vec<String>,
    /// The page's <title> ("": the name).
    #[serde(default)]
    pub seo_title: String,
    /// The page's meta description ("": the description's start).
    #[serde(default)]
    pub seo_description: String,
    /// 名入れ刺繍: taken at this price per item, up to this many characters; null: not taken.
    #[serde(default)]
    pub embroidery: Option<EmbroideryForm>,
    /// のし対応 (omitted: yes).
    #[serde(default = "yes")]
    pub takes_noshi: bool,
    /// ギフトラッピング対応 (omitted: yes).
    #[serde(default = "yes")]
    pub takes_wrapping: bool,
    #[serde(default)]
    pub is_published: bool,
    /// 公開開始: RFC 3339, or `YYYY-MM-DDTHH:MM` in Japan time; null: at once.
    #[serde(default)]
    pub publish_from: Option<String>,
    /// 公開終了 (the first instant it is no longer listed); null: no end.
    #[serde(default)]
    pub publish_until: Option<String>,
    /// 1 to 100, in display order.
    pub variations: Vec<VariationForm>,
    /// The pictures in display order (the first is the main one): each a `url` of the
    /// product's current pictures or one from `POST /v1/admin/catalog/photos`. Omitted: the
    /// pictures stay as they are; present: the list replaces them.
    #[serde(default)]
    pub images: Option<Vec<ImageForm>>,
    /// The version the edit read (required by PUT).
    #[serde(default)]
    pub version: Option<i64>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct VariationForm {
    /// An existing variation of this product; omitted for a new one.
    #[serde(default)]
    pub id: Option<String>,
    /// Unique in the shop: letters, digits, `-`, `_` and `.`.
    pub sku: String,
    /// "": made from the labels ("M / ネイビー"), or the product's name without them.
    #[serde(default)]
    pub name: String,
    /// サイズ (the first axis).
    #[serde(default)]
    pub size_label: Option<String>,
    /// カラー (the second axis).
    #[serde(default)]
    pub color_label: Option<String>,
    /// Tax-included yen.
    pub price: i64,
    /// JAN (GTIN-13 or GTIN-8) with a valid check digit.
    #[serde(default)]
    pub jan_code: Option<String>,
    /// A new variation's first stock (its 入荷 line); an existing one's stock is moved on the
    /// stock desk, so any other value than 0 is refused there.
    #[serde(default)]
    pub initial_stock: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct ImageForm {
    pub url: String,
    /// 代替テキスト; empty: the product's name.
    #[serde(default)]
    pub alt: String,
}

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
pub struct EmbroideryForm {
    pub price: i64,
    pub max_chars: i64,
}

/// A checked form.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDraft {
    pub code: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
    pub accessory_ids: Vec<String>,
    pub recommendation_ids: Vec<String>,
    pub seo_title: String,
    pub seo_description: String,
    /// (price, max_chars)
    pub embroidery: Option<(i64, i64)>,
    pub takes_noshi: bool,
    pub takes_wrapping: bool,
    pub is_published: bool,
    pub publish_from: Option<i64>,
    pub publish_until: Option<i64>,
    pub variations: Vec<VariationDraft>,
    /// None: the pictures are left as they are.
    pub images: Option<Vec<ImageDraft>>,
}

/// A picture of the draft: whether the shop holds `url` is checked by the handler.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageDraft {
    pub url: String,
    pub alt: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VariationDraft {
    pub id: Option<String>,
    pub sku: String,
    pub name: String,
    pub size_label: Option<String>,
    pub color_label: Option<String>,
    pub price: i64,
    pub jan_code: Option<String>,
    pub initial_stock: i64,
}

/// The form's field errors go into `errors`; the draft is only meaningful when there are none.
pub fn check(form: &ProductForm, errors: &mut FieldCheck) -> ProductDraft {
    let code = form.code.trim().to_owned();
    errors.field("code", code_rule(&code, CODE_MAX));
    let name = form.name.trim().to_owned();
    errors.field("name", if is_blank(&name) { Err(REQUIRED.to_owned()) } else { max_length(&name, NAME_MAX) });
    let description = super::rich_text::clean(form.description.trim());
    errors.field("description", max_length(&description, DESCRIPTION_MAX));
    errors.field("price", yen(form.price, PRICE_MAX));
    if let Some(before) = form.before_price {
        errors.field("before_price", yen(before, PRICE_MAX));
    }
    errors.field("tax_rate", if matches!(form.tax_rate, 8 | 10) { Ok(()) } else { Err("税率は8%か10%を選んでください。") });
    let seo_title = form.seo_title.trim().to_owned();
    errors.field("seo_title", max_length(&seo_title, SEO_TITLE_MAX));
    let seo_description = form.seo_description.trim().to_owned();
    errors.field("seo_description", max_length(&seo_description, SEO_DESCRIPTION_MAX));
    for (field, ids) in [
        ("category_ids", &form.category_ids),
        ("tag_ids", &form.tag_ids),
        ("accessory_ids", &form.accessory_ids),
        ("recommendation_ids", &form.recommendation_ids),
    ] {
        errors.field(field, if ids.len() > LINKS_MAX { Err(format!("{LINKS_MAX}件までにしてください。")) } else { Ok(()) });
    }
    if let Some(embroidery) = form.embroidery {
        errors.field("embroidery.price", yen(embroidery.price, EMBROIDERY_PRICE_MAX));
        errors.field("embroidery.max_chars", whole(embroidery.max_chars, 1, EMBROIDERY_CHARS_MAX));
    }
    let publish_from = instant_field(errors, "publish_from", form.publish_from.as_deref());
    let publish_until = instant_field(errors, "publish_until", form.publish_until.as_deref());
    if let (Some(from), Some(until)) = (publish_from, publish_until)
        && until <= from
    {
        errors.field("publish_until", Err("公開終了は公開開始より後の日時にしてください。"));
    }
    let variations = check_variations(&form.variations, &name, errors);
    let images = form.images.as_deref().map(|images| check_images(images, &name, errors));
    ProductDraft {
        code,
        name,
        description,
        price: form.price,
        before_price: form.before_price,
        tax_rate: form.tax_rate,
        maker_id: non_blank(form.maker_id.as_deref()),
        brand_id: non_blank(form.brand_id.as_deref()),
        category_ids: distinct(&form.category_ids),
        tag_ids: distinct(&form.tag_ids),
        accessory_ids: distinct(&form.accessory_ids),
        recommendation_ids: distinct(&form.recommendation_ids),
        seo_title,
        seo_description,
        embroidery: form.embroidery.map(|e| (e.price, e.max_chars)),
        takes_noshi: form.takes_noshi,
        takes_wrapping: form.takes_wrapping,
        is_published: form.is_published,
        publish_from,
        publish_until,
        variations,
        images,
    }
}

fn check_images(forms: &[ImageForm], product_name: &str, errors: &mut FieldCheck) -> Vec<ImageDraft> {
    if forms.len() > IMAGES_MAX {
        errors.field("images", Err(format!("画像は{IMAGES_MAX}枚までにしてください。")));
    }
    let mut seen = HashSet::new();
    forms
        .iter()
        .enumerate()
        .map(|(index, form)| {
            let url = form.url.trim().to_owned();
            let well_formed = url.starts_with('/') && url.len() <= IMAGE_URL_MAX && !url.chars().any(char::is_control);
            errors.field(&format!("images[{index}].url"), if well_formed { Ok(()) } else { Err(super::photos::MISSING_MESSAGE) });
            if well_formed && !seen.insert(url.clone()) {
                errors.field(&format!("images[{index}].url"), Err("同じ画像が2回含まれています。"));
            }
            let alt = form.alt.trim();
            errors.field(&format!("images[{index}].alt"), max_length(alt, ALT_MAX));
            ImageDraft { url, alt: if alt.is_empty() { product_name.to_owned() } else { alt.to_owned() } }
        })
        .collect()
}

fn check_variations(forms: &[VariationForm], product_name: &str, errors: &mut FieldCheck) -> Vec<VariationDraft> {
    if forms.is_empty() {
        errors.field("variations", Err("バリエーションを1件以上登録してください。"));
    } else if forms.len() > VARIATIONS_MAX {
        errors.field("variations", Err(format!("バリエーションは{VARIATIONS_MAX}件までです。")));
    }
    let (mut skus, mut labels, mut ids) = (HashSet::new(), HashSet::new(), HashSet::new());
    let mut drafts = Vec::with_capacity(forms.len());
    for (index, form) in forms.iter().enumerate() {
        let at = |field: &str| format!("variations[{index}].{field}");
        let sku = form.sku.trim().to_owned();
        errors.field(&at("sku"), code_rule(&sku, SKU_MAX));
        if !errors.has(&at("sku")) && !skus.insert(sku.to_lowercase()) {
            errors.field(&at("sku"), Err("同じSKUが2回入力されています。"));
        }
        let size_label = non_blank(form.size_label.as_deref());
        let color_label = non_blank(form.color_label.as_deref());
        for (field, label) in [("size_label", &size_label), ("color_label", &color_label)] {
            errors.field(&at(field), label.as_deref().map_or(Ok(()), |label| max_length(label, LABEL_MAX)));
        }
        if forms.len() > 1 && !labels.insert((size_label.clone(), color_label.clone())) {
            errors.field(&at("size_label"), Err("同じサイズ・カラーの組み合わせが2回入力されています。"));
        }
        let name = match form.name.trim() {
            "" => derived_name(size_label.as_deref(), color_label.as_deref(), product_name),
            name => name.to_owned(),
        };
        errors.field(&at("name"), max_length(&name, VARIATION_NAME_MAX));
        errors.field(&at("price"), yen(form.price, PRICE_MAX));
        let jan_code = non_blank(form.jan_code.as_deref());
        errors.field(&at("jan_code"), jan_code.as_deref().map_or(Ok(()), jan_rule));
        let id = non_blank(form.id.as_deref());
        if let Some(id) = &id
            && !ids.insert(id.clone())
        {
            errors.field(&at("id"), Err("同じバリエーションが2回入力されています。"));
        }
        let initial_stock = form.initial_stock.unwrap_or(0);
        let stock_rule = if id.is_some() && initial_stock != 0 {
            Err("登録済みのバリエーションの在庫はここでは変更できません。在庫管理から入荷・調整してください。".to_owned())
        } else {
            whole(initial_stock, 0, INITIAL_STOCK_MAX)
        };
        errors.field(&at("initial_stock"), stock_rule);
        drafts.push(VariationDraft { id, sku, name, size_label, color_label, price: form.price, jan_code, initial_stock });
    }
    drafts
}

/// "M / ネイビー" from the labels there are, or the product's name for a variation without any.
pub fn derived_name(size: Option<&str>, color: Option<&str>, product_name: &str) -> String {
    let labels: Vec<&str> = [size, color].into_iter().flatten().collect();
    if labels.is_empty() { product_name.to_owned() } else { labels.join(" / ") }
}

/// 商品コード and SKU: printable ASCII letters, digits, `-`, `_`, `.`, starting with a letter or
/// digit (they go into CSVs and carriers' files as they are).
fn code_rule(code: &str, max: usize) -> Result<(), String> {
    if code.is_empty() {
        return Err(REQUIRED.to_owned());
    }
    max_length(code, max)?;
    let mut chars = code.chars();
    let starts_well = chars.next().is_some_and(|c| c.is_ascii_alphanumeric());
    if starts_well && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) {
        Ok(())
    } else {
        Err("半角英数字と「-」「_」「.」で入力してください（先頭は英数字）。".to_owned())
    }
}

pub fn yen(amount: i64, max: i64) -> Result<(), String> {
    whole(amount, 0, max).map_err(|_| format!("0〜{}円の範囲で入力してください。", crate::infra::money::Yen(max).grouped()))
}

fn whole(value: i64, min: i64, max: i64) -> Result<(), String> {
    if (min..=max).contains(&value) { Ok(()) } else { Err(format!("{min}〜{max}の範囲で入力してください。")) }
}

/// A JAN code: 13 or 8 half-width digits whose last is the GTIN check digit.
pub fn jan_rule(code: &str) -> Result<(), String> {
    let digits: Vec<u32> = code.chars().filter_map(|c| c.to_digit(10)).collect();
    if !(digits.len() == code.len() && matches!(digits.len(), 8 | 13)) {
        return Err("JANコードは半角数字13桁または8桁で入力してください。".to_owned());
    }
    let (body, check) = digits.split_at(digits.len() - 1);
    // Weights 3, 1, 3, … from the digit next to the check digit leftwards.
    let sum: u32 = body.iter().rev().enumerate().map(|(i, d)| if i % 2 == 0 { d * 3 } else { *d }).sum();
    if (10 - sum % 10) % 10 == check[0] { Ok(()) } else { Err("JANコードのチェックデジットが正しくありません。".to_owned()) }
}

fn instant_field(errors: &mut FieldCheck, field: &str, text: Option<&str>) -> Option<i64> {
    let text = text.map(str::trim).filter(|t| !t.is_empty())?;
    let at = parse_instant(text);
    if at.is_none() {
        errors.field(field, Err("日時の形式が正しくありません（例: 2026-12-01T10:00）。"));
    }
    at
}

fn non_blank(text: Option<&str>) -> Option<String> {
    text.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
}

/// The ids in their first order, once each.
fn distinct(ids: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    ids.iter().map(|id| id.trim().to_owned()).filter(|id| !id.is_empty() && seen.insert(id.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variation(sku: &str, size: Option<&str>, color: Option<&str>) -> VariationForm {
        VariationForm {
            id: None,
            sku: sku.into(),
            name: String::new(),
            size_label: size.map(Into::into),
            color_label: color.map(Into::into),
            price: 3_300,
            jan_code: None,
            initial_stock: Some(2),
        }
    }

    fn form() -> ProductForm {
        ProductForm {
            code: "TS-001".into(),
            name: " 綿のTシャツ ".into(),
            description: String::new(),
            price: 3_300,
            before_price: None,
            tax_rate: 10,
            maker_id: None,
            brand_id: Some(" ".into()),
            category_ids: vec!["c1".into(), "c1".into(), "c2".into()],
            tag_ids: vec![],
            accessory_ids: vec![],
            recommendation_ids: vec![],
            seo_title: String::new(),
            seo_description: String::new(),
            embroidery: None,
            takes_noshi: true,
            takes_wrapping: true,
            is_published: true,
            publish_from: None,
            publish_until: None,
            variations: vec![variation("TS-001-M-NV", Some("M"), Some("ネイビー")), variation("TS-001-L-NV", Some("L"), Some("ネイビー"))],
            images: None,
            version: None,
        }
    }

    #[test]
    fn pictures_keep_their_order_and_take_the_name_as_their_alt() {
        let mut f = form();
        let hash = "0123456789abcdef0123456789abcdef";
        f.images = Some(vec![
            ImageForm { url: format!("/media/{hash}-960.webp"), alt: " 正面 ".into() },
            ImageForm { url: "/images/products/ts-001.svg".into(), alt: String::new() },
        ]);
        let mut errors = FieldCheck::default();
        let draft = check(&f, &mut errors);
        assert!(errors.finish().is_ok());
        let images = draft.images.unwrap();
        assert_eq!(images[0].alt, "正面");
        assert_eq!(images[1].alt, "綿のTシャツ");
        assert_eq!(images[1].url, "/images/products/ts-001.svg");
        assert_eq!(check(&form(), &mut FieldCheck::default()).images, None, "left out: the pictures stay");
    }

    #[test]
    fn bad_pictures_are_named_by_their_place() {
        let mut f = form();
        let good = ImageForm { url: "/media/0123456789abcdef0123456789abcdef-240.webp".into(), alt: String::new() };
        f.images = Some(vec![good.clone(), good.clone(), ImageForm { url: "https://evil.example/x.png".into(), alt: "あ".repeat(201) }]);
        let fields = errors_of(&f);
        assert!(fields.contains(&"images[1].url".to_owned()), "{fields:?}");
        assert!(fields.contains(&"images[2].url".to_owned()), "{fields:?}");
        assert!(fields.contains(&"images[2].alt".to_owned()), "{fields:?}");
        f.images = Some((0..21).map(|i| ImageForm { url: format!("/images/products/p{i}.svg"), alt: String::new() }).collect());
        assert_eq!(errors_of(&f), vec!["images".to_owned()]);
    }

    fn errors_of(form: &ProductForm) -> Vec<String> {
        let mut errors = FieldCheck::default();
        check(form, &mut errors);
        match errors.finish() {
            Ok(()) => vec![],
            Err(crate::infra::error::ApiError::Invalid(fields)) => fields.into_keys().collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_good_form_is_trimmed_and_each_variation_named_from_its_labels() {
        let mut errors = FieldCheck::default();
        let draft = check(&form(), &mut errors);
        assert!(errors.is_ok());
        assert_eq!(draft.name, "綿のTシャツ");
        assert_eq!(draft.brand_id, None);
        assert_eq!(draft.category_ids, ["c1", "c2"]);
        assert_eq!(draft.variations[0].name, "M / ネイビー");
        assert_eq!(derived_name(None, None, "湯呑"), "湯呑");
    }

    #[test]
    fn a_negative_price_a_bad_tax_rate_and_a_blank_name_are_field_errors() {
        let mut bad = form();
        bad.price = -1;
        bad.tax_rate = 5;
        bad.name = "　".into();
        bad.variations[1].price = -1;
        assert_eq!(errors_of(&bad), ["name", "price", "tax_rate", "variations[1].price"]);
    }

    #[test]
    fn codes_and_skus_are_half_width_and_skus_unique_in_the_form() {
        let mut bad = form();
        bad.code = "商品1".into();
        bad.variations[1].sku = "ts-001-m-nv".into();
        assert_eq!(errors_of(&bad), ["code", "variations[1].sku"]);
        assert!(code_rule("=cmd|x", 50).is_err());
        assert!(code_rule("A-1_b.2", 50).is_ok());
    }

    #[test]
    fn the_same_size_and_colour_twice_is_refused() {
        let mut bad = form();
        bad.variations[1].size_label = Some("M".into());
        assert_eq!(errors_of(&bad), ["variations[1].size_label"]);
    }

    #[test]
    fn an_existing_variation_takes_no_stock_from_the_form() {
        let mut bad = form();
        bad.variations[0].id = Some("v1".into());
        assert_eq!(errors_of(&bad), ["variations[0].initial_stock"]);
        bad.variations[0].initial_stock = Some(0);
        assert_eq!(errors_of(&bad), Vec::<String>::new());
    }

    #[test]
    fn no_variation_or_too_many_is_refused() {
        let mut bad = form();
        bad.variations.clear();
        assert_eq!(errors_of(&bad), ["variations"]);
    }

    #[test]
    fn jan_codes_need_their_check_digit() {
        assert!(jan_rule("4901234567894").is_ok());
        assert!(jan_rule("4901234567890").is_err());
        assert!(jan_rule("49012347").is_ok());
        assert!(jan_rule("4901234").is_err());
        assert!(jan_rule("49012345678９4").is_err());
    }

    #[test]
    fn publish_dates_read_as_japan_time_and_must_be_in_order() {
        assert_eq!(parse_instant("2026-12-01T10:00"), parse_instant("2026-12-01T01:00:00Z"));
        assert_eq!(parse_instant("2026-12-01T10:00:30"), parse_instant("2026-12-01T10:00:30+09:00"));
        assert_eq!(parse_instant("明日"), None);
        let mut bad = form();
        bad.publish_from = Some("2026-12-02T10:00".into());
        bad.publish_until = Some("2026-12-01T10:00".into());
        assert_eq!(errors_of(&bad), ["publish_until"]);
        bad.publish_from = Some("12/1".into());
        assert_eq!(errors_of(&bad), ["publish_from"]);
    }

    #[test]
    fn embroidery_needs_a_price_and_a_positive_length() {
        let mut bad = form();
        bad.embroidery = Some(EmbroideryForm { price: 500, max_chars: 0 });
        assert_eq!(errors_of(&bad), ["embroidery.max_chars"]);
    }
}
