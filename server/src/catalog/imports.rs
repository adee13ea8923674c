//! Catalogue CSV imports (issue 31): the products CSV (product_csv.rs) and the inventory CSV.
//! [`plan`] is the dry run: it reads the whole file against the shop, finds for each unit (a
//! product, or an inventory line) whether it is new, changed, unchanged or wrong, and names
//! every error by line and column in Japanese, writing nothing. [`apply`] writes the planned
//! units in batches, each batch with the job's progress in its own transaction, so a job that
//! stops (a restart, a crash) resumes exactly after the last batch. Products go through the
//! product desk's own form rules and writes, so an import can do nothing the form could not;
//! stock never changes through the products CSV except a new SKU's 初期在庫.
//!
//! The background runner (web uploads) is [`run`] and [`spawn`]; `shop catalog import` calls
//! [`plan`] and [`apply`] directly.
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::import_bundle::Bundle;
use super::import_pictures::{Pictures, Reference};
use super::photos;
use super::product_csv::{self, Column, CsvProduct, Group, Kept, PATH_SEPARATOR, Resolved};
use super::product_form::{self, ProductDraft};
use super::store::catalog_csv::{self, ExportedProduct, InventoryLine, NameIndex};
use super::store::product_desk::{self, Edited, Editor};
use super::store::stock::{self, Cause, StockReason};
use super::store::taxonomy_desk;
use crate::infra::db::{Db, Tx};
use crate::infra::ids::{ChannelId, new_id};
use crate::infra::picture_fetch::PictureFetcher;
use crate::infra::storage::Storage;
use crate::infra::text_csv::{self, Encoding, LineError, read_rows};
use crate::infra::time::Timestamp;
use crate::state::AppState;
use crate::validation::FieldCheck;

/// The largest file.
pub const FILE_MAX: usize = 50 * 1024 * 1024;
/// The upload's path; its body may be larger than other requests' (edge.rs).
pub const UPLOAD_PATH: &str = "/v1/admin/catalog/imports";
pub const REQUEST_MAX: usize = FILE_MAX + 1024 * 1024;
/// How long a runner holds a job without renewing; then another instance takes it up.
const LEASE_MS: i64 = 60_000;
/// Units written per transaction.
const BATCH: usize = 200;
/// Errors kept on the job (the count is always whole).
const ERRORS_KEPT: usize = 1_000;

pub fn takes_large_body(path: &str) -> bool {
    path == UPLOAD_PATH
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportKind {
    Products,
    Inventory,
}

impl ImportKind {
    pub fn parse(text: &str) -> Option<ImportKind> {
        match text.trim() {
            "products" => Some(ImportKind::Products),
            "inventory" => Some(ImportKind::Inventory),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ImportKind::Products => "products",
            ImportKind::Inventory => "inventory",
        }
    }
}

/// What the dry run found, in counts.
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ImportSummary {
    pub create: i64,
    pub update: i64,
    pub unchanged: i64,
    /// Lines with at least one error.
    pub error_lines: i64,
    /// Categories, makers, brands and tags the apply will make, e.g. 「メーカー: 山田製作所」.
    pub new_names: Vec<String>,
}

/// A change of an inventory line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    /// 新在庫: on hand from → to (棚卸), only if it still is `from`.
    Set { from: i64, to: i64 },
    /// 増減.
    Add(i64),
}

/// One unit of the file as the dry run planned it.
#[derive(Debug, Clone)]
pub enum Unit {
    /// Nothing to write (unchanged, or an empty inventory line).
    Skip,
    /// Has errors (listed in the plan).
    Refused,
    Product(Box<ProductUnit>),
    Stock {
        line: usize,
        variation_id: String,
        change: StockChange,
    },
}

#[derive(Debug, Clone)]
pub struct ProductUnit {
    pub lines: Vec<usize>,
    /// The product as it will be: the file's, with the variations it leaves out kept.
    pub product: CsvProduct,
    /// (id, version) of the product it updates; None: a new one.
    pub existing: Option<(String, i64)>,
    pub variation_ids: HashMap<String, String>,
    pub image_alts: HashMap<String, String>,
    pub kept: Kept,
}

#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub units: Vec<Unit>,
    pub errors: Vec<LineError>,
    pub summary: ImportSummary,
    /// Data rows in the file.
    pub rows: usize,
    /// The file's encoding, once it could be read.
    pub encoding: Option<Encoding>,
}

impl Plan {
    fn refused_file(errors: Vec<LineError>) -> Plan {
        let error_lines = errors.iter().map(|e| e.line).collect::<BTreeSet<_>>().len() as i64;
        Plan { summary: ImportSummary { error_lines, ..ImportSummary::default() }, errors, ..Plan::default() }
    }

