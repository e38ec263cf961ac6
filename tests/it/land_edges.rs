//! Land supply edge cases the rules name (rule 30, SUP-007..065), one small
//! scenario under `scenarios/awaw/edges/` per group of cases.

use crate::common;

use common::*;
use quartermaster::prelude::*;

const DESIGNATION: &str = "scenarios/awaw/edges/designation.ron";
const CAPITALS: &str = "scenarios/awaw/edges/capitals.ron";
const OWN_HEX: &str = "scenarios/awaw/edges/own-hex.ron";
const PARTISANS: &str = "scenarios/awaw/edges/partisans.ron";
const CROSSINGS: &str = "scenarios/awaw/edges/crossings.ron";
const BOXES: &str = "scenarios/awaw/edges/boxes.ron";
const BOXES_PERSIA: &str = "scenarios/awaw/edges/boxes-persian-route.ron";
const NEW_GUINEA: &str = "scenarios/awaw/edges/new-guinea.ron";
const NEUTRALS: &str = "scenarios/awaw/edges/neutrals.ron";
const SYNTHETIC_OIL: &str = "scenarios/awaw/edges/synthetic-oil.ron";
const MINOR_CAPITALS: &str = "scenarios/awaw/edges/minor-capitals.ron";
const KIEV_UNASSOCIATED: &str = "scenarios/awaw/edges/kiev-unassociated.ron";

use HexStatus as H;
use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

/// The key of the own-hex source that supplied a unit (SUP-040, SUP-045).
fn own_hex_source(g: &Game, id: &str) -> Option<String> {
    supply(g, id).own_hex.map(|s| g.spec().source_key(s).to_string())
}

/// A hex's status as stored, whatever the side of its controller (the
/// report of `common::hex` lists only hexes of a side; a true neutral has
/// none).
fn hex_supply(g: &mut Game, key: &str) -> Option<HexStatus> {
    let node = g.spec().map.find(key).unwrap_or_else(|| panic!("no hex `{key}`"));
    let world = g.world_mut();
    let mut q = world.query::<(&MapNode, &HexSupply)>();
    q.iter(world).find(|(n, _)| n.0 == node).and_then(|(_, h)| h.status)
}

/// A nation's id by key.
fn nation(g: &Game, key: &str) -> NationId {
    g.spec().ruleset.nation_by_key(key).unwrap_or_else(|| panic!("no nation `{key}`"))
}

/// Moves a unit within the player turn: only its node changes, not where it
/// began the player turn (SUP-047, SUP-048).
fn move_unit(g: &mut Game, id: &str, to: &str) {
    let node = g.spec().map.find(to).unwrap_or_else(|| panic!("no hex `{to}`"));
    let world = g.world_mut();
    let mut q = world.query::<(&Unit, &mut Location)>();
    let mut moved = false;
    for (u, mut loc) in q.iter_mut(world) {
        if u.id.as_str() == id {
            loc.node = node;
            moved = true;
        }
    }
    assert!(moved, "no unit `{id}`");
}

/// The same game one game turn later, at the start of the same side's
/// player turn (the clock moved, nothing else).
fn next_turn(g: &Game) -> Game {
    let mut state = g.state();
    state.clock.turn += 1;
    state.clock.phase = 0;
    Game::new_strict(g.spec_arc(), &state).expect("state builds")
}

/// A designation order (SUP-015).
fn designate(at: &str, class: Option<&str>, designate: bool) -> Order {
    SupplyOrder::DesignateSource { at: at.into(), class: class.map(str::to_string), designate }.into()
}

