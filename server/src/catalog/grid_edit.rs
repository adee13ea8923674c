//! The bulk grid editor's rules (一括編集, issue 31): what staff send for many products at once,
//! its checks, and the plan of what an apply writes, with each change put into Japanese for
//! the preview. [`plan`] is pure: the handler reads the products inside its transaction and
//! hands them here, so the preview and the apply decide alike.
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::product_form::{LINKS_MAX, PRICE_MAX, yen};
use super::store::grid::{GridProduct, ProductFields};
use crate::infra::error::FieldErrors;
use crate::infra::money::Yen;

/// Products one request may change.
pub const PRODUCTS_MAX: usize = 500;
/// The largest stock move of one variation in one edit (as the stock desk's).
pub const STOCK_DELTA_MAX: i64 = 1_000_000;
/// The stock ledger's note on a grid move.
pub const STOCK_NOTE: &str = "一括編集";

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct GridChanges {
    pub products: Vec<ProductChange>,
}

/// One product's changes; an omitted field stays as it is.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct ProductChange {
    pub id: String,
    /// The version the grid read.
    pub version: i64,
    /// 販売価格 (tax-included yen).
    #[serde(default)]
    pub price: Option<i64>,
    /// 通常価格; null clears it.
    #[serde(default, deserialize_with = "crate::infra::extract::present")]
    #[schema(value_type = Option<i64>)]
    pub before_price: Option<Option<i64>>,
    #[serde(default)]
    pub is_published: Option<bool>,
    /// Replaces the product's categories.
    #[serde(default)]
    pub category_ids: Option<Vec<String>>,
    /// Replaces the product's tags.
    #[serde(default)]
    pub tag_ids: Option<Vec<String>>,
    #[serde(default)]
    pub variations: Vec<VariationChange>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct VariationChange {
    pub id: String,
    #[serde(default)]
    pub price: Option<i64>,
    /// ± units of 実在庫 (and of 販売可能), written to the ledger as 調整.
    #[serde(default)]
    pub stock_delta: Option<i64>,
}

/// The columns a grid edit may change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GridField {
    Price,
    BeforePrice,
    IsPublished,
    CategoryIds,
    TagIds,
    VariationPrice,
    Stock,
}

impl GridField {
    pub fn label(self) -> &'static str {
        match self {
            GridField::Price => "販売価格",
            GridField::BeforePrice => "通常価格",
            GridField::IsPublished => "公開",
            GridField::CategoryIds => "カテゴリ",
            GridField::TagIds => "タグ",
            GridField::VariationPrice => "価格",
            GridField::Stock => "在庫",
        }
    }
}

/// One change as the preview lists it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ChangeLine {
    pub product_id: String,
    pub code: String,
    pub name: String,
    /// Set for a variation's change.
    pub sku: Option<String>,
    pub field: GridField,
    pub label: String,
    pub before: String,
    pub after: String,
}

/// The checks that need nothing but the request: counts, duplicates and ranges.
pub fn check_request(changes: &GridChanges) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut add = |field: String, message: String| {
        errors.entry(field).or_insert_with(|| vec![message]);
    };
    if changes.products.is_empty() {
        add("products".into(), "変更がありません。".into());
    } else if changes.products.len() > PRODUCTS_MAX {
        add("products".into(), format!("一度に変更できるのは{PRODUCTS_MAX}商品までです。"));
    }
    let mut seen = HashSet::new();
    for (i, product) in changes.products.iter().enumerate() {
        let at = |field: &str| format!("products[{i}].{field}");
        if !seen.insert(product.id.as_str()) {
            add(at("id"), "同じ商品が2回含まれています。".into());
        }
        if let Some(Err(message)) = product.price.map(|price| yen(price, PRICE_MAX)) {
            add(at("price"), message);
        }
        if let Some(Err(message)) = product.before_price.flatten().map(|price| yen(price, PRICE_MAX)) {
            add(at("before_price"), message);
        }
        for (field, ids) in [("category_ids", &product.category_ids), ("tag_ids", &product.tag_ids)] {
            if ids.as_ref().is_some_and(|ids| ids.len() > LINKS_MAX) {
                add(at(field), format!("{LINKS_MAX}件までにしてください。"));
            }
        }
        let mut variations = HashSet::new();
        for (j, variation) in product.variations.iter().enumerate() {
            let at = |field: &str| format!("products[{i}].variations[{j}].{field}");
            if !variations.insert(variation.id.as_str()) {
                add(at("id"), "同じバリエーションが2回含まれています。".into());
            }
            if let Some(Err(message)) = variation.price.map(|price| yen(price, PRICE_MAX)) {
                add(at("price"), message);
            }
            if variation.stock_delta.is_some_and(|delta| delta.abs() > STOCK_DELTA_MAX) {
                add(at("stock_delta"), format!("増減は±{}までにしてください。", Yen(STOCK_DELTA_MAX).grouped()));
            }
        }
    }
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Whether the request moves any stock (which needs the `stock` permission).
pub fn moves_stock(changes: &GridChanges) -> bool {
    changes.products.iter().flat_map(|p| &p.variations).any(|v| v.stock_delta.is_some_and(|delta| delta != 0))
}

