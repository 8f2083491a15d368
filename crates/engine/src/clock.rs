//! Search limits as data, and the time budgets derived from them.
//!
//! A search has a *soft* budget, checked between iterations of iterative deepening (do not
//! start an iteration that will not finish), and a *hard* budget, checked every few thousand
//! nodes (stop now). Only the move overhead (the `Move Overhead` option, default
//! [`DEFAULT_MOVE_OVERHEAD_MS`]) is kept back for the time the answer takes to reach the
//! other side:
//!
//! - `go movetime T` has no soft budget (every iteration may start) and a hard one at
//!   `T − overhead`, so the engine uses the time it is given (even on a forced move or a
//!   proven mate: UCI's movetime means "search exactly");
//! - on a clock ([`budgets`]) the soft budget is the mover's share of its clock, `(time −
//!   overhead) / movestogo + increment` (22 moves to go when none is given), at most half of
//!   what is left. An iteration starts while less than [`ITERATION_START_PERCENT`] of the
//!   soft budget is spent, scaled by how settled the best move is ([`Clock::may_start_iteration`]);
//!   the hard budget is four times the soft one, at most 40% of the time left (90% with one
//!   move to go).

use crate::time::Instant;
use std::time::Duration;
use xiangqi::Color;

/// What ends a search. Fields left `None` do not limit it; with nothing set the search runs
/// to the maximum depth (use [`Limits::infinite`] to wait for `stop`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Exact time to spend, in milliseconds.
    pub movetime: Option<u64>,
    /// Search until stopped, whatever else is set (except that depth and node caps of the
    /// playing level still apply).
    pub infinite: bool,
    /// Red's remaining clock time, in milliseconds.
    pub wtime: Option<u64>,
    /// Black's remaining clock time, in milliseconds.
    pub btime: Option<u64>,
    /// Red's increment per move, in milliseconds.
    pub winc: Option<u64>,
    /// Black's increment per move, in milliseconds.
    pub binc: Option<u64>,
    /// Moves until the next time control (none: sudden death or increment only).
    pub movestogo: Option<u32>,
}

impl Limits {
    /// Returns limits that stop at `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Returns limits that stop after `ms` milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }

    /// Returns limits that stop after about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Returns limits that run until stopped.
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }
}

/// The default move overhead: the time kept back per move for the answer to reach the other
/// side, in milliseconds. A reply over a pipe takes well under a millisecond; 5 ms also
/// covers waking the reading thread and a scheduling slice on a busy machine. A GUI across
/// a network wants more (`Move Overhead`).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 5;

/// The largest move overhead accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The moves to go assumed on a clock without `movestogo` (sudden death or increment). With
/// an increment the clock settles near `moves to go × increment`, so this also sets how much
/// of the clock is kept for the long endgames of Xiangqi.
pub const DEFAULT_MOVES_TO_GO: u32 = 22;

/// On a clock, a new iteration starts while less than this share of the soft budget (in
/// percent, before scaling by the best move's stability) is spent: the next iteration
/// usually takes about as long as all before it, so a later start would overrun the budget.
pub const ITERATION_START_PERCENT: u32 = 80;

/// The clock assumed for the side to move when a clock-based `go` (any of `wtime`, `btime`,
/// `winc`, `binc`, `movestogo`) leaves that side's own time out, in milliseconds: the search
/// then gets a short budget instead of none.
pub const DEFAULT_CLOCK_MS: u64 = 10_000;

