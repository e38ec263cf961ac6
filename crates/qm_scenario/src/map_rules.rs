//! Resolves the ruleset's names against a compiled map, once, into the
//! [`MapRules`] every determination reads (issue 7, part 4).
//!
//! The ruleset compiler has already checked every name against the
//! ruleset's declarations (`regions`, `fronts`, `places`), so a name that
//! matches nothing never gets here. What is decided here is which rules are
//! in play on this map, by the rules each step cites.

use qm_core::ids::{FrontId, NodeId, RegionId, Tier};
use qm_core::map::MapGraph;
use qm_core::ruleset::{IsolationException, Ruleset};
use qm_core::spec::SourceDef;
use qm_supply::map_rules::{MapRules, NodeLimit, OriginLimitOnMap, RouteOnMap};
use qm_supply::zoc_spread::ZocSpread;
use std::collections::BTreeMap;

/// The ruleset's names resolved against `map`, whose supply sources are
/// `sources`.
#[must_use]
pub fn resolve(rules: &Ruleset, map: &MapGraph, sources: &[SourceDef]) -> MapRules {
    MapRules {
        terrain_limits: terrain_limits(rules, map),
        land_routes: land_routes(rules, map),
        origin_limits: origin_limits(rules, map, sources),
        supplied_regions: rules.supplied_regions.iter().filter_map(|(r, t)| Some((map.region_id(r)?, *t))).collect(),
        homeland_regions: rules
            .isolation_exceptions
            .iter()
            .map(|e| match e {
                IsolationException::Homeland(_, r) => map.region_id(r),
                _ => None,
            })
            .collect(),
        neutral_box_fronts: rules.neutral_boxes.iter().map(|r| fronts(map, &r.fronts)).collect(),
        zoc_spread: ZocSpread::new(rules, map),
    }
}

/// The fronts among `keys` that the map draws.
fn fronts(map: &MapGraph, keys: &[String]) -> Vec<FrontId> {
    keys.iter().filter_map(|f| map.front_id(f)).collect()
}

/// The nodes among `keys` (labels, place names, box keys) that the map
/// draws, sorted.
fn nodes(map: &MapGraph, keys: &[String]) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = keys.iter().filter_map(|k| map.find(k)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// SUP-063: what terrain lets into and out of each node. A limit naming a
/// region applies only where the map draws that region; a later limit on
/// the same node replaces an earlier one; named places are exempt with
/// their own tiers.
fn terrain_limits(rules: &Ruleset, map: &MapGraph) -> Vec<NodeLimit> {
    let mut out: BTreeMap<NodeId, (Option<Tier>, Option<Tier>)> = BTreeMap::new();
    for lim in &rules.terrain_limits {
        let Some(terrain) = rules.terrain.iter().position(|t| t.key == lim.terrain) else { continue };
        let region = match &lim.region {
            Some(r) => match map.region_id(r) {
                Some(id) => Some(id),
                None => continue,
            },
            None => None,
        };
        let except: Vec<(NodeId, Option<Tier>, Option<Tier>)> =
            lim.except.iter().filter_map(|e| Some((map.find(&e.place)?, e.max_in, e.max_out))).collect();
        for n in limited_nodes(map, terrain, region) {
            let tiers = match except.iter().find(|e| e.0 == n) {
                Some(&(_, i, o)) => (i, o),
                None => (lim.max_in, lim.max_out),
            };
            out.insert(n, tiers);
        }
    }
    out.into_iter()
        .filter(|&(_, t)| t != (Some(Tier::Full), Some(Tier::Full)))
        .map(|(node, (max_in, max_out))| NodeLimit { node, max_in, max_out })
        .collect()
}

/// The board nodes of a limit's terrain (in its region, if it names one).
fn limited_nodes(map: &MapGraph, terrain: usize, region: Option<RegionId>) -> impl Iterator<Item = NodeId> + '_ {
    map.nodes
        .iter_enumerated()
        .filter(move |&(n, info)| {
            map.is_board(n) && info.terrain.index() == terrain && (region.is_none() || info.region == region)
        })
        .map(|(n, _)| n)
}

/// SUP-062: the restricted land routes whose region the map draws, with
/// their links and origins resolved to the nodes the map draws.
fn land_routes(rules: &Ruleset, map: &MapGraph) -> Vec<RouteOnMap> {
    rules
        .land_routes
        .iter()
        .enumerate()
        .filter_map(|(route, r)| {
            let region = map.region_id(&r.into_region)?;
            let via = r.via.iter().filter_map(|(a, b)| Some((map.find(a)?, map.find(b)?))).collect();
            Some(RouteOnMap { route, region, via, from: nodes(map, &r.from) })
        })
        .collect()
}

/// SUP-081: the origin limits in play: on a map that draws fronts, a limit
/// one of whose origins is a supply source here and that names a front the
/// map draws.
fn origin_limits(rules: &Ruleset, map: &MapGraph, sources: &[SourceDef]) -> Vec<OriginLimitOnMap> {
    if map.fronts.is_empty() {
        return Vec::new();
    }
    rules
        .origin_limits
        .iter()
        .enumerate()
        .filter_map(|(limit, l)| {
            let mut from = nodes(map, &l.from);
            from.retain(|&n| sources.iter().any(|s| s.node == n));
            let (within, not_into) = (fronts(map, &l.within), fronts(map, &l.not_into));
            (!from.is_empty() && (!within.is_empty() || !not_into.is_empty())).then_some(OriginLimitOnMap {
                limit,
                from,
                within,
                not_into,
            })
        })
        .collect()
}
