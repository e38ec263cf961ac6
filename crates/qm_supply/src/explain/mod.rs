//! Why a unit is not (fully) supplied: the area it could draw from, the
//! frontier that walls that area in, and the sources inside it that refused.
//!
//! Computed for every unit not fully supplied at the end of a determination
//! and stored in its [`UnitSupply::cutoff`], so that the explanation is the
//! one of the determination, not of the state after later moves. Units in
//! the same area share one search; in an area whose frontier is longer than
//! the blocks a cutoff keeps, each unit searches only as far as its own
//! nearest blocks.
//!
//! One concept a file: this one finds what cut a unit off; `area` shares
//! those searches between the units of an area; `text` writes a unit's
//! supply as text; `sea` what sea supply did for its zone; `facts`
//! the rest of a full explanation (elimination, isolation, persistence,
//! lost capabilities, why supply is partial), as data and text.

mod area;
mod facts;
mod sea;
mod text;

pub use facts::{Explanation, Fact, explain_unit};
pub use sea::{describe_sea, no_line_text};
pub use text::{describe_unit, reason_text, source_text};

use crate::context::SupplyContext;
use crate::land::LAND_KINDS;
use crate::sources::SourceView;
use crate::zoc::{shared_armor, zoc_sources};
use area::{AreaCache, AreaFacts, CutoffView, Start};
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit};
use qm_core::ids::{NationId, NodeId, NodeVec, Side, SourceId, Tier};
use qm_core::map::MapGraph;
use qm_core::nation::NationStatus;
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::Spec;
use qm_core::supply::*;
use qm_trace::{BackwardWalk, Region, RegionScratch};
use std::collections::BTreeMap;

/// Most hexes an explanation search visits.
pub const AREA_LIMIT: usize = 1 << 16;
/// Most blocking hexes an explanation keeps (the nearest).
pub const BLOCK_LIMIT: usize = 48;

/// Why `node` does not pass supply on for the side.
#[must_use]
pub fn block_reason(ctx: &SupplyContext, rules: &Ruleset, map: &MapGraph, node: NodeId) -> BlockReason {
    if let Some(p) = ctx.enemy_partisans.get(&node) {
        return BlockReason::EnemyPartisan(p.clone());
    }
    if !ctx.friendly.get(node).copied().unwrap_or(false) {
        return match ctx.control.get(node).copied().flatten() {
            None => BlockReason::Uncontrolled,
            Some(n) => {
                let st = ctx.nations.get(n.index());
                let enemy =
                    st.is_some_and(|s| s.side.is_some() && s.side != ctx.side && s.status != NationStatus::Neutral);
                if enemy { BlockReason::EnemyControl(n) } else { BlockReason::NotFriendly(n) }
            }
        };
    }
    if ctx.zoc.get(node).copied().unwrap_or(false) {
        return BlockReason::Zoc(zoc_sources(rules, map, &ctx.zoc_units, node));
    }
    if ctx.partisan_held.get(node).copied().unwrap_or(false) {
        return BlockReason::PartisanHeld;
    }
    BlockReason::Terrain
}

/// The cutoff of a nation's units at `node` from supply of at least `want`.
#[must_use]
pub fn cutoff(
    scratch: &mut RegionScratch,
    ctx: &SupplyContext,
    rules: &Ruleset,
    map: &MapGraph,
    nation: NationId,
    node: NodeId,
    want: Tier,
) -> Cutoff {
    let mut c = area_cutoff(scratch, &mut BlockReasons::default(), ctx, rules, map, nation, node, want);
    terrain_override(ctx, nation, node, want, &mut c);
    c
}

/// The reasons of the blocking hexes met so far in one determination's
/// explanations: a pure function of the context and the node
/// ([`block_reason`]), worked out once a node however many units' searches
/// meet it. On a big map many units stand in large areas whose frontiers
/// are the same hexes.
#[derive(Default)]
struct BlockReasons(BTreeMap<NodeId, BlockReason>);

impl BlockReasons {
    fn get(&mut self, ctx: &SupplyContext, rules: &Ruleset, map: &MapGraph, node: NodeId) -> BlockReason {
        self.note(ctx, rules, map, node).clone()
    }

    /// The reason of `node`, worked out unless known.
    fn note(&mut self, ctx: &SupplyContext, rules: &Ruleset, map: &MapGraph, node: NodeId) -> &BlockReason {
        self.0.entry(node).or_insert_with(|| block_reason(ctx, rules, map, node))
    }

