//! A room's state and the one function that changes it, [`RoomState::apply`], used both live
//! and when a room is rebuilt from its stored events.

use crate::ids::SeatHash;
use tokio::time::Instant;
use xiangqi::game::{Game, GameResult, RuleSet};
use xiangqi::{ByColor, Color, Position, TimeControl};
use xiangqi_view::protocol::{ChatLine, ComputerSeat, Event};

/// What a room was created with; never changes (the colours of round 1: see
/// [`RoomState::seats`] and [`RoomState::computer`] for the current round's).
#[derive(Clone, Debug)]
pub struct RoomInfo {
    /// The room's code.
    pub code: crate::ids::RoomCode,
    /// The rule set of every round.
    pub rules: RuleSet,
    /// The time control, or `None` for untimed games.
    pub time_control: Option<TimeControl>,
    /// Whether joining needs a password.
    pub has_password: bool,
    /// Whether the room is listed in the lobby while it waits for a guest.
    pub public: bool,
    /// The position every round starts from.
    pub start: Position,
    /// The engine's seat in round 1, if any.
    pub computer: Option<ComputerSeat>,
    /// Whether its games between two signed-in players are rated.
    pub rated: bool,
}

/// How a finished round ended. Only the latest is kept in memory: finished games live in
/// the store (the event log), so a room's memory does not grow with its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundSummary {
    /// The round's number.
    pub round: u32,
    /// `red`, `black`, `draw` or `aborted`.
    pub result: &'static str,
    /// Why it ended (`checkmate`, `resignation`, …).
    pub reason: Option<&'static str>,
    /// Plies played.
    pub moves: usize,
}

/// How many of the latest chat lines a room keeps in memory and sends in `state` (the event
/// log keeps every line).
pub const CHAT_KEPT: usize = 50;

/// Everything the server knows about a room's play.
pub struct RoomState {
    /// The creation settings.
    pub info: RoomInfo,
    /// Number of the last applied event (0: none).
    pub v: u64,
    /// The current round, from 1.
    pub round: u32,
    /// The current game.
    pub game: Game,
    /// The moves of the current game in WXF and Chinese notation.
    pub wxf: Vec<String>,
    /// See `wxf`.
    pub chinese: Vec<String>,
    /// Which seats have a player (or the engine), by the colour they play this round.
    pub seated: ByColor<bool>,
    /// The hash of each player's seat token, by the colour it plays this round (`None`: free,
    /// or the engine's).
    pub seats: ByColor<Option<SeatHash>>,
    /// The engine's seat this round, if any: its colour changes with every round that swaps.
    pub computer: Option<ComputerSeat>,
    /// Each player's display name, by the colour the seat plays this round (`None`: none
    /// chosen).
    pub names: ByColor<Option<String>>,
    /// Whether the seats play the other colours than in round 1 (the store names a seat by
    /// its colour in round 1).
    pub swapped: bool,
    /// Remaining time per side in milliseconds, as of `clock_since` for the side to move.
    pub clocks: Option<ByColor<i64>>,
    /// When the side to move's clock started running; `None` while no clock runs.
    pub clock_since: Option<Instant>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The side whose new-round request stands.
    pub new_round_request: Option<Color>,
    /// How many rounds have finished (the current one included once it is over).
    pub finished_rounds: u32,
    /// The latest finished round, if any.
    pub last_finished: Option<RoundSummary>,
    /// The match score in half points (a win 2, a draw 1), by the colour each seat played
    /// in round 1 (the seats swap colours; the store names a seat the same way).
    pub score_half_points: ByColor<u32>,
    /// The latest [`CHAT_KEPT`] chat lines of the room (all rounds), oldest first.
    pub chat: std::collections::VecDeque<ChatLine>,
}

/// Returns both sides' clocks at the start of a round under `tc`, in milliseconds (`None`
/// when untimed).
fn fresh_clocks(tc: Option<TimeControl>) -> Option<ByColor<i64>> {
    tc.map(|tc| ByColor::new_with(|_| ms_i64(tc.initial_ms())))
}

