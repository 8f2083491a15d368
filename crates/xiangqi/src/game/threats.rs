//! What a move threatens: the enemy pieces it newly attacks, and which of those threats are
//! chases in the sense of the WXF 2018 repetition rules.
//!
//! A *chase* is a new threat, created by the move, to win an enemy piece by capturing it
//! (WXF 2018, repetition rules, and the chase examples of its appendix). A threat by the
//! attacker on `a` against the piece on `t` is a chase when:
//!
//! 1. the attacker is not a general or a soldier (their threats are always allowed);
//! 2. the target is not the general (that is check) and not a soldier still on its own side
//!    of the river;
//! 3. the capture would be legal: an attacker pinned against its own general, or whose
//!    capture would let the generals face each other, threatens nothing;
//! 4. the target is worth more than the attacker (a horse or cannon against a chariot; an
//!    advisor or elephant against a chariot, horse or cannon): then it is a chase even when
//!    the target is protected; otherwise
//! 5. it is not an exchange: a target of the same kind that could legally take the attacker
//!    back at once is offered an exchange, not chased; and
//! 6. the target is unprotected, judged in the position after the capture: its side has no
//!    legal recapture there. A recapture that the capture itself makes possible (the
//!    attacker leaving its point opens a line) counts; a "false root" — a defender that is
//!    pinned, a general that would face the other general, any recapture that would be
//!    illegal — does not.
//!
//! A threat is *created by the move* in these ways:
//!
//! - a **new attack**: after the move a piece of the mover attacks an enemy piece it did not
//!   attack before — the moved piece itself, or a piece whose line, leg or eye the move opened
//!   (a discovered attack), or a cannon that found a new screen in the moved piece;
//! - a **new pin of a defender**: the move pins an enemy piece against its general, so the
//!   pieces it protected lose that root ("undermining the root");
//! - a **new discovered-check threat**: the move sets up one of the mover's pieces so that
//!   its leaving would give check; a capture by that piece cannot be answered by a recapture;
//! - an **old attack switched on by a pin**: the attacker freed from a pin, or a defender
//!   that still reaches the target but may no longer take (a false root);
//! - **cutting the root**: the move blocks the line, leg or eye by which an attacked piece
//!   was protected, or takes away the screen of the cannon that protected it, so that an old
//!   attack now wins it. The rule book's appendix example of perpetual chase is of this
//!   kind: a pawn shuttles on and off the file of the cannon that protects a horse, which a
//!   chariot attacks all along, and the chariot is ruled to chase the horse. A move that
//!   parries an attack on the mover's own pieces (blocking it, taking away its screen,
//!   stepping out of it) is a defence, and the root it cuts on the way is not a chase: in the
//!   book's diagram 39 (as Fairy-Stockfish's suite composes it) the side whose chariot cannot
//!   move for an enemy horse blocks the attack on that chariot, which also cuts the line of
//!   the horse's protector, and it is not chasing the horse.
//!
//! An attack that stood before the move, with the target as exposed as it is now, is not a
//! chase made by this move: a piece that shuffles while keeping an old threat is not
//! chasing, and a player who moves a piece into an attack ("an offer") is not chased by the
//! other side.
//!
//! A move that makes a new threat of mate in one (a *kill*) chases nothing, whatever pieces
//! it also threatens: threatening mate is allowed however often it is repeated (WXF 2018,
//! repetition rules), and a threat to take a piece whose capture would itself mate is a
//! threat of mate. A threat only to leave the other side without a move (not in check) is
//! not a kill.

use crate::{Bitboard, Color, Move, Piece, Position, Role, Square};

/// The threats a move makes, found by comparing the positions before and after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Enemy pieces (their points after the move) attacked by a piece of the mover that did
    /// not attack them before the move.
    pub newly_attacked: Bitboard,
    /// The enemy pieces the move chases (see the module docs), on their points after the move.
    pub chased: Bitboard,
}

/// Finds the threats made by `m`, played by the side to move in `before`, leading to `after`.
///
/// Cost: the attack sets of the mover's pieces in both positions, plus a few legality tests
/// for each candidate chase (new attacks, and old ones whose target's root the move touched),
/// and, when the move chases, a look for a mate in one that plays out only the moves that
/// could give check; the moves of a repetition cycle have no captures, so this is called
/// once per ply of a game record or a search path (`benches/cycle.rs` for figures).
pub fn threats_of_move(before: &Position, m: Move, after: &Position) -> Threats {
    let them = !before.turn();
    let blockers_before = before.general_blockers(them);
    let blockers_after = after.general_blockers(them);
    let (newly_attacked, candidates) =
        new_attacks(before, m, after, (blockers_before, blockers_after));
    let mut out = Threats {
        newly_attacked,
        chased: Bitboard::EMPTY,
    };
    for (a, t) in candidates {
        if !out.chased.contains(t) && is_chase(after, a, t) {
            out.chased.insert(t);
        }
    }
    // A move out of check only ends the check and creates nothing.
    if !before.is_check() {
        let old = old_attacks_made_chases(
            before,
            m,
            after,
            out.chased,
            (blockers_before, blockers_after),
        );
        out.chased = out.chased | old;
    }

    // A move that makes a new threat to mate ("kill") is allowed, like a check: its threats
    // to pieces are not chases (WXF 2018, repetition rules: perpetual kill is allowed). A mate
    // threat that stood before the move, unanswered, is not made by it.
    if !out.chased.is_empty() && threatens_mate(after) && !can_mate_at_once(before) {
        out.chased = Bitboard::EMPTY;
    }
    out
}

