//! The campaigns of `scenarios/campaigns/`: games where logistics decides.
//!
//! Fuel for the Front (rule 30 with MWIF oil): saved build points drawn
//! into a power's total with `SpendSaved` (OIL-012) pay for construction
//! past the budget of the player turn; left alone they pay for nothing;
//! and a greedy policy that takes its own logistics decisions builds more
//! than the same greedy on the engine's defaults.

#![allow(clippy::expect_used, clippy::unwrap_used, reason = "tests fail loudly")]

mod common;

use common::step_until;

use quartermaster::ai::{Greedy, Limits, Logistics, Play, play_game};
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
