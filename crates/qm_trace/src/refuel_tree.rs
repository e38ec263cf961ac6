//! Every route of a refuelling search from one origin (sea lines, SUP-090),
//! searched once: the paths [`bfs_path_refuel_with`] finds from that origin
//! to each target, without a search per target.
//!
//! [`bfs_path_refuel_with`] from `from` to `to` lets `to` in whatever it
//! is (`passable(x) || x == to`) and does not refuel there (`refuel(x) &&
//! x != to`), and stops at the first push of `to`. Before that push its
//! states are those of one search with neither exception, as long as that
//! search has not pushed `to` as a state of its own: `to` is the only node
//! the two treat apart. So one search to the end, which notes for every
//! node the first state that could have ended a search for it, gives each
//! target the path its own search gives; a target that the shared search
//! pushed earlier (a refuelling node a search for it could not have
//! entered yet) is searched on its own.

use crate::graph::{Csr, EdgeKinds, Node};
use crate::node::NodeVec;
use crate::path::bfs_path_refuel_with;

/// The states of a refuelling search from one origin, run to the end, with
/// the first state that reached each node as a target.
#[derive(Clone, Debug, Default)]
pub struct RefuelTree {
    from: Node,
    /// `(node, its parent state)`; the origin's parent is `u32::MAX`.
    states: Vec<(Node, u32)>,
    /// `(node, state it was first reached from as a target, whether the
    /// search pushed it as a state before that)`, sorted by node.
    ends: Vec<(Node, u32, bool)>,
}

/// What a [`RefuelTree`] knows of the route to a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeRoute {
    /// The route [`bfs_path_refuel_with`] finds, origin first.
    Path(Vec<Node>),
    /// No route within range.
    None,
    /// The tree cannot tell: search this target on its own.
    Search,
}

/// The scratch of [`refuel_tree`]: per node, the least fuel used of a state
/// there, and whether it was reached as a target. Left as found.
#[derive(Clone, Debug, Default)]
pub struct TreeScratch {
    best: NodeVec<u32>,
    end: NodeVec<bool>,
}

/// Runs the refuelling search of [`bfs_path_refuel_with`] from `from` to
/// the end, for every target at once (`passable`, `counts` and `refuel` as
/// there, without the target's exceptions).
#[allow(clippy::too_many_arguments, reason = "the graph, the origin, the range, the three tests and the scratch")]
pub fn refuel_tree(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    range: u32,
    passable: impl Fn(Node) -> bool,
    counts: impl Fn(Node) -> bool,
    refuel: impl Fn(Node) -> bool,
    scratch: &mut TreeScratch,
) -> RefuelTree {
    let n = graph.node_count();
    let mut tree = RefuelTree { from, states: Vec::new(), ends: Vec::new() };
    if from.index() >= n {
        return tree;
    }
    let TreeScratch { best, end } = scratch;
    best.resize(n, u32::MAX);
    end.resize(n, false);
    let r = range as usize + 1;
    let mut used_at: Vec<u32> = vec![0];
    tree.states.push((from, u32::MAX));
    best[from] = 0;
    let mut i = 0;
    while i < tree.states.len() {
        let (h, used) = (tree.states[i].0, used_at[i]);
        for t in graph.neighbors(h, kinds) {
            // As a search for `t` would see it: entered, never refuelling.
            let as_end = if counts(t) { used + 1 } else { used };
            if !end[t] && t != from && (as_end as usize) < r {
                end[t] = true;
                tree.ends.push((t, i as u32, best[t] != u32::MAX));
            }
            if !passable(t) {
                continue;
            }
            let u = if refuel(t) { 0 } else { as_end };
            if u as usize >= r || u >= best[t] {
                continue;
            }
            best[t] = u;
            tree.states.push((t, i as u32));
            used_at.push(u);
        }
        i += 1;
    }
    for &(t, _) in &tree.states {
        best[t] = u32::MAX;
    }
    for &(t, _, _) in &tree.ends {
        end[t] = false;
    }
    tree.ends.sort_unstable();
    tree
}

impl RefuelTree {
    /// The origin.
    #[must_use]
    pub fn from(&self) -> Node {
        self.from
    }

    /// The route to `to`, as [`bfs_path_refuel_with`] from the origin finds
    /// it, or [`TreeRoute::Search`] when only that search can tell.
    #[must_use]
    pub fn route_to(&self, to: Node) -> TreeRoute {
        if to == self.from {
            return if self.states.is_empty() { TreeRoute::None } else { TreeRoute::Path(vec![to]) };
        }
        let Ok(k) = self.ends.binary_search_by_key(&to, |e| e.0) else { return TreeRoute::None };
        let (_, mut state, pushed_before) = self.ends[k];
        if pushed_before {
            return TreeRoute::Search;
        }
        let mut path = vec![to];
        while let Some(&(node, parent)) = self.states.get(state as usize) {
            path.push(node);
            state = parent;
        }
        path.reverse();
        TreeRoute::Path(path)
    }
}

