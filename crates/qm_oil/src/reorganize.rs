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
use crate::paths::{Candidate, Origin, SideReach, reach_of_side};
use crate::plan::{AboveMinimum, Plan, UnitOutcome};
use crate::report::{NotReorganized, PowerReport, Reorganized, ResourceReport};
use crate::spend::Tenths;
use crate::state::{HqSources, OilSpent, OilWell, Organization, Reorganizations, SavedOil};
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
    let (ordered, draws) = take_orders(world);
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
        let allowed = draws.get(&power);
        solve_power(world, &reach, power, Request { ordered: ordered.as_ref(), allowed, turn: clock.turn }, report);
    }
    let mut store = world.get_resource_or_init::<Reorganizations>();
    for (_, r) in reports {
        store.0.retain(|old| old.power != r.power);
        store.0.push(r);
    }
    store.0.sort_by(|a, b| a.power.cmp(&b.power));
}

/// The units ordered reorganized this phase (`None` without an order:
/// every disorganized unit is requested), and the resources each power's
/// `DrawOil` orders allow (none: all).
fn take_orders(world: &mut World) -> (Option<BTreeSet<UnitId>>, BTreeMap<NationId, BTreeSet<String>>) {
    let orders =
        world.get_resource_or_init::<Pending<OilValid>>().take(REORGANIZATION, |o| !matches!(o, OilValid::Stock(_)));
    let mut set: Option<BTreeSet<UnitId>> = None;
    let mut draws: BTreeMap<NationId, BTreeSet<String>> = BTreeMap::new();
    for o in orders {
        match o.order {
            OilValid::Reorganize { units } => set.get_or_insert_default().extend(units),
            OilValid::DrawOil { power, oil } => draws.entry(power).or_default().extend(oil),
            OilValid::Stock(_) => {}
        }
    }
    (set, draws)
}

/// What the player asked of one power's reorganization.
#[derive(Clone, Copy)]
struct Request<'a> {
    ordered: Option<&'a BTreeSet<UnitId>>,
    allowed: Option<&'a BTreeSet<String>>,
    turn: u32,
}

/// The oil points a resource can give now: powers sharing oil are solved
/// one after another in nation order, each from what the previous left.
fn points_now(world: &World, c: &Candidate, turn: u32) -> u32 {
    match &c.origin {
        Origin::Produced(e) => {
            let spent = world.get::<OilSpent>(*e).copied().unwrap_or_default();
            world.get::<OilWell>(*e).map_or(0, |w| spent.left(w.points, turn))
        }
        Origin::Saved(e) => world.get::<SavedOil>(*e).map_or(0, |s| s.0),
        Origin::Hq(id) => {
            let sources = world.get_resource::<HqSources>();
            u32::from(sources.is_some_and(|s| s.0.iter().any(|h| h.hq == id.0 && h.turn == turn && !h.spent)))
        }
    }
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

/// The solver's problem for one power: its disorganized oil units by id,
/// and the candidates kept (with oil left and allowed by `DrawOil`), as
/// indices into the power's resources.
fn problem_of(
    world: &World,
    reach: &SideReach,
    power: NationId,
    req: Request<'_>,
) -> (Problem, Vec<UnitId>, Vec<usize>) {
    let Some(p) = reach.powers.get(&power) else { return (Problem::default(), Vec::new(), Vec::new()) };
    let ids: Vec<UnitId> = reach.units.iter().filter(|(_, u)| u.0 == power).map(|(id, _)| id.clone()).collect();
    let mut kept = Vec::new();
    let mut resources = Vec::new();
    for (i, r) in p.resources.iter().enumerate() {
        let points = points_now(world, r, req.turn);
        if points == 0 || req.allowed.is_some_and(|a| !a.contains(&r.key)) {
            continue;
        }
        let kind = match &r.origin {
            Origin::Produced(_) => ResourceKind::Produced,
            Origin::Saved(_) => ResourceKind::Saved,
            Origin::Hq(hq) => {
                let unit = ids.iter().position(|id| id == hq).map_or(u32::MAX - i as u32, |u| u as u32);
                ResourceKind::Hq { unit: SolverUnit(unit) }
            }
        };
        resources.push(OilResource { id: ResourceId(i as u32), points, kind });
        kept.push(i);
    }
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
                ordered: req.ordered.is_none_or(|o| o.contains(id)),
                reaches: (0..kept.len()).filter(|&k| mask >> kept[k] & 1 == 1).collect(),
            }
        })
        .collect();
    (Problem { units, resources }, ids, kept)
}

/// Solves, applies and reports one power's reorganization.
fn solve_power(world: &mut World, reach: &SideReach, power: NationId, req: Request<'_>, report: &mut PowerReport) {
    let (problem, ids, kept) = problem_of(world, reach, power, req);
    report.requested =
        ids.iter().zip(&problem.units).filter(|(_, u)| u.ordered).map(|(id, _)| id.to_string()).collect();
    let plan = match crate::solve(&problem) {
        Ok(plan) => plan,
        Err(e) => {
            report.above_minimum = Some(format!("the solver refused the problem: {e}"));
            return;
        }
    };
    let solved = Solved { ids: &ids, kept: &kept, plan: &plan };
    apply(world, reach, power, &solved, req.turn);
    describe(world, reach, power, &solved, report);
}

