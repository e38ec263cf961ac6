//! Breadth-first paths and distances.

use crate::graph::{Csr, EdgeKinds, NO_NODE, Node};

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
    if from as usize >= n || to as usize >= n {
        return None;
    }
    if from == to {
        return Some(vec![from]);
    }
    let mut parent = vec![NO_NODE; n];
    parent[from as usize] = from;
    let mut queue = vec![from];
    let mut i = 0;
    while i < queue.len() {
        let h = queue[i];
        i += 1;
        for t in graph.neighbors(h, kinds) {
            let tu = t as usize;
            if parent[tu] != NO_NODE || !passable(t) {
                continue;
            }
            parent[tu] = h;
            if t == to {
                let mut path = vec![to];
                let mut c = to;
                while c != from {
                    c = parent[c as usize];
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
) -> Vec<u32> {
    let n = graph.node_count();
    let mut dist = vec![u32::MAX; n];
    let mut queue = Vec::new();
    for &s in sources {
        if (s as usize) < n && dist[s as usize] == u32::MAX {
            dist[s as usize] = 0;
            queue.push(s);
        }
    }
    let mut i = 0;
    while i < queue.len() {
        let h = queue[i];
        i += 1;
        let d = dist[h as usize];
        if d >= max {
            continue;
        }
        for t in graph.neighbors(h, kinds) {
            let tu = t as usize;
            if dist[tu] == u32::MAX && passable(t) {
                dist[tu] = d + 1;
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
    bfs_path_refuel_with(graph, kinds, from, to, range, passable, counts, refuel, &mut Vec::new())
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
    scratch: &mut Vec<u32>,
) -> Option<Vec<Node>> {
    let n = graph.node_count();
    if from as usize >= n || to as usize >= n {
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
    best[from as usize] = 0;
    let mut found = None;
    let mut i = 0;
    'search: while i < states.len() {
        let (h, used) = states[i];
        for t in graph.neighbors(h, kinds) {
            if !passable(t) {
                continue;
            }
            let u = fuel_at(t, used, &counts, &refuel);
            if u as usize >= r || u >= best[t as usize] {
                continue;
            }
            best[t as usize] = u;
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
        best[t as usize] = u32::MAX;
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
fn fit_scratch(scratch: &mut Vec<u32>, n: usize) {
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
    scratch: &mut Vec<u32>,
) -> Vec<(Node, u32)> {
    let n = graph.node_count();
    let mut out = Vec::new();
    if from as usize >= n {
        return out;
    }
    fit_scratch(scratch, n);
    // `scratch[node]`: least fuel used there so far (u32::MAX: not reached).
    let best = scratch;
    let mut states: Vec<(Node, u32, u32)> = vec![(from, 0, 0)];
    best[from as usize] = 0;
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
            let b = best[t as usize];
            if u > range || u >= b {
                continue;
            }
            if b == u32::MAX {
                out.push((t, d + 1));
            }
            best[t as usize] = u;
            states.push((t, u, d + 1));
        }
    }
    for &(t, _) in &out {
        best[t as usize] = u32::MAX;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(n: u32) -> Csr {
        Csr::from_edges(
            n as usize,
            (0..n).flat_map(|i| [(i, (i + 1) % n, EdgeKinds::SEA), ((i + 1) % n, i, EdgeKinds::SEA)]),
        )
    }

    #[test]
    fn shortest_way_round_a_ring() {
        let g = ring(6);
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, 0, 4, |_| true), Some(vec![0, 5, 4]));
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, 0, 4, |n| n != 5), Some(vec![0, 1, 2, 3, 4]));
        assert_eq!(bfs_path(&g, EdgeKinds::LAND, 0, 4, |_| true), None);
        assert_eq!(bfs_path(&g, EdgeKinds::SEA, 2, 2, |_| false), Some(vec![2]));
    }

    #[test]
    fn routes_refuel_at_ports() {
        // A line 0 - 1 - ... - 9; nodes 1..=8 are sea (they count), 5 is a
        // port (refuels). Range 4 reaches 9 only through the port.
        let g = Csr::from_edges(10, (0..9u32).flat_map(|i| [(i, i + 1, EdgeKinds::SEA), (i + 1, i, EdgeKinds::SEA)]));
        let counts = |n: u32| (1..=8).contains(&n) && n != 5;
        let p = bfs_path_refuel(&g, EdgeKinds::SEA, 0, 9, 4, |_| true, counts, |n| n == 5);
        assert_eq!(p.map(|p| p.len()), Some(10));
        assert_eq!(bfs_path_refuel(&g, EdgeKinds::SEA, 0, 9, 4, |_| true, counts, |_| false), None);
        assert_eq!(
            bfs_path_refuel(&g, EdgeKinds::SEA, 0, 9, 8, |_| true, counts, |_| false).map(|p| p.len()),
            Some(10)
        );
        assert_eq!(bfs_path_refuel(&g, EdgeKinds::SEA, 0, 9, 4, |n| n != 5, counts, |n| n == 5), None);
        // With a scratch reused across searches, the same routes, and the
        // scratch left as found.
        let mut reused = Vec::new();
        for (range, refuel_at) in [(4, 5), (4, 99), (8, 99), (4, 5)] {
            let fresh = bfs_path_refuel(&g, EdgeKinds::SEA, 0, 9, range, |_| true, counts, |n| n == refuel_at);
            let with = bfs_path_refuel_with(
                &g,
                EdgeKinds::SEA,
                0,
                9,
                range,
                |_| true,
                counts,
                |n| n == refuel_at,
                &mut reused,
            );
            assert_eq!(with, fresh, "range {range}, refuel at {refuel_at}");
            assert!(reused.iter().all(|&s| s == u32::MAX), "the scratch is left as found");
        }
        let mut scratch = Vec::new();
        let reached = bfs_reach_refuel(&g, EdgeKinds::SEA, 0, 4, |_| true, counts, |n| n == 5, &mut scratch);
        assert!(reached.contains(&(9, 9)));
        let reached = bfs_reach_refuel(&g, EdgeKinds::SEA, 0, 4, |_| true, counts, |_| false, &mut scratch);
        assert_eq!(reached.iter().map(|r| r.0).max(), Some(5));
        assert!(scratch.iter().all(|&s| s == u32::MAX), "the scratch is left as found");
    }

    #[test]
    fn distances_stop_at_max() {
        let g = ring(8);
        let d = bfs_distances(&g, EdgeKinds::SEA, &[0], 2, |_| true);
        assert_eq!(d, vec![0, 1, 2, u32::MAX, u32::MAX, u32::MAX, 2, 1]);
    }
}
