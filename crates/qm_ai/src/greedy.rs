//! The `greedy` policy: supply-aware one-ply play.
//!
//! For each unit it scores every legal order and gives the best one if it
//! beats standing still:
//! - attacking at the best odds: attacks on one hex are one combat, so the
//!   combat phase is planned per hex ([`crate::attack`]): groups of units,
//!   valued by the scenario's own table with every shift and supply
//!   modifier, committed best first while worth it;
//! - advancing on the nearest enemy-held objective (weighted most) and the
//!   nearest enemy unit (two multi-source `qm_trace::bfs_distances` over
//!   land);
//! - taking enemy hexes (control decides supply lines, SUP-055..060), more
//!   for objectives;
//! - keeping its own units supplied: not ending next to no own supplied
//!   hex (SUP-011), and moving a unit out of supply back towards it;
//! - cutting enemy supply and closing pockets: the best few candidates are
//!   played on a search copy of the game (`Seat::search_copy`: a fork with
//!   dice of its own; none under fog) and the engine's own supply
//!   determination is run there for the enemy (rule 30); each enemy unit it
//!   would leave isolated or partially supplied adds to the order's score;
//! - logistics, one atomic choice at a time ([`Policy::decide`]): each of
//!   the first choices listed, and passing, is played on a search copy
//!   with the phase run, and the best evaluated wins
//!   ([`crate::logistics::best_choice`]).

use crate::eval::weights;
use crate::legal::{actor, by_unit, destination};
use crate::policy::Policy;
use crate::seat::Seat;
use qm_game::{DeterminationKind, Game, NodeId, NodeSlice, NodeVec, Observation, Order, Orders, Side, UnitStatus};
use qm_trace::EdgeKinds;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Points per hex of advance towards the nearest enemy-held objective.
const ADVANCE: i64 = 10;
/// Points per hex of advance towards the nearest enemy unit.
const CLOSE: i64 = 4;
/// Points per hex of advance towards the nearest enemy unit on home ground
/// (within [`HUNT_RANGE`]).
const HUNT: i64 = 14;
/// How far greedy turns back to hunt an enemy unit on its home ground.
const HUNT_RANGE: u32 = 8;
/// Points for attacking an enemy unit on home ground, per die face won.
const INTRUDER: i64 = 40;
/// Points for taking an objective, on top of [`CAPTURE`].
const OBJECTIVE: i64 = 60;
/// Score of an attack the combat plan commits, on top of its value: above
/// any move, so that planned groups hold together.
const PLANNED: i64 = 1_000;
/// Points for taking an enemy hex.
const CAPTURE: i64 = 12;
/// Points lost for ending where no own supplied hex is adjacent.
const OUT_OF_SUPPLY: i64 = 50;

/// The greedy policy; `lookahead` is how many candidate orders per phase
/// are checked on a search copy with the engine's supply determination.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    /// Candidates checked on a search copy per phase.
    pub lookahead: usize,
    /// Logistics choices weighed on search copies per step, at most (the
    /// first ones listed; `crate::logistics`).
    pub logistics_width: usize,
}

impl Default for Greedy {
    fn default() -> Self {
        Self { lookahead: 4, logistics_width: 16 }
    }
}

/// One scored order.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The order.
    pub order: Order,
    /// Its score, in [`weights`] points.
    pub score: i64,
}

impl Policy for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, seat: &Seat<'_>, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Order> {
        plan(&self.ranked(seat, legal, rng))
    }

    fn decide(&mut self, seat: &Seat<'_>, choices: &[Order], rng: &mut ChaCha8Rng) -> Option<Order> {
        crate::logistics::best_choice(seat, choices, self.logistics_width, rng)
    }
}

