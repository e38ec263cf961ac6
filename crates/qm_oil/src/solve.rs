//! The entry point: choose the units (short of oil), then the cheapest
//! assignment, then explain it.
//!
//! 1. Units not ordered, or with no path to oil (OIL-003), are set aside.
//! 2. [`crate::select`] picks the units to reorganize: all of them when the
//!    oil within reach can take them, else the best set by cost, number of
//!    units, then priority (HQs first, then by id).
//! 3. [`crate::search`] assigns them to resources spending the fewest points
//!    (ruling 2). Tie-break: the units in *search order* (largest cost first,
//!    then fewest reachable resources, then the smaller reach set read as a
//!    binary number with resource 0 the lowest bit, then lowest id) take the
//!    lexicographically smallest vector of resource indices, so list the
//!    resources you would rather spend first.
//! 4. Each resource spends the points its units force, divided point by
//!    point (OIL-004, ruling 13), topped up to the rounded minimum
//!    ([`crate::spend`]), and every unit and resource gets its reason.

use crate::model::{Dense, OilError, Problem, UnitClass};
use crate::plan::{AboveMinimum, Plan, ResourceOutcome, ResourcePlan, UnitOutcome, UnitPlan};
use crate::search::cheapest_assignment;
use crate::select::best_selection;
use crate::spend::{Tenths, capacity, points_spent, rounded_minimum, unspent_holding};
use std::cmp::Reverse;

/// Problems up to this many units are always solved exactly.
pub const EXACT_UNITS: usize = 40;
/// Problems up to this many resources are always solved exactly.
pub const EXACT_RESOURCES: usize = 12;
/// Search nodes allowed per search on larger problems by default: a
/// deterministic safety net, not the usual end of a search. The sample
/// problems of 200 units and 30 resources the benches solve (`qm bench
/// oil`) finish in at most about 10,800 nodes in all (the selection's
/// parts and the spend search together) and are all proved optimal. A
/// search that stops here keeps the best plan found (`optimal: false`).
pub const LARGE_NODE_LIMIT: u64 = 16_000;

/// How hard the solver searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// Nodes allowed to each of the two searches; `None` is unlimited, so
    /// the plan is exact. Deterministic: no wall clock is involved.
    pub node_limit: Option<u64>,
}

impl SolverOptions {
    /// Exact (no limit) up to [`EXACT_UNITS`] units and [`EXACT_RESOURCES`]
    /// resources, else [`LARGE_NODE_LIMIT`] nodes per search.
    #[must_use]
    pub fn for_problem(problem: &Problem) -> Self {
        let small = problem.units.len() <= EXACT_UNITS && problem.resources.len() <= EXACT_RESOURCES;
        SolverOptions { node_limit: (!small).then_some(LARGE_NODE_LIMIT) }
    }
}

/// Solves `problem` with [`SolverOptions::for_problem`].
///
/// # Errors
/// When the problem is malformed ([`OilError`]).
pub fn solve(problem: &Problem) -> Result<Plan, OilError> {
    solve_with(problem, SolverOptions::for_problem(problem))
}

/// Solves `problem` with explicit options.
///
/// # Errors
/// When the problem is malformed ([`OilError`]).
pub fn solve_with(problem: &Problem, options: SolverOptions) -> Result<Plan, OilError> {
    let dense = problem.dense()?;
    let candidates = priority_order(problem, &dense);
    let costs_of = |units: &[usize]| units.iter().map(|&u| dense.costs[u]).collect::<Vec<_>>();
    let masks_of = |units: &[usize]| units.iter().map(|&u| dense.masks[u]).collect::<Vec<_>>();
    let selection = best_selection(&costs_of(&candidates), &masks_of(&candidates), &dense.points, options.node_limit);
    let mut fallback = vec![None; problem.units.len()];
    for (slot, &u) in selection.assignment.iter().zip(&candidates) {
        fallback[u] = *slot;
    }
    let chosen = by_id(problem, &fallback);
    let outcome = cheapest_assignment(&costs_of(&chosen), &masks_of(&chosen), &dense.points, options.node_limit);
    let (assignment, exact, lower, forced, nodes) = match outcome {
        Some(o) => {
            let mut assignment = vec![None; problem.units.len()];
            for (&u, &r) in chosen.iter().zip(&o.assignment) {
                assignment[u] = Some(r);
            }
            (assignment, o.exact, o.lower_bound, o.forced, o.nodes)
        }
        // The search stopped before any complete plan: keep the packing.
        None => (fallback.clone(), false, 0, vec![0; dense.points.len()], 0),
    };
    // A stopped search keeps the selection's packing if it spends less.
    let assignment =
        if !exact && total_of(&dense, &fallback) < total_of(&dense, &assignment) { fallback } else { assignment };
    let draft = Draft {
        problem,
        dense: &dense,
        assignment,
        optimal: exact && selection.exact,
        lower_bound: lower,
        forced,
        nodes: nodes + selection.nodes,
    };
    Ok(draft.into_plan())
}

