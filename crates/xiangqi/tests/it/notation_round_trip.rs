//! Round trips of the three move notations over many positions: every legal move written in
//! ICCS, WXF and Chinese reads back as the same move, and no two legal moves of a position
//! share a text.
//!
//! Positions: the start, every FEN of `tests/data/perft.tsv`, deterministic pseudo-random
//! playouts, and hand-built positions with tandem chariots, cannons, horses, advisors,
//! elephants and two to five soldiers on a file (also on two files), each also mirrored to
//! the other colour, where the WXF text must come out the same.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use xiangqi::{chinese, iccs, notation, wxf, Color, Move, Position};

/// A tiny xorshift generator: deterministic, no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What the round trip over one position found, for the coverage checks.
#[derive(Default)]
struct Seen {
    positions: usize,
    moves: usize,
    /// WXF identifiers (first two characters) met, such as `R+`, `++`, `3-`.
    wxf_ids: HashSet<String>,
    /// Chinese identifiers (first two characters) met, such as `前车`, `中兵`, `前三`.
    chinese_ids: HashSet<String>,
}

/// Checks every legal move of `pos` in all three notations.
fn check_position(pos: &Position, seen: &mut Seen) {
    let moves = pos.legal_moves();
    let mut wxf_texts: HashMap<String, Move> = HashMap::new();
    let mut chinese_texts: HashMap<String, Move> = HashMap::new();
    for &m in moves.iter() {
        let ctx = || format!("{m} in {}", pos.fen());

        let i = iccs::write(m);
        assert_eq!(iccs::parse(pos, &i), Ok(m), "ICCS {i}: {}", ctx());

        let w = wxf::write(pos, m).unwrap_or_else(|e| panic!("WXF of {}: {e}", ctx()));
        assert_eq!(w.chars().count(), 4, "WXF {w}: {}", ctx());
        assert_eq!(wxf::parse(pos, &w), Ok(m), "WXF {w}: {}", ctx());
        assert_eq!(notation::parse_any(pos, &w), Ok(m), "any {w}: {}", ctx());
        if let Some(other) = wxf_texts.insert(w.clone(), m) {
            panic!("{other} and {m} are both written {w} in {}", pos.fen());
        }

        let c = chinese::write(pos, m).unwrap_or_else(|e| panic!("Chinese of {}: {e}", ctx()));
        assert_eq!(c.chars().count(), 4, "Chinese {c}: {}", ctx());
        assert_eq!(chinese::parse(pos, &c), Ok(m), "Chinese {c}: {}", ctx());
        assert_eq!(notation::parse_any(pos, &c), Ok(m), "any {c}: {}", ctx());
        if let Some(other) = chinese_texts.insert(c.clone(), m) {
            panic!("{other} and {m} are both written {c} in {}", pos.fen());
        }

        seen.wxf_ids.insert(w.chars().take(2).collect());
        seen.chinese_ids.insert(c.chars().take(2).collect());
        seen.moves += 1;
    }
    seen.positions += 1;
}

/// Returns the FENs of `tests/data/perft.tsv`.
fn perft_fens() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut fens: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t") && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(str::to_string)
        .collect();
    fens.dedup();
    fens
}

/// Positions built by hand around tandem pieces; each is a legal FEN.
const TANDEM_FENS: &[&str] = &[
    // Red chariots on e3 and e0.
    "3k5/9/9/9/9/9/4R4/9/9/4RK3 w",
    // Red cannons on b2 and b7 with screens about, Black pieces to capture.
    "r2k5/1n7/1C7/9/9/1p7/9/1C7/9/4K4 w",
    // Red horses on g2 and g5.
    "3k5/9/9/9/6N2/9/9/6N2/9/4K4 w",
    // Red advisors on d0 and d2, elephants on c0 and c4.
    "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w",
    // Red advisors on f0 and f2, elephants on g0 and g4.
    "5k3/9/9/9/9/6B2/9/5A3/9/4KAB2 w",
    // Two Red soldiers on e6, e5.
    "3k5/9/9/4P4/4P4/9/9/9/9/5K3 w",
    // Three Red soldiers on e7, e6, e5.
    "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w",
    // The brief's example: three on c, two on e (two tandem files).
    "3k5/9/9/2P1P4/2P1P4/2P6/9/9/9/4K4 w",
    // Four Red soldiers on c8..c5.
    "4k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
    // Five Red soldiers on c9..c5.
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w",
    // Five Red soldiers on the edge file i, Black pieces near.
    "3k4P/7rP/8P/8P/8P/9/9/9/9/4K4 w",
    // Three on g, two on c (the WXF page's example).
    "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w",
    // Two on g, two on c, one alone on e.
    "4k4/9/9/2P1P1P2/2P3P2/9/9/9/9/5K3 w",
    // Two and two with the fifth soldier still at home on a3.
    "4k4/9/9/2P3P2/2P3P2/9/P8/9/9/5K3 w",
    // Everything doubled at once, with Black material to capture.
    "2b1ka3/4a4/4c4/2P1R1P2/2P1R1P2/2N6/2N6/3A3C1/7C1/3AK4 w",
];

/// Returns the position seen from the other side: the board turned half a circle, colours
/// and side to move swapped. A move `m` here is `rotate(m)` there.
fn mirror(pos: &Position) -> Position {
    let fen = pos.fen();
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap_or_default();
    let turn = fields.next().unwrap_or("w");
    let flipped: String = board
        .chars()
        .rev()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    let side = if turn == "w" { "b" } else { "w" };
    Position::from_fen(&format!("{flipped} {side}")).expect("mirror of a legal position")
}

