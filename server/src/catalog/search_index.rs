//! The keyword index: every channel's products in an in-RAM tantivy index, fed with the
//! already-normalised `products.search_name` / `search_text` (see [`search_text`]), answering
//! "which products match these terms, best first".
//!
//! Each character position i of the text gets two tokens at position i: the character and the
//! pair it starts. A term of two or more characters is then a phrase of its pairs, which matches
//! exactly where the text holds the term (the old `LIKE '%term%'` results); a one-character term
//! is the character itself. No dictionary is needed, so 「ろーぶ」 finds 「グローブ」.
//!
//! Freshness: built when first asked (the asker waits), then rebuilt in the background when a
//! cheap catalogue signature changes, checked at most once a second; the old index answers
//! meanwhile.
//!
//! [`search_text`]: super::search_text
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::indexer::NoMergePolicy;
use tantivy::query::{BooleanQuery, BoostQuery, ConstScoreQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use tantivy::{DocId, Index, IndexWriter, ReloadPolicy, Score, Searcher, SegmentOrdinal, SegmentReader, TantivyDocument, Term};

use super::store::{self, CatalogSignature, SearchDocumentRow};
use crate::infra::db::Db;

/// A match in the product's own name weighs this many times a match elsewhere in its text, so
/// that products named after the keyword come before those that merely sit in its category.
const NAME_BOOST: Score = 5.0;
/// How often a request may ask the database whether the catalogue changed.
const CHECK_EVERY: Duration = Duration::from_secs(1);
/// The writer's memory: enough for 100k products in one segment, given back after the build.
const WRITER_MEMORY: usize = 200 * 1024 * 1024;
const TOKENIZER: &str = "char_grams";
const ROW: &str = "row";

/// The shared handle in `AppState`; clones share one index.
#[derive(Clone, Default)]
pub struct SearchIndex(Arc<Shared>);

#[derive(Default)]
struct Shared {
    current: RwLock<Option<Arc<Snapshot>>>,
    /// Held through the first build, so simultaneous first searches build once.
    first_build: tokio::sync::Mutex<()>,
    refresh: Mutex<RefreshState>,
}

#[derive(Default)]
struct RefreshState {
    last_check: Option<Instant>,
    running: bool,
}

impl SearchIndex {
    /// Ids of the channel's products whose text holds every term, best first. `terms` are
    /// normalised and non-empty (see [`super::search_text::terms`]).
    pub async fn ranked_ids(&self, db: &Db, channel_id: &str, terms: &[String]) -> anyhow::Result<Vec<String>> {
        let snapshot = self.snapshot(db).await?;
        Ok(snapshot.ranked_ids(channel_id, terms)?)
    }

    /// Builds the index now, so that the first visitor's search does not wait for it (the
    /// server calls this in the background when it starts).
    pub async fn warm(&self, db: &Db) -> anyhow::Result<()> {
        self.snapshot(db).await.map(|_| ())
    }

    async fn snapshot(&self, db: &Db) -> anyhow::Result<Arc<Snapshot>> {
        if let Some(snapshot) = self.current() {
            self.refresh_if_due(db, snapshot.signature);
            return Ok(snapshot);
        }
        let _building = self.0.first_build.lock().await;
        if let Some(snapshot) = self.current() {
            return Ok(snapshot);
        }
        let snapshot = Arc::new(load(db).await?);
        self.replace(snapshot.clone());
        Ok(snapshot)
    }

    fn current(&self) -> Option<Arc<Snapshot>> {
        self.0.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn replace(&self, snapshot: Arc<Snapshot>) {
        *self.0.current.write().unwrap_or_else(|e| e.into_inner()) = Some(snapshot);
    }

    /// Starts one background check (and rebuild when the signature moved) unless one ran less
    /// than [`CHECK_EVERY`] ago or is still running; the request never waits for it.
    fn refresh_if_due(&self, db: &Db, signature: CatalogSignature) {
        if !self.claim_refresh() {
            return;
        }
        let (this, db) = (self.clone(), db.clone());
        tokio::spawn(async move {
            let _release = ReleaseOnDrop(this.0.clone());
            if let Err(error) = this.refresh(&db, signature).await {
                tracing::error!(error = format!("{error:#}"), "search index: refresh failed; the old index keeps answering");
            }
        });
    }

    fn claim_refresh(&self) -> bool {
        let mut state = self.0.refresh.lock().unwrap_or_else(|e| e.into_inner());
        let due = state.last_check.is_none_or(|at| at.elapsed() >= CHECK_EVERY);
        if state.running || !due {
            return false;
        }
        state.running = true;
        state.last_check = Some(Instant::now());
        true
    }

    async fn refresh(&self, db: &Db, signature: CatalogSignature) -> anyhow::Result<()> {
        if store::catalog_signature(db).await? != signature {
            self.replace(Arc::new(load(db).await?));
        }
        Ok(())
    }
}

/// Clears `running` even when the refresh task panics, so later checks still happen.
struct ReleaseOnDrop(Arc<Shared>);

impl Drop for ReleaseOnDrop {
    fn drop(&mut self) {
        self.0.refresh.lock().unwrap_or_else(|e| e.into_inner()).running = false;
    }
}

/// Reads every product and builds the index off the async workers.
async fn load(db: &Db) -> anyhow::Result<Snapshot> {
    let started = Instant::now();
    // The signature is read first: a product added while the rows are read is then seen as
    // a change at the next check, never missed.
    let signature = store::catalog_signature(db).await?;
    let rows = store::list_search_documents(db).await?;
    let read_ms = started.elapsed().as_millis() as u64;
    let products = rows.len();
    let snapshot = tokio::task::spawn_blocking(move || Snapshot::build(signature, rows)).await??;
    tracing::info!(products, read_ms, total_ms = started.elapsed().as_millis() as u64, "search index built");
    Ok(snapshot)
}

#[derive(Clone, Copy)]
struct Fields {
    channel: Field,
    name: Field,
    text: Field,
    /// The document's index into [`Snapshot::products`].
    row: Field,
}

/// One built index and what its rows stand for.
struct Snapshot {
    signature: CatalogSignature,
    searcher: Searcher,
    fields: Fields,
    /// (product id, popularity) by row.
    products: Vec<(String, i64)>,
}

impl Snapshot {
    fn build(signature: CatalogSignature, rows: Vec<SearchDocumentRow>) -> tantivy::Result<Snapshot> {
        let (schema, fields) = schema();
        let index = Index::create_in_ram(schema);
        index.tokenizers().register(TOKENIZER, CharGramTokenizer::default());
        // One thread: the build shares two cores with the requests being answered.
        let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let mut products = Vec::with_capacity(rows.len());
        for (row, product) in rows.into_iter().enumerate() {
            let mut doc = TantivyDocument::new();
            doc.add_text(fields.channel, &product.channel_id);
            doc.add_text(fields.name, &product.search_name);
            doc.add_text(fields.text, &product.search_text);
            doc.add_u64(fields.row, row as u64);
            writer.add_document(doc)?;
            products.push((product.id, product.popularity));
        }
        writer.commit()?;
        let searcher = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?.searcher();
        Ok(Snapshot { signature, searcher, fields, products })
    }

    fn ranked_ids(&self, channel_id: &str, terms: &[String]) -> tantivy::Result<Vec<String>> {
        let mut hits = self.searcher.search(&keyword_query(self.fields, channel_id, terms), &Hits)?;
        let products = &self.products;
        // Equal scores (the same words in equally long texts) go to the more popular product,
        // then to the higher id, as the other sorts break their ties.
        hits.sort_unstable_by(|(score_a, a), (score_b, b)| {
            let (a, b) = (&products[*a as usize], &products[*b as usize]);
            score_b.total_cmp(score_a).then(b.1.cmp(&a.1)).then(b.0.cmp(&a.0))
        });
        Ok(hits.into_iter().map(|(_, row)| products[row as usize].0.clone()).collect())
    }
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let grams = TextOptions::default()
        .set_indexing_options(TextFieldIndexing::default().set_tokenizer(TOKENIZER).set_index_option(IndexRecordOption::WithFreqsAndPositions));
    let fields = Fields {
        channel: builder.add_text_field("channel", STRING),
        name: builder.add_text_field("name", grams.clone()),
        text: builder.add_text_field("text", grams),
        row: builder.add_u64_field(ROW, FAST),
    };
    (builder.build(), fields)
}

/// The channel's products whose text holds every term; a term also found in the name adds
/// its boosted name score.
fn keyword_query(fields: Fields, channel_id: &str, terms: &[String]) -> BooleanQuery {
    let channel = TermQuery::new(Term::from_field_text(fields.channel, channel_id), IndexRecordOption::Basic);
    // The channel only filters; a score of its own would be the same for every product.
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, Box::new(ConstScoreQuery::new(Box::new(channel), 0.0)))];
    for term in terms {
        clauses.push((Occur::Must, substring_query(fields.text, term)));
        clauses.push((Occur::Should, Box::new(BoostQuery::new(substring_query(fields.name, term), NAME_BOOST))));
    }
    BooleanQuery::new(clauses)
}

