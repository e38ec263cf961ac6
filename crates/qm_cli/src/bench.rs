//! `qm bench supply`: initial supply for both sides on a generated map,
//! against two baselines run in the same process on the same data.
//!
//! - `bfs_reach`: `pathfinding`'s generic breadth-first reach, flooding the
//!   hexes that are passable for the side that holds them, from every source
//!   of both sides at once (through a virtual root), once.
//! - per-unit search: for each ground unit, a plain breadth-first search
//!   backwards from the unit to the nearest source that may supply it, the
//!   way an engine without a shared flood would do it.
//!
//! Absolute times on a shared 2-core machine are noise; the ratios are the
//! figures to compare.

use qm_core::ids::{DeterminationKind, NodeId, Side};
use qm_core::ruleset::Domain;
use qm_game::Game;
use qm_scenario::generate::{GenParams, generate};
use qm_supply::SupplyContext;
use qm_supply::land::LAND_KINDS;
use qm_supply::sources::Classes;
use serde::Serialize;
use std::collections::VecDeque;
use std::time::Instant;

/// The figures `qm bench supply --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// Median time of one `pathfinding::directed::bfs::bfs_reach` over the
    /// same passable hexes from the same sources.
    pub bfs_reach_ns: u64,
    /// `supply_ns / bfs_reach_ns`.
    pub ratio_vs_bfs_reach: f64,
    /// Time of a per-unit search from every ground unit.
    pub per_unit_search_ns: u64,
    /// `supply_ns / per_unit_search_ns`.
    pub ratio_vs_per_unit: f64,
}

impl SupplyBench {
    /// A human-readable table.
    #[must_use]
    pub fn table(&self) -> String {
        format!(
            "hexes {}  units {}\nsupply (both sides)   {:>12} ns  ({:.1} ns/hex)\nbfs_reach baseline    {:>12} ns  ratio {:.3}\nper-unit search       {:>12} ns  ratio {:.4}",
            self.hexes,
            self.units,
            self.supply_ns,
            self.ns_per_hex,
            self.bfs_reach_ns,
            self.ratio_vs_bfs_reach,
            self.per_unit_search_ns,
            self.ratio_vs_per_unit
        )
    }
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// The passability both baselines use, taken from the engine's own
/// determination of each side.
struct Baseline {
    /// Per node: 0 none, 1 Axis, 2 Allies: the side whose hex it is.
    owner: Vec<u8>,
    /// Per node and side: may receive / may pass on.
    accept: [Vec<bool>; 2],
    emit: [Vec<bool>; 2],
    /// Per side: source nodes, with the classes they supply (bits).
    seeds: [Vec<(NodeId, u64)>; 2],
    /// Per side: classes of each nation.
    classes: [Classes; 2],
    /// Box entries closed by a condition, per side: `(from, to)`.
    closed: [Vec<(NodeId, NodeId)>; 2],
    /// Per side: own-hex sources as sorted `(node, partial bit of a class
    /// they supply)`.
    own_hex: [Vec<(NodeId, u64)>; 2],
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Axis => 0,
        Side::Allies => 1,
    }
}

fn baseline(g: &mut Game) -> Baseline {
    let n = g.spec().map.node_count();
    let mut b = Baseline {
        owner: vec![0; n],
        accept: [vec![false; n], vec![false; n]],
        emit: [vec![false; n], vec![false; n]],
        seeds: [Vec::new(), Vec::new()],
        classes: [Classes::default(), Classes::default()],
        closed: [Vec::new(), Vec::new()],
        own_hex: [Vec::new(), Vec::new()],
    };
    for side in Side::BOTH {
        g.determine_supply(side, DeterminationKind::Initial);
        let si = side_index(side);
        let ctx = g.world().resource::<SupplyContext>().clone();
        let map = &g.spec().map;
        for i in 0..n {
            b.accept[si][i] = ctx.accept[i] != 0;
            b.emit[si][i] = ctx.emit[i] != 0;
            if ctx.friendly[i] {
                b.owner[i] = si as u8 + 1;
            }
        }
        for s in ctx.sources.iter().filter(|s| s.inactive.is_none() && !s.own_hex_only) {
            let bits = ctx.classes.seed_bits(&s.tiers, s.group).first().copied().unwrap_or(0);
            if bits != 0 {
                b.seeds[si].push((s.node, bits));
            }
        }
        for s in ctx.sources.iter().filter(|s| s.inactive.is_none() && s.own_hex_only) {
            let bits = ctx.classes.seed_bits(&s.tiers, s.group).first().copied().unwrap_or(0);
            for c in ctx.classes.of_nation.iter().flatten() {
                let partial = ctx.classes.slot(*c).partial;
                if bits & partial != 0 {
                    b.own_hex[si].push((s.node, partial));
                }
            }
        }
        b.own_hex[si].sort_unstable();
        for e in &map.box_entries {
            if !ctx.link_open(map, e.from, e.to) {
                b.closed[si].push((e.from, e.to));
            }
        }
        b.classes[si] = ctx.classes;
    }
    b
}

