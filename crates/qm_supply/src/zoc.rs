//! Zones of control (SUP-057, SUP-058, ruling 7).

use qm_core::ids::{NodeId, NodeSlice, NodeVec, UnitId};
use qm_core::map::MapGraph;
use qm_core::ruleset::Ruleset;
use qm_core::spec::ScenarioSpec;
use std::sync::Arc;

use crate::map_rules::MapRules;
pub use crate::zoc_spread::{ZocSpread, reaches};

/// An enemy unit that exerts a zone of control.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ZocUnit {
    /// Its id.
    pub id: UnitId,
    /// Armor (SUP-058).
    pub armor: bool,
}

/// The enemy units exerting zones of control, by the node they stand in:
/// one flat list sorted by node, then unit, rebuilt each determination
/// without a map's nodes to allocate and free.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZocUnits {
    units: Vec<(NodeId, ZocUnit)>,
}

impl ZocUnits {
    /// Empties the list, keeping its buffer.
    pub fn clear(&mut self) {
        self.units.clear();
    }

    /// Adds a unit standing in `node`; [`ZocUnits::sort`] once all are in.
    pub fn push(&mut self, node: NodeId, unit: ZocUnit) {
        self.units.push((node, unit));
    }

    /// Sorts the list by node, then unit.
    pub fn sort(&mut self) {
        self.units.sort_unstable();
    }

    /// The units standing in `node`, in id order.
    pub fn at(&self, node: NodeId) -> impl Iterator<Item = &ZocUnit> + '_ {
        let from = self.units.partition_point(|u| u.0 < node);
        self.units[from..].iter().take_while(move |u| u.0 == node).map(|u| &u.1)
    }

    /// The nodes holding at least one unit, in order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.units.chunk_by(|a, b| a.0 == b.0).map(|run| run[0].0)
    }
}

/// The [`ZocSpread`] of the scenario in play: the one its compiler decided
/// ([`MapRules::zoc_spread`]), shared by every game of
/// it, or, for a scenario built by hand without one, decided here on first
/// use.
#[derive(Clone, Default)]
pub struct ZocTargets {
    /// The scenario decided for here, if any (held, so it cannot be
    /// mistaken for a later one at the same address).
    spec: Option<Arc<ScenarioSpec>>,
    spread: Arc<ZocSpread>,
}

/// Not the scenario it holds: a context printed for debugging stays short.
impl std::fmt::Debug for ZocTargets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ZocTargets").field("decided_here", &self.spec.is_some()).field("spread", &self.spread).finish()
    }
}

impl ZocTargets {
    /// The spread of `spec`.
    pub fn of<'a>(&'a mut self, spec: &'a Arc<ScenarioSpec>) -> &'a ZocSpread {
        let compiled = &MapRules::of(spec).zoc_spread;
        if compiled.covers(&spec.map) {
            return compiled;
        }
        if !self.spec.as_ref().is_some_and(|s| Arc::ptr_eq(s, spec)) {
            self.spread = Arc::new(ZocSpread::new(&spec.ruleset, &spec.map));
            self.spec = Some(Arc::clone(spec));
        }
        &self.spread
    }
}

/// Marks in `zoc` every hex in the zone of control of the given units.
/// `friendly_ground[n]`: a unit of the tracing side stands in `n` (which
/// cancels enemy zones there if the ruleset says so).
/// `spread`: [`ZocTargets::of`] the scenario.
pub fn zoc_hexes(
    rules: &Ruleset,
    map: &MapGraph,
    (units, spread): (&ZocUnits, &ZocSpread),
    friendly_ground: &NodeSlice<bool>,
    zoc: &mut NodeVec<bool>,
) {
    zoc.clear();
    zoc.resize(map.node_count(), false);
    let negate = rules.zoc.friendly_units_negate;
    for from in units.nodes() {
        for &to in spread.from(from) {
            if !(negate && friendly_ground.get(to).copied().unwrap_or(false))
                && let Some(z) = zoc.get_mut(to)
            {
                *z = true;
            }
        }
    }
}

/// The enemy units whose zone of control covers `node`, sorted.
#[must_use]
pub fn zoc_sources(rules: &Ruleset, map: &MapGraph, units: &ZocUnits, node: NodeId) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = map
        .adjacent(node)
        .filter(|&from| reaches(rules, map, from, node))
        .flat_map(|from| units.at(from))
        .map(|u| u.id.clone())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// SUP-058: the enemy armor unit, if any, whose zone of control covers both
/// the source hex `source` and the adjacent hex `to`, which forbids tracing
/// directly from the one to the other.
#[must_use]
pub fn shared_armor(rules: &Ruleset, map: &MapGraph, units: &ZocUnits, source: NodeId, to: NodeId) -> Option<UnitId> {
    map.adjacent(source)
        .filter(|&a| reaches(rules, map, a, source) && reaches(rules, map, a, to) && map.adjacent(a).any(|x| x == to))
        .flat_map(|a| units.at(a))
        .filter(|u| u.armor)
        .map(|u| u.id.clone())
        .min()
}
