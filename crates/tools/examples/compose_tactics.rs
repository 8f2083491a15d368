//! Composes mate problems for the tactical suite: places a few pieces at random (a seeded
//! generator, so the output is reproducible), keeps the positions where the engine sees a
//! mate in 1–3, and prints those whose mate the brute-force solver proves, with the exact set
//! of mating first moves, as `tactics.tsv` lines.
//!
//! `cargo run --release -p xiangqi-tools --example compose_tactics -- SEED COUNT_PER_KIND`

use xiangqi::Position;
use xiangqi_engine::level::Rng;
use xiangqi_engine::{Limits, Score, SearchRequest, Searcher};
use xiangqi_tools::tactics::{forced_win_within, winning_first_moves};

fn pick<'a>(rng: &mut Rng, from: &'a [&'a str]) -> &'a str {
    from[(rng.next_u64() % from.len() as u64) as usize]
}

fn square_index(sq: &str) -> Option<(usize, usize)> {
    let b = sq.as_bytes();
    Some(((b[0] - b'a') as usize, (b[1] - b'0') as usize))
}

fn random_fen(rng: &mut Rng) -> String {
    let mut grid = [['.'; 9]; 10];
    let put = |grid: &mut [[char; 9]; 10], c: char, sq: &str| -> bool {
        let Some((f, r)) = square_index(sq) else {
            return false;
        };
        if grid[r][f] != '.' {
            return false;
        }
        grid[r][f] = c;
        true
    };
    let palace_b = ["d7", "e7", "f7", "d8", "e8", "f8", "d9", "e9", "f9"];
    let palace_r = ["d0", "e0", "f0", "d1", "e1", "f1", "d2", "e2", "f2"];
    let adv_b = ["d9", "f9", "e8", "d7", "f7"];
    let adv_r = ["d0", "f0", "e1", "d2", "f2"];
    let ele_b = ["c9", "g9", "e7", "a7", "i7", "c5", "g5"];
    let ele_r = ["c0", "g0", "e2", "a2", "i2", "c4", "g4"];
    put(&mut grid, 'k', pick(rng, &palace_b));
    put(&mut grid, 'K', pick(rng, &palace_r[..6]));
    for _ in 0..(rng.next_u64() % 3) {
        put(&mut grid, 'a', pick(rng, &adv_b));
    }
    for _ in 0..(rng.next_u64() % 3) {
        put(&mut grid, 'b', pick(rng, &ele_b));
    }
    for _ in 0..(rng.next_u64() % 2) {
        put(&mut grid, 'A', pick(rng, &adv_r));
    }
    for _ in 0..(rng.next_u64() % 2) {
        put(&mut grid, 'B', pick(rng, &ele_r));
    }
    // Black's extra defenders: 0–1 of horse, cannon, chariot, pawns on Red's side.
    let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    let sq = |rng: &mut Rng, lo: u64, hi: u64| {
        format!(
            "{}{}",
            pick(rng, &files),
            lo + rng.next_u64() % (hi - lo + 1)
        )
    };
    match rng.next_u64() % 5 {
        0 => {
            let s = sq(rng, 5, 9);
            put(&mut grid, 'n', &s);
        }
        1 => {
            let s = sq(rng, 5, 9);
            put(&mut grid, 'c', &s);
        }
        2 => {
            let s = sq(rng, 6, 9);
            put(&mut grid, 'r', &s);
        }
        _ => {}
    }
    for _ in 0..(rng.next_u64() % 3) {
        let s = sq(rng, 0, 3);
        put(&mut grid, 'p', &s);
    }
    // Red's attackers: 2–3 pieces in Black's half (pawns across the river).
    let attackers = ['R', 'N', 'C', 'P', 'R', 'N', 'C', 'P', 'P'];
    let n = 2 + rng.next_u64() % 2;
    for _ in 0..n {
        let c = attackers[(rng.next_u64() % attackers.len() as u64) as usize];
        let s = if c == 'P' {
            sq(rng, 5, 9)
        } else {
            sq(rng, 3, 9)
        };
        put(&mut grid, c, &s);
    }
    let mut rows = Vec::new();
    for rank in grid.iter().rev() {
        let mut row = String::new();
        let mut empty = 0;
        for &c in rank {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1u64);
    let per_kind: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(8);
    let mut found = [0usize; 4];
    let mut tries = 0u64;
    while found[1..].iter().any(|&f| f < per_kind) && tries < 2_000_000 {
        tries += 1;
        let fen = random_fen(&mut rng);
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        if pos.is_check() || pos.legal_moves().is_empty() {
            continue;
        }
        let req = SearchRequest {
            start: pos.clone(),
            limits: Limits {
                depth: Some(7),
                nodes: Some(300_000),
                ..Limits::default()
            },
            ..SearchRequest::default()
        };
        searcher.clear();
        let r = searcher.search(&req, &mut |_| {});
        let Score::Mate(n) = Score::from_internal(r.score) else {
            continue;
        };
        if !(1..=3).contains(&n) || found[n as usize] >= per_kind {
            continue;
        }
        let n = n as u32;
        if forced_win_within(&mut pos.clone(), n - 1) {
            continue;
        }
        let wins = winning_first_moves(&pos, n);
        if wins.is_empty() || wins.len() > 2 {
            continue;
        }
        found[n as usize] += 1;
        let moves: Vec<String> = wins.iter().map(|m| m.to_string()).collect();
        println!(
            "{}\t{}\tmate{n}\tcomposed for this suite: compose_tactics seed {seed} try {tries}, proved by brute force",
            pos.fen(),
            moves.join(" ")
        );
    }
    eprintln!("{tries} tries, found {:?}", &found[1..]);
}
