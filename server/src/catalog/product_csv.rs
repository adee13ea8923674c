//! The products CSV (issue 31): one row per variation under Japanese headers, written by the
//! export and read back by the import unchanged. Categories, makers, brands and tags travel by
//! name (a category by its path, `親>子>孫`), never by internal id, so a file made by hand or by
//! another system reads the same. This file knows the columns and cells; turning a product into
//! the form the product desk checks is [`to_form`], and the job around it is imports.rs.
use std::collections::HashMap;

use super::product_form::{EmbroideryForm, ImageForm, ProductForm, VariationForm};
use crate::infra::text_csv::{Cells, LineError};
use crate::validation::format_instant;

/// The columns, in the order the export writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    Code,
    Name,
    Description,
    Price,
    BeforePrice,
    TaxRate,
    Maker,
    Brand,
    Categories,
    Tags,
    Published,
    PublishFrom,
    PublishUntil,
    SeoTitle,
    SeoDescription,
    Images,
    Sku,
    VariationName,
    Size,
    Color,
    VariationPrice,
    JanCode,
    InitialStock,
}

pub const COLUMNS: [Column; 23] = [
    Column::Code,
    Column::Name,
    Column::Description,
    Column::Price,
    Column::BeforePrice,
    Column::TaxRate,
    Column::Maker,
    Column::Brand,
    Column::Categories,
    Column::Tags,
    Column::Published,
    Column::PublishFrom,
    Column::PublishUntil,
    Column::SeoTitle,
    Column::SeoDescription,
    Column::Images,
    Column::Sku,
    Column::VariationName,
    Column::Size,
    Column::Color,
    Column::VariationPrice,
    Column::JanCode,
    Column::InitialStock,
];

/// Columns a file must have; the others may be left out (empty).
const REQUIRED_COLUMNS: [Column; 4] = [Column::Code, Column::Name, Column::Price, Column::Sku];

/// Separates several categories, tags or pictures in one cell.
pub const LIST_SEPARATOR: char = '|';
/// Separates the levels of a category path.
pub const PATH_SEPARATOR: char = '>';

impl Column {
    pub fn header(self) -> &'static str {
        match self {
            Column::Code => "商品コード",
            Column::Name => "商品名",
            Column::Description => "説明",
            Column::Price => "販売価格",
            Column::BeforePrice => "通常価格",
            Column::TaxRate => "税率",
            Column::Maker => "メーカー",
            Column::Brand => "ブランド",
            Column::Categories => "カテゴリ",
            Column::Tags => "タグ",
            Column::Published => "公開",
            Column::PublishFrom => "公開開始",
            Column::PublishUntil => "公開終了",
            Column::SeoTitle => "SEOタイトル",
            Column::SeoDescription => "SEO説明",
            Column::Images => "画像",
            Column::Sku => "SKU",
            Column::VariationName => "バリエーション名",
            Column::Size => "サイズ",
            Column::Color => "カラー",
            Column::VariationPrice => "バリエーション価格",
            Column::JanCode => "JANコード",
            Column::InitialStock => "初期在庫",
        }
    }

    /// Whether the column says something of the product (repeated on each of its rows).
    fn is_product_level(self) -> bool {
        !matches!(self, Column::Sku | Column::VariationName | Column::Size | Column::Color | Column::VariationPrice | Column::JanCode | Column::InitialStock)
    }
}

pub fn headers() -> Vec<&'static str> {
    COLUMNS.iter().map(|c| c.header()).collect()
}

/// A product as the CSV says it: names where the database holds ids.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CsvProduct {
    pub code: String,
    pub name: String,
    pub description: String,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    pub maker: Option<String>,
    pub brand: Option<String>,
    /// Category paths, e.g. `バイク用品>電装パーツ>LEDバルブ`.
    pub categories: Vec<String>,
    pub tags: Vec<String>,
    pub is_published: bool,
    /// Epoch milliseconds.
    pub publish_from: Option<i64>,
    pub publish_until: Option<i64>,
    pub seo_title: String,
    pub seo_description: String,
    pub images: Vec<String>,
    pub variations: Vec<CsvVariation>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct CsvVariation {
    pub sku: String,
    pub name: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub price: i64,
    pub jan_code: Option<String>,
    /// Only read for a SKU that does not exist yet; the export leaves it empty.
    pub initial_stock: i64,
}

