//! `qm explain` and `Game::explanation`: every decision explained, with the
//! paragraphs it rests on (issue 8, point 3).
//!
//! - an eliminated unit (SUP-177, SUP-190): `rabaul-isolation.ron` with the
//!   Japanese attack on the line (`tests/fixtures/orders/rabaul-cut.ron`);
//! - a survivor of isolation, the exception that saved it and what it cost
//!   (SUP-179, SUP-180, SUP-191);
//! - lost capabilities (SUP-147..176), why supply is partial (SUP-037 vs
//!   SUP-053), a unit cut off by water (SUP-057, SUP-066), persistence
//!   (SUP-142), automatic supply (SUP-192..198), a zone the default plan
//!   left without a line (SUP-090, SUP-103), and the same as JSON.

use crate::common;

use common::*;
use quartermaster::prelude::*;
use serde_json::Value;

const RABAUL: &str = "scenarios/awaw/rabaul-isolation.ron";
const RABAUL_CUT: &str = "tests/fixtures/orders/rabaul-cut.ron";

fn s(rel: &str) -> String {
    path(rel).display().to_string()
}

/// The rules a JSON explanation cites for a topic.
fn cited(v: &Value, topic: &str) -> Vec<String> {
    v["facts"]
        .as_array()
        .expect("facts")
        .iter()
        .filter(|f| f["topic"] == topic)
        .flat_map(|f| f["rules"].as_array().cloned().unwrap_or_default())
        .map(|r| r.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Acceptance: the 1-2 on the beach of New Britain, eliminated in the
/// isolation phase of the Allied player turn (phase 5), is explained: when,
/// isolated at both determinations, and what cut it off (the disrupted sea
/// line and the water around it).
#[test]
fn an_eliminated_unit_is_explained() {
    let (file, orders) = (s(RABAUL), s(RABAUL_CUT));
    let (code, out, err) = qm(&["explain", &file, "us-1-2", "--phases", "5", "--orders", &orders]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("eliminated by isolation at the end of turn 2, allies player turn"), "{out}");
    assert!(out.contains("isolated at initial determination and still isolated after post-combat"), "{out}");
    assert!(out.contains("SUP-177") && out.contains("SUP-190"), "{out}");
    assert!(out.contains("disrupted"), "the cut sea line:\n{out}");
    // The JSON says the same.
    let v = json(&["explain", &file, "us-1-2", "--phases", "5", "--orders", &orders, "--json"]);
    assert_eq!((v["header"]["command"].as_str(), v["kind"].as_str()), (Some("explain"), Some("unit")));
    assert_eq!(v["unit"], "us-1-2");
    assert_eq!(v["eliminated"]["turn"], 2);
    assert_eq!(cited(&v, "eliminated"), ["SUP-177", "SUP-190"]);
}

/// The 2-2 in the port of Rabaul survives (SUP-180): the explanation names
/// the exception, its turns of isolation and the DM lost (SUP-191).
#[test]
fn a_survivor_names_the_exception_that_saved_it() {
    let (file, orders) = (s(RABAUL), s(RABAUL_CUT));
    let (code, out, err) = qm(&["explain", &file, "us-2-2", "--phases", "5", "--orders", &orders]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("not eliminated by isolation: in a Pacific port or one-hex island (SUP-180); isolated 1 turn, its hex has lost 1 DM (SUP-191)"),
        "{out}"
    );
    let v = json(&["explain", &file, "us-2-2", "--phases", "5", "--orders", &orders, "--json"]);
    assert_eq!((v["turns_isolated"].as_u64(), v["dm_lost"].as_u64()), (Some(1), Some(1)));
    assert_eq!(cited(&v, "isolation"), ["SUP-178", "SUP-180", "SUP-191"]);
    // A fortress in Europe (SUP-179), after two German player turns.
    let mut g = load("scenarios/awaw/isolation/europe.ron");
    g.run_player_turn();
    g.run_player_turn();
    g.run_player_turn();
    let text = g.explain("ger-fortress").unwrap();
    assert!(
        text.contains("in a fortress or fortification (SUP-179); isolated 2 turns, its hex has lost 2 DM"),
        "{text}"
    );
}

/// SUP-148..156: the armor of the Cairo cluster, partially supplied by a
/// limited source, loses its mechanized component, movement and ZOC.
#[test]
fn lost_capabilities_are_named_with_their_paragraphs() {
    let mut g = load("scenarios/awaw/limited-sources.ron");
    initial(&mut g, Side::Allies);
    let text = g.explain("brit-arm").unwrap();
    assert!(
        text.contains("arm in partial supply: loses its mechanized component (SUP-150), movement 3 (SUP-151), no ZOC (SUP-152), CTL -1 (SUP-149)"),
        "{text}"
    );
    // SUP-037: Cairo is a limited source.
    assert!(text.contains("is a limited source (SUP-037, SUP-148"), "{text}");
}

/// SUP-053: the British unit at Chungking is partial because the
/// cooperation table caps a Nationalist Chinese source, not because the
/// source is limited.
#[test]
fn partial_supply_cites_the_cooperation_table_not_a_limited_source() {
    let mut g = load("scenarios/awaw/cooperation.ron");
    initial(&mut g, Side::Allies);
    assert_eq!(status(&g, "brit-chungking"), UnitStatus::Partial);
    let e = g.explanation("brit-chungking").unwrap();
    let text = e.text();
    assert!(text.contains("cooperation table lets it give britain units only partial supply (SUP-050..053)"), "{text}");
    assert!(!text.contains("a limited source"), "{text}");
}

/// A unit on an island no line reaches: the water around it is what cut it
/// off (not "nothing around it"), and its zone got no line because no port
/// or box is in range (SUP-090).
#[test]
fn a_unit_cut_off_by_water_names_the_sea_around_it() {
    let mut g = load("scenarios/awaw/sea/pacific-us-box.ron");
    initial(&mut g, Side::Allies);
    assert_eq!(status(&g, "us-norfolk"), UnitStatus::Isolated);
    let text = g.explain("us-norfolk").unwrap();
    assert!(!text.contains("nothing around it"), "{text}");
    assert!(
        text.contains(": sea: a land line is of land hexes only; water is crossed by sea lines (SUP-057, SUP-066)"),
        "{text}"
    );
    assert!(text.contains("no port or box within sea range of its landing places (SUP-090)"), "{text}");
}

/// SUP-142: the armor that moved into an unsupplied hex keeps its full
/// supply through post-combat determination, from the initial one.
#[test]
fn persistence_says_from_which_determination() {
    let mut g = load("scenarios/awaw/capabilities/persistence.ron");
    g.submit(Side::Allies, &orders(vec![SupplyOrder::SeaSupply(Vec::new())])).unwrap();
    g.step_phase();
    step_to(&mut g, MOVEMENT);
    let mv: Order = OpsOrder::Move { unit: "brit-arm".into(), to: "b3".into() }.into();
    g.submit(Side::Allies, &orders(vec![mv])).unwrap();
    step_to(&mut g, POST_COMBAT_SUPPLY);
    g.submit(Side::Allies, &orders(vec![SupplyOrder::SeaSupply(Vec::new())])).unwrap();
    g.step_phase();
    assert_eq!(status(&g, "brit-arm"), UnitStatus::Full);
    let text = g.explain("brit-arm").unwrap();
    assert!(
        text.contains("kept by persistence: full since the initial determination of turn 3, allies player turn"),
        "{text}"
    );
    assert!(text.contains("(SUP-142)"), "{text}");
    // The unit that never left its hex is not "kept".
    assert!(!g.explain("brit-arm2").unwrap().contains("persistence"));
}

/// SUP-192..198: automatic supply cites the paragraph granting it.
#[test]
fn automatic_supply_cites_its_paragraph() {
    let mut g = load("scenarios/awaw/isolation/automatic.ron");
    let side = g.clock().side;
    initial(&mut g, side);
    let ids = g.unit_ids();
    let autos: Vec<_> = ids
        .iter()
        .filter_map(|id| g.explanation(id.as_str()))
        .filter(|e| e.facts.iter().any(|f| f.topic == "automatic"))
        .collect();
    assert!(!autos.is_empty(), "some unit is supplied automatically");
    for e in autos {
        let f = e.facts.iter().find(|f| f.topic == "automatic").unwrap();
        assert!(
            f.rules
                .iter()
                .any(|r| r.as_str() >= "SUP-192" && r.as_str() <= "SUP-198" || r == "SUP-146" || r == "SUP-031"),
            "{f:?}"
        );
        assert!(f.text.contains(f.rules[0].as_str()), "{f:?}");
    }
}

/// `--json` carries the same text, line by line, and the facts.
#[test]
fn json_has_the_text_as_data() {
    let file = s("scenarios/awaw/barbarossa-pocket.ron");
    let (_, text, _) = qm(&["explain", &file, "sov-21a"]);
    let (code, raw, _) = qm(&["explain", &file, "sov-21a", "--json"]);
    assert_eq!(code, 0);
    assert!(raw.starts_with("{\"header\":{\"format\":"), "the common header first: {raw}");
    let v: Value = serde_json::from_str(&raw).unwrap();
    let supply: Vec<&str> = v["supply"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    let facts: Vec<String> =
        v["facts"].as_array().unwrap().iter().map(|f| format!("  {}", f["text"].as_str().unwrap())).collect();
    let mut lines: Vec<String> = supply.iter().map(|l| (*l).to_string()).collect();
    lines.extend(facts);
    assert_eq!(text.lines().collect::<Vec<_>>(), lines);
    assert_eq!(v["status"], "isolated");
}

/// SUP-057: a source in an enemy zone of control still supplies: it is not
/// listed among the hexes that cut the unit off; its refusal (SUP-058:
/// enemy armor's ZOC on both it and the next hex) is.
#[test]
fn a_source_in_an_enemy_zoc_is_no_blocker() {
    let mut g = load("scenarios/awaw/armor-adjacency.ron");
    initial(&mut g, Side::Allies);
    let text = g.explain("brit-a").unwrap();
    assert!(!text.contains("    b2: in the zone of control"), "{text}");
    assert!(text.contains("source b2:wa-unlimited: both it and the next hex are in the zone of control of enemy armor ger-a-pz (SUP-058)"), "{text}");
}

/// Every `.ron` scenario under `dir`, recursively, sorted.
fn scenarios(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            scenarios(&p, out);
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p);
        }
    }
}

