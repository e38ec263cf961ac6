//! Zones of control are marked from a table the scenario compiler decides
//! once (`qm_supply::zoc_spread::ZocSpread`, in the scenario's `MapRules`;
//! issue 14) instead of asking each unit's neighbours what [`reaches`]
//! asks. Checked against `reaches` itself on
//! every shipped hex map, under every combination of the ruleset's
//! zone-of-control options (ruling 7, SUP-058): every row of the table,
//! and the hexes marked for random sets of units.

use crate::common;

use common::mix::Mix;
use quartermaster::core::ids::NodeId;
use quartermaster::core::map::MapGraph;
use quartermaster::core::ruleset::Ruleset;
use quartermaster::prelude::*;
use quartermaster::supply::map_rules::MapRules;
use quartermaster::supply::zoc::{ZocSpread, ZocUnit, ZocUnits, reaches, zoc_hexes};

/// The shipped hex maps, one per distinct map.
fn hex_maps() -> Vec<(String, Game)> {
    let mut out: Vec<(String, Game)> = Vec::new();
    for f in common::shipped_paths() {
        let Ok(g) = Game::load_strict(&f, 1) else { continue };
        if g.spec().map.hex.is_some() && !out.iter().any(|(_, o)| o.spec().map == g.spec().map) {
            out.push((f.display().to_string(), g));
        }
    }
    out
}

/// The ruleset with the three zone-of-control options set from `bits`.
fn with_options(rules: &Ruleset, bits: u8) -> Ruleset {
    let mut r = rules.clone();
    r.zoc.friendly_units_negate = bits & 1 != 0;
    r.zoc.into_fortified = bits & 2 != 0;
    r.zoc.across_all_sea = bits & 4 != 0;
    r
}

/// The hexes in the zone of control of units standing in `from`, asked
/// neighbour by neighbour.
fn marked_by_reaches(rules: &Ruleset, map: &MapGraph, from: &[NodeId], friendly: &NodeSlice<bool>) -> NodeVec<bool> {
    let mut zoc = NodeVec::from(vec![false; map.node_count()]);
    for &f in from {
        for to in map.adjacent(f) {
            if reaches(rules, map, f, to) && !(rules.zoc.friendly_units_negate && friendly[to]) {
                zoc[to] = true;
            }
        }
    }
    zoc
}

#[test]
fn every_row_is_what_reaches_allows() {
    let maps = hex_maps();
    assert!(maps.len() >= 3, "too few hex maps: {}", maps.len());
    let (mut all_sea, mut fortified) = (0, 0);
    for (name, g) in &maps {
        let map = &g.spec().map;
        all_sea += map.hex.as_ref().map_or(0, |h| h.all_sea_sides.len());
        fortified += map.nodes.iter().filter(|n| n.features.fortified()).count();
        // The compiler decided the scenario's own, and every game shares it.
        let compiled = &MapRules::of(g.spec()).zoc_spread;
        assert!(compiled.covers(map), "{name}: no spread compiled");
        assert_eq!(*compiled, ZocSpread::new(&g.spec().ruleset, map), "{name}");
        for bits in 0..8 {
            let rules = with_options(&g.spec().ruleset, bits);
            let spread = ZocSpread::new(&rules, map);
            for n in map.node_ids() {
                let want: Vec<NodeId> = map.adjacent(n).filter(|&t| reaches(&rules, map, n, t)).collect();
                assert_eq!(spread.from(n), want.as_slice(), "{name}, options {bits:03b}, node {}", map.label(n));
            }
            assert!(spread.from(NodeId::from_index(map.node_count())).is_empty());
        }
    }
    // The options change something on these maps.
    assert!(all_sea > 0 && fortified > 0, "all-sea sides {all_sea}, fortified hexes {fortified}");
}

#[test]
fn marked_hexes_equal_those_reaches_allows_for_random_units() {
    let mut mix = Mix(14);
    let maps = hex_maps();
    let mut marked = 0;
    for (name, g) in &maps {
        let map = &g.spec().map;
        let n = map.node_count();
        for bits in 0..8 {
            let rules = with_options(&g.spec().ruleset, bits);
            let spread = ZocSpread::new(&rules, map);
            for round in 0..20 {
                let mut units = ZocUnits::default();
                let mut from = Vec::new();
                for k in 0..1 + mix.below(n.min(40)) {
                    let node = NodeId::from_index(mix.below(n));
                    units.push(node, ZocUnit { id: UnitId::new(format!("u{k}")), armor: k % 2 == 0 });
                    from.push(node);
                }
                units.sort();
                let friendly: NodeVec<bool> = (0..n).map(|_| mix.below(3) == 0).collect();
                let mut zoc = NodeVec::new();
                zoc_hexes(&rules, map, (&units, &spread), &friendly, &mut zoc);
                let want = marked_by_reaches(&rules, map, &from, &friendly);
                assert_eq!(zoc, want, "{name}, options {bits:03b}, round {round}");
                marked += zoc.iter().filter(|&&z| z).count();
            }
        }
    }
    assert!(marked > 0, "no hex was ever marked");
}
