//! `qm bench supply|collect|game|oil|selfplay`: runs `qm_bench`'s
//! measurements and prints their figures through [`crate::output_bench`]
//! (a table, or one JSON object), or says on `err` why a bench did not run
//! (exit code 2).

use crate::MAX_ITERS;
use crate::output_bench::{collect_text, game_table, oil_table, print, selfplay_table, supply_table};
use clap::{Args, Subcommand};
use qm_ai::{Limits, Logistics};
use std::io::Write;
use std::path::PathBuf;

/// Games of each match `qm bench selfplay` plays at most.
pub const MAX_BENCH_GAMES: u64 = 100_000;

/// Game turns `qm bench selfplay` lets a game run at most.
pub const MAX_BENCH_TURNS: i64 = 10_000;

/// The arguments every bench on a generated map takes.
#[derive(Args, Debug, Clone, Copy)]
pub struct Timing {
    /// Seed of the generated map.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Timed repetitions (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_ITERS)))]
    pub iters: u32,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The benchmarks `qm bench` runs.
#[derive(Subcommand, Debug)]
pub enum BenchCommand {
    /// Initial supply for both sides on a generated map, against a generic
    /// flood (`pathfinding::bfs_reach`) and a per-unit search.
    Supply {
        /// About this many hexes.
        #[arg(long, default_value_t = 100_000)]
        hexes: u32,
        /// Seed, repetitions and output.
        #[command(flatten)]
        timing: Timing,
    },
    /// Collection (COL-004..008) for every nation on a generated territory
    /// map, against one `pathfinding::bfs_reach` flood of the same graph.
    Collect {
        /// About this many land territories.
        #[arg(long, default_value_t = 10_000)]
        territories: u32,
        /// Seed, repetitions and output.
        #[command(flatten)]
        timing: Timing,
    },
    /// The self-play path on a generated map: a player turn, clone,
    /// snapshot, restore and checksum.
    Game {
        /// About this many hexes.
        #[arg(long, default_value_t = 10_000)]
        hexes: u32,
        /// Seed, repetitions and output.
        #[command(flatten)]
        timing: Timing,
    },
    /// The MWIF oil solver on the seeded sample problems of `benches/oil.rs`
    /// (12, 40 and 200 units; all fit and short of oil): time per solve and
    /// how many plans were proved optimal. The problems' seeds are fixed, so
    /// the JSON header's `seed` is null.
    Oil {
        /// Timed solves of each problem (the median and mean are reported).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_ITERS)))]
        iters: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Whole player turns of seeded self-play games on a scenario, in CPU
    /// time: random v random, greedy v random and greedy v greedy, the
    /// share of each stage of a turn, and the speed-up on two threads.
    Selfplay {
        /// Scenario file.
        file: PathBuf,
        /// Games of each match.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=MAX_BENCH_GAMES))]
        games: u64,
        /// The batch's seed (game i's seed is a hash of the seed and i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Game turns after which a game is adjudicated.
        #[arg(long, default_value_t = Limits::default().max_turns, value_parser = clap::value_parser!(u32).range(1..=MAX_BENCH_TURNS))]
        max_turns: u32,
        /// Who takes the logistics decisions: `engine` or `policy`.
        #[arg(long, default_value = "engine")]
        logistics: Logistics,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the bench `what` names; the exit code.
pub fn run(what: BenchCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match what {
        BenchCommand::Supply { hexes, timing } => run_supply(hexes, timing, out, err),
        BenchCommand::Collect { territories, timing } => run_collect(territories, timing, out, err),
        BenchCommand::Game { hexes, timing } => run_game(hexes, timing, out, err),
        BenchCommand::Oil { iters, json } => {
            let r: Result<_, std::convert::Infallible> = Ok(qm_bench::bench_oil(iters));
            print("bench oil", None, json, r, oil_table, out, err)
        }
        BenchCommand::Selfplay { file, games, seed, max_turns, logistics, json } => {
            let Some(base) = crate::open(&file, seed, json, err) else { return 1 };
            let p = qm_bench::SelfplayParams { games, seed, max_turns, logistics };
            print("bench selfplay", Some(seed), json, qm_bench::bench_selfplay(&base, p), selfplay_table, out, err)
        }
    }
}

/// `qm bench supply`: runs the bench and prints its figures (a table, or
/// one JSON object), or says on `err` why it did not run (exit code 2).
pub fn run_supply(hexes: u32, t: Timing, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let r = qm_bench::bench_supply(hexes, t.seed, t.iters);
    print("bench supply", Some(t.seed), t.json, r, supply_table, out, err)
}

/// `qm bench collect`: runs the bench and prints its figures (a line, or
/// one JSON object), or says on `err` why it did not run (exit code 2).
pub fn run_collect(territories: u32, t: Timing, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let r = qm_bench::bench_collect(territories, t.seed, t.iters);
    print("bench collect", Some(t.seed), t.json, r, collect_text, out, err)
}

/// `qm bench game`: runs the self-play bench and prints its figures (a
/// table, or one JSON object), or says on `err` why it did not run (exit
/// code 2).
pub fn run_game(hexes: u32, t: Timing, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let r = qm_bench::bench_game(hexes, t.seed, t.iters);
    print("bench game", Some(t.seed), t.json, r, game_table, out, err)
}
