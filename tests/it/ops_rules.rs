//! The reference operational layer (issue 11) on the showcase scenario:
//! movement against an independent oracle (terrain costs, rivers, enemy
//! zones of control, SUP-151, SUP-174), combat by the table with seeded
//! dice, construction at fully supplied cities (SUP-203), and illegal
//! orders refused with the game unchanged.

use crate::common;

use common::ops::*;
use common::*;
use quartermaster::ops::{CombatResult, OpsData, OpsError, OpsLedger};
use quartermaster::prelude::*;
use std::collections::BTreeSet;

/// Least movement cost from a unit's hex to every hex, by repeated
/// relaxation (Bellman-Ford), with the rules written out here: terrain
/// cost of the hex entered, river cost across a river hexside, no hex
/// holding enemy ground units, and a hex in an enemy zone of control (a
/// neighbour of an enemy unit) is entered but not left.
fn oracle(g: &Game, id: &str) -> NodeVec<u32> {
    let spec = g.spec();
    let map = &spec.map;
    let ops = g.world().resource::<OpsData>().0.clone();
    let (u, l, _) = g.unit(id).expect("unit");
    let side = g.unit_side(id).expect("side");
    let mp = u32::from(g.capabilities(id).expect("caps").movement);
    let n = map.node_count();
    let mut enemy = NodeVec::from(vec![false; n]);
    let mut zoc = NodeVec::from(vec![false; n]);
    for other in g.unit_ids() {
        if g.unit_side(other.as_str()) == Some(side.other()) {
            let (_, ol, _) = g.unit(other.as_str()).expect("unit");
            enemy[ol.node] = true;
            for t in map.adjacent(ol.node) {
                zoc[t] = true;
            }
        }
    }
    let cost_of = |t: NodeId| {
        let key = &spec.ruleset.terrain[map.node(t).expect("node").terrain.index()].key;
        ops.rules.terrain_cost.get(key).copied().unwrap_or(1)
    };
    let mut dist = NodeVec::from(vec![u32::MAX; n]);
    dist[l.node] = 0;
    let _ = u;
    loop {
        let mut changed = false;
        for h in map.node_ids() {
            let d = dist[h];
            if d == u32::MAX || (h != l.node && zoc[h]) {
                continue;
            }
            for t in map.adjacent(h) {
                let land = map.is_hex(t) && map.node(t).is_some_and(|i| i.surface.is_land());
                if !land || enemy[t] {
                    continue;
                }
                let river = ops.rules.rivers.iter().any(|(a, b)| {
                    let (a, b) = (map.find(a).expect("a"), map.find(b).expect("b"));
                    (a, b) == (h, t) || (b, a) == (h, t)
                });
                let nd = d + cost_of(t) + if river { ops.rules.river_cost } else { 0 };
                if nd <= mp && nd < dist[t] {
                    dist[t] = nd;
                    changed = true;
                }
            }
        }
        if !changed {
            return dist;
        }
    }
}

#[test]
fn moves_are_the_hexes_within_movement_points_by_the_oracle() {
    let mut g = load(EAST);
    until(&mut g, MOVEMENT);
    for id in ["ger-1pz", "ger-3a", "ger-2mot", "ger-5pz"] {
        let dist = oracle(&g, id);
        let (_, l, _) = g.unit(id).expect("unit");
        let expected: BTreeSet<String> = dist
            .keys()
            .filter(|&n| n != l.node && dist[n] != u32::MAX)
            .map(|n| g.spec().map.label(n).to_string())
            .collect();
        assert!(!expected.is_empty(), "{id} can move");
        assert_eq!(listed_moves(&mut g, Side::Axis, id), expected, "{id}");
    }
}

#[test]
fn rivers_and_terrain_cost_movement_points() {
    // Without river costs or terrain costs, units reach further.
    let mut flat = east_with(|t| t.replace("river_cost: 1,", "river_cost: 0,"), 1);
    let mut g = load(EAST);
    until(&mut g, MOVEMENT);
    until(&mut flat, MOVEMENT);
    let all: usize = ["ger-1pz", "ger-2pz", "ger-6pz"].iter().map(|u| listed_moves(&mut g, Side::Axis, u).len()).sum();
    let more: usize =
        ["ger-1pz", "ger-2pz", "ger-6pz"].iter().map(|u| listed_moves(&mut flat, Side::Axis, u).len()).sum();
    assert!(more >= all);
}

