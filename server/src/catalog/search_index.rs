//! The keyword index: every channel's products in an in-RAM tantivy index, answering a keyword
//! list page whole — which listable products hold these terms and pass the list's other
//! filters, in the list's order, and how many — so that the database loads only the page's own
//! products. The words come already normalised from `products.search_name` / `search_text`
//! (see [`search_text`]).
//!
//! Each character position i of the text gets up to [`GRAM`] tokens at position i: the
//! character and the runs of two, three and four characters it starts. A term of up to four
//! characters is then one token, found without reading positions; a longer one is a phrase of
//! four-character runs covering it. Either matches exactly where the text holds the term (the
//! old `LIKE '%term%'` results). No dictionary is needed, so 「ろーぶ」 finds 「グローブ」.
//! (Pairs alone, as the index first held, made every term of three or more characters a
//! phrase: for a keyword matching thousands of products, reading their positions was half of
//! the search's time.)
//!
//! A document also holds what lists filter and sort by, with the meaning the SQL list gives
//! them (catalog/store.rs): channel, category, maker, brand and tag ids as terms; price,
//! popularity, creation time, whether some variation has stock, and the listable period (the
//! sale period, or never when unpublished) as fast fields, copied once per segment into plain values ([`Facts`]) that each match reads.
//!
//! Freshness: built when the server starts (or by the first search, which waits for it). From
//! then on a follower task asks the database once a second which products changed: every write
//! to a product stamps `products.updated_at`, every stock move its variation's `updated_at`
//! (catalog/store.rs, orders/store.rs), a stamp that only ever grows. The follower reads the
//! stamps written since [`MARGIN`] before its previous look (a transaction may commit a while
//! after stamping), compares each product's stamps with those its document was read with, and
//! re-indexes only the products that differ: each document deleted by its id and added again,
//! one commit per look. Fewer products in the table than in the index (a deletion leaves no
//! stamp) and, every [`SWEEP_EVERY`], the clock alone trigger a comparison of every product's
//! stamps. Only a look that finds more than a quarter of a large catalogue changed rebuilds the
//! whole index, while the old one answers. Every instance follows the same database this way,
//! so an edit made through any of them is found on all of them within about a second, plus the
//! second the read cache keeps a page; nothing relies on an in-process notice.
//!
//! [`search_text`]: super::search_text
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::StrColumn;
use tantivy::index::SegmentId;
use tantivy::indexer::{IndexWriterOptions, LogMergePolicy, NoMergePolicy};
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use tantivy::{DocId, Index, IndexReader, IndexWriter, ReloadPolicy, Score, Searcher, SegmentOrdinal, SegmentReader, TantivyDocument, Term};

use super::filter::{ProductFilter, Sort};
use super::store::{self, search::SearchDocumentRow, search::SearchStampRow};
use crate::infra::db::Db;
use crate::infra::ids::ChannelId;
use crate::infra::pagination::Page;
use crate::infra::time::Timestamp;

/// How often the follower asks the database what changed.
const CHECK_EVERY: Duration = Duration::from_secs(1);
/// How far before its previous look the follower reads stamps again, in milliseconds: a write
/// stamped up to this long before it committed (or by a clock this far behind) is still seen.
pub const MARGIN: i64 = 60_000;
/// How often every product's stamps are compared, catching what the margin could not.
const SWEEP_EVERY: Duration = Duration::from_secs(300);
/// A look that finds more changed products than this (and more than a quarter of them all)
/// rebuilds the index instead of re-indexing them one by one.
const REBUILD_ABOVE: usize = 5_000;
/// The writer's memory: enough for 100k products in one segment (the hash table it sizes
/// from this is capped, so a small commit does not take it all).
const WRITER_MEMORY: usize = 200 * 1024 * 1024;
/// A segment with this share of deleted documents is merged away.
const DELETED_SHARE_BEFORE_MERGE: f32 = 0.3;
const TOKENIZER: &str = "char_grams";
/// The longest run of characters indexed as one token.
const GRAM: usize = 4;
const ID: &str = "id";
const PRICE: &str = "price";
const POPULARITY: &str = "popularity";
const CREATED_AT: &str = "created_at";
const LISTED_FROM: &str = "listed_from";
const LISTED_UNTIL: &str = "listed_until";
const IN_STOCK: &str = "in_stock";

/// The shared handle in `AppState`; clones share one index.
#[derive(Clone, Default)]
pub struct SearchIndex(Arc<Shared>);

#[derive(Default)]
struct Shared {
    live: RwLock<Option<Arc<Live>>>,
    /// Held through the first build, so simultaneous first searches build once.
    first_build: tokio::sync::Mutex<()>,
}

/// A keyword list's page: its products' ids in the list's order, and how many match in all.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub ids: Vec<String>,
    pub total: i64,
}

impl SearchIndex {
    /// The page of the channel's listable products at `now` that match `filter` (whose terms
    /// are not empty); `category_ids` as [`store::taxonomy::list_category_ids`] resolved them.
    pub async fn find(
        &self,
        db: &Db,
        channel_id: &ChannelId,
        filter: &ProductFilter,
        category_ids: Option<Vec<String>>,
        page: Page,
        now: i64,
    ) -> anyhow::Result<Found> {
        let narrowed = Narrowed {
            categories: category_ids,
            makers: match &filter.maker {
                Some(key) => Some(store::products::find_maker_id(db, channel_id, key).await?.into_iter().collect()),
                None => None,
            },
            brands: match &filter.brand {
                Some(key) => Some(store::products::find_brand_id(db, channel_id, key).await?.into_iter().collect()),
                None => None,
            },
            tags: match &filter.tag {
                Some(key) => Some(store::taxonomy::find_tag_by_key(db, channel_id, key).await?.map(|tag| tag.id).into_iter().collect()),
                None => None,
            },
        };
        let ask = Ask {
            channel_id,
            terms: &filter.terms,
            narrowed: &narrowed,
            rule: Rule {
                now,
                price_min: filter.price_min.unwrap_or(i64::MIN),
                price_max: filter.price_max.unwrap_or(i64::MAX),
                in_stock: filter.in_stock,
                sort: filter.sort,
            },
        };
        self.live(db).await?.find(&ask, page)
    }

