//! Breadth-first paths and distances.

use crate::graph::{Csr, EdgeKinds, NO_NODE, Node};
use crate::node::NodeVec;

/// A shortest path (fewest edges) from `from` to `to` over edges of `kinds`,
/// entering only nodes for which `passable` holds (`to` must be passable,
/// `from` need not be). Ties go to the lower edge index, so the path depends
/// only on the inputs. The path includes both ends.
#[must_use]
pub fn bfs_path(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    to: Node,
    passable: impl Fn(Node) -> bool,
) -> Option<Vec<Node>> {
    let n = graph.node_count();
    if from.index() >= n || to.index() >= n {
        return None;
    }
    if from == to {
        return Some(vec![from]);
    }
    let mut parent = NodeVec::from(vec![NO_NODE; n]);
    parent[from] = from;
    let mut queue = vec![from];
    let mut i = 0;
    while i < queue.len() {
        let h = queue[i];
        i += 1;
        for t in graph.neighbors(h, kinds) {
            if parent[t] != NO_NODE || !passable(t) {
                continue;
            }
            parent[t] = h;
            if t == to {
                let mut path = vec![to];
                let mut c = to;
                while c != from {
                    c = parent[c];
                    path.push(c);
                }
                path.reverse();
                return Some(path);
            }
            queue.push(t);
        }
    }
    None
}

/// Breadth-first distances (in edges) from any of `sources`, over edges of
/// `kinds`, through nodes for which `passable` holds, up to `max` edges.
/// Unreached nodes get `u32::MAX`.
#[must_use]
pub fn bfs_distances(
    graph: &Csr,
    kinds: EdgeKinds,
    sources: &[Node],
    max: u32,
    passable: impl Fn(Node) -> bool,
) -> NodeVec<u32> {
    let n = graph.node_count();
    let mut dist = NodeVec::from(vec![u32::MAX; n]);
    let mut queue = Vec::new();
    for &s in sources {
        if s.index() < n && dist[s] == u32::MAX {
            dist[s] = 0;
            queue.push(s);
        }
    }
    let mut i = 0;
    while i < queue.len() {
        let h = queue[i];
        i += 1;
        let d = dist[h];
        if d >= max {
            continue;
        }
        for t in graph.neighbors(h, kinds) {
            if dist[t] == u32::MAX && passable(t) {
                dist[t] = d + 1;
                queue.push(t);
            }
        }
    }
    dist
}

/// A path from `from` to `to` over edges of `kinds` that enters only nodes
/// where `passable` holds (`to` must be passable), in which no stretch
/// between two *refuel* nodes (or from `from`) crosses more than `range`
/// nodes that `counts`. Refuel nodes reset the count. Among such paths, one
/// with the fewest edges; ties go to lower edge indices.
///
/// This is a sea line's route: sea hexes count, friendly ports refuel
/// (SUP-090, SUP-122). Allocates one entry a node; callers that search
/// many routes on one map use [`bfs_path_refuel_with`].
#[must_use]
#[allow(
    clippy::too_many_arguments,
    reason = "the graph, the ends, the range and the three tests of a refuelling search"
)]
pub fn bfs_path_refuel(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    to: Node,
    range: u32,
    passable: impl Fn(Node) -> bool,
    counts: impl Fn(Node) -> bool,
    refuel: impl Fn(Node) -> bool,
) -> Option<Vec<Node>> {
    bfs_path_refuel_with(graph, kinds, from, to, range, passable, counts, refuel, &mut NodeVec::new())
}

