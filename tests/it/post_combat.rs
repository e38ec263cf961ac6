//! Post-combat supply determination (rule 30, SUP-134..142): scenarios of
//! `scenarios/awaw/post-combat/` played phase by phase through the public
//! API, with orders.
//!
//! - `land.ron`: SUP-137 (partial at initial, full at post-combat), SUP-138
//!   (redeployment into hexes taken this turn), SUP-140 (a zone acts as a
//!   source only through hexes that pass supply on), SUP-142 (a unit worse
//!   off keeps its better status; the other side's statuses stand).
//! - `sea.ron`: SUP-139 (no line after declining), SUP-140 (a zone supplied
//!   by sea supplies what is taken next to it; a port taken since may
//!   receive a line), SUP-141 (zones supplied by sea are upgraded with their
//!   origin; a line that upgrades a zone and could not be tried before).
//!
//! A rejected batch must leave the game, and its checksum, unchanged.

use crate::common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;
use quartermaster::supply::sea_log::InitialZone;

const LAND: &str = "scenarios/awaw/post-combat/land.ron";
const SEA: &str = "scenarios/awaw/post-combat/sea.ron";

use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

/// An unprotected sea line.
fn line(from: &str, to: &str) -> SeaLineOrder {
    SeaLineOrder { from: from.into(), to: to.into(), ..SeaLineOrder::default() }
}

fn sea_supply(lines: Vec<SeaLineOrder>) -> Vec<Order> {
    vec![SupplyOrder::SeaSupply(lines).into()]
}

/// The key of the nation controlling a hex.
fn controller(g: &Game, hex: &str) -> Option<String> {
    let c = g.state().nodes[node(g, hex)].control.current?;
    g.spec().ruleset.nation(c).map(|n| n.key.clone())
}

/// A hex's supply record.
fn hex_supply(g: &Game, hex: &str) -> HexRecord {
    g.state().nodes[node(g, hex)].supply
}

/// The determination of the given kind in the German player turn of turn 4
/// (`land.ron`) or the Italian one of turn 5 (`sea.ron`).
fn axis(turn: u32, kind: DeterminationKind) -> Option<Determination> {
    Some(Determination { turn, side: Side::Axis, kind })
}

/// `land.ron`: plays the Russian player turn of turn 3 (no orders), so that
/// the German player turn of turn 4 is next.
fn land_after_russian_turn() -> Game {
    let mut g = load(LAND);
    g.run_player_turn();
    assert_eq!((g.clock().turn, g.clock().side), (4, Side::Axis));
    g
}

/// The zone of initial determination holding the landing place `at`.
#[track_caller]
fn initial_zone(g: &Game, at: &str) -> InitialZone {
    let n = node(g, at);
    sea_log(g).initial_zones.into_iter().find(|z| z.terminations.contains(&n)).expect("a zone of initial determination")
}

/// `sea.ron` at initial determination: Bizerte is supplied from Syracuse,
/// Valona from Taranto; Tripoli and Durazzo are declined.
fn sea_initial() -> Game {
    let mut g = load(SEA);
    submit(&mut g, Side::Axis, sea_supply(vec![line("syracuse", "bizerte"), line("taranto", "valona")]));
    g.step_phase();
    g
}

#[track_caller]
fn expect_declined(err: &OrderError) {
    match err {
        OrderError::ZoneAlreadySupplied { why, .. } => {
            assert!(why.to_string().contains("declined") && why.to_string().contains("SUP-139"), "{why}");
        }
        e => panic!("unexpected error {e:?}"),
    }
}

// ------------------------------------------------------------ land.ron

/// SUP-137, SUP-134: ger-a5, partially supplied from Breslau at initial
/// determination, is fully supplied at post-combat determination once
/// ger-a2 has destroyed sov-a3, which cut it off from the Reich; so are the
/// hexes that were partially supplied.
#[test]
fn a_partially_supplied_unit_is_fully_supplied_after_combat() {
    let mut g = land_after_russian_turn();
    g.step_phase(); // initial supply
    expect_units(&g, &[("ger-a5", Partial), ("ger-a2", Full)]);
    expect_hexes(&g, &[("a4", HexStatus::Partial), ("a5", HexStatus::Partial), ("breslau", HexStatus::Partial)]);
    assert_eq!(line_source(&g, "ger-a5").as_deref(), Some("a6:axis-limited-city"));

    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![attack(&["ger-a2"], "a3", &["ger-a2"])]);
    g.step_phase();
    assert!(!alive(&g, "sov-a3"));
    assert_eq!(controller(&g, "a3").as_deref(), Some("germany"));
    g.step_phase(); // post-combat supply

    expect_units(&g, &[("ger-a5", Full), ("ger-a2", Full)]);
    let s = supply(&g, "ger-a5");
    assert_eq!(s.initial, Some(Partial), "the initial determination is remembered");
    assert_eq!(s.at, axis(4, DeterminationKind::PostCombat));
    assert_eq!(line_source(&g, "ger-a5").as_deref(), Some("reich:axis-capital"));
    assert_eq!(line_labels(&g, "ger-a5"), ["reich", "a1", "a2", "a3", "a4", "a5"]);
    expect_hexes(&g, &[("a4", HexStatus::Full), ("a5", HexStatus::Full), ("breslau", HexStatus::Full)]);
    assert_eq!(hex_supply(&g, "a5").at, axis(4, DeterminationKind::PostCombat));
}

