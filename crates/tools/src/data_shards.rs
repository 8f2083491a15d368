//! Self-play training data written as numbered shards (`shard-00000.xqd`, …; format in
//! [`training_data`](crate::training_data)), on several threads, resumable and reproducible.
//!
//! Shard `k` holds games `k × per_shard` to `(k + 1) × per_shard − 1` in order, each played
//! from the seed and its index alone ([`selfplay::record_game`]), so the same seed gives
//! the same shards whatever the number of threads. A shard is written to a temporary file
//! and renamed when complete: a run stopped part-way leaves only whole shards, and a run
//! started again with the same settings skips them.

use crate::atomic_file;
use crate::selfplay::{self, DataFilter, SelfplayConfig};
use crate::training_data::shard_header;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use xiangqi_engine::search::Searcher;

/// Where and how the shards are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    /// The folder of the shards (created when missing).
    pub dir: PathBuf,
    /// Games per shard (at least 1).
    pub games_per_shard: usize,
}

/// How far a run has come, handed to the progress callback after each shard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Shards of this run to write in all (those already there not counted).
    pub shards_to_write: usize,
    /// Shards written so far by this run.
    pub shards_written: usize,
    /// Shards already there from an earlier run, skipped.
    pub shards_skipped: usize,
    /// Games played so far by this run.
    pub games: usize,
    /// Training positions written so far by this run.
    pub positions: usize,
}

/// Returns the path of shard `k` in `dir`.
pub fn shard_path(dir: &Path, k: usize) -> PathBuf {
    dir.join(format!("shard-{k:05}.xqd"))
}

/// Plays `config.games` games on `config.concurrency` threads into the shards of `plan`,
/// skipping shards already there, and calls `progress` after each shard written; returns
/// the final progress.
///
/// # Errors
/// The first error creating the folder or writing a shard (the shards written before it
/// stay; a run started again resumes from them).
pub fn write_shards(
    config: &SelfplayConfig,
    filter: DataFilter,
    plan: &ShardPlan,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> std::io::Result<Progress> {
    std::fs::create_dir_all(&plan.dir)?;
    let per_shard = plan.games_per_shard.max(1);
    let shards = config.games.div_ceil(per_shard);
    let todo: Vec<usize> = (0..shards)
        .filter(|&k| !shard_path(&plan.dir, k).exists())
        .collect();
    let state = Mutex::new((
        Progress {
            shards_to_write: todo.len(),
            shards_skipped: shards - todo.len(),
            ..Progress::default()
        },
        progress,
        None::<std::io::Error>,
    ));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16);
                while let Some(&k) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let games = (k * per_shard)..((k + 1) * per_shard).min(config.games);
                    let n_games = games.len();
                    let mut bytes = shard_header();
                    let mut positions = 0;
                    for i in games {
                        let record = selfplay::record_game(config, i, &mut searcher, filter);
                        positions += record.plies.iter().filter(|p| p.1.is_some()).count();
                        record.write(&mut bytes);
                    }
                    let written = atomic_file::write(&shard_path(&plan.dir, k), &bytes);
                    let Ok(mut s) = state.lock() else { return };
                    let (p, callback, failure) = &mut *s;
                    if let Err(e) = written {
                        failure.get_or_insert(e);
                        return;
                    }
                    p.shards_written += 1;
                    p.games += n_games;
                    p.positions += positions;
                    callback(p);
                    if failure.is_some() {
                        return;
                    }
                }
            });
        }
    });
    let (p, _, failure) = state
        .into_inner()
        .map_err(|_| std::io::Error::other("a self-play thread panicked"))?;
    match failure {
        Some(e) => Err(e),
        None => Ok(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training_data::read_shard;

    fn config(concurrency: usize) -> SelfplayConfig {
        SelfplayConfig {
            games: 5,
            nodes: 200,
            concurrency,
            max_plies: 50,
            ..SelfplayConfig::default()
        }
    }

    #[test]
    fn shards_are_reproducible_whatever_the_threads_and_resume() {
        let base = std::env::temp_dir().join(format!("xq-shards-{}", std::process::id()));
        let plan = |name: &str| ShardPlan {
            dir: base.join(name),
            games_per_shard: 2,
        };
        let one = write_shards(&config(1), DataFilter::default(), &plan("one"), &mut |_| {})
            .expect("written");
        assert_eq!((one.shards_written, one.games), (3, 5));
        let two = write_shards(&config(2), DataFilter::default(), &plan("two"), &mut |_| {})
            .expect("written");
        assert_eq!(two.positions, one.positions);
        for k in 0..3 {
            let a = std::fs::read(shard_path(&plan("one").dir, k)).expect("shard");
            let b = std::fs::read(shard_path(&plan("two").dir, k)).expect("shard");
            assert_eq!(a, b, "shard {k}");
        }
        // Every position written reads back: quiet, past the skipped plies.
        let mut read = 0;
        for k in 0..3 {
            let bytes = std::fs::read(shard_path(&plan("one").dir, k)).expect("shard");
            let s = read_shard(&bytes, i16::MAX, &mut |p| {
                assert!(!p.position.is_check());
                read += 1;
            });
            assert_eq!(s.corruption, None);
        }
        assert_eq!(read, one.positions);
        // A second run finds every shard there; one removed is written again, the same.
        std::fs::remove_file(shard_path(&plan("one").dir, 1)).expect("removed");
        let again = write_shards(&config(2), DataFilter::default(), &plan("one"), &mut |_| {})
            .expect("written");
        assert_eq!((again.shards_skipped, again.shards_written), (2, 1));
        let b = std::fs::read(shard_path(&plan("two").dir, 1)).expect("shard");
        assert_eq!(
            std::fs::read(shard_path(&plan("one").dir, 1)).expect("shard"),
            b
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