impl Greedy {
    /// Every legal order with its score, grouped by unit (see
    /// [`by_unit`]), each group best first (ties keep the legal order's
    /// order).
    #[must_use]
    pub fn ranked(&self, seat: &Seat<'_>, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Vec<Scored>> {
        let board = Board::new(seat, legal);
        // Each order's score and whether it takes an enemy hex, its
        // destination looked up once.
        let scored: Vec<Vec<(Scored, bool)>> = by_unit(legal)
            .into_iter()
            .map(|g| {
                g.into_iter()
                    .map(|o| {
                        let (score, capture) = board.heuristic(o);
                        (Scored { order: o.clone(), score }, capture)
                    })
                    .collect()
            })
            .collect();
        let captures: Vec<Vec<bool>> = scored.iter().map(|g| g.iter().map(|(_, c)| *c).collect()).collect();
        let mut groups: Vec<Vec<Scored>> =
            scored.into_iter().map(|g| g.into_iter().map(|(s, _)| s).collect()).collect();
        self.look_ahead(seat, &board, &captures, &mut groups, rng);
        for g in &mut groups {
            g.sort_by_key(|s| std::cmp::Reverse(s.score));
        }
        groups
    }

    /// Adds to the best captures the enemy supply they cut, measured on a
    /// clone with the engine's own determination.
    /// `is_capture[g][i]` says whether order `i` of group `g` takes an
    /// enemy hex.
    /// Without rule 30's supply family in the ruleset (a territory map on
    /// collection) there is no determination to run: nothing is added.
    fn look_ahead(
        &self,
        seat: &Seat<'_>,
        board: &Board,
        is_capture: &[Vec<bool>],
        groups: &mut [Vec<Scored>],
        rng: &mut ChaCha8Rng,
    ) {
        if !seat.spec().ruleset.families.iter().any(|f| f == RULE_30) {
            return;
        }
        let capture = |g: usize, i: usize| is_capture.get(g).and_then(|v| v.get(i)).copied().unwrap_or(false);
        let mut captures: Vec<(i64, usize, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, v)| v.iter().enumerate().map(move |(i, s)| (s.score, g, i)))
            .filter(|&(_, g, i)| capture(g, i))
            .collect();
        captures.sort_by_key(|&(score, g, i)| (std::cmp::Reverse(score), g, i));
        if captures.is_empty() || self.lookahead == 0 {
            return;
        }
        // One fork seed for every candidate: common random numbers.
        let seed = rng.next_u64();
        for &(_, g, i) in captures.iter().take(self.lookahead) {
            let Some(copy) = seat.search_copy(seed) else { return };
            if let Some(s) = groups.get_mut(g).and_then(|v| v.get_mut(i)) {
                s.score += cut_value(copy, seat.side(), &s.order, board.enemy_cut_base);
            }
        }
    }
}

/// The family name of rule 30's supply, whose determination the
/// look-ahead runs.
const RULE_30: &str = "awaw-supply";

/// Points lost per own unit already sent into a hex: the front spreads,
/// holds more hexes and so wider supply lines (SUP-055..060), instead of
/// one stack on one thin corridor.
const STACK: i64 = 12;

/// The best order of each unit that scores above standing still (0),
/// units in group order; a move into a hex other units of the plan already
/// move into counts [`STACK`] less for each of them.
#[must_use]
pub fn plan(groups: &[Vec<Scored>]) -> Vec<Order> {
    let mut into: BTreeMap<&str, i64> = BTreeMap::new();
    let mut out = Vec::new();
    for g in groups {
        let crowded = |s: &Scored| match s.order.downcast_ref::<qm_ops::OpsOrder>() {
            Some(qm_ops::OpsOrder::Move { to, .. } | qm_ops::OpsOrder::Exploit { to, .. }) => {
                STACK * into.get(to.as_str()).copied().unwrap_or(0)
            }
            _ => 0,
        };
        // First best on ties: the group is sorted best first.
        let best = g.iter().map(|s| (s.score - crowded(s), s)).fold(None::<(i64, &Scored)>, |b, (v, s)| match b {
            Some((bv, _)) if bv >= v => b,
            _ => Some((v, s)),
        });
        if let Some((v, s)) = best
            && v > 0
        {
            if let Some(to) = destination(&s.order) {
                *into.entry(to).or_default() += 1;
            }
            out.push(s.order.clone());
        }
    }
    out
}

