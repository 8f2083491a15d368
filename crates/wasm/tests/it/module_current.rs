//! The committed modules under `web/wasm/` are built from the current sources: each embeds
//! the hash of the sources it was built from (`src/source_hash.rs`), recomputed here from
//! the checkout. When this fails, run `scripts/build-wasm` and commit `web/wasm/`.

#[path = "../../src/source_hash.rs"]
#[allow(dead_code)]
mod source_hash;

use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn check(module: &str) {
    let hash = source_hash::compute(root()).expect("the sources can be read");
    let path = root().join("web/wasm").join(module);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        bytes.starts_with(b"\0asm"),
        "{module} is not a WebAssembly module"
    );
    assert!(
        bytes.windows(hash.len()).any(|w| w == hash.as_bytes()),
        "web/wasm/{module} was built from other sources than the checkout's (source hash \
         {hash}): run scripts/build-wasm and commit web/wasm/"
    );
}

#[test]
fn the_rules_module_is_built_from_the_current_sources() {
    check("rules.wasm");
}

#[test]
fn the_games_module_is_built_from_the_current_sources() {
    check("games.wasm");
}

#[test]
fn the_engine_module_is_built_from_the_current_sources() {
    check("engine.wasm");
}

#[test]
fn the_scalar_engine_module_is_built_from_the_current_sources() {
    check("engine-scalar.wasm");
}

#[test]
fn the_hash_covers_every_crate_of_the_modules_and_nothing_else() {
    let files = source_hash::files(root()).expect("the sources can be read");
    for krate in source_hash::CRATES {
        assert!(
            files.iter().any(|f| f.starts_with(krate)),
            "no file of {krate} is hashed"
        );
    }
    assert!(files
        .iter()
        .any(|f| f.ends_with("crates/xiangqi/src/position.rs")));
    assert!(files
        .iter()
        .any(|f| f.ends_with("crates/engine/nets/xiangqi.nnue")));
    assert!(files.iter().all(|f| !f.starts_with("crates/wasm/tests")));
    // The build's hash is the one this test computes (same function, same files).
    assert_eq!(
        xiangqi_wasm::SOURCE_HASH,
        source_hash::compute(root()).expect("hash")
    );
}
