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
//! (OIL-003) without any resource taking more than 1.0 per oil point it holds
//! (ruling 2). Which resources are then spent is [`crate::search`]'s job.
//!
//! Branch and bound, depth first, over the units in priority order: each unit
//! first tries the resources it reaches in input order, then being left out.
//! Subtrees that cannot beat the best set found on (cost, count), or that tie
//! on it but already lose on priority, are pruned; the search ends early only
//! when every unit fits. Symmetries cut: of
//! identical units (same cost, same reach) the earlier is never left out for
//! the later and never takes a higher resource index; of interchangeable
//! empty resources only the first is tried.

use crate::search::{MEMO_LIMIT, Tables, memo_key};
use crate::spend::capacity;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Marks a unit left out in a choice vector.
const LEFT_OUT: u8 = u8::MAX;

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

/// Chooses the units to reorganize among `costs`/`masks` (units in priority
/// order, each reaching at least one resource) for resources of `points`.
pub(crate) fn best_selection(costs: &[u32], masks: &[u64], points: &[u32], node_limit: Option<u64>) -> Selection {
    let mut search = Select::new(costs, masks, points, node_limit);
    search.dfs(0);
    let assignment = match &search.best {
        Some(best) => best.iter().map(|&c| (c != LEFT_OUT).then_some(usize::from(c))).collect(),
        None => vec![None; costs.len()],
    };
    Selection { assignment, exact: !search.aborted, nodes: search.nodes }
}

struct Select<'a> {
    costs: &'a [u32],
    masks: &'a [u64],
    caps: Vec<u32>,
    tables: Tables,
    /// Cost of units `i..` that reach resource `r`, at `i * m + r`.
    demand_suffix: Vec<u32>,
    /// Costs of units `i..`, sorted ascending, for the count bound.
    sorted_suffix: Vec<Vec<u32>>,
    loads: Vec<u32>,
    choice: Vec<u8>,
    value: (u32, u32),
    best: Option<Vec<u8>>,
    best_value: (u32, u32),
    nodes: u64,
    node_limit: Option<u64>,
    aborted: bool,
    done: bool,
    /// Set when a leaf replaced the best set since it was last cleared.
    improved: bool,
    /// Nodes whose subtree could not beat the best set of the time, with
    /// the choices before them: a node with the same key whose units so far
    /// do not win on priority cannot beat it either.
    failed: HashMap<Vec<u32>, Vec<u8>>,
}

impl<'a> Select<'a> {
    fn new(costs: &'a [u32], masks: &'a [u64], points: &[u32], node_limit: Option<u64>) -> Self {
        let (n, m) = (costs.len(), points.len());
        let mut demand_suffix = vec![0u32; (n + 1) * m];
        let mut sorted_suffix = vec![Vec::new(); n + 1];
        for i in (0..n).rev() {
            for r in 0..m {
                let hit = if masks[i] >> r & 1 == 1 { costs[i] } else { 0 };
                demand_suffix[i * m + r] = demand_suffix[(i + 1) * m + r] + hit;
            }
            let mut sorted = sorted_suffix[i + 1].clone();
            let at = sorted.partition_point(|&c| c < costs[i]);
            sorted.insert(at, costs[i]);
            sorted_suffix[i] = sorted;
        }
        Select {
            costs,
            masks,
            caps: points.iter().map(|&k| capacity(k)).collect(),
            tables: Tables::new(costs, masks, points),
            demand_suffix,
            sorted_suffix,
            loads: vec![0; m],
            choice: vec![LEFT_OUT; n],
            value: (0, 0),
            best: None,
            best_value: (0, 0),
            nodes: 0,
            node_limit,
            aborted: false,
            done: false,
            improved: false,
            failed: HashMap::new(),
        }
    }

    /// An upper bound on (cost, count) of every completion of the current
    /// node whose next unit is `i`.
    fn bound(&self, i: usize) -> (u32, u32) {
        let m = self.caps.len();
        let room: u32 = (0..m).map(|r| (self.caps[r] - self.loads[r]).min(self.demand_suffix[i * m + r])).sum();
        let left = self.tables.suffix_cost[i];
        let cost = (left - self.hall_excess(i)).min(room);
        (self.value.0 + cost, self.value.1 + count_bound(&self.sorted_suffix[i], left - cost))
    }

