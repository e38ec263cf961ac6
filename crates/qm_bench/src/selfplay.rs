//! `qm bench selfplay`: whole player turns of seeded self-play games on a
//! scenario, as `qm selfplay` plays them, in CPU time.
//!
//! For each match (random v random, greedy v random, greedy v greedy) the
//! bench plays the games of a batch ([`qm_ai::selfplay::play_one`]) on one
//! thread and divides the player turns by the thread's CPU time; then it
//! plays the same games again with their stages timed
//! ([`qm_ai::selfplay::play_one_timed`]) for the shares of each stage, so
//! that the clock readings do not weigh on the throughput. Last, greedy v
//! random's games run over a pool of one thread, then of two: the speed-up
//! in wall-clock throughput, and the CPU time per turn at each.

use crate::cpu::{Clock, thread_cpu_ns};
use qm_ai::selfplay::{play_one, play_one_timed};
use qm_ai::{BatchConfig, Limits, Logistics, PolicyKind, StageTimes};
use qm_game::Game;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// The matches benched, in report order.
pub const MATCHES: [[PolicyKind; 2]; 3] =
    [[PolicyKind::Random, PolicyKind::Random], [PolicyKind::Greedy, PolicyKind::Random], [PolicyKind::Greedy; 2]];

/// What the self-play bench plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfplayParams {
    /// Games of each match.
    pub games: u64,
    /// The batch's seed (game `i`'s seed is [`qm_ai::game_seed`]).
    pub seed: u64,
    /// Game turns after which a game is adjudicated.
    pub max_turns: u32,
    /// Who takes the logistics decisions, for both policies.
    pub logistics: Logistics,
}

impl Default for SelfplayParams {
    fn default() -> Self {
        Self { games: 10, seed: 1, max_turns: Limits::default().max_turns, logistics: Logistics::Engine }
    }
}

/// The figures `qm bench selfplay --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SelfplayBench {
    /// Games of each match.
    pub games: u64,
    /// Who took the logistics decisions (`engine` or `policy`).
    pub logistics: String,
    /// Whether the times are CPU time (the thread's, from
    /// `/proc/thread-self/schedstat`) or, where the system does not say,
    /// wall-clock time.
    pub cpu_time: bool,
    /// Greedy v random's player turns per core-second: the headline figure.
    pub turns_per_core_second: f64,
    /// Each match's figures.
    pub matches: Vec<MatchFigures>,
    /// Greedy v random on one thread and on two.
    pub threads: ThreadScaling,
}

/// One match's throughput and where its time went.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct MatchFigures {
    /// The policies, `first/second` (they alternate sides).
    pub policies: String,
    /// Player turns played in all the match's games.
    pub player_turns: u64,
    /// Player turns per second of the thread's CPU time.
    pub turns_per_core_second: f64,
    /// CPU time per player turn, in nanoseconds.
    pub cpu_ns_per_turn: u64,
    /// The share of each stage in the timed games.
    pub stages: StageShares,
}

/// The share of a player turn's time each stage takes (they sum to 1).
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StageShares {
    /// Listing legal orders.
    pub list: f64,
    /// The policies choosing (their view of the game included).
    pub choose: f64,
    /// Checking and queueing the chosen orders (`Game::submit`).
    pub submit: f64,
    /// Running the phases: every rule family's systems.
    pub phases: f64,
    /// The match's bookkeeping: the tally of results, end-of-game checks.
    pub bookkeeping: f64,
    /// The final checksum of each game.
    pub checksum: f64,
    /// Each phase's share, by phase name (they sum to `phases`).
    pub by_phase: BTreeMap<String, f64>,
}

/// Greedy v random's throughput on a pool of one thread, then two.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ThreadScaling {
    /// Games played at each thread count.
    pub games: u64,
    /// Player turns per wall-clock second on one thread.
    pub one_thread_turns_per_second: f64,
    /// Player turns per wall-clock second on two threads.
    pub two_threads_turns_per_second: f64,
    /// `two_threads_turns_per_second / one_thread_turns_per_second`
    /// (target: at least 1.7 on a quiet two-core machine).
    pub speedup: f64,
    /// CPU time per player turn on one thread, in nanoseconds.
    pub cpu_ns_per_turn_one_thread: u64,
    /// CPU time per player turn on two threads, in nanoseconds (target:
    /// within 10% of one thread's).
    pub cpu_ns_per_turn_two_threads: u64,
}

/// Why the self-play bench did not run.
#[derive(Debug, thiserror::Error)]
pub enum SelfplayBenchError {
    /// The games end before their first player turn: there is nothing to
    /// time (a scenario with no phase, or one over at the start).
    #[error("the scenario's games end before their first player turn: there is no turn to time")]
    NoTurns,
    /// The thread pools cannot be built.
    #[error("cannot start the worker threads: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
}

