//! At start, the stored TOTP secrets are brought to the configured key (infra/sealed.rs):
//! with `SHOP_TOTP_KEY`, each secret kept as it is, or sealed with `SHOP_TOTP_KEY_PREVIOUS`, is
//! sealed with it; with only the previous key, the secrets are opened and kept as they are
//! (the sealing undone). A secret that does not open stops the start, with what to do: a shop whose
//! staff cannot log in should not look as if it were running. Two instances starting together
//! each try; a row is replaced only if it still holds what was read.
use super::store;
use crate::infra::db::Db;
use crate::infra::sealed::{OpenError, SealKeys, Stored};

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sealed {
    /// Kept as they were, now sealed.
    pub sealed: usize,
    /// Sealed with the previous key, now with the current one.
    pub rotated: usize,
}

pub async fn seal_stored(db: &Db, keys: &SealKeys) -> anyhow::Result<Sealed> {
    let mut done = Sealed::default();
    for (id, stored) in store::list_totp_secrets(db).await? {
        let opened = keys.open(&id, &stored).map_err(|error| match error {
            OpenError::NoKey => anyhow::anyhow!("staff TOTP secrets in the database are sealed: set SHOP_TOTP_KEY to the key they were sealed with"),
            OpenError::WrongKey => anyhow::anyhow!(
                "a staff member's TOTP secret does not open with SHOP_TOTP_KEY (or SHOP_TOTP_KEY_PREVIOUS): set the key it was sealed with; while rotating, the old one as SHOP_TOTP_KEY_PREVIOUS"
            ),
        })?;
        let counter = match opened {
            Stored::Plain(_) if keys.is_sealing() => &mut done.sealed,
            Stored::Previous(_) => &mut done.rotated,
            Stored::Plain(_) | Stored::Current(_) => continue,
        };
        if store::replace_totp_secret(db, &id, &stored, &keys.seal(&id, opened.secret())).await? {
            *counter += 1;
        }
    }
    if done != Sealed::default() {
        tracing::info!(sealed = done.sealed, rotated = done.rotated, sealing = keys.is_sealing(), "staff TOTP secrets brought to the configured key");
    }
    Ok(done)
}
