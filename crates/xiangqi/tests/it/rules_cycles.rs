//! End-of-game rulings on small composed positions: repetition (perpetual check and chase,
//! WXF 2018 repetition rules), the move-count draws, insufficient material, checkmate and
//! "no legal move loses" (WXF 2018, winning and losing), resignation, time and agreement, and
//! the `BlockMove` repetition policy.
//!
//! Every position is small enough to check by hand; the comment above each test says which
//! piece threatens which and why a piece is or is not protected. Squares are ICCS: files a–i
//! from Red's left, ranks 0–9 from Red's back rank; Red's side of the river is ranks 0–4.
//!
//! Each repetition cycle was also given to Fairy-Stockfish (`scripts/rules_crosscheck.py`,
//! pyffish 0.0.90, variant "xiangqi"), which rules at the third occurrence under its Asian
//! (AXF) chasing rules; its verdict is recorded in the comment of each test. Our `wxf-2018`
//! rule set warns at the third occurrence and rules at the fourth, so that is where we look.

use xiangqi::game::{Game, GameError, GameResult, Reason, RepetitionPolicy, RuleSet, Status};
use xiangqi::{Color, Move, Position, Role};

/// `lap` repeated until `plies` moves.
fn laps<'a>(lap: &[&'a str], plies: usize) -> Vec<&'a str> {
    lap.iter().cycle().take(plies).copied().collect()
}

/// Replays `moves` from `fen` under `rules`; every move must be accepted.
fn play(fen: &str, moves: &[&str], rules: RuleSet) -> Game {
    Game::replay(Some(fen), moves, rules).expect("legal position and moves")
}

/// Replays `plies` moves of the cycle `lap` from `fen`.
fn cycle(fen: &str, lap: &[&str], plies: usize, rules: RuleSet) -> Game {
    play(fen, &laps(lap, plies), rules)
}

fn assert_ongoing(status: &Status) {
    assert_eq!(status.result, GameResult::Ongoing, "{status:?}");
    assert_eq!(status.reason, None, "{status:?}");
}

fn assert_ruling(status: &Status, result: GameResult, reason: Reason) {
    assert_eq!(
        (status.result, status.reason),
        (result, Some(reason)),
        "{status:?}"
    );
    assert!(status.warning.is_none(), "{status:?}");
}

/// Asserts that `text` contains every one of `parts`.
fn assert_mentions(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} missing from {text:?}");
    }
}

/// Checks a cycle of four plies under `wxf-2018`: ongoing through ply 7; at ply 8 (third
/// occurrence of the start position) still ongoing, with a warning that names the offender
/// when there is one; ongoing through ply 11; decided at ply 12 (fourth occurrence).
fn wxf_cycle(fen: &str, lap: &[&str], result: GameResult, reason: Reason) -> Game {
    for plies in 1..12 {
        let game = cycle(fen, lap, plies, RuleSet::Wxf2018);
        assert_ongoing(game.status());
        if plies < 8 {
            assert!(
                game.status().warning.is_none(),
                "ply {plies}: {:?}",
                game.status()
            );
        }
    }
    let third = cycle(fen, lap, 8, RuleSet::Wxf2018);
    if result == GameResult::Draw {
        assert!(third.status().warning.is_none(), "{:?}", third.status());
    } else {
        let offender = if result == GameResult::RedWins {
            "Black"
        } else {
            "Red"
        };
        let warning = third.status().warning.as_deref().expect("a warning");
        assert!(
            warning.starts_with(&format!("{offender} is repeating")),
            "{warning}"
        );
        assert_mentions(warning, &["Repeating once more loses"]);
    }
    let game = cycle(fen, lap, 12, RuleSet::Wxf2018);
    assert_ruling(game.status(), result, reason);
    game
}

/// Checks a cycle of four plies under `casual`: ongoing through ply 7, decided at ply 8.
fn casual_cycle(fen: &str, lap: &[&str], result: GameResult, reason: Reason) -> Game {
    let before = cycle(fen, lap, 7, RuleSet::Casual);
    assert_ongoing(before.status());
    assert!(before.status().warning.is_none());
    let game = cycle(fen, lap, 8, RuleSet::Casual);
    assert_ruling(game.status(), result, reason);
    game
}

// ---------------------------------------------------------------------------------------------
// Perpetual check

/// Red: general e0, chariot h8. Black: general d9 alone.
/// Red's chariot checks along rank 9 (h8h9: e9–g9 are empty) and along rank 8 (h9h8), while
/// Black's general steps between d9 and d8; neither d8 nor d9 is attacked by the chariot on
/// the other rank. Every Red move is a check, Black's moves threaten nothing.
const CHARIOT_CHECKS: &str = "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1";
const CHARIOT_CHECKS_LAP: [&str; 4] = ["h8h9", "d9d8", "h9h8", "d8d9"];

