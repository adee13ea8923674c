//! A read-through cache for hot, public, read-only answers (catalogue lists and product
//! pages): answers are kept as finished JSON bytes; an answer older than `fresh_for` (longer
//! for answers that were slow to load) is still
//! served while one background task reloads it (stale-while-revalidate), so a busy page never
//! waits on the database, and concurrent first requests for one key share a single load.
//!
//! Staleness is bounded by `fresh_for` plus one load, on every instance, without any
//! cross-instance messaging; writers in this process can also `invalidate_all`. Only answers
//! that are the same for every visitor may be cached here.
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// A finished 200 answer: its headers (pagination, content type) and body.
#[derive(Clone)]
pub struct CachedAnswer {
    headers: HeaderMap,
    body: Bytes,
}

impl CachedAnswer {
    /// Finishes an answer into bytes; only successful answers are worth keeping.
    pub async fn capture(answer: impl IntoResponse) -> Result<CachedAnswer, ApiError> {
        let response = answer.into_response();
        if response.status() != StatusCode::OK {
            return Err(ApiError::Internal(anyhow::anyhow!("only 200 answers are cached, got {}", response.status())));
        }
        let (mut parts, body) = response.into_parts();
        // Room for the headers the edge adds to every answer (edge.rs: CORS, the security
        // headers, the request id), so that adding them to a copy does not regrow its table.
        parts.headers.reserve(EDGE_HEADERS);
        let body = axum::body::to_bytes(body, 16 * 1024 * 1024).await.map_err(|e| ApiError::Internal(anyhow::anyhow!("buffering a cached answer: {e}")))?;
        Ok(CachedAnswer { headers: parts.headers, body })
    }
}

impl CachedAnswer {
    /// The finished JSON body.
    pub fn body(&self) -> &Bytes {
        &self.body
    }

    /// The same headers over another body: a personalised copy for one member (the kept
    /// answer stays the same for everyone).
    pub fn with_body(&self, body: Bytes) -> CachedAnswer {
        CachedAnswer { headers: self.headers.clone(), body }
    }
}

impl IntoResponse for CachedAnswer {
    fn into_response(self) -> Response {
        // The kept headers become the answer's headers as they are, not appended one by one.
        let mut response = Response::new(axum::body::Body::from(self.body));
        *response.headers_mut() = self.headers;
        response
    }
}

const EDGE_HEADERS: usize = 10;

struct Entry {
    answer: CachedAnswer,
    /// When a reload is due: `fresh_for` after loading, longer for answers that were slow to
    /// load, so a hot but expensive page (a keyword search) spends at most about a tenth of
    /// a core on being kept fresh.
    stale_at: Instant,
    refreshing: AtomicBool,
}

impl Entry {
    fn new(answer: CachedAnswer, started: Instant, fresh_for: Duration) -> Arc<Entry> {
        let now = Instant::now();
        let stale_at = now + fresh_for.max((now - started) * SLOW_LOAD_FACTOR);
        Arc::new(Entry { answer, stale_at, refreshing: AtomicBool::new(false) })
    }
}

const SLOW_LOAD_FACTOR: u32 = 10;

#[derive(Clone)]
pub struct ReadCache {
    /// quick_cache, not moka: a hit is a lookup by reference with nothing recorded for later
    /// (moka's hit path cost a cached answer a tenth of its throughput, issue 29). Rarely asked
    /// answers are not refreshed (a reload needs a request) and leave as others come in.
    entries: Arc<quick_cache::sync::Cache<String, Arc<Entry>>>,
    fresh_for: Duration,
}

impl ReadCache {
    pub fn new(max_entries: u64, fresh_for: Duration) -> Self {
        let capacity = usize::try_from(max_entries).unwrap_or(usize::MAX);
        ReadCache { entries: Arc::new(quick_cache::sync::Cache::new(capacity)), fresh_for }
    }

