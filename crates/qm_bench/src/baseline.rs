//! The baselines of `qm bench supply`, written plainly, on the passability
//! the engine's own determination of each side found ([`Baseline`]):
//!
//! - plain BFS (the floor, [`plain_bfs_once`]): per side, one dense
//!   `Vec`-based breadth-first search over that side's passable hexes from
//!   that side's sources. Supply cannot cost less than reaching every hex
//!   it reaches, so the ratio to it is the honest figure.
//! - `bfs_reach` ([`bfs_reach_once`]): `pathfinding`'s generic
//!   breadth-first reach over the same hexes from every source of both
//!   sides at once (through a virtual root). It hashes and allocates per
//!   node, so it flatters the engine.
//! - per-unit search ([`per_unit_once`]): for each ground unit, a plain
//!   breadth-first search backwards from the unit to the nearest source
//!   that may supply it, the way an engine without a shared flood would do
//!   it.

use crate::stats::elapsed_ns;
use qm_core::ids::{DeterminationKind, NodeId, NodeVec, Side};
use qm_core::ruleset::Domain;
use qm_game::Game;
use qm_supply::SupplyContext;
use qm_supply::land::LAND_KINDS;
use qm_supply::sources::Classes;
use std::collections::VecDeque;
use std::time::Instant;

/// The passability the baselines use, taken from the engine's own
/// determination of each side ([`baseline`]). Per side, index 0 is the
/// Axis and 1 the Allies ([`side_index`]).
pub struct Baseline {
    /// Per node: 0 none, 1 Axis, 2 Allies: the side whose hex it is.
    pub owner: NodeVec<u8>,
    /// Per side and node: may receive supply.
    pub accept: [NodeVec<bool>; 2],
    /// Per side and node: may pass supply on.
    pub emit: [NodeVec<bool>; 2],
    /// Per side: source nodes, with the classes they supply (bits).
    pub seeds: [Vec<(NodeId, u64)>; 2],
    /// Per side: classes of each nation.
    pub classes: [Classes; 2],
    /// Box entries closed by a condition, per side: `(from, to)`, sorted.
    pub closed: [Vec<(NodeId, NodeId)>; 2],
    /// Per side: own-hex sources as sorted `(node, partial bit of a class
    /// they supply)`.
    pub own_hex: [Vec<(NodeId, u64)>; 2],
}

impl Baseline {
    /// Whether side `si` may trace from `from` to `to`: no condition closes
    /// that box entry.
    #[must_use]
    pub fn open(&self, si: usize, from: NodeId, to: NodeId) -> bool {
        self.closed[si].is_empty() || self.closed[si].binary_search(&(from, to)).is_err()
    }
}

/// The index of a side in [`Baseline`]'s per-side arrays: 0 Axis, 1 Allies.
#[must_use]
pub fn side_index(s: Side) -> usize {
    match s {
        Side::Axis => 0,
        Side::Allies => 1,
    }
}

