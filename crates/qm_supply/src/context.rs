//! The dense view of the state that a determination runs on.
//!
//! Built once per determination from components, then read by the flood,
//! the statuses and the explanations. Not state: rebuilt every time, but
//! for the hexes' side-independent columns, which it keeps and brings up
//! to date from the hexes that changed ([`crate::node_sync`]).

use crate::map_rules::MapRules;
use crate::node_sync::{ControlColumns, NodeData, NodeItem, NodeQuery, NodeSync, reset};
use crate::sources::{Classes, GrantCtx, PARTIAL_BITS, SourceView};
use crate::zoc::{ZocTargets, ZocUnit, ZocUnits, zoc_hexes};
use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemChangeTick;
use qm_core::components::*;
use qm_core::condition::CondCtx;
use qm_core::ids::{DeterminationKind, FactionId, NationId, NodeId, NodeVec, Side, Tier, UnitId};
use qm_core::map::MapGraph;
use qm_core::nation::{Nation, NationState, NationStateC, NationStatus, effective_factions};
use qm_core::phase::{Determining, GameClock};
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::state::Flags;
use qm_core::supply::{SourceRefusal, UnitStatus, UnitSupply};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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
    pub control: NodeVec<Option<NationId>>,
    /// Original controller, by node (a nation's home territory).
    pub original: NodeVec<Option<NationId>>,
    /// Whether a node is controlled by the side (SUP-059).
    pub friendly: NodeVec<bool>,
    /// Whether a node is in an enemy zone of control (SUP-057).
    pub zoc: NodeVec<bool>,
    /// Enemy units exerting zones of control, by the node they stand in.
    pub zoc_units: ZocUnits,
    /// Enemy partisans, by node (SUP-060).
    pub enemy_partisans: BTreeMap<NodeId, UnitId>,
    /// Friendly nodes held through a partisan (SUP-060).
    pub partisan_held: NodeVec<bool>,
    /// Nodes whose terrain forbids tracing out (SUP-063).
    pub terrain_closed: NodeVec<bool>,
    /// Per node: the labels it may receive.
    pub accept: NodeVec<u64>,
    /// Per node: the labels it may pass on.
    pub emit: NodeVec<u64>,
    /// Per node: what it is to supply zones (SUP-093), [`ZONE_CORE`],
    /// [`ZONE_ATTACH`] or [`ZONE_NONE`], kept with `accept` and `emit` so
    /// that labelling zones reads one byte a node instead of three words.
    pub zone_class: NodeVec<u8>,
    /// Box-entry gates, sorted by edge (SUP-026, SUP-027, SUP-065).
    pub gates: Vec<(u32, u64)>,
    /// Every source, by id.
    pub sources: Vec<SourceView>,
    /// Own-hex sources as `(node, index into sources)`, sorted.
    pub own_hex: std::collections::BTreeSet<(NodeId, u32)>,
    /// Every source as `(node, index into sources)`, sorted: the sources
    /// of a node without a pass over all of them.
    pub sources_at: Vec<(NodeId, u32)>,
    /// Supply classes of the side.
    pub classes: Classes,
    /// Bridgeheads of the side placed this player turn, with what they
    /// supply as sources at post-combat determination (SUP-034).
    pub bridgeheads: Vec<(UnitId, NodeId, Vec<Option<Tier>>)>,
    /// Per node, the labels of limited origins that may not reach it
    /// (SUP-081); empty when no origin limit is in play on the map.
    pub limit_blocked: NodeVec<u64>,
    /// The nodes the side captured this player turn, sorted (SUP-096,
    /// SUP-142): gathered with control, so that later stages need no
    /// second pass over the hex entities.
    pub captured_now: Vec<NodeId>,
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
        self.original.get(node).copied().flatten()
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
        self.limit_blocked.get(node).copied().unwrap_or(0)
    }

    /// The indices (into `sources`) of the sources standing at `node`, in
    /// order.
    pub fn source_indices_at(&self, node: NodeId) -> impl Iterator<Item = usize> + '_ {
        let from = self.sources_at.partition_point(|&(n, _)| n < node);
        self.sources_at[from..].iter().take_while(move |&&(n, _)| n == node).map(|&(_, i)| i as usize)
    }

    /// The sources standing at `node`.
    pub fn sources_of(&self, node: NodeId) -> impl Iterator<Item = &SourceView> + '_ {
        self.source_indices_at(node).filter_map(|i| self.sources.get(i))
    }

    /// Whether the land edge `from -> to` lets anything through.
    #[must_use]
    pub fn link_open(&self, map: &MapGraph, from: NodeId, to: NodeId) -> bool {
        self.link_bits(map, from, to) != 0
    }
}

