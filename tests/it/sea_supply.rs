//! Sea supply (rule 30, SUP-066..141): the rules' worked examples as
//! scenarios, played through the public API with orders, and the orders the
//! engine must refuse.
//!
//! - `middle-east-sea.ron`: SUP-087 (the Middle East supplied from the South
//!   Africa box through Suez, then Malta, Cyprus and a bridgehead in Sicily
//!   from Alexandria) and SUP-088 (the Suez line cut).
//! - `libya-two-zones.ron`, `libya-split.ron`: SUP-094, SUP-095 (one line per
//!   zone, unless enemy armor splits the zone).
//! - `kagoshima-rabaul.ron`: SUP-122 (two lines through the same ports, one
//!   disrupted).
//!
//! A rejected batch must leave the game, and its checksum, unchanged.

use crate::common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;
use serde_json::Value;

const MIDDLE_EAST: &str = "scenarios/awaw/middle-east-sea.ron";
const SUEZ_CUT: &str = "tests/fixtures/orders/middle-east-suez-cut.ron";
const LIBYA: &str = "scenarios/awaw/libya-two-zones.ron";
const LIBYA_SPLIT: &str = "scenarios/awaw/libya-split.ron";
const KAGOSHIMA: &str = "scenarios/awaw/kagoshima-rabaul.ron";

use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

/// An unprotected sea line.
fn line(from: &str, to: &str) -> SeaLineOrder {
    SeaLineOrder { from: from.into(), to: to.into(), ..Default::default() }
}

/// A sea line through ports.
fn line_via(from: &str, via: &[&str], to: &str) -> SeaLineOrder {
    SeaLineOrder { via: via.iter().map(|s| (*s).to_string()).collect(), ..line(from, to) }
}

/// A sea line protected by naval units.
fn protected(from: &str, to: &str, by: &[&str]) -> SeaLineOrder {
    SeaLineOrder { protect: by.iter().map(|s| (*s).to_string()).collect(), ..line(from, to) }
}

fn sea_supply(lines: Vec<SeaLineOrder>) -> Orders {
    Orders::of([SupplyOrder::SeaSupply(lines)])
}

fn intercept(line: u32, by: &[&str]) -> Orders {
    Orders {
        orders: vec![
            SupplyOrder::Intercept { line, by: by.iter().map(|s| (*s).to_string()).collect(), at_island: None }.into(),
        ],
    }
}

/// Submits orders that must be accepted.
#[track_caller]
fn submit(g: &mut Game, side: Side, orders: &Orders) {
    g.submit(side, orders).unwrap_or_else(|e| panic!("orders refused: {e}"));
}

/// The Middle East plan of SUP-087: Suez from the South Africa box, then
/// Malta, Cyprus and the bridgehead at Gela from Alexandria.
fn middle_east_plan() -> Orders {
    sea_supply(vec![
        line("south-africa", "suez"),
        line("alexandria", "malta"),
        line("alexandria", "cyprus"),
        line("alexandria", "gela"),
    ])
}

/// The zone of the last determination that holds `hex`.
#[track_caller]
fn zone_of(g: &Game, hex: &str) -> ZoneRecord {
    let n = node(g, hex);
    let zones = g.world().resource::<Zones>();
    zones.zones.iter().find(|z| z.hexes.contains(&n)).cloned().unwrap_or_else(|| panic!("{hex} is in no zone"))
}

/// Every unit of `side` has status `want`.
#[track_caller]
fn all_units(g: &Game, side: Side, want: UnitStatus) {
    let report = g.supply_report(side);
    assert!(!report.units.is_empty());
    for u in &report.units {
        assert_eq!(u.status, want, "unit {}:\n{}", u.id, g.explain(&u.id).unwrap_or_default());
    }
}

/// Every hex of `side` has status `want`.
#[track_caller]
fn all_hexes(g: &Game, side: Side, want: HexStatus) {
    for h in g.supply_report(side).hexes {
        assert_eq!(h.status, want, "hex {}", h.hex);
    }
}

fn inverted(g: &Game, id: &str) -> bool {
    let mut q = g.world().try_query::<(&Unit, &UnitFlags)>().expect("units");
    q.iter(g.world()).any(|(u, f)| u.id.as_str() == id && f.bits.contains(UnitFlagBits::INVERTED))
}

// ------------------------------------------------- SUP-087, SUP-088: Middle East

