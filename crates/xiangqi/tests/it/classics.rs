//! The replay page's built-in classics: one PGN file per game in `web/classics/`, the one
//! source of truth, which the page fetches at run time and plays from its `[ICCS]` tag
//! (`web/js/classics.js` names the files). Each file holds the moves in Chinese notation, the same moves in ICCS (the
//! `[ICCS]` tag, converted independently from the source's own coordinates), the players,
//! event, date, result, an English `[Title]` and `[Description]`, and the `[Source]` of the
//! record.
//!
//! Every game is replayed here through `xiangqi::Game` from the start position: every
//! Chinese move must name the recorded ICCS move, the game must not end before its last
//! ply, and its final position must be the one Fairy-Stockfish (pyffish 0.0.90) reached
//! replaying the ICCS moves (the table below). A game that ends in checkmate must carry
//! that winner in `[Result]`; one that ended by resignation (or time) must end in a position
//! that is not already decided, with a decisive `[Result]`.

use std::path::{Path, PathBuf};
use xiangqi::game::{Game, GameResult, Reason, RuleSet};
use xiangqi::{chinese, pgn, Color, Role};

/// Each classic's file, its number of plies and its final position as Fairy-Stockfish
/// (pyffish 0.0.90, variant `xiangqi`) gives it after the file's ICCS moves.
const EXPECTED: [(&str, usize, &str); 12] = [
    (
        "01-juzhongmi.pgn",
        25,
        "r1bak1bn1/9/n3CR3/p1p1C1p1p/9/9/P1P1P1PrP/6N2/9/1cBAKAB2 b - - 2 13",
    ),
    (
        "02-li-yiting-hu-ronghua-1961.pgn",
        73,
        "3k5/9/3r5/p7p/2p1R4/9/P1P3P1P/9/9/2B2K3 b - - 0 37",
    ),
    (
        "03-hu-ronghua-wang-jialiang-1965.pgn",
        179,
        "9/5k3/4P4/2R6/2b6/2r1p4/9/3A5/3KA4/9 b - - 26 90",
    ),
    (
        "04-li-laiqun-jiang-zhiliang-1977.pgn",
        55,
        "4kabr1/4c4/2N6/p1p5p/9/2P6/PR6P/4B4/4A4/4KA3 b - - 2 28",
    ),
    (
        "05-yang-guanlin-zhao-qingge-1978.pgn",
        98,
        "4ka3/4a4/9/p3R3p/6b2/8P/9/4Br3/2n6/3AK1B2 w - - 2 50",
    ),
    (
        "06-lu-qin-wang-jialiang-1980.pgn",
        93,
        "2b2k3/3R5/4b4/8p/p2N1r3/P3p4/9/9/4A4/2BAK1B2 b - - 8 47",
    ),
    (
        "07-lin-ye-huang-zijun-1981.pgn",
        125,
        "4k4/9/8b/5R3/9/6P2/1p6r/4B4/4A4/2C2KB2 b - - 7 63",
    ),
    (
        "08-liu-dahua-liang-wenbin-1983.pgn",
        43,
        "1rbk1a3/4a4/2R3r2/p1p1N3p/6p2/2P6/P3N1c1P/4C4/4A4/2BAK1B2 b - - 0 22",
    ),
    (
        "09-hu-ronghua-zhao-guorong-1984.pgn",
        45,
        "1nb1R1b2/3k5/r3c1n2/p1p1p3r/9/2PC5/P3P4/B1N1C1c2/4A4/3AK1B2 b - - 4 23",
    ),
    (
        "10-li-laiqun-lu-qin-1991.pgn",
        109,
        "3k5/6R2/b8/9/3N5/r5p2/8P/9/4A2n1/2BAK1B2 b - - 9 55",
    ),
    (
        "11-hu-ronghua-li-laiqun-1991.pgn",
        45,
        "1r1akab2/4nR3/4b4/p3C3p/2p2cp2/4C1P2/P1P1P3P/N5N2/4Ar3/2BAK1B2 b - - 8 23",
    ),
    (
        "12-xu-yinchuan-yan-wenqing-1999.pgn",
        73,
        "4kab2/4a4/4b4/4p4/p3P3p/1r7/P3R3P/B3C4/9/3AKAB2 b - - 16 37",
    ),
];

/// The folder of the classics, `web/classics/`.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/classics")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(folder().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The `.pgn` files of the folder, sorted by name.
fn files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder())
        .expect("web/classics/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    names.sort();
    names
}

