//! The final reorganization step (OIL-003..005): which disorganized units
//! of the side to move are reorganized, with which oil, and what is spent.
//!
//! 1. Units that are not oil dependent are reorganized for free (OIL-003).
//! 2. The oil-dependent units requested (the `Reorganize` orders of the
//!    phase, or every disorganized unit without one) trace their paths: one
//!    flood per major power ([`crate::paths`]).
//! 3. The solver ([`crate::solve()`]) picks the units (short of oil: the
//!    most cost, then the most units, then HQs first) and the assignment
//!    that spends the fewest oil points (rulings 1 and 2). Powers that draw
//!    on the same oil (OIL-003: Communist and Nationalist China, and the US
//!    through Stilwell) are one problem ([`oil_groups`]): what their units
//!    put on a shared resource adds up, so its 0.5 rule (OIL-004) and its
//!    1.0 a point (ruling 2) hold for the resource, and the rounded minimum
//!    is that of the group's units together. Each power's report shows its
//!    own units, the resources it may draw from with the group's loads, and
//!    the group's totals.
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
    for group in oil_groups(&reach) {
        for &power in &group {
            reports.entry(power).or_insert_with(|| blank(power));
        }
        let req = Request { ordered: ordered.as_ref(), draws: &draws, turn: clock.turn };
        solve_group(world, &reach, &group, req, &mut reports);
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

/// What the player asked of the reorganization.
#[derive(Clone, Copy)]
struct Request<'a> {
    ordered: Option<&'a BTreeSet<UnitId>>,
    /// Per power, the resources its `DrawOil` orders allow (none: all).
    draws: &'a BTreeMap<NationId, BTreeSet<String>>,
    turn: u32,
}

impl Request<'_> {
    fn allows(&self, power: NationId, key: &str) -> bool {
        self.draws.get(&power).is_none_or(|a| a.contains(key))
    }
}

/// The side's powers in groups solved together, each in nation order:
/// powers whose resources share an oil resource or stockpile (OIL-003: the
/// two Chinas, and the US with them through Stilwell), the others alone.
pub(crate) fn oil_groups(reach: &SideReach) -> Vec<Vec<NationId>> {
    let powers: Vec<NationId> = reach.powers.keys().copied().collect();
    let mut group: Vec<usize> = (0..powers.len()).collect();
    let shares = |a: NationId, b: NationId| {
        let (pa, pb) = (&reach.powers[&a], &reach.powers[&b]);
        pa.resources
            .iter()
            .any(|x| !matches!(x.origin, Origin::Hq(_)) && pb.resources.iter().any(|y| x.origin == y.origin))
    };
    for i in 0..powers.len() {
        for j in 0..i {
            if shares(powers[i], powers[j]) {
                let (from, to) = (group[i].max(group[j]), group[i].min(group[j]));
                group.iter_mut().filter(|g| **g == from).for_each(|g| *g = to);
            }
        }
    }
    let mut out: Vec<Vec<NationId>> = Vec::new();
    for (i, &power) in powers.iter().enumerate() {
        match out.iter_mut().find(|g| g[0] == powers[group[i]]) {
            Some(g) => g.push(power),
            None => out.push(vec![power]),
        }
    }
    out
}