/// Returns `ms` as the signed milliseconds the clocks count in (a time control's times are
/// far below `i64::MAX`; a larger one is held at it).
pub fn ms_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// An event that cannot be applied to the state it was given (a corrupt log, or a bug).
#[derive(Debug)]
pub struct ApplyError(pub String);

impl RoomState {
    /// Returns a fresh room: round 1 at the start position, with the players' seats `seats`
    /// (by colour) and the engine in its seat of `info`, if any.
    pub fn new(info: RoomInfo, seats: ByColor<Option<SeatHash>>) -> RoomState {
        let game = Game::new(info.start.clone(), info.rules);
        let clocks = fresh_clocks(info.time_control);
        let computer = info.computer;
        let engine_holds = |c: Color| computer.is_some_and(|s| Color::from(s.color) == c);
        let seated = ByColor::new_with(|c| seats[c].is_some() || engine_holds(c));
        RoomState {
            seats,
            computer,
            names: ByColor::new_with(|_| None),
            swapped: false,
            info,
            v: 0,
            round: 1,
            game,
            wxf: Vec::new(),
            chinese: Vec::new(),
            seated,
            clocks,
            clock_since: None,
            draw_offer: None,
            new_round_request: None,
            finished_rounds: 0,
            last_finished: None,
            score_half_points: ByColor::new_with(|_| 0),
            chat: std::collections::VecDeque::new(),
        }
    }

    /// Returns the remaining time of `color` at `now`, in milliseconds (may be negative once
    /// the flag has fallen but before the timer noticed).
    pub fn remaining_ms(&self, color: Color, now: Instant) -> Option<i64> {
        let clocks = self.clocks.as_ref()?;
        let mut ms = clocks[color];
        if let Some(since) = self.clock_since {
            if color == self.game.position().turn() {
                let spent = now.saturating_duration_since(since).as_millis();
                ms -= i64::try_from(spent).unwrap_or(i64::MAX);
            }
        }
        Some(ms)
    }

    /// Returns when the running clock reaches zero, if one runs.
    pub fn flag_deadline(&self) -> Option<Instant> {
        let since = self.clock_since?;
        let ms = self.clocks.as_ref()?[self.game.position().turn()];
        let ms = u64::try_from(ms.max(0)).unwrap_or(0);
        Some(since + std::time::Duration::from_millis(ms))
    }

    /// Applies `event` (number `self.v + 1`) at time `now`.
    ///
    /// # Errors
    /// [`ApplyError`] when the event does not fit the state (a move that is not legal, an
    /// offer when the game is over); the state is then unchanged.
    pub fn apply(&mut self, event: &Event, now: Instant) -> Result<(), ApplyError> {
        match event {
            Event::Joined { color } => self.seated[Color::from(*color)] = true,
            Event::Move {
                mv,
                wxf,
                chinese,
                red_ms,
                black_ms,
                ..
            } => {
                self.game
                    .play_iccs(mv)
                    .map_err(|e| ApplyError(format!("move {mv}: {e}")))?;
                self.wxf.push(wxf.clone());
                self.chinese.push(chinese.clone());
                if let (Some(clocks), Some(r), Some(b)) = (self.clocks.as_mut(), red_ms, black_ms) {
                    clocks[Color::Red] = *r;
                    clocks[Color::Black] = *b;
                }
                // Clocks start with Red's first move and stop when the game ends.
                self.clock_since =
                    (self.clocks.is_some() && !self.game.status().is_over()).then_some(now);
                self.draw_offer = None;
            }
            Event::Resign { color } => self.end(|g| g.resign(Color::from(*color)), now)?,
            Event::Flag { color } => {
                self.end(|g| g.forfeit_on_time(Color::from(*color)), now)?;
                if let Some(clocks) = self.clocks.as_mut() {
                    clocks[Color::from(*color)] = 0;
                }
            }
            Event::DrawAgreed => self.end(Game::agree_draw, now)?,
            Event::Abort { color } => self.end(|g| g.abort(Color::from(*color)), now)?,
            Event::Claim { color } => {
                self.end(|g| g.forfeit_by_abandonment(!Color::from(*color)), now)?;
            }
            Event::DrawOffer { color } => self.draw_offer = Some(Color::from(*color)),
            Event::DrawDecline { .. } => self.draw_offer = None,
            Event::NewRoundRequest { color } => self.new_round_request = Some(Color::from(*color)),
            Event::NewRoundDecline { .. } => self.new_round_request = None,
            Event::Name { color, name } => self.names[Color::from(*color)] = Some(name.clone()),
            Event::Chat { color, name, text } => {
                if self.chat.len() == CHAT_KEPT {
                    self.chat.pop_front();
                }
                self.chat.push_back(ChatLine {
                    color: *color,
                    name: name.clone(),
                    text: text.clone(),
                });
            }
            Event::NewRound { round, swap } => {
                if !self.game.status().is_over() {
                    return Err(ApplyError("new round while the game goes on".into()));
                }
                if *swap {
                    self.swap_colors();
                }
                self.game = Game::new(self.info.start.clone(), self.info.rules);
                self.round = *round;
                self.wxf.clear();
                self.chinese.clear();
                self.clocks = fresh_clocks(self.info.time_control);
                self.clock_since = None;
                self.draw_offer = None;
                self.new_round_request = None;
            }
        }
        self.record_if_over();
        self.v += 1;
        Ok(())
    }

