//! Paying the Middle East track (MET-006, MET-007, ruling 6).
//!
//! In Germany's and Italy's collect phases each collects its track level
//! from the Allied powers, not from the bank:
//!
//! - **The Allies' split.** The Allies may give a `MiddleEastSplit` order
//!   naming the payers and amounts. It is valid when every payer is an
//!   Allied power (an enemy of the marker nation), none is named twice, the
//!   amounts add up to the level, and no payer pays more than it has
//!   ([`check_split`]). It is applied as given.
//! - **The Axis policy.** With no split, or one that is no longer valid when
//!   the phase runs (an earlier payment of the phase took what a payer
//!   had), the Axis chooses: the richest Allied power first, ties by nation
//!   id (the ruleset's nations are sorted by key), each paying what it can
//!   ([`axis_order`]).
//! - **Shortfalls (ruling 6).** An Allied power never pays more than it has;
//!   what one cannot pay is taken from the next payer in the chooser's
//!   order; what no Allied power can pay is lost. The statement shows it as
//!   `shortfall` and the ledger records it as lost.
//!
//! What is paid moves from the payers' treasuries to the marker nation's
//! income: it is added to its homeland's saving and to its total.

use crate::board::Board;
use crate::income::home_key;
use crate::ledger::Ledger;
use crate::orders::CollectError;
use crate::statement::{IncomeStatement, Paid, Saved};
use crate::treasury::Treasury;
use qm_core::ids::NationId;
use serde::{Deserialize, Serialize};

/// One payer's share of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    /// The paying nation.
    pub nation: NationId,
    /// Amount.
    pub amount: u32,
}

/// Whether `split` may pay `payee`'s `level`, each payer having `has`
/// (ruling 6).
///
/// # Errors
/// [`CollectError::NotAnAlliedPayer`], [`CollectError::RepeatedPayer`],
/// [`CollectError::SplitDoesNotAddUp`], [`CollectError::PayerCannotPay`].
pub fn check_split(
    board: &Board,
    payee: NationId,
    split: &[Share],
    level: u32,
    has: &dyn Fn(NationId) -> u32,
) -> Result<(), CollectError> {
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
    if let Some(s) = split.iter().find(|s| s.amount > has(s.nation)) {
        return Err(CollectError::PayerCannotPay { payer: key(s.nation), amount: s.amount, has: has(s.nation) });
    }
    Ok(())
}

/// The Axis policy's order of payers: the Allied powers (enemies of
/// `payee`), richest first, ties by nation id.
#[must_use]
pub fn axis_order(board: &Board, payee: NationId, treasury: &Treasury) -> Vec<NationId> {
    let mut payers: Vec<NationId> =
        (0..board.spec.ruleset.nations.len()).map(|i| NationId(i as u16)).filter(|&n| board.enemy(payee, n)).collect();
    payers.sort_by_key(|&n| (std::cmp::Reverse(treasury.has(board.spec.ruleset.nation_key(n))), n));
    payers
}

/// Settles the Middle East part of `payee`'s statement: the Allies' split
/// if given and payable, else the Axis policy; pays from the treasuries,
/// records the ledger, and adds what is paid to the statement's homeland
/// saving and total (MET-006, ruling 6).
pub fn settle(
    board: &Board,
    payee: NationId,
    split: Option<&[Share]>,
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
    let has = |n: NationId| treasury.has(rules.nation_key(n));
    let given = split.filter(|sp| check_split(board, payee, sp, owed, &has).is_ok());
    let (order, chooser): (Vec<Share>, _) = match given {
        Some(sp) => (sp.to_vec(), payee_side.map(|x| x.other())),
        None => {
            let all = axis_order(board, payee, treasury).into_iter().map(|nation| Share { nation, amount: owed });
            (all.collect(), payee_side)
        }
    };
    let mut remaining = owed;
    for share in order {
        let key = rules.nation_key(share.nation);
        let taken = treasury.debit(key, share.amount.min(remaining));
        if taken > 0 {
            ledger.pay(s.turn, key, &s.nation, taken);
            me.paid_by.push(Paid { nation: key.to_string(), amount: taken });
            remaining -= taken;
        }
    }
    ledger.lose(s.turn, &s.nation, remaining);
    me.shortfall += remaining;
    me.chosen_by = chooser;
    add_to_home(board, payee, s, owed - remaining);
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
