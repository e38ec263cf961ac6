//! Supply zones (SUP-093, SUP-096).
//!
//! A zone is an area of contiguous hexes of the side through which land
//! lines run: the connected components of the hexes that pass supply on.
//! A hex that receives supply but passes none on (in an enemy zone of
//! control, held through a partisan) joins the zone of a neighbour that can
//! supply it, or is a zone of its own; so an enemy zone of control that cuts
//! an area in two makes two zones (SUP-094, SUP-095). Each Pacific island
//! group is one zone, except islands captured this player turn, which are
//! zones of their own for post-combat supply (SUP-096).
//!
//! A box is part of the zones that trace land supply from it (SUP-093: the
//! Australia, India and Urals boxes). A box that feeds two zones through
//! its entries belongs to both, and they stay two zones: a zone is an area
//! of *contiguous* hexes, and an off-board box makes no two areas
//! contiguous (our reading; see docs/rules-coverage.md).

use crate::context::{SupplyContext, zone_class_of};
use crate::land::{LAND_KINDS, LandFloods};
use bevy_ecs::prelude::*;
use qm_core::ids::{DeterminationKind, NodeId, NodeSlice, NodeVec};
use qm_core::map::{Features, MapGraph};
use qm_core::spec::Spec;
use qm_trace::{EdgeKinds, NO_ZONE, Nodes};

/// The zones of the current determination. Not state: rebuilt by every
/// determination; what lasts is written to [`crate::sea_log::Zones`].
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneLabels {
    /// Per node: its zone, or `NO_ZONE`.
    pub of: NodeVec<u32>,
    /// How many zones there are.
    pub count: u32,
    /// `(box, zone)` for every box that feeds a zone by land, sorted
    /// (SUP-093). A box may belong to several zones, so it has no entry in
    /// `of`; [`ZoneLabels::boxes_of`] reads this list.
    pub boxes: Vec<(NodeId, u32)>,
}

/// A restored state keeps the labels' buffer: [`label_zones`] labels
/// every node afresh before anything reads it.
impl qm_core::plugin::Cache for ZoneLabels {
    fn invalidate(&mut self) {
        self.count = 0;
        self.boxes.clear();
    }
}

impl ZoneLabels {
    /// The zone of a node.
    #[must_use]
    pub fn zone(&self, n: NodeId) -> Option<u32> {
        self.of.get(n).copied().filter(|&z| z != NO_ZONE)
    }

    /// Calls `f` with each run of consecutive nodes of one zone, in node
    /// order: zone `z`'s hexes, sorted, are the runs given with `z`. A map
    /// numbered row by row labels long runs alike, so a caller copies a run
    /// at once instead of node by node.
    pub fn zone_runs(&self, f: impl FnMut(u32, Nodes)) {
        for_runs(&self.of, f);
    }

    /// The boxes that belong to zone `z` (SUP-093), sorted.
    pub fn boxes_of(&self, z: u32) -> impl Iterator<Item = NodeId> + '_ {
        self.boxes.iter().filter(move |b| b.1 == z).map(|b| b.0)
    }
}

/// Whether a hex can receive a sea line: a port, a one-hex island or a
/// beach that takes sea supply as a port (SUP-073..077). Bridgeheads are
/// units and are checked where units are known.
#[must_use]
pub fn takes_sea_supply(map: &MapGraph, n: NodeId) -> bool {
    map.node(n).is_some_and(|i| i.features.intersects(Features::PORT | Features::ISLAND | Features::BEACH_PORT))
}

/// Labels the zones of the side in `ctx`. `captured_now`: the hexes
/// captured this player turn, sorted (SUP-096's exception, at post-combat
/// only).
#[must_use]
pub fn label(ctx: &SupplyContext, map: &MapGraph, captured_now: &[NodeId]) -> ZoneLabels {
    let mut out = ZoneLabels::default();
    label_into(ctx, map, captured_now, &mut out);
    out
}

