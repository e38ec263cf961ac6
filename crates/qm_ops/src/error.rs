//! The reference operations' own refusals, carried by
//! [`qm_core::orders::OrderError::Rule`].

use qm_core::orders::{OrderError, RuleError};

/// Why an operation order of the reference layer is refused (besides the
/// supply rules' refusals, which keep their own [`OrderError`] variants).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpsError {
    /// The unit already has an order for this phase: one order per unit per
    /// phase.
    #[error("unit `{0}` already has an order this phase")]
    AlreadyOrdered(String),
    /// A unit is named twice in one attack.
    #[error("unit `{0}` is named twice")]
    NamedTwice(String),
    /// The scenario decides combat by its table: give `Attack` orders.
    #[error("this scenario decides combat by its combat results table: give `Attack` orders, not `Combat` outcomes")]
    CombatByTable,
    /// The scenario has no combat table: give `Combat` outcomes.
    #[error("this scenario has no combat results table: give `Combat` outcomes, not `Attack` orders")]
    NoCombatTable,
    /// The unit has no attack strength.
    #[error("unit `{0}` has no attack strength")]
    NoStrength(String),
    /// The scenario takes no `Redeploy` orders.
    #[error("this scenario takes no redeployment orders")]
    NoRedeployment,
    /// The destination holds enemy units.
    #[error("`{0}` holds enemy units: attack it instead")]
    EnemyThere(String),
    /// The unit type may not be constructed in this scenario.
    #[error("unit type `{0}` may not be constructed in this scenario")]
    NotBuildable(String),
    /// Not a hex where the side may construct: a city or capital it
    /// controls, free of enemy units, fully supplied (SUP-203).
    #[error("`{at}` is not a build site: {why}")]
    NotABuildSite {
        /// The hex.
        at: String,
        /// Why not.
        why: &'static str,
    },
    /// The budget of the player turn does not cover it.
    #[error("{nation} has {left} construction points left, `{kind}` costs {cost}")]
    OverBudget {
        /// The building nation.
        nation: String,
        /// The unit type.
        kind: String,
        /// Its cost.
        cost: u32,
        /// What is left.
        left: u32,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// On a territory map, a unit out of supply (no line to a supply center
    /// of its nation, COL-005) with no movement for that status.
    #[error(
        "unit `{0}` is out of supply and may not move: it traces no line to a supply center of its nation (COL-005)"
    )]
    OutOfSupply(String),
    /// The unit is disorganized (an operation the scenario's `disorganize`
    /// lists, not yet reorganized: OIL-003's final reorganization step).
    #[error(
        "unit `{0}` is disorganized and takes no operation until it is reorganized (OIL-003: oil-dependent units need oil in the final reorganization step)"
    )]
    Disorganized(String),
    /// An order kind taken on hex maps only.
    #[error("`{0}` orders are taken on hex maps only")]
    HexMapsOnly(&'static str),
}

impl OpsError {
    /// As an [`OrderError`] of order `index`.
    #[must_use]
    pub fn at(self, index: usize) -> OrderError {
        OrderError::Rule { index, family: crate::plugin::FAMILY, error: RuleError::new(self) }
    }
}