/// In [`SupplyContext::zone_class`]: not a hex of the side's zones (the
/// kernel's class, which `qm_trace::label_zones_of` reads).
pub const ZONE_NONE: u8 = qm_trace::ZONE_NONE;
/// In [`SupplyContext::zone_class`]: a friendly node that receives supply
/// but passes none on (enemy ZOC, held through a partisan: SUP-057, SUP-060);
/// it joins a zone next to it (SUP-093).
pub const ZONE_ATTACH: u8 = qm_trace::ZONE_ATTACH;
/// In [`SupplyContext::zone_class`]: a friendly node that passes supply on;
/// these make the zones (SUP-093).
pub const ZONE_CORE: u8 = qm_trace::ZONE_CORE;

/// The zone class of a node from its control and passability.
#[must_use]
pub const fn zone_class_of(friendly: bool, accept: u64, emit: u64) -> u8 {
    if !friendly {
        ZONE_NONE
    } else if emit != 0 {
        ZONE_CORE
    } else if accept != 0 {
        ZONE_ATTACH
    } else {
        ZONE_NONE
    }
}

fn tier_mask(t: Option<Tier>) -> u64 {
    match t {
        Some(Tier::Full) => u64::MAX,
        Some(Tier::Partial) => PARTIAL_BITS,
        None => 0,
    }
}

/// The queries [`build_context`] reads.
type UnitQuery<'w, 's> = Query<'w, 's, (&'static Unit, &'static Location, &'static UnitSupply, &'static UnitFlags)>;

/// One unit as a context reads it.
pub(crate) type UnitItem<'a> = (&'a Unit, &'a Location, &'a UnitSupply, &'a UnitFlags);

/// What a context is built from: the scenario, the clock's turn, the
/// determination, the flags, and the nations, hexes (with the change ticks
/// of their components), units and sources, each yielded once. The system
/// [`build_context`] reads them through its queries, [`context_of`]
/// straight from a `&World`: one computation ([`SupplyContext::fill`])
/// serves both.
pub(crate) struct ContextReads<'a, N, H, U, S> {
    /// The scenario.
    pub spec: &'a Arc<ScenarioSpec>,
    /// The game turn.
    pub turn: u32,
    /// The side tracing supply, and initial or post-combat.
    pub det: Determining,
    /// The scenario flags.
    pub flags: &'a BTreeSet<String>,
    /// Every nation with its state.
    pub nations: N,
    /// Every hex ([`NodeItem`]).
    pub nodes: H,
    /// Every unit ([`UnitItem`]).
    pub units: U,
    /// Every supply source with its designation.
    pub sources: S,
    /// The tick the hexes are read at ([`NodeSync`]).
    pub this_run: Tick,
}

/// Builds the [`SupplyContext`] of the determining side, in named steps
/// ([`SupplyContext::fill`]). Every name of the ruleset (places, regions,
/// fronts, terrain) was resolved when the scenario was compiled
/// ([`MapRules::of`]): no step looks a name up.
#[allow(clippy::too_many_arguments, reason = "a system reading every part of the state it needs")]
pub fn build_context(
    spec: Res<Spec>,
    clock: Res<GameClock>,
    det: Res<Determining>,
    flags: Res<Flags>,
    nations_q: Query<(&Nation, &NationStateC)>,
    nodes_q: NodeQuery,
    ticks: SystemChangeTick,
    units_q: UnitQuery,
    sources_q: Query<(&SupplySource, &Designation)>,
    mut ctx: ResMut<SupplyContext>,
) {
    // Reuse the previous determination's buffers: no allocation, no page
    // faults on big maps.
    let mut c = std::mem::take(&mut *ctx);
    c.fill(ContextReads {
        spec: &spec.0,
        turn: clock.turn,
        det: *det,
        flags: &flags.0,
        nations: &nations_q,
        nodes: &nodes_q,
        units: &units_q,
        sources: &sources_q,
        this_run: ticks.this_run(),
    });
    *ctx = c;
}

