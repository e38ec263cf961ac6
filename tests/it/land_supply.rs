//! Land supply (rule 30, SUP-007..065) on the shipped scenarios.

use crate::common;

use common::*;
use quartermaster::prelude::*;

/// SUP-185: the encircled Russian units are isolated at initial supply
/// determination; their neighbours on the main front are fully supplied.
#[test]
fn barbarossa_pocket_is_isolated() {
    let mut g = load("scenarios/awaw/barbarossa-pocket.ron");
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("sov-13a", UnitStatus::Isolated),
            ("sov-21a", UnitStatus::Isolated),
            ("sov-3a", UnitStatus::Isolated),
            ("sov-16a", UnitStatus::Full),
            ("sov-20a", UnitStatus::Full),
            ("sov-5t", UnitStatus::Full),
        ],
    );
    expect_hexes(&g, &[("vyazma", HexStatus::Unsupplied), ("d52", HexStatus::Unsupplied), ("moscow", HexStatus::Full)]);
    // Every Russian hex outside the pocket is fully supplied.
    let report = g.supply_report(Side::Allies);
    let pocket = ["d52", "d53", "d54", "e52", "e53", "e54", "f52", "f53", "f54"];
    for h in &report.hexes {
        let want = if pocket.contains(&h.hex.as_str()) { HexStatus::Unsupplied } else { HexStatus::Full };
        assert_eq!(h.status, want, "hex {}", h.hex);
    }
    // German statuses are not decided during the Russian player turn (SUP-132).
    assert_eq!(supply(&g, "ger-4pz").at, None);
}

/// `qm explain` material: the pocket is cut off by German control and by the
/// zones of control of the units of the ring.
#[test]
fn barbarossa_pocket_explains_what_cut_it_off() {
    let mut g = load("scenarios/awaw/barbarossa-pocket.ron");
    initial(&mut g, Side::Allies);
    let b = blocks(&g, "sov-21a");
    let germany = g.spec().ruleset.nation_by_key("germany").expect("germany");
    assert!(b.contains(&("e55".into(), BlockReason::EnemyControl(germany))), "{b:?}");
    assert!(b.contains(&("d52".into(), BlockReason::Zoc(vec![UnitId::new("ger-12i")]))), "{b:?}");
    assert!(b.contains(&("f53".into(), BlockReason::Zoc(vec![UnitId::new("ger-4pz")]))), "{b:?}");
    let text = g.explain("sov-21a").expect("explained");
    assert!(text.contains("isolated") && text.contains("ger-4pz") && text.contains("e55"), "{text}");
}

/// The corridor variant: a Russian corridor through e55..e57 joins the
/// pocket to the front, and the pocket is supplied from the Urals box.
#[test]
fn barbarossa_corridor_supplies_the_pocket() {
    let mut g = load("scenarios/awaw/barbarossa-corridor.ron");
    initial(&mut g, Side::Allies);
    expect_units(
        &g,
        &[
            ("sov-13a", UnitStatus::Full),
            ("sov-21a", UnitStatus::Full),
            ("sov-3a", UnitStatus::Full),
            ("sov-16a", UnitStatus::Full),
        ],
    );
    assert_eq!(line_source(&g, "sov-21a").as_deref(), Some("urals:urals"));
    let line = line_labels(&g, "sov-21a");
    assert_eq!(line.first().map(String::as_str), Some("urals"));
    assert!(line.contains(&"e56".to_string()) && line.last().map(String::as_str) == Some("e53"), "{line:?}");
}
