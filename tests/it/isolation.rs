//! Isolation, elimination and automatic supply over whole player turns
//! (rule 30, SUP-177..198, with SUP-012, SUP-034, SUP-046, SUP-139,
//! SUP-185..190): scenarios played phase by phase through the public API,
//! with orders.

use crate::common;

use common::*;
use quartermaster::core::orders::SeaLineOrder;
use quartermaster::prelude::*;

const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";

use UnitStatus::{Full, Isolated};

// ------------------------------------------------------------------ helpers

/// The units eliminated by isolation, by id, with their double rebuild cost
/// (SUP-190).
fn eliminated(g: &Game) -> Vec<(String, u32)> {
    g.world().resource::<Ledger>().eliminated.iter().map(|e| (e.unit.id.as_str().to_string(), e.rebuild_now)).collect()
}

/// The key of the nation controlling a hex.
fn controller(g: &Game, hex: &str) -> Option<String> {
    let node = g.spec().map.find(hex).unwrap_or_else(|| panic!("no hex `{hex}`"));
    let c = g.state().nodes[node].control.current?;
    g.spec().ruleset.nation(c).map(|n| n.key.clone())
}

/// A unit type's construction cost.
fn cost(g: &Game, kind: &str) -> u32 {
    g.spec().ruleset.unit_types.iter().find(|t| t.key == kind).map(|t| u32::from(t.cost)).expect("unit type")
}

/// A unit's flags.
fn flags(g: &Game, id: &str) -> UnitFlags {
    g.state().units.into_iter().find(|u| u.id.as_str() == id).unwrap_or_else(|| panic!("no unit `{id}`")).flags
}

/// A hex's damage record.
fn damage(g: &Game, hex: &str) -> HexDamage {
    let node = g.spec().map.find(hex).unwrap_or_else(|| panic!("no hex `{hex}`"));
    g.state().nodes[node].damage
}

/// Plays the rest of the player turn and asserts who survived it.
#[track_caller]
fn play_turn_expecting(g: &mut Game, survivors: &[&str], eliminated_ids: &[&str]) {
    g.run_player_turn();
    for id in survivors {
        assert!(alive(g, id), "{id} was eliminated");
    }
    for id in eliminated_ids {
        assert!(!alive(g, id), "{id} survived:\n{}", g.explain(id).unwrap_or_default());
    }
}

// ---------------------------------------------------- Barbarossa (SUP-185..187)

/// SUP-185, SUP-187, SUP-177, SUP-190: without a counterattack the pocket is
/// still isolated after post-combat determination, and its units are
/// eliminated in the isolation phase, with a rebuild cost of double the
/// unit's cost in this game turn. Hex control is unchanged.
#[test]
fn barbarossa_pocket_is_eliminated_without_a_counterattack() {
    let mut g = load(POCKET);
    g.step_phase(); // initial supply
    expect_units(&g, &[("sov-13a", Isolated), ("sov-21a", Isolated), ("sov-3a", Isolated), ("sov-16a", Full)]);
    step_to(&mut g, ISOLATION_ELIMINATION);
    // SUP-187: still cut off after post-combat determination.
    expect_units(&g, &[("sov-13a", Isolated), ("sov-21a", Isolated), ("sov-3a", Isolated)]);
    g.step_phase();
    for id in ["sov-13a", "sov-21a", "sov-3a"] {
        assert!(!alive(&g, id), "{id} survived");
    }
    for id in ["sov-16a", "sov-20a", "sov-5t", "ger-12i", "ger-4pz", "ger-7pz", "ger-9i"] {
        assert!(alive(&g, id), "{id} was eliminated");
    }
    let double = 2 * cost(&g, "inf");
    assert_eq!(
        eliminated(&g),
        vec![("sov-13a".to_string(), double), ("sov-21a".into(), double), ("sov-3a".into(), double)]
    );
    let e = &g.world().resource::<Ledger>().eliminated[0];
    assert_eq!((e.turn, e.rebuild_later), (3, cost(&g, "inf")));
    // SUP-177: hex control is unaffected by the removal.
    for hex in ["d52", "vyazma", "f54", "e54"] {
        assert_eq!(controller(&g, hex).as_deref(), Some("russia"), "{hex}");
    }
    g.run_player_turn();
    assert_eq!(g.clock().side, Side::Axis);
}

