//! Why a unit is not (fully) supplied: the area it could draw from, the
//! frontier that walls that area in, and the sources inside it that refused.
//!
//! Computed for every unit not fully supplied at the end of a determination
//! and stored in its [`UnitSupply::cutoff`], so that the explanation is the
//! one of the determination, not of the state after later moves. Units in
//! the same area share one search.

use crate::context::SupplyContext;
use crate::land::LAND_KINDS;
use crate::zoc::{shared_armor, zoc_sources};
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit};
use qm_core::ids::{NationId, NodeId, Tier, UnitId};
use qm_core::map::MapGraph;
use qm_core::nation::NationStatus;
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::Spec;
use qm_core::supply::*;
use qm_trace::{RegionScratch, backward_region_with};
use std::collections::BTreeMap;

/// Most hexes an explanation search visits.
pub const AREA_LIMIT: usize = 1 << 16;
/// Most blocking hexes an explanation keeps (the nearest).
pub const BLOCK_LIMIT: usize = 48;

/// Why `node` does not pass supply on for the side.
#[must_use]
pub fn block_reason(ctx: &SupplyContext, rules: &Ruleset, map: &MapGraph, node: NodeId) -> BlockReason {
    let i = node as usize;
    if let Some(p) = ctx.enemy_partisans.get(&node) {
        return BlockReason::EnemyPartisan(p.clone());
    }
    if !ctx.friendly.get(i).copied().unwrap_or(false) {
        return match ctx.control.get(i).copied().flatten() {
            None => BlockReason::Uncontrolled,
            Some(n) => {
                let st = ctx.nations.get(n.index());
                let enemy =
                    st.is_some_and(|s| s.side.is_some() && s.side != ctx.side && s.status != NationStatus::Neutral);
                if enemy { BlockReason::EnemyControl(n) } else { BlockReason::NotFriendly(n) }
            }
        };
    }
    if ctx.zoc.get(i).copied().unwrap_or(false) {
        return BlockReason::Zoc(zoc_sources(rules, map, &ctx.zoc_units, node));
    }
    if ctx.partisan_held.get(i).copied().unwrap_or(false) {
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
    let mut c = area_cutoff(scratch, ctx, rules, map, nation, node, want);
    terrain_override(ctx, nation, node, want, &mut c);
    c
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
    let Some(bits) = wanted_bits(ctx, nation, want) else { return };
    let i = node as usize;
    if ctx.friendly.get(i).copied().unwrap_or(false)
        && !ctx.enemy_partisans.contains_key(&node)
        && ctx.accept.get(i).is_some_and(|&a| a & bits == 0)
    {
        c.blocks = vec![Block { node, reason: BlockReason::Terrain }];
    }
}

/// Whether no gate of the determination refuses any of `bits` (SUP-026,
/// SUP-027, SUP-062): then every link of the land graph is open to them.
fn ungated(ctx: &SupplyContext, bits: u64) -> bool {
    ctx.gates.iter().all(|g| g.1 & bits == bits)
}

/// [`cutoff`] without the unit's own hex's terrain: what the area around
/// `node` says. Leaves the search in `scratch`.
fn area_cutoff(
    scratch: &mut RegionScratch,
    ctx: &SupplyContext,
    rules: &Ruleset,
    map: &MapGraph,
    nation: NationId,
    node: NodeId,
    want: Tier,
) -> Cutoff {
    let Some(bits) = wanted_bits(ctx, nation, want) else {
        return Cutoff::default();
    };
    let region = if ungated(ctx, bits) {
        // No gate closes a link to these labels: every edge of the reversed
        // graph is an open link, so the search asks nothing per edge.
        backward_region_with(scratch, &map.land_rev, LAND_KINDS, &ctx.emit, bits, node, AREA_LIMIT, |_, _| true)
    } else {
        backward_region_with(scratch, &map.land_rev, LAND_KINDS, &ctx.emit, bits, node, AREA_LIMIT, |p, r| {
            // A link closed to any origin of the class's supply (SUP-062) is
            // reported as closed.
            ctx.link_bits(map, p, r) & bits == bits
        })
    };
    let truncated = region.nodes.len() >= AREA_LIMIT || region.frontier.len() > BLOCK_LIMIT;
    let mut blocks: Vec<Block> = region
        .frontier
        .iter()
        .take(BLOCK_LIMIT)
        .map(|&f| Block { node: f, reason: block_reason(ctx, rules, map, f) })
        .collect();
    // SUP-026, SUP-027, SUP-061: box entries whose condition is not met.
    blocks.extend(region.closed.iter().map(|&(b, to)| Block { node: b, reason: BlockReason::ClosedEntry(to) }));
    blocks.sort();

    // Sources within reach (the area, or a frontier hex next to it) that did
    // not supply at the wanted tier.
    let mut refused = Vec::new();
    for s in &ctx.sources {
        if !scratch.in_region(s.node) && !scratch.in_frontier(s.node) {
            continue;
        }
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
    Cutoff { blocks, refused, area: region.nodes.len() as u32, truncated }
}

/// The area cutoffs of one class and wanted tier, shared by every node
/// whose area is the same.
///
/// The area of a node `x` is every node that could pass the labels on
/// towards `x`. If `x` passes them on itself, every node `y` of its area
/// that `x` can pass them on to has the same area: what reaches `x`
/// reaches `y` through `x`, and what reaches `y` reaches `x` (`y` is in
/// `x`'s area and passes them on). Then the cutoff is the same too, if it
/// lists the whole frontier (not the nearest part of a truncated one) and
/// no gate refuses the labels (which closed links a search records depends
/// on the order it meets them). So one search serves every unit of an
/// isolated area, and the cost grows with the areas, not units x area.
struct AreaCache {
    /// Per node: the index of its cutoff in `cutoffs`, or `NONE`.
    of: Vec<u32>,
    cutoffs: Vec<Cutoff>,
    /// Labels no gate of the determination refuses any of.
    ungated: bool,
    bits: u64,
}

impl AreaCache {
    const NONE: u32 = u32::MAX;

    fn new(ctx: &SupplyContext, map: &MapGraph, bits: u64) -> Self {
        Self { of: vec![Self::NONE; map.node_count()], cutoffs: Vec::new(), ungated: ungated(ctx, bits), bits }
    }

    /// The area cutoff of `node`, searched unless cached.
    #[allow(clippy::too_many_arguments, reason = "the search's inputs plus the cache")]
    fn get(
        &mut self,
        scratch: &mut RegionScratch,
        ctx: &SupplyContext,
        rules: &Ruleset,
        map: &MapGraph,
        nation: NationId,
        node: NodeId,
        want: Tier,
    ) -> Cutoff {
        if let Some(c) = self.of.get(node as usize).and_then(|&i| self.cutoffs.get(i as usize)) {
            return c.clone();
        }
        let c = area_cutoff(scratch, ctx, rules, map, nation, node, want);
        let idx = self.cutoffs.len() as u32;
        let passes_on = ctx.emit.get(node as usize).is_some_and(|&e| e & self.bits != 0);
        if self.ungated && passes_on && !c.truncated {
            self.mark_shared(scratch, map, ctx, node, idx);
        } else if let Some(slot) = self.of.get_mut(node as usize) {
            *slot = idx;
        }
        self.cutoffs.push(c.clone());
        c
    }

    /// Gives cutoff `idx` to every node of the area just searched (in
    /// `scratch`) that `start` can pass the labels on to.
    fn mark_shared(&mut self, scratch: &RegionScratch, map: &MapGraph, ctx: &SupplyContext, start: NodeId, idx: u32) {
        let mut stack = vec![start];
        self.of[start as usize] = idx;
        while let Some(a) = stack.pop() {
            if ctx.emit.get(a as usize).is_none_or(|&e| e & self.bits == 0) {
                continue;
            }
            for b in map.land.neighbors(a, LAND_KINDS) {
                if scratch.in_region(b) && self.of.get(b as usize) == Some(&Self::NONE) {
                    self.of[b as usize] = idx;
                    stack.push(b);
                }
            }
        }
    }
}

/// Fills the cutoff of every unit of the side that is not fully supplied
/// through a line.
pub fn explain_cutoffs(
    spec: Res<Spec>,
    ctx: Res<SupplyContext>,
    mut units: Query<(&Unit, &Location, &mut UnitSupply)>,
) {
    let Some(side) = ctx.side else { return };
    let rules = &spec.ruleset;
    let map = &spec.map;
    // Units in one area share the search (see `AreaCache`): one cache per
    // (nation class, tier wanted).
    let mut cache: BTreeMap<(u16, Tier), AreaCache> = BTreeMap::new();
    let mut scratch = RegionScratch::default();
    for (u, loc, mut sup) in &mut units {
        if sup.at.is_none_or(|a| a.side != side) || sup.automatic.is_some() || sup.status == UnitStatus::Full {
            continue;
        }
        let Some(def) = rules.unit_type(u.kind) else { continue };
        let nation = if def.domain == Domain::Ground {
            u.supply_nation()
        } else {
            // Air and naval units take their base's status: explain the hex.
            ctx.control.get(loc.node as usize).copied().flatten().unwrap_or(u.nation)
        };
        let Some(Some(class)) = ctx.classes.of_nation.get(nation.index()).copied() else { continue };
        let want = if sup.status == UnitStatus::Partial { Tier::Full } else { Tier::Partial };
        let Some(bits) = wanted_bits(&ctx, nation, want) else { continue };
        let area = cache.entry((class, want)).or_insert_with(|| AreaCache::new(&ctx, map, bits));
        let mut cut = area.get(&mut scratch, &ctx, rules, map, nation, loc.node, want);
        terrain_override(&ctx, nation, loc.node, want, &mut cut);
        sup.cutoff = Some(cut);
    }
}

/// A readable explanation of a unit's supply.
#[must_use]
pub fn describe_unit(spec: &qm_core::spec::ScenarioSpec, unit: &Unit, loc: &Location, sup: &UnitSupply) -> String {
    use std::fmt::Write;
    let rules = &spec.ruleset;
    let map = &spec.map;
    let kind = rules.unit_type(unit.kind).map_or("?", |t| t.key.as_str());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "unit {} ({} {kind}) at {}: {}",
        unit.id,
        rules.nation_key(unit.nation),
        map.describe(loc.node),
        sup.status.as_str()
    );
    if let Some(at) = sup.at {
        let k = match at.kind {
            qm_core::ids::DeterminationKind::Initial => "initial",
            qm_core::ids::DeterminationKind::PostCombat => "post-combat",
        };
        let _ = writeln!(s, "  decided at the {k} supply determination of turn {}, {} player turn", at.turn, at.side);
    } else {
        let _ = writeln!(s, "  not determined yet (status as given by the scenario)");
    }
    if let Some(a) = &sup.automatic {
        let _ = writeln!(s, "  supplied without a line: {}", auto_text(a));
    }
    if let Some(src) = sup.own_hex {
        let _ = writeln!(s, "  source: {} (supplies units in its own hex only, SUP-040/SUP-045)", spec.source_key(src));
    }
    if let Some(line) = &sup.line {
        let tier = if line.tier == Tier::Full { "full" } else { "partial" };
        let _ = writeln!(s, "  source: {} ({tier} supply)", source_text(spec, &line.source));
        let hexes: Vec<String> = line.path.iter().map(|&n| map.describe(n)).collect();
        let _ = writeln!(s, "  line ({} hexes): {}", line.path.len(), hexes.join(" -> "));
        for leg in &line.sea {
            let _ = writeln!(
                s,
                "  by sea from {} to {} (sea line {}, SUP-084)",
                map.describe(leg.from),
                map.describe(leg.to),
                leg.line
            );
        }
    }
    if let Some(c) = &sup.cutoff {
        let want = if sup.status == UnitStatus::Partial { "full supply" } else { "supply" };
        let _ = writeln!(
            s,
            "  no line of {want} reaches it: the area it could draw from has {} hexes, cut off by:",
            c.area
        );
        if c.blocks.is_empty() {
            let _ = writeln!(s, "    nothing around it: no eligible source inside the area");
        }
        for b in &c.blocks {
            let _ = writeln!(s, "    {}: {}", map.describe(b.node), reason_text(spec, &b.reason));
        }
        if c.truncated {
            let _ = writeln!(s, "    ... (the nearest {} shown)", c.blocks.len());
        }
        for (src, why) in &c.refused {
            let _ = writeln!(s, "    source {}: {}", spec.source_key(*src), refusal_text(why));
        }
    }
    s
}

/// Text for where a line starts.
#[must_use]
pub fn source_text(spec: &qm_core::spec::ScenarioSpec, s: &SourceRef) -> String {
    match s {
        SourceRef::Source(id) => spec.source_key(*id).to_string(),
        SourceRef::Bridgehead(u) => format!("bridgehead {u} (SUP-034)"),
        SourceRef::Zone(z) => format!("zone {z}, supplied at initial determination (SUP-140)"),
    }
}

fn auto_text(a: &AutoReason) -> String {
    match a {
        AutoReason::Neutral => "a neutral's units are supplied by the neutral (SUP-146)".into(),
        AutoReason::Partisan => "partisans need no supply (SUP-007, SUP-194)".into(),
        AutoReason::Exploiting => "exploiting armor (SUP-193)".into(),
        AutoReason::Chindit => "chindits are always at least partially supplied (SUP-195)".into(),
        AutoReason::HomeIslands => "Japanese units in Japan (SUP-196)".into(),
        AutoReason::Bridgehead => "a bridgehead in the turn it is placed (SUP-197)".into(),
        AutoReason::Region(r) => format!("units in {r} are always supplied (SUP-031)"),
    }
}

/// Text for a block reason.
#[must_use]
pub fn reason_text(spec: &qm_core::spec::ScenarioSpec, r: &BlockReason) -> String {
    let nk = |n: &NationId| spec.ruleset.nation_key(*n).to_string();
    match r {
        BlockReason::EnemyControl(n) => format!("controlled by the enemy ({})", nk(n)),
        BlockReason::NotFriendly(n) => format!("controlled by {}, not of the tracing side", nk(n)),
        BlockReason::Uncontrolled => "controlled by no one".into(),
        BlockReason::Zoc(units) => {
            let ids: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
            format!("in the zone of control of {}", ids.join(", "))
        }
        BlockReason::EnemyPartisan(u) => format!("enemy partisan {u} (SUP-060)"),
        BlockReason::PartisanHeld => "held through a partisan, not controlled before it (SUP-060)".into(),
        BlockReason::Terrain => "its terrain limits the supply traced into or out of it (SUP-063)".into(),
        BlockReason::ClosedEntry(to) => {
            format!(
                "its way into {} is closed to this supply: a box condition not met, or a restricted route (SUP-026, SUP-027, SUP-062)",
                spec.map.describe(*to)
            )
        }
    }
}

fn refusal_text(r: &SourceRefusal) -> String {
    match r {
        SourceRefusal::NotEligible(None) => {
            "does not supply this nation (source class and cooperation, SUP-016..053)".into()
        }
        SourceRefusal::NotEligible(Some(_)) => "a limited source: partial supply at best (SUP-037)".into(),
        SourceRefusal::NotDesignated => "not designated as a source (SUP-015)".into(),
        SourceRefusal::DesignatedThisTurn => "designated this turn; supplies from next turn (SUP-015)".into(),
        SourceRefusal::OwnHexOnly => "supplies units that began the turn in its hex only (SUP-047, SUP-048)".into(),
        SourceRefusal::ArmorAdjacency(u) => {
            format!("both it and the next hex are in the zone of control of enemy armor {u} (SUP-058)")
        }
    }
}

/// What sea supply did for the zone of a unit at `node`: the line traced to
/// it, who protected and attacked it, and whether it was disrupted
/// (SUP-103..130); or that no line was traced.
#[must_use]
pub fn describe_sea(
    spec: &qm_core::spec::ScenarioSpec,
    zones: &qm_core::sea::Zones,
    log: &qm_core::sea::SeaLog,
    sup: &UnitSupply,
    node: NodeId,
) -> String {
    use std::fmt::Write;
    let map = &spec.map;
    let mut s = String::new();
    let same = zones.at.is_some_and(|a| sup.at.is_some_and(|b| a.turn == b.turn && a.side == b.side));
    let Some(zone) = zones.zones.iter().find(|z| z.hexes.binary_search(&node).is_ok()).filter(|_| same) else {
        return s;
    };
    let names = |v: &[UnitId]| v.iter().map(UnitId::as_str).collect::<Vec<_>>().join(", ");
    match zone.sea_line.and_then(|i| log.lines.get(i as usize)) {
        Some(l) => {
            let _ = write!(s, "  sea line {} from {} to {}", l.index, map.describe(l.from), map.describe(l.to));
            if l.protected_by.is_empty() {
                let _ = write!(s, ", unprotected");
            } else {
                let _ = write!(s, ", protected by {}", names(&l.protected_by));
            }
            if l.attacked_by.is_empty() {
                let _ = writeln!(s, ", not attacked");
            } else {
                let _ = write!(s, ", attacked by {}", names(&l.attacked_by));
                match l.rolls {
                    Some((p, a)) => {
                        let _ = write!(s, " (protection {p} against attack {a}, ruling 9)");
                    }
                    None => {
                        let _ = write!(s, " (an unprotected line attacked is disrupted, SUP-125)");
                    }
                }
                let _ = writeln!(s);
            }
            if l.disrupted {
                let reached: Vec<String> = l.reached.iter().map(|&n| map.describe(n)).collect();
                let _ = writeln!(
                    s,
                    "    disrupted: no supply by sea to its zone (SUP-130){}",
                    if reached.is_empty() {
                        String::new()
                    } else {
                        format!("; it reached {} first (SUP-102)", reached.join(", "))
                    }
                );
            } else if l.carried.is_empty() {
                let _ = writeln!(s, "    its origin held no supply to send (SUP-085)");
            } else if l.carried.iter().all(|&(_, t)| t != qm_core::ids::Tier::Full) {
                // SUP-085: a line carries what its origin holds; say why
                // that was partial when the origin's own sea line failed.
                let origin_line = zones
                    .zones
                    .iter()
                    .find(|z| z.hexes.binary_search(&l.from).is_ok())
                    .and_then(|z| z.sea_line)
                    .and_then(|i| log.lines.get(i as usize))
                    .filter(|o| o.index != l.index);
                match origin_line {
                    Some(o) if o.disrupted => {
                        let _ = writeln!(
                            s,
                            "    it carried partial supply: its origin's zone lost its own sea line {} from {} \
                             (disrupted), so it sent what it held by land (SUP-085, SUP-130)",
                            o.index,
                            map.describe(o.from)
                        );
                    }
                    _ => {
                        let _ = writeln!(s, "    it carried partial supply: all its origin held (SUP-085)");
                    }
                }
            }
        }
        None if zone.hexes.iter().any(|&h| crate::zones::takes_sea_supply(map, h)) => {
            let _ = writeln!(s, "  no sea line was traced to its zone (zone {})", zone.id);
        }
        None => {}
    }
    s
}