/// The names the preview shows for category and tag ids (a missing one shows its id).
#[derive(Debug, Default)]
pub struct Names {
    pub categories: HashMap<String, String>,
    pub tags: HashMap<String, String>,
}

/// What an apply writes for one product.
#[derive(Debug)]
pub struct ProductEdit {
    pub id: String,
    pub version: i64,
    /// Set when the row's price, 通常価格 or 公開 changes.
    pub fields: Option<ProductFields>,
    pub category_ids: Option<Vec<String>>,
    pub tag_ids: Option<Vec<String>>,
    /// (variation id, new price).
    pub prices: Vec<(String, i64)>,
    /// (variation id, delta).
    pub stock: Vec<(String, i64)>,
}

#[derive(Debug)]
pub enum Refusal {
    /// A product moved on since the grid read it: its 商品コード.
    Stale(String),
    Invalid(FieldErrors),
}

/// The plan: each product with a real change, and the preview's lines. `current` holds the
/// request's products as they stand (a missing one is not the shop's); `unknown_links` the
/// category and tag ids the shop does not have.
pub fn plan(
    changes: &GridChanges,
    current: &HashMap<String, GridProduct>,
    unknown_links: &HashSet<String>,
    names: &Names,
) -> Result<(Vec<ProductEdit>, Vec<ChangeLine>), Refusal> {
    let mut errors = FieldErrors::new();
    let mut edits = Vec::new();
    let mut lines = Vec::new();
    for (i, change) in changes.products.iter().enumerate() {
        let Some(product) = current.get(&change.id) else {
            errors.insert(format!("products[{i}].id"), vec!["この店舗にない商品です。".into()]);
            continue;
        };
        if product.row.version != change.version {
            return Err(Refusal::Stale(product.row.code.clone()));
        }
        let mut planner = Planner { product, lines: &mut lines };
        let edit = planner.product(i, change, unknown_links, names, &mut errors);
        if edit.fields.is_some() || edit.category_ids.is_some() || edit.tag_ids.is_some() || !edit.prices.is_empty() || !edit.stock.is_empty() {
            edits.push(edit);
        }
    }
    if errors.is_empty() { Ok((edits, lines)) } else { Err(Refusal::Invalid(errors)) }
}

struct Planner<'a> {
    product: &'a GridProduct,
    lines: &'a mut Vec<ChangeLine>,
}