/// The enemy pieces the move newly attacks, and the (attacker, target) pairs that may be
/// chases: those new attacks, the targets that a newly pinned defender protected, and the
/// captures of the mover's pieces newly set up for a discovered check. `blockers` are the
/// other side's general blockers before and after the move.
fn new_attacks(
    before: &Position,
    m: Move,
    after: &Position,
    blockers: (Bitboard, Bitboard),
) -> (Bitboard, Vec<(Square, Square)>) {
    let (blockers_before, blockers_after) = blockers;
    let us = before.turn();
    let them = !us;
    let theirs_after = after.board().by_color(them);
    let theirs_before = before.board().by_color(them);
    let mut newly_attacked = Bitboard::EMPTY;
    let mut candidates: Vec<(Square, Square)> = Vec::new();

    // New attacks: by the moved piece, and by pieces whose lines, legs or eyes the move
    // opened, or whose cannon screen it became.
    for a in after.board().by_color(us) {
        let origin = if a == m.to { m.from } else { a };
        let was = if a == m.to || before.piece_at(a) == after.piece_at(a) {
            before.attacks_from(origin) & theirs_before
        } else {
            Bitboard::EMPTY
        };
        let new = after.attacks_from(a) & theirs_after & !was;
        newly_attacked = newly_attacked | new;
        candidates.extend(new.into_iter().map(|t| (a, t)));
    }

    // Defenders newly pinned against their general: what they protected loses that root.
    let new_blockers = blockers_after & !blockers_before;
    for p in new_blockers & theirs_after {
        for t in after.attacks_from(p) & theirs_after {
            for a in after.attackers(t, us) {
                candidates.push((a, t));
            }
        }
    }

    // The mover's pieces newly set up for a discovered check: their captures come with check.
    for x in new_blockers & after.board().by_color(us) {
        for t in after.attacks_from(x) & theirs_after {
            candidates.push((x, t));
        }
    }
    (newly_attacked, candidates)
}

/// The old attacks (targets not in `chased` already) that the move, played from a position
/// not in check, turned into chases. Through a pin: the attacker set free, or a defender that
/// still reaches the target but may no longer take (a false root); only a move that changes
/// some pin, or moves a general, can do that. Or by cutting the root: the move stands on, or
/// leaves, the line, leg or eye by which the target was protected, and is not itself a
/// defence. `blockers` are the other side's general blockers before and after the move.
fn old_attacks_made_chases(
    before: &Position,
    m: Move,
    after: &Position,
    chased: Bitboard,
    blockers: (Bitboard, Bitboard),
) -> Bitboard {
    let us = before.turn();
    let (blockers_before, blockers_after) = blockers;
    let general_moved = before.general(us) == m.from;
    let pins_changed = general_moved
        || blockers_after & !blockers_before != Bitboard::EMPTY
        || before.general_blockers(us) != after.general_blockers(us)
        || blockers_before != blockers_after;
    let mut out = Bitboard::EMPTY;
    let mut waiting: Option<Position> = None;
    let mut defence: Option<bool> = None;
    for t in after.board().by_color(!us) & !chased {
        let cut = touches_root(before, m, after, t);
        if !(pins_changed || cut) {
            continue;
        }
        for a in after.attackers(t, us) {
            let origin = if a == m.to { m.from } else { a };
            if !before.attacks_from(origin).contains(t) || !is_chase(after, a, t) {
                continue;
            }
            let waiting = waiting.get_or_insert_with(|| {
                let mut w = before.clone();
                w.toggle_turn();
                w
            });
            if is_chase(waiting, origin, t) {
                continue;
            }
            let by_pin = pins_changed && pinned_out(waiting, origin, after, a, t);
            if by_pin || cut && !*defence.get_or_insert_with(|| is_defence(before, m, after)) {
                out.insert(t);
                break;
            }
        }
    }
    out
}

