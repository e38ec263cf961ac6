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

use crate::common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;
use serde_json::Value;

const BOX_ZONES: &str = "scenarios/awaw/islands/box-zones.ron";
const SOLOMONS: &str = "scenarios/awaw/islands/solomons.ron";
const BRIDGEHEAD_ZOC: &str = "scenarios/awaw/islands/bridgehead-zoc.ron";

use UnitStatus::{Full, Isolated};

// ------------------------------------------------------------------ helpers

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
    Game::from_compiled(compiled, 1).expect("game")
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
                assert_eq!(keys(z), ["boxes", "hexes", "id", "sea_line", "status"], "{z}");
                assert_eq!(z["boxes"], serde_json::json!([]), "{z}");
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

    step_to(&mut g, ISOLATION_ELIMINATION);
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
    step_to(&mut g, ISOLATION_ELIMINATION);
    expect_units(&g, &[("us-a2", Full), ("us-a3", Full)]);
    assert_eq!(supply(&g, "us-a3").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("us-bh-a"))));
    expect_hexes(&g, &[("a3", HexStatus::Full)]);
}

// ------------------------------------------- SUP-096..102: an island group

/// The American islands of the Solomons, by place or hex.
const AMERICAN_ISLANDS: [&str; 7] = ["guadalcanal", "e6", "tulagi", "savo", "rendova", "gizo", "ndeni"];

/// The American units on the islands of the group.
const ISLAND_UNITS: [&str; 6] = ["us-guad", "us-tulagi", "us-savo", "us-rendova", "us-gizo", "us-ndeni"];

/// A sea line to an island group entering at `to`, then reaching `islands`
/// in that order.
fn island_line(from: &str, to: &str, islands: &[&str]) -> SeaLineOrder {
    SeaLineOrder {
        from: from.into(),
        to: to.into(),
        islands: islands.iter().map(|s| (*s).to_string()).collect(),
        ..SeaLineOrder::default()
    }
}

fn sea_supply(lines: Vec<SeaLineOrder>) -> Order {
    SupplyOrder::SeaSupply(lines).into()
}

/// An attack on line `line` by `by`, before the island `at` (before the line
/// enters if `None`).
fn intercept(line: u32, by: &[&str], at: Option<&str>) -> Order {
    SupplyOrder::Intercept {
        line,
        by: by.iter().map(|s| (*s).to_string()).collect(),
        at_island: at.map(str::to_string),
    }
    .into()
}

/// Every unit listed has status `want`.
#[track_caller]
fn all(g: &Game, ids: &[&str], want: UnitStatus) {
    let expected: Vec<(&str, UnitStatus)> = ids.iter().map(|&id| (id, want)).collect();
    expect_units(g, &expected);
}

/// SUP-096: the islands of the group the Americans hold are one supply zone,
/// however far apart, and nothing else is in it; the default plan traces
/// one line to it (SUP-097, SUP-103), which supplies every one of them
/// (SUP-099). `qm supply --json` shows the one zone with its line.
#[test]
fn an_island_group_is_one_supply_zone() {
    let mut g = load(SOLOMONS);
    g.step_phase();
    let group = zone_of(&g, "ndeni");
    let mut want = nodes(&g, &AMERICAN_ISLANDS);
    want.sort_unstable();
    assert_eq!(group.hexes, want, "the group's American islands and only them");
    for hex in AMERICAN_ISLANDS {
        assert_eq!(zone_of(&g, hex).id, group.id, "{hex}");
    }
    assert_ne!(zone_of(&g, "noumea").id, group.id);
    assert_eq!(zones(&g).zones.len(), 2, "Noumea's zone and the group's");
    // One line, into the group, supplying all its American islands.
    let log = sea_log(&g);
    assert_eq!(log.lines.len(), 1, "{:?}", log.lines);
    let l = &log.lines[0];
    assert_eq!(l.from, node(&g, "noumea"));
    assert!(!l.disrupted);
    assert_eq!(group.sea_line, Some(0));
    assert_eq!(group.status, Some(HexStatus::Full));
    all(&g, &ISLAND_UNITS, Full);
    expect_hexes(&g, &AMERICAN_ISLANDS.map(|h| (h, HexStatus::Full)));

    let v = json(&["supply", &path(SOLOMONS).display().to_string(), "--json"]);
    assert_eq!(v["zones"].as_array().expect("zones").len(), 2);
    let row = zone_row(&v, "e20");
    assert_eq!(row["hexes"], serde_json::json!(["a5", "c5", "c8", "e5", "e6", "e20", "g8"]));
    assert_eq!(row["status"], "full");
    assert_eq!(row["sea_line"]["from"], "e1");
    assert_eq!(row["sea_line"]["disrupted"], false);
}

