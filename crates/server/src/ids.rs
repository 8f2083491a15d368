//! Identifiers: room codes, puzzle ids and seat credentials, each its own type so that one is
//! never passed where another is meant.

use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};
use std::fmt;

/// Letters of room codes and puzzle ids: no 0/O, 1/I/L, so a code read aloud or copied by
/// hand survives.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Length of a room code: 31^6 ≈ 887 million codes.
const ROOM_CODE_LEN: usize = 6;
/// Length of a puzzle id.
const PUZZLE_ID_LEN: usize = 8;
/// Length of a finished game's id: 31^10 ≈ 8·10^14 ids, so that ids drawn at random for
/// millions of games stay apart.
const GAME_ID_LEN: usize = 10;

fn random_code(len: usize) -> String {
    let mut rng = OsRng;
    (0..len)
        .map(|_| char::from(CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// Returns `bytes` random bytes from the operating system's generator as lowercase hex.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex::encode(buf)
}

/// Returns the SHA-256 of `text` as 64 lowercase hex digits.
fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

fn is_code(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A room's short code, six characters from an unambiguous alphabet (`K7M2QX`). Codes are
/// read case-insensitively.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    /// Draws a fresh random code.
    pub fn random() -> RoomCode {
        RoomCode(random_code(ROOM_CODE_LEN))
    }

    /// Reads a code as a user typed it (any case, surrounding spaces ignored); `None` when it
    /// cannot be a room code.
    pub fn parse(text: &str) -> Option<RoomCode> {
        let upper = text.trim().to_ascii_uppercase();
        is_code(&upper, ROOM_CODE_LEN).then_some(RoomCode(upper))
    }

    /// Returns the code as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A puzzle's id, eight characters from the room-code alphabet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleId(String);

impl PuzzleId {
    /// Draws a fresh random id.
    pub fn random() -> PuzzleId {
        PuzzleId(random_code(PUZZLE_ID_LEN))
    }

    /// Reads an id from a URL; `None` when it cannot be a puzzle id.
    pub fn parse(text: &str) -> Option<PuzzleId> {
        let upper = text.trim().to_ascii_uppercase();
        is_code(&upper, PUZZLE_ID_LEN).then_some(PuzzleId(upper))
    }

    /// Returns the id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A finished online game's permanent id (`/game/{id}`), ten characters of the room-code
/// alphabet, read case-insensitively.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameId(String);

impl GameId {
    /// Draws a fresh random id.
    pub fn random() -> GameId {
        GameId(random_code(GAME_ID_LEN))
    }

    /// Reads an id from a URL; `None` when it cannot be a game id.
    pub fn parse(text: &str) -> Option<GameId> {
        let upper = text.trim().to_ascii_uppercase();
        is_code(&upper, GAME_ID_LEN).then_some(GameId(upper))
    }

    /// Returns the id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat credential: 128 random bits as 32 lowercase hex digits, handed to the browser once
/// and never stored (the server keeps only its [`SeatHash`]).
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

impl SeatToken {
    /// Draws a fresh token from the operating system's generator.
    pub fn random() -> SeatToken {
        SeatToken(random_hex(16))
    }

    /// Wraps a token a client presented (any text: a wrong one simply matches no seat).
    pub fn from_client(text: &str) -> SeatToken {
        SeatToken(text.to_string())
    }

    /// Returns the token as text, to send to its owner.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the SHA-256 hash under which the seat is stored. A fast hash is enough: the
    /// token has 128 random bits, so there is nothing to guess.
    pub fn hash(&self) -> SeatHash {
        SeatHash(sha256_hex(&self.0))
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

/// A session credential of a signed-in account: 256 random bits as 64 lowercase hex
/// digits, sent to the browser in the session cookie and never stored (the server keeps
/// only its SHA-256, [`SessionToken::hash`]).
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl SessionToken {
    /// Draws a fresh token from the operating system's generator.
    pub fn random() -> SessionToken {
        SessionToken(random_hex(32))
    }

    /// Wraps a token a client presented (any text: a wrong one simply matches no session).
    pub fn from_client(text: &str) -> SessionToken {
        SessionToken(text.to_string())
    }

    /// Returns the token as text, for the cookie.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the SHA-256 (64 hex digits) under which the session is stored: a fast hash
    /// is enough, the token having 256 random bits.
    pub fn hash(&self) -> String {
        sha256_hex(&self.0)
    }
}

impl fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionToken(…)")
    }
}

/// An account's permanent id: 64 random bits as 16 lowercase hex digits. Games and
/// sessions refer to the id, not the name, so a deleted account's games keep their link.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AccountId(String);

impl AccountId {
    /// Draws a fresh id.
    pub fn random() -> AccountId {
        AccountId(random_hex(8))
    }

    /// Wraps an id read from the database (any text: ids are only compared and stored).
    pub fn from_stored(text: String) -> AccountId {
        AccountId(text)
    }

    /// Returns the id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The stored form of a [`SeatToken`]: its SHA-256 as 64 hex digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatHash(pub String);

/// A watcher credential of a room with a password: handed out by `/join` (and room
/// creation) to whoever gave the password, presented in `hello` and to the game record
/// routes. Derived from the room code and the stored password hash (whose salt is random and
/// never leaves the server), so nothing new is stored and a password change would void it.
#[derive(Clone, PartialEq, Eq)]
pub struct WatchKey(String);

impl WatchKey {
    /// Returns the credential of room `code` whose password has the PHC hash `password_hash`.
    pub fn of(code: &RoomCode, password_hash: &str) -> WatchKey {
        let mut h = Sha256::new();
        h.update(b"xiangqi watch v1\0");
        h.update(code.as_str().as_bytes());
        h.update(b"\0");
        h.update(password_hash.as_bytes());
        WatchKey(hex::encode(h.finalize()))
    }

    /// Returns the credential as text, to send to whoever gave the password.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Says whether a client's `given` text is this credential (in constant time).
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Debug for WatchKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WatchKey(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_keys_depend_on_the_room_and_its_password_hash() {
        let code = RoomCode::random();
        let key = WatchKey::of(&code, "$argon2id$v=19$m=19456,t=2,p=1$salt$hash");
        assert!(key.matches(key.as_str()));
        assert!(!key.matches(""));
        assert!(!key.matches(&key.as_str()[1..]));
        assert_ne!(
            key,
            WatchKey::of(&code, "$argon2id$v=19$m=19456,t=2,p=1$other$hash")
        );
        let other = RoomCode::parse("ABCDEF").expect("code");
        assert_ne!(
            key,
            WatchKey::of(&other, "$argon2id$v=19$m=19456,t=2,p=1$salt$hash")
        );
    }

    #[test]
    fn room_codes_round_trip_and_ignore_case() {
        let code = RoomCode::random();
        assert_eq!(RoomCode::parse(&code.as_str().to_lowercase()), Some(code));
        assert_eq!(RoomCode::parse("ABC"), None);
        assert_eq!(RoomCode::parse("ABCDE0"), None, "0 is not in the alphabet");
    }

    #[test]
    fn seat_tokens_have_128_bits_and_hash_stably() {
        let t = SeatToken::random();
        assert_eq!(t.as_str().len(), 32);
        assert_eq!(t.hash(), SeatToken::from_client(t.as_str()).hash());
        assert_ne!(t.hash(), SeatToken::random().hash());
    }
}
