//! Worked examples of OIL-004 and OIL-005, short of oil, HQs as resources,
//! and the explanations.

use crate::common;

use common::{assert_legal, assigned, hq, oil, unit};
use qm_oil::{
    AboveMinimum, OilError, OilResource, Problem, ResourceId, ResourceKind, ResourceOutcome, Tenths, UnitId,
    UnitOutcome, solve,
};

fn solved(problem: &Problem) -> qm_oil::Plan {
    let plan = solve(problem).unwrap_or_else(|e| panic!("{e}"));
    assert_legal(problem, &plan);
    plan
}

#[test]
fn oil_005_six_units_reaching_both_resources_spend_one() {
    let problem =
        Problem { units: (0..6).map(|u| unit(u, 2, &[0, 1])).collect(), resources: vec![oil(10, 1), oil(11, 1)] };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 1);
    assert_eq!(plan.rounded_minimum, 1);
    assert!(plan.optimal);
    assert_eq!(plan.above_minimum, None);
    // Tie-break: five units fill resource 0 to 1.0, the sixth rounds away on 1.
    assert_eq!(assigned(&plan), vec![Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)]);
    assert_eq!(plan.resources[0].outcome, ResourceOutcome::Spent { load: Tenths(10), points: 1, full: true });
    assert_eq!(plan.resources[1].outcome, ResourceOutcome::RoundedAway { load: Tenths(2) });
}

#[test]
fn oil_005_three_and_three_units_on_separate_resources_spend_two() {
    let mut units: Vec<_> = (0..3).map(|u| unit(u, 2, &[0])).collect();
    units.extend((3..6).map(|u| unit(u, 2, &[1])));
    let problem = Problem { units, resources: vec![oil(10, 1), oil(11, 1)] };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 2);
    assert_eq!(plan.rounded_minimum, 1);
    assert!(plan.optimal);
    assert_eq!(
        plan.above_minimum,
        Some(AboveMinimum::Forced {
            resources: vec![(ResourceId(10), Tenths(6)), (ResourceId(11), Tenths(6))],
            forced: 2
        })
    );
    let text = plan.above_minimum.as_ref().map(ToString::to_string).unwrap_or_default();
    assert!(text.contains("OIL-004"), "{text}");
}

#[test]
fn oil_004_two_units_at_0_2_are_free() {
    let problem =
        Problem { units: vec![unit(1, 2, &[0, 1]), unit(2, 2, &[0, 1])], resources: vec![oil(10, 1), oil(11, 1)] };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 0);
    assert_eq!(plan.rounded_minimum, 0);
    assert!(assigned(&plan).iter().all(Option::is_some));
    assert_eq!(plan.resources[0].outcome, ResourceOutcome::RoundedAway { load: Tenths(4) });
}

#[test]
fn two_0_6_units_cannot_share_one_point_ruling_2() {
    // 1.2 rounds to 1, but two 0.6 units cannot share a point of 1.0.
    let problem =
        Problem { units: vec![hq(1, 6, &[0, 1]), hq(2, 6, &[0, 1])], resources: vec![oil(10, 1), oil(11, 1)] };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 2);
    assert_eq!(plan.rounded_minimum, 1);
    assert_eq!(plan.above_minimum, Some(AboveMinimum::Packing));
}

#[test]
fn each_point_of_a_hex_is_spent_on_its_own_ruling_13() {
    // Two 0.6 units on one hex of 2 points: each point holds one, 0.6, and
    // is spent, though 1.2 rounds to 1.
    let problem = Problem { units: vec![hq(1, 6, &[0]), hq(2, 6, &[0])], resources: vec![oil(10, 2)] };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 2);
    assert_eq!(plan.resources[0].spent, 2);
    // 1.2 as 0.6 + 0.4 + 0.2 on the same hex: 0.6 + 0.4 on one point, 0.2
    // on the other, unspent: 1 point, the rounded total.
    let problem =
        Problem { units: vec![hq(1, 6, &[0]), hq(2, 4, &[0]), unit(3, 2, &[0])], resources: vec![oil(10, 2)] };
    let plan = solved(&problem);
    assert_eq!((plan.total_spent, plan.resources[0].spent), (1, 1));
}

#[test]
fn points_under_0_5_stay_unspent_down_to_the_rounded_total_ruling_13() {
    // Three hexes of 2 points, each with two 0.4 units: one unit to a point,
    // every point under 0.5, so none is spent on its own; 2.4 rounds to 2.
    let problem = Problem {
        units: (0..6).map(|u| unit(u + 1, 4, &[u as usize / 2])).collect(),
        resources: vec![oil(10, 2), oil(11, 2), oil(12, 2)],
    };
    let plan = solved(&problem);
    assert_eq!((plan.total_spent, plan.rounded_minimum), (2, 2));
    let spent: Vec<u32> = plan.resources.iter().map(|r| r.spent).collect();
    assert_eq!(spent, vec![1, 1, 0]);
    assert_eq!(plan.resources[2].outcome, ResourceOutcome::RoundedAway { load: Tenths(8) });
}

