//! The puzzle library: puzzles found by the engine in self-play positions, each with a
//! single winning first move and its whole solution tree, for the `/puzzles` trainer.
//!
//! [`generate`] plays self-play games ([`crate::selfplay::play_with`], the engine against
//! itself from the match openings plus seeded random moves) and looks at each position where
//! the game's own search saw a mate or a sudden gain:
//!
//! - **Mates in 1–5.** A fresh search confirms the mate's length `n`. For `n` ≤ 3 the
//!   brute-force solver ([`crate::tactics::winning_first_moves`]) proves that exactly one
//!   first move mates within `n` and that no shorter mate exists; for `n` = 4 or 5 a second
//!   search with that move banned must find no mate within `n`.
//! - **Material wins.** A depth-[`MATERIAL_DEPTH`] search whose best move scores at least
//!   [`MATERIAL_MARGIN`] centipawns more than any other (the same search with it banned) and
//!   whose principal variation wins at least [`MATERIAL_GAIN`] in [`value`] within
//!   [`MAX_MATERIAL_MOVES`] of the solver's moves, counted after the defender's reply.
//!
//! The solution tree ([`Branch`]) lists, at each of the solver's turns, every accepted move:
//! for a mate, every move that still mates within the moves left (exact by brute force once
//! three or fewer are left, by search before that); for a material win, the line's move and
//! any other the search scores as good (which end the puzzle there). Each accepted move
//! carries the defence's reply — the longest resistance for a mate (the reply after which
//! the mate is longest, by search), the search's reply for a material win — and the tree
//! that follows. Everything is deterministic from the seed.

use crate::selfplay::{play_with, SelfplayConfig};
use crate::tactics::{forced_win_within, winning_first_moves};
use serde::{Deserialize, Serialize};
use std::sync::atomic::Ordering;
use xiangqi::{Color, Move, Position, Role};
use xiangqi_engine::clock::Limits;
use xiangqi_engine::search::{Score, SearchRequest, SearchResult, Searcher, MATE_BOUND};

/// Depth, in plies, of the searches that judge a material win (the test repeats them).
pub const MATERIAL_DEPTH: u32 = 7;
/// How much better, in centipawns, the first move of a material win must score than every
/// other move at [`MATERIAL_DEPTH`].
pub const MATERIAL_MARGIN: i32 = 250;
/// The least material, by [`value`], that a material win gains along its line (a horse).
pub const MATERIAL_GAIN: i32 = 400;
/// The most solver moves a material win's line may take to realise its gain.
pub const MAX_MATERIAL_MOVES: usize = 3;
/// The longest mate kept, in the mating side's moves.
pub const MAX_MATE: u32 = 5;
/// The most branches (accepted moves) one puzzle's tree may hold.
pub const MAX_BRANCHES: usize = 40;

/// Returns the material value of a piece kind used to measure a material win, in
/// centipawns: chariot 900, cannon 450, horse 400, advisor and elephant 200, soldier 100,
/// general 0.
pub const fn value(role: Role) -> i32 {
    match role {
        Role::General => 0,
        Role::Advisor | Role::Elephant => 200,
        Role::Horse => 400,
        Role::Chariot => 900,
        Role::Cannon => 450,
        Role::Soldier => 100,
    }
}

/// Returns `color`'s material minus the other side's in `pos`, by [`value`], in centipawns.
pub fn balance(pos: &Position, color: Color) -> i32 {
    xiangqi::Square::all()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| {
            if p.color == color {
                value(p.role)
            } else {
                -value(p.role)
            }
        })
        .sum()
}

/// The library file (`web/puzzles/library.json`): how it was made and its puzzles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    /// What the file is and how it was checked.
    pub about: String,
    /// The command that wrote it.
    pub command: String,
    /// The settings of that command.
    pub settings: Settings,
    /// The puzzles, easiest first; a puzzle's number is its place here, from 1.
    pub puzzles: Vec<Puzzle>,
}

