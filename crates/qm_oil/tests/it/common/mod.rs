//! Helpers shared by the oil solver tests: building problems and checking
//! that a plan is legal, independently of the solver.

use qm_oil::{
    OilResource, OilUnit, Plan, Problem, ResourceId, ResourceKind, ResourceOutcome, Tenths, UnitClass, UnitId,
    UnitOutcome,
};

/// An ordered non-HQ unit of `cost` tenths reaching `reaches`.
pub fn unit(id: u32, cost: u32, reaches: &[usize]) -> OilUnit {
    OilUnit { id: UnitId(id), cost: Tenths(cost), class: UnitClass::Other, ordered: true, reaches: reaches.to_vec() }
}

/// An ordered HQ of `cost` tenths reaching `reaches`.
pub fn hq(id: u32, cost: u32, reaches: &[usize]) -> OilUnit {
    OilUnit { class: UnitClass::Hq, ..unit(id, cost, reaches) }
}

/// A produced oil resource of `points` points.
pub fn oil(id: u32, points: u32) -> OilResource {
    OilResource { id: ResourceId(id), points, kind: ResourceKind::Produced }
}

/// The resource index each unit is reorganized from, `None` if it is not.
pub fn assigned(plan: &Plan) -> Vec<Option<usize>> {
    plan.units
        .iter()
        .map(|u| match u.outcome {
            UnitOutcome::Reorganized { resource, .. } => Some(resource),
            _ => None,
        })
        .collect()
}

/// Spending rule, written again from the rule text (OIL-004, ruling 1).
pub fn round_half_up(tenths: u32) -> u32 {
    (tenths * 2 + 10) / 20
}

/// Whether `problem`'s unit `u` may draw from resource `r` (OIL-003, and the
/// HQ self-reach of OIL-005).
pub fn may_use(problem: &Problem, u: usize, r: usize) -> bool {
    let unit = &problem.units[u];
    unit.reaches.contains(&r) || problem.resources[r].kind == (ResourceKind::Hq { unit: unit.id })
}

/// Points a resource of `points` points spends for `units` by ruling 13,
/// by hand: every division of the units among its points, at most 1.0 to a
/// point, the fewest points holding 0.5 or more; `None` if none fits.
pub fn spent_by_hand(units: &[u32], points: u32) -> Option<u32> {
    fn go(units: &[u32], bins: &mut Vec<u32>, best: &mut Option<u32>) {
        let Some((&u, rest)) = units.split_first() else {
            let spent = bins.iter().filter(|&&b| b >= 5).count() as u32;
            *best = Some(best.map_or(spent, |b| b.min(spent)));
            return;
        };
        for i in 0..bins.len() {
            if bins[i] + u <= 10 && (bins[i] > 0 || !bins[..i].contains(&0)) {
                bins[i] += u;
                go(rest, bins, best);
                bins[i] -= u;
            }
        }
    }
    let mut best = None;
    go(units, &mut vec![0; points as usize], &mut best);
    best
}

/// Asserts every legality rule of a plan, independently of the solver.
pub fn assert_legal(problem: &Problem, plan: &Plan) {
    let m = problem.resources.len();
    assert_eq!(plan.units.len(), problem.units.len());
    assert_eq!(plan.resources.len(), m);
    let mut loads = vec![0u32; m];
    let mut held = vec![Vec::new(); m];
    for (u, slot) in assigned(plan).iter().enumerate() {
        let unit = &problem.units[u];
        assert_eq!(plan.units[u].id, unit.id);
        match *slot {
            Some(r) => {
                assert!(unit.ordered, "unit {u} not ordered but reorganized");
                assert!(may_use(problem, u, r), "unit {u} cannot trace to resource {r} (OIL-003)");
                loads[r] += unit.cost.0;
                held[r].push(unit.cost.0);
            }
            None if !unit.ordered => assert_eq!(plan.units[u].outcome, UnitOutcome::NotOrdered),
            None if (0..m).all(|r| !may_use(problem, u, r)) => {
                assert_eq!(plan.units[u].outcome, UnitOutcome::NoPath);
            }
            None => assert_eq!(plan.units[u].outcome, UnitOutcome::NotEnoughOil),
        }
    }
    let mut forced_sum = 0;
    let mut total = 0;
    for (r, &load) in loads.iter().enumerate() {
        let res = &plan.resources[r];
        let k = problem.resources[r].points;
        assert_eq!(res.load, Tenths(load));
        assert!(load <= 10 * k, "resource {r} over 1.0 per point (ruling 2)");
        // By hand where enumeration is quick; the library's division beyond.
        let forced = if held[r].len() <= 10 { spent_by_hand(&held[r], k) } else { qm_oil::points_spent(&held[r], k) };
        let forced = forced.unwrap_or_else(|| panic!("the units divide among the points (ruling 13)"));
        assert!(res.spent >= forced, "resource {r} spends less than its points holding 0.5 or more");
        assert!(res.spent <= k, "resource {r} spends more points than it holds");
        if res.spent > forced {
            // A top-up spends points holding some units, under 0.5 each.
            assert!(res.spent <= load.div_ceil(10), "top-up only on points holding units (ruling 13)");
        }
        if load == 0 {
            assert_eq!(res.spent, 0);
            assert!(matches!(res.outcome, ResourceOutcome::NotReached | ResourceOutcome::Unused));
        }
        forced_sum += forced;
        total += res.spent;
    }
    let cost: u32 = loads.iter().sum();
    assert_eq!(plan.cost_reorganized, Tenths(cost));
    assert_eq!(plan.rounded_minimum, round_half_up(cost));
    assert_eq!(plan.total_spent, total);
    assert_eq!(total, forced_sum.max(round_half_up(cost)), "total is max(rounded minimum, per-resource spends)");
    assert!(plan.lower_bound <= plan.total_spent);
    assert_eq!(plan.above_minimum.is_some(), total > plan.rounded_minimum);
}
