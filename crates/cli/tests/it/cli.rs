//! Runs the `xiangqi` binary as a user would and checks what it prints.

use std::io::Write;
use std::process::{Command, Stdio};

fn xiangqi(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // The command may refuse its arguments and exit before reading stdin: a broken pipe
    // is then expected, not a failure.
    if let Err(e) = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    let out = child.wait_with_output().expect("finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `xiangqi` with `args`, expects success and reads every line of its output as JSON.
fn game_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let (code, out, err) = xiangqi(args, "");
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn last_json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.lines().last().expect("a line")).expect("JSON")
}

#[test]
fn perft_prints_the_count_last_and_speed_on_stderr() {
    let (code, out, err) = xiangqi(&["perft", "3"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("79666"));
    assert!(err.contains("nodes/s"), "{err}");
}

#[test]
fn perft_divide_lists_every_move_in_iccs() {
    let (code, out, _) = xiangqi(&["perft", "2", "--divide"], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45);
    assert!(lines.contains(&"a0a1 44"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("h2e2 ")), "{out}");
    assert_eq!(lines.last(), Some(&"1920"));
}

#[test]
fn perft_rejects_a_bad_fen_with_the_reason() {
    let (code, _, err) = xiangqi(&["perft", "1", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"], "");
    assert_eq!(code, 2);
    assert!(err.contains("generals face each other"), "{err}");
}

#[test]
fn game_rules_perpetual_check_at_the_fourth_occurrence() {
    let lap = ["a8a9", "e9e8", "a9a8", "e8e9"];
    let mut args = vec![
        "game",
        "--rules",
        "wxf-2018",
        "--fen",
        "4k4/R8/9/9/9/9/9/9/9/3K5 w",
    ];
    args.extend(lap.iter().cycle().take(12));
    let lines = game_lines(&args);
    assert_eq!(lines.len(), 13, "one line per ply and the final status");
    assert_eq!(lines[0]["ply"], 1);
    assert_eq!(lines[0]["iccs"], "a8a9");
    assert_eq!(lines[0]["wxf"], "R9+1");
    assert!(
        lines[10]["warning"]
            .as_str()
            .is_some_and(|w| w.contains("Red")),
        "{}",
        lines[10]
    );
    let last = &lines[12];
    assert_eq!(last["result"], "black");
    assert_eq!(last["reason"], "perpetual_check");
    assert!(last["explanation"]
        .as_str()
        .is_some_and(|e| e.contains("from move 1 to move 6")));
}

/// Reads a cycle object the server's tests expect too (`crates/server/tests/data/`).
fn expected_cycle(name: &str) -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../server/tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("JSON")
}

/// A perpetual check and a perpetual chase: the ruling's line and the final line carry the
/// cycle object the server sends; lines before the third occurrence carry none, the
/// warning's line the first two laps.
#[test]
fn game_prints_the_cycle_of_a_repetition_ruling() {
    for (fen, lap, file, reason) in [
        (
            "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1",
            ["h8h9", "d9d8", "h9h8", "d8d9"],
            "cycle_perpetual_check.json",
            "perpetual_check",
        ),
        (
            "4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1",
            ["d6c4", "a5b5", "c4d6", "b5a5"],
            "cycle_perpetual_chase.json",
            "perpetual_chase",
        ),
    ] {
        let expected = expected_cycle(file);
        let mut args = vec!["game", "--fen", fen];
        args.extend(lap.iter().cycle().take(12));
        let lines = game_lines(&args);
        assert_eq!(lines.len(), 13);
        for line in &lines[..7] {
            assert_eq!(line["cycle"], serde_json::Value::Null, "{line}");
        }
        assert_eq!(lines[7]["cycle"]["occurrences"], 3, "{}", lines[7]);
        assert_eq!(lines[7]["cycle"]["last_ply"], 8);
        assert_eq!(lines[7]["cycle"]["plies"][7], expected["plies"][7]);
        for line in &lines[11..] {
            assert_eq!(line["reason"], reason, "{line}");
            assert_eq!(line["cycle"], expected, "{file}");
        }
    }
}

#[test]
fn game_casual_rules_at_the_third_occurrence() {
    let lap = ["a8a9", "e9e8", "a9a8", "e8e9"];
    let mut args = vec![
        "game",
        "--rules",
        "casual",
        "--fen",
        "4k4/R8/9/9/9/9/9/9/9/3K5 w",
    ];
    args.extend(lap.iter().cycle().take(8));
    let (code, out, _) = xiangqi(&args, "");
    assert_eq!(code, 0);
    assert_eq!(last_json(&out)["result"], "black");
}

#[test]
fn game_names_the_ply_of_an_illegal_move() {
    let (code, out, _) = xiangqi(&["game", "h2e2", "h9g7", "a0a5"], "");
    assert_eq!(code, 2);
    let err = last_json(&out)["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(err.starts_with("ply 3:"), "{err}");
}

#[test]
fn game_reads_pgn_from_stdin() {
    let pgn = "[Game \"Chinese Chess\"]\n\n1. C2=5 H8+7 2. H2+3 *";
    let (code, out, _) = xiangqi(&["game", "-"], pgn);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 4);
    assert_eq!(last_json(&out)["result"], "ongoing");
}

#[test]
fn game_rejects_an_unknown_rule_set() {
    let (code, _, err) = xiangqi(&["game", "--rules", "fide", "h2e2"], "");
    assert_ne!(code, 0);
    assert!(err.contains("unknown rule set"), "{err}");
}

#[test]
fn game_reads_wxf_and_chinese_moves_on_the_command_line() {
    let (code, out, _) = xiangqi(&["game", "C2=5", "马８进７", "h0g2"], "");
    assert_eq!(code, 0, "{out}");
    let iccs: Vec<String> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["iccs"].as_str().map(String::from))
        .collect();
    assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn game_refuses_fen_with_pgn_and_a_dash_among_moves() {
    let pgn = "1. h2e2 *";
    let (code, out, _) = xiangqi(&["game", "--fen", "4k4/R8/9/9/9/9/9/9/9/3K5 w", "-"], pgn);
    assert_eq!(code, 2);
    assert!(last_json(&out)["error"]
        .as_str()
        .is_some_and(|e| e.contains("--fen")));
    let (code, out, _) = xiangqi(&["game", "-", "h9g7"], pgn);
    assert_eq!(code, 2);
    assert!(last_json(&out)["error"]
        .as_str()
        .is_some_and(|e| e.contains("only move")));
}

#[test]
fn game_rules_flag_overrides_the_pgn_rule_set() {
    let lap = "1. R9+1 K5+1 2. R9-1 K5-1 ";
    let pgn = format!(
        "[FEN \"4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n{}*",
        lap.repeat(3)
    );
    let (_, out, _) = xiangqi(&["game", "-"], &pgn);
    assert_eq!(
        last_json(&out)["result"],
        "black",
        "wxf-2018: the fourth occurrence"
    );
    let (_, out, _) = xiangqi(&["game", "--rules", "casual", "-"], &pgn);
    let lines = out.lines().count();
    assert_eq!(last_json(&out)["result"], "black");
    assert_eq!(lines, 9, "casual ends at the third occurrence, after ply 8");
}

#[test]
fn playing_after_the_end_names_the_ply() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 100 60";
    let (code, out, _) = xiangqi(&["game", "--fen", fen, "e1e2"], "");
    assert_eq!(code, 2);
    let err = last_json(&out)["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(err.starts_with("ply 1: the game is over"), "{err}");
}

#[test]
fn output_into_a_closed_pipe_does_not_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["perft", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take()); // the reader goes away at once
    let out = child.wait_with_output().expect("finishes");
    assert_ne!(
        out.status.code(),
        Some(101),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `web/tests/data/import-game.xqf`, the browser tests' XQF file, is this command's output
/// for `import-game.pgn`; a change of the writer shows here first.
#[test]
fn convert_makes_the_browser_tests_xqf_file_and_reads_it_back() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/tests/data");
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "--to", "xqf", "--encrypt"])
        .arg(data.join("import-game.pgn"))
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let committed = std::fs::read(data.join("import-game.xqf")).expect("fixture");
    assert_eq!(out.stdout, committed, "regenerate with: xiangqi convert --to xqf --encrypt web/tests/data/import-game.pgn --out web/tests/data/import-game.xqf");
    let back = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "--to", "pgn"])
        .arg(data.join("import-game.xqf"))
        .output()
        .expect("runs");
    let text = String::from_utf8(back.stdout).expect("UTF-8");
    assert!(text.contains("[Red \"红方棋手\"]"), "{text}");
    assert!(
        text.contains("1. C2=5 H8+7 2. H2+3 R9=8 3. R1=2 H2+3 4. P7+1 P7+1 5. H8+7 C8=9 1-0"),
        "{text}"
    );
    // A cut file is refused with the reader's reason and status 2.
    let cut = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(cut.path(), &committed[..600]).expect("write");
    let bad = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "--to", "pgn"])
        .arg(cut.path())
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("XQF: the XQF file is cut short"));
}

