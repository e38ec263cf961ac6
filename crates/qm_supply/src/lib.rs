#![doc = include_str!("../README.md")]

pub mod capabilities;
pub mod context;
pub mod explain;
pub mod isolation;
pub mod land;
pub mod legal;
pub mod map_rules;
pub mod node_sync;
pub mod orders;
pub mod passability;
pub mod phases;
pub mod plugin;
pub mod sea;
pub mod sea_log;
pub mod sources;
pub mod statuses;
pub mod zoc;
pub mod zoc_spread;
pub mod zones;

pub use context::SupplyContext;
pub use explain::describe_unit;
pub use land::LandFloods;
pub use passability::Passability;
pub use zones::ZoneLabels;

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::ScheduleLabel;
use qm_core::ids::{DeterminationKind, Side};
use qm_core::phase::{Determining, RunningPhase};

pub use plugin::{SupplyPlugin, SupplyState};

/// The family name rulesets use for rule 30.
pub const FAMILY: &str = "awaw-supply";

/// Sets of a supply determination, inside the family's
/// [`RulesOf`](qm_core::phase::RulesOf) set, in this order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SupplySystems {
    /// After it: the dense context (control, zones of control, sources,
    /// supply classes) of the determining side is built.
    Context,
    /// After it: the land flood has run for every class.
    Land,
    /// After it: supply zones are labelled.
    Zones,
    /// After it: sea supply lines are resolved and carried forward.
    Sea,
    /// After it: every unit and hex of the side has its status.
    Statuses,
    /// After it: units not fully supplied have their cutoff explained.
    Explain,
    /// After it: units still isolated are eliminated (only in the
    /// isolation-elimination phase).
    Isolation,
}

/// A schedule with the first stages of a determination only (context, land
/// flood, zones): what order validation runs to check sea supply orders
/// against, without touching state.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SupplyPreview;

/// Runs the first stages of a determination (context, land flood, zones)
/// for `side`, outside the turn sequence; touches no state.
pub fn preview(world: &mut World, side: Side, kind: DeterminationKind) {
    world.insert_resource(Determining { side, kind });
    world.insert_resource(RunningPhase(None));
    world.run_schedule(SupplyPreview);
}

/// Makes a supply determination for `side` now, outside the turn sequence:
/// no orders are applied and the clock does not move.
pub fn determine(world: &mut World, side: Side, kind: DeterminationKind) {
    world.insert_resource(Determining { side, kind });
    world.insert_resource(RunningPhase(None));
    world.run_schedule(qm_core::phase::PhaseSchedule(phases::phase_of(kind)));
}
