//! Quick pairing (`docs/protocol.md`, "Quick pairing"): `POST /api/seeks` asks for a game at
//! a clock, rated or casual; the server pairs it at once with a compatible waiting seek
//! (the same clock and kind; for a rated one, a rating within a window that widens while
//! the older seek waits, and another account), making a room with random colours, or
//! keeps it waiting. Its browser asks `GET /api/seeks/{id}` every couple of seconds (which
//! keeps it alive and, once paired, hands over its seat) and `DELETE /api/seeks/{id}`
//! cancels it; a seek its browser stopped asking about (a closed tab) is dropped. The pool
//! is in the database, so seeks sent to different nodes pair.

use super::accounts;
use super::rooms::open_room;
use crate::app_state::AppState;
use crate::error::{ApiJson, ApiPath, AppError};
use crate::ids::{random_hex, RoomCode, SeatToken};
use crate::ratings::Rating;
use crate::store::{RoomRow, SeekRow};
use crate::time_control::{self, TimeControlJson};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use rand::Rng;
use serde::{Deserialize, Serialize};
use xiangqi::game::RuleSet;
use xiangqi::{ByColor, Color, Position};

/// A waiting seek its browser has not asked about for this long is gone (closed tab).
pub const SEEK_ALIVE_MS: i64 = 10_000;
/// A paired seek whose browser has not collected its seat for this long is dropped.
const PAIRED_KEPT_MS: i64 = 120_000;
/// The rating window of a rated seek: ± this at first…
const WINDOW_START: f64 = 150.0;
/// …widening by this every second the older seek has waited…
const WINDOW_PER_SECOND: f64 = 10.0;
/// …up to this.
const WINDOW_MAX: f64 = 600.0;
/// Waiting seeks looked at per pairing attempt.
const CANDIDATES: i64 = 50;

/// Returns the seek routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/seeks", post(create))
        .route("/api/seeks/{id}", get(poll).delete(cancel))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewSeek {
    initial_ms: i64,
    increment_ms: i64,
    #[serde(default)]
    rated: bool,
}

/// Where a seek stands.
#[derive(Serialize)]
struct SeekView {
    id: String,
    /// `waiting` or `paired`.
    status: &'static str,
    /// Once paired: the room, this player's seat token and colour, and the room's page.
    #[serde(skip_serializing_if = "Option::is_none")]
    room: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

impl SeekView {
    fn waiting(id: String) -> SeekView {
        SeekView {
            id,
            status: "waiting",
            room: None,
            seat: None,
            color: None,
            url: None,
        }
    }

