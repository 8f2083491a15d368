//! The game record and the end-of-game rules: repetition (perpetual check and chase),
//! move-count draws, insufficient material, resignation, time and agreement.
//!
//! A [`Game`] is a start position plus the moves played, judged after every ply under a
//! named [`RuleSet`]. Each [`PlyRecord`] keeps what the rules need: the position key, the
//! capture, the check, a soldier advance and the enemy pieces the move newly attacks or
//! chases. See `docs/rules.md` for the articles each ruling implements.
//!
//! ```
//! use xiangqi::game::{Game, GameResult, Reason, RuleSet};
//! // Red's chariot checks from a9 and a8 while Black's general steps between e9 and e8.
//! let cycle = ["a8a9", "e9e8", "a9a8", "e8e9"];
//! let moves: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
//! let game = Game::replay(Some("4k4/R8/9/9/9/9/9/9/9/3K5 w"), &moves, RuleSet::Wxf2018)?;
//! // The start position occurs for the fourth time after ply 12: Red checked perpetually.
//! assert_eq!(game.status().result, GameResult::BlackWins);
//! assert_eq!(game.status().reason, Some(Reason::PerpetualCheck));
//! # Ok::<(), xiangqi::game::ReplayError>(())
//! ```

mod explain;
mod material;
mod repetition;
mod rule_set;
mod status;
mod threats;

pub use explain::{sentence, warning_sentence, CyclePly, CycleReport, PlyKind};
pub use material::is_insufficient_material;
pub use repetition::{conduct, judge_cycle, judge_quiet_cycle, Conduct, CycleStep, Ruling};
pub use rule_set::{RuleSet, UnknownRuleSet};
pub use status::{GameResult, Reason, Status};
pub use threats::{is_chase, threats_of_move, Threats};

use crate::{Color, IllegalMove, Move, ParseMoveError, Piece, Position, Role};
use std::fmt;

/// What the game remembers about one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    /// The ply number, 1 for the first move of the game record.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece captured, if any.
    pub captured: Option<Piece>,
    /// Whether the move gave check.
    pub check: bool,
    /// Whether the move was a soldier stepping forward (irreversible, like a capture).
    pub soldier_advance: bool,
    /// The Zobrist key of the position after the move.
    pub key: u64,
    /// Enemy pieces the move newly attacks, and which of those it chases.
    pub threats: Threats,
    /// Plies since the last capture, after this move (0 after a capture).
    pub plies_since_capture: u32,
    /// Plies since the last capture or soldier advance, after this move.
    pub plies_since_progress: u32,
    /// The status after this ply.
    pub status: Status,
}

/// What to do when a move would complete a forbidden repetition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RepetitionPolicy {
    /// Play it and end the game: the side at fault loses (the WXF way).
    #[default]
    EndGame,
    /// Refuse the move and say why, as some sites do, so the game goes on; such moves are also
    /// left out of [`Game::legal_moves`].
    BlockMove,
}

/// Why the game refused an action; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game has already ended.
    GameOver(Status),
    /// The move is illegal; `ply` is the ply number it would have had.
    Illegal {
        /// The ply number the move would have had.
        ply: usize,
        /// Why it is illegal.
        reason: IllegalMove,
    },
    /// The text of a move is not ICCS.
    BadMove {
        /// The ply number the move would have had.
        ply: usize,
        /// Why it could not be read.
        reason: ParseMoveError,
    },
    /// Under [`RepetitionPolicy::BlockMove`], the move would complete a forbidden repetition.
    ForbiddenRepetition {
        /// The move.
        mv: Move,
        /// The ruling it would bring.
        explanation: String,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(s) => write!(
                f,
                "the game is over ({}, {})",
                s.result.name(),
                s.reason.map_or("", Reason::name)
            ),
            GameError::Illegal { ply, reason } => write!(f, "ply {ply}: illegal move {reason}"),
            GameError::BadMove { ply, reason } => write!(f, "ply {ply}: {reason}"),
            GameError::ForbiddenRepetition { mv, explanation } => {
                write!(
                    f,
                    "{mv} is not allowed: it would repeat the position and lose ({explanation})"
                )
            }
        }
    }
}

impl std::error::Error for GameError {}

