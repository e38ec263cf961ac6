//! The dense view of the state that a determination runs on.
//!
//! Built once per determination from components, then read by the flood,
//! the statuses and the explanations. Not state: rebuilt every time.

use crate::sources::{Classes, GrantCtx, PARTIAL_BITS, SourceView};
use crate::zoc::{ZocUnit, zoc_hexes};
use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::condition::CondCtx;
use qm_core::ids::{DeterminationKind, FactionId, NationId, NodeId, Side, Tier, UnitId};
use qm_core::map::MapGraph;
use qm_core::nation::{Nation, NationState, NationStateC, NationStatus, effective_factions};
use qm_core::phase::{Determining, GameClock};
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::Spec;
use qm_core::state::Flags;
use qm_core::supply::{SourceRefusal, UnitStatus, UnitSupply};
use std::collections::BTreeMap;

/// The dense context of one determination.
#[derive(Resource, Clone, Debug, Default)]
pub struct SupplyContext {
    /// The side tracing supply.
    pub side: Option<Side>,
    /// Initial or post-combat.
    pub kind: Option<DeterminationKind>,
    /// Game turn.
    pub turn: u32,
    /// Nation states, by nation.
    pub nations: Vec<NationState>,
    /// Effective factions, by nation.
    pub factions: Vec<FactionId>,
    /// Controller, by node.
    pub control: Vec<Option<NationId>>,
    /// Original controller, by node (a nation's home territory).
    pub original: Vec<Option<NationId>>,
    /// Whether a node is controlled by the side (SUP-059).
    pub friendly: Vec<bool>,
    /// Whether a node is in an enemy zone of control (SUP-057).
    pub zoc: Vec<bool>,
    /// Enemy units exerting zones of control, by the node they stand in.
    pub zoc_units: BTreeMap<NodeId, Vec<ZocUnit>>,
    /// Enemy partisans, by node (SUP-060).
    pub enemy_partisans: BTreeMap<NodeId, UnitId>,
    /// Friendly nodes held through a partisan (SUP-060).
    pub partisan_held: Vec<bool>,
    /// Nodes whose terrain forbids tracing out (SUP-063).
    pub terrain_closed: Vec<bool>,
    /// Per node: the labels it may receive.
    pub accept: Vec<u64>,
    /// Per node: the labels it may pass on.
    pub emit: Vec<u64>,
    /// Box-entry gates, sorted by edge (SUP-026, SUP-027, SUP-065).
    pub gates: Vec<(u32, u64)>,
    /// Every source, by id.
    pub sources: Vec<SourceView>,
    /// Own-hex sources as `(node, index into sources)`, sorted.
    pub own_hex: std::collections::BTreeSet<(NodeId, u32)>,
    /// Supply classes of the side.
    pub classes: Classes,
    /// Bridgeheads of the side placed this player turn, with what they
    /// supply as sources at post-combat determination (SUP-034).
    pub bridgeheads: Vec<(UnitId, NodeId, Vec<Option<Tier>>)>,
    /// Per node, the labels of limited origins that may not reach it
    /// (SUP-081); empty when no origin limit is in play on the map.
    pub limit_blocked: Vec<u64>,
    /// Buffers kept between determinations.
    pub scratch: Scratch,
}

impl SupplyContext {
    /// The labels the land edge `from -> to` lets through (0 if there is no
    /// such edge; everything if it is not gated).
    #[must_use]
    pub fn link_bits(&self, map: &MapGraph, from: NodeId, to: NodeId) -> u64 {
        match map.land.find_edge(from, to) {
            Some(e) => match self.gates.binary_search_by_key(&(e as u32), |g| g.0) {
                Ok(i) => self.gates[i].1,
                Err(_) => u64::MAX,
            },
            None => 0,
        }
    }

    /// The nation whose home territory `node` is.
    #[must_use]
    pub fn nation_home(&self, node: NodeId) -> Option<NationId> {
        self.original.get(node as usize).copied().flatten()
    }

    /// A per-nation tier table from a list of `(nation, tier)`.
    #[must_use]
    pub fn nation_tiers(&self, carried: &[(NationId, Tier)]) -> Vec<Option<Tier>> {
        let mut t = vec![None; self.nations.len()];
        for &(n, tier) in carried {
            if let Some(slot) = t.get_mut(n.index()) {
                *slot = (*slot).max(Some(tier));
            }
        }
        t
    }

    /// The labels of limited origins that may not reach `node` (SUP-081):
    /// masked off what lands there by sea, as `accept` masks them off what
    /// comes by land.
    #[must_use]
    pub fn limit_block(&self, node: NodeId) -> u64 {
        self.limit_blocked.get(node as usize).copied().unwrap_or(0)
    }

