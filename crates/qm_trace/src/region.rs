//! The area a node could be reached from, and what walls it in.

use crate::graph::{Csr, EdgeKinds, Node};
use crate::node::{NodeSlice, NodeVec};

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
    stamp: NodeVec<u32>,
    generation: u32,
}

impl RegionScratch {
    /// Whether `n` was in the region of the last search.
    #[must_use]
    pub fn in_region(&self, n: Node) -> bool {
        self.stamp.get(n) == Some(&self.generation) && self.generation != 0
    }

    /// Whether `n` was on the frontier of the last search.
    #[must_use]
    pub fn in_frontier(&self, n: Node) -> bool {
        self.stamp.get(n) == Some(&(self.generation + 1)) && self.generation != 0
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
    emit: &NodeSlice<u64>,
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
    emit: &NodeSlice<u64>,
    bits: u64,
    start: Node,
    limit: usize,
    link: impl Fn(Node, Node) -> bool,
) -> Region {
    BackwardWalk { reversed, kinds, emit, bits, limit }.region(scratch, start, link)
}

/// What a backward search follows: the inputs of [`backward_region`] but
/// its start and links, for a caller that searches from many starts.
#[derive(Clone, Copy, Debug)]
pub struct BackwardWalk<'a> {
    /// The graph with its edges reversed ([`Csr::reversed`]).
    pub reversed: &'a Csr,
    /// The edge kinds followed.
    pub kinds: EdgeKinds,
    /// Per node: the labels it passes on.
    pub emit: &'a NodeSlice<u64>,
    /// The labels searched for.
    pub bits: u64,
    /// The most region nodes visited.
    pub limit: usize,
}

