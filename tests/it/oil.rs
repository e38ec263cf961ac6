//! MWIF oil (27.1) through the game and `qm reorganize`: OIL-005's three
//! cases, free reorganization, paths, consumption, orders and their typed
//! refusals, and the state section's round trip.

use crate::common;

use common::{json, load, qm};
use quartermaster::oil::state::{OilSpent, OilWell, Organization};
use quartermaster::oil::{OilOrderError, PowerReport, REORGANIZATION, Reorganizations};
use quartermaster::prelude::*;
use serde_json::Value;

const EXAMPLE: &str = "scenarios/mwif/oil-example.ron";

fn report(g: &Game, power: &str) -> PowerReport {
    let all = g.world().resource::<Reorganizations>();
    all.0.iter().find(|r| r.power == power).cloned().unwrap_or_else(|| panic!("no report for {power}"))
}

fn organized(g: &mut Game, id: &str) -> bool {
    let w = g.world_mut();
    let mut q = w.query::<(&Unit, &Organization)>();
    q.iter(w).find(|(u, _)| u.id.as_str() == id).is_some_and(|(_, o)| o.organized)
}

fn spent_of(g: &mut Game, well: &str) -> u32 {
    let w = g.world_mut();
    let mut q = w.query::<(&OilWell, &OilSpent)>();
    q.iter(w).find(|(k, _)| k.key == well).map_or(0, |(_, s)| s.points)
}

fn stepped() -> Game {
    let mut g = load(EXAMPLE);
    assert_eq!(g.next_phase(), Some(REORGANIZATION));
    g.step_phase();
    g
}

#[test]
fn oil_005_six_units_reaching_two_resources_spend_one() {
    let mut g = stepped();
    let r = report(&g, "germany");
    assert_eq!((r.spent_total, r.minimum_by_rounding, r.optimal), (1, 1, true));
    assert_eq!(r.reorganized.len(), 6);
    let on_a = r.reorganized.iter().filter(|u| u.resource == "ger-a").count();
    assert_eq!(on_a, 5, "five 0.2 units fill one oil point (ruling 2)");
    assert_eq!(r.resources[0].load_tenths, 10);
    assert_eq!(r.resources[1].load_tenths, 2);
    assert_eq!(spent_of(&mut g, "ger-a"), 1);
    assert_eq!(spent_of(&mut g, "ger-b"), 0);
    assert!((1..=6).all(|i| organized(&mut g, &format!("ger-{i}"))));
}

#[test]
fn oil_005_three_and_three_on_separate_resources_spend_two() {
    let mut g = stepped();
    let r = report(&g, "italy");
    assert_eq!((r.spent_total, r.minimum_by_rounding), (2, 1));
    let why = r.above_minimum.clone().unwrap_or_default();
    assert!(why.contains("ita-a takes 0.6") && why.contains("ita-b takes 0.6"), "{why}");
    assert_eq!(spent_of(&mut g, "ita-a"), 1);
    assert_eq!(spent_of(&mut g, "ita-b"), 1);
}

#[test]
fn oil_004_two_units_at_0_2_are_free() {
    let mut g = stepped();
    let r = report(&g, "japan");
    assert_eq!((r.spent_total, r.minimum_by_rounding), (0, 0));
    assert_eq!(r.reorganized.len(), 2);
    assert_eq!(spent_of(&mut g, "jpn-a"), 0);
    assert!(organized(&mut g, "jpn-1") && organized(&mut g, "jpn-2"));
}

#[test]
fn oil_003_units_not_oil_dependent_reorganize_free_and_cut_units_stay() {
    let mut g = stepped();
    let r = report(&g, "germany");
    assert_eq!(r.free, vec!["ger-inf".to_string()]);
    assert!(organized(&mut g, "ger-inf"));
    let cut = r.not_reorganized.iter().find(|u| u.id == "ger-cut").expect("ger-cut reported");
    assert_eq!(cut.reason, "no_path");
    assert!(cut.detail.contains("a15") && cut.detail.contains("OIL-003"), "{}", cut.detail);
    assert!(!organized(&mut g, "ger-cut"));
    let path = &r.reorganized.iter().find(|u| u.id == "ger-6").expect("ger-6").path;
    assert_eq!(path, &["a4".to_string(), "a3".to_string()]);
}