/// The enemy supply an order cuts: play it on a search copy, run the phase, and
/// determine the enemy's supply there (rule 30, SUP-133); the enemy units
/// left isolated or partially supplied beyond `base`.
fn cut_value(mut g: Game, side: Side, order: &Order, base: i64) -> i64 {
    if g.submit(side, &Orders::of([order.clone()])).is_err() {
        return 0;
    }
    g.step_phase();
    g.determine_supply(side.other(), DeterminationKind::Initial);
    enemy_cut_in(&g, side) - base
}

/// [`enemy_cut`] of `side`'s observation without fog, which shows every
/// unit of the nations on the other side: their statuses read straight
/// from the world, without building the observation (its hexes, names and
/// capabilities), which the look-ahead does not read.
fn enemy_cut_in(game: &Game, side: Side) -> i64 {
    let [isolated, partial, _] = game.supply_counts(side.other());
    i64::from(isolated) * status_points(UnitStatus::Isolated) + i64::from(partial) * status_points(UnitStatus::Partial)
}

/// Points for the enemy's units out of full supply.
fn enemy_cut(obs: &Observation) -> i64 {
    obs.enemy_units.iter().map(|u| status_points(u.status)).sum()
}

/// Points for one enemy unit's status.
const fn status_points(status: UnitStatus) -> i64 {
    match status {
        UnitStatus::Isolated => weights::ISOLATED,
        UnitStatus::Partial => weights::PARTIAL,
        UnitStatus::Full => 0,
    }
}

/// What the heuristic reads, computed once a phase.
struct Board<'a> {
    seat: &'a Seat<'a>,
    side: Side,
    /// Hexes to the nearest enemy-held objective (or city).
    dist: NodeVec<u32>,
    /// Hexes to the nearest enemy unit.
    near: NodeVec<u32>,
    /// Hexes to the nearest enemy unit on home ground.
    intruders: NodeVec<u32>,
    /// Objective points of each node (cities without points count 1).
    points: NodeVec<i64>,
    /// Controlling side of each node.
    control: NodeVec<Option<Side>>,
    /// Own hexes in supply.
    supplied: NodeVec<bool>,
    /// Own units' nodes, by id.
    at: BTreeMap<&'a str, NodeId>,
    /// The enemy supply cut as things stand, in points.
    enemy_cut_base: i64,
    /// The combat plan: the hex each attacking unit attacks, with its
    /// group's value.
    attacks: BTreeMap<String, (String, i64)>,
}

