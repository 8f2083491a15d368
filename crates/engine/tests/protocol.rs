//! Scripted UCI and UCCI sessions fed through in-memory readers and writers.

#![allow(clippy::unwrap_used)] // test helpers may panic on bad fixtures

use std::time::{Duration, Instant};
use xiangqi::{Move, Position};
use xiangqi_engine::uci::SharedBuf;
use xiangqi_engine::{ucci, uci};

fn uci_session(input: &str) -> Vec<String> {
    let out = SharedBuf::default();
    uci::run(input.as_bytes(), out.clone());
    out.text().lines().map(str::to_string).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::start();
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

#[test]
fn uci_handshake_lists_options() {
    let lines = uci_session("uci\nisready\nquit\n");
    assert!(lines.iter().any(|l| l.starts_with("id name ")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin default ")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Threads type spin")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Level type spin default 5 min 1 max 5")));
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    let readyok = lines.iter().position(|l| l == "readyok").unwrap();
    assert!(uciok < readyok);
}

#[test]
fn uci_go_depth_prints_info_and_a_legal_bestmove() {
    let lines = uci_session(
        "uci\nsetoption name Hash value 8\nucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 5\nisready\n",
    );
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth "))
        .unwrap();
    for field in [
        " depth 5 ",
        " seldepth ",
        " score ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
    assert!(info.contains(" score cp ") || info.contains(" score mate "));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    let m: Move = best[0].parse().unwrap();
    assert!(after(&["h2e2", "h9g7"]).legal_moves().contains(&m));
}

#[test]
fn uci_malformed_input_is_reported_and_ignored() {
    let lines = uci_session(
        "hello\ngo depth x\ngo sideways\nposition fen not/a/fen w\nposition startpos moves a0a5\nsetoption name Hash value lots\nsetoption name Bogus value 1\nsetoption\nposition startpos moves h2e2\ngo depth 3\nisready\n",
    );
    let reports = lines
        .iter()
        .filter(|l| l.starts_with("info string "))
        .count();
    assert_eq!(reports, 8, "{lines:#?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    let m: Move = best[0].parse().unwrap();
    assert!(after(&["h2e2"]).legal_moves().contains(&m), "{m}");
    assert!(lines.iter().any(|l| l == "readyok"));
}

#[test]
fn uci_stop_ends_an_infinite_search_and_isready_is_answered_while_searching() {
    let lines = uci_session("position startpos\ngo infinite\nisready\nstop\nquit\n");
    let readyok = lines.iter().position(|l| l == "readyok").unwrap();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap();
    assert!(readyok < best, "readyok comes while the search runs");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn uci_movetime_returns_in_time() {
    let start = Instant::now();
    let lines = uci_session("position startpos\ngo movetime 100\n");
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn uci_reports_mate_scores() {
    let lines = uci_session("position fen 4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1\ngo depth 5\n");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:#?}"
    );
    assert_eq!(bestmoves(&lines), vec!["b0b8"]);
}

#[test]
fn uci_without_legal_moves_answers_none() {
    let lines = uci_session("position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w moves b0b9\ngo depth 3\n");
    assert_eq!(bestmoves(&lines), vec!["(none)"]);
}

#[test]
fn uci_level_one_answers_quickly() {
    let start = Instant::now();
    let lines = uci_session(
        "setoption name Level value 1\nsetoption name Seed value 9\nposition startpos\ngo wtime 60000 btime 60000\n",
    );
    assert!(start.elapsed() < Duration::from_millis(1000));
    let m: Move = bestmoves(&lines)[0].parse().unwrap();
    assert!(Position::start().legal_moves().contains(&m));
}

fn ucci_session(input: &str) -> (Vec<String>, String) {
    let out = SharedBuf::default();
    let mut err = Vec::new();
    ucci::run_with_errors(input.as_bytes(), out.clone(), &mut err);
    (
        out.text().lines().map(str::to_string).collect(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn ucci_session_plays_and_says_bye() {
    let (lines, err) = ucci_session(
        "ucci\nsetoption hashsize 8\nisready\nposition startpos moves h2e2\ngo depth 4\n",
    );
    assert!(err.is_empty(), "{err}");
    assert!(lines.iter().any(|l| l == "ucciok"));
    assert!(lines.iter().any(|l| l == "readyok"));
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 score ")));
    let m: Move = bestmoves(&lines)[0].parse().unwrap();
    assert!(after(&["h2e2"]).legal_moves().contains(&m));
    let (lines, _) = ucci_session("ucci\nquit\nisready\n");
    assert_eq!(lines.last().map(String::as_str), Some("bye"));
}

#[test]
fn ucci_banmoves_are_respected_and_nobestmove_when_all_banned() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let (lines, _) = ucci_session(&format!("position fen {fen}\nbanmoves b0b9\ngo depth 3\n"));
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert_ne!(best[0], "b0b9");
    // Black after mate has no move at all.
    let (lines, _) = ucci_session(&format!("position fen {fen} moves b0b9\ngo depth 3\n"));
    assert!(lines.iter().any(|l| l == "nobestmove"));
}

#[test]
fn ucci_time_control_returns_quickly() {
    let start = Instant::now();
    let (lines, _) =
        ucci_session("setoption usemillisec true\nposition startpos\ngo time 2000 increment 0\n");
    assert!(start.elapsed() < Duration::from_millis(1500));
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn ucci_malformed_input_goes_to_the_error_stream() {
    let (lines, err) = ucci_session(
        "nonsense\ngo time soon\nposition fen bad\nbanmoves zz\nposition startpos\ngo depth 2\n",
    );
    assert_eq!(err.lines().count(), 4, "{err}");
    assert_eq!(bestmoves(&lines).len(), 1);
}
