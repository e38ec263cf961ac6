//! The zones that had their chance at initial determination (SUP-135,
//! SUP-139..141).

use super::view::{SeaView, side_kind};
use crate::sea_log::InitialZone;
use qm_core::ids::{DeterminationKind, NodeId, Tier};
use qm_core::refusal::ZoneRefusal;

impl SeaView<'_> {
    /// The zones that had their chance at initial determination and the
    /// rule that keeps a post-combat line from `to` (SUP-135, SUP-139..141).
    ///
    /// A zone had its chance if a line could have reached it at initial
    /// determination ([`InitialZone::best_possible`] is set): then a line
    /// traced to it was an attempt, and none traced was a decision to
    /// decline (SUP-103, SUP-139); either way no second one is traced now,
    /// unless it carries better supply than any line could then (SUP-141).
    /// A zone no line could reach then declined nothing, and a hex taken
    /// since (not among the zone's landing places then) may take a line
    /// (SUP-140); so may an island captured this player turn, a zone of its
    /// own at post-combat determination (SUP-096).
    pub(super) fn post_combat_block(&self, to: NodeId, carried: Option<Tier>) -> Option<ZoneRefusal> {
        let (_, kind) = side_kind(self)?;
        if kind != DeterminationKind::PostCombat {
            return None;
        }
        let z = self.log.initial_zones.iter().find(|z| z.terminations.contains(&to))?;
        // SUP-139: nothing was declined where no line was possible.
        z.best_possible?;
        // SUP-141: a line that would upgrade the zone, better than any that
        // could be tried at initial determination. A zone already upgraded
        // through the zone that supplied it by sea gains nothing by it.
        if carried > z.best_possible && carried > self.best_tier(to) {
            return None;
        }
        Some(if z.attempted { ZoneRefusal::Attempted } else { ZoneRefusal::Declined })
    }
}

/// The zones that can receive sea supply at initial determination, each
/// with the best supply a line to it could have carried then (SUP-139,
/// SUP-141): from an origin in range of one of its landing places (SUP-090;
/// a box only to its destinations and while it has transports, SUP-078..082),
/// with what the origin holds by land, or what its own zone could have
/// received by sea (SUP-085, SUP-086). An origin elsewhere on the map, out of
/// range, could not have sent a line: a better line at post-combat
/// determination is not one that "could be attempted" at initial.
pub(super) fn initial_zones(v: &SeaView<'_>) -> Vec<InitialZone> {
    let map = &v.spec.map;
    let landings = v.zone_landings();
    let full = |terms: &[NodeId]| terms.iter().all(|&n| v.best_tier(n) == Some(Tier::Full));
    // Per zone, the origins in range of its landing places: (origin, tier by
    // land if it may send a line now, its zone if it may pass on what that
    // zone receives by sea).
    type Candidate = (Option<Tier>, Option<u32>);
    let candidates: Vec<Vec<Candidate>> = landings
        .iter()
        .map(|(z, terms)| {
            if full(terms) {
                return Vec::new();
            }
            let mut out: Vec<(NodeId, Candidate)> = Vec::new();
            for &to in terms {
                for &(o, _) in v.sea_reach(to).iter() {
                    if o == to || !(v.port(o) || map.box_sea(o).is_some()) || v.zones.zone(o) == Some(*z) {
                        continue;
                    }
                    if let Some(bs) = map.box_sea(o) {
                        if !bs.destinations.is_empty() && !bs.destinations.contains(&to) {
                            continue;
                        }
                        if bs.transport_pool.as_ref().is_some_and(|p| v.transports_left(p, 0) == 0) {
                            continue;
                        }
                    }
                    let land = if v.origin(o, &[]).is_ok() { v.best_tier(o) } else { None };
                    // SUP-072, SUP-085: a port of a zone supplied by sea
                    // sends on what that zone receives, unless it stands in
                    // an enemy zone of control.
                    let fed = (map.box_sea(o).is_none() && !v.ctx.zoc.get(o).copied().unwrap_or(false))
                        .then(|| v.zones.zone(o))
                        .flatten();
                    out.push((o, (land, fed)));
                }
            }
            out.sort_unstable();
            out.dedup();
            out.into_iter().map(|(_, c)| c).collect()
        })
        .collect();
    // The best each zone could receive, to a fixpoint: tiers only rise, so
    // it ends within two passes per zone.
    let mut best: Vec<Option<Tier>> =
        landings.iter().map(|(_, terms)| if full(terms) { Some(Tier::Full) } else { None }).collect();
    let zone_index = |z: u32| landings.binary_search_by_key(&z, |(k, _)| *k).ok();
    loop {
        let mut changed = false;
        for (i, cands) in candidates.iter().enumerate() {
            for &(land, fed) in cands {
                let by_sea = fed.and_then(zone_index).and_then(|j| best[j]);
                let t = land.max(by_sea);
                if t > best[i] {
                    best[i] = t;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    landings
        .into_iter()
        .zip(best)
        .map(|((_, terminations), best_possible)| InitialZone { terminations, best_possible, attempted: false })
        .collect()
}
