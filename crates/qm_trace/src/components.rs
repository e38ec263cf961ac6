//! Connected components: supply zones, pockets.

use crate::graph::{Csr, EdgeKinds, NO_NODE};

/// Labels the connected components of the member nodes.
///
/// Two members are connected when an edge of a kind in `kinds` joins them
/// (in either direction of the stored edge; give a symmetric graph for
/// undirected components). `labels[n]` becomes the component number of a
/// member, or [`NO_NODE`] for a non-member. Components are numbered in the
/// order of their lowest node, so the numbering depends only on the inputs.
/// Returns the number of components.
pub fn label_components(graph: &Csr, kinds: EdgeKinds, member: &[bool], labels: &mut Vec<u32>) -> u32 {
    let n = graph.node_count().min(member.len());
    labels.clear();
    labels.resize(graph.node_count(), NO_NODE);
    let (offsets, targets, edge_kinds) = graph.raw();
    let mut count = 0u32;
    let mut stack: Vec<u32> = Vec::new();
    for start in 0..n {
        if !member[start] || labels[start] != NO_NODE {
            continue;
        }
        labels[start] = count;
        stack.push(start as u32);
        while let Some(h) = stack.pop() {
            let r = offsets[h as usize] as usize..offsets[h as usize + 1] as usize;
            for (&t, &k) in targets[r.clone()].iter().zip(&edge_kinds[r]) {
                let tu = t as usize;
                if tu < n && labels[tu] == NO_NODE && member[tu] && k.intersects(kinds) {
                    labels[tu] = count;
                    stack.push(t);
                }
            }
        }
        count += 1;
    }
    count
}

/// Zones: the connected components of the `core` nodes, each of which also
/// takes the `attach` nodes it touches (an attach node joins the first
/// component that reaches it and connects nothing); attach nodes no
/// component touches are zones of their own. `labels[n]` is the zone of a
/// node or [`NO_NODE`]; returns the number of zones.
///
/// This is a supply zone (SUP-093): hexes that pass supply on form the
/// components, and a hex in an enemy zone of control, which receives supply
/// but passes none, belongs to the zone next to it without joining two
/// zones into one.
pub fn label_zones(
    graph: &Csr,
    kinds: EdgeKinds,
    core: impl Fn(usize) -> bool,
    attach: impl Fn(usize) -> bool,
    labels: &mut Vec<u32>,
) -> u32 {
    let n = graph.node_count();
    labels.clear();
    labels.resize(n, NO_NODE);
    let (offsets, targets, edge_kinds) = graph.raw();
    let mut count = 0u32;
    let mut stack: Vec<u32> = Vec::new();
    for start in 0..n {
        if labels[start] != NO_NODE || !core(start) {
            continue;
        }
        labels[start] = count;
        stack.push(start as u32);
        while let Some(h) = stack.pop() {
            let r = offsets[h as usize] as usize..offsets[h as usize + 1] as usize;
            for (&t, &k) in targets[r.clone()].iter().zip(&edge_kinds[r]) {
                let tu = t as usize;
                if labels[tu] != NO_NODE || !k.intersects(kinds) {
                    continue;
                }
                if core(tu) {
                    labels[tu] = count;
                    stack.push(t);
                } else if attach(tu) {
                    labels[tu] = count;
                }
            }
        }
        count += 1;
    }
    for (i, l) in labels.iter_mut().enumerate() {
        if *l == NO_NODE && attach(i) {
            *l = count;
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_pockets_and_a_gap() {
        // 0 - 1 - 2 - 3 - 4, node 2 is not a member.
        let g = Csr::from_edges(5, (0..4u32).flat_map(|i| [(i, i + 1, EdgeKinds::LAND), (i + 1, i, EdgeKinds::LAND)]));
        let mut labels = Vec::new();
        let c = label_components(&g, EdgeKinds::LAND, &[true, true, false, true, true], &mut labels);
        assert_eq!(c, 2);
        assert_eq!(labels, vec![0, 0, NO_NODE, 1, 1]);
        let c = label_components(&g, EdgeKinds::SEA, &[true; 5], &mut labels);
        assert_eq!(c, 5);
        // Zones: node 2 receives but passes nothing on; it joins the zone
        // that reaches it first, and the two sides stay apart.
        let core = |i: usize| i != 2;
        let c = label_zones(&g, EdgeKinds::LAND, core, |i| i == 2, &mut labels);
        assert_eq!((c, labels.clone()), (2, vec![0, 0, 0, 1, 1]));
        // Alone, it is a zone of its own.
        let c = label_zones(&g, EdgeKinds::LAND, |_| false, |i| i == 2, &mut labels);
        assert_eq!((c, labels.clone()), (1, vec![NO_NODE, NO_NODE, 0, NO_NODE, NO_NODE]));
        // Components are numbered by their lowest node, whatever the order
        // of the edges.
        let g = Csr::from_edges(
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
        let c = label_components(&g, EdgeKinds::LAND, &[true; 6], &mut labels);
        assert_eq!((c, labels.clone()), (3, vec![0, 1, 2, 1, 1, 0]));
    }
}