/// The premise of SUP-087: by land alone (every sea line declined) the
/// Middle East draws only on Cairo, a limited source, and is partially
/// supplied; Malta and Cyprus have no land source at all.
#[test]
fn middle_east_by_land_alone_is_partial() {
    let mut g = load(MIDDLE_EAST);
    submit(&mut g, Side::Allies, &sea_supply(Vec::new()));
    g.step_phase();
    assert!(sea_log(&g).lines.is_empty());
    expect_units(&g, &[("brit-4ind", Partial), ("brit-suez", Partial), ("brit-7arm", Partial)]);
    expect_units(&g, &[("brit-malta", Isolated), ("brit-cyprus", Isolated)]);
    expect_hexes(&g, &[("cairo", HexStatus::Partial), ("alexandria", HexStatus::Partial)]);
    assert_eq!(zone_of(&g, "suez").status, Some(HexStatus::Partial));
    assert_eq!(zone_of(&g, "suez").sea_line, None);
}

/// SUP-087: one Indian Ocean transport carries full supply from the South
/// Africa box to Suez; the Middle East is then fully supplied, and the
/// three lines from Alexandria carry full supply to Malta, Cyprus and the
/// bridgehead in Sicily (SUP-085, SUP-086).
#[test]
fn middle_east_supplied_by_sea_is_full() {
    let mut g = load(MIDDLE_EAST);
    submit(&mut g, Side::Allies, &middle_east_plan());
    g.step_phase();
    all_units(&g, Side::Allies, Full);
    all_hexes(&g, Side::Allies, HexStatus::Full);

    let log = sea_log(&g);
    assert_eq!(log.lines.len(), 4);
    let suez = &log.lines[0];
    assert_eq!(suez.from, node(&g, "south-africa"));
    assert_eq!(suez.to, node(&g, "suez"));
    assert_eq!(suez.transport.as_deref(), Some("indian-ocean"), "SUP-081: one Indian Ocean transport");
    assert_eq!(log.transports_used.get("indian-ocean"), Some(&1));
    for (k, to) in [(1, "malta"), (2, "cyprus"), (3, "gela")] {
        let l = &log.lines[k];
        assert_eq!((l.index, l.from, l.to), (k as u32, node(&g, "alexandria"), node(&g, to)));
        assert!(!l.disrupted && l.attacked_by.is_empty() && l.rolls.is_none());
        assert!(l.carried.iter().all(|c| c.1 == Tier::Full) && !l.carried.is_empty(), "SUP-086: {to}");
        assert_eq!(zone_of(&g, to).sea_line, Some(k as u32));
        assert_eq!(zone_of(&g, to).status, Some(HexStatus::Full));
    }
    assert_eq!(zone_of(&g, "cairo").sea_line, Some(0));
    // The land line of a unit in Malta runs back over both sea legs to the
    // box.
    assert_eq!(line_source(&g, "brit-malta").as_deref(), Some("south-africa:wa-unlimited"));
    let s = supply(&g, "brit-malta");
    let legs: Vec<u32> = s.line.expect("a line").sea.iter().map(|l| l.line).collect();
    assert_eq!(legs, vec![0, 1]);
}

/// SUP-103: without orders, the moving side supplies every zone that can be
/// supplied, and the lines are ordered so that Suez is supplied before
/// Alexandria sends supply on (SUP-085, SUP-121), whatever the zones'
/// places on the map.
#[test]
fn middle_east_default_plan_is_full() {
    let mut g = load(MIDDLE_EAST);
    let plan = g.default_sea_plan();
    let (sa, suez) = (node(&g, "south-africa"), node(&g, "suez"));
    assert_eq!((plan[0].from, plan[0].to), (sa, suez), "the Suez line comes first: {plan:?}");
    assert_eq!(plan.len(), 4, "{plan:?}");
    g.step_phase();
    all_units(&g, Side::Allies, Full);
    all_hexes(&g, Side::Allies, HexStatus::Full);
    for to in ["malta", "cyprus", "gela"] {
        assert!(!line_to(&g, to).disrupted);
    }
}