    /// Builds the index now, so that the first visitor's search does not wait for it (the
    /// server calls this in the background when it starts), and starts following the
    /// catalogue.
    pub async fn warm(&self, db: &Db) -> anyhow::Result<()> {
        self.live(db).await.map(|_| ())
    }

    /// Whether the index is built, so that a keyword search does not wait for it (readiness).
    pub fn is_built(&self) -> bool {
        self.current().is_some()
    }

    async fn live(&self, db: &Db) -> anyhow::Result<Arc<Live>> {
        if let Some(live) = self.current() {
            return Ok(live);
        }
        let _building = self.0.first_build.lock().await;
        if let Some(live) = self.current() {
            return Ok(live);
        }
        let catalog = build(db).await?;
        let live = catalog.live.clone();
        self.0.replace(live.clone());
        tokio::spawn(follow(Arc::downgrade(&self.0), db.clone(), catalog));
        Ok(live)
    }

    fn current(&self) -> Option<Arc<Live>> {
        self.0.live.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Shared {
    fn replace(&self, live: Arc<Live>) {
        *self.live.write().unwrap_or_else(|e| e.into_inner()) = Some(live);
    }
}

// ---------------------------------------------------------------------------------------------
// Following the catalogue

/// Asks the database what changed once every [`CHECK_EVERY`] for as long as the index lives
/// (the task ends with the last handle). A failed look is logged and the next one tries again;
/// the index answers as it is meanwhile.
async fn follow(shared: Weak<Shared>, db: Db, catalog: Catalog) {
    let catalog = Arc::new(Mutex::new(catalog));
    let mut ticks = tokio::time::interval(CHECK_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await;
    let mut swept_at = Instant::now();
    loop {
        ticks.tick().await;
        let Some(shared) = shared.upgrade() else { return };
        let sweep = swept_at.elapsed() >= SWEEP_EVERY;
        match catch_up(&db, &catalog, sweep).await {
            Ok(Some(rebuilt)) => shared.replace(rebuilt),
            Ok(None) => {}
            Err(error) => tracing::error!(error = format!("{error:#}"), "search index: following the catalogue failed; the index answers as it is"),
        }
        if sweep {
            swept_at = Instant::now();
        }
    }
}

fn lock(catalog: &Mutex<Catalog>) -> std::sync::MutexGuard<'_, Catalog> {
    catalog.lock().unwrap_or_else(|e| e.into_inner())
}

/// One look: re-indexes the products whose stamps moved (or rebuilds everything when most
/// did) and answers the new index when it was rebuilt.
async fn catch_up(db: &Db, catalog: &Arc<Mutex<Catalog>>, sweep: bool) -> anyhow::Result<Option<Arc<Live>>> {
    let started = Timestamp::now().0;
    let since = lock(catalog).checked_from - MARGIN;
    // Counted before the stamps are read, so that a product added in between is in the stamps
    // (and expected), never missing from both.
    let products = store::products::count_products(db).await?;
    let mut stamps = store::search::list_search_stamps(db, Some(since)).await?;
    let whole = sweep || {
        let catalog = lock(catalog);
        let added = stamps.iter().filter(|s| !catalog.stamps.contains_key(&s.id)).count();
        products != (catalog.stamps.len() + added) as i64
    };
    if whole {
        stamps = store::search::list_search_stamps(db, None).await?;
    }
    let (changed, gone, held) = {
        let catalog = lock(catalog);
        let (changed, gone) = catalog.compare(&stamps, whole);
        (changed, gone, catalog.stamps.len())
    };
    if changed.len() > REBUILD_ABOVE && changed.len() > held / 4 {
        let rebuilt = build(db).await?;
        let live = rebuilt.live.clone();
        *lock(catalog) = rebuilt;
        return Ok(Some(live));
    }
    let documents = if changed.is_empty() { Vec::new() } else { store::search::list_search_documents_by_ids(db, &changed).await? };
    let catalog = catalog.clone();
    let (updated, removed) = tokio::task::spawn_blocking(move || lock(&catalog).apply(documents, &changed, &gone, started)).await??;
    if updated + removed > 0 {
        tracing::info!(updated, removed, "search index followed the catalogue");
    }
    Ok(None)
}

/// Reads every product and builds a new index off the async workers.
async fn build(db: &Db) -> anyhow::Result<Catalog> {
    let started = Instant::now();
    // Taken before the rows are read: the first look then reads again whatever was stamped
    // while they were being read.
    let checked_from = Timestamp::now().0;
    let documents = store::search::list_search_documents(db).await?;
    let read_ms = started.elapsed().as_millis() as u64;
    let products = documents.len();
    let catalog = tokio::task::spawn_blocking(move || Catalog::build(documents, checked_from)).await??;
    tracing::info!(products, read_ms, total_ms = started.elapsed().as_millis() as u64, "search index built");
    Ok(catalog)
}

/// The writable side of one index, owned by its follower.
struct Catalog {
    live: Arc<Live>,
    writer: IndexWriter,
    /// Each indexed product's (own stamp, its variations' stamps) as its document was read.
    stamps: HashMap<String, (i64, i64)>,
    /// When the look (or build) that the index is current up to began, by this clock.
    checked_from: i64,
}

impl Catalog {
    fn build(documents: Vec<SearchDocumentRow>, checked_from: i64) -> tantivy::Result<Catalog> {
        let (schema, fields) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(TOKENIZER, CharGramTokenizer::default());
        // One indexing thread and one merging thread: they share two cores with the requests.
        let options = IndexWriterOptions::builder().memory_budget_per_thread(WRITER_MEMORY).num_worker_threads(1).num_merge_threads(1).build();
        let mut writer: IndexWriter = index.writer_with_options(options)?;
        // The first commit makes one segment; merging starts with the small ones that follow.
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let mut stamps = HashMap::with_capacity(documents.len());
        for row in documents {
            writer.add_document(document(fields, &row))?;
            stamps.insert(row.id, (row.updated_at, row.variations_stamp));
        }
        writer.commit()?;
        let mut merges = LogMergePolicy::default();
        merges.set_del_docs_ratio_before_merge(DELETED_SHARE_BEFORE_MERGE);
        writer.set_merge_policy(Box::new(merges));
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Catalog { live: Arc::new(Live { reader, fields, facts: FactsBySegment::default() }), writer, stamps, checked_from })
    }

    /// Ids of the products whose stamps differ from those indexed (or that are not indexed),
    /// and, when `stamps` are every product's, of those indexed but gone.
    fn compare(&self, stamps: &[SearchStampRow], whole: bool) -> (Vec<String>, Vec<String>) {
        let changed = stamps.iter().filter(|s| self.stamps.get(&s.id) != Some(&(s.updated_at, s.variations_stamp))).map(|s| s.id.clone()).collect();
        let gone = if whole {
            let present: std::collections::HashSet<&str> = stamps.iter().map(|s| s.id.as_str()).collect();
            self.stamps.keys().filter(|id| !present.contains(id.as_str())).cloned().collect()
        } else {
            Vec::new()
        };
        (changed, gone)
    }

    /// Replaces the documents of `changed` with `documents` (those of `changed` that still
    /// exist), deletes those of `gone`, and makes the result searchable. Answers how many
    /// documents were written and removed.
    fn apply(&mut self, documents: Vec<SearchDocumentRow>, changed: &[String], gone: &[String], checked_from: i64) -> tantivy::Result<(usize, usize)> {
        let fields = self.live.fields;
        for id in changed.iter().chain(gone) {
            self.writer.delete_term(Term::from_field_text(fields.id, id));
            self.stamps.remove(id);
        }
        let updated = documents.len();
        for row in documents {
            self.writer.add_document(document(fields, &row))?;
            self.stamps.insert(row.id, (row.updated_at, row.variations_stamp));
        }
        if !changed.is_empty() || !gone.is_empty() {
            self.writer.commit()?;
            self.live.reader.reload()?;
        }
        self.checked_from = checked_from;
        Ok((updated, changed.len() + gone.len() - updated))
    }
}

// ---------------------------------------------------------------------------------------------
// The index and its questions

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    channel: Field,
    name: Field,
    text: Field,
    category: Field,
    maker: Field,
    brand: Field,
    tag: Field,
    price: Field,
    popularity: Field,
    created_at: Field,
    listed_from: Field,
    listed_until: Field,
    in_stock: Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let grams = TextOptions::default()
        .set_indexing_options(TextFieldIndexing::default().set_tokenizer(TOKENIZER).set_index_option(IndexRecordOption::WithFreqsAndPositions));
    let fields = Fields {
        id: builder.add_text_field(ID, STRING | FAST),
        channel: builder.add_text_field("channel", STRING),
        name: builder.add_text_field("name", grams.clone()),
        text: builder.add_text_field("text", grams),
        category: builder.add_text_field("category", STRING),
        maker: builder.add_text_field("maker", STRING),
        brand: builder.add_text_field("brand", STRING),
        tag: builder.add_text_field("tag", STRING),
        price: builder.add_i64_field(PRICE, FAST),
        popularity: builder.add_i64_field(POPULARITY, FAST),
        created_at: builder.add_i64_field(CREATED_AT, FAST),
        listed_from: builder.add_i64_field(LISTED_FROM, FAST),
        listed_until: builder.add_i64_field(LISTED_UNTIL, FAST),
        in_stock: builder.add_bool_field(IN_STOCK, FAST),
    };
    (builder.build(), fields)
}

