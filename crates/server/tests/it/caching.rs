//! Compression and caching of the pages, assets and API (`docs/protocol.md`, "Compression
//! and caching"): brotli or gzip as `Accept-Encoding` allows, ETags with 304 on a match,
//! versioned asset URLs that may be kept a year, and game sockets untouched by any of it.

use crate::common;

use common::{http, start, table};
use serde_json::json;
use std::io::Read;
use std::net::SocketAddr;

/// `GET path` with the extra header lines `headers`.
async fn get(addr: SocketAddr, path: &str, headers: &[&str]) -> http::Response {
    http::with_headers(addr, "GET", path, headers, "").await
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("valid gzip");
    out
}

fn unbrotli(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(data, 4096)
        .read_to_end(&mut out)
        .expect("valid brotli");
    out
}

/// The build version, read from a page's script reference.
fn version_of(html: &str) -> String {
    let start = html
        .find("/assets/v/")
        .unwrap_or_else(|| panic!("no versioned reference in {html}"))
        + "/assets/v/".len();
    let len = html[start..].find('/').expect("a path after the version");
    html[start..start + len].to_string()
}

fn assert_security_headers(r: &http::Response, what: &str) {
    let csp = r.header("content-security-policy").unwrap_or_default();
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp:?}");
    assert_eq!(
        r.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(r.header("x-frame-options"), Some("DENY"), "{what}");
}

#[tokio::test]
async fn a_page_is_sent_in_brotli_or_gzip_and_decompresses_to_the_same_html() {
    let s = start().await;
    let plain = get(s.addr, "/local", &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.header("vary"), Some("accept-encoding"));
    assert!(plain.text().contains("One screen"), "{}", plain.text());

    let br = get(
        s.addr,
        "/local",
        &["Accept-Encoding: gzip, deflate, br, zstd"],
    )
    .await;
    assert_eq!(br.status, 200);
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert_eq!(br.header("vary"), Some("accept-encoding"));
    assert_eq!(br.header("content-type"), plain.header("content-type"));
    assert_eq!(unbrotli(&br.body), plain.body);
    assert!(br.body.len() * 3 < plain.body.len(), "{}", br.body.len());
    assert_security_headers(&br, "br");

    let gz = get(s.addr, "/local", &["Accept-Encoding: gzip, deflate"]).await;
    assert_eq!(gz.status, 200);
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert_eq!(gunzip(&gz.body), plain.body);
    assert!(gz.body.len() * 2 < plain.body.len(), "{}", gz.body.len());

    // Refusing brotli with q=0 gets gzip; refusing everything gets the plain page.
    let no_br = get(s.addr, "/local", &["Accept-Encoding: br;q=0, gzip"]).await;
    assert_eq!(no_br.header("content-encoding"), Some("gzip"));
    let none = get(s.addr, "/local", &["Accept-Encoding: identity"]).await;
    assert_eq!(none.header("content-encoding"), None);
    assert_eq!(none.body, plain.body);
}

#[tokio::test]
async fn a_matching_if_none_match_gets_304_without_a_body() {
    let s = start().await;
    let first = get(s.addr, "/local", &["Accept-Encoding: br"]).await;
    let etag = first.header("etag").expect("an ETag").to_string();
    assert!(etag.starts_with("W/\""), "{etag}");
    assert_eq!(first.header("cache-control"), Some("no-cache"));
    let version = version_of(&String::from_utf8_lossy(&unbrotli(&first.body)));

    let again = get(
        s.addr,
        "/local",
        &["Accept-Encoding: br", &format!("If-None-Match: {etag}")],
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty(), "{:?}", again.text());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    assert_eq!(again.header("cache-control"), Some("no-cache"));
    assert_security_headers(&again, "304");

    // The ETag names the content, not the coding: a gzip client's tag matches too, and a
    // list that contains it matches.
    let listed = get(
        s.addr,
        "/local",
        &[&format!("If-None-Match: \"nope\", {etag}")],
    )
    .await;
    assert_eq!(listed.status, 304);

    // Another page, or another tag, is sent in full.
    let other = get(s.addr, "/", &[&format!("If-None-Match: {etag}")]).await;
    assert_eq!(other.status, 200);
    let stale = get(s.addr, "/local", &["If-None-Match: W/\"0000\""]).await;
    assert_eq!(stale.status, 200);

    // Assets, versioned or not, answer 304 on their ETag as well.
    for path in [
        "/assets/js/board.js".to_string(),
        format!("/assets/v/{version}/js/board.js"),
    ] {
        let r = get(s.addr, &path, &[]).await;
        let etag = r.header("etag").expect("asset ETag").to_string();
        let again = get(s.addr, &path, &[&format!("If-None-Match: {etag}")]).await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty(), "{path}");
    }
}

