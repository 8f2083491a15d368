//! Time controls: how long each side may think over a whole game (PGN's `TimeControl` tag).

use std::fmt;

/// A clock setting: each side starts with an initial time and gains an increment after each
/// of its moves (a Fischer clock). Held in milliseconds; the initial time is never zero (an
/// untimed game has no time control: `Option<TimeControl>` is `None`).
///
/// # Examples
/// ```
/// use xiangqi::{TimeControl, TimeUnit};
///
/// let tc = TimeControl::parse("300+3", TimeUnit::Seconds)?;
/// assert_eq!((tc.initial_ms(), tc.increment_ms()), (300_000, 3_000));
/// assert_eq!(tc.to_string(), "300+3");
/// assert_eq!(TimeControl::parse("5000", TimeUnit::Milliseconds)?.increment_ms(), 0);
/// # Ok::<(), xiangqi::ParseTimeControlError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    initial_ms: u64,
    increment_ms: u64,
}

/// The unit a time control's text is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    /// Whole seconds (`300+3`), as PGN's `TimeControl` tag and the load test write them.
    Seconds,
    /// Milliseconds (`10000+100`), as engine matches write them.
    Milliseconds,
}

impl TimeUnit {
    /// Returns how many milliseconds one unit holds: 1000 or 1.
    pub const fn ms(self) -> u64 {
        match self {
            TimeUnit::Seconds => 1000,
            TimeUnit::Milliseconds => 1,
        }
    }
}

/// A time control that cannot be made from the values given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// The initial time is zero (a game without a clock has no time control).
    ZeroInitial,
    /// A time does not fit in 64-bit milliseconds.
    Overflow,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::ZeroInitial => f.write_str("the initial time must be positive"),
            TimeControlError::Overflow => f.write_str("the time is too long"),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// Text that does not read as a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTimeControlError {
    /// The text is not `INITIAL+INCREMENT` or `INITIAL` in whole, non-negative numbers.
    Syntax {
        /// The text given.
        text: String,
    },
    /// The numbers read but make no time control.
    Invalid {
        /// The text given.
        text: String,
        /// Why not.
        why: TimeControlError,
    },
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTimeControlError::Syntax { text } => {
                write!(f, "bad time control {text:?}: expected INITIAL+INCREMENT")
            }
            ParseTimeControlError::Invalid { text, why } => {
                write!(f, "bad time control {text:?}: {why}")
            }
        }
    }
}

impl std::error::Error for ParseTimeControlError {}

impl TimeControl {
    /// Returns the time control starting each side with `initial_ms` and adding
    /// `increment_ms` after each move, both in milliseconds.
    ///
    /// # Errors
    /// [`TimeControlError::ZeroInitial`] when `initial_ms` is 0.
    pub const fn from_ms(initial_ms: u64, increment_ms: u64) -> Result<Self, TimeControlError> {
        if initial_ms == 0 {
            return Err(TimeControlError::ZeroInitial);
        }
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }

    /// Returns the time control of `initial_s` and `increment_s`, in whole seconds.
    ///
    /// # Errors
    /// [`TimeControlError::ZeroInitial`] when `initial_s` is 0, [`TimeControlError::Overflow`]
    /// when a time does not fit in 64-bit milliseconds.
    pub const fn from_secs(initial_s: u64, increment_s: u64) -> Result<Self, TimeControlError> {
        match (initial_s.checked_mul(1000), increment_s.checked_mul(1000)) {
            (Some(initial_ms), Some(increment_ms)) => {
                TimeControl::from_ms(initial_ms, increment_ms)
            }
            _ => Err(TimeControlError::Overflow),
        }
    }