/// Without sea supply every island of the group is isolated: they are
/// supplied by the line, not by land.
#[test]
fn declining_sea_supply_isolates_the_island_group() {
    let mut g = load(SOLOMONS);
    submit(&mut g, Side::Allies, vec![sea_supply(Vec::new())]);
    g.step_phase();
    assert!(sea_log(&g).lines.is_empty());
    all(&g, &ISLAND_UNITS, Isolated);
    expect_units(&g, &[("us-noumea", Full)]);
    assert_eq!(zone_of(&g, "ndeni").status, Some(HexStatus::Unsupplied));
}

/// SUP-097: a single sea line to each island group. A second line to the
/// group, entering at another island, is refused (typed error, nothing
/// changed); the default plan has one.
#[test]
fn one_sea_line_to_an_island_group() {
    let mut g = load(SOLOMONS);
    let err = refused(
        &mut g,
        Side::Allies,
        vec![sea_supply(vec![island_line("noumea", "guadalcanal", &[]), island_line("noumea", "tulagi", &[])])],
    );
    match err {
        OrderError::ZoneAlreadySupplied { line, at, why, .. } => {
            assert_eq!((line, at.as_str()), (1, "tulagi"));
            assert!(why.to_string().contains("SUP-097") && why.to_string().contains("line 0"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
    let plan = g.default_sea_plan();
    let into_group: Vec<_> = plan.iter().filter(|l| g.spec().map.island_group(l.to).is_some()).collect();
    assert_eq!(into_group.len(), 1, "{plan:?}");
    assert_eq!(plan.len(), 1, "Noumea's own zone needs no line");
}

/// SUP-098: a line enters the group at any controlled island the player
/// designates, port or not, within range: Tulagi, four sea hexes from
/// Noumea and no port, takes it. An island the enemy holds may not be
/// entered, nor one out of range (Ndeni, nineteen hexes away).
#[test]
fn a_line_enters_the_group_at_any_controlled_island_within_range() {
    let mut g = load(SOLOMONS);
    let err = refused(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "munda", &[])])]);
    expect_bad_termination(&err, None, "munda", "not held");
    let err = refused(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "ndeni", &[])])]);
    match err {
        OrderError::OutOfRange { from, to, range, .. } => {
            assert_eq!((from.as_str(), to.as_str(), range), ("noumea", "ndeni", 10));
        }
        e => panic!("unexpected error {e:?}"),
    }
    submit(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "tulagi", &[])])]);
    g.step_phase();
    let l = &sea_log(&g).lines[0];
    assert_eq!(l.to, node(&g, "tulagi"));
    assert!(l.path.len() <= 12, "within range: {:?}", l.path);
    all(&g, &ISLAND_UNITS, Full);
}

/// SUP-099: once in the group the line supplies every friendly island of
/// it, whatever the range: entering at Guadalcanal, it supplies Ndeni,
/// which no line from Noumea could reach. Islands not listed in the order
/// are reached after those listed, in map order; the record shows the
/// sequence.
#[test]
fn a_line_in_the_group_supplies_its_islands_beyond_range() {
    let mut g = load(SOLOMONS);
    submit(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "guadalcanal", &["ndeni"])])]);
    g.step_phase();
    let l = sea_log(&g).lines[0].clone();
    assert_eq!(l.to, node(&g, "guadalcanal"));
    // Ndeni as listed, then Savo, Tulagi, Rendova and Gizo in map order
    // (rows first); e6 is on Guadalcanal, where the line entered.
    assert_eq!(l.islands, nodes(&g, &["ndeni", "savo", "tulagi", "rendova", "gizo"]));
    assert_eq!(l.reached, nodes(&g, &["guadalcanal", "ndeni", "savo", "tulagi", "rendova", "gizo"]));
    all(&g, &ISLAND_UNITS, Full);
    // The units' lines: the route to Guadalcanal, then the islands in order.
    let route: Vec<String> = l.path.iter().map(|&n| g.spec().map.label(n).to_string()).collect();
    assert_eq!(route.first().map(String::as_str), Some("e1"));
    assert_eq!(route.last().map(String::as_str), Some("e5"));
    assert_eq!(line_labels(&g, "us-ndeni"), [route.clone(), vec!["e20".to_string()]].concat());
    assert_eq!(line_labels(&g, "us-savo"), [route.clone(), vec!["e20".to_string(), "a5".to_string()]].concat());
    assert_eq!(line_labels(&g, "us-guad"), [route, vec!["e6".to_string()]].concat(), "on by land from e5");
}

