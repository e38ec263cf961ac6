//! Connected components: supply zones, pockets.

use crate::graph::{Csr, EdgeKinds, Node};
use crate::node::{NodeSlice, NodeVec};

/// In the labels of [`label_components`] and [`label_zones`]: a node in no
/// component or zone.
pub const NO_ZONE: u32 = u32::MAX;

/// Labels the connected components of the member nodes.
///
/// Two members are connected when an edge of a kind in `kinds` joins them.
/// The graph must be symmetric in `kinds` between members (see
/// [`label_zones`]). `labels[n]` becomes the component number of a
/// member, or [`NO_ZONE`] for a non-member. Components are numbered in the
/// order of their lowest node, so the numbering depends only on the inputs.
/// Returns the number of components.
pub fn label_components(graph: &Csr, kinds: EdgeKinds, member: &NodeSlice<bool>, labels: &mut NodeVec<u32>) -> u32 {
    // Zones with no attach nodes are exactly the components of their core.
    label_zones(graph, kinds, |i| member.get(i).copied().unwrap_or(false), |_| false, labels)
}

/// Zones: the connected components of the `core` nodes, each of which also
/// takes the `attach` nodes it touches (an attach node joins the component
/// numbered lowest among those it touches, and connects nothing); attach
/// nodes no component touches are zones of their own. Components are
/// numbered in the order of their lowest node, then the lone attach nodes
/// in node order. `labels[n]` is the zone of a node or [`NO_ZONE`];
/// returns the number of zones.
///
/// The graph must be symmetric in `kinds` (each edge stored both ways, as
/// the map's land graph is between hexes): the labelling reads each edge
/// from one end only.
///
/// This is a supply zone (SUP-093): hexes that pass supply on form the
/// components, and a hex in an enemy zone of control, which receives supply
/// but passes none, belongs to the zone next to it without joining two
/// zones into one.
pub fn label_zones(
    graph: &Csr,
    kinds: EdgeKinds,
    core: impl Fn(Node) -> bool,
    attach: impl Fn(Node) -> bool,
    labels: &mut NodeVec<u32>,
) -> u32 {
    let n = graph.node_count();
    // One sequential pass marks what each node is, in `labels` itself (see
    // `join_marked`). The attach nodes, in order: few (hexes in an enemy
    // zone of control), so they are kept in a list instead of found by a
    // pass over the map.
    labels.clear();
    let mut attached: Vec<Node> = Vec::new();
    labels.extend(Node::all(n).map(|i| {
        if core(i) {
            UNSEEN_CORE
        } else if attach(i) {
            attached.push(i);
            UNSEEN_ATTACH
        } else {
            NO_ZONE
        }
    }));
    join_marked(graph, kinds, &attached, labels)
}

/// In the classes [`label_zones_of`] reads: a node in no zone.
pub const ZONE_NONE: u8 = 0;
/// In the classes [`label_zones_of`] reads: an attach node.
pub const ZONE_ATTACH: u8 = 1;
/// In the classes [`label_zones_of`] reads: a core node.
pub const ZONE_CORE: u8 = 2;

/// [`label_zones`], with what each node is given as one byte a node:
/// [`ZONE_CORE`], [`ZONE_ATTACH`] or [`ZONE_NONE`] (any other value, and a
/// node past the end of `class`, is in no zone). The same zones, and the
/// marking pass is a plain map of bytes to words that the compiler
/// vectorises, where the closures of [`label_zones`] cost a call and two
/// branches a node.
pub fn label_zones_of(graph: &Csr, kinds: EdgeKinds, class: &NodeSlice<u8>, labels: &mut NodeVec<u32>) -> u32 {
    let n = graph.node_count();
    let class = class.get(..Node::from_index(n)).unwrap_or(class);
    labels.clear();
    labels.extend(class.iter().map(|&c| match c {
        ZONE_CORE => UNSEEN_CORE,
        ZONE_ATTACH => UNSEEN_ATTACH,
        _ => NO_ZONE,
    }));
    labels.resize(n, NO_ZONE);
    let attached: Vec<Node> = class.iter_enumerated().filter(|&(_, &c)| c == ZONE_ATTACH).map(|(i, _)| i).collect();
    join_marked(graph, kinds, &attached, labels)
}

