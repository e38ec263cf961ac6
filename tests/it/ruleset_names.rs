//! Issue 7, part 4: the ruleset's names (regions, fronts, places) are
//! resolved once, when the scenario is compiled. A name that matches
//! nothing the ruleset declares is a load error at its `FILE:LINE:COL`, in
//! the ruleset or in the scenario; the resolved ids are in the spec's
//! `MapRules`, which the determinations read instead of looking names up.

use crate::common;

use common::*;
use quartermaster::core::ids::{FrontId, Tier};
use quartermaster::prelude::*;
use quartermaster::supply::map_rules::{MapRules, NodeLimit};

const AWAW: &str = "assets/rulesets/awaw.ron";

/// 1-based line and column of the first `needle` in `text`.
fn position(text: &str, needle: &str) -> (u32, u32) {
    let byte = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the text"));
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, col)
}

/// The AWAW ruleset with one replacement, which must apply.
fn awaw_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(path(AWAW)).expect("ruleset");
    assert!(text.contains(from), "`{from}` not in the ruleset");
    text.replacen(from, to, 1)
}

/// Parses a ruleset that must fail, and checks its only diagnostic.
#[track_caller]
fn ruleset_error(text: &str, at: &str, message: &str) {
    let e = quartermaster::scenario::parse_ruleset("bad-ruleset.ron", text.as_bytes()).expect_err("an error");
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    let d = &e.diagnostics[0];
    assert_eq!(
        (d.file.as_str(), d.line, d.col),
        ("bad-ruleset.ron", position(text, at).0, position(text, at).1),
        "{d}"
    );
    assert!(d.message.contains(message), "{d}");
}

#[test]
fn a_rule_naming_an_undeclared_region_is_an_error_in_the_ruleset() {
    let text = awaw_with("into_region: \"china\"", "into_region: \"chnia\"");
    ruleset_error(&text, "\"chnia\"", "unknown region `chnia`: the ruleset's `regions` does not declare it");
    let text = awaw_with("supplied_regions: [(\"ethiopia\", Full)]", "supplied_regions: [(\"abyssinia\", Full)]");
    ruleset_error(&text, "\"abyssinia\"", "unknown region `abyssinia`");
    let text = awaw_with("\"communist-china\"], \"china\")", "\"communist-china\"], \"cathay\")");
    ruleset_error(&text, "\"cathay\"", "unknown region `cathay`");
}

#[test]
fn a_rule_naming_an_undeclared_place_or_front_is_an_error_in_the_ruleset() {
    let text = awaw_with("via: [(\"mandalay\", \"kunming\")]", "via: [(\"mandalay\", \"kunmnig\")]");
    ruleset_error(&text, "\"kunmnig\"", "unknown place `kunmnig`: the ruleset's `places` does not declare it");
    let text = awaw_with("(place: \"sorong\"", "(place: \"sorrong\"");
    ruleset_error(&text, "\"sorrong\"", "unknown place `sorrong`");
    let text = awaw_with("within: [\"mediterranean\"]", "within: [\"mediteranean\"]");
    ruleset_error(&text, "\"mediteranean\"", "unknown front `mediteranean`");
    let text = awaw_with("fronts: [\"western\"]),", "fronts: [\"westren\"]),");
    ruleset_error(&text, "\"westren\"", "unknown front `westren`");
}

#[test]
fn a_declaration_listed_twice_is_an_error() {
    let text = awaw_with("regions: [\"burma\",", "regions: [\"china\", \"burma\",");
    let e = quartermaster::scenario::parse_ruleset("bad-ruleset.ron", text.as_bytes()).expect_err("an error");
    let d = &e.diagnostics[0];
    assert!(d.message.contains("duplicate region `china`"), "{d}");
}

/// Loads scenario `text` as `file` against the AWAW ruleset.
fn load_against_awaw(file: &str, text: &str) -> Result<Compiled, LoadError> {
    let awaw = std::fs::read(path(AWAW)).expect("ruleset");
    quartermaster::scenario::load_bytes(file, text.as_bytes(), |_| Ok(awaw.clone()))
}

