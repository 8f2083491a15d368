//! The rules for account names and passwords.
//!
//! A name is 3–20 characters, each an ASCII letter, a digit, `_` or `-` (ASCII only, so two
//! names cannot look alike through Unicode look-alikes), unique ignoring case and not one
//! of [`RESERVED`]. A password is 8–128 characters of any kind.

use std::fmt;

/// Fewest characters in a name.
pub const MIN_NAME: usize = 3;
/// Most characters in a name.
pub const MAX_NAME: usize = 20;
/// Fewest characters in a password.
pub const MIN_PASSWORD: usize = 8;
/// Most characters in a password (argon2 takes any length; this bounds the work a request
/// may ask for).
pub const MAX_PASSWORD: usize = 128;

/// Names no account may take, compared ignoring case: they would read as the site speaking
/// or clash with a path (`/@/api`).
pub const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "assets",
    "computer",
    "deleted",
    "engine",
    "guest",
    "mod",
    "moderator",
    "null",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "undefined",
    "xiangqi",
];

/// A valid account name, as its owner wrote it (case kept for display).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountName(String);

/// Why a name is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Fewer than [`MIN_NAME`] or more than [`MAX_NAME`] characters (how many it has).
    Length(usize),
    /// A character other than an ASCII letter, a digit, `_` or `-`.
    Character(char),
    /// One of [`RESERVED`].
    Reserved,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Length(n) => write!(
                f,
                "name: {n} characters; a name has {MIN_NAME} to {MAX_NAME}"
            ),
            NameError::Character(c) => write!(
                f,
                "name: {c:?} is not allowed; use letters a–z, digits, _ and -"
            ),
            NameError::Reserved => write!(f, "name: this name is reserved"),
        }
    }
}

impl std::error::Error for NameError {}

impl AccountName {
    /// Reads `text` as a name.
    ///
    /// # Errors
    /// [`NameError`] saying what is wrong: its length, a character, or a reserved name.
    pub fn parse(text: &str) -> Result<AccountName, NameError> {
        let n = text.chars().count();
        if !(MIN_NAME..=MAX_NAME).contains(&n) {
            return Err(NameError::Length(n));
        }
        if let Some(c) = text
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        {
            return Err(NameError::Character(c));
        }
        let name = AccountName(text.to_string());
        if RESERVED.contains(&name.key().as_str()) {
            return Err(NameError::Reserved);
        }
        Ok(name)
    }

    /// Returns the name as its owner wrote it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Returns the name in lower case: two names with the same key are the same name.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

/// Why a password is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than [`MIN_PASSWORD`] or more than [`MAX_PASSWORD`] characters (how many it has).
    Length(usize),
}

impl fmt::Display for PasswordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasswordError::Length(n) => write!(
                f,
                "{n} characters; a password has {MIN_PASSWORD} to {MAX_PASSWORD}"
            ),
        }
    }
}

impl std::error::Error for PasswordError {}

/// Checks that `password` may be an account's new password.
///
/// # Errors
/// [`PasswordError::Length`] when it is too short or too long.
pub fn check_password(password: &str) -> Result<(), PasswordError> {
    let n = password.chars().count();
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&n) {
        Ok(())
    } else {
        Err(PasswordError::Length(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules() {
        for ok in ["abc", "Red_General-9", "x".repeat(20).as_str()] {
            assert_eq!(
                AccountName::parse(ok).map(|n| n.as_str().to_string()),
                Ok(ok.into())
            );
        }
        assert_eq!(AccountName::parse("ab"), Err(NameError::Length(2)));
        assert_eq!(
            AccountName::parse(&"x".repeat(21)),
            Err(NameError::Length(21))
        );
        assert_eq!(AccountName::parse("a b"), Err(NameError::Character(' ')));
        assert_eq!(
            AccountName::parse("帥帥帥"),
            Err(NameError::Character('帥'))
        );
        assert_eq!(
            AccountName::parse("ＡＢＣ"),
            Err(NameError::Character('Ａ'))
        );
        assert_eq!(AccountName::parse("Admin"), Err(NameError::Reserved));
        assert_eq!(AccountName::parse("API"), Err(NameError::Reserved));
    }

    #[test]
    fn names_that_differ_only_in_case_share_a_key() {
        let a = AccountName::parse("BlackHorse").expect("name");
        let b = AccountName::parse("blackhorse").expect("name");
        assert_eq!(a.key(), b.key());
        assert_eq!(a.as_str(), "BlackHorse");
    }

    #[test]
    fn passwords_have_eight_to_128_characters() {
        assert_eq!(check_password("1234567"), Err(PasswordError::Length(7)));
        assert_eq!(check_password("12345678"), Ok(()));
        assert_eq!(check_password(&"車".repeat(128)), Ok(()));
        assert_eq!(
            check_password(&"x".repeat(129)),
            Err(PasswordError::Length(129))
        );
    }
}