impl BackwardWalk<'_> {
    /// [`backward_region_with`] from `start`.
    #[must_use]
    pub fn region(&self, scratch: &mut RegionScratch, start: Node, link: impl Fn(Node, Node) -> bool) -> Region {
        self.run(scratch, start, link, |_| false)
    }

    /// The start of [`BackwardWalk::region`]'s search, stopped as soon as
    /// `enough` of the frontier nodes found pass `counts`: its frontier is
    /// then the prefix of the whole search's frontier that ends at the
    /// `enough`-th such node (the search visits nodes in the same order,
    /// so the nearest frontier nodes are the same), and its nodes and
    /// closed edges are what it met until then. When fewer pass, it is the
    /// whole search. A caller that knows the area already learns the
    /// nearest part of its frontier from a new start at the cost of
    /// reaching it, not of the area.
    #[must_use]
    pub fn frontier_until(
        &self,
        scratch: &mut RegionScratch,
        start: Node,
        link: impl Fn(Node, Node) -> bool,
        (counts, enough): (impl Fn(Node) -> bool, usize),
    ) -> Region {
        let mut found = 0;
        self.run(scratch, start, link, |f| {
            found += usize::from(counts(f));
            found >= enough
        })
    }

    /// The search, breadth first from `start`; `stop(f)` is asked after
    /// each new frontier node `f` and ends the search if it says so.
    fn run(
        &self,
        scratch: &mut RegionScratch,
        start: Node,
        link: impl Fn(Node, Node) -> bool,
        mut stop: impl FnMut(Node) -> bool,
    ) -> Region {
        let n = self.reversed.node_count().min(self.emit.len());
        let mut region = Region::default();
        scratch.next(self.reversed.node_count());
        if start.index() >= n {
            return region;
        }
        let (inside, wall) = (scratch.generation, scratch.generation + 1);
        let stamp = &mut scratch.stamp;
        stamp[start] = inside;
        region.nodes.push(start);
        let mut i = 0;
        while i < region.nodes.len() && region.nodes.len() < self.limit.max(1) {
            let r = region.nodes[i];
            i += 1;
            for p in self.reversed.neighbors(r, self.kinds) {
                if p.index() >= n || stamp[p] == inside {
                    continue;
                }
                if !link(p, r) {
                    region.closed.push((p, r));
                    continue;
                }
                if self.emit[p] & self.bits != 0 {
                    stamp[p] = inside;
                    region.nodes.push(p);
                } else if stamp[p] != wall {
                    stamp[p] = wall;
                    region.frontier.push(p);
                    if stop(p) {
                        return region;
                    }
                }
            }
        }
        region
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{csr_of, ns};

    /// `slice` as a column.
    fn col(slice: &[u64]) -> &NodeSlice<u64> {
        NodeSlice::from_ref(slice)
    }

    #[test]
    fn a_pocket_and_its_walls() {
        // 0 - 1 - 2 - 3 - 4 with 1 and 3 blocked: the pocket of 2 is {2},
        // walled by 1 and 3.
        let g = csr_of(5, (0..4u32).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]));
        let rev = g.reversed();
        let emit = col(&[1, 0, 1, 0, 1]);
        let (n0, n2, n3) = (Node(0), Node(2), Node(3));
        let r = backward_region(&rev, EdgeKinds::LAND, emit, 1, n2, usize::MAX, |_, _| true);
        assert_eq!(r.nodes, ns(&[2]));
        assert_eq!(r.frontier, ns(&[1, 3]));
        let r = backward_region(&rev, EdgeKinds::LAND, col(&[1; 5]), 1, n2, usize::MAX, |_, _| true);
        assert_eq!(r.nodes.len(), 5);
        assert!(r.frontier.is_empty());
        assert!(backward_region(&rev, EdgeKinds::LAND, emit, 1, Node(9), 10, |_, _| true).nodes.is_empty());
        // A refused link walls the region in without a frontier node.
        let r = backward_region(&rev, EdgeKinds::LAND, col(&[1; 5]), 1, n2, usize::MAX, |p, _| p != n3);
        assert_eq!(r.nodes, ns(&[2, 1, 0]));
        assert_eq!(r.closed, vec![(n3, n2)]);
        // The scratch remembers the last search, and is reused without
        // clearing.
        let mut sc = RegionScratch::default();
        let r = backward_region_with(&mut sc, &rev, EdgeKinds::LAND, emit, 1, n2, usize::MAX, |_, _| true);
        assert!(sc.in_region(n2) && sc.in_frontier(n3) && !sc.in_region(n0) && !sc.in_frontier(n0));
        assert_eq!(r.frontier, ns(&[1, 3]));
        let _ = backward_region_with(&mut sc, &rev, EdgeKinds::LAND, col(&[1; 5]), 1, n0, usize::MAX, |_, _| true);
        assert!(sc.in_region(Node(4)) && !sc.in_frontier(n3));
    }

    /// A stopped search finds the same nearest frontier as the whole one:
    /// on a grid with walls, from every start and for every count, its
    /// frontier is the whole search's, cut after the `enough`-th node that
    /// counts.
    #[test]
    fn a_stopped_search_finds_the_whole_searchs_nearest_frontier() {
        let w = 9u32;
        let id = |x: u32, y: u32| y * w + x;
        let mut edges = Vec::new();
        for y in 0..w {
            for x in 0..w {
                for (dx, dy) in [(1, 0), (0, 1)] {
                    if x + dx < w && y + dy < w {
                        edges.push((id(x, y), id(x + dx, y + dy), EdgeKinds::LAND));
                        edges.push((id(x + dx, y + dy), id(x, y), EdgeKinds::LAND));
                    }
                }
            }
        }
        let g = csr_of((w * w) as usize, edges);
        let rev = g.reversed();
        // Walls where (x * 7 + y * 3) % 5 == 0; a closed link into 40.
        let emit: NodeVec<u64> = (0..w * w).map(|n| u64::from(!(n % w * 7 + n / w * 3).is_multiple_of(5))).collect();
        let link = |p: Node, r: Node| !(p == Node(39) && r == Node(40));
        let counts = |f: Node| !f.0.is_multiple_of(3);
        let mut sc = RegionScratch::default();
        for start in Node::all((w * w) as usize) {
            let whole = backward_region_with(&mut sc, &rev, EdgeKinds::LAND, &emit, 1, start, usize::MAX, link);
            let counted = whole.frontier.iter().filter(|&&f| counts(f)).count();
            for enough in 1..=counted + 1 {
                let walk =
                    BackwardWalk { reversed: &rev, kinds: EdgeKinds::LAND, emit: &emit, bits: 1, limit: usize::MAX };
                let cut = walk.frontier_until(&mut sc, start, link, (counts, enough));
                let end = whole
                    .frontier
                    .iter()
                    .scan(0, |k, &f| {
                        *k += usize::from(counts(f));
                        Some(*k)
                    })
                    .position(|k| k >= enough)
                    .map_or(whole.frontier.len(), |i| i + 1);
                assert_eq!(cut.frontier, whole.frontier[..end], "start {start}, enough {enough}");
                assert!(whole.nodes.starts_with(&cut.nodes), "start {start}, enough {enough}");
                if enough > counted {
                    assert_eq!(cut, whole, "start {start}: fewer count than asked, the whole search");
                }
            }
        }
    }
}
