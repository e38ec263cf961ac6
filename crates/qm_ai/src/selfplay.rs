//! Seeded self-play batches: game `i` of a batch seeded `S` gets seed
//! [`game_seed`]`(S, i)` (a hash, so batches with nearby seeds share no
//! game), the two policies alternate sides from game to game, and games
//! run over a rayon pool of `T` threads, one `Game` (single-threaded
//! executor) per game. Records come back in game order whatever `T`, in
//! rounds of a few games each, so that a batch is written as it plays and
//! its memory does not grow with its size: the JSON lines are
//! byte-identical for any thread count. Timing figures are the
//! [`Summary`]'s only.

use crate::play::{GameRecord, Limits, Play, play_game, side_index};
use crate::policy::{Logistics, PolicyKind};
use crate::stages::StageTimes;
use qm_game::{Game, Side};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

/// Games a batch may ask for at most: a bound on what a number read from
/// a command line can make a process do.
pub const MAX_GAMES: u64 = 10_000_000;

/// What a batch plays.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// The index of the batch's first game (a chunk of a larger batch
    /// starts past 0; its games are those games of the larger batch).
    pub first: u64,
    /// Games to play.
    pub games: u64,
    /// Worker threads.
    pub threads: usize,
    /// The batch's seed; game `i` is seeded [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// The two policies: the first plays the Axis in even games, the
    /// Allies in odd ones.
    pub policies: [PolicyKind; 2],
    /// Who takes each policy's logistics decisions (in the order of
    /// `policies`): the engine's defaults, or the policy.
    pub logistics: [Logistics; 2],
    /// Whether the games are played under the scenario's fog of war.
    pub fog: bool,
    /// When a game stops.
    pub limits: Limits,
}

impl Default for BatchConfig {
    fn default() -> Self {
        Self {
            first: 0,
            games: 10,
            threads: 1,
            seed: 1,
            policies: [PolicyKind::Greedy, PolicyKind::Random],
            logistics: [Logistics::Engine; 2],
            fog: false,
            limits: Limits::default(),
        }
    }
}

/// The seed of game `i` of a batch seeded `batch_seed`.
#[must_use]
pub fn game_seed(batch_seed: u64, i: u64) -> u64 {
    qm_core::rng::derive_seed("qm-selfplay-game", &[batch_seed, i])
}

/// Win rate of one policy (or side) over a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyRow {
    /// The policy (or the side).
    pub policy: String,
    /// Games it played (a policy playing itself counts each game once).
    pub games: u64,
    /// Wins, with draws as half a win.
    pub wins: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: (f64, f64),
}

impl PolicyRow {
    fn new(policy: &str, games: u64, wins: f64) -> Self {
        Self { policy: policy.to_string(), games, wins, ci95: crate::stats::wilson95(wins, games) }
    }

    /// The win rate, 0 without games.
    #[must_use]
    pub fn rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.wins / self.games as f64 }
    }
}

/// The summary of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Win rate per policy (with its logistics mode when the two differ),
    /// sorted by name.
    pub rows: Vec<PolicyRow>,
    /// Win share per side: Axis, then Allies.
    pub sides: Vec<PolicyRow>,
    /// Games played.
    pub games: u64,
    /// Mean game turns per game.
    pub mean_turns: f64,
    /// Player turns played in all.
    pub player_turns: u64,
    /// Orders the policies gave that `submit` refused.
    pub refused: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Summary {
    /// Games per second.
    #[must_use]
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.seconds.max(1e-9)
    }

    /// Player turns per second.
    #[must_use]
    pub fn player_turns_per_second(&self) -> f64 {
        self.player_turns as f64 / self.seconds.max(1e-9)
    }

    /// The summary as a table.
    #[must_use]
    pub fn table(&self) -> String {
        let mut s = format!("{:<17} {:>6} {:>7} {:>9}  {}\n", "policy", "games", "wins", "win rate", "95% CI (Wilson)");
        for r in self.rows.iter().chain(&self.sides) {
            s += &format!(
                "{:<17} {:>6} {:>7.1} {:>8.1}%  [{:.1}%, {:.1}%]\n",
                r.policy,
                r.games,
                r.wins,
                100.0 * r.rate(),
                100.0 * r.ci95.0,
                100.0 * r.ci95.1
            );
        }
        s += &format!(
            "{} games, mean {:.1} turns, {} player turns, {} refused orders; {:.2} s: {:.2} games/s, {:.1} player turns/s\n",
            self.games,
            self.mean_turns,
            self.player_turns,
            self.refused,
            self.seconds,
            self.games_per_second(),
            self.player_turns_per_second()
        );
        s
    }
}

