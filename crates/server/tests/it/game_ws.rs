//! The game WebSocket against `docs/protocol.md`: a whole game to checkmate between two
//! real clients, watchers, every refusal (and that the connection and the game go on after
//! it), resent moves, presence, reconnects with missed events and replaced connections.

use crate::common;

use common::{
    http, laps, table, Client, FIVE_PLY_MATE, PERPETUAL_CHASE_FEN, PERPETUAL_CHASE_LAP, START_FEN,
};
use serde_json::json;
use xiangqi_view::protocol::{ClientMessage, OfferAction};

#[tokio::test]
async fn a_whole_game_to_checkmate_between_two_clients() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let last = t.play(0, &FIVE_PLY_MATE).await;

    // The final event carries the result.
    let g = &last["game"];
    assert_eq!(g["status"]["result"], "red", "{g}");
    assert_eq!(g["status"]["reason"], "checkmate");
    assert!(g["status"]["explanation"]
        .as_str()
        .is_some_and(|e| e.contains("checkmate")));
    assert_eq!(g["check"], true);
    assert_eq!(
        g["legal"],
        json!([]),
        "no legal moves once the game is over"
    );
    assert_eq!(g["moves"], json!(FIVE_PLY_MATE));
    assert_eq!(g["last_move"], "c4c9");
    assert_eq!(g["history"][0]["round"], 1);
    assert_eq!(g["history"][0]["result"], "red");
    assert_eq!(g["history"][0]["reason"], "checkmate");
    assert_eq!(g["history"][0]["moves"], 5);
    assert_eq!(last["color"], "red");
    assert_eq!(last["wxf"], "C7+5");
    assert!(last["chinese"].as_str().is_some_and(|c| !c.is_empty()));

    // Both clients got every event, in order, numbered one after another.
    let vs =
        |c: &Client| -> Vec<u64> { c.events.iter().map(|e| e["v"].as_u64().unwrap()).collect() };
    assert_eq!(
        vs(&t.red),
        vec![2, 3, 4, 5, 6],
        "v 1 is the guest's joined event"
    );
    assert_eq!(vs(&t.red), vs(&t.black));
    assert_eq!(t.red.events, t.black.events);

    // No move after the end.
    t.black.send_move(5, "a0a1").await;
    t.black.expect_error("game_over").await;
    t.red.expect_quiet(100).await;

    // The record routes reflect the game.
    let rec = t.game(s.addr).await;
    assert_eq!(rec["round"], 1);
    assert_eq!(rec["start_fen"], START_FEN);
    assert_eq!(rec["moves"], json!(FIVE_PLY_MATE));
    assert_eq!(rec["wxf"].as_array().map(Vec::len), Some(5));
    assert_eq!(rec["wxf"][4], "C7+5");
    assert_eq!(rec["fen"], g["fen"]);
    assert_eq!(rec["status"]["result"], "red");
    assert_eq!(rec["status"]["reason"], "checkmate");

    let pgn = http::get(s.addr, &format!("/api/rooms/{}/game.pgn", t.code)).await;
    assert_eq!(pgn.status, 200);
    assert!(
        pgn.header("content-type")
            .is_some_and(|c| c.starts_with("application/x-chess-pgn")),
        "{:?}",
        pgn.headers
    );
    let text = pgn.text();
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("C7+5"), "{text}");
    assert!(text.trim_end().ends_with("1-0"), "{text}");
}

/// A perpetual chase played in a room: the last move's snapshot and the game record carry
/// the cycle object of `tests/data/cycle_perpetual_chase.json`.
#[tokio::test]
async fn a_perpetual_chase_in_a_room_carries_its_cycle() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({"fen": PERPETUAL_CHASE_FEN})).await;
    let last = t.play(0, &laps(&PERPETUAL_CHASE_LAP, 12)).await;
    let status = &last["game"]["status"];
    assert_eq!(status["result"], "black", "{status}");
    assert_eq!(status["reason"], "perpetual_chase");
    let expected = common::data("cycle_perpetual_chase.json");
    assert_eq!(status["cycle"], expected);
    assert_eq!(t.game(s.addr).await["status"]["cycle"], expected);
}