/// SUP-186: a counterattack from the main front that breaks the ring
/// supplies the pocket at post-combat determination, and no unit is
/// eliminated.
#[test]
fn barbarossa_counterattack_relieves_the_pocket() {
    let mut g = load(POCKET);
    g.step_phase(); // initial supply: the pocket is isolated
    // Movement: sov-16a takes the empty German hex e57 beside ger-7pz.
    submit(&mut g, Side::Allies, vec![mv("sov-16a", "e57")]);
    g.step_phase();
    assert_eq!(controller(&g, "e57").as_deref(), Some("russia"));
    // Combat: sov-16a destroys ger-7pz in e56 and advances; the pocket's
    // sov-3a attacks out into the empty e55 (it may attack but not advance,
    // SUP-174).
    submit(&mut g, Side::Allies, vec![attack(&["sov-16a"], "e56", &["sov-16a"]), attack(&["sov-3a"], "e55", &[])]);
    g.step_phase();
    assert!(!alive(&g, "ger-7pz"));
    for hex in ["e55", "e56", "e57"] {
        assert_eq!(controller(&g, hex).as_deref(), Some("russia"), "{hex}");
    }
    g.step_phase(); // post-combat supply
    expect_units(&g, &[("sov-13a", Full), ("sov-21a", Full), ("sov-3a", Full), ("sov-16a", Full)]);
    assert_eq!(supply(&g, "sov-21a").initial, Some(Isolated));
    g.step_phase(); // isolation
    assert!(eliminated(&g).is_empty(), "{:?}", eliminated(&g));
    for id in ["sov-13a", "sov-21a", "sov-3a"] {
        assert!(alive(&g, id), "{id} was eliminated");
    }
}

// ------------------------------------------------------- Rabaul (SUP-188, 189)

const RABAUL: &str = "scenarios/awaw/rabaul-isolation.ron";

fn sea_line(from: &str, to: &str) -> Order {
    SupplyOrder::SeaSupply(vec![SeaLineOrder { from: from.into(), to: to.into(), ..SeaLineOrder::default() }]).into()
}

