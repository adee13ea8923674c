//! Small secrets the server must read back (staff TOTP secrets), sealed at rest with a key only
//! the environment holds: AES-256-GCM by `ring` (already in the build through rustls), a random
//! 96-bit nonce per value, and the row's id as associated data, so a sealed value copied onto
//! another row does not open there.
//!
//! A sealed value reads `sealed1:` + base64(nonce ‖ ciphertext ‖ tag). Without a key a value is
//! kept as it is; with one, [`SealKeys::open`] still reads a value kept as it is (it is sealed
//! at the next start, staff/sealing.rs), and a value sealed with the previous key while keys
//! are being rotated.
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};

const PREFIX: &str = "sealed1:";
const KEY_BYTES: usize = 32;

/// A 256-bit key, given base64 encoded (`openssl rand -base64 32`).
#[derive(Clone)]
pub struct SealKey([u8; KEY_BYTES]);

impl std::fmt::Debug for SealKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealKey(…)")
    }
}

impl std::str::FromStr for SealKey {
    type Err = String;

    fn from_str(text: &str) -> Result<SealKey, String> {
        let bytes = STANDARD.decode(text.trim()).map_err(|_| "the key must be base64 (e.g. `openssl rand -base64 32`)".to_owned())?;
        let bytes: [u8; KEY_BYTES] = bytes.try_into().map_err(|_| format!("the key must be {KEY_BYTES} bytes (e.g. `openssl rand -base64 32`)"))?;
        Ok(SealKey(bytes))
    }
}

impl SealKey {
    fn aead(&self) -> LessSafeKey {
        LessSafeKey::new(UnboundKey::new(&AES_256_GCM, &self.0).expect("a 32-byte AES-256 key"))
    }
}

/// How a stored value stands against the configured keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// Kept as it is: there is no key, or it was stored before there was one.
    Plain(String),
    /// Sealed with the current key.
    Current(String),
    /// Sealed with the previous key: to be sealed again with the current one.
    Previous(String),
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OpenError {
    #[error("the value is sealed, and no key is configured to open it")]
    NoKey,
    #[error("the value does not open with the configured keys (a wrong key, or the value was changed)")]
    WrongKey,
}

/// The current key and, while keys are rotated, the previous one.
#[derive(Debug, Clone, Default)]
pub struct SealKeys {
    current: Option<SealKey>,
    previous: Option<SealKey>,
}

impl SealKeys {
    pub fn new(current: Option<SealKey>, previous: Option<SealKey>) -> SealKeys {
        SealKeys { current, previous }
    }

    pub fn is_sealing(&self) -> bool {
        self.current.is_some()
    }

    /// `secret` as it is to be stored for row `id`: sealed when there is a key.
    pub fn seal(&self, id: &str, secret: &str) -> String {
        let Some(key) = &self.current else { return secret.to_owned() };
        let mut nonce = [0u8; NONCE_LEN];
        rand::fill(&mut nonce[..]);
        let mut sealed = secret.as_bytes().to_vec();
        key.aead()
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(id.as_bytes()), &mut sealed)
            .expect("AES-GCM seals any value of this size");
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("{PREFIX}{}", STANDARD.encode(bytes))
    }

    /// The secret of row `id` as stored, opened, and which key it was sealed with.
    pub fn open(&self, id: &str, stored: &str) -> Result<Stored, OpenError> {
        let Some(encoded) = stored.strip_prefix(PREFIX) else { return Ok(Stored::Plain(stored.to_owned())) };
        if self.current.is_none() && self.previous.is_none() {
            return Err(OpenError::NoKey);
        }
        let bytes = STANDARD.decode(encoded).map_err(|_| OpenError::WrongKey)?;
        if let Some(secret) = self.current.as_ref().and_then(|key| open_with(key, id, &bytes)) {
            return Ok(Stored::Current(secret));
        }
        if let Some(secret) = self.previous.as_ref().and_then(|key| open_with(key, id, &bytes)) {
            return Ok(Stored::Previous(secret));
        }
        Err(OpenError::WrongKey)
    }
}

impl Stored {
    pub fn secret(&self) -> &str {
        match self {
            Stored::Plain(secret) | Stored::Current(secret) | Stored::Previous(secret) => secret,
        }
    }
}

fn open_with(key: &SealKey, id: &str, bytes: &[u8]) -> Option<String> {
    if bytes.len() < NONCE_LEN {
        return None;
    }
    let (nonce, sealed) = bytes.split_at(NONCE_LEN);
    let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
    let mut in_out = sealed.to_vec();
    let plain = key.aead().open_in_place(nonce, Aad::from(id.as_bytes()), &mut in_out).ok()?;
    String::from_utf8(plain.to_vec()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(byte: u8) -> SealKey {
        SealKey([byte; KEY_BYTES])
    }

    const SECRET: &str = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

    #[test]
    fn a_sealed_secret_opens_for_its_own_row_only() {
        let keys = SealKeys::new(Some(key(1)), None);
        let sealed = keys.seal("staff-a", SECRET);
        assert!(sealed.starts_with(PREFIX) && !sealed.contains(SECRET), "{sealed}");
        assert_eq!(keys.open("staff-a", &sealed), Ok(Stored::Current(SECRET.into())));
        assert_eq!(keys.open("staff-b", &sealed), Err(OpenError::WrongKey), "copied onto another row");
        assert_ne!(keys.seal("staff-a", SECRET), sealed, "a fresh nonce each time");
    }

    #[test]
    fn without_a_key_a_secret_is_kept_as_it_is_and_a_sealed_one_does_not_open() {
        let none = SealKeys::default();
        assert_eq!(none.seal("staff-a", SECRET), SECRET);
        assert_eq!(none.open("staff-a", SECRET), Ok(Stored::Plain(SECRET.into())));
        let sealed = SealKeys::new(Some(key(1)), None).seal("staff-a", SECRET);
        assert_eq!(none.open("staff-a", &sealed), Err(OpenError::NoKey));
    }

    #[test]
    fn a_rotation_opens_with_the_previous_key_and_says_so() {
        let old = SealKeys::new(Some(key(1)), None).seal("staff-a", SECRET);
        let rotating = SealKeys::new(Some(key(2)), Some(key(1)));
        assert_eq!(rotating.open("staff-a", &old), Ok(Stored::Previous(SECRET.into())));
        assert_eq!(SealKeys::new(Some(key(2)), None).open("staff-a", &old), Err(OpenError::WrongKey));
        let tampered = format!("{PREFIX}{}", STANDARD.encode([0u8; 40]));
        assert_eq!(rotating.open("staff-a", &tampered), Err(OpenError::WrongKey));
        assert_eq!(rotating.open("staff-a", "sealed1:not base64!"), Err(OpenError::WrongKey));
    }

    #[test]
    fn a_key_is_32_bytes_of_base64() {
        assert!("AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=".parse::<SealKey>().is_ok());
        assert!("AQEB".parse::<SealKey>().unwrap_err().contains("32 bytes"));
        assert!("not base64 at all".parse::<SealKey>().unwrap_err().contains("base64"));
        assert_eq!(format!("{:?}", key(7)), "SealKey(…)");
    }
}
