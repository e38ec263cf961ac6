//! Lines of supply on a territory map (COL-005, ruling 4), traced with the
//! one flood kernel (`qm_trace::flood`) from the supply centers of each of a
//! nation's saving places outward, one label per place.
//!
//! A line passes through land territories controlled by the nation or its
//! allies, and through sea zones with no enemy surface warship: empty, or
//! holding only neutral, allied or own ships, or only enemy submarines.

use crate::board::{Board, ShipKind};
use crate::collect_map::{CollectMap, PlaceId};
use qm_core::ids::{NationId, NodeId, NodeSlice, NodeVec};
use qm_core::map::{Features, NodeKind};
use qm_trace::{EdgeKinds, Flood, FloodSpec, Origin, Seed, bfs_distances, flood};
use std::borrow::Cow;
use std::sync::OnceLock;

/// A nation's lines of supply: one flood, label `i` for its `i`-th place.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The flood, with arrivals recorded.
    pub flood: Flood,
    /// Passability of each node (all labels or none).
    pub pass: NodeVec<u64>,
    /// The places, by label.
    pub places: Vec<PlaceId>,
    /// Per label, the place's supply centers (the flood's seeds).
    centers: Vec<Vec<NodeId>>,
    /// Per label, the distance of every node from the place's supply
    /// centers, ignoring passability: made once, on the first blocker asked
    /// of that place, so that naming blockers costs one search per place,
    /// not one per cut territory.
    reach: Vec<OnceLock<NodeVec<u32>>>,
}

/// Features that make a supply center (COL-005: city, industrial complex,
/// port).
const CENTER: Features = Features::CITY.union(Features::IC).union(Features::PORT);

/// Most saving places one flood labels.
pub const MAX_PLACES: usize = 64;

/// Whether each node passes `nation`'s lines (ruling 4).
#[must_use]
pub fn passability(board: &Board, nation: NationId) -> NodeVec<u64> {
    let map = &board.spec.map;
    // Ruling 4: one enemy surface warship closes a sea zone (one pass over
    // the ships, not one per zone).
    let mut closed = NodeVec::from(vec![false; map.node_count()]);
    for s in board.ships.iter().filter(|s| s.kind == ShipKind::Surface && board.enemy(nation, s.nation)) {
        if let Some(c) = closed.get_mut(s.node) {
            *c = true;
        }
    }
    map.node_ids()
        .map(|n| {
            let open = match map.node(n).map(|i| i.kind) {
                Some(NodeKind::Territory) => {
                    board.control.get(n).copied().flatten().is_some_and(|c| board.friendly(nation, c))
                }
                Some(NodeKind::SeaZone) => !closed[n],
                _ => false,
            };
            if open { u64::MAX } else { 0 }
        })
        .collect()
}

/// Whether node `n` is a supply center of `place` for `nation` (COL-005):
/// a city, industrial complex or port in an incorporated territory of the
/// place that the nation controls. A territory gifted to the nation belongs
/// to its homeland.
fn is_center(board: &Board, nation: NationId, homeland: Option<PlaceId>, n: NodeId, place: PlaceId) -> bool {
    let e = CollectMap::of(&board.spec).econ(n);
    let of_place = match e.gifted_to {
        Some(g) => g == nation && homeland == Some(place),
        None => e.place == Some(place),
    };
    of_place
        && e.incorporated
        && board.control.get(n).copied().flatten() == Some(nation)
        && board.spec.map.node(n).is_some_and(|i| i.features.intersects(CENTER))
}

/// The supply centers of a place (COL-005), in node order.
#[must_use]
pub fn supply_centers(board: &Board, nation: NationId, place: PlaceId) -> Vec<NodeId> {
    let owned = CollectMap::of(&board.spec).places.get(place as usize).is_some_and(|p| p.nation == nation);
    if owned { centers_of(board, &[place]).pop().unwrap_or_default() } else { Vec::new() }
}

/// The supply centers of each of `places`, in node order, read in one pass
/// over the map (not one per place). A place's centers are those of the
/// nation it belongs to.
#[must_use]
pub fn centers_of(board: &Board, places: &[PlaceId]) -> Vec<Vec<NodeId>> {
    let cm = CollectMap::of(&board.spec);
    // Per saving place: its index in `places` (the first, if listed twice).
    let mut index = vec![None; cm.places.len()];
    for (i, &p) in places.iter().enumerate().rev() {
        if let Some(x) = index.get_mut(p as usize) {
            *x = Some(i);
        }
    }
    let mut out = vec![Vec::new(); places.len()];
    for n in board.spec.map.board_nodes() {
        // Only a controlled territory can be a center: test that first.
        if board.control.get(n).copied().flatten().is_none() {
            continue;
        }
        let e = cm.econ(n);
        // The one place the node could be a center of.
        let candidate = match e.gifted_to {
            Some(g) => cm.homeland(g),
            None => e.place,
        };
        let Some(place) = candidate else { continue };
        let Some(i) = index.get(place as usize).copied().flatten() else { continue };
        let Some(owner) = cm.places.get(place as usize).map(|p| p.nation) else { continue };
        if is_center(board, owner, cm.homeland(owner), n, place) {
            out[i].push(n);
        }
    }
    out
}

