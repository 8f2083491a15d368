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

/// Writes a shell-script UCI engine that completes the handshake and answers `go` with
/// `on_go` (a shell command), and returns its player spec.
fn scripted_engine(name: &str, on_go: &str) -> PlayerSpec {
    let dir = std::env::temp_dir().join(format!("xiangqi-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r cmd rest; do\n  case \"$cmd\" in\n    uci) echo 'id name {name}'; echo uciok;;\n    \
         isready) echo readyok;;\n    go) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    PlayerSpec::Uci {
        path: "/bin/sh".to_string(),
        args: vec![path.to_string_lossy().into_owned()],
    }
}

fn one_game_against(engine: PlayerSpec) -> matches::GameReport {
    let mut config = MatchConfig::new([PlayerSpec::Level(1), engine], 1, TimeControl::Depth(1));
    config.hash_mib = 1;
    let started = std::time::Instant::now();
    let mut result = matches::run(&config, |_, _| {}).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(result.tally.wins, 1, "the misbehaving engine loses");
    result.games.remove(0)
}

#[test]
fn an_engine_that_floods_its_output_loses_the_game() {
    let g = one_game_against(scripted_engine("flood", "exec yes 'info string flood'"));
    let why = g.adjudication.unwrap();
    assert!(
        why.contains("protocol error") && why.contains("lines"),
        "{why}"
    );
}

#[test]
fn an_engine_that_sends_an_endless_line_loses_the_game() {
    let g = one_game_against(scripted_engine("longline", "exec head -c 300000 /dev/zero"));
    let why = g.adjudication.unwrap();
    assert!(why.contains("longer than"), "{why}");
}

#[test]
fn an_illegal_reply_is_reported_once() {
    let g = one_game_against(scripted_engine("rogue", "echo 'bestmove e0e5'"));
    let why = g.adjudication.unwrap();
    assert_eq!(why.matches("illegal").count(), 1, "{why}");
    assert_eq!(why.matches("e0e5").count(), 1, "{why}");
    assert!(why.contains("played an illegal move at ply "), "{why}");
}

#[test]
fn an_engine_that_cannot_start_ends_the_match_with_an_error() {
    for path in ["/nonexistent/engine", "/bin/true", "/bin/false"] {
        let engine = PlayerSpec::Uci {
            path: path.to_string(),
            args: Vec::new(),
        };
        let mut config = MatchConfig::new([PlayerSpec::Level(1), engine], 4, TimeControl::Depth(1));
        config.hash_mib = 1;
        let mut games = 0;
        let err = matches::run(&config, |_, _| games += 1).unwrap_err();
        assert!(err.contains("could not start"), "{err}");
        assert_eq!(games, 0, "{path}");
    }
}

#[test]
fn out_of_range_settings_are_refused() {
    let players = [PlayerSpec::Level(1), PlayerSpec::Level(1)];
    let ok = MatchConfig::new(players.clone(), 2, TimeControl::Depth(1));
    assert!(ok.validate().is_ok());
    for games in [0, matches::MAX_GAMES + 1, usize::MAX] {
        let c = MatchConfig::new(players.clone(), games, TimeControl::Depth(1));
        assert!(c.validate().is_err(), "{games}");
    }
    let mut c = ok.clone();
    c.max_plies = 0;
    assert!(c.validate().is_err());
    for t in [
        TimeControl::MoveTime(0),
        TimeControl::MoveTime(u64::MAX),
        TimeControl::Clock {
            initial_ms: 0,
            increment_ms: 0,
        },
        TimeControl::Clock {
            initial_ms: u64::MAX,
            increment_ms: u64::MAX,
        },
        TimeControl::Clock {
            initial_ms: 1000,
            increment_ms: i64::MAX as u64,
        },
    ] {
        let c = MatchConfig::new(players.clone(), 2, t);
        assert!(c.validate().is_err(), "{t}");
    }
    for tc in [
        "0+0",
        "18446744073709551615+18446744073709551615",
        "9223372036854775807+0",
    ] {
        assert!(TimeControl::parse_clock(tc).is_err(), "{tc}");
    }
    assert!(TimeControl::parse_clock("86400000+86400000").is_ok());
}