#[test]
fn an_illegal_order_is_refused_and_changes_nothing() {
    let mut g = load(EAST);
    until(&mut g, MOVEMENT);
    let before = g.checksum();
    // Out of reach.
    let far = OpsOrder::Move { unit: "ger-1a".into(), to: "h37".into() };
    let e = submit_op(&mut g, Side::Axis, far);
    assert!(matches!(e, Err(OrderError::IllegalMove { .. })), "{e:?}");
    // Into a hex held by the enemy.
    let held = OpsOrder::Move { unit: "ger-1pz".into(), to: at(&g, "sov-1a") };
    let e = submit_op(&mut g, Side::Axis, held).expect_err("enemy there");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::EnemyThere(_)) | None), "{e}");
    // Not the side's unit, not its turn, not the phase.
    assert!(submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "sov-1a".into(), to: "a40".into() }).is_err());
    assert!(submit_op(&mut g, Side::Allies, OpsOrder::Move { unit: "sov-1a".into(), to: "f17".into() }).is_err());
    let attack = OpsOrder::Attack { attackers: vec!["ger-1pz".into()], target: at(&g, "sov-1a") };
    assert!(submit_op(&mut g, Side::Axis, attack).is_err());
    assert_eq!(g.checksum(), before, "refused orders change nothing");
    // The outcome-carrying order is refused where the table decides.
    until(&mut g, COMBAT);
    let before = g.checksum();
    let outcome = OpsOrder::Combat { attackers: vec!["ger-3pz".into()], target: at(&g, "sov-4a"), advance: vec![] };
    let e = submit_op(&mut g, Side::Axis, outcome).expect_err("table decides");
    assert_eq!(e.rule::<OpsError>(), Some(&OpsError::CombatByTable));
    assert_eq!(g.checksum(), before);
}

#[test]
fn one_order_per_unit_per_phase() {
    let mut g = load(EAST);
    until(&mut g, MOVEMENT);
    submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-1a".into(), to: "f12".into() }).expect("move");
    let queued = g.checksum();
    let e =
        submit_op(&mut g, Side::Axis, OpsOrder::Move { unit: "ger-1a".into(), to: "e11".into() }).expect_err("twice");
    assert_eq!(e.rule::<OpsError>(), Some(&OpsError::AlreadyOrdered("ger-1a".into())));
    assert_eq!(g.checksum(), queued);
    assert!(listed_moves(&mut g, Side::Axis, "ger-1a").is_empty(), "no more moves are listed for it");
}

