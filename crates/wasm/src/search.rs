//! The engine's calls: a search at a level with progress reports, a new game, the bench.
//! One searcher lives for the module's lifetime, so its table carries over from move to
//! move as it does in the native engine.

use crate::{answer, error_json, request, view_error};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use xiangqi_engine::{Info, Level, Limits, Score, SearchRequest, Searcher, Strength};
use xiangqi_view::position::play_game;

/// The table size of the browser's searcher, in mebibytes.
pub const HASH_MIB: usize = 16;

/// The longest think time accepted per search, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 600_000;

thread_local! {
    static SEARCHER: RefCell<Option<Searcher>> = const { RefCell::new(None) };
}

/// A search request; every field may be left out.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct SearchBody {
    /// The start of the game searched (none: the standard one).
    fen: Option<String>,
    /// The moves played from it (ICCS); the repetitions among them count.
    moves: Vec<String>,
    /// The rule set's name (none: `wxf-2018`).
    rules: Option<String>,
    /// Root moves not to consider (ICCS); the analysis board asks for its second and
    /// further lines this way.
    banned: Vec<String>,
    /// 1 (Beginner) to 5 (Hardest, the default).
    level: Option<u8>,
    /// Seed of the level's noise (the same seed, position and limits give the same move).
    seed: Option<u64>,
    /// Think time in milliseconds (at most [`MAX_MOVETIME_MS`]).
    movetime: Option<u64>,
    /// Deepest iteration, in plies.
    depth: Option<u32>,
    /// Most nodes searched.
    nodes: Option<u64>,
}

/// A score on the wire: centipawns or mate in moves, for the side to move.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum ScoreJson {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for ScoreJson {
    fn from(s: Score) -> ScoreJson {
        match s {
            Score::Cp(cp) => ScoreJson::Cp(cp),
            Score::Mate(m) => ScoreJson::Mate(m),
        }
    }
}

/// A progress report, after each completed iteration.
#[derive(Serialize)]
struct InfoJson {
    depth: u32,
    seldepth: u32,
    score: ScoreJson,
    nodes: u64,
    nps: u64,
    time_ms: u64,
    pv: Vec<String>,
}

impl From<&Info> for InfoJson {
    fn from(i: &Info) -> InfoJson {
        InfoJson {
            depth: i.depth,
            seldepth: i.seldepth,
            score: i.score.into(),
            nodes: i.nodes,
            nps: i.nps,
            time_ms: i.time_ms,
            pv: i.pv.iter().map(|m| m.iccs()).collect(),
        }
    }
}

#[derive(Serialize)]
struct SearchReply {
    /// The move to play (ICCS); null when the side to move has none.
    best: Option<String>,
    ponder: Option<String>,
    score: ScoreJson,
    depth: u32,
    nodes: u64,
    time_ms: u64,
}

