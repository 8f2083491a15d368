//! The embedded `web/` files, prepared once per process: each with its media type, an ETag
//! from its content hash and, where it pays, gzip and brotli forms compressed at their
//! highest levels; the pages' HTML with every `/assets/` reference pointed at the versioned
//! prefix `/assets/v/{VERSION}/`, where `VERSION` is a hash over all embedded files.
//!
//! The build compresses them (`build.rs`, with [`codec`]); preparing at start only looks the
//! forms up by content hash, so a restart answers in milliseconds. What the build could not
//! see is compressed at start: the service worker, and in a debug build (which reads `web/`
//! from disk) a file edited since the build.
//!
//! The ES modules import each other by relative paths (`./board.js`), so a page that loads
//! its script from the versioned prefix loads every module it imports from there too.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::LazyLock;

pub mod codec;
mod precompressed;

/// The `web/` folder, minus what only the browser tests and the developers need (the same
/// globs as [`codec::EXCLUDES`], which the build compresses by).
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "README.md"]
#[exclude = "partials/*"]
#[exclude = "node_modules/*"]
#[exclude = "tests/*"]
#[exclude = "test-artifacts/*"]
#[exclude = "package.json"]
#[exclude = "package-lock.json"]
#[exclude = "tsconfig.json"]
struct Web;

/// `Cache-Control` of what must be revalidated on each use (pages, unversioned assets).
pub const NO_CACHE: &str = "no-cache";
/// `Cache-Control` of an asset under the current versioned prefix: its URL changes whenever
/// any embedded file does, so it may be kept for a year without asking again.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Hex digits of the content hash in an ETag.
const ETAG_LEN: usize = 16;

/// The prepared files; built on first use (the server forces it at start, see [`prepare`]).
static ASSETS: LazyLock<Assets> = LazyLock::new(Assets::build);

/// Builds the prepared files now (milliseconds, more in a debug build with edited files),
/// so that no request waits for it. Call from a blocking thread.
pub fn prepare() {
    LazyLock::force(&ASSETS);
}

/// Returns the prepared files.
pub fn assets() -> &'static Assets {
    &ASSETS
}

/// A content coding this server sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Uncompressed.
    Identity,
    /// `gzip`.
    Gzip,
    /// `br` (brotli).
    Brotli,
}

impl Encoding {
    /// Chooses the coding a request's `Accept-Encoding` prefers among brotli and gzip
    /// (brotli on a tie), or identity when it accepts neither.
    pub fn negotiate(headers: &HeaderMap) -> Encoding {
        Accepted::parse(headers).choose(true, true)
    }
}

/// What a request's `Accept-Encoding` says of brotli and gzip: each one's q-value, 0 for
/// refused. `q=0` refuses a coding; `*` stands for every coding not named.
#[derive(Clone, Copy, Debug)]
struct Accepted {
    brotli: f32,
    gzip: f32,
}