#[test]
fn tactics_refuses_a_move_time_and_a_depth_together() {
    // One would silently win over the other; say so instead.
    let (code, out, err) = xiangqi(&["tactics", "--movetime", "50", "--depth", "3"], "");
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("cannot be used with"), "{err}");
}

/// A fresh temporary folder for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

#[test]
fn selfplay_data_writes_shards_that_nnue_train_reads() {
    let dir = temp_dir("nnue");
    let data = dir.join("data");
    let data_arg = data.to_str().expect("UTF-8 path");
    let args = [
        "selfplay",
        "--data",
        data_arg,
        "--games",
        "6",
        "--games-per-shard",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "80",
        "--threads",
        "2",
    ];
    let (code, out, err) = xiangqi(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("6 games, "), "{out}");
    assert!(err.contains("shard 3/3: 6 games"), "{err}");
    assert!(err.contains("positions/s, ETA"), "{err}");
    // Run again: every shard is there and kept.
    let (code, out, _) = xiangqi(&args, "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("0 games, 0 positions in 0 shards (3 already there)"),
        "{out}"
    );

    // A corrupt game is reported with its offset; the other shards still train.
    let shard = data.join("shard-00001.xqd");
    let mut bytes = std::fs::read(&shard).expect("shard");
    bytes[12] ^= 0xff;
    std::fs::write(&shard, bytes).expect("written");
    let net = dir.join("net.nnue");
    let net_arg = net.to_str().expect("UTF-8 path");
    let (code, out, err) = xiangqi(
        &[
            "nnue",
            "train",
            data_arg,
            "--out",
            net_arg,
            "--epochs",
            "2",
            "--batch",
            "256",
            "--validation-every",
            "2",
            "--mirror",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("shard-00001.xqd: at byte 8: the game's checksum does not match; the rest of the shard was skipped"),
        "{err}"
    );
    assert!(out.contains("sigmoid scale K = "), "{out}");
    assert!(out.contains("epoch 2/2: training loss "), "{out}");
    assert_eq!(std::fs::metadata(&net).expect("network").len(), 323_338);
    assert!(dir.join("net.ckpt").is_file());
    let (code, out, err) = xiangqi(&["nnue", "eval", net_arg], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with(
            " cp  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
        ),
        "{out}"
    );
    let (code, _, err) = xiangqi(&["bench", "3", "--eval-file", net_arg], "");
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_networks_and_data_are_refused_with_exit_2() {
    let dir = temp_dir("bad-nnue");
    let missing = dir.join("missing.nnue");
    let missing = missing.to_str().expect("UTF-8 path");
    let (code, _, err) = xiangqi(&["nnue", "eval", missing], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the network file"), "{err}");
    let short = dir.join("short.nnue");
    std::fs::write(&short, b"XQNN\x01\x00\x80\x00").expect("written");
    let short = short.to_str().expect("UTF-8 path");
    let (code, _, err) = xiangqi(&["nnue", "eval", short], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("the network file has 8 bytes; this engine reads networks of 323338 bytes"),
        "{err}"
    );
    let (code, _, err) = xiangqi(&["bench", "1", "--eval-file", short], "");
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = xiangqi(
        &[
            "nnue",
            "train",
            dir.to_str().expect("UTF-8"),
            "--out",
            "x.nnue",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("no data shards (*.xqd) found"), "{err}");
    let (code, _, err) = xiangqi(&["selfplay", "--games", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--out"), "{err}");
    // UCI: a bad EvalFile is reported and the engine goes on.
    let (code, out, _) = xiangqi(
        &["uci"],
        &format!("setoption name EvalFile value {short}\nsetoption name Use NNUE value maybe\nisready\nquit\n"),
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("info string EvalFile: the network file has 8 bytes"),
        "{out}"
    );
    assert!(
        out.contains("info string Use NNUE needs true or false"),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}