/// SUP-088, SUP-125: the Axis attack the unprotected Suez line with German
/// air: it is disrupted without a roll, the attacker is inverted, and the
/// Middle East stays partial; Malta, Cyprus and the bridgehead get partial
/// supply from Alexandria at best (SUP-089).
#[test]
fn middle_east_suez_cut_leaves_malta_cyprus_and_sicily_partial() {
    let mut g = load(MIDDLE_EAST);
    submit(&mut g, Side::Allies, &middle_east_plan());
    submit(&mut g, Side::Axis, &intercept(0, &["ger-x10"]));
    g.step_phase();
    let suez = line_to(&g, "suez");
    assert!(suez.disrupted);
    assert_eq!(unit_ids(&suez.attacked_by), ["ger-x10"]);
    assert_eq!(suez.rolls, None, "SUP-125: no dice for an unprotected line");
    assert!(suez.reached.is_empty());
    assert!(inverted(&g, "ger-x10"), "SUP-125: attacking units are inverted");
    for to in ["malta", "cyprus", "gela"] {
        let l = line_to(&g, to);
        assert!(!l.disrupted, "{to}");
        assert!(l.carried.iter().all(|c| c.1 == Tier::Partial) && !l.carried.is_empty(), "SUP-089: {to}");
    }
    expect_units(
        &g,
        &[("brit-malta", Partial), ("brit-cyprus", Partial), ("brit-sicily", Partial), ("bh-gela", Partial)],
    );
    all_units(&g, Side::Allies, Partial);
    all_hexes(&g, Side::Allies, HexStatus::Partial);
    assert_eq!(zone_of(&g, "suez").status, Some(HexStatus::Partial));
    let text = g.explain("brit-suez").unwrap_or_default();
    assert!(text.contains("attacked by ger-x10") && text.contains("SUP-125"), "{text}");
}

/// SUP-135, SUP-139: after the Suez line was cut at initial determination,
/// sea supply to the Middle East may not be attempted again at post-combat
/// determination, and the default plan does not try; the statuses of the
/// initial determination stand (SUP-142).
#[test]
fn middle_east_suez_not_retried_after_the_cut() {
    let mut g = load(MIDDLE_EAST);
    submit(&mut g, Side::Allies, &middle_east_plan());
    submit(&mut g, Side::Axis, &intercept(0, &["ger-x10"]));
    g.step_phase();
    for _ in 0..8 {
        if g.next_phase() == Some(POST_COMBAT_SUPPLY) {
            break;
        }
        g.step_phase();
    }
    assert_eq!(g.next_phase(), Some(POST_COMBAT_SUPPLY));
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "suez")]));
    match err {
        OrderError::ZoneAlreadySupplied { why, .. } => assert!(why.to_string().contains("SUP-139"), "{why}"),
        e => panic!("unexpected error {e:?}"),
    }
    g.step_phase();
    let suez = node(&g, "suez");
    let retried = sea_log(&g).of(DeterminationKind::PostCombat).any(|l| l.to == suez);
    assert!(!retried, "SUP-139: no second attempt");
    expect_units(&g, &[("brit-suez", Partial), ("brit-malta", Partial), ("brit-sicily", Partial)]);
}

// ------------------------------------------------------ SUP-094, SUP-095: Libya

/// SUP-094, SUP-095: a single line to Tripoli, or one to Tobruk, is
/// accepted and supplies the whole zone.
#[test]
fn libya_takes_one_line_to_tripoli_or_tobruk() {
    for port in ["tripoli", "tobruk"] {
        let mut g = load(LIBYA);
        submit(&mut g, Side::Axis, &sea_supply(vec![line("naples", port)]));
        g.step_phase();
        all_units(&g, Side::Axis, Full);
        let l = line_to(&g, port);
        assert_eq!(l.from, node(&g, "naples"));
        assert!(!l.disrupted);
        for other in ["tripoli", "sirte", "tobruk"] {
            assert_eq!(zone_of(&g, other).sea_line, Some(0), "{port}: one zone, one line");
        }
    }
}