fn reorganize_json(power: &str, extra: &[&str]) -> Value {
    let mut args = vec!["reorganize", EXAMPLE, "--power", power, "--json"];
    args.extend_from_slice(extra);
    let file = common::path(EXAMPLE);
    let file = file.to_str().expect("utf-8 path").to_string();
    args[1] = &file;
    json(&args)
}

#[test]
fn cli_reorganize_reproduces_oil_005() {
    let v = reorganize_json("germany", &[]);
    assert_eq!(v["format"], "qm-reorganize/1");
    assert_eq!(v["power"], "germany");
    assert_eq!(v["spent_total"], 1);
    assert_eq!(v["minimum_by_rounding"], 1);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["requested"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["reorganized"].as_array().map(Vec::len), Some(6));
    assert_eq!(v["reorganized"][0]["cost_tenths"], 2);
    assert_eq!(v["not_reorganized"][0]["id"], "ger-cut");
    assert_eq!(v["not_reorganized"][0]["reason"], "no_path");
    assert_eq!(v["resources"][0]["id"], "ger-a");
    assert_eq!(v["resources"][0]["hex"], "a2");
    assert_eq!(v["resources"][0]["load_tenths"], 10);
    assert_eq!(v["resources"][0]["spent"], 1);
    assert_eq!(v["resources"][1]["spent"], 0);
    let it = reorganize_json("italy", &[]);
    assert_eq!((it["spent_total"].as_u64(), it["minimum_by_rounding"].as_u64()), (Some(2), Some(1)));
    let jp = reorganize_json("japan", &[]);
    assert_eq!((jp["spent_total"].as_u64(), jp["minimum_by_rounding"].as_u64()), (Some(0), Some(0)));
}

