//! Quartermaster's measurements, what `qm bench supply|collect|game|oil` runs:
//! the engine on generated maps, timed against baselines run in the same
//! process on the same data, and the figures as serializable reports.
//!
//! - [`supply`]: initial supply of both sides against a plain dense
//!   breadth-first search (the floor), `pathfinding`'s `bfs_reach` and a
//!   search per unit ([`baseline`]); the post-combat determination after
//!   generated moves ([`moves`]); a breakdown by stage.
//! - [`collect`]: every nation's collection on a generated territory map
//!   against one `bfs_reach` flood of the same graph.
//! - [`game`]: the self-play path on a generated map (a player turn, clone,
//!   snapshot, restore, checksum).
//! - [`oil`]: the MWIF oil solver on the seeded sample problems of
//!   `benches/oil.rs`: time per solve and how many were proved optimal.
//! - [`selfplay`]: whole player turns of seeded self-play games on a
//!   scenario, in CPU time, with the share of each stage and the speed-up
//!   on two threads.
//!
//! The crate does no rule work: it drives the engine through `qm_game` and
//! the supply systems, and the baselines it compares with are written
//! plainly here. Absolute times on a shared machine are noise; the ratios
//! are the figures to compare. The `qm` command prints the reports (text or
//! JSON); the correctness tests of the baselines are in the root package's
//! `tests/it/bench_baselines.rs`.

pub mod baseline;
pub mod collect;
pub mod cpu;
pub mod game;
pub mod moves;
pub mod oil;
pub mod selfplay;
mod stats;
pub mod supply;

pub use collect::{CollectBench, CollectBenchError, bench_collect};
pub use game::{GameBench, bench_game};
pub use oil::{OilBench, OilCase, OilCaseKind, bench_oil};
pub use selfplay::{SelfplayBench, SelfplayBenchError, SelfplayParams, bench_selfplay};
pub use supply::{Breakdown, SupplyBench, bench_supply};

/// The largest map the supply and game benches generate. Beyond it the
/// generated scenario and the engine's per-node arrays outgrow a shared
/// machine's memory.
pub const MAX_HEXES: u32 = 4_000_000;

/// Why the supply or game bench did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// More hexes than [`MAX_HEXES`].
    #[error("--hexes {0} is too large: the bench generates at most {MAX_HEXES} hexes")]
    TooLarge(u32),
    /// The generator wrote a scenario that does not compile (a bug).
    #[error("the generated scenario does not compile: {0}")]
    Generate(String),
}
