//! The accumulator: the first layer's sums for a position, one row per view, and the stack
//! of them along the search's line, each made from its parent by the few inputs a move
//! changes (a quiet move: one off, one on; a capture: one more off), never refreshed from
//! scratch inside the search.

use super::features::{self, INPUTS};
use super::network::{Network, Row, HIDDEN, MAX_SCORE, QA, QB, SCALE};
use super::simd;
use xiangqi::{ByColor, Color, Move, Position};

/// The first layer's sums of one position, for each side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// Each view's row.
    pub views: ByColor<Row>,
}

impl Accumulator {
    /// Computes the sums of `pos` from scratch with `net`.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut active = Vec::with_capacity(32);
        let views = ByColor::new_with(|view| {
            features::active(pos, view, &mut active);
            let rows: Vec<&Row> = active.iter().map(|&i| &net.feature_weights[i]).collect();
            let mut row = Row([0; HIDDEN]);
            simd::update(&mut row, &net.feature_bias, &rows, &[]);
            row
        });
        Accumulator { views }
    }

    /// Returns the network's score in centipawns for `turn`, the side to move, within
    /// ±[`MAX_SCORE`]. The last steps are in 64 bits: a network file with extreme (but
    /// accepted) weights could otherwise overflow them.
    pub fn evaluate(&self, net: &Network, turn: Color) -> i32 {
        let sum = simd::output(&self.views[turn], &self.views[!turn], &net.output_weights);
        let cp = (i64::from(sum / QA) + i64::from(net.output_bias)) * i64::from(SCALE)
            / i64::from(QA * QB);
        cp.clamp(-i64::from(MAX_SCORE), i64::from(MAX_SCORE)) as i32
    }
}

/// Returns the network's score of `pos` in centipawns for the side to move, computed from
/// scratch.
pub fn evaluate(net: &Network, pos: &Position) -> i32 {
    Accumulator::refresh(net, pos).evaluate(net, pos.turn())
}

/// The accumulators of the search's line: the root's, then one per move made.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    stack: Vec<Accumulator>,
    len: usize,
}

impl Default for AccumulatorStack {
    fn default() -> Self {
        AccumulatorStack::new()
    }
}

impl AccumulatorStack {
    /// Creates an empty stack.
    pub fn new() -> AccumulatorStack {
        AccumulatorStack {
            stack: Vec::new(),
            len: 0,
        }
    }

    /// Starts a new line at `pos`: the stack holds its accumulator alone.
    pub fn reset(&mut self, net: &Network, pos: &Position) {
        let root = Accumulator::refresh(net, pos);
        self.stack.truncate(0);
        self.stack.push(root);
        self.len = 1;
    }

    /// Pushes the accumulator of the position after `m`, made from the current one; `pos`
    /// is the position before `m` (`m` must be legal there). Does nothing on an empty stack.
    #[inline]
    pub fn push(&mut self, net: &Network, pos: &Position, m: Move) {
        let Some(piece) = pos.piece_at(m.from) else {
            return;
        };
        if self.len == 0 {
            return;
        }
        if self.len == self.stack.len() {
            let top = self.stack[self.len - 1];
            self.stack.push(top);
        }
        let captured = pos.piece_at(m.to);
        let (done, rest) = self.stack.split_at_mut(self.len);
        let (parent, child) = (&done[self.len - 1], &mut rest[0]);
        for view in Color::ALL {
            let on = &net.feature_weights[features::index(view, piece, m.to)];
            let off = &net.feature_weights[features::index(view, piece, m.from)];
            match captured {
                Some(c) => {
                    let gone = &net.feature_weights[features::index(view, c, m.to)];
                    simd::update(
                        &mut child.views[view],
                        &parent.views[view],
                        &[on],
                        &[off, gone],
                    );
                }
                None => simd::update(&mut child.views[view], &parent.views[view], &[on], &[off]),
            }
        }
        self.len += 1;
    }

    /// Takes back the last [`push`](AccumulatorStack::push) (the root's stays).
    #[inline]
    pub fn pop(&mut self) {
        if self.len > 1 {
            self.len -= 1;
        }
    }

    /// Returns the accumulator of the current position, `None` before the first reset.
    #[inline]
    pub fn current(&self) -> Option<&Accumulator> {
        self.len.checked_sub(1).map(|i| &self.stack[i])
    }
}

// Inputs fit the table: checked once here rather than at every lookup.
const _: () = assert!(INPUTS * HIDDEN < usize::MAX / 2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_updates_equal_a_refresh_along_random_lines() {
        let Some(net) = Network::embedded() else {
            panic!("no embedded network")
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..40 {
            let mut pos = Position::start();
            let mut stack = AccumulatorStack::new();
            stack.reset(&net, &pos);
            let mut line = Vec::new();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                stack.push(&net, &pos, m);
                line.push((m, pos.make_move(m)));
                assert_eq!(stack.current(), Some(&Accumulator::refresh(&net, &pos)));
            }
            while let Some((m, undo)) = line.pop() {
                pos.unmake_move(m, undo);
                stack.pop();
                assert_eq!(stack.current(), Some(&Accumulator::refresh(&net, &pos)));
            }
        }
    }

    /// A network whose every neuron is saturated and every output weight at its bound
    /// (an output sum of 2.1 × 10⁹, over 3 × 10⁹ once scaled to centipawns) still gives a
    /// score inside the search's range, never an overflow.
    #[test]
    fn an_extreme_network_is_clamped_not_overflowed() {
        let ow = super::super::network::MAX_OUTPUT_WEIGHT;
        for sign in [1i16, -1] {
            let net = Network::new(
                &vec![0; INPUTS * HIDDEN],
                &[QA as i16; HIDDEN],
                &vec![sign * ow; 2 * HIDDEN],
                sign * 32767,
            )
            .expect("in range");
            let score = evaluate(&net, &Position::start());
            assert_eq!(score, i32::from(sign) * MAX_SCORE);
        }
    }

    #[test]
    fn the_start_position_is_close_to_equal_and_mirrors_agree() {
        let Some(net) = Network::embedded() else {
            panic!("no embedded network")
        };
        let start = evaluate(&net, &Position::start());
        assert!(start.abs() <= 60, "start position {start}");
        // The same position with colours swapped scores the same for the side to move.
        let pos = Position::from_fen("4k4/9/9/9/4C4/9/9/9/9/3K5 w - - 0 1").unwrap();
        let swapped = Position::from_fen("5k3/9/9/9/9/4c4/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(evaluate(&net, &pos), evaluate(&net, &swapped));
    }
}