impl Planner<'_> {
    fn line(&mut self, sku: Option<&str>, field: GridField, before: String, after: String) {
        let row = &self.product.row;
        self.lines.push(ChangeLine {
            product_id: row.id.clone(),
            code: row.code.clone(),
            name: row.name.clone(),
            sku: sku.map(str::to_owned),
            field,
            label: field.label().to_owned(),
            before,
            after,
        });
    }

    fn product(&mut self, i: usize, change: &ProductChange, unknown: &HashSet<String>, names: &Names, errors: &mut FieldErrors) -> ProductEdit {
        let row = &self.product.row;
        let price = change.price.filter(|price| *price != row.price);
        let before_price = change.before_price.filter(|before| *before != row.before_price);
        let is_published = change.is_published.filter(|publish| *publish != (row.is_published == 1));
        if let Some(price) = price {
            self.line(None, GridField::Price, yen_text(Some(row.price)), yen_text(Some(price)));
        }
        if let Some(before) = before_price {
            self.line(None, GridField::BeforePrice, yen_text(row.before_price), yen_text(before));
        }
        if let Some(publish) = is_published {
            self.line(None, GridField::IsPublished, published_text(row.is_published == 1), published_text(publish));
        }
        let fields = (price.is_some() || before_price.is_some() || is_published.is_some()).then(|| ProductFields {
            price: price.unwrap_or(row.price),
            before_price: before_price.unwrap_or(row.before_price),
            is_published: is_published.unwrap_or(row.is_published == 1),
        });
        let category_ids =
            self.links(i, GridField::CategoryIds, change.category_ids.as_deref(), &self.product.category_ids, unknown, &names.categories, errors);
        let tag_ids = self.links(i, GridField::TagIds, change.tag_ids.as_deref(), &self.product.tag_ids, unknown, &names.tags, errors);
        let (mut prices, stock) = self.variations(i, &change.variations, errors);
        if let Some(price) = price {
            self.follow_price(row.price, price, &change.variations, &mut prices);
        }
        ProductEdit { id: row.id.clone(), version: row.version, fields, category_ids, tag_ids, prices, stock }
    }

    #[allow(clippy::too_many_arguments)]
    fn links(
        &mut self,
        i: usize,
        field: GridField,
        wanted: Option<&[String]>,
        now: &[String],
        unknown: &HashSet<String>,
        names: &HashMap<String, String>,
        errors: &mut FieldErrors,
    ) -> Option<Vec<String>> {
        let wanted = distinct(wanted?);
        if wanted.iter().any(|id| unknown.contains(id)) {
            let message = if field == GridField::CategoryIds {
                "この店舗にないカテゴリが含まれています。"
            } else {
                "この店舗にないタグが含まれています。"
            };
            let key = if field == GridField::CategoryIds { "category_ids" } else { "tag_ids" };
            errors.insert(format!("products[{i}].{key}"), vec![message.into()]);
            return None;
        }
        let same = if field == GridField::TagIds { sorted(&wanted) == sorted(now) } else { wanted == now };
        if same {
            return None;
        }
        self.line(None, field, names_text(now, names), names_text(&wanted, names));
        Some(wanted)
    }

    /// Variations priced as the product was follow its new 販売価格, unless the edit prices them
    /// itself: a one-price product stays one price (the storefront's page and cart show the
    /// variation's), and a variation with a price of its own keeps it. Each is a line of its own.
    fn follow_price(&mut self, old: i64, new: i64, changes: &[VariationChange], prices: &mut Vec<(String, i64)>) {
        for variation in &self.product.variations {
            let priced_here = changes.iter().any(|c| c.id == variation.id && c.price.is_some());
            if variation.price == old && !priced_here {
                self.line(Some(&variation.sku), GridField::VariationPrice, yen_text(Some(old)), yen_text(Some(new)));
                prices.push((variation.id.clone(), new));
            }
        }
    }

    #[allow(clippy::type_complexity)]
    fn variations(&mut self, i: usize, changes: &[VariationChange], errors: &mut FieldErrors) -> (Vec<(String, i64)>, Vec<(String, i64)>) {
        let (mut prices, mut stock) = (Vec::new(), Vec::new());
        for (j, change) in changes.iter().enumerate() {
            let Some(variation) = self.product.variations.iter().find(|v| v.id == change.id) else {
                errors.insert(format!("products[{i}].variations[{j}].id"), vec!["この商品にないバリエーションです。".into()]);
                continue;
            };
            if let Some(price) = change.price.filter(|price| *price != variation.price) {
                self.line(Some(&variation.sku), GridField::VariationPrice, yen_text(Some(variation.price)), yen_text(Some(price)));
                prices.push((variation.id.clone(), price));
            }
            let Some(delta) = change.stock_delta.filter(|delta| *delta != 0) else { continue };
            if variation.available + delta < 0 {
                let message = format!("販売可能数（{}）より多くは減らせません。", variation.available);
                errors.insert(format!("products[{i}].variations[{j}].stock_delta"), vec![message]);
                continue;
            }
            let on_hand = variation.available + variation.reserved;
            let sign = if delta > 0 { "+" } else { "−" };
            let after = format!("実在庫 {}（{sign}{}）", Yen(on_hand + delta).grouped(), Yen(delta.abs()).grouped());
            self.line(Some(&variation.sku), GridField::Stock, format!("実在庫 {}", Yen(on_hand).grouped()), after);
            stock.push((variation.id.clone(), delta));
        }
        (prices, stock)
    }
}

fn yen_text(amount: Option<i64>) -> String {
    amount.map_or_else(|| "なし".to_owned(), |amount| format!("{}円", Yen(amount).grouped()))
}

