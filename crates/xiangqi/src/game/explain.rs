//! Repetition rulings as data a page can render and as a sentence a player reads.
//!
//! A [`CycleReport`] travels with the [`super::Status`] of a repetition (a ruling at the
//! deciding occurrence, or a warning at the one before): which plies form the cycle, what
//! each of them did (check, chase of which piece on which point, mate threat, nothing) and
//! who is at fault. The browser renders it in the page's notation and language and highlights
//! the cycle in the move list; [`sentence`] and [`warning_sentence`] write it in English with
//! WXF moves for the command line and the logs.

use super::repetition::{Conduct, Ruling};
use super::Reason;
use crate::{wxf, Color, Move, Piece, Position, Role, Square};
use std::fmt::Write;

/// What one ply of a repeated cycle did, as the repetition rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlyKind {
    /// The move gave check.
    Check,
    /// The move chased an enemy piece (see `threats.rs`): the chasing piece and its point,
    /// and the chased piece and its point, after the move.
    Chase {
        /// The piece that threatens the capture.
        chaser: Piece,
        /// Its point.
        chaser_square: Square,
        /// The piece threatened.
        target: Piece,
        /// Its point.
        target_square: Square,
    },
    /// The move threatened mate in one ("kill"); allowed, like an idle move.
    Kill,
    /// The move neither checked, chased nor threatened mate.
    Idle,
}

impl PlyKind {
    /// Returns the wire name: `"check"`, `"chase"`, `"kill"` or `"idle"`.
    pub const fn name(self) -> &'static str {
        match self {
            PlyKind::Check => "check",
            PlyKind::Chase { .. } => "chase",
            PlyKind::Kill => "kill",
            PlyKind::Idle => "idle",
        }
    }
}

/// One ply of a repeated cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CyclePly {
    /// The ply number in the game record (1 for the first move).
    pub ply: usize,
    /// The full-move number as a move list counts it (Red's and Black's moves share one).
    pub move_number: u32,
    /// The move.
    pub mv: Move,
    /// The move in WXF notation.
    pub wxf: String,
    /// The piece that moved.
    pub piece: Piece,
    /// What the move did.
    pub kind: PlyKind,
    /// For a check, the piece giving it and its point (not always the piece that moved: a
    /// discovered check is given by the piece uncovered).
    pub checker: Option<(Piece, Square)>,
}

/// A judged repetition cycle: the data behind a repetition ruling or warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleReport {
    /// The first ply of the cycle (the move after the first counted occurrence).
    pub first_ply: usize,
    /// The last ply of the cycle (the move that brought the latest occurrence).
    pub last_ply: usize,
    /// How many times the position has now occurred.
    pub occurrences: usize,
    /// What each ply of the cycle did, in order.
    pub plies: Vec<CyclePly>,
    /// The side whose conduct is forbidden and who loses (or, for a warning, would lose by
    /// repeating once more); `None` when the repetition is a draw.
    pub offender: Option<Color>,
    /// Perpetual check, perpetual chase, or a plain repetition.
    pub reason: Reason,
    /// Red's and Black's conduct, indexed by [`Color::index`].
    pub conduct: [Conduct; 2],
    /// Whether the rule set judges chases (`wxf-2018` does, `casual` does not).
    pub chases_judged: bool,
}

