//! Compressed sparse row adjacency with a kind byte per edge.

use std::ops::Range;

pub use crate::node::{NO_NODE, Node};

/// The kind of an edge, as a bit set so that a traversal can accept several
/// kinds at once (`EdgeKinds::LAND | EdgeKinds::CROSSING`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeKinds(pub u8);

impl EdgeKinds {
    /// No kind: matches nothing.
    pub const NONE: Self = Self(0);
    /// Two land nodes sharing a hexside (or a border) that land lines may cross.
    pub const LAND: Self = Self(1);
    /// A crossing arrow or another listed link over water (SUP-064, SUP-055).
    pub const CROSSING: Self = Self(1 << 1);
    /// From a map box onto one of its entry hexes (SUP-026, SUP-027, SUP-065).
    pub const BOX_ENTRY: Self = Self(1 << 2);
    /// Between two sea nodes, or a sea node and a coastal node (sea lines).
    pub const SEA: Self = Self(1 << 3);
    /// The edge may carry a gate: a per-determination mask of the labels it
    /// lets through (conditions on box entries, restricted borders).
    pub const GATED: Self = Self(1 << 7);
    /// Every kind.
    pub const ALL: Self = Self(u8::MAX);

    /// Whether any kind of `other` is in `self`.
    #[must_use]
    pub const fn intersects(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every kind of `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for EdgeKinds {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for EdgeKinds {
    fn bitor_assign(&mut self, rhs: Self) {
        self.0 |= rhs.0;
    }
}

/// A directed graph in compressed sparse row form.
///
/// Edges out of node `n` are `targets[offsets[n]..offsets[n + 1]]`, sorted by
/// target, with their kinds in `kinds` at the same positions. The position of
/// an edge in these arrays is its *edge index*, which gates refer to.
///
/// ```text
///  offsets: [0, 2, 3, 5]        node 0 -> 1, 2
///  targets: [1, 2, 0, 0, 1]     node 1 -> 0
///  kinds:   [L, L, L, L, C]     node 2 -> 0, 1 (crossing arrow)
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Csr {
    offsets: Vec<u32>,
    targets: Vec<Node>,
    kinds: Vec<EdgeKinds>,
    /// Every kind present, so that a traversal following all of them can
    /// skip the per-edge test.
    present: EdgeKinds,
}

impl Csr {
    /// Builds a graph of `node_count` nodes from `(from, to, kind)` edges.
    ///
    /// Edges are sorted by `(from, to, kind)` and exact duplicates removed, so
    /// the result does not depend on the order of the input. Two edges between
    /// the same nodes with different kinds are merged into one edge carrying
    /// both kinds. Edges naming a node `>= node_count` are dropped.
    #[must_use]
    pub fn from_edges(node_count: usize, edges: impl IntoIterator<Item = (Node, Node, EdgeKinds)>) -> Self {
        let mut list: Vec<(Node, Node, EdgeKinds)> =
            edges.into_iter().filter(|&(a, b, _)| a.index() < node_count && b.index() < node_count).collect();
        list.sort_unstable();
        let mut merged: Vec<(Node, Node, EdgeKinds)> = Vec::with_capacity(list.len());
        for (a, b, k) in list {
            match merged.last_mut() {
                Some(last) if last.0 == a && last.1 == b => last.2 |= k,
                _ => merged.push((a, b, k)),
            }
        }
        let mut offsets = vec![0u32; node_count + 1];
        for &(a, _, _) in &merged {
            offsets[a.index() + 1] += 1;
        }
        for i in 0..node_count {
            offsets[i + 1] += offsets[i];
        }
        let targets = merged.iter().map(|e| e.1).collect();
        let kinds: Vec<EdgeKinds> = merged.iter().map(|e| e.2).collect();
        let present = kinds.iter().fold(EdgeKinds::NONE, |a, &k| a | k);
        Self { offsets, targets, kinds, present }
    }

    /// Number of nodes.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of directed edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The edge indices of the edges out of `node` (empty for an unknown node).
    #[must_use]
    pub fn edge_range(&self, node: Node) -> Range<usize> {
        let n = node.index();
        match (self.offsets.get(n), self.offsets.get(n + 1)) {
            (Some(&a), Some(&b)) => a as usize..b as usize,
            _ => 0..0,
        }
    }

    /// Target of edge `edge`.
    #[must_use]
    pub fn target(&self, edge: usize) -> Node {
        self.targets[edge]
    }

    /// Kind of edge `edge`.
    #[must_use]
    pub fn kind(&self, edge: usize) -> EdgeKinds {
        self.kinds[edge]
    }

    /// Edges out of `node` whose kind intersects `kinds`, as
    /// `(edge index, target, kind)`.
    pub fn edges(&self, node: Node, kinds: EdgeKinds) -> impl Iterator<Item = (usize, Node, EdgeKinds)> + '_ {
        self.edge_range(node)
            .map(move |e| (e, self.targets[e], self.kinds[e]))
            .filter(move |&(_, _, k)| k.intersects(kinds))
    }

    /// Targets of the edges out of `node` whose kind intersects `kinds`.
    pub fn neighbors(&self, node: Node, kinds: EdgeKinds) -> impl Iterator<Item = Node> + '_ {
        self.edges(node, kinds).map(|(_, t, _)| t)
    }

