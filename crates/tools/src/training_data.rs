//! The training data of the NNUE: self-play games in a compact binary format of our own,
//! written by `xiangqi selfplay --data` and read by `xiangqi nnue train`.
//!
//! A game is stored as its moves from the start position, each with the search's score of
//! the position it was played from, or a mark that the position is not for training (the
//! opening and random moves, a position in check, one whose best move is a capture, one
//! that repeats an earlier position of the game). Four bytes a position.
//!
//! # Shard format (version 1, numbers little-endian)
//! ```text
//! header   "XQSD" magic, u16 version (1), u16 reserved (0)
//! game     u16 plies n, u8 result (0 Black won, 1 draw, 2 Red won), u8 reserved (0),
//!          n × (u16 move: from × 128 + to, i16 score for the side to move or -32768 for
//!          "not for training"), u32 CRC-32 of the game's bytes before it
//! game     …
//! ```
//! A reader that meets a game it cannot trust (bad checksum, an illegal move, a cut-off
//! end) reports the game's byte offset and skips the rest of the shard; the games before it
//! are kept.

use std::fmt;
use xiangqi::game::GameResult;
use xiangqi::{Color, Move, Position};

/// The first bytes of a shard.
pub const MAGIC: &[u8; 4] = b"XQSD";
/// The format version this code writes and reads.
pub const VERSION: u16 = 1;
/// The score that marks a position as not for training.
pub const NOT_KEPT: i16 = i16::MIN;
const HEADER: usize = 8;

/// One self-play game as stored: its result and each ply's move with its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// How the game ended (an unfinished game is stored as a draw).
    pub result: GameResult,
    /// Each move from the start position, with the search's score in centipawns of the
    /// position it was played from (for the side to move), `None` when that position is not
    /// for training.
    pub plies: Vec<(Move, Option<i16>)>,
}

/// A position for training: the position, the search's score and the game's result, both
/// for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingPosition {
    /// The position.
    pub position: Position,
    /// The search's score in centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// The game's number in its shard, from 0 (to split data by game).
    pub game: usize,
}

/// A game that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corruption {
    /// The byte offset of the game (or of the header) in the shard.
    pub offset: usize,
    /// What was wrong.
    pub reason: ShardError,
}

/// What is wrong in a shard, at the offset a [`Corruption`] gives.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The file does not start with the shard header.
    #[error("not a training-data shard (no XQSD header)")]
    NotAShard,
    /// The header's format version is not the one this build reads.
    #[error("format version {0}; this build reads {VERSION}")]
    Version(u16),
    /// The file ends inside a game's four header bytes.
    #[error("the shard ends inside a game's header")]
    TruncatedHeader,
    /// The file ends inside the moves or the checksum of a game of this many plies.
    #[error("the shard ends inside a game of {plies} plies")]
    TruncatedGame {
        /// The plies the game's header announced.
        plies: usize,
    },
    /// The game's CRC-32 does not match its bytes.
    #[error("the game's checksum does not match")]
    Checksum,
    /// The result byte is not 0 (Black won), 1 (draw) or 2 (Red won).
    #[error("unknown result {0}")]
    UnknownResult(u8),
    /// The move of this ply (1-based) is not legal in the position reached.
    #[error("ply {0} is not a legal move")]
    IllegalMove(usize),
}

impl fmt::Display for Corruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.reason)
    }
}

/// What [`read_shard`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardSummary {
    /// Games read whole.
    pub games: usize,
    /// Training positions handed over.
    pub positions: usize,
    /// The first game that could not be read (the rest of the shard was skipped).
    pub corruption: Option<Corruption>,
}

/// Returns the bytes that begin every shard.
pub fn shard_header() -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

impl GameRecord {
    /// Appends the game's bytes (see the module's format) to `out`. Games longer than
    /// 65535 plies keep their first 65535.
    pub fn write(&self, out: &mut Vec<u8>) {
        let start = out.len();
        let plies = &self.plies[..self.plies.len().min(usize::from(u16::MAX))];
        out.extend_from_slice(&(plies.len() as u16).to_le_bytes());
        out.push(match self.result {
            GameResult::BlackWins => 0,
            GameResult::RedWins => 2,
            _ => 1,
        });
        out.push(0);
        for (m, score) in plies {
            out.extend_from_slice(&m.to_u16().to_le_bytes());
            out.extend_from_slice(&score.unwrap_or(NOT_KEPT).to_le_bytes());
        }
        let crc = crc32fast::hash(&out[start..]);
        out.extend_from_slice(&crc.to_le_bytes());
    }
}