    /// The most cost of units `i..` that cannot fit whatever is done: for a
    /// Hall set (one unit's reach), what the units reaching only inside it
    /// cost beyond the room left in it (ruling 2).
    fn hall_excess(&self, i: usize) -> u32 {
        let q = self.tables.families.len();
        let mut worst = 0;
        for (f, &family) in self.tables.families.iter().enumerate() {
            let inside = self.tables.inside_suffix[i * q + f];
            if inside <= worst {
                continue;
            }
            let mut room = 0u32;
            let mut bits = family;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                room += self.caps[r] - self.loads[r];
            }
            worst = worst.max(inside.saturating_sub(room));
        }
        worst
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
        if self.cannot_beat(i) {
            return;
        }
        let key = memo_key(i, self.value.1, &self.loads, &self.choice, &self.tables.boundary[i]);
        if self.failed.get(&key).is_some_and(|p| priority_cmp(&self.choice[..i], p) != Ordering::Greater) {
            return;
        }
        let outer = std::mem::replace(&mut self.improved, false);
        self.branch(i);
        if !self.improved && !self.aborted && !self.done && self.failed.len() < MEMO_LIMIT {
            self.failed.insert(key, self.choice[..i].to_vec());
        }
        // The enclosing subtree improved if this one did.
        self.improved |= outer;
    }

    /// Tries each resource unit `i` may take, in input order, then leaving
    /// it out.
    fn branch(&mut self, i: usize) {
        let prev = self.tables.prev_same[i].map(|j| self.choice[j]);
        if prev != Some(LEFT_OUT) {
            self.try_resources(i, prev.map_or(0, usize::from));
            if self.done || self.aborted {
                return;
            }
        }
        self.choice[i] = LEFT_OUT;
        self.dfs(i + 1);
    }

    fn try_resources(&mut self, i: usize, floor: usize) {
        let cost = self.costs[i];
        let mut mask = self.masks[i] >> floor << floor;
        while mask != 0 {
            let r = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.loads[r] + cost > self.caps[r] {
                continue;
            }
            let empty_twin = self.tables.prev_twin[r].is_some_and(|q| self.loads[q] == 0);
            if empty_twin && self.loads[r] == 0 {
                continue;
            }
            self.loads[r] += cost;
            self.value = (self.value.0 + cost, self.value.1 + 1);
            self.choice[i] = r as u8;
            self.dfs(i + 1);
            self.loads[r] -= cost;
            self.value = (self.value.0 - cost, self.value.1 - 1);
            if self.done || self.aborted {
                return;
            }
        }
    }

    /// Whether no completion of the node whose next unit is `i` can beat
    /// the best set: its (cost, count) bound is lower, or equal with the
    /// units before `i` already losing on priority.
    fn cannot_beat(&self, i: usize) -> bool {
        let Some(best) = &self.best else {
            return false;
        };
        match self.bound(i).cmp(&self.best_value) {
            Ordering::Less => true,
            Ordering::Equal => priority_cmp(&self.choice[..i], &best[..i]) == Ordering::Less,
            Ordering::Greater => false,
        }
    }

    fn record_leaf(&mut self) {
        if let Some(best) = &self.best {
            let order = self.value.cmp(&self.best_value).then_with(|| priority_cmp(&self.choice, best));
            if order != Ordering::Greater {
                return;
            }
        }
        self.best = Some(self.choice.clone());
        self.best_value = self.value;
        self.improved = true;
        // Everyone in: nothing can beat it. Otherwise a set of the same cost
        // and count may still win on priority, found later in the search.
        if self.value.1 as usize == self.costs.len() {
            self.done = true;
        }
    }
}

/// The most units of `sorted` (costs, ascending) that can be taken when at
/// least `excess` of their cost must be left out: the fewest left out are
/// the most expensive.
fn count_bound(sorted: &[u32], excess: u32) -> u32 {
    let mut dropped = 0u32;
    let mut left_out = 0usize;
    for &c in sorted.iter().rev() {
        if dropped >= excess {
            break;
        }
        dropped += c;
        left_out += 1;
    }
    (sorted.len() - left_out) as u32
}

/// Compares two choices on priority: the first unit in priority order that
/// one takes and the other leaves out decides (taking it is greater).
fn priority_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let taken = |c: &u8| *c != LEFT_OUT;
    a.iter().map(taken).cmp(b.iter().map(taken))
}