/// Determines initial supply of each side (untimed) and reads the
/// passability, sources, classes and closed box entries the baselines use
/// from the engine's supply context.
pub fn baseline(g: &mut Game) -> Baseline {
    let n = g.spec().map.node_count();
    let none = || NodeVec::from(vec![false; n]);
    let mut b = Baseline {
        owner: NodeVec::from(vec![0; n]),
        accept: [none(), none()],
        emit: [none(), none()],
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
        for i in map.node_ids() {
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
        b.closed[si].sort_unstable();
        b.classes[si] = ctx.classes;
    }
    b
}

/// Buffers of the plain breadth-first search, allocated once.
pub struct PlainBfs {
    /// Per side and node: the node may pass supply on (it emits, or it is a
    /// source of the side).
    pass: [NodeVec<bool>; 2],
    seen: NodeVec<bool>,
    queue: Vec<NodeId>,
}

impl PlainBfs {
    /// The buffers for the baseline's map and sides.
    #[must_use]
    pub fn new(b: &Baseline) -> Self {
        let mut pass = b.emit.clone();
        for (p, seeds) in pass.iter_mut().zip(&b.seeds) {
            for &(s, _) in seeds {
                if let Some(slot) = p.get_mut(s) {
                    *slot = true;
                }
            }
        }
        let n = b.owner.len();
        Self { pass, seen: NodeVec::from(vec![false; n]), queue: Vec::with_capacity(n) }
    }
}

/// The floor: per side, one dense breadth-first search over the hexes that
/// side may trace through, from its sources. Returns the time and the
/// number of nodes reached (both sides summed).
pub fn plain_bfs_once(g: &Game, b: &Baseline, p: &mut PlainBfs) -> (u64, usize) {
    let (offsets, targets, kinds) = g.spec().map.land.raw();
    let t = Instant::now();
    let mut reached = 0;
    for si in 0..2 {
        let (accept, pass) = (&b.accept[si], &p.pass[si]);
        p.seen.fill(false);
        p.queue.clear();
        for &(s, _) in &b.seeds[si] {
            if !p.seen[s] {
                p.seen[s] = true;
                p.queue.push(s);
            }
        }
        let mut head = 0;
        while let Some(&h) = p.queue.get(head) {
            head += 1;
            if !pass[h] {
                continue;
            }
            let edges = offsets[h.index()] as usize..offsets[h.index() + 1] as usize;
            for (&t, &k) in targets[edges.clone()].iter().zip(&kinds[edges]) {
                if !p.seen[t] && accept[t] && k.intersects(LAND_KINDS) && b.open(si, h, t) {
                    p.seen[t] = true;
                    p.queue.push(t);
                }
            }
        }
        reached += p.queue.len();
    }
    (elapsed_ns(t), reached)
}

/// One generic flood with `pathfinding::bfs_reach` over the hexes passable
/// for their holder, from all sources of both sides. Returns the time and
/// the number of nodes reached.
pub fn bfs_reach_once(g: &Game, b: &Baseline) -> (u64, usize) {
    const ROOT: NodeId = qm_trace::NO_NODE;
    let map = &g.spec().map;
    let roots: Vec<NodeId> = b.seeds.iter().flatten().map(|s| s.0).collect();
    let mut is_root = NodeVec::from(vec![false; map.node_count()]);
    for &r in &roots {
        is_root[r] = true;
    }
    let t = Instant::now();
    let reached = pathfinding::directed::bfs::bfs_reach(ROOT, |&h: &NodeId| -> Vec<NodeId> {
        if h == ROOT {
            return roots.clone();
        }
        let side = match b.owner.get(h) {
            Some(1) => 0,
            Some(2) => 1,
            _ => return Vec::new(),
        };
        map.land
            .edges(h, LAND_KINDS)
            .map(|(_, t, _)| t)
            .filter(|&t| b.accept[side][t] && (b.emit[side][h] || is_root[h]))
            .filter(|&t| b.open(side, h, t))
            .collect()
    })
    .count();
    (elapsed_ns(t), reached)
}

/// A ground unit as the per-unit search sees it.
pub struct UnitTarget {
    /// The unit's id.
    pub id: String,
    /// Its side's index ([`side_index`]).
    pub side: usize,
    /// The node it stands on.
    pub node: NodeId,
    /// The bits of its class that mean full supply.
    pub full: u64,
    /// The bits of its class that mean partial supply.
    pub partial: u64,
}

/// The ground units (partisans aside) of nations on a side, with their
/// classes, in the state's unit order.
#[must_use]
pub fn unit_targets(g: &Game, b: &Baseline) -> Vec<UnitTarget> {
    let spec = g.spec();
    let state = g.state();
    state
        .units
        .iter()
        .filter(|u| spec.ruleset.unit_type(u.kind).is_some_and(|t| t.domain == Domain::Ground && !t.partisan))
        .filter_map(|u| {
            let si = side_index(state.nations.get(u.nation.index()).and_then(|s| s.side)?);
            let c = b.classes[si].of_nation.get(u.nation.index()).copied().flatten()?;
            let slot = b.classes[si].slot(c);
            Some(UnitTarget {
                id: u.id.to_string(),
                side: si,
                node: u.location.node,
                full: slot.full,
                partial: slot.partial,
            })
        })
        .collect()
}

/// A plain breadth-first search from every `step`-th ground unit back to
/// the sources that may supply it, as an engine without a shared flood
/// would decide the unit's status: it stops at the first source of full
/// supply, and otherwise searches the whole area it can draw from, noting
/// partial supply on the way. Returns the time and each searched unit's
/// best tier (`2` full, `1` partial, `0` none), in the order of `units`.
#[must_use]
pub fn per_unit_once(g: &Game, b: &Baseline, units: &[UnitTarget], step: usize) -> (u64, Vec<(String, u8)>) {
    let map = &g.spec().map;
    let n = map.node_count();
    // Per side: classes' seed bits at each node.
    let mut seed_at = [NodeVec::from(vec![0u64; n]), NodeVec::from(vec![0u64; n])];
    for (at, seeds) in seed_at.iter_mut().zip(&b.seeds) {
        for &(node, bits) in seeds {
            at[node] |= bits;
        }
    }
    let t = Instant::now();
    let mut out = Vec::with_capacity(units.len() / step.max(1) + 1);
    let mut stamp = NodeVec::from(vec![0u32; n]);
    let mut queue = VecDeque::new();
    for (k, u) in units.iter().enumerate().step_by(step.max(1)) {
        let (si, start, full, partial) = (u.side, u.node, u.full, u.partial);
        let mark = k as u32 + 1;
        let mut best = u8::from(b.own_hex[si].binary_search(&(start, partial)).is_ok());
        queue.clear();
        queue.push_back(start);
        stamp[start] = mark;
        while let Some(h) = queue.pop_front() {
            let here = seed_at[si][h];
            if here & full != 0 {
                best = 2;
                break;
            }
            if here & partial != 0 {
                best = 1;
            }
            // Backwards: a predecessor must pass supply on to `h`.
            for p in map.land_rev.neighbors(h, LAND_KINDS) {
                if stamp[p] != mark
                    && (b.emit[si][p] || seed_at[si][p] & (full | partial) != 0)
                    && b.accept[si][h]
                    && b.open(si, p, h)
                {
                    stamp[p] = mark;
                    queue.push_back(p);
                }
            }
        }
        out.push((u.id.clone(), best));
    }
    (elapsed_ns(t), out)
}
