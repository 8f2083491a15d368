//! Compresses the browser UI (`web/`) at build time, so that a start serves it at once
//! instead of spending seconds in brotli's highest quality: every embedded file that gains
//! from it, and every page as served (with its asset references versioned), gets a gzip and
//! a brotli form under `OUT_DIR`, and `OUT_DIR/precompressed.rs` lists them by content hash
//! for `assets::precompressed`. Forms are kept under `OUT_DIR/precompressed/` by content
//! hash, so a change to one file recompresses only that file (and the pages, whose version
//! changes).
//!
//! Also lists the SQL migrations of both backends for `store/migrations.rs`
//! (`OUT_DIR/migrations.rs`), so that a new migration is one new file.
//!
//! Reruns when a file of `web/` or `migrations/` changes, so the embedded assets are never stale. The
//! test folders and `node_modules` are not watched: they change on every browser-test run
//! and are not embedded. (A new top-level file is noticed at the next change of any watched
//! one.)

#[allow(dead_code)]
#[path = "src/assets/codec.rs"]
mod codec;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SKIP: [&str; 4] = ["node_modules", "tests", "test-artifacts", ".gitignore"];

/// One content to compress: its SHA-256 and bytes.
struct Item {
    sha256: [u8; 32],
    data: Vec<u8>,
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let web = manifest.join("../../web/");
    watch(&web);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    let cache = out.join("precompressed");
    std::fs::create_dir_all(&cache).expect("OUT_DIR is writable");

    let items = contents(&web);
    compress_all(&items, &cache);
    let table = table(&items, &cache);
    std::fs::write(out.join("precompressed.rs"), table).expect("OUT_DIR is writable");
    migrations(&manifest, &out);
}

/// Writes `OUT_DIR/migrations.rs`: for each backend a constant (`SQLITE`, `POSTGRES`) of
/// `(file name, include_str!(its path))` for every `.sql` file of `migrations/<backend>/`,
/// in the order of their names (which start with their versions).
fn migrations(manifest: &Path, out: &Path) {
    let mut code = String::new();
    for (constant, folder) in [("SQLITE", "sqlite"), ("POSTGRES", "postgres")] {
        let dir = manifest.join("migrations").join(folder);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("migrations/ is readable")
            .map(|entry| entry.expect("migrations/ is readable").path())
            .filter(|path| path.extension().is_some_and(|e| e == "sql"))
            .collect();
        files.sort();
        let _ = writeln!(code, "pub(super) const {constant}: Files = &[");
        for path in files {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("a UTF-8 file name");
            let path = path.to_str().expect("a UTF-8 path");
            let _ = writeln!(code, "    ({name:?}, include_str!({path:?})),");
        }
        let _ = writeln!(code, "];");
    }
    std::fs::write(out.join("migrations.rs"), code).expect("OUT_DIR is writable");
}

/// Prints `rerun-if-changed` for every top-level entry of `web/` but the skipped ones.
fn watch(web: &Path) {
    if let Ok(entries) = std::fs::read_dir(web) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            if !SKIP.iter().any(|s| name == *s) {
                println!("cargo:rerun-if-changed={}", entry.path().display());
            }
        }
    }
}

/// Returns what the server will compress: each embedded compressible file as it is on disk,
/// chosen as `rust-embed` chooses them, and each page as served.
fn contents(web: &Path) -> Vec<Item> {
    let matcher = rust_embed_utils::PathMatcher::new(&[], &codec::EXCLUDES);
    let folder = web.to_string_lossy().into_owned();
    let mut files = Vec::new();
    for entry in rust_embed_utils::get_files(folder, matcher) {
        let path = Path::new(&entry.full_canonical_path);
        let file = rust_embed_utils::read_file_from_fs(path).expect("web/ is readable");
        let compressible = codec::compressible(file.metadata.mimetype());
        files.push((entry.rel_path, file, compressible));
    }
    let hashes: Vec<(String, [u8; 32])> = files
        .iter()
        .map(|(path, file, _)| (path.clone(), file.metadata.sha256_hash()))
        .collect();
    let version = codec::version(hashes.iter().map(|(p, h)| (p.as_str(), h)));
    let mut items = Vec::new();
    for (path, file, compressible) in files {
        if path.ends_with(".html") {
            let page = codec::versioned_page(&file.data, &version).into_bytes();
            items.push(Item {
                sha256: sha256(&page),
                data: page,
            });
        }
        if compressible {
            items.push(Item {
                sha256: file.metadata.sha256_hash(),
                data: file.data.into_owned(),
            });
        }
    }
    items.sort_by_key(|i| i.sha256);
    items.dedup_by_key(|i| i.sha256);
    items
}

fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(data).into()
}

/// Where the `extension` form of the content with hash `sha256` is cached.
fn cached(cache: &Path, sha256: &[u8; 32], extension: &str) -> PathBuf {
    cache.join(format!(
        "{}-{}.{extension}",
        hex::encode(sha256),
        codec::SETTINGS
    ))
}

/// Compresses every item not yet cached, on all the cores cargo gives the build, largest
/// first so that no core is left with a big file at the end.
fn compress_all(items: &[Item], cache: &Path) {
    let mut todo: Vec<&Item> = items
        .iter()
        .filter(|i| {
            !cached(cache, &i.sha256, "br").exists() || !cached(cache, &i.sha256, "gz").exists()
        })
        .collect();
    todo.sort_by_key(|i| std::cmp::Reverse(i.data.len()));
    let jobs = std::env::var("NUM_JOBS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, 16);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while let Some(item) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let gz = codec::gzip(&item.data).expect("gzip of a buffer");
                    let br = codec::brotli(&item.data).expect("brotli of a buffer");
                    store(&cached(cache, &item.sha256, "gz"), &gz);
                    store(&cached(cache, &item.sha256, "br"), &br);
                }
            });
        }
    });
}

/// Writes `data` to `path` through a temporary file, so that an interrupted build never
/// leaves a truncated form that a later build would take as done.
fn store(path: &Path, data: &[u8]) {
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, data).expect("OUT_DIR is writable");
    std::fs::rename(&temporary, path).expect("OUT_DIR is writable");
}

/// Returns the Rust source of the table: one `Precompressed` per item, its forms included
/// from the cache.
fn table(items: &[Item], cache: &Path) -> String {
    let mut rs = String::from(
        "/// Every embedded compressible file and served page, compressed by the build.\n\
         pub static PRECOMPRESSED: &[Precompressed] = &[\n",
    );
    for item in items {
        let _ = writeln!(
            rs,
            "    Precompressed {{ sha256: {:?}, gzip: include_bytes!({:?}), brotli: include_bytes!({:?}) }},",
            item.sha256,
            cached(cache, &item.sha256, "gz"),
            cached(cache, &item.sha256, "br"),
        );
    }
    rs.push_str("];\n");
    rs
}
