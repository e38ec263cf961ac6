//! The greedy plan: the start of the exact search of the default plan
//! (SUP-103, see `default`).

use super::view::SeaView;
use qm_core::ids::{NodeId, Tier};
use qm_core::orders::ValidSeaLine;
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// The greedy plan the search starts from: a line to every zone that can
/// receive one and is not fully supplied, from the best origin in range,
/// unprotected, zones taken in map order.
/// Every landing place of a zone is tried, not only the first: a zone that
/// can take sea supply at one port only (Suez, for the South Africa box,
/// SUP-081, SUP-087) still gets its line. Lines that carry full supply are
/// planned first, pass after pass until none is added, so that a zone
/// supplied by sea sends full supply on whatever the zones' order on the map
/// (SUP-085, SUP-086, SUP-121); then the lines that carry partial supply. A
/// zone planned earlier counts as supplied by its line when later origins
/// are chosen.
#[must_use]
pub fn greedy_plan(v: &SeaView<'_>) -> Vec<ValidSeaLine> {
    let mut p = Planner { v, plan: Vec::new(), supplied_zones: Vec::new(), pools: BTreeMap::new() };
    let landings = v.zone_landings();
    for want in [Tier::Full, Tier::Partial] {
        loop {
            let before = p.plan.len();
            for (z, terms) in &landings {
                p.plan_zone(*z, terms, want);
            }
            if p.plan.len() == before {
                break;
            }
        }
    }
    p.plan
}

/// The default plan as it is made.
struct Planner<'v, 'a> {
    v: &'v SeaView<'a>,
    plan: Vec<ValidSeaLine>,
    /// Zones planned a line: (zone, tier it carries, the line's origin).
    supplied_zones: Vec<(u32, Option<Tier>, NodeId)>,
    /// Transports the plan uses, per pool.
    pools: BTreeMap<String, usize>,
}

/// How origins are ranked for a zone, best first: out of enemy ZOC, better
/// tier carried, fewer sea hexes, then termination and origin.
type OriginKey = (bool, Reverse<Option<Tier>>, u32, NodeId, NodeId);

impl Planner<'_, '_> {
    /// Plans a line to zone `z`, whose landing places are `terms`, if it
    /// can take one carrying at least `want`.
    fn plan_zone(&mut self, z: u32, terms: &[NodeId], want: Tier) {
        let v = self.v;
        let map = &v.spec.map;
        if self.supplied_zones.iter().any(|s| s.0 == z) {
            return;
        }
        // Island groups: one line, entering at any island (SUP-097, SUP-098).
        let mut terms = terms.to_vec();
        // A zone whose every landing place already has full supply gains
        // nothing by sea.
        let zone_tier = terms.iter().map(|&n| v.best_tier(n)).min().flatten();
        if zone_tier == Some(Tier::Full) {
            return;
        }
        // SUP-097: one line to each island group (an island captured this
        // combat phase being a zone of its own, SUP-096).
        if map.island_group(terms[0]).is_some()
            && self
                .plan
                .iter()
                .any(|p| map.island_group(p.to) == map.island_group(terms[0]) && v.zones.zone(p.to) == Some(z))
        {
            return;
        }
        // Terminations out of enemy ZOC first (their supply goes inland).
        terms.sort_by_key(|&n| (v.ctx.zoc.get(n).copied().unwrap_or(false), n));
        let Some(((_, Reverse(t), _, to, from), via)) = self.best_origin(z, &terms, zone_tier, want) else { return };
        if v.route(from, &via, to).is_none() {
            return;
        }
        // SUP-099: the other friendly islands of the group's zone, in map
        // order.
        let islands = v.other_islands(to);
        if let Some(pool) = map.box_sea(from).and_then(|b| b.transport_pool.clone()) {
            *self.pools.entry(pool).or_insert(0) += 1;
        }
        self.supplied_zones.push((z, t, from));
        self.plan.push(ValidSeaLine { from, to, via, islands, protect: Vec::new(), air_cover: Vec::new() });
    }

    /// The best origin in range of one of the zone's landing places `terms`
    /// that can send a line carrying at least `want` and better than
    /// `zone_tier`, with the ports the line must pass through.
    fn best_origin(
        &mut self,
        z: u32,
        terms: &[NodeId],
        zone_tier: Option<Tier>,
        want: Tier,
    ) -> Option<(OriginKey, Vec<NodeId>)> {
        let v = self.v;
        let map = &v.spec.map;
        let planned: Vec<NodeId> =
            self.plan.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
        let mut best: Option<(OriginKey, Vec<NodeId>)> = None;
        for &to in terms {
            let in_zoc = v.ctx.zoc.get(to).copied().unwrap_or(false);
            // The area does not depend on the plan: the view searched it once.
            for &(o, h) in v.sea_reach(to).iter() {
                if o == to || !(v.port(o) || map.box_sea(o).is_some()) {
                    continue;
                }
                if v.zones.zone(o) == Some(z) || v.origin(o, &planned).is_err() {
                    continue;
                }
                if let Some(bs) = map.box_sea(o)
                    && let Some(pool) = &bs.transport_pool
                    && v.transports_left(pool, self.pools.get(pool).copied().unwrap_or(0)) == 0
                {
                    continue;
                }
                let t = tier_landed(v, &self.supplied_zones, o, to);
                if t < Some(want) || t <= zone_tier || v.post_combat_block(to, t).is_some() {
                    continue;
                }
                let key = (in_zoc, Reverse(t), h, to, o);
                if best.as_ref().is_some_and(|b| b.0 <= key) {
                    continue;
                }
                // SUP-022, SUP-079..082: where a box may send, and the
                // destination port it must pass through.
                let Some(via) = v.box_via(o, to) else { continue };
                best = Some((key, via));
            }
        }
        best
    }
}

/// SUP-081: what a line from `o` lands at `to` (a limited origin's supply
/// may not reach every termination), from the origin's own supply or along
/// the lines planned into its zone (SUP-085), each carrying at most what
/// the line before it carried.
fn tier_landed(v: &SeaView<'_>, supplied_zones: &[(u32, Option<Tier>, NodeId)], o: NodeId, to: NodeId) -> Option<Tier> {
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
}
