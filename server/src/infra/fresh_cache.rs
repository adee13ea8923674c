//! A small cache for values every request needs and that may be a moment old: the channel a
//! request names, a member's session version, a member's favourites. Each value is fresh for
//! `fresh_for` after it was loaded; after that the first request that asks reloads it while
//! requests asking at the same time get the old value once more, so a hot key expiring never
//! sends every request in flight to the database. Keys are looked up by reference (a `&str`
//! for a `String` key), so a hit allocates nothing.
//!
//! Built on quick_cache (sharded, bounded, no background threads): moka's hit path (a key
//! clone, a read-log channel, an async lock) cost a cached catalogue answer a tenth of its
//! throughput (issue 29).
use std::borrow::Borrow;
use std::future::Future;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub struct FreshCache<K, V> {
    entries: Arc<quick_cache::sync::Cache<K, Arc<Slot<V>>>>,
    fresh_for: Duration,
}

impl<K, V> Clone for FreshCache<K, V> {
    fn clone(&self) -> Self {
        FreshCache { entries: self.entries.clone(), fresh_for: self.fresh_for }
    }
}

struct Slot<V> {
    value: V,
    loaded_at: Instant,
    reloading: AtomicBool,
}

/// Lets the next request reload when this one stops before its reload finished (an error, or
/// a client that went away and dropped the request).
struct ReloadClaim<'a>(&'a AtomicBool);

impl Drop for ReloadClaim<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

impl<K: Eq + Hash + Clone, V: Clone> FreshCache<K, V> {
    /// Holds about `capacity` keys; the least used leave first.
    pub fn new(capacity: usize, fresh_for: Duration) -> Self {
        FreshCache { entries: Arc::new(quick_cache::sync::Cache::new(capacity)), fresh_for }
    }

    /// The value for `key`, loaded with `load` when absent or stale (see the module's note).
    /// A load's error is returned as it is and nothing is kept.
    pub async fn get_or_try_load<Q, F, Fut, E>(&self, key: &Q, load: F) -> Result<V, E>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ToOwned<Owned = K> + ?Sized,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, E>>,
    {
        let current = self.entries.get(key);
        let _claim = match &current {
            Some(slot) if slot.loaded_at.elapsed() < self.fresh_for => return Ok(slot.value.clone()),
            Some(slot) if slot.reloading.swap(true, Ordering::AcqRel) => return Ok(slot.value.clone()),
            Some(slot) => Some(ReloadClaim(&slot.reloading)),
            None => None,
        };
        let value = load().await?;
        self.insert(key.to_owned(), value.clone());
        Ok(value)
    }

    /// The value for `key` while it is fresh; None when absent or stale.
    pub fn get_fresh<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.entries.get(key).filter(|slot| slot.loaded_at.elapsed() < self.fresh_for).map(|slot| slot.value.clone())
    }

    pub fn insert(&self, key: K, value: V) {
        self.entries.insert(key, Arc::new(Slot { value, loaded_at: Instant::now(), reloading: AtomicBool::new(false) }));
    }

    /// Forgets one key, e.g. after this process changed what it holds.
    pub fn forget<Q>(&self, key: &Q)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.entries.remove(key);
    }

    /// Forgets everything.
    pub fn forget_all(&self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    fn counting_load(loads: &Arc<AtomicUsize>) -> impl FnOnce() -> std::future::Ready<Result<usize, ()>> + use<> {
        let loads = loads.clone();
        move || std::future::ready(Ok(loads.fetch_add(1, Ordering::SeqCst) + 1))
    }

    #[tokio::test]
    async fn a_fresh_value_is_served_without_loading_again() {
        let cache: FreshCache<String, usize> = FreshCache::new(10, Duration::from_secs(60));
        let loads = Arc::new(AtomicUsize::new(0));
        for _ in 0..3 {
            assert_eq!(cache.get_or_try_load("k", counting_load(&loads)).await, Ok(1));
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_stale_value_is_reloaded_by_the_next_request() {
        let cache: FreshCache<String, usize> = FreshCache::new(10, Duration::ZERO);
        let loads = Arc::new(AtomicUsize::new(0));
        assert_eq!(cache.get_or_try_load("k", counting_load(&loads)).await, Ok(1));
        assert_eq!(cache.get_or_try_load("k", counting_load(&loads)).await, Ok(2), "the request after expiry waits for the new value");
    }

    #[tokio::test]
    async fn while_one_request_reloads_the_others_get_the_old_value() {
        let cache: FreshCache<String, usize> = FreshCache::new(10, Duration::ZERO);
        cache.insert("k".into(), 1);
        let (release, released) = tokio::sync::oneshot::channel::<()>();
        let slow = {
            let cache = cache.clone();
            tokio::spawn(async move {
                cache
                    .get_or_try_load("k", || async {
                        released.await.ok();
                        Ok::<_, ()>(2)
                    })
                    .await
            })
        };
        tokio::task::yield_now().await;
        while !cache.entries.get("k").unwrap().reloading.load(Ordering::Acquire) {
            tokio::task::yield_now().await;
        }
        assert_eq!(cache.get_or_try_load("k", || async { Err::<usize, ()>(()) }).await, Ok(1), "the old value, no second load");
        release.send(()).unwrap();
        assert_eq!(slow.await.unwrap(), Ok(2));
    }

    #[tokio::test]
    async fn a_failed_or_abandoned_reload_lets_the_next_request_try() {
        let cache: FreshCache<String, usize> = FreshCache::new(10, Duration::ZERO);
        cache.insert("k".into(), 1);
        assert_eq!(cache.get_or_try_load("k", || async { Err::<usize, &str>("down") }).await, Err("down"));
        // A request dropped in the middle of its reload.
        let abandoned = cache.get_or_try_load("k", std::future::pending::<Result<usize, &str>>);
        assert!(tokio::time::timeout(Duration::from_millis(10), abandoned).await.is_err());
        assert_eq!(cache.get_or_try_load("k", || async { Ok::<_, &str>(3) }).await, Ok(3));
    }

    #[tokio::test]
    async fn forgotten_keys_are_loaded_again() {
        let cache: FreshCache<String, usize> = FreshCache::new(10, Duration::from_secs(60));
        let loads = Arc::new(AtomicUsize::new(0));
        cache.get_or_try_load("a", counting_load(&loads)).await.unwrap();
        cache.get_or_try_load("b", counting_load(&loads)).await.unwrap();
        cache.forget("a");
        assert_eq!(cache.get_or_try_load("a", counting_load(&loads)).await, Ok(3));
        cache.forget_all();
        assert_eq!(cache.get_or_try_load("b", counting_load(&loads)).await, Ok(4));
    }
}
