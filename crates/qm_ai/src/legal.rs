//! The legal orders a policy chooses from, and their grouping by the unit
//! that carries them out.

use qm_game::{Game, Order, Side};
use qm_ops::OpsOrder;
use std::collections::BTreeMap;

/// The legal orders of `side` for the phase about to run, in a
/// deterministic order: [`Game::legal_orders`] (every listed order passes
/// `submit`; attacks are listed with one attacker each, and attacks on one
/// hex are one combat).
#[must_use]
pub fn legal_orders(game: &mut Game, side: Side) -> Vec<Order> {
    game.legal_orders(side)
}

/// The unit an order is carried out by, if it names one.
#[must_use]
pub fn actor(order: &Order) -> Option<&str> {
    match order.downcast_ref::<OpsOrder>()? {
        OpsOrder::Move { unit, .. }
        | OpsOrder::Exploit { unit, .. }
        | OpsOrder::Invade { unit, .. }
        | OpsOrder::Redeploy { unit, .. } => Some(unit),
        OpsOrder::Combat { attackers, .. } | OpsOrder::Attack { attackers, .. } => {
            attackers.first().map(String::as_str)
        }
        // Constructions share one group: one a phase, within the budget.
        OpsOrder::Build { .. } => Some(""),
    }
}

/// The legal orders grouped by the unit that carries them out (a unit
/// gives at most one order a phase; constructions form one group), groups
/// in unit-id order, then each
/// order that names no unit as a group of its own, in list order.
#[must_use]
pub fn by_unit(legal: &[Order]) -> Vec<Vec<&Order>> {
    let mut units: BTreeMap<&str, Vec<&Order>> = BTreeMap::new();
    let mut rest = Vec::new();
    // A listing gives each unit's orders of one kind together: one lookup
    // per run of orders of one unit.
    let mut run: Option<(&str, Vec<&Order>)> = None;
    for o in legal {
        match (actor(o), run.as_mut()) {
            (Some(u), Some((r, orders))) if *r == u => orders.push(o),
            (Some(u), _) => {
                if let Some((r, orders)) = run.replace((u, vec![o])) {
                    units.entry(r).or_default().extend(orders);
                }
            }
            (None, _) => rest.push(vec![o]),
        }
    }
    if let Some((r, orders)) = run {
        units.entry(r).or_default().extend(orders);
    }
    units.into_values().chain(rest).collect()
}

/// The destination hex of a move-like order, if it has one.
#[must_use]
pub fn destination(order: &Order) -> Option<&str> {
    match order.downcast_ref::<OpsOrder>()? {
        OpsOrder::Move { to, .. } | OpsOrder::Exploit { to, .. } | OpsOrder::Redeploy { to, .. } => Some(to),
        OpsOrder::Invade { at, .. } => Some(at),
        OpsOrder::Combat { target, .. } | OpsOrder::Attack { target, .. } => Some(target),
        OpsOrder::Build { at, .. } => Some(at),
    }
}
