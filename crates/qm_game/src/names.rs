//! Named references the plain-data reports and views carry: every id a
//! row names comes with the key and display name the ruleset or map gives
//! it, so readers of a report need no ruleset of their own.

use qm_core::ids::{NationId, NodeId, UnitTypeId};
use qm_core::spec::ScenarioSpec;
use serde::{Deserialize, Serialize};

/// A nation: its id, key and display name.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct NationRef {
    /// Index in the ruleset's nation table.
    pub id: u16,
    /// Key used in files (`germany`).
    pub key: String,
    /// Display name.
    pub name: String,
}

impl NationRef {
    /// The nation `id` of the scenario's ruleset (`?` names for an id the
    /// ruleset does not have).
    #[must_use]
    pub fn of(spec: &ScenarioSpec, id: NationId) -> Self {
        let def = spec.ruleset.nation(id);
        Self {
            id: id.0,
            key: def.map_or_else(|| "?".into(), |d| d.key.clone()),
            name: def.map_or_else(|| "?".into(), |d| d.name.clone()),
        }
    }

    /// The typed id.
    #[must_use]
    pub const fn nation_id(&self) -> NationId {
        NationId(self.id)
    }
}

/// A unit type: its id, key and display name.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitTypeRef {
    /// Index in the ruleset's unit-type table.
    pub id: u16,
    /// Key used in files (`arm`).
    pub key: String,
    /// Display name.
    pub name: String,
}

impl UnitTypeRef {
    /// The unit type `id` of the scenario's ruleset.
    #[must_use]
    pub fn of(spec: &ScenarioSpec, id: UnitTypeId) -> Self {
        let def = spec.ruleset.unit_type(id);
        Self {
            id: id.0,
            key: def.map_or_else(|| "?".into(), |d| d.key.clone()),
            name: def.map_or_else(|| "?".into(), |d| d.name.clone()),
        }
    }

    /// The typed id.
    #[must_use]
    pub const fn unit_type_id(&self) -> UnitTypeId {
        UnitTypeId(self.id)
    }
}

/// A map node: its id, label and place name.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlaceRef {
    /// Index in the map graph.
    pub node: NodeId,
    /// The label as the rules name it (`e4`), or a box's or territory's key.
    pub label: String,
    /// The place name (`berlin`), if any.
    pub name: Option<String>,
}

impl PlaceRef {
    /// The node `n` of the scenario's map.
    #[must_use]
    pub fn of(spec: &ScenarioSpec, n: NodeId) -> Self {
        let info = spec.map.node(n);
        Self {
            node: n,
            label: info.map_or_else(|| "?".into(), |i| i.label.clone()),
            name: info.and_then(|i| i.name.clone()),
        }
    }

    /// The label with the place name, if any: `e4 (berlin)`.
    #[must_use]
    pub fn describe(&self) -> String {
        match &self.name {
            Some(name) => format!("{} ({name})", self.label),
            None => self.label.clone(),
        }
    }
}
