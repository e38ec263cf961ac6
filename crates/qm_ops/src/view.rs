//! What validation and the legal orders read: the world as operations
//! see it, in dense arrays.

use crate::base::{ViewBase, base_of};
use crate::data::{OpsData, OpsTables};
use crate::orders::OpsValid;
use crate::territory::{TerritorySupply, territory_supply};
use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::ids::{NationId, NodeId, NodeVec, Side, UnitId};
use qm_core::map::{Features, Surface};
use qm_core::orders::Pending;
use qm_core::refusal::{MoveRefusal, RedeployRefusal};
use qm_core::ruleset::Domain;
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::UnitSupply;
use qm_core::treasury::{BuildPoints, Treasury};
use qm_supply::capabilities::{HexCapabilities, Site, UnitCapabilities, hex_capabilities, unit_capabilities};
use qm_trace::{EdgeKinds, bfs_path_refuel};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

type PendingOrders = Pending<OpsValid>;

/// The bit of a side in [`View::occupied`].
pub(crate) const fn side_bit(s: Side) -> u8 {
    match s {
        Side::Axis => 1,
        Side::Allies => 2,
    }
}

/// A unit as operations see it.
#[derive(Clone, Debug)]
pub(crate) struct UnitInfo {
    pub(crate) unit: Unit,
    pub(crate) node: NodeId,
    pub(crate) flags: UnitFlags,
    pub(crate) supply: UnitSupply,
    /// Disorganized (OIL-003): takes no operation.
    pub(crate) disorganized: bool,
}

/// What validation reads: the base read from the world's components
/// (shared by the views of one state of the world, [`crate::base`]) and
/// what the orders queued so far for the phase take up.
pub(crate) struct View<'a> {
    pub(crate) spec: &'a ScenarioSpec,
    /// The operational rules.
    pub(crate) ops: &'a OpsTables,
    base: Arc<ViewBase>,
    /// Units with an order queued for the phase about to run.
    pub(crate) ordered: BTreeSet<UnitId>,
    /// Units named by a `Combat` queued for that phase: a unit fights in
    /// one combat a phase, even where `Combat` is excepted from "one order
    /// a unit".
    pub(crate) in_combat: BTreeSet<UnitId>,
    /// Construction points queued builds spend, by nation.
    pub(crate) spent: BTreeMap<NationId, u32>,
    /// The nations' treasuries, when an economy family (collection) keeps
    /// them on a territory map: they replace the scenario's budget.
    pub(crate) treasury: Option<&'a Treasury>,
    /// The major powers' build point totals on a hex map where the oil
    /// family keeps them (OIL-012): construction points beyond the budget.
    pub(crate) build_points: Option<&'a BuildPoints>,
}

impl std::ops::Deref for View<'_> {
    type Target = ViewBase;

    fn deref(&self) -> &ViewBase {
        &self.base
    }
}

/// Why an air or naval redeployment has no way to its destination.
pub(crate) enum NoWay {
    /// A hex it would end in or pass through that it may not (SUP-175,
    /// SUP-176, SUP-205, SUP-206).
    Blocked {
        /// The hex.
        at: NodeId,
        /// Why, with the rule id.
        why: RedeployRefusal,
    },
    /// Out of reach whatever the supply of the bases on the way.
    Unreachable(MoveRefusal),
}

/// What validation reads of a unit's supply: what its capabilities depend
/// on (the status, the status at initial determination, automatic supply;
/// SUP-147..176), without the line and the explanation of a cut-off,
/// which validation never reads and which cost most to copy, once per unit
/// per validated order.
pub(crate) fn status_only(s: &UnitSupply) -> UnitSupply {
    UnitSupply {
        status: s.status,
        at: s.at,
        line: None,
        own_hex: s.own_hex,
        automatic: s.automatic.clone(),
        cutoff: None,
        initial: s.initial,
    }
}

