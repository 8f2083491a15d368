//! Playing levels 1–5 (Beginner, Easy, Normal, Hard, Hardest) as settings of one engine:
//! depth and node caps, noise in the choice of move (levels 1–3) and blunders in the
//! evaluation (level 1). Randomness comes from a seeded generator, so a level with a fixed
//! seed plays the same moves every time.

use std::fmt;
use std::str::FromStr;

/// One of the five playing levels, weakest first, numbered 1–5 in this order (the number is
/// what the protocols' `Level` option, the web API and `xiangqi match level:N` use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// Level 1: searches 1 ply (2,000 nodes), overlooks the reply to half of its quiet
    /// moves, so it hangs pieces, and plays a random move one time in twenty.
    Beginner = 1,
    /// Level 2: 2 plies (4,000 nodes), picks among moves within 40 centipawns of the best.
    Easy,
    /// Level 3: 3 plies (8,000 nodes) and a 15-centipawn choice.
    Normal,
    /// Level 4: 7 plies (120,000 nodes), always the best move it finds.
    Hard,
    /// Level 5: full strength, no caps and no noise.
    Hardest,
}

/// A level number outside 1–5, or a name that is not a level's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStrength(pub String);

impl fmt::Display for BadStrength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a level: expected 1–5 or Beginner, Easy, Normal, Hard, Hardest",
            self.0
        )
    }
}

impl std::error::Error for BadStrength {}

impl Strength {
    /// Every level, weakest first.
    pub const ALL: [Strength; 5] = [
        Strength::Beginner,
        Strength::Easy,
        Strength::Normal,
        Strength::Hard,
        Strength::Hardest,
    ];

    /// Returns the level numbered `n` (1–5), or `None`.
    pub fn from_number(n: u8) -> Option<Strength> {
        Strength::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// Returns the level numbered `n`, clamped to 1–5.
    pub fn clamped(n: u8) -> Strength {
        Strength::from_number(n.clamp(1, 5)).unwrap_or(Strength::Hardest)
    }

    /// Returns the level's number, 1 (weakest) to 5.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// Returns the level's name as the UI shows it.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Beginner => "Beginner",
            Strength::Easy => "Easy",
            Strength::Normal => "Normal",
            Strength::Hard => "Hard",
            Strength::Hardest => "Hardest",
        }
    }

    /// Returns the level's approximate rating, rounded to 50, on the scale of Fairy-Stockfish
    /// 11.1's `UCI_Elo` strength limiter: levels 2–5 each played 100 games against
    /// Fairy-Stockfish limited to a nearby `UCI_Elo` at 100 ms a move (Hardest also at
    /// 100 ms), and Beginner (below the limiter's range) is placed by its 100-game match
    /// against Easy. Measured with the evaluation of bench 146731; the commands and results
    /// are in `docs/engine.md` ("Levels"); the UI shows this number beside each level.
    pub fn rating(self) -> u32 {
        RATINGS[usize::from(self.number()) - 1]
    }
}

/// The measured ratings behind [`Strength::rating`], weakest level first.
const RATINGS: [u32; 5] = [750, 1250, 1850, 2350, 3050];

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strength {
    type Err = BadStrength;

    /// Reads a number 1–5 or a level's name (any case).
    fn from_str(s: &str) -> Result<Strength, BadStrength> {
        let t = s.trim();
        if let Ok(n) = t.parse::<u8>() {
            return Strength::from_number(n).ok_or_else(|| BadStrength(s.to_string()));
        }
        Strength::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| BadStrength(s.to_string()))
    }
}

