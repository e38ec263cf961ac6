//! The static part of a scenario: ruleset, map and source placement.

use crate::extension::Extensions;
use crate::ids::{NationId, NodeId, SourceClassId};
use crate::map::MapGraph;
use crate::ruleset::Ruleset;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A supply source placed on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceDef {
    /// Where it is.
    pub node: NodeId,
    /// Its class.
    pub class: SourceClassId,
    /// The nation it belongs to.
    pub owner: NationId,
    /// Stable key, `label:class` (`e4:axis-capital`).
    pub key: String,
}

/// Everything about a scenario that does not change during a game. Shared
/// behind an `Arc` by every game loaded, cloned or restored from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioSpec {
    /// Title.
    pub title: String,
    /// The file it was loaded from, if any.
    pub path: Option<String>,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The map.
    pub map: MapGraph,
    /// Supply sources, sorted by `(node, class)`, indexed by
    /// [`SourceId`](crate::ids::SourceId).
    pub sources: Vec<SourceDef>,
    /// Port hexes, sorted.
    pub ports: Vec<NodeId>,
    /// The rule families of the ruleset and what they registered (phases,
    /// order kinds, state sections). Empty until a game resolves the
    /// ruleset's families against its catalog.
    pub rules: Arc<crate::plugin::Rules>,
    /// Transports per player turn: `(side, pool, count)` (ruling 8).
    pub transports: Vec<(crate::ids::Side, String, u32)>,
    /// The rule families' static data compiled with the scenario, by type
    /// ([`crate::extension`]): rule 30's names resolved against the map
    /// (`qm_supply::map_rules::MapRules`: places, regions, fronts, terrain,
    /// where zones of control extend), collection's data of a territory map
    /// (`qm_collect::collect_map::CollectMap`, COL-004..008). Each family
    /// reads its own with its type's `of`.
    pub extensions: Extensions,
    /// The hash of the scenario as parsed and its ruleset: saves name it,
    /// the checksum folds it in.
    pub fingerprint: crate::fingerprint::Fingerprint,
}

impl ScenarioSpec {
    /// Transports of a pool a side has each player turn.
    #[must_use]
    pub fn transports_of(&self, side: crate::ids::Side, pool: &str) -> u32 {
        self.transports.iter().filter(|(s, p, _)| *s == side && p == pool).map(|t| t.2).sum()
    }
}

impl ScenarioSpec {
    /// The key of a source, or `?`.
    #[must_use]
    pub fn source_key(&self, id: crate::ids::SourceId) -> &str {
        self.sources.get(id.index()).map_or("?", |s| s.key.as_str())
    }
}

/// The scenario's static data as a resource.
#[derive(Resource, Clone, Debug)]
pub struct Spec(pub Arc<ScenarioSpec>);

impl std::ops::Deref for Spec {
    type Target = ScenarioSpec;
    fn deref(&self) -> &ScenarioSpec {
        &self.0
    }
}
