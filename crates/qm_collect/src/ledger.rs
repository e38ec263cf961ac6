//! The ledger of transfers between nations (MET-006, ruling 6): who paid
//! whom, how much, why, on which turn.
//!
//! Every transfer moves its amount from one nation's treasury to another's,
//! so the ledger sums to zero across nations ([`Ledger::nets`]). What no
//! Allied power could pay is recorded as a lost shortfall: an entry with no
//! payer, which moves nothing and is owed to nobody afterwards.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Why an entry of the ledger was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// An Allied power paid part of a marker nation's Middle East track
    /// level (MET-006).
    MiddleEastTrack,
    /// Part of a track level that no Allied power could pay: lost, not
    /// received (ruling 6).
    ShortfallLost,
}

/// One entry of the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    /// The game turn.
    pub turn: u32,
    /// The paying nation's key; `None` for a lost shortfall.
    pub payer: Option<String>,
    /// The nation paid (or owed, for a lost shortfall).
    pub payee: String,
    /// Amount.
    pub amount: u32,
    /// Why.
    pub reason: Reason,
}

/// Every transfer of the game, in the order made. Part of the family's
/// state section.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger(pub Vec<Transfer>);

impl Ledger {
    /// Records that `payer` paid `payee` (a nonzero amount).
    pub fn pay(&mut self, turn: u32, payer: &str, payee: &str, amount: u32) {
        if amount > 0 {
            let payer = Some(payer.to_string());
            self.0.push(Transfer { turn, payer, payee: payee.to_string(), amount, reason: Reason::MiddleEastTrack });
        }
    }

    /// Records a lost shortfall owed to `payee` (a nonzero amount).
    pub fn lose(&mut self, turn: u32, payee: &str, amount: u32) {
        if amount > 0 {
            self.0.push(Transfer {
                turn,
                payer: None,
                payee: payee.to_string(),
                amount,
                reason: Reason::ShortfallLost,
            });
        }
    }

    /// Each nation's net: what it received less what it paid, by key. Lost
    /// shortfalls move nothing. The nets sum to zero.
    #[must_use]
    pub fn nets(&self) -> BTreeMap<String, i64> {
        let mut out: BTreeMap<String, i64> = BTreeMap::new();
        for t in self.0.iter().filter(|t| t.reason == Reason::MiddleEastTrack) {
            if let Some(p) = &t.payer {
                *out.entry(p.clone()).or_default() -= i64::from(t.amount);
                *out.entry(t.payee.clone()).or_default() += i64::from(t.amount);
            }
        }
        out
    }

    /// What a nation has paid in all.
    #[must_use]
    pub fn paid_by(&self, nation: &str) -> u32 {
        self.0.iter().filter(|t| t.payer.as_deref() == Some(nation)).map(|t| t.amount).sum()
    }

    /// What a nation has received in all.
    #[must_use]
    pub fn received_by(&self, nation: &str) -> u32 {
        self.0.iter().filter(|t| t.payer.is_some() && t.payee == nation).map(|t| t.amount).sum()
    }

    /// Everything lost to shortfalls.
    #[must_use]
    pub fn lost(&self) -> u32 {
        self.0.iter().filter(|t| t.reason == Reason::ShortfallLost).map(|t| t.amount).sum()
    }

    /// The entries of one turn.
    pub fn of_turn(&self, turn: u32) -> impl Iterator<Item = &Transfer> {
        self.0.iter().filter(move |t| t.turn == turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfers_sum_to_zero_and_a_lost_shortfall_moves_nothing() {
        let mut l = Ledger::default();
        l.pay(1, "uk", "germany", 2);
        l.pay(1, "ussr", "germany", 1);
        l.pay(1, "uk", "italy", 0);
        l.lose(1, "italy", 2);
        l.lose(2, "italy", 0);
        assert_eq!(l.0.len(), 3, "zero amounts are not recorded");
        let nets: Vec<(String, i64)> = l.nets().into_iter().collect();
        assert_eq!(nets, [("germany".to_string(), 3), ("uk".to_string(), -2), ("ussr".to_string(), -1)]);
        assert_eq!(l.nets().values().sum::<i64>(), 0);
        assert_eq!((l.paid_by("uk"), l.received_by("germany"), l.received_by("italy"), l.lost()), (2, 3, 0, 2));
        assert_eq!(l.of_turn(1).count(), 3);
    }
}
