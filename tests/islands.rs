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

// ------------------------------------- SUP-034, SUP-057: bridgehead in a ZOC

/// SUP-034, SUP-057: at post-combat determination a bridgehead placed this
/// player turn is an unlimited source. In an enemy zone of control it still
/// supplies its own hex (the infantry with it, the hex itself), but no
/// supply is traced out of it: the infantry beside it, free of any enemy
/// zone of control, stays isolated. Without the enemy, the other bridgehead
/// supplies its neighbour; an ordinary source in an enemy zone of control
/// supplies beyond its hex.
#[test]
fn a_bridgehead_in_an_enemy_zoc_supplies_only_its_own_hex() {
    let mut g = load(BRIDGEHEAD_ZOC);
    g.step_phase();
    // Initial determination: bridgeheads are in supply (SUP-197) but not
    // yet sources.
    expect_units(&g, &[("us-bh-a", Full), ("us-bh-c", Full), ("us-a2", Isolated), ("us-a3", Isolated)]);
    expect_units(&g, &[("us-c3", Isolated), ("us-e3", Full)]);
    assert_eq!(line_source(&g, "us-e3").as_deref(), Some("e2:wa-unlimited"), "Lae");
    assert_eq!(line_labels(&g, "us-e3"), ["e2", "e3"], "out of Lae, in the ZOC of jap-e1 (SUP-057)");

    step_to(&mut g, PhaseId::IsolationElimination);
    // The bridgehead's own hex is supplied from it.
    expect_units(&g, &[("us-a2", Full)]);
    assert_eq!(supply(&g, "us-a2").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("us-bh-a"))));
    expect_hexes(&g, &[("a2", HexStatus::Full)]);
    // Nothing is traced out of it (SUP-034, SUP-057).
    expect_units(&g, &[("us-a3", Isolated)]);
    expect_hexes(&g, &[("a3", HexStatus::Unsupplied)]);
    assert!(
        blocks(&g, "us-a3").contains(&("a2".to_string(), BlockReason::Zoc(vec![UnitId::new("jap-a1")]))),
        "the bridgehead's hex is what cuts it off: {:?}\n{}",
        blocks(&g, "us-a3"),
        g.explain("us-a3").unwrap_or_default()
    );
    // Free of enemy ZOC, a bridgehead supplies beyond its hex.
    expect_units(&g, &[("us-c3", Full)]);
    assert_eq!(supply(&g, "us-c3").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("us-bh-c"))));
    expect_hexes(&g, &[("c2", HexStatus::Full), ("c3", HexStatus::Full)]);
    // An ordinary source in an enemy ZOC does too (SUP-057).
    expect_units(&g, &[("us-e3", Full)]);
    expect_hexes(&g, &[("e3", HexStatus::Full)]);
}

/// The same bridgehead once the Japanese infantry beside it is gone (a
/// variant of the file): it supplies the infantry beside it. What kept
/// supply in its hex was the enemy zone of control, nothing else.
#[test]
fn without_the_enemy_zoc_the_bridgehead_supplies_beyond_its_hex() {
    let mut g =
        variant(BRIDGEHEAD_ZOC, "        (id: \"jap-a1\", nation: \"japan\", kind: \"inf\", at: \"a1\"),\n", "");
    step_to(&mut g, PhaseId::IsolationElimination);
    expect_units(&g, &[("us-a2", Full), ("us-a3", Full)]);
    assert_eq!(supply(&g, "us-a3").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("us-bh-a"))));
    expect_hexes(&g, &[("a3", HexStatus::Full)]);
}