/// How a library is generated: the self-play games searched for puzzles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Seed of the self-play games' random opening moves.
    pub seed: u64,
    /// Puzzles wanted; games are played until there are this many.
    pub count: usize,
    /// Nodes the self-play engine searches per move.
    pub nodes: u64,
    /// Games played at the same time, one thread each (the result does not depend on it).
    pub concurrency: usize,
    /// Self-play games played (written by the generator).
    pub games: usize,
}

/// One puzzle: a position, the single winning first move and the solution tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The position, as FEN; the side to move is the solver.
    pub fen: String,
    /// `mate` or `material`.
    pub kind: String,
    /// The solver's moves along the main line: N of a mate in N, or the moves a material
    /// win takes.
    pub moves: u32,
    /// For a material win, the material gained along the main line (by [`value`]); 0 for
    /// a mate.
    pub gain: i32,
    /// Theme tags: `mate in N` or `material`, and the motifs found (`check`, `quiet move`,
    /// `capture`, `sacrifice`, `fork`, `double check`, `discovered check`, and for a mate
    /// the mating piece, `chariot mate` …, or `no legal move`).
    pub themes: Vec<String>,
    /// 1 (easiest) to 5: the moves to find, plus one for a quiet first move and one each
    /// when the engine needs more than 20 000 and 200 000 nodes to settle on the solution.
    pub difficulty: u8,
    /// Nodes a fresh search needed to settle on the first move.
    pub effort: u64,
    /// The main line in ICCS: solver and defence moves alternating.
    pub line: Vec<String>,
    /// The accepted first moves (one) and what follows each.
    pub tree: Vec<Branch>,
    /// Where the position comes from (self-play game and ply).
    pub source: String,
}

/// An accepted solver move, the defence's reply and the solver's accepted moves after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// The solver's move, ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// The defence's reply, ICCS; `None` when the move mates or ends the puzzle.
    pub reply: Option<String>,
    /// The solver's accepted moves after the reply; empty when the puzzle is solved.
    pub next: Vec<Branch>,
}

/// Searches `pos` from a cleared table under `limits` with `banned` root moves; returns
/// the result, the last principal variation and the nodes after which the best move no
/// longer changed.
pub fn search(
    searcher: &mut Searcher,
    pos: &Position,
    banned: &[Move],
    limits: Limits,
) -> (SearchResult, Vec<Move>, u64) {
    searcher.clear();
    searcher.stop_handle().store(false, Ordering::SeqCst);
    let req = SearchRequest {
        start: pos.clone(),
        moves: Vec::new(),
        banned: banned.to_vec(),
        limits,
    };
    let mut pv = Vec::new();
    let mut settled = 0;
    let r = searcher.search(&req, &mut |info| {
        if info.pv.first() != pv.first() {
            settled = info.nodes;
        }
        pv.clone_from(&info.pv);
    });
    (r, pv, settled)
}

/// Returns the limits of the searches that look for a mate within `n` moves: depth
/// `2n + 4` plies, at most 3 000 000 nodes.
pub fn mate_limits(n: u32) -> Limits {
    Limits {
        depth: Some(2 * n + 4),
        nodes: Some(3_000_000),
        ..Limits::default()
    }
}

/// Returns the search's mate length (the side to move mates in that many moves) or `None`.
pub fn mate_of(r: &SearchResult) -> Option<u32> {
    match Score::from_internal(r.score) {
        Score::Mate(n) if n > 0 => u32::try_from(n).ok(),
        _ => None,
    }
}

/// Returns every move that mates within `r` moves: by brute force when `r` ≤ 3, else the
/// moves the search finds mating within `r`, one search per move found.
fn mating_moves(searcher: &mut Searcher, pos: &Position, r: u32) -> Vec<Move> {
    if r <= 3 {
        return winning_first_moves(pos, r);
    }
    let mut found = Vec::new();
    while found.len() < 6 {
        let (res, _, _) = search(searcher, pos, &found, mate_limits(r));
        match (res.best, mate_of(&res)) {
            (Some(m), Some(k)) if k <= r => found.push(m),
            _ => break,
        }
    }
    found
}

