#![doc = include_str!("../README.md")]

pub use qm_core as core;
pub use qm_game as game;
pub use qm_scenario as scenario;
pub use qm_supply as supply;
pub use qm_trace as trace;

/// Everything an embedding game or a test needs, in one import.
pub mod prelude {
    pub use qm_core::prelude::*;
    pub use qm_game::{Game, PhaseReport, Snapshot, SupplyReport};
    pub use qm_scenario::{Compiled, Diagnostic, LoadError};
}
