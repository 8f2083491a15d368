//! Playing levels 1–5 (Beginner, Easy, Normal, Hard, Hardest) as settings of one engine:
//! depth and node caps, noise in the choice of move (levels 1–3) and blunders in the
//! evaluation (level 1). Randomness comes from a seeded generator, so a level with a fixed
//! seed plays the same moves every time.

/// The settings of one playing level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level number, 1 (weakest) to 5 (full strength).
    pub number: u8,
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
        Level::new(5, DEFAULT_SEED)
    }

    /// Returns the settings of level `number` (clamped to 1–5) with noise seeded by `seed`.
    pub fn new(number: u8, seed: u64) -> Level {
        let number = number.clamp(1, 5);
        // (depth cap, node cap, choice margin, evaluation noise, blind ‰, random ‰)
        let (depth_cap, node_cap, choice_margin, eval_noise, blind_permille, random_permille) =
            match number {
                1 => (Some(1), Some(2_000), 150, 100, 500, 50),
                2 => (Some(2), Some(4_000), 80, 50, 150, 0),
                3 => (Some(3), Some(8_000), 15, 15, 0, 0),
                4 => (Some(5), Some(30_000), 0, 5, 0, 0),
                _ => (None, None, 0, 0, 0, 0),
            };
        Level {
            number,
            depth_cap,
            node_cap,
            choice_margin,
            eval_noise,
            blind_permille,
            random_permille,
            seed,
        }
    }

    /// Returns the level's name as the UI shows it.
    pub fn name(&self) -> &'static str {
        match self.number {
            1 => "Beginner",
            2 => "Easy",
            3 => "Normal",
            4 => "Hard",
            _ => "Hardest",
        }
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
        assert_eq!(Level::new(0, 1).number, 1);
        assert_eq!(Level::new(9, 1).number, 5);
        assert_eq!(Level::new(1, 1).name(), "Beginner");
        assert_eq!(Level::full().depth_cap, None);
    }

    #[test]
    fn rng_is_deterministic() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(a.next_u64(), Rng::new(8).next_u64());
    }
}