/// Returns how many moves the attacker, to move in `pos`, needs to mate by the search
/// (`u32::MAX` when it finds none).
fn mate_length(searcher: &mut Searcher, pos: &Position, r: u32) -> u32 {
    if pos.legal_moves().is_empty() {
        return 0;
    }
    for k in 1..=r.min(2) {
        if forced_win_within(&mut pos.clone(), k) {
            return k;
        }
    }
    let (res, _, _) = search(searcher, pos, &[], mate_limits(r));
    mate_of(&res).unwrap_or(u32::MAX)
}

/// Builds the tree of a mate: each of `accepted` played from `pos`, the longest
/// resistance, and the accepted moves after it, with `r` moves left. `None` when the tree
/// grows past `budget` branches or a line fails to mate.
fn mate_tree(
    searcher: &mut Searcher,
    pos: &Position,
    accepted: &[Move],
    r: u32,
    budget: &mut usize,
) -> Option<Vec<Branch>> {
    let mut out = Vec::new();
    for &m in accepted {
        *budget = budget.checked_sub(1)?;
        let after = pos.after(m).ok()?;
        let replies = after.legal_moves();
        if replies.is_empty() {
            out.push(Branch {
                mv: m.iccs(),
                reply: None,
                next: Vec::new(),
            });
            continue;
        }
        if r <= 1 {
            return None;
        }
        // The longest resistance: the reply after which the mate takes longest.
        let mut best: Option<(u32, Move, Position)> = None;
        for &reply in replies.iter() {
            let next = after.after(reply).ok()?;
            let len = mate_length(searcher, &next, r - 1);
            if len > r - 1 {
                return None;
            }
            if best.as_ref().is_none_or(|(l, _, _)| len > *l) {
                best = Some((len, reply, next));
            }
        }
        let (_, reply, next) = best?;
        let follow = mating_moves(searcher, &next, r - 1);
        if follow.is_empty() {
            return None;
        }
        out.push(Branch {
            mv: m.iccs(),
            reply: Some(reply.iccs()),
            next: mate_tree(searcher, &next, &follow, r - 1, budget)?,
        });
    }
    Some(out)
}

/// Follows the first branch of each level: the main line.
fn main_line(tree: &[Branch]) -> Vec<String> {
    let mut line = Vec::new();
    let mut level = tree;
    while let Some(b) = level.first() {
        line.push(b.mv.clone());
        if let Some(r) = &b.reply {
            line.push(r.clone());
        }
        level = &b.next;
    }
    line
}

/// Plays ICCS `line` from `pos`; `None` if a move is not legal.
fn play_line(pos: &Position, line: &[String]) -> Option<Vec<Position>> {
    let mut out = vec![pos.clone()];
    let mut cur = pos.clone();
    for text in line {
        let m: Move = text.parse().ok()?;
        cur = cur.after(m).ok()?;
        out.push(cur.clone());
    }
    Some(out)
}

/// Returns the theme tags of a puzzle from `pos` with main line `line`.
fn themes(pos: &Position, kind: &str, moves: u32, line: &[String]) -> Vec<String> {
    let mut tags = vec![if kind == "mate" {
        format!("mate in {moves}")
    } else {
        "material".to_string()
    }];
    let Some(positions) = play_line(pos, line) else {
        return tags;
    };
    let solver = pos.turn();
    let first: Option<Move> = line.first().and_then(|t| t.parse().ok());
    if let (Some(m), Some(after)) = (first, positions.get(1)) {
        if after.is_check() {
            tags.push("check".to_string());
            let checkers = after.checkers();
            if checkers.count() >= 2 {
                tags.push("double check".to_string());
            }
            if !checkers.contains(m.to) {
                tags.push("discovered check".to_string());
            }
        } else if !pos.is_capture(m) {
            tags.push("quiet move".to_string());
        }
        if pos.is_capture(m) {
            tags.push("capture".to_string());
        }
        let big = after
            .attacks_from(m.to)
            .filter(|&sq| {
                after.piece_at(sq).is_some_and(|p| {
                    p.color != solver
                        && matches!(
                            p.role,
                            Role::General | Role::Chariot | Role::Horse | Role::Cannon
                        )
                })
            })
            .count();
        if big >= 2 {
            tags.push("fork".to_string());
        }
    }
    // A sacrifice: the solver is behind its starting balance at some point of the line.
    let start = balance(pos, solver);
    if positions.iter().any(|p| balance(p, solver) < start) {
        tags.push("sacrifice".to_string());
    }
    if kind == "mate" {
        if let Some(last) = positions.last() {
            let checkers: Vec<Role> = last
                .checkers()
                .filter_map(|sq| last.piece_at(sq).map(|p| p.role))
                .collect();
            if checkers.is_empty() {
                tags.push("no legal move".to_string());
            }
            for role in Role::ALL {
                if checkers.contains(&role) {
                    tags.push(format!("{} mate", role.name()));
                }
            }
        }
    }
    tags
}

