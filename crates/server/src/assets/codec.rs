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
/// embedded: what only the browser tests and the developers need, and the partials that
/// [`versioned_page`] splices into every page. `assets::Web` repeats them in its attributes, which take
/// only literals.
pub const EXCLUDES: [&str; 8] = [
    "README.md",
    "partials/*",
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

/// The parts the pages share (`web/partials/`), by the name its marker gives. A marker is
/// `<!--#name-->`, or `<!--#name arguments…-->` with arguments separated by spaces, which
/// fill the part's `{1}`, `{2}`, … (a missing one fills nothing). A part may hold markers in
/// turn. So a page is its title, its description and one marker for everything the pages
/// share, and a new link is one line of `header.html`.
pub const PARTIALS: [(&str, &str); 13] = [
    // What every page opens with: the doctype, the <head>'s encoding, viewport, icon, the
    // site's style, the language module and the board's font.
    ("head", include_str!("../../../../web/partials/head.html")),
    // The manifest and the service worker's registration: every page but the 404 page.
    (
        "offline",
        include_str!("../../../../web/partials/offline.html"),
    ),
    // The site header with its navigation; the marker's argument is the path whose link is
    // marked as the current page.
    (
        "header",
        include_str!("../../../../web/partials/header.html"),
    ),
    // The end of a game page's <head> and the start of its <body> up to its <main>: the
    // game style, the page's module (`{1}`: its name under js/) and the header (`{2}`: the
    // current path).
    (
        "game-page",
        include_str!("../../../../web/partials/game-page.html"),
    ),
    // The end of any other page's <head> and the start of its <body>, with the header
    // (`{1}`: the current path).
    (
        "site-page",
        include_str!("../../../../web/partials/site-page.html"),
    ),
    // The end of a game page: its side column, its layout, <main> and the document.
    (
        "game-page-end",
        include_str!("../../../../web/partials/game-page-end.html"),
    ),
    // The end of any other page: the line saying which rules the site follows, and the
    // end of the document.
    (
        "site-page-end",
        include_str!("../../../../web/partials/site-page-end.html"),
    ),
    // The board column and the top of the side column of the pages whose board has no
    // player bars (local, replay): `{1}` the side column's i18n key, `{2}` its English
    // label.
    (
        "game-layout",
        include_str!("../../../../web/partials/game-layout.html"),
    ),
    // A game page's status line ("Loading…" until its script starts) and result banner.
    (
        "game-status",
        include_str!("../../../../web/partials/game-status.html"),
    ),
    // The panel that opens and saves games (XQF, PGN, DhtmlXQ; filled by game-io.js)
    // on the replay and analysis pages.
    (
        "import-export",
        include_str!("../../../../web/partials/import-export.html"),
    ),
    // The board settings' panel beside a game's board (filled by board-settings.js).
    (
        "settings",
        include_str!("../../../../web/partials/settings.html"),
    ),
    // The same settings as a card, on the puzzle pages (the editor, a puzzle, the trainer).
    (
        "settings-card",
        include_str!("../../../../web/partials/settings-card.html"),
    ),
    // The game menu of the pages that play a game: copy the start FEN or the moves, PGN.
    (
        "game-menu",
        include_str!("../../../../web/partials/game-menu.html"),
    ),
];

/// How many arguments a marker may give (`{1}` to `{MAX_ARGUMENTS}` in its part).
const MAX_ARGUMENTS: usize = 3;

/// How deep parts may hold parts; a marker deeper than that stays as it is.
const MAX_NESTING: usize = 3;

/// Returns the build version: the first [`VERSION_LEN`] hex digits of a SHA-256 over every
/// embedded file's path (relative to `web/`) and content hash, taken in path order whatever
/// the order given, and over the [`PARTIALS`] (which change every page).
pub fn version<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8; 32])>) -> String {
    let mut files: Vec<_> = files.into_iter().collect();
    files.sort_unstable();
    let mut hasher = Sha256::new();
    for (path, sha256) in files {
        hasher.update(path.as_bytes());
        hasher.update([0]);
        hasher.update(sha256);
    }
    for (name, text) in PARTIALS {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update(Sha256::digest(text.as_bytes()));
    }
    let mut hex = hex::encode(hasher.finalize());
    hex.truncate(VERSION_LEN);
    hex
}

/// Returns a page's HTML as served: each marker `<!--#name …-->` replaced by its part of
/// [`PARTIALS`], filled with the marker's arguments (in the header, the link to the first
/// argument marked as the current page), then every `"/assets/…` reference pointed at the
/// versioned prefix `"/assets/v/{version}/…`. A marker of no known part is left as it is
/// (a test finds it).
pub fn versioned_page(html: &[u8], version: &str) -> String {
    let source = String::from_utf8_lossy(html);
    let mut page = String::with_capacity(source.len() + 4096);
    splice(&source, &mut page, MAX_NESTING);
    page.replace("\"/assets/", &format!("\"/assets/v/{version}/"))
}

/// Appends `source` to `page`, each marker of a known part replaced by that part, filled
/// and spliced in turn while `depth` allows.
fn splice(source: &str, page: &mut String, depth: usize) {
    let mut rest = source;
    while let Some(start) = rest.find("<!--#") {
        let Some(len) = rest[start..].find("-->") else {
            break;
        };
        let marker = &rest[start + "<!--#".len()..start + len];
        let mut words = marker.split_whitespace();
        let name = words.next().unwrap_or_default();
        let arguments: Vec<&str> = words.collect();
        page.push_str(&rest[..start]);
        match PARTIALS.iter().find(|(n, _)| *n == name) {
            Some((_, part)) if depth > 0 => {
                let part = fill(name, part.trim_end_matches('\n'), &arguments);
                splice(&part, page, depth - 1);
            }
            _ => page.push_str(&rest[start..start + len + "-->".len()]),
        }
        rest = &rest[start + len + "-->".len()..];
    }
    page.push_str(rest);
}

/// Returns the part `name` with `{1}`, `{2}`, … replaced by `arguments` (a missing one by
/// nothing); in the header, the link to the first argument marked `aria-current="page"`.
fn fill(name: &str, part: &str, arguments: &[&str]) -> String {
    let mut text = part.to_string();
    for n in 1..=MAX_ARGUMENTS {
        let argument = arguments.get(n - 1).copied().unwrap_or_default();
        text = text.replace(&format!("{{{n}}}"), argument);
    }
    if let (Some(path), "header") = (arguments.first(), name) {
        let link = format!("<a href=\"{path}\"");
        text = text.replacen(&link, &format!("{link} aria-current=\"page\""), 1);
    }
    text
}
