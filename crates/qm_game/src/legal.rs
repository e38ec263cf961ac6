//! The legal orders of the phase about to run.

use crate::Game;
use qm_core::ids::Side;
use qm_core::orders::{Order, OrderContext};
use qm_core::plugin::OrderClass;

impl Game {
    /// The legal orders of `side` for the phase about to run, from every
    /// rule family that enumerates its own, in ruleset order and, within a
    /// family, in a deterministic order: the reference operations (per unit
    /// its moves, attacks, exploitations, invasions and redeployments, and
    /// the constructions its budget allows) and the logistics of rule 30,
    /// collection and oil (`docs/orders.md`: a compound decision, such as a
    /// sea supply plan, is listed as atomic choices that extend what is
    /// queued, the engine's default always among them or taken by giving
    /// none). Each listed order passes [`Game::submit`] on its own, given
    /// the orders submitted so far. Empty once the game is over or when
    /// there is no phase to run. Listing changes no state (it may preview
    /// a determination, which is why it takes `&mut self`).
    #[must_use]
    pub fn legal_orders(&mut self, side: Side) -> Vec<Order> {
        self.list_orders(side, None)
    }

    /// [`Game::legal_orders`] of one class only: operations, or logistics.
    #[must_use]
    pub fn legal_orders_of(&mut self, side: Side, class: OrderClass) -> Vec<Order> {
        self.list_orders(side, Some(class))
    }

    /// The class of decision an order is ([`OrderClass`]).
    #[must_use]
    pub fn order_class(&self, order: &Order) -> OrderClass {
        self.rules().class_of(order.kind())
    }

    fn list_orders(&mut self, side: Side, class: Option<OrderClass>) -> Vec<Order> {
        let Some(phase) = self.next_phase() else { return Vec::new() };
        if self.result().is_some() {
            return Vec::new();
        }
        let cx = OrderContext { side, index: 0, phase, clock: self.clock() };
        let rules = self.spec_arc().rules.clone();
        rules.legal_orders(&mut self.world, &cx, class)
    }
}
