//! argon2id password hashing, shared by member passwords, security-question answers and
//! protected tags. The PHC string keeps salt and parameters, so they can change later.
use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// The argon2id PHC string of `secret` with a fresh random salt.
pub fn hash(secret: &str) -> anyhow::Result<String> {
    let hashed = Argon2::default().hash_password(secret.as_bytes()).map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
    Ok(hashed.to_string())
}

/// Whether `secret` matches the stored PHC string; a malformed one matches nothing.
pub fn matches(secret: &str, stored: &str) -> bool {
    Argon2::default().verify_password(secret.as_bytes(), stored).is_ok()
}

/// Checks `secret` against `stored`, or against a throw-away hash when there is nothing to
/// check (unknown account), so both answers take the same time and reveal nothing.
pub fn matches_or_waste_time(secret: &str, stored: Option<&str>) -> bool {
    static DUMMY: LazyLock<String> = LazyLock::new(|| hash("no-such-account").unwrap_or_default());
    match stored {
        Some(stored) => matches(secret, stored),
        None => {
            let _ = matches(secret, &DUMMY);
            false
        }
    }
}

/// [`matches_or_waste_time`] on a blocking thread: argon2 takes tens of milliseconds of CPU,
/// which must not stall the async workers.
pub async fn check(secret: &str, stored: Option<&str>) -> anyhow::Result<bool> {
    let (secret, stored) = (secret.to_owned(), stored.map(str::to_owned));
    Ok(tokio::task::spawn_blocking(move || matches_or_waste_time(&secret, stored.as_deref())).await?)
}

/// [`hash`] on a blocking thread.
pub async fn hash_off_thread(secret: &str) -> anyhow::Result<String> {
    let secret = secret.to_owned();
    tokio::task::spawn_blocking(move || hash(&secret)).await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_and_matches_only_its_secret() {
        let stored = hash("ride2026").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(matches("ride2026", &stored));
        assert!(!matches("ride2027", &stored));
        assert!(!matches("ride2026", "not a hash"));
        assert_ne!(stored, hash("ride2026").unwrap(), "every hash has its own salt");
    }

    #[test]
    fn nothing_to_check_never_matches() {
        assert!(!matches_or_waste_time("no-such-account", None));
        assert!(matches_or_waste_time("x1", Some(&hash("x1").unwrap())));
    }
}