/// wxf-2018: warned at the third occurrence (ply 8), lost at the fourth (ply 12), not before.
/// Fairy-Stockfish agrees (Black wins; it rules at the third occurrence).
#[test]
fn chariot_perpetual_check_loses_at_the_fourth_occurrence_under_wxf_2018() {
    let third = cycle(CHARIOT_CHECKS, &CHARIOT_CHECKS_LAP, 8, RuleSet::Wxf2018);
    assert_ongoing(third.status());
    let warning = third.status().warning.as_deref().expect("a warning");
    assert_mentions(
        warning,
        &[
            "Red is repeating with perpetual check",
            "Red's chariot checked on every move from move 1 to move 4",
            "Repeating once more loses: Red must play a move that does not give check",
        ],
    );
    let game = wxf_cycle(
        CHARIOT_CHECKS,
        &CHARIOT_CHECKS_LAP,
        GameResult::BlackWins,
        Reason::PerpetualCheck,
    );
    assert_mentions(
        &game.status().explanation,
        &[
            "Red loses by perpetual check",
            "occurred 4 times",
            "Red's chariot checked on every move from move 1 to move 6 (R2+1, R2-1, R2+1, R2-1, R2+1, R2-1)",
            "Black's replies broke no rule",
        ],
    );
    // The game is over: no more moves, no resignation.
    assert!(game.legal_moves().is_empty());
    let mut game = game;
    assert!(matches!(
        game.play_iccs("h8h7"),
        Err(GameError::GameOver(_))
    ));
    assert!(matches!(
        game.resign(Color::Black),
        Err(GameError::GameOver(_))
    ));
}

/// casual: the third occurrence decides; exactly one side checked on every move, so it loses.
/// Fairy-Stockfish agrees.
#[test]
fn chariot_perpetual_check_loses_at_the_third_occurrence_under_casual() {
    let game = casual_cycle(
        CHARIOT_CHECKS,
        &CHARIOT_CHECKS_LAP,
        GameResult::BlackWins,
        Reason::PerpetualCheck,
    );
    assert_mentions(
        &game.status().explanation,
        &["Red loses by perpetual check", "occurred 3 times"],
    );
}

// ---------------------------------------------------------------------------------------------
// Perpetual chase

/// Red: general d0, horse d6. Black: general e9, chariot a5.
/// d6c4: the horse (leg c5 empty) lands on c4 and attacks a5 (leg b4 empty). a5b5: the chariot
/// runs to b5, which c4 does not attack. c4d6: the horse (leg c5) attacks b5 (leg c6 empty).
/// b5a5: back to the start. The chariot on a5 or b5 attacks nothing (its file and rank 5 are
/// empty), and nothing of Black's can take back on a5 or b5.
const HORSE_CHASE: &str = "4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1";
/// The same, with a second Black chariot on i5 guarding rank 5: a5 and b5 are protected.
const HORSE_CHASE_PROTECTED: &str = "4k4/9/9/3N5/r7r/9/9/9/9/3K5 w - - 0 1";
const HORSE_CHASE_LAP: [&str; 4] = ["d6c4", "a5b5", "c4d6", "b5a5"];

/// Every Red move threatens the same chariot, following it: a perpetual chase; Red loses at
/// the fourth occurrence after a warning at the third.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn horse_chasing_an_unprotected_chariot_loses() {
    let third = cycle(HORSE_CHASE, &HORSE_CHASE_LAP, 8, RuleSet::Wxf2018);
    let warning = third.status().warning.as_deref().expect("a warning");
    assert_mentions(
        warning,
        &[
            "Red is repeating with perpetual chase",
            "Red's horse chased Black's chariot on a5",
        ],
    );
    let game = wxf_cycle(
        HORSE_CHASE,
        &HORSE_CHASE_LAP,
        GameResult::BlackWins,
        Reason::PerpetualChase,
    );
    assert_mentions(
        &game.status().explanation,
        &[
            "Red loses by perpetual chase",
            "Red's horse chased Black's chariot on a5 on every move",
            "Black's replies broke no rule",
        ],
    );
}

/// casual does not judge chases: the third occurrence is a plain draw.
/// Fairy-Stockfish rules a Black win here because it judges chases at the third occurrence;
/// we draw because the casual rule set only punishes perpetual check.
#[test]
fn casual_does_not_judge_chases() {
    let game = casual_cycle(
        HORSE_CHASE,
        &HORSE_CHASE_LAP,
        GameResult::Draw,
        Reason::Repetition,
    );
    assert_mentions(
        &game.status().explanation,
        &[
            "Drawn by repetition",
            "Red chased with every move, but these rules do not judge chases",
        ],
    );
}

/// A horse threatening a chariot chases it even when the chariot is protected (the chariot is
/// worth more): the i5 chariot could take back on a5 or b5, and Red still loses.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn horse_chasing_a_protected_chariot_still_loses() {
    let game = wxf_cycle(
        HORSE_CHASE_PROTECTED,
        &HORSE_CHASE_LAP,
        GameResult::BlackWins,
        Reason::PerpetualChase,
    );
    assert_mentions(
        &game.status().explanation,
        &["Red's horse chased Black's chariot on a5 on every move"],
    );
}

/// Red: general e0, chariot d4. Black: general f9, advisor e8, elephant e7, horse c5.
/// d4c4 attacks the horse on c5 (adjacent on the file); c5d7 (leg c6) escapes to d7, which c4
/// does not see; c4d4 attacks d7 up the d-file (d5, d6 empty); d7c5 (leg d6) escapes back.
/// On c5 the horse is protected by the elephant on e7 (eye d6 empty), on d7 by the advisor on
/// e8, so the chariot's threats are not chases: a plain repetition, drawn.
/// The horse never attacks the chariot (c5 and d7 are not a horse's move from c4 or d4).
const CHARIOT_FOLLOWS_HORSE: &str = "5k3/4a4/4b4/9/2n6/3R5/9/9/9/4K4 w - - 0 1";
/// The same without the advisor and the elephant: nothing protects the horse.
const CHARIOT_FOLLOWS_LONE_HORSE: &str = "5k3/9/9/9/2n6/3R5/9/9/9/4K4 w - - 0 1";
const CHARIOT_FOLLOWS_LAP: [&str; 4] = ["d4c4", "c5d7", "c4d4", "d7c5"];