    /// Returns whether the current round will be over once `event` applies (the store keeps
    /// it with the event, so that the list of games to watch can leave finished ones out):
    /// a result ends it, a new round starts another, a move ends it when it mates, stalemates
    /// or completes a ruled repetition, and anything else leaves it as it is. An event that
    /// would not apply leaves it as it is too.
    pub fn over_after(&self, event: &Event) -> bool {
        match event {
            Event::Move { mv, .. } => {
                let mut game = self.game.clone();
                game.play_iccs(mv)
                    .map_or(self.game.status().is_over(), xiangqi::game::Status::is_over)
            }
            Event::Resign { .. }
            | Event::Flag { .. }
            | Event::DrawAgreed
            | Event::Abort { .. }
            | Event::Claim { .. } => true,
            Event::NewRound { .. } => Game::new(self.info.start.clone(), self.info.rules)
                .status()
                .is_over(),
            Event::Joined { .. }
            | Event::DrawOffer { .. }
            | Event::DrawDecline { .. }
            | Event::NewRoundRequest { .. }
            | Event::NewRoundDecline { .. }
            | Event::Name { .. }
            | Event::Chat { .. } => self.game.status().is_over(),
        }
    }

    /// Returns the game as it will be once `event` applies, when `event` ends the current
    /// round (a mating, stalemating or ruled move, or a result); `None` for any other event,
    /// one that would not apply, or a round already over. The room stores the finished game's
    /// record with the event that ends it (see [`crate::store::FinishedGame`]).
    pub fn finished_by(&self, event: &Event) -> Option<Game> {
        if self.game.status().is_over() {
            return None;
        }
        let mut game = self.game.clone();
        let played = match event {
            Event::Move { mv, .. } => game.play_iccs(mv).map(|_| ()),
            Event::Resign { color } => game.resign(Color::from(*color)).map(|_| ()),
            Event::Flag { color } => game.forfeit_on_time(Color::from(*color)).map(|_| ()),
            Event::DrawAgreed => game.agree_draw().map(|_| ()),
            Event::Abort { color } => game.abort(Color::from(*color)).map(|_| ()),
            Event::Claim { color } => game
                .forfeit_by_abandonment(!Color::from(*color))
                .map(|_| ()),
            _ => return None,
        };
        (played.is_ok() && game.status().is_over()).then_some(game)
    }

    /// Exchanges the players' colours (and the engine's): the seat that played Red plays
    /// Black from now on, and the other way round.
    fn swap_colors(&mut self) {
        std::mem::swap(&mut self.seats.red, &mut self.seats.black);
        std::mem::swap(&mut self.seated.red, &mut self.seated.black);
        std::mem::swap(&mut self.names.red, &mut self.names.black);
        if let Some(seat) = self.computer.as_mut() {
            seat.color = (!Color::from(seat.color)).into();
        }
        self.swapped = !self.swapped;
    }

