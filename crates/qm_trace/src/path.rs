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
    fn distances_stop_at_max() {
        let g = ring(8);
        let d = bfs_distances(&g, EdgeKinds::SEA, &[0], 2, |_| true);
        assert_eq!(d, vec![0, 1, 2, u32::MAX, u32::MAX, u32::MAX, 2, 1]);
    }
}