/// The movetext's move words: tags, `{…}` comments, move numbers and the result left out.
fn movetext_words(text: &str) -> Vec<String> {
    let body: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .collect::<Vec<_>>()
        .join("\n");
    let mut plain = String::new();
    let mut in_comment = false;
    for c in body.chars() {
        match c {
            '{' => in_comment = true,
            '}' => in_comment = false,
            _ if !in_comment => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|w| !w.ends_with('.') && !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_folder_holds_the_expected_classics_and_the_page_names_them_all() {
    let expected: Vec<&str> = EXPECTED.iter().map(|e| e.0).collect();
    assert_eq!(files(), expected);
    assert!(
        expected.len() >= 11,
        "the 橘中秘 trap and at least ten more"
    );
    // web/js/classics.js lists exactly these files, in this order.
    let js_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/js/classics.js");
    let js = std::fs::read_to_string(js_path).expect("web/js/classics.js");
    let listed: Vec<&str> = js
        .split('\'')
        .filter(|s| s.ends_with(".pgn") && !s.contains(char::is_whitespace))
        .collect();
    assert_eq!(listed, expected, "CLASSIC_FILES in web/js/classics.js");
}

#[test]
fn every_classic_replays_legally_to_its_recorded_final_position() {
    for (name, plies, final_fen) in EXPECTED {
        let text = read(name);
        let record = pgn::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tag = |t: &str| {
            record
                .tag(t)
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| panic!("{name}: no [{t}] tag"))
                .to_string()
        };
        // The page plays the [ICCS] moves from the start position.
        assert_eq!(
            record.tag("FEN"),
            None,
            "{name}: a classic starts at the start"
        );
        for t in [
            "Event",
            "Site",
            "Date",
            "Red",
            "Black",
            "Title",
            "Description",
        ] {
            tag(t);
        }
        let source = tag("Source");
        assert!(
            source.starts_with("https://") && !source.contains(char::is_whitespace),
            "{name}: [Source] is a URL"
        );
        assert_eq!(tag("PlyCount"), plies.to_string(), "{name}: [PlyCount]");
        assert!(
            tag("Date")
                .get(..4)
                .is_some_and(|y| y.parse::<u16>().is_ok()),
            "{name}: year"
        );
        let iccs_tag = tag("ICCS");
        let iccs: Vec<&str> = iccs_tag.split_whitespace().collect();
        assert_eq!(iccs.len(), plies, "{name}: [ICCS]");

        // Every Chinese move names the recorded ICCS move, in the position it is played in.
        let words = movetext_words(&text);
        assert_eq!(words.len(), plies, "{name}: moves in the movetext");
        let mut game = Game::new(xiangqi::Position::start(), RuleSet::Wxf2018);
        for (i, (word, iccs)) in words.iter().zip(&iccs).enumerate() {
            let ply = i + 1;
            assert!(!game.status().is_over(), "{name}: over before ply {ply}");
            let m = chinese::parse(game.position(), word)
                .unwrap_or_else(|e| panic!("{name} ply {ply}: {word} unreadable: {e}"));
            assert_eq!(m.to_string(), *iccs, "{name} ply {ply}: {word}");
            game.play_iccs(iccs)
                .unwrap_or_else(|e| panic!("{name} ply {ply}: {iccs} refused: {e}"));
        }
        assert_eq!(game.position().fen(), final_fen, "{name}: final position");
        // The PGN reader, as the page uses it, reads the same moves.
        let read_moves: Vec<String> = record.game.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(read_moves, iccs, "{name}: pgn::read");

        // The recorded result agrees with the final position.
        let result = tag("Result");
        let status = game.status();
        if status.reason == Some(Reason::Checkmate) {
            assert_eq!(status.result.pgn(), result, "{name}: mate and [Result]");
        } else {
            assert_eq!(status.result, GameResult::Ongoing, "{name}: {status:?}");
            assert!(
                matches!(result.as_str(), "1-0" | "0-1"),
                "{name}: a game left open ends by resignation: [Result] {result}"
            );
            // The reader ends it as the loser's resignation.
            assert_eq!(record.game.status().result.pgn(), result, "{name}");
            assert_eq!(
                record.game.status().reason,
                Some(Reason::Resignation),
                "{name}"
            );
        }
    }
}

#[test]
fn juzhongmi_trap_mates_on_ply_25_after_black_takes_the_horse() {
    let text = read("01-juzhongmi.pgn");
    let record = pgn::read(&text).expect("reads");
    let moves: Vec<String> = record.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.len(), 25, "Red's thirteenth move is ply 25");
    // The horse on b0 still stands there, unprotected, and Black's cannon on b7 takes it.
    let before: Vec<&str> = moves.iter().take(11).map(String::as_str).collect();
    let game = Game::replay(None, &before, RuleSet::Wxf2018).expect("legal opening");
    let piece = game
        .position()
        .board()
        .piece_at("b0".parse().expect("square"));
    assert_eq!(piece.map(|p| p.role), Some(Role::Horse));
    assert_eq!(moves[11], "b7b0");
    // 13. 炮八平五: doubled central cannons, checkmate.
    let status = record.game.status();
    assert_eq!(status.result, GameResult::RedWins);
    assert_eq!(status.reason, Some(Reason::Checkmate));
    assert_eq!(record.game.position().turn(), Color::Black);
    assert!(record.game.position().legal_moves().is_empty());
    assert_eq!(record.tag("Result"), Some("1-0"));
}

#[test]
fn the_record_of_the_1991_same_direction_cannons_game_has_all_pieces_after_16_moves() {
    // The game's commentary remarks that all 32 pieces were still on the board after
    // sixteen moves and that Red's first pawn move came on move 22 (ply 43).
    let record = pgn::read(&read("11-hu-ronghua-li-laiqun-1991.pgn")).expect("reads");
    let moves: Vec<String> = record.game.moves().iter().map(|m| m.to_string()).collect();
    let first_32: Vec<&str> = moves.iter().take(32).map(String::as_str).collect();
    let game = Game::replay(None, &first_32, RuleSet::Wxf2018).expect("legal");
    let pieces = game
        .position()
        .fen()
        .split(' ')
        .next()
        .map_or(0, |b| b.chars().filter(char::is_ascii_alphabetic).count());
    assert_eq!(pieces, 32);
    let first_pawn = (0..moves.len()).step_by(2).find(|&i| {
        let upto: Vec<&str> = moves.iter().take(i).map(String::as_str).collect();
        let g = Game::replay(None, &upto, RuleSet::Wxf2018).expect("legal");
        let from = moves[i]
            .get(..2)
            .and_then(|s| s.parse().ok())
            .expect("square");
        g.position().board().piece_at(from).map(|p| p.role) == Some(Role::Soldier)
    });
    assert_eq!(first_pawn, Some(42), "ply 43, g3g4");
    assert_eq!(moves[42], "g3g4");
}
