//! The evaluation's term layout and every search constant in one place, in centipawns
//! unless said otherwise. The evaluation's weights themselves are in
//! [`crate::eval_weights`], which `xiangqi tune` writes.

use xiangqi::Role;

/// A pair of weights: one for the middlegame, one for the endgame, blended by game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    /// Centipawns when all attacking pieces are on the board.
    pub mg: i32,
    /// Centipawns when no attacking piece but soldiers remains.
    pub eg: i32,
}

/// Phase weight of each kind; the sum over the board, capped at [`MAX_PHASE`], measures how
/// much attacking material is left.
pub const PHASE: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];

/// Phase of the full starting material: 2 × (2 chariots × 6 + 2 horses × 3 + 2 cannons × 3).
pub const MAX_PHASE: i32 = 48;

/// Returns the material value used by move ordering and static exchange evaluation
/// (centipawns; the general counts as more than all other material together).
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::General => 5000,
        Role::Advisor => 120,
        Role::Elephant => 120,
        Role::Horse => 290,
        Role::Chariot => 630,
        Role::Cannon => 290,
        Role::Soldier => 60,
    }
}

/// The evaluation's terms: each is an index into [`crate::eval_weights::WEIGHTS`], counted
/// once per occurrence for the side it favours. The layout is fixed so that `xiangqi tune`
/// can write the weights back in the same order.
pub mod term {
    use xiangqi::Role;

    /// Material of each kind of piece, by [`Role::index`] (the general's is unused).
    pub const MATERIAL: usize = 0;
    /// Piece-square bonuses: 50 points per kind of piece (relative ranks 0–9 from the
    /// owner's back rank × files 0–4 from the edge; the board is left–right symmetric).
    pub const PST: usize = MATERIAL + 7;
    /// Per reachable point of a chariot.
    pub const MOBILITY_CHARIOT: usize = PST + 7 * 50;
    /// Per reachable point of a horse (a horse with blocked legs is a poor piece).
    pub const MOBILITY_HORSE: usize = MOBILITY_CHARIOT + 1;
    /// Per reachable point of a cannon (including its capture).
    pub const MOBILITY_CANNON: usize = MOBILITY_HORSE + 1;
    /// A cannon facing the enemy general with nothing between (the "empty-head cannon").
    pub const EMPTY_HEAD_CANNON: usize = MOBILITY_CANNON + 1;
    /// A cannon facing the enemy general with two pieces between (one away from check).
    pub const LOADED_CANNON: usize = EMPTY_HEAD_CANNON + 1;
    /// Per point of the enemy palace a chariot attacks.
    pub const CHARIOT_PALACE_ATTACK: usize = LOADED_CANNON + 1;
    /// A horse within a horse's move of the enemy palace.
    pub const HORSE_NEAR_PALACE: usize = CHARIOT_PALACE_ATTACK + 1;
    /// A crossed soldier beside another crossed soldier of its side.
    pub const CONNECTED_SOLDIERS: usize = HORSE_NEAR_PALACE + 1;
    /// Per missing advisor, per enemy attacker of each kind ([`ATTACKER_KINDS`] order).
    pub const MISSING_ADVISOR: usize = CONNECTED_SOLDIERS + 1;
    /// Per missing elephant, per enemy attacker of each kind ([`ATTACKER_KINDS`] order).
    pub const MISSING_ELEPHANT: usize = MISSING_ADVISOR + 4;
    /// Per enemy piece of each kind (by [`Role::index`]) attacked by a piece worth less
    /// (a soldier, advisor or elephant attacking a horse or cannon; any of those or a horse or
    /// cannon attacking a chariot).
    pub const THREAT_BY_LESSER: usize = MISSING_ELEPHANT + 4;
    /// Per enemy piece of each kind (by [`Role::index`]) attacked and not defended.
    pub const HANGING: usize = THREAT_BY_LESSER + 7;
    /// The side to move's bonus.
    pub const TEMPO: usize = HANGING + 7;
    /// Per point from which a piece of each kind ([`CHECKER_KINDS`] order) would check the
    /// enemy general, that a piece of that kind can move to, and that no enemy piece
    /// attacks: the attacker's most dangerous threats (Stockfish's "safe checks").
    pub const SAFE_CHECK: usize = TEMPO + 1;
    /// Per point of the enemy palace attacked by a horse, a cannon or a soldier
    /// ([`PALACE_HITTERS`] order), empty or not (chariots have [`CHARIOT_PALACE_ATTACK`]).
    pub const PALACE_HITS: usize = SAFE_CHECK + 3;
    /// `n(n − 1)/2` for the `n` pieces (at most 5) that attack a point of the enemy palace:
    /// attackers working together are worth more than the sum of each alone.
    pub const PALACE_ATTACKER_PAIRS: usize = PALACE_HITS + 3;
    /// Per piece of the side to move of each kind (by [`Role::index`]) attacked and not
    /// defended, counted for the opponent, on top of [`HANGING`]: the mover can still save
    /// it, so it weighs differently from the opponent's hanging pieces.
    pub const MOVER_HANGING: usize = PALACE_ATTACKER_PAIRS + 1;
    /// A horse with at most one move (its legs blocked or its targets its own pieces).
    pub const CRAMPED_HORSE: usize = MOVER_HANGING + 7;
    /// The number of terms.
    pub const COUNT: usize = CRAMPED_HORSE + 1;

