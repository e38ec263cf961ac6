#![doc = include_str!("../README.md")]

pub mod attack;
pub mod eval;
pub mod greedy;
pub mod legal;
pub mod logistics;
pub mod outcome;
pub mod play;
pub mod policy;
pub mod random;
pub mod rollout;
pub mod seat;
pub mod selfplay;
pub mod stages;
pub mod stats;
pub mod tally;

pub use greedy::Greedy;
pub use play::{GameRecord, Limits, Losses, Match, Play, SideResult, play_game, play_game_timed};
pub use policy::{Logistics, Policy, PolicyKind, UnknownLogistics, UnknownPolicy, policy_rng};
pub use random::RandomPolicy;
pub use rollout::Rollout;
pub use seat::Seat;
pub use selfplay::{BatchConfig, BatchError, Summary, game_seed, run_batch, run_batch_with};
pub use stages::{Stage, StageTimes};