fn document(fields: Fields, row: &SearchDocumentRow) -> TantivyDocument {
    let mut doc = TantivyDocument::new();
    doc.add_text(fields.id, &row.id);
    doc.add_text(fields.channel, &row.channel_id);
    doc.add_text(fields.name, &row.search_name);
    doc.add_text(fields.text, &row.search_text);
    for (field, ids) in [(fields.category, &row.category_ids), (fields.tag, &row.tag_ids)] {
        for id in ids {
            doc.add_text(field, id);
        }
    }
    for (field, id) in [(fields.maker, &row.maker_id), (fields.brand, &row.brand_id)] {
        if let Some(id) = id {
            doc.add_text(field, id);
        }
    }
    doc.add_i64(fields.price, row.price);
    doc.add_i64(fields.popularity, row.popularity);
    doc.add_i64(fields.created_at, row.created_at);
    // Listable from the sale's start (or always) until its end (or forever); never when
    // unpublished.
    doc.add_i64(fields.listed_from, if row.is_published == 1 { row.sale_start.unwrap_or(i64::MIN) } else { i64::MAX });
    doc.add_i64(fields.listed_until, row.sale_end.unwrap_or(i64::MAX));
    doc.add_bool(fields.in_stock, row.in_stock == 1);
    doc
}

/// What the list's filters other than the words resolved to: each present list keeps the
/// products with one of its ids (an empty list keeps none).
#[derive(Default)]
struct Narrowed {
    categories: Option<Vec<String>>,
    makers: Option<Vec<String>>,
    brands: Option<Vec<String>>,
    tags: Option<Vec<String>>,
}

/// The fast-field side of a question: what is listable at `now`, the price range, stock and
/// the order.
#[derive(Clone, Copy)]
struct Rule {
    now: i64,
    price_min: i64,
    price_max: i64,
    in_stock: bool,
    sort: Sort,
}

struct Ask<'a> {
    channel_id: &'a ChannelId,
    terms: &'a [String],
    narrowed: &'a Narrowed,
    rule: Rule,
}

/// One index as requests search it; the follower reloads its reader after each commit.
struct Live {
    reader: IndexReader,
    fields: Fields,
    facts: FactsBySegment,
}

