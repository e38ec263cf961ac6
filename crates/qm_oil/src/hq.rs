//! An HQ made a primary supply source by an expended supply unit counts as
//! one oil resource in the turn's final reorganization (OIL-005, last
//! clause: "If a supply unit was expended to make an HQ a primary supply
//! source during the turn, then during final reorganization, that HQ may
//! reorganize oil dependent units (even itself) as if it were 1 oil
//! resource").
//!
//! The engine side: the order `ExpendSupply { hq, supply }` expends a
//! supply unit (a unit of a type the section lists in `supply_types`,
//! default `supply`) of the HQ's nation standing in the HQ's hex: our
//! reading, since the rules for supply units are not among the texts. The
//! supply unit is removed from the map when the phase applies the order
//! ([`remove_expended`]), and the HQ is recorded as a source for the game
//! turn ([`crate::state::HqSources`]; a scenario's `hq_sources: [(hq: ID,
//! turn: N)]` states one whose unit was expended before the start). The
//! reorganization then lists it as a resource of 1 point
//! ([`crate::paths::Origin::Hq`], the solver's `ResourceKind::Hq`), seeded
//! at the HQ's hex, that may also reorganize the HQ itself. Spending it
//! consumes no oil: the marker is marked spent.

use crate::ledger::Board;
use crate::orders::OilOrderError;
use crate::state::{HqSources, OilParams};
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit};
use qm_core::ids::Side;

/// Checks that `hq` is an HQ of `side`.
///
/// # Errors
/// [`OilOrderError::UnknownUnit`], [`OilOrderError::NotYourUnit`] or
/// [`OilOrderError::NotAnHq`].
pub fn check_hq(world: &mut World, board: &Board, side: Side, hq: &str) -> Result<(), OilOrderError> {
    let found = world.query::<&Unit>().iter(world).find(|u| u.id.as_str() == hq).cloned();
    let Some(unit) = found else { return Err(OilOrderError::UnknownUnit(hq.into())) };
    if board.sides.get(unit.nation.index()).copied().flatten() != Some(side) {
        return Err(OilOrderError::NotYourUnit(hq.into()));
    }
    if !board.spec.ruleset.unit_type(unit.kind).is_some_and(|d| d.hq) {
        return Err(OilOrderError::NotAnHq(hq.into()));
    }
    Ok(())
}

/// The supply unit an `ExpendSupply` order expends for `hq` (an HQ of
/// `side`): `supply` if it is a supply unit of the HQ's nation in the HQ's
/// hex, else, without `supply`, the one there with the lowest id.
///
/// # Errors
/// [`check_hq`]'s, [`OilOrderError::NotASupplyUnit`],
/// [`OilOrderError::NoSupplyUnit`].
pub fn expended_supply(
    world: &mut World,
    board: &Board,
    side: Side,
    hq: &str,
    supply: Option<&str>,
) -> Result<String, OilOrderError> {
    check_hq(world, board, side, hq)?;
    let types = world.get_resource::<OilParams>().map(|p| p.supply_types.clone()).unwrap_or_default();
    let units: Vec<(Unit, Location)> =
        world.query::<(&Unit, &Location)>().iter(world).map(|(u, l)| (u.clone(), *l)).collect();
    let Some((head, at)) = units.iter().find(|(u, _)| u.id.as_str() == hq) else {
        return Err(OilOrderError::UnknownUnit(hq.into()));
    };
    let is_supply = |u: &Unit| board.spec.ruleset.unit_type(u.kind).is_some_and(|d| types.contains(&d.key));
    let mut here: Vec<&str> = units
        .iter()
        .filter(|(u, l)| l.node == at.node && u.nation == head.nation && is_supply(u))
        .map(|(u, _)| u.id.as_str())
        .collect();
    here.sort_unstable();
    match supply {
        Some(id) if here.contains(&id) => Ok(id.to_string()),
        Some(id) => Err(OilOrderError::NotASupplyUnit { supply: id.into(), hex: board.spec.map.label(at.node).into() }),
        None => here.first().map(|id| (*id).to_string()).ok_or_else(|| OilOrderError::NoSupplyUnit {
            hq: hq.into(),
            nation: board.spec.ruleset.nation_key(head.nation).into(),
        }),
    }
}

/// Removes from the map every supply unit an HQ source names (OIL-005:
/// the supply unit is expended), after the phase's stockpile orders.
pub fn remove_expended(world: &mut World) {
    let expended: Vec<String> = world
        .get_resource::<HqSources>()
        .map(|h| h.0.iter().filter_map(|s| s.supply.clone()).collect())
        .unwrap_or_default();
    if expended.is_empty() {
        return;
    }
    let gone: Vec<Entity> = world
        .query::<(Entity, &Unit)>()
        .iter(world)
        .filter(|(_, u)| expended.iter().any(|id| id == u.id.as_str()))
        .map(|(e, _)| e)
        .collect();
    for e in gone {
        world.despawn(e);
    }
}