/// Matches where `field` holds `term` as a substring: one character is its unigram, two are
/// their bigram, more are a phrase of bigrams covering every character.
fn substring_query(field: Field, term: &str) -> Box<dyn Query> {
    let chars: Vec<char> = term.chars().collect();
    let gram = |offset: usize| {
        let text: String = chars[offset..(offset + 2).min(chars.len())].iter().collect();
        Term::from_field_text(field, &text)
    };
    if chars.len() <= 2 {
        return Box::new(TermQuery::new(gram(0), IndexRecordOption::WithFreqs));
    }
    Box::new(PhraseQuery::new_with_offset(covering_offsets(chars.len()).into_iter().map(|o| (o, gram(o))).collect()))
}

/// Offsets of bigrams that cover `len` (>= 3) characters: every other one, plus the last
/// when `len` is odd. Fewer bigrams than all `len - 1` of them means fewer lists to intersect.
fn covering_offsets(len: usize) -> Vec<usize> {
    let mut offsets: Vec<usize> = (0..len - 1).step_by(2).collect();
    if len % 2 == 1 {
        offsets.push(len - 2);
    }
    offsets
}

/// Every match with its score, as (score, row); all of them, as SQL pages and counts them.
struct Hits;

impl Collector for Hits {
    type Fruit = Vec<(Score, u64)>;
    type Child = SegmentHits;

