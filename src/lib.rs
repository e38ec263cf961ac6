#![doc = include_str!("../README.md")]

pub use qm_ai as ai;
pub use qm_collect as collect;
pub use qm_core as core;
pub use qm_game as game;
pub use qm_oil as oil;
pub use qm_ops as ops;
pub use qm_scenario as scenario;
pub use qm_supply as supply;
pub use qm_trace as trace;

/// The `bevy_ecs` this crate is built with: embedders use it (or match its
/// version) so that components and schedules are the same types.
pub use bevy_ecs;

/// The `bevy_app` this crate is built with (feature `bevy`).
#[cfg(feature = "bevy")]
pub use bevy_app;

/// Everything an embedding game or a test needs, in one import.
pub mod prelude {
    pub use qm_core::prelude::*;
    pub use qm_game::phases::*;
    pub use qm_game::{Economy, Fog, Game, GameBuilder, OrderClass, PhaseReport, Snapshot, SupplyReport, catalog};
    pub use qm_oil::{OilOrder, OilPlugin};
    pub use qm_ops::{OpsOrder, OpsPlugin};
    pub use qm_scenario::{Compiled, Diagnostic, LoadError};
    pub use qm_supply::orders::SupplyOrder;
    pub use qm_supply::sea_log::{SeaLineRecord, SeaLog, ZoneRecord, Zones};
    pub use qm_supply::{SupplyPlugin, SupplySystems};
}