/// The explanations' area cache (one search per isolated area, gates or
/// not) gives every ground unit the cutoff a search from its own hex gives,
/// on every shipped scenario of rule 30, for both sides.
#[test]
fn shared_area_cutoffs_are_the_cutoffs_of_each_unit() {
    let mut files = Vec::new();
    scenarios(&path("scenarios/awaw"), &mut files);
    let mut checked = 0;
    for f in files {
        for side in [Side::Axis, Side::Allies] {
            let mut g = Game::load_strict(&f, 1).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            initial(&mut g, side);
            checked += check_cutoffs_alone(&g, side, &f.display().to_string()).0;
        }
    }
    assert!(checked > 20, "{checked} cutoffs checked");
}

/// Every ground unit's cutoff, checked against a search from its own hex
/// alone; returns how many were checked and how many of those list the
/// nearest part of a frontier larger than the explanations keep.
fn check_cutoffs_alone(g: &Game, side: Side, label: &str) -> (usize, usize) {
    use quartermaster::supply::SupplyContext;
    use quartermaster::trace::RegionScratch;
    let spec = g.spec().clone();
    let ctx = g.world().resource::<SupplyContext>();
    let mut scratch = RegionScratch::default();
    let (mut checked, mut nearest) = (0, 0);
    for id in g.unit_ids() {
        let (u, l, s) = g.unit(id.as_str()).unwrap();
        let Some(cut) = &s.cutoff else { continue };
        let ground =
            spec.ruleset.unit_type(u.kind).is_some_and(|d| d.domain == quartermaster::core::ruleset::Domain::Ground);
        if !ground || s.at.is_none_or(|a| a.side != side) {
            continue;
        }
        let want = if s.status == UnitStatus::Partial { Tier::Full } else { Tier::Partial };
        let alone = quartermaster::supply::explain::cutoff(
            &mut scratch,
            ctx,
            &spec.ruleset,
            &spec.map,
            u.supply_nation(),
            l.node,
            want,
        );
        assert_eq!(cut, &alone, "{label} {side:?} {id}");
        checked += 1;
        let limit = quartermaster::supply::explain::BLOCK_LIMIT;
        nearest += usize::from(
            cut.truncated
                && (cut.area as usize) < quartermaster::supply::explain::AREA_LIMIT
                && cut.blocks.len() >= limit,
        );
    }
    (checked, nearest)
}

