//! Engine matches: the Elo arithmetic against hand-computed values, and a tiny match whose
//! games are legal and whose PGN reads back.

#![allow(clippy::unwrap_used)]

use xiangqi::pgn;
use xiangqi_engine::matches::{self, elo, MatchConfig, PlayerSpec, Tally, TimeControl};
use xiangqi_engine::openings::OPENINGS;

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() <= eps
}

#[test]
fn elo_of_a_score_follows_the_logistic_model() {
    // 400·log10(3) = 190.85: a 75% score.
    assert!(close(elo(0.75), 190.85, 0.01), "{}", elo(0.75));
    assert!(close(elo(0.25), -190.85, 0.01));
    assert!(close(elo(0.5), 0.0, 1e-9));
    // 400·log10(9) = 381.7: a 90% score.
    assert!(close(elo(0.9), 381.70, 0.01));
    assert_eq!(elo(1.0), f64::INFINITY);
    assert_eq!(elo(0.0), f64::NEG_INFINITY);
}

#[test]
fn error_margin_matches_a_hand_computation() {
    // +60 =30 -10: s = 0.75; σ² = (60·0.25² + 30·0.25² + 10·0.75²)/100 = 0.1125;
    // δ = 1.96·√(0.1125/100) = 0.065740; elo(0.815740) = 258.44, elo(0.684260) = 134.36;
    // margin = (258.44 − 134.36)/2 = 62.04.
    let t = Tally {
        wins: 60,
        draws: 30,
        losses: 10,
    };
    assert!(close(t.score(), 0.75, 1e-12));
    assert!(close(t.elo(), 190.85, 0.01));
    assert!(close(t.elo_margin95(), 62.04, 0.05), "{}", t.elo_margin95());
    assert_eq!(t.summary(), "+60 =30 -10, score 0.75, Elo +191 ± 62");
    // All draws: no variance, no margin.
    let d = Tally {
        wins: 0,
        draws: 10,
        losses: 0,
    };
    assert_eq!(d.elo_margin95(), 0.0);
    let w = Tally {
        wins: 3,
        draws: 0,
        losses: 0,
    };
    assert_eq!(w.summary(), "+3 =0 -0, score 1.00, Elo +inf ± inf");
}

#[test]
fn a_tiny_match_plays_legal_games_that_reread_as_pgn() {
    let players = [PlayerSpec::Level(1), PlayerSpec::Level(1)];
    let mut config = MatchConfig::new(players.clone(), 2, TimeControl::Depth(1));
    config.hash_mib = 1;
    config.max_plies = 120;
    let mut seen = 0;
    let result = matches::run(&config, |_, tally| {
        seen += 1;
        assert_eq!(tally.games(), seen);
    })
    .unwrap();
    assert_eq!(result.games.len(), 2);
    assert_eq!(result.tally.games(), 2);
    for (i, g) in result.games.iter().enumerate() {
        assert_eq!(g.index, i);
        assert_eq!(g.red, i % 2, "colours alternate");
        assert_eq!(g.opening, OPENINGS[0], "both games play the first opening");
        assert!(g.game.status().is_over());
        assert!(g.game.plies().len() <= 120);
        let text = pgn::write(&g.game, &g.tags(&players, config.time));
        let back = pgn::read(&text).unwrap();
        assert_eq!(back.game.moves(), g.game.moves());
        assert_eq!(back.tag("Red"), Some("level:1"));
        assert_eq!(back.tag("Round"), Some((i + 1).to_string().as_str()));
        assert_eq!(back.game.status().result, g.game.status().result);
    }
}

#[test]
fn the_ply_cap_adjudicates_a_draw() {
    let players = [PlayerSpec::Level(1), PlayerSpec::Level(2)];
    let mut config = MatchConfig::new(players, 1, TimeControl::Depth(1));
    config.hash_mib = 1;
    config.max_plies = 10;
    let result = matches::run(&config, |_, _| {}).unwrap();
    let g = &result.games[0];
    assert_eq!(g.game.plies().len(), 10);
    assert_eq!(g.game.status().result, xiangqi::game::GameResult::Draw);
    assert!(g.adjudication.as_deref().unwrap().contains("10-ply cap"));
    assert_eq!(result.tally.draws, 1);
}

#[test]
fn openings_are_roughly_balanced() {
    let mut searcher = xiangqi_engine::Searcher::new(4);
    for o in OPENINGS {
        let req = xiangqi_engine::SearchRequest {
            start: o.position().unwrap(),
            limits: xiangqi_engine::Limits::depth(4),
            ..Default::default()
        };
        searcher.clear();
        let r = searcher.search(&req, &mut |_| {});
        assert!(r.score.abs() <= 150, "{}: {}", o.name, r.score);
    }
}
