//! `xiangqi match` against our own binary as an external UCI engine, and `xiangqi tactics`.

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
    let summary = out.lines().last().expect("a summary line");
    assert!(summary.starts_with("level:1 vs uci:"), "{summary}");
    assert!(summary.ends_with("(2 games)"), "{summary}");
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

#[test]
fn a_broken_engine_loses_instead_of_crashing_the_match() {
    let (code, out, err) = xiangqi(&[
        "match",
        "level:1",
        "uci:/nonexistent/engine",
        "--games",
        "2",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(": +2 =0 -0, score 1.00, Elo +inf ± inf (2 games)"),
        "{out}"
    );
    assert!(err.contains("could not start"), "{err}");
}

#[test]
fn bad_player_specs_are_refused() {
    let (code, _, err) = xiangqi(&["match", "level:9", "full"]);
    assert_ne!(code, 0);
    assert!(err.contains("level:N"), "{err}");
}

#[test]
fn tactics_solves_the_suite_at_small_depth() {
    let (code, out, err) = xiangqi(&["tactics", "--depth", "3"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("a summary");
    assert!(last.starts_with("solved "), "{last}");
    assert!(last.contains("mate1 16/16"), "{last}");
}