    /// Whether the land edge `from -> to` lets anything through.
    #[must_use]
    pub fn link_open(&self, map: &MapGraph, from: NodeId, to: NodeId) -> bool {
        self.link_bits(map, from, to) != 0
    }
}

fn tier_mask(t: Option<Tier>) -> u64 {
    match t {
        Some(Tier::Full) => u64::MAX,
        Some(Tier::Partial) => PARTIAL_BITS,
        None => 0,
    }
}

/// The nodes whose terrain limits supply, with their `(accept, emit)`
/// masks (SUP-063), sorted by node. Most hexes have no limit, so the list
/// is sparse.
fn terrain_masks(rules: &Ruleset, map: &MapGraph) -> Vec<(NodeId, u64, u64)> {
    let mut out: BTreeMap<NodeId, (u64, u64)> = BTreeMap::new();
    for lim in &rules.terrain_limits {
        let Some(t) = rules.terrain.iter().position(|t| t.key == lim.terrain) else { continue };
        let region = match &lim.region {
            Some(r) => match map.region_id(r) {
                Some(id) => Some(id),
                None => continue, // the region is not on this map
            },
            None => None,
        };
        for (n, info) in map.nodes.iter().enumerate() {
            if map.is_hex(n as NodeId) && info.terrain.index() == t && (region.is_none() || info.region == region) {
                let ex = info.name.as_ref().and_then(|nm| lim.except.iter().find(|e| &e.place == nm));
                let masks = match ex {
                    Some(e) => (tier_mask(e.max_in), tier_mask(e.max_out)),
                    None => (tier_mask(lim.max_in), tier_mask(lim.max_out)),
                };
                out.insert(n as NodeId, masks);
            }
        }
    }
    out.into_iter().filter(|&(_, m)| m != (u64::MAX, u64::MAX)).map(|(n, (a, e))| (n, a, e)).collect()
}

/// The queries [`build_context`] reads.
type UnitQuery<'w, 's> = Query<'w, 's, (&'static Unit, &'static Location, &'static UnitSupply, &'static UnitFlags)>;