    /// Returns whether the engine plays `color` this round.
    pub fn is_computer(&self, color: Color) -> bool {
        self.computer.is_some_and(|c| Color::from(c.color) == color)
    }

    /// Returns the colour of round 1 of the seat that plays `color` now: the store names
    /// seats by it.
    pub fn first_round_color(&self, color: Color) -> Color {
        if self.swapped {
            !color
        } else {
            color
        }
    }

    /// Ends the game with `finish`, freezing the clocks at `now` and recording the round.
    fn end(
        &mut self,
        finish: impl FnOnce(&mut Game) -> Result<&xiangqi::game::Status, xiangqi::game::GameError>,
        now: Instant,
    ) -> Result<(), ApplyError> {
        let turn = self.game.position().turn();
        let left = self.remaining_ms(turn, now);
        finish(&mut self.game).map_err(|e| ApplyError(e.to_string()))?;
        if let (Some(clocks), Some(ms)) = (self.clocks.as_mut(), left) {
            clocks[turn] = ms.max(0);
        }
        self.clock_since = None;
        self.draw_offer = None;
        Ok(())
    }

    /// Counts the current game as finished if it just ended and is not counted yet.
    pub fn record_if_over(&mut self) {
        let status = self.game.status();
        if status.is_over() && self.last_finished.map(|h| h.round) != Some(self.round) {
            self.finished_rounds += 1;
            self.last_finished = Some(RoundSummary {
                round: self.round,
                result: status.result.name(),
                reason: status.reason.map(xiangqi::game::Reason::name),
                moves: self.game.plies().len(),
            });
            // Each side's half points, to its seat named by its colour in round 1.
            let points: &[(Color, u32)] = match status.result {
                GameResult::RedWins => &[(Color::Red, 2)],
                GameResult::BlackWins => &[(Color::Black, 2)],
                GameResult::Draw => &[(Color::Red, 1), (Color::Black, 1)],
                GameResult::Ongoing | GameResult::Aborted => &[],
            };
            for &(color, half_points) in points {
                let seat = self.first_round_color(color);
                self.score_half_points[seat] =
                    self.score_half_points[seat].saturating_add(half_points);
            }
        }
    }

    /// Writes the current game as PGN with the room's tags.
    pub fn pgn(&self) -> String {
        self.pgn_of(&self.game, self.round)
    }

