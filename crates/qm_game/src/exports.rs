//! The rule families' data types a user of the facade reads, re-exported
//! so that the CLI, the Python binding and embedders depend on `qm_game`
//! alone: income statements, oil reports, supply explanations, the files'
//! limits and name suggestions, and the state's plain types.

/// Collection on territory maps (WTEAW phase 12) and the Middle East track:
/// income statements, their lines, the board collection reads, and the
/// collection data of a scenario's map and ruleset.
pub mod collection {
    pub use qm_collect::collect_map::{
        CollectMap, ConvoyRules, Holding, PlaceId, SavingPlace, TerritoryEcon, TradePoints,
    };
    pub use qm_collect::middle_east::MiddleEastRules;
    pub use qm_collect::{
        Board, COLLECTION, IncomeStatement, LineStatus, MiddleEastIncome, Parents, TerritoryLine, TradeLine,
        TradeOutcome, collect_income,
    };
}

/// MWIF oil: reorganization orders and reports (OIL-003..005).
pub mod oil {
    pub use qm_oil::report::{FORMAT, NotReorganized, Reorganized, ResourceReport};
    pub use qm_oil::{OilOrder, PowerReport, REORGANIZATION};
}

/// A World at War rule 30: explanations of a unit's supply, the player
/// turn's sea log and supply zones, and the ruleset's names resolved
/// against a scenario's map.
pub mod supply {
    pub use qm_supply::explain::Explanation;
    pub use qm_supply::map_rules::MapRules;
    pub use qm_supply::sea_log::{InitialZone, NoLine, NoLineReason, SeaLineRecord, SeaLog, ZoneRecord, Zones};
}

/// Files: the caps on what is read, how, and suggestions for misspelt
/// names.
pub mod files {
    pub use qm_scenario::diag::{MAX_SHOWN, cap};
    pub use qm_scenario::{Compiled, limits, load, looks_like_save, normalize, read_save, suggest};
}

pub use qm_core::events::GameEvent;
pub use qm_core::map::MapGraph;
pub use qm_core::rng::GameRng;
pub use qm_core::ruleset::Ruleset;
pub use qm_core::state::{GameState, UnitState};
pub use qm_core::text::printable;
