//! The exact search behind the default plan (SUP-103): which zone gets a
//! line from which origin, over every legal combination of origins,
//! transports and chains, as a problem of its own so that it can be tested
//! against brute force.
//!
//! A plan gives each zone that can take a line at most one of its options
//! (SUP-094, SUP-097). It is legal if no transport pool is overdrawn
//! (SUP-078..082), no port both receives and sends (SUP-071, SUP-074),
//! every port that has no supply of its own sends only what a line into
//! its zone lands there (SUP-072, SUP-085), no lines feed each other in a
//! cycle (they are resolved in order, SUP-121, so a cycle feeds nothing),
//! every line carries some supply, and no zone gets at post-combat
//! determination a line it declined at initial (SUP-139..141).
//!
//! Plans are ranked by [`Score`]: most ground units fully supplied, then
//! most zones fully supplied, then most zones supplied at all, then fewest
//! transports, then fewest lines; among plans equal in all five, the first
//! in the order where each zone's options come in their listed order (best
//! origin first) and "no line" after them, zones in map order.
//!
//! The search is a depth-first branch and bound over the zones in order. It
//! starts from a known plan (the greedy one) if that plan is legal, and
//! stops after [`SEARCH_LIMIT`] partial plans: on maps where that bound is
//! reached the plan is the best found so far, never worse than the plan it
//! started from.

use qm_core::ids::{NodeId, Tier};
use std::cmp::{Ordering, Reverse};
use std::collections::BTreeMap;

/// Most partial plans the search visits before it keeps the best found.
pub const SEARCH_LIMIT: u64 = 2_000_000;

/// One way to give a zone a line: from `origin` to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanOption {
    /// Where the line starts (a box or a port).
    pub origin: NodeId,
    /// Where it lands.
    pub to: NodeId,
    /// The places it lands supply at: `to` and the islands of its group
    /// (SUP-099). None of them may send a line (SUP-071).
    pub lands: Vec<NodeId>,
    /// The zone (an index into [`PlanProblem::zones`]) of the origin, if a
    /// line into it can raise what the origin sends (SUP-085).
    pub origin_zone: Option<usize>,
    /// What the origin sends to `to` of its own supply (SUP-081, SUP-086).
    pub own: Option<Tier>,
    /// The origin is a port with no supply of its own: it may send only
    /// what a line into its zone lands there (SUP-072, SUP-085).
    pub needs_feed: bool,
    /// The transport pool the line uses (an index into
    /// [`PlanProblem::pools`]).
    pub pool: Option<usize>,
    /// Whether the line may carry partial, and full, supply at post-combat
    /// determination (SUP-139..141); `[true, true]` at initial.
    pub allowed: [bool; 2],
}

/// A zone that can take a line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanZone {
    /// Its supply by land, before any line (the worst of its landing
    /// places).
    pub base: Option<Tier>,
    /// Ground units of the side in it that are not fully supplied by land:
    /// fully supplied if the zone is.
    pub units: u32,
    /// Its options, best first.
    pub options: Vec<PlanOption>,
}

/// The problem the default plan solves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanProblem {
    /// Zones in map order.
    pub zones: Vec<PlanZone>,
    /// Transports left in each pool.
    pub pools: Vec<u32>,
    /// What an origin sends to a landing place of its own supply, for
    /// origins that feed a chain (SUP-081: a limited origin may not reach
    /// every landing place); a pair not listed sends nothing.
    pub into: BTreeMap<(NodeId, NodeId), Tier>,
}

/// How good a plan is: compared field by field, greater is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score {
    /// Ground units fully supplied (of those not fully supplied by land).
    pub units_full: u32,
    /// Zones fully supplied.
    pub zones_full: u32,
    /// Zones supplied at all.
    pub zones_supplied: u32,
    /// Transports used (fewer is better).
    pub transports: Reverse<u32>,
    /// Lines traced (fewer is better).
    pub lines: Reverse<u32>,
}

/// A plan: per zone, the index of its option, or `None` for no line.
pub type Assignment = Vec<Option<usize>>;

/// The best plan and its score, with how many partial plans were visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The plan.
    pub assignment: Assignment,
    /// Its score.
    pub score: Score,
    /// Partial plans visited.
    pub visited: u64,
    /// Whether the search stopped at [`SEARCH_LIMIT`].
    pub bounded: bool,
}

impl PlanProblem {
    fn option(&self, a: &[Option<usize>], z: usize) -> Option<&PlanOption> {
        a.get(z).copied().flatten().and_then(|i| self.zones.get(z)?.options.get(i))
    }