/// Points an assignment spends: what each resource's units force, divided
/// point by point, at least the rounded sum of all (OIL-004, rulings 1, 2
/// and 13).
fn total_of(dense: &Dense, assignment: &[Option<usize>]) -> u32 {
    let (loads, forced) = loads_and_forced(dense, assignment);
    forced.iter().sum::<u32>().max(rounded_minimum(loads.iter().sum()))
}

/// Per resource: the load of its units, and the points they force it to
/// spend, divided point by point (OIL-004, ruling 13). An assignment the
/// searches return always divides; one that did not would count as full.
fn loads_and_forced(dense: &Dense, assignment: &[Option<usize>]) -> (Vec<u32>, Vec<u32>) {
    let m = dense.points.len();
    let mut units = vec![Vec::new(); m];
    for (u, slot) in assignment.iter().enumerate() {
        if let Some(r) = *slot {
            units[r].push(dense.costs[u]);
        }
    }
    let loads = units.iter().map(|l| l.iter().sum()).collect();
    let forced = (0..m).map(|r| points_spent(&units[r], dense.points[r]).unwrap_or(dense.points[r])).collect();
    (loads, forced)
}

/// Ordered units that reach some oil, HQs first, then by id (the priority
/// of [`crate::select`]).
fn priority_order(problem: &Problem, dense: &Dense) -> Vec<usize> {
    let mut units: Vec<usize> =
        (0..problem.units.len()).filter(|&u| problem.units[u].ordered && dense.masks[u] != 0).collect();
    units.sort_by_key(|&u| {
        let unit = &problem.units[u];
        (unit.class != UnitClass::Hq, unit.id)
    });
    units
}

/// The chosen units by id: the order members of a class are handed out in
/// the search ([`crate::search`]).
fn by_id(problem: &Problem, chosen: &[Option<usize>]) -> Vec<usize> {
    let mut units: Vec<usize> = (0..chosen.len()).filter(|&u| chosen[u].is_some()).collect();
    units.sort_by_key(|&u| problem.units[u].id);
    units
}

/// A chosen assignment on its way to becoming a [`Plan`].
struct Draft<'a> {
    problem: &'a Problem,
    dense: &'a Dense,
    assignment: Vec<Option<usize>>,
    optimal: bool,
    lower_bound: u32,
    forced: Vec<u32>,
    nodes: u64,
}

