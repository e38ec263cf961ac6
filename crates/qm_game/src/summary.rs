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
            map: map_summary(&c.spec.map),
            units: c.state.units.len(),
            sources: c.spec.sources.len(),
        }
    }
}

/// How many nodes of each kind a map has, as `1 hex, 2 boxes`.
#[must_use]
pub fn map_summary(map: &qm_core::map::MapGraph) -> String {
    use qm_core::map::NodeKind;
    let kinds: &[NodeKind] = if map.is_hex_map() {
        &[NodeKind::Hex, NodeKind::Box]
    } else {
        &[NodeKind::Territory, NodeKind::SeaZone, NodeKind::Box]
    };
    let count = |k: NodeKind| map.nodes.iter().filter(|i| i.kind == k).count();
    kinds.iter().map(|&k| counted(count(k), k)).collect::<Vec<_>>().join(", ")
}

/// `1 hex`, `2 hexes`, `0 sea zones`.
#[must_use]
pub fn counted(n: usize, kind: qm_core::map::NodeKind) -> String {
    use qm_core::map::NodeKind;
    let one = match kind {
        NodeKind::Hex => "hex",
        NodeKind::Box => "box",
        NodeKind::Territory => "territory",
        NodeKind::SeaZone => "sea zone",
    };
    if n == 1 { format!("1 {one}") } else { format!("{n} {}", kind.plural()) }
}

/// Reads and compiles a scenario file without making a game of it, and
/// summarizes it.
///
/// # Errors
/// A [`LoadError`] with `file:line:col` diagnostics.
pub fn check_scenario(path: impl AsRef<Path>) -> Result<ScenarioSummary, LoadError> {
    qm_scenario::load(path).map(|c| ScenarioSummary::of(&c))
}

/// The summary of a scenario already compiled.
#[must_use]
pub fn check_scenario_compiled(c: &Compiled) -> ScenarioSummary {
    ScenarioSummary::of(c)
}