/// Returns the difficulty, 1 to 5: the moves to find, one more for a quiet first move and
/// one each past 20 000 and 200 000 nodes of search effort.
fn difficulty(moves: u32, quiet: bool, effort: u64) -> u8 {
    let points =
        moves + u32::from(quiet) + u32::from(effort > 20_000) + u32::from(effort > 200_000);
    points.clamp(1, 5) as u8
}

/// Tries to make a mate puzzle of `pos` (not in check), where a search saw a mate.
pub fn mate_puzzle(searcher: &mut Searcher, pos: &Position, source: String) -> Option<Puzzle> {
    if pos.is_check() {
        return None;
    }
    let (res, _, effort) = search(searcher, pos, &[], mate_limits(MAX_MATE));
    let n = mate_of(&res)?;
    if !(1..=MAX_MATE).contains(&n) {
        return None;
    }
    let first = res.best?;
    if n <= 3 {
        if forced_win_within(&mut pos.clone(), n - 1) || winning_first_moves(pos, n) != [first] {
            return None;
        }
    } else {
        let (other, _, _) = search(searcher, pos, &[first], mate_limits(n));
        if mate_of(&other).is_some_and(|k| k <= n) {
            return None;
        }
    }
    let mut budget = MAX_BRANCHES;
    let tree = mate_tree(searcher, pos, &[first], n, &mut budget)?;
    let line = main_line(&tree);
    let quiet = !pos.after(first).ok()?.is_check();
    Some(Puzzle {
        fen: pos.fen(),
        kind: "mate".to_string(),
        moves: n,
        gain: 0,
        themes: themes(pos, "mate", n, &line),
        difficulty: difficulty(n, quiet, effort),
        effort,
        line,
        tree,
        source,
    })
}

/// Judges the first move of a material win: the depth-[`MATERIAL_DEPTH`] search's best move
/// and principal variation when it scores at least [`MATERIAL_MARGIN`] more than the same
/// search with it banned, and no mate.
pub fn material_first_move(
    searcher: &mut Searcher,
    pos: &Position,
) -> Option<(Move, Vec<Move>, u64)> {
    let (best, pv, effort) = search(searcher, pos, &[], Limits::depth(MATERIAL_DEPTH));
    let first = best.best?;
    if best.score.abs() >= MATE_BOUND {
        return None;
    }
    let (other, _, _) = search(searcher, pos, &[first], Limits::depth(MATERIAL_DEPTH));
    if other.score + MATERIAL_MARGIN > best.score {
        return None;
    }
    Some((first, pv, effort))
}

