#![doc = include_str!("../README.md")]

use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::ids::{NationId, NodeId, Side, Theater, UnitId};
use qm_core::map::{Features, Surface};
use qm_core::nation::{Nation, NationStateC, NationStatus};
use qm_core::orders::{OrderError, Pending};
use qm_core::phase::{GameClock, RunningPhase};
use qm_core::refusal::{MoveRefusal, RedeployRefusal};

pub mod orders;
pub mod plugin;

pub use orders::{OpsOrder, OpsValid};
pub use plugin::OpsPlugin;

type Order = OpsOrder;
type ValidOrder = OpsValid;
type PendingOrders = Pending<OpsValid>;
use qm_core::ruleset::Domain;
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use qm_supply::capabilities::{HexCapabilities, Site, UnitCapabilities, hex_capabilities, unit_capabilities};
use qm_trace::{EdgeKinds, bfs_path, bfs_path_refuel};
use std::collections::BTreeMap;

/// A unit as operations see it.
#[derive(Clone, Debug)]
struct UnitInfo {
    unit: Unit,
    node: NodeId,
    flags: UnitFlags,
    supply: UnitSupply,
}

/// What validation reads.
struct View<'a> {
    spec: &'a ScenarioSpec,
    side_of: Vec<Option<Side>>,
    at_war: Vec<bool>,
    control: Vec<Option<NationId>>,
    /// Who controlled each hex at the start of the war: home countries
    /// (SUP-154).
    original: Vec<Option<NationId>>,
    hex: Vec<Option<HexStatus>>,
    units: BTreeMap<UnitId, UnitInfo>,
}