/// Fairy-Stockfish agrees (draw).
#[test]
fn chariot_following_a_protected_horse_is_a_draw() {
    let game = wxf_cycle(
        CHARIOT_FOLLOWS_HORSE,
        &CHARIOT_FOLLOWS_LAP,
        GameResult::Draw,
        Reason::Repetition,
    );
    assert_mentions(
        &game.status().explanation,
        &[
            "Drawn by repetition",
            "neither side checked or chased on every move",
        ],
    );
    casual_cycle(
        CHARIOT_FOLLOWS_HORSE,
        &CHARIOT_FOLLOWS_LAP,
        GameResult::Draw,
        Reason::Repetition,
    );
}

/// The contrast: without protection the same moves chase the horse, and Red loses.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn chariot_following_an_unprotected_horse_loses() {
    let game = wxf_cycle(
        CHARIOT_FOLLOWS_LONE_HORSE,
        &CHARIOT_FOLLOWS_LAP,
        GameResult::BlackWins,
        Reason::PerpetualChase,
    );
    assert_mentions(
        &game.status().explanation,
        &["Red's chariot chased Black's horse on c5 on every move"],
    );
}

/// Red: general e1. Black: general f9, cannon d2 (deep in Red's palace).
/// e1e2 puts the general next to the cannon on d2; d2d1 escapes (d1 is not next to e2);
/// e2e1 attacks d1; d1d2 escapes. The captures would be legal (no Black piece guards d1 or d2,
/// and the generals are not on one file), so the only reason this is not a chase is that the
/// general's threats are allowed. The cannon never checks: it stands next to the general with
/// no screen.
/// Fairy-Stockfish agrees (draw).
#[test]
fn general_threats_are_not_chases() {
    let fen = "5k3/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1";
    let lap = ["e1e2", "d2d1", "e2e1", "d1d2"];
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &["neither side checked or chased on every move"],
    );
}

/// Red: general f0, soldier e6 (crossed: it moves sideways). Black: general d9, cannon d7.
/// e6d6 attacks d7 (straight ahead); d7e7 escapes; d6e6 attacks e7; e7d7 escapes. The cannon
/// is unprotected (the general on d9 is two points away), so only the soldier exemption makes
/// this a draw. The cannon, with the soldier as its only screen, looks down an empty file
/// and checks nothing (Red's general is on the f-file).
/// Fairy-Stockfish agrees (draw).
#[test]
fn crossed_soldier_threats_are_not_chases() {
    let fen = "3k5/9/3c5/4P4/9/9/9/9/9/5K3 w - - 0 1";
    let lap = ["e6d6", "d7e7", "d6e6", "e7d7"];
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &["neither side checked or chased on every move"],
    );
}

/// Red: general d0, cannon e2, horse c5. Black: general f9, soldier e6 (not crossed).
/// c5e4 (leg d5) puts the horse on the e-file as the cannon's screen: the cannon now attacks
/// e6. e4c5 (leg d4) takes the screen away, and the horse on c5 attacks e6 itself (leg d5).
/// So every Red move makes a new threat on e6, while Black's general shuffles f9–f8. A soldier
/// on its own side of the river may be threatened freely: draw.
/// Fairy-Stockfish agrees (draw).
#[test]
fn threats_to_an_uncrossed_soldier_are_not_chases() {
    let fen = "5k3/9/9/4p4/2N6/9/9/4C4/9/3K5 w - - 0 1";
    let lap = ["c5e4", "f9f8", "e4c5", "f8f9"];
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &["neither side checked or chased on every move"],
    );
}

/// The same manoeuvre against a Black chariot on e6 is a perpetual chase (horse and cannon
/// threats on a chariot always count). The chariot, looking down the e-file, sees the horse
/// on e4 but Black never moves it, so Black threatens nothing new.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn the_same_threats_against_a_chariot_lose() {
    let fen = "5k3/9/9/4r4/2N6/9/9/4C4/9/3K5 w - - 0 1";
    let lap = ["c5e4", "f9f8", "e4c5", "f8f9"];
    let game = wxf_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualChase);
    assert_mentions(
        &game.status().explanation,
        &["Red's cannon and horse chased Black's chariot on e6 on every move"],
    );
}

/// Two ranks lower, against a Black soldier on e4 that HAS crossed the river: cannon e0,
/// horse c3–e2 (legs d3 and d2). The soldier is unprotected, so this is a chase, and Red loses.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn threats_to_a_crossed_soldier_are_chases() {
    let fen = "5k3/9/9/9/9/4p4/2N6/9/9/3KC4 w - - 0 1";
    let lap = ["c3e2", "f9f8", "e2c3", "f8f9"];
    let game = wxf_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualChase);
    assert_mentions(
        &game.status().explanation,
        &["Red's cannon and horse chased Black's soldier on e4 on every move"],
    );
}

