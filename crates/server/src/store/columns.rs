//! A room row's typed values and their database columns, both ways. Reading checks every
//! value and names the room and the column of one that does not read back, so a corrupt
//! or hand-edited database gives a [`StoreError::Corrupt`], never a panic or a guess.

use super::{CorruptColumn, StoreError};
use xiangqi::game::RuleSet;
use xiangqi::{Position, TimeControl};
use xiangqi_engine::Strength;
use xiangqi_view::protocol::ComputerSeat;
use xiangqi_view::Side;

/// Returns the error for column `column` of room `room` holding `found` (as SQL writes it)
/// where `expected` was wanted.
pub(super) fn corrupt(
    room: &str,
    column: &'static str,
    found: String,
    expected: &'static str,
) -> StoreError {
    StoreError::Corrupt(CorruptColumn {
        room: room.to_string(),
        column,
        found,
        expected,
    })
}

/// Writes an optional integer as SQL does (`NULL` or the number).
fn sql_int(v: Option<i64>) -> String {
    v.map_or_else(|| "NULL".to_string(), |n| n.to_string())
}

/// Writes an optional text as SQL does (`NULL` or the quoted text).
fn sql_text(v: Option<&str>) -> String {
    v.map_or_else(|| "NULL".to_string(), |t| format!("'{t}'"))
}

/// Reads column `rules` of room `room`: a rule-set name (`wxf-2018`, `casual`).
///
/// # Errors
/// [`StoreError::Corrupt`] naming the column when the name is unknown.
pub(super) fn rules(room: &str, name: &str) -> Result<RuleSet, StoreError> {
    name.parse()
        .map_err(|_| corrupt(room, "rules", sql_text(Some(name)), "wxf-2018 or casual"))
}

/// Reads column `start_fen` of room `room`: the FEN of a legal position.
///
/// # Errors
/// [`StoreError::Corrupt`] naming the column when the FEN does not read as a legal position.
pub(super) fn start(room: &str, fen: &str) -> Result<Position, StoreError> {
    Position::from_fen(fen).map_err(|_| {
        corrupt(
            room,
            "start_fen",
            sql_text(Some(fen)),
            "the FEN of a legal position",
        )
    })
}

/// Reads columns `initial_ms` and `increment_ms` of room `room`: both `NULL` (untimed), or
/// a positive initial time and a non-negative increment in milliseconds.
///
/// # Errors
/// [`StoreError::Corrupt`] naming the first column out of range, or the one that is `NULL`
/// while the other is not.
pub(super) fn time_control(
    room: &str,
    initial_ms: Option<i64>,
    increment_ms: Option<i64>,
) -> Result<Option<TimeControl>, StoreError> {
    let (initial, increment) = match (initial_ms, increment_ms) {
        (None, None) => return Ok(None),
        (initial, increment) => (initial, increment),
    };
    let initial = initial
        .and_then(|ms| u64::try_from(ms).ok())
        .filter(|&ms| ms > 0)
        .ok_or_else(|| {
            let expected = "a positive time in milliseconds (or NULL with increment_ms NULL)";
            corrupt(room, "initial_ms", sql_int(initial_ms), expected)
        })?;
    let increment = increment
        .and_then(|ms| u64::try_from(ms).ok())
        .ok_or_else(|| {
            let expected = "a time of 0 or more milliseconds when initial_ms is set";
            corrupt(room, "increment_ms", sql_int(increment_ms), expected)
        })?;
    TimeControl::from_ms(initial, increment)
        .map(Some)
        .map_err(|_| corrupt(room, "initial_ms", sql_int(initial_ms), "a positive time"))
}

/// Returns the values of columns `initial_ms` and `increment_ms` for `tc` (`NULL`s when
/// untimed).
///
/// # Errors
/// [`StoreError::Failed`] when a time does not fit a 64-bit signed column.
pub(super) fn time_control_columns(
    tc: Option<TimeControl>,
) -> Result<(Option<i64>, Option<i64>), StoreError> {
    let Some(tc) = tc else {
        return Ok((None, None));
    };
    let column = |ms: u64| {
        i64::try_from(ms)
            .map_err(|_| StoreError::Failed(format!("a time of {ms} ms is too long to store")))
    };
    Ok((
        Some(column(tc.initial_ms())?),
        Some(column(tc.increment_ms())?),
    ))
}

