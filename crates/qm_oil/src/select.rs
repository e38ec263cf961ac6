//! Short of oil: the exact search for which of the requested units are
//! reorganized when the oil points within reach cannot take them all.
//!
//! The chosen set maximizes, in this order (the tie-break of the issue):
//! 1. the total oil cost reorganized;
//! 2. the number of units reorganized;
//! 3. the *priority*: read the units in priority order (HQs first, then the
//!    others, each by id), the set taking the earlier unit wins.
//!
//! A set is possible when its units can be assigned to resources they reach
//! (OIL-003) and each resource's units divide among its oil points, whole
//! units only, at most 1.0 to a point (ruling 2, ruling 13: five 0.4 units
//! do not fit two points). Which resources are then spent is [`crate::search`]'s job.
//!
//! Units of the same cost and reach are interchangeable, and the earlier in
//! priority order is always the better one to take, so a set is a number of
//! units per class ([`crate::search`]'s classes), its members taken in
//! priority order.
//!
//! **Approach** (chosen over a MILP crate, which could not give the
//! priority tie-break or ruling 13's division without one solve per
//! decision): a fractional relaxation as a maximum flow
//! ([`crate::search::flow`]) bounds the search and splits it. Step 0: the
//! resources a maximum flow of every unit's cost saturates (the source side
//! of a minimum cut) and the units reaching only them are the *tight*
//! part. No set takes more of the tight units than fit on those resources
//! alone, so when every other unit fits off them (packed on its own, a
//! zero-slack Hall set apart from the rest), the best set is all of those
//! plus the best set of the tight part, searched one connected part at a
//! time; its priority tie-break is the tight part's, since every best set
//! holds all the others. (This holds for any set of resources whose
//! outside units all fit off it; when all the cost flows, the set is the
//! resources every maximum flow fills.) When the other units do not all
//! fit as whole units (a resource reached by one 0.1 unit and 0.2 ones:
//! parity, which the flow cannot see), the best set places at most the
//! tight capacity on the tight resources and at most the best cost of the
//! other units off them, so when the inside units fill the tight resources
//! exactly, only the few other units whose cost fits in what the other part
//! leaves out can cross; each such choice splits into two independent
//! problems ([`short_parts`]). Else the whole problem is searched. The
//! steps, all on the shared engine:
//! 1. whether every unit fits (the usual case: one search, done), the
//!    largest units packed first (the class order);
//! 2. else the largest (cost, number) by branch and bound, bounded by the
//!    room of the resources and of every Hall set (ruling 2), each
//!    resource's room cut to the largest sum of the costs left that reach
//!    it ([`Tables::fillable`]: whole units), over the
//!    classes in a sweep over the resources ([`ClassOrder::Sweep`]): a
//!    resource closes once the classes reaching it are placed, so the
//!    memo's states (the loads of the open resources) stay few. The class
//!    order is no tie-break here, the priority below is;
//! 3. then the priority: walking the units in priority order, each unit the
//!    best set leaves out is tried in (at the same cost and number) and kept
//!    in if some set allows it, else it and the later members of its class
//!    stay out. Most tries need no search: the unit takes the place of a
//!    unit of the same cost, later in priority order, on a resource it
//!    reaches ([`swap_in`]).

use crate::search::classes::{ClassOrder, Tables, bits};
use crate::search::engine::{Engine, Objective};
use crate::spend::capacity;
use std::cmp::Reverse;