// ---------------------------------------------------------------------------------------------
// Perpetual kill, and a chase made by cutting the root (the rule book's examples)

/// Red: general f0, chariot a8. Black: general f9, chariot e9, cannon f1.
/// a8a1 attacks the cannon on f1 along rank 1, and taking it would mate: from f1 the chariot
/// checks up the open f-file, f8 is on the file and e9 is Black's own chariot. f1f8: the
/// cannon runs next to its general. a1a8 attacks it on f8 along rank 8, and taking it would
/// mate again: Black's general cannot take back on f8, where it would face Red's general up
/// the open f-file. f8f1: back. Every Red move threatens mate ("kill"), every Black move
/// parries it. Threatening mate may be repeated (WXF 2018, repetition rules; the rule book's
/// examples of perpetual kill, such as diagrams 34, 35 and 104 of the Asian rules as the WXF
/// publishes them, where the side that threatens mate with every move breaks no rule): a
/// draw. We used to count the threat to take the cannon as a chase and ruled a Red loss, as
/// Fairy-Stockfish still does (pyffish 0.0.90: Black wins): it has no notion of a kill.
const PERPETUAL_KILL: &str = "4rk3/R8/9/9/9/9/9/9/5c3/5K3 w - - 0 1";
const PERPETUAL_KILL_LAP: [&str; 4] = ["a8a1", "f1f8", "a1a8", "f8f1"];

#[test]
fn perpetual_kill_through_a_piece_whose_capture_mates_is_a_draw() {
    let game = wxf_cycle(
        PERPETUAL_KILL,
        &PERPETUAL_KILL_LAP,
        GameResult::Draw,
        Reason::Repetition,
    );
    assert_mentions(
        &game.status().explanation,
        &["neither side checked or chased on every move"],
    );
    let cycle = game.status().cycle.as_ref().expect("a cycle report");
    let kinds: Vec<&str> = cycle.plies.iter().map(|p| p.kind.name()).collect();
    assert_eq!(kinds[..4], ["kill", "idle", "kill", "idle"]);
    assert!(game.plies().iter().all(|p| p.threats.chased.is_empty()));
}

/// The contrast: without Black's chariot on e9 the general escapes there after either
/// capture, so the threat is only to win the cannon, and Red loses by perpetual chase.
#[test]
fn the_same_threats_without_mate_are_a_perpetual_chase() {
    let game = wxf_cycle(
        "5k3/R8/9/9/9/9/9/9/5c3/5K3 w - - 0 1",
        &PERPETUAL_KILL_LAP,
        GameResult::BlackWins,
        Reason::PerpetualChase,
    );
    assert_mentions(
        &game.status().explanation,
        &["Red's chariot chased Black's cannon on f1 on every move"],
    );
}

/// Red: general f0, chariot g4, soldier c6 (crossed). Black: general e9, cannon c9, horse c4,
/// elephants a7 and e7. The chariot attacks the horse on c4 along rank 4 and never moves;
/// the horse's root is the cannon on c9, which protects it over exactly one screen on the
/// c-file. c6d6: the soldier leaves the file, the cannon has no screen, the horse is
/// unprotected. a7c5: an elephant becomes the screen. d6c6: the soldier comes back, two
/// screens, unprotected again. c5a7: one screen. The second lap does the same on the other
/// side (c6b6, e7c5, b6c6, c5e7), and the position recurs every four plies.
/// This is the rule book's appendix "Example of Perpetual Chase" (Asian rules as published by
/// the WXF: "Red keeps moving its Pawn to keep the Black Knight unprotected. This constitutes
/// the Red Rook perpetually chasing the unprotected Black Knight"), composed here with the
/// same moves: Red loses. We used to draw it, because the attack stood before the soldier
/// moved. Fairy-Stockfish draws it too: it counts only new direct and discovered attacks.
#[test]
fn keeping_a_piece_unprotected_with_every_move_is_a_perpetual_chase() {
    let fen = "2c1k4/9/b3b4/2P6/9/2n3R2/9/9/9/5K3 w - - 0 1";
    let lap = [
        "c6d6", "a7c5", "d6c6", "c5a7", "c6b6", "e7c5", "b6c6", "c5e7",
    ];
    let game = wxf_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualChase);
    assert_mentions(
        &game.status().explanation,
        &[
            "Red loses by perpetual chase",
            "Red's chariot chased Black's horse on c4 on every move",
            "Black's replies broke no rule",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Check against chase, mutual check, idle repetition

/// Red: general d0, cannon f0, horse e2, chariot b6. Black: general f8, horse d5, cannon g6.
/// e2f4: the horse lands on the f-file and becomes the cannon's screen: check on f8.
/// d5f6: Black's horse interposes (a second screen), and on f6 it becomes the screen of
/// Black's cannon g6, which now attacks Red's chariot on b6 along rank 6 (f6 screen, e6–c6
/// empty): a chase (a cannon threatening a chariot always counts).
/// f4e2: Red's horse goes back; Black's horse on f6 is now the only screen: check again.
/// f6d5: Black's horse leaves the f-file (no screen: the check is answered) and from d5
/// attacks the chariot on b6 (leg c5 empty): a chase again.
/// Red checks with every move, Black chases the chariot with every move: the checker loses.
/// Fairy-Stockfish agrees (Black wins).
#[test]
fn checker_loses_to_chaser() {
    let fen = "9/5k3/9/1R4c2/3n5/9/9/4N4/9/3K1C3 w - - 0 1";
    let lap = ["e2f4", "d5f6", "f4e2", "f6d5"];
    let third = cycle(fen, &lap, 8, RuleSet::Wxf2018);
    let warning = third.status().warning.as_deref().expect("a warning");
    assert_mentions(warning, &["Red is repeating with perpetual check"]);
    let game = wxf_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualCheck);
    assert_mentions(
        &game.status().explanation,
        &[
            "Red loses by perpetual check",
            "Red's cannon checked on every move",
            "Black chased the piece on b6 meanwhile, but a perpetual check must change first",
        ],
    );
    // casual: exactly one side checked on every move.
    casual_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualCheck);
}

