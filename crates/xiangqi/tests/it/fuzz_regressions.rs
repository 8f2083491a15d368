//! Inputs found by the fuzz targets in `fuzz/` (see `docs/testing.md`), kept as tests once the
//! bug they showed was fixed.

use xiangqi::{Position, Setup};

/// Checks what the `fen` fuzz target checks: the FEN round-trips, and after every legal move
/// the position's FEN reads back as the same position with the same key, and unmaking
/// restores it.
fn assert_fen_target_holds(text: &str) {
    let pos = Position::from_fen(text).expect("the input is a legal position");
    assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos));
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        let undo = p.make_move(m);
        let reread = Position::from_fen(&p.fen())
            .unwrap_or_else(|e| panic!("after {m}, {} does not read back: {e}", p.fen()));
        assert_eq!(reread, p, "after {m}");
        assert_eq!(reread.key(), p.key(), "key after {m}");
        p.unmake_move(m, undo);
        assert_eq!(p, pos, "unmake {m}");
    }
}

/// Found by `fen` in 10 s (minimised by `cargo fuzz tmin`): with the half-move clock at the
/// largest value a FEN may hold (100 000), a quiet move made it 100 001 and the position's
/// own FEN was refused. The counters now stop at 100 000.
#[test]
fn half_move_clock_at_the_fen_limit_reads_back_after_a_move() {
    assert_fen_target_holds("C1bak4/9/c2n14/2p3p2/9/4R4/P7P/9/9/2B2K3 b - - 0100000");
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 100000 7").expect("legal");
    pos.play("e0e1".parse().expect("move")).expect("legal move");
    assert_eq!(pos.halfmoves(), 100_000);
    assert_eq!(pos.fen(), "3k5/9/9/9/9/9/9/9/4K4/9 b - - 100000 7");
}

/// The same for the move number, which grows after each Black move.
#[test]
fn move_number_at_the_fen_limit_reads_back_after_a_black_move() {
    assert_fen_target_holds("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 100000");
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 100000").expect("legal");
    let before = pos.clone();
    let m = "d9d8".parse().expect("move");
    let undo = pos.make_move(m);
    assert_eq!(pos.fullmoves(), 100_000);
    pos.unmake_move(m, undo);
    assert_eq!(pos, before, "unmake restores the move number exactly");
}

/// A setup built in code (not read from FEN) may hold any counters; a position made from it
/// keeps them within what a FEN may hold, so playing on never overflows.
#[test]
fn counters_of_a_built_setup_are_kept_within_the_fen_limit() {
    let mut setup = Setup::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").expect("setup");
    setup.halfmoves = u32::MAX;
    setup.fullmoves = u32::MAX;
    let mut pos = Position::from_setup(setup).expect("legal");
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (100_000, 100_000));
    pos.play("e0e1".parse().expect("move")).expect("legal move");
    pos.play("d9d8".parse().expect("move")).expect("legal move");
    assert_eq!(Position::from_fen(&pos.fen()).as_ref(), Ok(&pos));
}
