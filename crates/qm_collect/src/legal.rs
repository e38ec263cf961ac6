//! The collection family's decisions as legal orders (`docs/orders.md`),
//! in the `collection` phase. Each listed order is one that
//! [`validate`] accepts given what is queued:
//!
//! - **Convoy attacks declined** (COL-006): for each sea zone where the
//!   side has a submarine, `DeclineConvoyAttack` of that zone, by either
//!   side (validation lets either give it: the submarines' owner is
//!   usually not the collecting side). A zone the side declined already
//!   this phase is not listed again (declining it twice decides nothing
//!   more). None given, the submarines attack.
//! - **The Middle East split** (MET-006, rulings 6 and 15): one split per
//!   payee, side and phase, so a split is listed whole: for each marker
//!   nation of the side to move with a level above zero and no split of
//!   the giving side yet, every ordered list of distinct Allied payers
//!   with positive amounts adding up to the level. Order matters: a
//!   payer's shortfall is taken from the next payer in the split's order
//!   (ruling 6). The engine's default (the whole level asked of the
//!   richest Allied power, given the treasuries the earlier marker
//!   payments of the phase leave, ruling 15) is listed first, then the
//!   splits by number of payers: each power asked for the whole level,
//!   richest first, then the splits between two, and so on, each list in
//!   the default's order of payers. Either side may give one: the Allies'
//!   split, or the Axis choice that applies when the Allies give none.
//!   None given, the Axis default applies.
//!
//! Splits with a zero amount pass validation too and are not listed: a
//! payer asked for nothing only pays what the payers before it could not,
//! so whatever such a split settles to, a listed split settles to as well:
//! the same payments in the same order (`tests/it/legal_logistics.rs` checks
//! it).

use crate::board::{Board, ShipKind};
use crate::middle_east::MiddleEastRules;
use crate::orders::{CollectOrder, DeclineValid, Payment, SplitValid, validate};
use crate::payment::{Choices, axis_order, settle};
use crate::statement::{IncomeStatement, MiddleEastIncome};
use crate::treasury::Treasury;
use crate::{COLLECTION, middle_east};
use bevy_ecs::prelude::*;
use qm_core::ids::{NationId, NodeId};
use qm_core::map::NodeKind;
use qm_core::orders::{Order, OrderContext, Pending};
use qm_core::outcome::Outcome;

/// The collection family's legal orders of `cx.side` for the phase
/// `cx.phase`.
#[must_use]
pub fn legal_orders(world: &mut World, cx: &OrderContext) -> Vec<Order> {
    if cx.phase != COLLECTION || world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some()) {
        return Vec::new();
    }
    let Some(board) = Board::from_world(world) else { return Vec::new() };
    let mut candidates = declines(world, &board, cx);
    for payee in payees(world, &board, cx) {
        candidates.extend(splits(world, &board, cx, payee));
    }
    candidates.into_iter().filter(|o| passes(world, cx, o)).map(Order::new).collect()
}

/// A decline of each sea zone where the side has a submarine and has not
/// declined yet this phase, in node order (COL-006).
fn declines(world: &World, board: &Board, cx: &OrderContext) -> Vec<CollectOrder> {
    let declined: Vec<NodeId> = world
        .get_resource::<Pending<DeclineValid>>()
        .map(|p| p.for_phase(cx.phase).filter(|d| d.side == cx.side).map(|d| d.order.zone).collect())
        .unwrap_or_default();
    let mut zones: Vec<NodeId> = board
        .ships
        .iter()
        .filter(|s| s.kind == ShipKind::Submarine && board.sides.is_on(s.nation, cx.side))
        .map(|s| s.node)
        .filter(|&n| board.spec.map.node(n).is_some_and(|i| i.kind == NodeKind::SeaZone))
        .filter(|n| !declined.contains(n))
        .collect();
    zones.sort_unstable();
    zones.dedup();
    zones.into_iter().map(|n| CollectOrder::DeclineConvoyAttack { zone: board.spec.map.label(n).to_string() }).collect()
}

/// The marker nations collecting this phase (of the side to move), in the
/// ruleset's order of the markers, for which the giving side has given no
/// split yet (one split per payee, side and phase).
fn payees(world: &World, board: &Board, cx: &OrderContext) -> Vec<NationId> {
    let given = |n: NationId| {
        world
            .get_resource::<Pending<SplitValid>>()
            .is_some_and(|p| p.for_phase(cx.phase).any(|s| s.order.payee == n && s.side == cx.side))
    };
    markers(board).into_iter().filter(|&n| board.sides.side_of(n) == Some(cx.clock.side) && !given(n)).collect()
}

/// The marker nations, in the ruleset's order (ruling 15).
fn markers(board: &Board) -> Vec<NationId> {
    let rules = &board.spec.ruleset;
    MiddleEastRules::of(rules).markers.iter().filter_map(|k| rules.nation_by_key(k)).collect()
}