#[tokio::test]
async fn a_watcher_watches_but_cannot_act() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;

    // A third visitor gets no seat.
    let third = common::join(s.addr, &t.code, None).await;
    assert_eq!(third, json!({"seat": null, "color": null, "watch": null}));

    let mut w = Client::hello(s.addr, &t.code, "watcher", None, 0).await;
    let st = w.expect_state().await;
    assert_eq!(st["you"], serde_json::Value::Null);
    assert_eq!(st["game"]["players"]["red"]["connected"], true);
    assert_eq!(st["game"]["players"]["black"]["connected"], true);

    for msg in [
        ClientMessage::Move {
            ply: 0,
            mv: "h2e2".to_string(),
        },
        ClientMessage::Resign,
        ClientMessage::Draw {
            action: OfferAction::Offer,
        },
    ] {
        w.send(&msg).await;
        w.expect_error("not_seated").await;
    }
    // The watcher's attempts changed nothing and the game goes on; the watcher sees it.
    t.play(0, &["h2e2"]).await;
    w.expect_move("h2e2").await;

    // A credential that matches no seat: told so, and watching.
    let mut fake = Client::hello(s.addr, &t.code, "fake", Some("not-a-real-seat-token"), 0).await;
    fake.expect_error("bad_seat").await;
    let st = fake.expect_state().await;
    assert_eq!(st["you"], serde_json::Value::Null);
    fake.send_move(1, "h9g7").await;
    fake.expect_error("not_seated").await;
    assert_eq!(t.game(s.addr).await["moves"], json!(["h2e2"]));
}

#[tokio::test]
async fn refusals_keep_the_connection_open_and_the_game_going() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;

    // Wrong turn.
    t.black.send_move(0, "h9g7").await;
    t.black.expect_error("not_your_turn").await;
    // A ply ahead of the game.
    t.red.send_move(3, "h2e2").await;
    t.red.expect_error("stale_ply").await;
    // Illegal moves: blocked chariot, an empty square, nonsense.
    for bad in ["a0a5", "e5e6", "zz", ""] {
        t.red.send_move(0, bad).await;
        t.red.expect_error("illegal_move").await;
    }
    // Garbage JSON, unknown type, wrong field type, a binary frame.
    t.red.send_text("this is not json").await;
    t.red.expect_error("bad_message").await;
    t.red.send_json(&json!({"t": "teleport"})).await;
    let e = t.red.expect_error("bad_message").await;
    assert!(e["message"].as_str().unwrap().contains("teleport"), "{e}");
    t.red
        .send_json(&json!({"t": "move", "ply": "x", "move": "h2e2"}))
        .await;
    t.red.expect_error("bad_message").await;
    t.red.send_binary(&[1, 2, 3]).await;
    t.red.expect_error("bad_message").await;
    // A second hello.
    t.red
        .send(&ClientMessage::Hello {
            seat: Some(t.red_seat.clone()),
            watch: None,
            v: 0,
        })
        .await;
    t.red.expect_error("bad_message").await;
    // Oversized.
    let big = format!(r#"{{"t":"move","ply":0,"move":"{}"}}"#, "x".repeat(5000));
    t.red.send_text(&big).await;
    t.red.expect_error("too_large").await;
    // Offers that do not exist; a new round while the game goes on.
    t.red
        .send(&ClientMessage::Draw {
            action: OfferAction::Accept,
        })
        .await;
    t.red.expect_error("no_offer").await;
    t.red
        .send(&ClientMessage::NewRound {
            action: OfferAction::Offer,
        })
        .await;
    t.red.expect_error("game_not_over").await;

    // Nothing of that reached Black, and the game goes on over the same connections.
    t.black.expect_quiet(100).await;
    t.play(0, &["h2e2", "h9g7"]).await;
    // A stale ply with another move than the one played.
    t.red.send_move(0, "b2e2").await;
    t.red.expect_error("stale_ply").await;
    t.play(2, &["h0g2"]).await;
    assert_eq!(
        t.game(s.addr).await["moves"],
        json!(["h2e2", "h9g7", "h0g2"])
    );
}

