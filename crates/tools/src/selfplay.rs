//! Self-play for tuning: fast games of the full-strength engine against itself from the
//! match openings followed by a few random moves, each position that is quiet when played
//! recorded with the game's result.
//!
//! A position is kept when the side to move is not in check, the engine's move is not a
//! capture and its score is no mate: the static evaluation should then be close to the truth,
//! which is what logistic ("Texel") tuning fits. Games are reproducible from the seed: game
//! `i` starts from opening `i mod 20`, its random moves are drawn from `seed` and `i`, and
//! both sides search a fixed number of nodes.

use crate::openings::{play_random_moves, OPENINGS};
use crate::training_data::GameRecord;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use xiangqi::game::{Game, GameResult, RuleSet};
use xiangqi_engine::clock::Limits;
use xiangqi_engine::search::{SearchRequest, SearchResult, Searcher, MATE_BOUND};

/// How to play the self-play games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfplayConfig {
    /// Number of games.
    pub games: usize,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Games played at the same time, one thread each.
    pub concurrency: usize,
    /// The seed of the random opening moves.
    pub seed: u64,
    /// Random legal moves played after the book opening (plies).
    pub random_plies: usize,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Positions are recorded from this ply on (the opening and random moves are skipped).
    pub skip_plies: usize,
    /// Play on after a search finds a mate (until the game ends or `max_plies`), instead of
    /// stopping there with the result; the puzzle generator wants the mating attack.
    pub play_out: bool,
    /// Play with the classical evaluation instead of the engine's default (the NNUE): the
    /// data the embedded network was trained on, and the puzzle library, were made so.
    pub classical: bool,
}

impl Default for SelfplayConfig {
    fn default() -> Self {
        SelfplayConfig {
            games: 1000,
            nodes: 5000,
            concurrency: 2,
            seed: 1,
            random_plies: 8,
            max_plies: 300,
            skip_plies: 16,
            play_out: false,
            classical: false,
        }
    }
}

/// One recorded position: its FEN and the game's result for Red (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position, as FEN.
    pub fen: String,
    /// The game's result from Red's point of view.
    pub red_score: f64,
}

/// Why a line of a data file is not a [`Sample`]; each names the line as read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    /// The line has no `;` before the result.
    #[error("no ';' before the result in {line:?}")]
    NoResult {
        /// The line.
        line: String,
    },
    /// The result is not a number.
    #[error("bad result {result:?} in {line:?}")]
    BadResult {
        /// The text after the last `;`.
        result: String,
        /// The line.
        line: String,
    },
    /// The result is a number outside 0 to 1 (as read; a NaN reads as not a number here).
    #[error("result {0} is not between 0 and 1")]
    OutOfRange(String),
    /// The FEN is not a legal position.
    #[error("{error} in {line:?}")]
    Fen {
        /// Why it is not.
        error: xiangqi::FenError,
        /// The line.
        line: String,
    },
}

impl Sample {
    /// Formats the sample as one line of a data file: `FEN;RESULT` with the result `1`,
    /// `0.5` or `0`.
    pub fn line(&self) -> String {
        format!("{};{}", self.fen, self.red_score)
    }

    /// Reads a line written by [`Sample::line`].
    ///
    /// # Errors
    /// [`SampleError`]: the line has no `;`, the result is not a number from 0 to 1, or the
    /// FEN is not a legal position.
    pub fn parse(line: &str) -> Result<Sample, SampleError> {
        let (fen, result) = line.rsplit_once(';').ok_or_else(|| SampleError::NoResult {
            line: line.to_string(),
        })?;
        let red_score: f64 = result.trim().parse().map_err(|_| SampleError::BadResult {
            result: result.to_string(),
            line: line.to_string(),
        })?;
        if !(0.0..=1.0).contains(&red_score) {
            return Err(SampleError::OutOfRange(red_score.to_string()));
        }
        xiangqi::Position::from_fen(fen.trim()).map_err(|error| SampleError::Fen {
            error,
            line: line.to_string(),
        })?;
        Ok(Sample {
            fen: fen.trim().to_string(),
            red_score,
        })
    }
}

/// Plays game `index` of `config` with `searcher`; returns its quiet positions with the
/// result.
pub fn play_game(config: &SelfplayConfig, index: usize, searcher: &mut Searcher) -> Vec<Sample> {
    let mut fens = Vec::new();
    let result = play_with(config, index, searcher, &mut |game, found| {
        let pos = game.position();
        if let Some(m) = found.best {
            if found.score.abs() < MATE_BOUND
                && game.plies().len() >= config.skip_plies
                && !pos.is_check()
                && !pos.is_capture(m)
            {
                fens.push(pos.fen());
            }
        }
    });
    let red_score = match result {
        GameResult::RedWins => 1.0,
        GameResult::BlackWins => 0.0,
        _ => 0.5,
    };
    fens.into_iter()
        .map(|fen| Sample { fen, red_score })
        .collect()
}

/// What `xiangqi selfplay --data` keeps of a game's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataFilter {
    /// Positions before this ply are dropped (the opening and random moves).
    pub skip_plies: usize,
    /// Positions whose search score is beyond ± this many centipawns are dropped.
    pub max_score: i32,
}

impl Default for DataFilter {
    fn default() -> Self {
        DataFilter {
            skip_plies: 16,
            max_score: 3000,
        }
    }
}

