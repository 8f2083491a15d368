//! Ratings: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012) computed by the
//! `skillratings` crate, each game its own rating period (as lichess does), τ = 0.5; one
//! rating per time category ([`crate::time_control::category`]). A rating is provisional
//! while its deviation is at least [`PROVISIONAL_DEVIATION`].

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A rating whose deviation is at least this is provisional (lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The categories games are rated in (an untimed game is not rated).
pub const RATED_CATEGORIES: [&str; 4] = ["bullet", "blitz", "rapid", "classical"];

/// One player's rating in one category.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// Its deviation (uncertainty), 350 for a new player.
    pub deviation: f64,
    /// Its volatility, 0.06 for a new player.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        let r = Glicko2Rating::new();
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn of(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

/// Returns Red's and Black's ratings after a game between them with `result` (`red`,
/// `black` or `draw`); `None` for any other result (an aborted game is not rated).
pub fn rate(red: Rating, black: Rating, result: &str) -> Option<(Rating, Rating)> {
    let outcome = match result {
        "red" => Outcomes::WIN,
        "black" => Outcomes::LOSS,
        "draw" => Outcomes::DRAW,
        _ => return None,
    };
    let (r, b) = glicko2(
        &red.glicko(),
        &black.glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    Some((Rating::of(r), Rating::of(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_new_players_move_apart_by_the_glicko2_formula() {
        let (r, b) = rate(Rating::default(), Rating::default(), "red").expect("rated");
        // Both at 1500 ± 350: the winner gains what the loser loses, about 162.3 (the
        // formula in Glickman's paper with v = 1/(g² E (1−E)), g = 1/√(1+3φ²/π²)).
        assert!((r.rating - 1662.31).abs() < 0.01, "{r:?}");
        assert!((b.rating - 1337.69).abs() < 0.01, "{b:?}");
        assert!((r.deviation - 290.32).abs() < 0.01, "{r:?}");
        assert!(r.provisional() && b.provisional());
        let (d1, d2) = rate(Rating::default(), Rating::default(), "draw").expect("rated");
        assert!((d1.rating - 1500.0).abs() < 1e-9 && (d2.rating - 1500.0).abs() < 1e-9);
        assert_eq!(rate(Rating::default(), Rating::default(), "aborted"), None);
    }
}
