//! Password hashing for room passwords and account passwords: argon2id with the `argon2`
//! crate's default parameters (19 MiB, 2 passes, 1 lane; OWASP's recommendation), stored
//! as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$SALT$HASH`).

use crate::error::AppError;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// Argon2 needs about 19 MiB per hash: at most this many run at once, so a flood of joins
/// or sign-ins cannot exhaust memory (the rest wait their turn).
static ARGON2_SLOTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Hashes `password` with a fresh random salt, on a blocking thread; returns the PHC string.
///
/// # Errors
/// [`AppError::Internal`] when argon2 fails (it does not for passwords of any length the
/// routes accept) or the blocking task is lost.
pub async fn hash(password: String) -> Result<String, AppError> {
    let _slot = ARGON2_SLOTS
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| AppError::Internal(format!("argon2: {e}")))
    })
    .await
    .map_err(|e| AppError::Internal(e.to_string()))?
}

/// Says whether `password` matches the PHC string `hash`, on a blocking thread.
///
/// # Errors
/// [`AppError::Internal`] when `hash` is not a PHC string (a corrupt row) or the blocking
/// task is lost.
pub async fn verify(hash: String, password: String) -> Result<bool, AppError> {
    let _slot = ARGON2_SLOTS
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let parsed =
            PasswordHash::new(&hash).map_err(|e| AppError::Internal(format!("argon2: {e}")))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(|e| AppError::Internal(e.to_string()))?
}