impl Draft<'_> {
    fn into_plan(self) -> Plan {
        let m = self.dense.points.len();
        let (loads, forced) = loads_and_forced(self.dense, &self.assignment);
        let cost: u32 = loads.iter().sum();
        let minimum = rounded_minimum(cost);
        let top_ups = top_ups(&loads, &forced, minimum);
        let spent: Vec<u32> = (0..m).map(|r| forced[r] + top_ups[r]).collect();
        let total: u32 = spent.iter().sum();
        let lower_bound = if self.optimal { total } else { self.lower_bound.max(minimum) };
        Plan {
            units: self.unit_plans(),
            resources: self.resource_plans(&loads, &forced, &top_ups, &spent),
            total_spent: total,
            cost_reorganized: Tenths(cost),
            rounded_minimum: minimum,
            lower_bound,
            optimal: self.optimal,
            above_minimum: self.above_minimum(total, minimum, lower_bound),
            nodes: self.nodes,
        }
    }

    fn unit_plans(&self) -> Vec<UnitPlan> {
        let problem = self.problem;
        (0..problem.units.len())
            .map(|u| {
                let unit = &problem.units[u];
                let outcome = match self.assignment[u] {
                    Some(resource) => UnitOutcome::Reorganized { resource, id: problem.resources[resource].id },
                    None if !unit.ordered => UnitOutcome::NotOrdered,
                    None if self.dense.masks[u] == 0 => UnitOutcome::NoPath,
                    None => UnitOutcome::NotEnoughOil,
                };
                UnitPlan { id: unit.id, cost: unit.cost, outcome }
            })
            .collect()
    }

    fn resource_plans(&self, loads: &[u32], forced: &[u32], top_ups: &[u32], spent: &[u32]) -> Vec<ResourcePlan> {
        let reached = self.reached_mask();
        (0..loads.len())
            .map(|r| {
                let points = self.dense.points[r];
                let outcome = resource_outcome(loads[r], forced[r], points, top_ups[r], reached >> r & 1 == 1);
                ResourcePlan {
                    id: self.problem.resources[r].id,
                    points,
                    load: Tenths(loads[r]),
                    spent: spent[r],
                    outcome,
                }
            })
            .collect()
    }

    /// Resources some ordered unit traces a path to.
    fn reached_mask(&self) -> u64 {
        (0..self.problem.units.len())
            .filter(|&u| self.problem.units[u].ordered)
            .fold(0, |acc, u| acc | self.dense.masks[u])
    }

    fn above_minimum(&self, total: u32, minimum: u32, lower_bound: u32) -> Option<AboveMinimum> {
        if total <= minimum {
            return None;
        }
        if !self.optimal {
            return Some(AboveMinimum::NotProved { lower_bound });
        }
        let forced: u32 = self.forced.iter().sum();
        if forced >= total {
            let exclusive = self.exclusive_loads();
            let resources = (0..self.forced.len())
                .filter(|&r| self.forced[r] > 0)
                .map(|r| (self.problem.resources[r].id, Tenths(exclusive[r])))
                .collect();
            return Some(AboveMinimum::Forced { resources, forced });
        }
        Some(AboveMinimum::Packing)
    }

    /// Cost of the reorganized units that reach only resource `r`.
    fn exclusive_loads(&self) -> Vec<u32> {
        let mut loads = vec![0u32; self.dense.points.len()];
        for (u, slot) in self.assignment.iter().enumerate() {
            if slot.is_some() && self.dense.masks[u].count_ones() == 1 {
                loads[self.dense.masks[u].trailing_zeros() as usize] += self.dense.costs[u];
            }
        }
        loads
    }
}

/// Points each resource adds so the total reaches the rounded minimum
/// (OIL-004, ruling 13): points left unspent that hold some units
/// ([`unspent_holding`]), as many from each resource as it has: first the
/// resource with the most load beyond 1.0 per point it spends (for a load
/// rounded per resource, its remainder rounded away), then the lowest
/// index (see [`crate::spend`]).
fn top_ups(loads: &[u32], forced: &[u32], minimum: u32) -> Vec<u32> {
    let spent: u32 = forced.iter().sum();
    let mut missing = minimum.saturating_sub(spent);
    let spare = |r: usize| unspent_holding(loads[r], forced[r]);
    let mut donors: Vec<usize> = (0..loads.len()).filter(|&r| spare(r) > 0).collect();
    donors.sort_by_key(|&r| (Reverse(loads[r].saturating_sub(capacity(forced[r]))), r));
    let mut top = vec![0u32; loads.len()];
    for r in donors {
        let take = missing.min(spare(r));
        top[r] = take;
        missing -= take;
    }
    top
}

fn resource_outcome(load: u32, forced: u32, points: u32, top_up: u32, reached: bool) -> ResourceOutcome {
    match (load, top_up) {
        (0, _) if !reached => ResourceOutcome::NotReached,
        (0, _) => ResourceOutcome::Unused,
        (_, 1..) => ResourceOutcome::ToppedUp { load: Tenths(load), points: forced, top_up },
        _ if forced == 0 => ResourceOutcome::RoundedAway { load: Tenths(load) },
        _ => ResourceOutcome::Spent { load: Tenths(load), points: forced, full: load == capacity(points) },
    }
}