    /// The reason of `node`, if [`BlockReasons::note`] worked it out.
    fn peek(&self, node: NodeId) -> Option<&BlockReason> {
        self.0.get(&node)
    }
}

/// The labels a nation's units need to be supplied at `want` or better.
fn wanted_bits(ctx: &SupplyContext, nation: NationId, want: Tier) -> Option<u64> {
    let Some(Some(c)) = ctx.classes.of_nation.get(nation.index()) else { return None };
    let slot = ctx.classes.slot(*c);
    Some(match want {
        Tier::Full => slot.full,
        Tier::Partial => slot.full | slot.partial,
    })
}

/// SUP-063: a friendly hex whose terrain does not let the wanted tier in
/// (full supply into jungle/mountain in New Guinea) is itself what stands
/// in the way, whatever the frontier around it.
fn terrain_override(ctx: &SupplyContext, nation: NationId, node: NodeId, want: Tier, c: &mut Cutoff) {
    if terrain_blocks(ctx, nation, node, want) {
        c.blocks = vec![Block { node, reason: BlockReason::Terrain }];
    }
}

/// Whether [`terrain_override`] applies: the unit's own friendly hex does
/// not let the wanted tier in.
fn terrain_blocks(ctx: &SupplyContext, nation: NationId, node: NodeId, want: Tier) -> bool {
    let Some(bits) = wanted_bits(ctx, nation, want) else { return false };
    ctx.friendly.get(node).copied().unwrap_or(false)
        && !ctx.enemy_partisans.contains_key(&node)
        && ctx.accept.get(node).is_some_and(|&a| a & bits == 0)
}

/// Whether no gate of the determination refuses any of `bits` (SUP-026,
/// SUP-027, SUP-062): then every link of the land graph is open to them.
fn ungated(ctx: &SupplyContext, bits: u64) -> bool {
    ctx.gates.iter().all(|g| g.1 & bits == bits)
}

/// [`cutoff`] without the unit's own hex's terrain: what the area around
/// `node` says. Leaves the search in `scratch`.
#[allow(clippy::too_many_arguments, reason = "the search's inputs plus its scratch and memo")]
fn area_cutoff(
    scratch: &mut RegionScratch,
    reasons: &mut BlockReasons,
    ctx: &SupplyContext,
    rules: &Ruleset,
    map: &MapGraph,
    nation: NationId,
    node: NodeId,
    want: Tier,
) -> Cutoff {
    searched_cutoff(scratch, reasons, (ctx, rules, map), nation, node, want).0
}

/// [`area_cutoff`], and, when its blocks are the nearest [`BLOCK_LIMIT`]
/// of a larger frontier around an area searched whole, the facts of the
/// area that hold for every start in it (see [`AreaFacts`]).
fn searched_cutoff(
    scratch: &mut RegionScratch,
    reasons: &mut BlockReasons,
    (ctx, rules, map): (&SupplyContext, &Ruleset, &MapGraph),
    nation: NationId,
    node: NodeId,
    want: Tier,
) -> (Cutoff, Option<AreaFacts>) {
    let Some(bits) = wanted_bits(ctx, nation, want) else {
        return (Cutoff::default(), None);
    };
    let region = search_area(scratch, (ctx, map), bits, node, None);
    let truncated = region.nodes.len() >= AREA_LIMIT || region.frontier.len() > BLOCK_LIMIT;
    let mut blocks = nearest_blocks(reasons, (ctx, rules, map), nation, want, &region.frontier);
    let whole_area = region.nodes.len() < AREA_LIMIT;
    let nearest_of_more = truncated && whole_area && blocks.len() == BLOCK_LIMIT;
    if blocks.is_empty() && region.closed.is_empty() {
        blocks = water_around(map, scratch, &region.nodes);
    }
    // SUP-026, SUP-027, SUP-061: box entries whose condition is not met,
    // from outside the area (a link closed between two hexes of the area
    // walls nothing in; which of those a search meets depends on its order).
    let closed = region
        .closed
        .iter()
        .filter(|&&(b, _)| !scratch.in_region(b))
        .map(|&(b, to)| Block { node: b, reason: BlockReason::ClosedEntry(to) })
        .collect();
    let facts = AreaFacts {
        closed,
        refused: refused_sources(scratch, (ctx, rules, map), nation, want, &region),
        area: region.nodes.len() as u32,
    };
    let cutoff = facts.cutoff(blocks, truncated);
    (cutoff, nearest_of_more.then_some(facts))
}

