//! Paying the Middle East track (MET-006, MET-007, rulings 6 and 15).
//!
//! In Germany's and Italy's collect phases each collects its track level
//! from the Allied powers, not from the bank:
//!
//! - **The Allies' split.** The Allies may give a `MiddleEastSplit` order
//!   naming the payers and amounts, in their order of payment. It is valid
//!   when every payer is an Allied power (an enemy of the marker nation),
//!   none is named twice, and the amounts add up to the level
//!   ([`check_split`]). A split that asks a power for more than it has is
//!   valid: it is settled, not refused (ruling 6, below).
//! - **The Axis choice.** With no split from the Allies, the Axis side
//!   chooses (MET-006: "If the Allies are unable to decide who pays, the
//!   Axis powers will choose"). It may give its own `MiddleEastSplit` for
//!   its marker nation (an AI policy gives it the same way); without one,
//!   the documented default applies ([`axis_order`]): the richest Allied
//!   power first, ties by nation id, the whole level asked of it.
//! - **Settlement (ruling 6).** [`settle_order`]: each payer in the
//!   chooser's order pays its share and what the payers before it could
//!   not pay, as far as it has; the Allied powers the split does not name
//!   follow, in the default order. What is still owed after the last of
//!   them is taken, in the same order, from what each payer has left. What
//!   remains is what no Allied power could pay: lost, recorded in the
//!   ledger and shown as the statement's `shortfall`. So a power never pays
//!   more than it has, and the shortfall is exactly the level less all the
//!   Allied powers had.
//! - **Order of payment (ruling 15).** The marker nations are paid in the
//!   order the ruleset lists them (`middle_east.markers`, the order of their
//!   collect phases); a later payment sees the treasuries the earlier one
//!   left ([`crate::middle_east::plugin::settle_track`], the Middle East
//!   track's own system, after collection's in the same phase).
//!
//! What is paid moves from the payers' treasuries to the marker nation's
//! income: it is added to its homeland's saving and to its total.

use crate::board::Board;
use crate::income::home_key;
use crate::ledger::Ledger;
use crate::orders::CollectError;
use crate::statement::{IncomeStatement, Paid, Saved};
use crate::treasury::Treasury;
use qm_core::ids::{NationId, Side};
use serde::{Deserialize, Serialize};

/// One payer's share of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    /// The paying nation.
    pub nation: NationId,
    /// Amount.
    pub amount: u32,
}

/// Whether `split` is a split of `payee`'s `level` (MET-006): Allied payers,
/// each once, amounts adding up to the level. What the payers have is not
/// checked: settlement takes care of it (ruling 6).
///
/// # Errors
/// [`CollectError::NotAnAlliedPayer`], [`CollectError::RepeatedPayer`],
/// [`CollectError::SplitDoesNotAddUp`].
pub fn check_split(board: &Board, payee: NationId, split: &[Share], level: u32) -> Result<(), CollectError> {
    let key = |n: NationId| board.spec.ruleset.nation_key(n).to_string();
    for (i, s) in split.iter().enumerate() {
        if !board.enemy(payee, s.nation) {
            return Err(CollectError::NotAnAlliedPayer { payer: key(s.nation), payee: key(payee) });
        }
        if split[..i].iter().any(|t| t.nation == s.nation) {
            return Err(CollectError::RepeatedPayer(key(s.nation)));
        }
    }
    let sum = split.iter().fold(0u32, |a, s| a.saturating_add(s.amount));
    if sum != level {
        return Err(CollectError::SplitDoesNotAddUp { payee: key(payee), level, sum });
    }
    Ok(())
}

/// The Axis side's default order of payers (MET-006): the Allied powers
/// (enemies of `payee`), richest first, ties by nation id.
#[must_use]
pub fn axis_order(board: &Board, payee: NationId, treasury: &Treasury) -> Vec<NationId> {
    let mut payers: Vec<NationId> =
        (0..board.spec.ruleset.nations.len()).map(|i| NationId(i as u16)).filter(|&n| board.enemy(payee, n)).collect();
    payers.sort_by_key(|&n| (std::cmp::Reverse(treasury.has(board.spec.ruleset.nation_key(n))), n));
    payers
}

/// The Axis default as a split: the whole level asked of the richest Allied
/// power, the others following in [`axis_order`].
#[must_use]
pub fn axis_default(board: &Board, payee: NationId, treasury: &Treasury, level: u32) -> Vec<Share> {
    axis_order(board, payee, treasury)
        .into_iter()
        .enumerate()
        .map(|(i, nation)| Share { nation, amount: if i == 0 { level } else { 0 } })
        .collect()
}

