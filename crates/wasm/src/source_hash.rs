//! The hash of the sources a WebAssembly module is built from: SHA-256 over every file of
//! the crates it contains (`Cargo.toml`, `build.rs`, everything under `src/` and, for the
//! engine, the embedded network under `nets/`), in sorted
//! path order, each as `path NUL contents NUL`. The build embeds it in the module; a test
//! recomputes it from the checkout, so a committed module older than its sources fails.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The crates whose sources make up the modules, relative to the workspace root.
pub const CRATES: [&str; 4] = [
    "crates/xiangqi",
    "crates/view",
    "crates/engine",
    "crates/wasm",
];

/// Returns the files hashed, relative to `root` (the workspace root), sorted.
///
/// # Errors
/// Any error reading the folders.
pub fn files(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for krate in CRATES {
        for name in ["Cargo.toml", "build.rs"] {
            let p = Path::new(krate).join(name);
            if root.join(&p).is_file() {
                out.push(p);
            }
        }
        walk(root, &Path::new(krate).join("src"), &mut out)?;
        // The engine embeds its network (include_bytes!): a new network is a new module.
        let nets = Path::new(krate).join("nets");
        if root.join(&nets).is_dir() {
            walk(root, &nets, &mut out)?;
        }
    }
    out.sort();
    Ok(out)
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(root.join(dir))? {
        let entry = entry?;
        let rel = dir.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            walk(root, &rel, out)?;
        } else {
            out.push(rel);
        }
    }
    Ok(())
}

/// Returns the hash of the sources under `root` as 64 lowercase hex digits.
///
/// # Errors
/// Any error reading the files.
pub fn compute(root: &Path) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    for rel in files(root)? {
        // Forward slashes on every platform, so the hash does not depend on the OS.
        let name = rel.to_string_lossy().replace('\\', "/");
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update(std::fs::read(root.join(&rel))?);
        hasher.update([0]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}
