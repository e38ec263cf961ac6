#![doc = include_str!("../README.md")]

pub mod attack;
pub mod eval;
pub mod greedy;
pub mod home;
pub mod legal;
pub mod outcome;
pub mod play;
pub mod policy;
pub mod random;
pub mod rollout;
pub mod selfplay;
pub mod stats;

pub use greedy::Greedy;
pub use play::{GameRecord, Limits, Match, play_game};
pub use policy::{Policy, PolicyKind, UnknownPolicy, policy_rng};
pub use random::RandomPolicy;
pub use rollout::Rollout;
pub use selfplay::{BatchConfig, Summary, run_batch};
