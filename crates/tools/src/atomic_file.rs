//! Writing a file whole or not at all, for the outputs of long runs (data shards, networks,
//! checkpoints) that a stopped run or a full disk must not leave half-written.

use std::path::Path;

/// Writes `bytes` to `path` through a temporary file beside it (`path` with `.tmp` added)
/// renamed at the end, so `path` is either its old self (or absent) or whole.
///
/// # Errors
/// The I/O error of the write or the rename (the temporary file may then be left).
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_stays() {
        let dir = std::env::temp_dir().join(format!("xq-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("folder");
        let path = dir.join("net.nnue");
        write(&path, b"old").expect("written");
        write(&path, b"new bytes").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"new bytes");
        assert!(!dir.join("net.nnue.tmp").exists());
        assert!(write(&dir.join("missing/x"), b"x").is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}