/// The zones of nodes marked in `labels` ([`UNSEEN_CORE`],
/// [`UNSEEN_ATTACH`], [`NO_ZONE`]), `attached` listing the attach nodes in
/// order. A core node's entry becomes its parent in a union-find forest
/// (always a lower node, so a root is its component's lowest node), then
/// its zone. Nodes are visited in order and edges read in their stored
/// order, so the map is read once, front to back, instead of in the
/// scattered order of a walk. Returns the number of zones.
fn join_marked(graph: &Csr, kinds: EdgeKinds, attached: &[Node], labels: &mut NodeSlice<u32>) -> u32 {
    join_core(graph, kinds, labels);
    let mut count = number_core(labels);
    // Found before any is written, so that no attach node takes another's
    // zone for a core node's.
    let zones: Vec<Option<u32>> =
        attached.iter().map(|&a| lowest_zone_around(graph, kinds, labels, a, count)).collect();
    for (&a, zone) in attached.iter().zip(zones) {
        labels[a] = zone.unwrap_or_else(|| {
            count += 1;
            count - 1
        });
    }
    count
}

/// Links every core node to the core nodes below it that an edge joins
/// it to: afterwards a core node's label is a lower node of its component,
/// or itself for the component's lowest node.
fn join_core(graph: &Csr, kinds: EdgeKinds, labels: &mut NodeSlice<u32>) {
    let (offsets, targets, edge_kinds) = graph.raw();
    for i in Node::all(labels.len()) {
        if labels[i] != UNSEEN_CORE {
            continue;
        }
        // The root of i's component so far.
        let mut r = i;
        labels[i] = r.id();
        let e = offsets[i.index()] as usize..offsets[i.index() + 1] as usize;
        // Edges are sorted by target: the lower nodes come first. Higher
        // core nodes link to i when their turn comes.
        for (&t, &k) in targets[e.clone()].iter().zip(&edge_kinds[e]) {
            if t >= i {
                break;
            }
            // A lower core node holds a node index.
            let l = labels[t];
            if l >= UNSEEN_ATTACH || l == r.id() || !k.intersects(kinds) {
                continue;
            }
            let rt = root(labels, t);
            if rt < r {
                labels[r] = rt.id();
                r = rt;
            } else if rt > r {
                labels[rt] = r.id();
            }
        }
    }
}

/// The root of `x`'s tree, halving the path on the way.
fn root(labels: &mut NodeSlice<u32>, mut x: Node) -> Node {
    loop {
        let p = Node(labels[x]);
        if p == x {
            return x;
        }
        let g = labels[p];
        labels[x] = g;
        x = Node(g);
    }
}

/// Numbers the components in the order of their lowest node, writing each
/// core node's zone over its parent; returns how many there are.
fn number_core(labels: &mut NodeSlice<u32>) -> u32 {
    let mut count = 0;
    for i in Node::all(labels.len()) {
        let p = labels[i];
        if p >= UNSEEN_ATTACH {
            continue;
        }
        // The parent is lower, so it holds its zone already.
        labels[i] = if p == i.id() {
            count += 1;
            count - 1
        } else {
            labels[Node(p)]
        };
    }
    count
}

/// The lowest of the `count` core zones among the neighbours of `node`.
fn lowest_zone_around(graph: &Csr, kinds: EdgeKinds, labels: &NodeSlice<u32>, node: Node, count: u32) -> Option<u32> {
    graph.neighbors(node, kinds).map(|t| labels[t]).filter(|&z| z < count).min()
}