/// On a generated map big enough for areas whose frontier is longer than
/// the explanations keep, with many units in each, the area cache (shared
/// facts, each unit's own nearest blocks) gives every unit the cutoff a
/// search from its own hex gives; and again after hexes across the map
/// change hands, when most records hold a cutoff to compare the new one
/// with (an area that changed while a unit's nearest blocks did not must
/// not keep the old record).
#[test]
fn nearest_blocks_of_large_areas_are_each_units_own() {
    use quartermaster::scenario::generate::{GenParams, generate};
    let mut g = Game::from_compiled(generate(GenParams::new(1_000_000, 1)).expect("generated"), 1).expect("game");
    let board = g.spec().map.board_count;
    for round in 0..2 {
        let (mut checked, mut nearest) = (0, 0);
        for side in [Side::Axis, Side::Allies] {
            g.determine_supply(side, DeterminationKind::Initial);
            let (c, n) = check_cutoffs_alone(&g, side, "generated 1M");
            checked += c;
            nearest += n;
        }
        eprintln!("round {round}: {checked} cutoffs checked, {nearest} nearest of more");
        assert!(
            nearest > 200,
            "round {round}: {nearest} cutoffs with the nearest part of a larger frontier, of {checked}"
        );
        // One hex in 211 changes hands (to the first or second nation).
        let w = g.world_mut();
        let mut q =
            w.query::<(&quartermaster::core::components::MapNode, &mut quartermaster::core::components::Control)>();
        for (n, mut c) in q.iter_mut(w) {
            if n.0.id() < board && n.0.id() % 211 == round {
                c.current = Some(NationId((n.0.id() / 211 % 2) as u16));
            }
        }
    }
}