/// The oil points a resource can give now.
fn points_now(world: &World, c: &Candidate, turn: u32) -> u32 {
    match &c.origin {
        Origin::Produced(e) => {
            let spent = world.get::<OilSpent>(*e).copied().unwrap_or_default();
            world.get::<OilWell>(*e).map_or(0, |w| spent.left(w.points, turn))
        }
        Origin::Saved(e) => world.get::<SavedOil>(*e).map_or(0, |s| s.0),
        Origin::Hq(id) => {
            let sources = world.get_resource::<HqSources>();
            u32::from(sources.is_some_and(|s| s.0.iter().any(|h| h.hq == id.as_str() && h.turn == turn && !h.spent)))
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

/// One problem for a group of powers (OIL-003): their units, and every
/// resource any of them may draw from, once.
struct Joint {
    /// The units, by id (the solver's unit `i` is `ids[i]`).
    ids: Vec<UnitId>,
    /// Each resource of the problem as the first power listing it and its
    /// index there (the solver's resource `j`).
    entries: Vec<(NationId, usize)>,
    /// Per power: the problem's index of each of its candidates, if kept.
    own: BTreeMap<NationId, Vec<Option<usize>>>,
}

impl Joint {
    fn candidate<'r>(&self, reach: &'r SideReach, j: usize) -> Option<&'r Candidate> {
        let (power, i) = *self.entries.get(j)?;
        reach.powers.get(&power)?.resources.get(i)
    }

    /// `power`'s own index of the problem's resource `j`.
    fn own_index(&self, power: NationId, j: usize) -> Option<usize> {
        self.own.get(&power)?.iter().position(|&x| x == Some(j))
    }
}

/// Rank of a candidate in the problem's resource order: HQs, produced oil,
/// saved oil, then Chinese oil through Stilwell (the order of
/// [`crate::paths`] for one power), so produced oil is spent first.
fn rank(c: &Candidate) -> (bool, u8) {
    let kind = match c.origin {
        Origin::Hq(_) => 0,
        Origin::Produced(_) => 1,
        Origin::Saved(_) => 2,
    };
    (c.stilwell, kind)
}

/// The group's resources with oil left that some member may draw from, in
/// [`rank`] order (each power's list in nation order within a rank).
fn joint_resources(world: &World, reach: &SideReach, group: &[NationId], req: Request<'_>) -> Joint {
    let mut listed: Vec<(NationId, usize)> = Vec::new();
    let mut own: BTreeMap<NationId, Vec<Option<usize>>> = BTreeMap::new();
    for &power in group {
        let Some(p) = reach.powers.get(&power) else { continue };
        for (i, r) in p.resources.iter().enumerate() {
            let same = listed.iter().any(|&(q, k)| reach.powers[&q].resources[k].origin == r.origin);
            let usable = group.iter().any(|&g| {
                reach.powers.get(&g).is_some_and(|pg| pg.resources.iter().any(|x| x.origin == r.origin))
                    && req.allows(g, &r.key)
            });
            if !same && usable && points_now(world, r, req.turn) > 0 {
                listed.push((power, i));
            }
        }
        own.insert(power, vec![None; p.resources.len()]);
    }
    listed.sort_by_key(|&(q, k)| rank(&reach.powers[&q].resources[k]));
    for (j, &(q, k)) in listed.iter().enumerate() {
        let origin = &reach.powers[&q].resources[k].origin;
        for (&power, slots) in &mut own {
            for (i, r) in reach.powers[&power].resources.iter().enumerate() {
                if &r.origin == origin && req.allows(power, &r.key) {
                    slots[i] = Some(j);
                }
            }
        }
    }
    let ids = reach.units.iter().filter(|(_, u)| group.contains(&u.0)).map(|(id, _)| id.clone()).collect();
    Joint { ids, entries: listed, own }
}

/// The solver's problem for a group: its disorganized oil units by id, and
/// the resources kept (with oil left and allowed by `DrawOil`).
fn problem_of(world: &World, reach: &SideReach, group: &[NationId], req: Request<'_>) -> (Problem, Joint) {
    let joint = joint_resources(world, reach, group, req);
    let mut resources = Vec::new();
    for j in 0..joint.entries.len() {
        let Some(r) = joint.candidate(reach, j) else { continue };
        let kind = match &r.origin {
            Origin::Produced(_) => ResourceKind::Produced,
            Origin::Saved(_) => ResourceKind::Saved,
            Origin::Hq(hq) => {
                let unit = joint.ids.iter().position(|id| id == hq).map_or(u32::MAX - j as u32, |u| u as u32);
                ResourceKind::Hq { unit: SolverUnit(unit) }
            }
        };
        resources.push(OilResource { id: ResourceId(j as u32), points: points_now(world, r, req.turn), kind });
    }
    let units = joint
        .ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let (power, _, cost, hq) = reach.units[id];
            let mask = reach.reaches(id);
            let slots = joint.own.get(&power).map(Vec::as_slice).unwrap_or_default();
            let mut reaches: Vec<usize> =
                slots.iter().enumerate().filter(|&(k, _)| mask >> k & 1 == 1).filter_map(|(_, &j)| j).collect();
            reaches.sort_unstable();
            reaches.dedup();
            OilUnit {
                id: SolverUnit(i as u32),
                cost: Tenths(cost),
                class: if hq { UnitClass::Hq } else { UnitClass::Other },
                ordered: req.ordered.is_none_or(|o| o.contains(id)),
                reaches,
            }
        })
        .collect();
    (Problem { units, resources }, joint)
}

