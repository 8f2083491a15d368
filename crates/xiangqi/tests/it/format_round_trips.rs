//! Round trips through every game format: a PGN file read, written as DhtmlXQ and read back,
//! written as XQF (plain and encrypted) and read back, written as PGN again; each step keeps
//! the start position, the moves, the result and the players.

use std::path::Path;
use xiangqi::game::{Game, GameResult, RuleSet};
use xiangqi::xqf::{self, XqfField, XqfGame, XqfKeys};
use xiangqi::{dhtmlxq, pgn, Position};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(path).expect("fixture")
}

fn same(a: &Game, b: &Game) {
    assert_eq!(a.start().fen(), b.start().fen());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.status().result, b.status().result);
}

#[test]
fn pgn_to_dhtmlxq_to_xqf_to_pgn_keeps_the_game() {
    for file in ["xqbase-iccs.pgn", "chinese.pgn"] {
        let from_pgn = pgn::read(&data(file)).expect("reads");
        let ubb = dhtmlxq::write(&from_pgn.game, &from_pgn.tags, &[]);
        let from_ubb = dhtmlxq::read(&ubb).expect("reads its own DhtmlXQ");
        same(&from_pgn.game, &from_ubb.game);
        for keys in [
            None,
            Some(XqfKeys {
                mask: 0x3c,
                keys: [9, 8, 7, 6, 5, 4, 3, 2],
            }),
        ] {
            let record = XqfGame::from_tags(from_ubb.game.clone(), &from_ubb.tags);
            let from_xqf = xqf::read(&xqf::write(&record, keys)).expect("reads its own XQF");
            same(&from_ubb.game, &from_xqf.game);
            assert_eq!(
                from_xqf.field(XqfField::Red),
                from_pgn.tag("Red").map(str::as_bytes)
            );
            let text = pgn::write(&from_xqf.game, &from_xqf.tags());
            let back = pgn::read(&text).expect("reads its own PGN");
            same(&from_pgn.game, &back.game);
            assert_eq!(back.tag("Black"), from_pgn.tag("Black"));
        }
    }
}

#[test]
fn a_decided_ending_survives_every_format() {
    // Black mates with the chariot on the e-file (the other chariot holds the f-file, the
    // general the d-file).
    let start = Position::from_fen("3k5/5r3/9/9/r8/9/9/9/9/4K4 b - - 0 1").expect("legal");
    let mut game = Game::new(start, RuleSet::Wxf2018);
    game.play("a5e5".parse().expect("move")).expect("legal");
    assert_eq!(game.status().result, GameResult::BlackWins);
    let via_ubb = dhtmlxq::read(&dhtmlxq::write(&game, &[], &[])).expect("reads");
    same(&game, &via_ubb.game);
    let via_xqf =
        xqf::read(&xqf::write(&XqfGame::new(game.clone(), Vec::new()), None)).expect("reads");
    same(&game, &via_xqf.game);
    let via_pgn = pgn::read(&pgn::write(&via_xqf.game, &[])).expect("reads");
    same(&game, &via_pgn.game);
}