/// The rows of a product, one per variation, cells in [`COLUMNS`] order.
pub fn rows_of(product: &CsvProduct) -> Vec<Vec<String>> {
    let join = |items: &[String]| items.join(&LIST_SEPARATOR.to_string());
    let opt = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    product
        .variations
        .iter()
        .map(|v| {
            COLUMNS
                .iter()
                .map(|column| match column {
                    Column::Code => product.code.clone(),
                    Column::Name => product.name.clone(),
                    Column::Description => product.description.clone(),
                    Column::Price => product.price.to_string(),
                    Column::BeforePrice => opt(product.before_price),
                    Column::TaxRate => product.tax_rate.to_string(),
                    Column::Maker => product.maker.clone().unwrap_or_default(),
                    Column::Brand => product.brand.clone().unwrap_or_default(),
                    Column::Categories => join(&product.categories),
                    Column::Tags => join(&product.tags),
                    Column::Published => (if product.is_published { "公開" } else { "非公開" }).to_owned(),
                    Column::PublishFrom => product.publish_from.map(format_instant).unwrap_or_default(),
                    Column::PublishUntil => product.publish_until.map(format_instant).unwrap_or_default(),
                    Column::SeoTitle => product.seo_title.clone(),
                    Column::SeoDescription => product.seo_description.clone(),
                    Column::Images => join(&product.images),
                    Column::Sku => v.sku.clone(),
                    Column::VariationName => v.name.clone(),
                    Column::Size => v.size.clone().unwrap_or_default(),
                    Column::Color => v.color.clone().unwrap_or_default(),
                    // Left empty when it is the product's price, so a new 販売価格 in the file
                    // carries to the variations that follow it.
                    Column::VariationPrice if v.price == product.price => String::new(),
                    Column::VariationPrice => v.price.to_string(),
                    Column::JanCode => v.jan_code.clone().unwrap_or_default(),
                    Column::InitialStock => String::new(),
                })
                .collect()
        })
        .collect()
}

/// The rows of one product in the file, with their line numbers.
#[derive(Debug, Clone)]
pub struct Group {
    /// The line of each variation's row (the header is line 1).
    pub lines: Vec<usize>,
    pub product: CsvProduct,
    pub errors: Vec<LineError>,
}

impl Group {
    pub fn first_line(&self) -> usize {
        self.lines[0]
    }
}

/// Which column each header names; errors for unknown, repeated and missing headers.
pub fn map_headers(headers: &[String]) -> Result<HashMap<Column, usize>, Vec<LineError>> {
    let mut found = HashMap::new();
    let mut errors = Vec::new();
    for (index, header) in headers.iter().enumerate() {
        let header = header.trim().trim_start_matches('\u{feff}');
        match COLUMNS.iter().find(|c| c.header() == header) {
            Some(column) if found.insert(*column, index).is_some() => errors.push(LineError::new(1, header, "同じ列名が2回あります。")),
            Some(_) => {}
            None if header.is_empty() => {}
            None => errors.push(LineError::new(1, header, "この列名は使えません。エクスポートしたCSVの1行目を使ってください。")),
        }
    }
    for column in REQUIRED_COLUMNS {
        if !found.contains_key(&column) {
            errors.push(LineError::new(1, column.header(), "必須の列がありません。"));
        }
    }
    if errors.is_empty() { Ok(found) } else { Err(errors) }
}

