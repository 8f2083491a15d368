//! How the embedded `web/` files are chosen, versioned and compressed: shared by the build
//! script, which compresses them once at build time, and by the server, which looks the
//! results up by content hash and compresses at start only what the build did not see (the
//! service worker, filled in at start; in a debug build, a file edited since).
//!
//! Compiled twice (into `build.rs` with `#[path]`, and as `assets::codec`), so it uses only
//! the standard library and the compression and hash crates both have.

use sha2::{Digest, Sha256};
use std::io::Write;

/// The paths under `web/` (globs, as `rust-embed`'s `#[exclude]` takes them) that are not
/// embedded: what only the browser tests and the developers need. `assets::Web` repeats
/// them in its attributes, which take only literals.
pub const EXCLUDES: [&str; 7] = [
    "README.md",
    "node_modules/*",
    "tests/*",
    "test-artifacts/*",
    "package.json",
    "package-lock.json",
    "tsconfig.json",
];

/// Hex digits of the build version in the versioned prefix `/assets/v/{VERSION}/`.
pub const VERSION_LEN: usize = 12;

/// Brotli's highest quality. Slow (about 3 s of one core for all of `web/`), which is why
/// the build does it rather than each start.
const BROTLI_QUALITY: i32 = 11;
/// Brotli's window (log2 of bytes); larger than any embedded file.
const BROTLI_WINDOW: i32 = 22;

/// Names the compression settings, so that forms cached by an earlier build with other
/// settings are not reused.
pub const SETTINGS: &str = "br11w22-gz9";

/// Checks whether a media type gains from compression: text, scripts, JSON, SVG and
/// WebAssembly do; other images, fonts already compressed (WOFF, WOFF2), audio, video and
/// archives do not.
pub fn compressible(mime: &str) -> bool {
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

/// Returns `data` gzipped at the highest level, or `None` if the encoder failed.
pub fn gzip(data: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(data).ok()?;
    encoder.finish().ok()
}

/// Returns `data` brotli-compressed at the highest quality, or `None` if the encoder failed.
pub fn brotli(data: &[u8]) -> Option<Vec<u8>> {
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

/// Returns the build version: the first [`VERSION_LEN`] hex digits of a SHA-256 over every
/// embedded file's path (relative to `web/`) and content hash, taken in path order whatever
/// the order given.
pub fn version<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8; 32])>) -> String {
    let mut files: Vec<_> = files.into_iter().collect();
    files.sort_unstable();
    let mut hasher = Sha256::new();
    for (path, sha256) in files {
        hasher.update(path.as_bytes());
        hasher.update([0]);
        hasher.update(sha256);
    }
    let mut hex = hex::encode(hasher.finalize());
    hex.truncate(VERSION_LEN);
    hex
}

/// Returns a page's HTML as served: every `"/assets/…` reference pointed at the versioned
/// prefix `"/assets/v/{version}/…`.
pub fn versioned_page(html: &[u8], version: &str) -> String {
    String::from_utf8_lossy(html).replace("\"/assets/", &format!("\"/assets/v/{version}/"))
}