/// The settings of one playing level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Which level these are the settings of.
    pub strength: Strength,
    /// Deepest iteration allowed, in plies.
    pub depth_cap: Option<u32>,
    /// Most nodes allowed per search.
    pub node_cap: Option<u64>,
    /// Any root move scoring within this many centipawns of the best may be chosen (0: always
    /// the best). Makes the root search score every move exactly.
    pub choice_margin: i32,
    /// Amplitude of the pseudo-random error added to every static evaluation, in centipawns.
    pub eval_noise: i32,
    /// Chance, in permille, that a quiet root move is judged by the static evaluation of
    /// the position it leads to, the opponent's replies overlooked (a beginner who does not
    /// see that the piece just moved can be taken). Only with a choice margin.
    pub blind_permille: u32,
    /// Chance, in permille, of playing a uniformly random legal move instead of searching.
    pub random_permille: u32,
    /// Seed of the generator behind both kinds of noise.
    pub seed: u64,
}

/// The default seed of the levels' noise.
pub const DEFAULT_SEED: u64 = 0x5eed_1234_abcd_0001;

impl Level {
    /// Returns full strength (level 5): no caps, no noise.
    pub fn full() -> Level {
        Level::of(Strength::Hardest, DEFAULT_SEED)
    }

    /// Returns the settings of level `number` (clamped to 1–5) with noise seeded by `seed`.
    pub fn new(number: u8, seed: u64) -> Level {
        Level::of(Strength::clamped(number), seed)
    }

    /// Returns the settings of `strength` with noise seeded by `seed`.
    pub fn of(strength: Strength, seed: u64) -> Level {
        // (depth cap, node cap, choice margin, evaluation noise, blind ‰, random ‰)
        let (depth_cap, node_cap, choice_margin, eval_noise, blind_permille, random_permille) =
            match strength {
                Strength::Beginner => (Some(1), Some(2_000), 150, 100, 500, 50),
                Strength::Easy => (Some(2), Some(4_000), 40, 30, 40, 0),
                Strength::Normal => (Some(3), Some(8_000), 15, 15, 0, 0),
                Strength::Hard => (Some(7), Some(120_000), 0, 0, 0, 0),
                Strength::Hardest => (None, None, 0, 0, 0, 0),
            };
        Level {
            strength,
            depth_cap,
            node_cap,
            choice_margin,
            eval_noise,
            blind_permille,
            random_permille,
            seed,
        }
    }

    /// Returns the level's number, 1 (weakest) to 5.
    pub fn number(&self) -> u8 {
        self.strength.number()
    }

    /// Returns the level's name as the UI shows it.
    pub fn name(&self) -> &'static str {
        self.strength.name()
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::full()
    }
}

/// A small deterministic pseudo-random generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// Creates a generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// Returns the next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_clamped_and_named() {
        assert_eq!(Level::new(0, 1).number(), 1);
        assert_eq!(Level::new(9, 1).number(), 5);
        assert_eq!(Level::new(1, 1).name(), "Beginner");
        assert_eq!(Level::full().depth_cap, None);
    }

    #[test]
    fn each_level_is_rated_at_least_150_above_the_one_below() {
        for pair in Strength::ALL.windows(2) {
            assert!(
                pair[1].rating() >= pair[0].rating() + 150,
                "{} {} vs {} {}",
                pair[1],
                pair[1].rating(),
                pair[0],
                pair[0].rating()
            );
        }
    }

    #[test]
    fn strengths_read_numbers_and_names_and_refuse_the_rest() {
        for s in Strength::ALL {
            assert_eq!(Strength::from_number(s.number()), Some(s));
            assert_eq!(s.number().to_string().parse::<Strength>(), Ok(s));
            assert_eq!(s.name().to_lowercase().parse::<Strength>(), Ok(s));
        }
        assert_eq!(Strength::from_number(0), None);
        assert_eq!(Strength::from_number(6), None);
        assert!("0".parse::<Strength>().is_err());
        assert!("expert".parse::<Strength>().is_err());
        assert!(Strength::Beginner < Strength::Hardest);
    }

    #[test]
    fn rng_is_deterministic() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(a.next_u64(), Rng::new(8).next_u64());
    }
}