#[tokio::test]
async fn pages_refer_to_versioned_assets_that_may_be_kept_a_year() {
    let s = start().await;
    for page in ["/", "/local", "/computer", "/lobby", "/rules", "/replay"] {
        let html = get(s.addr, page, &[]).await.text();
        assert!(
            !html.contains("\"/assets/css/") && !html.contains("\"/assets/js/"),
            "{page} still refers to unversioned assets: {html}"
        );
        assert!(html.contains("/assets/v/"), "{page}: {html}");
    }
    let html = get(s.addr, "/local", &[]).await.text();
    let version = version_of(&html);
    assert!(
        version.len() >= 8 && version.bytes().all(|b| b.is_ascii_hexdigit()),
        "{version}"
    );
    for file in ["css/site.css", "css/app.css", "js/board.js", "js/local.js"] {
        let reference = format!("\"/assets/v/{version}/{file}\"");
        assert!(html.contains(&reference), "/local lacks {reference}");
    }

    let path = format!("/assets/v/{version}/js/local.js");
    let r = get(s.addr, &path, &["Accept-Encoding: br"]).await;
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(r.header("content-encoding"), Some("br"));
    assert!(r.header("etag").is_some());
    assert!(r
        .header("content-type")
        .unwrap_or_default()
        .contains("javascript"));
    // A module it imports by a relative path is under the same prefix.
    let imported = get(s.addr, &format!("/assets/v/{version}/js/board.js"), &[]).await;
    assert_eq!(imported.status, 200);
    assert_eq!(
        imported.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_security_headers(&imported, "versioned asset");

    // Another build's version: the current file, but never kept under that URL.
    let other = get(s.addr, "/assets/v/0123456789ab/js/local.js", &[]).await;
    assert_eq!(other.status, 200);
    assert_eq!(other.header("cache-control"), Some("no-cache"));
    assert_eq!(other.body, get(s.addr, &path, &[]).await.body);
    // No file there: the 404 page.
    let missing = get(s.addr, &format!("/assets/v/{version}/js/nothing.js"), &[]).await;
    assert_eq!(missing.status, 404);
    assert_eq!(get(s.addr, "/assets/v/", &[]).await.status, 404);
}

#[tokio::test]
async fn unversioned_assets_are_still_served_and_revalidated() {
    let s = start().await;
    let r = get(s.addr, "/assets/js/board.js", &[]).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    assert!(r.header("etag").is_some());
    assert!(r.text().contains("export class Board"), "{}", r.text());
    let gz = get(s.addr, "/assets/css/site.css", &["Accept-Encoding: gzip"]).await;
    assert_eq!(gz.status, 200);
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert_eq!(
        gunzip(&gz.body),
        get(s.addr, "/assets/css/site.css", &[]).await.body
    );
    // What only developers and the browser tests read is not served.
    for path in [
        "/assets/README.md",
        "/assets/package.json",
        "/assets/tests/site.test.mjs",
    ] {
        assert_eq!(get(s.addr, path, &[]).await.status, 404, "{path}");
    }
    // The font's licence travels with it.
    assert_eq!(get(s.addr, "/assets/fonts/OFL.txt", &[]).await.status, 200);
}

#[tokio::test]
async fn the_404_page_is_compressed_and_never_304() {
    let s = start().await;
    let r = get(
        s.addr,
        "/nowhere",
        &["Accept-Encoding: br", "If-None-Match: *"],
    )
    .await;
    assert_eq!(r.status, 404);
    assert_eq!(r.header("content-encoding"), Some("br"));
    assert_eq!(r.header("etag"), None);
    assert!(String::from_utf8_lossy(&unbrotli(&r.body)).contains("Page not found"));
}

#[tokio::test]
async fn json_replies_are_compressed_when_the_client_allows() {
    let s = start().await;
    let body = json!({"moves": ["h2e2"]}).to_string();
    let plain = http::post_raw(s.addr, "/api/position", &body).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    for (accept, encoding) in [("br", "br"), ("gzip", "gzip")] {
        let r = http::with_headers(
            s.addr,
            "POST",
            "/api/position",
            &[
                "Content-Type: application/json",
                &format!("Accept-Encoding: {accept}"),
            ],
            &body,
        )
        .await;
        assert_eq!(r.status, 200, "{accept}");
        assert_eq!(r.header("content-encoding"), Some(encoding));
        let json = if encoding == "br" {
            unbrotli(&r.body)
        } else {
            gunzip(&r.body)
        };
        let json: serde_json::Value = serde_json::from_slice(&json).expect("JSON");
        assert_eq!(json, plain.json());
        assert_security_headers(&r, accept);
    }
}

#[tokio::test]
async fn a_game_socket_still_upgrades_and_plays_when_compression_is_offered() {
    let s = start().await;
    // Browsers send Accept-Encoding on the upgrade request too.
    let room = common::create_room(s.addr, &json!({})).await;
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{}/ws/rooms/{}", s.addr, room.code),
    )
    .expect("request");
    req.headers_mut().insert(
        "accept-encoding",
        "gzip, deflate, br".parse().expect("header value"),
    );
    let (ws, reply) = tokio_tungstenite::connect_async(req)
        .await
        .expect("the socket upgrades");
    assert_eq!(reply.status().as_u16(), 101);
    assert!(reply.headers().get("content-encoding").is_none());
    drop(ws);

    // And a whole game goes on over sockets as before.
    let mut t = table(s.addr, &json!({})).await;
    let last = t.play(0, &common::FIVE_PLY_MATE).await;
    assert_eq!(last["game"]["status"]["result"], "red", "{last}");
}
