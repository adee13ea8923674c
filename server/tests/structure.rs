//! House rules of the server's layout that the compiler does not enforce (STYLE.md, "Lessons
//! from our own tree"), checked over every `.rs` file under `src/`:
//! - `http.rs` is a leaf: only the router (`app.rs`) and the OpenAPI document reach into a
//!   feature's `http` module; a feature's own `mod.rs` may declare it and re-export its
//!   routes. A helper that others use lives in a module named after what it is.
//! - `AppState` lives in `state.rs`: nothing but `app.rs` and `main.rs` imports from `app`.
use std::path::{Path, PathBuf};

/// Files that wire the features together and so may name any feature's `http` module.
const WIRING: &[&str] = &["src/app.rs", "src/openapi.rs"];

struct Source {
    /// Relative to the crate, with `/` separators: `src/members/http/me.rs`.
    path: String,
    /// The module the file is: `["members", "http", "me"]`; `[]` for a crate root.
    module: Vec<String>,
    tokens: Vec<Token>,
}

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sources() -> Vec<Source> {
    let root = crate_dir();
    let mut files = Vec::new();
    collect_rs(&root.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let path = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("reading {path}: {e}"));
            Source { module: module_of(&path), tokens: tokenize(&text), path }
        })
        .collect()
}

fn collect_rs(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rs(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// `src/a/b.rs` → `[a, b]`, `src/a/mod.rs` → `[a]`; crate roots and binaries → `[]`.
fn module_of(path: &str) -> Vec<String> {
    let inner = path.strip_prefix("src/").unwrap().strip_suffix(".rs").unwrap();
    if matches!(inner, "lib" | "main") || inner.starts_with("bin/") {
        return Vec::new();
    }
    let mut module: Vec<String> = inner.split('/').map(str::to_owned).collect();
    if module.last().is_some_and(|m| m == "mod") {
        module.pop();
    }
    module
}

/// The features: folders of `src/` that have an `http.rs` or an `http/` folder.
fn features() -> Vec<String> {
    let src = crate_dir().join("src");
    let mut features: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("http.rs").is_file() || p.join("http/mod.rs").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    features.sort();
    features
}

// --- a small Rust tokenizer: identifiers, `::`, braces and separators; comments, strings
// and character literals are dropped, so prose and URLs never count as paths.

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semicolon,
    Other,
}

fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"') | Some('#')) && raw_string_end(&chars, i).is_some() {
            i = raw_string_end(&chars, i).unwrap();
            tokens.push(Token::Other);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            tokens.push(Token::Other);
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{..}'); otherwise a lifetime's quote.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            tokens.push(Token::Other);
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            tokens.push(Token::PathSep);
            i += 2;
        } else {
            tokens.push(match c {
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semicolon,
                _ => Token::Other,
            });
            i += 1;
        }
    }
    tokens
}

/// Where a raw string starting at `start` (`r"…"`, `r#"…"#`) ends, if it is one.
fn raw_string_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < chars.len() {
        if chars[i] == '"' && (1..=hashes).all(|k| chars.get(i + k) == Some(&'#')) {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(chars.len())
}

/// A path as written in the file, `use` groups expanded: `use crate::catalog::{http, store}`
/// gives `crate::catalog::http` and `crate::catalog::store`.
#[derive(Debug)]
struct PathUse {
    segments: Vec<String>,
    /// The statement starts with `pub use` (a re-export).
    reexport: bool,
}

fn paths(tokens: &[Token]) -> Vec<PathUse> {
    let mut found: Vec<PathUse> = Vec::new();
    // For every open brace: the path prefix of a `use` group, or None for a block.
    let mut groups: Vec<Option<Vec<String>>> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut statement_start = 0;
    let mut previous = Token::Other;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Ident(name) => {
                let continues = previous == Token::PathSep;
                let starts_group_item = matches!(previous, Token::Open | Token::Comma) && matches!(groups.last(), Some(Some(_)));
                if continues {
                    current.push(name.clone());
                } else if starts_group_item {
                    current = groups.last().unwrap().clone().unwrap();
                    current.push(name.clone());
                } else {
                    current = vec![name.clone()];
                }
                // `mod http;` declares the module, `x as http` renames: neither reaches into it.
                let declares = matches!(&previous, Token::Ident(p) if p == "mod" || p == "as");
                let is_path = continues || starts_group_item || tokens.get(i + 1) == Some(&Token::PathSep);
                if is_path && !declares {
                    let reexport = tokens[statement_start..i].starts_with(&[Token::Ident("pub".into()), Token::Ident("use".into())]);
                    found.push(PathUse { segments: current.clone(), reexport });
                }
            }
            Token::Open => groups.push((previous == Token::PathSep).then(|| current.clone())),
            Token::Close => {
                groups.pop();
                statement_start = i + 1;
            }
            Token::Semicolon => statement_start = i + 1,
            _ => {}
        }
        previous = token.clone();
    }
    found
}

