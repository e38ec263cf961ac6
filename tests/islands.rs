//! Supply zones beyond one area of hexes (rule 30): map boxes as parts of
//! the zones they feed (SUP-093), Pacific island groups and the sea lines
//! that enter them (SUP-096..102), and a bridgehead in an enemy zone of
//! control (SUP-034, SUP-057).
//!
//! - `islands/box-zones.ron`: the Urals, India and Australia boxes.
//! - `islands/solomons.ron`: an island group of seven American islands and
//!   two Japanese ones, one source port outside it, Japanese air in reach.
//! - `islands/bridgehead-zoc.ron`: bridgeheads placed this player turn, one
//!   in an enemy zone of control, and an ordinary source in one.
//!
//! A refused batch must leave the game, and its checksum, unchanged.
#![allow(clippy::expect_used, reason = "a failed expectation is a failed test")]

mod common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;
use serde_json::Value;

const BOX_ZONES: &str = "scenarios/awaw/islands/box-zones.ron";
const SOLOMONS: &str = "scenarios/awaw/islands/solomons.ron";
const BRIDGEHEAD_ZOC: &str = "scenarios/awaw/islands/bridgehead-zoc.ron";

use UnitStatus::{Full, Isolated};

// ------------------------------------------------------------------ helpers

fn node(g: &Game, key: &str) -> NodeId {
    g.spec().map.find(key).unwrap_or_else(|| panic!("no place `{key}`"))
}

fn nodes(g: &Game, keys: &[&str]) -> Vec<NodeId> {
    keys.iter().map(|k| node(g, k)).collect()
}

/// The zones of the last determination.
fn zones(g: &Game) -> Zones {
    g.world().resource::<Zones>().clone()
}

/// The zone of the last determination that holds `hex`.
#[track_caller]
fn zone_of(g: &Game, hex: &str) -> ZoneRecord {
    let n = node(g, hex);
    zones(g).zones.into_iter().find(|z| z.hexes.contains(&n)).unwrap_or_else(|| panic!("{hex} is in no zone"))
}

/// The sea lines of the player turn.
fn sea_log(g: &Game) -> SeaLog {
    g.world().resource::<SeaLog>().clone()
}

/// Loads a scenario from its text after replacing `from` by `to` (a variant
/// of a shipped file).
fn variant(rel: &str, from: &str, to: &str) -> Game {
    let path = path(rel);
    let text = std::fs::read_to_string(&path).expect("scenario");
    assert!(text.contains(from), "{rel} has no `{from}`");
    let text = text.replace(from, to);
    let file = path.display().to_string();
    let compiled = quartermaster::scenario::load_bytes(&file, text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("the variant of {rel} does not load:\n{e}"));
    Game::from_compiled(compiled, 1)
}

fn orders(v: Vec<Order>) -> Orders {
    Orders { orders: v }
}

/// Submits orders that must be accepted.
#[track_caller]
fn submit(g: &mut Game, side: Side, v: Vec<Order>) {
    g.submit(side, &orders(v)).unwrap_or_else(|e| panic!("orders refused: {e}"));
}

/// Submits orders that must be refused, checks that the game did not
/// change, and returns the error.
#[track_caller]
fn refused(g: &mut Game, side: Side, v: Vec<Order>) -> OrderError {
    let before = g.checksum();
    let err = g.submit(side, &orders(v)).expect_err("the orders must be refused");
    assert_eq!(g.checksum(), before, "a refused batch changes nothing ({err})");
    err
}

/// Runs phases until `phase` is the next one.
#[track_caller]
fn step_to(g: &mut Game, phase: PhaseId) {
    for _ in 0..16 {
        if g.next_phase() == Some(phase) {
            return;
        }
        g.step_phase();
    }
    panic!("never reached {phase}");
}