#[tokio::test]
async fn a_message_before_hello_is_refused_and_hello_still_works() {
    let s = common::start().await;
    let room = common::create_room(s.addr, &json!({})).await;
    let mut c = Client::connect(s.addr, &room.code, "early").await;
    c.send_move(0, "h2e2").await;
    c.expect_error("hello_first").await;
    c.send_text("{").await;
    c.expect_error("bad_message").await;
    c.send(&ClientMessage::Hello {
        seat: Some(room.seat.clone()),
        watch: None,
        v: 0,
    })
    .await;
    let st = c.expect_state().await;
    assert_eq!(st["you"], "red");
    assert_eq!(st["v"], 0);
    assert_eq!(st["game"]["players"]["black"]["seated"], false);
    assert_eq!(st["game"]["legal"].as_array().map(Vec::len), Some(44));
}

#[tokio::test]
async fn the_socket_of_an_unknown_room_is_refused() {
    let s = common::start().await;
    let r = http::get(s.addr, "/ws/rooms/ZZZZZZ").await;
    assert!(
        r.status == 404 || r.status == 400,
        "{} {}",
        r.status,
        r.text()
    );
    let url = format!("ws://{}/ws/rooms/ZZZZZZ", s.addr);
    assert!(tokio_tungstenite::connect_async(&url).await.is_err());
}

#[tokio::test]
async fn a_resent_move_is_acknowledged_once_and_never_applied_twice() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    t.red.send_move(0, "h2e2").await;
    let first = t.red.expect_move("h2e2").await;
    t.black.expect_move("h2e2").await;

    // The same move again (the client did not see the confirmation, say): the same event
    // comes back to the sender only.
    t.red.send_move(0, "h2e2").await;
    let again = loop {
        let m = t.red.recv_raw().await;
        if m["t"] != "presence" {
            break m;
        }
    };
    assert_eq!(again["t"], "event", "{again}");
    assert_eq!(again["v"], first["v"]);
    assert_eq!(again["move"], "h2e2");
    assert_eq!(again["ply"], 0);
    t.black.expect_quiet(150).await;

    let rec = t.game(s.addr).await;
    assert_eq!(rec["moves"], json!(["h2e2"]), "applied once");
    // And play continues with the next ply.
    t.play(1, &["h9g7"]).await;
    assert_eq!(t.game(s.addr).await["moves"], json!(["h2e2", "h9g7"]));
}

#[tokio::test]
async fn a_move_while_the_opponent_is_away_is_refused() {
    let s = common::start().await;
    // No guest yet.
    let room = common::create_room(s.addr, &json!({})).await;
    let mut red = Client::join(s.addr, &room.code, "red", Some(&room.seat)).await;
    red.send_move(0, "h2e2").await;
    red.expect_error("opponent_away").await;

    // A guest joins but is not connected.
    let joined = common::join(s.addr, &room.code, None).await;
    let black_seat = joined["seat"].as_str().unwrap().to_string();
    let ev = red.expect_event("joined").await;
    assert_eq!(ev["color"], "black");
    assert_eq!(ev["game"]["players"]["black"]["seated"], true);
    assert_eq!(ev["game"]["players"]["black"]["connected"], false);
    red.send_move(0, "h2e2").await;
    red.expect_error("opponent_away").await;

    // Black connects: presence tells Red, and the move goes through.
    let mut black = Client::join(s.addr, &room.code, "black", Some(&black_seat)).await;
    let p = red.expect_presence().await;
    assert_eq!(p["black"]["connected"], true);
    red.send_move(0, "h2e2").await;
    red.expect_move("h2e2").await;
    black.expect_move("h2e2").await;

    // Black leaves: presence tells Red, and Red's next move waits.
    black.close().await;
    let p = red.expect_presence().await;
    assert_eq!(p["black"]["connected"], false);
    assert_eq!(p["red"]["connected"], true);
    assert_eq!(
        common::game(s.addr, &room.code).await["moves"],
        json!(["h2e2"])
    );
}

