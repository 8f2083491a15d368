//! A fixed-capacity list of moves that lives on the stack.

use crate::{Move, Square};
use std::ops::Deref;

/// The most moves any legal position can have: 2 chariots × 17 + 2 cannons × 17 + 2 horses
/// × 8 + 2 elephants × 4 + 2 advisors × 4 + general 4 + 5 soldiers × 3 = 119, rounded up.
pub const MAX_MOVES: usize = 128;

/// Up to [`MAX_MOVES`] moves, without heap allocation; dereferences to `&[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// Returns an empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A0, Square::A0); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. The piece counts of a valid position bound the list (see
    /// [`MAX_MOVES`]); a push beyond capacity is dropped rather than panicking.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes all moves.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|m| m.to_string()))
            .finish()
    }
}
