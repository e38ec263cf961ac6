//! Land supply lines (SUP-054..065): one bit-parallel flood per chunk of
//! supply classes over the side's passable hexes.
//!
//! At post-combat determination the flood also starts from every zone that
//! was supplied at initial determination (SUP-140) and from bridgeheads
//! placed this player turn (SUP-034), and the sea lines of initial
//! determination land again with whatever their origins hold now, so that
//! an origin upgraded to full supply upgrades the zones it supplied by sea
//! (SUP-141).

use crate::context::SupplyContext;
use crate::sea_log::{SeaLog, Zones};
use crate::sources::FULL_BITS;
use crate::zoc::shared_armor;
use bevy_ecs::prelude::*;
use qm_core::ids::{DeterminationKind, NodeId, NodeVec, SourceId, Tier, UnitId};
use qm_core::map::MapGraph;
use qm_core::ruleset::Ruleset;
use qm_core::spec::Spec;
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, flood, flood_more};

/// The edge kinds land lines follow: hexsides, crossing arrows (SUP-064) and
/// box entries (SUP-026, SUP-027, SUP-065).
pub const LAND_KINDS: EdgeKinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0 | EdgeKinds::BOX_ENTRY.0);

/// What a seed of the flood stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedRef {
    /// A supply source of the scenario.
    Source(SourceId),
    /// A bridgehead placed this player turn (SUP-034).
    Bridgehead(UnitId),
    /// A zone supplied at initial determination (SUP-140).
    Zone(u32),
    /// A sea line's landing: its index in the sea log, and the hexes it
    /// crossed from its origin.
    Sea {
        /// Index in the player turn's sea log.
        line: u32,
        /// Origin.
        from: NodeId,
        /// The hexes crossed, origin first, landing last.
        path: Vec<NodeId>,
    },
}

/// The floods of the current determination. Not state.
#[derive(Resource, Clone, Debug, Default)]
pub struct LandFloods {
    /// One flood per chunk of classes.
    pub floods: Vec<Flood>,
    /// Per chunk: what each seed index stands for.
    pub seeds: Vec<Vec<SeedRef>>,
    /// Scratch for tracing many lines at once.
    pub trace_memo: NodeVec<(u32, u32)>,
}

/// A restored state keeps the floods' buffers: [`trace_land`] runs every
/// flood afresh (each resets what it touched) before anything reads them.
impl qm_core::plugin::Cache for LandFloods {
    fn invalidate(&mut self) {
        for s in &mut self.seeds {
            s.clear();
        }
    }
}

impl LandFloods {
    /// The mask of chunk `chunk` at `node` (0 if none).
    #[must_use]
    pub fn mask(&self, chunk: usize, node: NodeId) -> u64 {
        self.floods.get(chunk).map_or(0, |f| f.mask(node))
    }

    /// Lands more seeds on chunk `chunk` and lets them spread.
    pub fn land(&mut self, spec: &FloodSpec<'_>, chunk: usize, seeds: &[Seed], refs: Vec<SeedRef>) {
        let (Some(f), Some(list)) = (self.floods.get_mut(chunk), self.seeds.get_mut(chunk)) else { return };
        let first = list.len() as u32;
        list.extend(refs);
        flood_more(spec, seeds, first, |_, _| true, f);
    }
}

/// The flood's passability for the side.
#[must_use]
pub fn flood_spec<'a>(spec: &'a Spec, ctx: &'a SupplyContext) -> FloodSpec<'a> {
    FloodSpec { graph: &spec.map.land, kinds: LAND_KINDS, accept: &ctx.accept, emit: &ctx.emit, gates: &ctx.gates }
}

/// What may leave a seed placed at `node`: nothing out of an enemy zone of
/// control when `stop_in_zoc` (a landing sea line, a bridgehead: SUP-034,
/// SUP-084), and only what terrain lets out (SUP-063).
#[must_use]
pub fn push_mask(ctx: &SupplyContext, node: NodeId, stop_in_zoc: bool) -> u64 {
    if stop_in_zoc && ctx.zoc.get(node).copied().unwrap_or(false) { 0 } else { ctx.scratch.terrain_out(node) }
}

