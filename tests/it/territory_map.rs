//! Issue 7, part 3: a territory map (territories and sea zones with
//! adjacency lists) loads into the same compiled `MapGraph` as a hex map,
//! `qm check` reports its mistakes as `FILE:LINE:COL: message`, and the
//! trace kernel floods it.
//!
//! No collection rules yet (COL-004..008): the floods below are the
//! passability of ruling 4 of the rules README written out by hand in the
//! test (friendly land territories; sea zones unless closed by an enemy
//! warship), to show the kernel runs on the graph, not to implement COL-005.

use crate::common;

use common::*;
use quartermaster::core::map::{EdgeKind, MapGraph, NodeKind, Point, Surface};
use quartermaster::prelude::*;
use quartermaster::trace::{EdgeKinds, Flood, FloodSpec, Seed, flood};

const MAP: &str = "scenarios/wteaw/minimal-territories.ron";
const BAD: &str = "tests/fixtures/bad/territories.ron";

fn compiled() -> Compiled {
    quartermaster::scenario::load(path(MAP)).unwrap_or_else(|e| panic!("{e}"))
}

fn id(map: &MapGraph, key: &str) -> NodeId {
    map.find(key).unwrap_or_else(|| panic!("no territory `{key}`"))
}

/// The keys of the nodes a flood reached, sorted.
fn reached(map: &MapGraph, f: &Flood) -> Vec<String> {
    let mut out: Vec<String> =
        f.masks().iter_enumerated().filter(|(_, m)| **m != 0).map(|(n, _)| map.label(n).to_string()).collect();
    out.sort();
    out
}

fn keys(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

#[test]
fn the_territory_map_compiles_to_a_map_graph_without_hex_geometry() {
    let c = compiled();
    let map = &c.spec.map;
    assert!(map.hex.is_none() && !map.is_hex_map());
    assert_eq!(map.board_count, 15);
    assert_eq!(map.node_count(), 15, "no boxes");
    let count = |k: NodeKind| map.nodes.iter().filter(|i| i.kind == k).count();
    assert_eq!((count(NodeKind::Territory), count(NodeKind::SeaZone), count(NodeKind::Hex)), (12, 3, 0));
    assert_eq!(map.summary(), "12 territories, 3 sea zones, 0 boxes");

    // Nodes are numbered by key; no node has hex coordinates.
    let labels: Vec<&str> = map.nodes.iter().map(|i| i.label.as_str()).collect();
    let mut sorted = labels.clone();
    sorted.sort_unstable();
    assert_eq!(labels, sorted);
    assert!(NodeId::all(15).all(|n| map.coord(n).is_none() && map.row_col(n).is_none()));

    // Per-node attributes: name, drawing position, surface, features.
    let berlin = map.node(id(map, "berlin")).expect("berlin");
    assert_eq!(berlin.name.as_deref(), Some("Berlin"));
    assert_eq!(berlin.at, Some(Point { x: 620, y: 140 }));
    assert_eq!(berlin.surface, Surface::Land);
    assert!(berlin.features.contains(Features::CAPITAL));
    assert_eq!(map.node(id(map, "hamburg")).map(|i| i.surface), Some(Surface::Coastal));
    assert_eq!(map.node(id(map, "north-sea")).map(|i| (i.kind, i.surface)), Some((NodeKind::SeaZone, Surface::Sea)));
    let ports: Vec<&str> = c.spec.ports.iter().map(|&n| map.label(n)).collect();
    assert_eq!(ports, ["brittany", "hamburg", "london"]);

    // Control: Champagne is French territory held by Germany; sea zones
    // have no controller.
    let nation = |k: &str| c.spec.ruleset.nation_by_key(k);
    let champagne = &c.state.nodes[id(map, "champagne")].control;
    assert_eq!((champagne.current, champagne.original), (nation("germany"), nation("france")));
    let sea = &c.state.nodes[id(map, "north-sea")].control;
    assert_eq!((sea.current, sea.original), (None, None));
}

#[test]
fn edges_carry_named_kinds_and_adjacency_is_symmetric() {
    let c = compiled();
    let map = &c.spec.map;
    let (paris, picardy, london, channel) =
        (id(map, "paris"), id(map, "picardy"), id(map, "london"), id(map, "english-channel"));
    assert_eq!(map.land_edge_kinds(paris, picardy), Some(vec![EdgeKind::Land]));
    assert_eq!(map.land_edge_kinds(picardy, paris), Some(vec![EdgeKind::Land]));
    assert_eq!(map.land_edge_kinds(london, channel), None, "no land line into a sea zone");
    let sea_kinds = |a, b| map.sea.find_edge(a, b).map(|e| EdgeKind::named(map.sea.kind(e)).collect::<Vec<_>>());
    assert_eq!(sea_kinds(london, channel), Some(vec![EdgeKind::Sea]));
    assert_eq!(sea_kinds(channel, london), Some(vec![EdgeKind::Sea]));
    assert_eq!(sea_kinds(paris, picardy), None, "no sea line between two land territories");
    // Every border, both ways, in the board adjacency.
    for a in map.board_nodes() {
        for b in map.adjacent(a) {
            assert!(map.adjacent(b).any(|x| x == a), "{} - {}", map.label(a), map.label(b));
        }
    }
    let mut of_channel: Vec<&str> = map.adjacent(channel).map(|n| map.label(n)).collect();
    of_channel.sort_unstable();
    assert_eq!(of_channel, ["bay-of-biscay", "brittany", "london", "north-sea", "picardy"]);
}

#[test]
fn a_border_listed_on_one_side_joins_both() {
    let text = r#"Scenario(title: "t", ruleset: "wteaw.ron", side: Axis, territories: [
        (key: "a", kind: Land, control: "germany", adjacent: ["b"]),
        (key: "b", kind: Land, control: "germany"),
        (key: "c", kind: Sea, adjacent: ["b", "b"]),
    ])"#;
    let ruleset = std::fs::read(path("assets/rulesets/wteaw.ron")).expect("ruleset");
    let c = quartermaster::scenario::load_bytes("inline.ron", text.as_bytes(), |_| Ok(ruleset.clone()))
        .unwrap_or_else(|e| panic!("{e}"));
    let map = &c.spec.map;
    let adj = |k: &str| map.adjacent(id(map, k)).map(|n| map.label(n).to_string()).collect::<Vec<_>>();
    assert_eq!(adj("a"), ["b"]);
    assert_eq!(adj("b"), ["a", "c"]);
    assert_eq!(adj("c"), ["b"]);
    assert_eq!(map.node(id(map, "b")).map(|i| i.surface), Some(Surface::Coastal));
}

