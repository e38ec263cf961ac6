//! Land supply lines (SUP-054..065): one bit-parallel flood per chunk of 32
//! supply classes over the side's passable hexes.

use crate::context::SupplyContext;
use crate::sources::FULL_BITS;
use crate::zoc::shared_armor;
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, SourceId};
use qm_core::spec::Spec;
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, flood};

/// The edge kinds land lines follow: hexsides, crossing arrows (SUP-064) and
/// box entries (SUP-026, SUP-027, SUP-065).
pub const LAND_KINDS: EdgeKinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0 | EdgeKinds::BOX_ENTRY.0);

/// The floods of the last determination.
#[derive(Resource, Clone, Debug, Default)]
pub struct LandFloods {
    /// One flood per chunk of classes.
    pub floods: Vec<Flood>,
    /// Per chunk: the source behind each seed index.
    pub seeds: Vec<Vec<SourceId>>,
    /// Scratch for tracing many lines at once.
    pub trace_memo: Vec<(u32, u32)>,
}

impl LandFloods {
    /// The mask of chunk `chunk` at `node` (0 if none).
    #[must_use]
    pub fn mask(&self, chunk: usize, node: NodeId) -> u64 {
        self.floods.get(chunk).and_then(|f| f.masks.get(node as usize)).copied().unwrap_or(0)
    }
}

/// Runs the land floods of the side (SUP-054..065).
pub fn trace_land(spec: Res<Spec>, ctx: Res<SupplyContext>, mut out: ResMut<LandFloods>) {
    let map = &spec.map;
    let rules = &spec.ruleset;
    let chunks = ctx.classes.chunks();
    let out = &mut *out;
    out.floods.resize_with(chunks, || Flood::new(true));
    out.floods.truncate(chunks);
    out.seeds.resize_with(chunks, Vec::new);
    out.seeds.truncate(chunks);

    let bits: Vec<Vec<u64>> = ctx.sources.iter().map(|s| ctx.classes.seed_bits(&s.tiers, s.group)).collect();
    let fs = FloodSpec { graph: &map.land, kinds: LAND_KINDS, accept: &ctx.accept, emit: &ctx.emit, gates: &ctx.gates };
    for chunk in 0..chunks {
        let mut seeds = Vec::new();
        let ids = &mut out.seeds[chunk];
        ids.clear();
        for (s, b) in ctx.sources.iter().zip(&bits) {
            // SUP-015: undesignated sources; SUP-040/045: own-hex sources
            // never start a line.
            if s.inactive.is_some() || s.own_hex_only {
                continue;
            }
            // SUP-034/057: no line out of a bridgehead in an enemy ZOC.
            if s.bridgehead && ctx.zoc.get(s.node as usize).copied().unwrap_or(false) {
                continue;
            }
            let b = b.get(chunk).copied().unwrap_or(0);
            if b != 0 {
                // SUP-063: what may leave the source's own hex.
                let push = ctx.scratch.terrain_out(s.node as usize);
                // Unlimited sources flood first: a limited source's wave then
                // only covers what they do not reach.
                let stage = u8::from(b & FULL_BITS == 0);
                seeds.push(Seed { node: s.node, bits: b, push, stage });
                ids.push(s.id);
            }
        }
        // SUP-058: no first hop between a source and an adjacent hex both in
        // the ZOC of the same enemy armor unit.
        let first_hop = |i: usize, to: NodeId| {
            let Some(s) = seeds.get(i) else { return true };
            !ctx.zoc.get(s.node as usize).copied().unwrap_or(false)
                || shared_armor(rules, map, &ctx.zoc_units, s.node, to).is_none()
        };
        flood(&fs, &seeds, first_hop, &mut out.floods[chunk]);
    }
}
