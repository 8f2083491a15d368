//! The SQL of finished online games (migration 0006): the record a room stores with the
//! event that ends a round, the link from a signed-in player's seat to their account, and
//! the reads of `/api/games/{id}`, a player's games and their results.

use super::{columns, Store, StoreError, WriteOp};
use crate::ids::{AccountId, GameId, RoomCode, SeatHash};
use crate::ratings::{self, Rating};
use crate::time_control;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use xiangqi::game::RuleSet;
use xiangqi::{ByColor, Color, TimeControl};
use xiangqi_view::protocol::ComputerSeat;

/// A round that just ended, as its room stores it (the event that ended it goes in the same
/// transaction, so a game is recorded exactly when its ending is).
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Its permanent id.
    pub id: GameId,
    /// The room it was played in.
    pub room: RoomCode,
    /// Its round in the room, from 1.
    pub round: u32,
    /// Its rule set.
    pub rules: RuleSet,
    /// Its time control; `None`: untimed.
    pub time_control: Option<TimeControl>,
    /// The position it started from, as FEN.
    pub start_fen: String,
    /// Its moves in ICCS.
    pub moves: Vec<String>,
    /// `red`, `black`, `draw` or `aborted`.
    pub result: &'static str,
    /// Why it ended (`checkmate`, `resignation`, …).
    pub reason: Option<&'static str>,
    /// The final status as `STATUS` sends it (JSON: result, reason, explanation, cycle).
    pub status_json: String,
    /// The whole game as PGN, with the players' names and the date.
    pub pgn: String,
    /// Each player's display name, by the colour they played in this game.
    pub names: ByColor<Option<String>>,
    /// Each player's seat (token hash), by the colour they played in this game; `None` for
    /// the engine's seat.
    pub seats: ByColor<Option<SeatHash>>,
    /// The engine's seat in this game, if it played.
    pub computer: Option<ComputerSeat>,
    /// Its room rates games: it is rated if both seats are linked to two different
    /// accounts and it did not end aborted.
    pub rated: bool,
    /// When it ended, milliseconds since the Unix epoch.
    pub ended_at: i64,
}

/// One side of a stored game as the pages show it.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePlayer {
    /// The display name chosen in the room, if any.
    pub display_name: Option<String>,
    /// The account that played this side, if a signed-in player did: its name, and whether
    /// it has since been deleted.
    pub account: Option<(String, bool)>,
    /// In a rated game: this side's rating after it, and the change it made.
    pub rating: Option<(f64, f64)>,
}

/// A finished game as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its id.
    pub id: GameId,
    /// The room it was played in (the code may be reused once that room expires).
    pub room: String,
    /// Its round in the room.
    pub round: i64,
    /// Its rule set's name.
    pub rules: String,
    /// Its time control.
    pub time_control: Option<TimeControl>,
    /// The start position as FEN.
    pub start_fen: String,
    /// Its moves in ICCS.
    pub moves: Vec<String>,
    /// `red`, `black`, `draw` or `aborted`.
    pub result: String,
    /// Why it ended.
    pub reason: Option<String>,
    /// The final status (JSON).
    pub status_json: String,
    /// The PGN.
    pub pgn: String,
    /// The two players.
    pub players: ByColor<GamePlayer>,
    /// The hash of each player's seat token (`None` for the engine's seat).
    pub seats: ByColor<Option<String>>,
    /// The engine's seat, if it played.
    pub computer: Option<ComputerSeat>,
    /// Whether it was rated.
    pub rated: bool,
    /// When it ended, milliseconds since the Unix epoch.
    pub ended_at: i64,
}

/// A player's rating in one category, as stored.
#[derive(Clone, Debug)]
pub struct RatingRow {
    /// The category (`bullet`, `blitz`, `rapid`, `classical`).
    pub category: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the category.
    pub games: i64,
}

/// A player's rating after one rated game.
#[derive(Clone, Debug)]
pub struct HistoryRow {
    /// The category.
    pub category: String,
    /// When the game ended, milliseconds since the Unix epoch.
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
}

/// A line of a leaderboard.
#[derive(Clone, Debug)]
pub struct BoardRow {
    /// The account's name.
    pub name: String,
    /// Its rating in the board's category.
    pub rating: Rating,
    /// Rated games played in the category.
    pub games: i64,
}

/// A player's wins, draws and losses over their finished games (aborted games left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    /// Games won.
    pub wins: i64,
    /// Games drawn.
    pub draws: i64,
    /// Games lost.
    pub losses: i64,
}

