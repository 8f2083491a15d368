//! `xiangqi match` against our own binary as an external UCI engine, against fake engines
//! that fail every game or name themselves Fairy-Stockfish, and `xiangqi tactics`.

use std::process::Command;

fn xiangqi(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn match_against_ourselves_over_uci_writes_readable_pgn() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    let dir = std::env::temp_dir().join(format!("xiangqi-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let pgn_path = dir.join("games.pgn");
    let pgn_arg = pgn_path.to_string_lossy().into_owned();
    let (code, out, err) = xiangqi(&[
        "match", "level:1", &engine, "--games", "2", "--depth", "2", "--pgn", &pgn_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let summary = lines[0];
    assert!(summary.starts_with("level:1 vs uci:"), "{summary}");
    assert!(summary.ends_with("(2 games)"), "{summary}");
    assert!(
        lines[1].starts_with("think time per move: level:1 ")
            && lines[1].ends_with(&format!("time losses: level:1 0, {engine} 0")),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        format!("repetition losses (perpetual check or chase): level:1 0, {engine} 0")
    );
    assert_eq!(lines[3], "failures: 0");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{err}"
    );
    // No game may be lost by the engine failing: our binary speaks UCI correctly.
    assert!(
        !err.contains("failed:") && !err.contains("illegal"),
        "{err}"
    );
    let text = std::fs::read_to_string(&pgn_path).expect("PGN written");
    let games: Vec<&str> = text
        .split("[Game ")
        .filter(|g| !g.trim().is_empty())
        .collect();
    assert_eq!(games.len(), 2);
    for g in games {
        let record = xiangqi::pgn::read(&format!("[Game {g}")).expect("PGN reads back");
        assert!(record.game.status().is_over());
        assert!(record.tag("Black").is_some() && record.tag("Event").is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The clock is generous for what it checks (clocks passed over UCCI, no move after the flag):
/// the test command runs the Rust tests beside the browser tests, and at 2 s + 20 ms a game
/// the UCCI side once lost on time at ply 38 while Chromium held both cores.
#[test]
fn match_against_ourselves_over_ucci_on_a_clock() {
    let engine = format!("ucci:{} ucci", env!("CARGO_BIN_EXE_xiangqi"));
    let (code, out, err) = xiangqi(&[
        "match",
        &engine,
        "level:1",
        "--games",
        "2",
        "--tc",
        "6000+60",
        "--max-plies",
        "40",
        "--option-a",
        "hashsize=8",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("{engine} vs level:1: ")), "{out}");
    assert!(
        !err.contains("failed:") && !err.contains("illegal") && !err.contains("on time"),
        "{err}"
    );
}

#[test]
fn bad_options_and_sprt_settings_are_refused() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    for (args, message) in [
        (&["--option-a", "Hash"][..], "bad engine option"),
        (&["--option-a", "=5"], "bad engine option"),
        (
            &["--option-b", "Contempt=1"],
            "level:1: no option \"Contempt\"",
        ),
        (
            &["--option-b", "Hash=0"],
            "option Hash=0: the value must be 1 to",
        ),
        (&["--sprt", "10,0"], "ELO0 must be at least 0.5 below ELO1"),
        (
            &["--sprt", "0,1e-300"],
            "ELO0 must be at least 0.5 below ELO1",
        ),
        (&["--sprt", "5"], "expected ELO0,ELO1"),
        (&["--sprt", "0,5", "--alpha", "0"], "alpha 0 and beta 0.05"),
        (&["--alpha", "0.1"], "--sprt"),
    ] {
        let mut all = vec!["match", "full", "level:1", "--games", "2", "--depth", "1"];
        all.extend_from_slice(args);
        let (code, out, err) = xiangqi(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(message), "{args:?}: {err}");
        assert!(
            !err.contains("game 1/") && !err.contains("panicked"),
            "{err}"
        );
    }
    // An option the external engine does not list stops the match before any game, and so
    // does a value its own `option` line rules out (the engine would clamp or ignore it, and
    // the match would measure something else than asked), and an option the dialect needs
    // (UCCI's `usemillisec false` would have clock times read as seconds).
    let ucci = format!("ucci:{} ucci", env!("CARGO_BIN_EXE_xiangqi"));
    for (player, option, message) in [
        (
            &engine,
            "Bogus=1",
            "has no option \"Bogus\"; it lists: Hash, Threads",
        ),
        (
            &engine,
            "level=9",
            "option Level=9: the engine takes a whole number from 1 to 5",
        ),
        (
            &ucci,
            "UseMilliSec=false",
            "option usemillisec is set by the match to speak UCCI; it cannot be given",
        ),
    ] {
        let (code, _, err) = xiangqi(&[
            "match",
            "level:1",
            player,
            "--games",
            "2",
            "--depth",
            "1",
            "--option-b",
            option,
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(message), "{err}");
        assert!(!err.contains("game 1/"), "{err}");
    }
}

#[test]
fn an_sprt_prints_its_llr_and_bounds() {
    let (code, out, err) = xiangqi(&[
        "match", "level:3", "level:1", "--sprt", "0,100", "--games", "60",
    ]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("an SPRT line");
    assert!(
        last.starts_with("SPRT elo0 0 elo1 100 alpha 0.05 beta 0.05: LLR ")
            && last.contains(" (-2.94, 2.94) after "),
        "{last}"
    );
    let running = err.lines().filter(|l| l.starts_with("sprt: LLR ")).count();
    assert!(running >= 1, "{err}");
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_with_an_error() {
    for engine in ["uci:/nonexistent/engine", "uci:/bin/true", "uci:/bin/false"] {
        let (code, out, err) =
            xiangqi(&["match", "level:1", engine, "--games", "4", "--depth", "1"]);
        assert_eq!(code, 2, "{engine}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("could not start"), "{err}");
        assert!(!err.contains("game 1/"), "no game is played: {err}");
    }
}

#[test]
fn flooding_engines_are_cut_off_quickly() {
    let started = std::time::Instant::now();
    for engine in ["uci:/usr/bin/yes", "uci:/bin/cat /dev/zero"] {
        let (code, _, err) = xiangqi(&["match", engine, "level:1", "--games", "1", "--depth", "1"]);
        assert_eq!(code, 2, "{engine}: {err}");
        assert!(err.contains("protocol error"), "{err}");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn players_of_the_same_name_are_told_apart_in_the_summary() {
    let (code, out, err) = xiangqi(&[
        "match", "level:1", "level:1", "--games", "2", "--depth", "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("level:1 (A) vs level:1 (B): "),
        "{out}"
    );
    assert!(
        lines[1].ends_with("time losses: level:1 (A) 0, level:1 (B) 0"),
        "{out}"
    );
    assert_eq!(
        lines[2],
        "repetition losses (perpetual check or chase): level:1 (A) 0, level:1 (B) 0"
    );
}

#[test]
fn out_of_range_match_arguments_are_refused() {
    for args in [
        &["--games", "18446744073709551615"][..],
        &["--games", "100000000000"],
        &["--games", "0"],
        &["--tc", "18446744073709551615+18446744073709551615"],
        &["--tc", "9223372036854775807+9223372036854775807"],
        &["--tc", "0+0"],
        &["--max-plies", "0"],
        &["--max-plies", "7"],
        &["--max-plies", "100001"],
        &["--max-plies", "18446744073709551615"],
        &["--tc", "10000++1"],
        &["--movetime", "18446744073709551615"],
        &["--movetime", "0"],
    ] {
        let mut all = vec!["match", "level:1", "level:1"];
        all.extend_from_slice(args);
        let (code, out, err) = xiangqi(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("game 1/"), "{args:?}: {err}");
    }
    // The real lower end of the ply cap is named, not a range clap made up.
    for cap in ["0", "7"] {
        let (_, _, err) = xiangqi(&["match", "level:1", "level:1", "--max-plies", cap]);
        assert!(err.contains("give at least 8"), "{cap}: {err}");
    }
}

#[test]
fn an_unwritable_pgn_path_fails_before_playing() {
    let (code, _, err) = xiangqi(&[
        "match",
        "level:1",
        "level:1",
        "--games",
        "2",
        "--depth",
        "1",
        "--pgn",
        "/nonexistent/dir/x.pgn",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot create"), "{err}");
    assert!(!err.contains("game 1/"), "{err}");
}

#[test]
fn a_match_that_plays_no_game_leaves_the_pgn_file_as_it_was() {
    // A player that cannot start: an existing file keeps its games, a new one is not left
    // behind empty.
    let dir = std::env::temp_dir().join(format!("xiangqi-pgnlog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let old = dir.join("old.pgn");
    std::fs::write(&old, "[Event \"kept\"]\n\n1. h2e2 h9g7 *\n").expect("write");
    let new = dir.join("new.pgn");
    for path in [&old, &new] {
        let (code, _, err) = xiangqi(&[
            "match",
            "level:1",
            "uci:/nonexistent/engine",
            "--games",
            "2",
            "--depth",
            "1",
            "--pgn",
            &path.to_string_lossy(),
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("/nonexistent/engine"), "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(&old).expect("still there"),
        "[Event \"kept\"]\n\n1. h2e2 h9g7 *\n"
    );
    assert!(!new.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary with its standard output closed at once; returns the exit code and the
/// standard error.
fn with_closed_stdout(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_is_not_a_panic() {
    for args in [
        &["bench", "1"][..],
        &[
            "match",
            "level:1",
            "level:1",
            "--games",
            "1",
            "--depth",
            "1",
            "--max-plies",
            "8",
        ],
        &["tactics", "--depth", "1"],
    ] {
        let (code, err) = with_closed_stdout(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn bad_player_specs_are_refused() {
    let (code, _, err) = xiangqi(&["match", "level:9", "full"]);
    assert_ne!(code, 0);
    assert!(err.contains("level:N"), "{err}");
}

#[test]
fn tactics_bad_input_exits_2_like_the_other_commands() {
    let (code, _, err) = xiangqi(&["tactics", "--file", "/dev/null", "--depth", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no position"), "{err}");
    let (code, _, err) = xiangqi(&["tactics", "--file", "/nonexistent/suite.tsv"]);
    assert_eq!(code, 2, "{err}");
    let bad = std::env::temp_dir().join(format!("xiangqi-bad-suite-{}", std::process::id()));
    std::fs::write(&bad, "not a suite line\n").expect("temp file");
    let (code, _, err) = xiangqi(&["tactics", "--file", &bad.to_string_lossy()]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn tactics_solves_the_suite_at_small_depth() {
    let (code, out, err) = xiangqi(&["tactics", "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("a summary");
    assert!(last.starts_with("solved "), "{last}");
    assert!(last.contains("mate1 16/16"), "{last}");
}

/// Writes the shell script `name` into a folder of this test run and returns the player spec
/// that runs it, `uci:/bin/sh PATH`.
fn fake_engine(name: &str, script: &str) -> String {
    let dir = std::env::temp_dir().join(format!("xiangqi-fakes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, script).expect("script written");
    format!("uci:/bin/sh {}", path.display())
}

#[test]
fn an_engine_that_fails_every_game_gets_failures_no_elo_and_exit_1() {
    // It completes the handshake, then answers every `go` with a move it cannot have meant.
    let engine = fake_engine(
        "unreadable.sh",
        "while read -r line; do\n  case \"$line\" in\n    uci) echo 'id name broken'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) echo 'bestmove z9z9';;\n    quit) exit 0;;\n  esac\ndone\n",
    );
    let (code, out, err) = xiangqi(&[
        "match", "level:1", &engine, "--games", "4", "--depth", "1", "--sprt", "0,10",
    ]);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(
        lines[0],
        format!(
            "level:1 vs {engine}: +0 =0 -0, score -, Elo withheld because of 4 failures (0 games)"
        )
    );
    assert!(
        lines[1].ends_with(&format!("time losses: level:1 0, {engine} 0")),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[3],
        format!("failures: 4 (first: game 1, {engine} failed: unreadable reply \"bestmove z9z9\")")
    );
    assert_eq!(
        lines[4],
        "SPRT: no pair finished without a failure, LLR 0.00 (-2.94, 2.94): verdict withheld \
         because of 4 failures"
    );
    assert!(!out.contains("inf") && !err.contains("Elo +"), "{out}{err}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{err}"
    );
}

/// Returns a fake engine that runs our own binary (`xiangqi MODE`) behind a filter that
/// renames it Fairy-Stockfish and has it list `UCI_Variant`, as an adapter might.
fn named_fairy_stockfish(file: &str, mode: &str) -> String {
    let hello = if mode == "ucci" { "ucciok" } else { "uciok" };
    let option = if mode == "ucci" {
        "option UCI_Variant type combo default xiangqi var xiangqi"
    } else {
        "option name UCI_Variant type combo default xiangqi var xiangqi"
    };
    fake_engine(
        file,
        &format!(
            "'{}' {mode} | sed -u -e 's/^id name .*/id name Fairy-Stockfish 11.1 adapter/' \
             -e 's/^{hello}$/{option}\\n{hello}/'\n",
            env!("CARGO_BIN_EXE_xiangqi")
        ),
    )
}

#[test]
fn the_protocol_flag_overrides_the_detection_by_name() {
    // Our engine speaks plain UCI; renamed Fairy-Stockfish, it is spoken to in that dialect
    // and fails every game, unless --protocol says otherwise.
    let engine = named_fairy_stockfish("fsf-named-uci.sh", "uci");
    let base = ["match", "level:1", &engine, "--games", "2", "--depth", "1"];
    let (code, out, err) = xiangqi(&base);
    assert_eq!(code, 1, "{err}");
    let failures = out.lines().nth(3).expect("a failures line");
    assert!(
        failures.starts_with(&format!("failures: 2 (first: game 1, {engine} ")),
        "{failures}"
    );
    assert!(
        failures.ends_with(
            "(spoken to in Fairy-Stockfish UCI because its id name is \"Fairy-Stockfish 11.1 \
             adapter\"; --protocol overrides))"
        ),
        "{failures}"
    );
    for flag in ["--protocol", "--protocol-b"] {
        let mut args = base.to_vec();
        args.extend([flag, "uci", "--max-plies", "40"]);
        let (code, out, err) = xiangqi(&args);
        assert_eq!(code, 0, "{flag}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with(&format!("level:1 vs {engine}: +"))
                && lines[0].contains(", Elo ")
                && !lines[0].contains("withheld")
                && lines[0].ends_with("(2 games)"),
            "{out}"
        );
        assert_eq!(lines[3], "failures: 0", "{out}");
    }
    // A `uci:` spec of an engine that speaks UCCI plays once told so.
    let ucci = named_fairy_stockfish("fsf-named-ucci.sh", "ucci");
    let (code, out, err) = xiangqi(&[
        "match",
        &ucci,
        "level:1",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--protocol-a",
        "ucci",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().nth(3), Some("failures: 0"), "{out}");
}

#[test]
fn protocol_flags_that_cannot_apply_are_refused() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    for (players, flags, message) in [
        (
            ["level:1", "full"],
            &["--protocol", "uci"][..],
            "--protocol: neither player is an external engine",
        ),
        (
            ["level:1", engine.as_str()],
            &["--protocol-a", "fsf"],
            "level:1 is not an external engine: it cannot be spoken to in Fairy-Stockfish UCI",
        ),
        (
            ["level:1", engine.as_str()],
            &["--protocol", "usi"],
            "bad protocol \"usi\": expected `uci`, `fsf` or `ucci`",
        ),
        (
            ["level:1", engine.as_str()],
            &["--protocol", "uci", "--protocol-b", "uci"],
            "cannot be used with",
        ),
    ] {
        let mut args = vec![
            "match", players[0], players[1], "--games", "2", "--depth", "1",
        ];
        args.extend_from_slice(flags);
        let (code, out, err) = xiangqi(&args);
        assert_eq!(code, 2, "{flags:?}: {err}");
        assert!(out.is_empty() && err.contains(message), "{flags:?}: {err}");
        assert!(!err.contains("game 1/"), "{err}");
    }
}