/// The backward search for `bits` from `node` over the land graph, links
/// closed to any origin of the class's supply refused (SUP-062); with
/// `nearest`, stopped at the [`BLOCK_LIMIT`]-th frontier node it counts.
fn search_area(
    scratch: &mut RegionScratch,
    (ctx, map): (&SupplyContext, &MapGraph),
    bits: u64,
    node: NodeId,
    nearest: Option<&dyn Fn(NodeId) -> bool>,
) -> Region {
    // No gate closes a link to these labels: every edge of the reversed
    // graph is an open link, and the search asks nothing per edge.
    let open = ungated(ctx, bits);
    let link = |p, r| open || ctx.link_bits(map, p, r) & bits == bits;
    let walk = BackwardWalk { reversed: &map.land_rev, kinds: LAND_KINDS, emit: &ctx.emit, bits, limit: AREA_LIMIT };
    match nearest {
        None => walk.region(scratch, node, link),
        Some(counts) => walk.frontier_until(scratch, node, link, (counts, BLOCK_LIMIT)),
    }
}

/// SUP-057: a source in an enemy ZOC still supplies; a frontier hex holding
/// one that gives `want` to `nation` is no blocker.
fn supplies(ctx: &SupplyContext, nation: NationId, want: Tier, f: NodeId) -> bool {
    ctx.sources_of(f).any(|s| s.inactive.is_none() && s.tiers.get(nation.index()).copied().flatten() >= Some(want))
}

/// The blocking hexes of a frontier: the first [`BLOCK_LIMIT`] that do not
/// supply, with their reasons.
fn nearest_blocks(
    reasons: &mut BlockReasons,
    (ctx, rules, map): (&SupplyContext, &Ruleset, &MapGraph),
    nation: NationId,
    want: Tier,
    frontier: &[NodeId],
) -> Vec<Block> {
    frontier
        .iter()
        .filter(|&&f| !supplies(ctx, nation, want, f))
        .take(BLOCK_LIMIT)
        .map(|&f| Block { node: f, reason: reasons.get(ctx, rules, map, f) })
        .collect()
}

/// Sources within reach (the area searched, or a frontier hex next to it)
/// that did not supply at the wanted tier, sorted.
fn refused_sources(
    scratch: &RegionScratch,
    (ctx, rules, map): (&SupplyContext, &Ruleset, &MapGraph),
    nation: NationId,
    want: Tier,
    region: &Region,
) -> Vec<(SourceId, SourceRefusal)> {
    let mut refused = Vec::new();
    for s in sources_near(ctx, scratch, region) {
        let tier = s.tiers.get(nation.index()).copied().flatten();
        let reason = if let Some(r) = &s.inactive {
            r.clone()
        } else if tier.is_none_or(|t| t < want) {
            SourceRefusal::NotEligible(tier)
        } else if s.own_hex_only {
            // SUP-047, SUP-048: in its own hex too, an active own-hex source
            // that could give `want` did not: the unit did not begin the
            // player turn there.
            SourceRefusal::OwnHexOnly
        } else if let Some(a) = map
            .adjacent(s.node)
            .filter(|&r| scratch.in_region(r))
            .find_map(|r| shared_armor(rules, map, &ctx.zoc_units, s.node, r))
        {
            SourceRefusal::ArmorAdjacency(a)
        } else {
            continue;
        };
        refused.push((s.id, reason));
    }
    refused.sort();
    refused
}

/// The sources in an area searched (in `scratch`) or on its frontier, in
/// source order: looked up by node when the area is smaller than the list
/// of sources, so that explaining many small areas on a big map does not
/// cost areas x sources.
fn sources_near<'c>(ctx: &'c SupplyContext, scratch: &RegionScratch, region: &Region) -> Vec<&'c SourceView> {
    let near = |n: NodeId| scratch.in_region(n) || scratch.in_frontier(n);
    if region.nodes.len() + region.frontier.len() >= ctx.sources.len() {
        return ctx.sources.iter().filter(|s| near(s.node)).collect();
    }
    // The region's nodes and frontier are exactly what `scratch` marks.
    let mut at: Vec<usize> =
        region.nodes.iter().chain(&region.frontier).flat_map(|&n| ctx.source_indices_at(n)).collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter().filter_map(|i| ctx.sources.get(i)).collect()
}

