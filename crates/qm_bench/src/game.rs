//! `qm bench game`: the self-play path on a generated map (a player turn,
//! `Game::clone`, snapshot, restore, checksum), each against one player
//! turn.

use crate::stats::{elapsed_ns, median};
use crate::{BenchError, MAX_HEXES};
use qm_game::Game;
use qm_scenario::generate::{GenParams, generate};
use serde::Serialize;
use std::time::Instant;

/// The figures `qm bench game --json` prints: the self-play path on a
/// generated map, in nanoseconds (medians), and each against one player
/// turn.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct GameBench {
    /// Hexes on the map.
    pub hexes: u32,
    /// One player turn from the start of the scenario: every phase until
    /// the side to move changes, on a clone each round.
    pub player_turn_ns: u64,
    /// `Game::clone()` in a self-play loop (clone, play a turn, drop): the
    /// state is written into the world of the game dropped the round
    /// before.
    pub clone_ns: u64,
    /// `Game::clone()` with no dropped world to reuse: a new world and its
    /// schedules.
    pub clone_new_world_ns: u64,
    /// `Game::snapshot()`.
    pub snapshot_ns: u64,
    /// `Game::restore_from(&snapshot)`: the snapshot written into a played
    /// game's own world.
    pub restore_ns: u64,
    /// `Game::restore(&snapshot)`: a new game, a new world.
    pub restore_new_world_ns: u64,
    /// `Game::checksum()`.
    pub checksum_ns: u64,
    /// `clone_ns / player_turn_ns` (target: at most 0.2).
    pub clone_turns: f64,
    /// `checksum_ns / player_turn_ns` (target: at most 0.1).
    pub checksum_turns: f64,
    /// `player_turn_ns / (restore_ns + player_turn_ns)`: the throughput of
    /// restoring then playing a turn, against continuing (target: at least
    /// 0.8).
    pub restore_throughput: f64,
}

/// Runs the self-play bench on a generated map of about `hexes` hexes.
///
/// # Errors
/// As [`bench_supply`](crate::bench_supply).
pub fn bench_game(hexes: u32, seed: u64, iters: u32) -> Result<GameBench, BenchError> {
    if hexes > MAX_HEXES {
        return Err(BenchError::TooLarge(hexes));
    }
    let compiled = generate(GenParams::new(hexes, seed)).map_err(|e| BenchError::Generate(e.to_string()))?;
    let hex_count = compiled.spec.map.board_count;
    let g = Game::from_compiled(compiled, seed).map_err(|e| BenchError::Generate(e.to_string()))?;
    let snap = g.snapshot();
    let mut t = Times::default();
    // A game played elsewhere, restored into each round.
    let mut other = g.clone();
    for _ in 0..iters.max(1) {
        let mut c = t.time(|t| &mut t.clone, || g.clone());
        t.time(|t| &mut t.turn, || c.run_player_turn());
        std::hint::black_box(t.time(|t| &mut t.snapshot, || c.snapshot()));
        std::hint::black_box(t.time(|t| &mut t.sum, || c.checksum()));
        drop(c);
        other.run_player_turn();
        let r = t.time(|t| &mut t.restore, || other.restore_from(&snap));
        r.map_err(|e| BenchError::Generate(e.to_string()))?;
        std::hint::black_box(t.time(|t| &mut t.restore_new, || Game::restore(&snap)));
        // A clone that finds no dropped world: the original's own is in use,
        // and the new one is kept.
        let fresh = Game::restore(&snap);
        let keep = t.time(|t| &mut t.clone_new, || fresh.clone());
        std::hint::black_box((keep, fresh));
    }
    let player_turn_ns = median(t.turn).max(1);
    let (clone_ns, restore_ns, checksum_ns) = (median(t.clone), median(t.restore), median(t.sum));
    Ok(GameBench {
        hexes: hex_count,
        player_turn_ns,
        clone_ns,
        clone_new_world_ns: median(t.clone_new),
        snapshot_ns: median(t.snapshot),
        restore_ns,
        restore_new_world_ns: median(t.restore_new),
        checksum_ns,
        clone_turns: clone_ns as f64 / player_turn_ns as f64,
        checksum_turns: checksum_ns as f64 / player_turn_ns as f64,
        restore_throughput: player_turn_ns as f64 / (restore_ns + player_turn_ns) as f64,
    })
}

/// The times of the game bench's rounds, in nanoseconds.
#[derive(Default)]
struct Times {
    turn: Vec<u64>,
    clone: Vec<u64>,
    clone_new: Vec<u64>,
    snapshot: Vec<u64>,
    restore: Vec<u64>,
    restore_new: Vec<u64>,
    sum: Vec<u64>,
}

impl Times {
    /// Runs `f`, recording its time in the list `which` picks.
    fn time<R>(&mut self, which: impl Fn(&mut Self) -> &mut Vec<u64>, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        which(self).push(elapsed_ns(start));
        r
    }
}
