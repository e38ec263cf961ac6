//! The `greedy` policy: supply-aware one-ply play.
//!
//! For each unit it scores every legal order and gives the best one if it
//! beats standing still:
//! - attacking at the best odds: the attacks on one hex are one combat, so
//!   an attack is scored by the odds of every unit that may join it
//!   (factors against the defenders'), and not given below 2:1;
//! - advancing on the nearest enemy unit or enemy-held city (one
//!   multi-source `qm_trace::bfs_distances` over land);
//! - taking enemy hexes (control decides supply lines, SUP-055..060);
//! - keeping its own units supplied: not ending next to no own supplied
//!   hex (SUP-011);
//! - cutting enemy supply and closing pockets: the best few candidates are
//!   played on a `clone()` of the game and the engine's own supply
//!   determination is run there for the enemy (rule 30); each enemy unit it
//!   would leave isolated or partially supplied adds to the order's score.

use crate::eval::weights;
use crate::legal::{actor, by_unit, destination};
use crate::policy::Policy;
use qm_game::{DeterminationKind, Game, NodeId, Observation, Order, Orders, Side, UnitStatus};
use qm_trace::EdgeKinds;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Points per hex of advance towards the nearest target.
const ADVANCE: i64 = 10;
/// Points for taking an enemy hex.
const CAPTURE: i64 = 12;
/// Points lost for ending where no own supplied hex is adjacent.
const OUT_OF_SUPPLY: i64 = 50;
/// Odds (attack to defence factors, in tenths) below which no attack is
/// given.
const MIN_ODDS_TENTHS: i64 = 20;
/// Points per tenth of odds for an attack at or above the minimum.
const ODDS: i64 = 3;

/// The greedy policy; `lookahead` is how many candidate orders per phase
/// are checked on a cloned game with the engine's supply determination.
#[derive(Clone, Copy, Debug)]
pub struct Greedy {
    /// Candidates checked on a clone per phase.
    pub lookahead: usize,
}

impl Default for Greedy {
    fn default() -> Self {
        Self { lookahead: 4 }
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

    fn choose(&mut self, game: &Game, obs: &Observation, legal: &[Order], _rng: &mut ChaCha8Rng) -> Vec<Order> {
        plan(&self.ranked(game, obs, legal))
    }
}

impl Greedy {
    /// Every legal order with its score, grouped by unit (see
    /// [`by_unit`]), each group best first (ties keep the legal order's
    /// order).
    #[must_use]
    pub fn ranked(&self, game: &Game, obs: &Observation, legal: &[Order]) -> Vec<Vec<Scored>> {
        let board = Board::new(game, obs, legal);
        let mut groups: Vec<Vec<Scored>> = by_unit(legal)
            .into_iter()
            .map(|g| g.into_iter().map(|o| Scored { order: o.clone(), score: board.heuristic(o) }).collect())
            .collect();
        self.look_ahead(game, obs.side, &board, &mut groups);
        for g in &mut groups {
            g.sort_by_key(|s| std::cmp::Reverse(s.score));
        }
        groups
    }

    /// Adds to the best captures the enemy supply they cut, measured on a
    /// clone with the engine's own determination.
    fn look_ahead(&self, game: &Game, side: Side, board: &Board, groups: &mut [Vec<Scored>]) {
        let mut captures: Vec<(i64, usize, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, v)| v.iter().enumerate().map(move |(i, s)| (s.score, g, i)))
            .filter(|&(_, g, i)| groups[g].get(i).is_some_and(|s| board.is_capture(&s.order)))
            .collect();
        captures.sort_by_key(|&(score, g, i)| (std::cmp::Reverse(score), g, i));
        for &(_, g, i) in captures.iter().take(self.lookahead) {
            if let Some(s) = groups.get_mut(g).and_then(|v| v.get_mut(i)) {
                s.score += cut_value(game, side, &s.order, board.enemy_cut_base);
            }
        }
    }
}

/// The best order of each unit that scores above standing still (0).
#[must_use]
pub fn plan(groups: &[Vec<Scored>]) -> Vec<Order> {
    groups.iter().filter_map(|g| g.first()).filter(|s| s.score > 0).map(|s| s.order.clone()).collect()
}

/// The enemy supply an order cuts: play it on a clone, run the phase, and
/// determine the enemy's supply there (rule 30, SUP-133); the enemy units
/// left isolated or partially supplied beyond `base`.
fn cut_value(game: &Game, side: Side, order: &Order, base: i64) -> i64 {
    let mut g = game.clone();
    if g.submit(side, &Orders::of([order.clone()])).is_err() {
        return 0;
    }
    g.step_phase();
    g.determine_supply(side.other(), DeterminationKind::Initial);
    enemy_cut(&g.observation(side)) - base
}

/// Points for the enemy's units out of full supply.
fn enemy_cut(obs: &Observation) -> i64 {
    obs.enemy_units
        .iter()
        .map(|u| match u.status {
            UnitStatus::Isolated => weights::ISOLATED,
            UnitStatus::Partial => weights::PARTIAL,
            UnitStatus::Full => 0,
        })
        .sum()
}