#[test]
fn qm_check_passes_the_territory_map() {
    let file = path(MAP).display().to_string();
    let (code, out, err) = qm(&["check", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), format!("{file}: ok (12 territories, 3 sea zones, 0 boxes, 5 units, 0 sources)"));
}

/// 1-based line and column of the first `needle` in `text`.
fn position(text: &str, needle: &str) -> (u32, u32) {
    let byte = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in fixture"));
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, col)
}

#[test]
fn every_mistake_of_a_bad_territory_map_is_reported_at_its_token() {
    let text = std::fs::read_to_string(path(BAD)).expect("fixture");
    let err = quartermaster::scenario::load(path(BAD)).expect_err("the bad map does not load");
    let want = [
        (position(&text, "\"posen\""), "unknown territory `posen` adjacent to `berlin`"),
        (position(&text, "\"hamburg\", \"north-sea\""), "territory `hamburg` is adjacent to itself"),
        (position(&text, "\"britain\""), "sea zone `north-sea` has no controller"),
        (position(&text, "\"berlin\", kind: Land, control: \"germany\")"), "duplicate territory `berlin`"),
    ];
    let got: Vec<((u32, u32), &str)> = err.diagnostics.iter().map(|d| ((d.line, d.col), d.message.as_str())).collect();
    assert_eq!(got.len(), want.len(), "{err}");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g.0, w.0, "{err}");
        assert!(g.1.contains(w.1), "{} does not say {}", g.1, w.1);
    }
    // `qm check` prints them as FILE:LINE:COL and exits 1.
    let file = path(BAD).display().to_string();
    let (code, _, out) = qm(&["check", &file]);
    assert_eq!(code, 1);
    let (line, col) = want[0].0;
    assert!(out.lines().next().is_some_and(|l| l.starts_with(&format!("{file}:{line}:{col}: "))), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with(&format!("{file}:"))).count(), 4, "{out}");
}

