//! The `rollout` policy: flat Monte Carlo over greedy's top candidates.
//!
//! Candidates are greedy's plan and, for each of the units with the most at
//! stake, the plan with that unit's second-best order instead. Each
//! candidate is played `playouts` times on a search copy (`Seat::search_copy`:
//! a fork with dice of its own; under fog there is none, and rollout plays
//! greedy's plan), then `depth`
//! more phases with random play for both sides, and scored with
//! [`crate::eval::score`]; the candidate with the best total wins (ties:
//! greedy's plan first). What cheap clones buy.

use crate::greedy::{Greedy, Scored, plan};
use crate::policy::Policy;
use crate::random::RandomPolicy;
use crate::seat::Seat;
use qm_game::{Fog, Game, Order, OrderClass, Orders};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Flat Monte Carlo with `playouts` random playouts of `depth` phases for
/// each of `candidates` plans.
#[derive(Clone, Copy, Debug)]
pub struct Rollout {
    /// Candidate plans, greedy's first.
    pub candidates: usize,
    /// Playouts per candidate (K).
    pub playouts: usize,
    /// Phases per playout after the candidate's own (D).
    pub depth: usize,
    /// The greedy policy proposing the candidates.
    pub greedy: Greedy,
}

impl Default for Rollout {
    fn default() -> Self {
        Self { candidates: 3, playouts: 2, depth: 6, greedy: Greedy::default() }
    }
}

impl Policy for Rollout {
    fn name(&self) -> &'static str {
        "rollout"
    }

    fn choose(&mut self, seat: &Seat<'_>, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Order> {
        let ranked = self.greedy.ranked(seat, legal, rng);
        let plans = candidates(&ranked, self.candidates);
        // The same dice for every candidate's k-th playout: common random
        // numbers, and none of them the real game's (a fork's stream).
        let seeds: Vec<u64> = (0..self.playouts).map(|_| rng.next_u64()).collect();
        let mut best: Option<(i64, usize)> = None;
        for (i, p) in plans.iter().enumerate() {
            let mut total = 0;
            for &seed in &seeds {
                let Some(copy) = seat.search_copy(seed) else { return plans.into_iter().next().unwrap_or_default() };
                total += playout(copy, seat.side(), p, self.depth, rng);
            }
            if best.is_none_or(|(b, _)| total > b) {
                best = Some((total, i));
            }
        }
        best.and_then(|(_, i)| plans.into_iter().nth(i)).unwrap_or_default()
    }

    fn decide(&mut self, seat: &Seat<'_>, choices: &[Order], rng: &mut ChaCha8Rng) -> Option<Order> {
        self.greedy.decide(seat, choices, rng)
    }
}

/// Greedy's plan, then variants with one unit's runner-up order, for the
/// units whose best and runner-up are closest (where the choice is least
/// clear), up to `n` plans.
fn candidates(ranked: &[Vec<Scored>], n: usize) -> Vec<Vec<Order>> {
    let mut out = vec![plan(ranked)];
    let mut close: Vec<(i64, usize)> =
        ranked.iter().enumerate().filter_map(|(g, v)| Some(((v.first()?.score - v.get(1)?.score).abs(), g))).collect();
    close.sort_unstable();
    for &(_, g) in close.iter().take(n.saturating_sub(1)) {
        let mut variant = ranked.to_vec();
        if let Some(v) = variant.get_mut(g) {
            v.swap(0, 1);
            if let Some(s) = v.first_mut() {
                s.score = s.score.max(1);
            }
        }
        out.push(plan(&variant));
    }
    out
}

/// Plays `orders` on a search copy, then `depth` phases of random
/// operations for both sides (logistics by the engine's defaults), and
/// scores the position for `side`.
fn playout(mut g: Game, side: qm_game::Side, orders: &[Order], depth: usize, rng: &mut ChaCha8Rng) -> i64 {
    for o in orders {
        // A candidate's orders are legal; one refused (two units into one
        // hex where stacking forbids) is left out of this playout only.
        let _refused = g.submit(side, &Orders::of([o.clone()])).is_err();
    }
    g.step_phase();
    for _ in 0..depth {
        if g.next_phase().is_none() {
            break;
        }
        let to_move = g.clock().side;
        let legal = g.legal_orders_of(to_move, OrderClass::Operations);
        if !legal.is_empty() {
            let seat = Seat::new(&g, to_move, Fog::Off);
            let orders = RandomPolicy.choose(&seat, &legal, rng);
            for o in orders {
                let _refused = g.submit(to_move, &Orders::of([o])).is_err();
            }
        }
        g.step_phase();
    }
    crate::eval::score(&g.observation(side))
}
