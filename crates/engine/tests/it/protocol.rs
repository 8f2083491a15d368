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
    assert!(lines
        .iter()
        .any(|l| l == "option name Move Overhead type spin default 5 min 0 max 5000"));
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
        "hello\nposition fen not/a/fen w\nposition startpos moves a0a5\nsetoption name Hash value lots\nsetoption name Bogus value 1\nsetoption\nposition startpos moves h2e2\ngo depth 3\nisready\n",
    );
    let reports = lines
        .iter()
        .filter(|l| l.starts_with("info string "))
        .count();
    assert_eq!(reports, 6, "{lines:#?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    let m: Move = best[0].parse().unwrap();
    assert!(after(&["h2e2"]).legal_moves().contains(&m), "{m}");
    assert!(lines.iter().any(|l| l == "readyok"));
}

#[test]
fn uci_every_go_is_answered_even_with_unreadable_parameters() {
    // UCI: unknown tokens are ignored and the rest of the line is read.
    let lines = uci_session(
        "position startpos\ngo sideways 3 depth 2\nisready\ngo movetime -1\nisready\ngo depth x\nstop\n",
    );
    let reports: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string "))
        .collect();
    assert_eq!(
        reports,
        [
            "info string `go`: unknown parameter `sideways 3` ignored",
            "info string `movetime` -1 is negative: read as 0",
            "info string `depth` needs a non-negative number, not `x`; ignored",
        ],
        "{lines:#?}"
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 3, "{lines:#?}");
    for m in best {
        let m: Move = m.parse().unwrap();
        assert!(Position::start().legal_moves().contains(&m), "{m}");
    }
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
fn uci_movetime_is_spent_up_to_the_move_overhead() {
    // Hard stop at 150 − 5 ms, and no early stop between iterations.
    let start = Instant::now();
    let lines = uci_session("position startpos\ngo movetime 150\n");
    let spent = start.elapsed();
    assert!(spent >= Duration::from_millis(145), "{spent:?}");
    assert!(spent < Duration::from_millis(1500), "{spent:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
    // A larger overhead is kept back: 150 − 60 = 90 ms.
    let start = Instant::now();
    let lines =
        uci_session("setoption name Move Overhead value 60\nposition startpos\ngo movetime 150\n");
    let spent = start.elapsed();
    assert!(spent >= Duration::from_millis(90), "{spent:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    let lines = uci_session("setoption name Move Overhead value 5001\n");
    assert_eq!(
        lines,
        ["info string Move Overhead needs 0-5000 (ms)".to_string()]
    );
}

#[test]
fn uci_reports_mate_scores() {
    let lines = uci_session("position fen 4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1\ngo depth 5\n");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:#?}"
    );
    // Exactly three first moves mate in 2 (Fairy-Stockfish 11.1, MultiPV 5 at depth 8:
    // a2a9, a2e2 and b1b9 in its rank numbering); which one is played depends on ordering.
    let best = bestmoves(&lines);
    assert!(
        best.len() == 1 && ["a1a8", "a1e1", "b0b8"].contains(&best[0].as_str()),
        "{best:?}"
    );
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
fn ucci_move_overhead_is_an_option_in_milliseconds() {
    let (lines, err) = ucci_session("ucci\nsetoption moveoverhead 20\nquit\n");
    assert!(err.is_empty(), "{err}");
    assert!(lines
        .iter()
        .any(|l| l == "option moveoverhead type spin min 0 max 5000 default 5"));
    let (_, err) = ucci_session("setoption moveoverhead -1\n");
    assert_eq!(err, "ucci: moveoverhead needs 0-5000 (milliseconds)\n");
}

#[test]
fn ucci_malformed_input_goes_to_the_error_stream() {
    let (lines, err) = ucci_session(
        "nonsense\ngo time soon\nposition fen bad\nbanmoves zz\nposition startpos\ngo depth 2\n",
    );
    assert_eq!(err.lines().count(), 4, "{err}");
    assert_eq!(bestmoves(&lines).len(), 1);
    // The `go` that could not be read is answered, so a GUI is not left waiting.
    assert_eq!(
        lines.iter().filter(|l| *l == "nobestmove").count(),
        1,
        "{lines:#?}"
    );
}

fn uci_bytes(input: &[u8]) -> Vec<String> {
    let out = SharedBuf::default();
    uci::run(input, out.clone());
    out.text().lines().map(str::to_string).collect()
}

fn ucci_bytes(input: &[u8]) -> (Vec<String>, String) {
    let out = SharedBuf::default();
    let mut err = Vec::new();
    ucci::run_with_errors(input, out.clone(), &mut err);
    (
        out.text().lines().map(str::to_string).collect(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn a_byte_that_is_not_utf8_does_not_end_the_session() {
    let lines = uci_bytes(b"isready\n\xff\nisready\ngo depth 2\n");
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string unknown command")));
    assert_eq!(bestmoves(&lines).len(), 1);
    let (lines, err) = ucci_bytes(b"isready\n\xff\xfe\nisready\ngo depth 2\n");
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:?}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn uci_searches_without_a_clock_of_their_own_still_end() {
    let start = Instant::now();
    // A bare `go` and `go ponder` search until stopped: end of input stops them.
    for input in ["go\n", "go ponder\n", "go ponder wtime 1000 btime 1000\n"] {
        assert_eq!(bestmoves(&uci_session(input)).len(), 1, "{input}");
    }
    // Clock-based requests without the mover's own time get a default budget.
    for input in [
        "go movestogo 5\n",
        "position startpos moves h2e2\ngo wtime 1000\n",
        "go btime 1000 binc 100\n",
    ] {
        assert_eq!(bestmoves(&uci_session(input)).len(), 1, "{input}");
    }
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn uci_ponder_waits_for_ponderhit() {
    let lines = uci_session("go ponder\nisready\nponderhit\nisready\n");
    let ready: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| *l == "readyok")
        .map(|(i, _)| i)
        .collect();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap();
    assert_eq!(ready.len(), 2);
    assert!(ready[0] < best && best < ready[1], "{lines:?}");
}

#[test]
fn uci_huge_numbers_saturate_instead_of_overflowing() {
    let start = Instant::now();
    let lines = uci_session(
        "go wtime 1000 winc 9223372036854775807\nisready\ngo wtime 18446744073709551615 winc 18446744073709551615 movestogo 99999999999\nstop\ngo depth 99999999999999999999\nstop\ngo mate 2147483648\nstop\ngo nodes 99999999999999999999999\nstop\n",
    );
    assert_eq!(bestmoves(&lines).len(), 5, "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    let (lines, err) = ucci_session(
        "setoption usemillisec true\ngo time 5 increment 18446744073709551615\ngo depth 99999999999999\nstop\n",
    );
    assert!(err.is_empty(), "{err}");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
}

#[test]
fn uci_hash_clamp_is_reported() {
    let lines = uci_session("setoption name Hash value 99999999\nsetoption name Hash value 8\n");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string Hash 99999999"),
        "{lines:?}"
    );
    assert!(lines[0].contains("4096"), "{lines:?}");
}

#[test]
fn long_lines_are_skipped_and_echoes_are_clipped() {
    let mut input = vec![b'x'; 3 << 20];
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&[b'y'; 500]);
    input.extend_from_slice(b"\nisready\n");
    let lines = uci_bytes(&input);
    assert_eq!(lines.len(), 3, "{}", lines.concat().len());
    assert!(lines[0].contains("ignored"), "{}", lines[0]);
    assert!(lines[0].len() < 200 && lines[1].len() < 300, "{}", lines[1]);
    assert!(lines[1].starts_with("info string unknown command `yyy"));
    assert_eq!(lines[2], "readyok");
    let (lines, err) = ucci_bytes(&input);
    assert_eq!(lines, ["readyok"]);
    assert_eq!(err.lines().count(), 2);
    assert!(err.len() < 500, "{}", err.len());
}

#[test]
fn ucci_bye_extras_and_usemillisec_spellings() {
    let (lines, err) = ucci_session("isready\nbye\nisready\n");
    assert!(err.is_empty(), "{err}");
    assert_eq!(lines, ["readyok", "bye"]);
    let (lines, err) =
        ucci_session("position startpos\ngo nodes 1000 extra\ngo depth 2 movestogo 4\n");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
    assert!(err.contains("ignored `extra`"), "{err}");
    assert!(err.contains("ignored `movestogo 4`"), "{err}");
    for yes in ["TRUE", "yes", "True", "on"] {
        let start = Instant::now();
        let (lines, err) = ucci_session(&format!(
            "setoption usemillisec {yes}\nposition startpos\ngo time 300\n"
        ));
        assert!(err.is_empty(), "{yes}: {err}");
        assert_eq!(bestmoves(&lines).len(), 1);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{yes}: read as seconds"
        );
    }
    let (_, err) = ucci_session("setoption usemillisec maybe\n");
    assert!(err.contains("usemillisec"), "{err}");
}

#[test]
fn threads_option_searches_with_helpers_and_clamps() {
    let lines = uci_session(
        "setoption name Threads value 2\nposition startpos moves h2e2\ngo depth 5\nisready\nsetoption name Threads value 100000\nsetoption name Threads value 0\n",
    );
    let m: Move = bestmoves(&lines)[0].parse().unwrap();
    assert!(after(&["h2e2"]).legal_moves().contains(&m));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string Threads 100000 is over the maximum")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string Threads needs 1-")));
    let (lines, err) = ucci_session(
        "ucci\nsetoption threads 2\nposition startpos\ngo depth 4\nsetoption threads x\n",
    );
    let m: Move = bestmoves(&lines)[0].parse().unwrap();
    assert!(Position::start().legal_moves().contains(&m));
    assert!(err.contains("threads needs 1-"), "{err}");
}