/// SUP-094, SUP-095: lines to both Tripoli and Tobruk are refused, and the
/// refusal changes nothing.
#[test]
fn libya_refuses_lines_to_both_ports() {
    let mut g = load(LIBYA);
    let err = refused_batch(&mut g, Side::Axis, &sea_supply(vec![line("naples", "tripoli"), line("naples", "tobruk")]));
    match err {
        OrderError::ZoneAlreadySupplied { line, at, why, .. } => {
            assert_eq!((line, at.as_str()), (1, "tobruk"));
            assert!(why.to_string().contains("SUP-094"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
    // Nothing was queued: the default plan (one line) runs.
    g.step_phase();
    assert_eq!(sea_log(&g).lines.len(), 1);
    all_units(&g, Side::Axis, Full);
}

/// SUP-095: British armor invaded at ll19 and exploited to mm19 splits
/// Libya into two zones: by land the west is partial (Tripoli) and the east
/// unsupplied; lines to both ports are then accepted and both zones are
/// supplied.
#[test]
fn libya_split_by_british_armor_takes_two_lines() {
    let mut g = load(LIBYA_SPLIT);
    let (w, e) = (node(&g, "tripoli"), node(&g, "tobruk"));
    initial(&mut g, Side::Axis);
    let (west, east) = (zone_of(&g, "tripoli"), zone_of(&g, "tobruk"));
    assert_ne!(west.id, east.id, "two zones");
    assert!(west.hexes.contains(&node(&g, "sirte")) && !west.hexes.contains(&e));
    assert!(!east.hexes.contains(&w));

    let mut g = load(LIBYA_SPLIT);
    submit(&mut g, Side::Axis, &sea_supply(Vec::new()));
    g.step_phase();
    expect_units(&g, &[("ita-10a", Partial), ("ger-dak", Isolated), ("ita-20c", Isolated)]);
    expect_hexes(&g, &[("tripoli", HexStatus::Partial), ("tobruk", HexStatus::Unsupplied)]);

    let mut g = load(LIBYA_SPLIT);
    submit(&mut g, Side::Axis, &sea_supply(vec![line("naples", "tripoli"), line("naples", "tobruk")]));
    g.step_phase();
    expect_units(&g, &[("ita-10a", Full), ("ger-dak", Full), ("ita-20c", Full)]);
    assert_eq!(zone_of(&g, "tripoli").sea_line, Some(0));
    assert_eq!(zone_of(&g, "tobruk").sea_line, Some(1));
    assert_eq!(zone_of(&g, "tobruk").status, Some(HexStatus::Full));
    // Sirte, in the armor's zone of control, is supplied from the Tripoli
    // landing by land.
    expect_hexes(&g, &[("sirte", HexStatus::Full), ("ll20", HexStatus::Full)]);

    // The default plan does the same (SUP-103).
    let mut g = load(LIBYA_SPLIT);
    g.step_phase();
    expect_units(&g, &[("ita-10a", Full), ("ger-dak", Full), ("ita-20c", Full)]);
}

// ------------------------------------------------ SUP-122: Kagoshima to Rabaul

/// The two lines of SUP-122.
fn kagoshima_plan() -> Orders {
    sea_supply(vec![
        line_via("kagoshima", &["manila", "manado"], "hollandia"),
        line_via("kagoshima", &["manila", "manado", "hollandia"], "rabaul"),
    ])
}

/// SUP-122: the Hollandia line is disrupted and the Rabaul line, which
/// passes through Hollandia, gets through: Hollandia and its zone are
/// unsupplied, Rabaul and its zone supplied (SUP-121, SUP-125, SUP-130).
#[test]
fn kagoshima_rabaul_one_line_cut_the_other_through() {
    let mut g = load(KAGOSHIMA);
    submit(&mut g, Side::Axis, &kagoshima_plan());
    submit(&mut g, Side::Allies, &intercept(0, &["us-5af"]));
    g.step_phase();

    let (hollandia, rabaul) = (line_to(&g, "hollandia"), line_to(&g, "rabaul"));
    assert!(hollandia.disrupted && hollandia.rolls.is_none());
    assert_eq!(unit_ids(&hollandia.attacked_by), ["us-5af"]);
    assert!(!rabaul.disrupted && rabaul.attacked_by.is_empty());
    // Both lines touched Manila and Manado, and the second Hollandia too
    // (SUP-091), without supplying them.
    for port in ["manila", "manado"] {
        assert!(hollandia.path.contains(&node(&g, port)), "{port}");
        assert!(rabaul.path.contains(&node(&g, port)), "{port}");
        assert_eq!(zone_of(&g, port).sea_line, None, "SUP-091: {port}");
    }
    assert!(rabaul.path.contains(&node(&g, "hollandia")));

    expect_units(&g, &[("jap-18a", Isolated), ("jap-m13", Isolated), ("jap-8a", Full), ("jap-k18", Full)]);
    expect_hexes(&g, &[("hollandia", HexStatus::Unsupplied), ("m14", HexStatus::Unsupplied)]);
    expect_hexes(&g, &[("rabaul", HexStatus::Full), ("k18", HexStatus::Full)]);
    assert_eq!(zone_of(&g, "hollandia").status, Some(HexStatus::Unsupplied));
    assert_eq!(zone_of(&g, "rabaul").status, Some(HexStatus::Full));
    let text = g.explain("jap-18a").unwrap_or_default();
    assert!(text.contains("disrupted"), "{text}");
}

/// SUP-122 without the attack: both zones are supplied.
#[test]
fn kagoshima_rabaul_without_attack_both_supplied() {
    let mut g = load(KAGOSHIMA);
    submit(&mut g, Side::Axis, &kagoshima_plan());
    g.step_phase();
    expect_units(&g, &[("jap-18a", Full), ("jap-m13", Full), ("jap-8a", Full), ("jap-k18", Full)]);
}

/// SUP-071, SUP-074: a port that receives sea supply may not send it in the
/// same segment, although a line may pass through it (SUP-091).
#[test]
fn port_receiving_sea_supply_may_not_send_it() {
    let mut g = load(KAGOSHIMA);
    let err = refused_batch(
        &mut g,
        Side::Axis,
        &sea_supply(vec![line_via("kagoshima", &["manila", "manado"], "hollandia"), line("hollandia", "rabaul")]),
    );
    expect_bad_origin(&err, Some(1), "hollandia", "SUP-071");
}

/// SUP-074, SUP-071: nor may a port from which sea supply is traced receive
/// it: here Naples sends to Tobruk, then Tripoli (a source port) would send
/// to Naples.
#[test]
fn port_sending_sea_supply_may_not_receive_it() {
    let mut g = load(LIBYA_SPLIT);
    let err = refused_batch(&mut g, Side::Axis, &sea_supply(vec![line("naples", "tobruk"), line("tripoli", "naples")]));
    expect_bad_termination(&err, Some(1), "naples", "SUP-074");
    // Tripoli, a source port, may send to a zone of its own (SUP-069).
    submit(&mut g, Side::Axis, &sea_supply(vec![line("naples", "tobruk")]));
}

// ----------------------------------------------------- illegal sea orders

/// SUP-072: a port in an enemy zone of control may not send sea supply.
#[test]
fn line_from_port_in_enemy_zoc_is_refused() {
    let mut g = load(LIBYA_SPLIT);
    let err = refused_batch(&mut g, Side::Axis, &sea_supply(vec![line("sirte", "tobruk")]));
    expect_bad_origin(&err, None, "sirte", "SUP-072");
}

/// SUP-078..082: a line from a box needs a transport of its pool; with none
/// the line is refused.
#[test]
fn box_line_without_transport_is_refused() {
    let path = path(MIDDLE_EAST);
    let text = std::fs::read_to_string(&path).expect("scenario");
    let with = "transports: [(Allies, \"indian-ocean\", 1)]";
    assert!(text.contains(with));
    let none = text.replace(with, "transports: []");
    let file = path.display().to_string();
    let compiled =
        quartermaster::scenario::load_bytes(&file, none.as_bytes(), |p| std::fs::read(p)).expect("still loads");
    let mut g = Game::from_compiled(compiled, 1).expect("game");
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![line("south-africa", "suez")]));
    match err {
        OrderError::NoTransport { from, pool, .. } => {
            assert_eq!((from.as_str(), pool.as_str()), ("south-africa", "indian-ocean"))
        }
        e => panic!("unexpected error {e:?}"),
    }
    // The default plan has no transport either: the Middle East stays
    // partial.
    g.step_phase();
    assert!(sea_log(&g).lines.iter().all(|l| l.from != node(&g, "south-africa")));
    assert_eq!(zone_of(&g, "suez").status, Some(HexStatus::Partial));
}

/// SUP-106: only fully supplied naval units may protect a line.
#[test]
fn protection_by_partially_supplied_naval_unit_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![protected("alexandria", "malta", &["dd-worn"])]));
    match err {
        OrderError::BadEscort { unit, role, why, .. } => {
            assert_eq!((unit.as_str(), role.as_str()), ("dd-worn", "protect"));
            assert!(why.to_string().contains("SUP-106"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
}

/// SUP-104, SUP-124: only the defending side's units attack the moving
/// side's lines.
#[test]
fn interception_by_moving_sides_unit_is_refused() {
    let mut g = load(MIDDLE_EAST);
    submit(&mut g, Side::Allies, &middle_east_plan());
    let err = refused_batch(&mut g, Side::Axis, &intercept(0, &["dd-alex"]));
    match err {
        OrderError::BadEscort { unit, role, .. } => assert_eq!((unit.as_str(), role.as_str()), ("dd-alex", "attack")),
        e => panic!("unexpected error {e:?}"),
    }
    // The moving side may not give the defender's orders either.
    let err = refused_batch(&mut g, Side::Allies, &intercept(0, &["ger-x10"]));
    assert!(matches!(err, OrderError::NotYourTurn { .. }), "{err:?}");
    // No such line.
    let err = refused_batch(&mut g, Side::Axis, &intercept(9, &["ger-x10"]));
    assert!(matches!(err, OrderError::NoSuchLine { line: 9, .. }), "{err:?}");
}

/// SUP-109: a protecting force needs a destroyer unless a transport carries
/// the supply.
#[test]
fn protection_without_destroyer_or_transport_is_refused() {
    let mut g = load(MIDDLE_EAST);
    let err = refused_batch(&mut g, Side::Allies, &sea_supply(vec![protected("alexandria", "malta", &["bb-alex"])]));
    assert!(matches!(err, OrderError::NoDestroyer { line: 0, .. }), "{err:?}");
    // With a destroyer in the force, the battleship may come along
    // (SUP-110).
    submit(&mut g, Side::Allies, &sea_supply(vec![protected("alexandria", "malta", &["bb-alex", "dd-alex"])]));
}

/// Plays the Malta line protected by the destroyer in Alexandria and
/// attacked by the German air (ruling 9); returns the Malta line, the
/// status of the Malta garrison and the checksum.
fn malta_contest(seed: u64) -> (SeaLineRecord, UnitStatus, Checksum) {
    let mut g = load_seeded(MIDDLE_EAST, seed);
    submit(
        &mut g,
        Side::Allies,
        &sea_supply(vec![line("south-africa", "suez"), protected("alexandria", "malta", &["dd-alex"])]),
    );
    submit(&mut g, Side::Axis, &intercept(1, &["ger-x10"]));
    g.step_phase();
    (line_to(&g, "malta"), status(&g, "brit-malta"), g.checksum())
}

/// Ruling 9, SUP-124, SUP-126: a protected line that is attacked is decided
/// by the seeded contest; the rolls are recorded in the sea log, and the
/// same seed gives the same outcome.
#[test]
fn protected_line_contest_is_seeded_and_recorded() {
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let (l, malta, sum) = malta_contest(seed);
        let (p, a) = l.rolls.expect("SUP-124: the protected line was contested: rolls recorded");
        assert_eq!(unit_ids(&l.protected_by), ["dd-alex"]);
        assert_eq!(unit_ids(&l.attacked_by), ["ger-x10"]);
        // The contest: a die per unit plus its factors (destroyer 1, air 2).
        assert!((2..=7).contains(&p) && (3..=8).contains(&a), "({p}, {a})");
        assert_eq!(l.disrupted, a > p);
        assert_eq!(malta, if l.disrupted { Isolated } else { Full }, "seed {seed}");
        let again = malta_contest(seed);
        assert_eq!((again.0, again.1, again.2), (l.clone(), malta, sum), "seed {seed}: deterministic");
        outcomes.insert(l.disrupted);
    }
    assert_eq!(outcomes.len(), 2, "the dice decide: both outcomes over twelve seeds");
}

// ------------------------------------------------------------ JSON and CLI

fn file(rel: &str) -> String {
    path(rel).display().to_string()
}

fn unit_status<'a>(v: &'a Value, id: &str) -> &'a Value {
    &v["units"].as_array().expect("units").iter().find(|u| u["id"] == id).unwrap_or_else(|| panic!("no {id}"))["status"]
}