fn rotate(m: Move) -> Move {
    Move::new(m.from.rotate(), m.to.rotate())
}

#[test]
fn every_legal_move_round_trips_in_the_start_position() {
    let mut seen = Seen::default();
    check_position(&Position::start(), &mut seen);
    assert_eq!(seen.moves, 44);
}

#[test]
fn every_legal_move_round_trips_in_the_perft_positions() {
    let mut seen = Seen::default();
    let fens = perft_fens();
    assert!(fens.len() >= 4, "perft.tsv should hold several positions");
    for fen in &fens {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_position(&pos, &mut seen);
        check_position(&mirror(&pos), &mut seen);
    }
}

#[test]
fn every_legal_move_round_trips_along_random_playouts() {
    let mut seen = Seen::default();
    let games = if cfg!(debug_assertions) { 12 } else { 60 };
    for game in 0..games {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ (game as u64 + 1).wrapping_mul(0x2545_F491));
        let mut pos = Position::start();
        for _ in 0..200 {
            check_position(&pos, &mut seen);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer quiet moves, so that pieces survive long enough to form tandems.
            let mut m = moves[rng.below(moves.len())];
            if pos.is_capture(m) && rng.below(4) != 0 {
                m = moves[rng.below(moves.len())];
            }
            pos.play(m).expect("legal move from the generator");
        }
    }
    assert!(seen.positions > games * 50, "playouts too short");
    // Random games do meet tandem chariots, cannons and soldiers.
    for id in ["R+", "R-", "C+", "C-", "P+", "P-"] {
        assert!(seen.wxf_ids.contains(id), "no {id} in {} playouts", games);
    }
}

#[test]
fn tandem_positions_round_trip_and_cover_every_marker() {
    let mut seen = Seen::default();
    for fen in TANDEM_FENS {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.turn(), Color::Red, "{fen}");
        check_position(&pos, &mut seen);
        // Play on a little from each (deterministically) to meet what follows.
        let mut rng = XorShift(fen.len() as u64 * 7919 + 1);
        let mut p = pos.clone();
        for _ in 0..40 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]).expect("legal");
            check_position(&p, &mut seen);
        }
    }
    for id in [
        "R+", "R-", "C+", "C-", "H+", "H-", "A+", "A-", "E+", "E-", "P+", "P-", "++", "--",
    ] {
        assert!(seen.wxf_ids.contains(id), "no WXF {id}: {:?}", seen.wxf_ids);
    }
    // The two-file soldier forms: file digit then +, - or the file again.
    for id in ["3+", "33", "3-", "7+", "7-"] {
        assert!(seen.wxf_ids.contains(id), "no WXF {id}: {:?}", seen.wxf_ids);
    }
    // The middle soldier of three and of five: the bare file.
    assert!(seen.wxf_ids.contains("P5"));
    assert!(seen.wxf_ids.contains("P7"));
    for id in [
        "前车", "后车", "前兵", "中兵", "后兵", "一兵", "二兵", "三兵", "四兵", "五兵", "前三",
        "中三", "后三",
    ] {
        assert!(seen.chinese_ids.contains(id), "no Chinese {id}");
    }
}

#[test]
fn mirrored_positions_give_black_the_same_wxf_text() {
    let mut fens: Vec<String> = TANDEM_FENS.iter().map(|s| s.to_string()).collect();
    fens.extend(perft_fens());
    for fen in &fens {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let black = mirror(&pos);
        for &m in pos.legal_moves().iter() {
            let w = wxf::write(&pos, m).expect("legal");
            assert_eq!(wxf::write(&black, rotate(m)), Ok(w.clone()), "{m} in {fen}");
            let c = chinese::write(&pos, m).expect("legal");
            let b = chinese::write(&black, rotate(m)).expect("legal");
            // Same shape; Red numerals become full-width digits, and the pieces that differ
            // by colour change character.
            assert_eq!(c.chars().count(), b.chars().count(), "{c} / {b}");
            assert_eq!(
                chinese::parse(&black, &c),
                Ok(rotate(m)),
                "{c} read for Black"
            );
        }
    }
}

#[test]
fn no_text_makes_a_parser_panic() {
    const ALPHABET: &[char] = &[
        'a',
        'e',
        'h',
        'i',
        'j',
        'A',
        'C',
        'E',
        'H',
        'K',
        'N',
        'P',
        'R',
        'x',
        '0',
        '1',
        '2',
        '5',
        '9',
        '+',
        '-',
        '=',
        '.',
        ' ',
        '\u{301}',
        'é',
        '炮',
        '车',
        '兵',
        '卒',
        '前',
        '中',
        '后',
        '进',
        '退',
        '平',
        '一',
        '五',
        '九',
        '１',
        '９',
        '十',
        '\u{0}',
        '\u{1F600}',
    ];
    let positions: Vec<Position> = TANDEM_FENS
        .iter()
        .take(4)
        .filter_map(|f| Position::from_fen(f).ok())
        .chain([Position::start()])
        .collect();
    let mut rng = XorShift(12345);
    for _ in 0..20_000 {
        let len = rng.below(8);
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        for pos in &positions {
            for result in [
                iccs::parse(pos, &text),
                wxf::parse(pos, &text),
                chinese::parse(pos, &text),
                notation::parse_any(pos, &text),
            ] {
                // Any answer is fine; an accepted text must name a legal move.
                match result {
                    Ok(m) => assert!(pos.is_legal(m), "{text:?} gave illegal {m}"),
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
}