#[tokio::test]
async fn reconnecting_with_the_last_seen_event_gets_the_missed_events() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    t.play(0, &["h2e2", "h9g7"]).await;
    let seen = t.black.v;

    // Black's network dies without the server noticing yet: the old socket stays open but
    // Black reads nothing from it. Red moves meanwhile.
    t.red.send_move(2, "h0g2").await;
    t.red.expect_move("h0g2").await;

    // Black comes back with the last event it saw and gets exactly the missed one.
    let mut black2 = Client::hello(s.addr, &t.code, "black2", Some(&t.black_seat), seen).await;
    let missed = black2.expect_move("h0g2").await;
    assert_eq!(missed["v"].as_u64(), Some(seen + 1));
    assert_eq!(missed["game"]["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    // The old socket is replaced.
    let before = t.black.expect_closed().await;
    assert!(before.iter().any(|m| m["t"] == "replaced"), "{before:?}");

    // Black continues from the new connection.
    black2.send_move(3, "i9h9").await;
    black2.expect_move("i9h9").await;
    t.red.expect_move("i9h9").await;

    // Black leaves for good; Red offers a draw (no move can be made meanwhile), Black comes
    // back with its last v and gets the offer.
    let seen = black2.v;
    black2.close().await;
    t.red.expect_presence().await;
    t.red
        .send(&ClientMessage::Draw {
            action: OfferAction::Offer,
        })
        .await;
    t.red.expect_event("draw_offer").await;
    let mut black3 = Client::hello(s.addr, &t.code, "black3", Some(&t.black_seat), seen).await;
    let offer = black3.expect_event("draw_offer").await;
    assert_eq!(offer["color"], "red");
    assert_eq!(offer["game"]["draw_offer"], "red");
    black3
        .send(&ClientMessage::Draw {
            action: OfferAction::Decline,
        })
        .await;
    black3.expect_event("draw_decline").await;
    t.red.expect_event("draw_decline").await;
    t.red.send_move(4, "i0h0").await;
    t.red.expect_move("i0h0").await;
    black3.expect_move("i0h0").await;

    // Hello with the current v: nothing is replayed (a state, which is the same thing).
    let mut w = Client::hello(s.addr, &t.code, "watcher", None, black3.v).await;
    let st = w.expect_state().await;
    assert_eq!(st["v"].as_u64(), Some(black3.v));
    assert_eq!(st["game"]["moves"].as_array().map(Vec::len), Some(5));
}

#[tokio::test]
async fn a_watcher_far_behind_gets_a_state_instead_of_events() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let w = Client::join(s.addr, &t.code, "watcher", None).await;
    let seen = w.v;
    w.close().await;
    // More events than the room keeps for reconnects (16).
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "b7b3", "c3c4",
        "c6c5", "g3g4", "g6g5", "b2a2", "h7h3", "a3a4", "b9b8",
    ];
    t.play(0, &moves).await;
    let mut w = Client::hello(s.addr, &t.code, "watcher", None, seen).await;
    let st = w.expect_state().await;
    assert_eq!(st["v"].as_u64(), Some(t.red.v));
    assert_eq!(st["game"]["moves"], json!(moves));

    // A watcher a few events behind gets just those.
    let seen = t.red.v - 2;
    let mut w2 = Client::hello(s.addr, &t.code, "watcher2", None, seen).await;
    w2.expect_move("a3a4").await;
    w2.expect_move("b9b8").await;
    w2.expect_quiet(100).await;
}

#[tokio::test]
async fn a_second_connection_with_the_same_seat_replaces_the_first() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut red2 = Client::join(s.addr, &t.code, "red2", Some(&t.red_seat)).await;
    let before = t.red.expect_closed().await;
    assert!(
        before.iter().any(|m| m == &json!({"t": "replaced"})),
        "the first connection is told why: {before:?}"
    );
    // Still one Red player, connected, who can move from the new connection.
    red2.send_move(0, "h2e2").await;
    red2.expect_move("h2e2").await;
    t.black.expect_move("h2e2").await;
}