    fn sent_tier(&self, from: NodeId, to: NodeId) -> Option<Tier> {
        self.into.get(&(from, to)).copied()
    }

    /// What the line of zone `z` lands, given the whole plan `a`: what its
    /// origin holds of its own, or what the lines into the origin's zone
    /// landed there, each at most what the line before it carried (SUP-085),
    /// of the supply the chain's first origin may send to `to` (SUP-081).
    /// `None` for no line, a line that carries nothing, or a chain that
    /// loops.
    #[must_use]
    pub fn line_tier(&self, a: &[Option<usize>], z: usize) -> Option<Tier> {
        if self.loops(a, z) {
            return None;
        }
        self.tier_of(a, z, 0)
    }

    /// [`PlanProblem::line_tier`] of a chain known not to loop.
    fn tier_of(&self, a: &[Option<usize>], z: usize, depth: usize) -> Option<Tier> {
        let opt = self.option(a, z)?;
        if depth > self.zones.len() {
            return None;
        }
        let mut best = if opt.needs_feed { None } else { opt.own };
        let mut cap = Some(Tier::Full);
        let mut cur = opt.origin_zone;
        while let Some(f) = cur {
            let Some(feed) = self.option(a, f) else { break };
            cap = cap.min(self.tier_of(a, f, depth + 1));
            best = best.max(cap.min(self.sent_tier(feed.origin, opt.to)));
            cur = feed.origin_zone;
        }
        best
    }

    /// Whether the chain of lines feeding zone `z`'s line comes back to a
    /// zone already on it.
    fn loops(&self, a: &[Option<usize>], z: usize) -> bool {
        let mut seen = vec![z];
        let mut cur = self.option(a, z).and_then(|o| o.origin_zone);
        while let Some(f) = cur {
            if seen.contains(&f) {
                return true;
            }
            seen.push(f);
            cur = self.option(a, f).and_then(|o| o.origin_zone);
        }
        false
    }

    /// The score of a complete plan, or `None` if it is not legal.
    #[must_use]
    pub fn evaluate(&self, a: &[Option<usize>]) -> Option<Score> {
        if a.len() != self.zones.len() {
            return None;
        }
        let mut used = vec![0u32; self.pools.len()];
        let chosen: Vec<(usize, &PlanOption)> =
            (0..a.len()).filter_map(|z| self.option(a, z).map(|o| (z, o))).collect();
        if chosen.len() != a.iter().flatten().count() {
            return None;
        }
        for (_, o) in &chosen {
            if let Some(p) = o.pool {
                *used.get_mut(p)? += 1;
            }
            // SUP-071: a port may not both receive and send.
            if chosen.iter().any(|(_, r)| r.lands.contains(&o.origin)) {
                return None;
            }
            // SUP-072, SUP-085: a port without supply sends only what a
            // line into its zone lands.
            if o.needs_feed && o.origin_zone.is_none_or(|f| self.option(a, f).is_none()) {
                return None;
            }
        }
        if used.iter().zip(&self.pools).any(|(u, p)| u > p) {
            return None;
        }
        let mut score = Score {
            units_full: 0,
            zones_full: 0,
            zones_supplied: 0,
            transports: Reverse(used.iter().sum()),
            lines: Reverse(chosen.len() as u32),
        };
        for (z, zone) in self.zones.iter().enumerate() {
            let mut tier = zone.base;
            if let Some(o) = self.option(a, z) {
                let t = self.line_tier(a, z)?;
                // SUP-139..141: a line at post-combat determination only
                // where it is allowed.
                if !o.allowed[usize::from(t == Tier::Full)] {
                    return None;
                }
                tier = tier.max(Some(t));
            }
            add_zone(&mut score, zone, tier);
        }
        Some(score)
    }

    /// The best plan (see the module's documentation), starting from
    /// `start` if it is a legal plan.
    #[must_use]
    pub fn solve(&self, start: Option<&[Option<usize>]>) -> Solution {
        let mut s = Search {
            p: self,
            optimistic: self.zones.iter().map(|z| self.optimistic(z)).collect(),
            prefix: Vec::with_capacity(self.zones.len()),
            used: vec![0; self.pools.len()],
            best: None,
            visited: 0,
        };
        if let Some(a) = start
            && let Some(sc) = self.evaluate(a)
        {
            s.best = Some((sc, a.to_vec()));
        }
        s.descend();
        let bounded = s.visited >= SEARCH_LIMIT;
        let (score, assignment) = s.best.unwrap_or_else(|| {
            let none = vec![None; self.zones.len()];
            (self.evaluate(&none).unwrap_or_else(|| self.empty_score()), none)
        });
        Solution { assignment, score, visited: s.visited, bounded }
    }

