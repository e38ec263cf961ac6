//! What `qm check` says of a scenario file that loads: a plain-data
//! summary of its map, units and sources.

use qm_scenario::{Compiled, LoadError};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A scenario file that compiles, summarized.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioSummary {
    /// The scenario's title.
    pub title: String,
    /// How many nodes of each kind the map has (`12 hexes, 2 boxes`).
    pub map: String,
    /// How many units the scenario places.
    pub units: usize,
    /// How many supply sources it places.
    pub sources: usize,
}

impl ScenarioSummary {
    fn of(c: &Compiled) -> Self {
        Self {
            title: c.spec.title.clone(),
            map: c.spec.map.summary(),
            units: c.state.units.len(),
            sources: c.spec.sources.len(),
        }
    }
}

/// Reads and compiles a scenario file without making a game of it, and
/// summarizes it.
///
/// # Errors
/// A [`LoadError`] with `file:line:col` diagnostics.
pub fn check_scenario(path: impl AsRef<Path>) -> Result<ScenarioSummary, LoadError> {
    qm_scenario::load(path).map(|c| ScenarioSummary::of(&c))
}