/// SUP-188, SUP-189 (with SUP-125, SUP-139, SUP-180, SUP-177): the Japanese
/// cut the sea line to New Britain; both American units are isolated; a
/// post-combat line to the island group is refused; the 2-2 in the port of
/// Rabaul survives and the 1-2 on the beach is eliminated.
#[test]
fn rabaul_survives_and_the_beach_unit_is_eliminated() {
    let mut g = load(RABAUL);
    assert_eq!((g.clock().turn, g.clock().side), (2, Side::Allies));

    // Allied initial determination: the line from Finschhafen to Rabaul is
    // announced and attacked by the Japanese air, unprotected: disrupted.
    submit(&mut g, Side::Allies, vec![sea_line("finschhafen", "rabaul")]);
    g.submit(
        Side::Axis,
        &orders(vec![SupplyOrder::Intercept { line: 0, by: vec!["jap-air".into()], at_island: None }]),
    )
    .expect("the Japanese may attack the line");
    g.step_phase();
    let log = g.world().resource::<SeaLog>().clone();
    assert_eq!(log.lines.len(), 1);
    assert!(log.lines[0].disrupted, "{:?}", log.lines[0]);
    assert_eq!(log.lines[0].rolls, None, "no dice for an unprotected line (SUP-125)");
    expect_units(&g, &[("us-2-2", Isolated), ("us-1-2", Isolated), ("us-ng", Full)]);
    expect_hexes(&g, &[("rabaul", HexStatus::Unsupplied), ("c7", HexStatus::Unsupplied)]);
    // SUP-125: the attacker is inverted.
    let air = g.state().units.into_iter().find(|u| u.id.as_str() == "jap-air").expect("jap-air");
    assert!(air.flags.bits.contains(UnitFlagBits::INVERTED));

    step_to(&mut g, POST_COMBAT_SUPPLY);
    // SUP-139: sea supply to New Britain was attempted at initial
    // determination; it may not be attempted again.
    let before = g.checksum();
    let err = g.submit(Side::Allies, &orders(vec![sea_line("finschhafen", "rabaul")])).expect_err("refused");
    assert!(
        matches!(&err, OrderError::ZoneAlreadySupplied { why, .. } if why.to_string().contains("SUP-139")),
        "{err}"
    );
    assert_eq!(g.checksum(), before);
    g.step_phase();
    assert_eq!(g.world().resource::<SeaLog>().lines.len(), 1, "no post-combat line to New Britain");
    expect_units(&g, &[("us-2-2", Isolated), ("us-1-2", Isolated)]);

    // SUP-180, SUP-177: the port unit survives, the beach unit does not.
    g.step_phase();
    assert!(alive(&g, "us-2-2"));
    assert!(!alive(&g, "us-1-2"));
    assert_eq!(eliminated(&g), vec![("us-1-2".to_string(), 2 * cost(&g, "inf"))]);
    assert_eq!(controller(&g, "c7").as_deref(), Some("usa"), "hex control is unchanged (SUP-177)");
    let survivor = g.state().units.into_iter().find(|u| u.id.as_str() == "us-2-2").expect("us-2-2");
    assert_eq!(survivor.flags.isolated_turns, 1, "SUP-191");
}

/// Without the Japanese attack the line gets through and supplies the whole
/// island group (SUP-097, SUP-099): nothing is isolated.
#[test]
fn rabaul_is_supplied_when_the_line_is_not_attacked() {
    let mut g = load(RABAUL);
    g.step_phase();
    expect_units(&g, &[("us-2-2", Full), ("us-1-2", Full)]);
    assert_eq!(line_labels(&g, "us-1-2").last().map(String::as_str), Some("c7"));
    g.run_player_turn();
    assert!(alive(&g, "us-1-2") && alive(&g, "us-2-2"));
}

// --------------------------------------------- exceptions (SUP-177..183, 191)

const EUROPE: &str = "scenarios/awaw/isolation/europe.ron";
const PACIFIC: &str = "scenarios/awaw/isolation/pacific.ron";
const CHINA: &str = "scenarios/awaw/isolation/china.ron";

/// SUP-179, SUP-177: ground units in a fortress or a fortification survive
/// isolation; the same units in clear terrain beside them do not.
#[test]
fn fortresses_and_fortifications_spare_isolated_units() {
    let mut g = load(EUROPE);
    play_turn_expecting(&mut g, &["ger-fortress", "ger-westwall"], &["ger-clear", "ger-c2"]);
    // SUP-177: the hexes of the eliminated units stay German.
    assert_eq!(controller(&g, "a3").as_deref(), Some("germany"));
    assert_eq!(controller(&g, "c2").as_deref(), Some("germany"));
}

/// SUP-180: the port exception is for the Pacific only: an isolated unit in
/// a European port is eliminated.
#[test]
fn a_european_port_does_not_spare_an_isolated_unit() {
    let mut g = load(EUROPE);
    play_turn_expecting(&mut g, &[], &["ger-port"]);
}

/// SUP-183, SUP-177: air and naval units are never eliminated by isolation;
/// airbases and rocket bases in unsupplied hexes are.
#[test]
fn air_and_naval_units_survive_isolation_but_bases_do_not() {
    let mut g = load(EUROPE);
    g.step_phase();
    expect_units(&g, &[("ger-air", Isolated), ("ger-sub", Isolated), ("ger-airbase", Isolated)]);
    play_turn_expecting(&mut g, &["ger-air", "ger-sub", "ger-bb"], &["ger-airbase", "ger-rocket"]);
    let gone: Vec<String> = eliminated(&g).into_iter().map(|e| e.0).collect();
    assert!(gone.contains(&"ger-airbase".to_string()) && gone.contains(&"ger-rocket".to_string()), "{gone:?}");
    // Only ground units count turns of isolation (SUP-191).
    assert_eq!(flags(&g, "ger-air").isolated_turns, 0);
}

