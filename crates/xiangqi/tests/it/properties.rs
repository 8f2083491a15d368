//! Property tests: FEN reading never panics, the legal-move list, the single-move legality
//! test and the early-exit `has_legal_move` agree, make/unmake and the incremental Zobrist
//! key are exact, FEN round-trips.
//!
//! Case counts keep the file under a few seconds in release builds (fewer cases in debug).

use proptest::prelude::*;
use std::collections::HashSet;
use xiangqi::{Board, Color, Move, Piece, Position, Role, Setup, Square, START_FEN};

/// Legal positions to start playouts and mutations from: the opening and positions that
/// stress cannon screens, horse legs, facing generals, pins and checks.
const FENS: &[&str] = &[
    START_FEN,
    "rn2k4/4a4/7c1/2p3p2/9/9/P1P3P1P/1C7/4K4/1N1A1A2R b - - 0 1",
    "5k3/9/4c4/p7p/2R1N4/9/4P4/7C1/c3K4/9 w - - 0 1",
    "C1rak4/9/1c2n4/2p3p2/9/4R4/P7P/9/9/2B2K3 b - - 0 1",
    "r3k4/5r3/2N2N3/4p3p/9/9/2P2nP2/3n1A3/3R5/4K4 w - - 0 1",
    "4ka3/3PP4/1c2b4/9/7r1/9/9/2N4C1/5p3/R3K4 b - - 0 1",
    "R3k4/6Nr1/9/2p1p4/9/9/P7P/1C7/9/3AK4 b - - 0 1",
    "4k3r/4a4/1R2c4/p8/6P2/4p4/2P6/7C1/r1N1K4/3A1A3 w - - 0 1",
    "1nb1k1b2/9/1c5c1/p1p3p1p/9/r3C4/2P3P2/4C4/9/1NBK1AB1R b - - 0 1",
    "3aka3/9/1c2b4/3n2p2/2b6/6B2/P2N1p3/4B4/3C5/4K3R w - - 0 1",
    "3k5/4a4/3a1N3/9/9/9/2r6/9/4A4/3AK1R2 w - - 0 1",
    "3k2b2/R4P1P1/9/9/3n5/9/9/3R5/9/4K4 b - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
];

fn cases(release: u32) -> ProptestConfig {
    ProptestConfig {
        cases: if cfg!(debug_assertions) {
            release / 8
        } else {
            release
        },
        ..ProptestConfig::default()
    }
}

/// Checks that `legal_moves()` holds no duplicate, that `is_legal` accepts each of its
/// moves and, if `all_pairs`, that `is_legal` refuses every other (from, to) pair.
fn assert_generators_agree(pos: &Position, all_pairs: bool) {
    let list = pos.legal_moves();
    let set: HashSet<Move> = list.iter().copied().collect();
    assert_eq!(
        set.len(),
        list.len(),
        "duplicate legal moves in {}",
        pos.fen()
    );
    for &m in list.iter() {
        assert!(
            pos.is_legal(m),
            "{m} listed but refused by is_legal in {}",
            pos.fen()
        );
    }
    let mut captures: Vec<Move> = pos.legal_captures().to_vec();
    let mut expected: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    captures.sort();
    expected.sort();
    assert_eq!(
        captures,
        expected,
        "legal_captures() is not legal_moves()' captures in {}",
        pos.fen()
    );
    assert_eq!(
        pos.has_legal_move(),
        !list.is_empty(),
        "has_legal_move() disagrees with legal_moves() in {}",
        pos.fen()
    );
    if all_pairs {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(
                    pos.is_legal(m),
                    set.contains(&m),
                    "is_legal({m}) disagrees with legal_moves() in {}",
                    pos.fen()
                );
            }
        }
    }
}

