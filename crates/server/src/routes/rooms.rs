//! Room routes: create, look up, join, and the game record (`/game`, `/game.pgn`).

use super::position::{rule_set, start_position, undecided_start};
use super::{accounts, find_room, may_read, pgn_download};
use crate::app_state::AppState;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError};
use crate::ids::{RoomCode, SeatToken, WatchKey};
use crate::listen::peer_ip;
use crate::password_hash;
use crate::rate::{client_key, limited, RateLimits, Refused};
use crate::room::actor::{Command, GameRecord};
use crate::room::build;
use crate::store::RoomRow;
use crate::time_control::{self, TimeControlJson};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::CookieJar;
use serde::Deserialize;
use tokio::sync::oneshot;
use xiangqi::Color;
use xiangqi_view::protocol::{
    ComputerRequest, ComputerSeat, GameReply, JoinRequest, Joined, NewRoom, RoomCreated, RoomInfo,
    Seats,
};
use xiangqi_view::Side;

/// Longest password, in bytes.
const MAX_PASSWORD: usize = 128;

/// Returns the room routes; creating and joining are limited per address by `limits`.
pub fn router(limits: &RateLimits) -> Router<AppState> {
    Router::new()
        .route("/api/rooms", limited(post(create), limits.rooms.as_ref()))
        .route("/api/rooms/{code}", get(info))
        .route(
            "/api/rooms/{code}/join",
            limited(post(join), limits.joins.as_ref()),
        )
        .route("/api/rooms/{code}/game", get(game))
        .route("/api/rooms/{code}/game.pgn", get(pgn))
        .route("/api/rooms/{code}/rounds/{round}", get(finished_round))
}

/// Checks the engine's seat a client asked for: a level 1 to 5.
///
/// # Errors
/// [`AppError::InvalidField`] naming `computer.level` for any other level.
fn computer_seat(asked: ComputerRequest) -> Result<ComputerSeat, AppError> {
    match u8::try_from(asked.level) {
        Ok(level @ 1..=5) => Ok(ComputerSeat {
            level,
            color: asked.color,
        }),
        _ => Err(AppError::InvalidField("computer.level: must be 1–5".into())),
    }
}

/// The argon2 hash of a new room's `password` (none when absent or empty).
///
/// # Errors
/// [`AppError::InvalidField`] when it is over [`MAX_PASSWORD`] bytes; an internal error when
/// hashing fails.
async fn password_hash_of(password: Option<String>) -> Result<Option<String>, AppError> {
    match password.filter(|p| !p.is_empty()) {
        Some(p) if p.len() > MAX_PASSWORD => Err(AppError::InvalidField(format!(
            "password: at most {MAX_PASSWORD} bytes"
        ))),
        Some(p) => Ok(Some(password_hash::hash(p).await?)),
        None => Ok(None),
    }
}

/// Stores the new room `row` and starts it on this node when it may (taking the engine's
/// admission `lease` for a computer game); returns false (nothing stored, `lease` left)
/// when its code is taken.
///
/// # Errors
/// [`AppError::Internal`] when the store fails.
pub async fn open_room(
    app: &AppState,
    row: &RoomRow,
    lease: &mut Option<crate::computer::admission::Admission>,
) -> Result<bool, AppError> {
    if !app.store.insert_room(row.clone()).await? {
        return Ok(false);
    }
    let code = &row.code;
    // On a node of a cluster, the new room runs here once this node holds its lease (nobody
    // else can have it yet); else (this node's heartbeat lapsed, or the database went away
    // since the insert) it loads wherever it is first used.
    let here = match app.rooms.owns_or_takes(code).await {
        Ok(here) => here,
        Err(e) => {
            tracing::warn!(room = %code, error = %e, "new room not taken here");
            false
        }
    };
    if here {
        app.rooms.start(build(row), lease.take());
    }
    app.rooms.lobby().changed();
    tracing::info!(room = %code, "room created");
    Ok(true)
}