/// [`bfs_path_refuel`] with a reusable `scratch` of one entry a node: it is
/// sized on first use and left as it was found, so a call costs only the
/// area it searches, not the map (the default sea plan searches a route per
/// origin and zone, SUP-103).
#[must_use]
#[allow(
    clippy::too_many_arguments,
    reason = "the graph, the ends, the range, the three tests of a refuelling search and the scratch"
)]
pub fn bfs_path_refuel_with(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    to: Node,
    range: u32,
    passable: impl Fn(Node) -> bool,
    counts: impl Fn(Node) -> bool,
    refuel: impl Fn(Node) -> bool,
    scratch: &mut NodeVec<u32>,
) -> Option<Vec<Node>> {
    let n = graph.node_count();
    if from.index() >= n || to.index() >= n {
        return None;
    }
    if from == to {
        return Some(vec![from]);
    }
    fit_scratch(scratch, n);
    // State: (node, used). `best[node]` is the least `used` seen there; a
    // state is worth expanding only if it arrives with less fuel used.
    let r = range as usize + 1;
    let best = scratch;
    let mut parent: Vec<u64> = Vec::new();
    let mut states: Vec<(Node, u32)> = vec![(from, 0)];
    parent.push(u64::MAX);
    best[from] = 0;
    let mut found = None;
    let mut i = 0;
    'search: while i < states.len() {
        let (h, used) = states[i];
        for t in graph.neighbors(h, kinds) {
            if !passable(t) {
                continue;
            }
            let u = fuel_at(t, used, &counts, &refuel);
            if u as usize >= r || u >= best[t] {
                continue;
            }
            best[t] = u;
            states.push((t, u));
            parent.push(i as u64);
            if t == to {
                found = Some(parent.len() - 1);
                break 'search;
            }
        }
        i += 1;
    }
    // Every node the search marked holds a state: leave the scratch as found.
    for &(t, _) in &states {
        best[t] = u32::MAX;
    }
    let mut k = found?;
    let mut path = vec![to];
    while parent[k] != u64::MAX {
        k = parent[k] as usize;
        path.push(states[k].0);
    }
    path.reverse();
    Some(path)
}

/// Sizes a refuelling search's per-node scratch to `n` entries, all
/// unreached, unless it already fits (a search leaves it as it found it).
fn fit_scratch(scratch: &mut NodeVec<u32>, n: usize) {
    if scratch.len() != n {
        scratch.clear();
        scratch.resize(n, u32::MAX);
    }
}

/// The fuel used on arriving at `t` with `used` spent: none at a node that
/// refuels, one more at a node that counts against the range.
#[inline]
fn fuel_at(t: Node, used: u32, counts: &impl Fn(Node) -> bool, refuel: &impl Fn(Node) -> bool) -> u32 {
    if refuel(t) {
        0
    } else if counts(t) {
        used + 1
    } else {
        used
    }
}