/// Checks make/unmake of `m` on `pos`: the position after it is a valid one whose key equals
/// the key computed from scratch, and unmaking restores `pos` exactly.
fn assert_make_unmake_exact(pos: &mut Position, m: Move) {
    let before = pos.clone();
    let fen_before = pos.fen();
    let undo = pos.make_move(m);
    let rebuilt = Position::from_fen(&pos.fen())
        .unwrap_or_else(|e| panic!("{m} from {fen_before} gives an invalid position: {e}"));
    assert_eq!(
        pos.key(),
        rebuilt.key(),
        "incremental key after {m} from {fen_before}"
    );
    assert_eq!(*pos, rebuilt, "FEN round trip after {m} from {fen_before}");
    pos.unmake_move(m, undo);
    assert_eq!(pos.fen(), fen_before, "unmake {m}");
    assert_eq!(
        pos.key(),
        before.key(),
        "key after unmake {m} from {fen_before}"
    );
    assert_eq!(*pos, before, "unmake {m} from {fen_before}");
}

/// A FEN counter, often at or next to the largest value a FEN may hold (100 000).
fn counter() -> impl Strategy<Value = u32> {
    prop_oneof![
        1 => Just(1u32),
        1 => 99_990u32..=100_000,
        1 => 100_001u32..,
        2 => 0u32..1000,
    ]
}

/// One edit of a FEN's bytes.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

