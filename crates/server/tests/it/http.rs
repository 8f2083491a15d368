//! The HTTP API against `docs/protocol.md`: health, rooms (create, look up, join with and
//! without a password), the lobby, the position service and puzzles, and the error shape.

use crate::common;

use common::{
    assert_error, http, laps, PERPETUAL_CHASE_FEN, PERPETUAL_CHASE_LAP, PERPETUAL_CHECK_FEN,
    PERPETUAL_CHECK_LAP, START_FEN,
};
use serde_json::{json, Value};

#[tokio::test]
async fn health_answers_ok() {
    let s = common::start().await;
    let r = http::get(s.addr, "/api/health").await;
    assert_eq!(r.status, 200);
    let j = r.json();
    assert_eq!(j["status"], "ok");
    assert!(j["version"].is_string(), "{j}");
}

#[tokio::test]
async fn a_room_is_created_looked_up_and_joined() {
    let s = common::start().await;
    let room = common::create_room(
        s.addr,
        &json!({"rules": "casual", "time_control": {"initial_s": 300, "increment_s": 3}}),
    )
    .await;
    assert_eq!(room.color, "red");
    let info = http::get(s.addr, &format!("/api/rooms/{}", room.code)).await;
    assert_eq!(info.status, 200);
    let j = info.json();
    assert_eq!(j["code"], room.code.as_str());
    assert_eq!(j["rules"], "casual");
    assert_eq!(
        j["time_control"],
        json!({"initial_s": 300, "increment_s": 3})
    );
    assert_eq!(j["has_password"], false);
    assert_eq!(j["public"], false);
    assert_eq!(j["computer"], Value::Null);
    assert_eq!(j["seats"], json!({"red": true, "black": false}));

    // Joining needs no body when there is no password.
    let r = http::post_raw(s.addr, &format!("/api/rooms/{}/join", room.code), "").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let joined = r.json();
    assert_eq!(joined["color"], "black");
    assert!(joined["seat"].as_str().is_some_and(|t| t != room.seat));
    let j = http::get(s.addr, &format!("/api/rooms/{}", room.code))
        .await
        .json();
    assert_eq!(j["seats"], json!({"red": true, "black": true}));

    // Full: a watcher.
    let third = common::join(s.addr, &room.code, None).await;
    assert_eq!(third, json!({"seat": null, "color": null, "watch": null}));

    // The new game's record.
    let g = common::game(s.addr, &room.code).await;
    assert_eq!(g["round"], 1);
    assert_eq!(g["start_fen"], START_FEN);
    assert_eq!(g["fen"], START_FEN);
    assert_eq!(g["moves"], json!([]));
    assert_eq!(g["status"]["result"], "ongoing");
    assert_eq!(g["status"]["reason"], Value::Null);
}

#[tokio::test]
async fn a_room_from_a_fen_starts_there() {
    let s = common::start().await;
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let room = common::create_room(s.addr, &json!({ "fen": fen })).await;
    let g = common::game(s.addr, &room.code).await;
    assert_eq!(g["start_fen"], fen);
    assert_eq!(g["fen"], fen);
    // A FEN that is no legal position is refused with its problems.
    let r = http::post(
        s.addr,
        "/api/rooms",
        &json!({"fen": "9/9/9/9/9/9/9/9/9/9 w - - 0 1"}),
    )
    .await;
    let j = assert_error(&r, 422, "invalid_fen");
    assert!(
        j["error"]["problems"]
            .as_array()
            .is_some_and(|p| !p.is_empty()),
        "{j}"
    );
}

/// A blank `fen` is a mistake, not a request for the start position: rooms and puzzles
/// refuse it with 422 `invalid_fen`; a room without `fen` (or with null) still starts at
/// the start position.
#[tokio::test]
async fn a_blank_fen_is_refused_not_read_as_the_start_position() {
    let s = common::start().await;
    for blank in ["", "   ", "\t\n"] {
        for path in ["/api/rooms", "/api/puzzles"] {
            let r = http::post(s.addr, path, &json!({ "fen": blank })).await;
            let j = assert_error(&r, 422, "invalid_fen");
            assert!(
                j["error"]["problems"]
                    .as_array()
                    .is_some_and(|p| !p.is_empty()),
                "{path} {blank:?}: {j}"
            );
        }
    }
    for body in [json!({}), json!({ "fen": null })] {
        let room = common::create_room(s.addr, &body).await;
        assert_eq!(
            common::game(s.addr, &room.code).await["start_fen"],
            START_FEN
        );
    }
}

