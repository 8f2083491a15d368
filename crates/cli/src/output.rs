//! Writing the command's results: lines on standard output and standard error that survive a
//! closed pipe, and a check that an output file can be written before the work that fills it.

/// Writes a line to standard output like `println!`, but ignores a closed pipe
/// (`xiangqi tune … | head`) instead of panicking, so the command still finishes its work
/// (the weights file, the data file) and exits with its own status.
macro_rules! out_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// Writes a line to standard error like `eprintln!`, ignoring a closed pipe as `out_line!`
/// does.
macro_rules! err_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// Returns an error unless `path` names a file that could be created or replaced: not a
/// folder, and in a folder that exists. Checked before hours of tuning or generating, so
/// that a mistyped path fails at once; the write itself can still fail later (permissions, a
/// full disk), and its caller reports that.
///
/// # Errors
/// A message naming the path and what is wrong with it.
pub fn check_writable(path: &std::path::Path) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("cannot write {}: it is a folder", path.display()));
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(format!(
            "cannot write {}: the folder {} does not exist",
            path.display(),
            parent.display()
        ));
    }
    Ok(())
}