/// SUP-138 (with SUP-136, SUP-204): a3 and c5, Russian hexes the Russians
/// had fully supplied, are taken by the Germans. At post-combat
/// determination each gets a status of its own: a3, next to the supplied
/// German hexes, is fully supplied and ger-a5 may redeploy into it; c5, taken
/// by the cut-off ger-c4 and in the zone of control of sov-c6, is unsupplied
/// and no redeployment may enter it.
#[test]
fn hexes_taken_this_turn_take_redeployments_only_if_supplied_after_combat() {
    let mut g = land_after_russian_turn();
    // The Russians' own statuses for their hexes.
    expect_hexes(&g, &[("a3", HexStatus::Full), ("c5", HexStatus::Full)]);
    let russian = Some(Determination { turn: 3, side: Side::Allies, kind: DeterminationKind::PostCombat });
    assert_eq!(hex_supply(&g, "c5").at, russian);

    g.step_phase(); // initial supply
    expect_units(&g, &[("ger-c4", Isolated), ("ger-c2", Full)]);
    step_to(&mut g, COMBAT);
    // ger-c4, isolated, attacks out but may not advance (SUP-174).
    submit(&mut g, Side::Axis, vec![attack(&["ger-a2"], "a3", &["ger-a2"]), attack(&["ger-c4"], "c5", &[])]);
    g.step_phase();
    for hex in ["a3", "c5"] {
        assert_eq!(controller(&g, hex).as_deref(), Some("germany"), "{hex}");
    }
    g.step_phase(); // post-combat supply
    expect_hexes(&g, &[("a3", HexStatus::Full), ("c5", HexStatus::Unsupplied)]);
    for hex in ["a3", "c5"] {
        assert_eq!(hex_supply(&g, hex).at, axis(4, DeterminationKind::PostCombat), "{hex}");
    }

    step_to(&mut g, CONSTRUCTION_REDEPLOYMENT);
    let err = refused(&mut g, Side::Axis, vec![redeploy("ger-c2", "c5")]);
    assert!(
        matches!(&err, OrderError::IllegalMove { unit, why, .. } if unit == "ger-c2" && why.to_string().contains("supplied")),
        "{err}"
    );
    submit(&mut g, Side::Axis, vec![redeploy("ger-a5", "a3")]);
    g.step_phase();
    let (_, loc, _) = g.unit("ger-a5").expect("ger-a5");
    assert_eq!(loc.node, node(&g, "a3"));
    let (_, loc, _) = g.unit("ger-c2").expect("ger-c2");
    assert_eq!(loc.node, node(&g, "c2"));
}

/// SUP-140 with SUP-057: a zone supplied at initial determination acts as a
/// source at post-combat determination, but its lines are land lines: none
/// runs out of e3, which is in the zone of control of sov-e4, into the cut
/// off f3 and f4. And the zone of i1, of which only i2 received supply (from
/// j2, another zone), was never supplied: it supplies nothing. Nothing
/// changed in combat, so the cut-off units stay isolated and are eliminated.
#[test]
fn a_zone_acts_as_a_source_only_through_hexes_that_pass_supply_on() {
    let mut g = land_after_russian_turn();
    g.step_phase(); // initial supply
    expect_units(&g, &[("ger-e3", Full), ("ger-f3", Isolated), ("ger-i1", Isolated)]);
    expect_hexes(&g, &[("e3", HexStatus::Full), ("f3", HexStatus::Unsupplied), ("f4", HexStatus::Unsupplied)]);
    expect_hexes(&g, &[("i2", HexStatus::Full), ("i1", HexStatus::Unsupplied)]);
    // i2 belongs to i1's zone, which carries nothing of its own.
    let zones = g.world().resource::<Zones>().clone();
    let of = |hex: &str| zones.zones.iter().find(|z| z.hexes.contains(&node(&g, hex))).expect("a zone").clone();
    assert_eq!(of("i2").id, of("i1").id);
    assert!(of("i1").carried.is_empty(), "{:?}", of("i1"));
    assert_eq!(of("e3").id, of("e1").id);

    step_to(&mut g, POST_COMBAT_SUPPLY);
    g.step_phase();
    expect_units(&g, &[("ger-f3", Isolated), ("ger-i1", Isolated), ("ger-e3", Full)]);
    expect_hexes(&g, &[("f3", HexStatus::Unsupplied), ("f4", HexStatus::Unsupplied), ("i1", HexStatus::Unsupplied)]);
    g.step_phase(); // isolation
    assert!(!alive(&g, "ger-f3") && !alive(&g, "ger-i1"));
    assert!(alive(&g, "ger-e3"));
}