impl Live {
    fn find(&self, ask: &Ask, page: Page) -> anyhow::Result<Found> {
        let Some(query) = keyword_query(self.fields, ask) else { return Ok(Found { ids: Vec::new(), total: 0 }) };
        let searcher = self.reader.searcher();
        self.facts.keep_only(&searcher);
        let keep = usize::try_from(page.offset().saturating_add(page.per))?;
        let (hits, count) = searcher.search(&query, &Matches { rule: ask.rule, facts: &self.facts, keep })?;
        let total = count as i64;
        let ids = page_of(&searcher, hits, page)?;
        Ok(Found { ids, total })
    }
}

/// The channel's products that pass the narrowing and hold every term; with relevance as the
/// order, a term also found in the name scores (the name's BM25). `None` when a narrowing
/// keeps nothing.
fn keyword_query(fields: Fields, ask: &Ask) -> Option<BooleanQuery> {
    // Filters score nothing: a score of their own would be the same for every match.
    let filter = |query: Box<dyn Query>| -> (Occur, Box<dyn Query>) { (Occur::Must, Box::new(ConstScoreQuery::new(query, 0.0))) };
    let term = |field: Field, text: &str| Box::new(TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::Basic));
    let mut clauses = vec![filter(term(fields.channel, ask.channel_id))];
    let narrowed = ask.narrowed;
    for (field, ids) in
        [(fields.category, &narrowed.categories), (fields.maker, &narrowed.makers), (fields.brand, &narrowed.brands), (fields.tag, &narrowed.tags)]
    {
        let Some(ids) = ids else { continue };
        if ids.is_empty() {
            return None;
        }
        let any: Vec<(Occur, Box<dyn Query>)> = ids.iter().map(|id| (Occur::Should, term(field, id) as Box<dyn Query>)).collect();
        clauses.push(filter(Box::new(BooleanQuery::new(any))));
    }
    // Relevance is the name's alone: products named after the keyword come first (by BM25 over
    // the name, so a short name that is mostly the keyword before a long one), then the rest by
    // popularity. A score over the whole text (category and maker words) ordered the rest by
    // how often their category text repeats a word, which says nothing to a shopper, and
    // computing it was a tenth of a popular keyword's search.
    for term in ask.terms {
        clauses.push(filter(substring_query(fields.text, term)));
        if ask.rule.sort == Sort::Relevance {
            clauses.push((Occur::Should, substring_query(fields.name, term)));
        }
    }
    Some(BooleanQuery::new(clauses))
}

/// Matches where `field` holds `term` as a substring: up to [`GRAM`] characters are one token,
/// more are a phrase of [`GRAM`]-character runs covering every character.
fn substring_query(field: Field, term: &str) -> Box<dyn Query> {
    let chars: Vec<char> = term.chars().collect();
    let gram = |offset: usize| {
        let text: String = chars[offset..(offset + GRAM).min(chars.len())].iter().collect();
        Term::from_field_text(field, &text)
    };
    if chars.len() <= GRAM {
        return Box::new(TermQuery::new(gram(0), IndexRecordOption::WithFreqs));
    }
    Box::new(PhraseQuery::new_with_offset(covering_offsets(chars.len()).into_iter().map(|o| (o, gram(o))).collect()))
}

/// Offsets of [`GRAM`]-character runs that cover `len` (> [`GRAM`]) characters: every
/// [`GRAM`]th one, plus the last when they do not reach the end. Fewer runs than all of them
/// means fewer lists to intersect.
fn covering_offsets(len: usize) -> Vec<usize> {
    let last = len - GRAM;
    let mut offsets: Vec<usize> = (0..=last).step_by(GRAM).collect();
    if offsets.last() != Some(&last) {
        offsets.push(last);
    }
    offsets
}

/// A match that passed the rule, with what orders it: `score` (relevance only), then `first`,
/// then `second`, each higher first, then the product id, higher first — the SQL list's
/// orders, e.g. price ascending is `first = -price`, `second = created_at`.
#[derive(Debug, Clone, Copy)]
struct Hit {
    score: Score,
    first: i64,
    second: i64,
    segment: SegmentOrdinal,
    doc: DocId,
}

fn by_order(a: &Hit, b: &Hit) -> std::cmp::Ordering {
    b.score.total_cmp(&a.score).then(b.first.cmp(&a.first)).then(b.second.cmp(&a.second))
}

/// What the rule and the orders read of one document, copied out of its segment's fast fields.
#[derive(Clone, Copy)]
struct Facts {
    listed_from: i64,
    listed_until: i64,
    price: i64,
    popularity: i64,
    created_at: i64,
    in_stock: bool,
}

/// Each segment's [`Facts`] by document, read once per segment: a segment never changes (an
/// edit deletes the document and adds it to a new one), and reading five bit-packed columns
/// for each of a popular keyword's thousands of matches was a tenth of its search (perf, issue
/// 29). About 50 bytes a product.
#[derive(Default)]
struct FactsBySegment(Mutex<HashMap<SegmentId, Arc<[Facts]>>>);

impl FactsBySegment {
    fn of(&self, reader: &SegmentReader) -> tantivy::Result<Arc<[Facts]>> {
        let id = reader.segment_id();
        if let Some(facts) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&id) {
            return Ok(facts.clone());
        }
        let facts = read_facts(reader)?;
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(id, facts.clone());
        Ok(facts)
    }

    /// Forgets the segments that the searcher no longer holds (merged away).
    fn keep_only(&self, searcher: &Searcher) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > searcher.segment_readers().len() {
            let live: std::collections::HashSet<SegmentId> = searcher.segment_readers().iter().map(|r| r.segment_id()).collect();
            map.retain(|id, _| live.contains(id));
        }
    }
}

