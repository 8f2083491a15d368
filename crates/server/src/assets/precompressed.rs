//! The gzip and brotli forms the build made (`build.rs`), found by the SHA-256 of the
//! content they stand for.

use std::collections::HashMap;
use std::sync::LazyLock;

/// One content's forms, compressed by the build at the highest levels.
pub struct Precompressed {
    /// SHA-256 of the uncompressed content.
    pub sha256: [u8; 32],
    /// Its gzip form.
    pub gzip: &'static [u8],
    /// Its brotli form.
    pub brotli: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/precompressed.rs"));

/// The table indexed by content hash.
static BY_HASH: LazyLock<HashMap<[u8; 32], &'static Precompressed>> =
    LazyLock::new(|| PRECOMPRESSED.iter().map(|p| (p.sha256, p)).collect());

/// Returns the build's forms of the content whose SHA-256 is `sha256`, if it made them.
pub fn find(sha256: &[u8; 32]) -> Option<&'static Precompressed> {
    BY_HASH.get(sha256).copied()
}