/// Groups the rows by 商品コード (in the order codes first appear) and reads their cells. A
/// product's own columns may be left empty on its later rows; a different value there is an
/// error on that row.
pub fn read_groups(rows: &[Cells], columns: &HashMap<Column, usize>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut by_code: HashMap<String, usize> = HashMap::new();
    for row in rows {
        let cell = |column: Column| columns.get(&column).and_then(|&i| row.cells.get(i)).map(|s| s.trim()).unwrap_or("");
        let code = cell(Column::Code).to_owned();
        let mut errors = Vec::new();
        if code.is_empty() {
            groups.push(Group {
                lines: vec![row.line],
                product: CsvProduct::default(),
                errors: vec![LineError::new(row.line, "商品コード", "入力してください。")],
            });
            continue;
        }
        let variation = read_variation(row.line, &cell, &mut errors);
        match by_code.get(&code.to_lowercase()) {
            Some(&index) => {
                let group = &mut groups[index];
                let first = group.first_line();
                for column in COLUMNS.iter().copied().filter(|c| c.is_product_level() && *c != Column::Code && columns.contains_key(c)) {
                    let here = cell(column);
                    if !here.is_empty() && here != product_cell(&group.product, column, first) {
                        errors.push(LineError::new(row.line, column.header(), format!("{first}行目と同じ商品コードですが、値が違います。")));
                    }
                }
                group.lines.push(row.line);
                group.product.variations.push(variation);
                group.errors.extend(errors);
            }
            None => {
                let mut product = read_product(row.line, &cell, &mut errors);
                product.code = code.clone();
                product.variations.push(variation);
                by_code.insert(code.to_lowercase(), groups.len());
                groups.push(Group { lines: vec![row.line], product, errors });
            }
        }
    }
    for group in &mut groups {
        for variation in &mut group.product.variations {
            if variation.price < 0 {
                // An empty バリエーション価格 is the product's price.
                variation.price = group.product.price;
            }
        }
    }
    groups
}

/// The cell of a product's own column as its first row wrote it (for comparing later rows).
fn product_cell(product: &CsvProduct, column: Column, _line: usize) -> String {
    let mut one = product.clone();
    one.variations = vec![CsvVariation::default()];
    let index = COLUMNS.iter().position(|c| *c == column).unwrap_or(0);
    rows_of(&one).remove(0).swap_remove(index)
}

fn read_product<'a>(line: usize, cell: &dyn Fn(Column) -> &'a str, errors: &mut Vec<LineError>) -> CsvProduct {
    let list = |text: &str| -> Vec<String> { text.split(LIST_SEPARATOR).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect() };
    let paths = list(cell(Column::Categories))
        .into_iter()
        .map(|path| path.split(PATH_SEPARATOR).map(str::trim).filter(|s| !s.is_empty()).collect::<Vec<_>>().join(&PATH_SEPARATOR.to_string()))
        .collect();
    CsvProduct {
        code: String::new(),
        name: cell(Column::Name).to_owned(),
        description: cell(Column::Description).to_owned(),
        price: integer(line, Column::Price.header(), cell(Column::Price), true, errors).unwrap_or(0),
        before_price: integer(line, Column::BeforePrice.header(), cell(Column::BeforePrice), false, errors),
        tax_rate: tax_rate(line, cell(Column::TaxRate), errors),
        maker: Some(cell(Column::Maker).to_owned()).filter(|s| !s.is_empty()),
        brand: Some(cell(Column::Brand).to_owned()).filter(|s| !s.is_empty()),
        categories: paths,
        tags: list(cell(Column::Tags)),
        is_published: published(line, cell(Column::Published), errors),
        publish_from: instant(line, Column::PublishFrom, cell(Column::PublishFrom), errors),
        publish_until: instant(line, Column::PublishUntil, cell(Column::PublishUntil), errors),
        seo_title: cell(Column::SeoTitle).to_owned(),
        seo_description: cell(Column::SeoDescription).to_owned(),
        images: list(cell(Column::Images)),
        variations: Vec::new(),
    }
}

fn read_variation<'a>(line: usize, cell: &dyn Fn(Column) -> &'a str, errors: &mut Vec<LineError>) -> CsvVariation {
    let optional = |column: Column| Some(cell(column).to_owned()).filter(|s| !s.is_empty());
    CsvVariation {
        sku: cell(Column::Sku).to_owned(),
        name: cell(Column::VariationName).to_owned(),
        size: optional(Column::Size),
        color: optional(Column::Color),
        // -1 until the product's price is known (read_groups fills it in).
        price: integer(line, Column::VariationPrice.header(), cell(Column::VariationPrice), false, errors).unwrap_or(-1),
        jan_code: optional(Column::JanCode),
        initial_stock: integer(line, Column::InitialStock.header(), cell(Column::InitialStock), false, errors).unwrap_or(0),
    }
}

