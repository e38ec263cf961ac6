//! Validation of the operation orders against the world as it stands.

use crate::error::OpsError;
use crate::orders::{OpsOrder as Order, OpsValid as ValidOrder};
use crate::view::{NoWay, UnitInfo, View};
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, Side, Theater, UnitId};
use qm_core::map::{Features, Surface};
use qm_core::orders::OrderError;
use qm_core::refusal::MoveRefusal;
use qm_core::ruleset::{Domain, UnitTypeDef};
use qm_core::spec::ScenarioSpec;
use qm_core::supply::HexStatus;
use qm_supply::capabilities::UnitCapabilities;
use qm_trace::{EdgeKinds, bfs_path};
use std::collections::BTreeMap;

/// Validates an operation order against the world as it stands.
///
/// # Errors
/// The [`OrderError`] that refuses it.
pub fn validate(world: &World, side: Side, index: usize, order: &Order) -> Result<ValidOrder, OrderError> {
    let Some(v) = View::new(world) else { return Err(OrderError::NoPhase) };
    if world.get_resource::<qm_core::outcome::Outcome>().is_some_and(|o| o.0.is_some()) {
        return Err(OpsError::GameOver.at(index));
    }
    validate_in(&v, side, index, order)
}

/// [`validate`] against a view already built (what the legal orders use).
pub(crate) fn validate_in(v: &View<'_>, side: Side, index: usize, order: &Order) -> Result<ValidOrder, OrderError> {
    let map = &v.spec.map;
    let c = Check { v, side, index };
    match order {
        Order::Move { unit, to } => c.movement(unit, to, false),
        Order::Exploit { unit, to } => c.movement(unit, to, true),
        Order::Combat { .. } if v.ops.rules.combat.is_some() => Err(OpsError::CombatByTable.at(index)),
        Order::Attack { .. } if v.ops.rules.combat.is_none() => Err(OpsError::NoCombatTable.at(index)),
        Order::Redeploy { .. } if !v.ops.rules.redeploy => Err(OpsError::NoRedeployment.at(index)),
        Order::Attack { attackers, target } => c.attack(attackers, target),
        Order::Build { kind, at } => crate::build::validate_build(v, side, index, kind, at),
        Order::Combat { attackers, target, advance } => c.combat(attackers, target, advance),
        // Landings and redeployments read hex supply statuses and sea
        // ranges in hexes (SUP-156, SUP-204..206): not on a territory map.
        Order::Invade { .. } if !map.is_hex_map() => Err(OpsError::HexMapsOnly("invade").at(index)),
        Order::Redeploy { .. } if !map.is_hex_map() => Err(OpsError::HexMapsOnly("redeploy").at(index)),
        Order::Invade { unit, at } => c.invade(unit, at),
        Order::Redeploy { unit, to } => c.redeploy(unit, to),
    }
}

/// Whether unit `u` of `side` may invade at all: an `Invade` it gives is
/// refused whatever its target when this is `false` (the legal orders skip
/// its targets).
pub(crate) fn may_invade(v: &View<'_>, side: Side, u: &UnitInfo) -> bool {
    Check { v, side, index: 0 }.invader(u).is_ok()
}

/// An order being checked: the view, the side giving it and its index.
struct Check<'a, 'w> {
    /// The world as it stands.
    v: &'a View<'w>,
    /// The side giving the order.
    side: Side,
    /// The order's index, for its errors.
    index: usize,
}