/// A segment's facts; a document missing a value (none is) is never listable.
fn read_facts(reader: &SegmentReader) -> tantivy::Result<Arc<[Facts]>> {
    let fast = reader.fast_fields();
    let (price, popularity, created_at) = (fast.i64(PRICE)?, fast.i64(POPULARITY)?, fast.i64(CREATED_AT)?);
    let (listed_from, listed_until, in_stock) = (fast.i64(LISTED_FROM)?, fast.i64(LISTED_UNTIL)?, fast.bool(IN_STOCK)?);
    Ok((0..reader.max_doc())
        .map(|doc| Facts {
            listed_from: listed_from.first(doc).unwrap_or(i64::MAX),
            listed_until: listed_until.first(doc).unwrap_or(i64::MIN),
            price: price.first(doc).unwrap_or_default(),
            popularity: popularity.first(doc).unwrap_or_default(),
            created_at: created_at.first(doc).unwrap_or_default(),
            in_stock: in_stock.first(doc).unwrap_or_default(),
        })
        .collect())
}

/// Every match that is listable and passes the price and stock filters: all of them counted,
/// and those that can still be among the first `keep` in the list's order kept.
struct Matches<'a> {
    rule: Rule,
    facts: &'a FactsBySegment,
    keep: usize,
}

impl Collector for Matches<'_> {
    /// The kept hits (each segment's first `keep` and their ties), and how many matched.
    type Fruit = (Vec<Hit>, usize);
    type Child = SegmentMatches;

    fn for_segment(&self, segment: SegmentOrdinal, reader: &SegmentReader) -> tantivy::Result<SegmentMatches> {
        Ok(SegmentMatches {
            rule: self.rule,
            segment,
            facts: self.facts.of(reader)?,
            keep: self.keep.max(1),
            hits: Vec::new(),
            count: 0,
            worst: None,
            prune_at: self.keep.saturating_mul(4).max(256),
        })
    }

    fn requires_scoring(&self) -> bool {
        self.rule.sort == Sort::Relevance
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<Hit>, usize)>) -> tantivy::Result<(Vec<Hit>, usize)> {
        let count = fruits.iter().map(|(_, count)| count).sum();
        let mut fruits = fruits.into_iter();
        let mut hits = fruits.next().map(|(hits, _)| hits).unwrap_or_default();
        for (more, _) in fruits {
            hits.extend(more);
        }
        Ok((hits, count))
    }
}

struct SegmentMatches {
    rule: Rule,
    segment: SegmentOrdinal,
    facts: Arc<[Facts]>,
    keep: usize,
    hits: Vec<Hit>,
    count: usize,
    /// The `keep`th hit of the last pruning: a hit after it in the order can never reach the
    /// page, so it is counted and dropped. A popular keyword's thousands of matches were all
    /// kept and sorted before (a tenth of its search).
    worst: Option<Hit>,
    /// How many kept hits the next pruning waits for: at least twice what the last one kept,
    /// so that thousands of equal hits do not make every match a pruning.
    prune_at: usize,
}

impl SegmentMatches {
    /// The hit when the document passes the rule.
    fn hit(&self, doc: DocId, score: Score) -> Option<Hit> {
        let rule = &self.rule;
        let facts = self.facts.get(doc as usize)?;
        if facts.listed_from > rule.now || facts.listed_until <= rule.now {
            return None;
        }
        let price = facts.price;
        if price < rule.price_min || price > rule.price_max || (rule.in_stock && !facts.in_stock) {
            return None;
        }
        let (score, first, second) = match rule.sort {
            Sort::Relevance => (score, facts.popularity, 0),
            Sort::Popular => (0.0, facts.popularity, 0),
            Sort::New => (0.0, facts.created_at, 0),
            Sort::PriceAsc => (0.0, -price, facts.created_at),
            Sort::PriceDesc => (0.0, price, facts.created_at),
        };
        Some(Hit { score, first, second, segment: self.segment, doc })
    }

    /// Keeps the first `keep` hits and every hit equal to the last of them (the id, read
    /// later, orders equals).
    fn prune(&mut self) {
        let keep = self.keep;
        self.hits.select_nth_unstable_by(keep - 1, by_order);
        let worst = self.hits[keep - 1];
        let mut kept = keep;
        for i in keep..self.hits.len() {
            if by_order(&self.hits[i], &worst).is_eq() {
                self.hits.swap(kept, i);
                kept += 1;
            }
        }
        self.hits.truncate(kept);
        self.worst = Some(worst);
        self.prune_at = self.prune_at.max(kept.saturating_mul(2));
    }
}

impl SegmentCollector for SegmentMatches {
    type Fruit = (Vec<Hit>, usize);

    fn collect(&mut self, doc: DocId, score: Score) {
        let Some(hit) = self.hit(doc, score) else { return };
        self.count += 1;
        if self.worst.is_some_and(|worst| by_order(&hit, &worst).is_gt()) {
            return;
        }
        self.hits.push(hit);
        if self.hits.len() >= self.prune_at {
            self.prune();
        }
    }

    fn harvest(self) -> (Vec<Hit>, usize) {
        (self.hits, self.count)
    }
}

/// The ids of `page` of `hits` in order. Only the hits up to the page's end are sorted, and
/// the id, the last tie-breaker, is read only where equal hits meet the page.
fn page_of(searcher: &Searcher, mut hits: Vec<Hit>, page: Page) -> anyhow::Result<Vec<String>> {
    let offset = usize::try_from(page.offset())?;
    let end = offset.saturating_add(usize::try_from(page.per)?).min(hits.len());
    if offset >= end {
        return Ok(Vec::new());
    }
    if end < hits.len() {
        hits.select_nth_unstable_by(end - 1, by_order);
        // The page's last hit may have equals after it that the id puts before it.
        let last = hits[end - 1];
        let mut kept = end;
        for i in end..hits.len() {
            if by_order(&hits[i], &last).is_eq() {
                hits.swap(kept, i);
                kept += 1;
            }
        }
        hits.truncate(kept);
    }
    hits.sort_unstable_by(by_order);
    let mut ids = Ids::new(searcher);
    let mut page_ids: Vec<Option<String>> = vec![None; end - offset];
    let mut from = 0;
    while from < end {
        let mut to = from + 1;
        while to < hits.len() && by_order(&hits[from], &hits[to]).is_eq() {
            to += 1;
        }
        if to > offset {
            // The group's first `need` places are filled by its largest ids.
            let need = to.min(end) - from;
            for (position, id) in (from..).zip(ids.largest(&hits[from..to], need)?) {
                if position >= offset {
                    page_ids[position - offset] = Some(id);
                }
            }
        }
        from = to;
    }
    Ok(page_ids.into_iter().flatten().collect())
}

