//! Connected components: supply zones, pockets.

use crate::graph::{Csr, EdgeKinds, NO_NODE, Node};

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
    let mut count = 0u32;
    let mut stack: Vec<Node> = Vec::new();
    for start in 0..n {
        if !member[start] || labels[start] != NO_NODE {
            continue;
        }
        labels[start] = count;
        stack.push(start as Node);
        while let Some(h) = stack.pop() {
            for t in graph.neighbors(h, kinds) {
                let tu = t as usize;
                if tu < n && member[tu] && labels[tu] == NO_NODE {
                    labels[tu] = count;
                    stack.push(t);
                }
            }
        }
        count += 1;
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
    }
}
