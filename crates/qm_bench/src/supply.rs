//! `qm bench supply`: initial supply for both sides on a generated map,
//! against the [`baseline`](crate::baseline)s run in the same process on
//! the same data.
//!
//! Above [`SAMPLE_ABOVE`] hexes only every k-th unit is searched by the
//! per-unit search (about [`SAMPLED_UNITS`] of them) and the time is
//! extrapolated to all units (the report says so). There `bfs_reach`, the
//! breakdown and the post-combat determination run once, not a median of
//! several rounds.
//!
//! Besides, the post-combat determination of the side to move after a
//! generated set of moves ([`crate::moves`]), and a breakdown of one
//! initial determination of each side by stage.

use crate::baseline::{PlainBfs, baseline, bfs_reach_once, per_unit_once, plain_bfs_once, unit_targets};
use crate::moves::post_combat;
use crate::stats::{elapsed_ns, median};
use crate::{BenchError, MAX_HEXES};
use bevy_ecs::system::RunSystemOnce;
use qm_core::ids::{DeterminationKind, Side};
use qm_core::phase::Determining;
use qm_game::Game;
use qm_scenario::generate::{GenParams, generate};
use serde::Serialize;
use std::time::Instant;

/// Above this many hexes the per-unit search is sampled and extrapolated.
pub const SAMPLE_ABOVE: u32 = 100_000;
/// About how many units the sampled per-unit search times: on a map of a
/// million hexes a unit cut off from full supply searches half the map.
pub const SAMPLED_UNITS: usize = 100;

/// Time per stage of one initial determination of each side (both sides
/// summed; medians over the rounds), in nanoseconds. The stages are run one
/// by one, as the phase schedule runs them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Breakdown {
    /// `build_context`: dense control, ZOC, sources, classes.
    pub context: u64,
    /// `trace_land`: the land floods.
    pub flood: u64,
    /// `label_zones`: supply zones.
    pub zones: u64,
    /// `resolve_sea`: sea lines.
    pub sea: u64,
    /// `assign_statuses`: units and hexes, with their lines.
    pub statuses: u64,
    /// `explain_cutoffs`: why units are not fully supplied.
    pub explain: u64,
    /// `record_zones`: the zones written to state.
    pub record: u64,
}

/// The figures `qm bench supply --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SupplyBench {
    /// Hexes on the map.
    pub hexes: u32,
    /// Units on the map.
    pub units: u32,
    /// Median time of initial supply for both sides, in the engine's phase
    /// schedule (context, flood, statuses, lines, explanations).
    pub supply_ns: u64,
    /// `supply_ns / hexes`.
    pub ns_per_hex: f64,
    /// Median time of one plain dense breadth-first search per side over
    /// that side's passable hexes, from the same sources: the floor.
    pub plain_bfs_ns: u64,
    /// `supply_ns / plain_bfs_ns`.
    pub ratio_vs_plain_bfs: f64,
    /// Median time of one `pathfinding::directed::bfs::bfs_reach` over the
    /// same passable hexes from the same sources.
    pub bfs_reach_ns: u64,
    /// `supply_ns / bfs_reach_ns`.
    pub ratio_vs_bfs_reach: f64,
    /// Time of a per-unit search from every ground unit (extrapolated from
    /// a sample when `per_unit_extrapolated`).
    pub per_unit_search_ns: u64,
    /// `supply_ns / per_unit_search_ns`.
    pub ratio_vs_per_unit: f64,
    /// Ground units the per-unit search was timed on.
    pub per_unit_sampled: u32,
    /// Ground units in all.
    pub per_unit_units: u32,
    /// Whether `per_unit_search_ns` is extrapolated from the sample.
    pub per_unit_extrapolated: bool,
    /// Median time of the post-combat determination of the side to move,
    /// after `post_combat_moves` generated moves into enemy hexes.
    pub post_combat_ns: u64,
    /// Units moved (each capturing the enemy hex it moved into).
    pub post_combat_moves: u32,
    /// Median time of the initial determination of the same side, timed
    /// in the same rounds just before the moves: what the post-combat
    /// determination's target ratio compares with.
    pub post_combat_initial_ns: u64,
    /// `post_combat_ns / post_combat_initial_ns`.
    pub post_combat_ratio: f64,
    /// Initial supply of both sides by stage.
    pub breakdown: Breakdown,
}

