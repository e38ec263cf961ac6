//! One line of `qm selfplay`'s JSON lines (`qm_ai::GameRecord`) as a
//! schema: every field a batch writes, so that a line from any batch
//! validates against `docs/schema/selfplay.schema.json`
//! (`tests/it/json_schema.rs` checks lines of real batches).

use schemars::JsonSchema;
use serde::Serialize;

/// One self-played game.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SelfplayLine {
    /// Index of the game in its batch.
    pub game: u64,
    /// The game's seed: a hash of the batch's seed and the index.
    pub seed: u64,
    /// The policy that played each side.
    pub policies: Sides<String>,
    /// Who took each side's logistics decisions.
    pub logistics: Sides<LogisticsMode>,
    /// Whether the game was played under fog of war.
    pub fog: bool,
    /// The batch's turn limit.
    pub max_turns: u32,
    /// The winner; `null` for a draw.
    pub winner: Option<SideName>,
    /// Why the game ended (`objectives`, `elimination`, `turn-limit`,
    /// `max-turns`, `no-phase`).
    pub reason: String,
    /// Game turns begun.
    pub turns: u32,
    /// Units of each side eliminated by isolation (SUP-177).
    pub eliminated_by_isolation: Sides<u32>,
    /// Units of each side lost, net of units built.
    pub units_lost: Sides<u32>,
    /// Each side's graded result.
    pub sides: Sides<Graded>,
    /// The checksum of the final state.
    pub checksum: String,
}

/// One value per side.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Sides<T> {
    /// The Axis's.
    #[serde(rename = "Axis")]
    pub axis: T,
    /// The Allies'.
    #[serde(rename = "Allies")]
    pub allies: T,
}

/// A side.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub enum SideName {
    /// The Axis.
    Axis,
    /// The Allies.
    Allies,
}

/// Who took a side's logistics decisions.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LogisticsMode {
    /// The engine's documented defaults.
    Engine,
    /// The policy, one atomic choice at a time.
    Policy,
}

/// One side's graded result.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Graded {
    /// Objective points held at the end, less the enemy's.
    pub vp_margin: i64,
    /// Units lost by cause.
    pub lost: Lost,
    /// Units built.
    pub built: u32,
    /// What collection added to the side's treasuries, net of Middle East
    /// payments (COL-004, MET-006).
    pub income: u32,
    /// Oil points its reorganizations spent (OIL-003..005).
    pub oil_spent: u32,
    /// Logistics orders its policy gave and the engine accepted.
    pub logistics_orders: u32,
}

/// Units lost, by cause.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Lost {
    /// In the combat phase.
    pub combat: u32,
    /// In the isolation phase (SUP-177).
    pub isolation: u32,
    /// In any other phase (expended, disbanded).
    pub disbanded: u32,
}