#[test]
fn a_map_drawing_an_undeclared_region_or_front_is_an_error_in_the_scenario() {
    let base = std::fs::read_to_string(path("scenarios/awaw/edges/burma-road.ron")).expect("scenario");
    let text = base.replacen("'c': \"china\"", "'c': \"chnia\"", 1);
    let e = load_against_awaw("burma.ron", &text).expect_err("an error");
    let d = &e.diagnostics[0];
    assert_eq!(
        (d.file.as_str(), d.line, d.col),
        ("burma.ron", position(&text, "\"chnia\"").0, position(&text, "\"chnia\"").1)
    );
    assert!(d.message.contains("unknown region `chnia`"), "{d}");

    let base = std::fs::read_to_string(path("scenarios/awaw/sea/south-africa-front.ron")).expect("scenario");
    let text = base.replacen("front: \"western\",", "front: \"westrn\",", 1);
    let e = load_against_awaw("sa.ron", &text).expect_err("an error");
    let d = &e.diagnostics[0];
    assert_eq!((d.line, d.col), position(&text, "\"westrn\""), "{d}");
    assert!(d.message.contains("unknown front `westrn`"), "{d}");
}

#[test]
fn qm_check_points_at_an_undeclared_region_of_a_fixture() {
    let rel = "tests/fixtures/bad/unknown-region.ron";
    let file = path(rel).display().to_string();
    let text = std::fs::read_to_string(path(rel)).expect("fixture");
    let (code, _, err) = qm(&["check", &file]);
    assert_eq!(code, 1);
    let (line, col) = position(&text, "\"chnia\"");
    let first = err.lines().next().unwrap_or_default();
    assert!(first.starts_with(&format!("{file}:{line}:{col}: unknown region `chnia`")), "{first}");
}

#[test]
fn the_burma_road_is_resolved_to_ids_when_the_scenario_is_compiled() {
    let g = load("scenarios/awaw/edges/burma-road.ron");
    let spec = g.spec();
    let routes = &MapRules::of(spec).land_routes;
    assert_eq!(routes.len(), 1);
    assert_eq!(routes[0].route, 0);
    assert_eq!(spec.map.regions[routes[0].region.index()], "china");
    assert_eq!(routes[0].via, vec![(node(&g, "mandalay"), node(&g, "kunming"))]);
    assert_eq!(routes[0].from, vec![node(&g, "india")]);
    // Ethiopia is not on this map: no supplied region, no origin limit.
    assert!(MapRules::of(spec).supplied_regions.is_empty());
    assert!(MapRules::of(spec).origin_limits.is_empty());
}

#[test]
fn a_declared_place_a_map_does_not_draw_leaves_its_link_out() {
    // China is drawn, Mandalay and Kunming are not: the route is in play
    // (SUP-062) with no link to enter by.
    let g = load("scenarios/awaw/isolation/china.ron");
    let routes = &MapRules::of(g.spec()).land_routes;
    assert_eq!(routes.len(), 1);
    assert!(routes[0].via.is_empty() && routes[0].from.is_empty());
}

#[test]
fn terrain_limits_and_origin_limits_are_resolved_per_node_and_front() {
    let g = load("scenarios/awaw/edges/new-guinea.ron");
    let spec = g.spec();
    // SUP-063: Port Moresby and Sorong are the exceptions, with their own
    // tiers; every other listed node is a New Guinea jungle/mountain hex.
    let moresby = node(&g, "port-moresby");
    assert_eq!(
        MapRules::of(spec).terrain_limit(moresby),
        Some(&NodeLimit { node: moresby, max_in: Some(Tier::Partial), max_out: Some(Tier::Partial) })
    );
    let jm = spec.ruleset.terrain.iter().position(|t| t.key == "jungle-mountain").expect("terrain");
    for l in &MapRules::of(spec).terrain_limits {
        let info = spec.map.node(l.node).expect("node");
        assert_eq!(info.terrain.index(), jm, "{}", info.label);
        assert_eq!(info.region.map(|r| spec.map.regions[r.index()].as_str()), Some("new-guinea"));
        if l.node != moresby && l.node != node(&g, "sorong") {
            assert_eq!((l.max_in, l.max_out), (Some(Tier::Partial), None), "{}", info.label);
        }
    }

    // SUP-081: South Africa's supply keeps to the Mediterranean front.
    let g = load("scenarios/awaw/sea/south-africa-front.ron");
    let spec = g.spec();
    let limits = &MapRules::of(spec).origin_limits;
    assert_eq!(limits.len(), 1, "the India limit has no origin on this map");
    let med = spec.map.front_id("mediterranean").expect("drawn");
    assert_eq!((limits[0].limit, limits[0].from.clone()), (0, vec![node(&g, "south-africa")]));
    assert_eq!((limits[0].within.clone(), limits[0].not_into.clone()), (vec![med], Vec::<FrontId>::new()));
}
