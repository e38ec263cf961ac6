//! The exact search for the assignment that spends the fewest oil points
//! (ruling 2), once the units to reorganize are chosen.
//!
//! Branch and bound, depth first, one unit per level. Units are taken in the
//! *search order* (largest cost first, then fewest reachable resources, then
//! lowest id: see [`crate::solve`](mod@crate::solve)), and each unit tries the resources it
//! reaches in input order. Pruning only drops subtrees that cannot hold a plan
//! strictly cheaper than the best found, so the first cheapest plan found is
//! the **lexicographically smallest** vector of resource indices, read in the
//! search order, among all cheapest plans: this is the documented tie-break.
//!
//! The bound at a node (a lower bound on the total of any completion):
//! - the rounded minimum of OIL-004 (the set of units is fixed);
//! - for each resource, the points its current load and the units left that
//!   reach only it force it to spend (OIL-004, rounding per resource);
//! - the cost left must fit in the room left at those levels; each further
//!   point spent adds at most 1.0 of room (ruling 2; the last point of a
//!   resource adds 0.6, since 0.4 of it was free);
//! - the same for each Hall set: the units left whose reach lies inside one
//!   unit's reach must fit in those resources alone.
//!
//! A node whose subtree held nothing within the limit is remembered (by
//! depth, loads and the choices that restrict the rest), so the same state
//! reached by another path is not searched again; limits only fall.
//!
//! Two symmetries are cut without losing the lexicographic minimum: a unit
//! identical to an earlier one (same cost, same reach) never takes a lower
//! resource index than it, and of two interchangeable empty resources (same
//! points, reached by the same units) only the first is tried.

use crate::spend::{capacity, level_capacity, points_spent, rounded_minimum};
use std::collections::HashSet;