/// The running clock of one search: start time and budgets.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Clock {
    /// Starts the clock for `side` to move under `limits`, keeping `overhead_ms`
    /// milliseconds per move back for communication (see the [module](self) for the
    /// budgets).
    pub fn start(limits: &Limits, side: Color, overhead_ms: u64) -> Clock {
        let start = Instant::now();
        if limits.infinite {
            return Clock {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = limits.movetime {
            // Spend the move time: no early stop between iterations, a hard stop at
            // T − overhead (at least half of T when the overhead is larger than that).
            let hard = mt.saturating_sub(overhead_ms).max(mt / 2).max(1);
            return Clock {
                start,
                soft: None,
                hard: Some(Duration::from_millis(hard)),
            };
        }
        let (time, inc) = match side {
            Color::Red => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let clock_given = limits.wtime.is_some()
            || limits.btime.is_some()
            || limits.winc.is_some()
            || limits.binc.is_some()
            || limits.movestogo.is_some();
        let time = match time {
            Some(t) => t,
            // A clock-based request without the mover's own time: do not search forever.
            None if clock_given => DEFAULT_CLOCK_MS,
            None => {
                return Clock {
                    start,
                    soft: None,
                    hard: None,
                }
            }
        };
        let (soft, hard) = budgets(time, inc.unwrap_or(0), limits.movestogo, overhead_ms);
        Clock {
            start,
            soft: Some(Duration::from_millis(soft)),
            hard: Some(Duration::from_millis(hard)),
        }
    }

    /// Returns the time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Tells whether a new iteration may start: false once [`ITERATION_START_PERCENT`] of the
    /// soft budget, times `scale_percent` / 100, is spent. The search passes a larger scale
    /// while the best move keeps changing and a smaller one once it has stood for several
    /// iterations (see `crate::params::STABILITY_SCALE`).
    pub fn may_start_iteration(&self, scale_percent: u32) -> bool {
        match self.soft {
            // In microseconds as u128: a GUI's huge clock cannot overflow the product.
            Some(soft) => {
                self.elapsed().as_micros() * 10_000
                    < soft.as_micros() * u128::from(ITERATION_START_PERCENT * scale_percent)
            }
            None => true,
        }
    }

    /// Tells whether the hard budget is spent and the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Tells whether the search has a time limit at all.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Tells whether the budgets come from a clock (time management) rather than a fixed
    /// move time: only then may a search end early because the move is forced or a mate is
    /// proven, since time saved now is time for later moves.
    pub fn is_managed(&self) -> bool {
        self.soft.is_some()
    }
}

/// Returns the (soft, hard) budgets in milliseconds for `time` ms left, `inc` ms increment,
/// `movestogo` moves to the next control ([`DEFAULT_MOVES_TO_GO`] when none) and
/// `overhead_ms` kept back per move. With `avail = time − overhead`: soft = `avail /
/// movestogo + inc`, at most `avail / 2`; hard = `4 · soft`, at most 40% of `avail` (90%
/// with one move to go) and at least the soft budget. Under 20 ms available both are
/// `time / 4`. Any values are accepted (the arithmetic saturates), so huge clocks from a
/// GUI cannot overflow; the hard budget is always below `time` (for `time` ≥ 2).
pub fn budgets(time: u64, inc: u64, movestogo: Option<u32>, overhead_ms: u64) -> (u64, u64) {
    let avail = time.saturating_sub(overhead_ms);
    if avail < 20 {
        let t = (time / 4).max(1);
        return (t, t);
    }
    let mtg = movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
    let soft = (avail / u64::from(mtg))
        .saturating_add(inc)
        .min(avail / 2)
        .max(1);
    let cap = if mtg == 1 {
        avail / 10 * 9 + avail % 10 * 9 / 10
    } else {
        avail / 5 * 2 + avail % 5 * 2 / 5
    };
    let hard = soft.saturating_mul(4).min(cap).max(soft).max(1);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        for time in [1u64, 10, 50, 100, 1_000, 10_000, 60_000, 600_000] {
            for inc in [0u64, 100, 2_000] {
                for mtg in [None, Some(1), Some(5), Some(40)] {
                    for overhead in [0, DEFAULT_MOVE_OVERHEAD_MS, 100] {
                        let (soft, hard) = budgets(time, inc, mtg, overhead);
                        assert!(soft <= hard, "{time} {inc} {mtg:?}");
                        assert!(hard < time.max(2), "{time} {inc} {mtg:?}: {hard}");
                    }
                }
            }
        }
    }

    #[test]
    fn huge_clocks_do_not_overflow() {
        for (time, inc) in [
            (1_000, u64::MAX),
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (i64::MAX as u64, i64::MAX as u64),
        ] {
            let (soft, hard) = budgets(time, inc, None, DEFAULT_MOVE_OVERHEAD_MS);
            assert!(soft <= hard && hard < time, "{time} {inc}: {soft} {hard}");
        }
    }

    #[test]
    fn a_missing_own_clock_still_gets_a_budget() {
        let black_to_move = Limits {
            wtime: Some(1_000),
            ..Limits::default()
        };
        assert!(Clock::start(&black_to_move, Color::Black, 10).is_timed());
        let movestogo_only = Limits {
            movestogo: Some(5),
            ..Limits::default()
        };
        assert!(Clock::start(&movestogo_only, Color::Red, 10).is_timed());
        assert!(!Clock::start(&Limits::depth(3), Color::Red, 10).is_timed());
    }

    #[test]
    fn a_move_time_is_spent_up_to_the_overhead() {
        let c = Clock::start(&Limits::movetime(100), Color::Red, 10);
        assert_eq!(c.soft, None, "no early stop between iterations");
        assert_eq!(c.hard, Some(Duration::from_millis(90)));
        assert!(c.may_start_iteration(100) && c.is_timed() && !c.is_managed());
        let on_a_clock = Limits {
            wtime: Some(10_000),
            ..Limits::default()
        };
        assert!(Clock::start(&on_a_clock, Color::Red, 10).is_managed());
        let c = Clock::start(&Limits::movetime(100), Color::Red, 0);
        assert_eq!(c.hard, Some(Duration::from_millis(100)));
        // An overhead larger than the move time still leaves half of it.
        let c = Clock::start(&Limits::movetime(30), Color::Red, 50);
        assert_eq!(c.hard, Some(Duration::from_millis(15)));
        let c = Clock::start(&Limits::movetime(1), Color::Red, 10);
        assert_eq!(c.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn clock_budgets_follow_the_formula() {
        // 10 s + 100 ms, overhead 10: avail 9990; soft 9990/22 + 100 = 554; hard 4·554.
        assert_eq!(budgets(10_000, 100, None, 10), (554, 2216));
        // 1 s left, no increment: soft 990/22 = 45, hard 180.
        assert_eq!(budgets(1_000, 0, None, 10), (45, 180));
        // A large increment is capped at half of what is left; hard at 40% of it.
        assert_eq!(budgets(1_000, 2_000, None, 10), (495, 495));
        // One move to go: half of it at first, up to 90%.
        assert_eq!(budgets(1_000, 0, Some(1), 10), (495, 891));
        // Five moves to go: 990/5 = 198, hard capped at 396.
        assert_eq!(budgets(1_000, 0, Some(5), 10), (198, 396));
        // Almost nothing left: a quarter of it.
        assert_eq!(budgets(25, 0, None, 10), (6, 6));
    }
}
