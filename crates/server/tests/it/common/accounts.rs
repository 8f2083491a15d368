//! Account helpers: requests with a session cookie, and reading the cookies a reply sets.

use super::http;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// Sends `method path` with the session cookie `cookie` (if any), a JSON `body` (if any)
/// and the extra header lines `extra`.
pub async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
    extra: &[&str],
) -> http::Response {
    let mut headers: Vec<String> = extra.iter().map(|h| h.to_string()).collect();
    if let Some(c) = cookie {
        headers.push(format!("Cookie: xq_session={c}"));
    }
    if body.is_some() {
        headers.push("Content-Type: application/json".into());
    }
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let body = body.map(Value::to_string).unwrap_or_default();
    http::with_headers(addr, method, path, &headers, &body).await
}

/// The response's `Set-Cookie` header for the cookie `name`, if any.
pub fn set_cookie<'a>(r: &'a http::Response, name: &str) -> Option<&'a str> {
    r.headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .map(|(_, v)| v.as_str())
        .find(|v| v.starts_with(&format!("{name}=")))
}

/// The session token of the response's `Set-Cookie`, and the whole header; checks that the
/// name cookie came with it, readable by the pages.
pub fn session_cookie(r: &http::Response) -> (String, String) {
    let header = set_cookie(r, "xq_session")
        .unwrap_or_else(|| panic!("a session cookie in {} {}", r.status, r.text()))
        .to_string();
    let value = header
        .strip_prefix("xq_session=")
        .and_then(|rest| rest.split(';').next())
        .unwrap_or_else(|| panic!("the session cookie in {header}"))
        .to_string();
    let name = set_cookie(r, "xq_name").expect("the name cookie");
    assert!(
        !name.contains("HttpOnly") && name.contains("SameSite=Lax"),
        "{name}"
    );
    (value, header)
}

pub async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> http::Response {
    let body = json!({"name": name, "password": password});
    call(addr, "POST", "/api/account", None, Some(&body), &[]).await
}

pub async fn sign_in(
    addr: SocketAddr,
    name: &str,
    password: &str,
    cookie: Option<&str>,
) -> http::Response {
    let body = json!({"name": name, "password": password});
    call(addr, "POST", "/api/session", cookie, Some(&body), &[]).await
}

/// `GET /api/session` with the session cookie `cookie`.
pub async fn whoami(addr: SocketAddr, cookie: &str) -> http::Response {
    call(addr, "GET", "/api/session", Some(cookie), None, &[]).await
}
