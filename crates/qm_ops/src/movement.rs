//! Ground movement: where a unit may go, as one cost-bounded flood of the
//! trace kernel per unit.

use crate::view::View;
use qm_core::ids::{NodeId, NodeSlice, Side};
use qm_trace::{EdgeKinds, Reach, bounded_reach};
use std::sync::Arc;

/// The edges ground units move along.
pub(crate) const GROUND: EdgeKinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);

impl View<'_> {
    /// [`View::reach`] under the enemy zones of control of `side`: where
    /// its ground unit at `from` with `mp` movement points may move,
    /// flooded once per base (the legal moves and the validation of each
    /// move read one flood).
    pub(crate) fn unit_reach(&self, from: NodeId, side: Side, mp: u32) -> Arc<Reach> {
        let lock = || self.floods.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(r) = lock().get(&(from, side, mp)) {
            return Arc::clone(r);
        }
        let reach = Arc::new(self.reach(from, side, mp, self.enemy_zoc(side)));
        lock().insert((from, side, mp), Arc::clone(&reach));
        reach
    }

    /// Where a ground unit of `side` at `from` with `mp` movement points
    /// (SUP-151: 3 for armor that has lost its mechanized component) may
    /// move: over land hexes, paying the terrain cost of each hex entered
    /// and the river cost of each river hexside crossed, never into a hex
    /// holding enemy ground units, and stopping on entering a hex in an
    /// enemy zone of control (`zoc`). Empty enemy hexes may be passed
    /// through; they are taken.
    ///
    /// On a territory map, movement is counted in territories instead
    /// ([`View::territory_reach`]); `zoc` is not read.
    pub(crate) fn reach(&self, from: NodeId, side: Side, mp: u32, zoc: &NodeSlice<bool>) -> Reach {
        let map = &self.spec.map;
        if !map.is_hex_map() {
            return self.territory_reach(from, side, mp);
        }
        let ops = self.ops;
        let enter = |h: NodeId, t: NodeId| {
            let info = map.node(t)?;
            if !map.is_hex(t) || !info.surface.is_land() || self.enemy_at(t, side) {
                return None;
            }
            let terrain = ops.terrain_cost.get(info.terrain.index()).copied().unwrap_or(1);
            Some(terrain + if ops.river(h, t) { ops.rules.river_cost } else { 0 })
        };
        bounded_reach(&map.land, GROUND, from, mp, enter, |n| zoc.get(n).copied().unwrap_or(false))
    }
}
