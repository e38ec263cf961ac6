//! Routes of sea lines within range (SUP-090) and where units reach them
//! (SUP-111..119, SUP-123).

use super::view::{SeaView, UnitView};
use qm_core::ids::NodeId;
use qm_trace::{EdgeKinds, RefuelTree, bfs_distances, refuel_tree, route_from_tree};
use std::sync::Arc;

impl SeaView<'_> {
    /// A route from `from` through `via` to `to` within range (SUP-090):
    /// sea hexes count, friendly ports refuel. Searched once a view: the
    /// default plan, its greedy start and the lines' resolution ask for
    /// the same routes.
    #[must_use]
    pub fn route(&self, from: NodeId, via: &[NodeId], to: NodeId) -> Option<Vec<NodeId>> {
        let key = (from, to, via.to_vec());
        if let Some(found) = self.route_memo.borrow().get(&key) {
            return found.clone();
        }
        let found = self.search_route(from, via, to);
        self.route_memo.borrow_mut().insert(key, found.clone());
        found
    }

    /// [`SeaView::route`], searched: each leg is the first route a
    /// breadth-first search finds, where sea hexes count and friendly ports
    /// refuel (`bfs_path_refuel_with`), read from its start's
    /// [`RefuelTree`].
    fn search_route(&self, from: NodeId, via: &[NodeId], to: NodeId) -> Option<Vec<NodeId>> {
        if via.is_empty() && self.port(from) && self.route_reach(to).binary_search(&from).is_err() {
            return None;
        }
        let map = &self.spec.map;
        let range = self.spec.ruleset.sea.range;
        let mut path = vec![from];
        let mut cur = from;
        for &next in via.iter().chain(std::iter::once(&to)) {
            let tree = self.tree(cur);
            let (passable, counts, refuel) = (|x| self.passable(x), |x| self.is_sea(x), |x| self.port(x));
            let mut scratch = self.route_scratch.borrow_mut();
            let seg =
                route_from_tree(&tree, &map.sea, EdgeKinds::SEA, next, range, passable, counts, refuel, &mut scratch)?;
            path.extend_from_slice(&seg[1..]);
            cur = next;
        }
        Some(path)
    }

    /// What a route may pass through: sea hexes and friendly ports, not
    /// boxes (SUP-090).
    fn passable(&self, x: NodeId) -> bool {
        self.is_sea(x) || self.port(x)
    }

    /// The origins that a route of one leg may reach `to` from, sorted: the
    /// nodes a refuelling search from `to` over what a route passes reaches
    /// (sea lines are symmetric, SUP-090). A route from a port, where it
    /// refuels, reaches `to` only from one of them, so a port outside them
    /// has none, and no search from it is needed: most origins within
    /// [`SeaView::sea_reach`] of a landing place are there only through a
    /// box, which a route does not cross
    /// (`qm_trace::refuel_tree::tests::routes_lie_within_the_reverse_reach`).
    fn route_reach(&self, to: NodeId) -> Arc<[NodeId]> {
        if let Some(found) = self.route_reach_memo.borrow().get(&to) {
            return Arc::clone(found);
        }
        let (map, range) = (&self.spec.map, self.spec.ruleset.sea.range);
        let mut nodes: Vec<NodeId> = qm_trace::bfs_reach_refuel(
            &map.sea,
            EdgeKinds::SEA,
            to,
            range,
            |x| self.passable(x),
            |x| self.is_sea(x),
            |x| self.port(x),
            &mut self.route_scratch.borrow_mut(),
        )
        .into_iter()
        .map(|(n, _)| n)
        .collect();
        nodes.sort_unstable();
        let nodes: Arc<[NodeId]> = nodes.into();
        self.route_reach_memo.borrow_mut().insert(to, Arc::clone(&nodes));
        nodes
    }

    /// The routes from `from`, searched on first use.
    fn tree(&self, from: NodeId) -> Arc<RefuelTree> {
        if let Some(t) = self.trees.borrow().get(&from) {
            return Arc::clone(t);
        }
        let (map, range) = (&self.spec.map, self.spec.ruleset.sea.range);
        let mut scratch = self.tree_scratch.borrow_mut();
        let passable = |x| self.passable(x);
        let tree = refuel_tree(
            &map.sea,
            EdgeKinds::SEA,
            from,
            range,
            passable,
            |x| self.is_sea(x),
            |x| self.port(x),
            &mut scratch,
        );
        let tree = Arc::new(tree);
        self.trees.borrow_mut().insert(from, Arc::clone(&tree));
        tree
    }

    /// The first hex of `path` within `reach` of a unit at `from`, as an
    /// index into `path` (SUP-113: where an attack on the line falls).
    pub(super) fn first_within(&self, from: NodeId, path: &[NodeId], reach: u32) -> Option<usize> {
        let map = &self.spec.map;
        if let Some(b) = map.box_sea(from) {
            return path.iter().position(|n| *n == from || b.entries.contains(n));
        }
        let d = bfs_distances(&map.adjacency, EdgeKinds::ALL, &[from], reach, |_| true);
        path.iter().position(|&t| d.get(t).is_some_and(|&x| x <= reach))
    }

    /// Whether a unit at `from` reaches any of `targets` within `reach`
    /// ([`SeaView::reached`]).
    pub(super) fn distance(&self, from: NodeId, targets: &[NodeId], reach: u32) -> bool {
        let reached = self.reached(from, reach);
        targets.iter().any(|&t| reached.get(t).copied().unwrap_or(false))
    }
}

/// Where on a line's route (`path`, origin first) a naval unit starts to
/// protect it (SUP-111..119): from the origin if based there (SUP-112) or
/// in an sw box covering the line (SUP-114..117), from its port if based at
/// a port the line passes or ends at, "only once it has reached their hex"
/// (SUP-113); `None` if it may not protect it at all (SUP-118, SUP-119).
pub(super) fn escort_base(v: &SeaView<'_>, u: &UnitView, path: &[NodeId]) -> Option<usize> {
    let (&from, &to) = (path.first()?, path.last()?);
    if u.node == from {
        return Some(0);
    }
    let faction = v.ctx.factions.get(u.nation.index()).copied()?;
    let front = v.spec.map.front(to);
    let sw = v
        .spec
        .map
        .box_sea(u.node)
        .is_some_and(|b| b.sw && b.protects.iter().any(|p| p.covers(faction, from, to, front)));
    if sw {
        return Some(0);
    }
    if v.port(u.node) {
        return path.iter().position(|&n| n == u.node);
    }
    None
}