    fn paired(id: String, room: String, seat: String, color: String) -> SeekView {
        SeekView {
            id,
            status: "paired",
            url: Some(format!("/play/{room}")),
            room: Some(room),
            seat: Some(seat),
            color: Some(color),
        }
    }
}

/// Checks a clock asked for in milliseconds: whole seconds, within a room's limits.
///
/// # Errors
/// [`AppError::InvalidField`] naming `initial_ms` or `increment_ms`.
fn clock(initial_ms: i64, increment_ms: i64) -> Result<xiangqi::TimeControl, AppError> {
    for (field, ms) in [("initial_ms", initial_ms), ("increment_ms", increment_ms)] {
        if ms < 0 || ms % 1000 != 0 {
            return Err(AppError::InvalidField(format!(
                "{field}: a whole number of seconds, in milliseconds"
            )));
        }
    }
    time_control::check(TimeControlJson {
        initial_s: initial_ms / 1000,
        increment_s: increment_ms / 1000,
    })
    .map_err(|_| {
        AppError::InvalidField(format!(
            "initial_ms, increment_ms: 1 s to {} s and 0 s to {} s",
            time_control::MAX_INITIAL_S,
            time_control::MAX_INCREMENT_S
        ))
    })
}

/// Whether waiting seek `other` may pair with `mine` at `now` (milliseconds).
fn compatible(mine: &SeekRow, other: &SeekRow, now: i64) -> bool {
    if let (Some(a), Some(b)) = (&mine.account_id, &other.account_id) {
        if a == b {
            return false;
        }
    }
    if !mine.rated {
        return true;
    }
    let waited_s = (now - other.created_at).max(0) as f64 / 1000.0;
    let window = (WINDOW_START + WINDOW_PER_SECOND * waited_s).min(WINDOW_MAX);
    match (mine.rating, other.rating) {
        (Some(a), Some(b)) => (a - b).abs() <= window,
        _ => false,
    }
}

/// `POST /api/seeks` `{initial_ms, increment_ms, rated}` → 200 paired at once, or 201
/// waiting.
async fn create(
    State(app): State<AppState>,
    jar: CookieJar,
    ApiJson(req): ApiJson<NewSeek>,
) -> Result<Response, AppError> {
    let tc = clock(req.initial_ms, req.increment_ms)?;
    let account = match accounts::signed_in(&app, &jar).await {
        Ok((_, a)) => Some(a),
        Err(AppError::NotSignedIn) if !req.rated => None,
        Err(e) => return Err(e),
    };
    let rating = match (&account, req.rated) {
        (Some(a), true) => {
            let category = time_control::category(Some(tc));
            let ratings = app.store.player_ratings(&a.id).await?;
            Some(
                ratings
                    .iter()
                    .find(|r| r.category == category)
                    .map_or(Rating::default().rating, |r| r.rating.rating),
            )
        }
        _ => None,
    };
    let now = app.wall.now_ms();
    app.store
        .delete_stale_seeks(now - SEEK_ALIVE_MS, now - PAIRED_KEPT_MS)
        .await?;
    let mine = SeekRow {
        id: random_hex(16),
        initial_ms: req.initial_ms,
        increment_ms: req.increment_ms,
        rated: req.rated,
        account_id: account.as_ref().map(|a| a.id.as_str().to_string()),
        rating,
        created_at: now,
        seen_at: now,
        pairing: None,
    };
    if let Some(view) = find_partner(&app, &mine, tc, false).await? {
        return Ok((StatusCode::OK, Json(view)).into_response());
    }
    let id = mine.id.clone();
    app.store.insert_seek(mine).await?;
    Ok((StatusCode::CREATED, Json(SeekView::waiting(id))).into_response())
}

/// Pairs `mine` with the waiting seek `other`: claims `other` (and `mine` too when it is
/// `stored`, so that no other request, on this node or another, can pair it meanwhile),
/// then opens a room with both seats taken, colours drawn at random; returns `mine`'s
/// pairing, or `None` when someone else claimed either seek first.
///
/// # Errors
/// [`AppError::Internal`] when the store fails (a claimed seek is put back first).
async fn pair(
    app: &AppState,
    mine: &SeekRow,
    other: &SeekRow,
    tc: xiangqi::TimeControl,
    stored: bool,
) -> Result<Option<SeekView>, AppError> {
    let seats: ByColor<SeatToken> = ByColor::new_with(|_| SeatToken::random());
    let my_color = if rand::thread_rng().gen_bool(0.5) {
        Color::Red
    } else {
        Color::Black
    };
    for _ in 0..5 {
        let code = RoomCode::random();
        let theirs = &seats[!my_color];
        if !claim_both(app, (mine, stored), other, &code, &seats, my_color).await? {
            return Ok(None);
        }
        let row = RoomRow {
            code: code.clone(),
            rules: RuleSet::Wxf2018,
            time_control: Some(tc),
            password_hash: None,
            public: false,
            start: Position::start(),
            computer: None,
            rated: mine.rated,
            red_seat_hash: Some(seats[Color::Red].hash().0),
            black_seat_hash: Some(seats[Color::Black].hash().0),
            created_at: app.wall.now_ms(),
        };
        let opened = async {
            for (seek, seat) in [(mine, &seats[my_color]), (other, theirs)] {
                if let Some(account) = &seek.account_id {
                    let id = crate::ids::AccountId::from_stored(account.clone());
                    app.store.link_seat(seat.hash(), id).await?;
                }
            }
            open_room(app, &row, &mut None).await
        };
        match opened.await {
            Ok(true) => {
                if stored {
                    app.store.delete_seek(&mine.id).await?;
                }
                tracing::info!(room = %code, "seeks paired");
                return Ok(Some(SeekView::paired(
                    mine.id.clone(),
                    code.to_string(),
                    seats[my_color].as_str().to_string(),
                    my_color.name().to_string(),
                )));
            }
            // The code is taken: put the seeks back and draw another.
            Ok(false) => release(app, mine, other, stored).await?,
            Err(e) => {
                release(app, mine, other, stored).await?;
                return Err(e);
            }
        }
    }
    Err(AppError::Internal("no free room code after 5 tries".into()))
}

/// Claims the seeks for room `code`, each with its seat of `seats` (`mine` gets
/// `my_color`): `mine` first when it is stored (a polled seek, which another request could
/// otherwise pair meanwhile), then `other`. Returns false, with nothing left claimed, when
/// someone else claimed either first (a stored `mine` paired elsewhere is answered at its
/// next poll).
///
/// # Errors
/// [`AppError::Internal`] when the store fails.
async fn claim_both(
    app: &AppState,
    (mine, stored): (&SeekRow, bool),
    other: &SeekRow,
    code: &RoomCode,
    seats: &ByColor<SeatToken>,
    my_color: Color,
) -> Result<bool, AppError> {
    let claim = |id: &'_ str, color: Color| {
        let (id, seat) = (id.to_string(), seats[color].as_str().to_string());
        async move {
            app.store
                .claim_seek(&id, code.as_str(), &seat, color.name())
                .await
        }
    };
    if stored && !claim(&mine.id, my_color).await? {
        return Ok(false);
    }
    if !claim(&other.id, !my_color).await? {
        if stored {
            app.store.release_seek(&mine.id).await?;
        }
        return Ok(false);
    }
    Ok(true)
}