/// Red: general d0, chariot e8, cannon b1. Black: general f9, horse c3.
/// Red's chariot checks along rank 9 (e8e9) and rank 8 (e9e8) while Black's general steps
/// f9–f8. Black's horse attacks the unprotected cannon on b1 (leg c2) the whole time, but
/// Black never moves it: stepping out of check makes that old threat executable again, it
/// does not create it, so Black is not chasing. (Before this was fixed the ruling said
/// "Black chased the Red cannon with every move"; the result was the same, the explanation
/// was wrong.) Red loses by perpetual check.
/// Fairy-Stockfish agrees (Black wins; its chase test looks only at the moved piece and at
/// discovered attacks, so the general's step is no chase there either).
#[test]
fn answering_check_is_not_chasing() {
    let fen = "5k3/4R4/9/9/9/9/2n6/9/1C7/3K5 w - - 0 1";
    let lap = ["e8e9", "f9f8", "e9e8", "f8f9"];
    let game = wxf_cycle(fen, &lap, GameResult::BlackWins, Reason::PerpetualCheck);
    assert_mentions(
        &game.status().explanation,
        &[
            "Red's chariot checked on every move",
            "Black's replies broke no rule",
        ],
    );
    assert!(game.plies().iter().all(|p| p.threats.chased.is_empty()));
}

/// Red: general f2, chariot i9, cannon g7. Black: general e8, horse h9.
/// i9i8 checks along rank 8 (h8–f8 empty). e8e9 answers it. Black's horse on h9 has attacked
/// Red's cannon on g7 (leg h8) all along, so this is no chase. i8i9 attacks the horse on h9
/// (unprotected) and pins it against the general on e9 (f9 and g9 are empty): a chase. e9e8
/// unpins the horse, whose capture of g7 becomes legal: a new threat, a chase.
/// Red checks and chases alternately ("one check, one chase"). A checking move that chases
/// nothing breaks the chase, so Red's conduct is allowed; Black answered a check with every
/// other move and chased only on the others, so Black's is allowed too: a draw. The WXF rule
/// book's examples of a check alternating with a chase are drawn, and Fairy-Stockfish agrees
/// (draw). (We used to rule this a Red loss.) casual: draw as well.
#[test]
fn one_check_one_chase_is_a_draw() {
    let fen = "7nR/4k4/6C2/9/9/9/9/5K3/9/9 w - - 0 1";
    let lap = ["i9i8", "e8e9", "i8i9", "e9e8"];
    let third = cycle(fen, &lap, 8, RuleSet::Wxf2018);
    assert!(third.status().warning.is_none(), "{:?}", third.status());
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &[
            "Drawn by repetition",
            "Red R1-1, R1+1",
            "neither side checked or chased on every move",
        ],
    );
    let cycle = game.status().cycle.as_ref().expect("a cycle report");
    let kinds: Vec<&str> = cycle.plies.iter().map(|p| p.kind.name()).collect();
    assert_eq!(kinds[..4], ["check", "idle", "chase", "chase"]);
    casual_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
}

/// Red: general e0, cannon d0, chariot e3. Black: general d9, chariot e9, cannon e6.
/// At the start Black's cannon checks through Red's chariot on e3.
/// e3d3: the chariot leaves the e-file (the check is answered) and checks d9 up the d-file;
/// Red's cannon on d0 checks too, with the chariot as its screen.
/// e6d6: Black's cannon blocks on d6 (the chariot is stopped, the cannon has two screens),
/// and leaving the e-file it opens the e-file for Black's chariot on e9: check.
/// d3e3: Red's chariot blocks on e3; the d-file now holds only Black's cannon on d6, the
/// screen of Red's cannon on d0: check.
/// d6e6: Black's cannon leaves the d-file (no screen left) and on e6 checks e0 through e3.
/// Both sides check with every move: draw.
/// Fairy-Stockfish agrees (draw).
#[test]
fn mutual_perpetual_check_is_a_draw() {
    let fen = "3kr4/9/9/4c4/9/9/4R4/9/9/3CK4 w - - 0 1";
    let lap = ["e3d3", "e6d6", "d3e3", "d6e6"];
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &[
            "Drawn by repetition",
            "both sides checked on every move, so neither is at fault",
        ],
    );
    // casual: it is not "exactly one side" that checked: draw at the third occurrence.
    casual_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
}

