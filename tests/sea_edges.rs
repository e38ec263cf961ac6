//! Sea supply edge cases (rule 30, SUP-022..145): the boxes' limits, beach
//! hexes, range, one line per zone, who may protect, cover or attack a line.
//! Each scenario under `scenarios/awaw/sea/` is a fixture of these tests and
//! passes `qm check`.
//!
//! Illegal orders are refused with a typed [`OrderError`] and leave the game,
//! and its checksum, unchanged.
#![allow(clippy::expect_used, reason = "a failed expectation is a failed test")]

mod common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;

const MIDDLE_EAST: &str = "scenarios/awaw/middle-east-sea.ron";
const BEACH: &str = "scenarios/awaw/sea/beach-port.ron";
const PACIFIC_US: &str = "scenarios/awaw/sea/pacific-us-box.ron";

use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

fn line(from: &str, to: &str) -> SeaLineOrder {
    SeaLineOrder { from: from.into(), to: to.into(), ..Default::default() }
}

fn line_via(from: &str, via: &[&str], to: &str) -> SeaLineOrder {
    SeaLineOrder { via: strings(via), ..line(from, to) }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

fn protected(from: &str, to: &str, by: &[&str]) -> SeaLineOrder {
    SeaLineOrder { protect: strings(by), ..line(from, to) }
}

fn sea_supply(lines: Vec<SeaLineOrder>) -> Orders {
    Orders { orders: vec![Order::SeaSupply(lines)] }
}

fn intercept(line: u32, by: &[&str]) -> Orders {
    Orders { orders: vec![Order::Intercept { line, by: strings(by), at_island: None }] }
}

#[track_caller]
fn submit(g: &mut Game, side: Side, orders: &Orders) {
    g.submit(side, orders).unwrap_or_else(|e| panic!("orders refused: {e}"));
}

/// Submits orders that must be refused, checks that the game (its checksum)
/// did not change, and returns the error.
#[track_caller]
fn refused(g: &mut Game, side: Side, orders: &Orders) -> OrderError {
    let before = g.checksum();
    let err = g.submit(side, orders).expect_err("the orders must be refused");
    assert_eq!(g.checksum(), before, "a refused batch changes nothing ({err})");
    err
}

/// A refused protector, attacker or air cover: its id, role and reason.
#[track_caller]
fn bad_escort(err: OrderError) -> (String, String, String) {
    match err {
        OrderError::BadEscort { unit, role, why, .. } => (unit, role, why),
        e => panic!("expected BadEscort, got {e:?}"),
    }
}

fn node(g: &Game, key: &str) -> NodeId {
    g.spec().map.find(key).unwrap_or_else(|| panic!("no place `{key}`"))
}

fn sea_log(g: &Game) -> SeaLog {
    g.world().resource::<SeaLog>().clone()
}

#[track_caller]
fn line_to(g: &Game, to: &str) -> SeaLineRecord {
    let n = node(g, to);
    sea_log(g).lines.into_iter().find(|l| l.to == n).unwrap_or_else(|| panic!("no sea line to {to}"))
}

#[track_caller]
fn zone_of(g: &Game, hex: &str) -> ZoneRecord {
    let n = node(g, hex);
    let zones = g.world().resource::<Zones>();
    zones.zones.iter().find(|z| z.hexes.contains(&n)).cloned().unwrap_or_else(|| panic!("{hex} is in no zone"))
}

fn unit_ids(v: &[UnitId]) -> Vec<&str> {
    v.iter().map(UnitId::as_str).collect()
}

/// Loads a scenario from its text with `from` replaced by `to` (a variant
/// of a fixture).
#[track_caller]
fn load_variant(rel: &str, from: &str, to: &str) -> Game {
    let path = path(rel);
    let text = std::fs::read_to_string(&path).expect("scenario");
    assert!(text.contains(from), "{rel} holds `{from}`");
    let text = text.replace(from, to);
    let file = path.display().to_string();
    let compiled = quartermaster::scenario::load_bytes(&file, text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("the variant of {rel} does not load: {e:?}"));
    Game::from_compiled(compiled, 1)
}

/// `qm check` accepts every scenario of `scenarios/awaw/sea/`.
#[test]
fn sea_scenarios_pass_qm_check() {
    let dir = path("scenarios/awaw/sea");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("scenarios/awaw/sea").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert!(files.len() >= 2);
    for f in files {
        let argv = vec!["qm".to_string(), "check".to_string(), f.display().to_string()];
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = qm_cli::run(argv, &mut out, &mut err);
        assert_eq!(code, 0, "{}: {}", f.display(), String::from_utf8_lossy(&err));
    }
}

// ------------------------------------------- SUP-022, SUP-081, SUP-083: boxes

/// SUP-022, SUP-081: sea supply from the South Africa box goes only to its
/// listed destinations (Suez on this map); a line to Haifa is refused.
#[test]
fn south_africa_line_to_an_unlisted_port_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "haifa")]));
    match err {
        OrderError::BadTermination { line, at, why, .. } => {
            assert_eq!((line, at.as_str()), (0, "haifa"));
            assert!(why.contains("SUP-022"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
    // To Suez it is accepted.
    submit(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "suez")]));
}

