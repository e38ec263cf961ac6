//! Source classes of SUP-016..039, and the length and course of land lines
//! (SUP-054, SUP-056, SUP-059), on `scenarios/awaw/edges/source-classes.ron`.

use crate::common;

use common::*;
use quartermaster::prelude::*;

const FILE: &str = "scenarios/awaw/edges/source-classes.ron";

/// SUP-016, SUP-019: Seoul supplies Japanese units of every type in full;
/// SUP-010: the air unit takes its hex's status.
#[test]
fn seoul_supplies_japanese_units_of_every_type() {
    let mut g = load(FILE);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("jap-inf", UnitStatus::Full), ("jap-arm", UnitStatus::Full), ("jap-air", UnitStatus::Full)]);
    assert_eq!(line_source(&g, "jap-arm").as_deref(), Some("a1:japan-home-city"));
    assert_eq!(line_labels(&g, "jap-inf"), ["a1", "a2", "a3", "a4", "a5"]);
}

/// SUP-021, SUP-022, SUP-024: London, the U.S. box and Manila are unlimited
/// Western Allied sources.
#[test]
fn western_allied_unlimited_sources() {
    let mut g = load(FILE);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("bri-inf", UnitStatus::Full), ("usa-inf", UnitStatus::Full), ("usa-marine", UnitStatus::Full)]);
    assert_eq!(line_source(&g, "bri-inf").as_deref(), Some("c1:wa-capital"));
    assert_eq!(line_source(&g, "usa-inf").as_deref(), Some("us-box:wa-unlimited"));
    assert_eq!(line_labels(&g, "usa-inf"), ["us-box", "e1", "e2", "e3", "e4"]);
    assert_eq!(line_source(&g, "usa-marine").as_deref(), Some("g1:wa-unlimited"));
}

/// SUP-038, SUP-037: Breslau is a limited European Axis source.
#[test]
fn breslau_is_a_limited_axis_source() {
    let mut g = load(FILE);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-breslau", UnitStatus::Partial)]);
    let s = supply(&g, "ger-breslau");
    assert_eq!(s.line.as_ref().map(|l| l.tier), Some(Tier::Partial));
    assert_eq!(line_source(&g, "ger-breslau").as_deref(), Some("i1:axis-limited-city"));
    expect_hexes(&g, &[("i2", HexStatus::Partial), ("breslau", HexStatus::Partial)]);
}

/// SUP-054, SUP-059: a line from Berlin runs over Finnish (allied) hexes to
/// the German unit beyond them, and supplies the Finnish unit on the way.
#[test]
fn a_line_runs_over_an_allys_hexes() {
    let mut g = load(FILE);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-beyond-finland", UnitStatus::Full), ("fin-inf", UnitStatus::Full)]);
    assert_eq!(line_labels(&g, "ger-beyond-finland"), ["k1", "k2", "k3", "k4", "k5", "k6"]);
    expect_hexes(&g, &[("k3", HexStatus::Full)]);
}

/// SUP-056: a supply line may be of unlimited length — 60 hexes here.
#[test]
fn lines_have_no_length_limit() {
    let mut g = load(FILE);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-far", UnitStatus::Full)]);
    assert_eq!(line_labels(&g, "sov-far").len(), 62, "the box, then m61 down to m1");
}

/// SUP-062: Western Allied supply enters China by land only from the India
/// box over Mandalay to Kunming, and only with a Burma Road result.
#[test]
fn the_burma_road() {
    // Closed: nothing of India's supply crosses into China.
    let mut g = load("scenarios/awaw/edges/burma-road.ron");
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("nc-5a", UnitStatus::Isolated),
            ("us-ydf", UnitStatus::Isolated),
            ("nc-6a", UnitStatus::Isolated),
            ("us-burma", UnitStatus::Full),
        ],
    );
    expect_hexes(&g, &[("mandalay", HexStatus::Full), ("kunming", HexStatus::Unsupplied)]);
    let b = blocks(&g, "nc-5a");
    let kunming = g.spec().map.find("kunming").expect("kunming");
    assert!(b.contains(&("a2".into(), BlockReason::ClosedEntry(kunming))), "{b:?}");

    // Open: India's supply goes over Mandalay to Kunming and beyond — but
    // Rangoon's never enters China (not from the India box).
    let mut g = load("scenarios/awaw/edges/burma-road-open.ron");
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("nc-5a", UnitStatus::Full), ("us-ydf", UnitStatus::Full), ("nc-6a", UnitStatus::Isolated)]);
    assert_eq!(line_labels(&g, "nc-5a"), ["india", "a1", "a2", "a3", "a4", "a5", "a6"]);
    assert_eq!(line_source(&g, "nc-5a").as_deref(), Some("india:dominion-box"));
    expect_hexes(&g, &[("kunming", HexStatus::Full), ("c2", HexStatus::Unsupplied), ("rangoon", HexStatus::Partial)]);
}

/// SUP-031: units in Ethiopia are always in unlimited supply.
#[test]
fn units_in_ethiopia_are_always_supplied() {
    let mut g = load("scenarios/awaw/edges/ethiopia.ron");
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("bri-eth", UnitStatus::Full), ("bri-out", UnitStatus::Isolated)]);
    assert_eq!(supply(&g, "bri-eth").automatic, Some(AutoReason::Region("ethiopia".into())));
}