/// The context a determination of `side` of `kind` would build now, read
/// from `world` without changing it: built into a fresh context (every hex
/// read, no buffers of the determinations' own context used or touched), no
/// resource inserted or removed. `None` without a scenario, a clock or
/// flags. What [`crate::passability::Passability`] builds for other
/// families.
#[must_use]
pub fn context_of(world: &World, side: Side, kind: DeterminationKind) -> Option<SupplyContext> {
    let spec = world.get_resource::<Spec>()?;
    let clock = world.get_resource::<GameClock>()?;
    let flags = world.get_resource::<Flags>()?;
    let mut nations = world.try_query::<(&Nation, &NationStateC)>();
    let mut nodes = world.try_query::<NodeData>();
    let mut units = world.try_query::<(&Unit, &Location, &UnitSupply, &UnitFlags)>();
    let mut sources = world.try_query::<(&SupplySource, &Designation)>();
    let mut c = SupplyContext::default();
    c.fill(ContextReads {
        spec: &spec.0,
        turn: clock.turn,
        det: Determining { side, kind },
        flags: &flags.0,
        nations: nations.iter_mut().flat_map(|q| q.iter(world)),
        nodes: nodes.iter_mut().flat_map(|q| q.iter(world)),
        units: units.iter_mut().flat_map(|q| q.iter(world)),
        sources: sources.iter_mut().flat_map(|q| q.iter(world)),
        this_run: world.read_change_tick(),
    });
    Some(c)
}

impl SupplyContext {
    /// Builds the context of `r.det`'s side from `r`, in named steps, into
    /// this context's buffers.
    pub(crate) fn fill<'a, N, H, U, S>(&mut self, r: ContextReads<'a, N, H, U, S>)
    where
        N: IntoIterator<Item = (&'a Nation, &'a NationStateC)>,
        H: IntoIterator<Item = NodeItem<'a>>,
        U: IntoIterator<Item = UnitItem<'a>>,
        S: IntoIterator<Item = (&'a SupplySource, &'a Designation)>,
    {
        let ContextReads { spec, turn, det, flags, nations, nodes, units, sources, this_run } = r;
        let (rules, map) = (&spec.ruleset, &spec.map);
        let c = self;
        c.side = Some(det.side);
        c.kind = Some(det.kind);
        c.turn = turn;
        c.gather_nations(rules, nations);
        // Units first: the zones of control are known before the one pass
        // over the nodes that reads their control and decides their
        // passability.
        let new_bridgeheads = c.gather_enemy_units(rules, map, units);
        let targets = c.scratch.zoc_targets.of(spec);
        zoc_hexes(rules, map, (&c.zoc_units, targets), &c.scratch.friendly_ground, &mut c.zoc);
        c.gather_control(map.node_count(), nodes, (turn, det.side), this_run);
        let map_rules = MapRules::of(spec);
        c.passability_limits(map_rules);
        c.box_gates(map, flags);
        c.sources = c.source_views(spec, turn, flags, sources);
        let groups = c.origin_groups(map_rules);
        c.classes = Classes::group(&c.nations, det.side, &c.sources, groups.count());
        c.apply_origin_limits(map, map_rules, &groups);
        c.route_gates(spec, &groups, flags);
        c.own_hex =
            c.sources.iter().enumerate().filter(|(_, s)| s.own_hex_only).map(|(i, s)| (s.node, i as u32)).collect();
        c.sources_at.clear();
        c.sources_at.extend(c.sources.iter().enumerate().map(|(i, s)| (s.node, i as u32)));
        c.sources_at.sort_unstable();
        c.bridgeheads = c.bridgehead_sources(rules, new_bridgeheads, flags);
    }
}

/// A restored state keeps the buffers of the last determination and the
/// scenario's ZOC targets: the next determination overwrites every column
/// it reads. `side` and `kind` go back to `None`, which says that the
/// context holds no determination (`qm step`'s map reads it only for its
/// own side).
impl qm_core::plugin::Cache for SupplyContext {
    fn invalidate(&mut self) {
        self.side = None;
        self.kind = None;
        self.scratch.nodes.invalidate();
    }
}