async fn create(
    State(app): State<AppState>,
    extensions: axum::http::Extensions,
    jar: CookieJar,
    ApiJson(req): ApiJson<NewRoom>,
) -> Result<(StatusCode, Json<RoomCreated>), AppError> {
    let rules = rule_set(req.rules.as_deref())?;
    let start = start_position(req.fen.as_deref())?;
    undecided_start(&start, rules)?;
    let time_control = req.time_control.map(time_control::check).transpose()?;
    let computer = req.computer.map(computer_seat).transpose()?;
    if req.rated {
        if time_control.is_none() || computer.is_some() {
            return Err(AppError::InvalidField(
                "rated: a rated room needs a clock and two people (no computer)".into(),
            ));
        }
        // Only a signed-in creator may ask for rated games.
        accounts::signed_in(&app, &jar).await?;
    }
    let password_hash = password_hash_of(req.password).await?;
    // A computer game takes one of its address's places and a place in the engine's queue
    // before anything is stored.
    let mut lease = match computer {
        Some(_) => Some(
            app.rooms
                .admit_computer_game(client_key(peer_ip(&extensions)))?,
        ),
        None => None,
    };
    let creator = computer.map_or(Color::Red, |c| !Color::from(c.color));
    let token = SeatToken::random();
    let hash = token.hash();
    accounts::link_seat(&app, &jar, &hash).await?;
    for _ in 0..5 {
        let code = RoomCode::random();
        let row = RoomRow {
            code: code.clone(),
            rules,
            time_control,
            password_hash: password_hash.clone(),
            public: req.public && computer.is_none(),
            start: start.clone(),
            computer,
            rated: req.rated,
            red_seat_hash: (creator == Color::Red).then(|| hash.0.clone()),
            black_seat_hash: (creator == Color::Black).then(|| hash.0.clone()),
            created_at: app.wall.now_ms(),
        };
        if open_room(&app, &row, &mut lease).await? {
            let watch = row
                .password_hash
                .as_deref()
                .map(|h| WatchKey::of(&code, h).as_str().to_string());
            return Ok((
                StatusCode::CREATED,
                Json(RoomCreated {
                    watch,
                    invite_url: format!("/play/{code}"),
                    code: code.to_string(),
                    seat: token.as_str().to_string(),
                    color: creator.into(),
                }),
            ));
        }
    }
    Err(AppError::Internal("no free room code after 5 tries".into()))
}

async fn info(
    State(app): State<AppState>,
    ApiPath(code): ApiPath<String>,
    extensions: axum::http::Extensions,
) -> Result<Json<RoomInfo>, AppError> {
    let row = find_room(&app, &extensions, &code).await?;
    let code = row.code.clone();
    let state = build(&row);
    let info = &state.info;
    Ok(Json(RoomInfo {
        code: code.to_string(),
        rules: info.rules.name().to_string(),
        time_control: info.time_control.map(TimeControlJson::from),
        has_password: info.has_password,
        public: info.public,
        computer: info.computer,
        seats: Seats {
            red: state.seated[Color::Red],
            black: state.seated[Color::Black],
        },
        rated: info.rated,
    }))
}

async fn join(
    State(app): State<AppState>,
    ApiPath(code): ApiPath<String>,
    extensions: axum::http::Extensions,
    jar: CookieJar,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<Joined>, AppError> {
    let body = body?;
    // The body is optional: a room without a password can be joined with none.
    let req: JoinRequest = if body.iter().all(u8::is_ascii_whitespace) {
        JoinRequest::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| AppError::BadRequest(e.to_string()))?
    };
    let row = find_room(&app, &extensions, &code).await?;
    let code = row.code.clone();
    let watch = row
        .password_hash
        .as_deref()
        .map(|h| WatchKey::of(&code, h).as_str().to_string());
    if let Some(hash) = row.password_hash {
        // After wrong passwords this address waits longer each time before it may try this
        // room again, and its guesses are checked one at a time; while it waits, or while
        // the room is under siege (too many wrong passwords from everyone), nothing it sends
        // is checked (see `rate::passwords`).
        let ip = client_key(peer_ip(&extensions));
        let attempt = app.limits.passwords.begin(&code, ip).map_err(|refused| {
            let retry_after_s = refused.wait().as_secs_f64().ceil().max(1.0) as u64;
            let why = match refused {
                Refused::Address(_) => "too many wrong passwords for this room",
                Refused::Siege(_) => {
                    "this room is getting too many wrong passwords and this address gave one"
                }
            };
            AppError::RateLimited {
                retry_after_s,
                message: format!("{why}; try again in {retry_after_s} s"),
            }
        })?;
        let given = req.password.unwrap_or_default();
        if given.len() > MAX_PASSWORD || !password_hash::verify(hash, given).await? {
            attempt.wrong();
            return Err(AppError::WrongPassword);
        }
        attempt.right();
    }
    if req.watch_only {
        return Ok(Json(Joined {
            seat: None,
            color: None,
            watch,
        }));
    }
    let token = SeatToken::random();
    accounts::link_seat(&app, &jar, &token.hash()).await?;
    let (reply, answer) = oneshot::channel();
    let cmd = Command::Join {
        seat: token.hash(),
        reply,
    };
    if !app.rooms.send(&code, cmd).await? {
        return Err(AppError::NotFound(format!("no room {code}")));
    }
    let color = answer
        .await
        .map_err(|_| AppError::Internal("room stopped while joining".into()))??;
    if let Some(c) = color {
        tracing::info!(room = %code, color = %c, "guest joined");
    }
    Ok(Json(Joined {
        seat: color.map(|_| token.as_str().to_string()),
        color: color.map(Side::from),
        watch,
    }))
}

