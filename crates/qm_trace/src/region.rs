//! The area a node could be reached from, and what walls it in.

use crate::graph::{Csr, EdgeKinds, Node};

/// The result of [`backward_region`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    /// The nodes that could pass the labels on to the start node, start
    /// included, in breadth-first order.
    pub nodes: Vec<Node>,
    /// Nodes next to the region, on a followable edge into it, that do not
    /// pass the labels on: the frontier that cuts the region off, in the
    /// order found (nearest to the start first).
    pub frontier: Vec<Node>,
    /// Edges `(p, r)` into the region that `link` refused (closed gates).
    pub closed: Vec<(Node, Node)>,
}

/// Reusable marks for [`backward_region_with`]: one `u32` a node, so that
/// many searches on a big map allocate and clear nothing.
#[derive(Clone, Debug, Default)]
pub struct RegionScratch {
    stamp: Vec<u32>,
    generation: u32,
}

impl RegionScratch {
    /// Whether `n` was in the region of the last search.
    #[must_use]
    pub fn in_region(&self, n: Node) -> bool {
        self.stamp.get(n as usize) == Some(&self.generation) && self.generation != 0
    }

    /// Whether `n` was on the frontier of the last search.
    #[must_use]
    pub fn in_frontier(&self, n: Node) -> bool {
        self.stamp.get(n as usize) == Some(&(self.generation + 1)) && self.generation != 0
    }

    fn next(&mut self, n: usize) {
        if self.stamp.len() != n || self.generation >= u32::MAX - 4 {
            self.stamp.clear();
            self.stamp.resize(n, 0);
            self.generation = 0;
        }
        self.generation += 2;
    }
}

/// Searches backwards from `start` over `reversed` (the flood graph with its
/// edges reversed, see [`Csr::reversed`]) for every node that could pass any
/// of `bits` on towards `start`, with the same `kinds` and `emit` masks a
/// [`flood`](crate::flood()) would use. `link(p, r)` may refuse single edges
/// `p -> r` (closed gates).
///
/// The frontier is what a supply line from outside would have to cross: for
/// a unit in a pocket, the enemy hexes and the hexes in enemy zones of
/// control around it. `limit` caps the number of region nodes visited.
#[must_use]
pub fn backward_region(
    reversed: &Csr,
    kinds: EdgeKinds,
    emit: &[u64],
    bits: u64,
    start: Node,
    limit: usize,
    link: impl Fn(Node, Node) -> bool,
) -> Region {
    backward_region_with(&mut RegionScratch::default(), reversed, kinds, emit, bits, start, limit, link)
}

/// [`backward_region`] with reusable marks; afterwards `scratch` answers
/// [`RegionScratch::in_region`] and [`RegionScratch::in_frontier`].
#[must_use]
#[allow(clippy::too_many_arguments, reason = "the search's inputs plus its scratch")]
pub fn backward_region_with(
    scratch: &mut RegionScratch,
    reversed: &Csr,
    kinds: EdgeKinds,
    emit: &[u64],
    bits: u64,
    start: Node,
    limit: usize,
    link: impl Fn(Node, Node) -> bool,
) -> Region {
    let n = reversed.node_count().min(emit.len());
    let mut region = Region::default();
    scratch.next(reversed.node_count());
    if start as usize >= n {
        return region;
    }
    let (inside, wall) = (scratch.generation, scratch.generation + 1);
    let stamp = &mut scratch.stamp;
    stamp[start as usize] = inside;
    region.nodes.push(start);
    let mut i = 0;
    while i < region.nodes.len() && region.nodes.len() < limit.max(1) {
        let r = region.nodes[i];
        i += 1;
        for p in reversed.neighbors(r, kinds) {
            let pu = p as usize;
            if pu >= n || stamp[pu] == inside {
                continue;
            }
            if !link(p, r) {
                region.closed.push((p, r));
                continue;
            }
            if emit[pu] & bits != 0 {
                stamp[pu] = inside;
                region.nodes.push(p);
            } else if stamp[pu] != wall {
                stamp[pu] = wall;
                region.frontier.push(p);
            }
        }
    }
    region
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pocket_and_its_walls() {
        // 0 - 1 - 2 - 3 - 4 with 1 and 3 blocked: the pocket of 2 is {2},
        // walled by 1 and 3.
        let g = Csr::from_edges(5, (0..4u32).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]));
        let rev = g.reversed();
        let emit = [1, 0, 1, 0, 1];
        let r = backward_region(&rev, EdgeKinds::LAND, &emit, 1, 2, usize::MAX, |_, _| true);
        assert_eq!(r.nodes, vec![2]);
        assert_eq!(r.frontier, vec![1, 3]);
        let r = backward_region(&rev, EdgeKinds::LAND, &[1; 5], 1, 2, usize::MAX, |_, _| true);
        assert_eq!(r.nodes.len(), 5);
        assert!(r.frontier.is_empty());
        assert!(backward_region(&rev, EdgeKinds::LAND, &emit, 1, 9, 10, |_, _| true).nodes.is_empty());
        // A refused link walls the region in without a frontier node.
        let r = backward_region(&rev, EdgeKinds::LAND, &[1; 5], 1, 2, usize::MAX, |p, _| p != 3);
        assert_eq!(r.nodes, vec![2, 1, 0]);
        assert_eq!(r.closed, vec![(3, 2)]);
        // The scratch remembers the last search, and is reused without
        // clearing.
        let mut sc = RegionScratch::default();
        let r = backward_region_with(&mut sc, &rev, EdgeKinds::LAND, &emit, 1, 2, usize::MAX, |_, _| true);
        assert!(sc.in_region(2) && sc.in_frontier(3) && !sc.in_region(0) && !sc.in_frontier(0));
        assert_eq!(r.frontier, vec![1, 3]);
        let _ = backward_region_with(&mut sc, &rev, EdgeKinds::LAND, &[1; 5], 1, 0, usize::MAX, |_, _| true);
        assert!(sc.in_region(4) && !sc.in_frontier(3));
    }
}
