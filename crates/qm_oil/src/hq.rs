//! An HQ made a primary supply source by an expended supply unit counts as
//! one oil resource in the turn's final reorganization (OIL-005, last
//! clause).
//!
//! The engine side: the order `ExpendSupply { hq }` (or a scenario's
//! `hq_sources: [(hq: ID, turn: N)]` marker) records the HQ as a source for
//! the game turn ([`crate::state::HqSources`]). The reorganization then
//! lists it as a resource of 1 point ([`crate::paths::Origin::Hq`], the
//! solver's `ResourceKind::Hq`), seeded at the HQ's hex, that may also
//! reorganize the HQ itself. Spending it consumes no oil: the marker is
//! marked spent. The supply unit itself is off-map bookkeeping (no supply
//! unit type is among the rulesets' units).

use crate::ledger::Board;
use crate::orders::OilOrderError;
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
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
