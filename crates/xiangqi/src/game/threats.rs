//! What a move threatens: the enemy pieces it newly attacks, and which of those attacks are
//! chases in the sense of the WXF 2018 repetition rules.
//!
//! A *chase* is a new threat to capture an enemy piece (WXF 2018, repetition rules and the
//! chase examples of its appendix). This module applies these tests to each new attack:
//!
//! 1. The attacker is not a general or a soldier (their threats are always allowed).
//! 2. The target is not the general (that is check) and not a soldier still on its own side
//!    of the river.
//! 3. The capture would be legal: it must not leave the attacker's own general in check.
//! 4. It is not an exchange offer: a target of the same kind that could legally capture the
//!    attacker back is not chased.
//! 5. The target is unprotected: after the capture, its side has no legal recapture on that
//!    point. A horse or cannon threatening a chariot counts even when the chariot is
//!    protected, since the chariot is worth more.
//!
//! Only *new* attacks count: an attack that existed before the move (the same attacker on
//! the same target) is not a chase made by this move, so a piece that shuffles while keeping
//! an old threat is not chasing.

use crate::{Bitboard, Color, Move, MoveList, Position, Role, Square};

/// The attacks `by` has on enemy pieces: `(attacker, target)` pairs by the pieces' rules of
/// movement, whether or not the capture would be legal.
fn attacks(pos: &Position, by: Color) -> Vec<(Square, Square)> {
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(by, &mut list);
    list.iter()
        .filter(|m| pos.piece_at(m.to).is_some_and(|p| p.color != by))
        .map(|m| (m.from, m.to))
        .collect()
}

/// The threats a move makes, found by comparing the positions before and after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Enemy pieces (their squares after the move) attacked by an attacker that did not
    /// attack them before the move.
    pub newly_attacked: Bitboard,
    /// Those of `newly_attacked` that are chased (see the module docs).
    pub chased: Bitboard,
}

/// Finds the threats made by `m`, played by the side to move in `before`, leading to `after`.
///
/// An attack is *new* when the same attacker did not attack the same target before the move
/// (the moved piece counts as the same attacker). A chase is new when the same attacker did
/// not already chase the same target before the move: so an old attack also becomes a chase
/// when the move takes away the target's protection, for instance by pinning its protector
/// ("undermining the root"), or when it makes the capture legal by unpinning the attacker.
/// A move out of check is the exception: in check, no capture that leaves the check standing
/// is legal, so every standing attack would turn into a "new" chase the moment the check is
/// answered (a general stepping out of a perpetual check would be chasing whatever its
/// chariot had attacked all along). Such a move creates no threat, it only ends the check,
/// so for a mover in check the old chases are judged without asking whether the capture was
/// legal before the move.
pub fn threats_of_move(before: &Position, m: Move, after: &Position) -> Threats {
    let mover = before.turn();
    let old = attacks(before, mover);
    // Chases as they stood before the move, judged with the attacked side to move.
    let mut before_waiting = before.clone();
    before_waiting.toggle_turn();
    let old_chases: Vec<(Square, Square)> = old
        .iter()
        .copied()
        .filter(|&(a, t)| is_chase(&before_waiting, a, t, !before.is_check()))
        .collect();
    let mut out = Threats::default();
    for (attacker, target) in attacks(after, mover) {
        let origin = if attacker == m.to { m.from } else { attacker };
        if !old.contains(&(origin, target)) {
            out.newly_attacked.insert(target);
        }
        if !old_chases.contains(&(origin, target)) && is_chase(after, attacker, target, true) {
            out.chased.insert(target);
        }
    }
    out
}

/// Tells whether the attack of the piece on `attacker` against the enemy piece on `target`
/// is a chase, in `pos` where the attacked side is to move. With `legal_only` the capture
/// must be legal; without it (for the position before a move out of check, see
/// [`threats_of_move`]) a capture that the check alone forbids still counts as the threat it
/// was.
fn is_chase(pos: &Position, attacker: Square, target: Square, legal_only: bool) -> bool {
    let (Some(a), Some(t)) = (pos.piece_at(attacker), pos.piece_at(target)) else {
        return false;
    };
    if matches!(a.role, Role::General | Role::Soldier) || t.role == Role::General {
        return false;
    }
    if t.role == Role::Soldier && target.is_on_side(t.color) {
        return false;
    }
    // Exchange offer: the target could take the attacker back right now.
    if t.role == a.role && pos.is_legal(Move::new(target, attacker)) {
        return false;
    }
    let mut attacking = pos.clone();
    attacking.toggle_turn();
    let capture = Move::new(attacker, target);
    if legal_only {
        if attacking.play(capture).is_err() {
            return false;
        }
    } else {
        attacking.make_move(capture);
    }
    let outranks = matches!(a.role, Role::Horse | Role::Cannon) && t.role == Role::Chariot;
    outranks || !attacking.legal_moves().iter().any(|r| r.to == target)
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
}