/// Runs the land floods of the side (SUP-054..065, SUP-140).
pub fn trace_land(
    spec: Res<Spec>,
    ctx: Res<SupplyContext>,
    sea: Res<SeaLog>,
    zones: Res<Zones>,
    mut out: ResMut<LandFloods>,
) {
    let map = &spec.map;
    let rules = &spec.ruleset;
    let chunks = ctx.classes.chunks();
    let out = &mut *out;
    out.floods.resize_with(chunks, || Flood::new(true));
    out.floods.truncate(chunks);
    out.seeds.resize_with(chunks, Vec::new);
    out.seeds.truncate(chunks);
    let post = ctx.kind == Some(DeterminationKind::PostCombat);
    let this_turn = |s: &SeaLog| s.turn.is_some_and(|(t, side)| t == ctx.turn && Some(side) == ctx.side);

    let bits: Vec<Vec<u64>> = ctx.sources.iter().map(|s| ctx.classes.seed_bits(&s.tiers, s.group)).collect();
    let fs = flood_spec(&spec, &ctx);
    // SUP-140: the zones of this player turn's initial determination.
    let initial_zones = zones
        .at
        .is_some_and(|a| a.turn == ctx.turn && Some(a.side) == ctx.side && a.kind == DeterminationKind::Initial);
    for chunk in 0..chunks {
        let mut seeds = Vec::new();
        let refs = &mut out.seeds[chunk];
        refs.clear();
        for (s, b) in ctx.sources.iter().zip(&bits) {
            // SUP-015: undesignated sources; SUP-040/045: own-hex sources
            // never start a line.
            if s.inactive.is_some() || s.own_hex_only {
                continue;
            }
            let b = b.get(chunk).copied().unwrap_or(0);
            if b != 0 {
                // SUP-063: what may leave the source's own hex; SUP-034/057:
                // nothing out of a bridgehead in an enemy ZOC.
                let push = push_mask(&ctx, s.node, s.bridgehead);
                // Unlimited sources flood first: a limited source's wave then
                // only covers what they do not reach.
                let stage = u8::from(b & FULL_BITS == 0);
                seeds.push(Seed { node: s.node, bits: b, push, stage });
                refs.push(SeedRef::Source(s.id));
            }
        }
        if post {
            // SUP-034, SUP-197: a bridgehead placed this player turn is an
            // unlimited source at its post-combat determination.
            for (id, node, tiers) in &ctx.bridgeheads {
                let b = ctx.classes.seed_bits(tiers, 0).get(chunk).copied().unwrap_or(0);
                if b != 0 {
                    seeds.push(Seed { node: *node, bits: b, push: push_mask(&ctx, *node, true), stage: 0 });
                    refs.push(SeedRef::Bridgehead(id.clone()));
                }
            }
        }
        flood(&fs, &seeds, first_hop(rules, map, &ctx, &seeds), &mut out.floods[chunk]);
        if post && initial_zones {
            land_zones((rules, map), &fs, (&ctx, &zones), chunk, out);
        }
    }

    // SUP-141: the sea lines of initial determination land again with what
    // their origins hold now.
    if post && this_turn(&sea) {
        for (i, l) in sea.lines.iter().enumerate() {
            if l.kind != DeterminationKind::Initial || l.reached.is_empty() {
                continue;
            }
            for chunk in 0..chunks {
                let b = out.mask(chunk, l.from);
                if b == 0 {
                    continue;
                }
                // SUP-081: a limited origin's supply lands only where it may reach.
                let seeds: Vec<Seed> = l
                    .reached
                    .iter()
                    .map(|&t| Seed { node: t, bits: b & !ctx.limit_block(t), push: push_mask(&ctx, t, true), stage: 0 })
                    .collect();
                let refs = (0..l.reached.len())
                    .map(|j| SeedRef::Sea { line: i as u32, from: l.from, path: sea_path(&l.path, &l.reached, j) })
                    .collect();
                out.land(&fs, chunk, &seeds, refs);
            }
        }
    }
}