#[test]
fn cli_reorganize_with_listed_units_leaves_the_others_not_ordered() {
    let v = reorganize_json("germany", &["--units", "ger-1,ger-2"]);
    assert_eq!(v["spent_total"], 0, "0.4 rounds to 0 (OIL-004)");
    assert_eq!(v["requested"], serde_json::json!(["ger-1", "ger-2"]));
    let not: Vec<(&str, &str)> = v["not_reorganized"]
        .as_array()
        .expect("list")
        .iter()
        .map(|u| (u["id"].as_str().unwrap_or(""), u["reason"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(
        not,
        vec![
            ("ger-3", "not_ordered"),
            ("ger-4", "not_ordered"),
            ("ger-5", "not_ordered"),
            ("ger-6", "not_ordered"),
            ("ger-cut", "not_ordered"),
        ]
    );
}

#[test]
fn cli_reorganize_refuses_a_unit_with_no_path() {
    let file = common::path(EXAMPLE);
    let (code, _, err) = qm(&["reorganize", file.to_str().unwrap_or(""), "--units", "ger-cut"]);
    assert_eq!(code, 1);
    assert!(err.contains("no path") && err.contains("ger-cut"), "{err}");
}

fn refusal(g: &mut Game, units: &[&str]) -> OilOrderError {
    let before = g.checksum();
    let order = OilOrder::Reorganize { units: units.iter().map(ToString::to_string).collect() };
    let e = g.submit(Side::Axis, &Orders::of([order])).expect_err("refused");
    assert_eq!(g.checksum(), before, "a refused order changes nothing");
    e.rule::<OilOrderError>().cloned().unwrap_or_else(|| panic!("not an oil error: {e}"))
}

#[test]
fn bad_reorganize_orders_are_typed_errors_with_the_state_unchanged() {
    let mut g = load(EXAMPLE);
    assert_eq!(refusal(&mut g, &["ger-1", "ger-cut"]), OilOrderError::NoPath("ger-cut".into()));
    assert_eq!(refusal(&mut g, &["nobody"]), OilOrderError::UnknownUnit("nobody".into()));
    // Nothing queued by the refused batches: every unit is requested.
    g.step_phase();
    assert_eq!(report(&g, "germany").requested.len(), 7);
    assert_eq!(report(&g, "germany").spent_total, 1);
}

#[test]
fn the_oil_section_survives_save_and_restore() {
    let g = stepped();
    let snap = g.snapshot();
    let back = Game::restore(&snap);
    assert_eq!(back.checksum(), g.checksum());
    let s = g.state();
    let section = &s.sections["mwif-oil"];
    assert_eq!(section["disorganized"], serde_json::json!(["ger-cut"]));
    assert_eq!(section["wells"][0]["spent"], 1);
    assert_eq!(section["last"].as_array().map(Vec::len), Some(3));
}

#[test]
fn rulesets_without_oil_data_are_not_oil_dependent() {
    let g = load("scenarios/awaw/armor-adjacency.ron");
    assert!(g.spec().ruleset.unit_types.iter().all(|t| t.oil == 0));
    let oil = load(EXAMPLE);
    let arm = oil.spec().ruleset.unit_types.iter().find(|t| t.key == "arm").map(|t| t.oil);
    assert_eq!(arm, Some(2));
}

const EUROPE: &str = "scenarios/mwif/europe-1942-oil.ron";

/// The Europe 1942 map with each side's ship moved out of `sea.reach` of
/// the other side's crossings (`bri-dd` to Haifa, `ita-bb` to Tripoli), so
/// that the sea legs sail (OIL-003; on the shipped map they are cut:
/// `tests/it/oil_sea_legs.rs`).
fn europe_apart() -> Game {
    common::variant_of(
        EUROPE,
        &[
            (
                r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "alexandria")"#,
                r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "haifa")"#,
            ),
            (
                r#"(id: "ita-bb", nation: "italy", kind: "bb", at: "naples")"#,
                r#"(id: "ita-bb", nation: "italy", kind: "bb", at: "tripoli")"#,
            ),
        ],
    )
}

/// Each reorganized unit with its resource, by unit id.
fn assignment(r: &PowerReport) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = r.reorganized.iter().map(|u| (u.id.clone(), u.resource.clone())).collect();
    v.sort();
    v
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter().map(|(a, b)| ((*a).to_string(), (*b).to_string())).collect()
}

/// (id, load in tenths, spent) of each resource.
fn spending(r: &PowerReport) -> Vec<(String, u32, u32)> {
    r.resources.iter().map(|x| (x.id.clone(), x.load_tenths, x.spent)).collect()
}

fn loads(v: &[(&str, u32, u32)]) -> Vec<(String, u32, u32)> {
    v.iter().map(|(a, l, s)| ((*a).to_string(), *l, *s)).collect()
}

/// The path of a reorganized unit, by hex label.
fn path_of(r: &PowerReport, id: &str) -> Vec<String> {
    r.reorganized.iter().find(|u| u.id == id).map(|u| u.path.clone()).unwrap_or_default()
}

/// Whether `a` comes right before `b` in `path`: a sea leg.
fn sails(path: &[String], a: &str, b: &str) -> bool {
    path.windows(2).any(|w| w[0] == a && w[1] == b)
}

