//! Named, versioned rule sets: which end-of-game rules a game is played under.

use std::fmt;
use std::str::FromStr;

/// The end-of-game rules a game is played under; stored with every game by its
/// [`RuleSet::name`]. Both sets share the rules of movement, checkmate and "no legal move
/// loses" (WXF 2018: board and pieces, moves, winning and losing); they differ in repetition and move-count draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// `wxf-2018`, the default: World Xiangqi Federation rules of 2018. Repetitions are
    /// judged at the fourth occurrence of a position (warning at the third); perpetual check
    /// and perpetual chase lose, other repetitions draw; 100 plies without a capture draw.
    #[default]
    Wxf2018,
    /// `casual`: the third occurrence of a position draws, unless exactly one side gave
    /// check with every move of the cycle (that side loses); 120 plies without a capture or a
    /// soldier advance draw. Chases are not judged.
    Casual,
}

impl RuleSet {
    /// Both rule sets, the default first.
    pub const ALL: [RuleSet; 2] = [RuleSet::Wxf2018, RuleSet::Casual];

    /// Returns the stored name: `"wxf-2018"` or `"casual"`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Wxf2018 => "wxf-2018",
            RuleSet::Casual => "casual",
        }
    }

    /// Returns the version of this rule set's implementation; bumped whenever a ruling it
    /// gives changes, so a stored game can say which implementation judged it.
    ///
    /// `wxf-2018` 2: answering a check no longer counts as chasing a piece that was attacked
    /// all along (it used to, which could turn a lost "one check, one chase" into a draw).
    /// `wxf-2018` 3 and `casual` 2: a start position whose half-move clock has already
    /// reached the move limit is drawn at once rather than after the first ply.
    /// `wxf-2018` 4: chases as the Asian rules classify them (a chase must be on every move,
    /// so "one check, one chase" draws; taking away a protection by blocking its line is not
    /// a chase; protection judged after the capture, false roots and new pins as in
    /// `game/threats.rs`), matching Fairy-Stockfish on the cross-check corpus.
    /// `wxf-2018` 5: a move that makes a new threat of mate ("kill") chases nothing, so a
    /// perpetual kill is allowed even when the mate would come by taking a piece; and cutting
    /// the root of a piece that one's own piece attacks (blocking its protector's line, leg or
    /// eye, or taking away its cannon's screen) is a chase, unless the move parries an attack
    /// on one's own pieces: the rule book's appendix example of perpetual chase.
    pub const fn version(self) -> u32 {
        match self {
            RuleSet::Wxf2018 => 5,
            RuleSet::Casual => 2,
        }
    }

    /// Returns the occurrence of a position (same arrangement, same side to move) at which a
    /// repetition is judged: 4 for `wxf-2018`, 3 for `casual`.
    pub const fn deciding_occurrence(self) -> usize {
        match self {
            RuleSet::Wxf2018 => 4,
            RuleSet::Casual => 3,
        }
    }

    /// Returns the occurrence at which the violating side is warned, if the rule set warns:
    /// the third for `wxf-2018`, none for `casual`.
    pub const fn warning_occurrence(self) -> Option<usize> {
        match self {
            RuleSet::Wxf2018 => Some(3),
            RuleSet::Casual => None,
        }
    }

    /// Tells whether perpetual chase is judged (only `wxf-2018`).
    pub const fn judges_chases(self) -> bool {
        matches!(self, RuleSet::Wxf2018)
    }

    /// Returns the number of plies without progress after which the game is drawn: 100
    /// (50 moves each) for `wxf-2018`, 120 (60 moves each) for `casual`.
    pub const fn move_limit(self) -> u32 {
        match self {
            RuleSet::Wxf2018 => 100,
            RuleSet::Casual => 120,
        }
    }

    /// Tells whether a forward soldier move resets the move-limit count, as a capture does
    /// (only in `casual`).
    pub const fn soldier_advance_resets_limit(self) -> bool {
        matches!(self, RuleSet::Casual)
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule-set name that is not `wxf-2018` or `casual`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set {:?}; expected \"wxf-2018\" or \"casual\"",
            self.0
        )
    }
}

impl std::error::Error for UnknownRuleSet {}

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;

    /// Reads a rule-set name (`wxf-2018`, `casual`; case-insensitive).
    fn from_str(s: &str) -> Result<RuleSet, UnknownRuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRuleSet(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse::<RuleSet>(), Ok(r));
        }
        assert!("fide".parse::<RuleSet>().is_err());
        assert_eq!(RuleSet::default(), RuleSet::Wxf2018);
    }
}
