//! The embedded `web/` files, prepared once per process: each with its media type, an ETag
//! from its content hash and, where it pays, gzip and brotli forms compressed at their
//! highest levels; the pages' HTML with every `/assets/` reference pointed at the versioned
//! prefix `/assets/v/{VERSION}/`, where `VERSION` is a hash over all embedded files.
//!
//! The ES modules import each other by relative paths (`./board.js`), so a page that loads
//! its script from the versioned prefix loads every module it imports from there too.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::LazyLock;

/// The `web/` folder, minus what only the browser tests and the developers need.
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "README.md"]
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

/// Hex digits of the build version in the versioned prefix.
const VERSION_LEN: usize = 12;
/// Hex digits of the content hash in an ETag.
const ETAG_LEN: usize = 16;
/// Brotli's highest quality; the files are compressed once, at start, so its slowness does
/// not matter (about 3 s for all of `web/`). Debug builds use a quick quality instead: there
/// the encoder runs unoptimized and quality 11 took over 10 s, too long to wait for while
/// working on the pages.
const BROTLI_QUALITY: i32 = if cfg!(debug_assertions) { 4 } else { 11 };
/// Brotli's window (log2 of bytes); larger than any embedded file.
const BROTLI_WINDOW: i32 = 22;

/// The prepared files; built on first use (the server forces it at start, see [`prepare`]).
static ASSETS: LazyLock<Assets> = LazyLock::new(Assets::build);

/// Builds the prepared files now (compressing them takes a moment), so that no request
/// waits for it. Call from a blocking thread.
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
}

impl Asset {
    /// Prepares `data` of type `mime` whose SHA-256 is `sha256`.
    fn new(mime: &str, data: Bytes, sha256: &[u8]) -> Asset {
        let compress = compressible(mime);
        let smaller = |c: Option<Vec<u8>>| c.filter(|c| c.len() < data.len()).map(Bytes::from);
        let gzip = if compress { smaller(gzip(&data)) } else { None };
        let brotli = if compress {
            smaller(brotli(&data))
        } else {
            None
        };
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

/// Assets the service worker does not fetch ahead: the engine module without simd128, which
/// only a browser without WebAssembly's vector instructions loads (and then keeps, as the
/// worker caches every versioned asset it fetches).
const NOT_PRECACHED: [&str; 1] = ["wasm/engine-scalar.wasm"];

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
        .filter(|n| is_page_asset(n) && !NOT_PRECACHED.contains(&n.as_str()))
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
        let mut names: Vec<String> = Web::iter().map(|n| n.into_owned()).collect();
        names.sort();
        let mut version = Sha256::new();
        let mut embedded = Vec::with_capacity(names.len());
        for name in names {
            let Some(file) = Web::get(&name) else {
                continue;
            };
            let sha256 = file.metadata.sha256_hash();
            version.update(name.as_bytes());
            version.update([0]);
            version.update(sha256);
            embedded.push((name, file, sha256));
        }
        let version = hex::encode(version.finalize())[..VERSION_LEN].to_string();
        let prefix = format!("\"/assets/v/{version}/");
        // Compressing at brotli's highest quality is most of the start-up time (about 3 s of
        // one core for all of web/), so the files are shared out among the cores, largest
        // first so that no core is left with a big file at the end.
        embedded.sort_by_key(|(_, file, _)| std::cmp::Reverse(file.data.len()));
        let next = AtomicUsize::new(0);
        let prepare_some = || {
            let mut done = Vec::new();
            while let Some((name, file, sha256)) =
                embedded.get(next.fetch_add(1, Ordering::Relaxed))
            {
                let mime = file.metadata.mimetype().to_string();
                let page = name.ends_with(".html").then(|| {
                    let html = String::from_utf8_lossy(&file.data).replace("\"/assets/", &prefix);
                    let hash = Sha256::digest(html.as_bytes());
                    Asset::new(&mime, Bytes::from(html), &hash)
                });
                let data = Bytes::copy_from_slice(&file.data);
                done.push((name.clone(), page, Asset::new(&mime, data, sha256)));
            }
            done
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let prepared: Vec<_> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads).map(|_| scope.spawn(prepare_some)).collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut files = HashMap::new();
        let mut pages = HashMap::new();
        for (name, page, asset) in prepared {
            if let Some(page) = page {
                pages.insert(name.clone(), page);
            }
            files.insert(name, asset);
        }
        let service_worker = files.get("sw.js").map(|template| {
            let js = service_worker(&template.identity, &version, &files);
            let hash = Sha256::digest(js.as_bytes());
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
}

/// Checks whether a media type gains from compression: text, scripts, JSON, SVG and
/// WebAssembly do; other images, fonts already compressed (WOFF, WOFF2), audio, video and
/// archives do not.
fn compressible(mime: &str) -> bool {
    let mime = mime.split(';').next().unwrap_or("").trim();
    if mime == "image/svg+xml" {
        return true;
    }
    let incompressible = ["image/", "audio/", "video/", "font/woff"];
    let archives = [
        "application/zip",
        "application/gzip",
        "application/x-brotli",
    ];
    !incompressible.iter().any(|p| mime.starts_with(p)) && !archives.contains(&mime)
}

fn gzip(data: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(data).ok()?;
    encoder.finish().ok()
}

fn brotli(data: &[u8]) -> Option<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        lgwin: BROTLI_WINDOW,
        size_hint: data.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &data[..], &mut out, &params).ok()?;
    Some(out)
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
        assert!(compressible("text/html"));
        assert!(compressible("text/javascript; charset=utf-8"));
        assert!(compressible("application/wasm"));
        assert!(compressible("image/svg+xml"));
        assert!(!compressible("font/woff2"));
        assert!(!compressible("image/png"));
    }

    #[test]
    fn every_page_points_at_the_versioned_prefix_and_compresses() {
        let a = assets();
        assert_eq!(a.version().len(), VERSION_LEN);
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
        assert!(urls
            .iter()
            .all(|u| !u.ends_with(".html") && !u.ends_with("sw.js")));
    }
}