    /// Units the apply will write.
    pub fn to_apply(&self) -> usize {
        self.units.iter().filter(|u| matches!(u, Unit::Product(_) | Unit::Stock { .. })).count()
    }
}

/// Where the dry run finds what it needs besides the database.
pub struct Sources<'a> {
    pub storage: &'a Storage,
    pub fetcher: &'a PictureFetcher,
}

/// The dry run of the uploaded file (a CSV, or a ZIP of one CSV and its photos) against the
/// shop. The photos the file names are made on the way (import_pictures.rs).
pub async fn plan(db: &Db, sources: &Sources<'_>, channel_id: &ChannelId, kind: ImportKind, bundle: &Bundle) -> anyhow::Result<Plan> {
    let (text, encoding) = match text_csv::decode_detecting(&bundle.csv) {
        Ok(decoded) => decoded,
        Err(message) => return Ok(Plan::refused_file(vec![LineError::new(1, "", message)])),
    };
    let (headers, rows) = match read_rows(&text) {
        Ok(read) => read,
        Err(error) => return Ok(Plan::refused_file(vec![error])),
    };
    let mut plan = match kind {
        ImportKind::Products => {
            let mut pictures = Pictures::new(sources.storage, channel_id, bundle, sources.fetcher);
            plan_products(db, sources.storage, &mut pictures, channel_id, &headers, &rows, encoding).await?
        }
        ImportKind::Inventory => plan_inventory(db, channel_id, &headers, &rows).await?,
    };
    plan.encoding = Some(encoding);
    Ok(plan)
}

/// Placeholder ids of names the apply will make: the form's rules only need them distinct.
fn placeholder(kind: &str, name: &str) -> String {
    format!("new:{kind}:{name}")
}

struct NameResolver<'a> {
    names: &'a NameIndex,
    new_names: BTreeSet<String>,
}

impl NameResolver<'_> {
    fn named(&mut self, map: &HashMap<String, String>, kind: &str, label: &str, name: &str) -> String {
        match map.get(name) {
            Some(id) => id.clone(),
            None => {
                self.new_names.insert(format!("{label}: {name}"));
                placeholder(kind, name)
            }
        }
    }

    fn category(&mut self, path: &str, line: usize, errors: &mut Vec<LineError>) -> String {
        if let Some(id) = self.names.category_paths.get(path) {
            return id.clone();
        }
        let levels: Vec<&str> = path.split(PATH_SEPARATOR).collect();
        if levels.len() > 3 {
            errors.push(LineError::new(line, Column::Categories.header(), format!("カテゴリは3階層までです（{path}）。")));
        }
        for depth in 1..=levels.len().min(3) {
            let prefix = levels[..depth].join(&PATH_SEPARATOR.to_string());
            if !self.names.category_paths.contains_key(&prefix) {
                self.new_names.insert(format!("カテゴリ: {prefix}"));
            }
        }
        placeholder("category", path)
    }
}