/// Why an air or naval redeployment has no way to its destination.
enum NoWay {
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

impl View<'_> {
    fn new(world: &World) -> Option<View<'_>> {
        let spec = &world.get_resource::<Spec>()?.0;
        let mut side_of = vec![None; spec.ruleset.nations.len()];
        let mut at_war = vec![false; spec.ruleset.nations.len()];
        for (n, s) in world.try_query::<(&Nation, &NationStateC)>()?.iter(world) {
            if let Some(slot) = side_of.get_mut(n.0.index()) {
                *slot = s.0.side;
                at_war[n.0.index()] = s.0.status == NationStatus::Active;
            }
        }
        let mut control = vec![None; spec.map.node_count()];
        let mut original = vec![None; spec.map.node_count()];
        let mut hex = vec![None; spec.map.node_count()];
        for (n, c, h) in world.try_query::<(&MapNode, &Control, &HexSupply)>()?.iter(world) {
            if let Some(slot) = control.get_mut(n.0 as usize) {
                *slot = c.current;
                original[n.0 as usize] = c.original;
                hex[n.0 as usize] = h.status;
            }
        }
        let units = world
            .try_query::<(&Unit, &Location, &UnitFlags, &UnitSupply)>()?
            .iter(world)
            .map(|(u, l, f, s)| {
                (u.id.clone(), UnitInfo { unit: u.clone(), node: l.node, flags: *f, supply: s.clone() })
            })
            .collect();
        Some(View { spec, side_of, at_war, control, original, hex, units })
    }

    fn side(&self, n: NationId) -> Option<Side> {
        self.side_of.get(n.index()).copied().flatten()
    }

    fn enemy_units_at(&self, node: NodeId, side: Side) -> Vec<UnitId> {
        self.units
            .values()
            .filter(|u| u.node == node && self.side(u.unit.nation) == Some(side.other()))
            .filter(|u| self.at_war.get(u.unit.nation.index()).copied().unwrap_or(false))
            .filter(|u| self.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.domain == Domain::Ground))
            .map(|u| u.unit.id.clone())
            .collect()
    }

    fn friendly(&self, node: NodeId, side: Side) -> bool {
        self.control.get(node as usize).copied().flatten().and_then(|n| self.side(n)) == Some(side)
    }

    /// Whether `a` and `b` are units of one side (or, for nations of no
    /// side, of one nation).
    fn same_side(&self, a: NationId, b: NationId) -> bool {
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

    fn caps(&self, u: &UnitInfo) -> UnitCapabilities {
        let site = Site {
            hex: self.spec.map.node(u.node),
            // SUP-154: the home country is where the nation stood at the
            // start of the war, not a hex it has conquered since.
            home: self.original.get(u.node as usize).copied().flatten() == Some(u.unit.nation),
            bridgehead: self.bridgehead_at(u.node, u.unit.nation),
        };
        unit_capabilities(&self.spec.ruleset, &u.unit, &u.flags, &u.supply, &site)
    }

    fn hex_caps(&self, n: NodeId) -> HexCapabilities {
        hex_capabilities(self.hex.get(n as usize).copied().flatten(), self.spec.map.node(n))
    }

    fn is_sea(&self, n: NodeId) -> bool {
        self.spec.map.is_hex(n) && self.spec.map.node(n).is_some_and(|i| i.surface == Surface::Sea)
    }

    /// The air bases of `side`, by node (SUP-175, SUP-205): its hexes with
    /// a city or a port, and hexes holding an airbase of the side.
    fn air_bases(&self, side: Side) -> Vec<bool> {
        let map = &self.spec.map;
        let mut bases: Vec<bool> = (0..map.node_count() as NodeId)
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
                && let Some(b) = bases.get_mut(u.node as usize)
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
    fn air_route(&self, from: NodeId, to: NodeId, side: Side, hop: u8) -> Result<Vec<NodeId>, NoWay> {
        let map = &self.spec.map;
        let bases = self.air_bases(side);
        let base = |n: NodeId| bases.get(n as usize).copied().unwrap_or(false);
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
    fn naval_route(&self, from: NodeId, to: NodeId, side: Side) -> Result<Vec<NodeId>, NoWay> {
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

    /// A ground path of at most `mp` hexes to `to`: over land hexes, not
    /// through hexes holding enemy units (it may end in an empty enemy hex,
    /// which it takes), not through hexes in the zone of control of enemy
    /// units (it may end in one).
    fn ground_path(&self, from: NodeId, to: NodeId, side: Side, mp: u8) -> Option<Vec<NodeId>> {
        let map = &self.spec.map;
        let zoc = self.enemy_zoc(side);
        let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
        let passable = |n: NodeId| {
            map.is_hex(n)
                && map.node(n).is_some_and(|i| i.surface.is_land())
                && self.enemy_units_at(n, side).is_empty()
                && (n == to || (self.friendly(n, side) && !zoc.get(n as usize).copied().unwrap_or(false)))
        };
        let path = bfs_path(&map.land, kinds, from, to, passable)?;
        (path.len() <= usize::from(mp) + 1).then_some(path)
    }

    fn enemy_zoc(&self, side: Side) -> Vec<bool> {
        let map = &self.spec.map;
        let mut zoc = vec![false; map.node_count()];
        for u in self.units.values() {
            let enemy =
                self.side(u.unit.nation) == Some(side.other()) && self.at_war.get(u.unit.nation.index()) == Some(&true);
            if enemy && self.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.zoc && d.domain == Domain::Ground) {
                for t in map.adjacent(u.node) {
                    if qm_supply::zoc::reaches(&self.spec.ruleset, map, u.node, t) {
                        zoc[t as usize] = true;
                    }
                }
            }
        }
        zoc
    }
}

/// Validates an operation order against the world as it stands.
///
/// # Errors
/// The [`OrderError`] that refuses it.
#[allow(clippy::too_many_lines, reason = "one match over the operation orders")]
pub fn validate(world: &World, side: Side, index: usize, order: &Order) -> Result<ValidOrder, OrderError> {
    let Some(v) = View::new(world) else { return Err(OrderError::NoPhase) };
    let map = &v.spec.map;
    let find = |name: &str| map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.to_string() });
    let mine = |id: &str| -> Result<&UnitInfo, OrderError> {
        let u = v.units.get(&UnitId::new(id)).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.to_string() })?;
        if v.side(u.unit.nation) != Some(side) {
            return Err(OrderError::NotYourUnit { index, unit: id.to_string(), side });
        }
        Ok(u)
    };
    let illegal = |unit: &str, what: &str, why: MoveRefusal| OrderError::IllegalMove {
        index,
        unit: unit.to_string(),
        what: what.to_string(),
        why,
    };
    let def = |u: &UnitInfo| v.spec.ruleset.unit_type(u.unit.kind);
    (|| match order {
        Order::Move { unit, to } | Order::Exploit { unit, to } => {
            let exploit = matches!(order, Order::Exploit { .. });
            let what = if exploit { "exploit" } else { "move" };
            let u = mine(unit)?;
            let to = find(to)?;
            let d = def(u).ok_or_else(|| illegal(unit, what, MoveRefusal::UnknownType))?;
            if d.domain != Domain::Ground || d.installation {
                return Err(illegal(unit, what, MoveRefusal::NotGroundMover));
            }
            let caps = v.caps(u);
            if !caps.can_move {
                return Err(illegal(unit, what, MoveRefusal::IsolatedAtInitial));
            }
            if exploit && !(d.armor && caps.can_exploit) {
                return Err(illegal(unit, what, MoveRefusal::ExploitNeedsArmor));
            }
            let path = v
                .ground_path(u.node, to, side, caps.movement)
                .ok_or_else(|| illegal(unit, what, MoveRefusal::NoPath { movement: caps.movement }))?;
            let path = path[1..].to_vec();
            Ok(if exploit {
                ValidOrder::Exploit { unit: u.unit.id.clone(), path }
            } else {
                ValidOrder::Move { unit: u.unit.id.clone(), path }
            })
        }
        Order::Combat { attackers, target, advance } => {
            let target_n = find(target)?;
            if attackers.is_empty() {
                return Err(illegal("-", "attack", MoveRefusal::NoAttackers));
            }
            let mut ids = Vec::new();
            let mut taker = None;
            for a in attackers {
                let u = mine(a)?;
                if !def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
                    return Err(illegal(a, "attack", MoveRefusal::NotGroundAttacker));
                }
                if !map.adjacent(u.node).any(|x| x == target_n) {
                    return Err(illegal(a, "attack", MoveRefusal::NotAdjacent { target: target.clone() }));
                }
                taker.get_or_insert(u.unit.nation);
                ids.push(u.unit.id.clone());
            }
            if v.friendly(target_n, side) && v.enemy_units_at(target_n, side).is_empty() {
                return Err(illegal(
                    &attackers[0],
                    "attack",
                    MoveRefusal::NothingOfTheEnemy { target: target.clone() },
                ));
            }
            let mut adv = Vec::new();
            for a in advance {
                let u = mine(a)?;
                if !ids.contains(&u.unit.id) {
                    return Err(illegal(a, "advance", MoveRefusal::DidNotAttack));
                }
                if !v.caps(u).can_advance {
                    return Err(illegal(a, "advance", MoveRefusal::IsolatedMayNotAdvance));
                }
                adv.push(u.unit.id.clone());
            }
            let Some(taker) = taker else { return Err(OrderError::NoPhase) };
            Ok(ValidOrder::Combat { attackers: ids, target: target_n, taker, advance: adv })
        }
        Order::Invade { unit, at } => {
            let u = mine(unit)?;
            let to = find(at)?;
            if !def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
                return Err(illegal(unit, "invade", MoveRefusal::NotGroundInvader));
            }
            if !v.caps(u).can_sea_transport {
                return Err(illegal(unit, "invade", MoveRefusal::InvasionNeedsFullSupply));
            }
            if !map.node(u.node).is_some_and(|i| i.features.contains(Features::PORT)) {
                return Err(illegal(unit, "invade", MoveRefusal::NotInPort));
            }
            if map.node(to).map(|i| i.surface) != Some(Surface::Coastal) {
                return Err(illegal(unit, "invade", MoveRefusal::TargetNotCoastal));
            }
            if !v.enemy_units_at(to, side).is_empty() {
                return Err(illegal(unit, "invade", MoveRefusal::TargetHeld));
            }
            let range = v.spec.ruleset.sea.range;
            let sea = |n: NodeId| map.node(n).is_some_and(|i| i.surface == Surface::Sea) || n == to;
            let route =
                qm_trace::bfs_path_refuel(&map.sea, EdgeKinds::SEA, u.node, to, range, sea, |n| n != to, |_| false);
            if route.is_none() {
                return Err(illegal(unit, "invade", MoveRefusal::TargetOutOfRange { range }));
            }
            Ok(ValidOrder::Invade { unit: u.unit.id.clone(), at: to })
        }
        Order::Redeploy { unit, to } => {
            let u = mine(unit)?;
            let to_n = find(to)?;
            let d = def(u).ok_or_else(|| illegal(unit, "redeploy", MoveRefusal::UnknownType))?;
            let supplied = |n: NodeId| {
                matches!(v.hex.get(n as usize).copied().flatten(), Some(HexStatus::Full | HexStatus::Partial))
            };
            let no_way = |e: NoWay| match e {
                NoWay::Blocked { at, why } => OrderError::RedeployBlocked {
                    index,
                    unit: unit.clone(),
                    to: to.clone(),
                    at: map.label(at).to_string(),
                    why,
                },
                NoWay::Unreachable(why) => illegal(unit, "redeploy", why),
            };
            match d.domain {
                Domain::Ground => {
                    if !v.friendly(to_n, side) || !supplied(to_n) {
                        return Err(illegal(unit, "redeploy", MoveRefusal::RedeployIntoUnsupplied));
                    }
                    if !v.caps(u).can_redeploy {
                        return Err(illegal(unit, "redeploy", MoveRefusal::IsolatedMayNotRedeploy));
                    }
                    let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
                    let ok = bfs_path(&map.land, kinds, u.node, to_n, |n| v.friendly(n, side) && supplied(n));
                    if !supplied(u.node) || ok.is_none() {
                        return Err(illegal(unit, "redeploy", MoveRefusal::RedeployThroughUnsupplied));
                    }
                }
                // SUP-176, SUP-206: out of any port, into and through
                // supplied ports only.
                Domain::Naval => {
                    v.naval_route(u.node, to_n, side).map_err(no_way)?;
                }
                // SUP-175, SUP-205: out of any base, into and through
                // supplied bases only.
                Domain::Air => {
                    let hop = d.movement[usize::from(theater(v.spec, u.node) == Theater::Pacific)];
                    v.air_route(u.node, to_n, side, hop).map_err(no_way)?;
                }
            }
            Ok(ValidOrder::Redeploy { unit: u.unit.id.clone(), to: to_n })
        }
    })()
}

