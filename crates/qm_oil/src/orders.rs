//! The family's orders, their validation and typed refusals.

use crate::FAMILY;
use crate::paths::reach_of_side;
use crate::state::Organization;
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::UnitId;
use qm_core::orders::{OrderContext, OrderError, OrderSet, Pending, RuleError};
use qm_core::phase::PhaseId;
use qm_core::spec::Spec;
use serde::{Deserialize, Serialize};

/// The final reorganization step (OIL-003), at the end of the player turn.
pub const REORGANIZATION: PhaseId = PhaseId::new("reorganization");

/// An oil order as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OilOrder {
    /// Reorganize these disorganized units (OIL-003). Without this order
    /// every disorganized unit of the side is requested; with it, the
    /// oil-dependent units not listed stay disorganized. Units that are not
    /// oil dependent are reorganized for free either way.
    Reorganize {
        /// Unit ids.
        units: Vec<String>,
    },
}

impl OrderSet for OilOrder {
    const KINDS: &'static [&'static str] = &["Reorganize"];

    fn kind(&self) -> &'static str {
        match self {
            Self::Reorganize { .. } => "Reorganize",
        }
    }
}

/// An oil order after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OilValid {
    /// See [`OilOrder::Reorganize`].
    Reorganize {
        /// The units, in the order given, without repeats.
        units: Vec<UnitId>,
    },
}

/// Why an oil order is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OilOrderError {
    /// No unit has this id.
    #[error("no unit `{0}`")]
    UnknownUnit(String),
    /// The unit is not of the side giving the order.
    #[error("unit `{0}` is not of the side to move")]
    NotYourUnit(String),
    /// The unit is organized already.
    #[error("unit `{0}` is organized: only disorganized units are reorganized (OIL-003)")]
    NotDisorganized(String),
    /// The unit is oil dependent and traces no path to oil of its major
    /// power (OIL-003).
    #[error("unit `{0}` traces no path to oil of its major power (OIL-003): it cannot be reorganized")]
    NoPath(String),
}

fn refuse(index: usize, e: OilOrderError) -> OrderError {
    OrderError::Rule { index, family: FAMILY, error: RuleError::new(e) }
}

/// Validates an oil order for the phase about to run and queues it.
///
/// # Errors
/// Not the side to move, not the reorganization phase, or an
/// [`OilOrderError`].
pub fn validate(world: &mut World, cx: &OrderContext, order: &OilOrder) -> Result<(), OrderError> {
    cx.moving_side_only()?;
    cx.in_phase("reorganize", &[REORGANIZATION])?;
    let valid = match order {
        OilOrder::Reorganize { units } => validate_reorganize(world, cx, units)?,
    };
    world.get_resource_or_init::<Pending<OilValid>>().push(cx.side, cx.phase, valid);
    Ok(())
}

fn validate_reorganize(world: &mut World, cx: &OrderContext, units: &[String]) -> Result<OilValid, OrderError> {
    let reach = reach_of_side(world, cx.side, cx.clock.turn);
    let spec = world.resource::<Spec>().0.clone();
    let mut out: Vec<UnitId> = Vec::new();
    for id in units {
        let found = world
            .query::<(&Unit, Option<&Organization>)>()
            .iter(world)
            .find(|(u, _)| u.id.0 == *id)
            .map(|(u, o)| (u.clone(), o.copied()));
        let Some((unit, org)) = found else { return Err(refuse(cx.index, OilOrderError::UnknownUnit(id.clone()))) };
        if reach.sides.get(unit.nation.index()).is_none_or(|s| *s != Some(cx.side)) {
            return Err(refuse(cx.index, OilOrderError::NotYourUnit(id.clone())));
        }
        if org.is_none_or(|o| o.organized) {
            return Err(refuse(cx.index, OilOrderError::NotDisorganized(id.clone())));
        }
        let dependent = spec.ruleset.unit_type(unit.kind).is_some_and(|d| d.oil > 0);
        if dependent && reach.reaches(&unit.id) == 0 {
            return Err(refuse(cx.index, OilOrderError::NoPath(id.clone())));
        }
        if !out.contains(&unit.id) {
            out.push(unit.id);
        }
    }
    Ok(OilValid::Reorganize { units: out })
}