/// Reads product ids from each segment's id column, opened when first needed.
struct Ids<'a> {
    searcher: &'a Searcher,
    columns: Vec<Option<StrColumn>>,
}

impl<'a> Ids<'a> {
    fn new(searcher: &'a Searcher) -> Self {
        Ids { searcher, columns: vec![None; searcher.segment_readers().len()] }
    }

    /// The `need` largest ids of `hits`, largest first. Within one segment the id column's
    /// ordinals follow the ids' order, so only each segment's `need` largest ordinals are read
    /// as text: a popular keyword's tie can hold thousands of hits.
    fn largest(&mut self, hits: &[Hit], need: usize) -> anyhow::Result<Vec<String>> {
        let mut by_segment: HashMap<SegmentOrdinal, Vec<u64>> = HashMap::new();
        for hit in hits {
            let ord = self.column(hit.segment)?.term_ords(hit.doc).next().ok_or_else(|| anyhow::anyhow!("search index: a document without id"))?;
            by_segment.entry(hit.segment).or_default().push(ord);
        }
        let mut candidates = Vec::new();
        for (segment, mut ords) in by_segment {
            if ords.len() > need {
                ords.select_nth_unstable_by(need - 1, |a, b| b.cmp(a));
                ords.truncate(need);
            }
            let column = self.column(segment)?;
            for ord in ords {
                let mut id = String::new();
                column.ord_to_str(ord, &mut id)?;
                candidates.push(id);
            }
        }
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        candidates.truncate(need);
        Ok(candidates)
    }

    fn column(&mut self, segment: SegmentOrdinal) -> anyhow::Result<&StrColumn> {
        let slot = &mut self.columns[segment as usize];
        if slot.is_none() {
            *slot = self.searcher.segment_reader(segment).fast_fields().str(ID)?;
        }
        slot.as_ref().ok_or_else(|| anyhow::anyhow!("search index: no id column"))
    }
}

/// The runs of one to [`GRAM`] characters starting at each character, all at the character's
/// position. Spaces separate the stored names and never occur inside a term, so no token holds
/// one; they still take a position, so a phrase cannot bridge two names.
#[derive(Clone, Default)]
struct CharGramTokenizer {
    tokens: Vec<Token>,
}

impl Tokenizer for CharGramTokenizer {
    type TokenStream<'a> = CharGramStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> CharGramStream<'a> {
        self.tokens = char_grams(text);
        CharGramStream { tokens: &mut self.tokens, next: 0 }
    }
}

fn char_grams(text: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let end_of = |i: usize| chars.get(i + 1).map_or(text.len(), |(offset, _)| *offset);
    let mut tokens = Vec::with_capacity(chars.len() * GRAM);
    for (position, &(from, _)) in chars.iter().enumerate() {
        let run = chars[position..].iter().take(GRAM).take_while(|(_, c)| *c != ' ').count();
        for length in 1..=run {
            let to = end_of(position + length - 1);
            tokens.push(Token { offset_from: from, offset_to: to, position, text: text[from..to].to_owned(), position_length: 1 });
        }
    }
    tokens
}

struct CharGramStream<'a> {
    tokens: &'a mut Vec<Token>,
    next: usize,
}

