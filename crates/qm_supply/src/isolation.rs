//! Isolation and elimination (SUP-046, SUP-177..191).
//!
//! In the isolation-elimination phase, ground units, airbases, rocket bases
//! and bridgeheads of the moving side that were unsupplied at initial
//! determination and are still unsupplied after post-combat determination
//! are eliminated, unless an exception of the ruleset applies (SUP-178..183).
//! Hex control is unchanged (SUP-177). The eliminated unit is recorded with
//! its rebuild cost, double in the same game turn (SUP-190). Survivors count
//! the turns of isolation, which lower their hex's defence (SUP-191); an IC
//! whose units can draw supply only from the IC counts them too, delayed by
//! one turn per five BRPs (SUP-046).

use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::{Features, MapGraph, Surface};
use qm_core::nation::NationSides;
use qm_core::phase::GameClock;
use qm_core::ruleset::{Domain, IsolationException, Ruleset, UnitTypeDef};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::state::{Elimination, Ledger, UnitState};
use qm_core::supply::{UnitStatus, UnitSupply};

/// The exception, if any, that keeps an isolated unit of `nation` in `node`
/// from elimination (SUP-178..183). Air and naval units are never eliminated
/// by isolation (SUP-183) and are not asked about.
#[must_use]
pub fn exception(rules: &Ruleset, map: &MapGraph, nation: NationId, node: NodeId) -> Option<&'static str> {
    let info = map.node(node)?;
    let terrain = rules.terrain.get(info.terrain.index());
    for e in &rules.isolation_exceptions {
        match e {
            // SUP-179: fortresses and fortifications.
            IsolationException::Fortified if info.features.fortified() => {
                return Some("SUP-179: in a fortress or fortification");
            }
            // SUP-180: Pacific ports and one-hex islands.
            IsolationException::PortOrIsland(t)
                if info.theater == *t && info.features.intersects(Features::PORT | Features::ISLAND) =>
            {
                return Some("SUP-180: in a Pacific port or one-hex island");
            }
            // SUP-181: Japanese units in jungle or jungle/mountain.
            IsolationException::Jungle(ns) if ns.contains(&nation) && terrain.is_some_and(|t| t.jungle) => {
                return Some("SUP-181: Japanese units in jungle");
            }
            // SUP-182: Chinese units in China.
            IsolationException::Homeland(ns, region)
                if ns.contains(&nation)
                    && info.region.and_then(|r| map.regions.get(r.index())).is_some_and(|k| k == region) =>
            {
                return Some("SUP-182: Chinese units in China");
            }
            _ => {}
        }
    }
    None
}

/// Whether isolation can eliminate units of this type: ground units and
/// installations (SUP-177), not partisans, not air or naval units (SUP-183).
#[must_use]
pub fn eliminable(def: &UnitTypeDef) -> bool {
    def.domain == Domain::Ground && !def.partisan
}

/// Eliminates the side's units still isolated (system, in
/// `SupplySystems::Isolation`).
pub fn eliminate_isolated(world: &mut World) {
    let Some(spec) = world.get_resource::<Spec>().map(|s| s.0.clone()) else { return };
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let Some(sides) = world.get_resource::<NationSides>().cloned() else { return };
    let units = units_of_side(world, &sides, clock.side);
    let (eliminated, events) = eliminate_or_count(world, &spec, clock, &units);
    count_ic_isolation(world, &spec.map, &units, &eliminated, &sides, clock.side);
    world.resource_mut::<Ledger>().eliminated.extend(eliminated);
    let mut log = world.resource_mut::<EventLog>();
    for ev in events {
        log.push(ev);
    }
}

/// The units of `side`, with their entities, in id order.
fn units_of_side(world: &mut World, sides: &NationSides, side: Side) -> Vec<(Entity, UnitState)> {
    let mut units: Vec<(Entity, UnitState)> = world
        .query::<(Entity, &Unit, &Location, &UnitFlags, &UnitSupply)>()
        .iter(world)
        .filter(|(_, u, _, _, _)| sides.is_on(u.nation, side))
        .map(|(e, u, l, f, s)| (e, UnitState::from_components(u, *l, *f, s)))
        .collect();
    units.sort_by(|a, b| a.1.id.cmp(&b.1.id));
    units
}