/// The absolute module path a written path names, as far as this crate goes: `super` and
/// `self` are taken from the file's module, `crate` and `shop` are the library, a bare `http`
/// is the file's child module and a bare feature name was imported from the crate root.
/// Paths into other crates (`axum::http`) give None.
fn resolve(module: &[String], segments: &[String], features: &[String]) -> Option<Vec<String>> {
    let first = segments.first()?.as_str();
    let mut base: Vec<String> = match first {
        "crate" | "shop" => Vec::new(),
        "self" | "super" => module.to_vec(),
        "http" => return Some([module, segments].concat()),
        name if features.iter().any(|f| f == name) => return Some(segments.to_vec()),
        _ => return None,
    };
    let mut rest = segments;
    if matches!(first, "crate" | "shop" | "self") {
        rest = &rest[1..];
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Every place in `source` that reaches into some feature's `http` module from outside it,
/// as `file: written::path`.
fn http_reaches(source: &Source, features: &[String]) -> Vec<String> {
    let own_mod_rs = source.path.ends_with("/mod.rs") && source.module.len() == 1;
    paths(&source.tokens)
        .into_iter()
        .filter(|path| path.segments.last().is_some_and(|s| s == "http"))
        .filter_map(|path| {
            let target = resolve(&source.module, &path.segments, features)?;
            let [feature, http] = &target[..] else { return None };
            if http != "http" || !features.contains(feature) {
                return None;
            }
            // Inside the feature's own http module.
            if source.module.starts_with(&[feature.clone(), "http".into()]) {
                return None;
            }
            // The feature's mod.rs re-exporting its routes: `pub use http::{routes, picture_routes};`.
            if own_mod_rs && source.module[0] == *feature && path.reexport && reexports_only_routes(source, &path) {
                return None;
            }
            Some(format!("{}: {}", source.path, path.segments.join("::")))
        })
        .collect()
}

/// Whether every name the `pub use http::…` statement brings in is a router (`…routes`).
fn reexports_only_routes(source: &Source, path: &PathUse) -> bool {
    let imported: Vec<Vec<String>> = paths(&source.tokens)
        .into_iter()
        .filter(|p| p.reexport && p.segments.len() > path.segments.len() && p.segments.starts_with(&path.segments))
        .map(|p| p.segments)
        .collect();
    !imported.is_empty() && imported.iter().all(|p| p.len() == path.segments.len() + 1 && p.last().unwrap().ends_with("routes"))
}

#[test]
fn the_scan_sees_the_sources_and_the_features_with_http_modules() {
    let sources = sources();
    assert!(sources.len() > 100, "only {} files under src/", sources.len());
    let features = features();
    for expected in ["catalog", "members", "orders", "coupons"] {
        assert!(features.iter().any(|f| f == expected), "{expected} has no http module? {features:?}");
    }
}

#[test]
fn the_checker_finds_every_way_of_naming_an_http_module() {
    let features: Vec<String> = ["catalog", "cart", "orders"].map(String::from).to_vec();
    let source = |path: &str, text: &str| Source { path: path.into(), module: module_of(path), tokens: tokenize(text) };
    let reaches = |path: &str, text: &str| http_reaches(&source(path, text), &features);
    let bad = [
        ("src/histories/http.rs", "use crate::catalog::http::{product_items, ProductItem};"),
        ("src/files/http.rs", "let svg = crate::catalog::http::product_picture_svg(db, id, file).await?;"),
        ("src/bin/bench.rs", "let x = shop::catalog::http::ProductItem::default();"),
        ("src/cart/order_view.rs", "use super::http::find_visible;"),
        ("src/cart/pricing/tax.rs", "use super::super::http::Open;"),
        ("src/cart/quotation.rs", "use super::{http, store};"),
        ("src/collections/http.rs", "use crate::{catalog::http::ProductItem, infra};"),
        ("src/collections/http.rs", "use crate::{catalog, infra}; fn f() { catalog::http::x(); }"),
        ("src/orders/mod.rs", "pub use http::routes; fn f() { http::orders_answer(); }"),
        ("src/orders/mod.rs", "pub use http::{routes, PdfFile};"),
        ("src/orders/view.rs", "use self::super::http as handlers;"),
    ];
    for (path, text) in bad {
        assert!(!reaches(path, text).is_empty(), "not caught in {path}: {text}");
    }
    let fine = [
        ("src/orders/mod.rs", "pub mod http;\npub use http::routes;"),
        ("src/catalog/mod.rs", "pub mod http;\npub use http::{picture_routes, routes};"),
        ("src/orders/http.rs", "use axum::http::{header, StatusCode}; use super::store;"),
        ("src/catalog/http/list.rs", "use super::super::http::NamedRef; use crate::catalog::http::Image;"),
        ("src/orders/store.rs", "// see crate::catalog::http::product_items\nlet url = \"http://x::http::\";"),
        ("src/orders/store.rs", "let c = '{'; let r = r#\"crate::cart::http\"#; fn f<'a>(x: &'a str) {}"),
        ("src/social_login/provider.rs", "Ok(Providers { list, http })"),
    ];
    for (path, text) in fine {
        assert_eq!(reaches(path, text), Vec::<String>::new(), "wrongly caught in {path}: {text}");
    }
}

#[test]
fn only_the_router_and_the_openapi_document_reach_into_a_features_http_module() {
    let features = features();
    let offenders: Vec<String> = sources().iter().filter(|s| !WIRING.contains(&s.path.as_str())).flat_map(|s| http_reaches(s, &features)).collect();
    assert!(offenders.is_empty(), "http.rs is a leaf (STYLE.md): move what others use to a module named after what it is\n{}", offenders.join("\n"));
}

#[test]
fn app_state_comes_from_state_rs_and_only_app_rs_and_main_rs_import_from_app() {
    let offenders: Vec<String> = sources()
        .iter()
        .filter(|s| !matches!(s.path.as_str(), "src/app.rs" | "src/main.rs"))
        .flat_map(|s| {
            paths(&s.tokens)
                .into_iter()
                .filter(|p| p.segments.len() > 2 && matches!(p.segments[0].as_str(), "crate" | "shop") && p.segments[1] == "app")
                .map(move |p| format!("{}: {}", s.path, p.segments.join("::")))
        })
        .collect();
    assert!(offenders.is_empty(), "import AppState from crate::state, not crate::app\n{}", offenders.join("\n"));
}

/// Most lines of code (tests excluded) a file of the cart or the checkout may hold: the
/// parts of an order's path that change most stay readable in one sitting.
const CHECKOUT_FILE_MAX_LINES: usize = 400;

#[test]
fn no_file_of_the_cart_or_the_checkout_is_longer_than_four_hundred_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut too_long = Vec::new();
    for folder in ["cart", "checkout"] {
        let mut files = Vec::new();
        collect_rs(&root.join(folder), &mut files);
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a readable file");
            let code = text.split("\n#[cfg(test)]").next().unwrap_or_default();
            let lines = code.lines().count();
            if lines > CHECKOUT_FILE_MAX_LINES {
                too_long.push(format!("{} ({lines} lines)", path.display()));
            }
        }
    }
    assert!(too_long.is_empty(), "split these by what they do:\n{}", too_long.join("\n"));
}

