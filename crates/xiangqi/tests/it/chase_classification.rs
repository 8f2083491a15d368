//! What counts as a chase (WXF 2018, repetition rules and the chase examples of its
//! appendix), one rule per test, on composed positions small enough to check by hand.
//! Each test plays one move and asks `threats_of_move` which enemy pieces it chases; the
//! cycle rulings built on these are in `rules_cycles.rs`, `repetition_axf.rs` and
//! `cycles_fsf.rs`. Squares are ICCS: files a–i from Red's left, ranks 0–9 from Red's side.

use xiangqi::game::{judge_cycle, threats_of_move, CycleStep, GameResult, Reason, RuleSet};
use xiangqi::{Bitboard, Color, Move, Position, Square};

/// The pieces `iccs` chases when played in `fen`, as sorted ICCS squares.
fn chased(fen: &str, iccs: &str) -> Vec<String> {
    chased_after(fen, &[], iccs)
}

/// The pieces `iccs` chases when played in `fen` after `moves`, as sorted ICCS squares.
fn chased_after(fen: &str, moves: &[&str], iccs: &str) -> Vec<String> {
    let mut pos = Position::from_fen(fen).expect("legal FEN");
    for m in moves {
        pos.play(m.parse().expect("ICCS")).expect("legal move");
    }
    let m: Move = iccs.parse().expect("ICCS");
    let after = pos.after(m).expect("legal move");
    threats_of_move(&pos, m, &after)
        .chased
        .into_iter()
        .map(|s| s.to_string())
        .collect()
}

// --- Legal captures only -------------------------------------------------------------------

/// Red's chariot steps e2e3 and so attacks the unprotected horse on a3 along rank 3, but it
/// is pinned on the e-file by Black's chariot on e9: taking would expose Red's general.
#[test]
fn a_pinned_attacker_does_not_chase() {
    assert_eq!(
        chased("3kr4/9/9/9/9/9/n8/4R4/9/4K4 w", "e2e3"),
        Vec::<String>::new()
    );
    // Without the pinning chariot the same move chases the horse.
    assert_eq!(chased("3k5/9/9/9/9/9/n8/4R4/9/4K4 w", "e2e3"), ["a3"]);
}

/// Red's cannon, the only piece between the generals, steps e4e5 and attacks the horse on
/// a5 over the soldier on c5; taking it would let the generals face each other, so it
/// threatens nothing.
#[test]
fn an_attacker_whose_capture_lets_the_generals_face_does_not_chase() {
    assert_eq!(
        chased("4k4/9/9/9/n1p6/4C4/9/9/9/4K4 w", "e4e5"),
        Vec::<String>::new()
    );
    // With another piece on the file the same move chases the horse.
    assert_eq!(chased("4k4/9/9/9/n1p6/4C4/9/9/4A4/4K4 w", "e4e5"), ["a5"]);
}

// --- Protection, judged after the capture --------------------------------------------------

/// d2d7 attacks the horse on e7. Before the capture Black's cannon on a7 cannot reach e7
/// (its screen c7 is followed by the chariot on d7), but once the chariot has taken on e7 the
/// cannon's line is open over c7: the capture makes the recapture possible, so the horse is
/// protected and not chased.
#[test]
fn a_recapture_that_the_capture_opens_protects() {
    assert_eq!(
        chased("4k4/9/c1N1n4/9/9/9/9/3R5/9/5K3 w", "d2d7"),
        Vec::<String>::new()
    );
    // Without the screen on c7 the cannon cannot recapture: the horse is chased (and so is
    // the cannon, now attacked along rank 7 and unprotected).
    assert_eq!(
        chased("4k4/9/c3n4/9/9/9/9/3R5/9/5K3 w", "d2d7"),
        ["a7", "e7"]
    );
}

/// a2c2 attacks the horse on c7 up the c-file, "protected" by Black's chariot on e7, which
/// is pinned on the e-file by Red's chariot on e1: a false root, so the horse is chased.
#[test]
fn a_pinned_defender_is_a_false_root() {
    assert_eq!(chased("4k4/9/2n1r4/9/9/9/9/R8/4R4/3K5 w", "a2c2"), ["c7"]);
    // Without the pin the chariot on e7 protects the horse, and nothing is chased.
    assert_eq!(
        chased("4k4/9/2n1r4/9/9/9/9/R8/9/3K5 w", "a2c2"),
        Vec::<String>::new()
    );
}

/// f6e6 attacks the advisor on e8, whose only defender is the general on d8; but the
/// general cannot take back on e8, where Red's crossed soldier on f8 attacks it: a false
/// root, so the advisor is chased.
#[test]
fn a_defender_whose_recapture_is_illegal_is_a_false_root() {
    assert_eq!(
        chased("9/3kaP3/9/5R3/4p1b2/2P6/6N2/B4K3/9/3A1A3 w", "f6e6"),
        ["e8"]
    );
}

// --- Stronger pieces, exchanges and offers -------------------------------------------------

