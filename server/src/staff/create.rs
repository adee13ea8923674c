//! Making a staff account from the command line (`shop staff create`): the only way one comes
//! to be, so no deployment ships a known password. The password is generated unless given;
//! the TOTP secret always is, and is shown once, with its `otpauth://` URI.
use super::store::{self, NewStaff};
use super::{StaffRole, login, totp};
use crate::auth::password;
use crate::infra::db::Db;
use crate::infra::ids::new_id;
use crate::infra::sealed::SealKeys;
use crate::infra::time::Timestamp;
use crate::validation;

/// A staff password someone chose: long, since it guards every customer's inquiries.
pub const PASSWORD_MIN: usize = 12;
pub const PASSWORD_MAX: usize = 128;
/// Letters and digits that cannot be mistaken for each other when read aloud or copied by hand.
const PASSWORD_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const GENERATED_LENGTH: usize = 20;

pub struct NewAccount {
    pub channel_code: String,
    pub email: String,
    pub name: String,
    pub role: StaffRole,
    /// None: generate one.
    pub password: Option<String>,
}

/// What to hand to the new staff member.
#[derive(Debug)]
pub struct Created {
    pub id: String,
    pub email: String,
    pub password: String,
    pub password_generated: bool,
    pub totp_secret: String,
    pub otpauth_uri: String,
}

/// About 114 bits from the CSPRNG.
pub fn generate_password() -> String {
    (0..GENERATED_LENGTH).map(|_| PASSWORD_ALPHABET[rand::random_range(0..PASSWORD_ALPHABET.len())] as char).collect()
}

pub fn check_password(password: &str) -> anyhow::Result<()> {
    let length = password.chars().count();
    anyhow::ensure!((PASSWORD_MIN..=PASSWORD_MAX).contains(&length), "the password must be {PASSWORD_MIN}–{PASSWORD_MAX} characters");
    anyhow::ensure!(!password.chars().any(char::is_control), "the password may not hold control characters");
    Ok(())
}

/// Creates the account; its TOTP secret is stored sealed with `keys` when there is a key.
pub async fn create(db: &Db, keys: &SealKeys, account: NewAccount) -> anyhow::Result<Created> {
    let channel = crate::channel::store::find_channel_by_code(db, &account.channel_code)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no channel `{}` (see `shop channel list`)", account.channel_code))?;
    let email = login::normalize_email(&account.email);
    validation::email(&email).map_err(|_| anyhow::anyhow!("`{}` is not an e-mail address", account.email))?;
    let name = account.name.trim().to_owned();
    anyhow::ensure!(!name.is_empty() && name.chars().count() <= validation::NAME_MAX, "the name must be 1–{} characters", validation::NAME_MAX);
    let (password, password_generated) = match account.password {
        Some(given) => (given, false),
        None => (generate_password(), true),
    };
    check_password(&password)?;
    let password_hash = password::hash_off_thread(&password).await?;
    let totp_secret = totp::new_secret();
    let otpauth_uri = totp::otpauth_uri(&totp_secret, &channel.name, &email)?;
    if store::find_staff_by_email(db, &channel.id, &email).await?.is_some() {
        anyhow::bail!("`{email}` is already staff of `{}`", channel.code);
    }
    let id = new_id();
    let stored_secret = keys.seal(&id, &totp_secret);
    let mut tx = db.begin_write().await?;
    let new = NewStaff {
        id: &id,
        channel_id: &channel.id,
        email: &email,
        name: &name,
        password_hash: &password_hash,
        totp_secret: &stored_secret,
        role: account.role,
    };
    store::insert_staff(&mut tx, &new, Timestamp::now().0).await?;
    tx.commit().await?;
    Ok(Created { id, email, password, password_generated, totp_secret, otpauth_uri })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_are_long_random_and_pass_the_rule() {
        let password = generate_password();
        assert_eq!(password.len(), GENERATED_LENGTH);
        assert!(password.bytes().all(|b| PASSWORD_ALPHABET.contains(&b)));
        assert_ne!(password, generate_password());
        check_password(&password).unwrap();
    }

    #[test]
    fn chosen_passwords_need_twelve_characters() {
        assert!(check_password("short-pass1").is_err());
        check_password("ちょうど十二文字のパスワード").unwrap();
        assert!(check_password("twelve-chars\n").is_err());
    }
}