fn qm(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["qm".to_string()];
    argv.extend(args.iter().map(|a| (*a).to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = qm_cli::run(argv, &mut out, &mut err);
    (code, String::from_utf8(out).expect("utf-8"), String::from_utf8(err).expect("utf-8"))
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = qm(args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

/// The zone row of `qm supply --json` holding `hex`.
#[track_caller]
fn zone_row<'a>(v: &'a Value, hex: &str) -> &'a Value {
    v["zones"]
        .as_array()
        .expect("zones")
        .iter()
        .find(|z| z["hexes"].as_array().expect("hexes").iter().any(|h| h == hex))
        .unwrap_or_else(|| panic!("no zone holds {hex}"))
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().expect("an object").keys().map(String::as_str).collect()
}

// ----------------------------------------------------- SUP-093: map boxes

/// SUP-093: the Urals and India boxes are part of the zones that trace land
/// supply from them; the Urals box, feeding two separate areas, is part of
/// both, which stay two zones. A box whose entry is closed (the Persian
/// route, SUP-026) or that is no source (Australia surrendered, SUP-023) is
/// part of no zone.
#[test]
fn boxes_are_part_of_the_zones_they_supply() {
    let mut g = load(BOX_ZONES);
    g.step_phase();
    expect_units(&g, &[("sov-a", Full), ("sov-c", Full), ("bri-g", Full), ("sov-e", Isolated), ("bri-k", Isolated)]);
    let (urals, india) = (node(&g, "urals"), node(&g, "india"));
    let (a, c) = (zone_of(&g, "a1"), zone_of(&g, "c1"));
    assert_ne!(a.id, c.id, "two areas, two zones: the box makes no two areas contiguous");
    assert_eq!(a.boxes, vec![urals]);
    assert_eq!(c.boxes, vec![urals]);
    assert_eq!(zone_of(&g, "g1").boxes, vec![india]);
    assert_eq!(zone_of(&g, "e1").boxes, Vec::<NodeId>::new(), "the Persian entry is closed");
    assert_eq!(zone_of(&g, "k1").boxes, Vec::<NodeId>::new(), "Australia has surrendered");
    // A zone's hexes are hexes: the boxes are listed apart.
    for z in zones(&g).zones {
        assert!(z.hexes.iter().all(|&h| g.spec().map.is_hex(h)), "{z:?}");
        assert_eq!(z.hexes.len(), 4, "{z:?}");
    }
    // The boxes are part of the recorded state: they survive a save and load.
    let save = g.save().expect("a save");
    let loaded = Game::load_save("box-zones.save", save.as_bytes()).expect("loads");
    assert_eq!(loaded.world().resource::<Zones>(), &zones(&g));
    assert_eq!(loaded.checksum(), g.checksum());
}

/// SUP-093, SUP-026, SUP-061: with the Persian route open, row e traces
/// supply from the Urals box through its Persian entry, and the box is part
/// of that zone too.
#[test]
fn an_open_persian_entry_puts_the_urals_box_in_its_zone() {
    let mut g = variant(BOX_ZONES, "    turn: 10,\n", "    turn: 10,\n    flags: [\"persian-route-open\"],\n");
    g.step_phase();
    expect_units(&g, &[("sov-e", Full)]);
    let urals = node(&g, "urals");
    assert_eq!(zone_of(&g, "e1").boxes, vec![urals]);
    let with_urals = zones(&g).zones.iter().filter(|z| z.boxes.contains(&urals)).count();
    assert_eq!(with_urals, 3, "rows a, c and e");
}

/// `qm supply --json`: a zone's boxes are listed by key in `boxes`, a field
/// present only when the zone has any; a zone without boxes keeps the
/// documented `id`, `hexes`, `status` and `sea_line` (SUP-093).
#[test]
fn supply_json_lists_the_boxes_of_each_zone() {
    let v = json(&["supply", &path(BOX_ZONES).display().to_string(), "--json"]);
    let zones = v["zones"].as_array().expect("zones");
    assert_eq!(zones.len(), 5, "one zone per row");
    for (hex, boxes) in
        [("a1", Some("urals")), ("c1", Some("urals")), ("g1", Some("india")), ("e1", None), ("k1", None)]
    {
        let z = zone_row(&v, hex);
        match boxes {
            Some(b) => {
                assert_eq!(keys(z), ["boxes", "hexes", "id", "sea_line", "status"], "{z}");
                assert_eq!(z["boxes"], serde_json::json!([b]), "{z}");
                assert_eq!(z["status"], "full", "{z}");
            }
            None => {
                assert_eq!(keys(z), ["hexes", "id", "sea_line", "status"], "{z}");
                assert_eq!(z["status"], "unsupplied", "{z}");
            }
        }
        assert!(z["hexes"].as_array().expect("hexes").iter().all(|h| h.as_str().is_some_and(|s| s.len() == 2)));
    }
}
