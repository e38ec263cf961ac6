#![doc = include_str!("../README.md")]

use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::ids::{NationId, NodeId, Side, Theater, UnitId};
use qm_core::map::{Features, Surface};
use qm_core::nation::{Nation, NationStateC, NationStatus};
use qm_core::orders::{Order, OrderError, PendingOrders, ValidOrder};
use qm_core::phase::{GameClock, PhaseId, PhaseSchedule, PhaseSystems, RunningPhase};
use qm_core::ruleset::Domain;
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use qm_supply::capabilities::{UnitCapabilities, unit_capabilities};
use qm_trace::{EdgeKinds, bfs_path};
use std::collections::BTreeMap;

/// The phase an operation order belongs to.
#[must_use]
pub fn phase_of(order: &Order) -> Option<PhaseId> {
    match order {
        Order::Move { .. } => Some(PhaseId::Movement),
        Order::Exploit { .. } | Order::Combat { .. } | Order::Invade { .. } => Some(PhaseId::Combat),
        Order::Redeploy { .. } => Some(PhaseId::ConstructionRedeployment),
        _ => None,
    }
}

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
    hex: Vec<Option<HexStatus>>,
    units: BTreeMap<UnitId, UnitInfo>,
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
        let mut hex = vec![None; spec.map.node_count()];
        for (n, c, h) in world.try_query::<(&MapNode, &Control, &HexSupply)>()?.iter(world) {
            if let Some(slot) = control.get_mut(n.0 as usize) {
                *slot = c.current;
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
        Some(View { spec, side_of, at_war, control, hex, units })
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

    fn caps(&self, u: &UnitInfo) -> UnitCapabilities {
        let info = self.spec.map.node(u.node);
        let home = self.control.get(u.node as usize).copied().flatten() == Some(u.unit.nation);
        unit_capabilities(&self.spec.ruleset, &u.unit, &u.flags, &u.supply, info, home)
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

/// Validates an operation order; `None` if it is not one.
#[must_use]
#[allow(clippy::too_many_lines, reason = "one match over the operation orders")]
pub fn validate(world: &World, side: Side, index: usize, order: &Order) -> Option<Result<ValidOrder, OrderError>> {
    phase_of(order)?;
    let Some(v) = View::new(world) else { return Some(Err(OrderError::NoPhase)) };
    let map = &v.spec.map;
    let find = |name: &str| map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.to_string() });
    let mine = |id: &str| -> Result<&UnitInfo, OrderError> {
        let u = v.units.get(&UnitId::new(id)).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.to_string() })?;
        if v.side(u.unit.nation) != Some(side) {
            return Err(OrderError::NotYourUnit { index, unit: id.to_string(), side });
        }
        Ok(u)
    };
    let illegal = |unit: &str, what: &str, why: &str| OrderError::IllegalMove {
        index,
        unit: unit.to_string(),
        what: what.to_string(),
        why: why.to_string(),
    };
    let def = |u: &UnitInfo| v.spec.ruleset.unit_type(u.unit.kind);
    let result = (|| match order {
        Order::Move { unit, to } | Order::Exploit { unit, to } => {
            let exploit = matches!(order, Order::Exploit { .. });
            let what = if exploit { "exploit" } else { "move" };
            let u = mine(unit)?;
            let to = find(to)?;
            let d = def(u).ok_or_else(|| illegal(unit, what, "unknown type"))?;
            if d.domain != Domain::Ground || d.installation {
                return Err(illegal(unit, what, "only ground units move by land"));
            }
            let caps = v.caps(u);
            if !caps.can_move {
                return Err(illegal(unit, what, "it was isolated at initial supply determination (SUP-012, SUP-174)"));
            }
            if exploit && !(d.armor && caps.can_exploit) {
                return Err(illegal(unit, what, "only armor supplied normally may exploit (SUP-193)"));
            }
            let path = v.ground_path(u.node, to, side, caps.movement).ok_or_else(|| {
                illegal(unit, what, &format!("no path within its {} movement factors", caps.movement))
            })?;
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
                return Err(illegal("-", "attack", "no attackers"));
            }
            let mut ids = Vec::new();
            let mut taker = None;
            for a in attackers {
                let u = mine(a)?;
                if !def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
                    return Err(illegal(a, "attack", "only ground units attack"));
                }
                if !map.adjacent(u.node).any(|x| x == target_n) {
                    return Err(illegal(a, "attack", &format!("it is not adjacent to {target}")));
                }
                taker.get_or_insert(u.unit.nation);
                ids.push(u.unit.id.clone());
            }
            if v.friendly(target_n, side) && v.enemy_units_at(target_n, side).is_empty() {
                return Err(illegal(&attackers[0], "attack", &format!("{target} holds nothing of the enemy")));
            }
            let mut adv = Vec::new();
            for a in advance {
                let u = mine(a)?;
                if !ids.contains(&u.unit.id) {
                    return Err(illegal(a, "advance", "it did not attack"));
                }
                if !v.caps(u).can_advance {
                    return Err(illegal(a, "advance", "isolated units may not advance after combat (SUP-174)"));
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
                return Err(illegal(unit, "invade", "only ground units invade"));
            }
            if !v.caps(u).can_sea_transport {
                return Err(illegal(unit, "invade", "only fully supplied units make seaborne invasions (SUP-156)"));
            }
            if !map.node(u.node).is_some_and(|i| i.features.contains(Features::PORT)) {
                return Err(illegal(unit, "invade", "it must embark in a port"));
            }
            if map.node(to).map(|i| i.surface) != Some(Surface::Coastal) {
                return Err(illegal(unit, "invade", "the target must be a coastal hex"));
            }
            if !v.enemy_units_at(to, side).is_empty() {
                return Err(illegal(unit, "invade", "enemy units hold the target"));
            }
            let range = v.spec.ruleset.sea.range;
            let sea = |n: NodeId| map.node(n).is_some_and(|i| i.surface == Surface::Sea) || n == to;
            let route =
                qm_trace::bfs_path_refuel(&map.sea, EdgeKinds::SEA, u.node, to, range, sea, |n| n != to, |_| false);
            if route.is_none() {
                return Err(illegal(unit, "invade", &format!("the target is not within {range} sea hexes")));
            }
            Ok(ValidOrder::Invade { unit: u.unit.id.clone(), at: to })
        }
        Order::Redeploy { unit, to } => {
            let u = mine(unit)?;
            let to_n = find(to)?;
            let d = def(u).ok_or_else(|| illegal(unit, "redeploy", "unknown type"))?;
            let supplied = |n: NodeId| {
                matches!(v.hex.get(n as usize).copied().flatten(), Some(HexStatus::Full | HexStatus::Partial))
            };
            if !v.friendly(to_n, side) || !supplied(to_n) {
                return Err(illegal(unit, "redeploy", "only into hexes of the side that are supplied (SUP-204..206)"));
            }
            match d.domain {
                Domain::Ground => {
                    if !v.caps(u).can_redeploy {
                        return Err(illegal(unit, "redeploy", "isolated ground units may not redeploy (SUP-174)"));
                    }
                    let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
                    let ok = bfs_path(&map.land, kinds, u.node, to_n, |n| v.friendly(n, side) && supplied(n));
                    if !supplied(u.node) || ok.is_none() {
                        return Err(illegal(
                            unit,
                            "redeploy",
                            "ground units redeploy only out of, into and through supplied hexes (SUP-204)",
                        ));
                    }
                }
                Domain::Naval => {
                    if !map.node(to_n).is_some_and(|i| i.features.contains(Features::PORT)) {
                        return Err(illegal(unit, "redeploy", "naval units redeploy into ports (SUP-206)"));
                    }
                }
                Domain::Air => {}
            }
            Ok(ValidOrder::Redeploy { unit: u.unit.id.clone(), to: to_n })
        }
        _ => Err(OrderError::NoPhase),
    })();
    Some(result)
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
                    let id = UnitId::new(format!("bh-{}-{}", spec.map.label(at), clock.turn));
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
            _ => {}
        }
    }
}

/// Adds the operations to the movement, combat and redeployment phases.
pub fn install(world: &mut World) {
    let mut schedules = world.resource_mut::<Schedules>();
    for phase in [PhaseId::Movement, PhaseId::Combat, PhaseId::ConstructionRedeployment] {
        schedules.add_systems(
            PhaseSchedule(phase),
            apply_operations.in_set(PhaseSystems::Orders).after(qm_supply::orders::apply_designations),
        );
    }
}

/// The theater a node is in.
#[must_use]
pub fn theater(spec: &ScenarioSpec, n: NodeId) -> Theater {
    spec.map.node(n).map_or(Theater::Europe, |i| i.theater)
}
