//! Seeded self-play batches: game `i` of a batch gets seed `S + i`, the two
//! policies alternate sides from game to game, and games run over a rayon
//! pool of `T` threads, one `Game` (single-threaded executor) per game.
//! Records come back in game order whatever `T`: the JSON lines are
//! byte-identical for any thread count. Timing figures are the
//! [`Summary`]'s only.

use crate::play::{GameRecord, Limits, play_game};
use crate::policy::PolicyKind;
use qm_game::{Game, Side};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

/// What a batch plays.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// Games to play.
    pub games: u64,
    /// Worker threads.
    pub threads: usize,
    /// Seed of game 0.
    pub seed: u64,
    /// The two policies: the first plays the Axis in even games, the
    /// Allies in odd ones.
    pub policies: [PolicyKind; 2],
    /// When a game stops.
    pub limits: Limits,
}

/// Win rate of one policy over a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyRow {
    /// The policy.
    pub policy: String,
    /// Games it played (a policy playing itself counts each game once).
    pub games: u64,
    /// Wins, with draws as half a win.
    pub wins: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: (f64, f64),
}

/// The summary of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Win rate per policy, sorted by name.
    pub rows: Vec<PolicyRow>,
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
        let mut s = format!("{:<10} {:>6} {:>7} {:>9}  {}\n", "policy", "games", "wins", "win rate", "95% CI (Wilson)");
        for r in &self.rows {
            let rate = if r.games == 0 { 0.0 } else { r.wins / r.games as f64 };
            s += &format!(
                "{:<10} {:>6} {:>7.1} {:>8.1}%  [{:.1}%, {:.1}%]\n",
                r.policy,
                r.games,
                r.wins,
                100.0 * rate,
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

/// The policy playing `side` in game `i`: sides alternate between games.
#[must_use]
pub fn policy_for(cfg: &BatchConfig, i: u64, side: Side) -> PolicyKind {
    let first_is_axis = i.is_multiple_of(2);
    match (side, first_is_axis) {
        (Side::Axis, true) | (Side::Allies, false) => cfg.policies[0],
        _ => cfg.policies[1],
    }
}

/// Plays game `i` of a batch on a clone of `base`.
#[must_use]
pub fn play_one(base: &Game, cfg: &BatchConfig, i: u64) -> GameRecord {
    let mut game = base.clone();
    let mut axis = policy_for(cfg, i, Side::Axis).make();
    let mut allies = policy_for(cfg, i, Side::Allies).make();
    let mut r = play_game(&mut game, axis.as_mut(), allies.as_mut(), cfg.seed.wrapping_add(i), cfg.limits);
    r.game = i;
    r
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
) -> Result<(Vec<GameRecord>, Summary), rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(cfg.threads.max(1)).build()?;
    let start = Instant::now();
    let records: Vec<GameRecord> = pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let r = play_one(base, cfg, i);
                done();
                r
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let summary = summarize(&records, seconds);
    Ok((records, summary))
}

/// The summary of `records` played in `seconds`.
#[must_use]
pub fn summarize(records: &[GameRecord], seconds: f64) -> Summary {
    let mut rows: BTreeMap<&str, (u64, f64)> = BTreeMap::new();
    for r in records {
        let mut names: Vec<&str> = r.policies.values().map(String::as_str).collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let e = rows.entry(name).or_default();
            e.0 += 1;
            let sides: Vec<Side> = r.policies.iter().filter(|(_, p)| p.as_str() == name).map(|(s, _)| *s).collect();
            e.1 += match r.winner {
                None => 0.5,
                Some(w) if sides.contains(&w) => 1.0 / sides.len() as f64,
                Some(_) => 0.0,
            };
        }
    }
    let n = records.len() as u64;
    Summary {
        rows: rows
            .into_iter()
            .map(|(policy, (games, wins))| PolicyRow {
                policy: policy.to_string(),
                games,
                wins,
                ci95: crate::stats::wilson95(wins, games),
            })
            .collect(),
        games: n,
        mean_turns: if n == 0 { 0.0 } else { records.iter().map(|r| f64::from(r.turns)).sum::<f64>() / n as f64 },
        player_turns: records.iter().map(|r| u64::from(r.player_turns)).sum(),
        refused: records.iter().map(|r| u64::from(r.refused)).sum(),
        seconds,
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
