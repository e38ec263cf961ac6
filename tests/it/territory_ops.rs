//! Operations on a territory map (`tests/fixtures/territory-ops/front.ron`,
//! the reference operations with Phase 12): movement counted in
//! territories against an oracle written out here, control taken by moves
//! and advances, a unit's supply as its nation's line to a supply center
//! (COL-005, ruling 4), combat by the scenario's table across land borders
//! with the territory's shifts, retreat and elimination, victory by
//! territories held, turn limit and elimination, and illegal orders
//! refused with the game unchanged.

use crate::common;

use common::ops::*;
use common::*;
use proptest::prelude::*;
use quartermaster::game::EndReason;
use quartermaster::ops::{CombatResult, OpsData, OpsError, OpsLedger};
use quartermaster::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// The territory scenario.
const FRONT: &str = "tests/fixtures/territory-ops/front.ron";

/// The scenario with its text changed by `edit`, loaded strict with `seed`.
fn front_with(edit: impl Fn(String) -> String, seed: u64) -> Game {
    let path = path(FRONT);
    let text = edit(std::fs::read_to_string(&path).expect("reads"));
    let c = quartermaster::scenario::load_bytes(&path.display().to_string(), text.as_bytes(), |p| std::fs::read(p))
        .unwrap_or_else(|e| panic!("edited scenario does not load:\n{e}"));
    let mut g = Game::builder().strict(true).from_compiled(c, seed).expect("game");
    g.check_schedules().expect("schedules");
    g
}

/// Every row of the combat table replaced by one result in every column.
fn table_of(result: &str) -> impl Fn(String) -> String {
    let row = format!("[\"{result}\", \"{result}\", \"{result}\", \"{result}\"]");
    move |t: String| {
        let mut out = t;
        for r in [
            r#"["NE", "DR", "DL", "DE"]"#,
            r#"["NE", "DR", "DR", "DE"]"#,
            r#"["AL", "EX", "DR", "DL"]"#,
            r#"["AL", "NE", "EX", "DR"]"#,
            r#"["AE", "AL", "NE", "DR"]"#,
            r#"["AE", "AL", "AL", "EX"]"#,
        ] {
            out = out.replace(r, &row);
        }
        out
    }
}

/// Without the unit `id` in the scenario.
fn without(id: &'static str) -> impl Fn(String) -> String {
    move |t: String| t.lines().filter(|l| !l.contains(&format!("(id: \"{id}\""))).collect::<Vec<_>>().join("\n")
}

/// The destinations of a unit's listed moves.
fn moves_of(g: &mut Game, id: &str) -> BTreeSet<String> {
    let side = g.unit_side(id).expect("side");
    listed_moves(g, side, id)
}

/// Who controls a territory (nation key).
fn controller(g: &Game, key: &str) -> Option<String> {
    let n = g.spec().map.find(key).expect("territory");
    let c = g.state().nodes[n].control.current?;
    Some(g.spec().ruleset.nation_key(c).to_string())
}