/// Plays game `index` of `config` with `searcher` and returns it as a training record:
/// every move with the search's score of the position it was played from, kept only where
/// that position passes `filter`, is quiet (not in check, the best move no capture) and is
/// new (no earlier position of the game is the same: a repetition's scores say little).
pub fn record_game(
    config: &SelfplayConfig,
    index: usize,
    searcher: &mut Searcher,
    filter: DataFilter,
) -> GameRecord {
    let mut scores: Vec<Option<i16>> = Vec::new();
    let (result, game) = play_game_with(config, index, searcher, &mut |game, found| {
        let ply = game.plies().len();
        let pos = game.position();
        let key = pos.key();
        let repeated = game.start().key() == key && ply > 0
            || game.plies()[..ply.saturating_sub(1)]
                .iter()
                .any(|p| p.key == key);
        let keep = found.best.is_some_and(|m| !pos.is_capture(m))
            && ply >= filter.skip_plies
            && !pos.is_check()
            && found.score.abs() <= filter.max_score
            && !repeated;
        scores.resize(ply, None);
        scores.push(keep.then_some(found.score as i16));
    });
    GameRecord {
        result,
        plies: game
            .moves()
            .into_iter()
            .enumerate()
            .map(|(i, m)| (m, scores.get(i).copied().flatten()))
            .collect(),
    }
}

/// Plays game `index` of `config` with `searcher` (the opening `index mod 20`, then
/// `config.random_plies` random moves drawn from the seed and the index, then the engine
/// against itself at `config.nodes` nodes a move), calling `visit` with the game so far and
/// the engine's search of its last position before each engine move; returns the result.
/// The game stops at a mate score (the side it favours wins), at the end of the game or at
/// `config.max_plies` (a draw), or with `config.play_out` plays the mate out.
pub fn play_with(
    config: &SelfplayConfig,
    index: usize,
    searcher: &mut Searcher,
    visit: &mut dyn FnMut(&Game, &SearchResult),
) -> GameResult {
    play_game_with(config, index, searcher, visit).0
}

/// Plays as [`play_with`] does; returns the result and the game.
fn play_game_with(
    config: &SelfplayConfig,
    index: usize,
    searcher: &mut Searcher,
    visit: &mut dyn FnMut(&Game, &SearchResult),
) -> (GameResult, Game) {
    let mut rng = StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9e37_79b9));
    let mut game = Game::new(xiangqi::Position::start(), RuleSet::Wxf2018);
    let opening = OPENINGS[index % OPENINGS.len()];
    for m in opening.parsed_moves().unwrap_or_default() {
        if game.play(m).is_err() {
            break;
        }
    }
    play_random_moves(&mut game, config.random_plies, &mut rng);
    searcher.clear();
    if config.classical {
        searcher.set_network(None);
    }
    let mut result = GameResult::Draw;
    while !game.status().is_over() && game.plies().len() < config.max_plies {
        let req = SearchRequest {
            start: game.start().clone(),
            moves: game.moves(),
            banned: Vec::new(),
            limits: Limits::nodes(config.nodes),
        };
        let found = searcher.search(&req, &mut |_| {});
        visit(&game, &found);
        let Some(m) = found.best else {
            break;
        };
        if found.score.abs() >= MATE_BOUND && !config.play_out {
            // A mate is found: the game's result is known.
            let mover_wins = found.score > 0;
            result = if mover_wins == (game.position().turn() == xiangqi::Color::Red) {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            };
            break;
        }
        if game.play(m).is_err() {
            break;
        }
    }
    if game.status().is_over() {
        result = game.status().result;
    }
    (result, game)
}

/// Plays every game of `config` on `config.concurrency` threads, handing each finished
/// game's samples to `sink` (one call at a time, in the order games finish) with the number
/// of games finished so far.
pub fn run(config: &SelfplayConfig, sink: &mut (dyn FnMut(usize, &[Sample]) + Send)) {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let sink = Mutex::new(sink);
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let samples = play_game(config, i, &mut searcher);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Ok(mut s) = sink.lock() {
                        s(n, &samples);
                    }
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_gives_quiet_samples_and_is_reproducible() {
        let config = SelfplayConfig {
            games: 1,
            nodes: 300,
            max_plies: 40,
            ..SelfplayConfig::default()
        };
        let mut s = Searcher::new(1);
        let a = play_game(&config, 3, &mut s);
        let b = play_game(&config, 3, &mut s);
        assert_eq!(a, b);
        assert!(!a.is_empty());
        for sample in &a {
            let pos = xiangqi::Position::from_fen(&sample.fen).unwrap();
            assert!(!pos.is_check());
            assert_eq!(Sample::parse(&sample.line()).unwrap(), *sample);
        }
    }

    #[test]
    fn bad_lines_are_refused() {
        let error = |line: &str| Sample::parse(line).map_err(|e| e.to_string()).err();
        assert_eq!(
            error("no result").as_deref(),
            Some(r#"no ';' before the result in "no result""#)
        );
        assert_eq!(
            error("4k4/9/9/9/9/9/9/9/9/4K4 w;2").as_deref(),
            Some("result 2 is not between 0 and 1")
        );
        assert_eq!(
            error("4k4/9/9/9/9/9/9/9/9/4K4 w;win").as_deref(),
            Some(r#"bad result "win" in "4k4/9/9/9/9/9/9/9/9/4K4 w;win""#)
        );
        assert!(error("not a fen;1").is_some_and(|e| e.ends_with(r#" in "not a fen;1""#)));
    }
}