/// What the heuristic reads, computed once a phase.
struct Board<'a> {
    game: &'a Game,
    side: Side,
    /// Hexes to the nearest target (enemy unit or enemy-held city).
    dist: Vec<u32>,
    /// Controlling side of each node.
    control: Vec<Option<Side>>,
    /// Own hexes in supply.
    supplied: Vec<bool>,
    /// Own units' nodes, by id.
    at: BTreeMap<&'a str, NodeId>,
    /// The enemy supply cut as things stand, in points.
    enemy_cut_base: i64,
    /// Attack factors that may join an attack on each hex, and the
    /// defenders' factors there, by node.
    odds: BTreeMap<NodeId, (i64, i64)>,
}

impl<'a> Board<'a> {
    fn new(game: &'a Game, obs: &'a Observation, legal: &[Order]) -> Self {
        let map = &game.spec().map;
        let n = map.node_count();
        let mut control = vec![None; n];
        let mut supplied = vec![false; n];
        let mut targets: Vec<u32> = obs.enemy_units.iter().map(|u| u.node).collect();
        for h in &obs.hexes {
            if let Some(c) = control.get_mut(h.node as usize) {
                *c = h.control;
            }
            if h.control == Some(obs.side) && h.supply.is_some_and(|s| s != qm_game::HexStatus::Unsupplied) {
                supplied[h.node as usize] = true;
            }
            if h.city && h.control == Some(obs.side.other()) {
                targets.push(h.node);
            }
        }
        targets.sort_unstable();
        targets.dedup();
        let land = |x: u32| map.node(x).is_some_and(|i| i.surface.is_land());
        let dist = qm_trace::bfs_distances(
            &map.land,
            EdgeKinds(EdgeKinds::LAND.0 | EdgeKinds::CROSSING.0),
            &targets,
            256,
            land,
        );
        let at = obs.own_units.iter().map(|u| (u.id.as_str(), u.node)).collect();
        let mut odds: BTreeMap<NodeId, (i64, i64)> = BTreeMap::new();
        let factors = |id: &str| obs.own_units.iter().find(|u| u.id == id).map_or(0, |u| i64::from(u.factors.max(1)));
        for o in legal {
            if let Some(qm_ops::OpsOrder::Attack { attackers, target }) = o.downcast_ref::<qm_ops::OpsOrder>()
                && let Some(t) = map.find(target)
            {
                odds.entry(t).or_default().0 += attackers.iter().map(|a| factors(a)).sum::<i64>();
            }
        }
        for (t, e) in &mut odds {
            e.1 = obs.enemy_units.iter().filter(|u| u.node == *t).map(|u| i64::from(u.factors.max(1))).sum();
        }
        Self { game, side: obs.side, dist, control, supplied, at, enemy_cut_base: enemy_cut(obs), odds }
    }

    /// An attack's score: by the odds of every unit that may join it.
    fn attack(&self, target: NodeId) -> i64 {
        let (att, def) = self.odds.get(&target).copied().unwrap_or((0, 0));
        let tenths = if def == 0 { 100 } else { 10 * att / def };
        if tenths < MIN_ODDS_TENTHS { -1 } else { ODDS * tenths + CAPTURE }
    }

    fn node_of(&self, label: &str) -> Option<NodeId> {
        self.game.spec().map.find(label)
    }

    fn is_capture(&self, order: &Order) -> bool {
        use qm_ops::OpsOrder::{Exploit, Move};
        matches!(order.downcast_ref::<qm_ops::OpsOrder>(), Some(Move { .. } | Exploit { .. }))
            && destination(order)
                .and_then(|d| self.node_of(d))
                .is_some_and(|n| self.control.get(n as usize).copied().flatten() != Some(self.side))
    }

    /// The order's score without look-ahead.
    fn heuristic(&self, order: &Order) -> i64 {
        let (Some(unit), Some(to)) = (actor(order), destination(order).and_then(|d| self.node_of(d))) else {
            return 1;
        };
        if matches!(order.downcast_ref::<qm_ops::OpsOrder>(), Some(qm_ops::OpsOrder::Attack { .. })) {
            return self.attack(to);
        }
        let Some(&from) = self.at.get(unit) else {
            // A construction: nearest the targets first.
            return 1 + 256 - i64::from(self.dist.get(to as usize).copied().unwrap_or(256).min(256));
        };
        let d = |n: NodeId| i64::from(self.dist.get(n as usize).copied().unwrap_or(u32::MAX).min(256));
        let mut score = ADVANCE * (d(from) - d(to));
        if self.is_capture(order) {
            score += CAPTURE;
        }
        let map = &self.game.spec().map;
        let backed = self.supplied.get(to as usize).copied().unwrap_or(false)
            || map.adjacent(to).any(|a| self.supplied.get(a as usize).copied().unwrap_or(false));
        if !backed {
            score -= OUT_OF_SUPPLY;
        }
        score
    }
}
