//! Operations and organization (OIL-003): the operations a scenario's `ops`
//! data lists in `disorganize` leave the units that carry them out
//! disorganized; a disorganized unit takes no operation (a typed refusal,
//! the state unchanged, and no legal order lists it) and defends at
//! `disorganized_percent`; the oil family's final reorganization step
//! reorganizes it, with oil if it is oil dependent.
//!
//! The map is `scenarios/mwif/europe-1942-oil.ron`, which opens on the Axis
//! reorganization with every unit disorganized: Ploesti's oil reaches the
//! German armour at c5, and the Afrika Korps at m4 (whose sea leg
//! `bri-dd` cuts) stays disorganized.

use crate::common;

use common::{mv, path, step_until, variant_of};
use quartermaster::oil::REORGANIZATION;
use quartermaster::ops::OpsError;
use quartermaster::prelude::*;

const EUROPE: &str = "scenarios/mwif/europe-1942-oil.ron";
const SECTIONS: &str = "    sections: {\n        \"mwif-oil\": (";

/// The shipped map with `ops` rules `rules` (RON fields).
fn with_ops(rules: &str) -> Game {
    variant_of(
        EUROPE,
        &[(SECTIONS, &format!("    sections: {{\n        \"ops\": (rules: ({rules})),\n        \"mwif-oil\": ("))],
    )
}

/// Whether unit `id` is organized (units without the component are).
fn organized(g: &mut Game, id: &str) -> bool {
    let w = g.world_mut();
    let mut q = w.query::<(&Unit, Option<&Organization>)>();
    let found = q.iter(w).find(|(u, _)| u.id.as_str() == id).map(|(_, o)| o.is_none_or(|o| o.organized));
    found.unwrap_or_else(|| panic!("no unit {id}"))
}

/// The Axis reorganization, then on to the Axis movement of the next turn.
fn axis_next_movement(rules: &str) -> Game {
    let mut g = with_ops(rules);
    assert_eq!(g.next_phase(), Some(REORGANIZATION));
    g.step_phase();
    step_until(&mut g, Side::Axis, MOVEMENT);
    g
}

fn refusal(g: &mut Game, order: OpsOrder) -> OrderError {
    let before = g.checksum();
    let e = g.submit(Side::Axis, &Orders::of([Order::from(order)])).expect_err("refused");
    assert_eq!(g.checksum(), before, "a refused order changes nothing");
    e
}

fn is_disorganized(e: &OrderError, unit: &str) -> bool {
    e.rule::<OpsError>() == Some(&OpsError::Disorganized(unit.to_string()))
}

fn moves_of(g: &mut Game, unit: &str) -> usize {
    g.legal_orders(Side::Axis)
        .iter()
        .filter(|o| matches!(o.downcast_ref::<OpsOrder>(), Some(OpsOrder::Move { unit: u, .. }) if u == unit))
        .count()
}

/// The error of loading `rel` with `edits`, as text.
fn load_error(rel: &str, edits: &[(&str, &str)]) -> String {
    let file = path(rel);
    let mut text = std::fs::read_to_string(&file).expect("scenario");
    for (from, to) in edits {
        assert!(text.contains(from), "{rel} has no `{from}`");
        text = text.replace(from, to);
    }
    let name = file.display().to_string();
    // The families' sections are built with the game (and by `qm check`).
    match quartermaster::scenario::load_bytes(&name, text.as_bytes(), |p| std::fs::read(p)) {
        Ok(c) => match Game::from_compiled(c, 1) {
            Ok(_) => panic!("the variant of {rel} loads"),
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_unit_left_disorganized_takes_no_operation_and_is_not_listed() {
    let mut g = axis_next_movement(r#"disorganize: ["move"]"#);
    // The Afrika Korps found no oil (its sea leg is cut): still disorganized.
    assert!(!organized(&mut g, "ger-dak-1"));
    assert!(organized(&mut g, "ger-arm-1"), "Ploesti's oil reorganized the armour at c5");
    let e = refusal(&mut g, mv("ger-dak-1", "m5"));
    assert!(is_disorganized(&e, "ger-dak-1"), "{e}");
    assert!(e.to_string().contains("OIL-003"), "{e}");
    assert_eq!(moves_of(&mut g, "ger-dak-1"), 0);
    assert!(moves_of(&mut g, "ger-arm-1") > 0);
}

#[test]
fn a_listed_operation_disorganizes_and_the_reorganization_step_reorganizes_with_oil() {
    let mut g = axis_next_movement(r#"disorganize: ["move", "exploit"]"#);
    g.submit(Side::Axis, &Orders::of([Order::from(mv("ger-arm-1", "c6"))])).expect("the armour moves");
    g.step_phase();
    assert!(!organized(&mut g, "ger-arm-1"), "moving disorganized it");
    assert!(organized(&mut g, "ger-arm-2"), "units that did not move stay organized");
    assert_eq!(g.next_phase(), Some(COMBAT));
    let e = refusal(&mut g, OpsOrder::Exploit { unit: "ger-arm-1".into(), to: "c7".into() });
    assert!(is_disorganized(&e, "ger-arm-1"), "{e}");
    // The end of the Axis player turn: Ploesti's oil reorganizes it.
    step_until(&mut g, Side::Axis, REORGANIZATION);
    g.step_phase();
    assert!(organized(&mut g, "ger-arm-1"), "reorganized with oil in the final reorganization step");
}

#[test]
fn without_the_listing_operations_leave_units_organized() {
    let mut g = axis_next_movement("redeploy: true");
    g.submit(Side::Axis, &Orders::of([Order::from(mv("ger-arm-1", "c6"))])).expect("the armour moves");
    g.step_phase();
    assert!(organized(&mut g, "ger-arm-1"));
}

#[test]
fn the_disorganized_state_is_saved() {
    let mut g = axis_next_movement(r#"disorganize: ["move"]"#);
    g.submit(Side::Axis, &Orders::of([Order::from(mv("ger-arm-1", "c6"))])).expect("the armour moves");
    g.step_phase();
    let save = g.save().expect("a save");
    let oil = &save[save.find("\"mwif-oil\"").expect("the oil section")..];
    let listed = &oil[oil.find("\"disorganized\": [").expect("its disorganized units")..];
    let listed = &listed[..listed.find(']').expect("a list")];
    assert!(listed.contains("\"ger-arm-1\""), "{listed}");
    assert!(!listed.contains("\"ger-arm-2\""), "{listed}");
}

#[test]
fn a_disorganize_listing_is_checked_when_the_scenario_loads() {
    let unknown = load_error(
        EUROPE,
        &[(SECTIONS, "    sections: {\n        \"ops\": (rules: (disorganize: [\"fly\"])),\n        \"mwif-oil\": (")],
    );
    assert!(unknown.contains("`disorganize` lists `fly`"), "{unknown}");
    let no_oil = load_error(
        "scenarios/awaw/eastern-front-1941.ron",
        &[(
            "                redeploy: false,",
            "                redeploy: false,\n                disorganize: [\"move\"],",
        )],
    );
    assert!(no_oil.contains("needs a rule family that reorganizes units"), "{no_oil}");
}
