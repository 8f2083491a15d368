//! Optional accounts (no e-mail): what a name and a password may be, the session cookie,
//! and the throttle on password checks. Playing without an account is unchanged; the
//! routes are in [`crate::routes::accounts`], the rows in [`crate::store`].

pub mod credentials;
pub mod session_cookie;
pub mod throttle;

pub use credentials::{check_password, AccountName, NameError, PasswordError};
pub use throttle::SignInThrottle;