/// A horse attacking a chariot chases it even when the chariot is protected.
#[test]
fn a_horse_chases_a_protected_chariot() {
    // c2b4 attacks the chariot on a6, protected by the chariot on a9.
    assert_eq!(chased("r2k5/9/9/r8/9/9/9/2N6/9/4K4 w", "c2b4"), ["a6"]);
}

/// Chariot against chariot that can take back at once is an offer to exchange, not a chase.
#[test]
fn a_genuine_exchange_of_equal_pieces_is_not_a_chase() {
    // a1a6 meets Black's chariot on c6 along rank 6; it can take a6 back.
    assert_eq!(
        chased("3k5/9/9/2r6/9/9/9/9/R8/4K4 w", "a1a6"),
        Vec::<String>::new()
    );
}

/// A piece moved into an attack is offered, not chased: after Black's horse steps onto the
/// chariot's file, Red's idle general move creates no chase of it.
#[test]
fn an_offered_piece_is_not_chased_by_the_other_side() {
    let mut pos = Position::from_fen("3k5/9/9/9/9/1n7/9/9/9/R3K4 b").expect("legal FEN");
    pos.play("b4a6".parse().expect("ICCS")).expect("legal");
    let m: Move = "e0e1".parse().expect("ICCS");
    let after = pos.after(m).expect("legal");
    assert!(threats_of_move(&pos, m, &after).chased.is_empty());
}

// --- How the threat is made -----------------------------------------------------------------

/// The horse leaves the chariot's file and uncovers its attack on the unprotected cannon.
#[test]
fn a_discovered_attack_chases() {
    assert_eq!(chased("3k5/9/c8/9/9/N8/9/9/R8/4K4 w", "a4b6"), ["a7"]);
}

/// A piece that steps between Red's cannon and Black's chariot becomes the cannon's screen:
/// the cannon now attacks the chariot (stronger), a chase.
#[test]
fn a_cannon_whose_screen_is_the_moving_piece_chases() {
    assert_eq!(chased("3k5/9/r8/9/9/9/9/1N7/9/C3K4 w", "b2a4"), ["a7"]);
}

/// Soldiers are chased only across the river.
#[test]
fn soldiers_are_chased_only_after_crossing_the_river() {
    // Black's soldier on e6 has not crossed (Black's side is ranks 5–9).
    assert_eq!(
        chased("3k5/9/9/4p4/9/9/9/9/R8/4K4 w", "a1a6"),
        Vec::<String>::new()
    );
    // On e4 it has crossed: chased.
    assert_eq!(chased("3k5/9/9/9/9/4p4/9/9/R8/4K4 w", "a1a4"), ["e4"]);
}

/// The general's and the soldiers' threats are always allowed.
#[test]
fn the_general_and_soldiers_do_not_chase() {
    // Red's general steps e0e1 next to the unprotected cannon on d1.
    assert_eq!(
        chased("5k3/9/9/9/9/9/9/9/3c5/4K4 w", "e0e1"),
        Vec::<String>::new()
    );
    // Red's crossed soldier steps e6d6 next to the unprotected cannon on c6.
    assert_eq!(
        chased("3k5/9/9/2c1P4/9/9/9/9/9/5K3 w", "e6d6"),
        Vec::<String>::new()
    );
}

// --- Cutting the root ------------------------------------------------------------------------

/// Red: general f0, chariot g4, soldier c6 (crossed). Black: general e9, cannon c9, horse c4,
/// elephants a7 and e7. Red's chariot attacks the horse on c4 along rank 4 all along; the
/// horse's root is the cannon on c9, which protects it over exactly one screen on the c-file.
/// The soldier stepping off the file (c6d6) leaves the cannon no screen; stepping back on
/// when an elephant stands on c5 (d6c6) gives it two: either way the horse is left
/// unprotected, and the old attack now wins it. That is a chase by the chariot, as in the
/// rule book's appendix example of perpetual chase, where a pawn shuttles to keep a horse
/// "unprotected" (WXF 2018, repetition rules; Asian rules as published by the WXF, appendix).
#[test]
fn cutting_the_root_of_an_attacked_piece_chases_it() {
    let fen = "2c1k4/9/b3b4/2P6/9/2n3R2/9/9/9/5K3 w";
    assert_eq!(chased(fen, "c6d6"), ["c4"]);
    // The elephant steps onto c5 and protects the horse again (one screen); the soldier's
    // return to c6 makes two screens.
    assert_eq!(chased_after(fen, &["c6d6", "a7c5"], "d6c6"), ["c4"]);
    // A move that does not touch the horse's protection is no chase: the horse stays
    // protected and the chariot's attack stays what it was.
    assert_eq!(chased(fen, "f0f1"), Vec::<String>::new());
}