/// The capabilities of unit `id` as the game stands (SUP-012,
/// SUP-147..176): from its supply status, its hex, whether that hex is in
/// its home country and whether a bridgehead of its side stands in it
/// (SUP-154). `None` if there is no such unit.
#[must_use]
pub fn capabilities(world: &World, id: &str) -> Option<UnitCapabilities> {
    let v = View::new(world)?;
    let u = v.units.get(&UnitId::new(id))?;
    Some(v.caps(u))
}

fn capture(world: &mut World, node: NodeId, nation: NationId, clock: GameClock) {
    let Some(&e) = world.get_resource::<qm_core::state::EntityIndex>().and_then(|ix| ix.nodes.get(node as usize))
    else {
        return;
    };
    if let Some(mut c) = world.get_mut::<Control>(e)
        && c.current != Some(nation)
    {
        c.current = Some(nation);
        c.by_partisan = false;
        c.captured = Some((clock.turn, clock.side));
    }
}

fn unit_entity(world: &mut World, id: &UnitId) -> Option<Entity> {
    world.query::<(Entity, &Unit)>().iter(world).find(|(_, u)| &u.id == id).map(|(e, _)| e)
}

fn move_along(world: &mut World, id: &UnitId, path: &[NodeId], clock: GameClock) {
    let Some(e) = unit_entity(world, id) else { return };
    let Some(nation) = world.get::<Unit>(e).map(|u| u.nation) else { return };
    for &n in path {
        let side_of_owner = |w: &mut World, n: NodeId| -> Option<Side> {
            let owner = w.get_resource::<qm_core::state::EntityIndex>()?.nodes.get(n as usize).copied()?;
            let c = w.get::<Control>(owner)?.current?;
            let ne = w.get_resource::<qm_core::state::EntityIndex>()?.nations.get(c.index()).copied()?;
            w.get::<NationStateC>(ne)?.0.side
        };
        if side_of_owner(world, n) != Some(clock.side) {
            capture(world, n, nation, clock);
        }
    }
    if let (Some(&last), Some(mut l)) = (path.last(), world.get_mut::<Location>(e)) {
        l.node = last;
    }
}

