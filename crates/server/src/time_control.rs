//! A time control on the wire: `{"initial_s": 300, "increment_s": 3}`, whole seconds, unknown
//! fields refused. It is the JSON form of the one time-control type, [`xiangqi::TimeControl`]
//! (milliseconds inside), in `POST /api/rooms`, the room and lobby replies and the game
//! snapshot (`docs/protocol.md`). The type is the protocol's ([`TimeControlJson`]); the
//! limits a room accepts are the server's, checked here.

use crate::error::AppError;
use xiangqi::TimeControl;
pub use xiangqi_view::protocol::TimeControlJson;

/// Longest initial time a room accepts: 3 hours, in seconds.
pub const MAX_INITIAL_S: u32 = 3 * 3600;
/// Longest increment a room accepts: 3 minutes, in seconds.
pub const MAX_INCREMENT_S: u32 = 180;

/// Checks a client's time control against the room limits and returns it as a
/// [`TimeControl`].
///
/// # Errors
/// [`AppError::InvalidField`] naming `time_control` when the initial time is not 1 to
/// [`MAX_INITIAL_S`] seconds or the increment is over [`MAX_INCREMENT_S`] seconds.
pub fn check(json: TimeControlJson) -> Result<TimeControl, AppError> {
    let out_of_range = || {
        AppError::InvalidField(format!(
            "time_control: initial_s must be 1–{MAX_INITIAL_S} and increment_s 0–{MAX_INCREMENT_S}"
        ))
    };
    let initial = u64::try_from(json.initial_s).map_err(|_| out_of_range())?;
    let increment = u64::try_from(json.increment_s).map_err(|_| out_of_range())?;
    if initial > u64::from(MAX_INITIAL_S) || increment > u64::from(MAX_INCREMENT_S) {
        return Err(out_of_range());
    }
    TimeControl::from_secs(initial, increment).map_err(|_| out_of_range())
}

/// Returns the rating category of a game played at `tc`, by its estimated length (initial
/// time + 40 × increment, lichess's split): `bullet` under 3 minutes, `blitz` under 8,
/// `rapid` under 25, `classical` beyond; `untimed` without a clock.
pub fn category(tc: Option<TimeControl>) -> &'static str {
    let Some(tc) = tc else { return "untimed" };
    let estimate_ms = tc
        .initial_ms()
        .saturating_add(tc.increment_ms().saturating_mul(40));
    match estimate_ms {
        ..180_000 => "bullet",
        180_000..480_000 => "blitz",
        480_000..1_500_000 => "rapid",
        _ => "classical",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_follow_the_estimated_length() {
        let tc = |initial, increment| TimeControl::from_secs(initial, increment).ok();
        assert_eq!(category(None), "untimed");
        assert_eq!(category(tc(60, 0)), "bullet");
        assert_eq!(category(tc(120, 1)), "bullet"); // 2:40
        assert_eq!(category(tc(180, 0)), "blitz");
        assert_eq!(category(tc(180, 2)), "blitz"); // 4:20
        assert_eq!(category(tc(300, 3)), "blitz"); // 7:00
        assert_eq!(category(tc(600, 5)), "rapid"); // 13:20
        assert_eq!(category(tc(900, 10)), "rapid"); // 21:40
        assert_eq!(category(tc(1800, 0)), "classical");
    }

    #[test]
    fn a_checked_time_control_writes_back_the_same_json() {
        let json = TimeControlJson {
            initial_s: 300,
            increment_s: 3,
        };
        let tc = check(json).expect("in range");
        assert_eq!((tc.initial_ms(), tc.increment_ms()), (300_000, 3_000));
        assert_eq!(TimeControlJson::from(tc), json);
        let (max_initial, max_increment) = (i64::from(MAX_INITIAL_S), i64::from(MAX_INCREMENT_S));
        for (initial_s, increment_s) in [
            (0, 0),
            (max_initial + 1, 0),
            (60, max_increment + 1),
            (-1, 0),
            (60, -1),
            (i64::MAX, 0),
        ] {
            let bad = TimeControlJson {
                initial_s,
                increment_s,
            };
            assert!(matches!(check(bad), Err(AppError::InvalidField(_))));
        }
    }
}
