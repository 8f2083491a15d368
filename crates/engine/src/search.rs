//! The search: iterative deepening over a principal variation search (PVS) with aspiration
//! windows, a transposition table, null-move pruning (not in endgames with few pieces),
//! reverse futility pruning, late-move reductions, check extensions, killer and history move
//! ordering and a quiescence search over captures (all evasions when in check).
//!
//! Scores are centipawns from the side to move's point of view. A mate is scored
//! `MATE - plies` for the side that gives it (so nearer mates score higher) and `-(MATE -
//! plies)` for the side that suffers it; in Xiangqi having no legal move loses, in check or
//! not (WXF 2018, winning and losing).
//!
//! Repetitions inside the search path, and with the game history given with the position,
//! end the line at once, judged by the rules library's own ruling
//! (`xiangqi::game::judge_quiet_cycle`, WXF 2018 repetition rules): a side that checked or
//! chased perpetually loses, otherwise it is a draw. The search thus never walks into a
//! forbidden repetition and steers toward ones the opponent must break. A repetition is found
//! by comparing position keys along the path (every second entry back to the last capture or
//! null move); only then is the cycle walked.

use crate::clock::{Clock, Limits, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS};
use crate::correction::CorrectionHistory;
use crate::eval::evaluate;
use crate::level::{Level, Rng, Strength};
use crate::movepick::{
    piece_to, CaptureHistory, ContinuationHistory, History, HistoryOrder, MovePicker, Stage,
};
use crate::nnue::{AccumulatorStack, Network};
use crate::params::{self, MAX_PLY};
use crate::see::see_ge;
use crate::tt::{Bound, Entry, TranspositionTable};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use xiangqi::game::{judge_quiet_cycle, GameResult, RuleSet};
use xiangqi::{Color, Move, MoveList, Piece, Position, Role, Undo};

/// The rule set repetitions are judged under in the search (the default of games and of the
/// Xiangqi GUIs that speak UCI and UCCI).
const RULES: RuleSet = RuleSet::Wxf2018;

/// The score of giving mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are mates (or wins by the repetition rules).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Larger than any score.
pub const INFINITE: i32 = 31_000;

/// Mixed into a level's seed for its choice of a random move.
const RANDOM_MOVE_SALT: u64 = 0x7a4d_0f3e_91c2_5b68;

/// The internal score, in the evaluation's centipawns, reported as one pawn (`Score::Cp(100)`):
/// the score at which the side to move wins half its games in the engine's own self-play
/// (`xiangqi nnue fit`, "win probability"; docs/engine.md, "Reported scores"). This is
/// Stockfish's convention since 2022: +1.00 means an even chance of winning, so an equal
/// opening reads near 0.00 rather than with the first move's worth in internal units. The search itself never sees it.
pub const REPORTED_PAWN: i32 = 369;

/// A score as the protocols report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Reported centipawns for the side to move: hundredths of [`REPORTED_PAWN`].
    Cp(i32),
    /// Mate in this many moves (full moves, counting the mating side's); negative when the
    /// side to move is mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal score (centipawns or `±(MATE - plies)`) to a reported one: a
    /// mate in full moves, or the centipawns rescaled by [`REPORTED_PAWN`] and rounded to
    /// the nearest.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            let half = REPORTED_PAWN / 2 * s.signum();
            Score::Cp((s * 100 + half) / REPORTED_PAWN)
        }
    }
}

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Nominal depth of the completed iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached, including extensions and quiescence.
    pub seldepth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time spent so far, in milliseconds.
    pub time_ms: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// The outcome of a search. The default is the outcome of a search that found nothing: no
/// move, score 0, depth 0, no nodes, no time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no (allowed) move.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score in internal units (see [`Score::from_internal`]).
    pub score: i32,
    /// Last completed depth, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent, in milliseconds.
    pub time_ms: u64,
}

/// What the search needs to know about the game: where it started, the moves played since
/// (for repetitions) and moves the root may not play.
#[derive(Clone, Debug, Default)]
pub struct SearchRequest {
    /// The position the game record starts from.
    pub start: Position,
    /// The legal moves played from `start`; the last position is the one searched.
    pub moves: Vec<Move>,
    /// Root moves that may not be chosen (UCCI `banmoves`).
    pub banned: Vec<Move>,
    /// When to stop.
    pub limits: Limits,
}

#[derive(Clone, Copy)]
struct PathEntry {
    key: u64,
    /// The move that led here (`None` at the start of the game and after a null move).
    mv: Option<Move>,
    /// The [`piece_to`] index of that move (the piece moved and its destination).
    piece_to: Option<usize>,
    /// The side to move here is in check (the move that led here gave check).
    check: bool,
    /// Nothing before this position can repeat (it follows a capture or a null move).
    reset: bool,
}

/// The most search threads a [`Searcher`] runs (the main thread and its helpers).
pub const MAX_THREADS: usize = 256;

/// A searcher with its own transposition table and move-ordering memory, reused from
/// search to search. With more than one thread ([`Searcher::set_threads`]) a full-strength
/// search runs Lazy SMP: helper threads search the same position and share the table, the
/// main thread alone decides the move and the time.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    /// Helper searchers (Lazy SMP), sharing `tt`; empty when searching with one thread.
    helpers: Vec<Searcher>,
    /// Tells the helpers to stop (set by the main thread when it has decided).
    helper_stop: Arc<AtomicBool>,
    /// Nodes searched by the helpers in the current search, as they publish them.
    helper_nodes: Arc<AtomicU64>,
    /// 0 for the main thread; helpers count from 1.
    helper_id: usize,
    /// Nodes of this helper already added to its main thread's `helper_nodes`.
    published: u64,
    history: History,
    continuation: ContinuationHistory,
    capture_history: CaptureHistory,
    correction: CorrectionHistory,
    killers: Vec<[Option<Move>; 2]>,
    /// The static score at each ply of the current line (`-INFINITE` when in check).
    static_evals: Vec<i32>,
    /// The move a singular-extension test leaves out at each ply (`None` outside one).
    excluded: Vec<Option<Move>>,
    pv: Vec<Vec<Move>>,
    pos: Position,
    path: Vec<PathEntry>,
    undo_stack: Vec<Undo>,
    stop: Arc<AtomicBool>,
    root_moves: Vec<(Move, i32)>,
    root_best: Option<Move>,
    nodes: u64,
    node_limit: u64,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    clock: Option<Clock>,
    /// Milliseconds per move kept back from time limits for communication.
    move_overhead_ms: u64,
    eval_noise: i32,
    eval_seed: u64,
    blind_permille: u32,
    lmr: Box<[[u8; 64]; 64]>,
    /// Static scores of recently evaluated positions, by key: see [`EvalCache`].
    eval_cache: EvalCache,
    /// The network that evaluates, or `None` for the classical evaluation ([`evaluate`]).
    network: Option<Arc<Network>>,
    /// The network's accumulators along the current line (unused without a network).
    accumulators: AccumulatorStack,
    /// The network the current search evaluates with: `network` at full strength, `None`
    /// (classical) at the lower levels, which keep the evaluation their ratings were
    /// measured with.
    active: Option<Arc<Network>>,
}