#[test]
fn europe_1942_axis_reorganization() {
    let mut g = europe_apart();
    assert!(g.spec().map.node_count() >= 300, "a few hundred hexes");
    g.step_phase();
    let de = report(&g, "germany");
    assert_eq!((de.spent_total, de.minimum_by_rounding, de.optimal, de.above_minimum.clone()), (2, 2, true, None));
    assert_eq!(
        assignment(&de),
        pairs(&[
            ("ger-air-1", "saved@b3"),
            ("ger-air-2", "saved@b3"),
            ("ger-arm-1", "ploesti"),
            ("ger-arm-2", "ploesti"),
            ("ger-arm-3", "ploesti"),
            ("ger-arm-4", "ploesti"),
            ("ger-arm-5", "ploesti"),
            ("ger-dak-1", "ploesti"),
            ("ger-dak-2", "ploesti"),
            ("ger-hq-a", "ploesti"),
            ("ger-maikop", "maikop"),
        ])
    );
    assert_eq!(spending(&de), loads(&[("maikop", 2, 0), ("ploesti", 20, 2), ("saved@b3", 2, 0)]));
    assert_eq!(de.free, vec!["ger-inf-1".to_string()]);
    let cut: Vec<(&str, &str)> = de.not_reorganized.iter().map(|u| (u.id.as_str(), u.reason.as_str())).collect();
    assert_eq!(cut, vec![("ger-cut", "no_path")]);
    let dak = path_of(&de, "ger-dak-1");
    assert_eq!((dak.first().map(String::as_str), dak.last().map(String::as_str)), (Some("g9"), Some("m4")));
    assert!(sails(&dak, "i6", "l2"), "Ploesti's oil sails from Naples to Tripoli: {dak:?}");
    assert_eq!(spent_of(&mut g, "ploesti"), 2);
    assert_eq!(spent_of(&mut g, "maikop"), 0);

    let it = report(&g, "italy");
    assert_eq!((it.spent_total, it.minimum_by_rounding), (1, 1));
    let italians = ["ita-air", "ita-arm-1", "ita-arm-2", "ita-arm-3", "ita-bb"];
    let expected: Vec<(&str, &str)> = italians.iter().map(|u| (*u, "saved@i6")).collect();
    assert_eq!(assignment(&it), pairs(&expected));
    assert_eq!(spending(&it), loads(&[("saved@i6", 9, 1)]));
    assert!(sails(&path_of(&it, "ita-arm-1"), "i6", "l2"));
    let piles = g.state().sections["mwif-oil"]["stockpiles"].clone();
    let naples = piles.as_array().and_then(|a| a.iter().find(|p| p["hex"] == "i6").cloned()).unwrap_or_default();
    assert_eq!(naples["oil"], 0, "Naples' saved oil is spent");
    assert!(["ger-arm-1", "ger-dak-2", "ita-bb"].iter().all(|u| organized(&mut g, u)));
    assert!(!organized(&mut g, "ger-cut"));
}

#[test]
fn europe_1942_allied_reorganization() {
    let mut g = europe_apart();
    g.step_phase();
    common::step_to(&mut g, REORGANIZATION);
    assert_eq!(g.clock().side, Side::Allies);
    g.step_phase();
    let ru = report(&g, "russia");
    // 8 x 0.2 + 0.6 + 3 x 0.1 = 2.5, rounded halves up to 3: Baku's three
    // points hold it all, so Grozny is not touched (produced oil by key).
    assert_eq!((ru.spent_total, ru.minimum_by_rounding, ru.optimal), (3, 3, true));
    let russians = [
        "rus-air-1",
        "rus-air-2",
        "rus-air-3",
        "rus-arm-1",
        "rus-arm-2",
        "rus-arm-3",
        "rus-arm-4",
        "rus-arm-5",
        "rus-arm-6",
        "rus-arm-7",
        "rus-arm-8",
        "rus-hq-a",
    ];
    let expected: Vec<(&str, &str)> = russians.iter().map(|u| (*u, "baku")).collect();
    assert_eq!(assignment(&ru), pairs(&expected));
    assert_eq!(spending(&ru), loads(&[("baku", 25, 3), ("grozny", 0, 0)]));
    assert_eq!(ru.free, vec!["rus-inf-1".to_string()]);
    assert_eq!(spent_of(&mut g, "baku"), 3);

    let br = report(&g, "britain");
    // 4 x 0.2 + 2 x 0.1 + 0.1 + 0.2 = 1.3, rounded to 1: Abadan takes it.
    assert_eq!((br.spent_total, br.minimum_by_rounding, br.optimal), (1, 1, true));
    let british =
        ["bri-air-1", "bri-air-2", "bri-arm-1", "bri-arm-2", "bri-arm-3", "bri-arm-4", "bri-arm-me", "bri-dd"];
    let expected: Vec<(&str, &str)> = british.iter().map(|u| (*u, "abadan")).collect();
    assert_eq!(assignment(&br), pairs(&expected));
    assert_eq!(spending(&br), loads(&[("abadan", 13, 1), ("kirkuk", 0, 0)]));
    let egypt = path_of(&br, "bri-arm-1");
    assert_eq!((egypt.first().map(String::as_str), egypt.last().map(String::as_str)), (Some("n19"), Some("m11")));
    assert!(sails(&egypt, "l16", "l10"), "Middle East oil sails from Haifa to Alexandria: {egypt:?}");
    assert!(br.not_reorganized.is_empty() && ru.not_reorganized.is_empty());
}

