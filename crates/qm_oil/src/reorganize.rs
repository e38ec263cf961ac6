//! The final reorganization step (OIL-003..005): which disorganized units
//! of the side to move are reorganized, with which oil, and what is spent.
//!
//! 1. Units that are not oil dependent are reorganized for free (OIL-003).
//! 2. The oil-dependent units requested (the `Reorganize` orders of the
//!    phase, or every disorganized unit without one) trace their paths: one
//!    flood per major power ([`crate::paths`]).
//! 3. The solver ([`crate::solve()`]) picks the units (short of oil: the
//!    most cost, then the most units, then HQs first) and the assignment
//!    that spends the fewest oil points (rulings 1 and 2).
//! 4. **Consumption** (deterministic): each resource gives up the points
//!    the plan spends from it. Produced resources are listed to the solver
//!    before saved ones (each group by id), and among equally cheap plans the
//!    solver takes the one using the earliest resources, so produced oil is
//!    spent first and saved oil only when it must be.
//! 5. The outcome, with a reason for every unit and resource, is stored in
//!    [`Reorganizations`] (saved in the section).

use crate::model::{OilResource, OilUnit, Problem, ResourceId, ResourceKind, UnitClass, UnitId as SolverUnit};
use crate::orders::{OilValid, REORGANIZATION};
use crate::paths::{Origin, SideReach, reach_of_side};
use crate::plan::{AboveMinimum, Plan, UnitOutcome};
use crate::report::{NotReorganized, PowerReport, Reorganized, ResourceReport};
use crate::spend::Tenths;
use crate::state::{OilSpent, Organization, Reorganizations, SavedOil};
use bevy_ecs::prelude::*;
use qm_core::components::Unit;
use qm_core::ids::{NationId, Side, UnitId};
use qm_core::orders::Pending;
use qm_core::phase::GameClock;
use qm_core::spec::Spec;
use std::collections::{BTreeMap, BTreeSet};

/// The reorganization phase's system (exclusive).
pub fn reorganize(world: &mut World) {
    let Some(clock) = world.get_resource::<GameClock>().copied() else { return };
    let ordered = take_orders(world);
    let reach = reach_of_side(world, clock.side, clock.turn);
    let mut reports: BTreeMap<NationId, PowerReport> = BTreeMap::new();
    let spec = world.resource::<Spec>().0.clone();
    let key = |n: NationId| spec.ruleset.nations.get(n.index()).map_or_else(|| "?".to_string(), |d| d.key.clone());
    let blank = |n: NationId| PowerReport {
        power: key(n),
        turn: clock.turn,
        requested: Vec::new(),
        reorganized: Vec::new(),
        free: Vec::new(),
        not_reorganized: Vec::new(),
        resources: Vec::new(),
        spent_total: 0,
        minimum_by_rounding: 0,
        optimal: true,
        above_minimum: None,
    };
    for (nation, id) in reorganize_free(world, clock.side, &reach) {
        reports.entry(nation).or_insert_with(|| blank(nation)).free.push(id.to_string());
    }
    for &power in reach.powers.keys() {
        let report = reports.entry(power).or_insert_with(|| blank(power));
        solve_power(world, &reach, power, ordered.as_ref(), clock.turn, report);
    }
    let mut store = world.get_resource_or_init::<Reorganizations>();
    for (_, r) in reports {
        store.0.retain(|old| old.power != r.power);
        store.0.push(r);
    }
    store.0.sort_by(|a, b| a.power.cmp(&b.power));
}

/// The units ordered reorganized this phase; `None` without an order
/// (every disorganized unit is requested).
fn take_orders(world: &mut World) -> Option<BTreeSet<UnitId>> {
    let orders = world.get_resource_or_init::<Pending<OilValid>>().take(REORGANIZATION, |_| true);
    if orders.is_empty() {
        return None;
    }
    let mut set = BTreeSet::new();
    for o in orders {
        let OilValid::Reorganize { units } = o.order;
        set.extend(units);
    }
    Some(set)
}

