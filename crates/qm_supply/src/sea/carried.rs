//! What a sea line carries: the flood's supply at its origin, per nation
//! of the side (SUP-081, SUP-085, SUP-086).

use crate::context::SupplyContext;
use crate::land::LandFloods;
use qm_core::ids::{NationId, NodeId, Tier};
use qm_core::map::MapGraph;

/// What the flood holds at `n`, per nation of the side.
#[must_use]
pub fn carried_of(ctx: &SupplyContext, floods: &LandFloods, n: NodeId) -> Vec<(NationId, Tier)> {
    carried_masked(ctx, floods, n, u64::MAX)
}

/// What a sea line from `from` carries to `to`, per nation of the side:
/// what the flood holds at `from`, less the supply of limited origins that
/// may not reach `to` (SUP-081, SUP-086).
#[must_use]
pub fn carried_into(ctx: &SupplyContext, floods: &LandFloods, from: NodeId, to: NodeId) -> Vec<(NationId, Tier)> {
    carried_masked(ctx, floods, from, !ctx.limit_block(to))
}

fn carried_masked(ctx: &SupplyContext, floods: &LandFloods, n: NodeId, keep: u64) -> Vec<(NationId, Tier)> {
    ctx.classes
        .of_nation
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let c = (*c)?;
            let t = ctx.classes.best(floods.mask(ctx.classes.slot(c).chunk, n) & keep, c)?.0;
            Some((NationId(i as u16), t))
        })
        .collect()
}

/// Whether a map is one where sea supply can matter at all.
#[must_use]
pub fn has_sea(map: &MapGraph) -> bool {
    map.sea.edge_count() > 0
}
