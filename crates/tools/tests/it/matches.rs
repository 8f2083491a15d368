//! Engine matches: the Elo arithmetic against hand-computed values, a tiny match
//! whose games are legal and whose PGN reads back, and scripted engines that check the
//! UCI, Fairy-Stockfish and UCCI dialects, the runner's judgment of misbehaviour (failures,
//! counted apart from the results), and the dialect forced on an engine.

#![allow(clippy::unwrap_used)]

use xiangqi::pgn;
use xiangqi_engine::Strength;
use xiangqi_tools::external::{EngineOption, Protocol};
use xiangqi_tools::matches::{
    self, elo, Failure, FailureKind, MatchConfig, MatchError, PlayerSpec, Tally, TimeControl,
};
use xiangqi_tools::openings::OPENINGS;
use xiangqi_tools::sprt::{Decision, Sprt};

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
    // An even score is +0 (log10(1) · −400 is −0.0), with the margin it has.
    assert_eq!(d.summary(), "+0 =10 -0, score 0.50, Elo +0 ± 0");
    let even = Tally {
        wins: 1,
        draws: 0,
        losses: 1,
    };
    assert_eq!(even.summary(), "+1 =0 -1, score 0.50, Elo +0 ± inf");
    let w = Tally {
        wins: 3,
        draws: 0,
        losses: 0,
    };
    assert_eq!(w.summary(), "+3 =0 -0, score 1.00, Elo +inf ± inf");
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    // Level 3 against level 1, both at depth 1; with α = β = 0.3 (bounds ±0.85) a few
    // pairs decide, and the rest of the 40 games are never played.
    let players = [
        PlayerSpec::Level(Strength::Normal),
        PlayerSpec::Level(Strength::Beginner),
    ];
    let mut config = MatchConfig::new(players, 40, TimeControl::Depth(1));
    config.hash_mib = 1;
    config.concurrency = 1;
    config.max_plies = 100;
    config.sprt = Some(Sprt::new(0.0, 200.0, 0.3, 0.3).unwrap());
    let result = matches::run(&config, |_, _| {}).unwrap();
    let state = result.standing.sprt.unwrap();
    assert_ne!(state.decision, Decision::Continue, "{state}");
    assert_eq!(result.games.len() as u32, 2 * state.pairs.pairs());
    assert!(result.games.len() < 40);
}

#[test]
fn a_tiny_match_plays_legal_games_that_reread_as_pgn() {
    let players = [
        PlayerSpec::Level(Strength::Beginner),
        PlayerSpec::Level(Strength::Beginner),
    ];
    let mut config = MatchConfig::new(players.clone(), 2, TimeControl::Depth(1));
    config.hash_mib = 1;
    config.max_plies = 120;
    let mut seen = 0;
    let result = matches::run(&config, |_, standing| {
        seen += 1;
        assert_eq!(standing.tally.games(), seen);
    })
    .unwrap();
    assert_eq!(result.games.len(), 2);
    assert_eq!(result.standing.tally.games(), 2);
    assert_eq!(
        result.standing.pairs.pairs(),
        1,
        "the two games are one pair"
    );
    let moves: u32 = result.standing.think.iter().map(|t| t.moves).sum();
    let plies: usize = result
        .games
        .iter()
        .map(|g| g.game.plies().len() - g.opening.parsed_moves().unwrap().len())
        .sum();
    assert_eq!(
        moves as usize, plies,
        "every ply after the opening was timed"
    );
    assert_eq!(result.standing.time_losses, [0, 0]);
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
    let players = [
        PlayerSpec::Level(Strength::Beginner),
        PlayerSpec::Level(Strength::Easy),
    ];
    let mut config = MatchConfig::new(players, 1, TimeControl::Depth(1));
    config.hash_mib = 1;
    config.max_plies = 10;
    let result = matches::run(&config, |_, _| {}).unwrap();
    let g = &result.games[0];
    assert_eq!(g.game.plies().len(), 10);
    assert_eq!(g.game.status().result, xiangqi::game::GameResult::Draw);
    assert!(g.adjudication.as_deref().unwrap().contains("10-ply cap"));
    assert_eq!(result.standing.tally.draws, 1);
}