/// Floods `nation`'s lines from the supply centers of `places` (at most
/// [`MAX_PLACES`]; the rest trace nothing). The places may be those of
/// several nations of `nation`'s side, which share its passability.
#[must_use]
pub fn trace_lines(board: &Board, nation: NationId, places: &[PlaceId]) -> Lines {
    let pass = passability(board, nation);
    let places: Vec<PlaceId> = places.iter().copied().take(MAX_PLACES).collect();
    let centers = centers_of(board, &places);
    let seeds: Vec<Seed> =
        centers.iter().enumerate().flat_map(|(bit, cs)| cs.iter().map(move |&n| Seed::new(n, 1 << bit))).collect();
    let spec =
        FloodSpec { graph: &board.spec.map.adjacency, kinds: EdgeKinds::ALL, accept: &pass, emit: &pass, gates: &[] };
    let mut out = Flood::new(true);
    flood(&spec, &seeds, |_, _| true, &mut out);
    let reach = places.iter().map(|_| OnceLock::new()).collect();
    Lines { flood: out, pass, places, centers, reach }
}

impl Lines {
    /// The line from a supply center of `place` to `node`, center first.
    #[must_use]
    pub fn line(&self, node: NodeId, place: PlaceId) -> Option<Vec<NodeId>> {
        let bit = self.places.iter().position(|&p| p == place)?;
        self.flood.trace(node, bit as u32).map(|t| t.path)
    }

    /// The lines of many `(node, place)` pairs, in input order, as
    /// [`Lines::line`] gives each: lines that meet share their walk to the
    /// center (`Flood::trace_many`).
    #[must_use]
    pub fn lines_of(&self, targets: &[(NodeId, PlaceId)]) -> Vec<Option<Vec<NodeId>>> {
        let bit = |p: PlaceId| self.places.iter().position(|&x| x == p);
        let traced: Vec<(NodeId, u32)> =
            targets.iter().map(|&(n, p)| (n, bit(p).map_or(u32::MAX, |b| b as u32))).collect();
        let known: Vec<(NodeId, u32)> = traced.iter().copied().filter(|t| t.1 != u32::MAX).collect();
        let mut found = self.flood.trace_many(&known).into_iter();
        traced.iter().map(|t| if t.1 == u32::MAX { None } else { found.next().flatten().map(|t| t.path) }).collect()
    }

    /// [`Lines::line`] written into `path` (cleared first; center first), so
    /// that many lines reuse one buffer; whether the line traced.
    pub fn line_into(&self, node: NodeId, place: PlaceId, path: &mut Vec<NodeId>) -> bool {
        path.clear();
        let Some(bit) = self.places.iter().position(|&p| p == place) else { return false };
        self.flood.trace_into(node, bit as u32, path).is_some()
    }

    /// The first-arrival parent of `node` on its line to `place` (the next
    /// node toward a supply center): `Some(None)` at a supply center,
    /// `Some(Some(p))` from `p`, `None` when the line does not reach it.
    /// Read from the flood's record, no walk.
    #[must_use]
    pub fn parent(&self, node: NodeId, place: PlaceId) -> Option<Option<NodeId>> {
        let bit = self.places.iter().position(|&p| p == place)?;
        match self.flood.origin_of(node, bit as u32)? {
            Origin::Seed(_) => Some(None),
            Origin::Node(p) => Some(Some(p)),
        }
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
        let mut d = *dist.get(node).filter(|&&d| d != u32::MAX)?;
        let mut at = node;
        while d > 0 {
            let next = graph.neighbors(at, EdgeKinds::ALL).filter(|&t| dist.get(t) == Some(&(d - 1))).min()?;
            if self.pass.get(next).is_none_or(|&m| m == 0) {
                return Some(next);
            }
            (at, d) = (next, d - 1);
        }
        None
    }

    /// The distance of every node from `place`'s supply centers, ignoring
    /// passability: cached for a labelled place, else made now.
    fn center_distances(&self, board: &Board, nation: NationId, place: PlaceId) -> Cow<'_, NodeSlice<u32>> {
        let from =
            |centers: &[NodeId]| bfs_distances(&board.spec.map.adjacency, EdgeKinds::ALL, centers, u32::MAX, |_| true);
        match self.places.iter().position(|&p| p == place) {
            Some(i) if i < self.reach.len() => {
                Cow::Borrowed(self.reach[i].get_or_init(|| from(&self.centers[i])).as_slice())
            }
            _ => Cow::Owned(from(&supply_centers(board, nation, place))),
        }
    }
}