/// Tells whether the move `m` (from `before` to `after`) could have changed how the piece on
/// `t` is protected by the lie of the board alone: it leaves or enters a point diagonally
/// next to `t` (the leg of a horse or the eye of an elephant protecting it), or a point on
/// `t`'s rank or file with at most two pieces between it and `t` (inside the line of a
/// chariot, cannon or general protecting it, or of a cannon's screen: a protector stands
/// no further than the third piece from `t`, counting the attacker that leaves its point to
/// capture). A cheap filter before the exact test.
fn touches_root(before: &Position, m: Move, after: &Position, t: Square) -> bool {
    let near = |s: Square| {
        let (df, dr) = (
            i16::from(s.file()) - i16::from(t.file()),
            i16::from(s.rank()) - i16::from(t.rank()),
        );
        if df.abs() == 1 && dr.abs() == 1 {
            return true;
        }
        if df != 0 && dr != 0 {
            return false;
        }
        let n = df.abs().max(dr.abs());
        let occupied_between = |pos: &Position| {
            (1..n)
                .filter_map(|i| {
                    let file = i16::from(t.file()) + df.signum() * i;
                    let rank = i16::from(t.rank()) + dr.signum() * i;
                    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
                })
                .filter(|&q| pos.piece_at(q).is_some())
                .count()
        };
        occupied_between(before) <= 2 || occupied_between(after) <= 2
    };
    near(m.from) || near(m.to)
}

/// Tells whether `m` (from `before` to `after`) parries an attack on the mover's own pieces:
/// the moved piece leaves a point that was attacked for one that is not, or some enemy piece
/// that attacked another of the mover's pieces no longer does (the move blocked its line,
/// leg or eye, or took away a cannon's screen). A defence that happens to cut the root of an
/// enemy piece is not a chase of it (the rule book's diagram 39: a chariot that cannot move
/// for an enemy horse is not chasing the horse when its side blocks an attack on it and so
/// the line of the horse's protector; its appendix: a pawn that shuttles only to keep a
/// horse unprotected makes its chariot chase the horse).
fn is_defence(before: &Position, m: Move, after: &Position) -> bool {
    let us = before.turn();
    let them = !us;
    if !before.attackers(m.from, them).is_empty() && after.attackers(m.to, them).is_empty() {
        return true;
    }
    (after.board().by_color(us) & !Bitboard::from_square(m.to))
        .into_iter()
        .any(|p| !(before.attackers(p, them) & !after.attackers(p, them)).is_empty())
}

/// Tells whether the side that just moved in `pos` threatens mate in one, the "kill" of the
/// repetition rules: given the move again, some move of its would checkmate. A move that
/// gives check is judged as a check, not here. A threat only to leave the other side without
/// a move while not in check (which also wins) is not a mate threat: taking a piece that
/// way is still a chase.
pub(crate) fn threatens_mate(pos: &Position) -> bool {
    if pos.is_check() {
        return false;
    }
    let mut again = pos.clone();
    again.toggle_turn();
    can_mate_at_once(&again)
}

/// Tells whether the side to move in `pos` has a move that checkmates.
///
/// Only a move that could give check is played out: one that leaves a point from which a
/// piece of the mover screened the enemy general (a discovered check), or that lands on the
/// general's rank or file or within two points of it (a chariot, cannon, horse, soldier or
/// the facing general checking from there, or a new cannon screen).
fn can_mate_at_once(pos: &Position) -> bool {
    let k = pos.general(!pos.turn());
    let discovering = pos.general_blockers(!pos.turn());
    let may_check = |m: Move| {
        discovering.contains(m.from)
            || m.to.file() == k.file()
            || m.to.rank() == k.rank()
            || (m.to.file().abs_diff(k.file()) <= 2 && m.to.rank().abs_diff(k.rank()) <= 2)
    };
    let mut p = pos.clone();
    pos.find_legal(may_check, |m| {
        let undo = p.make_move(m);
        let mate = p.is_check() && !p.has_legal_move();
        p.unmake_move(m, undo);
        mate
    })
}

/// Tells whether the attack `origin`→`t` before the move (in `before`, the attacked side to
/// move) and `a`→`t` after it (in `after`) differ by a pin alone: the capture was illegal
/// before, or some answer of the attacked side — a recapture on `t`, or taking the attacker
/// back — was legal before and is still within the piece's reach after, but illegal.
fn pinned_out(before: &Position, origin: Square, after: &Position, a: Square, t: Square) -> bool {
    let (mut cap_before, mut cap_after) = (before.clone(), after.clone());
    cap_before.toggle_turn();
    cap_after.toggle_turn();
    if !cap_before.is_legal(Move::new(origin, t)) {
        return true;
    }
    let back = Move::new(t, a);
    if before.is_legal(Move::new(t, origin))
        && !after.is_legal(back)
        && after.attacks_from(t).contains(a)
    {
        return true;
    }
    cap_before.make_move(Move::new(origin, t));
    cap_after.make_move(Move::new(a, t));
    cap_before
        .legal_moves()
        .iter()
        .filter(|r| r.to == t)
        .any(|r| {
            let same_piece = cap_after.piece_at(r.from) == cap_before.piece_at(r.from);
            same_piece && !cap_after.is_legal(*r) && cap_after.attacks_from(r.from).contains(t)
        })
}

