//! The `Policy` trait, the policies by name, and the seeded stream each
//! player draws from.

use qm_game::{Game, Observation, Order, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A producer of orders: the observation and legal orders of the phase
/// about to run in, the orders to give out. The game is passed read-only
/// so that a policy can `clone()` it for look-ahead; everything it returns
/// goes through [`Game::submit`] like any other order.
pub trait Policy: Send {
    /// The policy's name, as `--policies` and the results write it.
    fn name(&self) -> &'static str;

    /// The orders to give for the phase about to run, chosen from `legal`
    /// (an empty list passes). Randomness only from `rng`.
    fn choose(&mut self, game: &Game, obs: &Observation, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Order>;
}

/// The shipped policies, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PolicyKind {
    /// [`crate::RandomPolicy`].
    Random,
    /// [`crate::Greedy`].
    Greedy,
    /// [`crate::Rollout`].
    Rollout,
}

/// A policy name no shipped policy has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown policy `{0}` (expected random, greedy or rollout)")]
pub struct UnknownPolicy(pub String);

impl std::str::FromStr for PolicyKind {
    type Err = UnknownPolicy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Self::Random),
            "greedy" => Ok(Self::Greedy),
            "rollout" => Ok(Self::Rollout),
            _ => Err(UnknownPolicy(s.to_string())),
        }
    }
}

impl PolicyKind {
    /// The name, as written on the command line and in results.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Random => "random",
            Self::Greedy => "greedy",
            Self::Rollout => "rollout",
        }
    }

    /// A fresh policy of this kind with default parameters.
    #[must_use]
    pub fn make(self) -> Box<dyn Policy> {
        match self {
            Self::Random => Box::new(crate::RandomPolicy),
            Self::Greedy => Box::new(crate::Greedy::default()),
            Self::Rollout => Box::new(crate::Rollout::default()),
        }
    }
}

/// The stream a player draws from: one ChaCha per game and side, derived
/// from the game's seed (so a game's play depends on its seed only, not on
/// which thread ran it, nor on the engine's own stream, which stays the
/// dice's).
#[must_use]
pub fn policy_rng(game_seed: u64, side: Side) -> ChaCha8Rng {
    let salt: u64 = match side {
        Side::Axis => 0x5155_4152_5445_5201,
        Side::Allies => 0x5155_4152_5445_5202,
    };
    ChaCha8Rng::seed_from_u64(game_seed.rotate_left(17) ^ salt)
}