#[tokio::test]
async fn draw_offer_decline_and_accept() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    t.play(0, &["h2e2"]).await;

    t.red
        .send(&ClientMessage::Draw {
            action: OfferAction::Offer,
        })
        .await;
    let ev = t.black.expect_event("draw_offer").await;
    assert_eq!(ev["color"], "red");
    assert_eq!(ev["game"]["draw_offer"], "red");
    t.red.expect_event("draw_offer").await;
    // Red cannot accept its own offer.
    t.red
        .send(&ClientMessage::Draw {
            action: OfferAction::Accept,
        })
        .await;
    t.red.expect_error("no_offer").await;
    t.black
        .send(&ClientMessage::Draw {
            action: OfferAction::Decline,
        })
        .await;
    let ev = t.red.expect_event("draw_decline").await;
    assert_eq!(ev["color"], "black");
    assert_eq!(ev["game"]["draw_offer"], serde_json::Value::Null);
    t.black.expect_event("draw_decline").await;

    // A move clears a standing offer.
    t.black
        .send(&ClientMessage::Draw {
            action: OfferAction::Offer,
        })
        .await;
    t.red.expect_event("draw_offer").await;
    t.black.expect_event("draw_offer").await;
    let ev = t.play(1, &["h9g7"]).await;
    assert_eq!(ev["game"]["draw_offer"], serde_json::Value::Null);

    t.black
        .send(&ClientMessage::Draw {
            action: OfferAction::Offer,
        })
        .await;
    t.red.expect_event("draw_offer").await;
    t.black.expect_event("draw_offer").await;
    t.red
        .send(&ClientMessage::Draw {
            action: OfferAction::Accept,
        })
        .await;
    let ev = t.red.expect_event("draw_agreed").await;
    t.black.expect_event("draw_agreed").await;
    assert_eq!(ev["game"]["status"]["result"], "draw");
    assert_eq!(ev["game"]["status"]["reason"], "agreement");
    t.red.send_move(2, "h0g2").await;
    t.red.expect_error("game_over").await;
    let rec = t.game(s.addr).await;
    assert_eq!(rec["status"]["result"], "draw");
    let pgn = http::get(s.addr, &format!("/api/rooms/{}/game.pgn", t.code)).await;
    assert!(pgn.text().contains("1/2-1/2"), "{}", pgn.text());
}

#[tokio::test]
async fn resignation_then_a_new_round_by_agreement() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    t.play(0, &["h2e2", "h9g7"]).await;
    t.red.send(&ClientMessage::Resign).await;
    let ev = t.black.expect_event("resign").await;
    t.red.expect_event("resign").await;
    assert_eq!(ev["color"], "red");
    assert_eq!(ev["game"]["status"]["result"], "black");
    assert_eq!(ev["game"]["status"]["reason"], "resignation");
    t.black.send(&ClientMessage::Resign).await;
    t.black.expect_error("game_over").await;

    // Black asks for another game; Red first declines, then Red asks and Black accepts.
    t.black
        .send(&ClientMessage::NewRound {
            action: OfferAction::Offer,
        })
        .await;
    let ev = t.red.expect_event("new_round_request").await;
    t.black.expect_event("new_round_request").await;
    assert_eq!(ev["color"], "black");
    assert_eq!(ev["game"]["new_round_request"], "black");
    t.red
        .send(&ClientMessage::NewRound {
            action: OfferAction::Decline,
        })
        .await;
    let ev = t.black.expect_event("new_round_decline").await;
    t.red.expect_event("new_round_decline").await;
    assert_eq!(ev["color"], "red");
    t.black
        .send(&ClientMessage::NewRound {
            action: OfferAction::Accept,
        })
        .await;
    t.black.expect_error("no_offer").await;

    t.red
        .send(&ClientMessage::NewRound {
            action: OfferAction::Offer,
        })
        .await;
    t.red.expect_event("new_round_request").await;
    t.black.expect_event("new_round_request").await;
    t.black
        .send(&ClientMessage::NewRound {
            action: OfferAction::Accept,
        })
        .await;
    let ev = t.red.expect_event("new_round").await;
    t.black.expect_event("new_round").await;
    assert_eq!(ev["round"], 2);
    assert_eq!(ev["swap"], true, "the players swap colours");
    t.swap_colors();
    let g = &ev["game"];
    assert_eq!(g["round"], 2);
    assert_eq!(g["moves"], json!([]));
    assert_eq!(g["turn"], "red");
    assert_eq!(g["status"]["result"], "ongoing");
    assert_eq!(g["new_round_request"], serde_json::Value::Null);
    assert_eq!(
        g["history"],
        json!([{"round": 1, "result": "black", "reason": "resignation", "moves": 2}])
    );

    // Red (the guest now) starts again, ply counts from 0.
    t.play(0, &["b2e2"]).await;
    let rec = t.game(s.addr).await;
    assert_eq!(rec["round"], 2);
    assert_eq!(rec["moves"], json!(["b2e2"]));
    // Round 1 stays in the record.
    let old = http::get(s.addr, &format!("/api/rooms/{}/game?round=1", t.code)).await;
    assert_eq!(old.status, 200, "{}", old.text());
    assert_eq!(old.json()["moves"], json!(["h2e2", "h9g7"]));
    assert_eq!(old.json()["status"]["reason"], "resignation");
    let pgn = http::get(s.addr, &format!("/api/rooms/{}/game.pgn?round=1", t.code)).await;
    assert_eq!(pgn.status, 200);
    assert!(pgn.text().contains("0-1"), "{}", pgn.text());
    let none = http::get(s.addr, &format!("/api/rooms/{}/game?round=9", t.code)).await;
    assert_eq!(none.status, 404, "{}", none.text());
}

