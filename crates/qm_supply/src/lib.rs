#![doc = include_str!("../README.md")]

pub mod capabilities;
pub mod context;
pub mod explain;
pub mod isolation;
pub mod land;
pub mod orders;
pub mod sea;
pub mod sources;
pub mod statuses;
pub mod zoc;
pub mod zones;

pub use context::SupplyContext;
pub use explain::describe_unit;
pub use land::LandFloods;
pub use zones::ZoneLabels;

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::ScheduleLabel;
use qm_core::phase::{PhaseId, PhaseSchedule, PhaseSystems, PlayerTurnStart, SupplySystems};

/// A schedule with the first stages of a determination only (context, land
/// flood, zones): what `Game::submit` runs to validate sea supply orders
/// against, without touching state.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SupplyPreview;

/// Adds rule 30 to a world whose phase schedules exist
/// ([`qm_core::phase::configure_phase_schedules`]).
///
/// Systems, by set, in the initial and post-combat supply phases:
///
/// ```text
/// SupplySystems::Context   build_context     dense control, ZOC, sources, classes
/// SupplySystems::Land      trace_land        one flood per chunk of classes
/// SupplySystems::Zones     label_zones       supply zones
/// SupplySystems::Sea       resolve_sea       sea lines in order, landing supply
/// SupplySystems::Statuses  assign_statuses   units and hexes, with their lines
/// SupplySystems::Explain   explain_cutoffs, record_zones
/// ```
///
/// and in the isolation-elimination phase, `eliminate_isolated` in
/// `SupplySystems::Isolation`; in every phase, `apply_designations` in
/// `PhaseSystems::Orders`; in the `PlayerTurnStart` schedule,
/// `begin_player_turn` and `record_turn_start`.
pub fn install(world: &mut World, strict: bool) {
    world.init_resource::<SupplyContext>();
    world.init_resource::<LandFloods>();
    world.init_resource::<ZoneLabels>();
    let mut preview = Schedule::new(SupplyPreview);
    preview.set_executor(bevy_ecs::schedule::SingleThreadedExecutor::new());
    preview.set_build_settings(qm_core::phase::build_settings(strict));
    preview.add_systems((context::build_context, land::trace_land, zones::label_zones).chain());
    let mut schedules = world.resource_mut::<Schedules>();
    schedules.insert(preview);
    for phase in [PhaseId::InitialSupply, PhaseId::PostCombatSupply] {
        schedules.add_systems(
            PhaseSchedule(phase),
            (
                context::build_context.in_set(SupplySystems::Context),
                land::trace_land.in_set(SupplySystems::Land),
                zones::label_zones.in_set(SupplySystems::Zones),
                sea::resolve_sea.in_set(SupplySystems::Sea),
                statuses::assign_statuses.in_set(SupplySystems::Statuses),
                (explain::explain_cutoffs, statuses::record_zones).chain().in_set(SupplySystems::Explain),
            ),
        );
    }
    schedules.add_systems(PlayerTurnStart, (orders::begin_player_turn, orders::record_turn_start).chain());
    schedules.add_systems(
        PhaseSchedule(PhaseId::IsolationElimination),
        isolation::eliminate_isolated.in_set(SupplySystems::Isolation),
    );
    for phase in PhaseId::ALL {
        schedules.add_systems(PhaseSchedule(phase), orders::apply_designations.in_set(PhaseSystems::Orders));
    }
}