    /// Writes `game`, round `round` of this room, as PGN with the room's tags.
    pub fn pgn_of(&self, game: &Game, round: u32) -> String {
        let tags = [
            ("Event".to_string(), "Xiangqi online game".to_string()),
            (
                "Site".to_string(),
                format!("room {} round {round}", self.info.code),
            ),
        ];
        xiangqi::pgn::write(game, &tags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RoomCode;
    use xiangqi_view::Side;

    fn room(time_control: Option<TimeControl>) -> RoomState {
        let info = RoomInfo {
            code: RoomCode::random(),
            rules: RuleSet::Wxf2018,
            time_control,
            has_password: false,
            public: false,
            start: Position::default(),
            computer: None,
            rated: false,
        };
        let seats = ByColor::new_with(|c| Some(SeatHash(c.name().to_string())));
        RoomState::new(info, seats)
    }

    /// Both players connected, no one watching.
    fn everyone_here() -> crate::room::snapshot::Presence {
        crate::room::snapshot::Presence {
            connected: ByColor::new_with(|_| true),
            away_ms: ByColor::new_with(|_| None),
            claim_after_s: 60,
            watchers: 0,
        }
    }

    /// Plays round `round` to an end: Red opens, Black resigns.
    fn finish_round(s: &mut RoomState, now: Instant) {
        s.apply(&mv(Side::Red, 0, "h2e2", None), now).unwrap();
        s.apply(&Event::Resign { color: Side::Black }, now).unwrap();
    }

    fn seat_of(s: &RoomState, color: Color) -> Option<&str> {
        s.seats[color].as_ref().map(|h| h.0.as_str())
    }

    fn mv(color: Side, ply: usize, mv: &str, clocks: Option<(i64, i64)>) -> Event {
        Event::Move {
            color,
            ply,
            mv: mv.into(),
            wxf: String::new(),
            chinese: String::new(),
            red_ms: clocks.map(|c| c.0),
            black_ms: clocks.map(|c| c.1),
        }
    }

    #[test]
    fn an_illegal_stored_move_is_refused_and_changes_nothing() {
        let mut s = room(None);
        let now = Instant::now();
        assert!(s.apply(&mv(Side::Red, 0, "h2h8", None), now).is_err());
        assert_eq!(s.v, 0);
        assert!(s.game.plies().is_empty());
    }

    #[test]
    fn clocks_start_with_reds_first_move_and_take_the_stored_values() {
        let tc = TimeControl::from_secs(60, 2).unwrap();
        let mut s = room(Some(tc));
        let now = Instant::now();
        assert_eq!(
            s.flag_deadline(),
            None,
            "no clock runs before the first move"
        );
        s.apply(&mv(Side::Red, 0, "h2e2", Some((62_000, 60_000))), now)
            .unwrap();
        assert_eq!(s.remaining_ms(Color::Red, now), Some(62_000));
        assert_eq!(
            s.flag_deadline(),
            Some(now + std::time::Duration::from_millis(60_000)),
            "Black's clock runs"
        );
        let later = now + std::time::Duration::from_millis(1500);
        assert_eq!(s.remaining_ms(Color::Black, later), Some(58_500));
        assert_eq!(s.remaining_ms(Color::Red, later), Some(62_000));
    }

    #[test]
    fn a_flag_ends_the_game_and_a_new_round_starts_afresh() {
        let tc = TimeControl::from_secs(1, 0).unwrap();
        let mut s = room(Some(tc));
        let now = Instant::now();
        s.apply(&mv(Side::Red, 0, "h2e2", Some((1000, 1000))), now)
            .unwrap();
        let later = now + std::time::Duration::from_millis(1200);
        s.apply(&Event::Flag { color: Side::Black }, later).unwrap();
        assert_eq!(s.game.status().result.name(), "red");
        assert_eq!(s.clocks.as_ref().map(|c| c[Color::Black]), Some(0));
        assert_eq!(s.finished_rounds, 1);
        assert!(s.apply(&Event::Resign { color: Side::Red }, later).is_err());
        let next = Event::NewRound {
            round: 2,
            swap: true,
        };
        s.apply(&next, later).unwrap();
        assert_eq!(s.round, 2);
        assert!(s.game.plies().is_empty());
        assert_eq!(s.clocks.as_ref().map(|c| c[Color::Black]), Some(1000));
        assert_eq!(s.flag_deadline(), None);
        assert_eq!(s.v, 3);
    }

    #[test]
    fn the_match_score_follows_each_seat_across_swapped_colours() {
        use crate::room::snapshot;
        let mut s = room(None);
        let now = Instant::now();
        let presence = everyone_here();
        let score = |s: &RoomState| {
            let m = snapshot::game(s, &presence, now).match_score;
            (m.red, m.black)
        };
        assert_eq!(score(&s), (0.0, 0.0));
        // Round 1: Black resigns, the creator (Red) wins.
        finish_round(&mut s, now);
        assert_eq!(score(&s), (1.0, 0.0));
        // Round 2, colours swapped: the creator now plays Black, and is shown as Black.
        let next = Event::NewRound {
            round: 2,
            swap: true,
        };
        s.apply(&next, now).unwrap();
        assert_eq!(score(&s), (0.0, 1.0));
        // A draw by agreement: half a point each, 1½–½ for the creator.
        s.apply(&Event::DrawOffer { color: Side::Red }, now)
            .unwrap();
        s.apply(&Event::DrawAgreed, now).unwrap();
        assert_eq!(score(&s), (0.5, 1.5));
        assert_eq!(s.score_half_points[Color::Red], 3);
        assert_eq!(s.score_half_points[Color::Black], 1);
    }

    #[test]
    fn many_rounds_leave_the_room_state_and_its_snapshot_the_same_size() {
        use crate::room::snapshot;
        let mut s = room(None);
        let now = Instant::now();
        let presence = everyone_here();
        let size = |s: &RoomState| {
            serde_json::to_string(&snapshot::game(s, &presence, now))
                .expect("json")
                .len()
        };
        let mut first = 0;
        for round in 1..=1000u32 {
            finish_round(&mut s, now);
            let next = Event::NewRound {
                round: round + 1,
                swap: true,
            };
            s.apply(&next, now).unwrap();
            if round == 10 {
                first = size(&s);
            }
        }
        assert_eq!(s.finished_rounds, 1000);
        assert_eq!(s.last_finished.map(|r| r.round), Some(1000));
        // Black resigned every round and the seats swap: each seat won 500.
        assert_eq!(s.score_half_points[Color::Red], 1000);
        assert_eq!(s.score_half_points[Color::Black], 1000);
        // Only the numbers grow (10 -> 1000: two more digits in each of three of them, and
        // the match score 5.0 -> 500.0 on each side: two more in each of two).
        assert!(size(&s) <= first + 10, "{} vs {first}", size(&s));
    }

    #[test]
    fn a_swapping_new_round_exchanges_the_seats_and_the_engines_colour() {
        let mut s = room(None);
        s.info.computer = Some(ComputerSeat {
            level: 1,
            color: Side::Black,
        });
        s.computer = s.info.computer;
        let now = Instant::now();
        finish_round(&mut s, now);
        let next = Event::NewRound {
            round: 2,
            swap: true,
        };
        s.apply(&next, now).unwrap();
        assert_eq!(seat_of(&s, Color::Red), Some("black"));
        assert_eq!(seat_of(&s, Color::Black), Some("red"));
        assert!(s.swapped);
        assert_eq!(s.first_round_color(Color::Black), Color::Red);
        assert!(s.is_computer(Color::Red) && !s.is_computer(Color::Black));
        assert_eq!(
            s.info.computer.map(|c| c.color),
            Some(Side::Black),
            "the creation settings stay"
        );
        finish_round(&mut s, now);
        let next = Event::NewRound {
            round: 3,
            swap: true,
        };
        s.apply(&next, now).unwrap();
        assert_eq!(seat_of(&s, Color::Red), Some("red"), "back as in round 1");
        assert!(!s.swapped && s.is_computer(Color::Black));
    }

    #[test]
    fn a_new_round_stored_before_the_swap_replays_without_one() {
        let old: Event = serde_json::from_str(r#"{"kind":"new_round","round":2}"#).unwrap();
        assert_eq!(
            old,
            Event::NewRound {
                round: 2,
                swap: false
            }
        );
        let mut s = room(None);
        let now = Instant::now();
        finish_round(&mut s, now);
        s.apply(&old, now).unwrap();
        assert_eq!(s.round, 2);
        assert_eq!(seat_of(&s, Color::Red), Some("red"));
        assert!(!s.swapped);
        let new = Event::NewRound {
            round: 3,
            swap: true,
        };
        assert_eq!(
            serde_json::to_string(&new).unwrap(),
            r#"{"kind":"new_round","round":3,"swap":true}"#
        );
    }

    #[test]
    fn over_after_tells_the_store_whether_the_round_ends() {
        let now = Instant::now();
        let mut s = room(None);
        // Black is mated on ply 5 (see the server tests' FIVE_PLY_MATE).
        let plies = ["b2b4", "a9a8", "b4c4", "a8e8", "c4c9"];
        for (ply, m) in plies.iter().enumerate() {
            let side = if ply % 2 == 0 { Side::Red } else { Side::Black };
            let event = mv(side, ply, m, None);
            let over = s.over_after(&event);
            s.apply(&event, now).unwrap();
            assert_eq!(over, s.game.status().is_over(), "after {m}");
            assert_eq!(over, ply == 4, "after {m}");
        }
        let chat = Event::Chat {
            color: Side::Red,
            name: None,
            text: "gg".into(),
        };
        assert!(
            s.over_after(&chat),
            "a chat line leaves a finished round finished"
        );
        let new_round = Event::NewRound {
            round: 2,
            swap: true,
        };
        assert!(!s.over_after(&new_round));
        s.apply(&new_round, now).unwrap();
        assert!(!s.over_after(&chat));
        assert!(s.over_after(&Event::Resign { color: Side::Black }));
    }
}
