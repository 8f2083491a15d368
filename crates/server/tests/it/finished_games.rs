//! Finished online games (`docs/protocol.md`, "Finished games" and "Players"): the record a
//! room stores with the event that ends a round, linked to the accounts of signed-in
//! players, read back by `GET /api/games/{id}` (and `.pgn`), listed by
//! `GET /api/players/{name}/games` and counted in `GET /api/players/{name}`; bad requests
//! are refused naming the field.

use crate::common;

use common::accounts::{call, session_cookie, sign_up};
use common::assert_error;
use common::http;
use common::ws::Client;
use serde_json::{json, Value};
use std::net::SocketAddr;
use xiangqi_view::protocol::ClientMessage;

const PASSWORD: &str = "palace-diagonal";

/// Signs `name` up; returns its session token.
async fn account(addr: SocketAddr, name: &str) -> String {
    session_cookie(&sign_up(addr, name, PASSWORD).await).0
}

/// Creates a room as `creator` (a session token, or none) and has `guest` join it; returns
/// the code and both seat tokens (Red's, Black's).
async fn seat_two(
    addr: SocketAddr,
    body: &Value,
    creator: Option<&str>,
    guest: Option<&str>,
) -> (String, String, String) {
    let r = call(addr, "POST", "/api/rooms", creator, Some(body), &[]).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let code = r.json()["code"].as_str().expect("code").to_string();
    let red = r.json()["seat"].as_str().expect("seat").to_string();
    let path = format!("/api/rooms/{code}/join");
    let r = call(addr, "POST", &path, guest, Some(&json!({})), &[]).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let black = r.json()["seat"].as_str().expect("seat").to_string();
    (code, red, black)
}

/// Red plays `h2e2`, Black `h9g7`, then Black resigns.
async fn play_and_resign(addr: SocketAddr, code: &str, red_seat: &str, black_seat: &str) {
    let mut red = Client::join(addr, code, "red", Some(red_seat)).await;
    let mut black = Client::join(addr, code, "black", Some(black_seat)).await;
    for (ply, mv) in [(0, "h2e2"), (1, "h9g7")] {
        let mover = if ply == 0 { &mut red } else { &mut black };
        mover.send_move(ply, mv).await;
        red.expect_move(mv).await;
        black.expect_move(mv).await;
    }
    black.send(&ClientMessage::Resign).await;
    black.expect_event("resign").await;
    red.expect_event("resign").await;
}

async fn get_json(addr: SocketAddr, path: &str) -> Value {
    let r = http::get(addr, path).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.json()
}