/// SUP-100, SUP-102: the Japanese air attacks the line inside the group,
/// before Savo. The line is unprotected, so it is disrupted there with no
/// roll (SUP-125): the islands it reached before (Guadalcanal, then Tulagi,
/// in the announced order) are supplied; Savo and the islands after it are
/// not.
#[test]
fn a_line_disrupted_in_the_group_supplies_the_islands_it_reached() {
    let mut g = load(SOLOMONS);
    submit(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "guadalcanal", &["tulagi", "savo"])])]);
    submit(&mut g, Side::Axis, vec![intercept(0, &["jap-air"], Some("savo"))]);
    g.step_phase();
    let l = sea_log(&g).lines[0].clone();
    assert!(l.disrupted);
    assert_eq!(l.rolls, None, "no dice for an unprotected line (SUP-125)");
    assert_eq!(l.attacked_by, vec![UnitId::new("jap-air")]);
    assert_eq!(l.islands, nodes(&g, &["tulagi", "savo", "rendova", "ndeni", "gizo"]));
    assert_eq!(l.reached, nodes(&g, &["guadalcanal", "tulagi"]));
    all(&g, &["us-guad", "us-tulagi"], Full);
    all(&g, &["us-savo", "us-rendova", "us-gizo", "us-ndeni"], Isolated);
    expect_hexes(&g, &[("e6", HexStatus::Full), ("savo", HexStatus::Unsupplied), ("ndeni", HexStatus::Unsupplied)]);
    let text = g.explain("us-savo").unwrap_or_default();
    assert!(text.contains("SUP-102"), "{text}");
}

/// SUP-100, SUP-102: the order of the islands is the player's: the same
/// attack before Savo, with Ndeni and Gizo announced first, leaves Ndeni
/// and Gizo supplied and Tulagi cut off.
#[test]
fn the_islands_are_reached_in_the_announced_order() {
    let mut g = load(SOLOMONS);
    submit(
        &mut g,
        Side::Allies,
        vec![sea_supply(vec![island_line("noumea", "guadalcanal", &["ndeni", "gizo", "savo", "tulagi"])])],
    );
    submit(&mut g, Side::Axis, vec![intercept(0, &["jap-air"], Some("savo"))]);
    g.step_phase();
    let l = sea_log(&g).lines[0].clone();
    assert_eq!(l.reached, nodes(&g, &["guadalcanal", "ndeni", "gizo"]));
    all(&g, &["us-guad", "us-ndeni", "us-gizo"], Full);
    all(&g, &["us-savo", "us-tulagi", "us-rendova"], Isolated);
}

/// SUP-100: an attack with no island named falls before the line enters the
/// group: no island is supplied.
#[test]
fn a_line_disrupted_before_it_enters_supplies_no_island() {
    let mut g = load(SOLOMONS);
    submit(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "guadalcanal", &[])])]);
    submit(&mut g, Side::Axis, vec![intercept(0, &["jap-air"], None)]);
    g.step_phase();
    let l = sea_log(&g).lines[0].clone();
    assert!(l.disrupted);
    assert!(l.reached.is_empty(), "{:?}", l.reached);
    all(&g, &ISLAND_UNITS, Isolated);
}

