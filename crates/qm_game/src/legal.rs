//! The legal orders of the phase about to run.

use crate::Game;
use qm_core::ids::Side;
use qm_core::orders::{Order, OrderContext};

impl Game {
    /// The legal orders of `side` for the phase about to run, from every
    /// rule family that enumerates its own (the reference operations do:
    /// per unit its moves, attacks, exploitations, invasions and
    /// redeployments, and the constructions its budget allows), in ruleset
    /// order and, within a family, in a deterministic order. Each listed
    /// order passes [`Game::submit`] on its own; an order of those kinds
    /// that is not listed does not (see `qm_ops::legal_orders` for the
    /// canonical one-attacker form of attacks). Empty once the game is over
    /// or when there is no phase to run.
    #[must_use]
    pub fn legal_orders(&self, side: Side) -> Vec<Order> {
        let Some(phase) = self.next_phase() else { return Vec::new() };
        let cx = OrderContext { side, index: 0, phase, clock: self.clock() };
        self.rules().legal_orders(&self.world, &cx)
    }
}