    /// The cached answer for `key`, loading it with `load` when absent. Errors (404, 422 …)
    /// are returned as they are and never cached.
    pub async fn get_or_load<F, Fut>(&self, key: String, load: F) -> Result<CachedAnswer, ApiError>
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<CachedAnswer, ApiError>> + Send + 'static,
    {
        if let Some(entry) = self.entries.get(&key) {
            if Instant::now() >= entry.stale_at && !entry.refreshing.swap(true, Ordering::AcqRel) {
                self.refresh_in_background(key, entry.clone(), load);
            }
            return Ok(entry.answer.clone());
        }
        // Concurrent first requests for one key wait for a single load; when it fails, the
        // next of them tries its own.
        match self.entries.get_value_or_guard_async(&key).await {
            Ok(entry) => Ok(entry.answer.clone()),
            Err(guard) => {
                let started = Instant::now();
                let entry = Entry::new(load().await?, started, self.fresh_for);
                let _ = guard.insert(entry.clone());
                Ok(entry.answer.clone())
            }
        }
    }

    fn refresh_in_background<F, Fut>(&self, key: String, stale: Arc<Entry>, load: F)
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<CachedAnswer, ApiError>> + Send + 'static,
    {
        let (entries, fresh_for) = (self.entries.clone(), self.fresh_for);
        tokio::spawn(async move {
            let started = Instant::now();
            match load().await {
                Ok(answer) => entries.insert(key, Entry::new(answer, started, fresh_for)),
                // The item is gone (404) or the database failed: drop the stale answer so the
                // next request asks again and sees the real outcome.
                Err(_) => {
                    stale.refreshing.store(false, Ordering::Release);
                    entries.remove(&key);
                }
            }
        });
    }

    /// Forgets everything, e.g. after this process changed the catalogue.
    pub fn invalidate_all(&self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    fn answer(text: &'static str) -> CachedAnswer {
        CachedAnswer { headers: HeaderMap::new(), body: Bytes::from_static(text.as_bytes()) }
    }

    #[tokio::test]
    async fn a_fresh_answer_is_served_without_loading_again() {
        let cache = ReadCache::new(100, Duration::from_secs(60));
        let loads = Arc::new(AtomicUsize::new(0));
        for _ in 0..3 {
            let loads = loads.clone();
            let got = cache
                .get_or_load("k".into(), move || {
                    let loads = loads.clone();
                    async move {
                        loads.fetch_add(1, Ordering::SeqCst);
                        Ok(answer("one"))
                    }
                })
                .await
                .unwrap();
            assert_eq!(got.body, "one");
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_stale_answer_is_served_once_more_while_it_reloads() {
        let cache = ReadCache::new(100, Duration::from_millis(0));
        let version = Arc::new(AtomicUsize::new(0));
        let load = {
            let version = version.clone();
            move || {
                let version = version.clone();
                async move {
                    let v = version.fetch_add(1, Ordering::SeqCst);
                    Ok(answer(if v == 0 { "old" } else { "new" }))
                }
            }
        };
        assert_eq!(cache.get_or_load("k".into(), load.clone()).await.unwrap().body, "old");
        assert_eq!(cache.get_or_load("k".into(), load.clone()).await.unwrap().body, "old", "stale while reloading");
        // The reload runs in the background: on a loaded machine it may take more than a moment.
        let mut body = Bytes::new();
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(50)).await;
            body = cache.get_or_load("k".into(), load.clone()).await.unwrap().body;
            if body == "new" {
                break;
            }
        }
        assert_eq!(body, "new", "the reloaded answer within 5 s");
    }

    #[tokio::test]
    async fn a_slow_answer_stays_fresh_ten_times_as_long_as_it_took() {
        let cache = ReadCache::new(100, Duration::from_millis(0));
        let loads = Arc::new(AtomicUsize::new(0));
        let load = {
            let loads = loads.clone();
            move || {
                let loads = loads.clone();
                async move {
                    loads.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(30)).await;
                    Ok(answer("slow"))
                }
            }
        };
        cache.get_or_load("k".into(), load.clone()).await.unwrap();
        cache.get_or_load("k".into(), load.clone()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(loads.load(Ordering::SeqCst), 1, "still fresh: no reload within 10 × 30 ms");
    }

    #[tokio::test]
    async fn errors_pass_through_and_are_not_kept() {
        let cache = ReadCache::new(100, Duration::from_secs(60));
        let missing = cache.get_or_load("k".into(), || async { Err(ApiError::not_found()) }).await;
        assert!(matches!(missing, Err(ApiError::NotFound(_))));
        let found = cache.get_or_load("k".into(), || async { Ok(answer("here")) }).await.unwrap();
        assert_eq!(found.body, "here");
    }
}