/// The origin groups of a determination (SUP-062, SUP-081): for each, the
/// route group it belongs to and the origin limit it is bound by.
struct OriginGroups {
    /// Per group: its route group (`0`, or `1 + 2i` and `2 + 2i` for route
    /// `i`: supply that may use the route, and supply that may not).
    route: Vec<u8>,
    /// Per group: the origin limit (index into `map_rules.origin_limits`).
    limit: Vec<Option<usize>>,
}

impl OriginGroups {
    fn count(&self) -> u8 {
        self.route.len() as u8
    }
}

/// A new bridgehead of the side: `(unit, nation, node)`.
type NewBridgehead = (UnitId, NationId, NodeId);

impl SupplyContext {
    /// The condition context of this determination for a source or box of
    /// `owner` held by `controller`.
    fn cond<'a>(
        &'a self,
        flags: &'a BTreeSet<String>,
        owner: Option<NationId>,
        controller: Option<NationId>,
    ) -> CondCtx<'a> {
        CondCtx { nations: &self.nations, factions: &self.factions, flags, owner, controller, damaged: false }
    }

    /// Whether a nation is of the determining side and not surrendered
    /// (SUP-059).
    fn friendly_nation(&self, x: Option<NationId>) -> bool {
        let side = self.side;
        x.and_then(|x| self.nations.get(x.index()))
            .is_some_and(|s| s.side.is_some() && s.side == side && s.status != NationStatus::Surrendered)
    }

    /// Nation states and effective factions.
    fn gather_nations<'a>(
        &mut self,
        rules: &Ruleset,
        nations_q: impl IntoIterator<Item = (&'a Nation, &'a NationStateC)>,
    ) {
        let neutral = NationState { side: None, status: NationStatus::Neutral, patron: None, ever_surrendered: false };
        reset(&mut self.nations, rules.nations.len(), neutral);
        for (id, st) in nations_q {
            if let Some(slot) = self.nations.get_mut(id.0.index()) {
                *slot = st.0;
            }
        }
        self.factions = effective_factions(&rules.nations, &self.nations);
    }

    /// Control, original control, damage and partisan holding of every
    /// node, read from the hexes that changed since the last determination
    /// ([`NodeSync`]); then which nodes the side controls and what each may
    /// receive and pass on by its control, from those columns alone; and
    /// which the side captured this player turn (`now`: the turn and side).
    fn gather_control<'a>(
        &mut self,
        n: usize,
        nodes_q: impl IntoIterator<Item = NodeItem<'a>>,
        now: (u32, Side),
        this_run: Tick,
    ) {
        let cols = ControlColumns { control: &mut self.control, original: &mut self.original };
        self.scratch.nodes.sync(cols, n, nodes_q, this_run);
        self.side_columns(n);
        self.captured_now.clear();
        self.captured_now.extend(self.scratch.nodes.captured_at(now));
    }

    /// Which nodes the side controls and what each may receive and pass on
    /// by its control (SUP-057, SUP-059, SUP-060), for every node, from the
    /// dense columns; [`Self::passability_limits`] then applies terrain and
    /// enemy partisans. Needs `zoc`.
    fn side_columns(&mut self, n: usize) {
        // Whether each controller is friendly, decided once, indexed by the
        // controller plus one (0: none): the loop below then reads one
        // entry a node and decides without branching.
        let friendly_of: Vec<bool> = std::iter::once(false)
            .chain((0..self.nations.len()).map(|k| self.friendly_nation(Some(NationId(k as u16)))))
            .collect();
        let is_friendly = |c: Option<NationId>| friendly_of.get(c.map_or(0, |c| c.index() + 1)).copied() == Some(true);
        for v in [&mut self.friendly, &mut self.partisan_held, &mut self.terrain_closed] {
            v.resize(n, false);
        }
        self.accept.resize(n, 0);
        self.emit.resize(n, 0);
        self.zone_class.resize(n, ZONE_NONE);
        self.zoc.resize(n, false);
        let end = NodeId::from_index(n);
        self.terrain_closed[..end].fill(false);
        let by_partisan = &self.scratch.nodes.by_partisan[..end];
        let rows = self.control[..end].iter().zip(by_partisan).zip(&self.zoc[..end]);
        let outs = self.friendly[..end].iter_mut().zip(&mut self.partisan_held[..end]);
        let masks = self.accept[..end].iter_mut().zip(&mut self.emit[..end]).zip(&mut self.zone_class[..end]);
        for (((&control, &partisan), &zoc), ((friendly, held), ((accept, emit), class))) in rows.zip(outs.zip(masks)) {
            let f = is_friendly(control);
            // SUP-057: no line through an enemy ZOC; SUP-060: nor through a
            // hex held through a partisan.
            let passes = f & !zoc & !partisan;
            *friendly = f;
            *held = f & partisan;
            *accept = u64::from(f).wrapping_neg();
            *emit = u64::from(passes).wrapping_neg();
            *class = u8::from(f) * ZONE_ATTACH + u8::from(passes) * (ZONE_CORE - ZONE_ATTACH);
        }
    }

    /// Enemy units exerting zones of control and enemy partisans (SUP-057,
    /// SUP-060, SUP-152), the nodes holding friendly ground units, and the
    /// side's new bridgeheads (SUP-034).
    fn gather_enemy_units<'a>(
        &mut self,
        rules: &Ruleset,
        map: &MapGraph,
        units_q: impl IntoIterator<Item = UnitItem<'a>>,
    ) -> Vec<NewBridgehead> {
        let side = self.side;
        let enemy = |nations: &[NationState], nat: NationId| {
            nations.get(nat.index()).is_some_and(|s| {
                s.side.is_some() && s.side.map(Side::other) == side && s.status == NationStatus::Active
            })
        };
        reset(&mut self.scratch.friendly_ground, map.node_count(), false);
        self.zoc_units.clear();
        self.enemy_partisans.clear();
        let mut new_bridgeheads = Vec::new();
        for (u, loc, sup, flags) in units_q {
            let Some(def) = rules.unit_type(u.kind) else { continue };
            let node = loc.node;
            if def.bridgehead
                && flags.bits.contains(UnitFlagBits::NEW_BRIDGEHEAD)
                && self.friendly_nation(Some(u.nation))
            {
                new_bridgeheads.push((u.id.clone(), u.nation, node));
            }
            if !map.is_board(node) || def.domain != Domain::Ground {
                continue;
            }
            if enemy(&self.nations, u.nation) {
                if def.partisan {
                    let e = self.enemy_partisans.entry(node).or_insert_with(|| u.id.clone());
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
                    self.zoc_units.push(node, ZocUnit { id: u.id.clone(), armor: def.armor });
                }
            } else if self.friendly_nation(Some(u.nation)) {
                self.scratch.friendly_ground[node] = true;
            }
        }
        self.zoc_units.sort();
        new_bridgeheads
    }

    /// The limits on what nodes may receive and pass on that are not a
    /// node's control: terrain (SUP-063) and enemy partisans (SUP-060),
    /// after [`Self::gather_control`].
    fn passability_limits(&mut self, map_rules: &MapRules) {
        let n = self.control.len();
        // SUP-063: terrain limits, resolved once per scenario.
        self.scratch.terrain.clear();
        self.scratch
            .terrain
            .extend(map_rules.terrain_limits.iter().map(|l| (l.node, tier_mask(l.max_in), tier_mask(l.max_out))));
        for &(i, t_in, t_out) in &self.scratch.terrain {
            if i.index() < n && self.friendly[i] {
                self.accept[i] = t_in;
                self.terrain_closed[i] = t_out != u64::MAX;
                self.emit[i] &= t_out;
                self.zone_class[i] = zone_class_of(true, self.accept[i], self.emit[i]);
            }
        }
        // SUP-060: no line through, or into, a hex holding an enemy partisan.
        for &i in self.enemy_partisans.keys() {
            if i.index() < n {
                self.accept[i] = 0;
                self.emit[i] = 0;
                self.partisan_held[i] = false;
                self.zone_class[i] = ZONE_NONE;
            }
        }
    }

    /// The gates of box entries: open while their condition holds and the
    /// entry hex is held as they require (SUP-026, SUP-027, SUP-065).
    fn box_gates(&mut self, map: &MapGraph, flags: &BTreeSet<String>) {
        let mut gates = std::mem::take(&mut self.gates);
        gates.clear();
        for e in &map.box_entries {
            let Some(edge) = map.land.find_edge(e.from, e.to) else { continue };
            let owner = self.control.get(e.from).copied().flatten();
            let open = e.when.holds(&self.cond(flags, owner, owner))
                && e.controlled_by.is_none_or(|c| self.control.get(e.to).copied().flatten() == Some(c));
            gates.push((edge as u32, if open { u64::MAX } else { 0 }));
        }
        self.gates = gates;
    }

    /// The origin group of a source held by `controller` at `node` (SUP-062):
    /// supply of a restricted route's faction from one of the route's
    /// origins, or from elsewhere; `0` for everything else.
    fn route_group(&self, spec: &ScenarioSpec, controller: Option<NationId>, node: NodeId) -> u8 {
        let faction = controller.and_then(|c| self.factions.get(c.index()).copied());
        for (i, r) in MapRules::of(spec).land_routes.iter().enumerate() {
            if spec.ruleset.land_routes.get(r.route).is_some_and(|lr| faction == Some(lr.faction)) {
                return if r.from.binary_search(&node).is_ok() { 1 + 2 * i as u8 } else { 2 + 2 * i as u8 };
            }
        }
        0
    }

    /// Every source as the flood sees it (SUP-013..053), with its
    /// designation (SUP-015), sorted by id.
    fn source_views<'a>(
        &self,
        spec: &ScenarioSpec,
        turn: u32,
        flags: &BTreeSet<String>,
        sources_q: impl IntoIterator<Item = (&'a SupplySource, &'a Designation)>,
    ) -> Vec<SourceView> {
        let rules = &spec.ruleset;
        let grant = GrantCtx { rules, nations: &self.nations, factions: &self.factions, flags };
        let mut sources: Vec<SourceView> = sources_q
            .into_iter()
            .map(|(s, d)| {
                let class = rules.source_classes.get(s.class.index());
                let inactive = if !d.designated {
                    Some(SourceRefusal::NotDesignated)
                } else if !d.acts_in(turn) {
                    Some(SourceRefusal::DesignatedThisTurn)
                } else {
                    None
                };
                let node = s.node;
                let controller = self.control.get(node).copied().flatten();
                let damaged = self.scratch.nodes.damaged.get(node).copied().unwrap_or(false);
                SourceView {
                    id: s.id,
                    node: s.node,
                    own_hex_only: class.is_some_and(|c| c.own_hex_only),
                    bridgehead: class.is_some_and(|c| c.bridgehead),
                    group: self.route_group(spec, controller, s.node),
                    inactive,
                    tiers: grant.tiers(s.class, s.owner, controller, damaged),
                }
            })
            .collect();
        sources.sort_by_key(|s| s.id);
        sources
    }

    /// Origin groups: the route groups (SUP-062), then one more for each
    /// route group and origin limit (SUP-081) that a source combines; the
    /// sources are moved into the latter.
    fn origin_groups(&mut self, map_rules: &MapRules) -> OriginGroups {
        let route_groups = 1 + 2 * map_rules.land_routes.len() as u8;
        let mut groups = OriginGroups { route: (0..route_groups).collect(), limit: vec![None; route_groups as usize] };
        let limits = &map_rules.origin_limits;
        if limits.is_empty() {
            return groups;
        }
        let limit_of = |node: NodeId| limits.iter().position(|l| l.from.binary_search(&node).is_ok());
        let keys: BTreeSet<(u8, usize)> =
            self.sources.iter().filter_map(|s| Some((s.group, limit_of(s.node)?))).collect();
        for &(g, j) in &keys {
            groups.route.push(g);
            groups.limit.push(Some(j));
        }
        for s in &mut self.sources {
            if let Some(j) = limit_of(s.node)
                && let Some(k) = keys.iter().position(|&key| key == (s.group, j))
            {
                s.group = route_groups + k as u8;
            }
        }
        groups
    }

    /// The labels of the origin groups that `keep` selects.
    fn groups_mask(&self, groups: &OriginGroups, keep: impl Fn(usize) -> bool) -> u64 {
        (0..groups.count()).filter(|&g| keep(g as usize)).fold(0u64, |m, g| m | self.classes.group_mask(g))
    }

    /// SUP-081: a limited origin's supply may not enter the nodes beyond its
    /// fronts, by land (`accept`) or by sea (`limit_blocked`).
    fn apply_origin_limits(&mut self, map: &MapGraph, map_rules: &MapRules, groups: &OriginGroups) {
        self.limit_blocked.clear();
        if map_rules.origin_limits.is_empty() {
            return;
        }
        self.limit_blocked.resize(map.node_count(), 0);
        for (j, l) in map_rules.origin_limits.iter().enumerate() {
            let bits = self.groups_mask(groups, |g| groups.limit[g] == Some(j));
            if bits == 0 {
                continue;
            }
            for h in map.board_nodes() {
                if l.blocks(map.nodes[h].front) {
                    self.limit_blocked[h] |= bits;
                    self.accept[h] &= !bits;
                    self.zone_class[h] = zone_class_of(self.friendly[h], self.accept[h], self.emit[h]);
                }
            }
        }
    }

    /// SUP-062: the gates of region borders: a route's supply enters its
    /// region only over its links, while its condition holds, and only from
    /// its origins. Merged with the box gates, sorted by edge.
    fn route_gates(&mut self, spec: &ScenarioSpec, groups: &OriginGroups, flags: &BTreeSet<String>) {
        let map = &spec.map;
        let mut gates = std::mem::take(&mut self.gates);
        for (i, r) in MapRules::of(spec).land_routes.iter().enumerate() {
            let Some(route) = spec.ruleset.land_routes.get(r.route) else { continue };
            let may = self.groups_mask(groups, |g| groups.route[g] == 1 + 2 * i as u8);
            let never = self.groups_mask(groups, |g| groups.route[g] == 2 + 2 * i as u8);
            let open = route.when.holds(&self.cond(flags, None, None));
            for a in map.board_nodes() {
                for (e, b, k) in map.land.edges(a, qm_trace::EdgeKinds::GATED) {
                    let (ra, rb) = (map.node(a).and_then(|x| x.region), map.node(b).and_then(|x| x.region));
                    if rb != Some(r.region) || ra == Some(r.region) || !k.intersects(qm_trace::EdgeKinds::LAND) {
                        continue;
                    }
                    let through = if open && r.via.contains(&(a, b)) { may } else { 0 };
                    gates.push((e as u32, !(may | never) | through));
                }
            }
        }
        gates.sort_unstable();
        gates.dedup_by_key(|g| g.0);
        self.gates = gates;
    }

    /// SUP-034: a bridgehead placed this player turn is an unlimited source
    /// for its side, within the cooperation table.
    fn bridgehead_sources(
        &self,
        rules: &Ruleset,
        mut new_bridgeheads: Vec<NewBridgehead>,
        flags: &BTreeSet<String>,
    ) -> Vec<(UnitId, NodeId, Vec<Option<Tier>>)> {
        new_bridgeheads.sort();
        new_bridgeheads
            .into_iter()
            .map(|(id, nation, node)| {
                let coop = self.cond(flags, Some(nation), Some(nation));
                let tiers = (0..self.nations.len())
                    .map(|i| {
                        let ok = self.nations[i].side.is_some() && self.nations[i].side == self.side;
                        let (sf, uf) = (self.factions.get(nation.index()), self.factions.get(i));
                        match (ok, sf, uf) {
                            (true, Some(&sf), Some(&uf)) => rules.cooperation_cap(sf, uf, &coop),
                            _ => None,
                        }
                    })
                    .collect();
                (id, node, tiers)
            })
            .collect()
    }
}

impl Scratch {
    /// The labels terrain lets out of a node (SUP-063).
    #[must_use]
    pub fn terrain_out(&self, node: NodeId) -> u64 {
        self.terrain.binary_search_by_key(&node, |t| t.0).map_or(u64::MAX, |k| self.terrain[k].2)
    }
}

/// Buffers kept between determinations.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The hexes' side-independent columns, kept between determinations.
    nodes: NodeSync,
    friendly_ground: NodeVec<bool>,
    /// The nodes with `(accept, emit)` limits from terrain (SUP-063),
    /// sorted: the scenario's resolved limits as masks.
    terrain: Vec<(NodeId, u64, u64)>,
    /// The nodes a zone of control may extend into, for the scenario.
    zoc_targets: ZocTargets,
}