/// Runs the self-play bench on `base` (a scenario as loaded).
///
/// # Errors
/// [`SelfplayBenchError::NoTurns`] when a match plays no player turn; the
/// thread pools cannot be built.
pub fn bench_selfplay(base: &Game, p: SelfplayParams) -> Result<SelfplayBench, SelfplayBenchError> {
    let matches: Vec<MatchFigures> = MATCHES.iter().map(|&m| bench_match(base, &config(p, m))).collect();
    if matches.iter().any(|m| m.player_turns == 0) {
        return Err(SelfplayBenchError::NoTurns);
    }
    let threads = thread_scaling(base, &config(p, MATCHES[1]))?;
    Ok(SelfplayBench {
        games: p.games,
        logistics: p.logistics.as_str().to_string(),
        cpu_time: thread_cpu_ns().is_some(),
        turns_per_core_second: matches[1].turns_per_core_second,
        matches,
        threads,
    })
}

/// The batch of `p` between `policies`.
fn config(p: SelfplayParams, policies: [PolicyKind; 2]) -> BatchConfig {
    BatchConfig {
        games: p.games,
        seed: p.seed,
        policies,
        logistics: [p.logistics; 2],
        limits: Limits { max_turns: p.max_turns },
        ..BatchConfig::default()
    }
}

/// One match: its games untimed for the throughput, then timed for the
/// stage shares.
fn bench_match(base: &Game, cfg: &BatchConfig) -> MatchFigures {
    let clock = Clock::start();
    let turns: u64 = (0..cfg.games).map(|i| u64::from(play_one(base, cfg, i).player_turns)).sum();
    let ns = clock.ns().max(1);
    let mut times = StageTimes::default();
    for i in 0..cfg.games {
        times.merge(&play_one_timed(base, cfg, i).1);
    }
    MatchFigures {
        policies: format!("{}/{}", cfg.policies[0].as_str(), cfg.policies[1].as_str()),
        player_turns: turns,
        turns_per_core_second: turns as f64 * 1e9 / ns as f64,
        cpu_ns_per_turn: ns / turns.max(1),
        stages: shares(&times),
    }
}

/// Each stage's share of the total.
fn shares(t: &StageTimes) -> StageShares {
    let total = t.total_ns().max(1) as f64;
    let share = |ns: u64| ns as f64 / total;
    StageShares {
        list: share(t.list_ns),
        choose: share(t.choose_ns),
        submit: share(t.submit_ns),
        phases: share(t.phases_total_ns()),
        bookkeeping: share(t.bookkeeping_ns),
        checksum: share(t.checksum_ns),
        by_phase: t.phases_ns.iter().map(|(p, &ns)| ((*p).to_string(), share(ns))).collect(),
    }
}

/// The batch on a pool of one thread, then two.
fn thread_scaling(base: &Game, cfg: &BatchConfig) -> Result<ThreadScaling, rayon::ThreadPoolBuildError> {
    let one = on_pool(base, cfg, 1)?;
    let two = on_pool(base, cfg, 2)?;
    Ok(ThreadScaling {
        games: cfg.games,
        one_thread_turns_per_second: one.turns_per_second(),
        two_threads_turns_per_second: two.turns_per_second(),
        speedup: two.turns_per_second() / one.turns_per_second().max(f64::MIN_POSITIVE),
        cpu_ns_per_turn_one_thread: one.cpu_ns / one.turns.max(1),
        cpu_ns_per_turn_two_threads: two.cpu_ns / two.turns.max(1),
    })
}

/// What a batch on a pool did: turns, wall-clock and summed CPU time.
struct PoolRun {
    turns: u64,
    wall_ns: u64,
    cpu_ns: u64,
}

impl PoolRun {
    fn turns_per_second(&self) -> f64 {
        self.turns as f64 * 1e9 / self.wall_ns.max(1) as f64
    }
}

/// The batch's games over a pool of `threads`, each game's CPU time
/// measured on the thread that played it.
fn on_pool(base: &Game, cfg: &BatchConfig, threads: usize) -> Result<PoolRun, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let start = Instant::now();
    let per_game: Vec<(u64, u64)> = pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let clock = Clock::start();
                let turns = u64::from(play_one(base, cfg, i).player_turns);
                (turns, clock.ns())
            })
            .collect()
    });
    let wall_ns = crate::stats::elapsed_ns(start);
    let (turns, cpu_ns) = per_game.iter().fold((0, 0), |(t, c), &(a, b)| (t + a, c + b));
    Ok(PoolRun { turns, wall_ns, cpu_ns })
}
