//! Move ordering: the transposition-table move first, then captures that do not lose
//! material by most valuable victim and capture history, then the killer moves, then quiet
//! moves by history, and losing captures last.

use crate::params::see_value;
use crate::see::see_ge;
use xiangqi::{Move, MoveList, Piece, Position, Square, MAX_MOVES};

/// The largest magnitude a history score reaches.
pub const HISTORY_MAX: i32 = 16_384;

/// Quiet-move history: how often moving a piece of a kind and colour to a point caused a
/// cutoff, indexed by [`xiangqi::Piece::index`] and square index.
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; 90]; 14]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[0; 90]; 14]),
        }
    }
}

impl History {
    /// Returns the score of moving the piece on `m.from` to `m.to` in `pos`.
    #[inline]
    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        pos.piece_at(m.from)
            .map_or(0, |p| self.table[p.index()][m.to.index()])
    }

    /// Adds `bonus` (negative for a malus) to the entry of `m`, with a gravity term that
    /// keeps scores within ±[`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        if let Some(p) = pos.piece_at(m.from) {
            let e = &mut self.table[p.index()][m.to.index()];
            let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *e += b - *e * b.abs() / HISTORY_MAX;
        }
    }

    /// Halves every entry (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        for row in self.table.iter_mut() {
            for e in row.iter_mut() {
                *e /= 2;
            }
        }
    }

    /// Resets every entry to zero.
    pub fn clear(&mut self) {
        *self = History::default();
    }
}

/// Capture history: how often a capture (the piece moving, its destination and the kind it
/// takes) caused a cutoff, so that among captures of the same value the ones that worked
/// come first. Indexed by [`xiangqi::Piece::index`], square index and [`xiangqi::Role::index`].
#[derive(Clone)]
pub struct CaptureHistory {
    table: Box<[[[i32; 7]; 90]; 14]>,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory {
            table: Box::new([[[0; 7]; 90]; 14]),
        }
    }
}

impl CaptureHistory {
    /// Returns the score of capture `m` in `pos` (0 for a move that takes nothing).
    #[inline]
    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        match (pos.piece_at(m.from), pos.piece_at(m.to)) {
            (Some(p), Some(v)) => self.table[p.index()][m.to.index()][v.role.index()],
            _ => 0,
        }
    }

    /// Adds `bonus` (negative for a malus) to the entry of capture `m`, with the gravity of
    /// [`History::update`].
    #[inline]
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        if let (Some(p), Some(v)) = (pos.piece_at(m.from), pos.piece_at(m.to)) {
            let e = &mut self.table[p.index()][m.to.index()][v.role.index()];
            let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *e += b - *e * b.abs() / HISTORY_MAX;
        }
    }

    /// Halves every entry (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        for e in self.table.iter_mut().flatten().flatten() {
            *e /= 2;
        }
    }

    /// Resets every entry to zero.
    pub fn clear(&mut self) {
        *self = CaptureHistory::default();
    }
}

/// The number of (piece, destination) pairs: 14 pieces × 90 points.
pub const PIECE_TO: usize = 14 * 90;

/// Returns the dense (piece, destination) index of a move of `piece` to `to`.
#[inline]
pub fn piece_to(piece: Piece, to: Square) -> usize {
    piece.index() * 90 + to.index()
}

/// Continuation history: how often a quiet move (piece, destination) caused a cutoff right
/// after a given earlier move (piece, destination) one or two plies before, so that a reply
/// that worked against one move is tried first against it again. Entries are 16-bit, kept
/// within ±[`HISTORY_MAX`].
#[derive(Clone)]
pub struct ContinuationHistory {
    table: Vec<i16>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory {
            table: vec![0; PIECE_TO * PIECE_TO],
        }
    }
}

impl ContinuationHistory {
    /// Returns the scores of every (piece, destination) after the earlier move `prev` (a
    /// [`piece_to`] index), as a slice of [`PIECE_TO`] entries.
    #[inline]
    pub fn row(&self, prev: usize) -> &[i16] {
        &self.table[prev * PIECE_TO..(prev + 1) * PIECE_TO]
    }

    /// Adds `bonus` (negative for a malus) to the entry of `cur` after `prev` (both
    /// [`piece_to`] indices), with the same gravity as [`History::update`].
    #[inline]
    pub fn update(&mut self, prev: usize, cur: usize, bonus: i32) {
        if let Some(e) = self.table.get_mut(prev * PIECE_TO + cur) {
            let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            let v = i32::from(*e);
            *e = (v + b - v * b.abs() / HISTORY_MAX) as i16;
        }
    }

    /// Halves every entry (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|e| *e /= 2);
    }

    /// Resets every entry to zero.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }
}

/// What orders the moves of a node besides the table move and the killers: for quiet moves
/// the main history plus the continuation rows of the moves one and two plies before
/// (absent at the root and after a null move), for captures of equal value the capture
/// history.
#[derive(Clone, Copy)]
pub struct HistoryOrder<'a> {
    /// Cutoffs by (piece, destination) anywhere in the tree.
    pub history: &'a History,
    /// Continuation rows after the previous move and the one before it.
    pub continuations: [Option<&'a [i16]>; 2],
    /// Cutoffs by captures.
    pub captures: &'a CaptureHistory,
}