/// [`label`], reusing the buffers of `out`.
pub fn label_into(ctx: &SupplyContext, map: &MapGraph, captured_now: &[NodeId], out: &mut ZoneLabels) {
    let hexes = NodeId(map.board_count);
    let mut of = std::mem::take(&mut out.of);
    // Hexes that pass supply on make the zones; those that only receive it
    // (in an enemy ZOC, held through a partisan) join one. The context
    // keeps what each node is (one byte a node); a context built by hand
    // without it gets it from its passability.
    let mut own = NodeVec::new();
    let class: &NodeSlice<u8> = if ctx.zone_class.next_key() >= hexes {
        &ctx.zone_class[..hexes]
    } else {
        own.extend(map.board_nodes().map(|i| {
            let at = |v: &NodeSlice<u64>| v.get(i).copied().unwrap_or(0);
            zone_class_of(ctx.friendly.get(i).copied().unwrap_or(false), at(&ctx.accept), at(&ctx.emit))
        }));
        &own
    };
    let mut count = qm_trace::label_zones_of(&map.land, LAND_KINDS, class, &mut of);
    // SUP-096: an island group is one zone.
    let mut parent: Vec<u32> = (0..count).collect();
    fn root(parent: &mut [u32], mut z: u32) -> u32 {
        while parent[z as usize] != z {
            let p = parent[z as usize];
            parent[z as usize] = parent[p as usize];
            z = p;
        }
        z
    }
    let mut merged = false;
    for g in &map.island_groups {
        let zs: Vec<u32> = g
            .hexes
            .iter()
            .filter(|h| captured_now.binary_search(h).is_err())
            .map(|&h| of[h])
            .filter(|&z| z != NO_ZONE)
            .collect();
        if let Some(&first) = zs.first() {
            for &z in &zs[1..] {
                let (a, b) = (root(&mut parent, first), root(&mut parent, z));
                if a != b {
                    parent[a.max(b) as usize] = a.min(b);
                    merged = true;
                }
            }
        }
    }
    if merged {
        let mut renum = vec![NO_ZONE; count as usize];
        let mut next = 0u32;
        for z in 0..count {
            let r = root(&mut parent, z) as usize;
            if renum[r] == NO_ZONE {
                renum[r] = next;
                next += 1;
            }
            renum[z as usize] = renum[r];
        }
        for z in of.iter_mut().filter(|z| **z != NO_ZONE) {
            *z = renum[*z as usize];
        }
        count = next;
    }
    out.count = count;
    out.of = of;
    out.boxes.clear();
}

/// Calls `f` on each run of equal zones in `of`, in order, with the zone
/// and the nodes of the run; nodes in no zone are skipped. A map numbered
/// row by row labels long runs alike, and a run is counted or copied at
/// once instead of node by node.
fn for_runs(of: &NodeSlice<u32>, mut f: impl FnMut(u32, Nodes)) {
    let mut start = NodeId(0);
    for run in of.chunk_by(|a, b| a == b) {
        let end = NodeId::from_index(start.index() + run.len());
        if let Some(&z) = run.first().filter(|&&z| z != NO_ZONE) {
            f(z, NodeId::range(start, end));
        }
        start = end;
    }
}

/// Lists the boxes that feed the zones by land (SUP-093): a box whose flood
/// labels pass one of its open entries into a hex of a zone belongs to that
/// zone. Runs after [`label_into`]; the boxes are few, so this costs nothing
/// beside the labelling.
pub fn attach_boxes(ctx: &SupplyContext, map: &MapGraph, floods: &LandFloods, out: &mut ZoneLabels) {
    out.boxes.clear();
    for b in map.box_nodes() {
        let sent = (0..floods.floods.len()).fold(0u64, |m, c| m | floods.mask(c, b));
        if sent == 0 {
            continue;
        }
        for (_, h, _) in map.land.edges(b, EdgeKinds::BOX_ENTRY) {
            let Some(z) = out.zone(h) else { continue };
            // SUP-026, SUP-027: a closed entry passes nothing; SUP-063: nor
            // does one into a hex that accepts none of it.
            let passes = sent & ctx.link_bits(map, b, h) & ctx.accept.get(h).copied().unwrap_or(0);
            if passes != 0 {
                out.boxes.push((b, z));
            }
        }
    }
    out.boxes.sort_unstable();
    out.boxes.dedup();
}

/// Labels the zones of the determining side (system, in
/// `SupplySystems::Zones`).
pub fn label_zones(spec: Res<Spec>, ctx: Res<SupplyContext>, floods: Res<LandFloods>, mut out: ResMut<ZoneLabels>) {
    if ctx.side.is_none() || ctx.kind.is_none() {
        return;
    }
    // SUP-096: islands captured this player turn are zones of their own
    // for post-combat supply only.
    let captured_now: &[NodeId] = if ctx.kind == Some(DeterminationKind::PostCombat) { &ctx.captured_now } else { &[] };
    label_into(&ctx, &spec.map, captured_now, &mut out);
    // SUP-093: the boxes that feed a zone by land are part of it.
    attach_boxes(&ctx, &spec.map, &floods, &mut out);
}
