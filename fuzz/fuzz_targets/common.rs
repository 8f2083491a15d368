//! The fuzz targets' bodies and the checks they share. The bodies live here, not in the
//! targets, so that `crates/xiangqi/tests/it/fuzz_smoke.rs` runs the same checks on stable Rust.

#![allow(dead_code)]

use std::collections::HashSet;
use xiangqi::{chinese, iccs, notation, wxf};
use xiangqi::{Board, Color, Move, Piece, Position, Role, Setup, Square};

/// Legal positions to start from: the opening and positions that stress cannon screens,
/// horse legs, facing generals, pins and checks (see tests/data/perft-crosschecked.tsv).
pub const FIXTURES: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
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
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "2bakabr1/r8/2n3R1c/pC2p3p/9/2p6/P1c1P1P1P/2N1C1N2/9/1RBAKAB2 b - - 0 10",
];

/// Returns fixture `i` (modulo their number).
pub fn fixture(i: u8) -> Position {
    Position::from_fen(FIXTURES[usize::from(i) % FIXTURES.len()]).expect("valid fixture")
}

/// Checks that `legal_moves()` has no duplicates and that `is_legal` accepts exactly its
/// moves among all 90 × 90 (from, to) pairs (or just its moves when `all_pairs` is false).
pub fn generators_agree(pos: &Position, all_pairs: bool) {
    let list = pos.legal_moves();
    let set: HashSet<Move> = list.iter().copied().collect();
    assert_eq!(
        set.len(),
        list.len(),
        "duplicate legal moves in {}",
        pos.fen()
    );
    for &m in list.iter() {
        assert!(pos.is_legal(m), "{m} listed but refused in {}", pos.fen());
    }
    if all_pairs {
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(
                    pos.is_legal(m),
                    set.contains(&m),
                    "is_legal({m}) vs legal_moves() in {}",
                    pos.fen()
                );
            }
        }
    }
    assert_eq!(pos.outcome().is_some(), list.is_empty());
}

/// Makes and unmakes `m`: the position after it must be valid, its incremental key equal to
/// the key computed from its FEN, and unmaking must restore `pos` exactly.
pub fn make_unmake_exact(pos: &mut Position, m: Move) {
    let before = pos.clone();
    let undo = pos.make_move(m);
    let rebuilt = Position::from_fen(&pos.fen())
        .unwrap_or_else(|e| panic!("{m} from {} gives an invalid position: {e}", before.fen()));
    assert_eq!(
        pos.key(),
        rebuilt.key(),
        "incremental key after {m} from {}",
        before.fen()
    );
    assert_eq!(
        *pos,
        rebuilt,
        "FEN round trip after {m} from {}",
        before.fen()
    );
    pos.unmake_move(m, undo);
    assert_eq!(*pos, before, "unmake {m}");
}

/// Every check on one position: FEN round trip, move generators over all pairs, and
/// make/unmake of every legal move.
pub fn check_position(pos: &Position) {
    let again = Position::from_fen(&pos.fen()).expect("written FEN reads back");
    assert_eq!(&again, pos, "FEN round trip");
    generators_agree(pos, true);
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        make_unmake_exact(&mut p, m);
    }
}

/// Tells whether a piece of this kind and colour may ever stand on `sq`.
fn possible(color: Color, role: Role, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.relative_rank(color));
    match role {
        Role::General => sq.is_in_palace(color),
        Role::Advisor => sq.is_in_palace(color) && (f + r) % 2 == 1,
        Role::Elephant => matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4)),
        Role::Soldier => r >= 5 || ((r == 3 || r == 4) && f % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// Builds a board from bytes: two bytes place the generals on palace points, then each pair
/// (piece, point) adds a piece where its kind may stand, up to a 0xff byte or 32 pieces.
/// Returns the position (if legal) and the bytes left over.
pub fn position_from_bytes(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&side, data) = data.split_first()?;
    let (&rg, data) = data.split_first()?;
    let (&bg, mut data) = data.split_first()?;
    let mut board = Board::empty();
    for (color, pick) in [(Color::Red, rg), (Color::Black, bg)] {
        let palace: Vec<Square> = Square::all().filter(|s| s.is_in_palace(color)).collect();
        board.put(
            palace[usize::from(pick) % palace.len()],
            Piece::new(color, Role::General),
        );
    }
    let mut placed = 0;
    while let [p, s, rest @ ..] = data {
        if *p == 0xff || placed == 32 {
            break;
        }
        data = rest;
        placed += 1;
        let Some(piece) = Piece::from_index(usize::from(*p) % 14) else {
            continue;
        };
        let Some(sq) = Square::from_index(usize::from(*s) % 90) else {
            continue;
        };
        if piece.role != Role::General
            && board.is_empty_at(sq)
            && possible(piece.color, piece.role, sq)
            && board.by_piece(piece).count() < u32::from(piece.role.initial_count())
        {
            board.put(sq, piece);
        }
    }
    let setup = Setup {
        board,
        turn: if side & 1 == 0 {
            Color::Red
        } else {
            Color::Black
        },
        halfmoves: 0,
        fullmoves: 1,
    };
    let pos = Position::from_setup(setup).ok()?;
    Some((pos, data))
}