/// SUP-142, SUP-143, ruling 10: ger-e3, fully supplied at initial
/// determination, moves into the cut-off f3. It is worse off at post-combat
/// determination and keeps its full supply, with the record of the initial
/// determination; the hex it entered stays unsupplied. The Russian units and
/// hexes keep the statuses of the Russian player turn throughout the German
/// one, combat losses aside.
#[test]
fn a_unit_worse_off_after_combat_keeps_its_status_and_the_other_side_is_untouched() {
    let mut g = land_after_russian_turn();
    let russians = |g: &Game| -> Vec<(String, UnitSupply)> {
        g.state()
            .units
            .into_iter()
            .filter(|u| u.id.as_str().starts_with("sov-"))
            .map(|u| (u.id.as_str().to_string(), u.supply))
            .collect()
    };
    let russia = g.spec().ruleset.nations.iter().position(|n| n.key == "russia").expect("russia");
    let russian_hexes = |g: &Game| -> Vec<(NodeId, HexRecord)> {
        g.state()
            .nodes
            .into_iter_enumerated()
            .filter(|(_, n)| n.control.current.is_some_and(|c| c.index() == russia))
            .map(|(i, n)| (i, n.supply))
            .collect()
    };
    let (units_before, hexes_before) = (russians(&g), russian_hexes(&g));
    assert!(units_before.iter().all(|(_, s)| s.status == Full && s.at.is_some_and(|a| a.side == Side::Allies)));

    g.step_phase(); // initial supply
    step_to(&mut g, MOVEMENT);
    submit(&mut g, Side::Axis, vec![mv("ger-e3", "f3")]);
    g.step_phase();
    submit(&mut g, Side::Axis, vec![attack(&["ger-a2"], "a3", &["ger-a2"])]);
    g.step_phase();
    g.step_phase(); // post-combat supply

    let s = supply(&g, "ger-e3");
    assert_eq!(s.status, Full, "{}", g.explain("ger-e3").unwrap_or_default());
    assert_eq!(s.at, axis(4, DeterminationKind::Initial), "the better determination's record stands");
    assert_eq!(s.initial, Some(Full));
    let (_, loc, _) = g.unit("ger-e3").expect("ger-e3");
    assert_eq!(loc.node, node(&g, "f3"));
    expect_units(&g, &[("ger-f3", Isolated)]);
    expect_hexes(&g, &[("f3", HexStatus::Unsupplied)]);

    // The other side: untouched, but for sov-a3 (destroyed) and a3 (taken).
    let a3 = node(&g, "a3");
    let expected_units: Vec<_> = units_before.into_iter().filter(|(id, _)| id != "sov-a3").collect();
    let expected_hexes: Vec<_> = hexes_before.into_iter().filter(|(i, _)| *i != a3).collect();
    assert_eq!(russians(&g), expected_units);
    assert_eq!(russian_hexes(&g), expected_hexes);

    g.step_phase(); // isolation
    assert!(alive(&g, "ger-e3"), "supplied at initial determination, it is not isolated");
    assert!(!alive(&g, "ger-f3"));
    assert_eq!(russians(&g), expected_units);
}

