//! Static exchange evaluation: the material balance of a capture sequence on one point when
//! both sides always recapture with their least valuable attacker and may stop at any time.

use crate::params::see_value;
use xiangqi::{Move, Position, Role, Square, Undo};

/// Returns the static exchange value of `m` in centipawns for the side making it (0 for a
/// quiet move that cannot be won back, negative when the moved piece is lost for less).
///
/// The position is played forward and restored before returning. Pins are ignored, as is
/// usual for this estimate; x-rays (chariots and cannons behind the capturers, and cannons
/// gaining or losing their screen) are seen because the board is really changed.
pub fn see(pos: &mut Position, m: Move) -> i32 {
    let Some(mover) = pos.piece_at(m.from) else {
        return 0;
    };
    let to = m.to;
    let mut gains = [0i32; 40];
    let mut stack: [Option<(Move, Undo)>; 40] = [None; 40];
    gains[0] = pos.piece_at(to).map_or(0, |p| see_value(p.role));
    let mut on_square = see_value(mover.role);
    stack[0] = Some((m, pos.make_move(m)));
    let mut d = 1;
    while d < gains.len() {
        let Some(from) = least_valuable_attacker(pos, to) else {
            break;
        };
        gains[d] = on_square - gains[d - 1];
        if (-gains[d - 1]).max(gains[d]) < 0 {
            d += 1;
            break;
        }
        let Some(p) = pos.piece_at(from) else {
            break;
        };
        on_square = see_value(p.role);
        let mv = Move::new(from, to);
        stack[d] = Some((mv, pos.make_move(mv)));
        d += 1;
        if p.role == Role::General {
            // Whatever stands behind can take the general, which ends the exchange.
            if least_valuable_attacker(pos, to).is_some() && d < gains.len() {
                gains[d] = on_square - gains[d - 1];
                d += 1;
            }
            break;
        }
    }
    for (mv, undo) in stack.iter().rev().flatten() {
        pos.unmake_move(*mv, *undo);
    }
    // The last entry may be beyond the moves actually made; fold from the end.
    let mut i = d - 1;
    while i > 0 {
        gains[i - 1] = -(-gains[i - 1]).max(gains[i]);
        i -= 1;
    }
    gains[0]
}

/// Tells whether the static exchange value of `m` is at least `threshold` centipawns, with a
/// fast answer when the victim alone is worth enough.
pub fn see_ge(pos: &mut Position, m: Move, threshold: i32) -> bool {
    let victim = pos.piece_at(m.to).map_or(0, |p| see_value(p.role));
    let attacker = pos.piece_at(m.from).map_or(0, |p| see_value(p.role));
    if victim - attacker >= threshold {
        return true;
    }
    see(pos, m) >= threshold
}

/// Returns the point of the least valuable piece of the side to move attacking `to`.
fn least_valuable_attacker(pos: &Position, to: Square) -> Option<Square> {
    pos.attackers(to, pos.turn())
        .filter_map(|sq| pos.piece_at(sq).map(|p| (see_value(p.role), sq)))
        .min_by_key(|&(v, _)| v)
        .map(|(_, sq)| sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, m: &str) -> i32 {
        let mut pos = Position::from_fen(fen).unwrap();
        let before = pos.clone();
        let v = see(&mut pos, m.parse().unwrap());
        assert_eq!(pos, before, "position restored");
        v
    }

    #[test]
    fn free_piece_wins_its_value() {
        // Red chariot takes an undefended black horse.
        assert_eq!(see_of("4k4/9/9/9/4n4/9/9/9/9/R2K5 w", "a0a5"), 0);
        assert_eq!(
            see_of("3k5/9/9/9/n8/9/9/9/9/R3K4 w", "a0a5"),
            see_value(Role::Horse)
        );
    }

    #[test]
    fn defended_piece_costs_the_chariot() {
        // Chariot takes a soldier defended by a chariot: loses chariot for soldier.
        let v = see_of("r2k5/9/9/9/p8/9/9/9/9/R3K4 w", "a0a5");
        assert_eq!(v, see_value(Role::Soldier) - see_value(Role::Chariot));
    }
}