#[test]
fn openings_are_roughly_balanced() {
    // Within a quarter of a chariot, on the evaluation's own (tuned) scale.
    let chariot = xiangqi_engine::eval_weights::WEIGHTS
        [xiangqi_engine::params::term::MATERIAL + xiangqi::Role::Chariot.index()]
    .mg;
    let mut searcher = xiangqi_engine::Searcher::new(4);
    for o in OPENINGS {
        let req = xiangqi_engine::SearchRequest {
            start: o.position().unwrap(),
            limits: xiangqi_engine::Limits::depth(4),
            ..Default::default()
        };
        searcher.clear();
        let r = searcher.search(&req, &mut |_| {});
        assert!(r.score.abs() <= chariot / 4, "{}: {}", o.name, r.score);
    }
}

/// Writes a shell-script engine `name` speaking `protocol` that logs every line it is
/// sent, answers them by the `case` arms `cases` (`isready` and `quit` are answered already)
/// and returns its player spec and the path of its log.
fn logged_engine(protocol: Protocol, name: &str, cases: &str) -> (PlayerSpec, String) {
    let dir = std::env::temp_dir().join(format!("xiangqi-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir
        .join(format!("{name}.log"))
        .to_string_lossy()
        .into_owned();
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r line; do\n  echo \"$line\" >> {log}\n  case \"$line\" in\n{cases}\n    \
         isready) echo readyok;;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    let spec = PlayerSpec::Engine {
        protocol,
        path: "/bin/sh".to_string(),
        args: vec![path.to_string_lossy().into_owned()],
    };
    (spec, log)
}

/// Returns a scripted UCI engine that completes the handshake and answers `go` with
/// `on_go` (a shell command).
fn scripted_engine(name: &str, on_go: &str) -> PlayerSpec {
    let cases = format!("    uci) echo 'id name {name}'; echo uciok;;\n    go*) {on_go};;");
    logged_engine(Protocol::Uci, name, &cases).0
}

#[test]
fn a_uci_engine_named_fairy_stockfish_is_spoken_to_in_its_dialect() {
    // It logs what it is sent and always answers `i10i9`, Fairy-Stockfish's spelling of the
    // Black chariot's step i9i8: legal once, illegal the second time.
    let (fsf, log) = logged_engine(
        Protocol::Uci,
        "fsf",
        "    uci) echo 'id name Fairy-Stockfish 11.1 LB 64'; \
         echo 'option name UCI_Variant type combo default chess var chess var xiangqi'; \
         echo 'option name Hash type spin default 16 min 1 max 1024'; echo uciok;;\n    \
         go*) echo 'bestmove i10i9';;",
    );
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), fsf],
        1,
        TimeControl::Depth(1),
    );
    config.hash_mib = 1;
    config.options[1] = vec!["Hash=8".parse().unwrap()];
    let result = matches::run(&config, |_, _| {}).unwrap();
    let g = &result.games[0];
    let why = g.adjudication.clone().unwrap();
    assert!(
        why.contains("illegal move at ply 8") && why.contains("i9i8"),
        "{why}"
    );
    assert_eq!(
        g.game.plies().len(),
        7,
        "the opening, then Red, i9i8 and Red"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "uci",
            "setoption name UCI_Variant value xiangqi",
            "setoption name Hash value 8",
            "isready",
            "ucinewgame"
        ]
    );
    // The opening C2=5 H8+7 H2+3 H2+3 is h2e2 h9g7 h0g2 b9c7 in ICCS.
    let positions: Vec<&&str> = lines.iter().filter(|l| l.starts_with("position")).collect();
    assert_eq!(positions.len(), 2);
    assert!(
        positions[0].starts_with("position startpos moves h3e3 h10g8 h1g3 b10c8 "),
        "{}",
        positions[0]
    );
    assert!(positions[1].contains(" i10i9 "), "{}", positions[1]);
}