/// The outcome of one search.
#[derive(Clone, Debug)]
pub(crate) struct SpendOutcome {
    /// Resource index per unit, in the order the units were given.
    pub assignment: Vec<usize>,
    /// A lower bound on the total of every assignment.
    pub lower_bound: u32,
    /// Points each resource must spend whatever the assignment, from the
    /// units that reach only it (OIL-004).
    pub forced: Vec<u32>,
    /// Whether the search finished (the assignment is optimal).
    pub exact: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Searches the cheapest assignment of `costs`/`masks` (units, in search
/// order) to resources of `points`. `None` when no assignment fits at all.
pub(crate) fn cheapest_assignment(
    costs: &[u32],
    masks: &[u64],
    points: &[u32],
    node_limit: Option<u64>,
) -> Option<SpendOutcome> {
    let mut search = Search::new(costs, masks, points, node_limit);
    let root = search.bound(0)?;
    search.root_bound = root;
    search.limit = points.iter().sum::<u32>();
    search.dfs(0);
    let best = search.best.take()?;
    let total = search.best_total;
    let exact = !search.aborted;
    let forced = (0..points.len()).map(|r| points_spent(search.exclusive[r])).collect();
    Some(SpendOutcome {
        assignment: best.into_iter().map(usize::from).collect(),
        lower_bound: if exact { total } else { root },
        forced,
        exact,
        nodes: search.nodes,
    })
}

/// Tables shared by the search over units `costs`/`masks` and resources.
pub(crate) struct Tables {
    /// Cost of units `i..` (len n + 1).
    pub suffix_cost: Vec<u32>,
    /// Union of the masks of units `i..` (len n + 1).
    pub suffix_union: Vec<u64>,
    /// Earlier unit with the same cost and mask, if any.
    pub prev_same: Vec<Option<usize>>,
    /// Previous resource interchangeable with this one, if any.
    pub prev_twin: Vec<Option<usize>>,
    /// For each `i`: the earlier units whose choice restricts units `i..`
    /// through `prev_same` (part of a node's memo key).
    pub boundary: Vec<Vec<usize>>,
    /// Hall sets: the distinct reach masks of the units, and the tightest
    /// unions of them ([`tight_sets`]). Units whose reach lies inside one
    /// must fit in its resources.
    pub families: Vec<u64>,
    /// Cost of units `i..` whose mask lies inside family `f`, at
    /// `i * families.len() + f`.
    pub inside_suffix: Vec<u32>,
}

impl Tables {
    pub(crate) fn new(costs: &[u32], masks: &[u64], points: &[u32]) -> Self {
        let n = costs.len();
        let mut suffix_cost = vec![0u32; n + 1];
        let mut suffix_union = vec![0u64; n + 1];
        for i in (0..n).rev() {
            suffix_cost[i] = suffix_cost[i + 1] + costs[i];
            suffix_union[i] = suffix_union[i + 1] | masks[i];
        }
        let prev_same: Vec<Option<usize>> =
            (0..n).map(|i| (0..i).rev().find(|&j| costs[j] == costs[i] && masks[j] == masks[i])).collect();
        let reached_by = |r: usize| -> Vec<bool> { masks.iter().map(|m| m >> r & 1 == 1).collect() };
        let columns: Vec<Vec<bool>> = (0..points.len()).map(reached_by).collect();
        let prev_twin = (0..points.len())
            .map(|r| (0..r).rev().find(|&q| points[q] == points[r] && columns[q] == columns[r]))
            .collect();
        let mut families: Vec<u64> = masks.to_vec();
        families.extend(tight_sets(costs, masks, points));
        families.sort_unstable();
        families.dedup();
        let q = families.len();
        let mut inside_suffix = vec![0u32; (n + 1) * q];
        for i in (0..n).rev() {
            for (f, &family) in families.iter().enumerate() {
                let inside = if masks[i] & !family == 0 { costs[i] } else { 0 };
                inside_suffix[i * q + f] = inside_suffix[(i + 1) * q + f] + inside;
            }
        }
        let boundary = boundaries(&prev_same);
        Tables { suffix_cost, suffix_union, prev_same, prev_twin, boundary, families, inside_suffix }
    }
}

struct Search<'a> {
    costs: &'a [u32],
    masks: &'a [u64],
    points: &'a [u32],
    tables: Tables,
    /// Cost of units `i..` that reach only resource `r`, at `i * m + r`.
    exclusive_suffix: Vec<u32>,
    /// Cost of all units that reach only resource `r`.
    exclusive: Vec<u32>,
    minimum: u32,
    loads: Vec<u32>,
    choice: Vec<u8>,
    best: Option<Vec<u8>>,
    best_total: u32,
    /// Totals above this are pruned: one less than the best found.
    limit: u32,
    root_bound: u32,
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
    done: bool,
    /// Nodes whose subtree held nothing within the limit of the time
    /// (limits only fall, so they never will).
    failed: HashSet<Vec<u32>>,
}

impl<'a> Search<'a> {
    fn new(costs: &'a [u32], masks: &'a [u64], points: &'a [u32], node_limit: Option<u64>) -> Self {
        let (n, m) = (costs.len(), points.len());
        let mut exclusive_suffix = vec![0u32; (n + 1) * m];
        for i in (0..n).rev() {
            for r in 0..m {
                exclusive_suffix[i * m + r] = exclusive_suffix[(i + 1) * m + r];
            }
            if masks[i].count_ones() == 1 {
                let r = masks[i].trailing_zeros() as usize;
                exclusive_suffix[i * m + r] += costs[i];
            }
        }
        let exclusive = exclusive_suffix[..m].to_vec();
        Search {
            costs,
            masks,
            points,
            tables: Tables::new(costs, masks, points),
            exclusive_suffix,
            exclusive,
            minimum: rounded_minimum(costs.iter().sum()),
            loads: vec![0; m],
            choice: vec![0; n],
            best: None,
            best_total: 0,
            limit: 0,
            root_bound: 0,
            nodes: 0,
            node_limit,
            aborted: false,
            done: false,
            failed: HashSet::new(),
        }
    }

