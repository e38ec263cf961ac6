//! The end of the game, as the facade reports it.

use crate::Game;
pub use qm_core::outcome::{EndReason, GameResult};
use qm_core::outcome::Outcome;

impl Game {
    /// Whether the game is over: a rule family (the reference operations,
    /// from the scenario's victory conditions) has decided its result.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some())
    }

    /// The result, once the game is over: winner (`None` for a draw),
    /// reason, and each side's score (objective points held).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.world.get_resource::<Outcome>().and_then(|o| o.0.clone())
    }

    /// The objective points each side holds now (0 for both without
    /// victory conditions).
    #[must_use]
    pub fn score(&self) -> std::collections::BTreeMap<qm_core::ids::Side, u32> {
        qm_ops::score(&self.world)
    }
}
