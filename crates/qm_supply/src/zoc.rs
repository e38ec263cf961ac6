//! Zones of control (SUP-057, SUP-058, ruling 7).

use qm_core::ids::{NodeId, UnitId};
use qm_core::map::MapGraph;
use qm_core::ruleset::Ruleset;
use std::collections::BTreeMap;

/// An enemy unit that exerts a zone of control.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ZocUnit {
    /// Its id.
    pub id: UnitId,
    /// Armor (SUP-058).
    pub armor: bool,
}

/// Whether a unit standing in `from` exerts its zone of control into the
/// adjacent hex `to` (ruling 7): a land hex, not across an all-sea hexside,
/// not into a fortified hex.
#[must_use]
pub fn reaches(rules: &Ruleset, map: &MapGraph, from: NodeId, to: NodeId) -> bool {
    let Some(info) = map.node(to) else { return false };
    if !info.surface.is_land() || !map.is_hex(from) {
        return false;
    }
    if !rules.zoc.across_all_sea && map.all_sea_side(from, to) {
        return false;
    }
    // SUP-058: the zone of control does not extend into a fortified hex.
    rules.zoc.into_fortified || !info.features.fortified()
}

/// Marks in `zoc` every hex in the zone of control of the given units.
/// `friendly_ground[n]`: a unit of the tracing side stands in `n` (which
/// cancels enemy zones there if the ruleset says so).
pub fn zoc_hexes(
    rules: &Ruleset,
    map: &MapGraph,
    units: &BTreeMap<NodeId, Vec<ZocUnit>>,
    friendly_ground: &[bool],
    zoc: &mut Vec<bool>,
) {
    zoc.clear();
    zoc.resize(map.node_count(), false);
    for &from in units.keys() {
        for to in map.adjacent(from) {
            if reaches(rules, map, from, to)
                && !(rules.zoc.friendly_units_negate && friendly_ground.get(to as usize).copied().unwrap_or(false))
            {
                zoc[to as usize] = true;
            }
        }
    }
}

/// The enemy units whose zone of control covers `node`, sorted.
#[must_use]
pub fn zoc_sources(
    rules: &Ruleset,
    map: &MapGraph,
    units: &BTreeMap<NodeId, Vec<ZocUnit>>,
    node: NodeId,
) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = map
        .adjacent(node)
        .filter(|&from| reaches(rules, map, from, node))
        .filter_map(|from| units.get(&from))
        .flatten()
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
pub fn shared_armor(
    rules: &Ruleset,
    map: &MapGraph,
    units: &BTreeMap<NodeId, Vec<ZocUnit>>,
    source: NodeId,
    to: NodeId,
) -> Option<UnitId> {
    map.adjacent(source)
        .filter(|&a| reaches(rules, map, a, source) && reaches(rules, map, a, to) && map.adjacent(a).any(|x| x == to))
        .filter_map(|a| units.get(&a))
        .flatten()
        .filter(|u| u.armor)
        .map(|u| u.id.clone())
        .min()
}
