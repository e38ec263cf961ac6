//! `MapGraph::find` through its hash index of labels answers as the sorted
//! lists do: every label and place name of a hex map and a territory map,
//! unknown keys, and a map whose lists changed after its index was made.

use crate::common;
use common::*;
use quartermaster::core::ids::NodeId;
use quartermaster::core::map::MapGraph;

/// What `find` answered before the index: a label, else a place name, by
/// binary search of the sorted lists.
fn by_lists(map: &MapGraph, key: &str) -> Option<NodeId> {
    let by = |v: &Vec<(String, NodeId)>| v.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok().map(|i| v[i].1);
    by(&map.by_label).or_else(|| by(&map.by_name))
}

fn agrees_on_every_key(map: &MapGraph) {
    for n in map.node_ids() {
        assert_eq!(map.find(map.label(n)), Some(n), "{}", map.label(n));
    }
    for (name, _) in &map.by_name {
        assert_eq!(map.find(name), by_lists(map, name), "{name}");
    }
    for key in ["", "zz999", "no-such-place", "a0"] {
        assert_eq!(map.find(key), by_lists(map, key), "{key}");
    }
}

#[test]
fn find_answers_as_the_sorted_lists_on_a_hex_and_a_territory_map() {
    for file in [common::ops::EAST, "scenarios/campaigns/price-of-the-east.ron"] {
        let g = load(file);
        agrees_on_every_key(&g.spec().map);
    }
}

/// A node relabeled after the index was made: the index's hit for the old
/// label is checked against the node and falls back to the lists.
#[test]
fn find_follows_the_lists_when_they_change_after_the_index_is_made() {
    let g = load(common::ops::EAST);
    let mut map = g.spec().map.clone();
    let n = map.node_ids().next().expect("a node");
    let old = map.label(n).to_string();
    assert_eq!(map.find(&old), Some(n));
    map.nodes[n].label = "renamed".to_string();
    map.by_label.retain(|(k, _)| *k != old);
    map.by_label.push(("renamed".to_string(), n));
    map.by_label.sort();
    assert_eq!(map.find(&old), by_lists(&map, &old));
    assert_eq!(map.find(&old), None);
    assert_eq!(map.find("renamed"), Some(n));
}