/// Runs each stage of an initial determination of both sides by itself and
/// returns the time of each, both sides summed.
fn breakdown_once(g: &mut Game) -> [u64; 7] {
    let w = g.world_mut();
    let mut t = [0u64; 7];
    for side in Side::BOTH {
        w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
        let mut time = |i: usize, f: &mut dyn FnMut()| {
            let s = Instant::now();
            f();
            t[i] += elapsed_ns(s);
        };
        time(0, &mut || drop(w.run_system_once(qm_supply::context::build_context)));
        time(1, &mut || drop(w.run_system_once(qm_supply::land::trace_land)));
        time(2, &mut || drop(w.run_system_once(qm_supply::zones::label_zones)));
        time(3, &mut || qm_supply::sea::resolve_sea(w));
        time(4, &mut || drop(w.run_system_once(qm_supply::statuses::assign_statuses)));
        time(5, &mut || drop(w.run_system_once(qm_supply::explain::explain_cutoffs)));
        time(6, &mut || drop(w.run_system_once(qm_supply::statuses::record_zones)));
    }
    t
}

/// Each stage's median time over `rounds` rounds of [`breakdown_once`].
fn breakdown(g: &mut Game, rounds: u32) -> Breakdown {
    let mut per: [Vec<u64>; 7] = Default::default();
    for _ in 0..rounds {
        for (v, t) in per.iter_mut().zip(breakdown_once(g)) {
            v.push(t);
        }
    }
    let [context, flood, zones, sea, statuses, explain, record] = per.map(median);
    Breakdown { context, flood, zones, sea, statuses, explain, record }
}

/// Runs the benchmark on a generated map of about `hexes` hexes.
///
/// # Errors
/// [`BenchError::TooLarge`] above [`MAX_HEXES`]; [`BenchError::Generate`] if
/// the generated scenario does not compile (a bug in the generator).
pub fn bench_supply(hexes: u32, seed: u64, iters: u32) -> Result<SupplyBench, BenchError> {
    if hexes > MAX_HEXES {
        return Err(BenchError::TooLarge(hexes));
    }
    let compiled = generate(GenParams::new(hexes, seed)).map_err(|e| BenchError::Generate(e.to_string()))?;
    let hex_count = compiled.spec.map.board_count;
    let unit_count = compiled.state.units.len() as u32;
    let mut g = Game::from_compiled(compiled, seed).map_err(|e| BenchError::Generate(e.to_string()))?;
    let b = baseline(&mut g);
    let mut plain = PlainBfs::new(&b);
    let units = unit_targets(&g, &b);
    // Above SAMPLE_ABOVE hexes (asked for), the per-unit search times about
    // SAMPLED_UNITS units spread evenly over all; it and `bfs_reach` run in
    // the first round only, the breakdown and post-combat once, so that a
    // million hexes take seconds.
    let big = hexes > SAMPLE_ABOVE;
    let step = if big { units.len().div_ceil(SAMPLED_UNITS).max(1) } else { 1 };
    let sampled = units.len().div_ceil(step);
    let iters = iters.max(1);

    // Interleaved so that the machine's drift affects them alike; the
    // per-unit search is slow, so it runs every third round.
    let (mut supply, mut floor, mut reach, mut per_unit) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..iters {
        let t = Instant::now();
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        supply.push(elapsed_ns(t));
        floor.push(plain_bfs_once(&g, &b, &mut plain).0);
        if !big || i == 0 {
            reach.push(bfs_reach_once(&g, &b).0);
        }
        if i % 3 == 0 && (!big || i == 0) {
            let ns = per_unit_once(&g, &b, &units, step).0;
            // Extrapolated to every unit when sampled.
            per_unit.push(ns.saturating_mul(units.len() as u64) / sampled.max(1) as u64);
        }
    }
    let slow_rounds = if big { 1 } else { iters.min(3) };
    let breakdown = breakdown(&mut g, slow_rounds);
    let post = post_combat(&mut g, if big { 1 } else { iters });
    let supply_ns = median(supply).max(1);
    let plain_bfs_ns = median(floor).max(1);
    let bfs_reach_ns = median(reach).max(1);
    let per_unit_search_ns = median(per_unit).max(1);
    Ok(SupplyBench {
        hexes: hex_count,
        units: unit_count,
        supply_ns,
        ns_per_hex: supply_ns as f64 / f64::from(hex_count.max(1)),
        plain_bfs_ns,
        ratio_vs_plain_bfs: supply_ns as f64 / plain_bfs_ns as f64,
        bfs_reach_ns,
        ratio_vs_bfs_reach: supply_ns as f64 / bfs_reach_ns as f64,
        per_unit_search_ns,
        ratio_vs_per_unit: supply_ns as f64 / per_unit_search_ns as f64,
        per_unit_sampled: sampled as u32,
        per_unit_units: units.len() as u32,
        per_unit_extrapolated: step > 1,
        post_combat_ns: post.post_combat_ns,
        post_combat_moves: post.moves,
        post_combat_initial_ns: post.initial_ns,
        post_combat_ratio: post.post_combat_ns as f64 / post.initial_ns as f64,
        breakdown,
    })
}