#[test]
fn combat_is_decided_by_the_table_with_the_games_dice() {
    let run = |seed: u64| {
        let mut g = load_seeded(EAST, seed);
        until(&mut g, MOVEMENT);
        // Bring armor next to the Russian front line, then attack.
        let target = at(&g, "sov-4a");
        let moves: Vec<Order> = g
            .legal_orders(Side::Axis)
            .into_iter()
            .filter(|o| matches!(o.downcast_ref::<OpsOrder>(), Some(OpsOrder::Move { unit, .. }) if unit == "ger-3pz"))
            .collect();
        let node = g.spec().map.find(&target).expect("target");
        let adj: Vec<String> = g.spec().map.adjacent(node).map(|n| g.spec().map.label(n).to_string()).collect();
        let mv = moves
            .into_iter()
            .find(|o| matches!(o.downcast_ref::<OpsOrder>(), Some(OpsOrder::Move { to, .. }) if adj.contains(to)))
            .expect("a move next to the target");
        g.submit(Side::Axis, &Orders { orders: vec![mv] }).expect("move");
        until(&mut g, COMBAT);
        let attacks = OpsOrder::Attack { attackers: vec!["ger-3pz".into()], target: target.clone() };
        g.submit(Side::Axis, &Orders::of([attacks])).expect("attack");
        g.step_phase();
        let ledger = g.world().resource::<OpsLedger>().clone();
        (g, ledger, target)
    };
    let (g, ledger, target) = run(11);
    let c = ledger.combats.first().expect("one combat");
    assert_eq!(c.target, target);
    // Armor attacks 4, infantry defends 2, in tenths.
    assert_eq!((c.attack, c.defense), (40, 20));
    let crt = g.world().resource::<OpsData>().0.rules.combat.clone().expect("table");
    assert!((1..=crt.die).contains(&c.roll));
    assert_eq!(c.result, crt.rows[(c.roll - 1) as usize][c.column]);
    // What the result says happened.
    let gone = |id: &str| g.unit(id).is_none();
    match c.result {
        CombatResult::DE => assert!(gone("sov-4a")),
        CombatResult::DL | CombatResult::EX => assert!(!c.eliminated.is_empty()),
        CombatResult::AE => assert!(gone("ger-3pz")),
        _ => {}
    }
    if let Some(a) = &c.advanced {
        assert_eq!(at(&g, a.as_str()), target, "the advance enters the hex and takes it");
    }
    for id in &c.eliminated {
        assert!(gone(id.as_str()), "{id} eliminated");
    }
    // The same seed decides the same way.
    let (g2, again, _) = run(11);
    assert_eq!(again, ledger);
    assert_eq!(g2.checksum(), g.checksum());
}

#[test]
fn construction_at_fully_supplied_cities_within_the_budget() {
    let mut g = load(EAST);
    until(&mut g, CONSTRUCTION_REDEPLOYMENT);
    let builds: Vec<OpsOrder> = g
        .legal_orders(Side::Axis)
        .iter()
        .filter_map(|o| o.downcast_ref::<OpsOrder>().cloned())
        .filter(|o| matches!(o, OpsOrder::Build { .. }))
        .collect();
    // Berlin, Königsberg and Warsaw; infantry (3) and armor (5) both fit 5.
    assert_eq!(builds.len(), 6, "{builds:?}");
    submit_op(&mut g, Side::Axis, OpsOrder::Build { kind: "inf".into(), at: "berlin".into() }).expect("build");
    let e =
        submit_op(&mut g, Side::Axis, OpsOrder::Build { kind: "inf".into(), at: "warsaw".into() }).expect_err("over");
    assert!(matches!(e.rule::<OpsError>(), Some(OpsError::OverBudget { left: 2, cost: 3, .. })), "{e}");
    let e =
        submit_op(&mut g, Side::Axis, OpsOrder::Build { kind: "inf".into(), at: "moscow".into() }).expect_err("enemy");
    assert!(e.rule::<OpsError>().is_some(), "{e}");
    let n = g.unit_ids().len();
    g.step_phase();
    assert_eq!(g.unit_ids().len(), n + 1);
    assert_eq!(at(&g, "germany-inf-1-1"), "h2");
}

/// `OpsTables::river` (a per-node bank flag read first) answers as a
/// search of the river hexsides does, for every pair of adjacent hexes of
/// the showcase, and with the flags not worked out.
#[test]
fn river_banks_answer_as_the_river_list() {
    let g = load(common::ops::EAST);
    let ops = g.world().get_resource::<quartermaster::ops::OpsData>().expect("operations").0.clone();
    let listed = |a: NodeId, b: NodeId| ops.rivers.binary_search(&(a.min(b), a.max(b))).is_ok();
    let mut bare = (*ops).clone();
    bare.river_banks.clear();
    let map = &g.spec().map;
    let mut rivers = 0;
    for a in map.node_ids() {
        for b in map.adjacent(a) {
            assert_eq!(ops.river(a, b), listed(a, b), "{} {}", map.label(a), map.label(b));
            assert_eq!(bare.river(a, b), listed(a, b));
            rivers += usize::from(listed(a, b));
        }
    }
    assert_eq!(rivers, 2 * ops.rivers.len(), "each river hexside seen from both sides");
}
