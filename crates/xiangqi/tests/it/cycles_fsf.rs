//! Replays the repetition cycles of `tests/data/cycles-fsf.tsv` under our `wxf-2018` rule
//! set and compares the rulings with Fairy-Stockfish's.
//!
//! The file is a fixed, stratified sample of the corpus that `scripts/cycles_crosscheck.py`
//! generates (checks, chases, cut protections and idle moves by both sides, from positions
//! of real and engine-like games); each row's result is Fairy-Stockfish's verdict under its
//! Asian chasing rules, adjudicated at the third occurrence. `wxf-2018` rules at the fourth,
//! so each cycle is played one lap further.

use crate::common;

use xiangqi::game::{Game, RuleSet};
use xiangqi::Position;

struct Case {
    line: usize,
    label: String,
    fen: String,
    moves: Vec<String>,
    result: String,
}

impl Case {
    /// The row's id: the first word of its label (`t123.4`).
    fn id(&self) -> &str {
        self.label.split_whitespace().next().unwrap_or("")
    }
}

fn cases() -> Vec<Case> {
    common::rows("cycles-fsf.tsv", "label", 4)
        .into_iter()
        .map(|r| Case {
            line: r.line,
            label: r.fields[0].clone(),
            fen: r.fields[1].clone(),
            moves: r.fields[2].split_whitespace().map(String::from).collect(),
            result: r.fields[3].clone(),
        })
        .collect()
}

/// A chariot or cannon that moves along the line of a piece it already attacks keeps an old
/// threat and creates none. Fairy-Stockfish counts the move *away* from the target as a new
/// (discovered) attack but not the move towards it; its own suite rules D106 ("the attack
/// does not change") a draw. A chase is a threat the move creates (WXF 2018, repetition
/// rules), so we count neither.
const SLIDE: &str = "the chariot slides along the line of a piece it already attacked";

/// The only protector cannot legally take back (its general would be in check, or the
/// generals would face): a false root, which does not protect (WXF 2018 chase examples).
/// Fairy-Stockfish counts the piece as protected.
const FALSE_ROOT: &str = "the target's only root is false: its recapture would be illegal";

/// Fairy-Stockfish treats a piece as pinned by the generals whenever it is the only piece of
/// its side on the enemy general's file, even with other pieces between; we ask whether the
/// recapture is legal, and here it is, so the target is protected.
const GENERALS_FILE: &str =
    "the protector on the generals' file is not pinned: its recapture is legal";

/// A piece shuttles on and off the line of the cannon that protects an enemy piece, which
/// one of its side's pieces attacks all along, so that the piece is unprotected after every
/// move: cutting the root is chasing, as the pawn that keeps a horse unprotected does in the
/// WXF rule book's appendix example of perpetual chase. Fairy-Stockfish counts only new
/// direct and discovered attacks.
const CUT_ROOT: &str = "every move cuts the root of a piece that the side attacks all along";

/// Rows where our `wxf-2018` ruling differs from Fairy-Stockfish's on purpose:
/// `(row id, our result, why)`, the id being the first word of the row's label. The four
/// categories are explained above and in `docs/rules.md`.
///
/// Row t148.0 used to be one (a false root: Black's chariot threatens to take an advisor that
/// Red's general cannot take back). That capture would mate, so the threat is a kill, not a
/// chase, and we now draw, as Fairy-Stockfish does for its own reason (it counts the
/// general's illegal recapture as a root).
const DELIBERATE_DIFFERENCES: &[(&str, &str, &str)] = &[
    ("t260.1", "draw", SLIDE),
    ("t433.2", "draw", SLIDE),
    ("t509.3", "draw", SLIDE),
    ("t648.0", "draw", SLIDE),
    ("t812.0", "black", FALSE_ROOT),
    ("t1053.1", "draw", SLIDE),
    ("t1449.5", "draw", SLIDE),
    ("t1508.4", "draw", SLIDE),
    ("t1744.5", "draw", SLIDE),
    ("t1827.4", "black", FALSE_ROOT),
    ("t1919.1", "draw", SLIDE),
    ("t2041.3", "draw", SLIDE),
    ("t2279.4", "draw", SLIDE),
    ("t2707.0", "draw", SLIDE),
    ("t2924.2", "draw", SLIDE),
    ("t2935.4", "draw", SLIDE),
    ("t3165.0", "draw", SLIDE),
    ("t3195.4", "draw", SLIDE),
    ("t3406.0", "draw", SLIDE),
    ("t3504.4", "red", FALSE_ROOT),
    ("t3735.2", "red", CUT_ROOT),
    ("t3873.5", "draw", SLIDE),
    ("t3938.0", "draw", SLIDE),
    ("t3977.2", "draw", GENERALS_FILE),
    ("t3985.5", "draw", GENERALS_FILE),
    ("t4136.1", "draw", SLIDE),
    ("t4188.0", "draw", SLIDE),
    ("t4551.4", "draw", SLIDE),
    ("t5664.0", "draw", SLIDE),
    ("t5710.5", "draw", SLIDE),
];

#[test]
fn fsf_cycles_under_wxf_2018() {
    let cases = cases();
    assert!(cases.len() >= 500, "only {} rows", cases.len());
    for d in DELIBERATE_DIFFERENCES {
        assert!(
            cases.iter().any(|c| c.id() == d.0),
            "DELIBERATE_DIFFERENCES names {}, which is not a row of cycles-fsf.tsv",
            d.0
        );
    }
    let mut mismatches = Vec::new();
    for c in &cases {
        let (expected, why) = DELIBERATE_DIFFERENCES
            .iter()
            .find(|d| d.0 == c.id())
            .map_or((c.result.as_str(), ""), |d| (d.1, d.2));
        let start = Position::from_fen(&c.fen)
            .unwrap_or_else(|e| panic!("line {}: {}: {e}", c.line, c.label));
        let mut game = Game::new(start, RuleSet::Wxf2018);
        for m in common::one_more_lap(&c.fen, &c.moves) {
            if game.status().is_over() {
                break;
            }
            game.play_iccs(&m)
                .unwrap_or_else(|e| panic!("line {}: {}: {m}: {e}", c.line, c.label));
        }
        let s = game.status();
        let got = s.result.name();
        if got != expected {
            mismatches.push(format!(
                "line {}: {}\n    fen      {}\n    moves    {} (+ one lap)\n    expected {expected}{}{why}, got {got} ({:?}): {}",
                c.line,
                c.label,
                c.fen,
                c.moves.join(" "),
                if why.is_empty() { "" } else { ", on purpose: " },
                s.reason,
                s.explanation
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} cycles are ruled differently from Fairy-Stockfish:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.join("\n")
    );
}