#[tokio::test]
async fn a_finished_game_is_kept_with_both_accounts_and_listed_on_their_profiles() {
    let s = common::start_with(
        |c| c.accounts_per_minute = 0,
        xiangqi_server::WallClock::System,
    )
    .await;
    let alice = account(s.addr, "Alice").await;
    let bob = account(s.addr, "bob_b").await;
    let body = json!({"time_control": {"initial_s": 300, "increment_s": 3}});
    let (code, red, black) = seat_two(s.addr, &body, Some(&alice), Some(&bob)).await;
    play_and_resign(s.addr, &code, &red, &black).await;

    let alices = get_json(s.addr, "/api/players/alice/games").await;
    let games = alices["games"].as_array().expect("games");
    assert_eq!(games.len(), 1, "{alices}");
    let g = &games[0];
    assert_eq!(g["color"], "red");
    assert_eq!(g["result"], "win");
    assert_eq!(g["reason"], "resignation");
    assert_eq!(g["category"], "blitz", "5+3: 300 + 40 × 3 s = 7 minutes");
    assert_eq!(g["rated"], false);
    assert_eq!(g["plies"], 2);
    assert_eq!(
        g["opponent"],
        json!({"display_name": null, "account": "bob_b", "deleted": false, "rating": null, "rating_change": null})
    );
    assert_eq!(alices["next"], Value::Null);
    let id = g["id"].as_str().expect("id").to_string();
    assert_eq!(g["url"], format!("/game/{id}"));
    let bobs = get_json(s.addr, "/api/players/BOB_B/games").await;
    assert_eq!(bobs["games"][0]["id"], id.as_str());
    assert_eq!(bobs["games"][0]["result"], "loss");
    assert_eq!(bobs["games"][0]["color"], "black");

    // The room links its ended round to the record.
    let of_round = get_json(s.addr, &format!("/api/rooms/{code}/rounds/1")).await;
    assert_eq!(of_round["id"], id.as_str());
    let later = http::get(s.addr, &format!("/api/rooms/{code}/rounds/2")).await;
    assert_error(&later, 404, "not_found");
    let bad = http::get(s.addr, &format!("/api/rooms/{code}/rounds/first")).await;
    assert_error(&bad, 400, "bad_request");

    let record = get_json(s.addr, &format!("/api/games/{}", id.to_lowercase())).await;
    assert_eq!(record["id"], id.as_str());
    assert_eq!(record["room"], code.as_str());
    assert_eq!(record["round"], 1);
    assert_eq!(record["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(record["result"], "red");
    assert_eq!(record["status"]["reason"], "resignation");
    assert!(record["status"]["explanation"]
        .as_str()
        .is_some_and(|e| !e.is_empty()));
    assert_eq!(record["red"]["account"], "Alice");
    assert_eq!(record["black"]["account"], "bob_b");
    assert_eq!(
        record["time_control"],
        json!({"initial_s": 300, "increment_s": 3})
    );
    assert_eq!(record["pgn_url"], format!("/api/games/{id}.pgn"));

    let pgn = http::get(s.addr, &format!("/api/games/{id}.pgn")).await;
    assert_eq!(pgn.status, 200);
    assert!(pgn
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/x-chess-pgn")));
    assert!(pgn
        .header("content-disposition")
        .is_some_and(|d| d.contains(&format!("xiangqi-{id}.pgn"))));
    let text = pgn.text();
    for tag in ["[Result \"1-0\"]", "[Round \"1\"]", "[Date \"", "C2=5"] {
        assert!(text.contains(tag), "{tag} in {text}");
    }

    let all = http::get(s.addr, "/api/players/alice/games.pgn").await;
    assert_eq!(all.status, 200, "{}", all.text());
    assert!(all
        .header("content-disposition")
        .is_some_and(|d| d.contains("xiangqi-Alice.pgn")));
    assert_eq!(all.text().matches("[Event ").count(), 1);
    assert_eq!(all.text(), text, "one game: the same PGN");

    let profile = get_json(s.addr, "/api/players/alice").await;
    assert_eq!(profile["name"], "Alice");
    assert_eq!(
        profile["results"],
        json!({"wins": 1, "draws": 0, "losses": 0})
    );
    assert_eq!(profile["ratings"], json!({}));
    let profile = get_json(s.addr, "/api/players/bob_b").await;
    assert_eq!(
        profile["results"],
        json!({"wins": 0, "draws": 0, "losses": 1})
    );

    // A game between players without accounts is kept too, and lists on no profile.
    let (code, red, black) = seat_two(s.addr, &json!({}), None, None).await;
    assert_eq!(
        get_json(s.addr, &format!("/api/rooms/{code}")).await["rated"],
        false
    );
    play_and_resign(s.addr, &code, &red, &black).await;
    assert_eq!(
        get_json(s.addr, "/api/players/alice/games").await["games"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );

    // A deleted account's games stay, its side shown as deleted; its profile is gone.
    let r = call(
        s.addr,
        "DELETE",
        "/api/account",
        Some(&bob),
        Some(&json!({"password": PASSWORD})),
        &[],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text());
    let record = get_json(s.addr, &format!("/api/games/{id}")).await;
    assert_eq!(
        record["black"],
        json!({"display_name": null, "account": null, "deleted": true, "rating": null, "rating_change": null})
    );
    assert_error(
        &http::get(s.addr, "/api/players/bob_b").await,
        404,
        "not_found",
    );
    let alices = get_json(s.addr, "/api/players/alice/games").await;
    assert_eq!(alices["games"][0]["opponent"]["deleted"], true);
}

#[tokio::test]
async fn a_players_games_come_a_page_at_a_time_newest_first() {
    let s = common::start().await;
    let alice = account(s.addr, "pager").await;
    for _ in 0..3 {
        let (code, red, black) = seat_two(s.addr, &json!({}), Some(&alice), None).await;
        play_and_resign(s.addr, &code, &red, &black).await;
    }
    let first = get_json(s.addr, "/api/players/pager/games?limit=2").await;
    assert_eq!(first["games"].as_array().map(Vec::len), Some(2));
    let next = first["next"].as_str().expect("a next page").to_string();
    let second = get_json(
        s.addr,
        &format!("/api/players/pager/games?limit=2&after={next}"),
    )
    .await;
    assert_eq!(second["games"].as_array().map(Vec::len), Some(1));
    assert_eq!(second["next"], Value::Null);
    let all: Vec<&Value> = first["games"]
        .as_array()
        .into_iter()
        .chain(second["games"].as_array())
        .flatten()
        .collect();
    let ended: Vec<i64> = all
        .iter()
        .map(|g| g["ended_at"].as_i64().expect("ended_at"))
        .collect();
    assert!(
        ended.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {ended:?}"
    );
    let ids: std::collections::HashSet<&str> =
        all.iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids.len(), 3, "no game twice");
    // The games against an anonymous guest count as results.
    let profile = get_json(s.addr, "/api/players/pager").await;
    assert_eq!(profile["results"]["wins"], 3);
}

#[tokio::test]
async fn bad_requests_name_the_field_and_unknown_ids_are_not_found() {
    let s = common::start().await;
    account(s.addr, "carol").await;
    for (path, status, code, field) in [
        (
            "/api/players/carol/games?limit=0",
            422,
            "invalid_field",
            "limit",
        ),
        (
            "/api/players/carol/games?limit=101",
            422,
            "invalid_field",
            "limit",
        ),
        (
            "/api/players/carol/games?limit=x",
            400,
            "bad_request",
            "limit",
        ),
        (
            "/api/players/carol/games?after=yesterday",
            422,
            "invalid_field",
            "after",
        ),
        (
            "/api/players/carol/games?after=12-!!",
            422,
            "invalid_field",
            "after",
        ),
        (
            "/api/players/carol/games?page=2",
            400,
            "bad_request",
            "page",
        ),
    ] {
        let r = http::get(s.addr, path).await;
        let e = assert_error(&r, status, code);
        assert!(
            e["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(field)),
            "{path}: {e}"
        );
    }
    for path in [
        "/api/players/nobody",
        "/api/players/nobody/games",
        "/api/players/admin",
        &format!("/api/players/{}", "x".repeat(5000)),
        "/api/games/ABCDEFGHJK",
        "/api/games/ABCDEFGHJK.pgn",
        "/api/games/not-a-game",
        "/api/games/%00",
    ] {
        assert_error(&http::get(s.addr, path).await, 404, "not_found");
    }
    let empty = get_json(s.addr, "/api/players/CAROL/games").await;
    assert_eq!(empty, json!({"games": [], "next": null}));
}

#[tokio::test]
async fn the_lobby_marks_a_rated_room() {
    let s = common::start_with(
        |c| c.accounts_per_minute = 0,
        xiangqi_server::WallClock::System,
    )
    .await;
    let alice = account(s.addr, "lobby_rated").await;
    let clock = json!({"initial_s": 300, "increment_s": 3});
    let mut codes = Vec::new();
    for rated in [true, false] {
        let body = json!({"public": true, "rated": rated, "time_control": clock});
        let r = call(s.addr, "POST", "/api/rooms", Some(&alice), Some(&body), &[]).await;
        assert_eq!(r.status, 201, "{}", r.text());
        let created = r.json();
        codes.push((created["code"].as_str().expect("code").to_string(), rated));
    }
    let lobby = get_json(s.addr, "/api/lobby").await;
    for (code, rated) in codes {
        let listed = lobby["rooms"]
            .as_array()
            .and_then(|rooms| rooms.iter().find(|r| r["code"] == code.as_str()))
            .unwrap_or_else(|| panic!("{code} is listed: {lobby}"));
        assert_eq!(listed["rated"], rated, "{listed}");
    }
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_by_glicko2() {
    let s = common::start_with(
        |c| c.accounts_per_minute = 0,
        xiangqi_server::WallClock::System,
    )
    .await;
    let alice = account(s.addr, "rated_red").await;
    let bob = account(s.addr, "rated_black").await;
    // A rated room needs a clock, two people and a signed-in creator.
    for (body, cookie, status, code) in [
        (json!({"rated": true}), Some(&alice), 422, "invalid_field"),
        (
            json!({"rated": true, "time_control": {"initial_s": 300, "increment_s": 3},
                "computer": {"level": 1, "color": "black"}}),
            Some(&alice),
            422,
            "invalid_field",
        ),
        (
            json!({"rated": true, "time_control": {"initial_s": 300, "increment_s": 3}}),
            None,
            401,
            "not_signed_in",
        ),
        (
            json!({"rated": "yes", "time_control": {"initial_s": 300, "increment_s": 3}}),
            Some(&alice),
            400,
            "bad_request",
        ),
    ] {
        let r = call(
            s.addr,
            "POST",
            "/api/rooms",
            cookie.map(String::as_str),
            Some(&body),
            &[],
        )
        .await;
        let e = assert_error(&r, status, code);
        if status != 401 {
            assert!(
                e["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("rated")),
                "{e}"
            );
        }
    }
    let body = json!({"rated": true, "time_control": {"initial_s": 300, "increment_s": 3}});
    let (code, red, black) = seat_two(s.addr, &body, Some(&alice), Some(&bob)).await;
    // The room says it is rated, so whoever joins knows.
    assert_eq!(
        get_json(s.addr, &format!("/api/rooms/{code}")).await["rated"],
        true
    );
    play_and_resign(s.addr, &code, &red, &black).await;

    // Glicko-2 for two new players (1500, RD 350, σ 0.06; τ 0.5), one game, Red wins:
    // Glickman's formulas give 1662.31 and 1337.69, both with RD 290.32.
    let profile = get_json(s.addr, "/api/players/rated_red").await;
    let blitz = &profile["ratings"]["blitz"];
    assert!(
        (blitz["rating"].as_f64().expect("rating") - 1662.31).abs() < 0.01,
        "{profile}"
    );
    assert!(
        (blitz["deviation"].as_f64().expect("deviation") - 290.32).abs() < 0.01,
        "{profile}"
    );
    assert_eq!(blitz["games"], 1);
    assert_eq!(blitz["provisional"], true);
    let loser = get_json(s.addr, "/api/players/rated_black").await;
    assert!(
        (loser["ratings"]["blitz"]["rating"]
            .as_f64()
            .expect("rating")
            - 1337.69)
            .abs()
            < 0.01
    );

    let games = get_json(s.addr, "/api/players/rated_red/games").await;
    let g = &games["games"][0];
    assert_eq!(g["rated"], true);
    assert!(
        (g["rating_change"].as_f64().expect("change") - 162.31).abs() < 0.01,
        "{g}"
    );
    let record = get_json(
        s.addr,
        &format!("/api/games/{}", g["id"].as_str().expect("id")),
    )
    .await;
    assert_eq!(record["rated"], true);
    assert!((record["black"]["rating_change"].as_f64().expect("change") + 162.31).abs() < 0.01);
    let history = get_json(s.addr, "/api/players/rated_red/rating-history").await;
    assert_eq!(
        history["history"].as_array().map(Vec::len),
        Some(1),
        "{history}"
    );
    assert_eq!(history["history"][0]["category"], "blitz");
    // Provisional ratings are not on the leaderboard.
    let board = get_json(s.addr, "/api/leaderboard?category=blitz").await;
    assert_eq!(board["players"], json!([]));
    assert_error(
        &http::get(s.addr, "/api/leaderboard?category=untimed").await,
        422,
        "invalid_field",
    );
    assert_error(
        &http::get(s.addr, "/api/leaderboard").await,
        400,
        "bad_request",
    );

    // A guest without an account in a rated room: the game is kept, not rated.
    let (code, red, black) = seat_two(s.addr, &body, Some(&alice), None).await;
    play_and_resign(s.addr, &code, &red, &black).await;
    let games = get_json(s.addr, "/api/players/rated_red/games").await;
    assert_eq!(games["games"][0]["rated"], false);
    assert_eq!(
        get_json(s.addr, "/api/players/rated_red").await["ratings"]["blitz"]["games"],
        1
    );
}

#[tokio::test]
async fn a_browser_without_an_account_lists_the_games_of_its_seats() {
    let s = common::start().await;
    let (code, red, black) = seat_two(s.addr, &json!({}), None, None).await;
    play_and_resign(s.addr, &code, &red, &black).await;
    let mine = |seats: Value| async move {
        call(
            s.addr,
            "POST",
            "/api/games/mine",
            None,
            Some(&json!({ "seats": seats })),
            &[],
        )
        .await
    };
    let r = mine(json!([red.clone()])).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let games = r.json();
    assert_eq!(games["games"].as_array().map(Vec::len), Some(1), "{games}");
    assert_eq!(games["games"][0]["color"], "red");
    assert_eq!(games["games"][0]["result"], "win");
    assert_eq!(games["games"][0]["opponent"]["account"], Value::Null);
    let as_black = mine(json!([black.clone()])).await.json();
    assert_eq!(as_black["games"][0]["result"], "loss");
    assert_eq!(
        mine(json!([red, black])).await.json()["games"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        mine(json!(["someone-else's-seat"])).await.json()["games"],
        json!([])
    );
    assert_eq!(mine(json!([])).await.json()["games"], json!([]));
    let too_many: Vec<String> = (0..201).map(|i| format!("{i:032x}")).collect();
    let e = assert_error(&mine(json!(too_many)).await, 422, "invalid_field");
    assert!(e["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("seats")));
    assert_error(&mine(json!("not a list")).await, 400, "bad_request");
    assert_error(&mine(json!(["x".repeat(65)])).await, 422, "invalid_field");
}