/// Bytes worth trying in a FEN: piece letters of both cases, digits, separators, and
/// anything at all.
fn fen_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"KABNRCPEHkabnrcpeh0123456789/ -wbr".to_vec()),
        1 => any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), fen_byte()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), fen_byte()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn mutate(fen: &str, edits: &[Edit]) -> String {
    let mut bytes = fen.as_bytes().to_vec();
    for e in edits {
        let n = bytes.len();
        match *e {
            Edit::Replace(i, b) if n > 0 => bytes[i % n] = b,
            Edit::Insert(i, b) => bytes.insert(i % (n + 1), b),
            Edit::Delete(i) if n > 0 => {
                bytes.remove(i % n);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads `text` as a FEN both ways; whatever is accepted must round-trip and, as a
/// position, have consistent move generators.
fn check_fen_text(text: &str) {
    let setup = Setup::from_fen(text);
    let position = Position::from_fen(text);
    match (&setup, &position) {
        (Err(_), Ok(_)) => panic!("{text:?}: a position without a setup"),
        (Ok(s), _) => {
            let again = Setup::from_fen(&s.fen()).expect("written FEN reads back");
            assert_eq!(&again, s, "setup round trip of {text:?}");
        }
        (Err(_), Err(_)) => {}
    }
    if let Ok(pos) = position {
        let again = Position::from_fen(&pos.fen()).expect("written FEN reads back");
        assert_eq!(again, pos, "position round trip of {text:?}");
        assert_generators_agree(&pos, true);
    }
}

/// Points on which a piece of `role` and `color` may legally stand (so that random boards
/// are often valid positions).
fn possible_points(color: Color, role: Role) -> Vec<Square> {
    Square::all()
        .filter(|&sq| {
            let (f, r) = (sq.file(), sq.relative_rank(color));
            match role {
                Role::General => sq.is_in_palace(color),
                Role::Advisor => sq.is_in_palace(color) && (f + r) % 2 == 1,
                Role::Elephant => matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4)),
                Role::Soldier => r >= 5 || ((r == 3 || r == 4) && f % 2 == 0),
                Role::Horse | Role::Chariot | Role::Cannon => true,
            }
        })
        .collect()
}

/// A random board: both generals in their palaces and up to 20 other pieces, each on a
/// point its kind can reach. It may still be illegal (facing generals, side not to move in
/// check, two unmoved soldiers on a file).
fn random_setup() -> impl Strategy<Value = Setup> {
    (
        any::<(usize, usize)>(),
        prop::collection::vec((0usize..14, any::<usize>()), 0..20),
        any::<bool>(),
    )
        .prop_map(|((rg, bg), others, black_to_move)| {
            let mut board = Board::empty();
            for (color, pick) in [(Color::Red, rg), (Color::Black, bg)] {
                let points = possible_points(color, Role::General);
                board.put(
                    points[pick % points.len()],
                    Piece::new(color, Role::General),
                );
            }
            for (piece, pick) in others {
                let Some(piece) = Piece::from_index(piece) else {
                    continue;
                };
                if piece.role == Role::General
                    || board.by_piece(piece).count() >= u32::from(piece.role.initial_count())
                {
                    continue;
                }
                let points = possible_points(piece.color, piece.role);
                let sq = points[pick % points.len()];
                if board.is_empty_at(sq) {
                    board.put(sq, piece);
                }
            }
            Setup {
                board,
                turn: if black_to_move {
                    Color::Black
                } else {
                    Color::Red
                },
                halfmoves: 0,
                fullmoves: 1,
            }
        })
}

proptest! {
    #![proptest_config(cases(4000))]

    #[test]
    fn fen_reading_never_panics_on_any_text(text in "\\PC{0,120}") {
        check_fen_text(&text);
    }

    #[test]
    fn fen_reading_never_panics_on_fen_like_text(
        text in "[KABNRCPEHkabnrcpeh0-9/]{0,100}( [wbrWBRx-]{0,2}( [-0-9]{0,3}){0,5})?"
    ) {
        check_fen_text(&text);
    }

    #[test]
    fn fen_reading_never_panics_on_mutated_fens(
        fen in prop::sample::select(FENS),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        check_fen_text(&mutate(fen, &edits));
    }
}

proptest! {
    #![proptest_config(cases(800))]

    /// Random playouts (with counters set anywhere, also beyond what a FEN may hold): at every
    /// ply the legal-move list agrees with `is_legal`, the chosen move makes and unmakes
    /// exactly, and the FEN round-trips; every seventh ply (and at
    /// the end) every one of the 90 × 90 (from, to) pairs is tried, and every legal move,
    /// not only the chosen one, is made and unmade.
    #[test]
    fn playouts_keep_generators_keys_and_fens_consistent(
        fen in prop::sample::select(FENS),
        counters in (counter(), counter()),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut setup = Setup::from_fen(fen).expect("valid fixture");
        (setup.halfmoves, setup.fullmoves) = counters;
        let mut pos = Position::from_setup(setup).expect("valid fixture");
        for (ply, &choice) in choices.iter().enumerate() {
            let sampled = ply % 7 == 0;
            assert_generators_agree(&pos, sampled);
            assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos), "FEN round trip");
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            if sampled {
                for &m in moves.iter() {
                    assert_make_unmake_exact(&mut pos, m);
                }
            }
            let m = moves[usize::from(choice) % moves.len()];
            assert_make_unmake_exact(&mut pos, m);
            pos.play(m).expect("a listed move plays");
        }
        assert_generators_agree(&pos, true);
    }

    /// Random boards that pass validation have consistent generators, keys and FENs, and
    /// every legal move leads to a valid position.
    #[test]
    fn random_legal_positions_are_consistent(setup in random_setup()) {
        let Ok(mut pos) = Position::from_setup(setup.clone()) else {
            return Ok(());
        };
        assert_eq!(Position::from_fen(&setup.fen()).as_ref(), Ok(&pos), "FEN round trip");
        assert_generators_agree(&pos, true);
        for &m in pos.legal_moves().iter() {
            assert_make_unmake_exact(&mut pos, m);
        }
    }
}

#[test]
fn random_setups_are_often_legal() {
    // Guards the generator above: if it stopped producing valid positions, the property
    // would pass vacuously.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = random_setup();
    let valid = (0..200)
        .filter(|_| {
            let setup = strategy.new_tree(&mut runner).expect("a setup").current();
            Position::from_setup(setup).is_ok()
        })
        .count();
    assert!(valid >= 50, "only {valid} of 200 random setups are legal");
}