/// Eliminates the units isolated at both determinations of the player turn
/// (SUP-177, SUP-190), and counts the turns of isolation of those an
/// exception keeps (SUP-191); a unit no longer isolated starts afresh.
/// Returns the eliminations and their events.
fn eliminate_or_count(
    world: &mut World,
    spec: &ScenarioSpec,
    clock: GameClock,
    units: &[(Entity, UnitState)],
) -> (Vec<Elimination>, Vec<GameEvent>) {
    let (rules, map) = (&spec.ruleset, &spec.map);
    let this_turn = |s: &UnitSupply| s.at.is_some_and(|a| a.turn == clock.turn && a.side == clock.side);
    let mut eliminated = Vec::new();
    let mut events = Vec::new();
    for (e, u) in units {
        let Some(def) = rules.unit_type(u.kind) else { continue };
        if !eliminable(def) {
            continue;
        }
        let still = this_turn(&u.supply)
            && u.supply.initial == Some(UnitStatus::Isolated)
            && u.supply.status == UnitStatus::Isolated;
        let mut flags = u.flags;
        if !still {
            flags.isolated_turns = 0;
        } else if map.is_hex(u.location.node) && exception(rules, map, u.nation, u.location.node).is_some() {
            // SUP-191: survivors lose one DM a turn down to face value.
            flags.isolated_turns = flags.isolated_turns.saturating_add(1);
        } else {
            // SUP-177, SUP-190.
            let cost = u32::from(def.cost);
            eliminated.push(Elimination {
                unit: u.clone(),
                turn: clock.turn,
                rebuild_now: 2 * cost,
                rebuild_later: cost,
            });
            events.push(GameEvent::UnitEliminated {
                unit: u.id.clone(),
                node: u.location.node,
                rebuild_cost: 2 * cost,
            });
            world.despawn(*e);
            continue;
        }
        if flags != u.flags
            && let Some(mut f) = world.get_mut::<UnitFlags>(*e)
        {
            *f = flags;
        }
    }
    (eliminated, events)
}

/// SUP-046: counts the turns of isolation of each IC of the side whose
/// surviving units draw supply only from the IC; an IC with a fully
/// supplied unit starts afresh.
fn count_ic_isolation(
    world: &mut World,
    map: &MapGraph,
    units: &[(Entity, UnitState)],
    eliminated: &[Elimination],
    sides: &NationSides,
    side: Side,
) {
    let mut ic_units: std::collections::BTreeMap<NodeId, (bool, bool)> = std::collections::BTreeMap::new();
    for (_, u) in units {
        if eliminated.iter().any(|x| x.unit.id == u.id) {
            continue;
        }
        let node = u.location.node;
        if map.node(node).is_some_and(|i| i.features.contains(Features::IC) && i.surface != Surface::Box) {
            let entry = ic_units.entry(node).or_insert((false, false));
            entry.0 |= u.supply.own_hex.is_some() && u.supply.line.is_none();
            entry.1 |= u.supply.status == UnitStatus::Full;
        }
    }
    let mut q = world.query::<(&MapNode, &Control, &mut HexDamage)>();
    for (n, c, mut d) in q.iter_mut(world) {
        let Some(&(only_ic, full)) = ic_units.get(&n.0) else {
            continue;
        };
        if !c.current.is_some_and(|x| sides.is_on(x, side)) {
            continue;
        }
        let turns = if full {
            0
        } else if only_ic {
            d.ic_isolated_turns.saturating_add(1)
        } else {
            d.ic_isolated_turns
        };
        if turns != d.ic_isolated_turns {
            d.ic_isolated_turns = turns;
        }
    }
}

/// The DM an IC hex has lost to isolation (SUP-046): one a turn, delayed by
/// one turn per five BRPs.
#[must_use]
pub fn ic_dm_loss(brp: u8, isolated_turns: u8) -> u8 {
    isolated_turns.saturating_sub(brp / 5)
}