/// SUP-172: airbases, rocket bases (and ground units) are not eliminated by
/// partial supply.
#[test]
fn partial_supply_eliminates_nothing() {
    let mut g = load(EUROPE);
    g.step_phase();
    expect_units(&g, &[("ger-airbase-p", UnitStatus::Partial), ("ger-rocket-p", UnitStatus::Partial)]);
    play_turn_expecting(&mut g, &["ger-airbase-p", "ger-rocket-p", "ger-inf-p"], &[]);
    assert_eq!(flags(&g, "ger-inf-p").isolated_turns, 0);
}

/// SUP-191: units spared by an exception survive indefinitely and count
/// their turns of isolation, one more each turn (their hex's DM falls by
/// one a turn, down to face value).
#[test]
fn survivors_count_their_turns_of_isolation() {
    let mut g = load(EUROPE);
    assert_eq!(flags(&g, "ger-fortress").isolated_turns, 0);
    g.run_player_turn(); // Germans, turn 5
    assert_eq!(flags(&g, "ger-fortress").isolated_turns, 1);
    assert_eq!(flags(&g, "ger-westwall").isolated_turns, 1);
    g.run_player_turn(); // Allies, turn 5: German statuses do not change
    assert_eq!(flags(&g, "ger-fortress").isolated_turns, 1);
    g.run_player_turn(); // Germans, turn 6
    assert_eq!((g.clock().turn, g.clock().side), (6, Side::Allies));
    assert_eq!(flags(&g, "ger-fortress").isolated_turns, 2);
    assert_eq!(flags(&g, "ger-westwall").isolated_turns, 2);
    let (u, l, s) = g.unit("ger-fortress").expect("alive");
    let caps = quartermaster::supply::capabilities::unit_capabilities(
        &g.spec().ruleset,
        &u,
        &flags(&g, "ger-fortress"),
        &s,
        &quartermaster::supply::capabilities::Site {
            home: true,
            ..quartermaster::supply::capabilities::Site::hex(g.spec().map.node(l.node))
        },
    );
    assert_eq!(caps.dm_loss, 2);
}

/// SUP-046: an IC hex whose units can draw supply only from the IC counts
/// its turns of isolation, and loses one DM a turn after a delay of one turn
/// per five BRPs; an IC hex with full supply counts none.
#[test]
fn an_ic_drawing_only_on_itself_counts_turns_of_isolation() {
    use quartermaster::supply::isolation::ic_dm_loss;
    let mut g = load(EUROPE);
    g.step_phase();
    let s = supply(&g, "ger-ic");
    assert_eq!(s.status, UnitStatus::Partial);
    assert!(s.own_hex.is_some() && s.line.is_none(), "{s:?}");
    play_turn_expecting(&mut g, &["ger-ic", "ger-saar"], &[]);
    assert_eq!(damage(&g, "ruhr").ic_isolated_turns, 1);
    assert_eq!(damage(&g, "saar").ic_isolated_turns, 0);
    let brp = g.spec().map.node(g.spec().map.find("ruhr").expect("ruhr")).expect("node").ic_brp;
    assert_eq!(brp, 5);
    assert_eq!(ic_dm_loss(brp, 1), 0, "delayed one turn per five BRPs");
    g.run_player_turn(); // Allies
    g.run_player_turn(); // Germans, turn 6
    assert_eq!(damage(&g, "ruhr").ic_isolated_turns, 2);
    assert_eq!(ic_dm_loss(brp, 2), 1);
    assert_eq!(damage(&g, "saar").ic_isolated_turns, 0);
    assert_eq!((ic_dm_loss(10, 2), ic_dm_loss(10, 3), ic_dm_loss(0, 1), ic_dm_loss(4, 1)), (0, 1, 1, 1));
}

