//! Embeds the hash of the module's sources (see `src/source_hash.rs`) as
//! `XIANGQI_SOURCE_HASH`, so the committed modules can be proven current.

#[path = "src/source_hash.rs"]
mod source_hash;

use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&manifest).join("../..");
    let hash = source_hash::compute(&root).unwrap_or_else(|e| {
        println!("cargo:warning=cannot hash the sources: {e}");
        "unknown".into()
    });
    println!("cargo:rustc-env=XIANGQI_SOURCE_HASH={hash}");
    // A directory is scanned whole (its files and folders at any depth, `nets/` included),
    // so one line a crate suffices. A path that does not exist would make every cargo run
    // rerun this script and rebuild the crate.
    for krate in source_hash::CRATES {
        println!("cargo:rerun-if-changed={}", root.join(krate).display());
    }
}