// --- stores: where SQL is written, and what its signatures take ------------------------------

/// A store file: `store.rs`, `<table group>_store.rs`, or any file of a `store/` folder.
fn is_store_file(path: &str) -> bool {
    path.ends_with("/store.rs") || path.ends_with("_store.rs") || path.contains("/store/")
}

/// Where SQL may be written besides the stores: the database plumbing and the server's own
/// secrets table (`infra/`), the demo seed (it fills every feature's tables at start), and the
/// checkout bench binary.
fn may_write_sql_outside_stores(path: &str) -> bool {
    path.starts_with("src/infra/") || path.starts_with("src/seed/") || path.starts_with("src/bin/")
}

/// Files that run a query (`sqlx::query`, `query_as`, `query_scalar`, …) outside a store file.
fn sql_outside_stores(sources: &[(String, Vec<Token>)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, tokens) in sources {
        if is_store_file(path) || may_write_sql_outside_stores(path) {
            continue;
        }
        let runs_a_query = tokens
            .windows(3)
            .any(|w| matches!((&w[0], &w[1], &w[2]), (Token::Ident(a), Token::PathSep, Token::Ident(b)) if a == "sqlx" && b.starts_with("query")));
        if runs_a_query {
            found.push(path.clone());
        }
    }
    found
}

