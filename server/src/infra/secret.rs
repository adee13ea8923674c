//! Random secrets and their hashes: tokens are drawn from the operating system's CSPRNG and
//! only their SHA-256 is stored (cart and guest-order tokens, mailed codes and links, refresh
//! tokens, OAuth states); a presented token is hashed and compared in constant time.
use sha2::{Digest, Sha256};

/// `bytes` random bytes from the operating system's CSPRNG, hex encoded.
pub fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    rand::fill(&mut buffer[..]);
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of `text`, lower-case hex (64 characters).
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares two hashes without stopping at the first difference.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_hex_gives_two_characters_a_byte_and_never_repeats() {
        let token = random_hex(16);
        assert_eq!(token.len(), 32);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(token, random_hex(16));
    }

    #[test]
    fn sha256_hex_is_the_standard_digest() {
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn same_hash_needs_equal_length_and_bytes() {
        assert!(same_hash(&sha256_hex("abc"), &sha256_hex("abc")));
        assert!(!same_hash(&sha256_hex("abc"), &sha256_hex("abd")));
        assert!(!same_hash("ab", "abc"));
    }
}