/// Owned labels, to compare with `line_labels`.
fn labels(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

// ------------------------------------------------------------ SUP-015

/// SUP-015: a source that is not designated supplies nothing, and a source
/// designated in this turn (turn 3) does not supply in it; the explanation
/// names both refusals.
#[test]
fn undesignated_and_just_designated_sources_supply_nothing() {
    let mut g = load(DESIGNATION);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-a", Isolated), ("ger-c", Isolated), ("ger-e", Isolated)]);
    expect_hexes(&g, &[("a2", H::Unsupplied), ("c2", H::Unsupplied), ("e2", H::Unsupplied)]);
    assert_eq!(sources_refused(&g, "ger-a"), vec![("a1:axis-capital".to_string(), SourceRefusal::NotDesignated)]);
    assert_eq!(sources_refused(&g, "ger-c"), vec![("c1:axis-capital".to_string(), SourceRefusal::DesignatedThisTurn)]);
    let text = g.explain("ger-c").expect("explained");
    assert!(text.contains("designated this turn"), "{text}");
}

/// SUP-015: the source designated in turn 3 supplies from turn 4, both in a
/// game rebuilt one turn later and through the turn sequence (stepping both
/// player turns); the undesignated one still does not.
#[test]
fn a_source_designated_this_turn_supplies_from_the_next_turn() {
    let g = load(DESIGNATION);
    let mut later = next_turn(&g);
    initial(&mut later, Side::Axis);
    expect_units(&later, &[("ger-a", Isolated), ("ger-c", Full), ("ger-e", Isolated)]);
    assert_eq!(line_source(&later, "ger-c").as_deref(), Some("c1:axis-capital"));
    assert_eq!(line_labels(&later, "ger-c"), labels(&["c1", "c2", "c3"]));

    let mut g = load(DESIGNATION);
    g.step_phase(); // initial supply, Axis, turn 3
    expect_hexes(&g, &[("c2", H::Unsupplied), ("c3", H::Unsupplied)]);
    while g.clock().turn == 3 {
        g.step_phase();
    }
    assert_eq!((g.clock().turn, g.clock().side, g.next_phase()), (4, Side::Axis, Some(INITIAL_SUPPLY)));
    g.step_phase(); // initial supply, Axis, turn 4
    expect_hexes(&g, &[("c2", H::Full), ("c3", H::Full), ("a2", H::Unsupplied)]);
}

/// SUP-015: designation orders. An unknown place and a source the side does
/// not control (a Russian IC) are rejected and leave the game, checksum
/// included, unchanged, even when a valid order precedes the bad one in the
/// batch; a valid designation is accepted, applied in the phase it was given
/// for, and takes effect from the next turn.
#[test]
fn designation_orders_are_validated_and_act_from_the_next_turn() {
    let mut g = load(DESIGNATION);
    let before = g.checksum();

    let err = g.submit(Side::Axis, &Orders::of([designate("atlantis", None, true)]));
    assert_eq!(err, Err(OrderError::UnknownPlace { index: 0, name: "atlantis".into() }));
    let err = g.submit(Side::Axis, &Orders::of([designate("a2", None, true)]));
    assert_eq!(err, Err(OrderError::NoSource { index: 0, at: "a2".into(), class: None }));
    let err = g.submit(Side::Allies, &Orders::of([designate("gorky", None, true)]));
    assert_eq!(err, Err(OrderError::NotYourTurn { side: Side::Allies, to_move: Side::Axis }));
    assert_eq!(g.checksum(), before);

    let batch = Orders::of([designate("e1", Some("axis-capital"), true), designate("gorky", None, false)]);
    let err = g.submit(Side::Axis, &batch);
    assert_eq!(err, Err(OrderError::NotYourSource { index: 1, at: "gorky".into(), side: Side::Axis }));
    assert_eq!(g.checksum(), before, "a rejected batch changes nothing");

    g.submit(Side::Axis, &Orders::of([designate("e1", None, true)])).expect("a valid designation");
    assert_ne!(g.checksum(), before, "the order waits in the state");
    let queued = g.checksum();
    let err = g.submit(Side::Axis, &Orders::of([designate("e1", None, true)]));
    assert_eq!(err, Err(OrderError::SourceUnchanged { index: 0, at: "e1".into(), designated: true }));
    assert_eq!(g.checksum(), queued, "a designation given twice is refused, not queued again");
    let offered: Vec<Order> =
        g.legal_orders(Side::Axis).into_iter().filter(|o| o.kind() == "DesignateSource").collect();
    assert!(offered.contains(&designate("e1", Some("axis-capital"), false)), "its undoing is offered: {offered:?}");
    assert!(!offered.contains(&designate("e1", Some("axis-capital"), true)), "not the same again: {offered:?}");
    let report = g.step_phase(); // initial supply, Axis, turn 3: the order is applied
    assert!(
        report.events.iter().any(|e| matches!(e, GameEvent::SourceDesignated { designated: true, .. })),
        "{:?}",
        report.events
    );
    assert_eq!(status(&g, "ger-e"), Isolated, "{}", g.explain("ger-e").unwrap_or_default());
    assert_eq!(sources_refused(&g, "ger-e"), vec![("e1:axis-capital".to_string(), SourceRefusal::DesignatedThisTurn)]);

    let mut later = next_turn(&g);
    later.step_phase(); // initial supply, Axis, turn 4
    expect_units(&later, &[("ger-e", Full), ("ger-a", Isolated)]);
    assert_eq!(line_source(&later, "ger-e").as_deref(), Some("e1:axis-capital"));
}

// ------------------------------------------------ SUP-021, SUP-032, SUP-041

/// SUP-041: Rome, British-held while Italy is at war (not surrendered),
/// supplies neither the British unit next to it nor the Italian one.
#[test]
fn an_enemy_held_capital_of_a_nation_at_war_supplies_neither_side() {
    let mut g = load(CAPITALS);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("bri-rome", Isolated)]);
    assert_eq!(
        sources_refused(&g, "bri-rome"),
        vec![("a2:axis-capital".to_string(), SourceRefusal::NotEligible(None))]
    );
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ita-rome", Isolated)]);
    assert_eq!(
        sources_refused(&g, "ita-rome"),
        vec![("a2:axis-capital".to_string(), SourceRefusal::NotEligible(None))]
    );
}