impl Accepted {
    fn parse(headers: &HeaderMap) -> Accepted {
        let (mut brotli, mut gzip, mut any) = (None, None, None);
        let items = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','));
        for item in items {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if coding.eq_ignore_ascii_case("br") {
                brotli = Some(q);
            } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                gzip = Some(q);
            } else if coding == "*" {
                any = Some(q);
            }
        }
        Accepted {
            brotli: brotli.or(any).unwrap_or(0.0),
            gzip: gzip.or(any).unwrap_or(0.0),
        }
    }

    /// Chooses among the forms a file has: the accepted one of highest q, brotli on a tie,
    /// else identity.
    fn choose(self, has_brotli: bool, has_gzip: bool) -> Encoding {
        let brotli = if has_brotli { self.brotli } else { 0.0 };
        let gzip = if has_gzip { self.gzip } else { 0.0 };
        if brotli > 0.0 && brotli >= gzip {
            Encoding::Brotli
        } else if gzip > 0.0 {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

/// One embedded file, ready to send.
pub struct Asset {
    mime: HeaderValue,
    etag: HeaderValue,
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
    /// Whether its forms were compressed by this process rather than the build.
    compressed_at_start: bool,
}

impl Asset {
    /// Prepares `data` of type `mime` whose SHA-256 is `sha256`, with the build's gzip and
    /// brotli forms when the type gains from them, compressing only when the build has none.
    fn new(mime: &str, data: Bytes, sha256: &[u8; 32]) -> Asset {
        let (gzip, brotli, compressed_at_start) = if !codec::compressible(mime) {
            (None, None, false)
        } else if let Some(found) = precompressed::find(sha256) {
            let gzip = Bytes::from_static(found.gzip);
            let brotli = Bytes::from_static(found.brotli);
            (Some(gzip), Some(brotli), false)
        } else {
            let gzip = codec::gzip(&data).map(Bytes::from);
            let brotli = codec::brotli(&data).map(Bytes::from);
            (gzip, brotli, true)
        };
        let smaller = |c: Option<Bytes>| c.filter(|c| c.len() < data.len());
        let (gzip, brotli) = (smaller(gzip), smaller(brotli));
        let hash = hex::encode(sha256);
        Asset {
            mime: HeaderValue::from_str(mime)
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            // Weak: the gzip, brotli and identity forms carry the same content.
            etag: HeaderValue::from_str(&format!("W/\"{}\"", &hash[..ETAG_LEN]))
                .unwrap_or(HeaderValue::from_static("W/\"0\"")),
            identity: data,
            gzip,
            brotli,
            compressed_at_start,
        }
    }

    /// Returns the ETag (`W/"…"`, from the content hash).
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// Returns the body in `encoding`, when this file has that form.
    pub fn body(&self, encoding: Encoding) -> Option<&Bytes> {
        match encoding {
            Encoding::Identity => Some(&self.identity),
            Encoding::Gzip => self.gzip.as_ref(),
            Encoding::Brotli => self.brotli.as_ref(),
        }
    }

    /// Answers a GET of this file: 304 without a body when the request's `If-None-Match`
    /// names its ETag, else 200 in the best coding the request accepts; both with the ETag,
    /// `cache_control` and, for a compressed file, `Vary: Accept-Encoding`.
    pub fn respond(&self, request: &HeaderMap, cache_control: &'static str) -> Response {
        if none_match(request, &self.etag) {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            self.validators(response.headers_mut(), cache_control);
            return response;
        }
        let mut response = self.send(request, StatusCode::OK, cache_control);
        self.validators(response.headers_mut(), cache_control);
        response
    }

    /// Sends this file with `status` in the best coding the request accepts, with no
    /// validator (for error pages, which are never conditional).
    pub fn send(
        &self,
        request: &HeaderMap,
        status: StatusCode,
        cache_control: &'static str,
    ) -> Response {
        let encoding = Accepted::parse(request).choose(self.brotli.is_some(), self.gzip.is_some());
        let body = self.body(encoding).unwrap_or(&self.identity);
        let mut response = Response::new(Body::from(body.clone()));
        *response.status_mut() = status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, self.mime.clone());
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control),
        );
        match encoding {
            Encoding::Identity => {}
            Encoding::Gzip => {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            Encoding::Brotli => {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            }
        }
        if self.gzip.is_some() || self.brotli.is_some() {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        response
    }

    fn validators(&self, headers: &mut HeaderMap, cache_control: &'static str) {
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control),
        );
        if self.gzip.is_some() || self.brotli.is_some() {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
    }
}

/// Every embedded file, and the pages as served.
pub struct Assets {
    version: String,
    files: HashMap<String, Asset>,
    pages: HashMap<String, Asset>,
    service_worker: Option<Asset>,
}

/// The pages the service worker keeps for offline use, with their files: the single-player
/// pages and the lobby (which then says it needs the server). `/puzzles/_offline` is the
/// puzzle page's shell, shown for any puzzle when offline, and `/puzzles/library/_offline` the
/// trainer's, shown for any library puzzle. A page whose file is missing is
/// left out (installation fails on any URL that does not answer).
const OFFLINE_PAGES: [(&str, &str); 11] = [
    ("/", "index.html"),
    ("/local", "local.html"),
    ("/computer", "computer.html"),
    ("/analysis", "analysis.html"),
    ("/rules", "rules.html"),
    ("/replay", "replay.html"),
    ("/puzzles/new", "puzzle-editor.html"),
    ("/puzzles/_offline", "puzzle.html"),
    ("/puzzles", "puzzles.html"),
    ("/puzzles/library/_offline", "trainer.html"),
    ("/lobby", "lobby.html"),
];

/// Files of `web/` that are not assets of the pages (not precached by the service worker).
fn is_page_asset(name: &str) -> bool {
    !(name.ends_with(".html") || name.ends_with(".md") || name == "sw.js")
}

/// Whether the service worker leaves the asset `name` (a path under `web/`) to be fetched
/// when a page first needs it rather than ahead: the engine module without simd128, which only
/// a browser without WebAssembly's vector instructions loads, and the Chinese interface's
/// faces (`fonts/xiangqi-ui-*`, 240 KB), which only a page in Chinese loads. The worker keeps every versioned asset it fetches, so either still works
/// offline once used.
fn fetched_on_demand(name: &str) -> bool {
    name == "wasm/engine-scalar.wasm" || name.starts_with("fonts/xiangqi-ui-")
}

