//! The session cookie: `xq_session=TOKEN; HttpOnly; SameSite=Lax; Path=/; Max-Age=…`, with
//! `Secure` when the page was served over HTTPS (the request's `Origin` or a proxy's
//! `X-Forwarded-Proto` says `https`), built and read with the `cookie` crate (through
//! `axum-extra`). `HttpOnly` keeps the token from page scripts; `SameSite=Lax` keeps other
//! sites' requests from carrying it (the Origin check refuses them too).
//!
//! Beside it, `xq_name=NAME` (same attributes but readable by the pages, and no secret)
//! lets every page's header show the signed-in name without asking the server, and lets a
//! page that was never signed in skip `GET /api/session` (whose 401 a browser logs as an
//! error). The server sets and clears both together; a `GET /api/session` that finds no
//! session clears both.

use crate::ids::SessionToken;
use axum::http::{header, HeaderMap};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use std::time::Duration;

/// The session cookie's name.
pub const COOKIE: &str = "xq_session";
/// The name cookie's name (the signed-in account's name, for the pages).
pub const NAME_COOKIE: &str = "xq_name";
/// How long a session lasts after sign-in: 90 days.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(90 * 24 * 3600);

/// Returns the session token the request's cookies carry, if any.
pub fn token(jar: &CookieJar) -> Option<SessionToken> {
    jar.get(COOKIE)
        .map(|c| SessionToken::from_client(c.value()))
}

/// Says whether the request carries either cookie.
pub fn present(jar: &CookieJar) -> bool {
    jar.get(COOKIE).is_some() || jar.get(NAME_COOKIE).is_some()
}

/// Returns `jar` with the cookies of a new session `token` of the account `name` (an
/// [`crate::accounts::AccountName`], so a valid cookie value), lasting
/// [`SESSION_LIFETIME`], `Secure` when `headers` say the page came over HTTPS.
pub fn set(jar: CookieJar, token: &SessionToken, name: &str, headers: &HeaderMap) -> CookieJar {
    let max_age = i64::try_from(SESSION_LIFETIME.as_secs()).unwrap_or(i64::MAX);
    let max_age = cookie::time::Duration::seconds(max_age);
    jar.add(cookie(COOKIE, token.as_str().to_string(), true, headers).max_age(max_age))
        .add(cookie(NAME_COOKIE, name.to_string(), false, headers).max_age(max_age))
}

/// Returns `jar` with both cookies removed: expired cookies of the same names and path,
/// sent whether or not the request carried them.
pub fn clear(jar: CookieJar, headers: &HeaderMap) -> CookieJar {
    let removal = |name, http_only| {
        let mut c = cookie(name, String::new(), http_only, headers).build();
        c.make_removal();
        c
    };
    jar.add(removal(COOKIE, true))
        .add(removal(NAME_COOKIE, false))
}

fn cookie(
    name: &'static str,
    value: String,
    http_only: bool,
    headers: &HeaderMap,
) -> cookie::CookieBuilder<'static> {
    Cookie::build((name, value))
        .http_only(http_only)
        .same_site(SameSite::Lax)
        .secure(over_https(headers))
        .path("/")
}

/// Says whether the page that sent the request was served over HTTPS: its `Origin` is an
/// `https://` one, or a proxy in front said `X-Forwarded-Proto: https`.
fn over_https(headers: &HeaderMap) -> bool {
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|o| o.starts_with("https://"));
    let forwarded = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|p| p.eq_ignore_ascii_case("https"));
    origin || forwarded
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn set_cookie(headers: &HeaderMap) -> String {
        let jar = set(
            CookieJar::new(),
            &SessionToken::from_client("abc"),
            "Red",
            headers,
        );
        let name = jar.get(NAME_COOKIE).expect("name cookie").to_string();
        assert!(
            name.starts_with("xq_name=Red;") && !name.contains("HttpOnly"),
            "{name}"
        );
        jar.get(COOKIE).expect("cookie").to_string()
    }

    #[test]
    fn the_cookie_is_http_only_and_lax_and_secure_only_over_https() {
        let plain = set_cookie(&HeaderMap::new());
        assert!(plain.starts_with("xq_session=abc"), "{plain}");
        for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=7776000"] {
            assert!(plain.contains(part), "{part} in {plain}");
        }
        assert!(!plain.contains("Secure"), "{plain}");
        let mut https = HeaderMap::new();
        https.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://xiangqi.example"),
        );
        assert!(set_cookie(&https).contains("Secure"));
        let mut proxied = HeaderMap::new();
        proxied.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(set_cookie(&proxied).contains("Secure"));
    }
}