/// Arbitrary bytes as a FEN: reading never panics; whatever is read writes back to the same
/// setup or position; a legal position has consistent move generators, keys and make/unmake.
pub fn fen_target(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let setup = Setup::from_fen(&text);
    if let Ok(s) = &setup {
        assert_eq!(
            Setup::from_fen(&s.fen()).as_ref(),
            Ok(s),
            "setup round trip"
        );
    }
    if let Ok(pos) = Position::from_fen(&text) {
        assert!(setup.is_ok(), "a position without a setup");
        check_position(&pos);
    }
}

/// Bytes drive a playout: the first byte picks a fixture (even) or a board built from the
/// following bytes (odd); each further byte picks the next legal move by index, for 64 plies
/// at most. Every ply the move list must agree with `is_legal` and make/unmake of the chosen
/// move must be exact; at the start, every eighth ply and at the end all 90 × 90
/// (from, to) pairs are tried and every legal move is made and unmade.
pub fn legal_target(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let (mut pos, choices) = if head & 1 == 0 {
        (fixture(head >> 1), rest)
    } else {
        match position_from_bytes(rest) {
            Some(found) => found,
            None => return,
        }
    };
    for (ply, &choice) in choices.iter().take(64).enumerate() {
        if ply % 8 == 0 {
            check_position(&pos);
        } else {
            generators_agree(&pos, false);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let m = moves[usize::from(choice) % moves.len()];
        make_unmake_exact(&mut pos, m);
        pos.play(m).expect("a listed move plays");
    }
    check_position(&pos);
}

/// Arbitrary text fed to the move-notation readers (ICCS, WXF, Chinese, any) on positions
/// reached by a short playout: reading never panics, a move read is legal, and every legal
/// move written in WXF or Chinese reads back as itself.
///
/// Input: byte 0 picks a fixture, byte 1 the number of plies (0-15), then one byte per ply
/// picks the move; the rest is the text (UTF-8, invalid bytes replaced).
pub fn notation_target(data: &[u8]) {
    let [which, plies, rest @ ..] = data else {
        return;
    };
    let mut pos = fixture(*which);
    let plies = usize::from(plies % 16).min(rest.len());
    for &choice in &rest[..plies] {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(choice) % moves.len()])
            .expect("a listed move plays");
    }
    let text = String::from_utf8_lossy(&rest[plies..]);
    let results = [
        iccs::parse(&pos, &text),
        wxf::parse(&pos, &text),
        chinese::parse(&pos, &text),
        notation::parse_any(&pos, &text),
    ];
    for m in results.into_iter().flatten() {
        assert!(
            pos.is_legal(m),
            "{text:?} read as illegal {m} in {}",
            pos.fen()
        );
    }
    for &m in pos.legal_moves().iter() {
        let w = wxf::write(&pos, m).expect("WXF of a legal move");
        assert_eq!(
            wxf::parse(&pos, &w).ok(),
            Some(m),
            "WXF {w} in {}",
            pos.fen()
        );
        let c = chinese::write(&pos, m).expect("Chinese of a legal move");
        assert_eq!(
            chinese::parse(&pos, &c).ok(),
            Some(m),
            "Chinese {c} in {}",
            pos.fen()
        );
        assert_eq!(notation::parse_any(&pos, &w).ok(), Some(m), "any {w}");
        assert_eq!(notation::parse_any(&pos, &c).ok(), Some(m), "any {c}");
        assert_eq!(iccs::parse(&pos, &iccs::write(m)).ok(), Some(m), "ICCS {m}");
    }
}
