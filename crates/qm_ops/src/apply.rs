//! Applying the valid operation orders of the phase being run.

use crate::orders::OpsValid as ValidOrder;
use crate::roster::Roster;
use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::ids::{NationId, NodeId, Side, UnitId};
use qm_core::nation::NationStateC;
use qm_core::orders::Pending;
use qm_core::phase::{GameClock, RunningPhase};
use qm_core::ruleset::Domain;
use qm_core::spec::Spec;
use qm_core::supply::{UnitStatus, UnitSupply};

type PendingOrders = Pending<ValidOrder>;

/// `nation` takes `node`: its control changes, except that a Middle East
/// territory goes only to the side of the track's markers and is
/// otherwise liberated (MET-002, `territory::middle_east_taker`).
pub(crate) fn capture(world: &mut World, node: NodeId, nation: NationId, clock: GameClock) {
    let Some(&e) = world.get_resource::<qm_core::state::EntityIndex>().and_then(|ix| ix.nodes.get(node)) else {
        return;
    };
    let spec = world.resource::<Spec>().0.clone();
    let original = world.get::<Control>(e).and_then(|c| c.original);
    let taker = match world.get_resource::<qm_core::nation::NationSides>() {
        Some(sides) => crate::territory::middle_east_taker(&spec, sides, node, nation, original),
        None => None,
    }
    .unwrap_or(Some(nation));
    if let Some(mut c) = world.get_mut::<Control>(e)
        && c.current != taker
    {
        c.current = taker;
        c.by_partisan = false;
        c.captured = Some((clock.turn, clock.side));
    }
}

fn move_along(world: &mut World, roster: &mut Roster, id: &UnitId, path: &[NodeId], clock: GameClock) {
    let Some(e) = roster.entity(world, id) else { return };
    let Some(nation) = world.get::<Unit>(e).map(|u| u.nation) else { return };
    for (i, &n) in path.iter().enumerate() {
        // A hex where enemy units now stand (they retreated there after the
        // order was given) ends the move before it.
        if roster.enemy_ground_at(world, n, clock.side) {
            let Some(&last) = i.checked_sub(1).and_then(|j| path.get(j)) else { return };
            if let Some(mut l) = world.get_mut::<Location>(e) {
                l.node = last;
            }
            return;
        }
        let side_of_owner = |w: &mut World, n: NodeId| -> Option<Side> {
            let owner = w.get_resource::<qm_core::state::EntityIndex>()?.nodes.get(n).copied()?;
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
    let orders = world.resource_mut::<PendingOrders>().take(phase, |_| true);
    // Attacks first, one combat per hex, in the order each hex was first
    // attacked; then the other orders in submission order.
    let mut attacks: Vec<(NodeId, Vec<UnitId>)> = Vec::new();
    for o in &orders {
        if let ValidOrder::Attack { attackers, target } = &o.order {
            match attacks.iter_mut().find(|(t, _)| t == target) {
                Some((_, a)) => a.extend(attackers.iter().cloned()),
                None => attacks.push((*target, attackers.clone())),
            }
        }
    }
    let mut roster = Roster::new(world);
    if !attacks.is_empty() || phase == crate::orders::COMBAT {
        world.get_resource_or_init::<crate::section::OpsLedger>().combats.clear();
    }
    for (target, attackers) in attacks {
        crate::combat::resolve(world, &mut roster, target, &attackers, clock);
        disorganize(world, &mut roster, "attack", &attackers);
    }
    let mut budget_used = std::collections::BTreeMap::new();
    for o in orders {
        match o.order {
            ValidOrder::Attack { .. } => {}
            ValidOrder::Build { nation, kind, at, cost } => {
                let build = crate::build::Construction { nation, kind, at, cost, turn: clock.turn };
                crate::build::construct(world, build, &mut budget_used);
            }
            ValidOrder::Move { unit, path } => {
                move_along(world, &mut roster, &unit, &path, clock);
                disorganize(world, &mut roster, "move", std::slice::from_ref(&unit));
            }
            ValidOrder::Exploit { unit, path } => {
                move_along(world, &mut roster, &unit, &path, clock);
                disorganize(world, &mut roster, "exploit", std::slice::from_ref(&unit));
                if let Some(e) = roster.entity(world, &unit)
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
            ValidOrder::Combat { attackers, target, taker, advance } => {
                disorganize(world, &mut roster, "attack", &attackers);
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
                    if let Some(e) = roster.entity(world, a)
                        && let Some(mut l) = world.get_mut::<Location>(e)
                    {
                        l.node = target;
                    }
                }
            }
            ValidOrder::Invade { unit, at } => {
                let Some(e) = roster.entity(world, &unit) else { continue };
                let Some(nation) = world.get::<Unit>(e).map(|u| u.nation) else { continue };
                if let Some(mut l) = world.get_mut::<Location>(e) {
                    l.node = at;
                }
                capture(world, at, nation, clock);
                disorganize(world, &mut roster, "invade", std::slice::from_ref(&unit));
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
                let Some(e) = roster.entity(world, &unit) else { continue };
                if let Some(mut l) = world.get_mut::<Location>(e) {
                    l.node = to;
                }
                if let Some(mut f) = world.get_mut::<UnitFlags>(e) {
                    // SUP-198.
                    f.bits |= UnitFlagBits::REDEPLOYED;
                }
                disorganize(world, &mut roster, "redeploy", std::slice::from_ref(&unit));
            }
        }
    }
}

/// Leaves `units` (those still on the map) disorganized when the scenario's
/// `disorganize` lists operation `kind`; the oil family's final
/// reorganization step reorganizes them (OIL-003).
fn disorganize(world: &mut World, roster: &mut Roster, kind: &str, units: &[UnitId]) {
    if !world.get_resource::<crate::data::OpsData>().is_some_and(|d| d.0.disorganizes(kind)) {
        return;
    }
    for id in units {
        if let Some(e) = roster.entity(world, id) {
            world.entity_mut(e).insert(Organization { organized: false });
        }
    }
}

/// The side of a nation, if it has one.
pub(crate) fn side_of(world: &World, nation: NationId) -> Option<Side> {
    let ne = world.get_resource::<qm_core::state::EntityIndex>()?.nations.get(nation.index()).copied()?;
    world.get::<NationStateC>(ne)?.0.side
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
