//! The tactical test suite: positions with a known best move (mates in 1–3 and clear-cut
//! material wins), read from a tab-separated file, and a runner that searches each one and
//! counts the solved ones.
//!
//! File format, one position per line: `fen<TAB>best moves<TAB>kind<TAB>source`, where *best
//! moves* are ICCS moves separated by spaces (finding any of them solves the position),
//! *kind* is `mate1`, `mate2`, `mate3` or `material`, and *source* says where the position
//! comes from. Blank lines and lines starting with `#` are comments. The built-in suite,
//! [`BUILTIN`], is `crates/tools/tests/data/tactics.tsv`, where a test proves every mate by
//! brute force.

use std::fmt;
use std::sync::atomic::Ordering;
use std::time::Instant;
use xiangqi::{Move, Position};
use xiangqi_engine::clock::Limits;
use xiangqi_engine::search::{Score, SearchRequest, Searcher};

/// The built-in suite (the text of `tests/data/tactics.tsv`).
pub const BUILTIN: &str = include_str!("../tests/data/tactics.tsv");

/// One position of the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The position.
    pub position: Position,
    /// The moves that solve it.
    pub best: Vec<Move>,
    /// `mate1`, `mate2`, `mate3` or `material`.
    pub kind: String,
    /// Where it comes from.
    pub source: String,
}

impl Tactic {
    /// Returns N for a `mateN` kind.
    pub fn mate_in(&self) -> Option<u32> {
        self.kind.strip_prefix("mate")?.parse().ok()
    }
}

/// A line of a suite file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TacticsError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TacticsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TacticsError {}

/// Reads a suite file.
///
/// # Errors
/// [`TacticsError`] for the first line with fewer than four fields, a bad FEN, no best move,
/// or a best move that is not legal in the position.
pub fn parse(text: &str) -> Result<Vec<Tactic>, TacticsError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |message: String| TacticsError { line, message };
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = raw.split('\t').collect();
        let [fen, best, kind, source, ..] = fields[..] else {
            return Err(err(format!(
                "expected 4 tab-separated fields, found {}",
                fields.len()
            )));
        };
        let position = Position::from_fen(fen.trim()).map_err(|e| err(e.to_string()))?;
        let mut moves = Vec::new();
        for word in best.split_whitespace() {
            let m: Move = word
                .parse()
                .map_err(|e| err(format!("best move {word:?}: {e}")))?;
            if !position.is_legal(m) {
                return Err(err(format!("best move {word} is not legal")));
            }
            moves.push(m);
        }
        if moves.is_empty() {
            return Err(err("no best move".to_string()));
        }
        out.push(Tactic {
            line,
            position,
            best: moves,
            kind: kind.trim().to_string(),
            source: source.trim().to_string(),
        });
    }
    Ok(out)
}

/// What the engine did with one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// The move it chose, if any.
    pub chosen: Option<Move>,
    /// Whether that move is one of the best moves.
    pub solved: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub time_ms: u64,
}

/// Searches `tactic` at full strength under `limits` with a fresh table of `hash_mib`
/// mebibytes from `searcher` (cleared first). The search stops early once it has proved a
/// mate (an iteration deeper than twice the mate's plies plus 4), as a clock search does; a
/// plain move time alone would be spent in full.
pub fn attempt(searcher: &mut Searcher, tactic: &Tactic, limits: &Limits) -> Attempt {
    searcher.clear();
    let req = SearchRequest {
        start: tactic.position.clone(),
        limits: limits.clone(),
        ..SearchRequest::default()
    };
    let stop = searcher.stop_handle();
    stop.store(false, Ordering::SeqCst);
    let started = Instant::now();
    let r = searcher.search(&req, &mut |info| {
        let plies = match info.score {
            Score::Mate(n) if n > 0 => 2 * n - 1,
            Score::Mate(n) => -2 * n,
            Score::Cp(_) => return,
        };
        if i64::from(info.depth) > 2 * i64::from(plies) + 4 {
            stop.store(true, Ordering::SeqCst);
        }
    });
    searcher.stop_handle().store(false, Ordering::SeqCst);
    Attempt {
        chosen: r.best,
        solved: r.best.is_some_and(|m| tactic.best.contains(&m)),
        nodes: r.nodes,
        time_ms: started.elapsed().as_millis() as u64,
    }
}

/// Tells whether the side to move can force a win (the opponent checkmated or left without
/// a legal move, which loses in Xiangqi) within `n` of its own moves, by trying every line
/// (checking moves first, so mates are usually found early). Exponential: meant for sparse
/// positions and `n` ≤ 3. Repetition rules cannot matter within so few moves.
pub fn forced_win_within(pos: &mut Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    for checks_pass in [true, false] {
        for &m in moves.iter() {
            let undo = pos.make_move(m);
            let won = pos.is_check() == checks_pass && defender_lost(pos, n - 1);
            pos.unmake_move(m, undo);
            if won {
                return true;
            }
        }
    }
    false
}

/// Tells whether the side to move (the defender) loses within `n` more moves of the
/// attacker whatever it plays.
fn defender_lost(pos: &mut Position, n: u32) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return true;
    }
    if n == 0 {
        return false;
    }
    replies.iter().all(|&r| {
        let undo = pos.make_move(r);
        let won = forced_win_within(pos, n);
        pos.unmake_move(r, undo);
        won
    })
}

/// Returns every first move that forces a win within `n` moves (see
/// [`forced_win_within`]), in move-generation order.
pub fn winning_first_moves(pos: &Position, n: u32) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    if n == 0 {
        return out;
    }
    for &m in pos.clone().legal_moves().iter() {
        let undo = pos.make_move(m);
        if defender_lost(&mut pos, n - 1) {
            out.push(m);
        }
        pos.unmake_move(m, undo);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_suite_reads() {
        let suite = parse(BUILTIN).expect("the built-in suite is valid");
        assert!(suite.len() >= 50, "{}", suite.len());
    }

    #[test]
    fn bad_lines_name_their_line() {
        let e = parse("# c\n\n4k4/9/9/9/9/9/9/9/9/4K4 w\ti0i1\tmate1\tx\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(parse("only one field").is_err());
    }

    #[test]
    fn brute_force_finds_a_chariot_mate_in_one() {
        // Black's general on d9: the red general covers file e, the chariot on h8 covers
        // rank 8, so the other chariot checks along rank 9 and mates. h8h9 frees d8. (Without
        // the pawn on a6, Black would have no legal move already, and every quiet move
        // would win: in Xiangqi the side with no legal move loses.)
        let pos = Position::from_fen("3k5/7R1/9/p8/9/9/9/9/9/4K3R w").expect("valid");
        let wins = winning_first_moves(&pos, 1);
        assert_eq!(wins, vec!["i0i9".parse().expect("ICCS")]);
        assert!(!forced_win_within(&mut pos.clone(), 0));
    }
}
