//! The database: one `AnyPool` over SQLite or PostgreSQL (the URL picks), one migration history,
//! and write transactions that queue on SQLite instead of failing with "database is locked".
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AnyPool, Executor, Transaction};

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The advisory locks of [`Db::begin_write_exclusive`]; the value is PostgreSQL's lock key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartupLock {
    DemoSeed = 0x5e0d_0001,
    PostalCodes = 0x5e0d_0002,
    SharedSecrets = 0x5e0d_0003,
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

pub type Tx = Transaction<'static, Any>;

impl Db {
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
        };
        let url = if backend == Backend::Sqlite { sqlite_url_creating_file(url)? } else { url.to_owned() };
        let options = AnyConnectOptions::from_str(&url).context("parsing DATABASE_URL")?;
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the one writer; the busy timeout makes a
                        // second writer wait for the lock instead of failing at once.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        // Reads through the OS page cache, shared by every connection: with
                        // SQLite's own 2 MB per-connection cache, a keyword search's thousands of
                        // primary-key lookups at 100k products took 45 ms instead of 15 ms.
                        conn.execute("PRAGMA mmap_size = 1073741824").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .with_context(|| format!("connecting to the {backend:?} database"))?;
        Ok(Db { pool, backend })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        MIGRATOR.run(&self.pool).await.context("running migrations")?;
        match self.backend {
            Backend::Postgres => self.add_postgres_search_index().await,
            Backend::Sqlite => self.analyse_sqlite_indexes().await,
        }
        Ok(())
    }

    /// SQLite only: the planner's statistics (sqlite_stat1), gathered on each start for the
    /// tables that are new or have grown many times since last. Without them SQLite guesses that
    /// every index narrows a search alike: an order search by tracking number walked the shop's
    /// 100,000 orders through the shop's index (140 ms) instead of finding its order by id.
    /// PostgreSQL's autovacuum does this on its own.
    /// `analysis_limit` samples each index instead of reading it whole (SQLite's advice for
    /// `optimize`): at a million products the whole reading held the start for 76 s.
    async fn analyse_sqlite_indexes(&self) {
        let analysed = async {
            let mut conn = self.pool.acquire().await?;
            sqlx::query("PRAGMA analysis_limit = 1000").execute(&mut *conn).await?;
            sqlx::query("PRAGMA optimize=0x10002").execute(&mut *conn).await?;
            Ok::<(), sqlx::Error>(())
        };
        if let Err(error) = analysed.await {
            tracing::warn!(error = format!("{error:#}"), "SQLite's planner statistics were not gathered");
        }
    }

    /// PostgreSQL only (the one migration history cannot say it): a trigram index on the order
    /// desk's search column, so a search of three or more characters over a million orders
    /// reads the index instead of every order (bench/orders.sh: 535 ms → under 20 ms). Built
    /// CONCURRENTLY, so a large shop keeps taking orders meanwhile. Without the pg_trgm
    /// extension (a managed database that refuses it) the search still works, by scanning.
    async fn add_postgres_search_index(&self) {
        let steps = [
            "CREATE EXTENSION IF NOT EXISTS pg_trgm",
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_search_trgm ON orders USING gin (search_text gin_trgm_ops)",
        ];
        for step in steps {
            if let Err(error) = sqlx::query(step).execute(&self.pool).await {
                tracing::warn!(error = format!("{error:#}"), step, "the order search's trigram index is not there: searches read every order");
                return;
            }
        }
    }

    /// A transaction that will write. On SQLite it takes the write lock up front
    /// (`BEGIN IMMEDIATE`), so concurrent writers queue behind the busy timeout rather than
    /// failing when a read lock would have to be upgraded.
    pub async fn begin_write(&self) -> sqlx::Result<Tx> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// A write transaction that also waits for every other instance's transaction holding
    /// `lock`: for work done once however many instances start at once (seeding a first
    /// start, loading reference data). SQLite's write lock already serialises it.
    pub async fn begin_write_exclusive(&self, lock: StartupLock) -> sqlx::Result<Tx> {
        match self.backend {
            Backend::Postgres => {
                let mut tx = self.begin_write().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(lock as i64).execute(&mut *tx).await?;
                Ok(tx)
            }
            // The other instance may hold the write lock longer than the busy timeout (loading
            // 120k postal codes on a busy machine): keep asking, as PostgreSQL's lock waits.
            Backend::Sqlite => {
                let started = std::time::Instant::now();
                loop {
                    match self.begin_write().await {
                        Err(error) if is_busy(&error) && started.elapsed() < STARTUP_LOCK_WAIT => tokio::time::sleep(Duration::from_millis(200)).await,
                        outcome => return outcome,
                    }
                }
            }
        }
    }

    pub async fn ping(&self) -> sqlx::Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }

    /// The versions of this binary's migrations that the database has not applied successfully
    /// (an instance is not ready with any).
    pub async fn missing_migrations(&self) -> sqlx::Result<Vec<i64>> {
        let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success").fetch_all(&self.pool).await?;
        Ok(MIGRATOR.iter().filter(|m| !m.migration_type.is_down_migration()).map(|m| m.version).filter(|v| !applied.contains(v)).collect())
    }
}

/// How long a starting instance waits for another one's first-start work on SQLite.
const STARTUP_LOCK_WAIT: Duration = Duration::from_secs(600);

/// SQLite's SQLITE_BUSY: another connection holds the write lock past the busy timeout.
fn is_busy(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|e| e.code().as_deref() == Some("5") || e.message().contains("database is locked"))
}

/// `sqlite://data/shop.db` → make sure `data/` exists and ask SQLite to create the file.
fn sqlite_url_creating_file(url: &str) -> anyhow::Result<String> {
    let rest = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path.is_empty() || path == ":memory:" {
        anyhow::bail!("an in-memory SQLite database gives each connection its own data; use a file");
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let query = if query.contains("mode=") {
        query.to_owned()
    } else if query.is_empty() {
        "mode=rwc".into()
    } else {
        format!("{query}&mode=rwc")
    };
    Ok(format!("sqlite://{path}?{query}"))
}

/// Booleans are stored as INTEGER 0/1 on both databases.
pub fn flag(value: bool) -> i64 {
    i64::from(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_get_create_mode() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/sub/shop.db", dir.path().display());
        let made = sqlite_url_creating_file(&url).unwrap();
        assert!(made.ends_with("shop.db?mode=rwc"));
        assert!(dir.path().join("sub").is_dir());
        assert!(sqlite_url_creating_file("sqlite::memory:").is_err());
    }
}