/// The destinations of a unit by the rules written out here: over land
/// borders, one territory a movement point, into land territories
/// controlled by a nation at war of either side, none holding enemy ground
/// units; a territory of the enemy is entered but not left.
fn oracle(g: &Game, id: &str) -> BTreeSet<String> {
    let spec = g.spec();
    let map = &spec.map;
    let (_, l, _) = g.unit(id).expect("unit");
    let side = g.unit_side(id).expect("side");
    let mp = u32::from(g.capabilities(id).expect("caps").movement);
    let enemy_units: BTreeSet<NodeId> = g
        .unit_ids()
        .iter()
        .filter(|o| g.unit_side(o.as_str()) == Some(side.other()))
        .map(|o| g.unit(o.as_str()).expect("unit").1.node)
        .collect();
    let state = g.state();
    let side_of = |n: NodeId| state.nodes[n].control.current.and_then(|c| state.nations[c.index()].side);
    let mut dist: BTreeMap<NodeId, u32> = BTreeMap::from([(l.node, 0)]);
    let mut frontier = vec![l.node];
    for d in 1..=mp {
        let mut next = Vec::new();
        for h in frontier {
            if h != l.node && side_of(h) == Some(side.other()) {
                continue;
            }
            for t in map.land.neighbors(h, quartermaster::trace::EdgeKinds::ALL) {
                let enterable = side_of(t).is_some() && !enemy_units.contains(&t);
                if enterable && !dist.contains_key(&t) {
                    dist.insert(t, d);
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    dist.keys().filter(|&&n| n != l.node).map(|&n| map.label(n).to_string()).collect()
}

#[test]
fn moves_are_the_territories_the_oracle_reaches() {
    for movement in [1, 2, 3] {
        let edit = move |t: String| {
            t.replace("build: [\"inf\"],", &format!("build: [\"inf\"], territory: (movement: {movement}),"))
        };
        let mut g = front_with(edit, 1);
        until(&mut g, MOVEMENT);
        for id in ["ger-1", "ger-2", "ger-3"] {
            assert_eq!(moves_of(&mut g, id), oracle(&g, id), "{id} with {movement}");
        }
    }
    // With the default of one territory: the Ruhr's corps reaches Berlin,
    // Alsace and Lorraine; never neutral Belgium.
    let mut g = load(FRONT);
    until(&mut g, MOVEMENT);
    let want: BTreeSet<String> = ["alsace", "berlin", "lorraine"].map(String::from).into();
    assert_eq!(moves_of(&mut g, "ger-2"), want);
    let before = g.checksum();
    let e = submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-2".into(), to: "belgium".into() })
        .expect_err("neutral");
    assert!(matches!(e, OrderError::IllegalMove { .. }), "{e}");
    let e = submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-1".into(), to: "champagne".into() })
        .expect_err("enemy units there");
    assert_eq!(e.rule::<OpsError>(), Some(&OpsError::EnemyThere("champagne".into())));
    assert_eq!(g.checksum(), before, "refused moves change nothing");
}

#[test]
fn entering_an_empty_enemy_territory_takes_it_and_ends_the_move() {
    let edit =
        |t: String| without("fra-1")(t).replace("build: [\"inf\"],", "build: [\"inf\"], territory: (movement: 3),");
    let mut g = front_with(edit, 1);
    until(&mut g, MOVEMENT);
    // Champagne is French and empty: entered, but not passed through.
    let moves = moves_of(&mut g, "ger-1");
    assert!(moves.contains("champagne"), "{moves:?}");
    assert!(!moves.contains("paris") && !moves.contains("picardy"), "the move ends in Champagne: {moves:?}");
    submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-1".into(), to: "champagne".into() }).expect("move");
    g.step_phase();
    assert_eq!(at(&g, "ger-1"), "champagne");
    assert_eq!(controller(&g, "champagne").as_deref(), Some("germany"));
}

#[test]
fn a_unit_out_of_supply_does_not_move() {
    let mut g = load(FRONT);
    // Belfort's only border is German Alsace: no line to Paris or Brittany.
    let caps = g.capabilities("fra-2").expect("caps");
    assert_eq!(caps.status, UnitStatus::Isolated);
    assert!(!caps.can_move && !caps.can_advance);
    assert_eq!(g.capabilities("fra-1").expect("caps").status, UnitStatus::Full);
    // Britain's corps in Picardy traces to London across the Channel.
    assert_eq!(g.capabilities("bri-1").expect("caps").status, UnitStatus::Full);
    until(&mut g, MOVEMENT);
    assert_eq!(g.clock().side, Side::Axis);
    // The Allies' movement phase.
    g.step_phase();
    until(&mut g, MOVEMENT);
    assert_eq!(g.clock().side, Side::Allies);
    let before = g.checksum();
    let e = submit_op(&mut g, Side::Allies, OpsOrder::Move { unit: "fra-2".into(), to: "alsace".into() })
        .expect_err("out of supply");
    assert_eq!(e.rule::<OpsError>(), Some(&OpsError::OutOfSupply("fra-2".into())));
    assert_eq!(g.checksum(), before);
    assert!(moves_of(&mut g, "fra-2").is_empty());
    // With an allowance for units out of supply, it may move (not into
    // Alsace, which holds a German corps).
    let edit = |t: String| t.replace("build: [\"inf\"],", "build: [\"inf\"], territory: (movement: 1, unsupplied: 1),");
    let g = front_with(edit, 1);
    assert!(g.capabilities("fra-2").expect("caps").can_move);
}

#[test]
fn an_enemy_surface_fleet_in_the_channel_cuts_britains_line() {
    // Ruling 4: one enemy surface warship closes a sea zone; a submarine
    // does not.
    let fleet = |kind: &'static str| {
        move |t: String| {
            t.replace(
                r#"(id: "bri-1", nation: "britain", kind: "inf", at: "picardy"),"#,
                &format!(
                    r#"(id: "bri-1", nation: "britain", kind: "inf", at: "picardy"),
        (id: "ger-ship", nation: "germany", kind: "{kind}", at: "channel"),"#
                ),
            )
        }
    };
    let g = front_with(fleet("fleet"), 1);
    assert_eq!(g.capabilities("bri-1").expect("caps").status, UnitStatus::Isolated);
    // France's corps in Champagne traces to Paris by land.
    assert_eq!(g.capabilities("fra-1").expect("caps").status, UnitStatus::Full);
    let g = front_with(fleet("sub"), 1);
    assert_eq!(g.capabilities("bri-1").expect("caps").status, UnitStatus::Full);
}

/// The Axis attack of `attackers` on `target` in the first combat phase of
/// the scenario edited by `edit`: the game after it and the combat's
/// record.
fn attack(edit: impl Fn(String) -> String, seed: u64, attackers: &[&str], target: &str) -> (Game, OpsLedger) {
    let mut g = front_with(edit, seed);
    until(&mut g, COMBAT);
    let o = OpsOrder::Attack { attackers: attackers.iter().map(|s| (*s).to_string()).collect(), target: target.into() };
    submit_op(&mut g, Side::Axis, o).expect("attack");
    g.step_phase();
    let ledger = g.world().resource::<OpsLedger>().clone();
    (g, ledger)
}

#[test]
fn combat_uses_the_table_with_the_fortress_shift_and_supply() {
    for seed in 1..=12 {
        let (g, ledger) = attack(|t| t, seed, &["ger-3"], "belfort");
        let c = ledger.combats.first().expect("one combat");
        // Attack 2; Belfort's corps defends 2 at half, out of supply: 2:1
        // (column 2), one column to the defender for the fortress.
        assert_eq!((c.attack, c.defense, c.column), (20, 10, 1), "{c:?}");
        let crt = g.world().resource::<OpsData>().0.rules.combat.clone().expect("table");
        assert_eq!(c.result, crt.rows[(c.roll - 1) as usize][c.column]);
        let gone = |id: &str| g.unit(id).is_none();
        match c.result {
            // Out of supply, it may not retreat: a retreat eliminates it.
            CombatResult::DR | CombatResult::DL | CombatResult::DE => {
                assert!(gone("fra-2"));
                assert_eq!(at(&g, "ger-3"), "belfort", "the attacker advances");
                assert_eq!(controller(&g, "belfort").as_deref(), Some("germany"));
            }
            CombatResult::EX => assert!(gone("fra-2") && gone("ger-3")),
            CombatResult::AL | CombatResult::AE => assert!(gone("ger-3") && !gone("fra-2")),
            CombatResult::NE => assert!(!gone("fra-2") && !gone("ger-3")),
        }
        if !gone("fra-2") {
            assert_eq!(controller(&g, "belfort").as_deref(), Some("france"));
        }
    }
}

#[test]
fn a_defender_in_supply_retreats_into_a_territory_of_its_side() {
    let (g, ledger) = attack(table_of("DR"), 1, &["ger-1"], "champagne");
    let c = ledger.combats.first().expect("one combat");
    // 2 against 2: 1:1, no shift in Champagne.
    assert_eq!((c.attack, c.defense, c.column, c.result), (20, 20, 1, CombatResult::DR));
    // Paris and Picardy are French and free of Germans: the lowest node,
    // Paris (nodes are in key order).
    assert_eq!(c.retreated, vec![(UnitId::new("fra-1"), "paris".to_string())]);
    assert_eq!(at(&g, "fra-1"), "paris");
    assert_eq!(at(&g, "ger-1"), "champagne");
    assert_eq!(controller(&g, "champagne").as_deref(), Some("germany"));
    // With every defender gone and no attacker able to follow, control
    // stays: an exchange leaves Champagne French.
    let (g, _) = attack(table_of("EX"), 1, &["ger-1"], "champagne");
    assert!(g.unit("fra-1").is_none() && g.unit("ger-1").is_none());
    assert_eq!(controller(&g, "champagne").as_deref(), Some("france"));
}

#[test]
fn attacks_cross_land_borders_only() {
    let mut g = load(FRONT);
    until(&mut g, COMBAT);
    let before = g.checksum();
    for (unit, target) in [("ger-2", "champagne"), ("ger-2", "belgium"), ("ger-1", "picardy")] {
        let o = OpsOrder::Attack { attackers: vec![unit.into()], target: target.into() };
        assert!(submit_op(&mut g, Side::Axis, o).is_err(), "{unit} on {target}");
    }
    let o = OpsOrder::Invade { unit: "ger-2".into(), at: "brittany".into() };
    let e = submit_op(&mut g, Side::Axis, o).expect_err("hex maps only");
    assert_eq!(e.rule::<OpsError>(), Some(&OpsError::HexMapsOnly("invade")));
    assert_eq!(g.checksum(), before);
    let attacks: BTreeSet<(String, String)> = g
        .legal_orders(Side::Axis)
        .iter()
        .filter_map(|o| match o.downcast_ref::<OpsOrder>() {
            Some(OpsOrder::Attack { attackers, target }) => Some((attackers[0].clone(), target.clone())),
            _ => None,
        })
        .collect();
    let want: BTreeSet<(String, String)> =
        [("ger-1", "champagne"), ("ger-3", "belfort")].map(|(a, b)| (a.to_string(), b.to_string())).into();
    assert_eq!(attacks, want);
}

#[test]
fn victory_by_territories_held_turn_limit_and_elimination() {
    // Nobody moves: at the end of turn 6 the Allies hold Paris and London
    // (15), the Axis Berlin (10).
    let mut g = load(FRONT);
    assert_eq!(quartermaster::ops::score(g.world()), BTreeMap::from([(Side::Axis, 10), (Side::Allies, 15)]));
    let mut phases = 0;
    while !g.is_over() && phases < 999 {
        g.step_phase();
        phases += 1;
    }
    let r = g.result().expect("over");
    assert_eq!((r.winner, r.reason, r.turn), (Some(Side::Allies), EndReason::TurnLimit, 6));
    // Paris held by Germany: 20 points, sudden death at the end of turn 1.
    let mut g = front_with(
        |t| {
            t.replace(
                r#"(key: "paris", kind: Land, control: "france""#,
                r#"(key: "paris", kind: Land, control: "germany", original: "france""#,
            )
        },
        1,
    );
    while !g.is_over() {
        g.step_phase();
    }
    let r = g.result().expect("over");
    assert_eq!((r.winner, r.reason, r.turn), (Some(Side::Axis), EndReason::Objectives, 1));
    // No Allied ground units: the Allies lose at the end of the first player
    // turn.
    let edit = |t: String| without("bri-1")(without("fra-2")(without("fra-1")(t)));
    let mut g = front_with(edit, 1);
    while !g.is_over() {
        g.step_phase();
    }
    let r = g.result().expect("over");
    assert_eq!((r.winner, r.reason, r.turn), (Some(Side::Axis), EndReason::Elimination, 1));
}

#[test]
fn an_objective_at_sea_is_refused() {
    let path = path(FRONT);
    let text = std::fs::read_to_string(&path)
        .expect("reads")
        .replace(r#"(at: "london", points: 5)"#, r#"(at: "channel", points: 5)"#);
    let e = quartermaster::scenario::load_bytes(&path.display().to_string(), text.as_bytes(), |p| std::fs::read(p))
        .map(|c| Game::builder().strict(true).from_compiled(c, 1).map(|_| ()))
        .map_or_else(|e| e.to_string(), |r| r.err().map(|e| e.to_string()).unwrap_or_default());
    assert!(e.contains("sea zone"), "{e}");
}

/// Plays of the territory scenario that states are drawn from, each kept
/// as its snapshots after every phase.
const PLAYS: u64 = 16;

/// Plays 40 phases of the scenario with units moving two territories
/// (so that moves pass through territories and stop in the enemy's), at
/// most 8 random legal orders a phase.
fn play(seed: u64) -> Vec<Snapshot> {
    random_play(front_with(two_territories, seed), seed, 40, 8)
}

/// The scenario's units moving two territories.
fn two_territories(t: String) -> String {
    t.replace("build: [\"inf\"],", "build: [\"inf\"], territory: (movement: 2),")
}

thread_local! {
    static BASE: Game = front_with(two_territories, 1);
    static PLAYED: std::cell::RefCell<BTreeMap<u64, Vec<Snapshot>>> = const { std::cell::RefCell::new(BTreeMap::new()) };
}

/// The state of play `seed % PLAYS` after `phases` phases (or at its end).
fn random_state(seed: u64, phases: u32) -> Game {
    let snap = PLAYED.with(|p| {
        let mut p = p.borrow_mut();
        let v = p.entry(seed % PLAYS).or_insert_with(|| play(seed % PLAYS));
        v[(phases as usize).min(v.len() - 1)].clone()
    });
    let mut g = BASE.with(Game::clone);
    g.restore_from(&snap).expect("a snapshot of the same scenario");
    g
}

/// Every operation order of one unit (or none) and one node: each unit to
/// each node by every kind, and builds of every type at every node.
fn candidates(g: &Game) -> Vec<Order> {
    let map = &g.spec().map;
    let labels: Vec<String> = map.node_ids().map(|n| map.label(n).to_string()).collect();
    let mut out: Vec<Order> = Vec::new();
    for id in g.unit_ids() {
        let unit = id.to_string();
        for to in &labels {
            out.push(OpsOrder::Move { unit: unit.clone(), to: to.clone() }.into());
            out.push(OpsOrder::Exploit { unit: unit.clone(), to: to.clone() }.into());
            out.push(OpsOrder::Attack { attackers: vec![unit.clone()], target: to.clone() }.into());
            out.push(OpsOrder::Invade { unit: unit.clone(), at: to.clone() }.into());
            out.push(OpsOrder::Redeploy { unit: unit.clone(), to: to.clone() }.into());
        }
    }
    for at in &labels {
        for kind in ["inf", "fleet", "sub"] {
            out.push(OpsOrder::Build { kind: kind.into(), at: at.clone() }.into());
        }
    }
    out
}

/// Whether `o` passes `submit` for `side` on a copy of `g`.
fn passes(g: &Game, side: Side, o: &Order) -> bool {
    g.clone().submit(side, &Orders { orders: vec![o.clone()] }).is_ok()
}

/// Every listed order passes; of the candidates (all of them, or a sample
/// of `sample` each side), exactly the listed ones pass.
fn check_legal(g: &mut Game, seed: u64, sample: Option<usize>) {
    for side in [Side::Axis, Side::Allies] {
        let legal = g.legal_orders(side);
        let unique: BTreeSet<String> = legal.iter().map(|o| format!("{o:?}")).collect();
        assert_eq!(unique.len(), legal.len(), "no order is listed twice");
        for o in &legal {
            assert!(passes(g, side, o), "listed but refused: {o:?} at {:?}", g.clock());
        }
        let cands = candidates(g);
        let mut rng = common::mix::Mix(seed ^ 0x7e77);
        let picked: Vec<&Order> = match sample {
            Some(k) => (0..k).map(|_| &cands[rng.below(cands.len())]).collect(),
            None => cands.iter().collect(),
        };
        for o in picked {
            assert_eq!(passes(g, side, o), legal.contains(o), "{o:?} at {:?}", g.clock());
        }
    }
}

#[test]
fn every_phase_of_a_play_lists_exactly_what_submit_takes() {
    for phases in 0..24 {
        check_legal(&mut random_state(3, phases), 3, None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if long() { 10_000 } else { 1_000 }))]

    /// Sound and complete against `submit` on random states of random
    /// plays: 1,000 cases in CI, 10,000 with `QM_LONG=1`.
    #[test]
    fn legal_orders_on_a_territory_map_are_exactly_what_submit_takes(seed in 0u64..1000, phases in 0u32..40) {
        check_legal(&mut random_state(seed, phases), seed, Some(40));
    }
}

/// The Middle East scenario, its ruleset with the operations family.
fn middle_east() -> Game {
    let path = path("tests/fixtures/territory-ops/middle-east.ron");
    let text = std::fs::read(&path).expect("reads");
    let c = quartermaster::scenario::load_bytes(&path.display().to_string(), &text, |p| {
        let rules = std::fs::read_to_string(p)?;
        Ok(rules.replace(r#"families: ["wteaw-collect"]"#, r#"families: ["ops", "wteaw-collect"]"#).into_bytes())
    })
    .unwrap_or_else(|e| panic!("does not load:\n{e}"));
    let mut g = Game::builder().strict(true).from_compiled(c, 1).expect("game");
    g.check_schedules().expect("schedules");
    g
}

#[test]
fn the_axis_takes_middle_east_territories_and_the_allies_only_occupy_or_liberate_them() {
    let mut g = middle_east();
    // MET-002: the British corps occupies Lebanon-Syria, traces through the
    // sea beside it.
    assert_eq!(g.capabilities("uk-1").expect("caps").status, UnitStatus::Full);
    until(&mut g, MOVEMENT);
    let want: BTreeSet<String> = ["berlin", "iraq"].map(String::from).into();
    assert_eq!(moves_of(&mut g, "ger-1"), want, "Lebanon-Syria holds the British corps");
    submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-1".into(), to: "iraq".into() }).expect("move");
    g.step_phase();
    assert_eq!(controller(&g, "iraq").as_deref(), Some("germany"), "MET-003: Germany captures Iraq");
    // The Allies' movement: into independent Trans-Jordan, which stays
    // independent.
    until(&mut g, MOVEMENT);
    assert_eq!(g.clock().side, Side::Allies);
    let moves = moves_of(&mut g, "uk-2");
    assert!(moves.contains("trans-jordan"), "{moves:?}");
    submit_op(&mut g, Side::Allies, OpsOrder::Move { unit: "uk-2".into(), to: "trans-jordan".into() }).expect("move");
    g.step_phase();
    assert_eq!(at(&g, "uk-2"), "trans-jordan");
    assert_eq!(controller(&g, "trans-jordan"), None, "MET-002: never the Allies'");
    // The British attack on German Iraq eliminates its corps and liberates
    // it: back to no one.
    assert_eq!(g.next_phase(), Some(COMBAT));
    submit_op(&mut g, Side::Allies, OpsOrder::Attack { attackers: vec!["uk-2".into()], target: "iraq".into() })
        .expect("attack");
    g.step_phase();
    assert!(g.unit("ger-1").is_none());
    assert_eq!(at(&g, "uk-2"), "iraq", "the attacker advances");
    assert_eq!(controller(&g, "iraq"), None, "liberated, not taken");
}

#[test]
fn greedy_and_random_play_a_territory_map_to_its_end() {
    use quartermaster::ai::{Greedy, Limits, Play, RandomPolicy, play_game};
    // Greedy's look-ahead runs rule 30's determination only where the
    // supply family is in the ruleset; on collection it plays without it.
    for seed in 1..=4 {
        for greedy_axis in [true, false] {
            let mut g = front_with(two_territories, seed);
            let (mut greedy, mut random) = (Greedy::default(), RandomPolicy);
            let r = if greedy_axis {
                play_game(&mut g, &mut greedy, &mut random, seed, Limits { max_turns: 12 }, Play::default())
            } else {
                play_game(&mut g, &mut random, &mut greedy, seed, Limits { max_turns: 12 }, Play::default())
            };
            assert_eq!(r.refused, 0, "policies give only legal orders");
            assert_eq!(g.result().map(|x| x.winner), Some(r.winner), "the engine's own result");
            assert!(["objectives", "elimination", "turn-limit"].contains(&r.reason.as_str()), "{r:?}");
        }
    }
}