/// Tells whether a piece of value `attacker` threatening one of kind `target` wins material
/// even if the target is protected (WXF 2018, chase examples: a horse or cannon attacking a
/// chariot; an advisor or elephant attacking a chariot, horse or cannon).
const fn outranks(attacker: Role, target: Role) -> bool {
    matches!(
        (attacker, target),
        (Role::Horse | Role::Cannon, Role::Chariot)
            | (
                Role::Advisor | Role::Elephant,
                Role::Chariot | Role::Horse | Role::Cannon
            )
    )
}

/// Tells whether the attack of the piece on `attacker` against the enemy piece on `target`
/// is a chase in `pos`, where the attacked side is to move (rules 1–6 of the module docs).
pub fn is_chase(pos: &Position, attacker: Square, target: Square) -> bool {
    let (Some(a), Some(t)) = (pos.piece_at(attacker), pos.piece_at(target)) else {
        return false;
    };
    if a.color == t.color || a.color == pos.turn() {
        return false;
    }
    if matches!(a.role, Role::General | Role::Soldier) || t.role == Role::General {
        return false;
    }
    if t.role == Role::Soldier && target.is_on_side(t.color) {
        return false;
    }
    let mut attacking = pos.clone();
    attacking.toggle_turn();
    let capture = Move::new(attacker, target);
    if !attacking.is_legal(capture) {
        return false;
    }
    if outranks(a.role, t.role) {
        return true;
    }
    if t.role == a.role && pos.is_legal(Move::new(target, attacker)) {
        return false;
    }
    attacking.make_move(capture);
    // Protected when some piece of the target's side can legally take back on its point.
    !attacking
        .attackers(target, t.color)
        .into_iter()
        .any(|r| attacking.is_legal(Move::new(r, target)))
}

/// Finds a piece of the side that just moved in `pos` that chases the enemy piece on
/// `target` (see [`is_chase`]), for explanations: its point and the piece.
/// The piece on `moved_to` (the piece that just moved) is named first when it chases.
pub fn chaser_of(pos: &Position, target: Square, moved_to: Square) -> Option<(Square, Piece)> {
    let by: Color = !pos.turn();
    let attackers = pos.attackers(target, by);
    let moved = Bitboard::from_square(moved_to) & attackers;
    moved
        .into_iter()
        .chain(attackers)
        .find(|&a| is_chase(pos, a, target))
        .and_then(|a| pos.piece_at(a).map(|p| (a, p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threats(fen: &str, iccs: &str) -> Threats {
        let before = Position::from_fen(fen).expect("legal FEN");
        let m: Move = iccs.parse().expect("ICCS");
        let after = before.after(m).expect("legal move");
        threats_of_move(&before, m, &after)
    }

    #[test]
    fn horse_attacking_an_unprotected_chariot_chases_it() {
        // Red horse c2 → b4 attacks the Black chariot on a6, which nothing protects.
        let t = threats("3k5/9/9/r8/9/9/9/2N6/9/4K4 w", "c2b4");
        assert!(t.chased.contains(Square::A6));
    }

    #[test]
    fn chariot_attacking_a_protected_horse_is_not_a_chase() {
        // Red chariot a1 → a6 attacks the horse on c6 along rank 6; the Black chariot on c9
        // protects it.
        let t = threats("2rk5/9/9/2n6/9/9/9/9/R8/4K4 w", "a1a6");
        assert!(t.newly_attacked.contains(Square::C6));
        assert!(t.chased.is_empty());
    }

    #[test]
    fn threat_to_an_uncrossed_soldier_is_not_a_chase() {
        let t = threats("3k5/9/9/4p4/9/9/9/9/R8/4K4 w", "a1a6");
        assert!(t.newly_attacked.contains(Square::E6));
        assert!(t.chased.is_empty());
    }

    #[test]
    fn old_attacks_are_not_new() {
        // The chariot already attacks e6 along the file; sliding along the file keeps it.
        let t = threats("3k5/9/9/4n4/9/9/9/4R4/9/5K3 w", "e2e3");
        assert!(t.newly_attacked.is_empty());
    }

    #[test]
    fn attacks_from_sees_through_one_cannon_screen() {
        let pos = Position::from_fen("4k4/9/9/4n4/9/4P4/9/4C4/9/3K5 w").expect("legal FEN");
        let seen: Vec<Square> = pos.attacks_from(Square::E2).into_iter().collect();
        assert_eq!(seen, vec![Square::E6]);
    }
}
