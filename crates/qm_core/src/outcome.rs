//! The end of a game: who won, why, and the score.
//!
//! A rule family that decides the end of the game (the reference
//! operations do, from the victory conditions of the scenario) sets the
//! world's [`Outcome`] and saves it in its section of state; the facade's
//! `Game::is_over` and `Game::result` read it. Once set it does not change.

use crate::ids::Side;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// A side held enough objective points at a game turn's end.
    Objectives,
    /// A side has no ground units left.
    Elimination,
    /// The last game turn ended; the winner is decided by the points held.
    TurnLimit,
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Objectives => "objectives",
            Self::Elimination => "elimination",
            Self::TurnLimit => "turn-limit",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The game turn that was ending.
    pub turn: u32,
    /// Each side's score: the objective points it held when the game ended.
    pub score: BTreeMap<Side, u32>,
}

/// The world's result, once the game is over.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome(pub Option<GameResult>);
