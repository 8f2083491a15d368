//! A legal position: board, side to move, counters and Zobrist key.

use crate::attacks::{
    Steps, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, RAYS,
    SOLDIER_MOVES,
};
use crate::board::code;
use crate::fen::MAX_COUNTER;
use crate::setup::{PositionError, Setup};
use crate::sliders::{cannon_hits, chariot_hits};
use crate::{zobrist, Bitboard, Board, ByColor, Color, Move, MoveList, Piece, Role, Square};
use std::fmt;

/// A position that can be played from: exactly one general a side, every piece on a point it
/// can reach, and the side that just moved not in check (WXF 2018, board, pieces and their moves).
///
/// Build one with [`Position::start`], [`Position::from_fen`] or
/// [`Position::from_setup`]; change it with [`Position::play`] (checked) or
/// [`Position::make_move`] / [`Position::unmake_move`] (for search and perft).
///
/// ```
/// use xiangqi::{Position, Move};
/// let mut pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let m: Move = "h2e2".parse()?;
/// pos.play(m)?;
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
    generals: ByColor<Square>,
}

/// Which moves of the side to move could expose its general (see `Position::danger`).
struct Danger {
    in_check: bool,
    pinned: Bitboard,
    screen_points: Bitboard,
}

/// What [`Position::make_move`] returns so that [`Position::unmake_move`] can restore the
/// position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece captured by the move, if any.
    pub captured: Option<Piece>,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
}

/// How a game ends when the side to move has no legal move. In Xiangqi both are losses for
/// that side. Source: WXF 2018, winning and losing (checkmate and stalemate both lose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move (a "stalemate", which loses).
    NoLegalMoves,
}

/// The result of a position in which the side to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that wins: the one not to move.
    pub winner: Color,
    /// Whether the loser was checkmated or simply had no move.
    pub termination: Termination,
}