async fn plan_products(
    db: &Db,
    storage: &Storage,
    pictures: &mut Pictures<'_>,
    channel_id: &ChannelId,
    headers: &[String],
    rows: &[crate::infra::text_csv::Cells],
    encoding: Encoding,
) -> anyhow::Result<Plan> {
    let columns = match product_csv::map_headers(headers) {
        Ok(columns) => columns,
        Err(errors) => return Ok(Plan::refused_file(errors)),
    };
    let groups = product_csv::read_groups(rows, &columns);
    let existing: HashMap<String, ExportedProduct> =
        catalog_csv::load_products(db, channel_id).await?.into_iter().map(|p| (p.product.code.to_lowercase(), p)).collect();
    let sku_owner: HashMap<String, String> =
        existing.values().flat_map(|p| p.product.variations.iter().map(|v| (v.sku.to_lowercase(), p.product.code.clone()))).collect();
    let names = catalog_csv::load_names(db, channel_id).await?;
    let mut resolver = NameResolver { names: &names, new_names: BTreeSet::new() };
    let mut file_skus: HashMap<String, usize> = HashMap::new();
    let mut plan = Plan { rows: rows.len(), ..Plan::default() };
    for group in groups {
        let mut errors = group.errors.clone();
        let current = existing.get(&group.product.code.to_lowercase());
        check_skus(&group, current, &sku_owner, &mut file_skus, &mut errors);
        let mut product = group.product.clone();
        for url in &mut product.images {
            let found = match Reference::of(url) {
                Reference::Stored(stored) if names.image_urls.contains(stored) || photos::is_stored(storage, channel_id, stored).await? => {
                    Ok(stored.to_owned())
                }
                Reference::Stored(stored) => Err(format!(
                    "画像が見つかりません（{stored}）。商品管理でアップロードした画像のURL、ZIPに入れた画像のファイル名、または https:// で始まる画像のURLを指定してください。"
                )),
                _ => pictures.make(url).await?,
            };
            match found {
                Ok(stored) => *url = stored,
                Err(message) => errors.push(LineError::new(group.first_line(), Column::Images.header(), message)),
            }
        }
        let merged = merge(&product, current);
        let (lines, unit) = product_unit(&group, merged, current);
        let resolved_ids = resolve(&mut resolver, &unit.product, group.first_line(), &mut errors);
        let resolved = Resolved {
            maker_id: resolved_ids.0,
            brand_id: resolved_ids.1,
            category_ids: resolved_ids.2,
            tag_ids: resolved_ids.3,
            variation_ids: &unit.variation_ids,
            image_alts: &unit.image_alts,
            version: current.map(|c| c.version),
            kept: &unit.kept,
        };
        let mut check = FieldCheck::default();
        product_form::check(&product_csv::to_form(&unit.product, &resolved), &mut check);
        if let Err(crate::infra::error::ApiError::Invalid(fields)) = check.finish() {
            for (field, messages) in fields {
                let (line, column) = product_csv::locate(&field, &lines);
                for message in messages {
                    errors.push(LineError::new(line, column, message));
                }
            }
        }
        if !errors.is_empty() {
            plan.summary.error_lines += errors.iter().map(|e| e.line).collect::<BTreeSet<_>>().len() as i64;
            errors.sort_by_key(|e| e.line);
            // One message a cell: the import's own reading of it comes before the form's.
            let mut seen = BTreeSet::new();
            errors.retain(|e| seen.insert((e.line, e.column.clone())));
            plan.errors.extend(errors);
            plan.units.push(Unit::Refused);
        } else if current.is_some_and(|c| comparable(&unit.product, encoding) == comparable(&c.product, encoding)) {
            plan.summary.unchanged += 1;
            plan.units.push(Unit::Skip);
        } else {
            if current.is_some() {
                plan.summary.update += 1;
            } else {
                plan.summary.create += 1;
            }
            plan.units.push(Unit::Product(Box::new(unit)));
        }
    }
    plan.summary.new_names = resolver.new_names.into_iter().collect();
    Ok(plan)
}

/// A SKU named twice in the file, or held by another product of the shop, is an error.
fn check_skus(
    group: &Group,
    current: Option<&ExportedProduct>,
    sku_owner: &HashMap<String, String>,
    file_skus: &mut HashMap<String, usize>,
    errors: &mut Vec<LineError>,
) {
    for (variation, line) in group.product.variations.iter().zip(&group.lines) {
        let sku = variation.sku.to_lowercase();
        if sku.is_empty() {
            continue;
        }
        if let Some(first) = file_skus.insert(sku.clone(), *line) {
            errors.push(LineError::new(*line, Column::Sku.header(), format!("このSKUは{first}行目にもあります。")));
        } else if let Some(owner) = sku_owner.get(&sku)
            && current.is_none_or(|c| !c.product.code.eq_ignore_ascii_case(owner))
        {
            errors.push(LineError::new(*line, Column::Sku.header(), format!("このSKUは他の商品（{owner}）で使われています。")));
        }
    }
}

/// The file's product over what the shop holds: the variations the file leaves out are kept
/// (an import never deletes), the ones it names take the file's values.
fn merge(file: &CsvProduct, current: Option<&ExportedProduct>) -> CsvProduct {
    let Some(current) = current else { return file.clone() };
    let mut merged = file.clone();
    let mut variations = current.product.variations.clone();
    for variation in &file.variations {
        match variations.iter_mut().find(|v| v.sku.eq_ignore_ascii_case(&variation.sku)) {
            Some(kept) => *kept = variation.clone(),
            None => variations.push(variation.clone()),
        }
    }
    merged.variations = variations;
    merged
}

