//! Overseas legs of oil paths (OIL-003: "exactly like a basic supply path
//! (including via overseas)"), cut as a rule-30 sea supply line would be
//! open to attack: by an enemy naval or air unit of a nation at war, fully
//! supplied, not inverted, at an operational base, within the ruleset's
//! `sea.reach` (6) of every route between the two ports (SUP-104, SUP-124,
//! SUP-145, SUP-170). No dice: the oil path is a question of reach.
//!
//! The map is `scenarios/mwif/europe-1942-oil.ron`: Ploesti's oil reaches
//! the Afrika Korps (m4) only by sea from Naples (i6) to Tripoli (l2); the
//! British destroyer `bri-dd` is based in Alexandria (l10), within reach of
//! that crossing. Haifa (l16) is out of its reach.

use crate::common;

use common::{load, qm, variant_of};
use quartermaster::oil::{OilOrderError, PowerReport, REORGANIZATION, Reorganizations};
use quartermaster::prelude::*;

const EUROPE: &str = "scenarios/mwif/europe-1942-oil.ron";
const DD: &str = r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "alexandria")"#;

fn report(g: &Game, power: &str) -> PowerReport {
    let all = g.world().resource::<Reorganizations>();
    all.0.iter().find(|r| r.power == power).cloned().unwrap_or_else(|| panic!("no report for {power}"))
}

/// The Axis reorganization of the shipped map with `bri-dd` written as
/// `dd` (its line in the scenario).
fn axis_with(dd: &str) -> PowerReport {
    axis_of(variant_of(EUROPE, &[(DD, dd)]))
}

fn axis_of(mut g: Game) -> PowerReport {
    assert_eq!(g.next_phase(), Some(REORGANIZATION));
    g.step_phase();
    report(&g, "germany")
}

/// The Afrika Korps' path, if it was reorganized.
fn dak_path(r: &PowerReport) -> Option<Vec<String>> {
    r.reorganized.iter().find(|u| u.id == "ger-dak-1").map(|u| u.path.clone())
}

/// Whether Ploesti's oil sailed from Naples to Tripoli to the Afrika Korps.
#[track_caller]
fn assert_sails(r: &PowerReport) {
    let path = dak_path(r).unwrap_or_else(|| panic!("ger-dak-1 is reorganized: {:?}", r.not_reorganized));
    assert!(path.windows(2).any(|w| w[0] == "i6" && w[1] == "l2"), "sails i6 to l2: {path:?}");
    assert_eq!((path.first().map(String::as_str), path.last().map(String::as_str)), (Some("g9"), Some("m4")));
}

#[test]
fn an_enemy_destroyer_in_reach_cuts_the_leg_oil_003() {
    let r = axis_of(load(EUROPE));
    assert_eq!(dak_path(&r), None, "the Naples-Tripoli leg is cut");
    for id in ["ger-dak-1", "ger-dak-2"] {
        let u = r.not_reorganized.iter().find(|u| u.id == id).expect("reported");
        assert_eq!(u.reason, "no_path");
        assert!(u.detail.contains("overseas legs cut"), "{}", u.detail);
        assert!(u.detail.contains("i6 to l2 by enemy bri-dd"), "names what cut the leg: {}", u.detail);
        assert!(u.detail.contains("sea.reach 6") && u.detail.contains("OIL-003"), "{}", u.detail);
        assert!(u.reaches.is_empty(), "no oil reached: {:?}", u.reaches);
    }
    // The rest of Germany's oil is untouched: its units on the continent
    // still reach Ploesti by land.
    assert!(r.reorganized.iter().any(|u| u.id == "ger-arm-1" && u.resource == "ploesti"));
}

#[test]
fn out_of_reach_the_leg_sails() {
    // Haifa (l16) is 14 columns from Tripoli: no route between Naples and
    // Tripoli passes within 6 hexes of it.
    assert_sails(&axis_with(r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "haifa")"#));
}

#[test]
fn an_inverted_enemy_cuts_nothing() {
    assert_sails(&axis_with(r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "alexandria", flags: [Inverted])"#));
}

#[test]
fn an_enemy_not_fully_supplied_cuts_nothing() {
    assert_sails(&axis_with(r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "alexandria", supply: Partial)"#));
    // Fully supplied, as the rule asks, it cuts.
    let r = axis_with(r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "alexandria", supply: Full)"#);
    assert_eq!(dak_path(&r), None);
}

#[test]
fn a_neutral_nation_cuts_nothing() {
    let g = variant_of(
        EUROPE,
        &[("    first: Axis,\n", "    first: Axis,\n    nations: [(nation: \"britain\", status: Neutral)],\n")],
    );
    assert_sails(&axis_of(g));
}

#[test]
fn the_ruleset_data_may_leave_legs_open() {
    let g = variant_of(EUROPE, &[(r#""mwif-oil": ("#, r#""mwif-oil": ( sea_legs: "open","#)]);
    assert_sails(&axis_of(g));
}

#[test]
fn the_allied_leg_is_cut_by_an_axis_battleship_in_reach() {
    // Naples (i6) is within 6 hexes of the crossing from Haifa to
    // Alexandria: the Italian battleship there cuts Middle East oil to Egypt.
    let mut g = load(EUROPE);
    g.step_phase();
    common::step_to(&mut g, REORGANIZATION);
    g.step_phase();
    let br = report(&g, "britain");
    let u = br.not_reorganized.iter().find(|u| u.id == "bri-arm-1").expect("bri-arm-1 is cut");
    assert!(u.detail.contains("l16 to l10 by enemy ita-bb"), "{}", u.detail);
    assert!(br.reorganized.iter().any(|u| u.id == "bri-arm-me"), "Baghdad reaches Abadan by land");
}

#[test]
fn stock_transport_is_cut_like_an_oil_path_oil_011() {
    let order = || OilOrder::TransportStock {
        power: "italy".into(),
        from: "naples".into(),
        to: "tripoli".into(),
        oil: 1,
        build_points: 0,
    };
    let mut g = load(EUROPE);
    let err = g.submit(Side::Axis, &Orders::of([order()])).expect_err("the leg is cut");
    let why = err.rule::<OilOrderError>().cloned();
    let Some(OilOrderError::NoTransportPath { cut, .. }) = why else { panic!("a NoTransportPath refusal: {err}") };
    assert!(cut.contains("i6 to l2 by enemy bri-dd"), "{cut}");
    assert!(err.to_string().contains("bri-dd"), "{err}");

    let mut g = variant_of(EUROPE, &[(DD, r#"(id: "bri-dd", nation: "britain", kind: "dd", at: "haifa")"#)]);
    g.submit(Side::Axis, &Orders::of([order()])).expect("out of reach, the stock sails");
}

#[test]
fn cli_explain_names_what_cut_the_leg() {
    let file = common::path(EUROPE);
    let file = file.to_str().expect("utf-8 path");
    let (code, out, err) = qm(&["explain", file, "ger-dak-1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not reorganized: no path to oil of its major power (OIL-003)"), "{out}");
    assert!(out.contains("i6 to l2 by enemy bri-dd"), "{out}");
}
