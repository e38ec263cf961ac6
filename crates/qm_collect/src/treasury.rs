//! Each nation's treasury: what it has to pay with (ruling 6: "an Allied
//! power never pays more than it has").
//!
//! The family keeps one balance per nation in its state section:
//!
//! - **Opening balance**, for a fresh scenario: what the nation would
//!   collect at setup, with no convoy battle fought (every submarine
//!   declining, so no die is rolled). This is the Axis & Allies convention
//!   that each power starts with IPCs equal to its income.
//! - Each collection credits the collecting nation with its statement's
//!   `total` (which includes what the Allies paid it for its Middle East
//!   track level), and debits the Allied powers that paid, as the
//!   [`Ledger`](crate::ledger::Ledger) records.
//!
//! No phase spends a treasury yet (there is no production in these rule
//! families); one would debit it. So at any time
//! `balance = opening + Σ totals collected − Σ paid to others`.

use crate::board::Board;
use crate::income::collect_income;
use bevy_ecs::prelude::*;
use qm_core::ids::NationId;
use qm_core::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The nations' treasuries, by nation key.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasury {
    /// The balances at setup.
    pub opening: BTreeMap<String, u32>,
    /// The balances now.
    pub balance: BTreeMap<String, u32>,
}

impl Treasury {
    /// Opens every nation's treasury with its income at setup, collected
    /// with no convoy battle (no die rolled).
    #[must_use]
    pub fn open(board: &Board) -> Self {
        let mut rng = GameRng::seeded(0);
        let balance: BTreeMap<String, u32> = (0..board.spec.ruleset.nations.len())
            .map(|i| NationId(i as u16))
            .filter(|&n| crate::plugin::collects(board, n))
            .map(|n| {
                let s = collect_income(board, n, 0, &|_, _| true, &mut rng);
                (s.nation, s.total)
            })
            .collect();
        Self { opening: balance.clone(), balance }
    }

    /// What a nation has.
    #[must_use]
    pub fn has(&self, nation: &str) -> u32 {
        self.balance.get(nation).copied().unwrap_or(0)
    }

    /// Adds to a nation's balance.
    pub fn credit(&mut self, nation: &str, amount: u32) {
        let b = self.balance.entry(nation.to_string()).or_default();
        *b = b.saturating_add(amount);
    }

    /// Takes up to `amount` from a nation's balance, never more than it has;
    /// returns what was taken.
    pub fn debit(&mut self, nation: &str, amount: u32) -> u32 {
        let taken = amount.min(self.has(nation));
        if taken > 0
            && let Some(b) = self.balance.get_mut(nation)
        {
            *b -= taken;
        }
        taken
    }

    /// The sum of every balance.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.balance.values().map(|&v| u64::from(v)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_debit_never_takes_more_than_the_balance() {
        let mut t = Treasury::default();
        t.credit("uk", 3);
        assert_eq!((t.debit("uk", 2), t.has("uk")), (2, 1));
        assert_eq!((t.debit("uk", 5), t.has("uk")), (1, 0), "ruling 6: never more than it has");
        assert_eq!((t.debit("usa", 4), t.has("usa")), (0, 0), "no treasury: nothing");
        t.credit("uk", u32::MAX);
        t.credit("uk", 1);
        assert_eq!(t.total(), u64::from(u32::MAX));
    }
}
