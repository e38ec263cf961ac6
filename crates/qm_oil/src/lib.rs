#![doc = include_str!("../README.md")]

pub mod model;
pub mod plan;
pub mod sample;
pub mod search;
pub mod select;
pub mod solve;
pub mod spend;

pub use model::{OilError, OilResource, OilUnit, Problem, ResourceId, ResourceKind, UnitClass, UnitId};
pub use plan::{AboveMinimum, Plan, ResourceOutcome, ResourcePlan, UnitOutcome, UnitPlan};
pub use solve::{SolverOptions, solve, solve_with};
pub use spend::{Tenths, points_spent, rounded_minimum};