/// SUP-142 (with SUP-045, SUP-047, SUP-015): ger-m1 and the Ruhr, its hex,
/// are partially supplied by the Ruhr's industrial centre at initial
/// determination. ger-m1 then moves out of it (SUP-047), and the Germans
/// withdraw the source: at post-combat determination neither the unit nor
/// the hex could draw on it, and both keep their partial supply, so the unit
/// is not eliminated.
#[test]
fn a_unit_and_a_hex_that_lose_their_source_after_initial_determination_keep_their_status() {
    let mut g = land_after_russian_turn();
    g.step_phase(); // initial supply
    expect_units(&g, &[("ger-m1", Partial)]);
    expect_hexes(&g, &[("ruhr", HexStatus::Partial), ("m2", HexStatus::Unsupplied)]);
    assert!(supply(&g, "ger-m1").own_hex.is_some());

    step_to(&mut g, MOVEMENT);
    let withdraw = SupplyOrder::DesignateSource { at: "ruhr".into(), class: Some("ic".into()), designate: false };
    submit(&mut g, Side::Axis, vec![Order::from(mv("ger-m1", "m2")), withdraw.into()]);
    g.step_phase();
    step_to(&mut g, POST_COMBAT_SUPPLY);
    g.step_phase();

    let s = supply(&g, "ger-m1");
    assert_eq!(s.status, Partial, "{}", g.explain("ger-m1").unwrap_or_default());
    assert_eq!(s.at, axis(4, DeterminationKind::Initial));
    let ruhr = hex_supply(&g, "ruhr");
    assert_eq!(ruhr.status, Some(HexStatus::Partial));
    assert_eq!(ruhr.at, axis(4, DeterminationKind::Initial), "the better determination's record stands");
    expect_hexes(&g, &[("m2", HexStatus::Unsupplied)]);
    g.step_phase(); // isolation
    assert!(alive(&g, "ger-m1"));
}

// ------------------------------------------------------------- sea.ron

/// SUP-139: Tripoli's zone could receive a line from Naples at initial
/// determination and was declined (the plan gives it none). At post-combat
/// determination a line to it is refused, the refusal changes nothing, and
/// the default plan does not try either: its units stay isolated.
#[test]
fn a_zone_declined_at_initial_determination_is_refused_a_line_after_combat() {
    let mut g = sea_initial();
    expect_units(&g, &[("ita-a6", Isolated), ("ita-a7", Isolated)]);
    let z = initial_zone(&g, "tripoli");
    assert!(!z.attempted);
    assert_eq!(z.best_possible, Some(Tier::Full), "Naples could have sent full supply");

    step_to(&mut g, POST_COMBAT_SUPPLY);
    let err = refused(&mut g, Side::Axis, sea_supply(vec![line("naples", "tripoli")]));
    expect_declined(&err);
    g.step_phase();
    let tripoli = node(&g, "tripoli");
    assert!(!sea_log(&g).of(DeterminationKind::PostCombat).any(|l| l.to == tripoli), "{:?}", sea_log(&g));
    expect_units(&g, &[("ita-a6", Isolated), ("ita-a7", Isolated)]);
    expect_hexes(&g, &[("tripoli", HexStatus::Unsupplied)]);
}

/// SUP-140 (second sentence), SUP-139: ita-a7 takes Benghazi, a port, and
/// Tripoli's zone grows to it. A line to Tripoli is still refused, but a line
/// to Benghazi, the port gained since, is allowed, and supplies the zone.
#[test]
fn a_port_taken_since_initial_determination_may_receive_a_line() {
    let mut g = sea_initial();
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![attack(&["ita-a7"], "benghazi", &[])]);
    g.step_phase();
    assert_eq!(controller(&g, "benghazi").as_deref(), Some("italy"));

    let err = refused(&mut g, Side::Axis, sea_supply(vec![line("naples", "tripoli")]));
    expect_declined(&err);
    submit(&mut g, Side::Axis, sea_supply(vec![line("messina", "benghazi")]));
    g.step_phase(); // post-combat supply
    let l = line_to(&g, "benghazi");
    assert_eq!((l.kind, l.from, l.disrupted), (DeterminationKind::PostCombat, node(&g, "messina"), false));
    expect_units(&g, &[("ita-a6", Full), ("ita-a7", Full)]);
    expect_hexes(&g, &[("tripoli", HexStatus::Full), ("benghazi", HexStatus::Full)]);
    assert_eq!(line_source(&g, "ita-a6").as_deref(), Some("a12:axis-capital"));
}

