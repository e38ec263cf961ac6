#![doc = include_str!("../README.md")]

pub mod draw;
pub mod hq;
pub mod ledger;
pub mod legal;
pub mod model;
pub mod orders;
pub mod paths;
pub mod plan;
pub mod plugin;
pub mod reorganize;
pub mod report;
pub mod sample;
pub mod sea_legs;
pub mod search;
pub mod select;
pub mod solve;
pub mod spend;
pub mod state;
pub mod stockpile;

pub use model::{OilError, OilResource, OilUnit, Problem, ResourceId, ResourceKind, UnitClass, UnitId};
pub use orders::{OilOrder, OilOrderError, OilValid, REORGANIZATION};
pub use plan::{AboveMinimum, Plan, ResourceOutcome, ResourcePlan, UnitOutcome, UnitPlan};
pub use plugin::OilPlugin;
pub use report::PowerReport;
pub use solve::{SolverOptions, solve, solve_with};
pub use spend::{Tenths, points_spent, rounded_minimum};
pub use state::Reorganizations;

/// The family name rulesets use for MWIF oil.
pub const FAMILY: &str = "mwif-oil";
