//! The status of a game on the wire (`STATUS` and `CYCLE` in `docs/protocol.md`): the result,
//! the ruling in words, and the repetition cycle behind a repetition ruling, with each ply's
//! conduct, so a client can explain the ruling without rules code of its own.

use crate::Side;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A name from a fixed list on the wire (`checkmate`, `horse`, …): borrowed where the server
/// or the browser module writes it, owned where a client reads it.
pub type WireName = Cow<'static, str>;
use xiangqi::game::{Conduct, CycleReport, Game, PlyKind, Status};
use xiangqi::{chinese, Color, Move};

/// The status of the current game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StatusView {
    /// `ongoing`, `red`, `black` or `draw`.
    pub result: WireName,
    /// Why it ended, if it did (`checkmate`, `perpetual_check`, …).
    pub reason: Option<WireName>,
    /// The ruling in words.
    pub explanation: String,
    /// A rule-set warning (third occurrence of a forbidden cycle), if any.
    pub warning: Option<String>,
    /// The repetition cycle behind a repetition ruling or warning (`CYCLE` in
    /// `docs/protocol.md`), for the browser to explain in its own notation; null otherwise.
    pub cycle: Option<CycleView>,
}

impl StatusView {
    /// Copies a rules-library status; `game` is the game it belongs to (its moves name the
    /// cycle's plies in Chinese notation).
    pub fn of(status: &Status, game: &Game) -> StatusView {
        StatusView {
            result: status.result.name().into(),
            reason: status.reason.map(|r| r.name().into()),
            explanation: status.explanation.clone(),
            warning: status.warning.clone(),
            cycle: status.cycle.as_ref().map(|c| CycleView::of(c, game)),
        }
    }

    /// Copies the current status of `game`.
    pub fn of_game(game: &Game) -> StatusView {
        StatusView::of(game.status(), game)
    }
}

/// A judged repetition cycle on the wire: which plies form it, what each did and who is at
/// fault (`CYCLE` in `docs/protocol.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleView {
    /// The first ply of the cycle (1 for the game's first move).
    pub first_ply: usize,
    /// The last ply of the cycle (the move that brought the latest occurrence).
    pub last_ply: usize,
    /// How many times the position has now occurred.
    pub occurrences: usize,
    /// The side whose conduct is forbidden (who loses, or would lose by repeating once
    /// more); null for a drawn repetition.
    pub offender: Option<Side>,
    /// `perpetual_check`, `perpetual_chase` or `repetition`.
    pub reason: WireName,
    /// Each side's conduct over the cycle.
    pub conduct: ConductView,
    /// The plies of the cycle, in order.
    pub plies: Vec<CyclePlyView>,
}

/// Both sides' conduct over a cycle: `allowed`, `perpetual_check` or `perpetual_chase`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConductView {
    /// Red's conduct.
    pub red: WireName,
    /// Black's conduct.
    pub black: WireName,
}

/// One ply of a cycle on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CyclePlyView {
    /// The ply number in the game (1 for the first move).
    pub ply: usize,
    /// The move number as the move list counts it.
    pub move_number: u32,
    /// The move in ICCS.
    pub iccs: String,
    /// The move in WXF notation.
    pub wxf: String,
    /// The move in Chinese notation (null if it cannot be written).
    pub chinese: Option<String>,
    /// The side that moved.
    pub side: Side,
    /// The piece that moved (`chariot`, `horse`, …).
    pub piece: WireName,
    /// `check`, `chase`, `kill` (a threat to mate) or `idle`.
    pub kind: WireName,
    /// For a check: the piece giving it and its point (a discovered check is given by the
    /// piece uncovered, not the one that moved).
    pub checker: Option<ChaserView>,
    /// For a chase: the chasing piece and its point after the move.
    pub chaser: Option<ChaserView>,
    /// For a chase: the chased piece and its point after the move.
    pub target: Option<TargetView>,
}

/// The piece that chases, on its point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaserView {
    /// Its kind (`horse`, …).
    pub piece: WireName,
    /// Its point in ICCS (`c4`).
    pub square: String,
}

/// The piece chased, on its point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetView {
    /// Its colour.
    pub color: Side,
    /// Its kind (`chariot`, …).
    pub piece: WireName,
    /// Its point in ICCS (`a5`).
    pub square: String,
}