/// Tries to make a material-win puzzle of `pos` (not in check).
pub fn material_puzzle(searcher: &mut Searcher, pos: &Position, source: String) -> Option<Puzzle> {
    if pos.is_check() {
        return None;
    }
    let (first, pv, effort) = material_first_move(searcher, pos)?;
    if pv.first() != Some(&first) {
        return None;
    }
    let (line, gain) = material_line(pos, &pv)?;
    let levels = accepted_moves(searcher, pos, &line)?;
    let tree = material_tree(&levels, &line);
    let moves = levels.len() as u32;
    let line = main_line(&tree);
    let quiet = !pos.after(first).ok()?.is_check() && !pos.is_capture(first);
    Some(Puzzle {
        fen: pos.fen(),
        kind: "material".to_string(),
        moves,
        gain,
        themes: themes(pos, "material", moves, &line),
        difficulty: difficulty(moves, quiet, effort),
        effort,
        line,
        tree,
        source,
    })
}

/// The shortest prefix of the principal variation `pv` from `pos`, ending on a defence
/// reply, that gains at least [`MATERIAL_GAIN`] for the side to move, with the gain
/// (centipawns of [`balance`]); `None` when none does within [`MAX_MATERIAL_MOVES`] or the
/// game ends after it (a mate would make it a mate puzzle).
fn material_line(pos: &Position, pv: &[Move]) -> Option<(Vec<Move>, i32)> {
    let solver = pos.turn();
    let start = balance(pos, solver);
    let mut cur = pos.clone();
    let mut line = Vec::new();
    let mut gained = None;
    for (i, &m) in pv.iter().enumerate().take(2 * MAX_MATERIAL_MOVES) {
        cur = cur.after(m).ok()?;
        line.push(m);
        if i % 2 == 1 && balance(&cur, solver) - start >= MATERIAL_GAIN {
            gained = Some(balance(&cur, solver) - start);
            break;
        }
    }
    let gain = gained?;
    if cur.legal_moves().is_empty() {
        return None;
    }
    Some((line, gain))
}

/// For each of the solver's turns along `line`, the moves accepted there: the line's move
/// first and, at later turns, other moves the search scores as well as it (within 50
/// centipawns, at most four in all). `None` when the search no longer prefers the line's
/// move at a later turn.
fn accepted_moves(
    searcher: &mut Searcher,
    pos: &Position,
    line: &[Move],
) -> Option<Vec<Vec<Move>>> {
    let mut levels: Vec<Vec<Move>> = Vec::new();
    let mut at = pos.clone();
    for k in 0..line.len() / 2 {
        let main = line[2 * k];
        let mut accepted = vec![main];
        if k > 0 {
            let (r, _, _) = search(searcher, &at, &[], Limits::depth(MATERIAL_DEPTH - 1));
            if r.best != Some(main) {
                return None;
            }
            while accepted.len() < 4 {
                let (alt, _, _) =
                    search(searcher, &at, &accepted, Limits::depth(MATERIAL_DEPTH - 1));
                match alt.best {
                    Some(m) if alt.score + 50 >= r.score && alt.score.abs() < MATE_BOUND => {
                        accepted.push(m)
                    }
                    _ => break,
                }
            }
        }
        levels.push(accepted);
        at = at.after(main).ok()?.after(line[2 * k + 1]).ok()?;
    }
    Some(levels)
}

/// The solution tree: at each turn the line's move, answered by the line's reply and
/// followed by the next turn, and the other accepted moves, each ending the puzzle.
fn material_tree(levels: &[Vec<Move>], line: &[Move]) -> Vec<Branch> {
    let mut tree: Vec<Branch> = Vec::new();
    for (k, accepted) in levels.iter().enumerate().rev() {
        let mut level = Vec::new();
        for (i, m) in accepted.iter().enumerate() {
            if i == 0 {
                level.push(Branch {
                    mv: m.iccs(),
                    reply: Some(line[2 * k + 1].iccs()),
                    next: std::mem::take(&mut tree),
                });
            } else {
                level.push(Branch {
                    mv: m.iccs(),
                    reply: None,
                    next: Vec::new(),
                });
            }
        }
        tree = level;
    }
    tree
}

/// Returns a searcher with a `hash_mib` MiB table that evaluates classically: the puzzle
/// library is found and checked with the classical evaluation, so that the committed library
/// (`--seed 2026 --count 200`) stays what the command makes.
pub fn searcher_for_puzzles(hash_mib: usize) -> Searcher {
    let mut s = Searcher::new(hash_mib);
    s.set_network(None);
    s
}

