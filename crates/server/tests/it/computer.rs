//! Computer rooms: the engine holds a seat, is always connected, answers moves like a
//! human player, declines draws and agrees to new rounds at once.

use crate::common;

use common::Client;
use serde_json::{json, Value};
use xiangqi_view::protocol::{ClientMessage, OfferAction};

#[tokio::test]
async fn the_engine_replies_to_a_move_at_level_1() {
    let s = common::start().await;
    let room =
        common::create_room(s.addr, &json!({"computer": {"level": 1, "color": "black"}})).await;
    assert_eq!(room.color, "red");
    let info = common::http::get(s.addr, &format!("/api/rooms/{}", room.code))
        .await
        .json();
    assert_eq!(info["computer"], json!({"level": 1, "color": "black"}));
    assert_eq!(info["seats"], json!({"red": true, "black": true}));

    let mut red = Client::hello(s.addr, &room.code, "red", Some(&room.seat), 0).await;
    let st = red.expect_state().await;
    assert_eq!(st["you"], "red");
    assert_eq!(
        st["game"]["players"]["black"],
        json!({"seated": true, "connected": true, "computer": true, "away_ms": null, "name": null})
    );

    // Two moves each: the engine answers each one with a legal move event.
    let mut reply = Value::Null;
    for ply in [0, 2] {
        let mv = if ply == 0 {
            "h2e2".to_string()
        } else {
            reply["game"]["legal"][0].as_str().unwrap().to_string()
        };
        red.send_move(ply, &mv).await;
        red.expect_move(&mv).await;
        reply = red.expect_event("move").await;
        assert_eq!(reply["color"], "black", "{reply}");
        assert_eq!(reply["ply"], ply + 1);
        assert_eq!(reply["game"]["turn"], "red");
    }
    let rec = common::game(s.addr, &room.code).await;
    assert_eq!(rec["moves"].as_array().map(Vec::len), Some(4));

    // The engine declines a draw at once.
    red.send(&ClientMessage::Draw {
        action: OfferAction::Offer,
    })
    .await;
    red.expect_event("draw_offer").await;
    let ev = red.expect_event("draw_decline").await;
    assert_eq!(ev["color"], "black");

    // After a resignation it agrees to a new round at once, and the colours swap: the
    // engine plays Red and moves first, the player answers as Black.
    red.send(&ClientMessage::Resign).await;
    red.expect_event("resign").await;
    red.send(&ClientMessage::NewRound {
        action: OfferAction::Offer,
    })
    .await;
    let ev = red.expect_event("new_round").await;
    assert_eq!(ev["round"], 2);
    assert_eq!(ev["swap"], true);
    assert_eq!(ev["game"]["moves"], json!([]));
    assert_eq!(ev["game"]["computer"], json!({"level": 1, "color": "red"}));
    assert_eq!(ev["game"]["players"]["red"]["computer"], true);
    assert_eq!(ev["game"]["players"]["black"]["computer"], false);
    let first = red.expect_event("move").await;
    assert_eq!((&first["color"], &first["ply"]), (&json!("red"), &json!(0)));
    let mv = first["game"]["legal"][0].as_str().unwrap().to_string();
    red.send_move(1, &mv).await;
    let mine = red.expect_move(&mv).await;
    assert_eq!(mine["color"], "black");
    let reply = red.expect_event("move").await;
    assert_eq!((&reply["color"], &reply["ply"]), (&json!("red"), &json!(2)));
    let mut again = Client::hello(s.addr, &room.code, "again", Some(&room.seat), 0).await;
    assert_eq!(again.expect_state().await["you"], "black");
}

#[tokio::test]
async fn the_engine_moves_first_when_it_plays_red() {
    let s = common::start().await;
    let room =
        common::create_room(s.addr, &json!({"computer": {"level": 1, "color": "red"}})).await;
    assert_eq!(room.color, "black");
    let mut black = Client::hello(s.addr, &room.code, "black", Some(&room.seat), 0).await;
    let first = black.recv_significant().await;
    // The engine may have moved before the hello (a state with one move) or after it.
    let game = match first["t"].as_str() {
        Some("state") => {
            assert_eq!(first["you"], "black");
            if first["game"]["moves"].as_array().map(Vec::len) == Some(1) {
                first["game"].clone()
            } else {
                black.expect_event("move").await["game"].clone()
            }
        }
        _ => panic!("expected a state, got {first}"),
    };
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(game["turn"], "black");
    let mv = game["legal"][0].as_str().unwrap().to_string();
    black.send_move(1, &mv).await;
    black.expect_move(&mv).await;
    let reply = black.expect_event("move").await;
    assert_eq!(reply["color"], "red");
    assert_eq!(reply["ply"], 2);
}