/// Red: general d0, chariot a0. Black: general f9, chariot i9. The chariots step a0–a1 and
/// i9–i8 along the edges, seeing nothing. Idle repetition: a draw, at the fourth occurrence
/// under wxf-2018 (no warning at the third: nobody did anything forbidden) and at the third
/// under casual.
/// Fairy-Stockfish agrees (draw).
#[test]
fn idle_repetition_is_a_draw() {
    let fen = "5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
    let lap = ["a0a1", "i9i8", "a1a0", "i8i9"];
    let game = wxf_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(
        &game.status().explanation,
        &["Drawn by repetition", "occurred 4 times"],
    );
    let game = casual_cycle(fen, &lap, GameResult::Draw, Reason::Repetition);
    assert_mentions(&game.status().explanation, &["occurred 3 times"]);
}

// ---------------------------------------------------------------------------------------------
// Move limits

/// Red: general e0, chariot i0, soldier a3. Black: general f9, chariot i9. Black to move, and
/// the FEN's half-move clock says 95 plies have passed without a capture.
const COUNTING: &str = "5k2r/9/9/9/9/9/P8/9/9/4K3R b - - 95 60";

/// wxf-2018: 100 plies without a capture draw; the soldier step a3a4 does not reset the
/// count. Ply 4 of the game is the 99th ply: ongoing; ply 5 is the 100th: draw.
/// Fairy-Stockfish agrees (its 50-move rule is also 100 plies, ignores soldier steps in
/// Xiangqi, and makes the draw claimable at exactly the 100th ply, not the 99th).
#[test]
fn wxf_move_limit_is_100_plies_and_a_soldier_step_does_not_reset_it() {
    let moves = ["i9i8", "a3a4", "i8i9", "i0i1", "i9i8"];
    let game = play(COUNTING, &moves[..4], RuleSet::Wxf2018);
    assert_ongoing(game.status());
    assert_eq!(game.plies()[1].plies_since_capture, 97);
    assert!(game.plies()[1].soldier_advance);
    let game = play(COUNTING, &moves, RuleSet::Wxf2018);
    assert_ruling(game.status(), GameResult::Draw, Reason::MoveLimit);
    assert_mentions(
        &game.status().explanation,
        &["100 plies (50 moves by each side) without a capture"],
    );
}

/// casual: 120 plies without a capture or a soldier step draw. From a clock of 115, five quiet
/// plies reach 120 (positions repeat at most twice); the same plies with the soldier step
/// a3a4 in place of i0i1 go on, counting again from the step.
/// Fairy-Stockfish has no 120-ply rule (its draw would have been claimable 20 plies earlier);
/// the casual limit is ours.
#[test]
fn casual_move_limit_is_120_plies_and_a_soldier_step_resets_it() {
    let fen = "5k2r/9/9/9/9/9/P8/9/9/4K3R b - - 115 60";
    let quiet = ["i9i8", "i0i1", "i8i9", "i1i0", "i9i8"];
    let game = play(fen, &quiet[..4], RuleSet::Casual);
    assert_ongoing(game.status());
    let game = play(fen, &quiet, RuleSet::Casual);
    assert_ruling(game.status(), GameResult::Draw, Reason::MoveLimit);
    assert_mentions(
        &game.status().explanation,
        &["120 plies (60 moves by each side) without a capture or a soldier advance"],
    );
    let with_step = ["i9i8", "a3a4", "i8i9", "i0i1", "i9i8"];
    let game = play(fen, &with_step, RuleSet::Casual);
    assert_ongoing(game.status());
    assert_eq!(game.plies()[1].plies_since_progress, 0);
    assert_eq!(game.plies()[4].plies_since_progress, 3);
}

/// A capture resets both counts. Black's chariot takes the Red horse on i5 (i9i5) with the
/// clock at 95; five more quiet plies leave both rule sets ongoing.
/// Fairy-Stockfish agrees (ongoing).
#[test]
fn a_capture_resets_both_counts() {
    let fen = "5k2r/9/9/9/8N/9/P8/9/9/4K3R b - - 95 60";
    let moves = ["i9i5", "i0i1", "f9f8", "i1i0", "f8f9"];
    for rules in RuleSet::ALL {
        let game = play(fen, &moves, rules);
        assert_ongoing(game.status());
        let first = &game.plies()[0];
        assert_eq!(first.captured.map(|p| p.role), Some(Role::Horse));
        assert_eq!(
            (first.plies_since_capture, first.plies_since_progress),
            (0, 0)
        );
        let last = &game.plies()[4];
        assert_eq!(
            (last.plies_since_capture, last.plies_since_progress),
            (4, 4)
        );
    }
}

/// Plays from `fen` up to `plies` plies, never capturing, never checking, never moving a
/// soldier and never reaching a position seen before (so no repetition can end the game),
/// except that at ply `step.0` it plays `step.1`. Moves are picked in ICCS order, so the game
/// is always the same. Returns the game after each ply has been checked to be ongoing up to
/// `last_ongoing`.
fn quiet_walk(
    fen: &str,
    rules: RuleSet,
    plies: usize,
    step: Option<(usize, &str)>,
    last_ongoing: usize,
) -> Game {
    let start = Position::from_fen(fen).expect("legal FEN");
    let mut seen = vec![start.key()];
    let mut game = Game::new(start, rules);
    for ply in 1..=plies {
        let chosen = match step {
            Some((at, text)) if at == ply => text.parse::<Move>().expect("ICCS"),
            _ => {
                let pos = game.position().clone();
                let mut moves: Vec<Move> = game.legal_moves();
                moves.sort_by_key(|m| m.to_string());
                *moves
                    .iter()
                    .find(|&&m| {
                        let after = pos.after(m).expect("legal move");
                        !pos.is_capture(m)
                            && !after.is_check()
                            && pos.piece_at(m.from).map(|p| p.role) != Some(Role::Soldier)
                            && !seen.contains(&after.key())
                    })
                    .expect("a fresh quiet move")
            }
        };
        game.play(chosen).expect("accepted");
        seen.push(game.position().key());
        if ply <= last_ongoing {
            assert_ongoing(game.status());
        }
    }
    game
}

