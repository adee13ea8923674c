//! Secrets every instance of a deployment must share. A configured value (environment) wins;
//! otherwise the first instance to start generates one and keeps it in `server_secrets`, and
//! every later instance reads that row, so a login on one instance is honoured by all. A key
//! file left under the data folder by an older single-instance deployment is taken over once,
//! so its members stay logged in. Anyone who can read the database can read these secrets:
//! a deployment whose backups travel further than its servers sets them in the environment.
use std::path::Path;

use anyhow::Context;

use super::db::{Db, StartupLock};
use super::secret::random_hex;
use super::time::Timestamp;

/// Shorter configured secrets are refused: an HMAC key should carry at least 128 bits.
const MIN_CONFIGURED_LENGTH: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharedSecret {
    /// Signs access tokens and tag grants (auth/token.rs).
    AccessTokens,
    /// Signs the sandbox gateway's notifications (payments/notification.rs).
    GatewayNotifications,
    /// Signs the bot check's ALTCHA challenges (bot_check/altcha.rs): a proof solved on one
    /// instance is checked by another.
    BotCheck,
}

impl SharedSecret {
    fn name(self) -> &'static str {
        match self {
            SharedSecret::AccessTokens => "jwt",
            SharedSecret::GatewayNotifications => "gateway",
            SharedSecret::BotCheck => "bot_check",
        }
    }

    fn variable(self) -> &'static str {
        match self {
            SharedSecret::AccessTokens => "SHOP_JWT_SECRET",
            SharedSecret::GatewayNotifications => "SHOP_GATEWAY_SECRET",
            SharedSecret::BotCheck => "SHOP_BOT_CHECK_SECRET",
        }
    }

    /// Where deployments before the shared table kept it (secrets added later had no file).
    fn legacy_file(self) -> Option<&'static str> {
        match self {
            SharedSecret::AccessTokens => Some("jwt.key"),
            SharedSecret::GatewayNotifications => Some("gateway.key"),
            SharedSecret::BotCheck => None,
        }
    }
}

/// The secret's value: the configured one, else the deployment's stored one (made now when
/// this is the first instance). Needs the migrated database.
pub async fn resolve(db: &Db, secret: SharedSecret, configured: Option<&str>, data_dir: &Path) -> anyhow::Result<String> {
    if let Some(value) = configured {
        anyhow::ensure!(value.len() >= MIN_CONFIGURED_LENGTH, "{} must be at least {MIN_CONFIGURED_LENGTH} characters", secret.variable());
        return Ok(value.to_owned());
    }
    if let Some(stored) = stored(db, secret).await? {
        return Ok(stored);
    }
    let legacy = secret.legacy_file().and_then(|file| std::fs::read_to_string(data_dir.join(file)).ok());
    let candidate = match legacy {
        Some(text) if !text.trim().is_empty() => text.trim().to_owned(),
        _ => random_hex(32),
    };
    // Two instances starting at once both get here; the first to take the lock stores its
    // candidate and the other reads it.
    let mut tx = db.begin_write_exclusive(StartupLock::SharedSecrets).await.context("storing a generated secret")?;
    sqlx::query("INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
        .bind(secret.name())
        .bind(&candidate)
        .bind(Timestamp::now().0)
        .execute(&mut *tx)
        .await
        .context("storing a generated secret")?;
    let kept: String = sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1").bind(secret.name()).fetch_one(&mut *tx).await?;
    tx.commit().await?;
    tracing::info!(secret = secret.name(), variable = secret.variable(), "no secret configured: using the one kept in the database");
    Ok(kept)
}

async fn stored(db: &Db, secret: SharedSecret) -> anyhow::Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1").bind(secret.name()).fetch_optional(&db.pool).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn database(dir: &Path) -> Db {
        let db = Db::connect(&format!("sqlite://{}/shop.db", dir.display()), 2).await.unwrap();
        db.migrate().await.unwrap();
        db
    }

    #[tokio::test]
    async fn a_generated_secret_is_made_once_and_shared_by_every_instance() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path()).await;
        let (dir_a, dir_b) = (dir.path().join("a"), dir.path().join("b"));
        let (first, second) = tokio::join!(resolve(&db, SharedSecret::AccessTokens, None, &dir_a), resolve(&db, SharedSecret::AccessTokens, None, &dir_b));
        let first = first.unwrap();
        assert_eq!(first, second.unwrap());
        assert_eq!(first.len(), 64);
        let other = resolve(&db, SharedSecret::GatewayNotifications, None, dir.path()).await.unwrap();
        assert_ne!(first, other, "each secret is its own");
        assert_eq!(resolve(&db, SharedSecret::AccessTokens, None, dir.path()).await.unwrap(), first);
    }

    #[tokio::test]
    async fn a_configured_secret_wins_and_must_be_long_enough() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path()).await;
        let configured = "configured-secret-configured-secret";
        assert_eq!(resolve(&db, SharedSecret::AccessTokens, Some(configured), dir.path()).await.unwrap(), configured);
        let short = resolve(&db, SharedSecret::AccessTokens, Some("short"), dir.path()).await.unwrap_err();
        assert!(short.to_string().contains("SHOP_JWT_SECRET"), "{short}");
    }

    #[tokio::test]
    async fn an_older_deployments_key_file_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let db = database(dir.path()).await;
        std::fs::write(dir.path().join("jwt.key"), "legacy-key-legacy-key-legacy-key-0000\n").unwrap();
        let value = resolve(&db, SharedSecret::AccessTokens, None, dir.path()).await.unwrap();
        assert_eq!(value, "legacy-key-legacy-key-legacy-key-0000");
    }
}