#[tokio::test]
async fn a_flood_is_rate_limited_and_the_connection_survives() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    // 60 messages at once: the burst (40) passes, the rest are refused as rate_limited.
    for _ in 0..60 {
        t.red
            .send(&ClientMessage::Draw {
                action: OfferAction::Decline,
            })
            .await;
    }
    let mut codes = Vec::new();
    for _ in 0..60 {
        let m = t.red.recv_significant().await;
        assert_eq!(m["t"], "error", "{m}");
        codes.push(m["code"].as_str().unwrap().to_string());
    }
    let limited = codes.iter().filter(|c| *c == "rate_limited").count();
    assert!(limited >= 10, "{codes:?}");
    assert!(codes.iter().all(|c| c == "rate_limited" || c == "no_offer"));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    t.play(0, &["h2e2", "h9g7"]).await;
}

/// A client that floods without reading fills its send queue; the room drops it and the
/// server closes the socket at once (outside the full queue), so the client sees the close
/// and can reconnect with its seat.
#[tokio::test]
async fn a_client_that_floods_without_reading_is_closed_and_can_reconnect() {
    // Small kernel buffers on both sides, so that the answers back up within seconds.
    let s = common::start_with(
        |c| c.send_buffer_bytes = Some(8 * 1024),
        xiangqi_server::WallClock::System,
    )
    .await;
    let room = common::create_room(s.addr, &json!({})).await;
    let joined = common::join(s.addr, &room.code, None).await;
    let black_seat = joined["seat"].as_str().expect("black seat").to_string();
    let mut black = Client::join(s.addr, &room.code, "black", Some(&black_seat)).await;
    let mut red = Client::connect_small_buffer(s.addr, &room.code, "red").await;
    red.send(&ClientMessage::Hello {
        seat: Some(room.seat.clone()),
        watch: None,
        v: 0,
    })
    .await;
    red.expect_state().await;
    red.send_move(0, "h2e2").await;
    red.expect_move("h2e2").await;
    black.expect_move("h2e2").await;

    // Each message is answered (a resent move with its event, the rest with rate_limited
    // errors), and nothing is read: within a few seconds the answers fill the socket's
    // buffers and the server's writes to Red are stuck.
    let resend = ClientMessage::Move {
        ply: 0,
        mv: "h2e2".to_string(),
    }
    .to_json();
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(3) && red.flood(&resend, 500).await {}
    // Black comes and goes: each return is a presence notice for Red, until Red's queue is
    // full and the room drops Red.
    for _ in 0..(xiangqi_server::room::actor::CONNECTION_QUEUE + 20) {
        black = Client::join(s.addr, &room.code, "black", Some(&black_seat)).await;
    }
    assert!(
        red.drain_until_closed(std::time::Duration::from_secs(5))
            .await,
        "the server must close a connection it dropped"
    );

    // Black sees Red go; Red comes back with the same seat and plays on.
    loop {
        let p = black.expect_presence().await;
        if p["red"]["connected"] == false {
            break;
        }
    }
    let mut red = Client::join(s.addr, &room.code, "red again", Some(&room.seat)).await;
    black.send_move(1, "h9g7").await;
    red.expect_move("h9g7").await;
}