/// SUP-098, SUP-100: what an island order may not say, each refused with a
/// typed error and nothing changed: an island of no group or of the enemy,
/// an island listed twice (or one on the island the line enters), an
/// attack before an island the line does not reach.
#[test]
fn bad_island_orders_are_refused() {
    let mut g = load(SOLOMONS);
    let cases: [(&[&str], &str, &str); 4] = [
        (&["tulagi", "e2"], "e2", "not an island of the group"),
        (&["munda"], "munda", "not held"),
        (&["tulagi", "savo", "tulagi"], "tulagi", "already reaches"),
        (&["e6"], "e6", "already reaches"),
    ];
    for (islands, at_want, why_want) in cases {
        let err = refused(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "guadalcanal", islands)])]);
        expect_bad_termination(&err, Some(0), at_want, why_want);
    }
    submit(
        &mut g,
        Side::Allies,
        vec![sea_supply(vec![island_line("noumea", "guadalcanal", &["tulagi", "savo", "rendova", "gizo", "ndeni"])])],
    );
    // Noumea is not an island of the line; Munda is the enemy's.
    for at in ["noumea", "munda"] {
        let err = refused(&mut g, Side::Axis, vec![intercept(0, &["jap-air"], Some(at))]);
        expect_bad_termination(&err, None, at, "SUP-100");
    }
    // The plan stands: it was announced, and nothing refused changed it.
    g.step_phase();
    assert!(!sea_log(&g).lines[0].disrupted);
    all(&g, &ISLAND_UNITS, Full);
}

/// SUP-100, SUP-124: an attack inside the group needs the line within the
/// attacker's reach on its way to the island named. The air at Vanikoro,
/// two hexes from Ndeni and far from everything else, may not attack the
/// line before it enters or before Savo, but may before Ndeni, where it
/// cuts off Ndeni alone, announced last.
#[test]
fn an_attack_in_the_group_needs_the_line_in_reach() {
    let mut g = load(SOLOMONS);
    submit(
        &mut g,
        Side::Allies,
        vec![sea_supply(vec![island_line("noumea", "guadalcanal", &["tulagi", "savo", "rendova", "gizo", "ndeni"])])],
    );
    for at in [None, Some("savo")] {
        let err = refused(&mut g, Side::Axis, vec![intercept(0, &["jap-air-vanikoro"], at)]);
        match err {
            OrderError::BadEscort { unit, why, .. } => {
                assert_eq!(unit, "jap-air-vanikoro");
                assert!(why.to_string().contains("reach"), "{at:?}: {why}");
            }
            e => panic!("{at:?}: unexpected error {e:?}"),
        }
    }
    submit(&mut g, Side::Axis, vec![intercept(0, &["jap-air-vanikoro"], Some("ndeni"))]);
    g.step_phase();
    let l = sea_log(&g).lines[0].clone();
    assert!(l.disrupted);
    assert_eq!(l.reached, nodes(&g, &["guadalcanal", "tulagi", "savo", "rendova", "gizo"]));
    all(&g, &["us-guad", "us-tulagi", "us-savo", "us-rendova", "us-gizo"], Full);
    all(&g, &["us-ndeni"], Isolated);
}

// --------------------------- SUP-096: islands captured this combat phase

/// The Solomons after the initial determination (the default plan: one
/// line into the group) and a combat phase in which the Americans on Rendova
/// and Gizo take Munda and Vella and advance into them.
fn solomons_after_combat() -> Game {
    let mut g = load(SOLOMONS);
    g.step_phase();
    assert_eq!(sea_log(&g).lines.len(), 1);
    step_to(&mut g, COMBAT);
    submit(
        &mut g,
        Side::Allies,
        vec![attack(&["us-rendova"], "munda", &["us-rendova"]), attack(&["us-gizo"], "vella", &["us-gizo"])],
    );
    g.step_phase();
    assert_eq!(g.next_phase(), Some(POST_COMBAT_SUPPLY));
    g
}