/// Which of the batch's two policies (0 or 1) plays `side` in game `i`:
/// sides alternate between games.
#[must_use]
pub fn seat_of(i: u64, side: Side) -> usize {
    let first_is_axis = i.is_multiple_of(2);
    match (side, first_is_axis) {
        (Side::Axis, true) | (Side::Allies, false) => 0,
        _ => 1,
    }
}

/// The policy playing `side` in game `i`.
#[must_use]
pub fn policy_for(cfg: &BatchConfig, i: u64, side: Side) -> PolicyKind {
    cfg.policies[seat_of(i, side)]
}

/// How game `i` is played: the fog, and each side's logistics.
#[must_use]
pub fn play_for(cfg: &BatchConfig, i: u64) -> Play {
    Play { fog: cfg.fog, logistics: [Side::Axis, Side::Allies].map(|s| cfg.logistics[seat_of(i, s)]) }
}

/// Plays game `i` of a batch on a clone of `base`.
#[must_use]
pub fn play_one(base: &Game, cfg: &BatchConfig, i: u64) -> GameRecord {
    let mut game = base.clone();
    let mut axis = policy_for(cfg, i, Side::Axis).make();
    let mut allies = policy_for(cfg, i, Side::Allies).make();
    let seed = game_seed(cfg.seed, i);
    let mut r = play_game(&mut game, axis.as_mut(), allies.as_mut(), seed, cfg.limits, play_for(cfg, i));
    r.game = i;
    r
}

/// [`play_one`], recording where the time went: the same record, and the
/// time of each stage (`qm bench selfplay`).
#[must_use]
pub fn play_one_timed(base: &Game, cfg: &BatchConfig, i: u64) -> (GameRecord, StageTimes) {
    let mut game = base.clone();
    let mut axis = policy_for(cfg, i, Side::Axis).make();
    let mut allies = policy_for(cfg, i, Side::Allies).make();
    let params = (game_seed(cfg.seed, i), cfg.limits, play_for(cfg, i));
    let (mut r, times) = crate::play::play_game_timed(&mut game, [axis.as_mut(), allies.as_mut()], params);
    r.game = i;
    (r, times)
}

/// Plays the game a record describes again, from `base` (the scenario as
/// loaded), and returns its record: the same line, byte for byte, when the
/// record came from a batch on the same scenario. `None` for a record that
/// names an unknown policy.
#[must_use]
pub fn replay(base: &Game, record: &GameRecord) -> Option<GameRecord> {
    replay_observed(base, record, &mut |_, _| {})
}

/// [`replay`], handing `observe` the game after each phase with the
/// phase's report.
pub fn replay_observed(
    base: &Game,
    record: &GameRecord,
    observe: &mut dyn FnMut(&mut Game, &qm_game::PhaseReport),
) -> Option<GameRecord> {
    let mut game = base.clone();
    let (mut axis, mut allies) = replay_policies(record)?;
    let how = (record.seed, Limits { max_turns: record.max_turns }, replay_play(record));
    let mut r = crate::play::play_game_observed(&mut game, [axis.as_mut(), allies.as_mut()], how, observe);
    r.game = record.game;
    Some(r)
}

/// The policies a record names, Axis then Allies.
#[must_use]
pub fn replay_policies(record: &GameRecord) -> Option<(Box<dyn crate::Policy>, Box<dyn crate::Policy>)> {
    let make = |s: Side| record.policies.get(&s)?.parse::<PolicyKind>().ok().map(PolicyKind::make);
    Some((make(Side::Axis)?, make(Side::Allies)?))
}

/// How a record's game was played.
#[must_use]
pub fn replay_play(record: &GameRecord) -> Play {
    let mode = |s: Side| record.logistics.get(&s).copied().unwrap_or_default();
    Play { fog: record.fog, logistics: [mode(Side::Axis), mode(Side::Allies)] }
}

/// Plays a batch, calling `done` after each game (for a progress bar), and
/// returns the records in game order with the summary.
///
/// # Errors
/// The thread pool cannot be built.
pub fn run_batch(
    base: &Game,
    cfg: &BatchConfig,
    done: &(dyn Fn() + Sync),
) -> Result<(Vec<GameRecord>, Summary), BatchError> {
    let mut records = Vec::new();
    let summary = run_batch_with(base, cfg, done, &mut |r| {
        records.push(r.clone());
        Ok(())
    })?;
    Ok((records, summary))
}

