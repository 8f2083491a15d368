//! Lists a page at a time (`GET /api/puzzles`, `GET /api/players/{name}/games`): `limit`
//! items a page and an `after` cursor, `TIME-ID` of the previous page's last item, so that
//! items added meanwhile neither repeat nor hide one.

use crate::error::AppError;

/// Items on a page when the request does not say.
pub const DEFAULT_PAGE: u32 = 30;
/// Most items on a page.
pub const MAX_PAGE: u32 = 100;

/// Returns the page size a request asked for (`None`: [`DEFAULT_PAGE`]).
///
/// # Errors
/// [`AppError::InvalidField`] naming `limit` when it is not 1 to [`MAX_PAGE`].
pub fn limit(asked: Option<u32>) -> Result<u32, AppError> {
    let limit = asked.unwrap_or(DEFAULT_PAGE);
    if (1..=MAX_PAGE).contains(&limit) {
        Ok(limit)
    } else {
        Err(AppError::InvalidField(format!(
            "limit: from 1 to {MAX_PAGE}"
        )))
    }
}

/// Reads the cursor `after` (`TIME-ID`, the `next` of a previous page) with `id` reading its
/// id part; `None` when there is none. `time` names the time in the error (`CREATED_AT`).
///
/// # Errors
/// [`AppError::InvalidField`] naming `after` when it does not read.
pub fn cursor<T>(
    after: Option<&str>,
    time: &str,
    id: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<(i64, T)>, AppError> {
    let Some(text) = after else { return Ok(None) };
    let bad = || {
        AppError::InvalidField(format!(
            "after: the `next` of the previous page ({time}-ID)"
        ))
    };
    let (at, rest) = text.split_once('-').ok_or_else(bad)?;
    let at: i64 = at.parse().map_err(|_| bad())?;
    Ok(Some((at, id(rest).ok_or_else(bad)?)))
}

/// Returns the `next` cursor of a page of `len` items out of `limit` whose last item is
/// `last` (its time and id): `None` on a short page, the last one.
pub fn next<T: std::fmt::Display>(
    len: usize,
    limit: u32,
    last: Option<(i64, T)>,
) -> Option<String> {
    (len == limit as usize)
        .then(|| last.map(|(at, id)| format!("{at}-{id}")))
        .flatten()
}