#[test]
fn a_ucci_engine_gets_milliseconds_and_a_stop_when_its_move_time_is_up() {
    // It offers usemillisec and newgame, logs what it is sent, searches until `stop` and
    // then has no move.
    let (ucci, log) = logged_engine(
        Protocol::Ucci,
        "ucci",
        "    ucci) echo 'id name scripted'; echo 'option usemillisec type check default false'; \
         echo 'option newgame type button'; echo ucciok;;\n    stop) echo nobestmove;;",
    );
    let mut config = MatchConfig::new(
        [ucci, PlayerSpec::Level(Strength::Beginner)],
        1,
        TimeControl::MoveTime(50),
    );
    config.hash_mib = 1;
    let result = matches::run(&config, |_, _| {}).unwrap();
    let g = &result.games[0];
    let why = g.adjudication.clone().unwrap();
    assert!(
        why.starts_with("ucci:/bin/sh ") && why.ends_with("ucci.sh gave no move"),
        "{why}"
    );
    assert_eq!(
        g.failure,
        Some(Failure {
            player: 0,
            kind: FailureKind::NoMove
        })
    );
    let think = result.standing.think[0];
    assert_eq!(think.moves, 1);
    assert!(
        think.total >= std::time::Duration::from_millis(50),
        "{think:?}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "ucci",
            "setoption usemillisec true",
            "isready",
            "setoption newgame"
        ]
    );
    assert!(lines[5].starts_with("position startpos moves h2e2 h9g7 h0g2 b9c7"));
    assert_eq!(lines[6..8], ["go depth 32", "stop"]);
}

/// Plays one game of Beginner (Red) against `engine`, which must fail it with `kind`;
/// returns the game.
fn one_failure_of(engine: PlayerSpec, kind: FailureKind) -> matches::GameReport {
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), engine],
        1,
        TimeControl::Depth(1),
    );
    config.hash_mib = 1;
    let started = std::time::Instant::now();
    let mut result = matches::run(&config, |_, _| {}).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let g = result.games.remove(0);
    assert_eq!(g.failure, Some(Failure { player: 1, kind }), "{g:?}");
    // Recorded as lost by the engine, but counted apart from the results.
    assert_eq!(
        g.game.status().result,
        xiangqi::game::GameResult::RedWins,
        "the misbehaving engine loses the game record"
    );
    assert_eq!(result.standing.failures, [0, 1]);
    assert_eq!(result.standing.tally, Tally::default());
    assert_eq!(result.standing.time_losses, [0, 0]);
    g
}

/// Plays one game of Beginner (Red) against `engine` with 100 ms on each clock.
fn one_game_on_a_100_ms_clock(engine: PlayerSpec) -> matches::MatchResult {
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), engine],
        1,
        TimeControl::Clock(xiangqi::TimeControl::from_ms(100, 0).unwrap()),
    );
    config.hash_mib = 1;
    matches::run(&config, |_, _| {}).unwrap()
}

#[test]
fn an_engine_that_overruns_its_clock_loses_on_time() {
    let slow = scripted_engine("slow", "sleep 0.3; echo 'bestmove a9a8'");
    let result = one_game_on_a_100_ms_clock(slow);
    let g = &result.games[0];
    assert_eq!(g.time_loss, Some(1));
    assert!(g
        .adjudication
        .as_deref()
        .unwrap()
        .ends_with("slow.sh lost on time"));
    assert_eq!(result.standing.time_losses, [0, 1]);
    // A healthy engine's flag fall is a result, not a failure.
    assert_eq!(g.failure, None);
    assert_eq!(result.standing.failures, [0, 0]);
    assert_eq!(result.standing.tally.wins, 1);
    assert!(result.standing.think[1].longest >= std::time::Duration::from_millis(300));
}

#[test]
fn an_engine_that_stops_answering_on_a_clock_is_a_failure_not_a_time_loss() {
    // It never answers: the match waits for its clock plus 5 s, then ends the game.
    let result = one_game_on_a_100_ms_clock(scripted_engine("dead", "exec sleep 60"));
    let g = &result.games[0];
    assert_eq!(
        g.failure,
        Some(Failure {
            player: 1,
            kind: FailureKind::NoAnswer
        })
    );
    assert_eq!(g.time_loss, None);
    assert!(
        g.adjudication
            .as_deref()
            .unwrap()
            .ends_with("dead.sh failed: no `bestmove` from the engine within 5100 ms"),
        "{:?}",
        g.adjudication
    );
    assert_eq!(result.standing.time_losses, [0, 0]);
    assert_eq!(result.standing.failures, [0, 1]);
    assert_eq!(result.standing.tally.games(), 0);
}

#[test]
fn an_engine_that_floods_its_output_fails_the_game() {
    let g = one_failure_of(
        scripted_engine("flood", "exec yes 'info string flood'"),
        FailureKind::Protocol,
    );
    let why = g.adjudication.unwrap();
    assert!(
        why.contains("protocol error") && why.contains("lines"),
        "{why}"
    );
}