    fn empty_score(&self) -> Score {
        let mut score =
            Score { units_full: 0, zones_full: 0, zones_supplied: 0, transports: Reverse(0), lines: Reverse(0) };
        for z in &self.zones {
            add_zone(&mut score, z, z.base);
        }
        score
    }

    /// The most each option of a zone could land: its own supply, or full
    /// if a chain may feed it.
    fn optimistic(&self, z: &PlanZone) -> Vec<Option<Tier>> {
        z.options
            .iter()
            .map(|o| {
                let chained = o.origin_zone.is_some_and(|f| self.zones.get(f).is_some_and(|g| !g.options.is_empty()));
                let own = if o.needs_feed { None } else { o.own };
                let t = if chained { Some(Tier::Full) } else { own };
                // A tier the line may not carry at post-combat.
                match t {
                    Some(Tier::Full) if !o.allowed[1] => o.allowed[0].then_some(Tier::Partial),
                    Some(Tier::Partial) if !o.allowed[0] => None,
                    t => t,
                }
            })
            .collect()
    }
}

/// Counts a zone supplied at `tier` into `score`.
fn add_zone(score: &mut Score, zone: &PlanZone, tier: Option<Tier>) {
    if tier == Some(Tier::Full) {
        score.units_full += zone.units;
        score.zones_full += 1;
    }
    if tier.is_some() {
        score.zones_supplied += 1;
    }
}

/// The state of the depth-first search.
struct Search<'p> {
    p: &'p PlanProblem,
    /// Per zone, per option, the most it could land.
    optimistic: Vec<Vec<Option<Tier>>>,
    prefix: Vec<Option<usize>>,
    used: Vec<u32>,
    best: Option<(Score, Assignment)>,
    visited: u64,
}

impl Search<'_> {
    fn descend(&mut self) {
        self.visited += 1;
        if self.visited >= SEARCH_LIMIT || !self.promising() {
            return;
        }
        let z = self.prefix.len();
        if z == self.p.zones.len() {
            self.leaf();
            return;
        }
        let n = self.p.zones[z].options.len();
        for i in (0..n).map(Some).chain(std::iter::once(None)) {
            let pool = i.and_then(|i| self.p.zones[z].options[i].pool);
            if let Some(pl) = pool {
                if self.used[pl] >= self.p.pools[pl] {
                    continue;
                }
                self.used[pl] += 1;
            }
            self.prefix.push(i);
            self.descend();
            self.prefix.pop();
            if let Some(pl) = pool {
                self.used[pl] -= 1;
            }
        }
    }

    fn leaf(&mut self) {
        let Some(score) = self.p.evaluate(&self.prefix) else { return };
        let better = match &self.best {
            None => true,
            Some((s, a)) => match score.cmp(s) {
                Ordering::Greater => true,
                Ordering::Equal => rank(&self.prefix, self.p) < rank(a, self.p),
                Ordering::Less => false,
            },
        };
        if better {
            self.best = Some((score, self.prefix.clone()));
        }
    }

    /// Whether a completion of the prefix could beat the best plan so far.
    fn promising(&self) -> bool {
        let Some((best, best_a)) = &self.best else { return true };
        let k = self.prefix.len();
        let mut bound = Score {
            units_full: 0,
            zones_full: 0,
            zones_supplied: 0,
            transports: Reverse(self.used.iter().sum()),
            lines: Reverse(self.prefix.iter().flatten().count() as u32),
        };
        for (z, zone) in self.p.zones.iter().enumerate() {
            let line = if z < k {
                self.prefix[z].and_then(|i| self.optimistic[z][i])
            } else {
                self.optimistic[z].iter().copied().max().flatten()
            };
            add_zone(&mut bound, zone, zone.base.max(line));
        }
        match bound.cmp(best) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => rank(&self.prefix, self.p) <= rank(&best_a[..k], self.p),
        }
    }
}

/// The tie-break order of a (partial) plan: each zone's option index, "no
/// line" after every option.
fn rank(a: &[Option<usize>], p: &PlanProblem) -> Vec<usize> {
    a.iter().zip(&p.zones).map(|(c, z)| c.unwrap_or(z.options.len())).collect()
}