/// SUP-058: no first hop from a seed of `seeds` to an adjacent hex when
/// both stand in the zone of control of the same enemy armor unit.
fn first_hop<'a>(
    rules: &'a Ruleset,
    map: &'a MapGraph,
    ctx: &'a SupplyContext,
    seeds: &'a [Seed],
) -> impl FnMut(usize, NodeId) -> bool + 'a {
    move |i, to| {
        let Some(s) = seeds.get(i) else { return true };
        !ctx.zoc.get(s.node).copied().unwrap_or(false) || shared_armor(rules, map, &ctx.zoc_units, s.node, to).is_none()
    }
}

/// SUP-140: a zone supplied at initial determination acts as a source at
/// post-combat determination, so supply flows into hexes taken since. Each
/// hex of the zone is a seed, after the sources have flooded: a box of the
/// zone (SUP-093) is a source of its own, and seeding the zone's supply in
/// it would carry that supply into the box's other zones. SUP-057: the line
/// out of the zone is a land line like any other, so nothing leaves a hex of
/// the zone that stands in an enemy zone of control (such a hex received
/// supply but passes none on).
///
/// Most hexes of a zone hold its supply already; only the seeds that
/// change the flood are given ([`qm_trace::Flood::would_take`]), which
/// leaves the labels and the record as if every hex had been.
fn land_zones(
    (rules, map): (&Ruleset, &MapGraph),
    fs: &FloodSpec<'_>,
    (ctx, zones): (&SupplyContext, &Zones),
    chunk: usize,
    out: &mut LandFloods,
) {
    let (Some(flood), Some(refs)) = (out.floods.get_mut(chunk), out.seeds.get_mut(chunk)) else { return };
    let mut seeds = Vec::new();
    let first = refs.len() as u32;
    for z in &zones.zones {
        let tiers = ctx.nation_tiers(&z.carried);
        let b = ctx.classes.seed_bits(&tiers, 0).get(chunk).copied().unwrap_or(0);
        if b == 0 {
            continue;
        }
        for &h in &z.hexes {
            // Most hexes hold the zone's supply and passed it on: the flood's
            // own cell tells, before the context's columns are read.
            if !flood.would_take(&Seed { node: h, bits: b, push: u64::MAX, stage: 2 }) {
                continue;
            }
            let hb = b & ctx.accept.get(h).copied().unwrap_or(0);
            if hb != 0 && ctx.friendly.get(h).copied().unwrap_or(false) {
                let seed = Seed { node: h, bits: hb, push: push_mask(ctx, h, true), stage: 2 };
                if flood.would_take(&seed) {
                    seeds.push(seed);
                    refs.push(SeedRef::Zone(z.id));
                }
            }
        }
    }
    flood_more(fs, &seeds, first, first_hop(rules, map, ctx, &seeds), flood);
}

/// The hexes a sea line crossed to its `j`-th landing: its route to the
/// hex it ends at, then, in an island group, the islands it reached before
/// and the `j`-th itself (SUP-099, SUP-100; the sea hexes between islands
/// are not traced).
#[must_use]
pub fn sea_path(route: &[NodeId], reached: &[NodeId], j: usize) -> Vec<NodeId> {
    let mut path = route.to_vec();
    path.extend(reached.iter().skip(1).take(j));
    path
}

/// The seed bits of a list of `(nation, tier)`, per chunk.
#[must_use]
pub fn carried_bits(ctx: &SupplyContext, carried: &[(qm_core::ids::NationId, Tier)]) -> Vec<u64> {
    ctx.classes.seed_bits(&ctx.nation_tiers(carried), 0)
}
