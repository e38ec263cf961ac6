//! The `random` policy: uniform over the legal orders, seeded.

use crate::policy::Policy;
use crate::seat::Seat;
use qm_game::Order;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Picks, for each unit the legal orders name, one of its orders or none,
/// uniformly; orders that name no unit are each given with probability
/// one half. Each logistics step, one of the choices or passing,
/// uniformly.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl Policy for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _seat: &Seat<'_>, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Order> {
        let mut out = Vec::new();
        for group in crate::legal::by_unit(legal) {
            // One draw over the group's orders plus "none".
            let pick = rng.random_range(0..=group.len());
            if let Some(o) = group.get(pick) {
                out.push((*o).clone());
            }
        }
        out
    }

    /// One of the choices or passing, uniformly.
    fn decide(&mut self, _seat: &Seat<'_>, choices: &[Order], rng: &mut ChaCha8Rng) -> Option<Order> {
        choices.get(rng.random_range(0..=choices.len())).cloned()
    }
}
