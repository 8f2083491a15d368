//! The module's entry points. JavaScript writes a UTF-8 request into the buffer that
//! [`input_buffer`] returns, calls an operation, which answers with the length of its reply,
//! and reads the reply at [`output_ptr`]. Memory may grow during a call, so the caller makes
//! its views of memory after each call. The host supplies two imports in module `host`:
//! `now_ms() -> f64` (a monotonic clock in milliseconds) and `info(ptr, len)` (a progress
//! report of a running search, valid only during that call).
//!
//! `#[no_mangle]` and calls to imports are unsafe in Rust's eyes; this file alone allows it,
//! and does nothing else unsafe.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[cfg(feature = "engine")]
#[link(wasm_import_module = "host")]
extern "C" {
    fn now_ms() -> f64;
    fn info(ptr: *const u8, len: usize);
}

/// Makes room for a request of `len` bytes and returns where to write it.
#[no_mangle]
pub extern "C" fn input_buffer(len: usize) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Returns where the last reply starts.
#[no_mangle]
pub extern "C" fn output_ptr() -> *const u8 {
    OUTPUT.with(|b| b.borrow().as_ptr())
}

/// Runs `op` on the request in the input buffer (invalid UTF-8 is refused) and keeps its
/// reply; returns the reply's length in bytes.
fn run(op: impl FnOnce(&str) -> String) -> usize {
    let reply = INPUT.with(|b| match std::str::from_utf8(&b.borrow()) {
        Ok(text) => op(text),
        Err(e) => crate::error_json("bad_request", &format!("not UTF-8: {e}"), &[]),
    });
    OUTPUT.with(|b| {
        let mut b = b.borrow_mut();
        *b = reply.into_bytes();
        b.len()
    })
}

/// [`crate::position`] on the input; returns the reply's length.
#[no_mangle]
pub extern "C" fn position() -> usize {
    run(crate::position)
}

/// [`crate::read_game`] on the input; returns the reply's length.
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn read_game() -> usize {
    run(crate::read_game)
}

/// [`crate::write_game`] on the input; returns the reply's length.
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn write_game() -> usize {
    run(crate::write_game)
}

/// [`crate::perft`] on the input; returns the reply's length.
#[no_mangle]
pub extern "C" fn perft() -> usize {
    run(crate::perft)
}

/// Writes [`crate::SOURCE_HASH`] as the reply; returns its length.
#[no_mangle]
pub extern "C" fn source_hash() -> usize {
    run(|_| crate::SOURCE_HASH.to_string())
}

#[cfg(feature = "engine")]
fn host_now() -> f64 {
    // SAFETY: an import without arguments or memory access, supplied by the host.
    unsafe { now_ms() }
}

/// [`crate::search`] on the input, reporting progress through the host's `info`; returns
/// the reply's length.
#[cfg(feature = "engine")]
#[no_mangle]
pub extern "C" fn search() -> usize {
    xiangqi_engine::time::set_host_clock(host_now);
    run(|body| {
        crate::search(body, &mut |line| {
            // SAFETY: the host reads `len` bytes at `ptr` during the call; `line` outlives it.
            unsafe { info(line.as_ptr(), line.len()) }
        })
    })
}

/// [`crate::new_game`]; returns the reply's length.
#[cfg(feature = "engine")]
#[no_mangle]
pub extern "C" fn new_game() -> usize {
    run(|_| crate::new_game())
}

/// [`crate::bench`] on the input; returns the reply's length.
#[cfg(feature = "engine")]
#[no_mangle]
pub extern "C" fn bench() -> usize {
    xiangqi_engine::time::set_host_clock(host_now);
    run(crate::bench)
}

/// [`crate::book`] on the input; returns the reply's length.
#[cfg(feature = "engine")]
#[no_mangle]
pub extern "C" fn book() -> usize {
    run(crate::book)
}