/// A power's plan with the units and resources it is about.
struct Solved<'a> {
    ids: &'a [UnitId],
    kept: &'a [usize],
    plan: &'a Plan,
}

/// Marks the units reorganized and consumes the oil spent.
fn apply(world: &mut World, reach: &SideReach, power: NationId, solved: &Solved<'_>, turn: u32) {
    let done: BTreeSet<&UnitId> = solved
        .ids
        .iter()
        .zip(&solved.plan.units)
        .filter(|(_, u)| matches!(u.outcome, UnitOutcome::Reorganized { .. }))
        .map(|(id, _)| id)
        .collect();
    for (u, mut org) in world.query::<(&Unit, &mut Organization)>().iter_mut(world) {
        if done.contains(&u.id) {
            org.organized = true;
        }
    }
    let Some(p) = reach.powers.get(&power) else { return };
    for (&k, rp) in solved.kept.iter().zip(&solved.plan.resources) {
        let r = &p.resources[k];
        if rp.spent == 0 {
            continue;
        }
        match &r.origin {
            Origin::Produced(e) => {
                if let Some(mut s) = world.get_mut::<OilSpent>(*e) {
                    let before = if s.turn == turn { s.points } else { 0 };
                    *s = OilSpent { points: before + rp.spent, turn };
                }
            }
            Origin::Saved(e) => {
                if let Some(mut s) = world.get_mut::<SavedOil>(*e) {
                    s.0 = s.0.saturating_sub(rp.spent);
                }
            }
            Origin::Hq(id) => {
                let mut sources = world.get_resource_or_init::<HqSources>();
                if let Some(h) = sources.0.iter_mut().find(|h| h.hq == id.0 && h.turn == turn) {
                    h.spent = true;
                }
            }
        }
    }
}

/// Writes the plan's reasons into the report.
fn describe(world: &World, reach: &SideReach, power: NationId, solved: &Solved<'_>, report: &mut PowerReport) {
    let (ids, kept, plan) = (solved.ids, solved.kept, solved.plan);
    let spec = &world.resource::<Spec>().0;
    let label = |n: qm_core::ids::NodeId| spec.map.label(n).to_string();
    let Some(p) = reach.powers.get(&power) else { return };
    for (id, u) in ids.iter().zip(&plan.units) {
        match u.outcome {
            UnitOutcome::Reorganized { resource, .. } => report.reorganized.push(Reorganized {
                id: id.to_string(),
                resource: p.resources[kept[resource]].key.clone(),
                cost_tenths: u.cost.0,
                path: reach.path(id, kept[resource]).unwrap_or_default().into_iter().map(label).collect(),
            }),
            outcome => {
                let reason = match outcome {
                    UnitOutcome::NotOrdered => "not_ordered",
                    UnitOutcome::NoPath => "no_path",
                    _ => "not_enough_oil",
                };
                let excluded = outcome == UnitOutcome::NoPath && reach.reaches(id) != 0;
                let detail = if excluded {
                    format!(
                        "{outcome}: the oil it reaches is spent already this turn or not among the resources the \
                         phase's DrawOil orders allow"
                    )
                } else if outcome == UnitOutcome::NoPath {
                    format!("{outcome}: {}", no_path_detail(reach, id, spec))
                } else {
                    outcome.to_string()
                };
                let mask = reach.reaches(id);
                let reaches =
                    kept.iter().filter(|&&k| mask >> k & 1 == 1).map(|&k| p.resources[k].key.clone()).collect();
                report.not_reorganized.push(NotReorganized {
                    id: id.to_string(),
                    reason: reason.into(),
                    detail,
                    reaches,
                });
            }
        }
    }
    for (&k, rp) in kept.iter().zip(&plan.resources) {
        let r = &p.resources[k];
        report.resources.push(ResourceReport {
            id: r.key.clone(),
            hex: label(r.node),
            kind: match r.origin {
                Origin::Produced(_) if r.stilwell => "produced-via-stilwell",
                Origin::Saved(_) if r.stilwell => "saved-via-stilwell",
                Origin::Produced(_) => "produced",
                Origin::Saved(_) => "saved",
                Origin::Hq(_) => "hq",
            }
            .into(),
            points: rp.points,
            load_tenths: rp.load.0,
            spent: rp.spent,
            why: rp.outcome.to_string(),
        });
    }
    report.spent_total = plan.total_spent;
    report.minimum_by_rounding = plan.rounded_minimum;
    report.optimal = plan.optimal;
    // Resource ids are indices into the power's candidates.
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
    let (land, sea) = reach.cut_around(node);
    let land: Vec<String> = land.iter().map(|&n| spec.map.label(n).to_string()).collect();
    let cut = match (land.is_empty(), sea) {
        (true, 0) => String::new(),
        (true, s) => {
            format!("; its side's open hexes around it end at the sea ({s} sea hexes, no friendly port to sail from)")
        }
        (false, s) => format!(
            "; its side's open hexes around it end at {} (enemy-controlled, in an enemy zone of control, or closed \
             by rule 30){}",
            land.join(", "),
            if s == 0 { String::new() } else { format!(" and {s} sea hexes") }
        ),
    };
    format!(
        "from {} no basic supply path through hexes of its side free of enemy zones of control reaches {}{cut} \
         (OIL-003; other powers' oil may not be used)",
        spec.map.label(node),
        names.join(", ")
    )
}