#[test]
fn sql_is_written_only_in_store_files() {
    let sources: Vec<(String, Vec<Token>)> = sources().into_iter().map(|s| (s.path, s.tokens)).collect();
    let found = sql_outside_stores(&sources);
    assert!(found.is_empty(), "move these queries into the owning feature's store (store.rs, *_store.rs or store/):\n{}", found.join("\n"));
}

#[test]
fn the_sql_check_catches_a_query_in_a_handler_and_passes_a_store() {
    let handler = ("src/cart/http/lines.rs".to_owned(), tokenize("let n: i64 = sqlx::query_scalar(\"SELECT 1\").fetch_one(db).await?;"));
    let store = ("src/cart/store.rs".to_owned(), tokenize("sqlx::query(\"DELETE FROM carts\").execute(db).await?;"));
    let prose = ("src/cart/mod.rs".to_owned(), tokenize("//! the store runs sqlx::query for us\nlet s = \"sqlx::query\";"));
    assert_eq!(sql_outside_stores(&[handler, store, prose]), vec!["src/cart/http/lines.rs".to_owned()]);
}

const UNTYPED_ID_PARAMETERS: &[&str] = &[
    "channel_id: &str",
    "channel_id: &'a str",
    "channel_id: Option<&str>",
    "channel_id: String",
    "user_id: &str",
    "user_id: &'a str",
    "user_id: Option<&str>",
];

/// Tenancy and ownership are typed in the stores: a shop's id is a `ChannelId`, a member's a
/// `UserId` (`infra/ids.rs`), so neither can be passed for the other or for a product code.
#[test]
fn store_signatures_take_typed_ids_not_text() {
    let mut untyped = Vec::new();
    for source in sources() {
        if !is_store_file(&source.path) {
            continue;
        }
        let text = std::fs::read_to_string(crate_dir().join(&source.path)).unwrap();
        for (number, line) in text.lines().enumerate() {
            if UNTYPED_ID_PARAMETERS.iter().any(|untyped| line.contains(untyped)) {
                untyped.push(format!("{}:{}: {}", source.path, number + 1, line.trim()));
            }
        }
    }
    assert!(untyped.is_empty(), "take &ChannelId / &UserId (crate::infra::ids):\n{}", untyped.join("\n"));
}

// --- floors: the layer order of docs/architecture.md ------------------------------------------

/// The server's floors, from the ground up (docs/architecture.md, "Floors"). A top-level module
/// of `src/` imports only modules of its own floor and of the floors below, and the modules of
/// one floor import each other without a cycle. `scripts/import-graph.py` reads this table.
const FLOORS: &[(&str, &[&str])] = &[
    ("infrastructure", &["infra"]),
    ("validation", &["validation"]),
    ("platform", &["channel", "auth", "staff", "payments", "postal", "documents", "bot_check", "delivery"]),
    (
        "catalogue and content",
        &["catalog", "content", "layout", "news", "embroidery", "print_catalogs", "files", "collections", "stylists", "ecommerce_events"],
    ),
    (
        "members and their resources",
        &["members", "addresses", "cards", "coupons", "points", "bookmarks", "favorites", "histories", "measurements", "memorials", "messages", "social_login"],
    ),
    ("orders", &["orders", "reviews"]),
    ("cart", &["cart"]),
    ("social gift", &["social_gift"]),
    ("checkout", &["checkout"]),
    ("back office", &["inquiries", "system_messages", "uploads", "shop_settings", "reports"]),
    ("the site", &["seo", "web", "observe", "edge"]),
];

