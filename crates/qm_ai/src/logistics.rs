//! Logistics decisions by look-ahead: how greedy (and rollout, through it)
//! chooses a sea line, an interceptor, a unit to reorganize or a point of
//! oil to save.
//!
//! Every logistics decision is a sequence of atomic choices, and passing
//! at any step keeps what was chosen so far (at the first step: the
//! engine's default, `docs/orders.md`). Each step weighs passing and up to
//! `width` choices ([`sample`]: taken in turn from each kind of order, so
//! that a long list of one kind does not hide the others) on a search copy
//! of the game: the choice is
//! submitted there, the phase it is for is run, and the position is scored
//! for the side ([`value`]). The best choice is taken only if it beats
//! passing; ties keep the earlier listed. Every copy of one step is forked
//! with the same seed (common random numbers), so that a choice is not
//! preferred for the dice it happened to meet.

use crate::seat::Seat;
use qm_game::{Game, Order, Orders, Side};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The best of `choices` (up to `width` of them, [`sample`]) against
/// passing, or `None` to pass; `None` too when the side has no search copy
/// (fog).
pub fn best_choice(seat: &Seat<'_>, choices: &[Order], width: usize, rng: &mut ChaCha8Rng) -> Option<Order> {
    if choices.is_empty() {
        return None;
    }
    let seed = rng.next_u64();
    let side = seat.side();
    let pass = outcome(seat.search_copy(seed)?, side, None)?;
    let mut best: Option<(i64, &Order)> = None;
    for choice in sample(choices, width) {
        let Some(v) = seat.search_copy(seed).and_then(|g| outcome(g, side, Some(choice))) else { continue };
        if v > pass && best.is_none_or(|(b, _)| v > b) {
            best = Some((v, choice));
        }
    }
    best.map(|(_, o)| o.clone())
}

/// Up to `width` of `choices`, taken in turn from each kind of order (in
/// the order kinds first appear, each kind's choices in listed order), in
/// listed order: every kind listed is weighed when `width` allows.
#[must_use]
pub fn sample(choices: &[Order], width: usize) -> Vec<&Order> {
    let mut kinds: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, o) in choices.iter().enumerate() {
        match kinds.iter_mut().find(|(k, _)| *k == o.kind()) {
            Some((_, v)) => v.push(i),
            None => kinds.push((o.kind(), vec![i])),
        }
    }
    let mut taken = Vec::new();
    for round in 0.. {
        let before = taken.len();
        taken.extend(kinds.iter().filter_map(|(_, v)| v.get(round).copied()));
        if taken.len() >= width || taken.len() == before {
            break;
        }
    }
    taken.truncate(width);
    taken.sort_unstable();
    taken.into_iter().filter_map(|i| choices.get(i)).collect()
}

/// The value for `side` of running the phase on `copy`, after `choice` if
/// given; `None` if the copy refuses it.
fn outcome(mut copy: Game, side: Side, choice: Option<&Order>) -> Option<i64> {
    if let Some(o) = choice {
        copy.submit(side, &Orders::of([o.clone()])).ok()?;
    }
    copy.step_phase();
    Some(value(&copy, side))
}

/// A position's value for `side` once a logistics choice has played out:
/// the static evaluation ([`crate::eval::score`]: units, their supply,
/// cities and hexes held) plus the side's economy
/// ([`crate::eval::economy`]: treasuries, oil, organized units), less the
/// enemy's treasuries ([`crate::eval::treasury`]: what it can build with
/// counts more than idle money), so that who pays the enemy's debts
/// matters to the side collecting them (MET-006).
#[must_use]
pub fn value(game: &Game, side: Side) -> i64 {
    let obs = game.observation(side);
    crate::eval::score(&obs) + crate::eval::economy(&obs) - crate::eval::treasury(&game.economy(side.other()))
}

#[cfg(test)]
mod tests {
    use super::sample;
    use qm_game::Order;
    use qm_ops::OpsOrder;

    fn build(at: &str) -> Order {
        OpsOrder::Build { kind: "inf".into(), at: at.into() }.into()
    }

    fn mv(unit: &str) -> Order {
        OpsOrder::Move { unit: unit.into(), to: "a1".into() }.into()
    }

    #[test]
    fn a_sample_takes_every_kind_before_a_second_of_any() {
        let mut choices: Vec<Order> = (0..20).map(|i| build(&format!("h{i}"))).collect();
        choices.push(mv("u1"));
        let picked = sample(&choices, 4);
        assert_eq!(picked.len(), 4);
        assert!(picked.iter().any(|o| o.kind() == "Move"), "the one move is weighed: {picked:?}");
        assert_eq!(picked.first().map(|o| o.kind()), Some("Build"), "in listed order");
        assert_eq!(sample(&choices, 100).len(), 21, "all when the width allows");
        assert!(sample(&[], 4).is_empty());
    }
}
