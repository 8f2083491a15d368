//! The fuzz targets' checks (fuzz/fuzz_targets, run for real with `cargo +nightly fuzz`) on
//! stable Rust, as a smoke test: every seed of fuzz/seeds, then pseudo-random inputs of up
//! to 256 bytes (a fixed xorshift sequence, so a failure repeats), each fed to the same
//! target body libFuzzer calls. No coverage guidance: it finds crashes near the seeds only.

#[path = "../../../../fuzz/fuzz_targets/common.rs"]
mod common;

use std::path::Path;

/// Random inputs per target (fewer in debug builds, which are many times slower).
const INPUTS: usize = if cfg!(debug_assertions) { 150 } else { 3000 };

/// A xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Returns up to 256 bytes, often a mutated `seed`.
    fn input(&mut self, seed: &[u8]) -> Vec<u8> {
        let mut bytes: Vec<u8> = if seed.is_empty() || self.next() % 2 == 0 {
            let len = (self.next() % 257) as usize;
            (0..len).map(|_| self.next() as u8).collect()
        } else {
            seed.to_vec()
        };
        for _ in 0..self.next() % 8 {
            if let Some(len) = std::num::NonZeroUsize::new(bytes.len()) {
                let at = (self.next() % len.get() as u64) as usize;
                bytes[at] = self.next() as u8;
            }
        }
        bytes.truncate(256);
        bytes
    }
}

/// Runs `target` on every seed of `fuzz/seeds/{name}` and on [`INPUTS`] random inputs.
fn smoke(name: &str, target: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(name);
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| std::fs::read(entry.expect("a seed").path()).expect("readable seed"))
        .collect();
    assert!(!seeds.is_empty(), "no seeds in {}", dir.display());
    seeds.sort();
    for seed in &seeds {
        target(seed);
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    for i in 0..INPUTS {
        let input = rng.input(&seeds[i % seeds.len()]);
        target(&input);
    }
}

#[test]
fn fen_target_survives_its_seeds_and_random_bytes() {
    smoke("fen", common::fen_target);
}

#[test]
fn legal_target_survives_its_seeds_and_random_bytes() {
    smoke("legal", common::legal_target);
}

#[test]
fn notation_target_survives_its_seeds_and_random_bytes() {
    smoke("notation", common::notation_target);
}
