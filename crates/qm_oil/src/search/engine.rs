//! The one search engine both searches share: depth first over the classes
//! in class order ([`super::classes`]), choosing at each class how many of
//! its members go to each resource it reaches, with a memo of the states
//! already searched.
//!
//! A search maximizes an additive value ([`Objective`]). A *state* is the
//! next class and the bags (units held per cost, [`Tables::costs`]) of the
//! resources later classes still reach (the open ones): a resource's spend
//! depends on how its units divide among its points (OIL-004, ruling 13),
//! not on their sum alone, and a resource takes a unit only when its bag
//! still divides among its points ([`Tables::spent`]). For the open ones: what happened to closed resources is already in the value, so
//! states reached by different paths meet in the memo. The memo keeps, per
//! state, an upper bound on the value its completions can add, learned when
//! its subtree was searched; the objective's own bound is used with it.
//!
//! Each class tries its distributions in *lexicographic order*: as many
//! members as fit on its lowest resource first, then on the next, and so on
//! (the members, handed out in their order, take resources in
//! non-decreasing order). Pruning only drops subtrees that cannot reach the
//! target, so the first plan found of a given value is the lexicographically
//! smallest of that value, read in class order.

use super::classes::Tables;
use crate::spend::capacity;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What a search maximizes.
pub(crate) trait Objective {
    /// An upper bound on the value the completions of the state (next class
    /// `c`, `loads`, `bags` at `r * t.costs.len()`) can add; `None` when
    /// none fits.
    fn upper(&self, t: &Tables, c: usize, loads: &[u32], bags: &[u16]) -> Option<i64>;
    /// The value class `c` adds by placing `taken` members, `loads` and
    /// `bags` already holding them.
    fn gain(&self, t: &Tables, c: usize, loads: &[u32], bags: &[u16], taken: u32) -> i64;
    /// Told the fewest and most members each class places, before a run.
    fn limits(&mut self, _t: &Tables, _lo: &[u32], _hi: &[u32]) {}
}

/// Most states one search remembers, to bound its memory.
const MEMO_LIMIT: usize = 1 << 20;

/// A small fast hasher for the memo (FxHash); only lookups, never
/// iteration, so the output does not depend on it.
#[derive(Default)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Memo = HashMap<Vec<u16>, i64, BuildHasherDefault<Fx>>;

/// A depth-first search over class distributions.
pub(crate) struct Engine<'t, O> {
    t: &'t Tables,
    obj: O,
    caps: Vec<u32>,
    loads: Vec<u32>,
    /// Units held per resource and cost, at `r * t.costs.len() + i`.
    bags: Vec<u16>,
    /// Fewest and most members each class places.
    pub lo: Vec<u32>,
    /// See [`Engine::lo`].
    pub hi: Vec<u32>,
    /// Members per class and resource position, at `offsets[c] + j`.
    counts: Vec<u32>,
    offsets: Vec<usize>,
    best: Option<(i64, Vec<u32>)>,
    target: i64,
    stop_at: i64,
    /// One memo per depth, so a depth's entries can be forgotten.
    memo: Vec<Memo>,
    remembered: usize,
    /// Class nodes visited, over every run.
    pub nodes: u64,
    node_limit: Option<u64>,
    /// Set when the node limit stopped a run.
    pub aborted: bool,
    done: bool,
}

impl<'t, O: Objective> Engine<'t, O> {
    /// An engine placing every member of every class.
    pub(crate) fn new(t: &'t Tables, obj: O, node_limit: Option<u64>) -> Self {
        let k = t.classes.len();
        let mut offsets = Vec::with_capacity(k + 1);
        let mut at = 0;
        for class in &t.classes {
            offsets.push(at);
            at += class.resources.len();
        }
        offsets.push(at);
        let all: Vec<u32> = t.classes.iter().map(|c| c.members.len() as u32).collect();
        Engine {
            t,
            obj,
            caps: t.points.iter().map(|&k| capacity(k)).collect(),
            loads: vec![0; t.resources()],
            bags: vec![0; t.resources() * t.costs.len()],
            lo: all.clone(),
            hi: all,
            counts: vec![0; at],
            offsets,
            best: None,
            target: 0,
            stop_at: 0,
            memo: (0..=k).map(|_| Memo::default()).collect(),
            remembered: 0,
            nodes: 0,
            node_limit,
            aborted: false,
            done: false,
        }
    }

    /// Searches for plans of value at least `target`, keeping the best
    /// (the first found among equals), and stops at one of value `stop_at`
    /// or more. Returns whether a plan was found in this run.
    pub(crate) fn run(&mut self, target: i64, stop_at: i64) -> bool {
        self.target = target;
        self.stop_at = stop_at;
        self.done = false;
        self.best = None;
        self.obj.limits(self.t, &self.lo, &self.hi);
        self.dfs(0, 0);
        self.best.is_some()
    }