/// SUP-180: ground units in Pacific ports and one-hex islands survive
/// isolation; one in a clear hex is eliminated.
#[test]
fn pacific_ports_and_one_hex_islands_spare_isolated_units() {
    let mut g = load(PACIFIC);
    play_turn_expecting(&mut g, &["jap-port", "jap-island"], &["jap-clear"]);
    assert_eq!(flags(&g, "jap-port").isolated_turns, 1);
}

/// SUP-181: Japanese units in jungle or jungle/mountain survive isolation;
/// Thai, Wang and INA units in jungle do not.
#[test]
fn japanese_units_survive_in_jungle_but_not_thai_wang_or_ina_units() {
    let mut g = load(PACIFIC);
    play_turn_expecting(&mut g, &["jap-jungle", "jap-jungle-mountain"], &["thai-jungle", "wang-jungle", "ina-jungle"]);
}

/// SUP-182: Chinese ground units in China survive isolation; an American
/// unit beside them, and a Chinese unit outside China, do not.
#[test]
fn chinese_units_survive_in_china() {
    let mut g = load(CHINA);
    play_turn_expecting(&mut g, &["nc-china", "cc-china"], &["us-china", "nc-burma"]);
    assert_eq!(flags(&g, "nc-china").isolated_turns, 1);
}

// ------------------------------------------------ automatic supply (192..198)

const AUTOMATIC: &str = "scenarios/awaw/isolation/automatic.ron";
const BRIDGEHEAD: &str = "scenarios/awaw/isolation/bridgehead.ron";

fn exploit(unit: &str, to: &str) -> Order {
    OpsOrder::Exploit { unit: unit.into(), to: to.into() }.into()
}

fn automatic(g: &Game, id: &str) -> Option<AutoReason> {
    supply(g, id).automatic
}

/// SUP-193: armor that exploited in game turn 3 is automatically fully
/// supplied in its side's determinations of turn 4, not of turn 5; armor
/// that exploited in turn 2 gets nothing in turn 4.
#[test]
fn exploiting_armor_is_supplied_automatically_in_the_next_game_turn_only() {
    let mut g = load(AUTOMATIC);
    g.step_phase();
    expect_units(&g, &[("ger-x3", Full), ("ger-x2", Isolated)]);
    assert_eq!(automatic(&g, "ger-x3"), Some(AutoReason::Exploiting));
    assert_eq!(automatic(&g, "ger-x2"), None);
    step_to(&mut g, ISOLATION_ELIMINATION);
    expect_units(&g, &[("ger-x3", Full)]);
    assert_eq!(automatic(&g, "ger-x3"), Some(AutoReason::Exploiting));
    play_turn_expecting(&mut g, &["ger-x3"], &["ger-x2"]);
    g.run_player_turn(); // Allies, turn 4
    g.step_phase(); // Germans, turn 5: the automatic supply has expired
    assert_eq!(g.clock().turn, 5);
    expect_units(&g, &[("ger-x3", Isolated)]);
    assert_eq!(automatic(&g, "ger-x3"), None);
    play_turn_expecting(&mut g, &[], &["ger-x3"]);
}

