//! Criterion benches of supply on generated maps of several sizes.
//!
//! - `supply/initial_both_sides`: the engine's initial supply determination
//!   for both sides, through the phase schedule (what `qm bench supply`
//!   reports as `supply_ns`).
//! - `supply/post_combat`: the post-combat determination of the side to
//!   move after `qm bench supply`'s generated moves.
//! - `kernel/flood`: the trace kernel's bit-parallel flood alone, on the
//!   same passability.
//! - `baseline/bfs_reach`: `pathfinding::bfs_reach` over the same passable
//!   hexes from the same sources.

#![allow(clippy::expect_used, reason = "a bench on generated data; a failure is a bug to see at once")]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use quartermaster::supply::SupplyContext;
use quartermaster::supply::land::LAND_KINDS;
use quartermaster::trace::{Flood, FloodSpec, NO_NODE, Seed, flood};
use std::hint::black_box;

const SIZES: [u32; 2] = [10_000, 100_000];

fn game(hexes: u32) -> Game {
    let c = generate(GenParams::new(hexes, 1)).expect("generated map compiles");
    Game::from_compiled(c, 1).expect("game")
}

fn supply(c: &mut Criterion) {
    let mut group = c.benchmark_group("supply");
    group.sample_size(10);
    for hexes in SIZES {
        let mut g = game(hexes);
        group.bench_with_input(BenchmarkId::new("initial_both_sides", hexes), &hexes, |b, _| {
            b.iter(|| {
                g.determine_supply(Side::Axis, DeterminationKind::Initial);
                g.determine_supply(Side::Allies, DeterminationKind::Initial);
            });
        });
    }
    group.finish();
}

/// The post-combat determination of the side to move after the generated
/// moves of `qm bench supply` (every second ground unit next to an enemy
/// hex captures it), each round from its initial determination's zones and
/// sea lines.
fn post_combat(c: &mut Criterion) {
    let mut group = c.benchmark_group("supply");
    group.sample_size(10);
    for hexes in SIZES {
        let mut g = game(hexes);
        let side = g.clock().side;
        g.determine_supply(side, DeterminationKind::Initial);
        let moves = qm_bench::moves::generated_moves(&g);
        qm_bench::moves::apply_moves(&mut g, &moves);
        let zones = g.world().resource::<Zones>().clone();
        let sea = g.world().resource::<SeaLog>().clone();
        group.bench_with_input(BenchmarkId::new("post_combat", hexes), &hexes, |b, _| {
            b.iter(|| {
                g.world_mut().insert_resource(zones.clone());
                g.world_mut().insert_resource(sea.clone());
                g.determine_supply(side, DeterminationKind::PostCombat);
            });
        });
    }
    group.finish();
}

fn kernel(c: &mut Criterion) {
    let mut group = c.benchmark_group("kernel");
    group.sample_size(20);
    for hexes in SIZES {
        let mut g = game(hexes);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        let ctx = g.world().resource::<SupplyContext>().clone();
        let spec = g.spec_arc();
        let seeds: Vec<Seed> = ctx
            .sources
            .iter()
            .filter(|s| s.inactive.is_none() && !s.own_hex_only)
            .filter_map(|s| {
                let bits = ctx.classes.seed_bits(&s.tiers, s.group).first().copied().unwrap_or(0);
                (bits != 0).then_some(Seed::new(s.node, bits))
            })
            .collect();
        let fs = FloodSpec {
            graph: &spec.map.land,
            kinds: LAND_KINDS,
            accept: &ctx.accept,
            emit: &ctx.emit,
            gates: &ctx.gates,
        };
        let mut out = Flood::new(true);
        group.bench_with_input(BenchmarkId::new("flood", hexes), &hexes, |b, _| {
            b.iter(|| {
                flood(&fs, black_box(&seeds), |_, _| true, &mut out);
                black_box(out.node_count())
            });
        });
        let passable: NodeVec<bool> = ctx.emit.iter().map(|&e| e != 0).collect();
        let accept: NodeVec<bool> = ctx.accept.iter().map(|&a| a != 0).collect();
        let roots: Vec<NodeId> = seeds.iter().map(|s| s.node).collect();
        group.bench_with_input(BenchmarkId::new("bfs_reach_one_side", hexes), &hexes, |b, _| {
            b.iter(|| {
                pathfinding::directed::bfs::bfs_reach(NO_NODE, |&h: &NodeId| -> Vec<NodeId> {
                    if h == NO_NODE {
                        return roots.clone();
                    }
                    if !passable[h] && !roots.contains(&h) {
                        return Vec::new();
                    }
                    spec.map.land.neighbors(h, LAND_KINDS).filter(|&t| accept[t]).collect()
                })
                .count()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, supply, post_combat, kernel);
criterion_main!(benches);
