//! What a side knows of the map itself, the same for both sides and under
//! any fog: each hex's terrain, its river and all-sea hexsides, and the
//! objectives with their points.
//!
//! # Hexsides
//! A hex's sides are a bitmask of six bits, one per neighbour direction on
//! the pointy-topped board (odd rows shoved right, `qm_core::map::axial`):
//! bit 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5
//! south-east. North is the row above (`a` is the top row).

use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, NodeVec};
use qm_core::map::MapGraph;
use qm_ops::OpsTables;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The axial steps `(q, r)` of the six sides, in bit order.
const SIDE_STEPS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The static attributes of one node that an observation gives with its
/// controller and status (flattened into [`super::HexObs`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapObs {
    /// Its terrain's index in the ruleset's terrain list, plus one.
    pub terrain: u8,
    /// Movement points to enter it (0 without operations data).
    pub move_cost: u8,
    /// Defensive column shifts of its terrain (0 without operations data).
    pub defence_shift: u8,
    /// River hexsides (the operations' rivers), a mask of six sides
    /// (`docs/observation.md`).
    pub river_sides: u8,
    /// All-sea hexsides (SUP-064), a mask of six sides.
    pub sea_sides: u8,
    /// Victory points of an objective here (0: none).
    pub objective: u32,
}

/// The layers of every node, worked out on the first observation of a
/// world: they depend on the scenario alone. A resource every game's world
/// has ([`crate::Game`] inserts it).
#[derive(Resource, Default)]
pub(crate) struct StaticLayers(OnceLock<NodeVec<MapObs>>);

/// The layers of every node of `world`'s map: [`StaticLayers`]', worked
/// out on the first call; `None` in a world without them.
pub(super) fn static_layers<'w>(
    world: &'w World,
    map: &MapGraph,
    ops: Option<&OpsTables>,
) -> Option<&'w NodeVec<MapObs>> {
    let layers = world.get_resource::<StaticLayers>()?;
    Some(layers.0.get_or_init(|| map.node_ids().map(|m| map_obs(map, ops, m)).collect()))
}

/// The layer of node `n`; `ops` is the game's operations data, if any.
pub(super) fn map_obs(map: &MapGraph, ops: Option<&OpsTables>, n: NodeId) -> MapObs {
    let Some(info) = map.node(n) else { return MapObs::default() };
    let t = info.terrain.index();
    let small = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
    let river = |a: NodeId, b: NodeId| ops.is_some_and(|o| o.rivers.binary_search(&(a.min(b), a.max(b))).is_ok());
    MapObs {
        terrain: u8::try_from(t + 1).unwrap_or(u8::MAX),
        move_cost: small(ops.and_then(|o| o.terrain_cost.get(t).copied()).unwrap_or(0)),
        defence_shift: small(ops.and_then(|o| o.terrain_shift.get(t).copied()).unwrap_or(0)),
        river_sides: side_mask(map, n, river),
        sea_sides: side_mask(map, n, |a, b| map.all_sea_side(a, b)),
        objective: ops.map_or(0, |o| o.objectives.iter().filter(|x| x.0 == n).map(|x| x.1).sum()),
    }
}

/// The sides of hex `n` towards an adjacent hex `m` where `edge(n, m)`
/// holds, as a mask (see the module's bit order).
fn side_mask(map: &MapGraph, n: NodeId, edge: impl Fn(NodeId, NodeId) -> bool) -> u8 {
    let Some(here) = map.coord(n) else { return 0 };
    let mut mask = 0;
    for m in map.adjacent(n) {
        let Some(there) = map.coord(m) else { continue };
        let step = (there.x - here.x, there.y - here.y);
        if let Some(bit) = SIDE_STEPS.iter().position(|&s| s == step)
            && edge(n, m)
        {
            mask |= 1 << bit;
        }
    }
    mask
}