/// Reads a shard's bytes, handing each training position to `visit` in order; positions
/// whose score is beyond ±`max_score` centipawns are dropped too.
///
/// # Errors
/// None: a shard that cannot be read whole is reported in the summary's `corruption` (with
/// the byte offset of the first bad game, or 0 for a bad header), after the games before it.
pub fn read_shard(
    bytes: &[u8],
    max_score: i16,
    visit: &mut dyn FnMut(TrainingPosition),
) -> ShardSummary {
    let mut summary = ShardSummary::default();
    if bytes.len() < HEADER || &bytes[..4] != MAGIC {
        summary.corruption = Some(Corruption {
            offset: 0,
            reason: ShardError::NotAShard,
        });
        return summary;
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != VERSION {
        summary.corruption = Some(Corruption {
            offset: 4,
            reason: ShardError::Version(version),
        });
        return summary;
    }
    let mut at = HEADER;
    let mut found = Vec::new();
    while at < bytes.len() {
        found.clear();
        match read_game(&bytes[at..], max_score, summary.games, &mut found) {
            Ok(len) => {
                summary.games += 1;
                summary.positions += found.len();
                found.drain(..).for_each(&mut *visit);
                at += len;
            }
            Err(reason) => {
                summary.corruption = Some(Corruption { offset: at, reason });
                break;
            }
        }
    }
    summary
}

/// Reads the game at the start of `bytes` into `out`; returns its length in bytes.
fn read_game(
    bytes: &[u8],
    max_score: i16,
    game: usize,
    out: &mut Vec<TrainingPosition>,
) -> Result<usize, ShardError> {
    if bytes.len() < 4 {
        return Err(ShardError::TruncatedHeader);
    }
    let plies = usize::from(u16::from_le_bytes([bytes[0], bytes[1]]));
    let len = 4 + 4 * plies + 4;
    if bytes.len() < len {
        return Err(ShardError::TruncatedGame { plies });
    }
    let stored = u32::from_le_bytes([
        bytes[len - 4],
        bytes[len - 3],
        bytes[len - 2],
        bytes[len - 1],
    ]);
    if crc32fast::hash(&bytes[..len - 4]) != stored {
        return Err(ShardError::Checksum);
    }
    let red_result = match bytes[2] {
        0 => 0.0,
        1 => 0.5,
        2 => 1.0,
        r => return Err(ShardError::UnknownResult(r)),
    };
    let mut pos = Position::start();
    for (ply, chunk) in bytes[4..len - 4].chunks_exact(4).enumerate() {
        let m = Move::from_u16(u16::from_le_bytes([chunk[0], chunk[1]]))
            .filter(|&m| pos.is_legal(m))
            .ok_or(ShardError::IllegalMove(ply + 1))?;
        let score = i16::from_le_bytes([chunk[2], chunk[3]]);
        if score != NOT_KEPT && score.unsigned_abs() <= max_score.unsigned_abs() {
            out.push(TrainingPosition {
                position: pos.clone(),
                score,
                result: match pos.turn() {
                    Color::Red => red_result,
                    Color::Black => 1.0 - red_result,
                },
                game,
            });
        }
        pos.make_move(m);
    }
    Ok(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> GameRecord {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
        GameRecord {
            result: GameResult::RedWins,
            plies: moves
                .iter()
                .enumerate()
                .map(|(i, m)| (m.parse().expect("ICCS"), (i > 0).then_some(10 * i as i16)))
                .collect(),
        }
    }

    fn shard(games: &[GameRecord]) -> Vec<u8> {
        let mut out = shard_header();
        for g in games {
            g.write(&mut out);
        }
        out
    }

    #[test]
    fn a_game_reads_back_with_scores_and_results_for_the_side_to_move() {
        let bytes = shard(&[record(), record()]);
        assert_eq!(bytes.len(), 8 + 2 * (4 + 16 + 4));
        let mut seen = Vec::new();
        let summary = read_shard(&bytes, 2000, &mut |p| {
            seen.push((p.position.fen(), p.score, p.result))
        });
        assert_eq!(
            summary,
            ShardSummary {
                games: 2,
                positions: 6,
                corruption: None
            }
        );
        assert_eq!(
            seen[0],
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1".into(),
                10,
                0.0
            )
        );
        assert_eq!(seen[1].1, 20);
        assert_eq!(seen[1].2, 1.0);
    }

    #[test]
    fn extreme_scores_are_dropped() {
        let bytes = shard(&[record()]);
        let mut n = 0;
        read_shard(&bytes, 15, &mut |_| n += 1);
        assert_eq!(n, 1);
    }

    #[test]
    fn a_corrupt_game_is_reported_with_its_offset_and_the_rest_skipped() {
        let mut bytes = shard(&[record(), record(), record()]);
        let second = 8 + 24;
        bytes[second + 6] ^= 1; // a bit of the second game's first score
        let mut n = 0;
        let summary = read_shard(&bytes, 2000, &mut |_| n += 1);
        assert_eq!(summary.games, 1);
        assert_eq!(n, 3);
        assert_eq!(
            summary.corruption,
            Some(Corruption {
                offset: second,
                reason: ShardError::Checksum
            })
        );
        // Cut off in the third game.
        let cut = shard(&[record(), record(), record()]);
        let summary = read_shard(&cut[..cut.len() - 3], 2000, &mut |_| {});
        assert_eq!(summary.games, 2);
        assert_eq!(summary.corruption.map(|c| c.offset), Some(8 + 48));
        // Not a shard at all.
        let summary = read_shard(b"hello world", 2000, &mut |_| {});
        assert_eq!(summary.corruption.map(|c| c.offset), Some(0));
        assert_eq!(read_shard(&[], 2000, &mut |_| {}).games, 0);
    }

    #[test]
    fn an_illegal_move_with_a_good_checksum_is_refused() {
        let mut g = record();
        g.plies[2].0 = "a0a5".parse().expect("ICCS");
        let summary = read_shard(&shard(&[g]), 2000, &mut |_| {});
        assert_eq!(
            summary.corruption,
            Some(Corruption {
                offset: 8,
                reason: ShardError::IllegalMove(3)
            })
        );
    }
}
