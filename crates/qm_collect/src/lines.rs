//! Lines of supply on a territory map (COL-005, ruling 4), traced with the
//! one flood kernel (`qm_trace::flood`) from the supply centers of each of a
//! nation's saving places outward, one label per place.
//!
//! A line passes through land territories controlled by the nation or its
//! allies, and through sea zones with no enemy surface warship: empty, or
//! holding only neutral, allied or own ships, or only enemy submarines.

use crate::board::Board;
use qm_core::collect_map::PlaceId;
use qm_core::ids::{NationId, NodeId};
use qm_core::map::{Features, NodeKind};
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, bfs_distances, bfs_path, flood};

/// A nation's lines of supply: one flood, label `i` for its `i`-th place.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The flood, with arrivals recorded.
    pub flood: Flood,
    /// Passability of each node (all labels or none).
    pub pass: Vec<u64>,
    /// The places, by label.
    pub places: Vec<PlaceId>,
}

/// Features that make a supply center (COL-005: city, industrial complex,
/// port).
const CENTER: Features = Features::CITY.union(Features::IC).union(Features::PORT);

/// Most saving places one flood labels.
pub const MAX_PLACES: usize = 64;

/// Whether each node passes `nation`'s lines (ruling 4).
#[must_use]
pub fn passability(board: &Board, nation: NationId) -> Vec<u64> {
    let map = &board.spec.map;
    (0..map.node_count() as NodeId)
        .map(|n| {
            let open = match map.node(n).map(|i| i.kind) {
                Some(NodeKind::Territory) => {
                    board.control.get(n as usize).copied().flatten().is_some_and(|c| board.friendly(nation, c))
                }
                Some(NodeKind::SeaZone) => board.raider(nation, n).is_none(),
                _ => false,
            };
            if open { u64::MAX } else { 0 }
        })
        .collect()
}

/// The supply centers of a place (COL-005): cities, industrial complexes
/// and ports in incorporated territories of the place that the nation
/// controls. A territory gifted to the nation belongs to its homeland.
#[must_use]
pub fn supply_centers(board: &Board, nation: NationId, place: PlaceId) -> Vec<NodeId> {
    let map = &board.spec.map;
    let cm = &board.spec.collect;
    let homeland = cm.homeland(nation);
    (0..map.board_count)
        .filter(|&n| {
            let e = cm.econ(n);
            let of_place = match e.gifted_to {
                Some(g) => g == nation && homeland == Some(place),
                None => e.place == Some(place),
            };
            of_place
                && e.incorporated
                && board.control.get(n as usize).copied().flatten() == Some(nation)
                && map.node(n).is_some_and(|i| i.features.intersects(CENTER))
        })
        .collect()
}

/// Floods `nation`'s lines from the supply centers of `places` (at most
/// [`MAX_PLACES`]; the rest trace nothing).
#[must_use]
pub fn trace_lines(board: &Board, nation: NationId, places: &[PlaceId]) -> Lines {
    let pass = passability(board, nation);
    let places: Vec<PlaceId> = places.iter().copied().take(MAX_PLACES).collect();
    let seeds: Vec<Seed> = places
        .iter()
        .enumerate()
        .flat_map(|(bit, &p)| supply_centers(board, nation, p).into_iter().map(move |n| Seed::new(n, 1 << bit)))
        .collect();
    let spec =
        FloodSpec { graph: &board.spec.map.adjacency, kinds: EdgeKinds::ALL, accept: &pass, emit: &pass, gates: &[] };
    let mut out = Flood::new(true);
    flood(&spec, &seeds, |_, _| true, &mut out);
    Lines { flood: out, pass, places }
}

impl Lines {
    /// The line from a supply center of `place` to `node`, center first.
    #[must_use]
    pub fn line(&self, node: NodeId, place: PlaceId) -> Option<Vec<NodeId>> {
        let bit = self.places.iter().position(|&p| p == place)?;
        self.flood.trace(node, bit as u32).map(|t| t.path)
    }

    /// What cuts `node` off from `place`: the first node that does not pass
    /// lines on the shortest path (ignoring passability) from `node` to the
    /// nearest supply center; `None` when the place has no supply center
    /// reachable at all.
    #[must_use]
    pub fn blocker(&self, board: &Board, nation: NationId, node: NodeId, place: PlaceId) -> Option<NodeId> {
        let graph = &board.spec.map.adjacency;
        // One search out of `node` finds the nearest center (fewest edges,
        // then lowest id), one more its path: not a search per center.
        let dist = bfs_distances(graph, EdgeKinds::ALL, &[node], u32::MAX, |_| true);
        let nearest = supply_centers(board, nation, place)
            .into_iter()
            .filter(|&c| dist.get(c as usize).is_some_and(|&d| d != u32::MAX))
            .min_by_key(|&c| (dist[c as usize], c))?;
        let shortest = bfs_path(graph, EdgeKinds::ALL, node, nearest, |_| true)?;
        shortest.into_iter().skip(1).find(|&n| self.pass.get(n as usize).is_none_or(|&m| m == 0))
    }
}
