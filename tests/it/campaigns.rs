//! The campaigns of `scenarios/campaigns/`: games where logistics decides.
//!
//! Fuel for the Front (rule 30 with MWIF oil): saved build points drawn
//! into a power's total with `SpendSaved` (OIL-012) pay for construction
//! past the budget of the player turn; left alone they pay for nothing;
//! and a greedy policy that takes its own logistics decisions builds more
//! than the same greedy on the engine's defaults.
//!
//! The Price of the East (WTEAW collection with the Middle East track):
//! who pays Germany's track level (MET-006) decides what Russia builds
//! from its collected income (COL-004); German submarines fight Britain's
//! convoys (COL-006, ruling 5); Britain holds no supply center, so its
//! money only pays; and greedy on its own logistics asks the Entente's
//! builders to pay where the engine's default asks the richest power.

use crate::common;

use common::step_until;

use quartermaster::ai::{Greedy, Limits, Logistics, Play, play_game};
use quartermaster::collect::{CollectOrder, Payment, Statements};
use quartermaster::core::treasury::Treasury;
use quartermaster::oil::REORGANIZATION;
use quartermaster::ops::OpsError;
use quartermaster::ops::orders::CONSTRUCTION_REDEPLOYMENT;
use quartermaster::prelude::*;

const FUEL: &str = "scenarios/campaigns/fuel-for-the-front.ron";

fn build(at: &str) -> Order {
    OpsOrder::Build { kind: "inf".into(), at: at.into() }.into()
}

/// The Axis construction of turn 2, after Germany's turn-1 reorganization
/// step drew `drawn` saved build points from Berlin (none: the default).
fn axis_construction_after_drawing(drawn: u32) -> Game {
    let mut g = common::load(FUEL);
    step_until(&mut g, Side::Axis, REORGANIZATION);
    if drawn > 0 {
        let spend = OilOrder::SpendSaved { power: "germany".into(), at: "berlin".into(), build_points: drawn };
        g.submit(Side::Axis, &Orders::of([spend])).expect("OIL-012: any number at the capital");
    }
    g.step_phase();
    step_until(&mut g, Side::Axis, CONSTRUCTION_REDEPLOYMENT);
    g
}

#[test]
fn saved_build_points_drawn_into_the_total_pay_past_the_budget() {
    let mut g = axis_construction_after_drawing(8);
    assert_eq!(g.economy(Side::Axis).build_points, 8, "OIL-012: drawn into the total");
    // Budget 2 + total 8 = 10: three infantry corps (3 each), not four.
    for at in ["berlin", "warsaw", "konigsberg"] {
        g.submit(Side::Axis, &Orders::of([build(at)])).unwrap_or_else(|e| panic!("build at {at}: {e}"));
    }
    let before = g.checksum();
    let err = g.submit(Side::Axis, &Orders::of([build("berlin")])).expect_err("past the funds");
    assert!(matches!(err.rule::<OpsError>(), Some(OpsError::OverBudget { left: 1, cost: 3, .. })), "{err}");
    assert_eq!(g.checksum(), before, "a refused order leaves the state unchanged");
    g.step_phase();
    // The budget's 2 first, then 7 of the 8 from the total.
    assert_eq!(g.economy(Side::Axis).build_points, 1);
    let built =
        g.observation(Side::Axis).own_units.iter().filter(|u| u.id.as_str().starts_with("germany-inf-2-")).count();
    assert_eq!(built, 3);
}

#[test]
fn saved_build_points_left_on_the_map_pay_for_nothing() {
    let mut g = axis_construction_after_drawing(0);
    let e = g.economy(Side::Axis);
    assert_eq!((e.build_points, e.saved_build_points), (0, 16), "8 in Berlin, 4 in Warsaw and Konigsberg");
    let err = g.submit(Side::Axis, &Orders::of([build("berlin")])).expect_err("the budget alone is 2");
    assert!(matches!(err.rule::<OpsError>(), Some(OpsError::OverBudget { left: 2, cost: 3, .. })), "{err}");
    let legal = g.legal_orders_of(Side::Axis, OrderClass::Operations);
    assert!(legal.iter().all(|o| o.kind() != "Build"), "no construction is listed");
}

#[test]
fn greedy_on_its_own_logistics_builds_more_than_on_the_engines_defaults() {
    let mut g = common::load_seeded(FUEL, 5);
    let play = Play { fog: false, logistics: [Logistics::Policy, Logistics::Engine] };
    let r = play_game(&mut g, &mut Greedy::default(), &mut Greedy::default(), 5, Limits { max_turns: 2 }, play);
    let (axis, allies) = (&r.sides[&Side::Axis], &r.sides[&Side::Allies]);
    assert!(axis.logistics_orders > 0, "{r:?}");
    assert_eq!(allies.logistics_orders, 0, "the engine's defaults give no order: {r:?}");
    assert_eq!(allies.built, 0, "a budget of 2 builds nothing: {r:?}");
    assert!(axis.built >= 2, "Berlin's 8 saved build points drawn and spent: {r:?}");
    assert_eq!(r.refused, 0);
}

const EAST: &str = "scenarios/campaigns/price-of-the-east.ron";
const COLLECTION: PhaseId = PhaseId::new("collection");

fn has(g: &Game, nation: &str) -> u32 {
    g.world().get_resource::<Treasury>().map_or(0, |t| t.has(nation))
}

