//! Judging a repeated cycle: which side, if any, checked or chased on every move of it.
//!
//! WXF 2018, repetition rules (in our words): a repetition is the same arrangement with the
//! same side to move. A side that gives check with every one of its moves in the cycle
//! checks perpetually. A side whose every move in the cycle chases one and the same enemy
//! piece (followed as it runs; several chasers may take turns, see `threats.rs` for what a
//! chase is) chases perpetually. A move that checks without chasing, threatens mate, or
//! threatens nothing breaks a chase: "one check, one chase" and "one chase, one idle move"
//! are allowed. A side that checks perpetually loses, unless the other side checks
//! perpetually too (draw), and even against a perpetual chase (the checker must change
//! first). Otherwise a side that chases perpetually loses, unless both do (draw). Anything
//! else is a draw.
//!
//! The judgment works on [`CycleStep`]s, one per ply, so that a search can call it on its own
//! path as cheaply as a game record does ([`judge_cycle`]).

use super::{threats_of_move, GameResult, Reason, RuleSet};
use crate::{Bitboard, Color, Move, Position};

/// One ply of a cycle as the repetition rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleStep {
    /// The move.
    pub mv: Move,
    /// The side that played it.
    pub mover: Color,
    /// Whether it gave check.
    pub check: bool,
    /// The enemy pieces it chased, on their points after the move
    /// ([`super::threats_of_move`]).
    pub chased: Bitboard,
}

/// What one side did over a repeated cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Nothing forbidden: some move neither checked nor kept up a chase.
    Allowed,
    /// Every move of the side gave check.
    PerpetualCheck,
    /// Every move of the side chased the same enemy piece; its point at the end of the cycle.
    PerpetualChase(crate::Square),
}

impl Conduct {
    /// Tells whether this conduct is forbidden (perpetual check or chase).
    pub const fn is_forbidden(self) -> bool {
        !matches!(self, Conduct::Allowed)
    }
}

/// Judges `side`'s conduct over `steps`, the plies after the first counted occurrence of the
/// repeated position up to its latest occurrence. Chases are judged only with
/// `judge_chases`.
pub fn conduct(steps: &[CycleStep], side: Color, judge_chases: bool) -> Conduct {
    let mut moved = false;
    let mut all_checks = true;
    let mut tracked: Option<Bitboard> = None;
    for step in steps {
        if step.mover == side {
            moved = true;
            all_checks &= step.check;
            tracked = Some(tracked.map_or(step.chased, |t| t & step.chased));
        } else if let Some(t) = tracked.as_mut() {
            // The chased piece may run: the chase follows it to its new point.
            if t.contains(step.mv.from) {
                t.remove(step.mv.from);
                t.insert(step.mv.to);
            }
        }
    }
    if moved && all_checks {
        return Conduct::PerpetualCheck;
    }
    match tracked.and_then(Bitboard::first) {
        Some(sq) if judge_chases => Conduct::PerpetualChase(sq),
        _ => Conduct::Allowed,
    }
}

/// The ruling on a repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Who wins, or a draw.
    pub result: GameResult,
    /// Perpetual check, perpetual chase or plain repetition.
    pub reason: Reason,
    /// Red's and Black's conduct over the cycle, indexed by [`Color::index`].
    pub conduct: [Conduct; 2],
}

impl Ruling {
    /// Returns the side that loses, if one does.
    pub fn loser(&self) -> Option<Color> {
        match self.result {
            GameResult::RedWins => Some(Color::Black),
            GameResult::BlackWins => Some(Color::Red),
            _ => None,
        }
    }
}

/// Rules on a cycle of `steps` under `rules` (see the module docs; `casual` judges only
/// checks).
///
/// Cost: one pass over the steps, no allocation; a search calls it only after a cheap test
/// on position keys has found the repetition.
pub fn judge_cycle(steps: &[CycleStep], rules: RuleSet) -> Ruling {
    let red = conduct(steps, Color::Red, rules.judges_chases());
    let black = conduct(steps, Color::Black, rules.judges_chases());
    let loses = |loser: Color, c: Conduct| Ruling {
        result: GameResult::win(!loser),
        reason: match c {
            Conduct::PerpetualCheck => Reason::PerpetualCheck,
            _ => Reason::PerpetualChase,
        },
        conduct: [red, black],
    };
    let draw = Ruling {
        result: GameResult::Draw,
        reason: Reason::Repetition,
        conduct: [red, black],
    };
    use Conduct::{PerpetualChase as Chase, PerpetualCheck as Check};
    match (red, black) {
        (Check, Check) => draw,
        (Check, _) => loses(Color::Red, red),
        (_, Check) => loses(Color::Black, black),
        (Chase(_), Chase(_)) => draw,
        (Chase(_), _) => loses(Color::Red, red),
        (_, Chase(_)) => loses(Color::Black, black),
        _ => draw,
    }
}