/// In [`label_zones`]' labels: a core node not joined yet.
const UNSEEN_CORE: u32 = NO_ZONE - 1;
/// In [`label_zones`]' labels: an attach node with no zone yet.
const UNSEEN_ATTACH: u32 = NO_ZONE - 2;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::csr_of;

    /// `slice` as a column.
    fn col<T>(slice: &[T]) -> &NodeSlice<T> {
        NodeSlice::from_ref(slice)
    }

    #[test]
    fn two_pockets_and_a_gap() {
        // 0 - 1 - 2 - 3 - 4, node 2 is not a member.
        let g = csr_of(5, (0..4u32).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]));
        let mut labels = NodeVec::new();
        let c = label_components(&g, EdgeKinds::LAND, col(&[true, true, false, true, true]), &mut labels);
        assert_eq!(c, 2);
        assert_eq!(labels.raw, vec![0, 0, NO_ZONE, 1, 1]);
        let c = label_components(&g, EdgeKinds::SEA, col(&[true; 5]), &mut labels);
        assert_eq!(c, 5);
        // Zones: node 2 receives but passes nothing on; it joins the zone
        // that reaches it first, and the two sides stay apart.
        let core = |i: Node| i != Node(2);
        let c = label_zones(&g, EdgeKinds::LAND, core, |i| i == Node(2), &mut labels);
        assert_eq!((c, labels.raw.clone()), (2, vec![0, 0, 0, 1, 1]));
        // Alone, it is a zone of its own.
        let c = label_zones(&g, EdgeKinds::LAND, |_| false, |i| i == Node(2), &mut labels);
        assert_eq!((c, labels.raw.clone()), (1, vec![NO_ZONE, NO_ZONE, 0, NO_ZONE, NO_ZONE]));
        // Components are numbered by their lowest node, whatever the order
        // of the edges.
        let g = csr_of(
            6,
            [
                (5, 0, EdgeKinds::LAND),
                (0, 5, EdgeKinds::LAND),
                (3, 4, EdgeKinds::LAND),
                (4, 3, EdgeKinds::LAND),
                (4, 1, EdgeKinds::LAND),
                (1, 4, EdgeKinds::LAND),
            ],
        );
        let c = label_components(&g, EdgeKinds::LAND, col(&[true; 6]), &mut labels);
        assert_eq!((c, labels.raw.clone()), (3, vec![0, 1, 2, 1, 1, 0]));
    }

    /// The zones as a plain walk with separate membership tests would label
    /// them: the first component to reach an attach node takes it.
    fn zones_oracle(g: &Csr, core: &[bool], attach: &[bool]) -> (u32, NodeVec<u32>) {
        let (core, attach) = (col(core), col(attach));
        let n = g.node_count();
        let mut labels = NodeVec::from(vec![NO_ZONE; n]);
        let mut count = 0;
        for start in Node::all(n) {
            if labels[start] != NO_ZONE || !core[start] {
                continue;
            }
            labels[start] = count;
            let mut stack = vec![start];
            while let Some(h) = stack.pop() {
                for t in g.neighbors(h, EdgeKinds::LAND) {
                    if labels[t] == NO_ZONE && (core[t] || attach[t]) {
                        labels[t] = count;
                        if core[t] {
                            stack.push(t);
                        }
                    }
                }
            }
            count += 1;
        }
        for (l, &a) in labels.iter_mut().zip(attach) {
            if *l == NO_ZONE && a {
                *l = count;
                count += 1;
            }
        }
        (count, labels)
    }

    proptest::proptest! {
        #[test]
        fn zones_equal_the_oracle(
            edges in proptest::collection::vec((0u32..16, 0u32..16, proptest::prelude::any::<bool>()), 0..48),
            class in proptest::collection::vec(0u8..3, 16),
            cut in 0usize..=16,
        ) {
            let kind = |sea: bool| if sea { EdgeKinds::SEA } else { EdgeKinds::LAND };
            let g = csr_of(16, edges.iter().flat_map(|&(a, b, s)| [(a, b, kind(s)), (b, a, kind(s))]));
            let core: Vec<bool> = class.iter().map(|&c| c == 2).collect();
            let attach: Vec<bool> = class.iter().map(|&c| c == 1).collect();
            let mut labels = NodeVec::new();
            let count = label_zones(&g, EdgeKinds::LAND, |i| core[i.index()], |i| attach[i.index()], &mut labels);
            proptest::prop_assert_eq!((count, labels.clone()), zones_oracle(&g, &core, &attach));
            // The same zones from one byte a node, whatever the byte's
            // length against the graph's (a missing node is in no zone).
            let bytes: Vec<u8> = class[..cut].iter().map(|&c| [ZONE_NONE, ZONE_ATTACH, ZONE_CORE][c as usize]).collect();
            let core_cut: Vec<bool> = (0..16).map(|i| i < cut && core[i]).collect();
            let attach_cut: Vec<bool> = (0..16).map(|i| i < cut && attach[i]).collect();
            let count = label_zones_of(&g, EdgeKinds::LAND, col(&bytes), &mut labels);
            proptest::prop_assert_eq!((count, labels.clone()), zones_oracle(&g, &core_cut, &attach_cut));
            // Components are the zones of members with nothing attached.
            let count = label_components(&g, EdgeKinds::LAND, col(&core), &mut labels);
            proptest::prop_assert_eq!((count, labels), zones_oracle(&g, &core, &[false; 16]));
        }
    }
}