/// Files that wire the floors together and may name any module: the router, the OpenAPI
/// document, the demo seed (it fills every feature's tables). `state` is also imported by
/// every handler: `AppState` is what a handler may reach.
const WIRING_MODULES: &[&str] = &["app", "openapi", "state", "seed"];

/// The top-level modules of `src/`: its folders and its files (crate roots and `bin/` aside).
fn top_level_modules() -> Vec<String> {
    let mut modules: Vec<String> = std::fs::read_dir(crate_dir().join("src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            let keep = if p.is_dir() { name != "bin" } else { p.extension().is_some_and(|e| e == "rs") && !matches!(name.as_str(), "lib" | "main") };
            keep.then_some(name)
        })
        .collect();
    modules.sort();
    modules
}

fn floor_of(module: &str) -> Option<usize> {
    FLOORS.iter().position(|(_, members)| members.contains(&module))
}

/// The file a written path leads to, as far as it goes: `crate::members::store::find_user` →
/// `src/members/store.rs`.
fn file_of(target: &[String]) -> String {
    let src = crate_dir().join("src");
    let mut best = format!("src/{}", target[0]);
    for len in 1..=target.len() {
        let joined = target[..len].join("/");
        if src.join(format!("{joined}.rs")).is_file() {
            best = format!("src/{joined}.rs");
        } else if src.join(&joined).join("mod.rs").is_file() {
            best = format!("src/{joined}/mod.rs");
        } else {
            break;
        }
    }
    best
}

/// An import of one top-level module by another: `importer` is the file, `imported` the file
/// the path leads to.
#[derive(Debug, Clone)]
struct Edge {
    from: String,
    to: String,
    importer: String,
    imported: String,
}

/// Every import between two different top-level modules, written with `crate::`, `shop::`,
/// `self::` or `super::` (a bare name is always brought in by a `use crate::…` first).
fn module_edges(sources: &[Source], modules: &[String]) -> Vec<Edge> {
    let mut edges = Vec::new();
    for source in sources {
        let Some(from) = source.module.first() else { continue };
        for path in paths(&source.tokens) {
            if !matches!(path.segments[0].as_str(), "crate" | "shop" | "self" | "super") {
                continue;
            }
            let Some(target) = resolve(&source.module, &path.segments, &[]) else { continue };
            let Some(to) = target.first() else { continue };
            if to != from && modules.contains(to) {
                edges.push(Edge { from: from.clone(), to: to.clone(), importer: source.path.clone(), imported: file_of(&target) });
            }
        }
    }
    // `crate::cart::view::X` is seen as `crate::cart`, `crate::cart::view` and the whole path:
    // one edge per importing file and imported module, the most precise file kept.
    edges.sort_by(|a, b| (&a.importer, &a.to, std::cmp::Reverse(a.imported.len())).cmp(&(&b.importer, &b.to, std::cmp::Reverse(b.imported.len()))));
    edges.dedup_by(|later, kept| later.importer == kept.importer && later.to == kept.to);
    edges
}

