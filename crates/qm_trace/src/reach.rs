//! Cost-bounded reach: where a mover with a budget of movement points can
//! get to, with the cheapest way there.

use crate::graph::{Csr, EdgeKinds, NO_NODE, Node};
use crate::node::NodeVec;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The result of [`bounded_reach`]: per node, the least cost to enter it
/// (`u32::MAX` if out of reach) and the node it is entered from on one
/// cheapest way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Least cost to get there; `u32::MAX` if unreached. The start costs 0.
    pub cost: NodeVec<u32>,
    /// The node it is entered from on a cheapest way; [`NO_NODE`] for the
    /// start and for unreached nodes.
    pub parent: NodeVec<Node>,
    /// The start.
    pub from: Node,
    /// The nodes reached other than the start, in node order: what
    /// [`Reach::targets`] lists without a pass over every node.
    pub entered: Vec<Node>,
}

impl Reach {
    /// Whether `n` is reached.
    #[must_use]
    pub fn reached(&self, n: Node) -> bool {
        self.cost.get(n).is_some_and(|&c| c != u32::MAX)
    }

    /// The nodes reached other than the start, in node order.
    pub fn targets(&self) -> impl Iterator<Item = Node> + '_ {
        self.entered.iter().copied()
    }

    /// The nodes entered on the way to `to`, in order, without the start;
    /// `None` if `to` is unreached. Empty for the start itself.
    #[must_use]
    pub fn path(&self, to: Node) -> Option<Vec<Node>> {
        if !self.reached(to) {
            return None;
        }
        let mut path = Vec::new();
        let mut c = to;
        while c != self.from {
            path.push(c);
            c = self.parent[c];
        }
        path.reverse();
        Some(path)
    }
}

/// Every node reachable from `from` over edges of `kinds` for at most
/// `budget`, where entering `t` from `h` costs `enter(h, t)` (`None`: it
/// may not be entered that way), and a node where `stops` holds may be
/// entered but not left (a zone of control). The start may always be left.
///
/// A Dijkstra search over dense arrays; ties go to the lower node and, for
/// equal costs, the first edge found, so the result depends only on the
/// inputs. Costs of zero are allowed.
#[must_use]
pub fn bounded_reach(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    budget: u32,
    enter: impl Fn(Node, Node) -> Option<u32>,
    stops: impl Fn(Node) -> bool,
) -> Reach {
    let n = graph.node_count();
    let mut cost = NodeVec::from(vec![u32::MAX; n]);
    let mut parent = NodeVec::from(vec![NO_NODE; n]);
    let mut entered = Vec::new();
    if from.index() >= n {
        return Reach { cost, parent, from, entered };
    }
    cost[from] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, from)));
    while let Some(Reverse((c, h))) = heap.pop() {
        if c > cost[h] || (h != from && stops(h)) {
            continue;
        }
        for t in graph.neighbors(h, kinds) {
            let Some(step) = enter(h, t) else { continue };
            let nc = c.saturating_add(step);
            if nc <= budget && nc < cost[t] {
                if cost[t] == u32::MAX {
                    entered.push(t);
                }
                cost[t] = nc;
                parent[t] = h;
                heap.push(Reverse((nc, t)));
            }
        }
    }
    entered.sort_unstable();
    Reach { cost, parent, from, entered }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{csr_of, ns};

    fn line(n: u32) -> Csr {
        csr_of(n as usize, (0..n - 1).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]))
    }

    /// The targets as a pass over every node's cost finds them.
    fn dense_targets(r: &Reach) -> Vec<Node> {
        r.cost.iter_enumerated().filter(|&(n, &c)| n != r.from && c != u32::MAX).map(|(n, _)| n).collect()
    }

    #[test]
    fn the_targets_are_the_nodes_of_finite_cost_in_node_order() {
        // A ring of 12 with a chord: nodes are first entered out of node
        // order (11 before 2) and some are entered twice (cheaper later).
        let mut edges: Vec<(u32, u32, EdgeKinds)> =
            (0..12).flat_map(|i| [(i, (i + 1) % 12, EdgeKinds::LAND), ((i + 1) % 12, i, EdgeKinds::LAND)]).collect();
        edges.extend([(0, 6, EdgeKinds::LAND), (6, 0, EdgeKinds::LAND)]);
        let g = csr_of(12, edges);
        for budget in 0..8 {
            for from in 0..12 {
                let cost = |_: Node, t: Node| Some(1 + t.0 % 3);
                let r = bounded_reach(&g, EdgeKinds::LAND, Node(from), budget, cost, |n| n == Node(4));
                assert_eq!(r.targets().collect::<Vec<_>>(), dense_targets(&r), "from {from} budget {budget}");
            }
        }
    }

    #[test]
    fn budget_bounds_the_reach() {
        let g = line(8);
        let r = bounded_reach(&g, EdgeKinds::LAND, Node(0), 3, |_, _| Some(1), |_| false);
        assert_eq!(r.targets().collect::<Vec<_>>(), ns(&[1, 2, 3]));
        assert_eq!(r.path(Node(3)), Some(ns(&[1, 2, 3])));
        assert_eq!(r.path(Node(0)), Some(vec![]));
        assert_eq!(r.path(Node(4)), None);
    }

    #[test]
    fn costly_nodes_and_stops() {
        let g = line(8);
        let n0 = Node(0);
        // Node 2 costs 3 to enter: with 4 points the mover gets to 2 and 3.
        let r = bounded_reach(&g, EdgeKinds::LAND, n0, 4, |_, t| Some(if t == Node(2) { 3 } else { 1 }), |_| false);
        assert_eq!(r.cost[Node(2)], 4);
        assert_eq!(r.cost[Node(3)], u32::MAX);
        assert_eq!(r.targets().collect::<Vec<_>>(), ns(&[1, 2]));
        // A stop at 1: entered, never left.
        let r = bounded_reach(&g, EdgeKinds::LAND, n0, 9, |_, _| Some(1), |n| n == Node(1));
        assert_eq!(r.targets().collect::<Vec<_>>(), ns(&[1]));
        // The start is left even if it is a stop.
        let r = bounded_reach(&g, EdgeKinds::LAND, n0, 1, |_, _| Some(1), |n| n == n0);
        assert_eq!(r.targets().collect::<Vec<_>>(), ns(&[1]));
        // Impassable nodes are not entered.
        let r = bounded_reach(&g, EdgeKinds::LAND, n0, 9, |_, t| (t != Node(3)).then_some(1), |_| false);
        assert_eq!(r.targets().collect::<Vec<_>>(), ns(&[1, 2]));
    }
}