/// Red: general d0, chariot a0, horse b0, soldier a3. Black: general f9, chariot i9, horse
/// h9, soldier i6. Both sides wander without capture, check or repeated position.
const WANDER: &str = "5k1nr/9/9/8p/9/9/P8/9/9/RN1K5 w - - 0 1";

/// wxf-2018 from a zero clock: ongoing through ply 99, drawn at ply 100, and a soldier step on
/// the way (a3a4 at ply 51) changes nothing.
#[test]
fn long_quiet_game_is_drawn_at_exactly_100_plies_under_wxf_2018() {
    for step in [None, Some((51, "a3a4"))] {
        let game = quiet_walk(WANDER, RuleSet::Wxf2018, 100, step, 99);
        assert_ruling(game.status(), GameResult::Draw, Reason::MoveLimit);
        assert_eq!(game.plies().len(), 100);
        assert!(game.plies().iter().all(|p| p.captured.is_none()));
    }
}

/// casual from a zero clock: ongoing through ply 119, drawn at 120; with the soldier step at
/// ply 51 the count starts again there, so the draw comes at ply 171.
#[test]
fn long_quiet_game_is_drawn_at_120_plies_under_casual_counting_from_the_last_soldier_step() {
    let game = quiet_walk(WANDER, RuleSet::Casual, 120, None, 119);
    assert_ruling(game.status(), GameResult::Draw, Reason::MoveLimit);
    let game = quiet_walk(WANDER, RuleSet::Casual, 171, Some((51, "a3a4")), 170);
    assert_ruling(game.status(), GameResult::Draw, Reason::MoveLimit);
    assert_eq!(game.plies()[50].plies_since_progress, 0);
    assert_eq!(game.plies()[170].plies_since_capture, 171);
}

// ---------------------------------------------------------------------------------------------
// Insufficient material

/// Red: general e0, advisor d0, elephant e2. Black: general e9, advisor d9, elephant c9, and a
/// soldier on e1 that checks Red's general. The advisor takes it (d0e1): now neither side has
/// a chariot, horse, cannon or soldier, and the game is drawn at once.
/// Fairy-Stockfish agrees that both sides lack mating material (`has_insufficient_material`
/// gives true for both) but does not end the game itself; it leaves that to the GUI.
#[test]
fn capture_leaving_only_defenders_is_an_immediate_draw() {
    let fen = "2bak4/9/9/9/9/9/9/4B4/4p4/3AK4 w - - 0 1";
    let game = play(fen, &[], RuleSet::Wxf2018);
    assert_ongoing(game.status());
    for rules in RuleSet::ALL {
        let game = play(fen, &["d0e1"], rules);
        assert_ruling(
            game.status(),
            GameResult::Draw,
            Reason::InsufficientMaterial,
        );
        assert_mentions(
            &game.status().explanation,
            &["neither side has a piece that can cross the river"],
        );
        assert!(game.legal_moves().is_empty());
    }
}