/// The puzzles found in self-play game `index` of `settings`, three at most: one mate (the
/// first position of the game's mating attack that makes one) and material wins at least
/// six plies apart (positions where the mover's score reached +300 cp, 150 cp above what
/// the opponent's search thought a ply before).
pub fn puzzles_of_game(settings: &Settings, index: usize, searcher: &mut Searcher) -> Vec<Puzzle> {
    let config = SelfplayConfig {
        games: settings.count,
        nodes: settings.nodes,
        concurrency: 1,
        seed: settings.seed,
        play_out: true,
        classical: true,
        ..SelfplayConfig::default()
    };
    let mut candidates: Vec<(Position, usize, bool)> = Vec::new();
    let mut last_score: Option<i32> = None;
    let mut game_searcher = searcher_for_puzzles(16);
    play_with(&config, index, &mut game_searcher, &mut |game, found| {
        let pos = game.position();
        let ply = game.plies().len();
        let score = found.score;
        if score >= MATE_BOUND {
            if !pos.is_check() {
                candidates.push((pos.clone(), ply, true));
            }
        } else if ply >= config.skip_plies
            && score >= 300
            && last_score.is_some_and(|s| score + s >= 150)
            && !pos.is_check()
        {
            candidates.push((pos.clone(), ply, false));
        }
        last_score = Some(score);
    });
    let mut out = Vec::new();
    let mut have_mate = false;
    let mut last_material: Option<usize> = None;
    for (pos, ply, is_mate) in candidates {
        let source = format!("self-play game {index} (seed {}), ply {ply}", settings.seed);
        if is_mate {
            if have_mate {
                continue;
            }
            if let Some(p) = mate_puzzle(searcher, &pos, source) {
                have_mate = true;
                out.push(p);
            }
        } else {
            if last_material.is_some_and(|l| ply < l + 6) || out.len() >= 3 {
                continue;
            }
            if let Some(p) = material_puzzle(searcher, &pos, source) {
                last_material = Some(ply);
                out.push(p);
            }
        }
    }
    out
}

/// Generates a library of `settings.count` puzzles: games `0, 1, …` of self-play from
/// `settings.seed`, `settings.concurrency` at a time, their puzzles taken in game order
/// (each position once), sorted by difficulty, kind and length (stable), and cut to the
/// count. `progress` hears the games played and the puzzles found so far. Stops after
/// 100 000 games whatever it has.
pub fn generate(
    settings: &Settings,
    command: &str,
    progress: &mut dyn FnMut(usize, usize),
) -> Library {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut next = 0usize;
    let threads = settings.concurrency.max(1);
    while puzzles.len() < settings.count && next < 100_000 {
        let batch: Vec<Vec<Puzzle>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (next..next + threads)
                .map(|i| {
                    scope.spawn(move || {
                        let mut searcher = searcher_for_puzzles(16);
                        puzzles_of_game(settings, i, &mut searcher)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        next += threads;
        for p in batch.into_iter().flatten() {
            if puzzles.len() < settings.count && seen.insert(p.fen.clone()) {
                puzzles.push(p);
            }
        }
        progress(next, puzzles.len());
    }
    puzzles.sort_by_key(|p| (p.difficulty, p.kind != "mate", p.moves));
    Library {
        about: "Puzzles of our own making: positions from the engine's self-play games \
                where exactly one first move wins (a mate in 1-5, or at least a horse's \
                worth of material), with the solution tree. Made and checked as \
                docs/engine.md, \"Puzzles\", describes; crates/tools/tests/it/puzzles.rs \
                proves it."
            .to_string(),
        command: command.to_string(),
        settings: Settings {
            games: next,
            ..settings.clone()
        },
        puzzles,
    }
}

/// Reads a library file's text.
///
/// # Errors
/// The JSON error when the text is not a library.
pub fn parse(text: &str) -> Result<Library, serde_json::Error> {
    serde_json::from_str(text)
}
