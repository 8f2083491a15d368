//! Search limits as data, and the time budgets derived from them.
//!
//! A search has a *soft* budget, checked between iterations of iterative deepening (do not
//! start an iteration that will not finish), and a *hard* budget, checked every few thousand
//! nodes (stop now). Both stay well inside the remaining clock time, so the engine never
//! loses on time.

use std::time::{Duration, Instant};
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

/// Time reserved per move for communication and process scheduling, in milliseconds.
pub const MOVE_OVERHEAD_MS: u64 = 30;

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
    /// Starts the clock for `side` to move under `limits`.
    pub fn start(limits: &Limits, side: Color) -> Clock {
        let start = Instant::now();
        if limits.infinite {
            return Clock {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = limits.movetime {
            let hard = mt.saturating_sub((mt / 20).min(MOVE_OVERHEAD_MS)).max(1);
            return Clock {
                start,
                soft: Some(Duration::from_millis(hard)),
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
        let (soft, hard) = budgets(time, inc.unwrap_or(0), limits.movestogo);
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

    /// Tells whether a new iteration may start: false once the soft budget is half spent
    /// (the next iteration usually takes longer than all before it).
    pub fn may_start_iteration(&self) -> bool {
        match self.soft {
            Some(soft) => self.elapsed() * 2 < soft,
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
}

/// Returns the (soft, hard) budgets in milliseconds for `time` ms left, `inc` ms increment
/// and `movestogo` moves to the next control. Any values are accepted (the arithmetic
/// saturates), so huge clocks from a GUI cannot overflow.
pub fn budgets(time: u64, inc: u64, movestogo: Option<u32>) -> (u64, u64) {
    let avail = time.saturating_sub(MOVE_OVERHEAD_MS);
    if avail < 20 {
        let t = (time / 4).max(1);
        return (t, t);
    }
    let mtg = u64::from(movestogo.unwrap_or(32).clamp(1, 40));
    let soft = (avail / mtg)
        .saturating_add(inc / 4 * 3 + inc % 4 * 3 / 4)
        .min(avail / 2)
        .max(1);
    let hard = soft
        .saturating_mul(4)
        .min(avail / 5 * 2 + avail % 5 * 2 / 5)
        .max(soft.min(avail / 2))
        .max(1);
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
                    let (soft, hard) = budgets(time, inc, mtg);
                    assert!(soft <= hard, "{time} {inc} {mtg:?}");
                    assert!(hard < time.max(2), "{time} {inc} {mtg:?}: {hard}");
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
            let (soft, hard) = budgets(time, inc, None);
            assert!(soft <= hard && hard < time, "{time} {inc}: {soft} {hard}");
        }
    }

    #[test]
    fn a_missing_own_clock_still_gets_a_budget() {
        let black_to_move = Limits {
            wtime: Some(1_000),
            ..Limits::default()
        };
        assert!(Clock::start(&black_to_move, Color::Black).is_timed());
        let movestogo_only = Limits {
            movestogo: Some(5),
            ..Limits::default()
        };
        assert!(Clock::start(&movestogo_only, Color::Red).is_timed());
        assert!(!Clock::start(&Limits::depth(3), Color::Red).is_timed());
    }
}
