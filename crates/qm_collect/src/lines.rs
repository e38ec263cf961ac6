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
use qm_trace::{EdgeKinds, Flood, FloodSpec, Seed, bfs_distances, flood};
use std::borrow::Cow;
use std::sync::OnceLock;

/// A nation's lines of supply: one flood, label `i` for its `i`-th place.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The flood, with arrivals recorded.
    pub flood: Flood,
    /// Passability of each node (all labels or none).
    pub pass: Vec<u64>,
    /// The places, by label.
    pub places: Vec<PlaceId>,
    /// Per label, the distance of every node from the place's supply
    /// centers, ignoring passability: made once, on the first blocker asked
    /// of that place, so that naming blockers costs one search per place,
    /// not one per cut territory.
    reach: Vec<OnceLock<Vec<u32>>>,
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
    let reach = places.iter().map(|_| OnceLock::new()).collect();
    Lines { flood: out, pass, places, reach }
}

impl Lines {
    /// The line from a supply center of `place` to `node`, center first.
    #[must_use]
    pub fn line(&self, node: NodeId, place: PlaceId) -> Option<Vec<NodeId>> {
        let bit = self.places.iter().position(|&p| p == place)?;
        self.flood.trace(node, bit as u32).map(|t| t.path)
    }

    /// What cuts `node` off from `place`: the first node that does not pass
    /// lines on a shortest path (ignoring passability) from `node` to the
    /// nearest supply center, stepping at each edge to the lowest-id
    /// neighbour one edge nearer; `None` when the place has no supply
    /// center reachable at all. Adjacency is symmetric on territory maps.
    #[must_use]
    pub fn blocker(&self, board: &Board, nation: NationId, node: NodeId, place: PlaceId) -> Option<NodeId> {
        let graph = &board.spec.map.adjacency;
        let dist = self.center_distances(board, nation, place);
        let mut d = *dist.get(node as usize).filter(|&&d| d != u32::MAX)?;
        let mut at = node;
        while d > 0 {
            let next = graph.neighbors(at, EdgeKinds::ALL).filter(|&t| dist.get(t as usize) == Some(&(d - 1))).min()?;
            if self.pass.get(next as usize).is_none_or(|&m| m == 0) {
                return Some(next);
            }
            (at, d) = (next, d - 1);
        }
        None
    }

    /// The distance of every node from `place`'s supply centers, ignoring
    /// passability: cached for a labelled place, else made now.
    fn center_distances(&self, board: &Board, nation: NationId, place: PlaceId) -> Cow<'_, [u32]> {
        let make = || {
            let centers = supply_centers(board, nation, place);
            bfs_distances(&board.spec.map.adjacency, EdgeKinds::ALL, &centers, u32::MAX, |_| true)
        };
        match self.places.iter().position(|&p| p == place).and_then(|i| self.reach.get(i)) {
            Some(cell) => Cow::Borrowed(cell.get_or_init(make).as_slice()),
            None => Cow::Owned(make()),
        }
    }
}