/// SUP-032, SUP-041: once France has surrendered, Paris is a limited source
/// for its German controller (and nothing for the Allies); London, British
/// again after Britain surrendered and reentered the war, stays a limited
/// source; Berlin, of a Germany at war, is unlimited (SUP-017).
#[test]
fn capitals_of_surrendered_nations_are_limited_sources() {
    let mut g = load(CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-paris", Partial), ("ger-berlin", Full)]);
    assert_eq!(line_source(&g, "ger-paris").as_deref(), Some("c1:wa-capital"));
    assert_eq!(line_source(&g, "ger-berlin").as_deref(), Some("g1:axis-capital"));
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("bri-london", Partial), ("bri-paris", Isolated)]);
    assert_eq!(line_source(&g, "bri-london").as_deref(), Some("e1:wa-capital"));
    expect_hexes(&g, &[("london", H::Partial), ("e3", H::Partial)]);
}

// ------------------------------------ SUP-040, SUP-045, SUP-047, SUP-048, SUP-051

/// SUP-040: Vladivostok partially supplies the Russian unit in it, and not
/// the one in the next hex.
#[test]
fn vladivostok_supplies_only_the_russian_units_in_it() {
    let mut g = load(OWN_HEX);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-in", Partial), ("sov-next", Isolated)]);
    assert_eq!(own_hex_source(&g, "sov-in").as_deref(), Some("a1:russian-own-hex"));
    assert_eq!(supply(&g, "sov-in").line, None);
    assert_eq!(sources_refused(&g, "sov-next"), vec![("a1:russian-own-hex".to_string(), SourceRefusal::OwnHexOnly)]);
}

/// SUP-045, SUP-051: a Russian IC captured by Germany partially supplies the
/// German unit in it, not the one next to it. SUP-047, SUP-048: a unit that
/// did not begin the player turn in the IC hex is not supplied by it; the
/// unit that did may move out once its status is decided.
#[test]
fn a_captured_ic_supplies_german_units_that_began_the_turn_in_it() {
    let mut g = load(OWN_HEX);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-in", Partial), ("ger-next", Isolated), ("ger-mover", Isolated)]);
    assert_eq!(own_hex_source(&g, "ger-in").as_deref(), Some("c2:ic"));
    assert_eq!(sources_refused(&g, "ger-next"), vec![("c2:ic".to_string(), SourceRefusal::OwnHexOnly)]);

    move_unit(&mut g, "ger-mover", "kharkov");
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-in", Partial), ("ger-mover", Isolated)]);
    assert_eq!(own_hex_source(&g, "ger-mover"), None);
    assert_eq!(sources_refused(&g, "ger-mover"), vec![("c2:ic".to_string(), SourceRefusal::OwnHexOnly)]);

    move_unit(&mut g, "ger-in", "c3");
    expect_units(&g, &[("ger-in", Partial)]);
}

