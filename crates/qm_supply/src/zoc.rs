//! Zones of control (SUP-057, SUP-058, ruling 7).

use qm_core::ids::{NodeId, UnitId};
use qm_core::map::{MapGraph, NodeInfo};
use qm_core::ruleset::Ruleset;
use qm_core::spec::ScenarioSpec;
use std::sync::Arc;

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

/// Per node, whether a zone of control may extend into it at all: what
/// [`reaches`] asks of its target, decided once per scenario, so that
/// marking the zones reads one byte a neighbour instead of its node data.
#[derive(Clone, Default)]
pub struct ZocTargets {
    /// The scenario they were decided for (held, so it cannot be mistaken
    /// for a later one at the same address).
    spec: Option<Arc<ScenarioSpec>>,
    enter: Vec<bool>,
}

/// Not the scenario it holds: a context printed for debugging stays short.
impl std::fmt::Debug for ZocTargets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let enterable = self.enter.iter().filter(|&&e| e).count();
        f.debug_struct("ZocTargets").field("nodes", &self.enter.len()).field("enterable", &enterable).finish()
    }
}

impl ZocTargets {
    /// The targets of `spec`, decided on first use for it.
    pub fn of(&mut self, spec: &Arc<ScenarioSpec>) -> &[bool] {
        if !self.spec.as_ref().is_some_and(|s| Arc::ptr_eq(s, spec)) {
            let (rules, map) = (&spec.ruleset, &spec.map);
            self.enter.clear();
            self.enter
                .extend((0..map.node_count()).map(|n| map.node(n as NodeId).is_some_and(|i| may_enter(rules, i))));
            self.spec = Some(Arc::clone(spec));
        }
        &self.enter
    }
}

/// Marks in `zoc` every hex in the zone of control of the given units.
/// `friendly_ground[n]`: a unit of the tracing side stands in `n` (which
/// cancels enemy zones there if the ruleset says so).
/// `targets`: [`ZocTargets::of`] the scenario.
pub fn zoc_hexes(
    rules: &Ruleset,
    map: &MapGraph,
    (units, targets): (&ZocUnits, &[bool]),
    friendly_ground: &[bool],
    zoc: &mut Vec<bool>,
) {
    zoc.clear();
    zoc.resize(map.node_count(), false);
    let at = |v: &[bool], n: NodeId| v.get(n as usize).copied().unwrap_or(false);
    for from in units.nodes() {
        for to in map.adjacent(from) {
            if at(targets, to)
                && crosses(rules, map, from, to)
                && !(rules.zoc.friendly_units_negate && at(friendly_ground, to))
            {
                zoc[to as usize] = true;
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
