//! Each nation's treasury: what it has to pay with (ruling 6: "an Allied
//! power never pays more than it has") and to build with.
//!
//! The type is the open core's [`qm_core::treasury::Treasury`], so that
//! another family (the operations' construction) can spend it without
//! naming this one; this family opens it, credits it and keeps it in its
//! state section:
//!
//! - **Opening balance**, for a fresh scenario: what the nation would
//!   collect at setup, with no convoy battle fought (every submarine
//!   declining, so no die is rolled). This is the Axis & Allies convention
//!   that each power starts with IPCs equal to its income.
//! - Each collection credits the collecting nation with its statement's
//!   `total`; then the Middle East track (its own family,
//!   [`crate::middle_east::plugin`]) debits the Allied powers that pay a
//!   marker nation its level and credits the marker nation with what they
//!   paid (which its statement's `total` then includes), as the
//!   [`Ledger`](crate::ledger::Ledger) records.
//! - What is collected is *saved* (COL-004) and carries over from turn to
//!   turn until it is spent; what cannot be saved is lost that turn
//!   (COL-005) and never reaches the treasury.
//! - The operations family's construction spends it (`Treasury::spend`,
//!   recorded in `spent`). So at any time
//!   `balance = opening + Σ totals collected − Σ paid to others − spent`.

use crate::board::Board;
use crate::income::collect_income;
use qm_core::ids::NationId;
use qm_core::rng::GameRng;
use std::collections::BTreeMap;

pub use qm_core::treasury::Treasury;

/// Opens every nation's treasury with its income at setup, collected with
/// no convoy battle (no die rolled).
#[must_use]
pub fn open(board: &Board) -> Treasury {
    let mut rng = GameRng::seeded(0);
    let balance: BTreeMap<String, u32> = (0..board.spec.ruleset.nations.len())
        .map(|i| NationId(i as u16))
        .filter(|&n| crate::plugin::collects(board, n))
        .map(|n| {
            let s = collect_income(board, n, 0, &|_, _| true, &mut rng);
            (s.nation, s.total)
        })
        .collect();
    Treasury { opening: balance.clone(), balance, spent: BTreeMap::new() }
}