// ------------------------------------------------------ SUP-060, SUP-194

/// SUP-060: an enemy partisan in a hex blocks a line through it.
#[test]
fn an_enemy_partisan_blocks_a_line() {
    let mut g = load(PARTISANS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-a", Isolated)]);
    assert_eq!(blocks(&g, "ger-a"), vec![("a3".to_string(), BlockReason::EnemyPartisan(UnitId::new("par-a")))]);
    let text = g.explain("ger-a").expect("explained");
    assert!(text.contains("par-a") && text.contains("SUP-060"), "{text}");
}

/// SUP-060: a line passes a friendly partisan in a hex the side controlled
/// before, but not a hex that came under control through a partisan.
#[test]
fn friendly_partisans_and_partisan_held_hexes() {
    let mut g = load(PARTISANS);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-c", Full), ("sov-e", Isolated)]);
    assert_eq!(line_labels(&g, "sov-c"), labels(&["urals", "c1", "c2", "c3"]));
    assert_eq!(blocks(&g, "sov-e"), vec![("e2".to_string(), BlockReason::PartisanHeld)]);
    // The partisan-held hex is itself supplied; it only passes nothing on.
    expect_hexes(&g, &[("e1", H::Full), ("e2", H::Full), ("e3", H::Unsupplied)]);
}

/// SUP-007, SUP-194: partisans are supplied automatically, even deep in
/// enemy territory.
#[test]
fn partisans_are_automatically_supplied() {
    let mut g = load(PARTISANS);
    initial(&mut g, Side::Allies);
    for id in ["par-a", "par-c", "par-e"] {
        let s = supply(&g, id);
        assert_eq!((s.status, s.automatic), (Full, Some(AutoReason::Partisan)), "{id}");
    }
}

// ---------------------------------------------- SUP-055, SUP-064, ruling 7

/// SUP-064: a line crosses water at a crossing arrow, both over a sea hex
/// and over an all-sea hexside between adjacent land hexes; without the
/// arrow the unit beyond the water is cut off (SUP-055: lines run over land
/// hexes of the board).
#[test]
fn a_line_crosses_water_at_a_crossing_arrow() {
    let mut g = load(CROSSINGS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ita-a", Full), ("ita-g", Full), ("ita-c", Isolated)]);
    assert_eq!(line_labels(&g, "ita-a"), labels(&["a1", "a2", "a4", "a5"]));
    assert_eq!(line_labels(&g, "ita-g"), labels(&["g1", "g2", "g3", "g4"]));
    expect_hexes(&g, &[("a4", H::Full), ("c4", H::Unsupplied)]);
}

/// SUP-055, ruling 8: an all-sea hexside between two adjacent land hexes
/// stops a land line.
#[test]
fn an_all_sea_hexside_stops_a_land_line() {
    let mut g = load(CROSSINGS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ita-e", Isolated)]);
    expect_hexes(&g, &[("e2", H::Full), ("e3", H::Unsupplied)]);
}

/// SUP-057, ruling 7: an enemy unit's zone of control does not extend
/// across an all-sea hexside; across an ordinary hexside it cuts the line.
#[test]
fn zones_of_control_do_not_extend_across_all_sea_hexsides() {
    let mut g = load(CROSSINGS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ita-i", Full), ("ita-m", Isolated)]);
    assert_eq!(line_labels(&g, "ita-i"), labels(&["i1", "i2", "i3"]));
    assert!(blocks(&g, "ita-m").contains(&("m2".to_string(), BlockReason::Zoc(vec![UnitId::new("bri-n")]))));
}

// ------------------------------- SUP-023, SUP-026, SUP-027, SUP-061, SUP-065

/// SUP-025, SUP-065: the Urals box supplies through its entry hexes.
#[test]
fn the_urals_box_supplies_through_its_entry_hexes() {
    let mut g = load(BOXES);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-a", Full)]);
    assert_eq!(line_source(&g, "sov-a").as_deref(), Some("urals:urals"));
    assert_eq!(line_labels(&g, "sov-a"), labels(&["urals", "a4", "a3", "a2", "a1"]));
}

/// SUP-026, SUP-061: the Persian entry hexes pass supply from the Urals box
/// only when the Persian BRP route is open (the scenario flag), and only
/// while under Allied control.
#[test]
fn the_persian_entry_needs_the_route_open() {
    let mut g = load(BOXES);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-c", Isolated)]);
    expect_hexes(&g, &[("c4", H::Unsupplied)]);

    let mut g = load(BOXES_PERSIA);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-c", Full)]);
    assert_eq!(line_labels(&g, "sov-c"), labels(&["urals", "c4", "c3", "c2", "c1"]));
    expect_units(&g, &[("sov-e", Isolated)]);
    let persia = nation(&g, "persia");
    assert_eq!(blocks(&g, "sov-e"), vec![("e4".to_string(), BlockReason::NotFriendly(persia))]);
}

/// SUP-027: an entry that must be Russian-controlled passes supply only
/// while Russia controls it, not while an ally does.
#[test]
fn an_entry_that_must_be_russian_controlled() {
    let mut g = load(BOXES);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-e", Full), ("sov-g", Isolated)]);
    assert_eq!(line_labels(&g, "sov-e"), labels(&["urals", "e4", "e3", "e2", "e1"]));
    expect_hexes(&g, &[("g4", H::Unsupplied)]);
}

/// SUP-057, SUP-065: an entry hex under enemy control passes nothing.
#[test]
fn an_enemy_held_entry_hex_passes_nothing() {
    let mut g = load(BOXES);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("sov-i", Isolated)]);
    let germany = nation(&g, "germany");
    assert_eq!(blocks(&g, "sov-i"), vec![("i4".to_string(), BlockReason::EnemyControl(germany))]);
}

/// SUP-023: a dominion box supplies Western Allied units unless its dominion
/// has surrendered: the India box does, the Australia box (Australia
/// surrendered) does not.
#[test]
fn dominion_boxes_supply_unless_the_dominion_surrendered() {
    let mut g = load(BOXES);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("bri-m", Full), ("bri-k", Isolated)]);
    assert_eq!(line_source(&g, "bri-m").as_deref(), Some("india:dominion-box"));
    assert_eq!(line_labels(&g, "bri-m"), labels(&["india", "m4", "m3", "m2", "m1"]));
}

