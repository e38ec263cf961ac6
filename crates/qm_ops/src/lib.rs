#![doc = include_str!("../README.md")]

mod apply;
mod base;
mod build;
mod combat;
pub mod data;
mod error;
mod legal;
mod movement;
pub mod orders;
pub mod plugin;
mod roster;
mod section;
mod territory;
mod validate;
mod victory;
mod view;

pub use apply::apply_operations;
pub use base::ViewMemo;
pub use build::construction_left;
pub use combat::Forecast;
pub use data::{CombatResult, Crt, OpsData, OpsRules, OpsTables, Strength, TerritoryOps, Victory};
pub use error::OpsError;
pub use legal::legal_orders;
pub use orders::{OpsOrder, OpsValid};
pub use plugin::OpsPlugin;
pub use section::{CombatRecord, OpsLedger};
pub use validate::{all_capabilities, capabilities, theater, validate};
pub use victory::{adjudicate, check_victory, ground_units, score};