/// Returns the ordering score of capture `m` among captures: the victim's value first
/// (most valuable victim), its capture history within the same value.
#[inline]
pub fn capture_score(pos: &Position, m: Move, history: &CaptureHistory) -> i32 {
    let victim = pos.piece_at(m.to).map_or(0, |p| see_value(p.role));
    victim * CAPTURE_VICTIM_SCALE + history.get(pos, m) / CAPTURE_HISTORY_DIVISOR
}

/// See [`capture_score`]: a soldier's value (60) apart weighs 60 × 8 = 480, more than the
/// history can add (±16 384 / 64 = ±256), so history orders captures of one kind of victim.
const CAPTURE_VICTIM_SCALE: i32 = 8;
/// See [`CAPTURE_VICTIM_SCALE`].
const CAPTURE_HISTORY_DIVISOR: i32 = 64;

impl HistoryOrder<'_> {
    /// Returns the ordering score of quiet move `m` in `pos`.
    #[inline]
    pub fn score(&self, pos: &Position, m: Move) -> i32 {
        let Some(p) = pos.piece_at(m.from) else {
            return 0;
        };
        let i = piece_to(p, m.to);
        let mut s = self.history.get(pos, m);
        for row in self.continuations.iter().flatten() {
            s += i32::from(row[i]);
        }
        s
    }
}

/// The class of a move handed out by `MovePicker::next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The move stored in the transposition table.
    TtMove,
    /// A capture that does not lose material.
    GoodCapture,
    /// One of the two killer moves of this ply.
    Killer,
    /// Any other quiet move.
    Quiet,
    /// A capture that loses material by static exchange.
    BadCapture,
}

const TT_SCORE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Hands out the moves of a list best-first by selection, so a cutoff after the first few
/// moves sorts little.
pub struct MovePicker {
    moves: [(Move, i32); MAX_MOVES],
    len: usize,
    next: usize,
}

impl MovePicker {
    /// Orders all of `list` for a main-search node at which `tt_move` and `killers` are
    /// known; quiet moves by `order`.
    pub fn new(
        pos: &mut Position,
        list: &MoveList,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        order: &HistoryOrder<'_>,
    ) -> MovePicker {
        let mut picker = MovePicker {
            moves: [(Move::new(xiangqi::Square::A0, xiangqi::Square::A0), 0); MAX_MOVES],
            len: 0,
            next: 0,
        };
        for &m in list.iter() {
            let score = if Some(m) == tt_move {
                TT_SCORE
            } else if pos.is_capture(m) {
                let base = capture_score(pos, m, order.captures);
                if see_ge(pos, m, 0) {
                    GOOD_CAPTURE + base
                } else {
                    BAD_CAPTURE + base
                }
            } else if Some(m) == killers[0] {
                KILLER + 1
            } else if Some(m) == killers[1] {
                KILLER
            } else {
                order.score(pos, m)
            };
            picker.push(m, score);
        }
        picker
    }

    /// Orders only the captures of `list` by most valuable victim, then capture history, for
    /// quiescence search.
    pub fn captures(pos: &Position, list: &MoveList, history: &CaptureHistory) -> MovePicker {
        let mut picker = MovePicker {
            moves: [(Move::new(xiangqi::Square::A0, xiangqi::Square::A0), 0); MAX_MOVES],
            len: 0,
            next: 0,
        };
        for &m in list.iter() {
            if pos.is_capture(m) {
                picker.push(m, GOOD_CAPTURE + capture_score(pos, m, history));
            }
        }
        picker
    }

    #[inline]
    fn push(&mut self, m: Move, score: i32) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = (m, score);
            self.len += 1;
        }
    }

    /// Returns the number of moves still to be handed out.
    pub fn remaining(&self) -> usize {
        self.len - self.next
    }

    /// Returns the best remaining move and its class, or `None` when all are handed out.
    #[inline]
    pub fn next_move(&mut self) -> Option<(Move, Stage)> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        let (m, s) = self.moves[self.next];
        self.next += 1;
        let stage = if s >= TT_SCORE {
            Stage::TtMove
        } else if s >= GOOD_CAPTURE {
            Stage::GoodCapture
        } else if s >= KILLER {
            Stage::Killer
        } else if s > BAD_CAPTURE / 2 {
            Stage::Quiet
        } else {
            Stage::BadCapture
        };
        Some((m, stage))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_move_comes_first_then_winning_captures() {
        // Red chariot can take a free black horse on a5; the tt move is a quiet move.
        let mut pos = Position::from_fen("3k5/9/9/9/n8/9/9/9/9/R3K4 w").unwrap();
        let list = pos.legal_moves();
        let tt: Move = "e0f0".parse().unwrap();
        let history = History::default();
        let captures = CaptureHistory::default();
        let order = HistoryOrder {
            history: &history,
            continuations: [None; 2],
            captures: &captures,
        };
        let mut picker = MovePicker::new(&mut pos, &list, Some(tt), [None; 2], &order);
        assert_eq!(picker.next_move(), Some((tt, Stage::TtMove)));
        assert_eq!(
            picker.next_move(),
            Some(("a0a5".parse().unwrap(), Stage::GoodCapture))
        );
        let mut n = 2;
        while picker.next_move().is_some() {
            n += 1;
        }
        assert_eq!(n, list.len());
    }
}