impl TokenStream for CharGramStream<'_> {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infra::search_text::{normalise, terms};

    const NOW: i64 = 1_000_000;

    fn product(id: &str, name: &str, more: &str, popularity: i64) -> SearchDocumentRow {
        SearchDocumentRow {
            id: id.into(),
            channel_id: ChannelId::from_text("shop"),
            search_name: normalise(name),
            search_text: normalise(&format!("{name} {more}")),
            popularity,
            price: 1000,
            is_published: 1,
            in_stock: 1,
            ..Default::default()
        }
    }

    fn index(products: Vec<SearchDocumentRow>) -> Catalog {
        Catalog::build(products, 0).unwrap()
    }

    fn rule(sort: Sort) -> Rule {
        Rule { now: NOW, price_min: i64::MIN, price_max: i64::MAX, in_stock: false, sort }
    }

    fn ask_with(catalog: &Catalog, keyword: &str, rule: Rule, narrowed: &Narrowed, page: Page) -> Found {
        catalog.live.find(&Ask { channel_id: &ChannelId::from_text("shop"), terms: &terms(keyword), narrowed, rule }, page).unwrap()
    }

    fn all(catalog: &Catalog, keyword: &str, rule: Rule) -> Vec<String> {
        ask_with(catalog, keyword, rule, &Narrowed::default(), Page { current: 1, per: 100 }).ids
    }

    fn search(catalog: &Catalog, keyword: &str) -> Vec<String> {
        all(catalog, keyword, rule(Sort::Relevance))
    }

    fn gloves() -> Catalog {
        index(vec![
            product("glove", "ウインターグローブ GK-839", "ライディングギア ブラック", 5),
            product("boots", "ライディングブーツ", "ライディングギア", 9),
            product("grip", "グリップヒーター", "電装パーツ", 1),
            product("tool", "ＬＥＤバルブ H4", "電装パーツ ﾚｯﾄﾞ", 2),
        ])
    }

    #[test]
    fn each_character_gives_the_runs_of_up_to_four_it_starts_at_its_position() {
        let tokens: Vec<(usize, String)> = char_grams("ぐろーぶす a").into_iter().map(|t| (t.position, t.text)).collect();
        let expected = [
            (0, "ぐ"),
            (0, "ぐろ"),
            (0, "ぐろー"),
            (0, "ぐろーぶ"),
            (1, "ろ"),
            (1, "ろー"),
            (1, "ろーぶ"),
            (1, "ろーぶす"),
            (2, "ー"),
            (2, "ーぶ"),
            (2, "ーぶす"),
            (3, "ぶ"),
            (3, "ぶす"),
            (4, "す"),
            (6, "a"),
        ];
        assert_eq!(tokens, expected.map(|(p, t)| (p, t.to_owned())));
    }

    #[test]
    fn runs_of_four_cover_every_character_of_a_longer_term() {
        assert_eq!(covering_offsets(5), vec![0, 1]);
        assert_eq!(covering_offsets(8), vec![0, 4]);
        assert_eq!(covering_offsets(9), vec![0, 4, 5]);
    }

    #[test]
    fn hiragana_half_width_and_full_width_spellings_find_the_katakana_name() {
        let index = gloves();
        for keyword in ["グローブ", "ぐろーぶ", "ｸﾞﾛｰﾌﾞ", "ＧＫ－８３９", "gk-839"] {
            assert_eq!(search(&index, keyword), vec!["glove"], "{keyword}");
        }
        assert_eq!(search(&index, "led"), vec!["tool"]);
        assert_eq!(search(&index, "れっど"), vec!["tool"]);
    }

    #[test]
    fn part_of_a_word_and_single_characters_match() {
        let index = gloves();
        assert_eq!(search(&index, "ろーぶ"), vec!["glove"]);
        assert_eq!(search(&index, "いでぃ"), vec!["boots", "glove"], "the name match first");
        let mut one_char = search(&index, "ぐ");
        one_char.sort();
        assert_eq!(one_char, vec!["boots", "glove", "grip"]);
        assert_eq!(search(&index, "4"), vec!["tool"]);
        assert!(search(&index, "ず").is_empty());
    }

    #[test]
    fn every_term_must_match() {
        let index = gloves();
        assert_eq!(search(&index, "らいでぃんぐ ぶらっく"), vec!["glove"]);
        assert_eq!(search(&index, "電装 ひーたー"), vec!["grip"]);
        assert!(search(&index, "ぐろーぶ でんそう").is_empty());
    }

    #[test]
    fn runs_found_apart_are_no_match() {
        // ぐろ, ろー and ーぶ all occur, but never as ぐろーぶ; ぐろーぶ and ろーぶす occur, but
        // never as ぐろーぶす.
        let index = index(vec![product("apart", "ぐろーと ーぶる", "", 0), product("across", "ぐろ ーぶ", "", 0), product("long", "ぐろーぶ ろーぶす", "", 0)]);
        assert!(search(&index, "ぐろーぶす").is_empty());
        assert_eq!(search(&index, "ぐろーぶ"), vec!["long"]);
        assert_eq!(search(&index, "ろーぶ"), vec!["long"]);
        let mut three = search(&index, "ぐろー");
        three.sort();
        assert_eq!(three, vec!["apart", "long"]);
        let repeated = index_of(&["ああああ", "あああ", "ああああああ", "あああああ あ"]);
        assert_eq!(search(&repeated, "ああああ").len(), 3);
        assert_eq!(search(&repeated, "ああああああ"), vec!["2"]);
        let mut five = search(&repeated, "あああああ");
        five.sort();
        assert_eq!(five, vec!["2", "3"]);
    }

    fn index_of(names: &[&str]) -> Catalog {
        index(names.iter().enumerate().map(|(i, name)| product(&i.to_string(), name, "", 0)).collect())
    }

    #[test]
    fn name_matches_rank_first_then_popularity_then_the_higher_id() {
        let index = index(vec![
            product("in-category", "ソーラーパネル", "充電器", 100),
            product("named-quiet", "ミニ充電器", "バッテリー", 1),
            product("named-popular", "ミニ充電器", "バッテリー", 50),
            product("named-popular-b", "ミニ充電器", "バッテリー", 50),
        ]);
        assert_eq!(search(&index, "充電器"), vec!["named-popular-b", "named-popular", "named-quiet", "in-category"]);
    }

    #[test]
    fn other_channels_products_are_not_found() {
        let mut other = product("elsewhere", "グローブ", "", 0);
        other.channel_id = ChannelId::from_text("other");
        let index = index(vec![other, product("here", "グローブ", "", 0)]);
        assert_eq!(search(&index, "ぐろーぶ"), vec!["here"]);
    }

    fn priced(id: &str, price: i64, created_at: i64, popularity: i64) -> SearchDocumentRow {
        SearchDocumentRow { price, created_at, ..product(id, "チェーン", "", popularity) }
    }

    #[test]
    fn the_list_sorts_order_the_matches_with_the_id_breaking_ties() {
        let index =
            index(vec![priced("a", 3000, 10, 5), priced("b", 1000, 30, 9), priced("c", 3000, 20, 5), priced("d", 2000, 20, 1), priced("e", 1000, 30, 2)]);
        assert_eq!(all(&index, "ちぇーん", rule(Sort::New)), vec!["e", "b", "d", "c", "a"]);
        assert_eq!(all(&index, "ちぇーん", rule(Sort::PriceAsc)), vec!["e", "b", "d", "c", "a"]);
        assert_eq!(all(&index, "ちぇーん", rule(Sort::PriceDesc)), vec!["c", "a", "d", "e", "b"]);
        assert_eq!(all(&index, "ちぇーん", rule(Sort::Popular)), vec!["b", "c", "a", "e", "d"]);
    }

    #[test]
    fn pages_follow_one_another_and_ties_at_a_page_edge_go_by_id() {
        // Eleven equal products: only the id orders them, across every page boundary.
        let index = index((0..11).map(|i| priced(&format!("p{i:02}"), 1000, 0, 0)).collect());
        let mut paged = Vec::new();
        for current in 1..=4 {
            let found = ask_with(&index, "ちぇーん", rule(Sort::Popular), &Narrowed::default(), Page { current, per: 3 });
            assert_eq!(found.total, 11);
            paged.extend(found.ids);
        }
        let expected: Vec<String> = (0..11).rev().map(|i| format!("p{i:02}")).collect();
        assert_eq!(paged, expected);
        let beyond = ask_with(&index, "ちぇーん", rule(Sort::Popular), &Narrowed::default(), Page { current: 5, per: 3 });
        assert_eq!((beyond.ids.len(), beyond.total), (0, 11));
    }

    #[test]
    fn thousands_of_matches_are_pruned_to_the_page_without_changing_it() {
        // Far more matches than the collector keeps, with many ties on popularity: every page
        // is what sorting them all would give.
        let index = index((0..3000).map(|i| priced(&format!("p{i:04}"), 1000, 0, (i * 7919) % 37)).collect());
        let mut expected: Vec<(i64, String)> = (0..3000).map(|i| ((i * 7919) % 37, format!("p{i:04}"))).collect();
        expected.sort_by(|a, b| b.cmp(a));
        for current in [1, 2, 7, 150] {
            let found = ask_with(&index, "ちぇーん", rule(Sort::Popular), &Narrowed::default(), Page { current, per: 20 });
            let from = (current as usize - 1) * 20;
            let wanted: Vec<String> = expected[from..from + 20].iter().map(|(_, id)| id.clone()).collect();
            assert_eq!((found.ids, found.total), (wanted, 3000), "page {current}");
        }
    }

    #[test]
    fn only_listable_products_in_the_price_range_and_with_stock_when_asked_match() {
        let unpublished = SearchDocumentRow { is_published: 0, ..priced("unpublished", 1000, 0, 0) };
        let upcoming = SearchDocumentRow { sale_start: Some(NOW + 1), ..priced("upcoming", 1000, 0, 0) };
        let started = SearchDocumentRow { sale_start: Some(NOW), sale_end: Some(NOW + 1), ..priced("started", 1000, 0, 0) };
        let ended = SearchDocumentRow { sale_end: Some(NOW), ..priced("ended", 1000, 0, 0) };
        let sold_out = SearchDocumentRow { in_stock: 0, ..priced("sold-out", 1000, 0, 0) };
        let index = index(vec![unpublished, upcoming, started, ended, sold_out, priced("cheap", 500, 0, 0), priced("dear", 5000, 0, 0)]);
        let mut listed = all(&index, "ちぇーん", rule(Sort::New));
        listed.sort();
        assert_eq!(listed, vec!["cheap", "dear", "sold-out", "started"]);
        let in_range = Rule { price_min: 500, price_max: 1000, ..rule(Sort::PriceAsc) };
        assert_eq!(all(&index, "ちぇーん", in_range), vec!["cheap", "started", "sold-out"]);
        let in_stock = Rule { in_stock: true, ..rule(Sort::PriceAsc) };
        assert_eq!(all(&index, "ちぇーん", in_stock), vec!["cheap", "started", "dear"]);
    }

    #[test]
    fn categories_makers_brands_and_tags_narrow_by_id() {
        let mut bike = product("bike", "チェーン", "", 2);
        (bike.category_ids, bike.maker_id, bike.tag_ids) = (vec!["c-bike".into()], Some("m-daytona".into()), vec!["t-new".into(), "t-sale".into()]);
        let mut cycle = product("cycle", "チェーン", "", 1);
        (cycle.category_ids, cycle.brand_id) = (vec!["c-cycle".into()], Some("b-xtr".into()));
        let index = index(vec![bike, cycle]);
        let find = |narrowed: Narrowed| ask_with(&index, "ちぇーん", rule(Sort::Popular), &narrowed, Page { current: 1, per: 10 }).ids;
        assert_eq!(find(Narrowed { categories: Some(vec!["c-cycle".into(), "c-bike".into()]), ..Default::default() }), vec!["bike", "cycle"]);
        assert_eq!(find(Narrowed { categories: Some(vec!["c-cycle".into()]), ..Default::default() }), vec!["cycle"]);
        assert_eq!(find(Narrowed { makers: Some(vec!["m-daytona".into()]), ..Default::default() }), vec!["bike"]);
        assert_eq!(find(Narrowed { brands: Some(vec!["b-xtr".into()]), ..Default::default() }), vec!["cycle"]);
        assert_eq!(find(Narrowed { tags: Some(vec!["t-sale".into()]), ..Default::default() }), vec!["bike"]);
        assert!(find(Narrowed { makers: Some(Vec::new()), ..Default::default() }).is_empty(), "an unknown maker keeps nothing");
    }

    #[test]
    fn an_edited_product_is_found_by_its_new_words_and_a_deleted_one_no_more() {
        let mut index = gloves();
        let renamed = SearchDocumentRow { updated_at: 5, ..product("glove", "サマーメッシュジャケット", "ライディングギア", 5) };
        let changed = vec!["glove".to_owned(), "boots".to_owned()];
        let boots = SearchDocumentRow { price: 9000, updated_at: 5, ..product("boots", "ライディングブーツ", "ライディングギア", 9) };
        assert_eq!(index.apply(vec![renamed, boots], &changed, &["grip".to_owned()], 7).unwrap(), (2, 1));
        assert_eq!(search(&index, "めっしゅ"), vec!["glove"]);
        assert!(search(&index, "ぐろーぶ").is_empty());
        assert!(search(&index, "ひーたー").is_empty());
        assert_eq!(all(&index, "ぶーつ", Rule { price_min: 9000, ..rule(Sort::Relevance) }), vec!["boots"]);
        assert_eq!((index.stamps.len(), index.stamps["glove"], index.checked_from), (3, (5, 0), 7));
    }

    #[test]
    fn stamps_that_differ_from_the_indexed_ones_mark_a_change_and_missing_ones_a_deletion() {
        let index = gloves();
        let stamp = |id: &str, updated_at: i64, variations_stamp: i64| SearchStampRow { id: id.into(), updated_at, variations_stamp };
        let stamps = vec![stamp("glove", 0, 0), stamp("boots", 0, 3), stamp("tool", 1, 0), stamp("new", 1, 1)];
        let (mut changed, gone) = index.compare(&stamps, false);
        changed.sort();
        assert_eq!(changed, vec!["boots", "new", "tool"]);
        assert!(gone.is_empty(), "a window of stamps says nothing of the products outside it");
        assert_eq!(index.compare(&stamps, true).1, vec!["grip"]);
    }
}