fn published_text(published: bool) -> String {
    if published { "公開" } else { "非公開" }.to_owned()
}

fn names_text(ids: &[String], names: &HashMap<String, String>) -> String {
    if ids.is_empty() {
        return "なし".to_owned();
    }
    ids.iter().map(|id| names.get(id).map_or(id.as_str(), String::as_str)).collect::<Vec<_>>().join("、")
}

fn distinct(ids: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    ids.iter().map(|id| id.trim().to_owned()).filter(|id| !id.is_empty() && seen.insert(id.clone())).collect()
}

fn sorted(ids: &[String]) -> Vec<&String> {
    let mut ids: Vec<&String> = ids.iter().collect();
    ids.sort();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::store::grid::GridVariationRow;
    use crate::catalog::store::product_desk::DeskProductRow;

    fn product() -> GridProduct {
        GridProduct {
            row: DeskProductRow {
                id: "p1".into(),
                product_key: "chair".into(),
                code: "CHAIR-01".into(),
                name: "チェア".into(),
                price: 12_800,
                before_price: None,
                tax_rate: 10,
                is_published: 1,
                sale_start: None,
                sale_end: None,
                updated_at: 0,
                version: 3,
                variation_count: 1,
                available: 7,
                image_url: None,
            },
            variations: vec![GridVariationRow {
                id: "v1".into(),
                product_id: "p1".into(),
                sku: "CHAIR-01-NV".into(),
                name: "ネイビー".into(),
                price: 12_800,
                available: 7,
                reserved: 1,
            }],
            category_ids: vec!["c1".into()],
            tag_ids: vec!["t1".into(), "t2".into()],
        }
    }

    fn change(json: serde_json::Value) -> GridChanges {
        serde_json::from_value(serde_json::json!({ "products": [json] })).unwrap()
    }

    fn current() -> HashMap<String, GridProduct> {
        HashMap::from([("p1".to_owned(), product())])
    }

    fn names() -> Names {
        Names { categories: HashMap::from([("c1".into(), "椅子".into()), ("c2".into(), "家具".into())]), tags: HashMap::new() }
    }

    #[test]
    fn each_real_change_is_one_line_in_japanese_and_unchanged_values_are_left_out() {
        let changes = change(serde_json::json!({
            "id": "p1", "version": 3, "price": 13_200, "before_price": 15_800, "is_published": true,
            "category_ids": ["c1", "c2"], "tag_ids": ["t2", "t1"],
            "variations": [{ "id": "v1", "price": 12_800, "stock_delta": -2 }]
        }));
        let (edits, lines) = plan(&changes, &current(), &HashSet::new(), &names()).unwrap();
        let shown: Vec<(GridField, &str, &str)> = lines.iter().map(|l| (l.field, l.before.as_str(), l.after.as_str())).collect();
        assert_eq!(
            shown,
            [
                (GridField::Price, "12,800円", "13,200円"),
                (GridField::BeforePrice, "なし", "15,800円"),
                (GridField::CategoryIds, "椅子", "椅子、家具"),
                (GridField::Stock, "実在庫 8", "実在庫 6（−2）"),
            ]
        );
        assert_eq!(edits.len(), 1);
        let fields = edits[0].fields.as_ref().unwrap();
        assert_eq!((fields.price, fields.before_price, fields.is_published), (13_200, Some(15_800), true));
        assert_eq!(edits[0].tag_ids, None, "the same tags in another order are no change");
        assert_eq!(edits[0].stock, [("v1".to_owned(), -2)]);
    }

    #[test]
    fn variations_priced_as_the_product_follow_its_new_price_unless_priced_themselves() {
        let mut shop = current();
        let own = GridVariationRow { id: "v2".into(), sku: "CHAIR-01-GY".into(), price: 13_800, ..shop["p1"].variations[0].clone() };
        shop.get_mut("p1").unwrap().variations.push(own);
        let changes = change(serde_json::json!({ "id": "p1", "version": 3, "price": 13_200 }));
        let (edits, lines) = plan(&changes, &shop, &HashSet::new(), &names()).unwrap();
        assert_eq!(edits[0].prices, [("v1".to_owned(), 13_200)], "v2 has a price of its own");
        assert_eq!(
            lines.iter().map(|l| (l.sku.as_deref(), l.field)).collect::<Vec<_>>(),
            [(None, GridField::Price), (Some("CHAIR-01-NV"), GridField::VariationPrice)]
        );
        let priced = change(serde_json::json!({ "id": "p1", "version": 3, "price": 13_200, "variations": [{ "id": "v1", "price": 12_900 }] }));
        let (edits, _) = plan(&priced, &shop, &HashSet::new(), &names()).unwrap();
        assert_eq!(edits[0].prices, [("v1".to_owned(), 12_900)], "the edit's own price wins");
    }

    #[test]
    fn a_product_whose_changes_are_all_current_values_is_not_edited() {
        let changes =
            change(serde_json::json!({ "id": "p1", "version": 3, "price": 12_800, "before_price": null, "variations": [{ "id": "v1", "stock_delta": 0 }] }));
        let (edits, lines) = plan(&changes, &current(), &HashSet::new(), &names()).unwrap();
        assert!(edits.is_empty() && lines.is_empty());
    }

    #[test]
    fn null_clears_the_before_price_and_omitting_it_keeps_it() {
        let mut shop = current();
        shop.get_mut("p1").unwrap().row.before_price = Some(15_800);
        let cleared = change(serde_json::json!({ "id": "p1", "version": 3, "before_price": null }));
        let (edits, lines) = plan(&cleared, &shop, &HashSet::new(), &names()).unwrap();
        assert_eq!(edits[0].fields.as_ref().unwrap().before_price, None);
        assert_eq!((lines[0].before.as_str(), lines[0].after.as_str()), ("15,800円", "なし"));
        let kept = change(serde_json::json!({ "id": "p1", "version": 3, "price": 1 }));
        let (edits, _) = plan(&kept, &shop, &HashSet::new(), &names()).unwrap();
        assert_eq!(edits[0].fields.as_ref().unwrap().before_price, Some(15_800));
    }

    #[test]
    fn a_stale_version_refuses_the_whole_edit_naming_the_product() {
        let changes = change(serde_json::json!({ "id": "p1", "version": 2, "price": 1 }));
        assert!(matches!(plan(&changes, &current(), &HashSet::new(), &names()), Err(Refusal::Stale(code)) if code == "CHAIR-01"));
    }

    #[test]
    fn stock_may_not_go_below_what_can_be_sold_and_unknown_ids_are_field_errors() {
        let changes = change(serde_json::json!({
            "id": "p1", "version": 3, "category_ids": ["elsewhere"],
            "variations": [{ "id": "v1", "stock_delta": -8 }, { "id": "v9", "price": 1 }]
        }));
        let unknown = HashSet::from(["elsewhere".to_owned()]);
        let Err(Refusal::Invalid(errors)) = plan(&changes, &current(), &unknown, &names()) else { panic!("refused") };
        assert_eq!(errors["products[0].variations[0].stock_delta"], ["販売可能数（7）より多くは減らせません。"]);
        assert_eq!(errors["products[0].variations[1].id"], ["この商品にないバリエーションです。"]);
        assert_eq!(errors["products[0].category_ids"], ["この店舗にないカテゴリが含まれています。"]);
        let missing = GridChanges {
            products: vec![ProductChange { id: "other-shop".into(), ..change(serde_json::json!({"id": "x", "version": 1})).products[0].clone() }],
        };
        let Err(Refusal::Invalid(errors)) = plan(&missing, &current(), &HashSet::new(), &names()) else { panic!("refused") };
        assert_eq!(errors["products[0].id"], ["この店舗にない商品です。"]);
    }

    #[test]
    fn the_request_checks_ranges_duplicates_and_counts() {
        let changes: GridChanges = serde_json::from_value(serde_json::json!({ "products": [
            { "id": "p1", "version": 1, "price": -1, "before_price": 10_000_001, "variations": [{ "id": "v1", "stock_delta": 1_000_001 }, { "id": "v1" }] },
            { "id": "p1", "version": 1 }
        ]}))
        .unwrap();
        let errors = check_request(&changes).unwrap_err();
        assert_eq!(errors["products[0].price"], ["0〜10,000,000円の範囲で入力してください。"]);
        assert!(errors.contains_key("products[0].before_price"));
        assert!(errors.contains_key("products[0].variations[0].stock_delta"));
        assert_eq!(errors["products[0].variations[1].id"], ["同じバリエーションが2回含まれています。"]);
        assert_eq!(errors["products[1].id"], ["同じ商品が2回含まれています。"]);
        assert_eq!(check_request(&GridChanges { products: vec![] }).unwrap_err()["products"], ["変更がありません。"]);
        assert!(moves_stock(&changes));
    }
}
