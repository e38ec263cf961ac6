//! The lines a sea supply plan may be built from, one at a time: what the
//! legal-order listing offers the moving side (`crate::legal`).
//!
//! A candidate is a line from an origin within range of a landing place of
//! a zone (SUP-067..077, SUP-090) to that landing place, through the
//! destination port its box requires (SUP-079..082), supplying the other
//! islands of its group in map order (SUP-099): the lines the default
//! plan's search chooses from. Whether a candidate may join a plan is for
//! [`super::validate_plan`] to say.

use super::view::SeaView;
use qm_core::ids::NodeId;
use qm_core::orders::ValidSeaLine;

/// Every candidate line of the view, unprotected, sorted by landing place
/// then origin.
#[must_use]
pub fn candidate_lines(v: &SeaView<'_>) -> Vec<ValidSeaLine> {
    let map = &v.spec.map;
    let mut out = Vec::new();
    for (_, landings) in v.zone_landings() {
        for &to in &landings {
            for &(from, _) in v.sea_reach(to).iter() {
                if from == to || !(v.port(from) || map.box_sea(from).is_some()) {
                    continue;
                }
                let Some(via) = v.box_via(from, to) else { continue };
                let islands = v.other_islands(to);
                out.push(ValidSeaLine { from, to, via, islands, protect: Vec::new(), air_cover: Vec::new() });
            }
        }
    }
    out.sort_by_key(|l| (l.to, l.from));
    out.dedup_by_key(|l| (l.to, l.from));
    out
}

/// The nodes of a plan's lines where supply lands: terminations and the
/// islands after them.
#[must_use]
pub fn landings_of(plan: &[ValidSeaLine]) -> Vec<NodeId> {
    plan.iter().flat_map(|l| std::iter::once(l.to).chain(l.islands.iter().copied())).collect()
}