/// A product as the file can say it: no opening stock (only a new SKU takes one), a variation
/// name left empty as the form derives it, publish
/// times to the minute (the file's precision, as the form's), and in a Shift_JIS file only
/// the characters Shift_JIS holds (`〜` and `～` are one there; `𠮷` is `〓`), so a product
/// the staff left alone is not rewritten by the encoding.
fn comparable(product: &CsvProduct, encoding: Encoding) -> CsvProduct {
    const MINUTE_MS: i64 = 60_000;
    let mut product = product.clone();
    if encoding == Encoding::ShiftJis {
        let through = |text: &mut String| *text = text_csv::decode(&text_csv::to_shift_jis(text)).unwrap_or_else(|_| text.clone());
        for text in [&mut product.name, &mut product.description, &mut product.seo_title, &mut product.seo_description] {
            through(text);
        }
        for text in product.maker.iter_mut().chain(product.brand.iter_mut()).chain(product.categories.iter_mut()).chain(product.tags.iter_mut()) {
            through(text);
        }
        for variation in &mut product.variations {
            through(&mut variation.name);
            for text in variation.size.iter_mut().chain(variation.color.iter_mut()) {
                through(text);
            }
        }
    }
    for variation in &mut product.variations {
        variation.initial_stock = 0;
        // A file may leave the name to the form, which derives it (a hand-written file).
        if variation.name.trim().is_empty() {
            variation.name = product_form::derived_name(variation.size.as_deref(), variation.color.as_deref(), product.name.trim());
        }
    }
    product.publish_from = product.publish_from.map(|ms| ms - ms.rem_euclid(MINUTE_MS));
    product.publish_until = product.publish_until.map(|ms| ms - ms.rem_euclid(MINUTE_MS));
    product
}

/// The unit of a product, and the line of each of its (merged) variations for errors.
fn product_unit(group: &Group, merged: CsvProduct, current: Option<&ExportedProduct>) -> (Vec<usize>, ProductUnit) {
    let lines = merged
        .variations
        .iter()
        .map(|v| group.product.variations.iter().position(|f| f.sku.eq_ignore_ascii_case(&v.sku)).map_or(group.first_line(), |i| group.lines[i]))
        .collect();
    let unit = ProductUnit {
        lines: group.lines.clone(),
        product: merged,
        existing: current.map(|c| (c.id.clone(), c.version)),
        variation_ids: current.map(|c| c.variation_ids.clone()).unwrap_or_default(),
        image_alts: current.map(|c| c.image_alts.clone()).unwrap_or_default(),
        kept: current.map(|c| c.kept.clone()).unwrap_or_default(),
    };
    (lines, unit)
}

type ResolvedIds = (Option<String>, Option<String>, Vec<String>, Vec<String>);

fn resolve(resolver: &mut NameResolver<'_>, product: &CsvProduct, line: usize, errors: &mut Vec<LineError>) -> ResolvedIds {
    let names = resolver.names;
    let maker = product.maker.as_deref().map(|name| resolver.named(&names.makers, "maker", "メーカー", name));
    let brand = product.brand.as_deref().map(|name| resolver.named(&names.brands, "brand", "ブランド", name));
    let categories = product.categories.iter().map(|path| resolver.category(path, line, errors)).collect();
    let tags = product.tags.iter().map(|name| resolver.named(&names.tags, "tag", "タグ", name)).collect();
    (maker, brand, categories, tags)
}

const INVENTORY_SKU: &str = "SKU";
const INVENTORY_REFERENCE: &str = "現在庫(参照)";
const INVENTORY_NEW: &str = "新在庫";
const INVENTORY_DELTA: &str = "増減";
/// The inventory CSV's columns, in the order the export writes them.
pub const INVENTORY_HEADERS: [&str; 7] = [INVENTORY_SKU, "商品コード", "商品名", "バリエーション名", INVENTORY_REFERENCE, INVENTORY_NEW, INVENTORY_DELTA];

async fn plan_inventory(db: &Db, channel_id: &ChannelId, headers: &[String], rows: &[crate::infra::text_csv::Cells]) -> anyhow::Result<Plan> {
    let position = |name: &str| headers.iter().position(|h| h.trim().trim_start_matches('\u{feff}') == name);
    let Some(sku_at) = position(INVENTORY_SKU) else {
        return Ok(Plan::refused_file(vec![LineError::new(1, INVENTORY_SKU, "必須の列がありません。")]));
    };
    let (reference_at, new_at, delta_at) = (position(INVENTORY_REFERENCE), position(INVENTORY_NEW), position(INVENTORY_DELTA));
    if new_at.is_none() && delta_at.is_none() {
        return Ok(Plan::refused_file(vec![LineError::new(1, INVENTORY_NEW, "「新在庫」か「増減」の列が必要です。")]));
    }
    let stock: HashMap<String, InventoryLine> = catalog_csv::load_inventory(db, channel_id).await?.into_iter().map(|l| (l.sku.to_lowercase(), l)).collect();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut plan = Plan { rows: rows.len(), ..Plan::default() };
    for row in rows {
        let cell = |at: Option<usize>| at.and_then(|i| row.cells.get(i)).map(|s| s.trim()).unwrap_or("");
        let mut errors = Vec::new();
        let unit = inventory_unit(row.line, cell(Some(sku_at)), [cell(reference_at), cell(new_at), cell(delta_at)], &stock, &mut seen, &mut errors);
        if errors.is_empty() {
            match &unit {
                Unit::Skip => plan.summary.unchanged += 1,
                _ => plan.summary.update += 1,
            }
            plan.units.push(unit);
        } else {
            plan.summary.error_lines += 1;
            plan.errors.extend(errors);
            plan.units.push(Unit::Refused);
        }
    }
    Ok(plan)
}