impl View<'_> {
    pub(crate) fn new(world: &World) -> Option<View<'_>> {
        let spec = &world.get_resource::<Spec>()?.0;
        let base = base_of(world, spec)?;
        static NO_OPS: std::sync::LazyLock<OpsTables> = std::sync::LazyLock::new(OpsTables::default);
        let ops = world.get_resource::<OpsData>().map_or(&*NO_OPS, |d| &*d.0);
        let mut v = View {
            spec,
            ops,
            base,
            ordered: BTreeSet::new(),
            in_combat: BTreeSet::new(),
            spent: BTreeMap::new(),
            treasury: world.get_resource::<Treasury>().filter(|_| !spec.map.is_hex_map()),
            build_points: world.get_resource::<BuildPoints>().filter(|_| spec.map.is_hex_map()),
        };
        v.read_queue(world);
        Some(v)
    }

    /// What the orders queued for the phase about to run take up: their
    /// units, the units in a combat, the construction points of builds.
    fn read_queue(&mut self, world: &World) {
        let (Some(p), Some(phase)) = (
            world.get_resource::<PendingOrders>(),
            world
                .get_resource::<qm_core::phase::GameClock>()
                .and_then(|c| world.get_resource::<qm_core::phase::PhaseOrder>().and_then(|o| o.get(c.phase))),
        ) else {
            return;
        };
        self.ordered = p.for_phase(phase).flat_map(|o| o.order.units()).cloned().collect();
        self.in_combat = p
            .for_phase(phase)
            .filter(|o| matches!(o.order, OpsValid::Combat { .. }))
            .flat_map(|o| o.order.units())
            .cloned()
            .collect();
        for o in p.for_phase(phase) {
            if let OpsValid::Build { nation, cost, .. } = o.order {
                *self.spent.entry(nation).or_default() += cost;
            }
        }
    }

    /// How units are supplied on a territory map (`Always` on a hex map,
    /// where rule 30's statuses are read), worked out once per base.
    pub(crate) fn territory_supply(&self) -> &TerritorySupply {
        if self.spec.map.is_hex_map() {
            return &TerritorySupply::Always;
        }
        self.base.territory_supply.get_or_init(|| territory_supply(self))
    }

    /// Whether nation `n` is at war (active).
    pub(crate) fn at_war(&self, n: NationId) -> bool {
        self.at_war.get(n.index()).copied().unwrap_or(false)
    }

    /// The construction points `nation` has before the builds queued this
    /// phase: on a territory map with treasuries, its treasury (COL-004:
    /// what it collected and saved, unspent points carrying over);
    /// otherwise the scenario's budget per player turn, plus on a hex map
    /// with the oil family the nation's build point total (OIL-012).
    pub(crate) fn funds_of(&self, nation: NationId) -> u32 {
        match self.treasury {
            Some(t) => t.has(self.spec.ruleset.nation_key(nation)),
            None => self.ops.budget_of(nation).saturating_add(self.build_points.map_or(0, |b| b.of(nation))),
        }
    }

    /// The construction points `nation` has left this phase, after the
    /// builds already queued.
    pub(crate) fn funds_left(&self, nation: NationId) -> u32 {
        self.funds_of(nation).saturating_sub(self.spent.get(&nation).copied().unwrap_or(0))
    }

    pub(crate) fn side(&self, n: NationId) -> Option<Side> {
        self.side_of.get(n.index()).copied().flatten()
    }

    /// Whether ground units of the enemy of `side` stand at `node`.
    pub(crate) fn enemy_at(&self, node: NodeId, side: Side) -> bool {
        self.occupied.get(node).is_some_and(|&o| o & side_bit(side.other()) != 0)
    }

    pub(crate) fn enemy_units_at(&self, node: NodeId, side: Side) -> Vec<UnitId> {
        self.units
            .values()
            .filter(|u| u.node == node && self.side(u.unit.nation) == Some(side.other()))
            .filter(|u| self.at_war.get(u.unit.nation.index()).copied().unwrap_or(false))
            .filter(|u| self.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.domain == Domain::Ground))
            .map(|u| u.unit.id.clone())
            .collect()
    }

    pub(crate) fn friendly(&self, node: NodeId, side: Side) -> bool {
        self.control.get(node).copied().flatten().and_then(|n| self.side(n)) == Some(side)
    }

    /// Whether `a` and `b` are units of one side (or, for nations of no
    /// side, of one nation).
    pub(crate) fn same_side(&self, a: NationId, b: NationId) -> bool {
        a == b || self.side(a).is_some_and(|s| self.side(b) == Some(s))
    }

    /// Whether a bridgehead of the side of `nation` stands at `node`
    /// (SUP-154).
    fn bridgehead_at(&self, node: NodeId, nation: NationId) -> bool {
        self.units.values().any(|b| {
            b.node == node
                && self.same_side(b.unit.nation, nation)
                && self.spec.ruleset.unit_type(b.unit.kind).is_some_and(|d| d.bridgehead)
        })
    }

    /// What unit `u` may do under its supply status, worked out once per
    /// base.
    pub(crate) fn caps(&self, u: &UnitInfo) -> UnitCapabilities {
        let lock = || self.capabilities.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&c) = lock().get(&u.unit.id) {
            return c;
        }
        let caps = self.read_caps(u);
        lock().insert(u.unit.id.clone(), caps);
        caps
    }

    fn read_caps(&self, u: &UnitInfo) -> UnitCapabilities {
        if !self.spec.map.is_hex_map() {
            return self.territory_caps(u);
        }
        let site = Site {
            hex: self.spec.map.node(u.node),
            // SUP-154: the home country is where the nation stood at the
            // start of the war, not a hex it has conquered since.
            home: self.original.get(u.node).copied().flatten() == Some(u.unit.nation),
            bridgehead: self.bridgehead_at(u.node, u.unit.nation),
        };
        unit_capabilities(&self.spec.ruleset, &u.unit, &u.flags, &u.supply, &site)
    }

    pub(crate) fn hex_caps(&self, n: NodeId) -> HexCapabilities {
        hex_capabilities(self.hex.get(n).copied().flatten(), self.spec.map.node(n))
    }

    pub(crate) fn is_sea(&self, n: NodeId) -> bool {
        self.spec.map.is_hex(n) && self.spec.map.node(n).is_some_and(|i| i.surface == Surface::Sea)
    }

    /// The air bases of `side`, by node (SUP-175, SUP-205): its hexes with
    /// a city or a port, and hexes holding an airbase of the side.
    fn air_bases(&self, side: Side) -> NodeVec<bool> {
        let map = &self.spec.map;
        let mut bases: NodeVec<bool> = map
            .node_ids()
            .map(|n| {
                map.is_hex(n)
                    && self.friendly(n, side)
                    && map
                        .node(n)
                        .is_some_and(|i| i.features.intersects(Features::CITY | Features::CAPITAL | Features::PORT))
            })
            .collect();
        for u in self.units.values() {
            let airbase = self.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.air_base);
            if airbase
                && self.side(u.unit.nation) == Some(side)
                && map.is_hex(u.node)
                && let Some(b) = bases.get_mut(u.node)
            {
                *b = true;
            }
        }
        bases
    }

    /// An air redeployment from `from` to `to` in stages of at most `hop`
    /// hexes from base to base (SUP-175, SUP-205). It may leave any base,
    /// but it may end only in an air base of the side that is fully or
    /// partially supplied, and the bases it stops in on the way (the bases
    /// it passes through) must be such bases too. Flying over a hex,
    /// whatever it holds, is not passing through it.
    pub(crate) fn air_route(&self, from: NodeId, to: NodeId, side: Side, hop: u8) -> Result<Vec<NodeId>, NoWay> {
        let map = &self.spec.map;
        let bases = self.air_bases(side);
        let base = |n: NodeId| bases.get(n).copied().unwrap_or(false);
        let open = |n: NodeId| base(n) && self.hex_caps(n).air_redeploy_into;
        if !base(to) {
            return Err(NoWay::Blocked { at: to, why: RedeployRefusal::NotAnAirBase });
        }
        if !open(to) {
            return Err(NoWay::Blocked { at: to, why: RedeployRefusal::UnsuppliedAirBase });
        }
        let unreachable = || NoWay::Unreachable(MoveRefusal::NoAirChain { hop });
        if hop == 0 {
            return if from == to { Ok(vec![from]) } else { Err(unreachable()) };
        }
        // Entering a base ends a stage without counting; every other hex
        // counts. A stage of `hop` hexes thus crosses `hop - 1` counted ones.
        let range = u32::from(hop) - 1;
        let hexes = |n: NodeId| map.is_hex(n);
        let search = |stop: &dyn Fn(NodeId) -> bool| {
            bfs_path_refuel(&map.adjacency, EdgeKinds::ALL, from, to, range, hexes, |_| true, stop)
        };
        if let Some(path) = search(&open) {
            return Ok(path);
        }
        // Out of reach, or only by stopping in unsupplied bases: with them
        // allowed as stops, find the route and the stop it cannot do without.
        let path = search(&base).ok_or_else(unreachable)?;
        let mut since = 0u32;
        let mut last_closed = None;
        for &n in &path[1..] {
            since += 1;
            if since > u32::from(hop) {
                break;
            }
            if open(n) {
                since = 0;
                last_closed = None;
            } else if base(n) {
                last_closed = Some(n);
            }
        }
        let at = last_closed.or_else(|| path.iter().copied().skip(1).find(|&n| base(n) && !open(n))).unwrap_or(to);
        Err(NoWay::Blocked { at, why: RedeployRefusal::ThroughUnsuppliedAirBase })
    }

    /// A naval redeployment from `from` to `to` by sea (SUP-176, SUP-206):
    /// over sea hexes, at most the sea range (SUP-090, our stand-in for the
    /// naval ranges of rule 21) between two ports, entering only ports of
    /// the side that are fully or partially supplied, the destination among
    /// them. It may leave any port.
    pub(crate) fn naval_route(&self, from: NodeId, to: NodeId, side: Side) -> Result<Vec<NodeId>, NoWay> {
        let map = &self.spec.map;
        let port = |n: NodeId| {
            map.is_hex(n) && self.friendly(n, side) && map.node(n).is_some_and(|i| i.features.contains(Features::PORT))
        };
        let open = |n: NodeId| port(n) && self.hex_caps(n).naval_redeploy_into;
        if !port(to) {
            return Err(NoWay::Blocked { at: to, why: RedeployRefusal::NotAPort });
        }
        if !open(to) {
            return Err(NoWay::Blocked { at: to, why: RedeployRefusal::UnsuppliedPort });
        }
        let range = self.spec.ruleset.sea.range;
        let sea = |n: NodeId| self.is_sea(n);
        let search = |stop: &dyn Fn(NodeId) -> bool| {
            bfs_path_refuel(&map.sea, EdgeKinds::SEA, from, to, range, |n| sea(n) || stop(n), sea, stop)
        };
        if let Some(path) = search(&open) {
            return Ok(path);
        }
        let unreachable = || NoWay::Unreachable(MoveRefusal::NoSeaRoute { range });
        let path = search(&port).ok_or_else(unreachable)?;
        // Every port on a naval route is entered: the first unsupplied one
        // is the one it may not pass.
        let at = path.iter().copied().skip(1).find(|&n| !sea(n) && !open(n)).unwrap_or(to);
        Err(NoWay::Blocked { at, why: RedeployRefusal::ThroughUnsuppliedPort })
    }

    /// The hexes in a zone of control of the enemy of `side`, worked out
    /// once per base.
    pub(crate) fn enemy_zoc(&self, side: Side) -> &NodeVec<bool> {
        let i = usize::from(side_bit(side) - 1);
        self.zones[i].get_or_init(|| self.read_enemy_zoc(side))
    }

    fn read_enemy_zoc(&self, side: Side) -> NodeVec<bool> {
        let map = &self.spec.map;
        let mut zoc = NodeVec::from(vec![false; map.node_count()]);
        for u in self.units.values() {
            let enemy =
                self.side(u.unit.nation) == Some(side.other()) && self.at_war.get(u.unit.nation.index()) == Some(&true);
            if enemy && self.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.zoc && d.domain == Domain::Ground) {
                for t in map.adjacent(u.node) {
                    if qm_supply::zoc::reaches(&self.spec.ruleset, map, u.node, t) {
                        zoc[t] = true;
                    }
                }
            }
        }
        zoc
    }
}