/// SUP-198: armor redeployed in the player turn of its exploitation gets no
/// automatic supply in the next turn, and the redeployment order marks it.
#[test]
fn armor_redeployed_after_exploiting_gets_no_automatic_supply() {
    let mut g = load(AUTOMATIC);
    g.step_phase();
    expect_units(&g, &[("ger-rd", Isolated)]);
    assert_eq!(automatic(&g, "ger-rd"), None);
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![exploit("ger-ex2", "g4")]);
    step_to(&mut g, CONSTRUCTION_REDEPLOYMENT);
    submit(&mut g, Side::Axis, vec![OpsOrder::Redeploy { unit: "ger-ex2".into(), to: "g2".into() }]);
    g.step_phase();
    assert!(!alive(&g, "ger-rd"), "isolated, so eliminated");
    let f = flags(&g, "ger-ex2");
    assert_eq!(f.exploited_turn, Some(4));
    assert!(f.bits.contains(UnitFlagBits::REDEPLOYED));
    g.run_player_turn(); // Allies
    // The mark lasts into the next player turn, where it matters.
    assert!(flags(&g, "ger-ex2").bits.contains(UnitFlagBits::REDEPLOYED));
    g.step_phase();
    assert_eq!(automatic(&g, "ger-ex2"), None);
    // It exploits again in turn 5 and is not redeployed: the mark of turn 4
    // must not deny it automatic supply in turn 6.
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Axis, vec![exploit("ger-ex2", "g3")]);
    g.run_player_turn();
    g.run_player_turn(); // Allies
    assert_eq!(g.clock().turn, 6);
    let f = flags(&g, "ger-ex2");
    assert_eq!(f.exploited_turn, Some(5));
    assert!(!f.bits.contains(UnitFlagBits::REDEPLOYED), "{f:?}");
}

/// SUP-193, with orders: ger-ex exploits in turn 4 and is cut off in the
/// Russian player turn; in turn 5 it is automatically fully supplied and
/// may not exploit; in turn 6 it is isolated and eliminated. ger-ex2, which
/// exploited too but is supplied normally in turn 5, may exploit again.
#[test]
fn armor_exploiting_by_orders_is_supplied_automatically_the_next_turn() {
    let mut g = load(AUTOMATIC);
    g.step_phase();
    // Armor in automatic supply may not exploit (SUP-193).
    step_to(&mut g, COMBAT);
    refused_move(&mut g, Side::Axis, vec![exploit("ger-x3", "a3")], "SUP-193");
    submit(&mut g, Side::Axis, vec![exploit("ger-ex", "c5"), exploit("ger-ex2", "g4")]);
    g.step_phase();
    assert_eq!(controller(&g, "c5").as_deref(), Some("germany"));
    assert_eq!(flags(&g, "ger-ex").exploited_turn, Some(4));
    g.step_phase(); // post-combat: ger-ex is supplied through c2..c4
    expect_units(&g, &[("ger-ex", Full)]);
    assert_eq!(automatic(&g, "ger-ex"), None);
    g.run_player_turn();

    // The Russians take c2 behind it.
    assert_eq!(g.clock().side, Side::Allies);
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Allies, vec![attack(&["sov-repl"], "c2", &[])]);
    g.run_player_turn();
    assert_eq!(controller(&g, "c2").as_deref(), Some("russia"));

    // Turn 5: automatic full supply, but no exploitation.
    g.step_phase();
    assert_eq!(g.clock().turn, 5);
    expect_units(&g, &[("ger-ex", Full), ("ger-ex2", Full)]);
    assert_eq!(automatic(&g, "ger-ex"), Some(AutoReason::Exploiting));
    assert_eq!(automatic(&g, "ger-ex2"), None, "supplied normally (SUP-193)");
    step_to(&mut g, COMBAT);
    refused_move(&mut g, Side::Axis, vec![exploit("ger-ex", "c4")], "SUP-193");
    submit(&mut g, Side::Axis, vec![exploit("ger-ex2", "g3")]);
    play_turn_expecting(&mut g, &["ger-ex"], &[]);
    g.run_player_turn(); // Allies

    // Turn 6: the automatic supply of turn 5 has expired.
    g.step_phase();
    assert_eq!(g.clock().turn, 6);
    expect_units(&g, &[("ger-ex", Isolated)]);
    play_turn_expecting(&mut g, &["ger-ex2"], &["ger-ex"]);
}