/// Applies the operation orders of the phase being run (exclusive system,
/// in `PhaseSystems::Orders`).
pub fn apply_operations(world: &mut World) {
    let Some(phase) = world.get_resource::<RunningPhase>().and_then(|r| r.0) else { return };
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let orders = world.resource_mut::<PendingOrders>().take(phase, |o| {
        matches!(
            o,
            ValidOrder::Move { .. }
                | ValidOrder::Exploit { .. }
                | ValidOrder::Combat { .. }
                | ValidOrder::Invade { .. }
                | ValidOrder::Redeploy { .. }
        )
    });
    for o in orders {
        match o.order {
            ValidOrder::Move { unit, path } => move_along(world, &unit, &path, clock),
            ValidOrder::Exploit { unit, path } => {
                move_along(world, &unit, &path, clock);
                if let Some(e) = unit_entity(world, &unit)
                    && let Some(mut f) = world.get_mut::<UnitFlags>(e)
                {
                    // SUP-193. SUP-198: a redeployment before this
                    // exploitation (redeployment comes after combat) was
                    // in an earlier player turn and no longer counts.
                    f.exploited_turn = Some(clock.turn);
                    f.bits |= UnitFlagBits::EXPLOITED;
                    f.bits -= UnitFlagBits::REDEPLOYED;
                }
            }
            ValidOrder::Combat { target, taker, advance, .. } => {
                // The defenders are lost; the hex is taken; the advance
                // moves in.
                let spec = world.resource::<Spec>().0.clone();
                let mut gone = Vec::new();
                for (e, u, l) in world.query::<(Entity, &Unit, &Location)>().iter(world) {
                    let side = world
                        .get_resource::<qm_core::state::EntityIndex>()
                        .and_then(|ix| ix.nations.get(u.nation.index()).copied())
                        .and_then(|ne| world.get::<NationStateC>(ne))
                        .and_then(|s| s.0.side);
                    let ground = spec.ruleset.unit_type(u.kind).is_some_and(|d| d.domain == Domain::Ground);
                    if l.node == target && side == Some(clock.side.other()) && ground {
                        gone.push(e);
                    }
                }
                for e in gone {
                    world.despawn(e);
                }
                capture(world, target, taker, clock);
                for a in &advance {
                    if let Some(e) = unit_entity(world, a)
                        && let Some(mut l) = world.get_mut::<Location>(e)
                    {
                        l.node = target;
                    }
                }
            }
            ValidOrder::Invade { unit, at } => {
                let Some(e) = unit_entity(world, &unit) else { continue };
                let Some(nation) = world.get::<Unit>(e).map(|u| u.nation) else { continue };
                if let Some(mut l) = world.get_mut::<Location>(e) {
                    l.node = at;
                }
                capture(world, at, nation, clock);
                // SUP-034, SUP-197: a bridgehead is placed.
                let spec = world.resource::<Spec>().0.clone();
                if let Some(k) = spec.ruleset.unit_types.iter().position(|t| t.bridgehead) {
                    let id = fresh_id(world, &format!("bh-{}-{}", spec.map.label(at), clock.turn));
                    let kind = qm_core::ids::UnitTypeId(k as u16);
                    world.spawn((
                        Unit { id, nation, kind, supply_as: None, factors: 0 },
                        Location { node: at, turn_start: at },
                        UnitFlags { bits: UnitFlagBits::NEW_BRIDGEHEAD, exploited_turn: None, isolated_turns: 0 },
                        UnitSupply { status: UnitStatus::Full, ..UnitSupply::default() },
                    ));
                }
            }
            ValidOrder::Redeploy { unit, to } => {
                let Some(e) = unit_entity(world, &unit) else { continue };
                if let Some(mut l) = world.get_mut::<Location>(e) {
                    l.node = to;
                }
                if let Some(mut f) = world.get_mut::<UnitFlags>(e) {
                    // SUP-198.
                    f.bits |= UnitFlagBits::REDEPLOYED;
                }
            }
        }
    }
}

/// `base`, or the first of `base-2`, `base-3`, ... that no unit has: a
/// generated id is unique (two invasions of one hex in a turn, or a unit
/// already named like it) and depends only on the ids in play, so it is
/// deterministic.
fn fresh_id(world: &mut World, base: &str) -> UnitId {
    let mut taken: Vec<String> = world
        .query::<&Unit>()
        .iter(world)
        .filter(|u| u.id.as_str().starts_with(base))
        .map(|u| u.id.as_str().to_string())
        .collect();
    taken.sort_unstable();
    let free = |id: &str| taken.binary_search_by(|t| t.as_str().cmp(id)).is_err();
    if free(base) {
        return UnitId::new(base);
    }
    let n = (2u32..).find(|n| free(&format!("{base}-{n}"))).unwrap_or(u32::MAX);
    UnitId::new(format!("{base}-{n}"))
}

/// The theater a node is in.
#[must_use]
pub fn theater(spec: &ScenarioSpec, n: NodeId) -> Theater {
    spec.map.node(n).map_or(Theater::Europe, |i| i.theater)
}
