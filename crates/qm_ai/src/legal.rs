//! The legal orders a policy chooses from, and their grouping by the unit
//! that carries them out.

use qm_game::{Game, Order, Side};
use qm_ops::OpsOrder;
use std::collections::BTreeMap;

/// The legal orders of `side` for the phase about to run, in a
/// deterministic order.
#[must_use]
pub fn legal_orders(game: &Game, side: Side) -> Vec<Order> {
    moves_to_neighbours(game, side)
}

/// Movement phase: every own unit's moves into adjacent hexes that the
/// engine's own validation accepts (`qm_ops::validate`, which `submit`
/// runs), sorted by unit id, then node id.
fn moves_to_neighbours(game: &Game, side: Side) -> Vec<Order> {
    if game.next_phase() != Some(qm_game::phases::MOVEMENT) || game.clock().side != side {
        return Vec::new();
    }
    let obs = game.observation(side);
    let map = &game.spec().map;
    let mut out = Vec::new();
    for u in obs.own_units.iter().filter(|u| u.capabilities.as_ref().is_some_and(|c| c.can_move)) {
        let mut to: Vec<u32> = map.adjacent(u.node).filter(|&n| map.is_hex(n)).collect();
        to.sort_unstable();
        to.dedup();
        for n in to {
            let o = OpsOrder::Move { unit: u.id.clone(), to: map.label(n).to_owned() };
            if qm_ops::validate(game.world(), side, 0, &o).is_ok() {
                out.push(Order::new(o));
            }
        }
    }
    out
}

/// The unit an order is carried out by, if it names one.
#[must_use]
pub fn actor(order: &Order) -> Option<&str> {
    match order.downcast_ref::<OpsOrder>()? {
        OpsOrder::Move { unit, .. }
        | OpsOrder::Exploit { unit, .. }
        | OpsOrder::Invade { unit, .. }
        | OpsOrder::Redeploy { unit, .. } => Some(unit),
        OpsOrder::Combat { attackers, .. } => attackers.first().map(String::as_str),
    }
}

/// The legal orders grouped by the unit that carries them out (a unit
/// gives at most one order a phase), groups in unit-id order, then each
/// order that names no unit as a group of its own, in list order.
#[must_use]
pub fn by_unit(legal: &[Order]) -> Vec<Vec<&Order>> {
    let mut units: BTreeMap<&str, Vec<&Order>> = BTreeMap::new();
    let mut rest = Vec::new();
    for o in legal {
        match actor(o) {
            Some(u) => units.entry(u).or_default().push(o),
            None => rest.push(vec![o]),
        }
    }
    units.into_values().chain(rest).collect()
}

/// The destination hex of a move-like order, if it has one.
#[must_use]
pub fn destination(order: &Order) -> Option<&str> {
    match order.downcast_ref::<OpsOrder>()? {
        OpsOrder::Move { to, .. } | OpsOrder::Exploit { to, .. } | OpsOrder::Redeploy { to, .. } => Some(to),
        OpsOrder::Invade { at, .. } => Some(at),
        OpsOrder::Combat { target, .. } => Some(target),
    }
}