/// SUP-083: a sea line may not be traced to a map box.
#[test]
fn a_line_to_a_box_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused(&mut g, Side::Allies, &sea_supply(vec![line("alexandria", "south-africa")]));
    match err {
        OrderError::BadTermination { at, why, .. } => {
            assert_eq!(at, "south-africa");
            assert!(why.contains("SUP-083"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
}

// ------------------------------------------------------ SUP-077: a beach hex

/// SUP-077: New Ireland takes sea supply into its beach hex as though it
/// were a port, and the supply goes inland (SUP-084); declined, the island
/// is isolated.
#[test]
fn a_beach_hex_takes_sea_supply_as_a_port() {
    let mut g = load(BEACH);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "kavieng")]));
    g.step_phase();
    let l = line_to(&g, "kavieng");
    assert!(!l.disrupted);
    assert_eq!(l.reached, vec![node(&g, "kavieng")]);
    expect_units(&g, &[("jap-kavieng", Full), ("jap-namatanai", Full)]);
    expect_hexes(&g, &[("kavieng", HexStatus::Full), ("d8", HexStatus::Full)]);
    assert_eq!(zone_of(&g, "d8").sea_line, Some(0));

    // The default plan lands there too (SUP-103).
    let mut g = load(BEACH);
    let plan = g.default_sea_plan();
    assert_eq!(plan.len(), 1, "{plan:?}");
    assert_eq!((plan[0].from, plan[0].to), (node(&g, "kagoshima"), node(&g, "kavieng")));
    g.step_phase();
    expect_units(&g, &[("jap-kavieng", Full), ("jap-namatanai", Full)]);

    // Declined: nothing else feeds New Ireland.
    let mut g = load(BEACH);
    submit(&mut g, Side::Axis, &sea_supply(Vec::new()));
    g.step_phase();
    expect_units(&g, &[("jap-kavieng", Isolated), ("jap-namatanai", Isolated)]);
}

/// SUP-073, SUP-077: a coastal hex of New Ireland that is neither a port nor
/// its beach takes no sea line.
#[test]
fn a_coastal_hex_that_is_no_beach_takes_no_line() {
    let mut g = load(BEACH);
    let err = refused(&mut g, Side::Axis, &sea_supply(vec![line("kagoshima", "c8")]));
    match err {
        OrderError::BadTermination { at, why, .. } => {
            assert_eq!(at, "c8");
            assert!(why.contains("SUP-073"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
}

// ------------------------------------- SUP-080, SUP-090: the Pacific U.S. box

/// SUP-080: a line from the Pacific U.S. box to Suva, which is not in a
/// listed area, is refused; through the port of Hilo it is accepted, uses a
/// Pacific transport and supplies Suva, not Hilo (SUP-091).
#[test]
fn pacific_us_box_line_passes_through_a_listed_port() {
    let mut g = load(PACIFIC_US);
    let err = refused(&mut g, Side::Allies, &sea_supply(vec![line("us-pacific", "suva")]));
    match err {
        OrderError::BadTermination { at, why, .. } => {
            assert_eq!(at, "suva");
            assert!(why.contains("SUP-080"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
    submit(&mut g, Side::Allies, &sea_supply(vec![line_via("us-pacific", &["hilo"], "suva")]));
    g.step_phase();
    let l = line_to(&g, "suva");
    assert!(l.path.contains(&node(&g, "hilo")), "the line passes Hilo: {:?}", l.path);
    assert_eq!(l.transport.as_deref(), Some("pacific"));
    expect_units(&g, &[("brit-suva", Full), ("us-hilo", Isolated)]);
    assert_eq!(zone_of(&g, "hilo").sea_line, None, "SUP-091: passing Hilo does not supply it");
}

/// SUP-080, SUP-103: the default plan supplies Hilo directly and Suva
/// through a listed port.
#[test]
fn pacific_us_box_default_plan_passes_through_a_listed_port() {
    let mut g = load(PACIFIC_US);
    let plan = g.default_sea_plan();
    let suva = plan.iter().find(|l| l.to == node(&g, "suva")).expect("a line to Suva");
    assert_eq!(suva.from, node(&g, "us-pacific"));
    assert!(
        suva.via.iter().any(|&p| p == node(&g, "hilo") || p == node(&g, "dutch-harbor")),
        "through a listed port: {suva:?}"
    );
    g.step_phase();
    expect_units(&g, &[("brit-suva", Full), ("us-hilo", Full)]);
}

/// SUP-090: Canton is out of the sea range of every friendly port, so a line
/// to it is refused with `OutOfRange`, even through Hilo and Suva; the
/// default plan does not try it.
#[test]
fn a_line_beyond_the_sea_range_is_refused() {
    let mut g = load(PACIFIC_US);
    let err = refused(&mut g, Side::Allies, &sea_supply(vec![line_via("us-pacific", &["hilo", "suva"], "canton")]));
    match err {
        OrderError::OutOfRange { line, from, to, range, .. } => {
            assert_eq!((line, from.as_str(), to.as_str()), (0, "us-pacific", "canton"));
            assert_eq!(range, 10);
        }
        e => panic!("unexpected error {e:?}"),
    }
    assert!(g.default_sea_plan().iter().all(|l| l.to != node(&g, "canton")));
    g.step_phase();
    expect_units(&g, &[("us-canton", Isolated)]);
}