    /// A lower bound on the total of every completion of the current node
    /// whose next unit is `i`; `None` if no completion fits.
    fn bound(&self, i: usize) -> Option<u32> {
        let m = self.points.len();
        let union = self.tables.suffix_union[i];
        let (mut levels, mut room, mut tens, mut sixes) = (0u32, 0u32, 0u32, 0u32);
        for r in 0..m {
            let k = self.points[r];
            let load = self.loads[r];
            let need = load + self.exclusive_suffix[i * m + r];
            if need > capacity(k) {
                return None;
            }
            let level = points_spent(need);
            levels += level;
            if union >> r & 1 == 1 {
                room += level_capacity(level, k) - load;
                if level < k {
                    tens += k - level - 1;
                    sixes += 1;
                }
            }
        }
        let mut extra = extra_levels(self.tables.suffix_cost[i], room, tens, sixes)?;
        let q = self.tables.families.len();
        for (f, &family) in self.tables.families.iter().enumerate() {
            let inside = self.tables.inside_suffix[i * q + f];
            if inside > 0 {
                extra = extra.max(self.family_extra(i, family, inside)?);
            }
        }
        Some(self.minimum.max(levels + extra))
    }

    /// Further points the resources of `family` must spend so the units
    /// `i..` that reach only them, costing `inside`, fit (Hall's condition).
    fn family_extra(&self, i: usize, family: u64, inside: u32) -> Option<u32> {
        let m = self.points.len();
        let (mut room, mut tens, mut sixes) = (0u32, 0u32, 0u32);
        let mut bits = family;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let k = self.points[r];
            let level = points_spent(self.loads[r] + self.exclusive_suffix[i * m + r]);
            room += level_capacity(level, k) - self.loads[r];
            if level < k {
                tens += k - level - 1;
                sixes += 1;
            }
        }
        extra_levels(inside, room, tens, sixes)
    }

    fn dfs(&mut self, i: usize) {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.aborted = true;
            return;
        }
        if i == self.costs.len() {
            self.record_leaf();
            return;
        }
        match self.bound(i) {
            Some(b) if b <= self.limit => {}
            _ => return,
        }
        let key = memo_key(i, 0, &self.loads, &self.choice, &self.tables.boundary[i]);
        if self.failed.contains(&key) {
            return;
        }
        let had = self.best.is_some();
        let found = self.best_total;
        self.branch(i);
        let improved = self.best.is_some() != had || self.best_total != found;
        if !improved && !self.aborted && self.failed.len() < MEMO_LIMIT {
            self.failed.insert(key);
        }
    }

    /// Tries each resource unit `i` may take, in input order.
    fn branch(&mut self, i: usize) {
        let floor = self.tables.prev_same[i].map_or(0, |j| usize::from(self.choice[j]));
        let mut mask = self.masks[i] >> floor << floor;
        while mask != 0 {
            let r = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if !self.may_take(r, self.costs[i]) {
                continue;
            }
            self.loads[r] += self.costs[i];
            self.choice[i] = r as u8;
            self.dfs(i + 1);
            self.loads[r] -= self.costs[i];
            if self.done || self.aborted {
                return;
            }
        }
    }

    /// Whether the next unit, of `cost`, may go to resource `r`: it fits
    /// (ruling 2), and `r` is not an empty twin of an empty earlier resource.
    fn may_take(&self, r: usize, cost: u32) -> bool {
        if self.loads[r] + cost > capacity(self.points[r]) {
            return false;
        }
        let empty_twin = self.tables.prev_twin[r].is_some_and(|q| self.loads[q] == 0);
        !(empty_twin && self.loads[r] == 0)
    }

    fn record_leaf(&mut self) {
        let spent: u32 = self.loads.iter().map(|&l| points_spent(l)).sum();
        let total = spent.max(self.minimum);
        if total > self.limit {
            return;
        }
        self.best = Some(self.choice.clone());
        self.best_total = total;
        // Only a strictly cheaper plan can replace this one.
        self.limit = total.saturating_sub(1);
        if total <= self.root_bound || total == 0 {
            self.done = true;
        }
    }
}