impl<'a> Board<'a> {
    fn new(seat: &'a Seat<'a>, legal: &[Order]) -> Self {
        let obs = seat.observation();
        let map = &seat.spec().map;
        let n = map.node_count();
        let mut control = NodeVec::from(vec![None; n]);
        let mut supplied = NodeVec::from(vec![false; n]);
        let mut points = NodeVec::from(vec![0; n]);
        for (node, p) in seat.objectives() {
            if let Some(x) = points.get_mut(node) {
                *x = i64::from(p);
            }
        }
        let mut cities: Vec<NodeId> = Vec::new();
        for h in &obs.hexes {
            if let Some(c) = control.get_mut(h.node) {
                *c = h.control;
            }
            if h.control == Some(obs.side) && h.supply.is_some_and(|s| s != qm_game::HexStatus::Unsupplied) {
                supplied[h.node] = true;
            }
            if h.city
                && let Some(p) = points.get_mut(h.node)
            {
                *p = (*p).max(1);
            }
            if points.get(h.node).is_some_and(|&p| p > 0) && h.control != Some(obs.side) {
                cities.push(h.node);
            }
        }
        let mut units: Vec<NodeId> = obs.enemy_units.iter().map(|u| u.node).collect();
        units.sort_unstable();
        units.dedup();
        let land = |x: NodeId| map.node(x).is_some_and(|i| i.surface.is_land());
        let kinds = EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0);
        let dist = qm_trace::bfs_distances(&map.land, kinds, &cities, 256, land);
        let near = qm_trace::bfs_distances(&map.land, kinds, &units, 256, land);
        let home = seat.home_nodes();
        let is_home = |t: NodeId| home.get(t).copied().unwrap_or(false);
        let inside: Vec<NodeId> = units.iter().copied().filter(|&t| is_home(t)).collect();
        let intruders = qm_trace::bfs_distances(&map.land, kinds, &inside, HUNT_RANGE, land);
        let at = obs.own_units.iter().map(|u| (u.id.as_str(), u.node)).collect();
        let worth =
            |t: NodeId| OBJECTIVE * points.get(t).copied().unwrap_or(0) / 4 + if is_home(t) { INTRUDER } else { 0 };
        let mut attacks = BTreeMap::new();
        for p in crate::attack::plan_attacks(seat, legal, &worth) {
            for a in p.attackers {
                attacks.insert(a, (p.target.clone(), p.value));
            }
        }
        Self {
            seat,
            side: obs.side,
            dist,
            near,
            intruders,
            points,
            control,
            supplied,
            at,
            enemy_cut_base: enemy_cut(obs),
            attacks,
        }
    }

    fn node_of(&self, label: &str) -> Option<NodeId> {
        self.seat.spec().map.find(label)
    }

    /// Whether `order`, with destination `to`, is a move or exploitation
    /// into a hex the side does not control.
    fn is_capture_at(&self, order: &Order, to: NodeId) -> bool {
        use qm_ops::OpsOrder::{Exploit, Move};
        matches!(order.downcast_ref::<qm_ops::OpsOrder>(), Some(Move { .. } | Exploit { .. }))
            && self.control.get(to).copied().flatten() != Some(self.side)
    }

    /// The order's score without look-ahead, and whether it takes an enemy
    /// hex (only moves and exploitations do).
    fn heuristic(&self, order: &Order) -> (i64, bool) {
        let (Some(unit), Some(to)) = (actor(order), destination(order).and_then(|d| self.node_of(d))) else {
            return (1, false);
        };
        if let Some(qm_ops::OpsOrder::Attack { target, .. }) = order.downcast_ref::<qm_ops::OpsOrder>() {
            return match self.attacks.get(unit) {
                Some((t, value)) if t == target => (PLANNED + value, false),
                _ => (-1, false),
            };
        }
        let d = |v: &NodeSlice<u32>, n: NodeId| i64::from(v.get(n).copied().unwrap_or(u32::MAX).min(256));
        let capture = self.is_capture_at(order, to);
        let Some(&from) = self.at.get(unit) else {
            // A construction: nearest the enemy first.
            return (1 + 256 - d(&self.near, to), capture);
        };
        let mut score = ADVANCE * (d(&self.dist, from) - d(&self.dist, to))
            + CLOSE * (d(&self.near, from).min(8) - d(&self.near, to).min(8))
            + HUNT * (d(&self.intruders, from).min(HUNT_RANGE.into()) - d(&self.intruders, to).min(HUNT_RANGE.into()));
        if capture {
            score += CAPTURE + OBJECTIVE * self.points.get(to).copied().unwrap_or(0);
        }
        let map = &self.seat.spec().map;
        let supplied = |n: NodeId| self.supplied.get(n).copied().unwrap_or(false);
        if !supplied(to) && !map.adjacent(to).any(supplied) {
            score -= OUT_OF_SUPPLY;
        }
        if !supplied(from) && !map.adjacent(from).any(supplied) {
            // Out of supply now (SUP-011): back towards it.
            score += if supplied(to) { OUT_OF_SUPPLY } else { 0 };
        }
        (score, capture)
    }
}