/// Every split of `payee`'s level: the default first, then every ordered
/// list of distinct Allied payers with positive amounts adding up to it.
fn splits(world: &World, board: &Board, cx: &OrderContext, payee: NationId) -> Vec<CollectOrder> {
    let key = |n: NationId| board.spec.ruleset.nation_key(n).to_string();
    let level = middle_east::level_of(board, &key(payee)).unwrap_or(0);
    if level == 0 {
        return Vec::new();
    }
    // The payers in the default's order (richest first, ruling 15's
    // treasuries), so that the default, the richest asked for the whole
    // level, is the first split of one payer.
    let payers = axis_order(board, payee, &treasury_before(world, board, cx, payee));
    let mut all = Vec::new();
    compositions(&payers, level, &mut Vec::new(), &mut all);
    // Fewer payers first (stable): each power asked for the whole level,
    // richest first, then the splits between two, and so on, so that a
    // policy weighing only the first few choices weighs every payer.
    all.sort_by_key(Vec::len);
    let payment = |&(n, amount): &(NationId, u32)| Payment { nation: key(n), amount };
    all.into_iter()
        .map(|s| CollectOrder::MiddleEastSplit { payee: key(payee), paid_by: s.iter().map(payment).collect() })
        .collect()
}

/// Every ordered list of distinct `payers` with positive amounts adding
/// up to `left`, extending `prefix`, appended to `out`.
fn compositions(
    payers: &[NationId],
    left: u32,
    prefix: &mut Vec<(NationId, u32)>,
    out: &mut Vec<Vec<(NationId, u32)>>,
) {
    if left == 0 {
        out.push(prefix.clone());
        return;
    }
    for &p in payers {
        if prefix.iter().any(|&(q, _)| q == p) {
            continue;
        }
        for amount in 1..=left {
            prefix.push((p, amount));
            compositions(payers, left - amount, prefix, out);
            prefix.pop();
        }
    }
}

/// The treasuries when `payee` is paid: what the marker nations before it
/// in the ruleset's order pay, in the splits queued for them or by
/// default, taken out (ruling 15). Collection credits only the side to
/// move, and the payers are the other side, so nothing else changes them.
fn treasury_before(world: &World, board: &Board, cx: &OrderContext, payee: NationId) -> Treasury {
    let mut treasury = world.get_resource::<Treasury>().cloned().unwrap_or_default();
    let mut ledger = crate::ledger::Ledger::default();
    let queued: Vec<(bool, SplitValid)> = world
        .get_resource::<Pending<SplitValid>>()
        .map(|p| p.for_phase(cx.phase).map(|s| (s.side == cx.clock.side, s.order.clone())).collect())
        .unwrap_or_default();
    let earlier = markers(board).into_iter().take_while(|&n| n != payee);
    for m in earlier.filter(|&m| board.sides.side_of(m) == Some(cx.clock.side)) {
        let given = |by_payee_side: bool| {
            queued.iter().find(|(b, s)| *b == by_payee_side && s.payee == m).map(|(_, s)| s.paid_by.as_slice())
        };
        let choices = Choices { allies: given(false), axis: given(true) };
        let mut s = owed_statement(board, m, cx.clock.turn);
        settle(board, m, choices, &mut treasury, &mut ledger, &mut s);
    }
    treasury
}

/// A statement that owes `nation`'s track level and nothing else: what
/// [`settle`] pays from.
fn owed_statement(board: &Board, nation: NationId, turn: u32) -> IncomeStatement {
    let key = board.spec.ruleset.nation_key(nation).to_string();
    IncomeStatement {
        middle_east: middle_east::track(board).into_iter().find(|m| m.nation == key).map(MiddleEastIncome::owed),
        nation: key,
        turn,
        territories: Vec::new(),
        conquered_sum: 0,
        conquered_counted: 0,
        naval_trade: Vec::new(),
        saved: Vec::new(),
        total: 0,
        relays: Vec::new(),
    }
}

/// Whether `order` passes validation now; the family's queues are put
/// back.
fn passes(world: &mut World, cx: &OrderContext, order: &CollectOrder) -> bool {
    let declines = world.get_resource::<Pending<DeclineValid>>().cloned();
    let splits = world.get_resource::<Pending<SplitValid>>().cloned();
    let ok = validate(world, cx, order).is_ok();
    put_back(world, declines);
    put_back(world, splits);
    ok
}

/// Puts a queue back as it was (absent if it was).
fn put_back<V: Send + Sync + Clone + 'static>(world: &mut World, saved: Option<Pending<V>>) {
    match saved {
        Some(p) => world.insert_resource(p),
        None => {
            world.remove_resource::<Pending<V>>();
        }
    }
}
