//! `xiangqi loadtest`: reads the flags and runs the load-test client of the tools crate
//! ([`xiangqi_tools::loadtest`]), which says what is measured and printed.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use xiangqi::{TimeControl, TimeUnit};
use xiangqi_tools::loadtest::{self, ComputerGroup};

/// Arguments of `xiangqi loadtest`.
#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server to load (it must already run), as an `http://` URL. Give it once per node
    /// to load several nodes of one cluster: each game's two players then play on two
    /// different nodes (records are read from the first).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    server: Vec<String>,
    /// Games played at the same time (two WebSocket connections each).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=20_000))]
    games: u64,
    /// Moves per second per game (both sides together).
    #[arg(long, default_value_t = 1.0, value_parser = parse_positive)]
    rate: f64,
    /// Seconds measured, after the warm-up.
    #[arg(long, default_value_t = 30.0, value_parser = parse_positive)]
    duration: f64,
    /// Seconds played before the measurement starts (not counted).
    #[arg(long, default_value_t = 5.0, value_parser = parse_non_negative)]
    warmup: f64,
    /// Time control of the rooms: `none` (untimed) or INITIAL_S+INCREMENT_S (e.g. 300+3).
    // Spelled `std::option::Option` so that clap hands the whole value, `none` included,
    // to `parse_time_control` instead of treating the flag as optional.
    #[arg(long, default_value = "none", value_parser = parse_time_control)]
    time_control: std::option::Option<TimeControl>,
    /// Plies after which the side to move resigns and a new round starts, so that games
    /// keep a realistic length.
    #[arg(long, default_value_t = 150,
          value_parser = clap::value_parser!(u64).range(2..=1000))]
    max_plies: u64,
    /// Games being set up (HTTP + WebSocket handshakes) at the same time.
    #[arg(long, default_value_t = 32,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    connect_concurrency: u64,
    /// Check the game record of only this many games afterwards (default: all).
    #[arg(long)]
    verify_sample: Option<usize>,
    /// Worker threads of the load generator (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Also play N games against the computer from local address ADDRESS (`N@ADDRESS`,
    /// e.g. `8@127.0.0.2`; `N` alone: the default address) and print the engine's reply
    /// times; repeat for several groups. The server's per-address cap on computer games
    /// (`--computer-games-per-ip`) and its bound on the engine's queue
    /// (`--max-queued-searches`) apply: a game refused at creation counts as a `setup` error.
    #[arg(long, value_name = "N[@ADDRESS]")]
    computer: Vec<ComputerGroup>,
    /// The engine's level in those games (1 Beginner … 5 Hardest).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=5))]
    computer_level: u8,
    /// Also open N watchers (100 to a room, in rooms of their own) when the games start,
    /// hold them until the run stops, then close them; prints the server's memory before,
    /// with them (per watcher) and 30 s after they left, from its `/api/health`. The server
    /// must let this address hold them: `--max-connections-per-ip`, `--max-connections`
    /// and `--watcher-hellos-per-minute 0`.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    watchers: u64,
    /// Seed of the random moves and start offsets.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game's code, round and confirmed moves to this file (JSON lines).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Play nothing: compare the games in this file (from --save) with the server's records.
    #[arg(long, conflicts_with = "save")]
    check: Option<PathBuf>,
}

fn parse_positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("`{s}` is not a positive number")),
    }
}

fn parse_non_negative(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("`{s}` is not a number ≥ 0")),
    }
}

/// Reads `none` (untimed) or `INITIAL_S+INCREMENT_S`; both parts are needed.
fn parse_time_control(s: &str) -> Result<Option<TimeControl>, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let bad = |why: String| {
        format!("`{s}` is neither `none` nor INITIAL_S+INCREMENT_S (e.g. 300+3): {why}")
    };
    if !s.contains('+') {
        return Err(bad("the increment is missing".into()));
    }
    TimeControl::parse(s, TimeUnit::Seconds)
        .map(Some)
        .map_err(|e| bad(e.to_string()))
}

/// Runs the load test (or, with `--check`, only the record comparison).
///
/// Exits 0 when every checked game matches, 1 when a game's record differs from what was
/// confirmed or the test could not run, 2 on bad arguments.
pub fn run(args: &LoadtestArgs) -> ExitCode {
    loadtest::run(&loadtest::Config {
        server: args.server.first().cloned().unwrap_or_default(),
        other_servers: args.server.iter().skip(1).cloned().collect(),
        games: args.games,
        rate: args.rate,
        duration: args.duration,
        warmup: args.warmup,
        time_control: args.time_control,
        max_plies: args.max_plies,
        connect_concurrency: args.connect_concurrency,
        verify_sample: args.verify_sample,
        threads: args.threads,
        computer: args.computer.clone(),
        computer_level: args.computer_level,
        watchers: args.watchers,
        seed: args.seed,
        save: args.save.clone(),
        check: args.check.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: LoadtestArgs,
    }

    #[test]
    fn arguments_have_the_documented_defaults_and_checks() {
        let a = Cli::try_parse_from(["x"]).expect("defaults").args;
        assert_eq!(a.server, vec!["http://127.0.0.1:8080".to_string()]);
        let two = Cli::try_parse_from(["x", "--server", "http://a:1", "--server", "http://b:2"])
            .expect("two servers")
            .args;
        assert_eq!(
            two.server,
            vec!["http://a:1".to_string(), "http://b:2".to_string()]
        );
        assert_eq!(a.games, 100);
        assert!((a.rate - 1.0).abs() < 1e-12);
        assert!((a.duration - 30.0).abs() < 1e-12);
        assert_eq!(a.time_control, None);
        let a = Cli::try_parse_from([
            "x",
            "--games",
            "2000",
            "--rate",
            "0.5",
            "--time-control",
            "300+3",
        ])
        .expect("valid")
        .args;
        assert_eq!(a.games, 2000);
        assert_eq!(a.time_control, TimeControl::from_secs(300, 3).ok());
        for bad in [
            &["x", "--rate", "0"][..],
            &["x", "--rate", "nan"],
            &["x", "--games", "0"],
            &["x", "--time-control", "0+3"],
            &["x", "--time-control", "5m"],
            &["x", "--time-control", "300"],
            &["x", "--save", "a", "--check", "b"],
        ] {
            assert!(
                Cli::try_parse_from(bad).is_err(),
                "{bad:?} should be refused"
            );
        }
    }
}