/// The Price of the East at the Allies' first construction, after
/// Germany's first collection settled the Middle East track with the
/// Allies' `split` (none: the Axis default).
fn east_after_first_payment(split: Option<&[(&str, u32)]>) -> Game {
    let mut g = common::load(EAST);
    step_until(&mut g, Side::Axis, COLLECTION);
    if let Some(split) = split {
        let paid_by = split.iter().map(|&(n, amount)| Payment { nation: n.into(), amount }).collect();
        let order = CollectOrder::MiddleEastSplit { payee: "germany".into(), paid_by };
        g.submit(Side::Allies, &Orders::of([order])).expect("MET-006: the Allies decide who pays");
    }
    g.step_phase();
    step_until(&mut g, Side::Allies, CONSTRUCTION_REDEPLOYMENT);
    g
}

fn germanys_payers(g: &Game) -> Vec<(String, u32)> {
    let s = g.world().resource::<Statements>().latest("germany").cloned().expect("germany collected");
    s.middle_east.expect("a marker nation").paid_by.into_iter().map(|p| (p.nation, p.amount)).collect()
}

#[test]
fn who_pays_the_middle_east_track_decides_what_russia_builds() {
    // Opening treasuries are the income at setup: Russia 13, France 9,
    // Britain 6 (its trade). The track stands at 7 (Syria 2, Mesopotamia
    // 3, Palestine 1, Arabia 1: MET-003/004), owed to Germany.
    let mut default = east_after_first_payment(None);
    assert_eq!(germanys_payers(&default), [("russia".to_string(), 7)], "MET-006: the richest pays by default");
    let mut split = east_after_first_payment(Some(&[("britain", 7)]));
    // Ruling 6: Britain pays the 6 it has, the next payer (the richest
    // not named) the 1 left.
    assert_eq!(germanys_payers(&split), [("britain".to_string(), 6), ("russia".to_string(), 1)]);
    assert_eq!((has(&default, "russia"), has(&split, "russia")), (6, 12));
    assert_eq!(has(&default, "germany"), has(&split, "germany"), "Germany is paid 7 either way");
    // COL-004: construction is paid from what was collected. An infantry
    // corps costs 6: one for Russia by default, two when Britain paid.
    for (g, corps) in [(&mut default, 1), (&mut split, 2)] {
        for _ in 0..corps {
            g.submit(Side::Allies, &Orders::of([build("moscow")])).expect("paid from the treasury");
        }
        let err = g.submit(Side::Allies, &Orders::of([build("moscow")])).expect_err("past the treasury");
        assert!(matches!(err.rule::<OpsError>(), Some(OpsError::OverBudget { left: 0, cost: 6, .. })), "{err}");
    }
}

#[test]
fn britains_money_only_pays_and_submarines_fight_its_convoys() {
    let mut g = common::load(EAST);
    // Britain holds no supply center: it builds nowhere, its treasury is
    // idle (what the policies' evaluation weighs least).
    let e = g.economy(Side::Allies);
    assert_eq!((e.treasury, e.idle_treasury), (13 + 9 + 6, 6));
    step_until(&mut g, Side::Allies, COLLECTION);
    g.step_phase();
    let s = g.world().resource::<Statements>().latest("britain").cloned().expect("britain collected");
    let battles: Vec<_> = s.naval_trade.iter().map(|t| (t.zone.as_str(), t.outcome, t.rolls.len())).collect();
    // COL-006, ruling 5: U-9 and U-21 against the Grand Fleet's escort in
    // the Atlantic (an escort roll of 1 drives one off), U-35 alone in the
    // Mediterranean.
    assert_eq!(battles.len(), 2, "{battles:?}");
    for t in &s.naval_trade {
        assert_eq!(t.outcome, quartermaster::collect::TradeOutcome::ConvoyBattle, "{t:?}");
        assert!(t.collected <= t.points);
    }
    let atlantic = s.naval_trade.iter().find(|t| t.zone == "atlantic").expect("atlantic");
    assert_eq!(atlantic.escort_rolls.len(), 1);
    let driven_off = usize::from(atlantic.escort_rolls[0] == 1);
    assert_eq!(atlantic.rolls.len(), 2 - driven_off);
    let sunk = atlantic.rolls.iter().filter(|&&r| r <= 2).count() as u32;
    assert_eq!(atlantic.collected, 4 - sunk);
}

#[test]
fn greedy_on_its_own_logistics_asks_the_entente_builders_to_pay() {
    // Britain's trade raised to 20: it is the richest Entente power, and
    // the engine's default asks it for the whole level.
    let payers = |logistics: [Logistics; 2]| {
        let path = common::path(EAST);
        let text = std::fs::read_to_string(&path).expect("reads").replace(r#"("britain", 4)"#, r#"("britain", 20)"#);
        let c = quartermaster::scenario::load_bytes(&path.display().to_string(), text.as_bytes(), |p| std::fs::read(p))
            .expect("loads");
        let mut g = Game::builder().from_compiled(c, 3).expect("game");
        let play = Play { fog: false, logistics };
        let r = play_game(&mut g, &mut Greedy::default(), &mut Greedy::default(), 3, Limits { max_turns: 1 }, play);
        assert_eq!(r.refused, 0);
        (germanys_payers(&g), r.sides[&Side::Axis].logistics_orders)
    };
    let (by_default, none) = payers([Logistics::Engine, Logistics::Engine]);
    assert_eq!((by_default, none), (vec![("britain".to_string(), 7)], 0));
    let (chosen, orders) = payers([Logistics::Policy, Logistics::Engine]);
    assert!(orders > 0);
    assert!(!chosen.is_empty() && chosen.iter().all(|(n, _)| n != "britain"), "{chosen:?}");
}