/// A start position that is already without attackers is drawn before any move, and refuses
/// moves. Fairy-Stockfish agrees (both sides insufficient; adjudication left to the GUI).
#[test]
fn start_position_without_attackers_is_drawn_at_once() {
    let fen = "2bak4/9/9/9/9/9/9/4B4/9/3AK4 w - - 0 1";
    for rules in RuleSet::ALL {
        let mut game = play(fen, &[], rules);
        assert_ruling(
            game.status(),
            GameResult::Draw,
            Reason::InsufficientMaterial,
        );
        assert!(matches!(
            game.play_iccs("e2c4"),
            Err(GameError::GameOver(_))
        ));
        assert!(game.plies().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Checkmate, no legal move, resignation, time, agreement

/// Red: general e0, chariots a8 and b0. Black: general d9 alone. b0b9 checks along rank 9;
/// d8 is covered by the chariot on a8, e9 by the chariot on b9 (and by Red's general on the
/// open e-file): checkmate.
/// Fairy-Stockfish agrees (no legal move, Red wins).
#[test]
fn checkmate_loses() {
    for rules in RuleSet::ALL {
        let game = play("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", &["b0b9"], rules);
        assert_ruling(game.status(), GameResult::RedWins, Reason::Checkmate);
        assert_mentions(&game.status().explanation, &["Black is checkmated"]);
    }
}

/// Red: general e0, chariot h7. Black: general d9 alone. h7h8 takes d8 away; e9 faces Red's
/// general on the open e-file. Black is not in check but has no legal move, and loses.
/// Fairy-Stockfish agrees (Red wins).
#[test]
fn no_legal_move_loses() {
    for rules in RuleSet::ALL {
        let game = play("3k5/9/7R1/9/9/9/9/9/9/4K4 w - - 0 1", &["h7h8"], rules);
        assert!(!game.position().is_check());
        assert_ruling(game.status(), GameResult::RedWins, Reason::NoLegalMoves);
        assert_mentions(
            &game.status().explanation,
            &["Black has no legal move and loses"],
        );
    }
}

/// Resignation, loss on time and a draw by agreement end the game; nothing can follow.
#[test]
fn resignation_time_and_agreement() {
    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    game.play_iccs("h2e2").expect("legal");
    let status = game.resign(Color::Red).expect("ongoing").clone();
    assert_ruling(&status, GameResult::BlackWins, Reason::Resignation);
    assert_eq!(status.explanation, "Red resigned");
    assert!(matches!(game.agree_draw(), Err(GameError::GameOver(_))));
    assert!(matches!(
        game.play_iccs("h9g7"),
        Err(GameError::GameOver(_))
    ));

    let mut game = Game::new(Position::start(), RuleSet::Casual);
    let status = game.forfeit_on_time(Color::Black).expect("ongoing").clone();
    assert_ruling(&status, GameResult::RedWins, Reason::TimeForfeit);
    assert_eq!(status.explanation, "Black ran out of time");
    assert!(matches!(
        game.forfeit_on_time(Color::Red),
        Err(GameError::GameOver(_))
    ));

    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    let status = game.agree_draw().expect("ongoing").clone();
    assert_ruling(&status, GameResult::Draw, Reason::Agreement);
    assert!(game.legal_moves().is_empty());
}

#[test]
fn an_abandoned_game_is_won_by_the_claimant_and_an_aborted_one_has_no_result() {
    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    let status = game
        .forfeit_by_abandonment(Color::Black)
        .expect("ongoing")
        .clone();
    assert_ruling(&status, GameResult::RedWins, Reason::Abandonment);
    assert_eq!(status.explanation, "Black left the game");

    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    let status = game.abort(Color::Red).expect("ongoing").clone();
    assert_ruling(&status, GameResult::Aborted, Reason::Aborted);
    assert_eq!(
        (status.result.name(), status.result.pgn()),
        ("aborted", "*")
    );
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.abort(Color::Black),
        Err(GameError::GameOver(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// RepetitionPolicy::BlockMove

/// The perpetual check above, started one ply later (Red's chariot already checks from h9,
/// Black to move) so that it is Red's own move, h8h9 at ply 12, that would bring the start
/// position back for the fourth time. Under `BlockMove` that move is refused, left out of
/// `legal_moves()`, listed by `forbidden_moves()`, and the game is unchanged.
/// Fairy-Stockfish agrees that the cycle loses for Red (Black wins at the third occurrence).
#[test]
fn block_move_refuses_the_forbidden_repetition() {
    let fen = "3k3R1/9/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let lap = ["d9d8", "h9h8", "d8d9", "h8h9"];
    let forbidden: Move = "h8h9".parse().expect("ICCS");

    let mut game = cycle(fen, &lap, 11, RuleSet::Wxf2018);
    game.set_repetition_policy(RepetitionPolicy::BlockMove);
    assert_ongoing(game.status());
    assert!(game.status().warning.is_some());
    let listed = game.forbidden_moves();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].0, forbidden);
    assert_mentions(&listed[0].1, &["Red loses by perpetual check"]);
    assert!(!game.legal_moves().contains(&forbidden));
    assert!(game.position().legal_moves().contains(&forbidden));
    assert_eq!(
        game.legal_moves().len(),
        game.position().legal_moves().len() - 1
    );

    let fen_before = game.position().fen();
    let status_before = game.status().clone();
    let plies_before = game.plies().to_vec();
    match game.play(forbidden) {
        Err(GameError::ForbiddenRepetition { mv, explanation }) => {
            assert_eq!(mv, forbidden);
            assert_mentions(&explanation, &["Red loses by perpetual check"]);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(game.position().fen(), fen_before);
    assert_eq!(game.status(), &status_before);
    assert_eq!(game.plies(), &plies_before[..]);
    // Red may still do something else.
    assert_ongoing(game.play_iccs("h8h7").expect("another move is fine"));

    // Under the default policy the same move is played and loses.
    let mut game = cycle(fen, &lap, 11, RuleSet::Wxf2018);
    assert_eq!(game.forbidden_moves().len(), 1);
    let status = game.play(forbidden).expect("played").clone();
    assert_ruling(&status, GameResult::BlackWins, Reason::PerpetualCheck);
}

/// A set-up position whose half-move clock has already reached the limit is drawn before any
/// move: 100 under wxf-2018, 120 under casual (where 100 is not enough).
#[test]
fn start_position_at_the_move_limit_is_drawn_at_once() {
    let at = |clock: u32, rules: RuleSet| {
        let fen = format!("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - {clock} 60");
        play(&fen, &[], rules).status().clone()
    };
    assert_ruling(
        &at(100, RuleSet::Wxf2018),
        GameResult::Draw,
        Reason::MoveLimit,
    );
    assert_ongoing(&at(99, RuleSet::Wxf2018));
    assert_ongoing(&at(100, RuleSet::Casual));
    assert_ruling(
        &at(120, RuleSet::Casual),
        GameResult::Draw,
        Reason::MoveLimit,
    );
}