/// Ruling 6's settlement of `split` against what each payer `has`: what
/// each pays, in the order of first payment, and what no payer could pay.
/// `split` lists every payer that may be asked, in the chooser's order.
#[must_use]
pub fn settle_order(split: &[Share], has: &dyn Fn(NationId) -> u32) -> (Vec<Share>, u32) {
    let mut paid = vec![0u32; split.len()];
    let mut carry = 0u32;
    // Each pays its share and what the payers before it could not.
    for (i, s) in split.iter().enumerate() {
        let due = s.amount.saturating_add(carry);
        paid[i] = due.min(has(s.nation));
        carry = due - paid[i];
    }
    // What is still owed is taken from what each has left, in order.
    for (i, s) in split.iter().enumerate() {
        let more = carry.min(has(s.nation) - paid[i]);
        paid[i] += more;
        carry -= more;
    }
    let out = split.iter().zip(paid).filter(|(_, p)| *p > 0).map(|(s, amount)| Share { nation: s.nation, amount });
    (out.collect(), carry)
}

/// The payers a chooser's split asks, in order: the split's, then the
/// Allied powers it does not name, in the Axis default order.
fn full_order(board: &Board, payee: NationId, split: &[Share], treasury: &Treasury) -> Vec<Share> {
    let mut order = split.to_vec();
    for nation in axis_order(board, payee, treasury) {
        if !order.iter().any(|s| s.nation == nation) {
            order.push(Share { nation, amount: 0 });
        }
    }
    order
}

/// The splits given for a marker nation's collection: the Allies' and the
/// Axis side's own choice, either absent.
#[derive(Clone, Copy, Debug, Default)]
pub struct Choices<'a> {
    /// The Allies' split (MET-006: they decide who pays).
    pub allies: Option<&'a [Share]>,
    /// The Axis side's choice, used when the Allies gave none.
    pub axis: Option<&'a [Share]>,
}

/// Settles the Middle East part of `payee`'s statement (MET-006, ruling 6):
/// the Allies' split if given, else the Axis side's choice or its default;
/// pays from the treasuries, records the ledger, and adds what is paid to
/// the statement's homeland saving and total.
pub fn settle(
    board: &Board,
    payee: NationId,
    choices: Choices<'_>,
    treasury: &mut Treasury,
    ledger: &mut Ledger,
    s: &mut IncomeStatement,
) {
    let Some(me) = s.middle_east.as_mut() else { return };
    let owed = me.outstanding();
    if owed == 0 {
        return;
    }
    let rules = &board.spec.ruleset;
    let payee_side = board.sides.side_of(payee);
    let valid = |sp: &&[Share]| check_split(board, payee, sp, owed).is_ok();
    let (split, chooser): (Vec<Share>, Option<Side>) = match (choices.allies.filter(valid), choices.axis.filter(valid))
    {
        (Some(sp), _) => (sp.to_vec(), payee_side.map(Side::other)),
        (None, Some(sp)) => (sp.to_vec(), payee_side),
        (None, None) => (axis_default(board, payee, treasury, owed), payee_side),
    };
    let order = full_order(board, payee, &split, treasury);
    let (payments, shortfall) = settle_order(&order, &|n| treasury.has(rules.nation_key(n)));
    for p in payments {
        let key = rules.nation_key(p.nation);
        let taken = treasury.debit(key, p.amount);
        ledger.pay(s.turn, key, &s.nation, taken);
        me.paid_by.push(Paid { nation: key.to_string(), amount: taken });
    }
    ledger.lose(s.turn, &s.nation, shortfall);
    me.shortfall += shortfall;
    me.chosen_by = chooser;
    add_to_home(board, payee, s, owed - shortfall);
}

/// Adds Middle East income to the homeland's saving and the total.
fn add_to_home(board: &Board, payee: NationId, s: &mut IncomeStatement, paid: u32) {
    if paid == 0 {
        return;
    }
    let home = home_key(board, payee);
    match s.saved.binary_search_by(|x| x.place.cmp(&home)) {
        Ok(i) => s.saved[i].amount += paid,
        Err(i) => s.saved.insert(i, Saved { place: home, amount: paid }),
    }
    s.total += paid;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shares(v: &[(u16, u32)]) -> Vec<Share> {
        v.iter().map(|&(n, amount)| Share { nation: NationId(n), amount }).collect()
    }

    #[test]
    fn a_payer_short_of_its_share_passes_the_rest_to_the_next_ruling_6() {
        let has = |n: NationId| [2, 0, 5][n.index()];
        // 0 asked 3 (has 2), 1 asked 1 (has 0), 2 asked 0 (has 5).
        let (paid, lost) = settle_order(&shares(&[(0, 3), (1, 1), (2, 0)]), &has);
        assert_eq!((paid, lost), (shares(&[(0, 2), (2, 2)]), 0));
        // What the later payers cannot pay goes back to the earlier ones.
        let (paid, lost) = settle_order(&shares(&[(0, 1), (1, 3)]), &|n| [3, 1][n.index()]);
        assert_eq!((paid, lost), (shares(&[(0, 3), (1, 1)]), 0));
        // What none can pay is lost.
        let (paid, lost) = settle_order(&shares(&[(0, 9), (1, 0)]), &|n| [3, 1][n.index()]);
        assert_eq!((paid, lost), (shares(&[(0, 3), (1, 1)]), 5));
    }
}