/// [`bfs_path_refuel_with`] from the tree's origin to `to`, read from the
/// tree where it can tell, searched where it cannot; the tests are those
/// the tree was built with.
#[allow(
    clippy::too_many_arguments,
    reason = "the tree, the graph, the target, the range, the three tests and the scratch"
)]
pub fn route_from_tree(
    tree: &RefuelTree,
    graph: &Csr,
    kinds: EdgeKinds,
    to: Node,
    range: u32,
    passable: impl Fn(Node) -> bool,
    counts: impl Fn(Node) -> bool,
    refuel: impl Fn(Node) -> bool,
    scratch: &mut NodeVec<u32>,
) -> Option<Vec<Node>> {
    match tree.route_to(to) {
        TreeRoute::Path(p) => Some(p),
        TreeRoute::None => None,
        TreeRoute::Search => bfs_path_refuel_with(
            graph,
            kinds,
            tree.from,
            to,
            range,
            |x| x == to || passable(x),
            counts,
            |x| x != to && refuel(x),
            scratch,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{csr_of, ns};

    /// Node kinds of the random graphs: 0 sea (counts), 1 port (refuels),
    /// 2 land (impassable but as a target), 3 a port that also counts.
    fn tests(kind: &[u8]) -> (impl Fn(Node) -> bool + '_, impl Fn(Node) -> bool + '_, impl Fn(Node) -> bool + '_) {
        let k = move |x: Node| kind.get(x.index()).copied().unwrap_or(2);
        (move |x| k(x) != 2, move |x| k(x) == 0 || k(x) == 3, move |x| k(x) == 1 || k(x) == 3)
    }

    #[test]
    fn a_port_refuels_on_the_way_and_a_beach_ends_a_route() {
        // 0 port - 1 sea - 2 sea - 3 port - 4 sea - 5 land; range 2.
        let g = csr_of(6, (0..5u32).flat_map(|i| [(i, i + 1, EdgeKinds::SEA), (i + 1, i, EdgeKinds::SEA)]));
        let kind = [1, 0, 0, 1, 0, 2];
        let (p, c, r) = tests(&kind);
        let tree = refuel_tree(&g, EdgeKinds::SEA, Node(0), 2, &p, &c, &r, &mut TreeScratch::default());
        assert_eq!(tree.route_to(Node(5)), TreeRoute::Path(ns(&[0, 1, 2, 3, 4, 5])));
        assert_eq!(tree.route_to(Node(3)), TreeRoute::Path(ns(&[0, 1, 2, 3])));
        let short = refuel_tree(&g, EdgeKinds::SEA, Node(0), 1, &p, &c, &r, &mut TreeScratch::default());
        assert_eq!(short.route_to(Node(3)), TreeRoute::None, "two sea hexes are out of range 1");
    }

    proptest::proptest! {
        /// On random directed graphs of sea, ports, land and ports that
        /// count, the tree gives every target the route a search of its own
        /// gives, and leaves its scratch as found.
        #[test]
        fn tree_routes_equal_searches_of_their_own(
            edges in proptest::collection::vec((0u32..16, 0u32..16), 0..48),
            kind in proptest::collection::vec(0u8..4, 16),
            range in 0u32..4,
        ) {
            let g = csr_of(16, edges.iter().map(|&(a, b)| (a, b, EdgeKinds::SEA)));
            let (p, c, r) = tests(&kind);
            let mut scratch = TreeScratch::default();
            let mut one = NodeVec::new();
            for from in Node::all(16) {
                let tree = refuel_tree(&g, EdgeKinds::SEA, from, range, &p, &c, &r, &mut scratch);
                proptest::prop_assert!(scratch.best.iter().all(|&b| b == u32::MAX));
                proptest::prop_assert!(scratch.end.iter().all(|&e| !e));
                for to in Node::all(17) {
                    let own = bfs_path_refuel_with(&g, EdgeKinds::SEA, from, to, range,
                        |x| x == to || p(x), &c, |x| x != to && r(x), &mut one);
                    let shared = route_from_tree(&tree, &g, EdgeKinds::SEA, to, range, &p, &c, &r, &mut one);
                    proptest::prop_assert_eq!(shared, own, "from {} to {}", from, to);
                }
            }
        }

        /// On random symmetric graphs, an origin that refuels (a port) has
        /// a route to a target only if the refuelling reach from the target
        /// over the same nodes finds it: what lets the sea view skip the
        /// search from a port outside that reach (SUP-090). (An origin that
        /// counts does not: the route leaves it with no fuel used, while
        /// the reach counts it on arrival.)
        #[test]
        fn routes_lie_within_the_reverse_reach(
            edges in proptest::collection::vec((0u32..16, 0u32..16), 0..40),
            kind in proptest::collection::vec(0u8..4, 16),
            range in 0u32..4,
        ) {
            let both = edges.iter().flat_map(|&(a, b)| [(a, b, EdgeKinds::SEA), (b, a, EdgeKinds::SEA)]);
            let g = csr_of(16, both);
            let (p, c, r) = tests(&kind);
            let (mut one, mut marks) = (NodeVec::new(), NodeVec::new());
            for to in Node::all(16) {
                let reach = crate::path::bfs_reach_refuel(&g, EdgeKinds::SEA, to, range, &p, &c, &r, &mut marks);
                for from in Node::all(16).filter(|&f| f != to && r(f)) {
                    let route = bfs_path_refuel_with(&g, EdgeKinds::SEA, from, to, range,
                        |x| x == to || p(x), &c, |x| x != to && r(x), &mut one);
                    let reached = reach.iter().any(|&(n, _)| n == from);
                    proptest::prop_assert!(route.is_none() || reached, "from {} to {}: {:?}", from, to, route);
                }
            }
        }
    }
}