/// `qm supply --json` lists the zones with their sea lines (SUP-093).
#[test]
fn supply_json_lists_zones_and_sea_lines() {
    let v = json(&["supply", &file(MIDDLE_EAST), "--json"]);
    let zones = v["zones"].as_array().expect("zones");
    assert_eq!(zones.len(), 4, "the Middle East, Malta, Cyprus and Gela");
    for z in zones {
        let keys: Vec<&str> = z.as_object().expect("object").keys().map(String::as_str).collect();
        assert_eq!(keys, ["boxes", "hexes", "id", "sea_line", "status"], "{z}");
        assert_eq!(z["status"], "full", "{z}");
        let l = &z["sea_line"];
        let keys: Vec<&str> = l.as_object().expect("a sea line").keys().map(String::as_str).collect();
        assert_eq!(keys, ["disrupted", "from", "to"]);
        assert_eq!(l["disrupted"], false);
    }
    let me = zone_row(&v, "h13");
    assert_eq!(me["sea_line"]["from"], "south-africa");
    assert_eq!(me["sea_line"]["to"], "h13");
    assert!(me["hexes"].as_array().expect("hexes").iter().any(|h| h == "g9"), "Alexandria is in the zone");
    assert_eq!(zone_row(&v, "d3")["sea_line"]["from"], "g9");
    assert_eq!(zone_row(&v, "b3")["sea_line"]["from"], "g9");

    // A zone with no sea line shows `null`.
    let v = json(&["supply", &file(LIBYA), "--json"]);
    assert!(zone_row(&v, "gg15")["sea_line"].is_null());
    assert_eq!(zone_row(&v, "ll23")["sea_line"]["to"], "ll16");
}