    /// The edge index of `from -> to`, if there is one.
    #[must_use]
    pub fn find_edge(&self, from: Node, to: Node) -> Option<usize> {
        let r = self.edge_range(from);
        let start = r.start;
        self.targets[r].binary_search(&to).ok().map(|i| start + i)
    }

    /// The same graph with every edge reversed; edge kinds are kept.
    #[must_use]
    pub fn reversed(&self) -> Self {
        let n = self.node_count();
        let edges = Node::all(n).flat_map(|a| self.edge_range(a).map(move |e| (self.targets[e], a, self.kinds[e])));
        Self::from_edges(n, edges)
    }

    /// Every edge kind present in the graph.
    #[must_use]
    pub fn kinds_present(&self) -> EdgeKinds {
        self.present
    }

    /// The raw arrays `(offsets, targets, kinds)`, for callers that write
    /// their own tight loops.
    #[must_use]
    pub fn raw(&self) -> (&[u32], &[Node], &[EdgeKinds]) {
        (&self.offsets, &self.targets, &self.kinds)
    }
}

/// A graph of `node_count` nodes from edges between numbered nodes, for the
/// tests.
#[cfg(test)]
pub(crate) fn csr_of(node_count: usize, edges: impl IntoIterator<Item = (u32, u32, EdgeKinds)>) -> Csr {
    Csr::from_edges(node_count, edges.into_iter().map(|(a, b, k)| (Node(a), Node(b), k)))
}

/// The nodes numbered `ids`, for the tests.
#[cfg(test)]
pub(crate) fn ns(ids: &[u32]) -> Vec<Node> {
    ids.iter().copied().map(Node).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_sorted_merged_edges() {
        let g = csr_of(
            3,
            [
                (2, 1, EdgeKinds::CROSSING),
                (0, 2, EdgeKinds::LAND),
                (0, 1, EdgeKinds::LAND),
                (2, 1, EdgeKinds::LAND),
                (0, 1, EdgeKinds::LAND),
                (0, 9, EdgeKinds::LAND),
            ],
        );
        assert_eq!(g.node_count(), 3);
        assert_eq!(g.edge_count(), 3);
        assert_eq!(g.neighbors(Node(0), EdgeKinds::ALL).collect::<Vec<_>>(), vec![Node(1), Node(2)]);
        assert_eq!(g.neighbors(Node(1), EdgeKinds::ALL).count(), 0);
        let e = g.find_edge(Node(2), Node(1)).expect("edge 2->1");
        assert_eq!(g.kind(e), EdgeKinds::LAND | EdgeKinds::CROSSING);
        assert_eq!(g.neighbors(Node(2), EdgeKinds::SEA).count(), 0);
        let r = g.reversed();
        assert_eq!(r.neighbors(Node(1), EdgeKinds::ALL).collect::<Vec<_>>(), vec![Node(0), Node(2)]);
        assert_eq!(r.edge_range(Node(7)), 0..0);
    }
}