/// A game: start position, moves, and the status after each ply under a rule set.
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    policy: RepetitionPolicy,
    start: Position,
    position: Position,
    plies: Vec<PlyRecord>,
    status: Status,
}

impl Game {
    /// Starts a game record from `start` under `rules`; a start position that is already
    /// decided (checkmate, no legal move, insufficient material) gets that status at once.
    pub fn new(start: Position, rules: RuleSet) -> Game {
        let mut game = Game {
            rules,
            policy: RepetitionPolicy::default(),
            position: start.clone(),
            start,
            plies: Vec::new(),
            status: Status::ongoing(),
        };
        game.status = game.judge();
        game
    }

    /// Replays ICCS `moves` from `fen` (the starting position when `None`).
    ///
    /// # Errors
    /// The FEN's error as [`ReplayError::Fen`]; otherwise [`ReplayError::Move`] naming the
    /// first move that is unreadable, illegal or played after the game ended.
    pub fn replay(fen: Option<&str>, moves: &[&str], rules: RuleSet) -> Result<Game, ReplayError> {
        let start = match fen {
            Some(f) => Position::from_fen(f).map_err(ReplayError::Fen)?,
            None => Position::start(),
        };
        let mut game = Game::new(start, rules);
        for text in moves {
            game.play_iccs(text).map_err(ReplayError::Move)?;
        }
        Ok(game)
    }

    /// Sets what happens when a move would complete a forbidden repetition.
    pub fn set_repetition_policy(&mut self, policy: RepetitionPolicy) {
        self.policy = policy;
    }

    /// Returns the rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Returns the start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Returns the current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Returns the record of every ply, in order.
    pub fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    /// Returns the moves played, in order.
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// Returns the current status.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// Plays an ICCS move (`h2e2`).
    ///
    /// # Errors
    /// [`GameError::BadMove`] for unreadable text, else as [`Game::play`].
    pub fn play_iccs(&mut self, text: &str) -> Result<&Status, GameError> {
        let ply = self.plies.len() + 1;
        let m = text
            .trim()
            .parse::<Move>()
            .map_err(|reason| GameError::BadMove { ply, reason })?;
        self.play(m)
    }