/// Fills the service-worker template `web/sw.js`: `'__VERSION__'` becomes the build
/// version, `'__PRECACHE__'` the JSON list of the offline pages, the manifest and every
/// asset under the versioned prefix.
fn service_worker(template: &[u8], version: &str, files: &HashMap<String, Asset>) -> String {
    let mut urls: Vec<String> = OFFLINE_PAGES
        .iter()
        .filter(|(_, file)| files.contains_key(*file))
        .map(|(path, _)| (*path).to_string())
        .collect();
    if files.contains_key("manifest.webmanifest") {
        urls.push("/manifest.webmanifest".into());
    }
    let mut assets: Vec<&String> = files
        .keys()
        .filter(|n| is_page_asset(n) && !fetched_on_demand(n))
        .collect();
    assets.sort();
    urls.extend(assets.iter().map(|n| format!("/assets/v/{version}/{n}")));
    let list = serde_json::to_string(&urls).unwrap_or_else(|_| "[]".into());
    // The list sits in a single-quoted JavaScript string.
    let list = list.replace('\\', "\\\\").replace('\'', "\\'");
    String::from_utf8_lossy(template)
        .replace("'__VERSION__'", &format!("'{version}'"))
        .replace("'__PRECACHE__'", &format!("'{list}'"))
}

impl Assets {
    fn build() -> Assets {
        let embedded: Vec<(String, rust_embed::EmbeddedFile)> = Web::iter()
            .filter_map(|name| Some((name.to_string(), Web::get(&name)?)))
            .collect();
        let hashes: Vec<(&str, [u8; 32])> = embedded
            .iter()
            .map(|(name, file)| (name.as_str(), file.metadata.sha256_hash()))
            .collect();
        let version = codec::version(hashes.iter().map(|(name, hash)| (*name, hash)));
        let mut files = HashMap::new();
        let mut pages = HashMap::new();
        for (name, file) in &embedded {
            let mime = file.metadata.mimetype();
            if name.ends_with(".html") {
                let html = codec::versioned_page(&file.data, &version);
                let hash = Sha256::digest(html.as_bytes()).into();
                pages.insert(name.clone(), Asset::new(mime, Bytes::from(html), &hash));
            }
            let data = Bytes::copy_from_slice(&file.data);
            let hash = file.metadata.sha256_hash();
            files.insert(name.clone(), Asset::new(mime, data, &hash));
        }
        let service_worker = files.get("sw.js").map(|template| {
            let js = service_worker(&template.identity, &version, &files);
            let hash = Sha256::digest(js.as_bytes()).into();
            Asset::new("text/javascript", Bytes::from(js), &hash)
        });
        Assets {
            version,
            files,
            pages,
            service_worker,
        }
    }

    /// Returns the build version: a hash over every embedded file's name and content.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Returns the embedded file at `path` (relative to `web/`), as it is on disk.
    pub fn file(&self, path: &str) -> Option<&Asset> {
        self.files.get(path)
    }

    /// Returns the page `name` (an `.html` file of `web/`) with its asset references
    /// pointed at the versioned prefix.
    pub fn page(&self, name: &str) -> Option<&Asset> {
        self.pages.get(name)
    }

    /// Returns the service worker (`web/sw.js` with the build version and the list of what
    /// it keeps for offline use filled in), if `web/sw.js` is embedded.
    pub fn service_worker(&self) -> Option<&Asset> {
        self.service_worker.as_ref()
    }

    /// Returns every embedded file's path.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Returns the files and pages (`page:` and the file's path) that this process had to
    /// compress because the build had no forms for them, sorted; in a release build only
    /// `sw.js`, filled in at start. Each costs start-up time.
    pub fn compressed_at_start(&self) -> Vec<String> {
        let files = self.files.iter().map(|(n, a)| (n.clone(), a));
        let pages = self.pages.iter().map(|(n, a)| (format!("page:{n}"), a));
        let sw = self
            .service_worker
            .iter()
            .map(|a| ("sw.js (filled in)".to_string(), a));
        let mut names: Vec<String> = files
            .chain(pages)
            .chain(sw)
            .filter(|(_, a)| a.compressed_at_start)
            .map(|(n, _)| n)
            .collect();
        names.sort();
        names
    }
}