// ------------------------------------------------------------ SUP-063

/// SUP-063: full supply may not be traced into jungle/mountain hexes in New
/// Guinea: units and hexes there get partial supply at most, Port Moresby
/// included.
#[test]
fn no_full_supply_into_new_guinea_jungle_mountain() {
    let mut g = load(NEW_GUINEA);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("aus-a2", Partial), ("aus-c2", Partial)]);
    assert_eq!(line_labels(&g, "aus-a2"), labels(&["australia", "a1", "a2"]));
    // What stands between them and full supply is the terrain of their own
    // hex, not the hexes beyond.
    assert_eq!(blocks(&g, "aus-a2"), vec![("a2".to_string(), BlockReason::Terrain)]);
    assert_eq!(blocks(&g, "aus-c2"), vec![("c2".to_string(), BlockReason::Terrain)]);
    expect_hexes(&g, &[("a1", H::Full), ("a2", H::Partial), ("port-moresby", H::Partial)]);
}

/// SUP-063: nothing is traced out of jungle/mountain hexes in New Guinea:
/// the unit beyond one is cut off by terrain.
#[test]
fn nothing_is_traced_out_of_new_guinea_jungle_mountain() {
    let mut g = load(NEW_GUINEA);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("aus-a4", Isolated), ("aus-g4", Isolated)]);
    assert_eq!(blocks(&g, "aus-a4"), vec![("a3".to_string(), BlockReason::Terrain)]);
    assert_eq!(blocks(&g, "aus-g4"), vec![("g3".to_string(), BlockReason::Terrain)]);
    expect_hexes(&g, &[("a3", H::Unsupplied), ("a4", H::Unsupplied)]);
}