/// Why a batch stopped.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The thread pool cannot be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// The sink refused a record (a write failed).
    #[error("{0}")]
    Sink(#[from] std::io::Error),
}

/// Plays a batch and hands each record to `sink` in game order as soon as
/// every game before it is done (rounds of four games a thread), calling
/// `done` after each game; returns the summary. Memory does not grow with
/// the number of games.
///
/// # Errors
/// The thread pool cannot be built, or the sink fails (the batch stops).
pub fn run_batch_with(
    base: &Game,
    cfg: &BatchConfig,
    done: &(dyn Fn() + Sync),
    sink: &mut dyn FnMut(&GameRecord) -> std::io::Result<()>,
) -> Result<Summary, BatchError> {
    let threads = cfg.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let start = Instant::now();
    let round = 4 * threads as u64;
    let mut tally = SummaryTally::default();
    let end = cfg.first.saturating_add(cfg.games);
    let mut first = cfg.first;
    while first < end {
        let last = first.saturating_add(round).min(end);
        let records: Vec<GameRecord> = pool.install(|| {
            (first..last)
                .into_par_iter()
                .map(|i| {
                    let r = play_one(base, cfg, i);
                    done();
                    r
                })
                .collect()
        });
        for r in &records {
            tally.add(r);
            sink(r)?;
        }
        first = last;
    }
    Ok(tally.summary(start.elapsed().as_secs_f64()))
}

/// The summary of `records` played in `seconds`.
#[must_use]
pub fn summarize(records: &[GameRecord], seconds: f64) -> Summary {
    let mut t = SummaryTally::default();
    for r in records {
        t.add(r);
    }
    t.summary(seconds)
}

/// A summary built one record at a time.
#[derive(Default)]
struct SummaryTally {
    policies: BTreeMap<String, (u64, f64)>,
    sides: [f64; 2],
    games: u64,
    turns: u64,
    player_turns: u64,
    refused: u64,
}

impl SummaryTally {
    fn add(&mut self, r: &GameRecord) {
        let label = |s: Side| {
            let p = r.policies.get(&s).cloned().unwrap_or_default();
            let modes: Vec<_> = r.logistics.values().collect();
            if modes.windows(2).any(|w| w[0] != w[1]) {
                format!("{p}/{}", r.logistics.get(&s).copied().unwrap_or_default().as_str())
            } else {
                p
            }
        };
        let mut names: Vec<String> = [Side::Axis, Side::Allies].map(label).into();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let sides: Vec<Side> = [Side::Axis, Side::Allies].into_iter().filter(|&s| label(s) == name).collect();
            let e = self.policies.entry(name).or_default();
            e.0 += 1;
            e.1 += share(r.winner, &sides);
        }
        for s in [Side::Axis, Side::Allies] {
            self.sides[side_index(s)] += share(r.winner, &[s]);
        }
        self.games += 1;
        self.turns += u64::from(r.turns);
        self.player_turns += u64::from(r.player_turns);
        self.refused += u64::from(r.refused);
    }

    fn summary(&self, seconds: f64) -> Summary {
        let n = self.games;
        Summary {
            rows: self.policies.iter().map(|(p, &(games, wins))| PolicyRow::new(p, games, wins)).collect(),
            sides: [Side::Axis, Side::Allies]
                .map(|s| PolicyRow::new(&format!("side {}", side_name(s)), n, self.sides[side_index(s)]))
                .into(),
            games: n,
            mean_turns: if n == 0 { 0.0 } else { self.turns as f64 / n as f64 },
            player_turns: self.player_turns,
            refused: self.refused,
            seconds,
        }
    }
}

/// The win share of a game for a player holding `sides`: 1 for a win
/// (split between the sides it played), ½ for a draw, 0 for a loss.
fn share(winner: Option<Side>, sides: &[Side]) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if sides.contains(&w) => 1.0 / sides.len() as f64,
        Some(_) => 0.0,
    }
}

/// A side's name in lower case, as the results write it.
fn side_name(s: Side) -> &'static str {
    match s {
        Side::Axis => "axis",
        Side::Allies => "allies",
    }
}

/// One JSON line per record, in order.
///
/// # Errors
/// A record that does not serialize (none do).
pub fn json_lines(records: &[GameRecord]) -> Result<String, serde_json::Error> {
    let mut s = String::new();
    for r in records {
        s += &serde_json::to_string(r)?;
        s.push('\n');
    }
    Ok(s)
}