/// Builds the [`SupplyContext`] of the determining side.
#[allow(clippy::too_many_arguments, reason = "a system reading every part of the state it needs")]
pub fn build_context(
    spec: Res<Spec>,
    clock: Res<GameClock>,
    det: Res<Determining>,
    flags: Res<Flags>,
    nations_q: Query<(&Nation, &NationStateC)>,
    nodes_q: Query<(&MapNode, &Control, &HexDamage)>,
    units_q: UnitQuery,
    sources_q: Query<(&SupplySource, &Designation)>,
    mut ctx: ResMut<SupplyContext>,
) {
    let rules = &spec.ruleset;
    let map = &spec.map;
    let side = det.side;
    let n = map.node_count();

    let mut nations =
        vec![
            NationState { side: None, status: NationStatus::Neutral, patron: None, ever_surrendered: false };
            rules.nations.len()
        ];
    for (id, st) in &nations_q {
        if let Some(slot) = nations.get_mut(id.0.index()) {
            *slot = st.0;
        }
    }
    let factions = effective_factions(&rules.nations, &nations);
    let friendly_nation = |x: Option<NationId>| {
        x.and_then(|x| nations.get(x.index()))
            .is_some_and(|s| s.side == Some(side) && s.status != NationStatus::Surrendered)
    };

    // Reuse the previous determination's buffers: no allocation, no page
    // faults on big maps.
    let mut control = std::mem::take(&mut ctx.control);
    let mut original = std::mem::take(&mut ctx.original);
    let mut friendly = std::mem::take(&mut ctx.friendly);
    let mut partisan_held = std::mem::take(&mut ctx.partisan_held);
    let mut terrain_closed = std::mem::take(&mut ctx.terrain_closed);
    let mut accept = std::mem::take(&mut ctx.accept);
    let mut emit = std::mem::take(&mut ctx.emit);
    let mut zoc = std::mem::take(&mut ctx.zoc);
    let mut scratch = std::mem::take(&mut ctx.scratch);
    let mut limit_blocked = std::mem::take(&mut ctx.limit_blocked);
    // Every node has these components, so the gather overwrites them all;
    // the passability pass below overwrites the rest.
    control.resize(n, None);
    original.resize(n, None);
    friendly.resize(n, false);
    partisan_held.resize(n, false);
    terrain_closed.resize(n, false);
    accept.resize(n, 0);
    emit.resize(n, 0);
    scratch.damaged.resize(n, false);
    reset(&mut scratch.friendly_ground, n, false);
    for (node, c, d) in &nodes_q {
        let i = node.0 as usize;
        if i < n {
            control[i] = c.current;
            original[i] = c.original;
            scratch.damaged[i] = d.synthetic_oil;
            partisan_held[i] = c.by_partisan;
        }
    }
    for (f, &c) in friendly.iter_mut().zip(&control) {
        *f = friendly_nation(c);
    }

    // Enemy units: zones of control and partisans (SUP-057, SUP-060).
    let enemy = |nat: NationId| {
        nations.get(nat.index()).is_some_and(|s| s.side == Some(side.other()) && s.status == NationStatus::Active)
    };
    let mut zoc_units: BTreeMap<NodeId, Vec<ZocUnit>> = BTreeMap::new();
    let mut enemy_partisans = BTreeMap::new();
    let mut new_bridgeheads = Vec::new();
    for (u, loc, sup, flags) in &units_q {
        let Some(def) = rules.unit_type(u.kind) else { continue };
        let node = loc.node;
        if def.bridgehead && flags.bits.contains(UnitFlagBits::NEW_BRIDGEHEAD) && friendly_nation(Some(u.nation)) {
            new_bridgeheads.push((u.id.clone(), u.nation, node));
        }
        if !map.is_hex(node) || def.domain != Domain::Ground {
            continue;
        }
        if enemy(u.nation) {
            if def.partisan {
                let e = enemy_partisans.entry(node).or_insert_with(|| u.id.clone());
                if u.id < *e {
                    *e = u.id.clone();
                }
            }
            // SUP-152: units that lose their mechanized component lose their ZOC.
            let mech_lost = sup.status != UnitStatus::Full
                && rules.zoc.lost_when_mech_lost
                && def
                    .mech_loss
                    .as_ref()
                    .is_some_and(|m| m.applies(u.nation, map.node(node).map(|i| i.theater).unwrap_or_default()));
            if def.zoc && !mech_lost {
                zoc_units.entry(node).or_default().push(ZocUnit { id: u.id.clone(), armor: def.armor });
            }
        } else if friendly_nation(Some(u.nation)) {
            scratch.friendly_ground[node as usize] = true;
        }
    }
    for v in zoc_units.values_mut() {
        v.sort();
    }
    zoc_hexes(rules, map, &zoc_units, &scratch.friendly_ground, &mut zoc);

    // Passability (SUP-057..060, SUP-063). Terrain limits are static: built
    // once per map.
    if scratch.terrain_for != Some(n) {
        scratch.terrain = terrain_masks(rules, map);
        scratch.terrain_for = Some(n);
    }
    for i in 0..n {
        if !friendly[i] {
            (accept[i], emit[i], partisan_held[i], terrain_closed[i]) = (0, 0, false, false);
            continue;
        }
        accept[i] = u64::MAX;
        terrain_closed[i] = false;
        // SUP-057: no line through an enemy ZOC; SUP-060: nor through a hex
        // held through a partisan.
        emit[i] = if !zoc[i] && !partisan_held[i] { u64::MAX } else { 0 };
    }
    for &(node, t_in, t_out) in &scratch.terrain {
        let i = node as usize;
        if i < n && friendly[i] {
            accept[i] = t_in;
            terrain_closed[i] = t_out != u64::MAX;
            emit[i] &= t_out;
        }
    }
    // SUP-060: no line through, or into, a hex holding an enemy partisan.
    for &p in enemy_partisans.keys() {
        if let Some(i) = usize::try_from(p).ok().filter(|&i| i < n) {
            accept[i] = 0;
            emit[i] = 0;
            partisan_held[i] = false;
        }
    }

    // Box entries and their conditions.
    let cond = |owner: Option<NationId>, controller: Option<NationId>| CondCtx {
        nations: &nations,
        factions: &factions,
        flags: &flags.0,
        owner,
        controller,
        damaged: false,
    };
    let mut gates = Vec::new();
    for e in &map.box_entries {
        let Some(edge) = map.land.find_edge(e.from, e.to) else { continue };
        let owner = control.get(e.from as usize).copied().flatten();
        let open = e.when.holds(&cond(owner, owner))
            && e.controlled_by.is_none_or(|c| control.get(e.to as usize).copied().flatten() == Some(c));
        gates.push((edge as u32, if open { u64::MAX } else { 0 }));
    }

    // SUP-062: restricted land routes. A route is in play if its region is
    // on this map; each adds two origin groups (supply of its faction that
    // may use the route, and supply of its faction that may not).
    let routes: Vec<(usize, &qm_core::ruleset::LandRoute, qm_core::ids::RegionId)> = rules
        .land_routes
        .iter()
        .filter_map(|r| map.region_id(&r.into_region).map(|id| (r, id)))
        .enumerate()
        .map(|(i, (r, id))| (i, r, id))
        .collect();
    let route_groups = 1 + 2 * routes.len() as u8;
    let group_of = |controller: Option<NationId>, node: NodeId| -> u8 {
        let faction = controller.and_then(|c| factions.get(c.index()).copied());
        for &(i, r, _) in &routes {
            if faction == Some(r.faction) {
                let info = map.node(node);
                let named = |k: &String| info.is_some_and(|n| &n.label == k || n.name.as_ref() == Some(k));
                return if r.from.iter().any(named) { 1 + 2 * i as u8 } else { 2 + 2 * i as u8 };
            }
        }
        0
    };
    // SUP-081: origin limits in play on this map (one of its origins is a
    // source here and the map draws a front it names).
    let limits = limits_in_play(rules, map, &spec.sources);

    // Sources (SUP-013..053) and their designation (SUP-015).
    let grant = GrantCtx { rules, nations: &nations, factions: &factions, flags: &flags.0 };
    let mut sources: Vec<SourceView> = sources_q
        .iter()
        .map(|(s, d)| {
            let class = rules.source_classes.get(s.class.index());
            let inactive = if !d.designated {
                Some(SourceRefusal::NotDesignated)
            } else if !d.acts_in(clock.turn) {
                Some(SourceRefusal::DesignatedThisTurn)
            } else {
                None
            };
            let node = s.node as usize;
            let controller = control.get(node).copied().flatten();
            SourceView {
                id: s.id,
                node: s.node,
                own_hex_only: class.is_some_and(|c| c.own_hex_only),
                bridgehead: class.is_some_and(|c| c.bridgehead),
                group: group_of(controller, s.node),
                inactive,
                tiers: grant.tiers(s.class, s.owner, controller, scratch.damaged.get(node).copied().unwrap_or(false)),
            }
        })
        .collect();
    sources.sort_by_key(|s| s.id);
    // Origin groups: the route groups, then one more for each route group
    // and origin limit that a source combines (SUP-062, SUP-081).
    let mut group_route: Vec<u8> = (0..route_groups).collect();
    let mut group_limit: Vec<Option<usize>> = vec![None; route_groups as usize];
    if !limits.is_empty() {
        let limit_of = |node: NodeId| limits.iter().position(|l| l.from.contains(&node));
        let keys: std::collections::BTreeSet<(u8, usize)> =
            sources.iter().filter_map(|s| Some((s.group, limit_of(s.node)?))).collect();
        for &(g, j) in &keys {
            group_route.push(g);
            group_limit.push(Some(j));
        }
        for s in &mut sources {
            if let Some(j) = limit_of(s.node)
                && let Some(k) = keys.iter().position(|&key| key == (s.group, j))
            {
                s.group = route_groups + k as u8;
            }
        }
    }
    let groups = group_route.len() as u8;
    let classes = Classes::group(&nations, side, &sources, groups);
    let mask_of = |keep: &dyn Fn(usize) -> bool| -> u64 {
        (0..groups).filter(|&g| keep(g as usize)).fold(0u64, |m, g| m | classes.group_mask(g))
    };

    // SUP-081: a limited origin's supply may not enter the hexes beyond its
    // fronts, by land (`accept`) or by sea (`limit_blocked`).
    limit_blocked.clear();
    if !limits.is_empty() {
        limit_blocked.resize(n, 0);
        for (j, l) in limits.iter().enumerate() {
            let bits = mask_of(&|g| group_limit[g] == Some(j));
            if bits == 0 {
                continue;
            }
            for h in 0..map.hex_count as usize {
                if l.blocks(map.nodes[h].front) {
                    limit_blocked[h] |= bits;
                    accept[h] &= !bits;
                }
            }
        }
    }

    // The gates of region borders: a route's supply enters its region only
    // over its links, while its condition holds, and only from its sources.
    for &(i, r, region) in &routes {
        let (may, never) =
            (mask_of(&|g| group_route[g] == 1 + 2 * i as u8), mask_of(&|g| group_route[g] == 2 + 2 * i as u8));
        let open = r.when.holds(&cond(None, None));
        let via: Vec<(NodeId, NodeId)> = r.via.iter().filter_map(|(a, b)| Some((map.find(a)?, map.find(b)?))).collect();
        for a in 0..map.hex_count {
            for (e, b, k) in map.land.edges(a, qm_trace::EdgeKinds::GATED) {
                let (ra, rb) = (map.node(a).and_then(|x| x.region), map.node(b).and_then(|x| x.region));
                if rb != Some(region) || ra == Some(region) || !k.intersects(qm_trace::EdgeKinds::LAND) {
                    continue;
                }
                let through = if open && via.contains(&(a, b)) { may } else { 0 };
                gates.push((e as u32, !(may | never) | through));
            }
        }
    }
    gates.sort_unstable();
    gates.dedup_by_key(|g| g.0);

    let own_hex = sources.iter().enumerate().filter(|(_, s)| s.own_hex_only).map(|(i, s)| (s.node, i as u32)).collect();
    // SUP-034: a bridgehead is an unlimited source for its side, within the
    // cooperation table.
    new_bridgeheads.sort();
    let bridgeheads = new_bridgeheads
        .into_iter()
        .map(|(id, nation, node)| {
            let coop = CondCtx {
                nations: &nations,
                factions: &factions,
                flags: &flags.0,
                owner: Some(nation),
                controller: Some(nation),
                damaged: false,
            };
            let tiers = (0..nations.len())
                .map(|i| {
                    let ok = nations[i].side == Some(side);
                    let (sf, uf) = (factions.get(nation.index()), factions.get(i));
                    match (ok, sf, uf) {
                        (true, Some(&sf), Some(&uf)) => rules.cooperation_cap(sf, uf, &coop),
                        _ => None,
                    }
                })
                .collect();
            (id, node, tiers)
        })
        .collect();

    *ctx = SupplyContext {
        side: Some(side),
        kind: Some(det.kind),
        turn: clock.turn,
        nations,
        factions,
        control,
        original,
        friendly,
        zoc,
        zoc_units,
        enemy_partisans,
        partisan_held,
        terrain_closed,
        accept,
        emit,
        gates,
        sources,
        own_hex,
        classes,
        bridgeheads,
        limit_blocked,
        scratch,
    };
}