/// One generic flood with `pathfinding::bfs_reach` over the hexes passable
/// for their holder, from all sources of both sides. Returns the time and
/// the number of nodes reached.
fn bfs_reach_once(g: &Game, b: &Baseline) -> (u64, usize) {
    const ROOT: u32 = u32::MAX;
    let map = &g.spec().map;
    let roots: Vec<u32> = b.seeds.iter().flatten().map(|s| s.0).collect();
    let mut is_root = vec![false; map.node_count()];
    for &r in &roots {
        is_root[r as usize] = true;
    }
    let t = Instant::now();
    let reached = pathfinding::directed::bfs::bfs_reach(ROOT, |&h: &u32| -> Vec<u32> {
        if h == ROOT {
            return roots.clone();
        }
        let side = match b.owner.get(h as usize) {
            Some(1) => 0,
            Some(2) => 1,
            _ => return Vec::new(),
        };
        map.land
            .edges(h, LAND_KINDS)
            .map(|(_, t, _)| t)
            .filter(|&t| b.accept[side][t as usize] && (b.emit[side][h as usize] || is_root[h as usize]))
            .filter(|&t| b.closed[side].is_empty() || !b.closed[side].contains(&(h, t)))
            .collect()
    })
    .count();
    (t.elapsed().as_nanos() as u64, reached)
}

/// A plain breadth-first search from every ground unit back to the sources
/// that may supply it, as an engine without a shared flood would decide the
/// unit's status: it stops at the first source of full supply, and
/// otherwise searches the whole area it can draw from, noting partial
/// supply on the way. Returns the time and each unit's best tier (`2` full,
/// `1` partial, `0` none), in the order of `state.units`.
fn per_unit_once(g: &Game, b: &Baseline) -> (u64, Vec<(String, u8)>) {
    let spec = g.spec();
    let map = &spec.map;
    let state = g.state();
    let n = map.node_count();
    // Per side: classes' seed bits at each node.
    let mut seed_at = [vec![0u64; n], vec![0u64; n]];
    for (at, seeds) in seed_at.iter_mut().zip(&b.seeds) {
        for &(node, bits) in seeds {
            at[node as usize] |= bits;
        }
    }
    let units: Vec<(String, usize, NodeId, u64, u64)> = state
        .units
        .iter()
        .filter(|u| spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground && !t.partisan))
        .filter_map(|u| {
            let si = match state.nations.get(u.nation.index()).and_then(|s| s.side)? {
                Side::Axis => 0,
                Side::Allies => 1,
            };
            let c = b.classes[si].of_nation.get(u.nation.index()).copied().flatten()?;
            let slot = b.classes[si].slot(c);
            Some((u.id.0.clone(), si, u.location.node, slot.full, slot.partial))
        })
        .collect();
    let t = Instant::now();
    let mut out = Vec::with_capacity(units.len());
    let mut stamp = vec![0u32; n];
    let mut queue = VecDeque::new();
    for (k, (id, si, start, full, partial)) in units.iter().enumerate() {
        let (si, start) = (*si, *start);
        let mark = k as u32 + 1;
        let mut best = if b.own_hex[si].binary_search(&(start, *partial)).is_ok() { 1 } else { 0 };
        queue.clear();
        queue.push_back(start);
        stamp[start as usize] = mark;
        while let Some(h) = queue.pop_front() {
            let here = seed_at[si][h as usize];
            if here & full != 0 {
                best = 2;
                break;
            }
            if here & partial != 0 {
                best = 1;
            }
            // Backwards: a predecessor must pass supply on to `h`.
            for p in map.land_rev.neighbors(h, LAND_KINDS) {
                let pu = p as usize;
                if stamp[pu] != mark
                    && (b.emit[si][pu] || seed_at[si][pu] & (full | partial) != 0)
                    && b.accept[si][h as usize]
                    && !b.closed[si].contains(&(p, h))
                {
                    stamp[pu] = mark;
                    queue.push_back(p);
                }
            }
        }
        out.push((id.clone(), best));
    }
    (t.elapsed().as_nanos() as u64, out)
}