#[test]
fn an_engine_that_sends_an_endless_line_fails_the_game() {
    let g = one_failure_of(
        scripted_engine("longline", "exec head -c 300000 /dev/zero"),
        FailureKind::Protocol,
    );
    let why = g.adjudication.unwrap();
    assert!(why.contains("longer than"), "{why}");
}

#[test]
fn an_engine_that_crashes_fails_the_game() {
    let g = one_failure_of(scripted_engine("crash", "exit 3"), FailureKind::Exited);
    let why = g.adjudication.unwrap();
    assert!(
        why.ends_with("crash.sh failed: the engine exited while we waited for `bestmove`"),
        "{why}"
    );
}

#[test]
fn an_illegal_reply_is_reported_once() {
    let g = one_failure_of(
        scripted_engine("rogue", "echo 'bestmove e0e5'"),
        FailureKind::IllegalMove,
    );
    let why = g.adjudication.unwrap();
    assert_eq!(why.matches("illegal").count(), 1, "{why}");
    assert_eq!(why.matches("e0e5").count(), 1, "{why}");
    assert!(why.contains("played an illegal move at ply "), "{why}");
}

#[test]
fn an_engine_that_fails_every_game_withholds_the_elo_and_the_sprt() {
    // Four games, each ended at the engine's first move by a reply it cannot read.
    let (engine, _) = logged_engine(
        Protocol::Uci,
        "unreadable",
        "    uci) echo 'id name unreadable'; echo uciok;;\n    go*) echo 'bestmove z9z9';;",
    );
    let name = engine.to_string();
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), engine],
        4,
        TimeControl::Depth(1),
    );
    config.hash_mib = 1;
    config.sprt = Some(Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap());
    let mut summaries = Vec::new();
    let result = matches::run(&config, |_, standing| summaries.push(standing.summary())).unwrap();
    assert_eq!(result.games.len(), 4);
    for g in &result.games {
        assert_eq!(
            g.failure,
            Some(Failure {
                player: 1,
                kind: FailureKind::UnreadableMove
            })
        );
    }
    let s = &result.standing;
    assert_eq!(s.failures, [0, 4]);
    assert_eq!(s.failed_games(), 4);
    assert_eq!(
        s.first_failure,
        Some((
            0,
            format!("{name} failed: unreadable reply \"bestmove z9z9\"")
        ))
    );
    assert_eq!(s.tally, Tally::default());
    assert_eq!(s.pairs.pairs(), 0, "no pair without a failure");
    assert_eq!(s.sprt, None, "no LLR is computed from failures");
    assert_eq!(
        s.summary(),
        "+0 =0 -0, score -, Elo withheld because of 4 failures"
    );
    assert_eq!(
        summaries[0],
        "+0 =0 -0, score -, Elo withheld because of 1 failure"
    );
}