/// A small direct-mapped table of static scores by position key. The evaluation is a pure
/// function of the position, so a hit gives exactly what `evaluate` would; the table only
/// saves the time (positions recur through transpositions after their table entry was
/// replaced, and in sibling quiescence searches). 16 Ki entries, 256 KiB: most of it stays
/// in the second-level cache.
struct EvalCache {
    slots: Box<[(u64, i32)]>,
}

impl EvalCache {
    const SIZE: usize = 1 << 14;

    fn new() -> EvalCache {
        // Key 0 with score 0 would be a false hit only for a position whose key is 0.
        EvalCache {
            slots: vec![(0, 0); Self::SIZE].into_boxed_slice(),
        }
    }

    /// Returns the score kept for the position with `key`, if any.
    #[inline]
    fn probe(&self, key: u64) -> Option<i32> {
        let slot = self.slots[(key as usize) & (Self::SIZE - 1)];
        (slot.0 == key && key != 0).then_some(slot.1)
    }

    /// Keeps `score` for the position with `key`.
    #[inline]
    fn store(&mut self, key: u64, score: i32) {
        self.slots[(key as usize) & (Self::SIZE - 1)] = (key, score);
    }

    /// Forgets every score (when the evaluation changes).
    fn clear(&mut self) {
        self.slots.fill((0, 0));
    }
}

