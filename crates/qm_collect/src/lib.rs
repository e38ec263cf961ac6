//! *The War to End All Wars* (3rd Ed.), Phase 12: Collect Resources
//! (COL-004..008), as a rule family on territory maps.
//!
//! Each controlled territory traces a line of supply to a supply center of
//! its saving place (ruling 4) with the one flood kernel, `qm_trace`;
//! conquered territories are halved once (ruling 3); naval trade is blocked
//! by surface raiders or fought for in a seeded convoy battle (ruling 5).
//! Every nation's [`IncomeStatement`] is kept in the family's state section.
//!
//! The Middle East track (MET-001..007) is a rule family of its own,
//! `middle-east` ([`MiddleEastPlugin`], [`middle_east`]), which the
//! collection family brings along: markers derived from control, their
//! levels paid by the Allied powers in the split they order or the Axis
//! chooses, with ruling 6's shortfalls ([`payment`]), out of each nation's
//! [`Treasury`], every transfer recorded in the [`Ledger`], after
//! collection in the same phase ([`middle_east::plugin`] says why the split
//! changes no result).

pub mod board;
pub mod collect_map;
pub mod income;
pub mod ledger;
pub mod legal;
pub mod lines;
pub mod middle_east;
pub mod orders;
pub mod payment;
pub mod plugin;
pub mod statement;
pub mod trade;
pub mod treasury;

pub use board::Board;
pub use income::collect_income;
pub use ledger::{Ledger, Reason, Transfer};
pub use middle_east::{MiddleEastPlugin, MiddleEastSystems};
pub use orders::{CollectError, CollectOrder, DeclineValid, Payment, SplitValid};
pub use payment::Share;
pub use plugin::{CollectPlugin, CollectState, CollectSystems, Statements};
pub use statement::{
    IncomeStatement, LineStatus, MiddleEastIncome, Paid, Parents, Relay, Saved, TerritoryLine, TradeLine, TradeOutcome,
};
pub use treasury::Treasury;

use qm_core::phase::PhaseId;

/// The family name rulesets use.
pub const FAMILY: &str = "wteaw-collect";

/// Phase 12, Collect Resources.
pub const COLLECTION: PhaseId = PhaseId::new("collection");
