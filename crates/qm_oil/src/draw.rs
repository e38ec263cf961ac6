//! The `DrawOil` order: which oil resources a major power's reorganization
//! may draw from. Oil of any other major power, co-operating or not, is
//! refused (OIL-003: "Even oil controlled by co-operating major powers
//! can't be used"), except the shared groups (Communist and Nationalist
//! China) and Chinese oil for the US through Stilwell.

use crate::ledger::Board;
use crate::orders::{OilOrderError, OilValid, refuse};
use crate::paths::{controlling_powers, oil_of, stilwell_of};
use crate::state::{OilWell, Stockpile};
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::NationId;
use qm_core::orders::{OrderContext, OrderError};

/// Checks a `DrawOil` order.
///
/// # Errors
/// [`OilOrderError::ForeignOil`] for another power's oil,
/// [`OilOrderError::NotOil`], [`OilOrderError::UnknownResource`],
/// [`OilOrderError::NotAnHq`] for `hq@` a unit that is not an HQ,
/// [`OilOrderError::NotYourPower`].
pub fn validate_draw(
    world: &mut World,
    cx: &OrderContext,
    power: &str,
    oil: &[String],
) -> Result<OilValid, OrderError> {
    let board = Board::read(world);
    let p = board.power_of(cx.side, power).map_err(|e| refuse(cx.index, e))?;
    let controlled = controlling_powers(world, &board.params);
    let mut allowed = oil_of(&board.params, &controlled, p);
    if let Some((_, chinese, _)) = stilwell_of(world, &board.params, p) {
        allowed.extend(chinese);
    }
    for key in oil {
        let owners = owners_of(world, &board, key).map_err(|e| refuse(cx.index, e))?;
        if !owners.iter().any(|o| allowed.contains(o)) {
            let owner = owners.first().map_or_else(|| "no one".to_string(), |&o| board.key(o));
            let e = OilOrderError::ForeignOil { resource: key.clone(), owner, power: power.into() };
            return Err(refuse(cx.index, e));
        }
    }
    Ok(OilValid::DrawOil { power: p, oil: oil.to_vec() })
}

/// The powers a resource key belongs to: a well's controller, a saved
/// stock's owners, an HQ's nation.
fn owners_of(world: &mut World, board: &Board, key: &str) -> Result<Vec<NationId>, OilOrderError> {
    if board.params.other_resources.contains_key(key) {
        return Err(OilOrderError::NotOil(key.into()));
    }
    if let Some(node) = world.query::<&OilWell>().iter(world).find(|w| w.key == key).map(|w| w.node) {
        return Ok(board.controller(node).into_iter().collect());
    }
    if let Some(hex) = key.strip_prefix("saved@") {
        let node = board.spec.map.find(hex).ok_or_else(|| OilOrderError::UnknownResource(key.into()))?;
        let mut owners: Vec<NationId> =
            world.query::<&Stockpile>().iter(world).filter(|p| p.node == node).map(|p| p.owner).collect();
        owners.sort();
        if owners.is_empty() {
            return Err(OilOrderError::UnknownResource(key.into()));
        }
        return Ok(owners);
    }
    if let Some(id) = key.strip_prefix("hq@")
        && let Some(u) = world.query::<&Unit>().iter(world).find(|u| u.id.as_str() == id).cloned()
    {
        // OIL-005: only an HQ becomes an oil resource.
        if !board.spec.ruleset.unit_type(u.kind).is_some_and(|d| d.hq) {
            return Err(OilOrderError::NotAnHq(id.into()));
        }
        return Ok(vec![u.nation]);
    }
    Err(OilOrderError::UnknownResource(key.into()))
}