impl<'a> Check<'a, '_> {
    /// The node named `name` (a hex label or place name).
    fn find(&self, name: &str) -> Result<NodeId, OrderError> {
        self.v.spec.map.find(name).ok_or_else(|| OrderError::UnknownPlace { index: self.index, name: name.to_string() })
    }

    /// Unit `id`, which must be the side's.
    fn mine(&self, id: &str) -> Result<&'a UnitInfo, OrderError> {
        let (v, index, side) = (self.v, self.index, self.side);
        let u = v.units.get(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.to_string() })?;
        if v.side(u.unit.nation) != Some(side) {
            return Err(OrderError::NotYourUnit { index, unit: id.to_string(), side });
        }
        Ok(u)
    }

    /// OIL-003: a disorganized unit waits for its reorganization.
    fn organized(&self, u: &UnitInfo) -> Result<(), OrderError> {
        if u.disorganized { Err(OpsError::Disorganized(u.unit.id.to_string()).at(self.index)) } else { Ok(()) }
    }

    /// Unit `id`, the side's, organized and not yet ordered this phase.
    fn once(&self, id: &str) -> Result<&'a UnitInfo, OrderError> {
        // One order per unit per phase (the outcome-carrying `Combat`
        // excepted, which embedders combine with exploitation as before).
        let u = self.mine(id)?;
        if self.v.ordered.contains(&u.unit.id) {
            return Err(OpsError::AlreadyOrdered(id.to_string()).at(self.index));
        }
        self.organized(u)?;
        Ok(u)
    }

    /// The refusal of `unit`'s `what` for `why`.
    fn illegal(&self, unit: &str, what: &str, why: MoveRefusal) -> OrderError {
        OrderError::IllegalMove { index: self.index, unit: unit.to_string(), what: what.to_string(), why }
    }

    /// The type of unit `u`.
    fn def(&self, u: &UnitInfo) -> Option<&'a UnitTypeDef> {
        self.v.spec.ruleset.unit_type(u.unit.kind)
    }

    /// A `Move`, or an `Exploit` if `exploit`: a ground unit in reach of `to`.
    fn movement(&self, unit: &str, to: &str, exploit: bool) -> Result<ValidOrder, OrderError> {
        let (v, side, map) = (self.v, self.side, &self.v.spec.map);
        let what = if exploit { "exploit" } else { "move" };
        let u = self.once(unit)?;
        let to = self.find(to)?;
        let d = self.def(u).ok_or_else(|| self.illegal(unit, what, MoveRefusal::UnknownType))?;
        if d.domain != Domain::Ground || d.installation {
            return Err(self.illegal(unit, what, MoveRefusal::NotGroundMover));
        }
        let caps = v.caps(u);
        if !caps.can_move && !map.is_hex_map() {
            return Err(OpsError::OutOfSupply(unit.to_string()).at(self.index));
        }
        if !caps.can_move {
            return Err(self.illegal(unit, what, MoveRefusal::IsolatedAtInitial));
        }
        if exploit && !(d.armor && caps.can_exploit) {
            return Err(self.illegal(unit, what, MoveRefusal::ExploitNeedsArmor));
        }
        if v.enemy_at(to, side) {
            return Err(OpsError::EnemyThere(map.label(to).to_string()).at(self.index));
        }
        let path = v
            .unit_reach(u.node, side, u32::from(caps.movement))
            .path(to)
            .filter(|p| !p.is_empty())
            .ok_or_else(|| self.illegal(unit, what, MoveRefusal::NoPath { movement: caps.movement }))?;
        Ok(if exploit {
            ValidOrder::Exploit { unit: u.unit.id.clone(), path }
        } else {
            ValidOrder::Move { unit: u.unit.id.clone(), path }
        })
    }

    /// An `Attack` decided by the combat table: attackers adjacent to the enemy at `target`.
    fn attack(&self, attackers: &[String], target: &str) -> Result<ValidOrder, OrderError> {
        let v = self.v;
        let target_n = self.find(target)?;
        let mut ids: Vec<UnitId> = Vec::new();
        for a in attackers {
            let u = self.once(a)?;
            if ids.contains(&u.unit.id) {
                return Err(OpsError::NamedTwice(a.clone()).at(self.index));
            }
            check_attacker(v, u, target_n, target).map_err(|why| self.illegal(a, "attack", why))?;
            if v.ops.strength_of(u.unit.kind).attack == 0 {
                return Err(OpsError::NoStrength(a.clone()).at(self.index));
            }
            ids.push(u.unit.id.clone());
        }
        if ids.is_empty() {
            return Err(self.illegal("-", "attack", MoveRefusal::NoAttackers));
        }
        if !v.enemy_at(target_n, self.side) {
            return Err(self.illegal(
                &attackers[0],
                "attack",
                MoveRefusal::NothingOfTheEnemy { target: target.to_string() },
            ));
        }
        Ok(ValidOrder::Attack { attackers: ids, target: target_n })
    }

    /// A `Combat` outcome: attackers adjacent to `target`, then those of them that advance.
    fn combat(&self, attackers: &[String], target: &str, advance: &[String]) -> Result<ValidOrder, OrderError> {
        let (v, side, index) = (self.v, self.side, self.index);
        let target_n = self.find(target)?;
        if attackers.is_empty() {
            return Err(self.illegal("-", "attack", MoveRefusal::NoAttackers));
        }
        let mut ids = Vec::new();
        let mut taker = None;
        for a in attackers {
            let u = self.mine(a)?;
            self.organized(u)?;
            if !self.def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
                return Err(self.illegal(a, "attack", MoveRefusal::NotGroundAttacker));
            }
            if !v.attack_adjacent(u.node, target_n) {
                return Err(self.illegal(a, "attack", MoveRefusal::NotAdjacent { target: target.to_string() }));
            }
            // One combat a unit a phase: not twice in one order, nor
            // in a second `Combat` (the exception to "one order a
            // unit" is for other orders only).
            if ids.contains(&u.unit.id) {
                return Err(OpsError::NamedTwice(a.clone()).at(index));
            }
            if v.in_combat.contains(&u.unit.id) {
                return Err(OpsError::AlreadyOrdered(a.clone()).at(index));
            }
            taker.get_or_insert(u.unit.nation);
            ids.push(u.unit.id.clone());
        }
        if v.friendly(target_n, side) && v.enemy_units_at(target_n, side).is_empty() {
            return Err(self.illegal(
                &attackers[0],
                "attack",
                MoveRefusal::NothingOfTheEnemy { target: target.to_string() },
            ));
        }
        let adv = self.advancing(advance, &ids)?;
        let Some(taker) = taker else { return Err(OrderError::NoPhase) };
        Ok(ValidOrder::Combat { attackers: ids, target: target_n, taker, advance: adv })
    }

    /// The units of a `Combat` that advance: attackers of it that may.
    fn advancing(&self, advance: &[String], attackers: &[UnitId]) -> Result<Vec<UnitId>, OrderError> {
        let mut adv = Vec::new();
        for a in advance {
            let u = self.mine(a)?;
            if !attackers.contains(&u.unit.id) {
                return Err(self.illegal(a, "advance", MoveRefusal::DidNotAttack));
            }
            if !self.v.caps(u).can_advance {
                return Err(self.illegal(a, "advance", MoveRefusal::IsolatedMayNotAdvance));
            }
            adv.push(u.unit.id.clone());
        }
        Ok(adv)
    }

    /// An `Invade`: a fully supplied ground unit in port, a free coastal hex in sea range.
    fn invade(&self, unit: &str, at: &str) -> Result<ValidOrder, OrderError> {
        let (v, map) = (self.v, &self.v.spec.map);
        let u = self.once(unit)?;
        let to = self.find(at)?;
        self.invader(u)?;
        if map.node(to).map(|i| i.surface) != Some(Surface::Coastal) {
            return Err(self.illegal(unit, "invade", MoveRefusal::TargetNotCoastal));
        }
        if !v.enemy_units_at(to, self.side).is_empty() {
            return Err(self.illegal(unit, "invade", MoveRefusal::TargetHeld));
        }
        let range = v.spec.ruleset.sea.range;
        let sea = |n: NodeId| map.node(n).is_some_and(|i| i.surface == Surface::Sea) || n == to;
        let route = qm_trace::bfs_path_refuel(&map.sea, EdgeKinds::SEA, u.node, to, range, sea, |n| n != to, |_| false);
        if route.is_none() {
            return Err(self.illegal(unit, "invade", MoveRefusal::TargetOutOfRange { range }));
        }
        Ok(ValidOrder::Invade { unit: u.unit.id.clone(), at: to })
    }

    /// What an invasion asks of the unit whatever its target: a ground
    /// unit, fully supplied (SUP-156), in port.
    fn invader(&self, u: &UnitInfo) -> Result<(), OrderError> {
        let unit = u.unit.id.as_str();
        if !self.def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
            return Err(self.illegal(unit, "invade", MoveRefusal::NotGroundInvader));
        }
        if !self.v.caps(u).can_sea_transport {
            return Err(self.illegal(unit, "invade", MoveRefusal::InvasionNeedsFullSupply));
        }
        if !self.v.spec.map.node(u.node).is_some_and(|i| i.features.contains(Features::PORT)) {
            return Err(self.illegal(unit, "invade", MoveRefusal::NotInPort));
        }
        Ok(())
    }

    /// A `Redeploy`: by land, sea or air as the unit's domain goes.
    fn redeploy(&self, unit: &str, to: &str) -> Result<ValidOrder, OrderError> {
        let (v, side, map) = (self.v, self.side, &self.v.spec.map);
        let u = self.once(unit)?;
        let to_n = self.find(to)?;
        let d = self.def(u).ok_or_else(|| self.illegal(unit, "redeploy", MoveRefusal::UnknownType))?;
        let no_way = |e: NoWay| match e {
            NoWay::Blocked { at, why } => OrderError::RedeployBlocked {
                index: self.index,
                unit: unit.to_string(),
                to: to.to_string(),
                at: map.label(at).to_string(),
                why,
            },
            NoWay::Unreachable(why) => self.illegal(unit, "redeploy", why),
        };
        match d.domain {
            Domain::Ground => self.redeploy_by_land(unit, u, to_n)?,
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

    /// A ground unit's redeployment: from and to supplied hexes, through friendly supplied ones.
    fn redeploy_by_land(&self, unit: &str, u: &UnitInfo, to_n: NodeId) -> Result<(), OrderError> {
        let (v, side) = (self.v, self.side);
        let supplied =
            |n: NodeId| matches!(v.hex.get(n).copied().flatten(), Some(HexStatus::Full | HexStatus::Partial));
        if !v.friendly(to_n, side) || !supplied(to_n) {
            return Err(self.illegal(unit, "redeploy", MoveRefusal::RedeployIntoUnsupplied));
        }
        if !v.caps(u).can_redeploy {
            return Err(self.illegal(unit, "redeploy", MoveRefusal::IsolatedMayNotRedeploy));
        }
        let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
        let ok = bfs_path(&v.spec.map.land, kinds, u.node, to_n, |n| v.friendly(n, side) && supplied(n));
        if !supplied(u.node) || ok.is_none() {
            return Err(self.illegal(unit, "redeploy", MoveRefusal::RedeployThroughUnsupplied));
        }
        Ok(())
    }
}

/// The capabilities of unit `id` as the game stands (SUP-012,
/// SUP-147..176): from its supply status, its hex, whether that hex is in
/// its home country and whether a bridgehead of its side stands in it
/// (SUP-154). `None` if there is no such unit.
#[must_use]
pub fn capabilities(world: &World, id: &str) -> Option<UnitCapabilities> {
    let v = View::new(world)?;
    let u = v.units.get(id)?;
    Some(v.caps(u))
}

/// The capabilities of every unit as the game stands, by id: what
/// [`capabilities`] gives for each, reading the world once (an
/// observation asks for all of them).
#[must_use]
pub fn all_capabilities(world: &World) -> BTreeMap<UnitId, UnitCapabilities> {
    let Some(v) = View::new(world) else { return BTreeMap::new() };
    v.units.iter().map(|(id, u)| (id.clone(), v.caps(u))).collect()
}

/// The theater a node is in.
#[must_use]
pub fn theater(spec: &ScenarioSpec, n: NodeId) -> Theater {
    spec.map.node(n).map_or(Theater::Europe, |i| i.theater)
}

/// Whether unit `u` may attack `target`: a ground unit, not an
/// installation, adjacent to it (on a territory map, across a land
/// border).
pub(crate) fn check_attacker(v: &View<'_>, u: &UnitInfo, target: NodeId, name: &str) -> Result<(), MoveRefusal> {
    if !v.spec.ruleset.unit_type(u.unit.kind).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
        return Err(MoveRefusal::NotGroundAttacker);
    }
    if !v.attack_adjacent(u.node, target) {
        return Err(MoveRefusal::NotAdjacent { target: name.to_string() });
    }
    Ok(())
}