/// Puzzle titles go through the one check of player text: one line, nothing deceiving or
/// invisible; titles in any script pass, and a blank one is `Puzzle`.
#[tokio::test]
async fn puzzle_titles_are_checked_as_player_text() {
    let s = common::start().await;
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    for bad in [
        "Mate in 2\nRed to move",
        "Mate\u{2028}in 2",
        "\u{202E}2 ni etaM",
        "\u{200B}\u{2060}",
        &"题".repeat(101),
    ] {
        let r = http::post(s.addr, "/api/puzzles", &json!({"fen": fen, "title": bad})).await;
        let j = assert_error(&r, 422, "invalid_field");
        let message = j["error"]["message"].as_str().unwrap_or("");
        assert!(message.starts_with("title:"), "{bad:?}: {j}");
    }
    for (typed, kept) in [
        ("  红先胜：三步杀  ", "红先胜：三步杀"),
        ("Đỏ đi trước, chiếu hết 🎯", "Đỏ đi trước, chiếu hết 🎯"),
        ("   ", "Puzzle"),
    ] {
        let r = http::post(s.addr, "/api/puzzles", &json!({"fen": fen, "title": typed})).await;
        assert_eq!(r.status, 201, "{typed:?}: {}", r.text());
        let id = r.json()["id"].as_str().expect("id").to_string();
        let p = http::get(s.addr, &format!("/api/puzzles/{id}"))
            .await
            .json();
        assert_eq!(p["title"], kept);
    }
}