/// SUP-063: partial supply may be traced out of Port Moresby and Sorong;
/// jungle/mountain outside New Guinea has no limit.
#[test]
fn partial_supply_out_of_port_moresby_and_sorong() {
    let mut g = load(NEW_GUINEA);
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("aus-c3", Partial), ("aus-g3", Partial), ("aus-e3", Full)]);
    assert_eq!(line_labels(&g, "aus-c3"), labels(&["australia", "c1", "c2", "c3"]));
    assert_eq!(line_labels(&g, "aus-g3"), labels(&["australia", "g1", "g2", "g3"]));
    assert_eq!(line_labels(&g, "aus-e3"), labels(&["australia", "e1", "e2", "e3"]));
}

// ------------------------------------------------------- SUP-146, SUP-017

/// SUP-146: a neutral's hexes and units are fully supplied by the neutral,
/// Spanish Morocco's only partially.
#[test]
fn neutrals_are_supplied_by_themselves() {
    let mut g = load(NEUTRALS);
    initial(&mut g, Side::Allies);
    let s = supply(&g, "us-a");
    assert_eq!((s.status, s.automatic), (Full, Some(AutoReason::Neutral)));
    expect_hexes(&g, &[("a1", H::Full), ("a2", H::Full)]);

    initial(&mut g, Side::Axis);
    let s = supply(&g, "sm-c");
    assert_eq!((s.status, s.automatic), (Partial, Some(AutoReason::Neutral)));
    let s = supply(&g, "ita-g");
    assert_eq!((s.status, s.automatic), (Full, Some(AutoReason::Neutral)));
    expect_hexes(&g, &[("c1", H::Partial), ("c2", H::Partial)]);
    // Spain has no side: its hexes are in neither side's report.
    assert_eq!(hex_supply(&mut g, "e1"), Some(H::Full));
    assert_eq!(hex_supply(&mut g, "e2"), Some(H::Full));
}

/// SUP-017: Rome is an unlimited source for German units even while Italy
/// is neutral, through neutral Italian hexes.
#[test]
fn rome_supplies_german_units_while_italy_is_neutral() {
    let mut g = load(NEUTRALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-g", Full)]);
    assert_eq!(line_source(&g, "ger-g").as_deref(), Some("g1:axis-capital"));
    assert_eq!(line_labels(&g, "ger-g"), labels(&["g1", "g2", "g3"]));
    expect_hexes(&g, &[("g3", H::Full)]);
}

// ------------------------------------------------------- SUP-018, SUP-020

/// SUP-018, SUP-020: an undamaged synthetic oil plant is an unlimited source
/// for its Axis controller's side, German or Japanese.
#[test]
fn an_undamaged_synthetic_oil_plant_is_unlimited() {
    let mut g = load(SYNTHETIC_OIL);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-a", Full), ("jap-e", Full)]);
    assert_eq!(line_source(&g, "ger-a").as_deref(), Some("a1:synthetic-oil"));
    assert_eq!(line_source(&g, "jap-e").as_deref(), Some("e1:synthetic-oil"));
}

/// SUP-018: a damaged synthetic oil plant is not a source.
#[test]
fn a_damaged_synthetic_oil_plant_is_not_a_source() {
    let mut g = load(SYNTHETIC_OIL);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-c", Isolated)]);
    assert_eq!(sources_refused(&g, "ger-c"), vec![("c1:synthetic-oil".to_string(), SourceRefusal::NotEligible(None))]);
    expect_hexes(&g, &[("c1", H::Unsupplied), ("c3", H::Unsupplied)]);
}

// --------------------------------------- SUP-033, SUP-042, SUP-043, SUP-044

/// SUP-033: an unconquered minor capital fully supplies its own minor's units
/// and only partially those of its major ally.
#[test]
fn an_unconquered_minor_capital_is_limited_for_its_major_ally() {
    let mut g = load(MINOR_CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("fin-a", Full), ("ger-a", Partial)]);
    assert_eq!(line_source(&g, "fin-a").as_deref(), Some("a1:minor-capital"));
    assert_eq!(line_source(&g, "ger-a").as_deref(), Some("a1:minor-capital"));
    assert_eq!(
        sources_refused(&g, "ger-a"),
        vec![("a1:minor-capital".to_string(), SourceRefusal::NotEligible(Some(Tier::Partial)))]
    );
}

