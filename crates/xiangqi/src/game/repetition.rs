//! Judging a repeated cycle: which side, if any, checked or chased on every move of it.
//!
//! WXF 2018, repetition rules (summarised): a repetition is the same arrangement with the same
//! side to move. A side that gives check with every move of the cycle checks perpetually; a
//! side that threatens the same enemy piece with every move (checks may be mixed in: "one
//! check, one chase" is a chase) chases perpetually. One forbidden side loses; when one
//! side checks and the other chases, the checker must change and so loses; otherwise
//! (nobody, or both alike) the game is drawn.

use super::{GameResult, Reason};
use super::{PlyRecord, RuleSet};
use crate::{Bitboard, Color, Piece, Position};
use std::fmt::Write;

/// What one side did over a repeated cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Nothing forbidden: some move neither checked nor kept up a chase.
    Allowed,
    /// Every move of the side gave check.
    PerpetualCheck,
    /// Every move of the side chased the same enemy piece (or gave check); the piece and its
    /// square at the end of the cycle.
    PerpetualChase(Piece, crate::Square),
}

/// Judges `side`'s conduct over `cycle`, the plies after the first occurrence of the
/// repeated position up to its latest occurrence, `now` being the position after the last.
pub fn conduct(cycle: &[PlyRecord], side: Color, judge_chases: bool, now: &Position) -> Conduct {
    let mut all_checks = true;
    let mut tracked: Option<Bitboard> = None;
    let mut chase_kept = judge_chases;
    for rec in cycle {
        if rec.piece.color == side {
            if rec.check {
                continue;
            }
            all_checks = false;
            let now = match tracked {
                None => rec.threats.chased,
                Some(t) => t & rec.threats.chased,
            };
            chase_kept &= !now.is_empty();
            tracked = Some(now);
        } else if let Some(t) = tracked.as_mut() {
            // The chased piece may run: the chase follows it to its new point.
            if t.contains(rec.mv.from) {
                t.remove(rec.mv.from);
                t.insert(rec.mv.to);
            }
        }
    }
    let moved = cycle.iter().any(|r| r.piece.color == side);
    if moved && all_checks {
        return Conduct::PerpetualCheck;
    }
    if chase_kept {
        if let Some(sq) = tracked.and_then(|t| t.first()) {
            if let Some(piece) = now.piece_at(sq) {
                return Conduct::PerpetualChase(piece, sq);
            }
        }
    }
    Conduct::Allowed
}

/// The ruling on a repetition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Who wins, or a draw.
    pub result: GameResult,
    /// Perpetual check, perpetual chase or plain repetition.
    pub reason: Reason,
    /// Red's and Black's conduct over the cycle.
    pub conduct: [Conduct; 2],
}

/// Rules on a cycle under `rules` (see the module docs; `casual` judges only checks);
/// `now` is the position after the cycle's last ply.
pub fn rule(cycle: &[PlyRecord], rules: RuleSet, now: &Position) -> Ruling {
    let red = conduct(cycle, Color::Red, rules.judges_chases(), now);
    let black = conduct(cycle, Color::Black, rules.judges_chases(), now);
    let forbidden = |c: Conduct| c != Conduct::Allowed;
    let loses = |loser: Color, c: Conduct| Ruling {
        result: GameResult::win(!loser),
        reason: match c {
            Conduct::PerpetualCheck => Reason::PerpetualCheck,
            _ => Reason::PerpetualChase,
        },
        conduct: [red, black],
    };
    match (red, black) {
        (r, b) if forbidden(r) && !forbidden(b) => loses(Color::Red, r),
        (r, b) if forbidden(b) && !forbidden(r) => loses(Color::Black, b),
        (Conduct::PerpetualCheck, Conduct::PerpetualChase(..)) => loses(Color::Red, red),
        (Conduct::PerpetualChase(..), Conduct::PerpetualCheck) => loses(Color::Black, black),
        _ => Ruling {
            result: GameResult::Draw,
            reason: Reason::Repetition,
            conduct: [red, black],
        },
    }
}

/// Describes one side's conduct over the cycle in words, listing its plies.
pub fn describe(cycle: &[PlyRecord], side: Color, conduct: Conduct) -> String {
    let mut plies = String::new();
    for rec in cycle.iter().filter(|r| r.piece.color == side) {
        let what = if rec.check {
            "check"
        } else if !rec.threats.chased.is_empty() {
            "chase"
        } else {
            "quiet"
        };
        let _ = write!(
            plies,
            "{}{} {} {}",
            if plies.is_empty() { "" } else { ", " },
            rec.number,
            rec.mv,
            what
        );
    }
    let verdict = match conduct {
        Conduct::Allowed => format!("{side} did nothing forbidden"),
        Conduct::PerpetualCheck => format!("{side} gave check with every move"),
        Conduct::PerpetualChase(p, sq) => {
            format!(
                "{side} chased the {} {} (now on {sq}) with every move",
                p.color, p.role
            )
        }
    };
    format!("{verdict} (plies {plies})")
}