/// Puts `other` (and `mine`, when `stored`) back in the pool.
async fn release(
    app: &AppState,
    mine: &SeekRow,
    other: &SeekRow,
    stored: bool,
) -> Result<(), AppError> {
    app.store.release_seek(&other.id).await?;
    if stored {
        app.store.release_seek(&mine.id).await?;
    }
    Ok(())
}

/// Pairs `mine` with the first compatible waiting seek, if any. A stored seek (being
/// polled) only looks at older ones, so two seeks that missed each other when they were
/// sent (both sent at once) pair at the newer one's next poll, and once.
///
/// # Errors
/// [`AppError::Internal`] when the store fails.
async fn find_partner(
    app: &AppState,
    mine: &SeekRow,
    tc: xiangqi::TimeControl,
    stored: bool,
) -> Result<Option<SeekView>, AppError> {
    let now = app.wall.now_ms();
    let waiting = app
        .store
        .open_seeks(
            mine.initial_ms,
            mine.increment_ms,
            mine.rated,
            now - SEEK_ALIVE_MS,
            CANDIDATES,
        )
        .await?;
    let older = |o: &SeekRow| (o.created_at, &o.id) < (mine.created_at, &mine.id);
    for other in waiting
        .iter()
        .filter(|o| o.id != mine.id && (!stored || older(o)))
    {
        if compatible(mine, other, now) {
            if let Some(view) = pair(app, mine, other, tc, stored).await? {
                return Ok(Some(view));
            }
        }
    }
    Ok(None)
}

/// `GET /api/seeks/{id}`: where the seek stands; keeps a waiting one alive. A paired seek
/// is answered (with its seat) and then forgotten.
async fn poll(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<SeekView>, AppError> {
    let not_found = || AppError::NotFound("no such seek (cancelled, or gone unseen)".into());
    if id.len() != 32 {
        return Err(not_found());
    }
    let seek = app.store.seek(&id).await?.ok_or_else(not_found)?;
    match seek.pairing {
        Some((room, seat, color)) => {
            app.store.delete_seek(&id).await?;
            Ok(Json(SeekView::paired(id, room, seat, color)))
        }
        None => {
            app.store.seek_seen(&id, app.wall.now_ms()).await?;
            let tc = clock(seek.initial_ms, seek.increment_ms)?;
            match find_partner(&app, &seek, tc, true).await? {
                Some(view) => Ok(Json(view)),
                None => Ok(Json(SeekView::waiting(id))),
            }
        }
    }
}

/// `DELETE /api/seeks/{id}`: cancels a waiting seek (204); one already paired is answered
/// as `GET` does (200 with the seat: the game has begun).
async fn cancel(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound("no such seek".into());
    if id.len() != 32 {
        return Err(not_found());
    }
    let seek = app.store.seek(&id).await?.ok_or_else(not_found)?;
    app.store.delete_seek(&id).await?;
    match seek.pairing {
        Some((room, seat, color)) => {
            Ok(Json(SeekView::paired(id, room, seat, color)).into_response())
        }
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}