/// Builds the report of a cycle. `positions[i]` is the position before `moves[i]`, with one
/// more position after the last move; `first_ply` is the ply number of `moves[0]`.
pub(crate) fn report(
    positions: &[Position],
    moves: &[(Move, bool, crate::Bitboard)],
    first_ply: usize,
    move_number_of: impl Fn(usize) -> u32,
    occurrences: usize,
    ruling: &Ruling,
    chases_judged: bool,
) -> CycleReport {
    let mut plies = Vec::with_capacity(moves.len());
    for (i, &(mv, check, chased)) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let piece = before
            .piece_at(mv.from)
            .unwrap_or(Piece::new(before.turn(), Role::General));
        let mover = piece.color;
        // Name the piece the mover's forbidden chase is about when this ply chases it.
        let tracked = match ruling.conduct[mover.index()] {
            Conduct::PerpetualChase(last) => Some(chased_target(moves, positions, i, mover, last)),
            _ => None,
        };
        let kind = if check {
            PlyKind::Check
        } else if let Some(target_square) = tracked.or_else(|| chased.first()) {
            match (
                super::threats::chaser_of(after, target_square, mv.to),
                after.piece_at(target_square),
            ) {
                (Some((chaser_square, chaser)), Some(target)) => PlyKind::Chase {
                    chaser,
                    chaser_square,
                    target,
                    target_square,
                },
                _ => PlyKind::Idle,
            }
        } else if super::threats::threatens_mate(after) {
            PlyKind::Kill
        } else {
            PlyKind::Idle
        };
        let checker = if check {
            let by = after.checkers();
            by.into_iter()
                .find(|&s| s == mv.to)
                .or_else(|| by.first())
                .and_then(|s| after.piece_at(s).map(|p| (p, s)))
        } else {
            None
        };
        let ply = first_ply + i;
        plies.push(CyclePly {
            ply,
            move_number: move_number_of(ply),
            mv,
            wxf: wxf::write(before, mv).unwrap_or_else(|_| mv.to_string()),
            piece,
            kind,
            checker,
        });
    }
    CycleReport {
        first_ply,
        last_ply: first_ply + moves.len().saturating_sub(1),
        occurrences,
        plies,
        offender: ruling.loser(),
        reason: ruling.reason,
        conduct: ruling.conduct,
        chases_judged,
    }
}

/// The point, after ply `i`, of the piece that `mover` chases throughout the cycle, given
/// its point `last` at the end of the cycle: followed back through the other side's moves.
fn chased_target(
    moves: &[(Move, bool, crate::Bitboard)],
    positions: &[Position],
    i: usize,
    mover: Color,
    last: Square,
) -> Square {
    let mut sq = last;
    for j in (i + 1..moves.len()).rev() {
        let mv = moves[j].0;
        if positions[j].turn() != mover && mv.to == sq {
            sq = mv.from;
        }
    }
    sq
}

/// Names the pieces of `side` that did `kind` in the cycle: "Red's chariot", "Red's chariot
/// and horse".
fn pieces_doing(report: &CycleReport, side: Color, checks: bool) -> String {
    let mut roles: Vec<Role> = Vec::new();
    for p in report.plies.iter().filter(|p| p.piece.color == side) {
        let role = match p.kind {
            PlyKind::Check if checks => Some(p.checker.map_or(p.piece.role, |(c, _)| c.role)),
            PlyKind::Chase { chaser, .. } if !checks => Some(chaser.role),
            _ => None,
        };
        if let Some(r) = role {
            if !roles.contains(&r) {
                roles.push(r);
            }
        }
    }
    let names: Vec<&str> = roles.iter().map(|r| r.name()).collect();
    match names.as_slice() {
        [] => format!("{side}"),
        [one] => format!("{side}'s {one}"),
        [init @ .., last] => format!("{side}'s {} and {last}", init.join(", ")),
    }
}

/// Lists `side`'s moves of the cycle in WXF: "R9+1, R9-1, R9+1".
fn moves_of(report: &CycleReport, side: Color) -> String {
    let list: Vec<&str> = report
        .plies
        .iter()
        .filter(|p| p.piece.color == side)
        .map(|p| p.wxf.as_str())
        .collect();
    list.join(", ")
}

/// Says "from move A to move B" for `side`'s plies of the cycle.
fn span_of(report: &CycleReport, side: Color) -> String {
    let mut numbers = report
        .plies
        .iter()
        .filter(|p| p.piece.color == side)
        .map(|p| p.move_number);
    let first = numbers.next().unwrap_or(0);
    let last = numbers.next_back().unwrap_or(first);
    if first == last {
        format!("on move {first}")
    } else {
        format!("on every move from move {first} to move {last}")
    }
}

/// Describes what `side` did in words, for the side that is not at fault.
fn innocent(report: &CycleReport, side: Color) -> String {
    match report.conduct[side.index()] {
        Conduct::Allowed => format!("{side}'s replies broke no rule"),
        Conduct::PerpetualChase(sq) => format!(
            "{side} chased the piece on {sq} meanwhile, but a perpetual check must change first"
        ),
        Conduct::PerpetualCheck => format!("{side} checked on every move too"),
    }
}