    /// The node limit of the runs from now on (over every run, as
    /// [`Engine::nodes`] counts).
    pub(crate) fn limit_nodes(&mut self, node_limit: Option<u64>) -> Option<u64> {
        std::mem::replace(&mut self.node_limit, node_limit)
    }

    /// The objective's bound at the root.
    pub(crate) fn root_upper(&mut self) -> Option<i64> {
        self.obj.limits(self.t, &self.lo, &self.hi);
        self.obj.upper(self.t, 0, &vec![0; self.t.resources()], &vec![0; self.t.resources() * self.t.costs.len()])
    }

    /// The best plan of the last run: its value and the members per class
    /// and resource, at `[c][j]` for the `j`-th resource of class `c`.
    pub(crate) fn best(&self) -> Option<(i64, Vec<Vec<u32>>)> {
        let (value, counts) = self.best.as_ref()?;
        let per_class =
            (0..self.t.classes.len()).map(|c| counts[self.offsets[c]..self.offsets[c + 1]].to_vec()).collect();
        Some((*value, per_class))
    }

    /// Forgets what was learned about states at depths `..=c` (their bounds
    /// may not hold once class `c`'s limits loosen).
    pub(crate) fn forget_to(&mut self, c: usize) {
        for memo in &mut self.memo[..=c.min(self.t.classes.len())] {
            self.remembered -= memo.len();
            memo.clear();
        }
    }

    fn dfs(&mut self, c: usize, acc: i64) {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.aborted = true;
            return;
        }
        if c == self.t.classes.len() {
            self.record(acc);
            return;
        }
        let Some(mut upper) = self.obj.upper(self.t, c, &self.loads, &self.bags) else { return };
        let key = self.key(c);
        if let Some(&known) = self.memo[c].get(&key) {
            upper = upper.min(known);
        }
        if acc + upper < self.target {
            return;
        }
        self.distribute(c, 0, 0, acc);
        if self.done || self.aborted || self.remembered >= MEMO_LIMIT {
            return;
        }
        // Every completion not yet recorded adds less than this.
        let learned = self.target - acc - 1;
        let slot = self.memo[c].entry(key).or_insert_with(|| {
            self.remembered += 1;
            learned
        });
        *slot = (*slot).min(learned);
    }

    /// Places members of class `c` on its resources from position `j` on,
    /// `taken` placed so far, in lexicographic order.
    fn distribute(&mut self, c: usize, j: usize, taken: u32, acc: i64) {
        let t = self.t;
        let class = &t.classes[c];
        let (lo, hi) = (self.lo[c], self.hi[c]);
        if j == class.resources.len() {
            if taken >= lo {
                let gain = self.obj.gain(self.t, c, &self.loads, &self.bags, taken);
                self.dfs(c + 1, acc + gain);
            }
            return;
        }
        let (r, cost) = (class.resources[j], class.cost);
        let fits = (self.caps[r] - self.loads[r]) / cost;
        let most = fits.min(hi - taken);
        let last = j + 1 == class.resources.len();
        let least = if last { lo.saturating_sub(taken) } else { 0 };
        if least > most {
            return;
        }
        let d = t.costs.len();
        let slot = r * d + class.kind;
        for n in (least..=most).rev() {
            self.bags[slot] += n as u16;
            // Whole units only, at most 1.0 to a point (ruling 13).
            if n > 0 && t.spent(r, &[&self.bags[r * d..(r + 1) * d]]).is_none() {
                self.bags[slot] -= n as u16;
                continue;
            }
            self.loads[r] += n * cost;
            self.counts[self.offsets[c] + j] = n;
            self.distribute(c, j + 1, taken + n, acc);
            self.loads[r] -= n * cost;
            self.bags[slot] -= n as u16;
            if self.done || self.aborted {
                return;
            }
        }
    }

    fn record(&mut self, value: i64) {
        if value < self.target {
            return;
        }
        self.best = Some((value, self.counts.clone()));
        if value >= self.stop_at {
            self.done = true;
        } else {
            self.target = value + 1;
        }
    }

    /// The memo key of the state whose next class is `c`: the bags of the
    /// open resources.
    fn key(&self, c: usize) -> Vec<u16> {
        let open = self.t.open[c];
        let d = self.t.costs.len();
        let mut key = Vec::with_capacity(open.count_ones() as usize * d);
        for r in super::classes::bits(open) {
            key.extend_from_slice(&self.bags[r * d..(r + 1) * d]);
        }
        key
    }
}