/// The columns every game read selects, with the two accounts' names.
const GAME_COLUMNS: &str = "g.id, g.room_code, g.round, g.rules, g.initial_ms, g.increment_ms, \
    g.start_fen, g.moves, g.result, g.reason, g.status, g.pgn, g.red_name, g.black_name, \
    g.computer_level, g.computer_color, g.ended_at, g.rated, g.red_seat_hash, g.black_seat_hash, \
    g.red_rating, g.red_change, g.black_rating, g.black_change, \
    ra.name AS red_account_name, ra.deleted_at AS red_deleted, \
    ba.name AS black_account_name, ba.deleted_at AS black_deleted \
    FROM games g LEFT JOIN accounts ra ON ra.id = g.red_account \
    LEFT JOIN accounts ba ON ba.id = g.black_account";

impl Store {
    /// Links the seat `seat` to `account`: the games that seat finishes are the account's.
    /// A seat is linked once (a later link of the same seat changes nothing).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn link_seat(&self, seat: SeatHash, account: AccountId) -> Result<(), StoreError> {
        self.write(WriteOp::LinkSeat { seat, account })
            .await
            .map(|_| ())
    }

    /// Returns the finished game `id`, if it exists.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure or a row that does not read back.
    pub async fn game(&self, id: &GameId) -> Result<Option<GameRow>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} WHERE g.id = $1");
        self.optional_row(sqlx::query(&sql).bind(id.as_str()), game_row)
            .await
    }

    /// Returns the record of round `round` of room `room`, finished at or after `since`
    /// (the room's creation, in milliseconds since the Unix epoch: a code is reused only
    /// after its room expired), if that round has ended.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure or a row that does not read back.
    pub async fn game_of_round(
        &self,
        room: &RoomCode,
        round: u32,
        since: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} WHERE g.room_code = $1 AND g.round = $2 AND g.ended_at >= $3 \
             ORDER BY g.ended_at DESC LIMIT 1"
        );
        let query = sqlx::query(&sql)
            .bind(room.as_str())
            .bind(i64::from(round))
            .bind(since);
        self.optional_row(query, game_row).await
    }

    /// Returns up to `limit` finished games played from the seats whose token hashes are
    /// `seats` (a browser's "My games"), newest first.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure or a row that does not read back.
    pub async fn games_of_seats(
        &self,
        seats: &[SeatHash],
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        if seats.is_empty() {
            return Ok(Vec::new());
        }
        let list = (1..=seats.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {GAME_COLUMNS} WHERE g.red_seat_hash IN ({list}) OR g.black_seat_hash IN ({list}) \
             ORDER BY g.ended_at DESC, g.id DESC LIMIT {limit}"
        );
        let mut query = sqlx::query(&sql);
        for seat in seats {
            query = query.bind(seat.0.as_str());
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(game_row).collect()
    }

    /// Returns up to `limit` finished games of `account`, newest first (by end time, then
    /// id, both descending), after the game `after` of an earlier page (its end time and id).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure or a row that does not read back.
    pub async fn player_games(
        &self,
        account: &AccountId,
        after: Option<(i64, GameId)>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let (at, after_id) = match &after {
            Some((at, id)) => (*at, id.as_str().to_string()),
            None => (i64::MAX, String::new()),
        };
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} WHERE (g.red_account = $1 OR g.black_account = $1) \
             AND (g.ended_at < $2 OR (g.ended_at = $2 AND g.id < $3)) \
             ORDER BY g.ended_at DESC, g.id DESC LIMIT $4"
        ))
        .bind(account.as_str())
        .bind(at)
        .bind(after_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Returns `account`'s ratings, one per category it has rated games in.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn player_ratings(&self, account: &AccountId) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT category, rating, deviation, volatility, games FROM ratings \
             WHERE account_id = $1 ORDER BY category",
        )
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingRow {
                    category: r.try_get("category")?,
                    rating: rating_of(r)?,
                    games: r.try_get("games")?,
                })
            })
            .collect()
    }

    /// Returns `account`'s rating after each of its rated games (at most `limit`, the
    /// latest), oldest first.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn rating_history(
        &self,
        account: &AccountId,
        limit: u32,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT category, at, rating FROM rating_history WHERE account_id = $1 \
             ORDER BY at DESC LIMIT $2",
        )
        .bind(account.as_str())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut out: Vec<HistoryRow> = rows
            .iter()
            .map(|r| {
                Ok(HistoryRow {
                    category: r.try_get("category")?,
                    at: r.try_get("at")?,
                    rating: r.try_get("rating")?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        out.reverse();
        Ok(out)
    }

    /// Returns the `limit` best non-provisional ratings of live accounts in `category`,
    /// highest first.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn leaderboard(
        &self,
        category: &str,
        limit: u32,
    ) -> Result<Vec<BoardRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r \
             JOIN accounts a ON a.id = r.account_id \
             WHERE r.category = $1 AND r.deviation < $2 AND a.deleted_at IS NULL \
             ORDER BY r.rating DESC, a.name_key LIMIT $3",
        )
        .bind(category)
        .bind(ratings::PROVISIONAL_DEVIATION)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BoardRow {
                    name: r.try_get("name")?,
                    rating: rating_of(r)?,
                    games: r.try_get("games")?,
                })
            })
            .collect()
    }

    /// Returns the PGN of every finished game of `account`, newest first (at most `limit`).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn player_pgns(
        &self,
        account: &AccountId,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT pgn FROM games WHERE red_account = $1 OR black_account = $1 \
             ORDER BY ended_at DESC, id DESC LIMIT $2",
        )
        .bind(account.as_str())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get("pgn")?)).collect()
    }

    /// Returns the wins, draws and losses of `account` against people (aborted games and
    /// games against the computer are not counted).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn player_results(&self, account: &AccountId) -> Result<Results, StoreError> {
        let row = sqlx::query(
            "SELECT \
             CAST(COALESCE(SUM(CASE WHEN (result = 'red' AND red_account = $1) \
                OR (result = 'black' AND black_account = $1) THEN 1 ELSE 0 END), 0) AS BIGINT) AS wins, \
             CAST(COALESCE(SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), 0) AS BIGINT) AS draws, \
             CAST(COALESCE(SUM(CASE WHEN (result = 'red' AND black_account = $1) \
                OR (result = 'black' AND red_account = $1) THEN 1 ELSE 0 END), 0) AS BIGINT) AS losses \
             FROM games WHERE (red_account = $1 OR black_account = $1) \
             AND computer_level IS NULL",
        )
        .bind(account.as_str())
        .fetch_one(&self.pool)
        .await?;
        Ok(Results {
            wins: row.try_get("wins")?,
            draws: row.try_get("draws")?,
            losses: row.try_get("losses")?,
        })
    }
}