    /// The pieces whose safe checks [`SAFE_CHECK`] counts.
    pub const CHECKER_KINDS: [Role; 3] = [Role::Chariot, Role::Horse, Role::Cannon];

    /// The pieces whose attacks on the enemy palace [`PALACE_HITS`] counts.
    pub const PALACE_HITTERS: [Role; 3] = [Role::Horse, Role::Cannon, Role::Soldier];

    /// The attackers the defence terms are counted against: chariots, horses, cannons and
    /// soldiers across the river.
    pub const ATTACKER_KINDS: [Role; 4] = [Role::Chariot, Role::Horse, Role::Cannon, Role::Soldier];

    /// Returns where `role` stands in `kinds` (one of the lists above). Evaluated where a
    /// constant needs it, a role not in the list stops the build.
    const fn position_in(kinds: &[Role], role: Role) -> usize {
        let mut i = 0;
        while i < kinds.len() {
            if kinds[i].index() == role.index() {
                return i;
            }
            i += 1;
        }
        panic!("the role is not in the list");
    }

    /// Returns the term of a safe check by `checker` (one of [`CHECKER_KINDS`]).
    pub const fn safe_check(checker: Role) -> usize {
        SAFE_CHECK + position_in(&CHECKER_KINDS, checker)
    }

    /// Returns the term of palace points hit by `hitter` (one of [`PALACE_HITTERS`]).
    pub const fn palace_hits(hitter: Role) -> usize {
        PALACE_HITS + position_in(&PALACE_HITTERS, hitter)
    }

    /// Returns the term of a missing advisor against `attacker` (one of
    /// [`ATTACKER_KINDS`]).
    pub const fn missing_advisor(attacker: Role) -> usize {
        MISSING_ADVISOR + position_in(&ATTACKER_KINDS, attacker)
    }

    /// Returns the term of a missing elephant against `attacker` (one of
    /// [`ATTACKER_KINDS`]).
    pub const fn missing_elephant(attacker: Role) -> usize {
        MISSING_ELEPHANT + position_in(&ATTACKER_KINDS, attacker)
    }

    /// Returns the piece-square term of `role` on the point at `file` (0–8) and `rank`
    /// (0–9), both counted from the owner's side.
    #[inline]
    pub const fn pst(role: Role, file: usize, rank: usize) -> usize {
        let half = if file > 4 { 8 - file } else { file };
        PST + role.index() * 50 + rank * 5 + half
    }

    /// Returns a short name of term `t` for the weights file and the tuner's report.
    pub fn name(t: usize) -> String {
        const ROLES: [&str; 7] = [
            "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
        ];
        const KINDS: [&str; 4] = ["chariot", "horse", "cannon", "soldier"];
        match t {
            t if t < PST => format!("material {}", ROLES[t - MATERIAL]),
            t if t < MOBILITY_CHARIOT => {
                let i = t - PST;
                let (role, cell) = (i / 50, i % 50);
                format!("pst {} rank {} file {}", ROLES[role], cell / 5, cell % 5)
            }
            MOBILITY_CHARIOT => "mobility chariot".into(),
            MOBILITY_HORSE => "mobility horse".into(),
            MOBILITY_CANNON => "mobility cannon".into(),
            EMPTY_HEAD_CANNON => "empty-head cannon".into(),
            LOADED_CANNON => "loaded cannon".into(),
            CHARIOT_PALACE_ATTACK => "chariot palace attack".into(),
            HORSE_NEAR_PALACE => "horse near palace".into(),
            CONNECTED_SOLDIERS => "connected soldiers".into(),
            t if t < MISSING_ELEPHANT => {
                format!("missing advisor vs {}", KINDS[t - MISSING_ADVISOR])
            }
            t if t < THREAT_BY_LESSER => {
                format!("missing elephant vs {}", KINDS[t - MISSING_ELEPHANT])
            }
            t if t < HANGING => format!("threat by lesser on {}", ROLES[t - THREAT_BY_LESSER]),
            t if t < TEMPO => format!("hanging {}", ROLES[t - HANGING]),
            TEMPO => "tempo".into(),
            t if t < PALACE_HITS => format!("safe check by {}", KINDS[t - SAFE_CHECK]),
            t if t < PALACE_ATTACKER_PAIRS => {
                format!("palace hits by {}", KINDS[t - PALACE_HITS + 1])
            }
            PALACE_ATTACKER_PAIRS => "palace attacker pairs".into(),
            t if t < CRAMPED_HORSE => format!("mover hanging {}", ROLES[t - MOVER_HANGING]),
            CRAMPED_HORSE => "cramped horse".into(),
            _ => format!("term {t}"),
        }
    }
}