    /// Reads `INITIAL+INCREMENT`, or `INITIAL` alone (no increment), in `unit`: `300+3` in
    /// seconds is 5 minutes plus 3 seconds a move. Spaces around the numbers are allowed.
    ///
    /// # Errors
    /// [`ParseTimeControlError::Syntax`] when the text is not one or two whole, non-negative
    /// numbers joined by `+`; [`ParseTimeControlError::Invalid`] when the initial time is 0 or
    /// a time is too long.
    pub fn parse(text: &str, unit: TimeUnit) -> Result<Self, ParseTimeControlError> {
        let syntax = || ParseTimeControlError::Syntax { text: text.into() };
        let (initial, increment) = text.split_once('+').unwrap_or((text, "0"));
        // Digits only: `u64`'s parser would also take a sign, so `10000++1` would pass.
        let number = |t: &str| match t.trim() {
            t if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
                t.parse::<u64>().map_err(|_| syntax())
            }
            _ => Err(syntax()),
        };
        let (initial, increment) = (number(initial)?, number(increment)?);
        let invalid = |why| ParseTimeControlError::Invalid {
            text: text.into(),
            why,
        };
        let ms = |n: u64| {
            n.checked_mul(unit.ms())
                .ok_or_else(|| invalid(TimeControlError::Overflow))
        };
        TimeControl::from_ms(ms(initial)?, ms(increment)?).map_err(invalid)
    }

    /// Returns each side's starting time, in milliseconds (at least 1).
    pub const fn initial_ms(self) -> u64 {
        self.initial_ms
    }

    /// Returns the time added after each move, in milliseconds.
    pub const fn increment_ms(self) -> u64 {
        self.increment_ms
    }

    /// Writes the time control as `INITIAL+INCREMENT` in `unit`, rounding down to whole
    /// units (`300+3` in seconds).
    pub fn format(self, unit: TimeUnit) -> String {
        format!(
            "{}+{}",
            self.initial_ms / unit.ms(),
            self.increment_ms / unit.ms()
        )
    }
}

/// Writes the time control as PGN's `TimeControl` tag does: `INITIAL+INCREMENT` in seconds
/// (see [`TimeControl::format`]).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(TimeUnit::Seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_units_read_initial_plus_increment_and_initial_alone() {
        let tc = TimeControl::parse("10000+100", TimeUnit::Milliseconds).unwrap();
        assert_eq!((tc.initial_ms(), tc.increment_ms()), (10_000, 100));
        let tc = TimeControl::parse(" 300 + 3 ", TimeUnit::Seconds).unwrap();
        assert_eq!((tc.initial_ms(), tc.increment_ms()), (300_000, 3_000));
        let tc = TimeControl::parse("5000", TimeUnit::Milliseconds).unwrap();
        assert_eq!((tc.initial_ms(), tc.increment_ms()), (5_000, 0));
    }

    #[test]
    fn bad_text_is_refused_with_the_reason() {
        for text in [
            "", "1+x", "-5+0", "5m", "1+2+3", "+3", "10000++1", "+5+0", "5 0",
        ] {
            assert_eq!(
                TimeControl::parse(text, TimeUnit::Seconds),
                Err(ParseTimeControlError::Syntax { text: text.into() }),
                "{text:?}"
            );
        }
        let zero = TimeControl::parse("0+3", TimeUnit::Seconds).unwrap_err();
        assert_eq!(
            zero.to_string(),
            "bad time control \"0+3\": the initial time must be positive"
        );
        let huge = format!("{}+0", u64::MAX);
        assert!(matches!(
            TimeControl::parse(&huge, TimeUnit::Seconds),
            Err(ParseTimeControlError::Invalid {
                why: TimeControlError::Overflow,
                ..
            })
        ));
    }

    #[test]
    fn writing_and_reading_back_gives_the_same_time_control() {
        let tc = TimeControl::from_secs(300, 3).unwrap();
        assert_eq!(tc.to_string(), "300+3");
        assert_eq!(tc.format(TimeUnit::Milliseconds), "300000+3000");
        for unit in [TimeUnit::Seconds, TimeUnit::Milliseconds] {
            assert_eq!(TimeControl::parse(&tc.format(unit), unit), Ok(tc));
        }
        assert_eq!(
            TimeControl::from_ms(0, 5),
            Err(TimeControlError::ZeroInitial)
        );
        assert_eq!(
            TimeControl::from_secs(u64::MAX, 0),
            Err(TimeControlError::Overflow)
        );
    }
}
