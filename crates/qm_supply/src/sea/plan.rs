//! The default plan (SUP-103).

use super::view::SeaView;
use qm_core::ids::{NodeId, Tier};
use qm_core::orders::ValidSeaLine;
use qm_trace::{EdgeKinds, bfs_reach_refuel};

/// The default plan: a line to every zone that can receive one and is not
/// fully supplied, from the best origin in range, unprotected (SUP-103).
/// Every landing place of a zone is tried, not only the first: a zone that
/// can take sea supply at one port only (Suez, for the South Africa box,
/// SUP-081, SUP-087) still gets its line. Lines that carry full supply are
/// planned first, pass after pass until none is added, so that a zone
/// supplied by sea sends full supply on whatever the zones' order on the map
/// (SUP-085, SUP-086, SUP-121); then the lines that carry partial supply. A
/// zone planned earlier counts as supplied by its line when later origins
/// are chosen.
#[must_use]
pub fn default_plan(v: &SeaView<'_>) -> Vec<ValidSeaLine> {
    let map = &v.spec.map;
    let mut plan: Vec<ValidSeaLine> = Vec::new();
    // Zones planned a line: (zone, tier it carries, the line's origin).
    let mut supplied_zones: Vec<(u32, Option<Tier>, NodeId)> = Vec::new();
    let mut pools: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    // The sea area each landing place can be reached from: it does not
    // depend on the plan, so it is searched once.
    let mut reach: std::collections::BTreeMap<NodeId, Vec<(NodeId, u32)>> = std::collections::BTreeMap::new();
    let landings = v.zone_landings();
    let mut scratch = Vec::new();
    for want in [Tier::Full, Tier::Partial] {
        loop {
            let before = plan.len();
            for (z, terms) in &landings {
                let z = *z;
                if supplied_zones.iter().any(|s| s.0 == z) {
                    continue;
                }
                // Island groups: one line, entering at any island (SUP-097, SUP-098).
                let mut terms = terms.clone();
                // A zone whose every landing place already has full supply
                // gains nothing by sea.
                let zone_tier = terms.iter().map(|&n| v.best_tier(n)).min().flatten();
                if zone_tier == Some(Tier::Full) {
                    continue;
                }
                // SUP-097: one line to each island group (an island captured
                // this combat phase being a zone of its own, SUP-096).
                if map.island_group(terms[0]).is_some()
                    && plan
                        .iter()
                        .any(|p| map.island_group(p.to) == map.island_group(terms[0]) && v.zones.zone(p.to) == Some(z))
                {
                    continue;
                }
                // Terminations out of enemy ZOC first (their supply goes inland).
                terms.sort_by_key(|&n| (v.ctx.zoc.get(n as usize).copied().unwrap_or(false), n));
                let planned: Vec<NodeId> =
                    plan.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
                let tier_of = |o: NodeId, to: NodeId| -> Option<Tier> {
                    // SUP-081: what lands at `to` (a limited origin's
                    // supply may not reach every termination), from the
                    // origin's own supply or along the lines planned into
                    // its zone (SUP-085), each carrying at most what the
                    // line before it carried.
                    let mut best = v.best_tier_into(o, to);
                    let (mut cur, mut cap) = (o, Some(Tier::Full));
                    for _ in 0..supplied_zones.len() {
                        let Some(s) = v.zones.zone(cur).and_then(|oz| supplied_zones.iter().find(|s| s.0 == oz)) else {
                            break;
                        };
                        cap = cap.min(s.1);
                        best = best.max(cap.min(v.best_tier_into(s.2, to)));
                        cur = s.2;
                    }
                    best
                };
                type Key = (bool, std::cmp::Reverse<Option<Tier>>, u32, NodeId, NodeId);
                let mut best: Option<(Key, Vec<NodeId>)> = None;
                for &to in &terms {
                    let in_zoc = v.ctx.zoc.get(to as usize).copied().unwrap_or(false);
                    let reached = reach.entry(to).or_insert_with(|| {
                        bfs_reach_refuel(
                            &map.sea,
                            EdgeKinds::SEA,
                            to,
                            v.spec.ruleset.sea.range,
                            |x| v.is_sea(x) || v.port(x) || map.box_sea(x).is_some(),
                            |x| v.is_sea(x),
                            |x| v.port(x),
                            &mut scratch,
                        )
                    });
                    for &(o, h) in reached.iter() {
                        if o == to || !(v.port(o) || map.box_sea(o).is_some()) {
                            continue;
                        }
                        if v.zones.zone(o) == Some(z) || v.origin(o, &planned).is_err() {
                            continue;
                        }
                        if let Some(bs) = map.box_sea(o)
                            && let Some(pool) = &bs.transport_pool
                            && v.transports_left(pool, pools.get(pool).copied().unwrap_or(0)) == 0
                        {
                            continue;
                        }
                        let t = tier_of(o, to);
                        if t < Some(want) || t <= zone_tier || v.post_combat_block(to, t).is_some() {
                            continue;
                        }
                        let key = (in_zoc, std::cmp::Reverse(t), h, to, o);
                        if best.as_ref().is_some_and(|b| b.0 <= key) {
                            continue;
                        }
                        // SUP-022, SUP-079..082: where a box may send, and
                        // the destination port it must pass through.
                        let Some(via) = v.box_via(o, to) else { continue };
                        best = Some((key, via));
                    }
                }
                let Some(((_, std::cmp::Reverse(t), _, to, from), via)) = best else { continue };
                if v.route(from, &via, to).is_none() {
                    continue;
                }
                // SUP-099: the other friendly islands of the group's zone,
                // in map order.
                let islands: Vec<NodeId> = v
                    .group_islands(to)
                    .iter()
                    .filter(|p| p.binary_search(&to).is_err())
                    .filter_map(|p| p.first().copied())
                    .collect();
                if let Some(pool) = map.box_sea(from).and_then(|b| b.transport_pool.clone()) {
                    *pools.entry(pool).or_insert(0) += 1;
                }
                supplied_zones.push((z, t, from));
                plan.push(ValidSeaLine { from, to, via, islands, protect: Vec::new(), air_cover: Vec::new() });
            }
            if plan.len() == before {
                break;
            }
        }
    }
    plan
}