/// SUP-140 (first sentence), SUP-136: Bizerte's zone, supplied by sea from
/// Syracuse at initial determination, acts as a supply source at post-combat
/// determination: c7, taken by ita-c6, is supplied from it, and so is
/// ita-c6, which advanced into it.
#[test]
fn a_zone_supplied_at_initial_determination_supplies_what_is_taken_next_to_it() {
    let mut g = sea_initial();
    expect_units(&g, &[("ita-c6", Full)]);
    assert_eq!(line_source(&g, "ita-c6").as_deref(), Some("c1:axis-capital"));
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![attack(&["ita-c6"], "c7", &["ita-c6"])]);
    g.step_phase();
    assert_eq!(controller(&g, "c7").as_deref(), Some("italy"));
    g.step_phase(); // post-combat supply, default plan

    expect_units(&g, &[("ita-c6", Full)]);
    let s = supply(&g, "ita-c6");
    assert_eq!(s.at, axis(5, DeterminationKind::PostCombat));
    let l = s.line.expect("a line");
    assert!(matches!(l.source, SourceRef::Zone(_)), "{l:?}");
    let labels: Vec<&str> = l.path.iter().map(|&n| g.spec().map.label(n)).collect();
    assert_eq!(labels.last(), Some(&"c7"));
    expect_hexes(&g, &[("c7", HexStatus::Full)]);
    assert_eq!(hex_supply(&g, "c7").at, axis(5, DeterminationKind::PostCombat));
    assert!(sea_log(&g).of(DeterminationKind::PostCombat).next().is_none(), "no new line was needed");
}

/// SUP-141 (first and second sentences), SUP-086, SUP-089: Taranto's zone,
/// partially supplied from Bari, sends partial supply to Valona. Once ita-e2
/// has destroyed brit-e3, Rome fully supplies Taranto's zone at post-combat
/// determination, and Valona is fully supplied too, with no new line.
#[test]
fn zones_supplied_by_sea_are_upgraded_with_the_zone_that_supplied_them() {
    let mut g = sea_initial();
    expect_units(&g, &[("ita-bari", Partial), ("ita-valona", Partial), ("ita-e2", Full)]);
    let l = line_to(&g, "valona");
    assert!(!l.carried.is_empty() && l.carried.iter().all(|c| c.1 == Tier::Partial), "{l:?}");
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![attack(&["ita-e2"], "e3", &["ita-e2"])]);
    g.step_phase();
    submit(&mut g, Side::Axis, sea_supply(Vec::new()));
    g.step_phase(); // post-combat supply, no line

    assert!(sea_log(&g).of(DeterminationKind::PostCombat).next().is_none());
    expect_units(&g, &[("ita-bari", Full), ("ita-valona", Full)]);
    expect_hexes(&g, &[("taranto", HexStatus::Full), ("valona", HexStatus::Full)]);
    assert_eq!(supply(&g, "ita-valona").initial, Some(Partial));
    assert_eq!(line_source(&g, "ita-valona").as_deref(), Some("e1:axis-capital"));
    let legs: Vec<u32> = supply(&g, "ita-valona").line.expect("a line").sea.iter().map(|l| l.line).collect();
    assert_eq!(legs, vec![1], "over the initial determination's line to Valona");
}

/// SUP-141 (third sentence), SUP-139: Durazzo's zone was declined at initial
/// determination, when no origin in range had more than partial supply
/// (Naples, Messina and Syracuse are full, but out of its reach). Without
/// the combat, a post-combat line to it would carry partial supply again and
/// is refused; once Taranto's zone is full, a line carrying full supply is
/// allowed. Valona, already upgraded through Taranto's zone, gains nothing
/// from a second line: refused.
#[test]
fn a_line_that_upgrades_a_zone_beyond_what_initial_determination_allowed_is_allowed() {
    // No combat: the same partial line as at initial determination.
    let mut g = sea_initial();
    assert_eq!(initial_zone(&g, "durazzo").best_possible, Some(Tier::Partial));
    assert_eq!(initial_zone(&g, "valona").best_possible, Some(Tier::Partial));
    expect_units(&g, &[("ita-e13", Isolated)]);
    step_to(&mut g, POST_COMBAT_SUPPLY);
    let err = refused(&mut g, Side::Axis, sea_supply(vec![line("taranto", "durazzo")]));
    expect_declined(&err);

    // Rome's full supply reaches Taranto after combat.
    let mut g = sea_initial();
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![attack(&["ita-e2"], "e3", &["ita-e2"])]);
    g.step_phase();
    let err = refused(&mut g, Side::Axis, sea_supply(vec![line("taranto", "valona")]));
    assert!(
        matches!(&err, OrderError::ZoneAlreadySupplied { why, .. } if why.to_string().contains("SUP-139")),
        "{err}"
    );
    submit(&mut g, Side::Axis, sea_supply(vec![line("taranto", "durazzo")]));
    g.step_phase(); // post-combat supply
    let l = line_to(&g, "durazzo");
    assert_eq!(l.kind, DeterminationKind::PostCombat);
    assert!(!l.carried.is_empty() && l.carried.iter().all(|c| c.1 == Tier::Full), "{l:?}");
    expect_units(&g, &[("ita-e13", Full), ("ita-valona", Full)]);
    expect_hexes(&g, &[("durazzo", HexStatus::Full)]);
}