/// The passability of one bloc: its land territories, and the sea zones
/// not in `closed` (ruling 4: one enemy warship closes a sea zone).
fn bloc_masks(c: &Compiled, side: Side, closed: &[NodeId]) -> NodeVec<u64> {
    let map = &c.spec.map;
    map.board_nodes()
        .map(|n| {
            let info = map.node(n).expect("node");
            let ours = c.state.nodes[n]
                .control
                .current
                .and_then(|x| c.state.nations.get(x.index()))
                .is_some_and(|s| s.side == Some(side));
            let open_sea = info.kind == NodeKind::SeaZone && !closed.contains(&n);
            if (info.kind == NodeKind::Territory && ours) || open_sea { u64::MAX } else { 0 }
        })
        .collect()
}

fn flood_from(map: &MapGraph, graph: &quartermaster::trace::Csr, pass: &NodeSlice<u64>, from: &str) -> Flood {
    let spec = FloodSpec { graph, kinds: EdgeKinds::ALL, accept: pass, emit: pass, gates: &[] };
    let mut out = Flood::new(true);
    flood(&spec, &[Seed::new(id(map, from), 1)], |_, _| true, &mut out);
    out
}

#[test]
fn a_flood_over_land_reaches_the_blocs_connected_territories() {
    let c = compiled();
    let map = &c.spec.map;
    // Germany's land lines from Berlin reach Champagne, which it holds, and
    // stop at the French border.
    let axis = bloc_masks(&c, Side::Axis, &[]);
    let f = flood_from(map, &map.land, &axis, "berlin");
    assert_eq!(reached(map, &f), keys(&["alsace-lorraine", "bavaria", "berlin", "champagne", "hamburg", "ruhr"]));
    // The line to Champagne, traced back through the kernel's arrivals.
    let line = f.trace(id(map, "champagne"), 0).expect("a line");
    let path: Vec<&str> = line.path.iter().map(|&n| map.label(n)).collect();
    assert_eq!(path, ["berlin", "bavaria", "alsace-lorraine", "champagne"]);
    // France by land alone: Britain is across the Channel.
    let allies = bloc_masks(&c, Side::Allies, &[]);
    let f = flood_from(map, &map.land, &allies, "paris");
    assert_eq!(reached(map, &f), keys(&["brittany", "burgundy", "paris", "picardy"]));
}

#[test]
fn a_flood_over_land_and_sea_zones_stops_at_closed_sea_zones() {
    let c = compiled();
    let map = &c.spec.map;
    let (north, channel) = (id(map, "north-sea"), id(map, "english-channel"));
    let france = ["brittany", "burgundy", "paris", "picardy"];
    let with = |extra: &[&str]| keys(&[&france[..], extra].concat());
    let seas = ["bay-of-biscay", "english-channel", "north-sea"];
    // All seas open: Paris reaches Britain; German Hamburg stays out.
    let f = flood_from(map, &map.adjacency, &bloc_masks(&c, Side::Allies, &[]), "paris");
    assert_eq!(reached(map, &f), with(&[&seas[..], &["london", "scotland"]].concat()));
    // The North Sea closed: London by the Channel, Scotland by land from it.
    let f = flood_from(map, &map.adjacency, &bloc_masks(&c, Side::Allies, &[north]), "paris");
    assert_eq!(reached(map, &f), with(&["bay-of-biscay", "english-channel", "london", "scotland"]));
    // The Channel closed too: Britain is cut off.
    let f = flood_from(map, &map.adjacency, &bloc_masks(&c, Side::Allies, &[north, channel]), "paris");
    assert_eq!(reached(map, &f), with(&["bay-of-biscay"]));
    // The sea topology alone: sea zones and the coasts they touch.
    let sea_only = NodeVec::from(vec![u64::MAX; map.node_count()]);
    let f = flood_from(map, &map.sea, &sea_only, "brittany");
    assert_eq!(
        reached(map, &f),
        keys(&[
            "bay-of-biscay",
            "brittany",
            "english-channel",
            "hamburg",
            "london",
            "north-sea",
            "picardy",
            "scotland"
        ])
    );
}

#[test]
fn the_territory_map_plays_through_the_engine_deterministically() {
    // No rule family of this ruleset acts yet; the game still loads, steps
    // and checksums alike from the same seed.
    let mut a = load(MAP);
    let mut b = load(MAP);
    for _ in 0..6 {
        a.step_phase();
        b.step_phase();
        assert_eq!(a.checksum(), b.checksum());
    }
}