/// Why [`Position::play`] refused a move; the position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// No piece stands on the starting point.
    NoPiece(Move),
    /// The piece on the starting point belongs to the side not to move.
    NotYourPiece(Move),
    /// The piece cannot reach the target point this way (wrong shape, blocked leg or eye,
    /// no or too many screens, own piece on the target, outside the palace, …).
    CannotMoveThere(Move, Piece),
    /// The move would leave the mover's general attacked or facing the other general.
    LeavesGeneralInDanger(Move),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoPiece(m) => write!(f, "{m}: there is no piece on {}", m.from),
            IllegalMove::NotYourPiece(m) => {
                write!(
                    f,
                    "{m}: the piece on {} belongs to the side not to move",
                    m.from
                )
            }
            IllegalMove::CannotMoveThere(m, p) => {
                write!(f, "{m}: a {} on {} cannot move to {}", p.role, m.from, m.to)
            }
            IllegalMove::LeavesGeneralInDanger(m) => {
                write!(
                    f,
                    "{m}: the move leaves its own general in check or facing the other"
                )
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

const NONE: usize = usize::MAX;

impl Position {
    /// Returns the starting position, Red to move (WXF 2018, board and pieces).
    pub fn start() -> Position {
        let setup = Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        };
        Position::unchecked(
            setup,
            ByColor {
                red: Square::E0,
                black: Square::E9,
            },
        )
    }

    /// Checks `setup` and turns it into a playable position.
    ///
    /// # Errors
    /// [`PositionError`] listing every problem found (missing general, piece on a point it
    /// can never reach, too many pieces of a kind, side not to move in check, …), with the
    /// setup given back unchanged.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let generals = crate::setup::validate(&setup)?;
        Ok(Position::unchecked(setup, generals))
    }

    pub(crate) fn unchecked(setup: Setup, generals: ByColor<Square>) -> Position {
        let key = setup
            .board
            .pieces()
            .fold(zobrist::side_key(setup.turn), |k, (sq, p)| {
                k ^ zobrist::piece_key(p, sq)
            });
        Position {
            board: setup.board,
            turn: setup.turn,
            halfmoves: setup.halfmoves.min(MAX_COUNTER),
            fullmoves: setup.fullmoves.clamp(1, MAX_COUNTER),
            key,
            generals,
        }
    }

    /// Returns the unchecked description of this position (for editing or re-validation).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Returns the pieces on the board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns the side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Returns the number of plies since the last capture (or since the position was set
    /// up), the FEN half-move clock. It stops at 100 000, the most a FEN may hold.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Returns the move number: 1 at the start, increased after each Black move, up to
    /// 100 000 (the most a FEN may hold).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Returns the 64-bit Zobrist key of the arrangement and side to move (counters are not
    /// part of it, so equal keys mean a repetition in the sense of WXF 2018, repetition rules).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Returns the square of `color`'s general.
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color]
    }

    /// Returns the piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// Plays `m` after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] saying why; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<Undo, IllegalMove> {
        self.check_legal(m)?;
        Ok(self.make_move(m))
    }

    /// Returns the position after `m`, leaving `self` unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] saying why.
    pub fn after(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// Plays `m` without checking legality and returns what [`Position::unmake_move`] needs.
    ///
    /// `m` must come from [`Position::legal_moves`] of this position (or be checked by
    /// [`Position::is_legal`]). A move from an empty point changes nothing; any other illegal
    /// move leaves a consistent board that the rules would not allow.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        let mut undo = Undo {
            captured: None,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            key: self.key,
        };
        let Some(piece) = self.board.piece_at(m.from) else {
            return undo;
        };
        let captured = self.board.remove(m.to);
        let mut key = self.key ^ zobrist::BLACK_TO_MOVE;
        if let Some(c) = captured {
            key ^= zobrist::piece_key(c, m.to);
            self.halfmoves = 0;
        } else {
            // Both counters stop at the largest value a FEN may hold, so that the FEN of
            // every position reached reads back.
            self.halfmoves = (self.halfmoves + 1).min(MAX_COUNTER);
        }
        self.board.shift(piece, m.from, m.to);
        key ^= zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to);
        if piece.role == Role::General {
            self.generals[piece.color] = m.to;
        }
        if self.turn == Color::Black {
            self.fullmoves = (self.fullmoves + 1).min(MAX_COUNTER);
        }
        self.turn = !self.turn;
        self.key = key;
        undo.captured = captured;
        undo
    }

    /// Takes back `m`, which must be the last move made with [`Position::make_move`], using
    /// the [`Undo`] it returned.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let Some(piece) = self.board.piece_at(m.to) else {
            return;
        };
        self.turn = !self.turn;
        self.board.shift(piece, m.to, m.from);
        if let Some(c) = undo.captured {
            self.board.put(m.to, c);
        }
        if piece.role == Role::General {
            self.generals[piece.color] = m.from;
        }
        self.halfmoves = undo.halfmoves;
        self.fullmoves = undo.fullmoves;
        self.key = undo.key;
    }

    /// Takes back `m`, a move that captured nothing and was the last one played here, without
    /// an [`Undo`]: the moves of a repetition cycle capture nothing, so the cycle judgment can
    /// walk back from the position it is given (`game::judge_quiet_cycle`). The move counters
    /// are left as they are.
    pub(crate) fn take_back_quiet(&mut self, m: Move) {
        let Some(piece) = self.board.piece_at(m.to) else {
            return;
        };
        self.board.shift(piece, m.to, m.from);
        self.key ^= zobrist::piece_key(piece, m.to)
            ^ zobrist::piece_key(piece, m.from)
            ^ zobrist::BLACK_TO_MOVE;
        if piece.role == Role::General {
            self.generals[piece.color] = m.from;
        }
        self.turn = !self.turn;
    }

    /// Passes the turn without moving (a "null move", for the engine's null-move pruning;
    /// never legal in a game). Call again to undo.
    pub fn toggle_turn(&mut self) {
        self.turn = !self.turn;
        self.key ^= zobrist::BLACK_TO_MOVE;
    }

    /// Tells whether the side to move is in check: its general attacked by a chariot, horse,
    /// cannon or soldier, or facing the other general on an open file (WXF 2018, moves of the pieces).
    pub fn is_check(&self) -> bool {
        self.attacked_after(self.generals[self.turn].index(), !self.turn, NONE, NONE, 0)
    }

    /// Returns the points of the enemy pieces giving check to the side to move (empty when not
    /// in check). A facing enemy general counts as a checker.
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.generals[self.turn], !self.turn)
    }

    /// Returns the points of `by`'s pieces that attack `sq`: pieces that could capture on `sq`
    /// if an enemy piece stood there, each by its own rule of movement (including the
    /// general's "flying" capture along an open file).
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        let s = sq.index();
        let occ = self.board.occupied();
        let mut out = self.slider_attackers(sq, by, occ, Bitboard::EMPTY);
        let cells = |q: usize| self.board.code_at(q);
        let pc = |r: Role| code(Piece::new(by, r));
        for &(leg, from) in HORSE_ATTACKERS[s].as_slice() {
            if cells(leg as usize) == 0 && cells(from as usize) == pc(Role::Horse) {
                out.insert(Square::from_index(from as usize).unwrap_or(sq));
            }
        }
        let mut add_stepper =
            |role: Role, table: &[Steps; 90]| {
                for from in self.board.by_piece(Piece::new(by, role)) {
                    if table[from.index()].as_slice().iter().any(|&(b, t)| {
                        t as usize == s && (b as usize == s || cells(b as usize) == 0)
                    }) {
                        out.insert(from);
                    }
                }
            };
        add_stepper(Role::Soldier, &SOLDIER_MOVES[by.index()]);
        add_stepper(Role::Advisor, &ADVISOR_MOVES);
        add_stepper(Role::Elephant, &ELEPHANT_MOVES);
        add_stepper(Role::General, &GENERAL_MOVES);
        out
    }

    /// Tells whether `target` would be attacked by `by`'s chariots, cannons, horses,
    /// soldiers or facing general if the piece on `from` moved to `to` (code `moved`).
    /// `from = to = NONE` asks about the current board. Advisors and elephants are left out:
    /// they never leave their own half, so they never attack a general.
    #[inline]
    fn attacked_after(&self, target: usize, by: Color, from: usize, to: usize, moved: u8) -> bool {
        let cell = |q: usize| {
            if q == to {
                moved
            } else if q == from {
                0
            } else {
                self.board.code_at(q)
            }
        };
        let horse = code(Piece::new(by, Role::Horse));
        let soldier = code(Piece::new(by, Role::Soldier));
        let bit = |q: usize| Square::from_index(q).map_or(Bitboard::EMPTY, Bitboard::from_square);
        let (from_bit, to_bit) = (bit(from), bit(to));
        let occ = (self.board.occupied() & !from_bit) | to_bit;
        let target_sq = Square::from_index(target).unwrap_or(Square::A0);
        // A piece of `by` on `to` is the one the move captures.
        if !self.slider_attackers(target_sq, by, occ, to_bit).is_empty() {
            return true;
        }
        for &(leg, src) in HORSE_ATTACKERS[target].as_slice() {
            if cell(src as usize) == horse && cell(leg as usize) == 0 {
                return true;
            }
        }
        // A soldier of `by` attacks from one point "behind" the target in its own direction
        // of travel, or from beside it once across the river.
        let t = target as i32;
        let back = t - 9 * by.forward() as i32;
        if (0..90).contains(&back) && cell(back as usize) == soldier {
            return true;
        }
        if !target_sq.is_on_side(by) {
            let f = target % 9;
            if f > 0 && cell(target - 1) == soldier {
                return true;
            }
            if f < 8 && cell(target + 1) == soldier {
                return true;
            }
        }
        false
    }

    /// Returns the points of `by`'s chariots, cannons and general that attack `sq` along its
    /// rank and file on the board `occ`, leaving out `by`'s pieces on `gone` (captured): a
    /// chariot or the general (on the file only, the flying general) as the first piece, a
    /// cannon as the first piece past a screen.
    #[inline]
    fn slider_attackers(&self, sq: Square, by: Color, occ: Bitboard, gone: Bitboard) -> Bitboard {
        let theirs = |r: Role| self.board.by_piece(Piece::new(by, r)) & !gone;
        let general = theirs(Role::General) & Bitboard::file(sq.file());
        (chariot_hits(occ, sq) & (theirs(Role::Chariot) | general))
            | (cannon_hits(occ, sq) & theirs(Role::Cannon))
    }

    /// Generates every legal move of the side to move (WXF 2018, moves of the pieces), in no
    /// particular order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo_legal(self.turn, false, &mut list);
        self.retain_legal(&mut list);
        list
    }

    /// Generates the legal captures of the side to move, in no particular order: the moves of
    /// [`Position::legal_moves`] that land on an enemy piece, found without generating the
    /// others (for a quiescence search, which looks only at captures).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo_legal(self.turn, true, &mut list);
        self.retain_legal(&mut list);
        list
    }

    /// Tells whether the side to move has at least one legal move, stopping at the first one
    /// found (chariots first), without building a move list: much cheaper than
    /// `!legal_moves().is_empty()` when a move exists, as it nearly always does. A side with
    /// no legal move loses, in check or not (WXF 2018, winning and losing); see
    /// [`Position::outcome`].
    ///
    /// ```
    /// use xiangqi::Position;
    /// // Black's lone general on d9: d8 is covered by the chariot on h8, e9 faces Red's
    /// // general on the open e-file. Not in check, and no legal move.
    /// let stuck = Position::from_fen("3k5/7R1/9/9/9/9/9/9/9/4K4 b")?;
    /// assert!(!stuck.is_check());
    /// assert!(!stuck.has_legal_move());
    /// assert!(Position::start().has_legal_move());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        let us = self.turn;
        let at = |q: u8| Square::from_index(q as usize);
        // Nearly always a chariot or a cannon can step to an empty neighbouring point, and one
        // safety test of that step settles the question.
        let sliders = self.board.by_piece(Piece::new(us, Role::Chariot))
            | self.board.by_piece(Piece::new(us, Role::Cannon));
        for from in sliders {
            let step = RAYS[from.index()]
                .iter()
                .filter_map(|ray| ray.as_slice().first().and_then(|&q| at(q)))
                .find(|&to| self.board.is_empty_at(to));
            if step.is_some_and(|to| self.is_safe(Move::new(from, to))) {
                return true;
            }
        }
        let danger = self.danger();
        let legal = self.legality(&danger);
        if danger.in_check {
            // A step of the general is the likeliest way out of check: try those first.
            let general = self.generals[us];
            let steps = GENERAL_MOVES[general.index()].as_slice().iter();
            if steps.filter_map(|&(_, to)| at(to)).any(|to| {
                self.board.piece_at(to).is_none_or(|p| p.color != us)
                    && legal(Move::new(general, to))
            }) {
                return true;
            }
        }
        let mut list = MoveList::new();
        self.generate_pseudo_legal(us, false, &mut list);
        list.iter().any(|&m| legal(m))
    }

    /// Tells whether some legal move of the side to move passes `wanted` and then `stop`,
    /// asking `wanted` before the legality test, so that a caller interested in a few moves
    /// (the chase rules looking for a mating check) pays that test only for those.
    pub(crate) fn find_legal(
        &self,
        wanted: impl Fn(Move) -> bool,
        stop: impl FnMut(Move) -> bool,
    ) -> bool {
        let danger = self.danger();
        let legal = self.legality(&danger);
        let mut list = MoveList::new();
        self.generate_pseudo_legal(self.turn, false, &mut list);
        list.iter()
            .copied()
            .filter(|&m| wanted(m) && legal(m))
            .any(stop)
    }

    /// Returns the legality test of a pseudo-legal move of the side to move, given the
    /// dangers to its general: only a move that could expose the general gets the full test.
    fn legality<'a>(&'a self, danger: &'a Danger) -> impl Fn(Move) -> bool + 'a {
        let k = self.generals[self.turn].index();
        move |m: Move| {
            let risky = danger.in_check
                || m.from.index() == k
                || danger.pinned.contains(m.from)
                || danger.screen_points.contains(m.to);
            !risky || self.is_safe(m)
        }
    }

    /// Keeps the moves of `list`, pseudo-legal for the side to move, that leave its general
    /// safe; only the moves that could expose it get the full test.
    fn retain_legal(&self, list: &mut MoveList) {
        let danger = self.danger();
        let legal = self.legality(&danger);
        list.retain(legal);
    }

    /// Finds, for the side to move, which moves could expose its general, so that only those
    /// need the full safety test: whether it is in check; its pieces whose leaving would
    /// uncover an attack (blocking a chariot, facing general or horse leg, or one of a
    /// cannon's two screens); and the empty points that would become a cannon's only screen.
    fn danger(&self) -> Danger {
        let mut d = self.danger_to(self.turn);
        d.pinned = d.pinned & self.board.by_color(self.turn);
        d
    }

    /// Returns the pieces of either colour whose leaving their point would expose `color`'s
    /// general to an attack: a piece between it and an enemy chariot or facing general, on
    /// the leg of an enemy horse aimed at it, or one of two screens before an enemy cannon.
    /// The enemy's own pieces among them give discovered check by moving; `color`'s are
    /// pinned. Used by the chase rules (`game/threats.rs`).
    pub(crate) fn general_blockers(&self, color: Color) -> Bitboard {
        self.danger_to(color).pinned
    }

    /// Finds the dangers to `us`'s general as [`Position::danger`] does, whichever side is to
    /// move; `pinned` is not masked to `us`'s pieces.
    fn danger_to(&self, us: Color) -> Danger {
        let them = !us;
        let k = self.generals[us].index();
        let chariot = code(Piece::new(them, Role::Chariot));
        let cannon = code(Piece::new(them, Role::Cannon));
        let general = code(Piece::new(them, Role::General));
        let horse = code(Piece::new(them, Role::Horse));
        let mut d = Danger {
            in_check: false,
            pinned: Bitboard::EMPTY,
            screen_points: Bitboard::EMPTY,
        };
        for (dir, ray) in RAYS[k].iter().enumerate() {
            let squares = ray.as_slice();
            // The first three pieces along the ray, as indices into `squares`.
            let mut found = [usize::MAX; 3];
            let mut n = 0;
            for (i, &q) in squares.iter().enumerate() {
                if self.board.code_at(q as usize) != 0 {
                    found[n] = i;
                    n += 1;
                    if n == 3 {
                        break;
                    }
                }
            }
            let at = |j: usize| {
                squares
                    .get(found[j])
                    .map(|&q| (q, self.board.code_at(q as usize)))
            };
            let sq = |q: u8| Square::from_index(q as usize).unwrap_or(Square::A0);
            let slider = |c: u8| c == chariot || (c == general && dir < 2);
            // Each clause looks at one piece; several may apply (a cannon can be the screen of
            // another cannon). Pins are masked to the mover's own pieces below.
            if let Some((q0, c0)) = at(0) {
                if slider(c0) {
                    d.in_check = true;
                } else if c0 == cannon {
                    // No screen yet: any point between general and cannon would become one.
                    for &q in &squares[..found[0]] {
                        d.screen_points.insert(sq(q));
                    }
                }
                if let Some((q1, c1)) = at(1) {
                    if c1 == cannon {
                        d.in_check = true;
                    } else if slider(c1) {
                        d.pinned.insert(sq(q0));
                    }
                    if at(2).is_some_and(|(_, c2)| c2 == cannon) {
                        // Two screens: taking either away leaves the cannon exactly one.
                        d.pinned.insert(sq(q0));
                        d.pinned.insert(sq(q1));
                    }
                }
            }
        }
        for &(leg, src) in HORSE_ATTACKERS[k].as_slice() {
            if self.board.code_at(src as usize) == horse {
                if self.board.code_at(leg as usize) == 0 {
                    d.in_check = true;
                } else {
                    d.pinned
                        .insert(Square::from_index(leg as usize).unwrap_or(Square::A0));
                }
            }
        }
        if !d.in_check {
            d.in_check = self.soldier_attacks_general(k, them);
        }
        d
    }

    /// Tells whether a soldier of `by` attacks the general on `k`.
    fn soldier_attacks_general(&self, k: usize, by: Color) -> bool {
        let soldier = code(Piece::new(by, Role::Soldier));
        let back = k as i32 - 9 * by.forward() as i32;
        let f = k % 9;
        ((0..90).contains(&back) && self.board.code_at(back as usize) == soldier)
            || (f > 0 && self.board.code_at(k - 1) == soldier)
            || (f < 8 && self.board.code_at(k + 1) == soldier)
    }

    /// Tells whether playing the pseudo-legal move `m` keeps the mover's general safe.
    #[inline]
    fn is_safe(&self, m: Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let moved = self.board.code_at(from);
        let us = self.turn;
        let k = self.generals[us].index();
        let target = if k == from { to } else { k };
        !self.attacked_after(target, !us, from, to, moved)
    }

    /// Generates the moves `us` could make by the pieces' rules of movement alone, without
    /// asking whether its own general stays safe (and whichever side is to move); only those
    /// that capture when `captures_only`.
    fn generate_pseudo_legal(&self, us: Color, captures_only: bool, list: &mut MoveList) {
        let own = |q: u8| {
            let c = self.board.code_at(q as usize);
            c != 0 && (c as usize - 1) / 7 == us.index()
        };
        let push = |list: &mut MoveList, from: Square, to: u8| {
            if captures_only && self.board.code_at(to as usize) == 0 {
                return;
            }
            if let Some(to) = Square::from_index(to as usize) {
                list.push(Move::new(from, to));
            }
        };
        for from in self.board.by_piece(Piece::new(us, Role::Chariot)) {
            for ray in &RAYS[from.index()] {
                for &q in ray.as_slice() {
                    if self.board.code_at(q as usize) == 0 {
                        push(list, from, q);
                    } else {
                        if !own(q) {
                            push(list, from, q);
                        }
                        break;
                    }
                }
            }
        }
        for from in self.board.by_piece(Piece::new(us, Role::Cannon)) {
            for ray in &RAYS[from.index()] {
                let squares = ray.as_slice();
                let mut i = 0;
                while i < squares.len() && self.board.code_at(squares[i] as usize) == 0 {
                    push(list, from, squares[i]);
                    i += 1;
                }
                i += 1;
                while i < squares.len() {
                    let q = squares[i];
                    if self.board.code_at(q as usize) != 0 {
                        if !own(q) {
                            push(list, from, q);
                        }
                        break;
                    }
                    i += 1;
                }
            }
        }
        for from in self.board.by_piece(Piece::new(us, Role::Horse)) {
            for &(leg, to) in HORSE_MOVES[from.index()].as_slice() {
                if self.board.code_at(leg as usize) == 0 && !own(to) {
                    push(list, from, to);
                }
            }
        }
        // Stepping pieces: `block` is the elephant's eye, or the target itself for the
        // advisor, general and soldier, which nothing can block.
        let mut steps = |table: &Steps, from: Square| {
            for &(block, to) in table.as_slice() {
                if (block == to || self.board.code_at(block as usize) == 0) && !own(to) {
                    push(list, from, to);
                }
            }
        };
        for from in self.board.by_piece(Piece::new(us, Role::Elephant)) {
            steps(&ELEPHANT_MOVES[from.index()], from);
        }
        for from in self.board.by_piece(Piece::new(us, Role::Advisor)) {
            steps(&ADVISOR_MOVES[from.index()], from);
        }
        for from in self.board.by_piece(Piece::new(us, Role::Soldier)) {
            steps(&SOLDIER_MOVES[us.index()][from.index()], from);
        }
        let k = self.generals[us];
        steps(&GENERAL_MOVES[k.index()], k);
    }

    /// Returns the occupied points, of either colour, that the piece on `from` could capture
    /// by its rule of movement if an enemy piece stood there (the points it attacks or
    /// defends), whichever side is to move. The general's capture along an open file is left
    /// out. Empty when `from` is empty.
    pub fn attacks_from(&self, from: Square) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let Some(piece) = self.board.piece_at(from) else {
            return out;
        };
        let occupied = |q: u8| self.board.code_at(q as usize) != 0;
        let mut add = |q: u8| {
            if let Some(s) = Square::from_index(q as usize) {
                out.insert(s);
            }
        };
        let f = from.index();
        match piece.role {
            Role::Chariot | Role::Cannon => {
                let screens = usize::from(piece.role == Role::Cannon);
                for ray in &RAYS[f] {
                    if let Some(&q) = ray.as_slice().iter().filter(|&&q| occupied(q)).nth(screens) {
                        add(q);
                    }
                }
            }
            Role::Horse => {
                for &(leg, to) in HORSE_MOVES[f].as_slice() {
                    if !occupied(leg) && occupied(to) {
                        add(to);
                    }
                }
            }
            role => {
                let table = match role {
                    Role::Elephant => &ELEPHANT_MOVES[f],
                    Role::Advisor => &ADVISOR_MOVES[f],
                    Role::General => &GENERAL_MOVES[f],
                    _ => &SOLDIER_MOVES[piece.color.index()][f],
                };
                for &(block, to) in table.as_slice() {
                    if (block == to || !occupied(block)) && occupied(to) {
                        add(to);
                    }
                }
            }
        }
        out
    }

    /// Tells whether `m` is legal here, by the rules of movement checked one move at a time
    /// (independently of [`Position::legal_moves`], so the two can be tested against each
    /// other).
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_legal(m).is_ok()
    }

    /// Checks `m` against the rules and says why it is illegal.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the first rule the move breaks.
    pub fn check_legal(&self, m: Move) -> Result<(), IllegalMove> {
        let piece = self.board.piece_at(m.from).ok_or(IllegalMove::NoPiece(m))?;
        if piece.color != self.turn {
            return Err(IllegalMove::NotYourPiece(m));
        }
        if !self.can_reach(piece, m) {
            return Err(IllegalMove::CannotMoveThere(m, piece));
        }
        if !self.is_safe(m) {
            return Err(IllegalMove::LeavesGeneralInDanger(m));
        }
        Ok(())
    }

    /// Tells whether `piece` on `m.from` may go to `m.to` by its rule of movement, ignoring
    /// the safety of its own general.
    fn can_reach(&self, piece: Piece, m: Move) -> bool {
        if self
            .board
            .piece_at(m.to)
            .is_some_and(|t| t.color == piece.color)
            || m.from == m.to
        {
            return false;
        }
        let (from, to) = (m.from, m.to);
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        let empty = |df: i8, dr: i8| {
            from.offset(df, dr)
                .is_some_and(|s| self.board.is_empty_at(s))
        };
        let between = || {
            if df != 0 && dr != 0 {
                return None;
            }
            let (sf, sr) = (df.signum(), dr.signum());
            let n = df.abs().max(dr.abs());
            Some((1..n).filter(|&i| !empty(sf * i, sr * i)).count())
        };
        let palace = to.is_in_palace(piece.color);
        match piece.role {
            Role::General => palace && df.abs() + dr.abs() == 1,
            Role::Advisor => palace && df.abs() == 1 && dr.abs() == 1,
            Role::Elephant => {
                df.abs() == 2
                    && dr.abs() == 2
                    && to.is_on_side(piece.color)
                    && empty(df / 2, dr / 2)
            }
            Role::Horse => match (df.abs(), dr.abs()) {
                (1, 2) => empty(0, dr / 2),
                (2, 1) => empty(df / 2, 0),
                _ => false,
            },
            Role::Chariot => between() == Some(0),
            Role::Cannon => match between() {
                Some(0) => self.board.is_empty_at(to),
                Some(1) => !self.board.is_empty_at(to),
                _ => false,
            },
            Role::Soldier => {
                let fwd = piece.color.forward();
                (df == 0 && dr == fwd)
                    || (dr == 0 && df.abs() == 1 && !from.is_on_side(piece.color))
            }
        }
    }

    /// Returns how the game ends here if the side to move has no legal move: that side loses,
    /// by checkmate when in check and otherwise for having no move (WXF 2018, winning and losing).
    /// Returns `None` while a legal move exists. Repetition and move-count rules are not
    /// judged here.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        let termination = if self.is_check() {
            Termination::Checkmate
        } else {
            Termination::NoLegalMoves
        };
        Some(Outcome {
            winner: !self.turn,
            termination,
        })
    }

    /// Tells whether `m` captures a piece here.
    pub fn is_capture(&self, m: Move) -> bool {
        !self.board.is_empty_at(m.to)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:?}", self.board)?;
        write!(f, "{} to move, {}", self.turn, self.fen())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compares the generator with the one-move legality test over all 90 × 90 pairs.
    fn assert_generator_agrees(fen: &str) {
        let pos = Position::from_fen(fen).expect("legal FEN");
        let mut generated: Vec<Move> = pos.legal_moves().to_vec();
        generated.sort();
        let mut checked: Vec<Move> = Square::all()
            .flat_map(|a| Square::all().map(move |b| Move::new(a, b)))
            .filter(|&m| pos.is_legal(m))
            .collect();
        checked.sort();
        assert_eq!(generated, checked, "{fen}");
        let mut captures: Vec<Move> = pos.legal_captures().to_vec();
        captures.sort();
        checked.retain(|&m| pos.is_capture(m));
        assert_eq!(captures, checked, "captures of {fen}");
    }

    #[test]
    fn cannon_screened_by_a_cannon_gives_check() {
        // Black's general on d8 is checked by the Red cannon on i8 over the Red cannon on f8;
        // the generator once missed that check because the nearer piece was a cannon too.
        let fen = "5a3/3k1C2C/N2ab4/9/4p1p1R/P3n1B1P/6Pr1/Bp2NA3/5R2n/c2K1A3 b - - 4 82";
        let pos = Position::from_fen(fen).expect("legal FEN");
        assert!(pos.is_check());
        assert!(!pos
            .legal_moves()
            .contains(&Move::new(Square::H3, Square::H4)));
        assert_generator_agrees(fen);
    }

    #[test]
    fn pins_by_chariot_cannon_horse_and_facing_general_are_respected() {
        for fen in [
            // Red horse on e1 pinned against the facing Black general.
            "4k4/9/9/9/9/9/9/9/4N4/4K4 w",
            // Red chariot e3 between its general and a Black chariot.
            "3k5/9/9/4r4/9/9/4R4/9/9/4K4 w",
            // Two screens before a Black cannon: neither may leave the file.
            "3k5/4c4/9/9/4P4/9/4R4/9/9/4K4 w",
            // A point between the general and a Black cannon would become its screen.
            "3k5/4c4/9/9/9/9/9/R8/9/4K4 w",
            // Red chariot on d1, the leg of the Black horse on c1 that eyes the general.
            "5k3/9/9/9/9/9/9/9/2nR5/4K4 w",
        ] {
            assert_generator_agrees(fen);
        }
    }
}