fn inventory_unit(
    line: usize,
    sku: &str,
    [reference, new, delta]: [&str; 3],
    stock: &HashMap<String, InventoryLine>,
    seen: &mut HashMap<String, usize>,
    errors: &mut Vec<LineError>,
) -> Unit {
    if sku.is_empty() {
        errors.push(LineError::new(line, INVENTORY_SKU, "入力してください。"));
        return Unit::Refused;
    }
    if let Some(first) = seen.insert(sku.to_lowercase(), line) {
        errors.push(LineError::new(line, INVENTORY_SKU, format!("このSKUは{first}行目にもあります。")));
        return Unit::Refused;
    }
    let Some(current) = stock.get(&sku.to_lowercase()) else {
        errors.push(LineError::new(line, INVENTORY_SKU, "このSKUの商品がありません。"));
        return Unit::Refused;
    };
    let new = product_csv::integer(line, INVENTORY_NEW, new, false, errors);
    let delta = product_csv::integer(line, INVENTORY_DELTA, delta, false, errors);
    let reference = product_csv::integer(line, INVENTORY_REFERENCE, reference, false, errors);
    if !errors.is_empty() {
        return Unit::Refused;
    }
    let variation_id = current.variation_id.clone();
    match (new, delta) {
        (Some(_), Some(_)) => {
            errors.push(LineError::new(line, INVENTORY_DELTA, "新在庫と増減はどちらか一方だけ入力してください。"));
            Unit::Refused
        }
        (None, None) | (None, Some(0)) => Unit::Skip,
        (Some(to), None) => match reference {
            None => {
                errors.push(LineError::new(line, INVENTORY_REFERENCE, "新在庫を入れるときは現在庫(参照)も必要です。エクスポートしたCSVを使ってください。"));
                Unit::Refused
            }
            Some(from) if from != current.on_hand => {
                errors.push(LineError::new(
                    line,
                    INVENTORY_REFERENCE,
                    format!("在庫が変わっています（ファイル: {from}、現在: {}）。最新の在庫CSVで取り込み直してください。", current.on_hand),
                ));
                Unit::Refused
            }
            Some(_) if to < current.reserved => {
                errors.push(LineError::new(line, INVENTORY_NEW, format!("注文で引当済みの{}個より少なくはできません。", current.reserved)));
                Unit::Refused
            }
            Some(from) if from == to => Unit::Skip,
            Some(from) => Unit::Stock { line, variation_id, change: StockChange::Set { from, to } },
        },
        (None, Some(delta)) => {
            let available = current.on_hand - current.reserved;
            if available + delta < 0 {
                errors.push(LineError::new(line, INVENTORY_DELTA, format!("在庫がマイナスになります（販売可能 {available}）。")));
                Unit::Refused
            } else {
                Unit::Stock { line, variation_id, change: StockChange::Add(delta) }
            }
        }
    }
}

/// Who applies: the staff member (web) or the operator (CLI), as ledger lines name them.
#[derive(Debug, Clone)]
pub struct Applier {
    pub staff_id: String,
    pub staff_name: String,
}

/// Names made by the apply so far (kind:name → id), so later products find them.
#[derive(Default)]
struct Made(HashMap<String, String>);

/// Writes the plan's units from `from` on (error units skipped), a batch per transaction.
/// With `job`, each batch records the job's progress in its own transaction, guarded by the
/// position it started from: when another runner moved it meanwhile, the batch is dropped and
/// the apply stops. Returns the errors met while writing.
pub async fn apply(db: &Db, channel_id: &ChannelId, plan: &Plan, from: usize, applier: &Applier, job: Option<&str>) -> anyhow::Result<Vec<LineError>> {
    let names = catalog_csv::load_names(db, channel_id).await?;
    let mut made = Made::default();
    let mut errors = Vec::new();
    let mut position = from;
    while position < plan.units.len() {
        let end = (position + BATCH).min(plan.units.len());
        let mut tx = db.begin_write().await?;
        let mut written = 0;
        for unit in &plan.units[position..end] {
            let outcome = match unit {
                Unit::Skip | Unit::Refused => continue,
                Unit::Product(unit) => write_product(&mut tx, channel_id, unit, &names, &mut made, applier).await?,
                Unit::Stock { line, variation_id, change } => write_stock(&mut tx, channel_id, *line, variation_id, *change, applier).await?,
            };
            match outcome {
                Ok(()) => written += 1,
                Err(error) => errors.push(error),
            }
        }
        if let Some(job) = job {
            let lease = lease_from(Timestamp::now().0);
            if !catalog_csv::update_applied(&mut tx, job, position as i64, written, end as i64, lease).await? {
                return Ok(errors);
            }
        }
        tx.commit().await?;
        position = end;
    }
    Ok(errors)
}

