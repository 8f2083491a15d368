//! The classic trap from 橘中秘 (Juzhongmi, 1632), 弃马十三招: Red leaves a horse en prise,
//! Black's cannon takes it, and Red mates with doubled central cannons on its thirteenth
//! move. The record (`data/juzhongmi.txt`, ICCS plus the Chinese text of the source) is the
//! one the replay page offers as a built-in classic (`web/js/classics.js`); this test proves
//! it is a real, legal game that ends in checkmate after exactly 25 plies.

use xiangqi::game::{Game, GameResult, Reason, RuleSet};
use xiangqi::{chinese, Color, Position};

const RECORD: &str = include_str!("data/juzhongmi.txt");

/// The record's plies as (ICCS, Chinese) pairs; `#` lines are comments.
fn plies() -> Vec<(&'static str, &'static str)> {
    RECORD
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut it = l.split_whitespace();
            let iccs = it.next().expect("ICCS move");
            let text = it.next().expect("Chinese move");
            assert!(it.next().is_none(), "one ply per line: {l}");
            (iccs, text)
        })
        .collect()
}

#[test]
fn juzhongmi_trap_is_legal_and_mates_on_ply_25() {
    let plies = plies();
    assert_eq!(plies.len(), 25, "Red's thirteenth move is ply 25");
    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    for (i, (iccs, text)) in plies.iter().enumerate() {
        assert!(!game.status().is_over(), "game over before ply {}", i + 1);
        // The Chinese record names exactly the ICCS move we store.
        let named = chinese::parse(game.position(), text)
            .unwrap_or_else(|e| panic!("ply {}: {text} unreadable: {e}", i + 1));
        assert_eq!(named.to_string(), *iccs, "ply {}: {text}", i + 1);
        game.play_iccs(iccs)
            .unwrap_or_else(|e| panic!("ply {} {iccs} refused: {e}", i + 1));
    }
    let status = game.status();
    assert_eq!(status.result, GameResult::RedWins);
    assert_eq!(status.reason, Some(Reason::Checkmate));
    assert_eq!(game.plies().len(), 25);
    assert!(game.position().is_check());
    assert_eq!(game.position().turn(), Color::Black);
    assert!(game.position().legal_moves().is_empty());
}

#[test]
fn black_takes_the_sacrificed_horse_on_ply_12() {
    let plies = plies();
    let moves: Vec<&str> = plies.iter().take(11).map(|p| p.0).collect();
    let game = Game::replay(None, &moves, RuleSet::Wxf2018).expect("legal opening");
    // The horse on b0 still stands there, unprotected, and Black's cannon on b7 takes it.
    let piece = game
        .position()
        .board()
        .piece_at("b0".parse().expect("square"));
    assert_eq!(piece.map(|p| p.role), Some(xiangqi::Role::Horse));
    assert_eq!(plies[11].0, "b7b0");
}