/// Solves, applies and reports the reorganization of a group of powers.
fn solve_group(
    world: &mut World,
    reach: &SideReach,
    group: &[NationId],
    req: Request<'_>,
    reports: &mut BTreeMap<NationId, PowerReport>,
) {
    let (problem, joint) = problem_of(world, reach, group, req);
    for (&power, report) in reports.iter_mut().filter(|(p, _)| group.contains(p)) {
        report.requested = joint
            .ids
            .iter()
            .zip(&problem.units)
            .filter(|(id, u)| u.ordered && reach.units[*id].0 == power)
            .map(|(id, _)| id.to_string())
            .collect();
    }
    let plan = match crate::solve(&problem) {
        Ok(plan) => plan,
        Err(e) => {
            for (_, report) in reports.iter_mut().filter(|(p, _)| group.contains(p)) {
                report.above_minimum = Some(format!("the solver refused the problem: {e}"));
            }
            return;
        }
    };
    let solved = Solved { joint: &joint, plan: &plan };
    apply(world, reach, &solved, req.turn);
    for &power in group {
        if let Some(report) = reports.get_mut(&power) {
            describe(world, reach, power, &solved, report);
        }
    }
}

/// A group's plan with the units and resources it is about.
struct Solved<'a> {
    joint: &'a Joint,
    plan: &'a Plan,
}

/// Marks the units reorganized and consumes the oil spent.
fn apply(world: &mut World, reach: &SideReach, solved: &Solved<'_>, turn: u32) {
    let done: BTreeSet<&UnitId> = solved
        .joint
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
    for (j, rp) in solved.plan.resources.iter().enumerate() {
        let Some(r) = solved.joint.candidate(reach, j) else { continue };
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
                if let Some(h) = sources.0.iter_mut().find(|h| h.hq == id.as_str() && h.turn == turn) {
                    h.spent = true;
                }
            }
        }
    }
}

/// Writes the plan's reasons into the report.
fn describe(world: &World, reach: &SideReach, power: NationId, solved: &Solved<'_>, report: &mut PowerReport) {
    let (joint, plan) = (solved.joint, solved.plan);
    let spec = &world.resource::<Spec>().0;
    let label = |n: qm_core::ids::NodeId| spec.map.label(n).to_string();
    let Some(p) = reach.powers.get(&power) else { return };
    let none = Vec::new();
    let own = joint.own.get(&power).unwrap_or(&none);
    for (id, u) in joint.ids.iter().zip(&plan.units).filter(|(id, _)| reach.units[*id].0 == power) {
        match u.outcome {
            UnitOutcome::Reorganized { resource, .. } => report.reorganized.push(Reorganized {
                id: id.to_string(),
                resource: joint.candidate(reach, resource).map(|c| c.key.clone()).unwrap_or_default(),
                cost_tenths: u.cost.0,
                path: joint
                    .own_index(power, resource)
                    .and_then(|k| reach.path(id, k))
                    .unwrap_or_default()
                    .into_iter()
                    .map(label)
                    .collect(),
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
                let reaches = (0..own.len())
                    .filter(|&k| own[k].is_some() && mask >> k & 1 == 1)
                    .map(|k| p.resources[k].key.clone())
                    .collect();
                report.not_reorganized.push(NotReorganized {
                    id: id.to_string(),
                    reason: reason.into(),
                    detail,
                    reaches,
                });
            }
        }
    }
    let mut listed: Vec<(usize, usize)> = own.iter().enumerate().filter_map(|(k, j)| j.map(|j| (j, k))).collect();
    listed.sort_unstable();
    listed.dedup_by_key(|x| x.0);
    for (j, k) in listed {
        let (r, rp) = (&p.resources[k], &plan.resources[j]);
        report.resources.push(ResourceReport {
            id: r.key.clone(),
            hex: label(r.node),
            owner: spec.ruleset.nations[r.owner.index()].key.clone(),
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
    // Resource ids are indices into the group's resources.
    let key = |id: ResourceId| joint.candidate(reach, id.0 as usize).map_or("?", |c| c.key.as_str());
    report.above_minimum = plan.above_minimum.as_ref().map(|a| above_minimum_text(a, key));
}

/// [`AboveMinimum`] in words, resources by their keys.
fn above_minimum_text<'k>(a: &AboveMinimum, key: impl Fn(ResourceId) -> &'k str) -> String {
    match a {
        AboveMinimum::Forced { resources: forced_by, forced } => {
            let each: Vec<String> = forced_by.iter().map(|(id, load)| format!("{} takes {load}", key(*id))).collect();
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
    let legs = crate::sea_legs::describe(spec, &reach.cut_legs_toward(id));
    format!(
        "from {} no basic supply path through hexes of its side free of enemy zones of control reaches {}{cut}{legs} \
         (OIL-003; other powers' oil may not be used)",
        spec.map.label(node),
        names.join(", ")
    )
}