impl Searcher {
    /// Creates a searcher with a transposition table of `hash_mib` mebibytes, searching with
    /// one thread.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_table(Arc::new(TranspositionTable::new(hash_mib)))
    }

    fn with_table(tt: Arc<TranspositionTable>) -> Searcher {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (params::LMR_BASE + (d as f64).ln() * (n as f64).ln() / params::LMR_DIVISOR)
                    as u8;
            }
        }
        Searcher {
            tt,
            helpers: Vec::new(),
            helper_stop: Arc::new(AtomicBool::new(false)),
            helper_nodes: Arc::new(AtomicU64::new(0)),
            helper_id: 0,
            published: 0,
            history: History::default(),
            continuation: ContinuationHistory::default(),
            capture_history: CaptureHistory::default(),
            correction: CorrectionHistory::default(),
            killers: vec![[None; 2]; MAX_PLY + 2],
            static_evals: vec![0; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            pos: Position::start(),
            path: Vec::with_capacity(1024),
            undo_stack: Vec::with_capacity(MAX_PLY + 8),
            stop: Arc::new(AtomicBool::new(false)),
            root_moves: Vec::new(),
            root_best: None,
            nodes: 0,
            node_limit: u64::MAX,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            clock: None,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            eval_noise: 0,
            eval_seed: 0,
            blind_permille: 0,
            lmr,
            eval_cache: EvalCache::new(),
            network: crate::nnue::default_network(),
            accumulators: AccumulatorStack::new(),
            active: None,
        }
    }

    /// Sets the evaluation of this searcher and its helpers at full strength: `Some(network)`
    /// for the NNUE evaluation, `None` for the classical one. Levels 1–4 always evaluate
    /// classically. Searchers start with [`crate::nnue::default_network`].
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.eval_cache.clear();
        for h in &mut self.helpers {
            h.set_network(network.clone());
        }
        self.network = network;
    }

    /// Resizes the transposition table to `hash_mib` mebibytes (clearing it).
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.tt = Arc::new(TranspositionTable::new(hash_mib));
        for h in &mut self.helpers {
            h.tt = Arc::clone(&self.tt);
        }
    }

    /// Sets the number of threads of full-strength searches (clamped to 1–[`MAX_THREADS`]):
    /// the main thread and `threads - 1` helpers sharing the transposition table (Lazy
    /// SMP). Lower levels always search with one thread, so their node caps keep their
    /// meaning and a seeded level stays repeatable.
    pub fn set_threads(&mut self, threads: usize) {
        let n = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(n);
        while self.helpers.len() < n {
            let mut h = Searcher::with_table(Arc::clone(&self.tt));
            h.helper_id = self.helpers.len() + 1;
            h.stop = Arc::clone(&self.helper_stop);
            h.helper_nodes = Arc::clone(&self.helper_nodes);
            h.set_network(self.network.clone());
            self.helpers.push(h);
        }
    }

    /// Sets the move overhead: the milliseconds per move kept back from a move time or a
    /// clock for the answer to reach the other side (clamped to
    /// 0–[`MAX_MOVE_OVERHEAD_MS`]; default [`DEFAULT_MOVE_OVERHEAD_MS`]).
    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead_ms = ms.min(MAX_MOVE_OVERHEAD_MS);
    }

    /// Returns the move overhead in milliseconds.
    pub fn move_overhead(&self) -> u64 {
        self.move_overhead_ms
    }

    /// Returns the number of threads of full-strength searches.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Returns the transposition table size in mebibytes.
    pub fn hash_mib(&self) -> usize {
        self.tt.size_mib()
    }

    /// Forgets everything learnt (for a new game): table, history and killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.continuation.clear();
        self.capture_history.clear();
        self.correction.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        for h in &mut self.helpers {
            h.history.clear();
            h.continuation.clear();
            h.capture_history.clear();
            h.correction.clear();
            h.killers.iter_mut().for_each(|k| *k = [None; 2]);
        }
    }

    /// Returns the flag that stops a running search when set to true. The searcher never
    /// clears it: whoever starts a search sets it to false first.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches the last position of `req` at full strength; see [`Searcher::search_level`].
    pub fn search(&mut self, req: &SearchRequest, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        self.search_level(req, &Level::full(), on_info)
    }

    /// Searches the last position of `req` under `level`'s caps and noise until a limit is
    /// reached or the [stop flag](Searcher::stop_handle) is set; calls `on_info` after each
    /// completed iteration. Depth 1 always completes, so a legal move is returned whenever
    /// one exists. An infinite search waits for the stop flag before returning.
    ///
    /// At full strength (level 5) with more than one [thread](Searcher::set_threads), the
    /// helpers search the same position until this thread has decided; the reported nodes
    /// include theirs.
    pub fn search_level(
        &mut self,
        req: &SearchRequest,
        level: &Level,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() || level.strength < Strength::Hardest {
            return self.run(req, level, on_info);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        self.helper_stop.store(false, Ordering::SeqCst);
        // The helpers run until told to stop; only the main thread watches the limits.
        let helper_req = SearchRequest {
            limits: Limits::infinite(),
            ..req.clone()
        };
        let mut result = std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let r = &helper_req;
                scope.spawn(move || h.run(r, level, &mut |_| {}));
            }
            let result = self.run(req, level, on_info);
            self.helper_stop.store(true, Ordering::SeqCst);
            result
        });
        self.helpers = helpers;
        result.nodes += self.helper_nodes.load(Ordering::Relaxed);
        result
    }

    /// Runs one thread's search: iterative deepening under the limits (the main thread) or
    /// until the stop flag (a helper).
    fn run(
        &mut self,
        req: &SearchRequest,
        level: &Level,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let stop = Arc::clone(&self.stop);
        let (limits, clock) = self.prepare(req, level);
        let margin = level.choice_margin.max(0);
        let elapsed_ms = |c: &Clock| c.elapsed().as_millis() as u64;
        let mut result = SearchResult::default();
        let any_legal = self.order_root_moves(&req.banned);
        if self.root_moves.is_empty() {
            result.score = if any_legal { 0 } else { -MATE };
            result.time_ms = elapsed_ms(&clock);
            return result;
        }
        self.root_best = Some(self.root_moves[0].0);
        if let Some(m) = self.random_move(level) {
            result.best = Some(m);
            result.time_ms = elapsed_ms(&clock);
            return result;
        }
        let last_scores = self.deepen(&limits, &clock, margin, &mut result, on_info);
        // With an infinite search, wait for `stop` before answering.
        if limits.infinite {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        if level.choice_margin > 0 && !last_scores.is_empty() {
            let mut rng = Rng::new(level.seed ^ self.pos.key());
            if let Some(m) = choose_with_noise(&last_scores, level.choice_margin, &mut rng) {
                if Some(m) != result.best {
                    result.best = Some(m);
                    result.ponder = None;
                }
            }
        }
        result.nodes = self.nodes;
        result.time_ms = elapsed_ms(&clock);
        if self.helper_id > 0 {
            self.helper_nodes
                .fetch_add(self.nodes - self.published, Ordering::Relaxed);
        }
        result
    }

    /// Iterative deepening from depth 1 to the limit in `limits`, each iteration inside an
    /// aspiration window (`margin`: the level's choice margin), until time management or
    /// `stop` ends it; fills `result` with the last completed iteration and reports each to
    /// `on_info`. Returns the root moves' scores of the last completed iteration.
    fn deepen(
        &mut self,
        limits: &Limits,
        clock: &Clock,
        margin: i32,
        result: &mut SearchResult,
        on_info: &mut dyn FnMut(&Info),
    ) -> Vec<(Move, i32)> {
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        result.best = self.root_best;
        let mut last_scores: Vec<(Move, i32)> = Vec::new();
        let mut score: i32 = 0;
        // Completed iterations in a row that kept the best move (time management).
        let mut stable = 0;
        for depth in 1..=max_depth as i32 {
            // Odd helpers skip every other depth beyond 2, so the threads do not all search
            // the same tree in step.
            if self.helper_id % 2 == 1 && depth > 2 && depth % 2 == 0 && depth < max_depth as i32 {
                continue;
            }
            self.root_depth = depth;
            self.seldepth = 0;
            let s = self.aspiration(depth, score, margin);
            if self.stopped && depth > 1 {
                // A better move found by a partial iteration is still trustworthy.
                result.best = self.root_best;
                break;
            }
            score = s;
            stable = if result.best == self.root_best && depth > 1 {
                stable + 1
            } else {
                0
            };
            result.best = self.root_best;
            result.depth = depth as u32;
            result.score = score;
            result.ponder = self.pv[0].get(1).copied();
            last_scores = self.root_moves.clone();
            on_info(&self.iteration_info(depth, score, clock));
            if !limits.infinite && self.iterations_done(clock, score, depth, stable) {
                break;
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        last_scores
    }

    /// The report of the iteration of `depth` plies that ended with `score`.
    fn iteration_info(&self, depth: i32, score: i32, clock: &Clock) -> Info {
        let nodes = self.nodes + self.helper_nodes.load(Ordering::Relaxed);
        Info {
            depth: depth as u32,
            seldepth: self.seldepth as u32,
            score: Score::from_internal(score),
            nodes,
            nps: nps(nodes, clock.elapsed()),
            time_ms: clock.elapsed().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            pv: self.pv[0].clone(),
        }
    }

    /// Sets the search up for `req` at `level`: the root position and path, the level's caps
    /// folded into the limits, its noise, the clock, and the aging of the table and the
    /// histories. Returns the limits and the started clock.
    fn prepare(&mut self, req: &SearchRequest, level: &Level) -> (Limits, Clock) {
        let active = self
            .network
            .clone()
            .filter(|_| level.strength == Strength::Hardest);
        if active.is_some() != self.active.is_some() {
            // The cache holds the other evaluation's scores.
            self.eval_cache.clear();
        }
        self.active = active;
        self.setup(req);
        let mut limits = req.limits.clone();
        if let Some(cap) = level.depth_cap {
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        if let Some(cap) = level.node_cap {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        self.eval_noise = level.eval_noise;
        self.eval_seed = level.seed;
        self.blind_permille = level.blind_permille;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let clock = Clock::start(&limits, self.pos.turn(), self.move_overhead_ms);
        self.clock = Some(clock.clone());
        if self.helper_id == 0 {
            self.tt.new_search();
        }
        self.published = 0;
        self.history.age();
        self.continuation.age();
        self.capture_history.age();
        (limits, clock)
    }

    /// Fills `root_moves` with the legal root moves not in `banned`, best-ordered first;
    /// returns whether the position has any legal move at all.
    fn order_root_moves(&mut self, banned: &[Move]) -> bool {
        let legal = self.pos.legal_moves();
        let tt_move = self.tt.probe(self.pos.key()).and_then(|e| e.mv);
        let order = HistoryOrder {
            history: &self.history,
            continuations: [None; 2],
            captures: &self.capture_history,
        };
        let mut picker = MovePicker::new(&mut self.pos, &legal, tt_move, [None; 2], &order);
        self.root_moves.clear();
        while let Some((m, _)) = picker.next_move() {
            if !banned.contains(&m) {
                self.root_moves.push((m, -INFINITE));
            }
        }
        !legal.is_empty()
    }

    /// Returns the uniformly random root move a level plays instead of searching, when its
    /// seeded chance says so.
    fn random_move(&self, level: &Level) -> Option<Move> {
        if level.random_permille == 0 {
            return None;
        }
        let mut rng = Rng::new(level.seed ^ self.pos.key() ^ RANDOM_MOVE_SALT);
        if rng.next_u64() % 1000 >= u64::from(level.random_permille) {
            return None;
        }
        let i = (rng.next_u64() % self.root_moves.len() as u64) as usize;
        Some(self.root_moves[i].0)
    }

    /// Searches the root to `depth` inside an aspiration window around the previous
    /// iteration's `score`, widening it on each failure (a full window at shallow depth, near
    /// mate scores and for a level with a choice `margin`, which needs exact scores).
    fn aspiration(&mut self, depth: i32, score: i32, margin: i32) -> i32 {
        let mut delta = params::ASPIRATION_WINDOW;
        let (mut alpha, mut beta) =
            if depth >= params::ASPIRATION_DEPTH && margin == 0 && score.abs() < MATE_BOUND {
                (score - delta, score + delta)
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            let s = self.root_search(depth, alpha, beta, margin);
            if self.stopped {
                return score;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta {
                beta = (s + delta).min(INFINITE);
            } else {
                return s;
            }
            delta += delta;
            if delta > params::ASPIRATION_MAX {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// Tells whether iterative deepening should stop after completing `depth` with `score`:
    /// the clock forbids another iteration or the node limit is reached; on a clock also a
    /// forced move or a mate already proven (a move time is spent in full, as UCI's "search
    /// exactly" asks).
    fn iterations_done(&self, clock: &Clock, score: i32, depth: i32, stable: usize) -> bool {
        let scale = params::STABILITY_SCALE[stable.min(params::STABILITY_SCALE.len() - 1)];
        if !clock.may_start_iteration(scale) || self.nodes >= self.node_limit {
            return true;
        }
        clock.is_managed()
            && (self.root_moves.len() == 1
                || (score.abs() >= MATE_BOUND && depth > 2 * (MATE - score.abs()) + 4))
    }

    /// Replays the game of `req` to build the root position and the repetition path.
    fn setup(&mut self, req: &SearchRequest) {
        self.pos = req.start.clone();
        self.path.clear();
        self.path.push(PathEntry {
            key: self.pos.key(),
            mv: None,
            piece_to: None,
            check: self.pos.is_check(),
            reset: true,
        });
        for &m in &req.moves {
            if !self.pos.is_legal(m) {
                break;
            }
            let capture = self.pos.is_capture(m);
            let moved = self.pos.piece_at(m.from).map(|p| piece_to(p, m.to));
            self.pos.make_move(m);
            self.path.push(PathEntry {
                key: self.pos.key(),
                mv: Some(m),
                piece_to: moved,
                check: self.pos.is_check(),
                reset: capture,
            });
        }
        if let Some(net) = &self.active {
            self.accumulators.reset(net, &self.pos);
        }
        self.nodes = 0;
        self.undo_stack.clear();
        self.stopped = false;
        self.seldepth = 0;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        for p in &mut self.pv {
            p.clear();
        }
    }

    /// Returns the static evaluation, with the level's deterministic noise.
    #[inline]
    fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        let e = match self.eval_cache.probe(key) {
            Some(e) => e,
            None => {
                let e = match (&self.active, self.accumulators.current()) {
                    (Some(net), Some(acc)) => acc.evaluate(net, self.pos.turn()),
                    _ => evaluate(&self.pos),
                };
                self.eval_cache.store(key, e);
                e
            }
        };
        if self.eval_noise == 0 {
            return e;
        }
        let r = Rng::new(self.pos.key() ^ self.eval_seed).next_u64();
        let span = 2 * self.eval_noise as u64 + 1;
        e + (r % span) as i32 - self.eval_noise
    }

    /// Searches every root move. With a choice `margin` (a level that may pick any move
    /// close to the best) every move scoring within `margin` of the best so far gets an
    /// exact score and the others an upper bound below that range, so the pick sees every
    /// candidate's true score.
    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, margin: i32) -> i32 {
        let mut best = -INFINITE;
        self.pv[0].clear();
        let exact = margin > 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].0;
            let capture = self.pos.is_capture(m);
            let gives_check = self.push_move(m);
            self.nodes += 1;
            let new_depth = depth - 1 + i32::from(gives_check);
            let s = if exact && !capture && self.overlooks_replies(m) {
                -self.evaluate()
            } else if exact && best > -INFINITE {
                // Is it within the margin? A null window says; only then an exact score.
                let floor = (best - margin).max(-MATE);
                let mut s = -self.negamax(new_depth, -floor - 1, -floor, 1, true, true);
                if s > floor && !self.stopped {
                    s = -self.negamax(new_depth, -INFINITE, -floor, 1, true, false);
                }
                s
            } else if i == 0 || exact {
                let (a, b) = if exact {
                    (-INFINITE, INFINITE)
                } else {
                    (alpha, beta)
                };
                -self.negamax(new_depth, -b, -a, 1, true, false)
            } else {
                let mut s = -self.negamax(new_depth, -alpha - 1, -alpha, 1, true, true);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(new_depth, -beta, -alpha, 1, true, false);
                }
                s
            };
            self.pop_move(m);
            if self.stopped {
                break;
            }
            self.root_moves[i].1 = s;
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
                self.root_best = Some(m);
                self.update_pv(0, m);
                // Keep the best move first for the next iteration.
                self.root_moves[..=i].rotate_right(1);
                if s >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Tells whether a blundering level judges the quiet root move `m` without looking at
    /// the replies, as if the piece moved could not be taken (the same answer for the same
    /// seed, position and move). Captures are always searched: a blind capture would look
    /// like a free piece every time.
    fn overlooks_replies(&self, m: Move) -> bool {
        if self.blind_permille == 0 {
            return false;
        }
        let mut rng = Rng::new(self.eval_seed ^ self.pos.key() ^ (u64::from(m.to_u16()) << 40));
        rng.next_u64() % 1000 < u64::from(self.blind_permille)
    }

    /// Plays `m` on the search board and records it in the path; returns whether it checks.
    #[inline]
    fn push_move(&mut self, m: Move) -> bool {
        let capture = self.pos.is_capture(m);
        let moved = self.pos.piece_at(m.from).map(|p| piece_to(p, m.to));
        if let Some(net) = &self.active {
            self.accumulators.push(net, &self.pos, m);
        }
        let undo = self.pos.make_move(m);
        let check = self.pos.is_check();
        self.undo_stack.push(undo);
        self.path.push(PathEntry {
            key: self.pos.key(),
            mv: Some(m),
            piece_to: moved,
            check,
            reset: capture,
        });
        check
    }

    #[inline]
    fn pop_move(&mut self, m: Move) {
        self.path.pop();
        if self.active.is_some() {
            self.accumulators.pop();
        }
        if let Some(undo) = self.undo_stack.pop() {
            self.pos.unmake_move(m, undo);
        }
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// Judges a repetition of the current position; returns its score for the side to move.
    fn repetition(&self, ply: usize) -> Option<i32> {
        let n = self.path.len().checked_sub(1)?;
        let cur = self.path[n];
        if cur.reset {
            return None;
        }
        let mut j = n;
        loop {
            if j < 2 || self.path[j - 1].reset {
                return None;
            }
            j -= 2;
            if self.path[j].key == cur.key {
                break;
            }
            if self.path[j].reset {
                return None;
            }
        }
        // Every entry after the earlier occurrence has its move: none is a null move.
        let moves: Option<Vec<Move>> = self.path[j + 1..=n].iter().map(|e| e.mv).collect();
        let moves = moves?;
        let ruling = judge_quiet_cycle(&self.pos, &moves, RULES);
        let win = MATE - ply as i32;
        Some(match ruling.result {
            r if r == GameResult::win(self.pos.turn()) => win,
            GameResult::Draw | GameResult::Ongoing => 0,
            _ => -win,
        })
    }

    fn has_big_pieces(&self, color: Color) -> bool {
        let b = self.pos.board();
        let chariots = b.by_piece(Piece::new(color, Role::Chariot)).count();
        let minors = b.by_piece(Piece::new(color, Role::Horse)).count()
            + b.by_piece(Piece::new(color, Role::Cannon)).count();
        chariots >= 1 || minors >= 2
    }

    #[inline]
    fn tick(&mut self, ply: usize) {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes & 2047 == 0 && self.helper_id > 0 {
            self.helper_nodes
                .fetch_add(self.nodes - self.published, Ordering::Relaxed);
            self.published = self.nodes;
        }
        if (self.nodes & 2047 == 0 || self.nodes >= self.node_limit)
            && self.root_depth > 1
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.clock.as_ref().is_some_and(|c| c.hard_expired()))
        {
            self.stopped = true;
        }
    }

    /// Searches the current position to `depth` plies inside the window (`alpha`, `beta`)
    /// and returns its score for the side to move (a fail-soft bound outside the window).
    /// `ply` counts from the root; `allow_null` is false right after a null move; `cut_node`
    /// says a null-window search expects this node to fail high (its late moves are then
    /// reduced more).
    fn negamax(
        &mut self,
        mut depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        if ply < self.pv.len() {
            self.pv[ply].clear();
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        self.tick(ply);
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let (alpha, beta) = match self.settled_before_probing(alpha, beta, ply) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(window) => window,
        };
        let probe = match self.probe(depth, alpha, beta, ply, pv_node) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(probe) => probe,
        };
        if !pv_node && !probe.in_check && probe.excluded.is_none() && beta.abs() < MATE_BOUND {
            if let Some(s) = self.prune_node(
                depth,
                alpha,
                beta,
                ply,
                probe.static_eval,
                probe.improving,
                allow_null,
                cut_node,
            ) {
                return s;
            }
        }
        // Internal iterative reduction: with no move from the table the ordering is poor, so
        // search shallower first; the table will have a move next time.
        if probe.tt_move.is_none() && depth >= params::IIR_DEPTH {
            depth -= 1;
        }
        let node = Node {
            ply,
            depth,
            pv: pv_node,
            cut: cut_node,
            in_check: probe.in_check,
            key: probe.key,
            raw_eval: probe.raw_eval,
            static_eval: probe.static_eval,
            excluded: probe.excluded,
        };
        let list = self.pos.legal_moves();
        if list.is_empty() {
            return -MATE + ply as i32;
        }
        let tried = match self.search_moves(&node, &list, &probe, alpha, beta) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(tried) => tried,
        };
        if tried.searched == 0 {
            if node.excluded.is_some() {
                // The left-out move was the only one: nothing else reaches the test's bound.
                return alpha;
            }
            // Every move was pruned; fall back on the static score.
            return node.static_eval.max(-MATE_BOUND + 1);
        }
        self.record(&node, tried.best, tried.best_move, alpha, beta)
    }

    /// Settles a node before the table is probed: a repetition's score, a window that mate
    /// distance pruning closed, or the static score at the deepest ply. Otherwise returns
    /// the window narrowed by mate distance pruning.
    fn settled_before_probing(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, i32)> {
        if let Some(s) = self.repetition(ply) {
            return ControlFlow::Break(s);
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        let alpha = alpha.max(-MATE + ply as i32);
        let beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return ControlFlow::Break(alpha);
        }
        if ply >= MAX_PLY - 1 {
            return ControlFlow::Break(self.evaluate());
        }
        ControlFlow::Continue((alpha, beta))
    }

    /// Probes the table for a node of `depth` plies at `ply` and takes its static score:
    /// breaks with the table's score when it settles a non-PV node (`pv_node` false), else
    /// returns what the node's search needs ([`Probe`]).
    fn probe(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> ControlFlow<i32, Probe> {
        let in_check = self.path.last().is_some_and(|e| e.check);
        let key = self.pos.key();
        // A singular-extension test searches this same position without one move: the
        // table's entry is about all moves, so it neither cuts nor is overwritten.
        let excluded = self.excluded[ply];
        let tt = self.tt.probe(key);
        let tt_move = tt.and_then(|e| e.mv).filter(|&m| self.pos.is_legal(m));
        if let Some(e) = tt {
            if !pv_node
                && excluded.is_none()
                && e.depth >= depth
                && tt_cuts(e, score_from_tt(e.score, ply), alpha, beta)
            {
                return ControlFlow::Break(score_from_tt(e.score, ply));
            }
        }
        // The table keeps the raw static score; the correction history's current view is
        // added each time.
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = match tt {
                Some(e) if e.eval != i16::MIN as i32 => e.eval,
                _ => self.evaluate(),
            };
            (raw, self.correction.correct(&self.pos, raw))
        };
        self.static_evals[ply] = static_eval;
        // Improving: the static score is better than two plies ago, so pruning can be bolder
        // when it is not.
        let improving = !in_check && ply >= 2 && static_eval > self.static_evals[ply - 2];
        ControlFlow::Continue(Probe {
            in_check,
            key,
            excluded,
            tt,
            tt_move,
            raw_eval,
            static_eval,
            improving,
            prior: self.prior_moves(),
        })
    }

    /// Searches the legal moves `list` of `node` in the picker's order inside the window
    /// (`alpha`, `beta`) until one fails high, rewarding the move that cut; returns what was
    /// tried, or breaks with the node's score (0 when the search stopped; a multi-cut's
    /// bound).
    fn search_moves(
        &mut self,
        node: &Node,
        list: &MoveList,
        probe: &Probe,
        alpha: i32,
        beta: i32,
    ) -> ControlFlow<i32, Tried> {
        let order = HistoryOrder {
            history: &self.history,
            continuations: probe.prior.map(|p| p.map(|i| self.continuation.row(i))),
            captures: &self.capture_history,
        };
        let killers = self.killers[node.ply];
        let mut picker = MovePicker::new(&mut self.pos, list, probe.tt_move, killers, &order);
        let mut tried = Tried {
            alpha,
            beta,
            best: -INFINITE,
            best_move: None,
            searched: 0,
            quiets: [None; 64],
            n_quiets: 0,
            captures: [None; 32],
            n_captures: 0,
        };
        while let Some((m, stage)) = picker.next_move() {
            if Some(m) == node.excluded {
                continue;
            }
            let capture = matches!(stage, Stage::GoodCapture | Stage::BadCapture)
                || (stage == Stage::TtMove && self.pos.is_capture(m));
            let s = match self.search_move(node, probe, &tried, m, stage, capture) {
                ControlFlow::Break(s) => return ControlFlow::Break(s),
                ControlFlow::Continue(None) => continue,
                ControlFlow::Continue(Some(s)) => s,
            };
            tried.searched += 1;
            if s > tried.best {
                tried.best = s;
                if s > tried.alpha {
                    tried.alpha = s;
                    tried.best_move = Some(m);
                    if node.pv {
                        self.update_pv(node.ply, m);
                    }
                    if s >= beta {
                        if !capture {
                            let quiets = &tried.quiets[..tried.n_quiets];
                            self.reward_quiet(node.ply, node.depth, m, probe.prior, quiets);
                        }
                        let captures = &tried.captures[..tried.n_captures];
                        self.reward_capture(node.depth, capture.then_some(m), captures);
                        break;
                    }
                }
            }
            tried.remember(m, capture);
        }
        ControlFlow::Continue(tried)
    }

    /// Plays move `m` of `node` (from the picker's `stage`; `capture` says whether it takes),
    /// searches it against the window of `tried`, and takes it back. Returns its
    /// score for `node`'s side, `None` when pruning skipped it, or breaks with the node's
    /// score (0 when the search stopped; a multi-cut's bound).
    fn search_move(
        &mut self,
        node: &Node,
        probe: &Probe,
        tried: &Tried,
        m: Move,
        stage: Stage,
        capture: bool,
    ) -> ControlFlow<i32, Option<i32>> {
        let beta = tried.beta;
        let quiet = !capture;
        let history = if quiet {
            HistoryOrder {
                history: &self.history,
                continuations: probe.prior.map(|p| p.map(|i| self.continuation.row(i))),
                captures: &self.capture_history,
            }
            .score(&self.pos, m)
        } else {
            0
        };
        let depth = node.depth;
        let prunable = !node.pv && !node.in_check && tried.best > -MATE_BOUND;
        if prunable
            && self.skip_before_playing(m, quiet, depth, tried.searched, probe.improving, history)
        {
            return ControlFlow::Continue(None);
        }
        // Singular extension: when every other move falls well short of the table's score,
        // the table move is the only good one and gets a ply more; when even without it the
        // node fails high, it cuts at once (multi-cut).
        let mut singular = false;
        if stage == Stage::TtMove && node.excluded.is_none() {
            match self.singular(probe.tt, depth, beta, node.ply, node.cut) {
                Singular::Extend => singular = true,
                Singular::Cut(s) => return ControlFlow::Break(s),
                Singular::No => {}
            }
        }
        let gives_check = self.push_move(m);
        // Futility: a quiet move that does not check cannot lift a static score far below
        // alpha at low depth.
        if prunable
            && quiet
            && !gives_check
            && depth <= params::FUTILITY_DEPTH
            && node.static_eval + params::FUTILITY_BASE + params::FUTILITY_PER_DEPTH * depth
                <= tried.alpha
        {
            self.pop_move(m);
            return ControlFlow::Continue(None);
        }
        let extend = (gives_check || singular) && (node.ply as i32) < 2 * self.root_depth;
        let new_depth = depth - 1 + i32::from(extend);
        let r = if tried.searched >= 2 && depth >= 3 && !gives_check && !node.in_check {
            self.reduction(
                depth,
                tried.searched,
                node.pv,
                node.cut,
                probe.improving,
                stage,
                history,
            )
            .clamp(0, new_depth - 1)
        } else {
            0
        };
        let s = self.search_child(node, new_depth, r, tried.alpha, beta, tried.searched == 0);
        self.pop_move(m);
        if self.stopped {
            return ControlFlow::Break(0);
        }
        ControlFlow::Continue(Some(s))
    }

    /// Searches the move just played from `node` (the child is at `node.ply + 1`) and returns
    /// its score from `node`'s side: the first move with the full window; a later one with a
    /// null window at `new_depth − reduction` plies, again at `new_depth` if a reduced search
    /// beat alpha, and with the full window if it lands inside it (PVS with late-move
    /// reductions).
    fn search_child(
        &mut self,
        node: &Node,
        new_depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        let ply = node.ply + 1;
        if first {
            return -self.negamax(new_depth, -beta, -alpha, ply, true, !node.pv && !node.cut);
        }
        let mut s = -self.negamax(new_depth - reduction, -alpha - 1, -alpha, ply, true, true);
        if s > alpha && reduction > 0 {
            s = -self.negamax(new_depth, -alpha - 1, -alpha, ply, true, !node.cut);
        }
        if s > alpha && s < beta {
            s = -self.negamax(new_depth, -beta, -alpha, ply, true, false);
        }
        s
    }

    /// Ends a searched node: stores its result `best` (with `best_move`, a bound judged
    /// against the window it was searched with, `original_alpha` to `beta`) in the table and
    /// teaches the correction history how far the static score was off; returns `best`.
    /// A singular-extension test's node (with an excluded move) stores nothing.
    fn record(
        &mut self,
        node: &Node,
        best: i32,
        best_move: Option<Move>,
        original_alpha: i32,
        beta: i32,
    ) -> i32 {
        if node.excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Learn how far the static score was off, where the result says so: an exact score, or
        // a bound on the side of the static score it proves (a capture's gain is the search's
        // business, not the structure's).
        let quiet_best = best_move.is_none_or(|m| !self.pos.is_capture(m));
        if !node.in_check
            && quiet_best
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= node.static_eval)
            && !(bound == Bound::Upper && best >= node.static_eval)
        {
            self.correction
                .update(&self.pos, node.depth, best - node.static_eval);
        }
        self.tt.store(
            node.key,
            Entry {
                mv: best_move,
                score: score_to_tt(best, node.ply),
                eval: if node.in_check {
                    i16::MIN as i32
                } else {
                    node.raw_eval
                },
                depth: node.depth,
                bound,
            },
        );
        best
    }

    /// Tests whether the table move of a node of `depth` plies at `ply` is singular: the
    /// node's other moves, searched to half the depth against a bound
    /// [`params::SINGULAR_MARGIN`]·depth below the table's score, all fail low. Needs a
    /// table entry `tt` that is a lower bound or exact, not a mate score, at most
    /// [`params::SINGULAR_TT_DEPTH`] plies shallower than `depth`.
    fn singular(
        &mut self,
        tt: Option<Entry>,
        depth: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let Some(e) = tt else {
            return Singular::No;
        };
        let tt_score = score_from_tt(e.score, ply);
        if depth < params::SINGULAR_DEPTH
            || e.depth < depth - params::SINGULAR_TT_DEPTH
            || e.bound == Bound::Upper
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = tt_score - params::SINGULAR_MARGIN * depth;
        self.excluded[ply] = e.mv;
        let s = self.negamax(
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            false,
            cut_node,
        );
        self.excluded[ply] = None;
        if self.stopped {
            Singular::No
        } else if s < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Tries to settle a non-PV node not in check before any move is searched: reverse
    /// futility (far above beta at low depth), razoring (far below alpha at low depth: only
    /// captures can help) and the null move. Returns the score when one applies.
    #[allow(clippy::too_many_arguments)]
    fn prune_node(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        improving: bool,
        allow_null: bool,
        cut_node: bool,
    ) -> Option<i32> {
        let rfp_depth = depth - i32::from(improving);
        if depth <= params::RFP_DEPTH && static_eval - params::RFP_MARGIN * rfp_depth >= beta {
            return Some(static_eval);
        }
        if depth <= params::RAZOR_DEPTH && static_eval + params::RAZOR_MARGIN * depth <= alpha {
            let s = self.qsearch(alpha, alpha + 1, ply);
            if s <= alpha {
                return Some(s);
            }
        }
        // Null move: if passing still fails high, a real move will too (not with few pieces,
        // where passing may be the only thing that does not lose).
        if allow_null && depth >= 3 && static_eval >= beta && self.has_big_pieces(self.pos.turn()) {
            let r = params::NULL_MOVE_BASE
                + depth / params::NULL_MOVE_DEPTH_DIVISOR
                + ((static_eval - beta) / params::NULL_MOVE_EVAL_DIVISOR)
                    .min(params::NULL_MOVE_EVAL_MAX);
            self.pos.toggle_turn();
            self.path.push(PathEntry {
                key: self.pos.key(),
                mv: None,
                piece_to: None,
                check: false,
                reset: true,
            });
            let s = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false, !cut_node);
            self.path.pop();
            self.pos.toggle_turn();
            if self.stopped {
                return Some(0);
            }
            if s >= beta {
                return Some(if s >= MATE_BOUND { beta } else { s });
            }
        }
        None
    }

    /// Tells whether move `m` of a non-PV node not in check can be skipped unplayed: late
    /// quiet moves at low depth (late move pruning), and moves that lose material by static
    /// exchange beyond what the remaining depth could win back.
    fn skip_before_playing(
        &mut self,
        m: Move,
        quiet: bool,
        depth: i32,
        searched: usize,
        improving: bool,
        history: i32,
    ) -> bool {
        if quiet {
            let late = (params::LMP_BASE + depth * depth) / (2 - i32::from(improving));
            if depth <= params::LMP_DEPTH && searched as i32 >= late {
                return true;
            }
            depth <= params::SEE_QUIET_DEPTH
                && history < params::SEE_QUIET_HISTORY
                && !see_ge(&mut self.pos, m, -params::SEE_QUIET_MARGIN * depth * depth)
        } else {
            depth <= params::SEE_CAPTURE_DEPTH
                && !see_ge(&mut self.pos, m, -params::SEE_CAPTURE_MARGIN * depth)
        }
    }

    /// Returns how many plies to reduce the `searched`-th move (counting from 0) of a node
    /// of `depth` plies: the late-move table, less at PV nodes and for killers and moves with
    /// a good history, more when the position is not improving and at expected cut nodes.
    #[allow(clippy::too_many_arguments)]
    fn reduction(
        &self,
        depth: i32,
        searched: usize,
        pv_node: bool,
        cut_node: bool,
        improving: bool,
        stage: Stage,
        history: i32,
    ) -> i32 {
        let mut r = self.lmr[(depth as usize).min(63)][searched.min(63)] as i32;
        match stage {
            Stage::Quiet => {}
            Stage::Killer => r -= 1,
            Stage::BadCapture => r /= 2,
            // The table move and winning captures are not reduced.
            _ => return 0,
        }
        r -= i32::from(pv_node);
        r += i32::from(!improving);
        r += i32::from(cut_node);
        r -= history / params::LMR_HISTORY_DIVISOR;
        r
    }

    /// Returns the [`piece_to`] indices of the moves one and two plies before the current
    /// position (`None` at the start of the record and across a null move).
    fn prior_moves(&self) -> [Option<usize>; 2] {
        let n = self.path.len();
        let at = |back: usize| {
            n.checked_sub(back)
                .and_then(|i| self.path.get(i))
                .and_then(|e| e.piece_to)
        };
        let first = at(1);
        [first, first.and(at(2))]
    }

    /// Records that quiet move `m` caused a cutoff at `ply` after the quiet moves `tried`
    /// failed: it becomes a killer, and its history and continuation history after the
    /// `prior` moves rise while theirs fall.
    fn reward_quiet(
        &mut self,
        ply: usize,
        depth: i32,
        m: Move,
        prior: [Option<usize>; 2],
        tried: &[Option<Move>],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus =
            (depth * depth * params::HISTORY_BONUS_PER_DEPTH2).min(params::HISTORY_BONUS_MAX);
        let mut reward = |pos: &Position, mv: Move, b: i32| {
            self.history.update(pos, mv, b);
            if let Some(p) = pos.piece_at(mv.from) {
                let cur = piece_to(p, mv.to);
                for prev in prior.iter().flatten() {
                    self.continuation.update(*prev, cur, b);
                }
            }
        };
        reward(&self.pos, m, bonus);
        for q in tried.iter().flatten() {
            reward(&self.pos, *q, -bonus);
        }
    }

    /// Records a cutoff at a node of `depth` plies: the capture `m` that caused it (if it was
    /// one) gains capture history, and the captures `tried` before it lose as much.
    fn reward_capture(&mut self, depth: i32, m: Option<Move>, tried: &[Option<Move>]) {
        let bonus =
            (depth * depth * params::HISTORY_BONUS_PER_DEPTH2).min(params::HISTORY_BONUS_MAX);
        if let Some(m) = m {
            self.capture_history.update(&self.pos, m, bonus);
        }
        for c in tried.iter().flatten() {
            self.capture_history.update(&self.pos, *c, -bonus);
        }
    }

    /// Searches captures only (every move when in check) until the position is quiet, and
    /// returns the score for the side to move; the static score stands in for the quiet moves.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.tick(ply);
        if self.stopped {
            return 0;
        }
        if ply > 0 {
            if let Some(s) = self.repetition(ply) {
                return s;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let in_check = self.path.last().is_some_and(|e| e.check);
        let key = self.pos.key();
        let tt = self.tt.probe(key);
        if let Some(e) = tt {
            let s = score_from_tt(e.score, ply);
            if tt_cuts(e, s, alpha, beta) {
                return s;
            }
        }
        let (eval, stand) = match self.stand_pat(tt, in_check, beta, ply) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(scores) => scores,
        };
        alpha = alpha.max(stand);
        let list = self.pos.legal_moves();
        if list.is_empty() {
            return -MATE + ply as i32;
        }
        let (best, best_move) = match self.qsearch_moves(&list, in_check, stand, alpha, beta, ply) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(found) => found,
        };
        self.tt.store(
            key,
            Entry {
                mv: best_move,
                score: score_to_tt(best, ply),
                eval,
                depth: 0,
                bound: if best >= beta {
                    Bound::Lower
                } else {
                    Bound::Upper
                },
            },
        );
        best
    }

    /// The quiescence search's static score (the table's entry `tt` saves an evaluation):
    /// returns the raw evaluation and the corrected score the side to move may stand on
    /// (`i16::MIN` and `-INFINITE` in check, where it may not), or breaks with the node's
    /// score when standing already reaches `beta`.
    fn stand_pat(
        &mut self,
        tt: Option<Entry>,
        in_check: bool,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, i32)> {
        if in_check {
            return ControlFlow::Continue((i16::MIN as i32, -INFINITE));
        }
        // Stand pat first: most quiescence nodes end here without generating moves.
        let eval = match tt {
            Some(e) if e.eval != i16::MIN as i32 => e.eval,
            _ => self.evaluate(),
        };
        let stand_pat = self.correction.correct(&self.pos, eval);
        if stand_pat >= beta {
            // Standing pat assumes a move to stand on: a side with no legal move has lost,
            // in check or not (WXF 2018). The test stops at the first legal move found.
            if !self.pos.has_legal_move() {
                return ControlFlow::Break(-MATE + ply as i32);
            }
            return ControlFlow::Break(stand_pat);
        }
        ControlFlow::Continue((eval, stand_pat))
    }

    /// Searches the quiescence moves of `list` (every move in check; else the captures that
    /// can lift `stand` above `alpha` and lose no material by exchange) inside the window
    /// (`alpha`, `beta`); returns the best score (at least `stand`) and its move, or breaks
    /// with 0 when the search stopped.
    fn qsearch_moves(
        &mut self,
        list: &MoveList,
        in_check: bool,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, Option<Move>)> {
        let mut picker = if in_check {
            let order = HistoryOrder {
                history: &self.history,
                continuations: [None; 2],
                captures: &self.capture_history,
            };
            MovePicker::new(&mut self.pos, list, None, [None; 2], &order)
        } else {
            MovePicker::captures(&self.pos, list, &self.capture_history)
        };
        let mut best = stand;
        let mut best_move = None;
        while let Some((m, _)) = picker.next_move() {
            if !in_check {
                let victim = self
                    .pos
                    .piece_at(m.to)
                    .map_or(0, |p| params::see_value(p.role));
                if stand + victim + params::DELTA_MARGIN <= alpha {
                    continue;
                }
                if !see_ge(&mut self.pos, m, 0) {
                    continue;
                }
            }
            self.push_move(m);
            let s = -self.qsearch(-beta, -alpha, ply + 1);
            self.pop_move(m);
            if self.stopped {
                return ControlFlow::Break(0);
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        ControlFlow::Continue((best, best_move))
    }
}

/// What a node of the main search knows once its table entry and static score are in, for
/// the steps that search its moves and record its result.
struct Node {
    /// Plies from the root.
    ply: usize,
    /// The depth its moves are searched to, in plies (after internal iterative reduction).
    depth: i32,
    /// Searched with an open window (a principal-variation node).
    pv: bool,
    /// Expected to fail high (see [`Searcher::negamax`]'s `cut_node`).
    cut: bool,
    in_check: bool,
    /// The position's key.
    key: u64,
    /// The evaluation's score, and that score corrected by the correction history
    /// (`-INFINITE` when in check).
    raw_eval: i32,
    static_eval: i32,
    /// The move a singular-extension test leaves out.
    excluded: Option<Move>,
}

/// What a node learned from the table and its static score before its moves are searched.
struct Probe {
    in_check: bool,
    /// The position's key.
    key: u64,
    /// The move a singular-extension test leaves out.
    excluded: Option<Move>,
    /// The table's entry for the position, if any.
    tt: Option<Entry>,
    /// The entry's move, when it is legal here.
    tt_move: Option<Move>,
    /// The evaluation's score, and that score corrected by the correction history
    /// (`-INFINITE` when in check).
    raw_eval: i32,
    static_eval: i32,
    /// The static score is better than two plies ago.
    improving: bool,
    /// The [`piece_to`] indices of the two moves before the node (continuation history).
    prior: [Option<usize>; 2],
}

/// The moves a node has searched so far, and the best of them.
struct Tried {
    /// The window's lower bound, raised by each better score, and its upper bound.
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: Option<Move>,
    /// How many moves were searched (not pruned).
    searched: usize,
    /// The quiet moves and captures searched without a cutoff, whose history falls when a
    /// later move cuts (the first 64 and 32).
    quiets: [Option<Move>; 64],
    n_quiets: usize,
    captures: [Option<Move>; 32],
    n_captures: usize,
}

impl Tried {
    /// Remembers the searched move `m` that did not cut, among the captures or the quiet
    /// moves.
    fn remember(&mut self, m: Move, capture: bool) {
        if !capture && self.n_quiets < self.quiets.len() {
            self.quiets[self.n_quiets] = Some(m);
            self.n_quiets += 1;
        } else if capture && self.n_captures < self.captures.len() {
            self.captures[self.n_captures] = Some(m);
            self.n_captures += 1;
        }
    }
}

/// What the singular-extension test of a table move found.
enum Singular {
    /// The test does not apply, or other moves come close: search the move as usual.
    No,
    /// Every other move fails well below the table's score: extend the table move.
    Extend,
    /// Even without the table move the node reaches beta: cut with this score.
    Cut(i32),
}

/// Tells whether a table entry's score `s` (already relative to this node) settles the
/// window (`alpha`, `beta`) by its bound.
#[inline]
fn tt_cuts(e: Entry, s: i32, alpha: i32, beta: i32) -> bool {
    match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    }
}

/// Picks a move among those scoring within `margin` centipawns of the best, favouring the
/// better ones.
fn choose_with_noise(scores: &[(Move, i32)], margin: i32, rng: &mut Rng) -> Option<Move> {
    let best = scores.iter().map(|&(_, s)| s).max()?;
    if best.abs() >= MATE_BOUND {
        return scores.iter().find(|&&(_, s)| s == best).map(|&(m, _)| m);
    }
    let pool: Vec<(Move, u64)> = scores
        .iter()
        .filter(|&&(_, s)| s >= best - margin)
        .map(|&(m, s)| (m, (margin - (best - s) + 1) as u64))
        .collect();
    let total: u64 = pool.iter().map(|&(_, w)| w).sum();
    let mut pick = rng.next_u64() % total.max(1);
    for &(m, w) in &pool {
        if pick < w {
            return Some(m);
        }
        pick -= w;
    }
    pool.first().map(|&(m, _)| m)
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let us = elapsed.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / us
}

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hit gives exactly the score stored for that key; another key in the slot misses,
    /// and clearing forgets everything.
    #[test]
    fn the_eval_cache_keeps_scores_by_key() {
        let mut cache = EvalCache::new();
        let key = Position::start().key();
        assert_eq!(cache.probe(key), None);
        cache.store(key, 37);
        assert_eq!(cache.probe(key), Some(37));
        assert_eq!(cache.probe(key ^ (EvalCache::SIZE as u64)), None);
        cache.store(key ^ (EvalCache::SIZE as u64), -5);
        assert_eq!(cache.probe(key), None);
        cache.clear();
        assert_eq!(cache.probe(key ^ (EvalCache::SIZE as u64)), None);
    }
}