/// Judges the repetition that `moves` played into `now`: `moves` are the plies from the
/// earlier occurrence of `now`'s position up to `now`, oldest first, none of them a capture
/// (as in every cycle). For a search, which knows its path's moves and position but not the
/// positions along the way; a game record keeps its [`CycleStep`]s and calls
/// [`judge_cycle`] directly.
///
/// Walks back from `now` to the cycle's start, then forward again finding each ply's check
/// and chases, skipping the chase test for a side whose chase is already broken.
/// Cost: about one [`threats_of_move`] per ply (see `benches/cycle.rs` for figures).
pub fn judge_quiet_cycle(now: &Position, moves: &[Move], rules: RuleSet) -> Ruling {
    let mut pos = now.clone();
    for &m in moves.iter().rev() {
        pos.take_back_quiet(m);
    }
    let mut steps = Vec::with_capacity(moves.len());
    // Per side: whether its chase is still unbroken (no move of it has yet chased nothing
    // that the other moves chased).
    let mut tracked: [Option<Bitboard>; 2] = [None, None];
    for &m in moves {
        let mover = pos.turn();
        let before = pos.clone();
        pos.make_move(m);
        let alive = tracked[mover.index()].is_none_or(|t| !t.is_empty());
        let chased = if rules.judges_chases() && alive {
            threats_of_move(&before, m, &pos).chased
        } else {
            Bitboard::EMPTY
        };
        let t = &mut tracked[mover.index()];
        *t = Some(t.map_or(chased, |t| t & chased));
        if let Some(o) = tracked[(!mover).index()].as_mut() {
            if o.contains(m.from) {
                o.remove(m.from);
                o.insert(m.to);
            }
        }
        steps.push(CycleStep {
            mv: m,
            mover,
            check: pos.is_check(),
            chased,
        });
    }
    judge_cycle(&steps, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(mv: &str, mover: Color, check: bool, chased: &[&str]) -> CycleStep {
        let mut b = Bitboard::EMPTY;
        for s in chased {
            b.insert(s.parse().expect("square"));
        }
        CycleStep {
            mv: mv.parse().expect("ICCS"),
            mover,
            check,
            chased: b,
        }
    }

    #[test]
    fn quiet_cycle_judged_from_the_final_position_alone() {
        // Red's horse chases the unprotected chariot on a5 as it runs to b5 and back.
        let mut pos = Position::from_fen("4k4/9/9/3N5/r8/9/9/9/9/3K5 w").expect("legal FEN");
        let moves: Vec<Move> = ["d6c4", "a5b5", "c4d6", "b5a5"]
            .iter()
            .map(|m| m.parse().expect("ICCS"))
            .collect();
        for &m in &moves {
            pos.play(m).expect("legal");
        }
        let r = judge_quiet_cycle(&pos, &moves, RuleSet::Wxf2018);
        assert_eq!(
            (r.result, r.reason),
            (GameResult::BlackWins, Reason::PerpetualChase)
        );
        let r = judge_quiet_cycle(&pos, &moves, RuleSet::Casual);
        assert_eq!(r.result, GameResult::Draw);
    }

    #[test]
    fn a_chase_follows_the_running_piece() {
        // Red chases the piece on a5; it runs to b5 and back.
        let steps = [
            step("d6c4", Color::Red, false, &["a5"]),
            step("a5b5", Color::Black, false, &[]),
            step("c4d6", Color::Red, false, &["b5"]),
            step("b5a5", Color::Black, false, &[]),
        ];
        let r = judge_cycle(&steps, RuleSet::Wxf2018);
        assert_eq!(r.result, GameResult::BlackWins);
        assert_eq!(r.reason, Reason::PerpetualChase);
        assert_eq!(
            judge_cycle(&steps, RuleSet::Casual).result,
            GameResult::Draw
        );
    }

    #[test]
    fn one_check_one_chase_is_allowed() {
        let steps = [
            step("i9i8", Color::Red, true, &[]),
            step("e8e9", Color::Black, false, &[]),
            step("i8i9", Color::Red, false, &["h9"]),
            step("e9e8", Color::Black, false, &[]),
        ];
        assert_eq!(
            judge_cycle(&steps, RuleSet::Wxf2018).result,
            GameResult::Draw
        );
    }

    #[test]
    fn the_checker_loses_to_the_chaser() {
        let steps = [
            step("e2f4", Color::Red, true, &[]),
            step("d5f6", Color::Black, false, &["f4"]),
            step("f4e2", Color::Red, true, &[]),
            step("f6d5", Color::Black, false, &["e2"]),
        ];
        let r = judge_cycle(&steps, RuleSet::Wxf2018);
        assert_eq!(r.result, GameResult::BlackWins);
        assert_eq!(r.reason, Reason::PerpetualCheck);
        assert_eq!(r.loser(), Some(Color::Red));
    }
}
