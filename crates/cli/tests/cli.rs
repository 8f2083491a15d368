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
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
    let (code, out, _) = xiangqi(&args, "");
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
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
        .is_some_and(|e| e.contains("plies 1–12")));
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