/// Runs the benchmark on a generated map of about `hexes` hexes.
///
/// # Panics
/// Never on input; the generator's own maps always compile (a failure there
/// is a bug and reported as zero figures).
#[must_use]
pub fn bench_supply(hexes: u32, seed: u64, iters: u32) -> SupplyBench {
    let Some((compiled, mut g)) = generate(GenParams::new(hexes, seed))
        .ok()
        .and_then(|c| Game::from_compiled(c.clone(), seed).ok().map(|g| (c, g)))
    else {
        return SupplyBench {
            hexes: 0,
            units: 0,
            supply_ns: 0,
            ns_per_hex: 0.0,
            bfs_reach_ns: 0,
            ratio_vs_bfs_reach: 0.0,
            per_unit_search_ns: 0,
            ratio_vs_per_unit: 0.0,
        };
    };
    let hex_count = compiled.spec.map.board_count;
    let unit_count = compiled.state.units.len() as u32;
    let b = baseline(&mut g);

    // The three are interleaved so that the machine's drift affects them
    // alike; the per-unit search is slow, so it runs every third round.
    let mut supply = Vec::new();
    let mut reach = Vec::new();
    let mut per_unit = Vec::new();
    for i in 0..iters {
        let t = Instant::now();
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
        supply.push(t.elapsed().as_nanos() as u64);
        reach.push(bfs_reach_once(&g, &b).0);
        if i % 3 == 0 {
            per_unit.push(per_unit_once(&g, &b).0);
        }
    }
    let supply_ns = median(supply).max(1);
    let bfs_reach_ns = median(reach).max(1);
    let per_unit_search_ns = median(per_unit).max(1);
    SupplyBench {
        hexes: hex_count,
        units: unit_count,
        supply_ns,
        ns_per_hex: supply_ns as f64 / f64::from(hex_count.max(1)),
        bfs_reach_ns,
        ratio_vs_bfs_reach: supply_ns as f64 / bfs_reach_ns as f64,
        per_unit_search_ns,
        ratio_vs_per_unit: supply_ns as f64 / per_unit_search_ns as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The baselines do the same work as the engine: the generic flood
    /// reaches every hex the engine supplies, and every unit the engine
    /// supplies is found by the per-unit search.
    #[test]
    fn baselines_agree_with_the_engine() {
        // The baselines flood by land: compare on a map without convoy boxes,
        // where the engine supplies nothing by sea either.
        let mut file = qm_scenario::generate::scenario_file(GenParams::new(3_000, 5));
        file.sources.retain(|s| s.at != "baltic" && s.at != "arctic");
        let compiled =
            qm_scenario::compile_file(&file, "generated.ron", qm_scenario::generate::AWAW_RULESET).expect("generated");
        let mut g = Game::from_compiled(compiled, 5).expect("game");
        let b = baseline(&mut g);
        let (_, reached) = bfs_reach_once(&g, &b);
        let supplied_hexes: usize = Side::BOTH
            .iter()
            .map(|&s| g.supply_report(s).hexes.iter().filter(|h| h.status != qm_game::HexStatus::Unsupplied).count())
            .sum();
        let mut boxes: Vec<NodeId> =
            b.seeds.iter().flatten().map(|s| s.0).filter(|&n| !g.spec().map.is_hex(n)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        let boxes = boxes.len();
        // Reached: the supplied hexes, the boxes, and the virtual root.
        assert_eq!(reached, supplied_hexes + boxes + 1);
        // The per-unit search decides every ground unit's status as the
        // engine does.
        let (_, tiers) = per_unit_once(&g, &b);
        assert_eq!(tiers.len(), 60);
        for (id, tier) in tiers {
            let status = g.unit(&id).expect("unit").2.status;
            let want = match status {
                qm_core::supply::UnitStatus::Full => 2,
                qm_core::supply::UnitStatus::Partial => 1,
                qm_core::supply::UnitStatus::Isolated => 0,
            };
            assert_eq!(tier, want, "unit {id}");
        }
    }
}
