//! Each nation's treasury: the points an economy family collects for it
//! and another family spends, as plain data on the open core.
//!
//! The collection family (`wteaw-collect`) opens the treasuries, credits
//! what each nation collects (COL-004: resources are *saved* at the
//! homeland or a colony, so what is not spent carries over; COL-005: what
//! cannot be saved is lost and never reaches it) and debits what the
//! Allied powers pay toward the Middle East track (MET-006, ruling 6: a
//! power never pays more than it has). The operations family (`ops`)
//! reads it as a nation's construction budget on a territory map and
//! debits what it builds. Neither names the other's systems: both read
//! and write this resource, which the collection family keeps in its
//! section of saved state (so it is in every save and checksum).
//!
//! At any time, for each nation,
//! `balance = opening + Σ collected − Σ paid to others − spent`.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The nations' treasuries, by nation key.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasury {
    /// The balances at setup.
    pub opening: BTreeMap<String, u32>,
    /// The balances now.
    pub balance: BTreeMap<String, u32>,
    /// What each nation has spent on construction in all (absent while
    /// nothing is spent, so saves and checksums of games that never build
    /// are those of before).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub spent: BTreeMap<String, u32>,
}

impl Treasury {
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

    /// Spends `amount` of a nation's balance on construction, all of it or
    /// nothing: whether it had that much. What is spent is added to
    /// [`Self::spent`].
    pub fn spend(&mut self, nation: &str, amount: u32) -> bool {
        if amount > self.has(nation) {
            return false;
        }
        if amount > 0 {
            self.debit(nation, amount);
            let s = self.spent.entry(nation.to_string()).or_default();
            *s = s.saturating_add(amount);
        }
        true
    }

    /// What a nation has spent on construction in all.
    #[must_use]
    pub fn spent_by(&self, nation: &str) -> u32 {
        self.spent.get(nation).copied().unwrap_or(0)
    }

    /// The sum of every balance.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.balance.values().map(|&v| u64::from(v)).sum()
    }
}

/// The build point total of each major power on a hex map (MWIF OIL-012),
/// by nation id: the hex-map counterpart of [`Treasury`].
///
/// The oil family (`mwif-oil`) keeps it in its section of saved state and
/// changes it with its stockpile orders (OIL-010: save build points from
/// it; OIL-012: spend saved ones into it). The operations family (`ops`)
/// reads it on a hex map as construction points beyond the scenario's
/// budget per player turn, and debits what a build costs past that budget.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildPoints(pub BTreeMap<crate::ids::NationId, u32>);

impl BuildPoints {
    /// A nation's total.
    #[must_use]
    pub fn of(&self, nation: crate::ids::NationId) -> u32 {
        self.0.get(&nation).copied().unwrap_or(0)
    }

    /// Takes `amount` from a nation's total, all of it or nothing: whether
    /// it had that much.
    pub fn spend(&mut self, nation: crate::ids::NationId, amount: u32) -> bool {
        let has = self.of(nation);
        if amount > has {
            return false;
        }
        if amount > 0 {
            self.0.insert(nation, has - amount);
        }
        true
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

    #[test]
    fn spending_is_all_or_nothing_and_recorded() {
        let mut t = Treasury::default();
        t.credit("france", 7);
        assert!(!t.spend("france", 8), "more than it has: refused");
        assert_eq!((t.has("france"), t.spent_by("france")), (7, 0), "a refused spend changes nothing");
        assert!(t.spend("france", 3));
        assert!(t.spend("france", 4), "to the last point");
        assert_eq!((t.has("france"), t.spent_by("france")), (0, 7));
        assert!(t.spend("france", 0), "nothing costs nothing");
        assert!(!t.spent.contains_key("russia"));
        let json = serde_json::to_string(&Treasury::default()).expect("json");
        assert!(!json.contains("spent"), "nothing spent: not written, {json}");
    }
}