/// Every node reachable from `from` under the rules of
/// [`bfs_path_refuel`], as `(node, fewest edges)` in the order reached.
/// Finding the origins a sea line may come from is one call from the
/// termination, since sea lines are symmetric.
///
/// `scratch` holds one entry a node; pass the same one to many calls: it
/// is sized on first use and left as it was found, so a call costs only the
/// area it reaches.
#[must_use]
#[allow(clippy::too_many_arguments, reason = "the graph, the start, the range, the three tests and the scratch")]
pub fn bfs_reach_refuel(
    graph: &Csr,
    kinds: EdgeKinds,
    from: Node,
    range: u32,
    passable: impl Fn(Node) -> bool,
    counts: impl Fn(Node) -> bool,
    refuel: impl Fn(Node) -> bool,
    scratch: &mut NodeVec<u32>,
) -> Vec<(Node, u32)> {
    let n = graph.node_count();
    let mut out = Vec::new();
    if from.index() >= n {
        return out;
    }
    fit_scratch(scratch, n);
    // `scratch[node]`: least fuel used there so far (u32::MAX: not reached).
    let best = scratch;
    let mut states: Vec<(Node, u32, u32)> = vec![(from, 0, 0)];
    best[from] = 0;
    out.push((from, 0));
    let mut i = 0;
    while i < states.len() {
        let (h, used, d) = states[i];
        i += 1;
        for t in graph.neighbors(h, kinds) {
            if !passable(t) {
                continue;
            }
            let u = fuel_at(t, used, &counts, &refuel);
            let b = best[t];
            if u > range || u >= b {
                continue;
            }
            if b == u32::MAX {
                out.push((t, d + 1));
            }
            best[t] = u;
            states.push((t, u, d + 1));
        }
    }
    for &(t, _) in &out {
        best[t] = u32::MAX;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{csr_of, ns};

    fn ring(n: u32) -> Csr {
        csr_of(n as usize, (0..n).flat_map(|i| [(i, (i + 1) % n, EdgeKinds::SEA), ((i + 1) % n, i, EdgeKinds::SEA)]))
    }

    #[test]
    fn shortest_way_round_a_ring() {
        let g = ring(6);
        let (n0, n2, n4) = (Node(0), Node(2), Node(4));
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, n0, n4, |_| true), Some(ns(&[0, 5, 4])));
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, n0, n4, |n| n != Node(5)), Some(ns(&[0, 1, 2, 3, 4])));
        assert_eq!(bfs_path(&g, EdgeKinds::LAND, n0, n4, |_| true), None);
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, n2, n2, |_| false), Some(ns(&[2])));
    }

    #[test]
    fn routes_refuel_at_ports() {
        // A line 0 - 1 - ... - 9; nodes 1..=8 are sea (they count), 5 is a
        // port (refuels). Range 4 reaches 9 only through the port.
        let g = csr_of(10, (0..9u32).flat_map(|i| [(i, i + 1, EdgeKinds::SEA), (i + 1, i, EdgeKinds::SEA)]));
        let counts = |n: Node| (1..=8).contains(&n.0) && n != Node(5);
        let (n0, n5, n9) = (Node(0), Node(5), Node(9));
        let p = bfs_path_refuel(&g, EdgeKinds::SEA, n0, n9, 4, |_| true, counts, |n| n == n5);
        assert_eq!(p.map(|p| p.len()), Some(10));
        assert_eq!(bfs_path_refuel(&g, EdgeKinds::SEA, n0, n9, 4, |_| true, counts, |_| false), None);
        assert_eq!(
            bfs_path_refuel(&g, EdgeKinds::SEA, n0, n9, 8, |_| true, counts, |_| false).map(|p| p.len()),
            Some(10)
        );
        assert_eq!(bfs_path_refuel(&g, EdgeKinds::SEA, n0, n9, 4, |n| n != n5, counts, |n| n == n5), None);
        // With a scratch reused across searches, the same routes, and the
        // scratch left as found.
        let mut reused = NodeVec::new();
        for (range, refuel_at) in [(4, 5), (4, 99), (8, 99), (4, 5)] {
            let refuel_at = Node(refuel_at);
            let fresh = bfs_path_refuel(&g, EdgeKinds::SEA, n0, n9, range, |_| true, counts, |n| n == refuel_at);
            let with = bfs_path_refuel_with(
                &g,
                EdgeKinds::SEA,
                n0,
                n9,
                range,
                |_| true,
                counts,
                |n| n == refuel_at,
                &mut reused,
            );
            assert_eq!(with, fresh, "range {range}, refuel at {refuel_at}");
            assert!(reused.iter().all(|&s| s == u32::MAX), "the scratch is left as found");
        }
        let mut scratch = NodeVec::new();
        let reached = bfs_reach_refuel(&g, EdgeKinds::SEA, n0, 4, |_| true, counts, |n| n == n5, &mut scratch);
        assert!(reached.contains(&(n9, 9)));
        let reached = bfs_reach_refuel(&g, EdgeKinds::SEA, n0, 4, |_| true, counts, |_| false, &mut scratch);
        assert_eq!(reached.iter().map(|r| r.0).max(), Some(n5));
        assert!(scratch.iter().all(|&s| s == u32::MAX), "the scratch is left as found");
    }

    #[test]
    fn distances_stop_at_max() {
        let g = ring(8);
        let d = bfs_distances(&g, EdgeKinds::SEA, &[Node(0)], 2, |_| true);
        assert_eq!(d.raw, vec![0, 1, 2, u32::MAX, u32::MAX, u32::MAX, 2, 1]);
    }
}