async fn made_or_make<'a>(made: &'a mut Made, key: String, make: impl AsyncFnOnce(&str) -> sqlx::Result<()>) -> sqlx::Result<String> {
    if let Some(id) = made.0.get(&key) {
        return Ok(id.clone());
    }
    let id = new_id();
    make(&id).await?;
    made.0.insert(key, id.clone());
    Ok(id)
}

/// The ids of the unit's names, making what the shop lacks.
async fn resolve_for_write(tx: &mut Tx, channel_id: &ChannelId, product: &CsvProduct, names: &NameIndex, made: &mut Made) -> sqlx::Result<ResolvedIds> {
    let maker = match &product.maker {
        Some(name) => Some(match names.makers.get(name) {
            Some(id) => id.clone(),
            None => {
                let fields = taxonomy_desk::MakerFields { name, name_kana: "", description: "", url: None };
                made_or_make(made, format!("maker:{name}"), async |id| taxonomy_desk::insert_desk_maker(tx, channel_id, id, &id.to_lowercase(), &fields).await)
                    .await?
            }
        }),
        None => None,
    };
    let brand = match &product.brand {
        Some(name) => Some(match names.brands.get(name) {
            Some(id) => id.clone(),
            None => {
                let fields = taxonomy_desk::BrandFields { name, maker_id: None, description: "" };
                made_or_make(made, format!("brand:{name}"), async |id| taxonomy_desk::insert_desk_brand(tx, channel_id, id, &id.to_lowercase(), &fields).await)
                    .await?
            }
        }),
        None => None,
    };
    let mut categories = Vec::new();
    for path in &product.categories {
        categories.push(category_for_write(tx, channel_id, path, names, made).await?);
    }
    let mut tags = Vec::new();
    for name in &product.tags {
        tags.push(match names.tags.get(name) {
            Some(id) => id.clone(),
            None => {
                made_or_make(made, format!("tag:{name}"), async |id| taxonomy_desk::insert_desk_tag(tx, channel_id, id, &id.to_lowercase(), name).await).await?
            }
        });
    }
    Ok((maker, brand, categories, tags))
}

/// The category of `path`, making each missing level under its parent.
async fn category_for_write(tx: &mut Tx, channel_id: &ChannelId, path: &str, names: &NameIndex, made: &mut Made) -> sqlx::Result<String> {
    let levels: Vec<&str> = path.split(PATH_SEPARATOR).collect();
    let mut parent: Option<(String, i64)> = None;
    for depth in 1..=levels.len() {
        let prefix = levels[..depth].join(&PATH_SEPARATOR.to_string());
        let id = match names.category_paths.get(&prefix) {
            Some(id) => id.clone(),
            None => {
                let name = levels[depth - 1];
                let parent_ref = parent.as_ref().map(|(id, d)| (id.as_str(), *d));
                made_or_make(made, format!("category:{prefix}"), async |id| {
                    taxonomy_desk::insert_desk_category(tx, channel_id, id, &id.to_lowercase(), name, parent_ref).await
                })
                .await?
            }
        };
        parent = Some((id, depth as i64));
    }
    Ok(parent.map(|(id, _)| id).unwrap_or_default())
}