/// Reads the `rating`, `deviation` and `volatility` columns of `r`.
fn rating_of(r: &AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
    })
}

/// Reads one row of a [`GAME_COLUMNS`] query.
fn game_row(r: &AnyRow) -> Result<GameRow, StoreError> {
    let id: String = r.try_get("id")?;
    let game = GameId::parse(&id)
        .ok_or_else(|| columns::corrupt(&id, "id", format!("'{id}'"), "a game id"))?;
    let (initial_ms, increment_ms) = (r.try_get("initial_ms")?, r.try_get("increment_ms")?);
    let level = r.try_get("computer_level")?;
    let color: Option<String> = r.try_get("computer_color")?;
    let moves: String = r.try_get("moves")?;
    let player = |color: Color| -> Result<GamePlayer, StoreError> {
        let name: Option<String> = r.try_get(format!("{}_account_name", color.name()).as_str())?;
        let deleted: Option<i64> = r.try_get(format!("{}_deleted", color.name()).as_str())?;
        let after: Option<f64> = r.try_get(format!("{}_rating", color.name()).as_str())?;
        let change: Option<f64> = r.try_get(format!("{}_change", color.name()).as_str())?;
        Ok(GamePlayer {
            display_name: r.try_get(format!("{}_name", color.name()).as_str())?,
            account: name.map(|n| (n, deleted.is_some())),
            rating: after.zip(change),
        })
    };
    Ok(GameRow {
        room: r.try_get("room_code")?,
        round: r.try_get("round")?,
        rules: r.try_get("rules")?,
        time_control: columns::time_control(&id, initial_ms, increment_ms)?,
        start_fen: r.try_get("start_fen")?,
        moves: moves.split_whitespace().map(str::to_string).collect(),
        result: r.try_get("result")?,
        reason: r.try_get("reason")?,
        status_json: r.try_get("status")?,
        pgn: r.try_get("pgn")?,
        players: ByColor {
            red: player(Color::Red)?,
            black: player(Color::Black)?,
        },
        computer: columns::computer(&id, level, color.as_deref())?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        seats: ByColor {
            red: r.try_get("red_seat_hash")?,
            black: r.try_get("black_seat_hash")?,
        },
        ended_at: r.try_get("ended_at")?,
        id: game,
    })
}