/// SUP-096: islands captured during the combat phase are separate supply
/// zones for post-combat supply. Munda and Vella each take a line of their
/// own (SUP-140), two lines to one island group in the same determination,
/// while the rest of the group, whose line was traced at initial
/// determination, may take none (SUP-139); a line to one captured island
/// supplies neither the other nor the rest of the group. The default plan
/// traces the same two lines.
#[test]
fn islands_captured_this_combat_phase_are_zones_of_their_own() {
    let mut g = solomons_after_combat();
    // The rest of the group had its line.
    let err = refused(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "guadalcanal", &[])])]);
    assert!(
        matches!(&err, OrderError::ZoneAlreadySupplied { why, .. } if why.to_string().contains("SUP-139")),
        "{err}"
    );
    // A line to Munda reaches neither Vella nor the rest of the group.
    for other in ["vella", "tulagi"] {
        let err = refused(&mut g, Side::Allies, vec![sea_supply(vec![island_line("noumea", "munda", &[other])])]);
        expect_bad_termination(&err, None, other, "SUP-096");
    }
    let plan = g.default_sea_plan();
    let mut tos: Vec<NodeId> = plan.iter().map(|l| l.to).collect();
    tos.sort_unstable();
    assert_eq!(tos, nodes(&g, &["munda", "vella"]), "{plan:?}");
    assert!(plan.iter().all(|l| l.islands.is_empty()), "{plan:?}");

    submit(
        &mut g,
        Side::Allies,
        vec![sea_supply(vec![island_line("noumea", "munda", &[]), island_line("noumea", "vella", &[])])],
    );
    g.step_phase();
    let (munda, vella, group) = (zone_of(&g, "munda"), zone_of(&g, "vella"), zone_of(&g, "ndeni"));
    assert_eq!(munda.hexes, nodes(&g, &["munda"]));
    assert_eq!(vella.hexes, nodes(&g, &["vella"]));
    assert_ne!(munda.id, vella.id);
    let mut rest = nodes(&g, &AMERICAN_ISLANDS);
    rest.sort_unstable();
    assert_eq!(group.hexes, rest, "the group without the islands just taken");
    let post: Vec<SeaLineRecord> = sea_log(&g).of(DeterminationKind::PostCombat).cloned().collect();
    assert_eq!(post.len(), 2);
    assert_eq!(post[0].reached, nodes(&g, &["munda"]));
    assert_eq!(post[1].reached, nodes(&g, &["vella"]));
    assert!(munda.sea_line.is_some() && vella.sea_line.is_some());
    expect_hexes(&g, &[("munda", HexStatus::Full), ("vella", HexStatus::Full)]);
    expect_units(&g, &[("us-rendova", Full), ("us-gizo", Full)]);
    assert_eq!(line_labels(&g, "us-rendova").last().map(String::as_str), Some("c9"));
}

/// SUP-096's exception lasts for post-combat supply only: declining sea
/// supply then leaves the captured islands unsupplied (nothing of the
/// group's line reaches them), and at the next initial determination they
/// are part of the group's zone again, supplied by its one line.
#[test]
fn captured_islands_rejoin_the_group_at_the_next_determination() {
    let mut g = solomons_after_combat();
    submit(&mut g, Side::Allies, vec![sea_supply(Vec::new())]);
    g.step_phase();
    assert_ne!(zone_of(&g, "munda").id, zone_of(&g, "ndeni").id);
    expect_hexes(&g, &[("munda", HexStatus::Unsupplied), ("vella", HexStatus::Unsupplied)]);

    // The rest of the Allied turn, the Japanese turn, then the next Allied
    // initial determination (default plan).
    step_to(&mut g, INITIAL_SUPPLY);
    assert_eq!(g.clock().side, Side::Axis);
    g.step_phase();
    step_to(&mut g, INITIAL_SUPPLY);
    assert_eq!((g.clock().turn, g.clock().side), (4, Side::Allies));
    g.step_phase();
    let group = zone_of(&g, "ndeni");
    assert_eq!(zone_of(&g, "munda").id, group.id);
    assert_eq!(zone_of(&g, "vella").id, group.id);
    let lines: Vec<SeaLineRecord> = sea_log(&g).lines;
    assert_eq!(lines.len(), 1, "one line to the whole group: {lines:?}");
    assert!(lines[0].reached.contains(&node(&g, "munda")) && lines[0].reached.contains(&node(&g, "vella")));
    expect_hexes(&g, &[("munda", HexStatus::Full), ("vella", HexStatus::Full)]);
    expect_units(&g, &[("us-rendova", Full), ("us-gizo", Full)]);
}
