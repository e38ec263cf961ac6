//! The `Policy` trait, the policies by name, and the seeded stream each
//! player draws from.

use crate::seat::Seat;
use qm_game::{Order, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A producer of orders. A policy sees only its [`Seat`]: its side's
/// observation (under fog when the game is played under fog), the static
/// scenario, and search copies of the game as the side may know it; never
/// the game itself. Everything it returns goes through `Game::submit`
/// like any other order.
///
/// A phase asks for two kinds of decision (`docs/orders.md`):
/// - [`Policy::choose`]: the operations of the phase (moves, attacks,
///   builds), chosen at once from one listing;
/// - [`Policy::decide`]: logistics, one atomic choice at a time (a sea
///   line, an interceptor, a unit to reorganize, a point of oil to save),
///   asked again after each choice until the policy passes. Passing at the
///   first step takes the engine's documented default.
pub trait Policy: Send {
    /// The policy's name, as `--policies` and the results write it.
    fn name(&self) -> &'static str;

    /// The operations to give for the phase about to run, chosen from
    /// `legal` (an empty list passes). Randomness only from `rng`.
    fn choose(&mut self, seat: &Seat<'_>, legal: &[Order], rng: &mut ChaCha8Rng) -> Vec<Order>;

    /// One logistics choice from `choices` (every one of them passes
    /// `submit` given what was chosen before), or `None` to stop. By default
    /// a policy passes: the engine's defaults decide.
    fn decide(&mut self, seat: &Seat<'_>, choices: &[Order], rng: &mut ChaCha8Rng) -> Option<Order> {
        let _ = (seat, choices, rng);
        None
    }
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

/// Who takes a side's logistics decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Logistics {
    /// The engine's documented defaults: the policy is never asked.
    #[default]
    Engine,
    /// The policy, one atomic choice at a time ([`Policy::decide`]).
    Policy,
}

/// A logistics mode no one has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown logistics mode `{0}` (expected engine or policy)")]
pub struct UnknownLogistics(pub String);

impl std::str::FromStr for Logistics {
    type Err = UnknownLogistics;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "engine" => Ok(Self::Engine),
            "policy" => Ok(Self::Policy),
            _ => Err(UnknownLogistics(s.to_string())),
        }
    }
}

impl Logistics {
    /// The name, as written on the command line and in results.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Engine => "engine",
            Self::Policy => "policy",
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