/// The fewest further points that give `deficit = cost - room` more room,
/// given `tens` upgrades of 1.0 and `sixes` of 0.6 (the last point of each
/// resource, ruling 2); `None` if even all of them are not enough.
fn extra_levels(cost: u32, room: u32, tens: u32, sixes: u32) -> Option<u32> {
    if cost <= room {
        return Some(0);
    }
    let deficit = cost - room;
    let by_tens = deficit.div_ceil(10);
    if by_tens <= tens {
        return Some(by_tens);
    }
    let by_sixes = (deficit - 10 * tens).div_ceil(6);
    (by_sixes <= sixes).then_some(tens + by_sixes)
}

/// Resources sets enumerated exhaustively up to this many resources.
const TIGHT_SET_RESOURCES: usize = 14;
/// How many of the tightest sets are kept, per measure.
const TIGHT_SETS: usize = 8;

/// The sets of resources whose inside units most exceed their room: by full
/// capacity (what [`crate::select`] cannot place) and by free room, 0.4 per
/// resource (what forces points to be spent). Hall's theorem: these are the
/// sets that bound the searches; found once by enumerating every subset
/// when there are at most [`TIGHT_SET_RESOURCES`] resources.
fn tight_sets(costs: &[u32], masks: &[u64], points: &[u32]) -> Vec<u64> {
    let m = points.len();
    if m == 0 || m > TIGHT_SET_RESOURCES {
        return Vec::new();
    }
    let size = 1usize << m;
    let mut inside = vec![0u32; size];
    for (&c, &mask) in costs.iter().zip(masks) {
        inside[mask as usize] += c;
    }
    for bit in 0..m {
        for set in 0..size {
            if set >> bit & 1 == 1 {
                inside[set] += inside[set ^ (1 << bit)];
            }
        }
    }
    let mut full = Vec::new();
    let mut free = Vec::new();
    for (set, &demand) in inside.iter().enumerate().skip(1) {
        let members = (0..m).filter(|&r| set >> r & 1 == 1);
        let (cap, room): (u32, u32) =
            members.fold((0, 0), |(c, f), r| (c + capacity(points[r]), f + level_capacity(0, points[r])));
        if demand > cap {
            full.push((demand - cap, set as u64));
        }
        if demand > room {
            free.push((demand - room, set as u64));
        }
    }
    let mut out = Vec::new();
    for mut list in [full, free] {
        list.sort_unstable_by_key(|&(excess, set)| (std::cmp::Reverse(excess), set.count_ones(), set));
        out.extend(list.into_iter().take(TIGHT_SETS).map(|(_, set)| set));
    }
    out
}

/// For each `i`, the units `j < i` that are the `prev_same` of some unit
/// `>= i`, ascending.
fn boundaries(prev_same: &[Option<usize>]) -> Vec<Vec<usize>> {
    let n = prev_same.len();
    (0..=n)
        .map(|i| {
            let mut refs: Vec<usize> = prev_same[i..].iter().flatten().copied().filter(|&j| j < i).collect();
            refs.sort_unstable();
            refs.dedup();
            refs
        })
        .collect()
}

/// Most nodes remembered as failed by one search, to bound its memory.
pub(crate) const MEMO_LIMIT: usize = 1 << 20;

/// A node's memo key: depth, units taken, loads, and the choices of the
/// earlier units that restrict the rest (see [`Tables::boundary`]).
pub(crate) fn memo_key(i: usize, taken: u32, loads: &[u32], choice: &[u8], boundary: &[usize]) -> Vec<u32> {
    let mut key = Vec::with_capacity(2 + loads.len() + boundary.len());
    key.push(i as u32);
    key.push(taken);
    key.extend_from_slice(loads);
    key.extend(boundary.iter().map(|&j| u32::from(choice[j])));
    key
}