/// Answers `{"fen"?, "moves"?, "rules"?, "banned"?, "level"?: 1–5, "seed"?, "movetime"?: ms,
/// "depth"?: plies, "nodes"?}` with `{"best", "ponder", "score": {"cp"}|{"mate"}, "depth",
/// "nodes", "time_ms"}`, calling `on_info` with each progress report (`{"depth",
/// "seldepth", "score", "nodes", "nps", "time_ms", "pv"}`) as JSON. Scores are for the side
/// to move. With no limit the level's own caps apply, and at Hardest a depth of 64 plies:
/// give Hardest a move time. The game's moves count for repetitions as in the native
/// engine.
///
/// # Errors
/// (in the JSON) `bad_request` for another shape, `invalid_fen`, `illegal_move` (also for a
/// banned move that is not legal), `invalid_field` for a level outside 1–5 or a move time
/// above [`MAX_MOVETIME_MS`].
pub fn search(body: &str, on_info: &mut dyn FnMut(&str)) -> String {
    let req: SearchBody = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let strength = match req.level {
        None => Strength::Hardest,
        Some(n) => match Strength::from_number(n) {
            Some(s) => s,
            None => return error_json("invalid_field", &format!("level: 1 to 5, got {n}"), &[]),
        },
    };
    if req.movetime.is_some_and(|t| t > MAX_MOVETIME_MS) {
        return error_json(
            "invalid_field",
            &format!("movetime: at most {MAX_MOVETIME_MS} ms"),
            &[],
        );
    }
    let game = match play_game(req.fen.as_deref(), &req.moves, req.rules.as_deref()) {
        Ok((game, _, _)) => game,
        Err(e) => return view_error(&e),
    };
    let mut banned = Vec::with_capacity(req.banned.len());
    for text in &req.banned {
        match xiangqi::iccs::parse(game.position(), text) {
            Ok(m) => banned.push(m),
            Err(e) => {
                return error_json("illegal_move", &format!("banned {text:?}: {e}"), &[]);
            }
        }
    }
    let limits = Limits {
        movetime: req.movetime,
        depth: req.depth.or(Some(64)),
        nodes: req.nodes,
        ..Limits::default()
    };
    let request = SearchRequest {
        start: game.start().clone(),
        moves: game.moves(),
        banned,
        limits,
    };
    let level = Level::of(
        strength,
        req.seed.unwrap_or(xiangqi_engine::level::DEFAULT_SEED),
    );
    let result = SEARCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let searcher = slot.get_or_insert_with(|| Searcher::new(HASH_MIB));
        searcher.search_level(&request, &level, &mut |info| {
            on_info(&answer(&InfoJson::from(info)));
        })
    });
    answer(&SearchReply {
        best: result.best.map(|m| m.iccs()),
        ponder: result.ponder.map(|m| m.iccs()),
        score: Score::from_internal(result.score).into(),
        depth: result.depth,
        nodes: result.nodes,
        time_ms: result.time_ms,
    })
}

/// Forgets what the searcher learnt (table, histories): call it before a new game so one
/// game's memory does not steer the next. Answers `{}`.
pub fn new_game() -> String {
    SEARCHER.with(|cell| {
        if let Some(s) = cell.borrow_mut().as_mut() {
            s.clear();
        }
    });
    "{}".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BenchBody {
    #[serde(default)]
    depth: Option<u32>,
    /// `"nnue"` (the default evaluation at full strength) or `"classical"`.
    #[serde(default)]
    eval: Option<String>,
}

/// Runs the engine's benchmark (`xiangqi bench`) at `{"depth"?, "eval"?}` (depth default 9,
/// at most 12; eval `"nnue"`, the default, or `"classical"`, as `xiangqi bench --eval`) and
/// answers `{"nodes", "time_ms", "nps", "simd128"}`: the node count is the search's
/// signature, the same as the native build's; `simd128` says whether this module was built
/// with WebAssembly's vector instructions.
///
/// # Errors
/// (in the JSON) `bad_request`, `invalid_field` for a depth above 12 or another eval.
pub fn bench(body: &str) -> String {
    let req: BenchBody = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let depth = req.depth.unwrap_or(xiangqi_engine::bench::DEFAULT_DEPTH);
    if depth > 12 {
        return error_json("invalid_field", "depth: at most 12", &[]);
    }
    let network = match req.eval.as_deref() {
        None | Some("nnue") => xiangqi_engine::nnue::default_network(),
        Some("classical") => None,
        Some(other) => {
            return error_json(
                "invalid_field",
                &format!("eval: \"nnue\" or \"classical\", got {other:?}"),
                &[],
            )
        }
    };
    let r = xiangqi_engine::bench::run_with(depth, 1, network, |_| {});
    answer(&serde_json::json!({
        "nodes": r.nodes,
        "time_ms": r.time_ms,
        "nps": r.nps,
        "simd128": cfg!(target_feature = "simd128"),
    }))
}