/// The chased piece of `side`'s perpetual chase where the cycle first chases it, as
/// "Black's cannon on e7".
fn chased_piece(report: &CycleReport, side: Color) -> String {
    report
        .plies
        .iter()
        .find_map(|p| match p.kind {
            PlyKind::Chase {
                target,
                target_square,
                ..
            } if p.piece.color == side => Some(format!(
                "{}'s {} on {target_square}",
                target.color, target.role
            )),
            _ => None,
        })
        .unwrap_or_else(|| "a piece".to_string())
}

/// Says what the offender `x` did: "Red's chariot checked on every move from move 1 to move
/// 6", or "Red's horse chased Black's chariot on a5 on every move …".
fn offence(report: &CycleReport, x: Color) -> String {
    if report.reason == Reason::PerpetualCheck {
        format!(
            "{} checked {}",
            pieces_doing(report, x, true),
            span_of(report, x)
        )
    } else {
        format!(
            "{} chased {} {}",
            pieces_doing(report, x, false),
            chased_piece(report, x),
            span_of(report, x)
        )
    }
}

/// Writes the ruling of a cycle as a sentence: "Red loses by perpetual check: Red's chariot
/// checked on every move from move 1 to move 6 (R9+1, R9-1, …); Black's replies broke no
/// rule."
pub fn sentence(report: &CycleReport) -> String {
    let mut out = String::new();
    match report.offender {
        Some(x) => {
            let y = !x;
            let what = offence(report, x);
            let _ = write!(
                out,
                "{x} loses by {}: {what} ({}); {} (the position occurred {} times).",
                reason_words(report.reason),
                moves_of(report, x),
                innocent(report, y),
                report.occurrences
            );
        }
        None => {
            let both = |c: Conduct| report.conduct.iter().all(|&k| k == c);
            let why = if both(Conduct::PerpetualCheck) {
                "both sides checked on every move, so neither is at fault".to_string()
            } else if report.conduct.iter().all(|c| c.is_forbidden()) {
                "both sides chased on every move, so neither is at fault".to_string()
            } else if let Some(c) = Color::ALL
                .into_iter()
                .find(|&c| chased_throughout(report, c))
            {
                if report.chases_judged {
                    format!("neither side checked on every move; {c} threatened a piece with every move, but not the same piece throughout")
                } else {
                    format!("neither side checked on every move; {c} chased with every move, but these rules do not judge chases")
                }
            } else {
                "neither side checked or chased on every move".to_string()
            };
            let first = report.plies.first().map_or(0, |p| p.move_number);
            let last = report.plies.last().map_or(first, |p| p.move_number);
            let _ = write!(
                out,
                "Drawn by repetition: the same position occurred {} times (moves {first} to {last}: Red {}; Black {}) and {why}.",
                report.occurrences,
                moves_of(report, Color::Red),
                moves_of(report, Color::Black)
            );
        }
    }
    out
}

/// Tells whether every move of `side` in the cycle chased some piece.
fn chased_throughout(report: &CycleReport, side: Color) -> bool {
    let mut own = report
        .plies
        .iter()
        .filter(|p| p.piece.color == side)
        .peekable();
    own.peek().is_some() && own.all(|p| matches!(p.kind, PlyKind::Chase { .. }))
}

/// Writes the warning at the occurrence before the deciding one: what the offender did and
/// what it must change.
pub fn warning_sentence(report: &CycleReport) -> Option<String> {
    let x = report.offender?;
    let change = if report.reason == Reason::PerpetualCheck {
        "play a move that does not give check"
    } else {
        "stop threatening that piece"
    };
    let what = offence(report, x);
    Some(format!(
        "{x} is repeating with {}: {what} ({}), and the position has occurred {} times. Repeating once more loses: {x} must {change}.",
        reason_words(report.reason),
        moves_of(report, x),
        report.occurrences
    ))
}

fn reason_words(reason: Reason) -> &'static str {
    match reason {
        Reason::PerpetualCheck => "perpetual check",
        Reason::PerpetualChase => "perpetual chase",
        _ => "repetition",
    }
}
