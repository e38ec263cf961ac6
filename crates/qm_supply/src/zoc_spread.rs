//! Where zones of control extend on a map (ruling 7, SUP-058), decided once
//! per scenario.
//!
//! A unit's zone of control covers the adjacent land hexes it may extend
//! into: not out of a box, not across an all-sea hexside, not into a
//! fortified hex, unless the ruleset's options say otherwise. That depends
//! only on the map and the ruleset, so the scenario compiler decides it for
//! every node once ([`ZocSpread`], kept in
//! [`MapRules`](crate::map_rules::MapRules)), and marking the zones of a
//! determination reads one row a unit. The reference operations read
//! [`reaches`] too (their movement stops at enemy zones of control), as
//! rule 30 defines it.

use qm_core::ids::{NodeId, NodeVec};
use qm_core::map::{MapGraph, NodeInfo};
use qm_core::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// Whether a unit standing in `from` exerts its zone of control into the
/// adjacent hex `to` (ruling 7): a land hex, not across an all-sea hexside,
/// not into a fortified hex.
#[must_use]
pub fn reaches(rules: &Ruleset, map: &MapGraph, from: NodeId, to: NodeId) -> bool {
    map.node(to).is_some_and(|info| may_enter(rules, info)) && crosses(rules, map, from, to)
}

/// Whether a zone of control may extend into a node of this kind at all
/// (ruling 7): a land hex, and not a fortified one (SUP-058).
fn may_enter(rules: &Ruleset, info: &NodeInfo) -> bool {
    info.surface.is_land() && (rules.zoc.into_fortified || !info.features.fortified())
}

/// Whether a zone of control crosses from the hex `from` to its neighbour
/// `to` (ruling 7): not out of a box, nor across an all-sea hexside.
fn crosses(rules: &Ruleset, map: &MapGraph, from: NodeId, to: NodeId) -> bool {
    map.is_hex(from) && (rules.zoc.across_all_sea || !map.all_sea_side(from, to))
}

/// Per node `from`, the neighbours `to` for which [`reaches`] holds, in the
/// adjacency's order: one row a node, in one flat list.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZocSpread {
    /// Row `n` is `to[offsets[n]..offsets[n + 1]]`.
    offsets: Vec<u32>,
    to: Vec<NodeId>,
}

/// Not every row: a scenario printed for debugging stays short.
impl std::fmt::Debug for ZocSpread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows = self.offsets.len().saturating_sub(1);
        f.debug_struct("ZocSpread").field("nodes", &rows).field("spreads", &self.to.len()).finish()
    }
}

impl ZocSpread {
    /// No row at all: a spread not decided (what [`Self::covers`] tells).
    pub const EMPTY: Self = Self { offsets: Vec::new(), to: Vec::new() };

    /// The rows of every node of `map` under `rules`.
    #[must_use]
    pub fn new(rules: &Ruleset, map: &MapGraph) -> Self {
        let n = map.node_count();
        let enter: NodeVec<bool> = map.nodes.iter().map(|info| may_enter(rules, info)).collect();
        let enter = enter.as_slice();
        let row = |from: NodeId| {
            map.adjacent(from).filter(move |&to| enter.get(to) == Some(&true) && crosses(rules, map, from, to))
        };
        // Counted first, so that a big map's list is allocated once, at its
        // size, instead of doubled as it grows.
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0u32);
        for from in map.node_ids() {
            let end = offsets.last().copied().unwrap_or(0) + row(from).count() as u32;
            offsets.push(end);
        }
        let mut to = Vec::with_capacity(offsets.last().copied().unwrap_or(0) as usize);
        for from in map.node_ids() {
            to.extend(row(from));
        }
        Self { offsets, to }
    }

    /// Whether it holds a row for every node of `map` (a spread decided for
    /// it; an empty one was never decided).
    #[must_use]
    pub fn covers(&self, map: &MapGraph) -> bool {
        self.offsets.len() == map.node_count() + 1
    }

    /// The nodes a zone of control exerted in `from` extends into (none for
    /// a node out of range).
    #[must_use]
    pub fn from(&self, from: NodeId) -> &[NodeId] {
        let f = from.index();
        match (self.offsets.get(f), self.offsets.get(f + 1)) {
            (Some(&a), Some(&b)) => self.to.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}