/// SUP-196: Japanese units in Japan (hexes whose original controller is
/// Japan) are always supplied; a Japanese unit in a conquered hex is not.
#[test]
fn japanese_units_in_japan_are_always_supplied() {
    let mut g = load(AUTOMATIC);
    g.step_phase();
    expect_units(&g, &[("jap-home", Full), ("jap-abroad", Isolated)]);
    assert_eq!(automatic(&g, "jap-home"), Some(AutoReason::HomeIslands));
    play_turn_expecting(&mut g, &["jap-home"], &["jap-abroad"]);
}

/// SUP-195: chindits are always at least partially supplied; the British
/// infantry beside them is isolated and eliminated.
#[test]
fn chindits_are_always_at_least_partially_supplied() {
    let mut g = load(AUTOMATIC);
    g.run_player_turn();
    g.step_phase();
    expect_units(&g, &[("brit-chindit", UnitStatus::Partial), ("brit-inf", Isolated)]);
    assert_eq!(automatic(&g, "brit-chindit"), Some(AutoReason::Chindit));
    play_turn_expecting(&mut g, &["brit-chindit"], &["brit-inf"]);
}

/// SUP-197, SUP-034: a bridgehead placed this player turn is in supply, and
/// an unlimited source at post-combat determination: the infantry beside it,
/// isolated at initial determination, is supplied and survives. The next
/// turn the bridgehead is on its own.
#[test]
fn a_new_bridgehead_is_supplied_and_supplies_at_post_combat() {
    let mut g = load(BRIDGEHEAD);
    g.step_phase();
    expect_units(&g, &[("us-bh", Full), ("us-o3", Isolated)]);
    assert_eq!(automatic(&g, "us-bh"), Some(AutoReason::Bridgehead));
    step_to(&mut g, ISOLATION_ELIMINATION);
    expect_units(&g, &[("us-o3", Full)]);
    assert_eq!(supply(&g, "us-o3").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("us-bh"))));
    play_turn_expecting(&mut g, &["us-bh", "us-o3"], &[]);
    g.run_player_turn(); // Axis, turn 5
    g.step_phase();
    assert!(!flags(&g, "us-bh").bits.contains(UnitFlagBits::NEW_BRIDGEHEAD));
    expect_units(&g, &[("us-bh", Isolated), ("us-o3", Isolated)]);
    play_turn_expecting(&mut g, &[], &["us-bh", "us-o3"]);
}

/// SUP-197, SUP-034, with orders: a seaborne invasion places a bridgehead,
/// in supply in the turn placed and the source of the invader's supply at
/// post-combat determination; the next turn, without sea supply, both are
/// isolated.
#[test]
fn an_invasion_bridgehead_supplies_in_the_turn_placed() {
    let mut g = load(BRIDGEHEAD);
    g.step_phase();
    step_to(&mut g, COMBAT);
    submit(&mut g, Side::Allies, vec![OpsOrder::Invade { unit: "us-inv".into(), at: "q4".into() }]);
    g.step_phase();
    assert_eq!(controller(&g, "q4").as_deref(), Some("usa"));
    assert!(flags(&g, "bh-q4-4").bits.contains(UnitFlagBits::NEW_BRIDGEHEAD));
    g.step_phase(); // post-combat
    expect_units(&g, &[("bh-q4-4", Full), ("us-inv", Full)]);
    assert_eq!(automatic(&g, "bh-q4-4"), Some(AutoReason::Bridgehead));
    assert_eq!(supply(&g, "us-inv").line.map(|l| l.source), Some(SourceRef::Bridgehead(UnitId::new("bh-q4-4"))));
    play_turn_expecting(&mut g, &["bh-q4-4", "us-inv"], &[]);
    g.run_player_turn(); // Axis, turn 5
    // The Allies decline sea supply this turn: the bridgehead is on its own.
    submit(&mut g, Side::Allies, vec![SupplyOrder::SeaSupply(Vec::new())]);
    g.step_phase();
    expect_units(&g, &[("bh-q4-4", Isolated), ("us-inv", Isolated)]);
    assert_eq!(automatic(&g, "bh-q4-4"), None);
    play_turn_expecting(&mut g, &[], &["bh-q4-4", "us-inv"]);
}