/// Checks `If-None-Match` against `etag` with the weak comparison RFC 9110 prescribes for
/// it (`W/` ignored); `*` matches any current file.
fn none_match(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
    let Ok(ours) = etag.to_str().map(opaque) else {
        return false;
    };
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || opaque(tag) == ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn negotiation_prefers_brotli_and_honours_q_values() {
        assert_eq!(
            Encoding::negotiate(&accept("gzip, deflate, br, zstd")),
            Encoding::Brotli
        );
        assert_eq!(
            Encoding::negotiate(&accept("gzip, deflate")),
            Encoding::Gzip
        );
        assert_eq!(Encoding::negotiate(&accept("br;q=0, gzip")), Encoding::Gzip);
        assert_eq!(
            Encoding::negotiate(&accept("br;q=0.5, gzip;q=0.8")),
            Encoding::Gzip
        );
        assert_eq!(Encoding::negotiate(&accept("*")), Encoding::Brotli);
        assert_eq!(
            Encoding::negotiate(&accept("*;q=0, identity")),
            Encoding::Identity
        );
        assert_eq!(Encoding::negotiate(&HeaderMap::new()), Encoding::Identity);
        // A file without a brotli form is sent gzipped only to a client that takes gzip.
        assert_eq!(
            Accepted::parse(&accept("br")).choose(false, true),
            Encoding::Identity
        );
        assert_eq!(
            Accepted::parse(&accept("br, gzip")).choose(false, true),
            Encoding::Gzip
        );
    }

    #[test]
    fn if_none_match_compares_weakly_and_reads_lists() {
        let etag = HeaderValue::from_static("W/\"abc\"");
        let mut h = HeaderMap::new();
        assert!(!none_match(&h, &etag));
        h.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"x\", \"abc\""),
        );
        assert!(none_match(&h, &etag));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("W/\"abc\""));
        assert!(none_match(&h, &etag));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(none_match(&h, &etag));
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"abd\""));
        assert!(!none_match(&h, &etag));
    }

    #[test]
    fn fonts_and_images_stay_as_they_are_wasm_and_svg_are_compressed() {
        use codec::compressible;
        assert!(compressible("text/html"));
        assert!(compressible("text/javascript; charset=utf-8"));
        assert!(compressible("application/wasm"));
        assert!(compressible("image/svg+xml"));
        assert!(!compressible("font/woff2"));
        assert!(!compressible("image/png"));
    }

    #[test]
    fn the_build_compressed_every_file_and_page_so_a_start_compresses_only_the_service_worker() {
        let all = assets();
        assert_eq!(all.compressed_at_start(), ["sw.js (filled in)"]);
        // The build's forms decode to the files they stand for.
        let page = all.page("index.html").expect("index.html");
        let identity = page.body(Encoding::Identity).expect("identity");
        let brotli = page.body(Encoding::Brotli).expect("brotli form");
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).expect("valid brotli");
        assert_eq!(&decoded[..], &identity[..]);
        let gzip = page.body(Encoding::Gzip).expect("gzip form");
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded)
            .expect("valid gzip");
        assert_eq!(&decoded[..], &identity[..]);
    }

    #[test]
    fn every_page_points_at_the_versioned_prefix_and_compresses() {
        let a = assets();
        assert_eq!(a.version().len(), codec::VERSION_LEN);
        let local = a.page("local.html").expect("local.html");
        let html =
            String::from_utf8_lossy(local.body(Encoding::Identity).expect("identity")).into_owned();
        let versioned = format!("\"/assets/v/{}/js/local.js\"", a.version());
        assert!(html.contains(&versioned), "{html}");
        assert!(!html.contains("\"/assets/js/"), "{html}");
        let br = local.body(Encoding::Brotli).expect("brotli form");
        let gz = local.body(Encoding::Gzip).expect("gzip form");
        assert!(br.len() < gz.len() && gz.len() < html.len());
        assert!(a.paths().any(|p| p == "js/board.js"));
    }

    #[test]
    fn every_page_is_built_from_the_shared_head_and_header() {
        let a = assets();
        let html = |name: &str| {
            let page = a.page(name).unwrap_or_else(|| panic!("{name}"));
            String::from_utf8_lossy(page.body(Encoding::Identity).expect("identity")).into_owned()
        };
        let current = |html: &str| html.split("aria-current=\"page\"").count() - 1;
        let pages: Vec<&str> = a.paths().filter(|p| p.ends_with(".html")).collect();
        assert_eq!(pages.len(), 17, "{pages:?}");
        for name in pages {
            let page = html(name);
            assert!(!page.contains("<!--#"), "{name}: a marker of no known part");
            assert!(
                page.starts_with(
                    "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                ),
                "{name}: the encoding comes first"
            );
            assert_eq!(
                page.matches("<header class=\"s-header\">").count(),
                1,
                "{name}"
            );
            assert_eq!(page.matches("<meta name=\"viewport\"").count(), 1, "{name}");
            let offline = page.contains("/js/offline.js\"");
            assert_eq!(offline, name != "404.html", "{name}: the service worker");
            let footer = page.contains("<footer class=\"s-footer\"");
            let game_page = page.contains("class=\"site game-page\"");
            assert_eq!(
                footer, !game_page,
                "{name}: the footer on every page but the games"
            );
            // A room, a finished game, a profile and the leaderboard are no page of the navigation.
            let elsewhere = matches!(
                name,
                "404.html" | "play.html" | "game.html" | "profile.html" | "players.html"
            );
            let expected = usize::from(!elsewhere);
            assert_eq!(current(&page), expected, "{name}: the current link");
        }
        assert!(html("local.html").contains("<a href=\"/local\" aria-current=\"page\""));
        assert!(html("trainer.html").contains("<a href=\"/puzzles\" aria-current=\"page\""));
        assert!(html("index.html").contains("<a href=\"/\" aria-current=\"page\""));
    }

    #[test]
    fn a_marker_takes_its_part_and_an_unknown_one_stays() {
        let page = codec::versioned_page(
            b"<!--#head-->\n<!--#site-page /rules-->\n<!--#sidebar-->",
            "abc",
        );
        assert!(
            page.starts_with(
                "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            ),
            "{page}"
        );
        assert!(page.contains("\"/assets/v/abc/css/site.css\""), "{page}");
        // The site page's part holds the offline part and the header, given its argument.
        assert!(page.contains("\"/assets/v/abc/js/offline.js\""), "{page}");
        assert!(
            page.contains("</head>\n<body class=\"site\">\n<header"),
            "{page}"
        );
        assert!(
            page.contains("<a href=\"/rules\" aria-current=\"page\" data-i18n"),
            "{page}"
        );
        assert!(page.ends_with("</header>\n<!--#sidebar-->"), "{page}");
    }

    #[test]
    fn a_game_page_marker_names_the_module_and_the_current_link() {
        let page = codec::versioned_page(b"<!--#game-page local /local-->", "abc");
        assert!(
            page.contains("<script type=\"module\" src=\"/assets/v/abc/js/local.js\"></script>"),
            "{page}"
        );
        assert!(page.contains("<body class=\"site game-page\">"), "{page}");
        assert!(
            page.contains("<a href=\"/local\" aria-current=\"page\""),
            "{page}"
        );
        // Without the second argument no link is the current one, and no `{n}` is left.
        let page = codec::versioned_page(b"<!--#game-page play-->", "abc");
        assert!(page.contains("/js/play.js\""), "{page}");
        assert!(!page.contains("aria-current"), "{page}");
        assert!(!page.contains("{2}") && !page.contains("<!--#"), "{page}");
    }

    #[test]
    fn the_service_worker_lists_the_offline_pages_and_every_versioned_asset() {
        let all = assets();
        let sw = all.service_worker().expect("web/sw.js is embedded");
        let js = String::from_utf8_lossy(sw.body(Encoding::Identity).expect("identity"));
        assert!(!js.contains("__VERSION__") && !js.contains("__PRECACHE__"));
        assert!(js.contains(&format!("const VERSION = '{}'", all.version())));
        let start = js.find("JSON.parse('").expect("the list") + "JSON.parse('".len();
        let end = start + js[start..].find("')").expect("its end");
        let urls: Vec<String> = serde_json::from_str(&js[start..end]).expect("a JSON list");
        for page in [
            "/",
            "/local",
            "/computer",
            "/rules",
            "/replay",
            "/puzzles/new",
            "/puzzles",
            "/puzzles/library/_offline",
        ] {
            assert!(urls.iter().any(|u| u == page), "{page}");
        }
        let prefix = format!("/assets/v/{}/", all.version());
        for file in [
            "js/local.js",
            "wasm/rules.wasm",
            "wasm/engine.wasm",
            "css/site.css",
            "puzzles/library.json",
        ] {
            assert!(urls.contains(&format!("{prefix}{file}")), "{file}");
        }
        assert!(!urls.contains(&format!("{prefix}wasm/engine-scalar.wasm")));
        assert!(urls.contains(&format!("{prefix}fonts/xiangqi-glyphs-board.woff2")));
        assert!(!urls.iter().any(|u| u.contains("/fonts/xiangqi-ui-")));
        assert!(urls
            .iter()
            .all(|u| !u.ends_with(".html") && !u.ends_with("sw.js")));
    }
}