/// An origin limit in play on a map (SUP-081).
struct LimitInPlay {
    /// Its origins that are supply sources on the map.
    from: Vec<NodeId>,
    /// The fronts it may not leave, among those the map draws.
    within: Vec<qm_core::ids::FrontId>,
    /// The fronts it may not enter, among those the map draws.
    not_into: Vec<qm_core::ids::FrontId>,
}

impl LimitInPlay {
    /// Whether its supply may not reach a hex on `front`.
    fn blocks(&self, front: Option<qm_core::ids::FrontId>) -> bool {
        (!self.within.is_empty() && !front.is_some_and(|f| self.within.contains(&f)))
            || front.is_some_and(|f| self.not_into.contains(&f))
    }
}

/// The origin limits of the ruleset in play on `map` (SUP-081).
fn limits_in_play(rules: &Ruleset, map: &MapGraph, sources: &[qm_core::spec::SourceDef]) -> Vec<LimitInPlay> {
    if map.fronts.is_empty() {
        return Vec::new();
    }
    rules
        .origin_limits
        .iter()
        .filter_map(|l| {
            let mut from: Vec<NodeId> =
                l.from.iter().filter_map(|k| map.find(k)).filter(|&n| sources.iter().any(|s| s.node == n)).collect();
            from.sort_unstable();
            let within: Vec<_> = l.within.iter().filter_map(|f| map.front_id(f)).collect();
            let not_into: Vec<_> = l.not_into.iter().filter_map(|f| map.front_id(f)).collect();
            (!from.is_empty() && (!within.is_empty() || !not_into.is_empty())).then_some(LimitInPlay {
                from,
                within,
                not_into,
            })
        })
        .collect()
}

fn reset<T: Clone>(v: &mut Vec<T>, n: usize, value: T) {
    v.clear();
    v.resize(n, value);
}

impl Scratch {
    /// The labels terrain lets out of a node (SUP-063).
    #[must_use]
    pub fn terrain_out(&self, node: usize) -> u64 {
        self.terrain.binary_search_by_key(&(node as NodeId), |t| t.0).map_or(u64::MAX, |k| self.terrain[k].2)
    }
}

/// Buffers kept between determinations.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    damaged: Vec<bool>,
    friendly_ground: Vec<bool>,
    /// Static per map: the nodes with `(accept, emit)` limits from terrain
    /// (SUP-063), sorted.
    terrain: Vec<(NodeId, u64, u64)>,
    /// The node count `terrain` was built for.
    terrain_for: Option<usize>,
}