async fn write_product(
    tx: &mut Tx,
    channel_id: &ChannelId,
    unit: &ProductUnit,
    names: &NameIndex,
    made: &mut Made,
    applier: &Applier,
) -> anyhow::Result<Result<(), LineError>> {
    let line = unit.lines[0];
    let (maker_id, brand_id, category_ids, tag_ids) = resolve_for_write(tx, channel_id, &unit.product, names, made).await?;
    let resolved = Resolved {
        maker_id,
        brand_id,
        category_ids,
        tag_ids,
        variation_ids: &unit.variation_ids,
        image_alts: &unit.image_alts,
        version: unit.existing.as_ref().map(|(_, v)| *v),
        kept: &unit.kept,
    };
    let mut check = FieldCheck::default();
    let draft: ProductDraft = product_form::check(&product_csv::to_form(&unit.product, &resolved), &mut check);
    if check.finish().is_err() {
        return Ok(Err(LineError::new(line, "", "取り込み確認の後に内容が変わりました。もう一度取り込んでください。")));
    }
    let editor = Editor { staff_id: &applier.staff_id, staff_name: &applier.staff_name };
    let now = Timestamp::now().0;
    match &unit.existing {
        Some((id, version)) => match product_desk::update_desk_product(tx, channel_id, id, *version, &draft, editor, now).await? {
            Edited::Done => Ok(Ok(())),
            Edited::Stale => Ok(Err(LineError::new(line, "", "取り込み確認の後に他のスタッフがこの商品を更新しました。もう一度取り込んでください。"))),
            Edited::NotFound => Ok(Err(LineError::new(line, "", "取り込み確認の後にこの商品が削除されました。"))),
            Edited::StockLeft(_) | Edited::UnknownVariations(_) => {
                Ok(Err(LineError::new(line, "", "バリエーションが変わっています。もう一度取り込んでください。")))
            }
        },
        None => {
            if product_desk::find_code_holder(tx, channel_id, &draft.code, None).await?.is_some() {
                return Ok(Err(LineError::new(
                    line,
                    Column::Code.header(),
                    "取り込み確認の後にこの商品コードの商品が作られました。もう一度取り込んでください。",
                )));
            }
            let key = draft.code.to_lowercase();
            let key = if product_desk::key_is_taken(tx, channel_id, &key).await? { new_id() } else { key };
            product_desk::insert_desk_product(tx, channel_id, &new_id(), &key, &draft, editor, now).await?;
            Ok(Ok(()))
        }
    }
}

async fn write_stock(
    tx: &mut Tx,
    channel_id: &ChannelId,
    line: usize,
    variation_id: &str,
    change: StockChange,
    applier: &Applier,
) -> anyhow::Result<Result<(), LineError>> {
    let now = Timestamp::now().0;
    let staff = Some((applier.staff_id.as_str(), applier.staff_name.as_str()));
    let done = match change {
        StockChange::Set { from, to } => {
            let cause = Cause { reason: StockReason::Stocktake, staff, order_no: None, note: "在庫CSV" };
            stock::update_count(tx, channel_id, variation_id, from, to, &cause, now).await?
        }
        StockChange::Add(delta) => {
            let cause = Cause { reason: StockReason::Adjustment, staff, order_no: None, note: "在庫CSV" };
            stock::update_adjust(tx, channel_id, variation_id, delta, &cause, now).await?
        }
    };
    Ok(if done {
        Ok(())
    } else {
        Err(LineError::new(line, INVENTORY_REFERENCE, "取り込み確認の後に在庫が動きました。最新の在庫CSVで取り込み直してください。"))
    })
}

// --- the background job ------------------------------------------------------------------------

/// Where a job's file is kept (a CSV or a ZIP, whatever was uploaded: the key's `.csv` is a name only).
pub fn file_key(channel_id: &ChannelId, id: &str) -> String {
    format!("imports/{channel_id}/{id}.csv")
}

pub fn lease_from(now: i64) -> i64 {
    now + LEASE_MS
}

/// Runs job `id` (held by the caller's lease) to its next resting state: a check ends in
/// `checked`, an apply in `done`. Any failure marks the job `failed` with a message.
pub async fn run(state: AppState, id: String) {
    if let Err(error) = run_job(&state, &id).await {
        tracing::error!(job = %id, error = format!("{error:#}"), "catalogue import failed");
        let message = "取り込み中に問題が起きました。時間をおいてもう一度取り込んでください。";
        let _ = catalog_csv::update_finished(&state.db, &id, "failed", "[]", 0, Some(message), Timestamp::now().0).await;
    }
}

async fn job_plan(state: &AppState, job: &catalog_csv::ImportRow) -> anyhow::Result<Plan> {
    let kind = ImportKind::parse(&job.kind).ok_or_else(|| anyhow::anyhow!("unknown import kind {}", job.kind))?;
    let bytes = state.storage.get(&file_key(&job.channel_id, &job.id)).await?.ok_or_else(|| anyhow::anyhow!("the import's file is gone"))?;
    match super::import_bundle::open(&bytes) {
        Ok(bundle) => plan(&state.db, &state.import_sources(), &job.channel_id, kind, &bundle).await,
        Err(message) => Ok(Plan::refused_file(vec![LineError::new(1, "", message)])),
    }
}