/// Imports that go up a floor (or into wiring), as `importer (floor) → imported (floor)`.
fn upward_imports(edges: &[Edge]) -> Vec<String> {
    let mut found: Vec<String> = edges
        .iter()
        .filter(|e| !WIRING_MODULES.contains(&e.from.as_str()) && e.to != "state")
        .filter_map(|e| {
            let name = |m: &str| floor_of(m).map_or("wiring", |f| FLOORS[f].0);
            let up = WIRING_MODULES.contains(&e.to.as_str()) || floor_of(&e.to)? > floor_of(&e.from)?;
            up.then(|| format!("{} ({}) → {} ({})", e.importer, name(&e.from), e.imported, name(&e.to)))
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Cycles between top-level modules (wiring aside), each with one import per step.
fn module_cycles(edges: &[Edge]) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut graph: BTreeMap<&str, BTreeMap<&str, &Edge>> = BTreeMap::new();
    for e in edges.iter().filter(|e| !WIRING_MODULES.contains(&e.from.as_str()) && !WIRING_MODULES.contains(&e.to.as_str())) {
        graph.entry(e.from.as_str()).or_default().entry(e.to.as_str()).or_insert(e);
    }
    // From each module, a shortest way back to itself (breadth first); each cycle reported once.
    let mut seen: BTreeSet<BTreeSet<&str>> = BTreeSet::new();
    let mut cycles = Vec::new();
    for &start in graph.keys() {
        let mut came_from: BTreeMap<&str, &Edge> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut closing: Option<&Edge> = None;
        while let Some(at) = queue.pop_front() {
            for (&next, &edge) in graph.get(at).into_iter().flatten() {
                if next == start {
                    closing = Some(edge);
                    break;
                }
                if let std::collections::btree_map::Entry::Vacant(slot) = came_from.entry(next) {
                    slot.insert(edge);
                    queue.push_back(next);
                }
            }
            if closing.is_some() {
                break;
            }
        }
        let Some(last) = closing else { continue };
        let mut steps = vec![last];
        let mut at = last.from.as_str();
        while at != start {
            let edge = came_from[at];
            steps.push(edge);
            at = edge.from.as_str();
        }
        steps.reverse();
        if seen.insert(steps.iter().map(|e| e.from.as_str()).collect()) {
            cycles.push(steps.iter().map(|e| format!("{} → {}", e.importer, e.imported)).collect::<Vec<_>>().join("\n    then "));
        }
    }
    cycles
}

#[test]
fn every_top_level_module_has_one_floor_or_is_wiring() {
    let modules = top_level_modules();
    let unplaced: Vec<&String> = modules.iter().filter(|m| floor_of(m).is_none() && !WIRING_MODULES.contains(&m.as_str())).collect();
    assert!(unplaced.is_empty(), "give these a floor in FLOORS (and docs/architecture.md): {unplaced:?}");
    for (name, members) in FLOORS {
        for m in *members {
            assert!(modules.iter().any(|x| x == m), "floor {name} names {m}, which is not a module of src/");
            assert_eq!(FLOORS.iter().filter(|(_, ms)| ms.contains(m)).count(), 1, "{m} is on two floors");
        }
    }
}

#[test]
fn no_module_imports_a_floor_above_its_own() {
    let offenders = upward_imports(&module_edges(&sources(), &top_level_modules()));
    assert!(
        offenders.is_empty(),
        "a module imports only its own floor and those below (docs/architecture.md): move the shared piece down a floor, or pass a function down from above\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_two_modules_import_each_other_even_through_others() {
    let cycles = module_cycles(&module_edges(&sources(), &top_level_modules()));
    assert!(cycles.is_empty(), "import cycles between folders:\n  {}", cycles.join("\n  "));
}

#[test]
fn the_floor_checks_catch_an_upward_import_and_a_cycle() {
    let source = |path: &str, text: &str| Source { path: path.into(), module: module_of(path), tokens: tokenize(text) };
    let modules: Vec<String> = ["infra", "catalog", "cart", "content", "state", "seed"].map(String::from).to_vec();
    let upward = [
        ("src/catalog/http.rs", "use crate::cart::view::MAX_QUANTITY;"),
        ("src/catalog/http.rs", "use crate::{cart, infra};"),
        ("src/infra/time.rs", "fn f() { shop::catalog::store::find(); }"),
        ("src/catalog/store.rs", "fn f() { let x = super::super::cart::store::x(); }"),
        ("src/cart/view.rs", "use crate::seed::members::demo_member;"),
    ];
    for (path, text) in upward {
        let edges = module_edges(&[source(path, text)], &modules);
        assert_eq!(upward_imports(&edges).len(), 1, "not caught in {path}: {text}");
    }
    let fine = [
        ("src/cart/view.rs", "use crate::catalog::availability::MAX_QUANTITY; use crate::state::AppState;"),
        ("src/catalog/http.rs", "// crate::cart::view\nlet s = \"crate::cart::x\"; use axum::http::StatusCode;"),
        ("src/seed/catalog.rs", "use crate::cart::store;"),
    ];
    for (path, text) in fine {
        let edges = module_edges(&[source(path, text)], &modules);
        assert_eq!(upward_imports(&edges), Vec::<String>::new(), "wrongly caught in {path}: {text}");
    }
    let cycle = [
        source("src/catalog/a.rs", "use crate::content::x;"),
        source("src/content/b.rs", "use crate::catalog::y;"),
        source("src/cart/c.rs", "use crate::catalog::z;"),
    ];
    let cycles = module_cycles(&module_edges(&cycle, &modules));
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].contains("src/catalog/a.rs") && cycles[0].contains("src/content/b.rs"), "{}", cycles[0]);
}