/// Inserts the record of a finished game `g`, with the accounts linked to its seats.
pub(super) async fn insert_game(
    conn: &mut AnyConnection,
    g: &FinishedGame,
) -> Result<u64, StoreError> {
    let (initial_ms, increment_ms) = columns::time_control_columns(g.time_control)?;
    let (level, color) = columns::computer_columns(g.computer);
    let seat = |c: Color| g.seats[c].as_ref().map(|h| h.0.clone());
    let inserted = sqlx::query(
        "INSERT INTO games (id, room_code, round, rules, initial_ms, increment_ms, start_fen, \
         moves, result, reason, status, pgn, red_name, black_name, red_seat_hash, \
         black_seat_hash, red_account, black_account, computer_level, computer_color, ended_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         (SELECT account_id FROM seat_accounts WHERE seat_hash = $15), \
         (SELECT account_id FROM seat_accounts WHERE seat_hash = $16), $17, $18, $19)",
    )
    .bind(g.id.as_str())
    .bind(g.room.as_str())
    .bind(i64::from(g.round))
    .bind(g.rules.name())
    .bind(initial_ms)
    .bind(increment_ms)
    .bind(&g.start_fen)
    .bind(g.moves.join(" "))
    .bind(g.result)
    .bind(g.reason)
    .bind(&g.status_json)
    .bind(&g.pgn)
    .bind(&g.names.red)
    .bind(&g.names.black)
    .bind(seat(Color::Red))
    .bind(seat(Color::Black))
    .bind(level)
    .bind(color)
    .bind(g.ended_at)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 1 && g.rated {
        rate_game(conn, g).await?;
    }
    Ok(inserted)
}

/// Rates the just-inserted game `g` when both its seats belong to two different accounts,
/// it was played on a clock and did not end aborted: updates both players' ratings in its
/// category, stores the changes on the game and each new rating in the history.
async fn rate_game(conn: &mut AnyConnection, g: &FinishedGame) -> Result<(), StoreError> {
    let category = time_control::category(g.time_control);
    if !ratings::RATED_CATEGORIES.contains(&category) {
        return Ok(());
    }
    let row = sqlx::query("SELECT red_account, black_account FROM games WHERE id = $1")
        .bind(g.id.as_str())
        .fetch_one(&mut *conn)
        .await?;
    let red: Option<String> = row.try_get("red_account")?;
    let black: Option<String> = row.try_get("black_account")?;
    let (Some(red), Some(black)) = (red, black) else {
        return Ok(());
    };
    if red == black {
        return Ok(());
    }
    let (red_before, red_games) = current_rating(conn, &red, category).await?;
    let (black_before, black_games) = current_rating(conn, &black, category).await?;
    let Some((red_after, black_after)) = ratings::rate(red_before, black_before, g.result) else {
        return Ok(());
    };
    for (account, after, games) in [
        (&red, red_after, red_games),
        (&black, black_after, black_games),
    ] {
        sqlx::query(
            "INSERT INTO ratings (account_id, category, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id, category) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games",
        )
        .bind(account.as_str())
        .bind(category)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(games + 1)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (account_id, category, game_id, rating, deviation, at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(account.as_str())
        .bind(category)
        .bind(g.id.as_str())
        .bind(after.rating)
        .bind(after.deviation)
        .bind(g.ended_at)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "UPDATE games SET rated = 1, red_rating = $1, red_change = $2, black_rating = $3, \
         black_change = $4 WHERE id = $5",
    )
    .bind(red_after.rating)
    .bind(red_after.rating - red_before.rating)
    .bind(black_after.rating)
    .bind(black_after.rating - black_before.rating)
    .bind(g.id.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Returns `account`'s rating in `category` and its rated games there (a new player's
/// rating and 0 when it has none).
async fn current_rating(
    conn: &mut AnyConnection,
    account: &str,
    category: &str,
) -> Result<(Rating, i64), StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account_id = $1 AND category = $2",
    )
    .bind(account)
    .bind(category)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        None => Ok((Rating::default(), 0)),
        Some(r) => Ok((
            Rating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
            },
            r.try_get("games")?,
        )),
    }
}

/// Links `seat` to `account` (nothing if the seat is linked already).
pub(super) async fn link_seat_row(
    conn: &mut AnyConnection,
    seat: &SeatHash,
    account: &AccountId,
) -> Result<u64, StoreError> {
    Ok(sqlx::query(
        "INSERT INTO seat_accounts (seat_hash, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(&seat.0)
    .bind(account.as_str())
    .execute(&mut *conn)
    .await?
    .rows_affected())
}