/// A whole number of yen or units: full-width digits and thousands separators are read too
/// (`１,２００` and `¥1,200` are 1200), because spreadsheets write them.
pub fn integer(line: usize, header: &str, text: &str, required: bool, errors: &mut Vec<LineError>) -> Option<i64> {
    let normalized: String = text
        .chars()
        .filter_map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32),
            '－' | 'ー' | '−' => Some('-'),
            ',' | '，' | '¥' | '￥' | '円' | ' ' | '　' => None,
            other => Some(other),
        })
        .collect();
    if normalized.is_empty() {
        if required {
            errors.push(LineError::new(line, header, "入力してください。"));
        }
        return None;
    }
    match normalized.parse::<i64>() {
        Ok(n) if n.abs() <= 1_000_000_000 => Some(n),
        _ => {
            errors.push(LineError::new(line, header, "整数で入力してください。"));
            None
        }
    }
}

fn tax_rate(line: usize, text: &str, errors: &mut Vec<LineError>) -> i64 {
    match text.trim_end_matches(['%', '％']).trim() {
        "" | "10" | "１０" => 10,
        "8" | "８" => 8,
        _ => {
            errors.push(LineError::new(line, "税率", "8か10で入力してください。"));
            10
        }
    }
}

fn published(line: usize, text: &str, errors: &mut Vec<LineError>) -> bool {
    match text {
        "" | "公開" | "1" | "TRUE" | "true" => true,
        "非公開" | "0" | "FALSE" | "false" => false,
        _ => {
            errors.push(LineError::new(line, "公開", "「公開」か「非公開」で入力してください。"));
            false
        }
    }
}

/// `2026-12-01 10:00` (or with `/`, or `T`) in Japan time; epoch milliseconds.
fn instant(line: usize, column: Column, text: &str, errors: &mut Vec<LineError>) -> Option<i64> {
    if text.is_empty() {
        return None;
    }
    let normalized = text.replace('/', "-").replacen(' ', "T", 1);
    let at = crate::validation::parse_instant(&normalized);
    if at.is_none() {
        errors.push(LineError::new(line, column.header(), "日時の形式が正しくありません（例: 2026-12-01 10:00）。"));
    }
    at
}

/// Ids the import resolved for a product's names, and what the product holds now.
pub struct Resolved<'a> {
    pub maker_id: Option<String>,
    pub brand_id: Option<String>,
    pub category_ids: Vec<String>,
    pub tag_ids: Vec<String>,
    /// The product's variations now: SKU (lower case) → id.
    pub variation_ids: &'a HashMap<String, String>,
    /// The product's pictures now: URL → alt.
    pub image_alts: &'a HashMap<String, String>,
    pub version: Option<i64>,
    pub kept: &'a Kept,
}

/// What a product has that the products CSV has no column for: an import's update keeps it as
/// it is, and a new product starts with none of it (and takes のし and wrapping).
#[derive(Debug, Clone)]
pub struct Kept {
    pub accessory_ids: Vec<String>,
    pub recommendation_ids: Vec<String>,
    /// (price, max_chars) of 名入れ刺繍.
    pub embroidery: Option<(i64, i64)>,
    pub takes_noshi: bool,
    pub takes_wrapping: bool,
}

impl Default for Kept {
    fn default() -> Self {
        Kept { accessory_ids: Vec::new(), recommendation_ids: Vec::new(), embroidery: None, takes_noshi: true, takes_wrapping: true }
    }
}

/// The product desk's form for a product of the file, so the import checks exactly what the
/// form checks. Variations the file leaves out are not part of it: the caller keeps them.
pub fn to_form(product: &CsvProduct, resolved: &Resolved<'_>) -> ProductForm {
    let date = |ms: Option<i64>| ms.map(|ms| format_instant(ms).replacen(' ', "T", 1));
    ProductForm {
        code: product.code.clone(),
        name: product.name.clone(),
        description: product.description.clone(),
        price: product.price,
        before_price: product.before_price,
        tax_rate: product.tax_rate,
        maker_id: resolved.maker_id.clone(),
        brand_id: resolved.brand_id.clone(),
        category_ids: resolved.category_ids.clone(),
        tag_ids: resolved.tag_ids.clone(),
        accessory_ids: resolved.kept.accessory_ids.clone(),
        recommendation_ids: resolved.kept.recommendation_ids.clone(),
        seo_title: product.seo_title.clone(),
        seo_description: product.seo_description.clone(),
        embroidery: resolved.kept.embroidery.map(|(price, max_chars)| EmbroideryForm { price, max_chars }),
        takes_noshi: resolved.kept.takes_noshi,
        takes_wrapping: resolved.kept.takes_wrapping,
        is_published: product.is_published,
        publish_from: date(product.publish_from),
        publish_until: date(product.publish_until),
        variations: product
            .variations
            .iter()
            .map(|v| {
                let id = resolved.variation_ids.get(&v.sku.to_lowercase()).cloned();
                VariationForm {
                    initial_stock: if id.is_none() { Some(v.initial_stock) } else { None },
                    id,
                    sku: v.sku.clone(),
                    name: v.name.clone(),
                    size_label: v.size.clone(),
                    color_label: v.color.clone(),
                    price: v.price,
                    jan_code: v.jan_code.clone(),
                }
            })
            .collect(),
        images: Some(product.images.iter().map(|url| ImageForm { url: url.clone(), alt: resolved.image_alts.get(url).cloned().unwrap_or_default() }).collect()),
        version: resolved.version,
    }
}