    /// Plays `m` and judges the game.
    ///
    /// # Errors
    /// [`GameError::GameOver`] after the end, [`GameError::Illegal`] for an illegal move,
    /// [`GameError::ForbiddenRepetition`] under [`RepetitionPolicy::BlockMove`]. The game is
    /// unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<&Status, GameError> {
        if self.status.is_over() {
            return Err(GameError::GameOver(self.status.clone()));
        }
        let ply = self.plies.len() + 1;
        self.position
            .check_legal(m)
            .map_err(|reason| GameError::Illegal { ply, reason })?;
        let saved = (self.position.clone(), self.status.clone());
        self.push(m);
        if self.policy == RepetitionPolicy::BlockMove && self.is_forbidden_end() {
            let explanation = self.status.explanation.clone();
            self.plies.pop();
            (self.position, self.status) = saved;
            return Err(GameError::ForbiddenRepetition { mv: m, explanation });
        }
        Ok(&self.status)
    }

    /// Tells whether the current status is a loss for the side that just moved by perpetual
    /// check or chase.
    fn is_forbidden_end(&self) -> bool {
        let mover = !self.position.turn();
        matches!(
            self.status.reason,
            Some(Reason::PerpetualCheck | Reason::PerpetualChase)
        ) && self.status.result == GameResult::win(!mover)
    }

    /// Appends a legal move and its record, then judges.
    fn push(&mut self, m: Move) {
        let before = self.position.clone();
        let Some(piece) = before.piece_at(m.from) else {
            return;
        };
        let captured = before.piece_at(m.to);
        self.position.make_move(m);
        let threats = threats_of_move(&before, m, &self.position);
        let soldier_advance = piece.role == Role::Soldier
            && m.to.relative_rank(piece.color) > m.from.relative_rank(piece.color);
        let (since_capture, since_progress) = match self.plies.last() {
            Some(p) => (p.plies_since_capture, p.plies_since_progress),
            None => (self.start.halfmoves(), self.start.halfmoves()),
        };
        let plies_since_capture = if captured.is_some() {
            0
        } else {
            since_capture + 1
        };
        let plies_since_progress = if captured.is_some() || soldier_advance {
            0
        } else {
            since_progress + 1
        };
        self.plies.push(PlyRecord {
            number: self.plies.len() + 1,
            mv: m,
            piece,
            captured,
            check: self.position.is_check(),
            soldier_advance,
            key: self.position.key(),
            threats,
            plies_since_capture,
            plies_since_progress,
            status: Status::ongoing(),
        });
        self.status = self.judge();
        if let Some(last) = self.plies.last_mut() {
            last.status = self.status.clone();
        }
    }

    /// Ends the game: `loser` resigns.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it had already ended.
    pub fn resign(&mut self, loser: Color) -> Result<&Status, GameError> {
        self.finish(
            GameResult::win(!loser),
            Reason::Resignation,
            format!("{loser} resigned"),
        )
    }

    /// Ends the game: `loser` ran out of time.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it had already ended.
    pub fn forfeit_on_time(&mut self, loser: Color) -> Result<&Status, GameError> {
        self.finish(
            GameResult::win(!loser),
            Reason::TimeForfeit,
            format!("{loser} ran out of time"),
        )
    }

    /// Ends the game: `loser` left and stayed away, and the opponent claimed the win.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it had already ended.
    pub fn forfeit_by_abandonment(&mut self, loser: Color) -> Result<&Status, GameError> {
        self.finish(
            GameResult::win(!loser),
            Reason::Abandonment,
            format!("{loser} left the game"),
        )
    }

    /// Calls the game off without a result ([`GameResult::Aborted`]); when a game may be
    /// aborted is the caller's rule (a server allows it before the first moves).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it had already ended.
    pub fn abort(&mut self, by: Color) -> Result<&Status, GameError> {
        self.finish(
            GameResult::Aborted,
            Reason::Aborted,
            format!("{by} aborted the game"),
        )
    }

    /// Ends the game drawn by agreement.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it had already ended.
    pub fn agree_draw(&mut self) -> Result<&Status, GameError> {
        self.finish(
            GameResult::Draw,
            Reason::Agreement,
            "drawn by agreement".to_string(),
        )
    }

    fn finish(
        &mut self,
        result: GameResult,
        reason: Reason,
        text: String,
    ) -> Result<&Status, GameError> {
        if self.status.is_over() {
            return Err(GameError::GameOver(self.status.clone()));
        }
        self.status = Status::over(result, reason, text);
        Ok(&self.status)
    }

    /// Returns the legal moves of the side to move; under [`RepetitionPolicy::BlockMove`],
    /// without the moves that would complete a forbidden repetition. Empty once the game
    /// is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status.is_over() {
            return Vec::new();
        }
        let all = self.position.legal_moves();
        if self.policy == RepetitionPolicy::EndGame {
            return all.to_vec();
        }
        let forbidden: Vec<Move> = self.forbidden_moves().into_iter().map(|(m, _)| m).collect();
        all.iter()
            .copied()
            .filter(|m| !forbidden.contains(m))
            .collect()
    }

    /// Returns the legal moves that would make the mover lose by perpetual check or chase
    /// under this rule set, each with the ruling's explanation; the UI can block them.
    pub fn forbidden_moves(&self) -> Vec<(Move, String)> {
        if self.status.is_over() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &m in self.position.legal_moves().iter() {
            let mut probe = self.position.clone();
            probe.make_move(m);
            let key = probe.key();
            // Only a move back into an earlier position can complete a repetition.
            if key != self.start.key() && !self.plies.iter().any(|p| p.key == key) {
                continue;
            }
            let mut trial = self.clone();
            trial.policy = RepetitionPolicy::EndGame;
            trial.push(m);
            if trial.is_forbidden_end() {
                out.push((m, trial.status.explanation));
            }
        }
        out
    }

    /// Judges the current position: no legal move, repetition, move limit, material.
    fn judge(&self) -> Status {
        let pos = &self.position;
        if let Some(outcome) = pos.outcome() {
            let loser = !outcome.winner;
            let (reason, how) = match outcome.termination {
                crate::Termination::Checkmate => (Reason::Checkmate, "is checkmated"),
                crate::Termination::NoLegalMoves => {
                    (Reason::NoLegalMoves, "has no legal move and loses")
                }
            };
            return Status::over(
                GameResult::win(outcome.winner),
                reason,
                format!("{loser} {how}"),
            );
        }
        let mut warning = None;
        let mut report = None;
        if let Some(status) = self.judge_repetition(&mut warning, &mut report) {
            return status;
        }
        let limit = self.rules.move_limit();
        // Before the first ply the FEN's half-move clock is the count (a set-up position can
        // already have reached the limit).
        let count = self.plies.last().map_or(self.start.halfmoves(), |p| {
            if self.rules.soldier_advance_resets_limit() {
                p.plies_since_progress
            } else {
                p.plies_since_capture
            }
        });
        if count >= limit {
            let what = if self.rules.soldier_advance_resets_limit() {
                "without a capture or a soldier advance"
            } else {
                "without a capture"
            };
            return Status::over(
                GameResult::Draw,
                Reason::MoveLimit,
                format!(
                    "{count} plies ({} moves by each side) {what}: draw",
                    count / 2
                ),
            );
        }
        if is_insufficient_material(pos) {
            return Status::over(
                GameResult::Draw,
                Reason::InsufficientMaterial,
                "neither side has a piece that can cross the river: draw".to_string(),
            );
        }
        Status {
            warning,
            cycle: report,
            ..Status::ongoing()
        }
    }

    /// Judges a repetition of the current position, if there is one; a warning (third
    /// occurrence under wxf-2018) is written to `warning`, with its report to `report`.
    fn judge_repetition(
        &self,
        warning: &mut Option<String>,
        report: &mut Option<CycleReport>,
    ) -> Option<Status> {
        let key = self.position.key();
        // Positions by index: 0 is the start, i is after ply i.
        let occurrences: Vec<usize> = std::iter::once(self.start.key())
            .chain(self.plies.iter().map(|p| p.key))
            .enumerate()
            .filter(|&(_, k)| k == key)
            .map(|(i, _)| i)
            .collect();
        let n = occurrences.len();
        let deciding = self.rules.deciding_occurrence();
        let first = if n >= deciding {
            occurrences[n - deciding]
        } else if Some(n) == self.rules.warning_occurrence() {
            occurrences[0]
        } else {
            return None;
        };
        let cycle = &self.plies[first..];
        let steps: Vec<CycleStep> = cycle.iter().map(PlyRecord::step).collect();
        let ruling = judge_cycle(&steps, self.rules);
        if n < deciding && ruling.result == GameResult::Draw {
            return None;
        }
        let cycle_report = self.cycle_report(first, n, &ruling);
        if n < deciding {
            *warning = warning_sentence(&cycle_report);
            *report = Some(cycle_report);
            return None;
        }
        let mut status = Status::over(ruling.result, ruling.reason, sentence(&cycle_report));
        status.cycle = Some(cycle_report);
        Some(status)
    }

    /// Builds the report of the cycle that starts after position `first` (0 is the start)
    /// and ends now, the position having occurred `occurrences` times.
    fn cycle_report(&self, first: usize, occurrences: usize, ruling: &Ruling) -> CycleReport {
        let mut pos = self.start.clone();
        for p in &self.plies[..first] {
            pos.make_move(p.mv);
        }
        let cycle = &self.plies[first..];
        let mut positions = Vec::with_capacity(cycle.len() + 1);
        positions.push(pos.clone());
        for p in cycle {
            pos.make_move(p.mv);
            positions.push(pos.clone());
        }
        let moves: Vec<(Move, bool, crate::Bitboard)> = cycle
            .iter()
            .map(|p| (p.mv, p.check, p.threats.chased))
            .collect();
        let black_first = u32::from(self.start.turn() == Color::Black);
        let fullmoves = self.start.fullmoves();
        explain::report(
            &positions,
            &moves,
            first + 1,
            |ply| fullmoves + (ply as u32 - 1 + black_first) / 2,
            occurrences,
            ruling,
            self.rules.judges_chases(),
        )
    }
}

impl PlyRecord {
    /// Returns what the repetition rules need of this ply.
    pub fn step(&self) -> CycleStep {
        CycleStep {
            mv: self.mv,
            mover: self.piece.color,
            check: self.check,
            chased: self.threats.chased,
        }
    }
}

/// Why [`Game::replay`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start FEN is not a legal position.
    Fen(crate::FenError),
    /// A move could not be played.
    Move(GameError),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Fen(e) => write!(f, "start position: {e}"),
            ReplayError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}