/// The outcome of one selection.
#[derive(Clone, Debug)]
pub(crate) struct Selection {
    /// Per unit (in the order given): the resource it takes in the packing
    /// found, or `None` when it is left out.
    pub assignment: Vec<Option<usize>>,
    /// Whether the search finished (the set is the best one).
    pub exact: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Weight of a tenth of cost against one unit in the value: more than any
/// number of units ([`crate::model::MAX_UNITS`]).
const SCALE: i64 = 1 << 13;

/// The value of a set of `cost` tenths and `count` units.
fn value(cost: u32, count: u32) -> i64 {
    i64::from(cost) * SCALE + i64::from(count)
}

/// Chooses the units to reorganize among `costs`/`masks` (units in priority
/// order, each reaching at least one resource) for resources of `points`.
pub(crate) fn best_selection(costs: &[u32], masks: &[u64], points: &[u32], node_limit: Option<u64>) -> Selection {
    let units: Vec<(u32, u64)> = costs.iter().copied().zip(masks.iter().copied()).collect();
    let n = units.len();
    // Step 1 packs the largest units first (the class order).
    let packing = Tables::new(&units, points);
    if let Some(assignment) = quick_packing(&packing, points, n) {
        return Selection { assignment, exact: true, nodes: 0 };
    }
    by_parts(&units, &packing, points, node_limit).unwrap_or_else(|searched| {
        let selection = whole(&units, &packing, points, node_limit);
        Selection { nodes: selection.nodes + searched, ..selection }
    })
}

/// Steps 1 to 3 on one problem (see the module docs).
fn whole(units: &[(u32, u64)], packing: &Tables, points: &[u32], node_limit: Option<u64>) -> Selection {
    let n = units.len();
    let all = value(units.iter().map(|u| u.0).sum(), n as u32);
    if let Some(assignment) = quick_packing(packing, points, n) {
        return Selection { assignment, exact: true, nodes: 0 };
    }
    // With a node limit step 1's search gets a quarter of it: step 2 also
    // ends early when all fit, only less quickly.
    let mut every = Engine::new(packing, Pick::default(), node_limit.map(|limit| limit / 4));
    if every.run(all, all) {
        let (_, counts) = every.best().unwrap_or_default();
        return Selection { assignment: packing.hand_out(&counts, n), exact: true, nodes: every.nodes };
    }
    let tables = Tables::ordered(units, points, ClassOrder::Sweep);
    let mut engine = Engine::new(&tables, Pick::default(), node_limit);
    engine.lo.iter_mut().for_each(|lo| *lo = 0);
    let found = most_value(&mut engine, node_limit.is_some());
    let nodes = |engine: &Engine<'_, Pick>| every.nodes + engine.nodes;
    let Some((best, mut counts)) = found else {
        return Selection { assignment: vec![None; n], exact: false, nodes: nodes(&engine) };
    };
    if !engine.aborted {
        counts = by_priority(&mut engine, &tables, best, counts);
    }
    // Step 2 alone is exact when it finishes, whatever step 1 did.
    Selection { assignment: tables.hand_out(&counts, n), exact: !engine.aborted, nodes: nodes(&engine) }
}

/// The decomposition of step 0 (see the module docs): the resources a
/// maximum flow of all the units' cost saturates (a minimum cut, ruling 2)
/// and the units reaching only them form the *tight* part; every other unit
/// is taken when they all fit on the other resources, and the tight part
/// is solved one connected part at a time. When they do not all fit (whole
/// units, ruling 13), [`short_parts`]. `Err` with the nodes searched when
/// nothing splits off.
fn by_parts(units: &[(u32, u64)], packing: &Tables, points: &[u32], node_limit: Option<u64>) -> Result<Selection, u64> {
    let tight = saturated_resources(packing, points);
    let (inside, outside): (Vec<usize>, Vec<usize>) = (0..units.len()).partition(|&u| units[u].1 & !tight == 0);
    let parts = connected_parts(units, &inside);
    if outside.is_empty() && parts.len() <= 1 {
        return Err(0);
    }
    // The free units, each kept off the tight resources, must all fit.
    let free: Vec<(u32, u64)> = outside.iter().map(|&u| (units[u].0, units[u].1 & !tight)).collect();
    let (fit, mut nodes) = match all_fit(&free, points, node_limit) {
        Ok(found) => found,
        Err(searched) if tight == 0 => return Err(searched),
        Err(searched) => {
            return short_parts(units, points, tight, &inside, &outside, node_limit)
                .map(|s| Selection { nodes: s.nodes + searched, ..s })
                .ok_or(searched);
        }
    };
    let mut out = vec![None; units.len()];
    for (&u, slot) in outside.iter().zip(fit) {
        out[u] = slot;
    }
    let exact = solve_parts(units, &[], &inside, tight, points, node_limit, &mut out, &mut nodes);
    Ok(Selection { assignment: out, exact, nodes })
}

/// Most sets of swing units [`short_parts`] tries.
const SWING_SETS: usize = 16;

/// Step 0 when the free units do not all fit off the tight resources `T`.
/// Any set places at most the capacity of `T` on `T` and, off `T`, free
/// units only, at most `B`, the best cost of the free part (searched on its
/// own). When the inside units fill `T` exactly, the best cost is therefore
/// `cap(T) + B`, and a best set leaves out free units of `D` (the free cost
/// minus `B`) at most; the free units it places on `T` are *swing* units:
/// they reach `T` and cost `D` in all at most. For each such set `W` of
/// swing units (none first), the set is the best one of the inside units
/// and `W` on `T` (`W` first in priority order: every candidate holds it)
/// and the best one of the other free units off `T`, two problems sharing
/// no unit and no resource, so their best sets (by cost, number and
/// priority) make the best set of the union. The best set overall is the
/// best of these candidates, by cost, number and then priority. `None` when
/// a part is not solved exactly, `T` is not filled exactly or there are too
/// many swing sets.
fn short_parts(
    units: &[(u32, u64)],
    points: &[u32],
    tight: u64,
    inside: &[usize],
    outside: &[usize],
    node_limit: Option<u64>,
) -> Option<Selection> {
    let cap: u32 = bits(tight).map(|r| capacity(points[r])).sum();
    let free_cost: u32 = outside.iter().map(|&u| units[u].0).sum();
    let mut nodes = 0;
    let mut best: Option<(i64, Vec<Option<usize>>)> = None;
    let mut swing_sets: Vec<Vec<usize>> = vec![Vec::new()];
    let mut i = 0;
    while i < swing_sets.len() {
        let set = swing_sets[i].clone();
        i += 1;
        let mut out = vec![None; units.len()];
        // The free units off `T`, but those of `set`.
        let rest: Vec<usize> = outside.iter().copied().filter(|u| !set.contains(u)).collect();
        let free: Vec<u32> = rest.iter().map(|&u| units[u].0).collect();
        let masks: Vec<u64> = rest.iter().map(|&u| units[u].1 & !tight).collect();
        let off = best_selection(&free, &masks, points, node_limit);
        nodes += off.nodes;
        if !off.exact {
            return None;
        }
        for (&u, slot) in rest.iter().zip(off.assignment) {
            out[u] = slot;
        }
        // The inside units and `set` on `T`.
        let exact = solve_parts(units, &set, inside, tight, points, node_limit, &mut out, &mut nodes);
        if !exact {
            return None;
        }
        let on_tight: u32 =
            (0..units.len()).filter(|&u| out[u].is_some_and(|r| tight >> r & 1 == 1)).map(|u| units[u].0).sum();
        let off_cost: u32 = rest.iter().filter(|&&u| out[u].is_some()).map(|&u| units[u].0).sum();
        if set.is_empty() {
            // The best cost is `cap(T) + B` only when `T` is filled.
            if on_tight != cap {
                return None;
            }
            let d = free_cost - off_cost;
            let swing: Vec<usize> =
                outside.iter().copied().filter(|&u| units[u].1 & tight != 0 && units[u].0 <= d).collect();
            swing_sets = swing_subsets(units, &swing, d)?;
        }
        let cost = on_tight + off_cost;
        let count = out.iter().filter(|slot| slot.is_some()).count() as u32;
        let candidate = (value(cost, count), out);
        if best.as_ref().is_none_or(|b| better(&candidate, b)) {
            best = Some(candidate);
        }
    }
    let (_, assignment) = best?;
    Some(Selection { assignment, exact: true, nodes })
}

/// The sets of `swing` units costing `d` at most, in all: the empty set
/// first, then by the order of `swing`; `None` when there are more than
/// [`SWING_SETS`].
fn swing_subsets(units: &[(u32, u64)], swing: &[usize], d: u32) -> Option<Vec<Vec<usize>>> {
    let mut sets: Vec<(u32, Vec<usize>)> = vec![(0, Vec::new())];
    for &u in swing {
        let cost = units[u].0;
        let more: Vec<(u32, Vec<usize>)> = sets
            .iter()
            .filter(|(c, _)| c + cost <= d)
            .map(|(c, set)| (c + cost, set.iter().copied().chain([u]).collect()))
            .collect();
        sets.extend(more);
        if sets.len() > SWING_SETS {
            return None;
        }
    }
    Some(sets.into_iter().map(|(_, set)| set).collect())
}

/// Whether `a` is a better set than `b`: higher value, then the earlier
/// unit in priority order (the index order of the units).
fn better(a: &(i64, Vec<Option<usize>>), b: &(i64, Vec<Option<usize>>)) -> bool {
    if a.0 != b.0 {
        return a.0 > b.0;
    }
    a.1.iter().zip(&b.1).find(|(x, y)| x.is_some() != y.is_some()).is_some_and(|(x, _)| x.is_some())
}

/// Solves the units `first` (kept on the `tight` resources) and `inside`
/// (indices into `units`), in that priority order, one connected part at
/// a time, writing their slots into `out`; whether every part was solved
/// exactly.
#[allow(clippy::too_many_arguments, reason = "the parts of one split")]
fn solve_parts(
    units: &[(u32, u64)],
    first: &[usize],
    inside: &[usize],
    tight: u64,
    points: &[u32],
    node_limit: Option<u64>,
    out: &mut [Option<usize>],
    nodes: &mut u64,
) -> bool {
    let local: Vec<usize> = first.iter().chain(inside).copied().collect();
    let reach: Vec<(u32, u64)> = local
        .iter()
        .enumerate()
        .map(|(j, &u)| (units[u].0, if j < first.len() { units[u].1 & tight } else { units[u].1 }))
        .collect();
    let all: Vec<usize> = (0..local.len()).collect();
    let mut exact = true;
    for part in connected_parts(&reach, &all) {
        let sub: Vec<(u32, u64)> = part.iter().map(|&j| reach[j]).collect();
        let selection = whole(&sub, &Tables::new(&sub, points), points, node_limit);
        exact &= selection.exact;
        *nodes += selection.nodes;
        for (&j, slot) in part.iter().zip(selection.assignment) {
            out[local[j]] = slot;
        }
    }
    exact
}

/// The resources on the source side of a minimum cut of the maximum flow
/// of every unit's cost into the resources' capacity ([`flow`]); when all
/// of it flows, the resources with no room left in any maximum flow (a Hall
/// set its inside units fill exactly).
fn saturated_resources(packing: &Tables, points: &[u32]) -> u64 {
    let caps: Vec<u32> = points.iter().map(|&k| capacity(k)).collect();
    let amount = |c: usize| packing.classes[c].cost * packing.classes[c].members.len() as u32;
    let total: u32 = (0..packing.classes.len()).map(amount).sum();
    let mut network = packing.network.borrow_mut();
    if network.max_fit(packing, 0, &caps, amount) < total {
        network.saturated(points.len())
    } else {
        network.full(points.len())
    }
}

/// A packing of every unit of `units`, with the nodes searched; `Err` with
/// the nodes searched when they do not all fit (or the node limit stopped
/// the search). The
/// resources a maximum flow fills whatever it does (a Hall set whose inside
/// units take all its room, ruling 2) take only those units, so each of
/// their connected parts and the rest are packed on their own.
fn all_fit(units: &[(u32, u64)], points: &[u32], node_limit: Option<u64>) -> Result<(Vec<Option<usize>>, u64), u64> {
    let tables = Tables::new(units, points);
    if let Some(assignment) = quick_packing(&tables, points, units.len()) {
        return Ok((assignment, 0));
    }
    let caps: Vec<u32> = points.iter().map(|&k| capacity(k)).collect();
    let amount = |c: usize| tables.classes[c].cost * tables.classes[c].members.len() as u32;
    let total: u32 = units.iter().map(|u| u.0).sum();
    let full = {
        let mut network = tables.network.borrow_mut();
        if network.max_fit(&tables, 0, &caps, amount) < total {
            return Err(0);
        }
        network.full(points.len())
    };
    let (inside, outside): (Vec<usize>, Vec<usize>) = (0..units.len()).partition(|&u| units[u].1 & !full == 0);
    let mut parts = connected_parts(units, &inside);
    if parts.len() + usize::from(!outside.is_empty()) <= 1 {
        return search_all(&tables, units.len(), node_limit);
    }
    // Units outside keep off the full resources; those inside reach only them.
    parts.push(outside);
    let mut out = vec![None; units.len()];
    let mut nodes = 0;
    for part in parts {
        let sub: Vec<(u32, u64)> = part.iter().map(|&u| (units[u].0, off_full(units[u].1, full))).collect();
        let (fit, searched) = search_all(&Tables::new(&sub, points), sub.len(), node_limit).map_err(|s| nodes + s)?;
        nodes += searched;
        for (&u, slot) in part.iter().zip(fit) {
            out[u] = slot;
        }
    }
    Ok((out, nodes))
}

/// A reach kept off the `full` resources, unless it lies inside them.
fn off_full(mask: u64, full: u64) -> u64 {
    if mask & !full == 0 { mask } else { mask & !full }
}

/// Every unit of `tables` placed by the search (or quick packing), with
/// the nodes searched.
fn search_all(tables: &Tables, n: usize, node_limit: Option<u64>) -> Result<(Vec<Option<usize>>, u64), u64> {
    if let Some(assignment) = quick_packing(tables, &tables.points, n) {
        return Ok((assignment, 0));
    }
    let all = value(tables.suffix_cost[0], n as u32);
    let mut every = Engine::new(tables, Pick::default(), node_limit);
    if !every.run(all, all) {
        return Err(every.nodes);
    }
    let (_, counts) = every.best().ok_or(every.nodes)?;
    Ok((tables.hand_out(&counts, n), every.nodes))
}

/// The units of `subset` grouped by the connected parts of the graph of
/// units and the resources they reach, each in the order of `subset`;
/// parts in the order of their first unit.
fn connected_parts(units: &[(u32, u64)], subset: &[usize]) -> Vec<Vec<usize>> {
    // The resources each part covers, merged as units join them.
    let mut parts: Vec<(u64, Vec<usize>)> = Vec::new();
    for &u in subset {
        let mask = units[u].1;
        let mut joined = (mask, vec![u]);
        let mut i = 0;
        while i < parts.len() {
            if parts[i].0 & joined.0 == 0 {
                i += 1;
                continue;
            }
            let (reach, members) = parts.remove(i);
            joined.0 |= reach;
            joined.1.extend(members);
        }
        parts.push(joined);
    }
    let mut out: Vec<Vec<usize>> = parts
        .into_iter()
        .map(|(_, mut members)| {
            members.sort_unstable();
            members
        })
        .collect();
    out.sort_unstable_by_key(|members| members.first().copied());
    out
}

/// Step 1's quick way: every unit in class order (largest first) on a
/// resource it reaches, by [`Fit`]. When a pass places them all, all fit
/// and the set is the best one (its packing is also the plan kept if the
/// spend search is stopped before any plan); when neither does, the search
/// decides.
fn quick_packing(tables: &Tables, points: &[u32], n: usize) -> Option<Vec<Option<usize>>> {
    [Fit::Cheapest, Fit::Roomiest].into_iter().find_map(|fit| pack(tables, points, n, fit))
}

/// How [`quick_packing`] picks a resource among those with room.
#[derive(Clone, Copy)]
enum Fit {
    /// The fewest points the unit adds to the spend (OIL-004, ruling 13),
    /// then the fullest resource, then the lowest index.
    Cheapest,
    /// The most room left (the lowest index among equals).
    Roomiest,
}

fn pack(tables: &Tables, points: &[u32], n: usize, fit: Fit) -> Option<Vec<Option<usize>>> {
    let caps: Vec<u32> = points.iter().map(|&k| capacity(k)).collect();
    let d = tables.costs.len();
    let mut loads = vec![0u32; points.len()];
    let mut bags = vec![0u16; points.len() * d];
    let mut out = vec![None; n];
    for class in &tables.classes {
        let cost = class.cost;
        let mut one = vec![0u16; d];
        one[class.kind] = 1;
        for &u in &class.members {
            // What the resource spends with the unit, if it still divides
            // among its points (ruling 13).
            let with = |r: usize| tables.spent(r, &[&bags[r * d..(r + 1) * d], &one]);
            let open = class.resources.iter().copied().filter_map(|r| with(r).map(|s| (r, s)));
            let (r, _) = match fit {
                Fit::Cheapest => open.min_by_key(|&(r, spent)| {
                    let before = tables.spent(r, &[&bags[r * d..(r + 1) * d]]).unwrap_or(0);
                    (spent.saturating_sub(before), caps[r] - loads[r], r)
                }),
                Fit::Roomiest => open.min_by_key(|&(r, _)| (Reverse(caps[r] - loads[r]), r)),
            }?;
            loads[r] += cost;
            bags[r * d + class.kind] += 1;
            out[u] = Some(r);
        }
    }
    Some(out)
}

/// Step 2: the largest value. Without a node limit it is searched first at
/// the bound of the root and then at ever lower costs (1, 2, 4, ... tenths
/// below it), so the first runs prune hard; what a failed run learns stays
/// in the memo. With a limit, first a run at the bound of the root on a
/// quarter of the nodes (a set of that value, cost and number, is the best;
/// the first one found is the first of the search order, as below), then
/// one branch and bound from the first packing found, so the best set
/// found so far is at hand when the limit stops it.
fn most_value(engine: &mut Engine<'_, Pick>, limited: bool) -> Option<(i64, Vec<Vec<u32>>)> {
    let stop = engine.root_upper()?;
    if limited {
        // A first run at the bound, on a quarter of the nodes.
        let budget = engine.limit_nodes(None);
        engine.limit_nodes(budget.map(|limit| engine.nodes + limit / 4));
        if engine.run(stop, stop) {
            engine.limit_nodes(budget);
            return engine.best();
        }
        engine.aborted = false;
        engine.limit_nodes(budget);
        engine.run(0, stop);
        return engine.best();
    }
    let top = stop / SCALE;
    let mut below = 0;
    loop {
        let floor = (top - below).max(0);
        if engine.run(value(floor as u32, 0), stop) || engine.aborted || floor == 0 {
            return engine.best();
        }
        below = below * 2 + 1;
    }
}

/// Step 3: among the sets of value `best`, the one taking the earliest
/// units in priority order, starting from `counts`.
fn by_priority(engine: &mut Engine<'_, Pick>, tables: &Tables, best: i64, mut counts: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let places = tables.places(tables.classes.iter().map(|c| c.members.len()).sum());
    for (c, j) in places {
        let taken: u32 = counts[c].iter().sum();
        if j < taken {
            engine.lo[c] = engine.lo[c].max(j + 1);
            continue;
        }
        if j >= engine.hi[c] {
            continue;
        }
        let before = engine.lo[c];
        engine.lo[c] = j + 1;
        if swap_in(tables, &engine.lo, &mut counts, c) {
            continue;
        }
        if engine.run(best, best) {
            if let Some((_, found)) = engine.best() {
                counts = found;
            }
            continue;
        }
        engine.lo[c] = before;
        if engine.aborted {
            break;
        }
        // No set of value `best` takes it: it and the later members stay
        // out, and what was learned with it forced in no longer holds.
        engine.hi[c] = j;
        engine.forget_to(c);
    }
    counts
}

/// Takes the next member of class `c` in place of a member of the same
/// cost that no earlier decision keeps in (beyond `lo` of its class, so
/// later in priority order), on a resource class `c` reaches: the loads and
/// bags stay as they are, so the set is still possible (ruling 13) and of
/// the same value. Whether such a member was found.
fn swap_in(tables: &Tables, lo: &[u32], counts: &mut [Vec<u32>], c: usize) -> bool {
    let class = &tables.classes[c];
    for (other, theirs) in tables.classes.iter().enumerate() {
        let taken: u32 = counts[other].iter().sum();
        if other == c || theirs.cost != class.cost || taken <= lo[other] {
            continue;
        }
        let shared = theirs.resources.iter().enumerate().find_map(|(p, &r)| {
            let mine = class.resources.iter().position(|&q| q == r)?;
            (counts[other][p] > 0).then_some((p, mine))
        });
        if let Some((p, mine)) = shared {
            counts[other][p] -= 1;
            counts[c][mine] += 1;
            return true;
        }
    }
    false
}

/// (cost, number) of the units reorganized: what [`best_selection`]
/// maximizes, under the engine's limits on each class.
#[derive(Default)]
struct Pick {
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// Cost of the members classes `c..` may take (len K + 1).
    left: Vec<u32>,
    /// Members classes `c..` may take (len K + 1).
    count: Vec<u32>,
    /// Per `c` and amount `d`: the fewest members of classes `c..` that may
    /// be left out whose costs add up to exactly `d` ([`UNREACHABLE`] if
    /// none do).
    fewest: Vec<Vec<u32>>,
}

/// An amount no set of members adds up to, in [`Pick::fewest`].
const UNREACHABLE: u32 = u32::MAX;

impl Objective for Pick {
    fn upper(&self, t: &Tables, c: usize, loads: &[u32], bags: &[u16]) -> Option<i64> {
        let m = t.resources();
        let open = t.open[c];
        let left = self.left[c];
        // The room of each open resource that the classes left can fill
        // exactly (whole units: [`Tables::fillable`]).
        let mut room = vec![0u32; m];
        for r in bits(open) {
            room[r] = t.fillable(c, r, capacity(t.points[r]) - loads[r]);
        }
        let fit: u32 = bits(open).map(|r| room[r].min(t.demand[c * m + r])).sum();
        let room_of = |set: u64| bits(set).map(|r| room[r]).sum::<u32>();
        let mut cost = left.min(fit);
        let q = t.families.len();
        for (f, &family) in t.families.iter().enumerate() {
            let inside = t.inside[c * q + f];
            if inside > 0 {
                cost = cost.min(t.suffix_cost[c] - inside + inside.min(room_of(family & open)));
            }
        }
        if cost > 0 {
            let amount = |i: usize| self.hi[i].min(t.classes[i].members.len() as u32) * t.classes[i].cost;
            let mut network = t.network.borrow_mut();
            cost = cost.min(network.max_fit(t, c, &room, amount));
            // Members that must be placed must fit by number too.
            if !network.counts_fit(t, c, bags, |k| self.lo[k] >= t.classes[k].members.len() as u32) {
                return None;
            }
        }
        self.best_drop(c, left - cost)
    }

