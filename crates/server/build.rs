//! Rebuilds the server when a file of the browser UI (`web/`) changes, so the embedded
//! assets are never stale. The test folders and `node_modules` are left out: they change on
//! every browser-test run and are not embedded. (A new top-level file is noticed at the next
//! change of any watched one.)

use std::path::Path;

const SKIP: [&str; 4] = ["node_modules", "tests", "test-artifacts", ".gitignore"];

fn main() {
    let web = Path::new("../../web");
    if let Ok(entries) = std::fs::read_dir(web) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            if !SKIP.iter().any(|s| name == *s) {
                println!("cargo:rerun-if-changed={}", entry.path().display());
            }
        }
    }
}