/// Search: the largest number of plies from the root.
pub const MAX_PLY: usize = 128;
/// Search: first aspiration half-window (centipawns), doubled on each failure.
pub const ASPIRATION_WINDOW: i32 = 30;
/// Search: aspiration windows are used from this depth (plies); shallower iterations search
/// the full window.
pub const ASPIRATION_DEPTH: i32 = 4;
/// Search: once the doubled aspiration half-window passes this (centipawns), the window
/// opens fully.
pub const ASPIRATION_MAX: i32 = 800;
/// Search: late-move reduction table `LMR_BASE + ln(depth) · ln(move number) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.5;
/// Search: see [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.2;
/// Search: a quiet move's history bonus on a cutoff is this times depth², at most
/// [`HISTORY_BONUS_MAX`]; the quiet moves tried before it lose as much.
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 8;
/// Search: see [`HISTORY_BONUS_PER_DEPTH2`].
pub const HISTORY_BONUS_MAX: i32 = 2000;
/// Search: reverse futility margin per ply of remaining depth.
pub const RFP_MARGIN: i32 = 90;
/// Search: largest depth (plies) at which reverse futility pruning is tried.
pub const RFP_DEPTH: i32 = 6;
/// Search: base null-move reduction (plies); one more per [`NULL_MOVE_DEPTH_DIVISOR`] plies
/// of depth and per [`NULL_MOVE_EVAL_DIVISOR`] centipawns of static score above beta (at most
/// [`NULL_MOVE_EVAL_MAX`] for the latter).
pub const NULL_MOVE_BASE: i32 = 3;
/// Search: see [`NULL_MOVE_BASE`].
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
/// Search: see [`NULL_MOVE_BASE`].
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;
/// Search: see [`NULL_MOVE_BASE`].
pub const NULL_MOVE_EVAL_MAX: i32 = 2;
/// Quiescence: a capture is skipped when even winning the victim plus this margin cannot
/// reach alpha (delta pruning).
pub const DELTA_MARGIN: i32 = 200;
/// Search: razoring applies up to this depth (plies).
pub const RAZOR_DEPTH: i32 = 3;
/// Search: razoring margin per ply: this far below alpha only captures are searched.
pub const RAZOR_MARGIN: i32 = 300;
/// Search: internal iterative reduction applies from this depth (plies) when the table has
/// no move.
pub const IIR_DEPTH: i32 = 4;
/// Search: futility pruning of quiet moves applies up to this depth (plies).
pub const FUTILITY_DEPTH: i32 = 6;
/// Search: futility margin at depth 0.
pub const FUTILITY_BASE: i32 = 120;
/// Search: futility margin added per ply of depth.
pub const FUTILITY_PER_DEPTH: i32 = 110;
/// Search: late move pruning applies up to this depth (plies).
pub const LMP_DEPTH: i32 = 8;
/// Search: late move pruning skips quiet moves after `(LMP_BASE + depth²) / 2` of them (twice
/// as many when the position is improving).
pub const LMP_BASE: i32 = 3;
/// Search: static-exchange pruning of quiet moves applies up to this depth (plies).
pub const SEE_QUIET_DEPTH: i32 = 8;
/// Search: a quiet move losing more than this times depth² by static exchange is skipped.
pub const SEE_QUIET_MARGIN: i32 = 25;
/// Search: quiet moves with at least this history score are never skipped by exchange.
pub const SEE_QUIET_HISTORY: i32 = 4_000;
/// Search: static-exchange pruning of captures applies up to this depth (plies).
pub const SEE_CAPTURE_DEPTH: i32 = 6;
/// Search: a capture losing more than this times depth by static exchange is skipped.
pub const SEE_CAPTURE_MARGIN: i32 = 150;
/// Search: singular extensions are tried from this depth (plies).
pub const SINGULAR_DEPTH: i32 = 8;
/// Search: the table entry may be this many plies shallower than the node.
pub const SINGULAR_TT_DEPTH: i32 = 3;
/// Search: the other moves must fail this much per ply of depth below the table's score.
pub const SINGULAR_MARGIN: i32 = 2;
/// Search: one ply less late-move reduction per this much history score.
pub const LMR_HISTORY_DIVISOR: i32 = 6_000;

/// Time management: the share of the usual iteration-start point (percent) allowed after 0,
/// 1, 2, 3 and 4 or more completed iterations in a row that kept the best move. A move that
/// keeps changing gets more time; one that has stood for several iterations is played
/// sooner, saving clock for the positions that need it.
pub const STABILITY_SCALE: [u32; 5] = [150, 115, 100, 85, 70];

/// Search: the largest correction the correction history adds to a static score
/// (centipawns).
pub const CORRECTION_MAX: i32 = 120;