    fn gain(&self, t: &Tables, c: usize, _loads: &[u32], _bags: &[u16], taken: u32) -> i64 {
        i64::from(taken) * value(t.classes[c].cost, 1)
    }

    fn limits(&mut self, t: &Tables, lo: &[u32], hi: &[u32]) {
        let k = t.classes.len();
        if self.fewest.len() != k + 1 {
            self.lo = vec![u32::MAX; k];
            self.hi = vec![u32::MAX; k];
            self.left = vec![0; k + 1];
            self.count = vec![0; k + 1];
            self.fewest = vec![vec![0]; k + 1];
        }
        // Tables of classes above the last changed one stay as they are.
        let Some(changed) = (0..k).rev().find(|&c| self.lo[c] != lo[c] || self.hi[c] != hi[c]) else { return };
        self.lo[..=changed].copy_from_slice(&lo[..=changed]);
        self.hi[..=changed].copy_from_slice(&hi[..=changed]);
        for c in (0..=changed).rev() {
            let cost = t.classes[c].cost;
            self.left[c] = self.left[c + 1] + hi[c] * cost;
            self.count[c] = self.count[c + 1] + hi[c];
            self.fewest[c] = with_class(&self.fewest[c + 1], cost, hi[c] - lo[c].min(hi[c]));
        }
    }
}

impl Pick {
    /// The best value classes `c..` can add when at least `excess` of the
    /// cost they may take must be left out: leave out the least cost some
    /// members add up to exactly, with the fewest members.
    /// `None` when that much cannot be left out: no completion fits.
    fn best_drop(&self, c: usize, excess: u32) -> Option<i64> {
        let fewest = &self.fewest[c];
        let d = (excess as usize..fewest.len()).find(|&d| fewest[d] != UNREACHABLE)?;
        Some(value(self.left[c] - d as u32, self.count[c] - fewest[d]))
    }
}

/// [`Pick::fewest`] with `count` more members of `cost` that may be left
/// out (a bounded change-making table).
fn with_class(fewest: &[u32], cost: u32, count: u32) -> Vec<u32> {
    let mut out = vec![UNREACHABLE; fewest.len() + (cost * count) as usize];
    for (d, &base) in fewest.iter().enumerate() {
        if base == UNREACHABLE {
            continue;
        }
        for t in 0..=count {
            let at = d + (t * cost) as usize;
            out[at] = out[at].min(base + t);
        }
    }
    out
}