/// Returns a game record of room `code`; a room with a password needs its watcher
/// credential (`watch`), checked before anything is loaded.
async fn record(
    app: &AppState,
    extensions: &axum::http::Extensions,
    code: &str,
    round: Option<u32>,
    watch: Option<&str>,
) -> Result<GameRecord, AppError> {
    let row = find_room(app, extensions, code).await?;
    may_read(&row, watch)?;
    let code = row.code.clone();
    let (reply, answer) = oneshot::channel();
    if !app
        .rooms
        .send(&code, Command::Record { round, reply })
        .await?
    {
        return Err(AppError::NotFound(format!("no room {code}")));
    }
    let current = answer
        .await
        .map_err(|_| AppError::Internal("room stopped".into()))?;
    let record = match (current, round) {
        (Some(record), _) => Some(record),
        // A finished round lives in the store only.
        (None, Some(n)) => app.rooms.past_record(&code, n).await?,
        (None, None) => None,
    };
    record.ok_or_else(|| AppError::NotFound(format!("room {code} has no such round")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WatchQuery {
    /// The watcher credential, for a room with a password.
    watch: Option<String>,
}

/// `GET /api/rooms/{code}/rounds/{round}`: the permanent record of a round that ended
/// (as `GET /api/games/{id}` answers it: its id and page, and in a rated game the rating
/// changes), so the room page can link to it; 404 while the round goes on.
async fn finished_round(
    State(app): State<AppState>,
    ApiPath((code, round)): ApiPath<(String, u32)>,
    extensions: axum::http::Extensions,
    ApiQuery(q): ApiQuery<WatchQuery>,
) -> Result<Json<super::game_records::GameView>, AppError> {
    let row = find_room(&app, &extensions, &code).await?;
    may_read(&row, q.watch.as_deref())?;
    let game = app
        .store
        .game_of_round(&row.code, round, row.created_at)
        .await?
        .ok_or_else(|| {
            AppError::NotFound(format!("round {round} of room {} has not ended", row.code))
        })?;
    Ok(Json(super::game_records::GameView::of(game)?))
}

#[derive(Deserialize)]
struct RoundQuery {
    round: Option<u32>,
    /// The watcher credential, for a room with a password.
    watch: Option<String>,
}

async fn game(
    State(app): State<AppState>,
    ApiPath(code): ApiPath<String>,
    extensions: axum::http::Extensions,
    ApiQuery(q): ApiQuery<RoundQuery>,
) -> Result<Json<GameReply>, AppError> {
    let r = record(&app, &extensions, &code, q.round, q.watch.as_deref()).await?;
    Ok(Json(GameReply {
        round: r.round,
        start_fen: r.start_fen,
        moves: r.moves,
        wxf: r.wxf,
        fen: r.fen,
        status: r.status,
        computer: r.computer,
        colors_swapped: r.colors_swapped,
    }))
}

async fn pgn(
    State(app): State<AppState>,
    ApiPath(code): ApiPath<String>,
    extensions: axum::http::Extensions,
    ApiQuery(q): ApiQuery<RoundQuery>,
) -> Result<Response, AppError> {
    let r = record(&app, &extensions, &code, q.round, q.watch.as_deref()).await?;
    let file = format!("xiangqi-{code}-round{}.pgn", r.round);
    Ok(pgn_download(&file, r.pgn))
}