impl CycleView {
    /// Copies a rules-library cycle report; `game` is the game it was judged in, replayed to
    /// write each ply in Chinese notation.
    pub fn of(report: &CycleReport, game: &Game) -> CycleView {
        let chinese = chinese_names(report, game);
        let plies = report
            .plies
            .iter()
            .map(|p| {
                let (chaser, target) = match p.kind {
                    PlyKind::Chase {
                        chaser,
                        chaser_square,
                        target,
                        target_square,
                    } => (
                        Some(ChaserView {
                            piece: chaser.role.name().into(),
                            square: chaser_square.to_string(),
                        }),
                        Some(TargetView {
                            color: target.color.into(),
                            piece: target.role.name().into(),
                            square: target_square.to_string(),
                        }),
                    ),
                    _ => (None, None),
                };
                CyclePlyView {
                    ply: p.ply,
                    move_number: p.move_number,
                    iccs: p.mv.iccs(),
                    wxf: p.wxf.clone(),
                    chinese: chinese
                        .iter()
                        .find(|(ply, mv, _)| *ply == p.ply && *mv == p.mv)
                        .and_then(|(_, _, name)| name.clone()),
                    side: p.piece.color.into(),
                    piece: p.piece.role.name().into(),
                    kind: p.kind.name().into(),
                    checker: p.checker.map(|(piece, square)| ChaserView {
                        piece: piece.role.name().into(),
                        square: square.to_string(),
                    }),
                    chaser,
                    target,
                }
            })
            .collect();
        CycleView {
            first_ply: report.first_ply,
            last_ply: report.last_ply,
            occurrences: report.occurrences,
            offender: report.offender.map(Side::from),
            reason: report.reason.name().into(),
            conduct: ConductView {
                red: conduct_name(report.conduct[Color::Red.index()]).into(),
                black: conduct_name(report.conduct[Color::Black.index()]).into(),
            },
            plies,
        }
    }
}

/// Writes the game's plies `first_ply..=last_ply` of `report` in Chinese notation, each
/// with its number and move, from the position before it.
fn chinese_names(report: &CycleReport, game: &Game) -> Vec<(usize, Move, Option<String>)> {
    let mut pos = game.start().clone();
    let mut out = Vec::with_capacity(report.plies.len());
    for rec in game.plies() {
        if rec.number > report.last_ply {
            break;
        }
        if rec.number >= report.first_ply {
            out.push((rec.number, rec.mv, chinese::write(&pos, rec.mv).ok()));
        }
        pos.make_move(rec.mv);
    }
    out
}

/// The wire name of a side's conduct over a cycle.
const fn conduct_name(conduct: Conduct) -> &'static str {
    match conduct {
        Conduct::Allowed => "allowed",
        Conduct::PerpetualCheck => "perpetual_check",
        Conduct::PerpetualChase(_) => "perpetual_chase",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::game::RuleSet;
    use xiangqi::Position;

    /// Red's horse chases Black's chariot for `plies` plies (a Black win at 12).
    fn chase(plies: usize) -> Game {
        let lap = ["d6c4", "a5b5", "c4d6", "b5a5"];
        let moves: Vec<&str> = lap.iter().copied().cycle().take(plies).collect();
        Game::replay(
            Some("4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1"),
            &moves,
            RuleSet::Wxf2018,
        )
        .expect("legal moves")
    }

    #[test]
    fn an_ongoing_status_has_no_cycle() {
        assert_eq!(StatusView::of_game(&chase(4)).cycle, None);
    }

    #[test]
    fn a_cycle_names_its_plies_in_chinese_from_its_game() {
        let cycle = StatusView::of_game(&chase(12)).cycle.expect("a cycle");
        let names: Vec<Option<&str>> = cycle.plies.iter().map(|p| p.chinese.as_deref()).collect();
        assert_eq!(
            names[..4],
            [
                Some("马六退七"),
                Some("车１平２"),
                Some("马七进六"),
                Some("车２平１")
            ]
        );
    }

    #[test]
    fn a_cycle_judged_in_another_game_names_no_chinese_and_does_not_panic() {
        let report = chase(12).status().cycle.clone().expect("a cycle");
        let other = Game::new(Position::default(), RuleSet::Wxf2018);
        let cycle = CycleView::of(&report, &other);
        assert_eq!(cycle.plies.len(), 12);
        assert!(cycle.plies.iter().all(|p| p.chinese.is_none()));
        assert_eq!(cycle.plies[0].wxf, "H6-7");
    }
}