#[test]
fn a_forced_dialect_overrides_the_detection_by_name() {
    // An adapter that names itself Fairy-Stockfish (and lists UCI_Variant) but speaks plain
    // UCI: it always answers `i9i8`, the Black chariot's step in ICCS, legal once.
    let adapter = |name: &str| {
        logged_engine(
            Protocol::Uci,
            name,
            "    uci) echo 'id name Fairy-Stockfish adapter'; \
             echo 'option name UCI_Variant type combo default xiangqi var xiangqi'; \
             echo uciok;;\n    go*) echo 'bestmove i9i8';;",
        )
    };
    let play = |engine: PlayerSpec, forced: Option<Protocol>| {
        let mut config = MatchConfig::new(
            [PlayerSpec::Level(Strength::Beginner), engine],
            1,
            TimeControl::Depth(1),
        );
        config.hash_mib = 1;
        config.protocols[1] = forced;
        matches::run(&config, |_, _| {}).unwrap().games.remove(0)
    };
    // Detected as Fairy-Stockfish, `i9i8` reads as ICCS i8i7: no piece there, at its first
    // move. The failure says how the dialect was chosen.
    let (detected, log) = adapter("adapter-detected");
    let name = detected.to_string();
    let g = play(detected, None);
    assert_eq!(
        g.adjudication.as_deref(),
        Some(
            format!(
                "{name} played an illegal move at ply 6: i8i7: there is no piece on i8 (spoken \
                 to in Fairy-Stockfish UCI because its id name is \"Fairy-Stockfish adapter\"; \
                 --protocol overrides)"
            )
            .as_str()
        )
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.contains("setoption name UCI_Variant value xiangqi\n"),
        "{sent}"
    );
    // Forced to plain UCI: ICCS both ways, no UCI_Variant; `i9i8` is played, and only the
    // second one (the chariot has left i9) fails, with no word on the dialect.
    let (forced, log) = adapter("adapter-forced");
    let name = forced.to_string();
    let g = play(forced, Some(Protocol::Uci));
    assert_eq!(
        g.adjudication.as_deref(),
        Some(
            format!("{name} played an illegal move at ply 8: i9i8: there is no piece on i9")
                .as_str()
        )
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(!sent.contains("UCI_Variant"), "{sent}");
    assert!(
        sent.contains("position startpos moves h2e2 h9g7 h0g2 b9c7 "),
        "{sent}"
    );
    // Only an external player can be spoken to in a dialect.
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), PlayerSpec::Full],
        2,
        TimeControl::Depth(1),
    );
    config.protocols[0] = Some(Protocol::Uci);
    assert_eq!(
        config.validate(),
        Err(MatchError::Setting(
            "level:1 is not an external engine: it cannot be spoken to in UCI".to_string()
        ))
    );
}

/// Plays a 2-game match of Beginner against `engine` (given `options`) that must be refused
/// before any game; returns the error.
fn refused_before_any_game(engine: PlayerSpec, options: Vec<EngineOption>) -> String {
    let mut config = MatchConfig::new(
        [PlayerSpec::Level(Strength::Beginner), engine],
        2,
        TimeControl::Depth(1),
    );
    config.hash_mib = 1;
    config.options[1] = options;
    let mut games = 0;
    let err = matches::run(&config, |_, _| games += 1).unwrap_err();
    assert_eq!(games, 0, "{err}");
    err.to_string()
}

#[test]
fn an_engine_that_cannot_start_ends_the_match_with_an_error() {
    for path in ["/nonexistent/engine", "/bin/true", "/bin/false"] {
        let engine = PlayerSpec::Engine {
            protocol: Protocol::Uci,
            path: path.to_string(),
            args: Vec::new(),
        };
        let err = refused_before_any_game(engine, Vec::new());
        assert!(err.contains("could not start"), "{path}: {err}");
    }
}

#[test]
fn a_fairy_stockfish_without_uci_variant_is_refused_before_any_game() {
    // Without `UCI_Variant` it could only play chess.
    let (fsf, _) = logged_engine(
        Protocol::FairyStockfish,
        "fsf-chess-only",
        "    uci) echo 'id name Fairy-Stockfish 11.1'; echo uciok;;\n    go*) echo 'bestmove e2e4';;",
    );
    let err = refused_before_any_game(fsf, Vec::new());
    assert!(err.contains("no option \"UCI_Variant\""), "{err}");
}

#[test]
fn a_fairy_stockfish_variant_other_than_xiangqi_is_refused() {
    // `UCI_Variant=chess` would have it play chess moves, lost as illegal ones.
    let (fsf, _) = logged_engine(
        Protocol::FairyStockfish,
        "fsf-variant",
        "    uci) echo 'id name Fairy-Stockfish 11.1'; \
         echo 'option name UCI_Variant type combo default chess var chess var xiangqi'; \
         echo uciok;;\n    go*) echo 'bestmove e2e4';;",
    );
    let err = refused_before_any_game(fsf, vec!["uci_variant=chess".parse().unwrap()]);
    assert!(
        err.contains("option UCI_Variant is set by the match to speak Fairy-Stockfish UCI"),
        "{err}"
    );
}

#[test]
fn out_of_range_settings_are_refused() {
    let players = [
        PlayerSpec::Level(Strength::Beginner),
        PlayerSpec::Level(Strength::Beginner),
    ];
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
        // A clock with no initial time cannot be made at all (see `parse_clock("0+0")`).
        TimeControl::Clock(xiangqi::TimeControl::from_ms(u64::MAX, u64::MAX).unwrap()),
        TimeControl::Clock(xiangqi::TimeControl::from_ms(1000, i64::MAX as u64).unwrap()),
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