/// SUP-057, SUP-066: the water around an area with nothing else around it:
/// the sea hexes next to it and the land hexes across all-sea hexsides,
/// the nearest [`BLOCK_LIMIT`].
fn water_around(map: &MapGraph, scratch: &RegionScratch, area: &[NodeId]) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for &a in area {
        for b in map.adjacency.neighbors(a, qm_trace::EdgeKinds::ALL) {
            if scratch.in_region(b) || out.iter().any(|x| x.node == b) || !map.is_hex(b) {
                continue;
            }
            let sea = map.node(b).is_some_and(|i| i.surface == qm_core::map::Surface::Sea);
            let by_land = map.land.neighbors(a, LAND_KINDS).any(|x| x == b);
            if sea {
                out.push(Block { node: b, reason: BlockReason::Sea });
            } else if !by_land {
                out.push(Block { node: b, reason: BlockReason::AllSeaHexside });
            }
            if out.len() >= BLOCK_LIMIT {
                out.sort();
                return out;
            }
        }
    }
    out.sort();
    out
}

/// Buffers [`explain_cutoffs`] keeps between determinations, so that
/// explaining a few units on a big map allocates and clears nothing the
/// size of the map.
#[derive(Default)]
pub struct ExplainScratch {
    region: RegionScratch,
    /// Per-node tables of earlier [`AreaCache`]s, all `NONE`.
    spare: Vec<NodeVec<u32>>,
}

/// What [`explain_cutoffs`] explains in a unit's record: whose supply is
/// wanted, that nation's class, and the tier wanted.
pub(crate) struct Explained {
    nation: NationId,
    class: u16,
    want: Tier,
}

/// Whether [`explain_cutoffs`] gives the unit's record a cutoff, and for
/// what; `None` for a record it leaves alone: another side's, supplied
/// automatically or fully, of a unit type the rules do not know, or of a
/// nation with no supply class. The statuses stage asks too, so that a
/// record to be explained keeps its last cutoff until the new one is
/// compared with it.
pub(crate) fn explained(
    ctx: &SupplyContext,
    rules: &Ruleset,
    side: Side,
    u: &Unit,
    loc: &Location,
    sup: &UnitSupply,
) -> Option<Explained> {
    if sup.at.is_none_or(|a| a.side != side) || sup.automatic.is_some() || sup.status == UnitStatus::Full {
        return None;
    }
    let def = rules.unit_type(u.kind)?;
    let nation = if def.domain == Domain::Ground {
        u.supply_nation()
    } else {
        // Air and naval units take their base's status: explain the hex.
        ctx.control.get(loc.node).copied().flatten().unwrap_or(u.nation)
    };
    let class = ctx.classes.of_nation.get(nation.index()).copied().flatten()?;
    let want = if sup.status == UnitStatus::Partial { Tier::Full } else { Tier::Partial };
    Some(Explained { nation, class, want })
}

/// Fills the cutoff of every unit of the side that is not fully supplied
/// through a line.
pub fn explain_cutoffs(
    spec: Res<Spec>,
    ctx: Res<SupplyContext>,
    mut units: Query<(&Unit, &Location, &mut UnitSupply)>,
    mut kept: Local<ExplainScratch>,
) {
    let Some(side) = ctx.side else { return };
    let rules = &spec.ruleset;
    let map = &spec.map;
    // Units in one area share the search (see `AreaCache`): one cache per
    // (nation class, tier wanted).
    let mut cache: BTreeMap<(u16, Tier), AreaCache> = BTreeMap::new();
    let ExplainScratch { region: scratch, spare } = &mut *kept;
    let mut reasons = BlockReasons::default();
    for (u, loc, mut sup) in &mut units {
        let Some(Explained { nation, class, want }) = explained(&ctx, rules, side, u, loc, &sup) else { continue };
        let Some(bits) = wanted_bits(&ctx, nation, want) else { continue };
        let area = cache.entry((class, want)).or_insert_with(|| AreaCache::new(&ctx, map, bits, spare.pop()));
        let idx = area.entry_of((scratch, &mut reasons), (&ctx, rules, map), nation, loc.node, want);
        let Some(entry) = area.entries.get(idx) else { continue };
        let at = Start { nation, node: loc.node, want, bits };
        let view = CutoffView::of(entry, (scratch, &mut reasons), (&ctx, rules, map), at);
        // Written only if it changed: the statuses stage left the record's
        // last cutoff in place for this comparison. Most records keep
        // theirs, so the comparison reads the cache's parts in place.
        if !view.is(sup.cutoff.as_ref()) {
            sup.cutoff = Some(view.to_cutoff());
        }
    }
    spare.extend(cache.into_values().map(AreaCache::into_spare));
}
