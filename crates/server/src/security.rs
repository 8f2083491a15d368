//! Cross-site defences: the `Origin` of a browser request that changes something (every
//! POST, DELETE, PUT and PATCH, and the WebSocket upgrade) must be this server's own or in the configured
//! allow-list; every POST must say `Content-Type: application/json` (a cross-site form or
//! a `text/plain` fetch cannot); and every response carries a content security policy,
//! `X-Content-Type-Options`, `frame-ancestors` / `X-Frame-Options` and `Referrer-Policy`.

use crate::config::Config;
use crate::error::AppError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The content security policy of every response. The pages load only their own scripts,
/// styles and fonts; inline `style` attributes are allowed (the pages use them), inline
/// scripts are not; WebAssembly may be compiled (`wasm-unsafe-eval`: the rules and the
/// engine in the page, web/wasm/), JavaScript `eval` may not; the icon is a `data:` image;
/// nothing may frame the site.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
    connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The headers added to every response (unless a route set its own).
pub const RESPONSE_HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "same-origin"),
];

/// Refuses cross-site requests (against `config.allowed_origins`) and POSTs that are not
/// JSON; adds the security headers.
pub async fn guard(State(config): State<Arc<Config>>, req: Request, next: Next) -> Response {
    let safe = [Method::GET, Method::HEAD, Method::OPTIONS].contains(req.method());
    let changes = !safe || is_websocket_upgrade(req.headers());
    let refusal = if changes && !origin_allowed(req.headers(), &config.allowed_origins) {
        Some(AppError::BadOrigin)
    } else if req.method() == Method::POST && !is_json(req.headers()) {
        Some(AppError::UnsupportedMediaType)
    } else {
        None
    };
    let mut response = match refusal {
        Some(e) => e.into_response(),
        None => next.run(req).await,
    };
    let headers = response.headers_mut();
    for (name, value) in RESPONSE_HEADERS {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
    response
}

fn is_websocket_upgrade(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// Checks that the body is declared JSON (`application/json`, parameters allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// Checks a request's `Origin`: none (not a browser, or a same-origin GET) is allowed; the
/// opaque `null` never is; otherwise its host must be the request's `Host` or the origin
/// must be in `allowed` (compared without case and trailing slash).
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim().trim_end_matches('/');
    if origin.eq_ignore_ascii_case("null") {
        return false;
    }
    if allowed
        .iter()
        .any(|a| a.trim().trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let Some((_, authority)) = origin.split_once("://") else {
        return false;
    };
    headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|host| host.trim().eq_ignore_ascii_case(authority))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (n, v) in pairs {
            h.insert(*n, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_own_origin_and_the_allow_list_pass_others_do_not() {
        let own = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(origin_allowed(&own, &[]));
        let none = headers(&[("host", "127.0.0.1:8080")]);
        assert!(origin_allowed(&none, &[]));
        let null = headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]);
        assert!(!origin_allowed(&null, &[]));
        let evil = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
        ]);
        assert!(!origin_allowed(&evil, &[]));
        assert!(origin_allowed(
            &evil,
            &["https://EVIL.example/".to_string()]
        ));
        let proxied = headers(&[
            ("host", "xiangqi.example"),
            ("origin", "https://xiangqi.example"),
        ]);
        assert!(origin_allowed(&proxied, &[]));
    }

    #[test]
    fn only_json_content_types_are_json() {
        assert!(is_json(&headers(&[("content-type", "application/json")])));
        assert!(is_json(&headers(&[(
            "content-type",
            "Application/JSON; charset=utf-8"
        )])));
        assert!(!is_json(&headers(&[("content-type", "text/plain")])));
        assert!(!is_json(&headers(&[])));
    }
}
