//! Validation of the operation orders against the world as it stands.

use crate::error::OpsError;
use crate::orders::{OpsOrder as Order, OpsValid as ValidOrder};
use crate::view::{NoWay, UnitInfo, View};
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, Side, Theater, UnitId};
use qm_core::map::{Features, Surface};
use qm_core::orders::OrderError;
use qm_core::refusal::MoveRefusal;
use qm_core::ruleset::Domain;
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
#[allow(clippy::too_many_lines, reason = "one match over the operation orders")]
pub(crate) fn validate_in(v: &View<'_>, side: Side, index: usize, order: &Order) -> Result<ValidOrder, OrderError> {
    let map = &v.spec.map;
    let find = |name: &str| map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.to_string() });
    let mine = |id: &str| -> Result<&UnitInfo, OrderError> {
        let u = v.units.get(&UnitId::new(id)).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.to_string() })?;
        if v.side(u.unit.nation) != Some(side) {
            return Err(OrderError::NotYourUnit { index, unit: id.to_string(), side });
        }
        Ok(u)
    };
    // OIL-003: a disorganized unit waits for its reorganization.
    let organized = |u: &'_ UnitInfo| -> Result<(), OrderError> {
        if u.disorganized { Err(OpsError::Disorganized(u.unit.id.to_string()).at(index)) } else { Ok(()) }
    };
    // One order per unit per phase (the outcome-carrying `Combat` excepted,
    // which embedders combine with exploitation as before).
    let once = |id: &str| -> Result<&UnitInfo, OrderError> {
        let u = mine(id)?;
        if v.ordered.contains(&u.unit.id) {
            return Err(OpsError::AlreadyOrdered(id.to_string()).at(index));
        }
        organized(u)?;
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
            let u = once(unit)?;
            let to = find(to)?;
            let d = def(u).ok_or_else(|| illegal(unit, what, MoveRefusal::UnknownType))?;
            if d.domain != Domain::Ground || d.installation {
                return Err(illegal(unit, what, MoveRefusal::NotGroundMover));
            }
            let caps = v.caps(u);
            if !caps.can_move && !map.is_hex_map() {
                return Err(OpsError::OutOfSupply(unit.clone()).at(index));
            }
            if !caps.can_move {
                return Err(illegal(unit, what, MoveRefusal::IsolatedAtInitial));
            }
            if exploit && !(d.armor && caps.can_exploit) {
                return Err(illegal(unit, what, MoveRefusal::ExploitNeedsArmor));
            }
            if v.enemy_at(to, side) {
                return Err(OpsError::EnemyThere(map.label(to).to_string()).at(index));
            }
            let zoc = v.enemy_zoc(side);
            let path = v
                .reach(u.node, side, u32::from(caps.movement), &zoc)
                .path(to)
                .filter(|p| !p.is_empty())
                .ok_or_else(|| illegal(unit, what, MoveRefusal::NoPath { movement: caps.movement }))?;
            Ok(if exploit {
                ValidOrder::Exploit { unit: u.unit.id.clone(), path }
            } else {
                ValidOrder::Move { unit: u.unit.id.clone(), path }
            })
        }
        Order::Combat { .. } if v.ops.rules.combat.is_some() => Err(OpsError::CombatByTable.at(index)),
        Order::Attack { .. } if v.ops.rules.combat.is_none() => Err(OpsError::NoCombatTable.at(index)),
        Order::Redeploy { .. } if !v.ops.rules.redeploy => Err(OpsError::NoRedeployment.at(index)),
        Order::Attack { attackers, target } => {
            let target_n = find(target)?;
            let mut ids: Vec<UnitId> = Vec::new();
            for a in attackers {
                let u = once(a)?;
                if ids.contains(&u.unit.id) {
                    return Err(OpsError::NamedTwice(a.clone()).at(index));
                }
                check_attacker(v, u, target_n, target).map_err(|why| illegal(a, "attack", why))?;
                if v.ops.strength_of(u.unit.kind).attack == 0 {
                    return Err(OpsError::NoStrength(a.clone()).at(index));
                }
                ids.push(u.unit.id.clone());
            }
            if ids.is_empty() {
                return Err(illegal("-", "attack", MoveRefusal::NoAttackers));
            }
            if !v.enemy_at(target_n, side) {
                return Err(illegal(
                    &attackers[0],
                    "attack",
                    MoveRefusal::NothingOfTheEnemy { target: target.clone() },
                ));
            }
            Ok(ValidOrder::Attack { attackers: ids, target: target_n })
        }
        Order::Build { kind, at } => crate::build::validate_build(v, side, index, kind, at),
        Order::Combat { attackers, target, advance } => {
            let target_n = find(target)?;
            if attackers.is_empty() {
                return Err(illegal("-", "attack", MoveRefusal::NoAttackers));
            }
            let mut ids = Vec::new();
            let mut taker = None;
            for a in attackers {
                let u = mine(a)?;
                organized(u)?;
                if !def(u).is_some_and(|d| d.domain == Domain::Ground && !d.installation) {
                    return Err(illegal(a, "attack", MoveRefusal::NotGroundAttacker));
                }
                if !v.attack_adjacent(u.node, target_n) {
                    return Err(illegal(a, "attack", MoveRefusal::NotAdjacent { target: target.clone() }));
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
        // Landings and redeployments read hex supply statuses and sea
        // ranges in hexes (SUP-156, SUP-204..206): not on a territory map.
        Order::Invade { .. } if !map.is_hex_map() => Err(OpsError::HexMapsOnly("invade").at(index)),
        Order::Redeploy { .. } if !map.is_hex_map() => Err(OpsError::HexMapsOnly("redeploy").at(index)),
        Order::Invade { unit, at } => {
            let u = once(unit)?;
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
            let u = once(unit)?;
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