#[test]
fn rounded_minimum_tops_up_a_rounded_away_remainder() {
    // Three resources each take 0.4: each rounds to 0, but 1.2 rounds to 1.
    let problem = Problem {
        units: vec![unit(1, 4, &[0]), unit(2, 4, &[1]), unit(3, 4, &[2])],
        resources: vec![oil(10, 1), oil(11, 1), oil(12, 1)],
    };
    let plan = solved(&problem);
    assert_eq!(plan.total_spent, 1);
    assert_eq!(plan.resources[0].outcome, ResourceOutcome::ToppedUp { load: Tenths(4), points: 0, top_up: 1 });
    assert_eq!(plan.resources[1].spent, 0);
    assert!(plan.resources[0].outcome.to_string().contains("rounded minimum"));
}

#[test]
fn short_of_oil_keeps_the_most_cost_then_units_then_hqs() {
    // One point: 1.0 at most. A 0.6 HQ and 0.4 HQ fill it exactly; the 0.2
    // units would only make 0.8 with the 0.6.
    let problem = Problem {
        units: vec![unit(1, 2, &[0]), unit(2, 2, &[0]), hq(3, 6, &[0]), hq(4, 4, &[0])],
        resources: vec![oil(10, 1)],
    };
    let plan = solved(&problem);
    assert_eq!(plan.cost_reorganized, Tenths(10));
    // 1.0 can be 0.6 + 0.4 (2 units) or 0.6 + 0.2 + 0.2 (3 units): more units win.
    assert_eq!(assigned(&plan), vec![Some(0), Some(0), Some(0), None]);
    assert_eq!(plan.units[3].outcome, UnitOutcome::NotEnoughOil);
    assert!(plan.units[3].outcome.to_string().contains("not enough oil"));
}

#[test]
fn short_of_oil_prefers_hqs_on_a_tie() {
    // 1.0 of room, units 0.4 (other), 0.4 (HQ), 0.6: cost 1.0 either way with
    // 2 units; the HQ goes first.
    let problem =
        Problem { units: vec![unit(1, 4, &[0]), hq(2, 4, &[0]), unit(3, 6, &[0])], resources: vec![oil(10, 1)] };
    let plan = solved(&problem);
    assert_eq!(assigned(&plan), vec![None, Some(0), Some(0)]);
    assert_eq!(plan.units[0].outcome, UnitOutcome::NotEnoughOil);
}

#[test]
fn hq_supply_source_is_one_resource_that_reorganizes_itself_oil_005() {
    // The HQ reaches no oil but its own: it reorganizes itself and a 0.2 unit.
    let problem = Problem {
        units: vec![hq(7, 6, &[]), unit(8, 2, &[0])],
        resources: vec![OilResource { id: ResourceId(1), points: 1, kind: ResourceKind::Hq { unit: UnitId(7) } }],
    };
    let plan = solved(&problem);
    assert_eq!(assigned(&plan), vec![Some(0), Some(0)]);
    assert_eq!(plan.total_spent, 1);
    let bad = Problem {
        resources: vec![OilResource { id: ResourceId(1), points: 2, kind: ResourceKind::Hq { unit: UnitId(7) } }],
        ..problem
    };
    assert_eq!(solve(&bad), Err(OilError::HqPoints { resource: ResourceId(1), points: 2 }));
}

#[test]
fn every_unit_gets_a_reason() {
    let mut not_ordered = unit(3, 2, &[0]);
    not_ordered.ordered = false;
    let problem = Problem {
        units: vec![unit(1, 2, &[0]), unit(2, 2, &[]), not_ordered],
        resources: vec![oil(10, 1), oil(11, 1)],
    };
    let plan = solved(&problem);
    assert!(matches!(plan.units[0].outcome, UnitOutcome::Reorganized { resource: 0, .. }));
    assert_eq!(plan.units[1].outcome, UnitOutcome::NoPath);
    assert_eq!(plan.units[2].outcome, UnitOutcome::NotOrdered);
    assert_eq!(plan.resources[1].outcome, ResourceOutcome::NotReached);
    let text = plan.to_string();
    assert!(text.contains("OIL-003") && text.contains("not ordered"), "{text}");
}

#[test]
fn malformed_problems_are_refused() {
    let dup = Problem { units: vec![unit(1, 2, &[0]), unit(1, 2, &[0])], resources: vec![oil(10, 1)] };
    assert_eq!(solve(&dup), Err(OilError::DuplicateUnit(UnitId(1))));
    let reach = Problem { units: vec![unit(1, 2, &[3])], resources: vec![oil(10, 1)] };
    assert!(matches!(solve(&reach), Err(OilError::BadReach { index: 3, .. })));
    let zero = Problem { units: vec![unit(1, 0, &[0])], resources: vec![oil(10, 1)] };
    assert!(matches!(solve(&zero), Err(OilError::BadCost { .. })));
    let empty = Problem { units: vec![unit(1, 2, &[0])], resources: vec![oil(10, 0)] };
    assert!(matches!(solve(&empty), Err(OilError::BadPoints { .. })));
}