/// The column a field error of the product form belongs to, and which of the group's rows.
pub fn locate(field: &str, lines: &[usize]) -> (usize, &'static str) {
    let first = lines[0];
    if let Some(rest) = field.strip_prefix("variations[") {
        let (index, attribute) = rest.split_once("].").unwrap_or((rest.trim_end_matches(']'), "sku"));
        let line = index.parse::<usize>().ok().and_then(|i| lines.get(i)).copied().unwrap_or(first);
        let column = match attribute {
            "name" => Column::VariationName,
            "size_label" => Column::Size,
            "color_label" => Column::Color,
            "price" => Column::VariationPrice,
            "jan_code" => Column::JanCode,
            "initial_stock" => Column::InitialStock,
            _ => Column::Sku,
        };
        return (line, column.header());
    }
    let column = match field.split(['.', '[']).next().unwrap_or(field) {
        "code" => Column::Code,
        "name" => Column::Name,
        "description" => Column::Description,
        "price" => Column::Price,
        "before_price" => Column::BeforePrice,
        "tax_rate" => Column::TaxRate,
        "maker_id" => Column::Maker,
        "brand_id" => Column::Brand,
        "category_ids" => Column::Categories,
        "tag_ids" => Column::Tags,
        "publish_from" => Column::PublishFrom,
        "publish_until" => Column::PublishUntil,
        "seo_title" => Column::SeoTitle,
        "seo_description" => Column::SeoDescription,
        "images" => Column::Images,
        "variations" => Column::Sku,
        _ => Column::Name,
    };
    (first, column.header())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::text_csv::{Encoding, decode, read_rows, write_rows};

    fn product() -> CsvProduct {
        CsvProduct {
            code: "TS-001".into(),
            name: "綿のTシャツ, \"厚手\"".into(),
            description: "一行目\n二行目".into(),
            price: 3300,
            before_price: Some(3980),
            tax_rate: 10,
            maker: Some("山田製作所".into()),
            brand: None,
            categories: vec!["ウェア>トップス".into(), "セール".into()],
            tags: vec!["新着".into()],
            is_published: true,
            publish_from: Some(1_764_550_800_000),
            publish_until: None,
            seo_title: String::new(),
            seo_description: String::new(),
            images: vec!["/media/0123456789abcdef0123456789abcdef-960.webp".into()],
            variations: vec![
                CsvVariation { sku: "TS-001-M".into(), name: "M".into(), size: Some("M".into()), color: None, price: 3300, jan_code: None, initial_stock: 0 },
                CsvVariation {
                    sku: "TS-001-L".into(),
                    name: "L".into(),
                    size: Some("L".into()),
                    color: None,
                    price: 3500,
                    jan_code: Some("4901234567894".into()),
                    initial_stock: 0,
                },
            ],
        }
    }

    fn round_trip(bytes: Vec<u8>) -> Vec<Group> {
        let text = decode(&bytes).unwrap();
        let (header, rows) = read_rows(&text).unwrap();
        let columns = map_headers(&header).unwrap();
        read_groups(&rows, &columns)
    }

    #[test]
    fn an_export_reads_back_as_the_same_product_in_both_encodings() {
        let rows: Vec<Vec<String>> = rows_of(&product());
        for sjis in [false, true] {
            let bytes = write_rows(&headers(), &rows, if sjis { Encoding::ShiftJis } else { Encoding::Utf8 });
            let groups = round_trip(bytes);
            assert_eq!(groups.len(), 1);
            assert!(groups[0].errors.is_empty(), "{:?}", groups[0].errors);
            assert_eq!(groups[0].product, product(), "sjis: {sjis}");
            assert_eq!(groups[0].lines, vec![2, 4], "the description's line break is inside line 2's cell");
        }
    }

    #[test]
    fn a_new_price_in_an_exported_file_carries_to_the_variations_that_follow_it() {
        let rows = rows_of(&product());
        let price_at = COLUMNS.iter().position(|c| *c == Column::Price).unwrap();
        let own_at = COLUMNS.iter().position(|c| *c == Column::VariationPrice).unwrap();
        assert_eq!((rows[0][own_at].as_str(), rows[1][own_at].as_str()), ("", "3500"), "only a price of its own is written");

        let edited: Vec<Vec<String>> = rows
            .into_iter()
            .map(|mut row| {
                row[price_at] = "3600".into();
                row
            })
            .collect();
        let groups = round_trip(write_rows(&headers(), &edited, Encoding::Utf8));
        let prices: Vec<i64> = groups[0].product.variations.iter().map(|v| v.price).collect();
        assert_eq!((groups[0].product.price, prices), (3600, vec![3600, 3500]));
    }

    #[test]
    fn later_rows_may_leave_the_products_columns_empty_but_not_differ() {
        let text = "商品コード,商品名,販売価格,SKU,バリエーション価格\nA-1,帽子,1000,A-1-S,\nA-1,,,A-1-M,1200\nA-1,キャップ,,A-1-L,\n";
        let groups = round_trip(text.as_bytes().to_vec());
        assert_eq!(groups.len(), 1);
        let prices: Vec<i64> = groups[0].product.variations.iter().map(|v| v.price).collect();
        assert_eq!(prices, vec![1000, 1200, 1000], "an empty variation price is the product's");
        assert_eq!(groups[0].errors, vec![LineError::new(4, "商品名", "2行目と同じ商品コードですが、値が違います。")]);
    }

    #[test]
    fn cells_are_read_as_spreadsheets_write_them_and_bad_ones_are_named() {
        let text = "商品コード,商品名,販売価格,税率,公開,公開開始,SKU\nB-1,茶,\"１,２００円\",8%,非公開,2026/12/01 10:00,B-1\nB-2,茶,abc,7,たぶん,明日,B-2\n";
        let groups = round_trip(text.as_bytes().to_vec());
        let first = &groups[0].product;
        assert_eq!((first.price, first.tax_rate, first.is_published), (1200, 8, false));
        assert_eq!(first.publish_from.map(format_instant).as_deref(), Some("2026-12-01 10:00"));
        let columns: Vec<&str> = groups[1].errors.iter().map(|e| e.column.as_str()).collect();
        assert_eq!(columns, vec!["販売価格", "税率", "公開", "公開開始"]);
        assert!(groups[1].errors.iter().all(|e| e.line == 3));
    }

    #[test]
    fn headers_must_be_known_and_the_required_ones_present() {
        let errors = map_headers(&["商品コード".into(), "値段".into(), "SKU".into(), "SKU".into()]).unwrap_err();
        let found: Vec<(&str, &str)> = errors.iter().map(|e| (e.column.as_str(), e.message.as_str())).collect();
        assert!(found.contains(&("値段", "この列名は使えません。エクスポートしたCSVの1行目を使ってください。")), "{found:?}");
        assert!(found.contains(&("SKU", "同じ列名が2回あります。")));
        assert!(found.contains(&("商品名", "必須の列がありません。")));
        assert!(found.contains(&("販売価格", "必須の列がありません。")));
    }

    #[test]
    fn form_errors_point_at_their_row_and_column() {
        assert_eq!(locate("variations[1].jan_code", &[5, 6, 7]), (6, "JANコード"));
        assert_eq!(locate("variations[0].sku", &[5, 6]), (5, "SKU"));
        assert_eq!(locate("price", &[5, 6]), (5, "販売価格"));
        assert_eq!(locate("images[0].url", &[9]), (9, "画像"));
    }
}