/// Reorganizes the side's disorganized units that are not oil dependent
/// (OIL-003); returns them by nation.
fn reorganize_free(world: &mut World, side: Side, reach: &SideReach) -> Vec<(NationId, UnitId)> {
    let spec = world.resource::<Spec>().0.clone();
    let mut out = Vec::new();
    for (u, mut org) in world.query::<(&Unit, &mut Organization)>().iter_mut(world) {
        let dependent = spec.ruleset.unit_type(u.kind).is_some_and(|d| d.oil > 0);
        let ours = reach.sides.get(u.nation.index()).copied().flatten() == Some(side);
        if ours && !org.organized && !dependent {
            org.organized = true;
            out.push((u.nation, u.id.clone()));
        }
    }
    out.sort();
    out
}

/// The solver's problem for one power: its disorganized oil units by id.
fn problem_of(reach: &SideReach, power: NationId, ordered: Option<&BTreeSet<UnitId>>) -> (Problem, Vec<UnitId>) {
    let Some(p) = reach.powers.get(&power) else { return (Problem::default(), Vec::new()) };
    let ids: Vec<UnitId> = reach.units.iter().filter(|(_, u)| u.0 == power).map(|(id, _)| id.clone()).collect();
    let units = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let (_, _, cost, hq) = reach.units[id];
            let mask = reach.reaches(id);
            OilUnit {
                id: SolverUnit(i as u32),
                cost: Tenths(cost),
                class: if hq { UnitClass::Hq } else { UnitClass::Other },
                ordered: ordered.is_none_or(|o| o.contains(id)),
                reaches: (0..p.resources.len()).filter(|&r| mask >> r & 1 == 1).collect(),
            }
        })
        .collect();
    let resources = p
        .resources
        .iter()
        .enumerate()
        .map(|(i, r)| OilResource {
            id: ResourceId(i as u32),
            points: r.points,
            kind: match r.origin {
                Origin::Produced(_) => ResourceKind::Produced,
                Origin::Saved(_) => ResourceKind::Saved,
            },
        })
        .collect();
    (Problem { units, resources }, ids)
}

/// Solves, applies and reports one power's reorganization.
fn solve_power(
    world: &mut World,
    reach: &SideReach,
    power: NationId,
    ordered: Option<&BTreeSet<UnitId>>,
    turn: u32,
    report: &mut PowerReport,
) {
    let (problem, ids) = problem_of(reach, power, ordered);
    report.requested =
        ids.iter().zip(&problem.units).filter(|(_, u)| u.ordered).map(|(id, _)| id.to_string()).collect();
    let plan = match crate::solve(&problem) {
        Ok(plan) => plan,
        Err(e) => {
            report.above_minimum = Some(format!("the solver refused the problem: {e}"));
            return;
        }
    };
    apply(world, reach, power, &ids, &plan, turn);
    describe(world, reach, power, &ids, &plan, report);
}

/// Marks the units reorganized and consumes the oil spent.
fn apply(world: &mut World, reach: &SideReach, power: NationId, ids: &[UnitId], plan: &Plan, turn: u32) {
    let done: BTreeSet<&UnitId> = ids
        .iter()
        .zip(&plan.units)
        .filter(|(_, u)| matches!(u.outcome, UnitOutcome::Reorganized { .. }))
        .map(|(id, _)| id)
        .collect();
    for (u, mut org) in world.query::<(&Unit, &mut Organization)>().iter_mut(world) {
        if done.contains(&u.id) {
            org.organized = true;
        }
    }
    let Some(p) = reach.powers.get(&power) else { return };
    for (r, rp) in p.resources.iter().zip(&plan.resources) {
        if rp.spent == 0 {
            continue;
        }
        match r.origin {
            Origin::Produced(e) => {
                if let Some(mut s) = world.get_mut::<OilSpent>(e) {
                    let before = if s.turn == turn { s.points } else { 0 };
                    *s = OilSpent { points: before + rp.spent, turn };
                }
            }
            Origin::Saved(e) => {
                if let Some(mut s) = world.get_mut::<SavedOil>(e) {
                    s.0 = s.0.saturating_sub(rp.spent);
                }
            }
        }
    }
}