    fn for_segment(&self, _ordinal: SegmentOrdinal, segment: &SegmentReader) -> tantivy::Result<SegmentHits> {
        Ok(SegmentHits { rows: segment.fast_fields().u64(ROW)?, hits: Vec::new() })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Vec<(Score, u64)>>) -> tantivy::Result<Vec<(Score, u64)>> {
        Ok(fruits.concat())
    }
}

struct SegmentHits {
    rows: Column<u64>,
    hits: Vec<(Score, u64)>,
}

impl SegmentCollector for SegmentHits {
    type Fruit = Vec<(Score, u64)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        if let Some(row) = self.rows.first(doc) {
            self.hits.push((score, row));
        }
    }

    fn harvest(self) -> Vec<(Score, u64)> {
        self.hits
    }
}

/// The unigram and the bigram starting at each character, both at the character's position.
/// Spaces separate the stored names and never occur inside a term, so no token holds one;
/// they still take a position, so a phrase cannot bridge two names.
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
    let mut tokens = Vec::with_capacity(chars.len() * 2);
    for (position, &(from, c)) in chars.iter().enumerate() {
        if c == ' ' {
            continue;
        }
        let token = |to: usize| Token { offset_from: from, offset_to: to, position, text: text[from..to].to_owned(), position_length: 1 };
        tokens.push(token(end_of(position)));
        if chars.get(position + 1).is_some_and(|(_, next)| *next != ' ') {
            tokens.push(token(end_of(position + 1)));
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
    use crate::catalog::search_text::{normalise, terms};

    fn product(id: &str, name: &str, more: &str, popularity: i64) -> SearchDocumentRow {
        SearchDocumentRow {
            id: id.into(),
            channel_id: "shop".into(),
            search_name: normalise(name),
            search_text: normalise(&format!("{name} {more}")),
            popularity,
        }
    }

    fn index(products: Vec<SearchDocumentRow>) -> Snapshot {
        Snapshot::build(CatalogSignature { products: 0, newest: 0 }, products).unwrap()
    }

    fn search(snapshot: &Snapshot, keyword: &str) -> Vec<String> {
        snapshot.ranked_ids("shop", &terms(keyword)).unwrap()
    }

    fn gloves() -> Snapshot {
        index(vec![
            product("glove", "ウインターグローブ GK-839", "ライディングギア ブラック", 5),
            product("boots", "ライディングブーツ", "ライディングギア", 9),
            product("grip", "グリップヒーター", "電装パーツ", 1),
            product("tool", "ＬＥＤバルブ H4", "電装パーツ ﾚｯﾄﾞ", 2),
        ])
    }

    #[test]
    fn each_character_gives_its_unigram_and_bigram_at_its_position() {
        let tokens: Vec<(usize, String)> = char_grams("ぐろ a").into_iter().map(|t| (t.position, t.text)).collect();
        let expected = [(0, "ぐ"), (0, "ぐろ"), (1, "ろ"), (3, "a")];
        assert_eq!(tokens, expected.map(|(p, t)| (p, t.to_owned())));
    }

    #[test]
    fn bigrams_cover_every_character_of_a_term() {
        assert_eq!(covering_offsets(3), vec![0, 1]);
        assert_eq!(covering_offsets(4), vec![0, 2]);
        assert_eq!(covering_offsets(5), vec![0, 2, 3]);
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
    fn bigrams_found_apart_are_no_match() {
        // ぐろ, ろー and ーぶ all occur, but never as ぐろーぶ.
        let index = index(vec![product("apart", "ぐろーと ーぶる", "", 0), product("across", "ぐろ ーぶ", "", 0)]);
        assert!(search(&index, "ぐろーぶ").is_empty());
        assert!(search(&index, "ろーぶ").is_empty());
        assert_eq!(search(&index, "ぐろー"), vec!["apart"]);
        let repeated = index_of(&["ああああ", "あああ"]);
        assert_eq!(search(&repeated, "ああああ"), vec!["0"]);
    }

    fn index_of(names: &[&str]) -> Snapshot {
        index(names.iter().enumerate().map(|(i, name)| product(&i.to_string(), name, "", 0)).collect())
    }

    #[test]
    fn name_matches_rank_first_then_popularity() {
        let index = index(vec![
            product("in-category", "ソーラーパネル", "充電器", 100),
            product("named-quiet", "ミニ充電器", "バッテリー", 1),
            product("named-popular", "ミニ充電器", "バッテリー", 50),
        ]);
        assert_eq!(search(&index, "充電器"), vec!["named-popular", "named-quiet", "in-category"]);
    }

    #[test]
    fn other_channels_products_are_not_found() {
        let mut other = product("elsewhere", "グローブ", "", 0);
        other.channel_id = "other".into();
        let index = index(vec![other, product("here", "グローブ", "", 0)]);
        assert_eq!(search(&index, "ぐろーぶ"), vec!["here"]);
    }
}