#[test]
fn cli_explain_a_unit_that_was_not_reorganized() {
    let file = common::path(EXAMPLE);
    let file = file.to_str().expect("utf-8 path");
    let (code, out, err) = qm(&["explain", file, "ger-cut"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ger-cut (germany), final reorganization step of turn 3:"), "{out}");
    assert!(out.contains("not reorganized: no path to oil of its major power (OIL-003)"), "{out}");
    assert!(out.contains("from a15") && out.contains("end at the sea"), "what cuts it: {out}");
    // Its supply explanation follows.
    assert!(out.contains("unit ger-cut"), "{out}");

    let orders = common::path("tests/fixtures/orders/oil-example-orders.ron");
    let orders = orders.to_str().expect("utf-8 path");
    let (code, out, err) = qm(&["explain", file, "ger-4", "--phases", "1", "--orders", orders]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not reorganized: not ordered") && out.contains("Reorganize orders did not list it"), "{out}");

    let (code, out, _) = qm(&["explain", file, "ger-1", "--phases", "1", "--orders", orders]);
    assert_eq!(code, 0);
    assert!(out.contains("reorganized with oil of ger-a (0.2 oil, OIL-003), path a2 a3"), "{out}");
}

#[test]
fn cli_explain_a_resource() {
    let file = common::path(EXAMPLE);
    let file = file.to_str().expect("utf-8 path");
    let (code, out, err) = qm(&["explain", file, "ita-b"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ita-b at a9 (produced, 1 oil points) for italy"), "{out}");
    assert!(out.contains("spent 1 oil points"), "{out}");
    assert!(out.contains("load 0.6 (6 tenths); rounded halves up: 1 (OIL-004, ruling 1)"), "{out}");
    assert!(out.contains("at most 1.0 here"), "{out}");
    assert!(out.contains("units assigned: ita-b1 (0.2), ita-b2 (0.2), ita-b3 (0.2)"), "{out}");
    let (_, out, _) = qm(&["explain", file, "ger-b"]);
    assert!(out.contains("not spent") && out.contains("rounded halves up: 0"), "{out}");
    let (code, _, err) = qm(&["explain", file, "no-such-thing"]);
    assert_eq!(code, 1);
    assert!(err.contains("no unit `no-such-thing`"), "{err}");
}

#[test]
fn saved_stock_crosses_the_sea_between_friendly_ports_oil_011() {
    let mut g = europe_apart();
    // Naples and Tripoli are joined only by sea: a sea leg between friendly
    // ports, as for oil paths (OIL-011 "like any other resource", OIL-003).
    let order = OilOrder::TransportStock {
        power: "italy".into(),
        from: "naples".into(),
        to: "tripoli".into(),
        oil: 1,
        build_points: 0,
    };
    g.submit(Side::Axis, &Orders::of([order])).expect("Naples and Tripoli are joined by sea");
    g.step_phase();
    let it = report(&g, "italy");
    let moved: Vec<(String, u32, u32)> = it.resources.iter().map(|r| (r.id.clone(), r.load_tenths, r.spent)).collect();
    assert_eq!(moved, vec![("saved@l2".to_string(), 9, 1)], "Italy's 0.9 now drawn on the point in Tripoli");
}