async fn run_job(state: &AppState, id: &str) -> anyhow::Result<()> {
    let Some(job) = catalog_csv::find_import_any(&state.db, id).await? else { return Ok(()) };
    match job.state.as_str() {
        "checking" => {
            let plan = job_plan(state, &job).await?;
            let summary = serde_json::to_string(&plan.summary)?;
            let kept: Vec<&LineError> = plan.errors.iter().take(ERRORS_KEPT).collect();
            let errors = serde_json::to_string(&kept)?;
            catalog_csv::update_check_finished(&state.db, id, plan.rows as i64, plan.to_apply() as i64, &summary, &errors, plan.errors.len() as i64).await?;
            Ok(())
        }
        "applying" => {
            let plan = job_plan(state, &job).await?;
            let applier = Applier { staff_id: job.staff_id.clone(), staff_name: job.staff_name.clone() };
            let met = apply(&state.db, &job.channel_id, &plan, job.position as usize, &applier, Some(id)).await?;
            // The plan made again for the apply holds the dry run's errors and any a change
            // since then brought (a count that moved, a SKU taken meanwhile).
            let mut errors = plan.errors;
            errors.extend(met);
            let count = errors.len() as i64;
            errors.truncate(ERRORS_KEPT);
            let summary: ImportSummary = serde_json::from_str(&job.summary_json).unwrap_or_default();
            let target = format!(
                "{} {}（新規 {} / 更新 {}）",
                if job.kind == "inventory" { "在庫CSV" } else { "商品CSV" },
                job.file_name,
                summary.create,
                summary.update
            );
            crate::staff::audit::record_by_id(&state.db, &job.channel_id, &job.staff_id, crate::staff::audit::AuditAction::CatalogImport, &target).await?;
            catalog_csv::update_finished(&state.db, id, "done", &serde_json::to_string(&errors)?, count, None, Timestamp::now().0).await?;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Every few seconds, takes up a job whose runner stopped (a restart, a crashed instance).
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        loop {
            let now = Timestamp::now().0;
            match catalog_csv::claim_stalled_import(&state.db, now, lease_from(now)).await {
                Ok(Some(id)) => {
                    tracing::info!(job = %id, "taking up a catalogue import that stopped");
                    run(state.clone(), id).await;
                    continue;
                }
                Ok(None) => {}
                Err(error) => tracing::error!(error = format!("{error:#}"), "looking for stopped catalogue imports failed"),
            }
            tokio::time::sleep(Duration::from_secs(3)).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(on_hand: i64, reserved: i64) -> HashMap<String, InventoryLine> {
        let l = InventoryLine {
            variation_id: "v1".into(),
            sku: "SKU-1".into(),
            code: "P".into(),
            product_name: "p".into(),
            variation_name: "v".into(),
            on_hand,
            reserved,
        };
        HashMap::from([("sku-1".to_owned(), l)])
    }

    fn unit(cells: [&str; 3], stock: &HashMap<String, InventoryLine>) -> (Unit, Vec<LineError>) {
        let mut errors = Vec::new();
        let unit = inventory_unit(2, "sku-1", cells, stock, &mut HashMap::new(), &mut errors);
        (unit, errors)
    }

    #[test]
    fn a_new_count_is_a_compare_and_set_against_the_files_reference() {
        let stock = line(10, 2);
        assert!(matches!(unit(["10", "12", ""], &stock).0, Unit::Stock { change: StockChange::Set { from: 10, to: 12 }, .. }));
        let (_, errors) = unit(["9", "12", ""], &stock);
        assert_eq!(errors[0].message, "在庫が変わっています（ファイル: 9、現在: 10）。最新の在庫CSVで取り込み直してください。");
        assert_eq!(unit(["", "12", ""], &stock).1[0].column, "現在庫(参照)");
        assert_eq!(unit(["10", "1", ""], &stock).1[0].message, "注文で引当済みの2個より少なくはできません。");
        assert!(matches!(unit(["10", "10", ""], &stock).0, Unit::Skip));
    }

    #[test]
    fn a_delta_may_not_take_what_can_be_sold_below_none() {
        let stock = line(10, 2);
        assert!(matches!(unit(["", "", "-8"], &stock).0, Unit::Stock { change: StockChange::Add(-8), .. }));
        assert_eq!(unit(["", "", "-9"], &stock).1[0].message, "在庫がマイナスになります（販売可能 8）。");
        assert!(matches!(unit(["", "", ""], &stock).0, Unit::Skip));
        assert_eq!(unit(["10", "11", "1"], &stock).1[0].column, "増減");
        assert_eq!(unit(["", "", "たくさん"], &stock).1[0].message, "整数で入力してください。");
    }
}