/// Reads columns `computer_level` and `computer_color` of room `room`: both `NULL` (no
/// engine), or a level 1–5 and `red` or `black`.
///
/// # Errors
/// [`StoreError::Corrupt`] naming the first column out of range, or the one that is `NULL`
/// while the other is not.
pub(super) fn computer(
    room: &str,
    level: Option<i64>,
    color: Option<&str>,
) -> Result<Option<ComputerSeat>, StoreError> {
    if level.is_none() && color.is_none() {
        return Ok(None);
    }
    let number = level
        .and_then(|n| u8::try_from(n).ok())
        .and_then(Strength::from_number)
        .ok_or_else(|| {
            let expected = "a level 1–5 (or NULL with computer_color NULL)";
            corrupt(room, "computer_level", sql_int(level), expected)
        })?
        .number();
    let side = match color {
        Some("red") => Side::Red,
        Some("black") => Side::Black,
        _ => {
            let expected = "'red' or 'black' when computer_level is set";
            return Err(corrupt(room, "computer_color", sql_text(color), expected));
        }
    };
    Ok(Some(ComputerSeat {
        level: number,
        color: side,
    }))
}

/// Returns the values of columns `computer_level` and `computer_color` for `seat` (`NULL`s
/// without an engine).
pub(super) fn computer_columns(seat: Option<ComputerSeat>) -> (Option<i64>, Option<&'static str>) {
    match seat {
        None => (None, None),
        Some(s) => (
            Some(i64::from(s.level)),
            Some(match s.color {
                Side::Red => "red",
                Side::Black => "black",
            }),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column_of(e: StoreError) -> &'static str {
        match e {
            StoreError::Corrupt(c) => c.column,
            StoreError::Failed(why) => panic!("not a corrupt column: {why}"),
        }
    }

    #[test]
    fn half_a_time_control_or_a_negative_time_names_its_column() {
        assert_eq!(time_control("R", None, None).ok(), Some(None));
        let tc = time_control("R", Some(300_000), Some(0)).ok().flatten();
        assert_eq!(
            tc.map(|t| (t.initial_ms(), t.increment_ms())),
            Some((300_000, 0))
        );
        let column = |i, n| time_control("R", i, n).map(|_| ()).map_err(column_of);
        assert_eq!(column(Some(-5), Some(0)), Err("initial_ms"));
        assert_eq!(column(Some(0), Some(0)), Err("initial_ms"));
        assert_eq!(column(None, Some(0)), Err("initial_ms"));
        assert_eq!(column(Some(1000), Some(-1)), Err("increment_ms"));
        assert_eq!(column(Some(1000), None), Err("increment_ms"));
    }

    #[test]
    fn a_level_out_of_range_or_an_unknown_colour_names_its_column() {
        assert_eq!(computer("R", None, None).ok(), Some(None));
        let seat = computer("R", Some(5), Some("black")).ok().flatten();
        assert_eq!(seat.map(|s| (s.level, s.color)), Some((5, Side::Black)));
        let column = |l, c| computer("R", l, c).map(|_| ()).map_err(column_of);
        assert_eq!(column(Some(0), Some("red")), Err("computer_level"));
        assert_eq!(column(Some(6), Some("red")), Err("computer_level"));
        assert_eq!(column(Some(300), Some("red")), Err("computer_level"));
        assert_eq!(column(None, Some("red")), Err("computer_level"));
        assert_eq!(column(Some(3), Some("green")), Err("computer_color"));
        assert_eq!(column(Some(3), None), Err("computer_color"));
        assert_eq!(column_of(rules("R", "chess").unwrap_err()), "rules");
    }
}