/// `qm run` with the Suez-cut orders file: the Suez line disrupted, the
/// Middle East and everything it supplies partial (SUP-088); without it,
/// everything full (SUP-087); the same seed gives the same checksum.
#[test]
fn run_with_suez_cut_orders() {
    let scenario = file(MIDDLE_EAST);
    let orders = file(SUEZ_CUT);
    let cut = json(&["run", &scenario, "--phases", "1", "--orders", &orders, "--json"]);
    assert_eq!(cut["side"], "allies");
    let me = zone_row(&cut, "h13");
    assert_eq!(me["status"], "partial");
    assert_eq!(me["sea_line"]["from"], "south-africa");
    assert_eq!(me["sea_line"]["disrupted"], true);
    for hex in ["d3", "c13", "b3"] {
        let z = zone_row(&cut, hex);
        assert_eq!(z["status"], "partial", "{hex}");
        assert_eq!(z["sea_line"]["from"], "g9", "{hex}");
        assert_eq!(z["sea_line"]["disrupted"], false, "{hex}");
    }
    for id in ["brit-malta", "brit-cyprus", "brit-sicily", "brit-suez"] {
        assert_eq!(unit_status(&cut, id), "partial", "{id}");
    }
    let sum = cut["checksum"].as_str().expect("checksum");
    assert_eq!(sum.len(), 64);

    let full = json(&["run", &scenario, "--phases", "1", "--json"]);
    assert_eq!(zone_row(&full, "h13")["status"], "full");
    assert_eq!(zone_row(&full, "h13")["sea_line"]["disrupted"], false);
    for id in ["brit-malta", "brit-cyprus", "brit-sicily", "brit-suez"] {
        assert_eq!(unit_status(&full, id), "full", "{id}");
    }
    assert_ne!(full["checksum"], cut["checksum"]);

    // Deterministic: the same seed, the same checksum.
    for seed in ["1", "7"] {
        let a = json(&["run", &scenario, "--phases", "1", "--orders", &orders, "--json", "--seed", seed]);
        let b = json(&["run", &scenario, "--phases", "1", "--orders", &orders, "--json", "--seed", seed]);
        assert_eq!(a["checksum"], b["checksum"], "seed {seed}");
        assert_eq!(a, b);
    }
    // The text output ends with the checksum.
    let (code, out, err) = qm(&["run", &scenario, "--phases", "1", "--orders", &orders]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("checksum {sum}")), "{out}");
}

/// The orders file of the Suez cut is what the in-process test submits.
#[test]
fn suez_cut_orders_file_reads() {
    let text = std::fs::read(path(SUEZ_CUT)).expect("orders file");
    let g = load("scenarios/awaw/middle-east-sea.ron");
    let batches = g.read_orders(SUEZ_CUT, &text).expect("valid orders");
    assert_eq!(batches.len(), 2);
    assert_eq!(batches[0].orders, middle_east_plan().orders);
    assert_eq!(batches[1].orders, intercept(0, &["ger-x10"]).orders);
    assert_eq!((batches[0].side, batches[1].side), (Side::Allies, Side::Axis));
}