/// A defence that cuts a root on the way is not a chase. Red: general e0, advisors e1 and
/// f0, cannon a8, horse g8, chariot b6, soldier e3. Black: general e9, advisors d9 and f9,
/// elephant c9, chariots f8 and h9, soldiers c6 and e6. Black's chariot on f8 cannot move
/// off the leg of Red's horse aimed at e9, but it may take the horse. b6b8 attacks that
/// chariot along rank 8, and with the chariot on b8 as its screen Red's cannon on a8 would
/// take back on g8. The advisor f9e8 blocks the attack on the chariot, and in doing so is a
/// second screen before the cannon: the horse loses its root. Black is defending, not
/// chasing the horse (the Asian rules' diagram 39, as Fairy-Stockfish's suite composes it:
/// the side that blocks is not at fault).
#[test]
fn a_defence_that_cuts_a_root_does_not_chase() {
    let fen = "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w";
    assert_eq!(chased_after(fen, &["b6b8"], "f9e8"), Vec::<String>::new());
}

// --- Threats of mate ("kill") ---------------------------------------------------------------

/// Red: general f0, chariot a8. Black: general f9, chariot e9, cannon f1. a8a1 attacks the
/// unprotected cannon on f1, and taking it would mate: the chariot on f1 would check up the
/// open f-file, e9 is Black's own chariot and f8 is on the file. A threat to take a piece
/// whose capture mates is a threat of mate ("kill"), which may be repeated (WXF 2018,
/// repetition rules), not a chase.
#[test]
fn threatening_a_capture_that_mates_is_a_kill_not_a_chase() {
    assert_eq!(
        chased("4rk3/R8/9/9/9/9/9/9/5c3/5K3 w", "a8a1"),
        Vec::<String>::new()
    );
    // Without Black's chariot on e9 the general escapes there after the capture: no mate,
    // and the same move chases the cannon.
    assert_eq!(chased("5k3/R8/9/9/9/9/9/9/5c3/5K3 w", "a8a1"), ["f1"]);
}

/// Red: general e0, chariot a4, horse b4. Black: general d9, horse h3. a4a3 threatens mate
/// (a3d3: check up the d-file, d8 on the file, e9 facing Red's general) and on the way
/// attacks the unprotected horse on h3. A move that makes a new threat of mate is a kill,
/// whatever else it threatens. But a mate threat that stood before the move and was not
/// answered excuses nothing: without the horse on b4 the chariot on a4 already threatened
/// a4d4 mate, and a4a3 is a chase of the horse.
#[test]
fn a_new_mate_threat_is_a_kill_whatever_else_the_move_attacks() {
    assert_eq!(
        chased("3k5/9/9/9/9/RN7/7n1/9/9/4K4 w", "a4a3"),
        Vec::<String>::new()
    );
    assert_eq!(chased("3k5/9/9/9/9/R8/7n1/9/9/4K4 w", "a4a3"), ["h3"]);
}

// --- From the plies to the cycle ------------------------------------------------------------

fn step(mv: &str, mover: Color, check: bool, chased: &[&str]) -> CycleStep {
    let mut b = Bitboard::EMPTY;
    for s in chased {
        b.insert(s.parse::<Square>().expect("square"));
    }
    CycleStep {
        mv: mv.parse().expect("ICCS"),
        mover,
        check,
        chased: b,
    }
}

/// One piece chasing two different targets in turn chases neither perpetually.
#[test]
fn one_piece_chasing_two_targets_alternately_is_allowed() {
    let steps = [
        step("d4c4", Color::Red, false, &["c7"]),
        step("i9i8", Color::Black, false, &[]),
        step("c4d4", Color::Red, false, &["d8"]),
        step("i8i9", Color::Black, false, &[]),
    ];
    assert_eq!(
        judge_cycle(&steps, RuleSet::Wxf2018).result,
        GameResult::Draw
    );
}

/// Two pieces taking turns to chase one target chase it perpetually.
#[test]
fn two_pieces_chasing_one_target_lose() {
    let steps = [
        step("c2b4", Color::Red, false, &["a6"]),
        step("i9i8", Color::Black, false, &[]),
        step("h0h6", Color::Red, false, &["a6"]),
        step("i8i9", Color::Black, false, &[]),
    ];
    let r = judge_cycle(&steps, RuleSet::Wxf2018);
    assert_eq!(
        (r.result, r.reason),
        (GameResult::BlackWins, Reason::PerpetualChase)
    );
}

/// Check alternating with an idle move, or with a threat of mate ("kill"), is allowed: the
/// side that checks does not check on every move and chases nothing.
#[test]
fn check_alternating_with_idle_or_kill_is_allowed() {
    let steps = [
        step("h8h9", Color::Red, true, &[]),
        step("d9d8", Color::Black, false, &[]),
        step("h9h7", Color::Red, false, &[]),
        step("d8d9", Color::Black, false, &[]),
    ];
    assert_eq!(
        judge_cycle(&steps, RuleSet::Wxf2018).result,
        GameResult::Draw
    );
}

/// Both sides chasing perpetually is a mutual chase: a draw.
#[test]
fn mutual_chase_is_a_draw() {
    let steps = [
        step("d6c4", Color::Red, false, &["a5"]),
        step("a5b5", Color::Black, false, &["c4"]),
        step("c4d6", Color::Red, false, &["b5"]),
        step("b5a5", Color::Black, false, &["d6"]),
    ];
    let r = judge_cycle(&steps, RuleSet::Wxf2018);
    assert_eq!((r.result, r.reason), (GameResult::Draw, Reason::Repetition));
}