#[tokio::test]
async fn room_errors_have_the_documented_shape() {
    let s = common::start().await;
    assert_error(
        &http::get(s.addr, "/api/rooms/ZZZZZZ").await,
        404,
        "not_found",
    );
    assert_error(
        &http::get(s.addr, "/api/rooms/ZZZZZZ/game").await,
        404,
        "not_found",
    );
    assert_error(
        &http::post(s.addr, "/api/rooms/ZZZZZZ/join", &json!({})).await,
        404,
        "not_found",
    );
    assert_error(
        &http::post_raw(s.addr, "/api/rooms", "{not json").await,
        400,
        "bad_request",
    );
    assert_error(
        &http::post(s.addr, "/api/rooms", &json!({"rules": "chess"})).await,
        422,
        "invalid_field",
    );
    assert_error(
        &http::post(
            s.addr,
            "/api/rooms",
            &json!({"time_control": {"initial_s": 0, "increment_s": 0}}),
        )
        .await,
        422,
        "invalid_field",
    );
    // Every number out of range is a 422 naming its field, however far out it is.
    for level in [
        json!(0),
        json!(9),
        json!(-1),
        json!(256),
        json!(1_000_000_000_000_i64),
    ] {
        let r = http::post(
            s.addr,
            "/api/rooms",
            &json!({"computer": {"level": level, "color": "black"}}),
        )
        .await;
        let j = assert_error(&r, 422, "invalid_field");
        assert!(
            j["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("computer.level")),
            "{j}"
        );
    }
    for (initial, increment) in [
        (-1, 0),
        (10_801, 0),
        (99_999_999_999_i64, 0),
        (60, -5),
        (60, 181),
    ] {
        let r = http::post(
            s.addr,
            "/api/rooms",
            &json!({"time_control": {"initial_s": initial, "increment_s": increment}}),
        )
        .await;
        let j = assert_error(&r, 422, "invalid_field");
        assert!(
            j["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("time_control")),
            "{j}"
        );
    }
    let huge = format!(r#"{{"password": "{}"}}"#, "x".repeat(100_000));
    assert_error(
        &http::post_raw(s.addr, "/api/rooms", &huge).await,
        413,
        "too_large",
    );
}

#[tokio::test]
async fn a_password_room_needs_the_right_password() {
    // Without the wait after wrong passwords (tests/rate_limits.rs checks it), so that the
    // tries below follow each other at once.
    let s = common::start_with(
        |c| c.wrong_password_delay = std::time::Duration::ZERO,
        xiangqi_server::WallClock::System,
    )
    .await;
    let room = common::create_room(s.addr, &json!({"password": "secret", "public": true})).await;
    let info = http::get(s.addr, &format!("/api/rooms/{}", room.code))
        .await
        .json();
    assert_eq!(info["has_password"], true);
    let path = format!("/api/rooms/{}/join", room.code);
    assert_error(
        &http::post(s.addr, &path, &json!({"password": "wrong"})).await,
        403,
        "wrong_password",
    );
    assert_error(
        &http::post(s.addr, &path, &json!({})).await,
        403,
        "wrong_password",
    );
    assert_error(
        &http::post(s.addr, &path, &json!({"password": null})).await,
        403,
        "wrong_password",
    );
    // The wrong tries took no seat.
    let info = http::get(s.addr, &format!("/api/rooms/{}", room.code))
        .await
        .json();
    assert_eq!(info["seats"]["black"], false);
    let ok = common::join(s.addr, &room.code, Some("secret")).await;
    assert_eq!(ok["color"], "black");
    assert!(ok["seat"].is_string());
    // The password is still checked for later visitors, who then watch.
    assert_error(
        &http::post(s.addr, &path, &json!({"password": "wrong"})).await,
        403,
        "wrong_password",
    );
    let watcher = common::join(s.addr, &room.code, Some("secret")).await;
    assert_eq!(watcher["seat"], Value::Null, "{watcher}");
    assert_eq!(watcher["color"], Value::Null, "{watcher}");
    // Who gave the password gets the watcher credential (tests/password_watch.rs).
    assert!(watcher["watch"].is_string(), "{watcher}");
}

#[tokio::test]
async fn the_lobby_lists_public_rooms_waiting_for_a_guest() {
    let s = common::start().await;
    let open = common::create_room(
        s.addr,
        &json!({"public": true, "time_control": {"initial_s": 60, "increment_s": 1}}),
    )
    .await;
    let locked = common::create_room(s.addr, &json!({"public": true, "password": "pw"})).await;
    let private = common::create_room(s.addr, &json!({"public": false})).await;
    let full = common::create_room(s.addr, &json!({"public": true})).await;
    common::join(s.addr, &full.code, None).await;
    let computer = common::create_room(
        s.addr,
        &json!({"public": true, "computer": {"level": 1, "color": "black"}}),
    )
    .await;

    let r = http::get(s.addr, "/api/lobby").await;
    assert_eq!(r.status, 200);
    let rooms = r.json()["rooms"].as_array().cloned().expect("rooms");
    let codes: Vec<&str> = rooms.iter().filter_map(|r| r["code"].as_str()).collect();
    assert!(codes.contains(&open.code.as_str()), "{codes:?}");
    assert!(codes.contains(&locked.code.as_str()), "{codes:?}");
    assert!(
        !codes.contains(&private.code.as_str()),
        "private: {codes:?}"
    );
    assert!(!codes.contains(&full.code.as_str()), "full: {codes:?}");
    assert!(
        !codes.contains(&computer.code.as_str()),
        "computer: {codes:?}"
    );
    assert_eq!(codes.len(), 2);
    let entry = rooms
        .iter()
        .find(|r| r["code"] == open.code.as_str())
        .unwrap();
    assert_eq!(entry["rules"], "wxf-2018");
    assert_eq!(
        entry["time_control"],
        json!({"initial_s": 60, "increment_s": 1})
    );
    assert_eq!(entry["has_password"], false);
    assert!(entry["created_at"].is_i64());
    let entry = rooms
        .iter()
        .find(|r| r["code"] == locked.code.as_str())
        .unwrap();
    assert_eq!(entry["has_password"], true);
    assert_eq!(entry["time_control"], Value::Null);

    // Once a guest joins, the room leaves the lobby.
    common::join(s.addr, &open.code, None).await;
    let rooms = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(rooms["rooms"].as_array().map(Vec::len), Some(1), "{rooms}");
}

#[tokio::test]
async fn the_position_service_answers_for_any_position() {
    let s = common::start().await;
    let r = http::post(s.addr, "/api/position", &json!({"fen": null, "moves": []})).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["legal"].as_array().map(Vec::len), Some(44));
    assert_eq!(j["fen"], START_FEN);
    assert_eq!(j["turn"], "red");
    assert_eq!(j["check"], false);
    assert_eq!(j["status"]["result"], "ongoing");

    // Moves are named in WXF and Chinese.
    let j = http::post(s.addr, "/api/position", &json!({"moves": ["h2e2", "h9g7"]}))
        .await
        .json();
    assert_eq!(j["wxf"], json!(["C2=5", "H8+7"]));
    assert_eq!(j["chinese"].as_array().map(Vec::len), Some(2));
    assert_eq!(j["chinese"][0], "炮二平五");
    assert_eq!(j["turn"], "red");

    // The mate: the status says so and nothing is legal.
    let j = http::post(
        s.addr,
        "/api/position",
        &json!({"moves": common::FIVE_PLY_MATE}),
    )
    .await
    .json();
    assert_eq!(j["check"], true);
    assert_eq!(j["legal"], json!([]));
    assert_eq!(j["status"]["result"], "red");
    assert_eq!(j["status"]["reason"], "checkmate");

    // Invalid FENs come back as data.
    for fen in [
        "not a fen",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
    ] {
        let r = http::post(s.addr, "/api/position", &json!({ "fen": fen })).await;
        let j = assert_error(&r, 422, "invalid_fen");
        let problems = j["error"]["problems"].as_array().expect("problems");
        assert!(!problems.is_empty(), "{j}");
    }
    let r = http::post(
        s.addr,
        "/api/position",
        &json!({"fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1"}),
    )
    .await;
    let problems = r.json()["error"]["problems"].to_string();
    assert!(
        problems.contains("general"),
        "names the missing general: {problems}"
    );

    // An illegal move names itself and its index.
    let r = http::post(s.addr, "/api/position", &json!({"moves": ["h2e2", "h2e2"]})).await;
    let j = assert_error(&r, 422, "illegal_move");
    let m = j["error"]["message"].as_str().unwrap();
    assert!(m.contains("h2e2") && m.contains('1'), "{m}");
    assert_error(
        &http::post_raw(s.addr, "/api/position", "[1, 2]").await,
        400,
        "bad_request",
    );
}

/// A perpetual check and a perpetual chase played to the ruling: the status carries the
/// cycle (docs/protocol.md, CYCLE) exactly as `tests/data/` has it; the warning at the
/// third occurrence carries the first two laps of it; before that there is none.
#[tokio::test]
async fn the_position_service_sends_the_cycle_of_a_repetition() {
    let s = common::start().await;
    for (fen, lap, file, reason) in [
        (
            PERPETUAL_CHECK_FEN,
            PERPETUAL_CHECK_LAP,
            "cycle_perpetual_check.json",
            "perpetual_check",
        ),
        (
            PERPETUAL_CHASE_FEN,
            PERPETUAL_CHASE_LAP,
            "cycle_perpetual_chase.json",
            "perpetual_chase",
        ),
    ] {
        let expected = common::data(file);
        let moves = laps(&lap, 12);
        let status = |plies: usize| {
            let moves = &moves[..plies];
            async move {
                let r = http::post(
                    s.addr,
                    "/api/position",
                    &json!({"fen": fen, "moves": moves}),
                )
                .await;
                assert_eq!(r.status, 200, "{}", r.text());
                r.json()["status"].clone()
            }
        };
        let ruling = status(12).await;
        assert_eq!(ruling["result"], "black", "{ruling}");
        assert_eq!(ruling["reason"], reason);
        assert_eq!(ruling["cycle"], expected, "{file}");

        let warning = status(8).await;
        assert_eq!(warning["result"], "ongoing");
        assert!(warning["warning"].is_string(), "{warning}");
        let mut first_laps = expected.clone();
        first_laps["last_ply"] = json!(8);
        first_laps["occurrences"] = json!(3);
        first_laps["plies"] = json!(expected["plies"].as_array().map(|p| &p[..8]));
        assert_eq!(warning["cycle"], first_laps, "{file}");

        let before = status(4).await;
        assert_eq!(before["cycle"], Value::Null, "{before}");
        assert_eq!(before["warning"], Value::Null);
    }
}

#[tokio::test]
async fn puzzles_are_saved_and_fetched() {
    let s = common::start().await;
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let r = http::post(
        s.addr,
        "/api/puzzles",
        &json!({"fen": fen, "title": "Chariot endgame", "solution": ["e1d1"]}),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let created = r.json();
    let id = created["id"].as_str().expect("id").to_string();
    assert_eq!(created["url"], format!("/puzzles/{id}"));

    let r = http::get(s.addr, &format!("/api/puzzles/{id}")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["id"], id.as_str());
    assert_eq!(p["fen"], fen);
    assert_eq!(p["title"], "Chariot endgame");
    assert_eq!(p["solution"], json!(["e1d1"]));
    assert!(p["created_at"].is_i64());

    // No solution, no title.
    let r = http::post(s.addr, "/api/puzzles", &json!({ "fen": fen })).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let id2 = r.json()["id"].as_str().unwrap().to_string();
    assert_ne!(id, id2);
    let p = http::get(s.addr, &format!("/api/puzzles/{id2}"))
        .await
        .json();
    assert_eq!(p["solution"], Value::Null);

    // Refusals.
    let r = http::post(s.addr, "/api/puzzles", &json!({"fen": "9/9/9 w"})).await;
    let j = assert_error(&r, 422, "invalid_fen");
    assert!(j["error"]["problems"]
        .as_array()
        .is_some_and(|p| !p.is_empty()));
    let r = http::post(
        s.addr,
        "/api/puzzles",
        &json!({"fen": fen, "solution": ["e1f2"]}),
    )
    .await;
    assert_error(&r, 422, "illegal_move");
    assert_error(
        &http::get(s.addr, "/api/puzzles/nope").await,
        404,
        "not_found",
    );
}
