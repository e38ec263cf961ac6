#![doc = include_str!("../README.md")]

pub mod context;
pub mod explain;
pub mod land;
pub mod orders;
pub mod sources;
pub mod statuses;
pub mod zoc;

pub use context::SupplyContext;
pub use explain::describe_unit;
pub use land::LandFloods;

use bevy_ecs::prelude::*;
use qm_core::phase::{PhaseId, PhaseSchedule, PhaseSystems, SupplySystems};

/// Adds rule 30 to a world whose phase schedules exist
/// ([`qm_core::phase::configure_phase_schedules`]).
///
/// Systems, by set, in the initial and post-combat supply phases:
///
/// ```text
/// SupplySystems::Context   build_context     dense control, ZOC, sources, classes
/// SupplySystems::Land      trace_land        one flood per 32 classes
/// SupplySystems::Statuses  assign_statuses   units and hexes, with their lines
/// SupplySystems::Explain   explain_cutoffs   what cut off units not fully supplied
/// ```
///
/// and in every phase, `apply_designations` in `PhaseSystems::Orders`.
pub fn install(world: &mut World) {
    world.init_resource::<SupplyContext>();
    world.init_resource::<LandFloods>();
    let mut schedules = world.resource_mut::<Schedules>();
    for phase in [PhaseId::InitialSupply, PhaseId::PostCombatSupply] {
        schedules.add_systems(
            PhaseSchedule(phase),
            (
                context::build_context.in_set(SupplySystems::Context),
                land::trace_land.in_set(SupplySystems::Land),
                statuses::assign_statuses.in_set(SupplySystems::Statuses),
                explain::explain_cutoffs.in_set(SupplySystems::Explain),
            ),
        );
    }
    schedules
        .add_systems(PhaseSchedule(PhaseId::InitialSupply), orders::record_turn_start.in_set(PhaseSystems::Orders));
    for phase in PhaseId::ALL {
        schedules.add_systems(PhaseSchedule(phase), orders::apply_designations.in_set(PhaseSystems::Orders));
    }
}