/// SUP-042: a minor capital is a limited source for the major power that
/// controls it (Warsaw, conquered by Germany).
#[test]
fn a_conquered_minor_capital_is_limited_for_its_conqueror() {
    let mut g = load(MINOR_CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-c", Partial)]);
    assert_eq!(line_source(&g, "ger-c").as_deref(), Some("c1:minor-capital"));
}

/// SUP-043: a Vichy colonial capital is an Axis limited source only under
/// Axis control.
#[test]
fn vichy_colonial_capitals_supply_the_axis_only_under_axis_control() {
    let mut g = load(MINOR_CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-e", Partial), ("ger-g", Isolated)]);
    assert_eq!(line_source(&g, "ger-e").as_deref(), Some("e1:vichy-colonial-capital"));
    assert_eq!(
        sources_refused(&g, "ger-g"),
        vec![("g1:vichy-colonial-capital".to_string(), SourceRefusal::NotEligible(None))]
    );
}

/// SUP-043: Kiev is a limited source only if the Ukraine is associated with
/// or allied to Germany.
#[test]
fn kiev_supplies_only_if_the_ukraine_is_associated_with_germany() {
    let mut g = load(MINOR_CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-i", Partial)]);
    assert_eq!(line_source(&g, "ger-i").as_deref(), Some("i1:kiev"));

    let mut g = load(KIEV_UNASSOCIATED);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("ger-i", Isolated)]);
    assert_eq!(sources_refused(&g, "ger-i"), vec![("i1:kiev".to_string(), SourceRefusal::NotEligible(None))]);
}

/// SUP-044: a conquered Chinese objective is a limited source for the side
/// that controls it; one still Nationalist is not a source under that class.
#[test]
fn conquered_chinese_objectives_are_limited_sources_for_their_conqueror() {
    let mut g = load(MINOR_CAPITALS);
    initial(&mut g, Side::Axis);
    expect_units(&g, &[("jap-k", Partial)]);
    assert_eq!(line_source(&g, "jap-k").as_deref(), Some("k1:chinese-objective"));
    initial(&mut g, Side::Allies);
    expect_units(&g, &[("nc-m", Isolated)]);
}

/// Ruling 7, SUP-058: the per-scenario table of where a zone of control
/// extends agrees with `reaches` on every hexside of two scenarios: the
/// table their compiler decided, and the one a determination decides for
/// the same scenario built without it, decided again when the scenario
/// changes.
#[test]
fn the_zone_of_control_targets_agree_with_reaches() {
    use qm_supply::map_rules::MapRules;
    use qm_supply::zoc::{ZocSpread, ZocTargets, reaches};
    let mut targets = ZocTargets::default();
    for file in [CROSSINGS, BOXES, CROSSINGS] {
        let g = load(file);
        let compiled = g.spec_arc();
        let mut bare = (*compiled).clone();
        let mut rules = MapRules::of(&bare).clone();
        rules.zoc_spread = ZocSpread::default();
        bare.extensions.insert(MapRules::NAME, rules);
        let bare = std::sync::Arc::new(bare);
        for spec in [&compiled, &bare] {
            let (rules, map) = (&spec.ruleset, &spec.map);
            let spread = targets.of(spec).clone();
            assert!(spread.covers(map), "{file}");
            let mut entered = 0;
            for from in map.node_ids() {
                let want: Vec<NodeId> = map.adjacent(from).filter(|&to| reaches(rules, map, from, to)).collect();
                assert_eq!(spread.from(from), want.as_slice(), "{file}: {from}");
                entered += want.len();
            }
            assert!(entered > 0, "{file}");
        }
    }
}