/// Writes the plan's reasons into the report.
fn describe(world: &World, reach: &SideReach, power: NationId, ids: &[UnitId], plan: &Plan, report: &mut PowerReport) {
    let spec = &world.resource::<Spec>().0;
    let label = |n: qm_core::ids::NodeId| spec.map.label(n).to_string();
    let Some(p) = reach.powers.get(&power) else { return };
    for (id, u) in ids.iter().zip(&plan.units) {
        match u.outcome {
            UnitOutcome::Reorganized { resource, .. } => report.reorganized.push(Reorganized {
                id: id.to_string(),
                resource: p.resources[resource].key.clone(),
                cost_tenths: u.cost.0,
                path: reach.path(id, resource).unwrap_or_default().into_iter().map(label).collect(),
            }),
            outcome => {
                let reason = match outcome {
                    UnitOutcome::NotOrdered => "not_ordered",
                    UnitOutcome::NoPath => "no_path",
                    _ => "not_enough_oil",
                };
                let detail = if outcome == UnitOutcome::NoPath {
                    format!("{outcome}: {}", no_path_detail(reach, id, spec))
                } else {
                    outcome.to_string()
                };
                report.not_reorganized.push(NotReorganized { id: id.to_string(), reason: reason.into(), detail });
            }
        }
    }
    for (r, rp) in p.resources.iter().zip(&plan.resources) {
        report.resources.push(ResourceReport {
            id: r.key.clone(),
            hex: label(r.node),
            kind: if matches!(r.origin, Origin::Produced(_)) { "produced" } else { "saved" }.into(),
            points: r.points,
            load_tenths: rp.load.0,
            spent: rp.spent,
            why: rp.outcome.to_string(),
        });
    }
    report.spent_total = plan.total_spent;
    report.minimum_by_rounding = plan.rounded_minimum;
    report.optimal = plan.optimal;
    report.above_minimum = plan.above_minimum.as_ref().map(|a| above_minimum_text(a, &p.resources));
}

/// [`AboveMinimum`] in words, resources by their keys.
fn above_minimum_text(a: &AboveMinimum, resources: &[crate::paths::Candidate]) -> String {
    match a {
        AboveMinimum::Forced { resources: forced_by, forced } => {
            let each: Vec<String> = forced_by
                .iter()
                .map(|(id, load)| {
                    let key = resources.get(id.0 as usize).map_or("?", |r| r.key.as_str());
                    format!("{key} takes {load}")
                })
                .collect();
            format!(
                "units that reach only one resource force {forced} points, each such resource's load rounded \
                 (OIL-004, OIL-005): {}",
                each.join(", ")
            )
        }
        other => other.to_string(),
    }
}

/// Why a unit traces no path: no oil at all, or the oil there is cut off.
fn no_path_detail(reach: &SideReach, id: &UnitId, spec: &qm_core::spec::ScenarioSpec) -> String {
    let Some(&(nation, node, _, _)) = reach.units.get(id) else { return String::new() };
    let Some(p) = reach.powers.get(&nation) else { return String::new() };
    if p.resources.is_empty() {
        return "its major power has no oil left this turn (OIL-003)".into();
    }
    let names: Vec<String> = p.resources.iter().map(|r| format!("{} at {}", r.key, spec.map.label(r.node))).collect();
    format!(
        "from {} no basic supply path through hexes of its side free of enemy zones of control reaches {} \
         (OIL-003; other powers' oil may not be used)",
        spec.map.label(node),
        names.join(", ")
    )
}
