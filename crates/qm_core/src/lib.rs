#![doc = include_str!("../README.md")]

pub mod checksum;
pub mod components;
pub mod condition;
pub mod encode;
mod encode_node;
mod encode_value;
pub mod events;
pub mod extension;
pub mod fingerprint;
pub mod ids;
pub mod map;
pub mod nation;
pub mod orders;
pub mod outcome;
pub mod phase;
pub mod plugin;
pub mod refusal;
pub mod rng;
pub mod ruleset;
pub mod spec;
pub mod state;
pub mod supply;
pub mod text;
pub mod treasury;
pub mod validate;

/// What most users of the core need.
pub mod prelude {
    pub use crate::checksum::{Checksum, checksum};
    pub use crate::components::*;
    pub use crate::condition::{CondCtx, Condition};
    pub use crate::events::{EventLog, GameEvent};
    pub use crate::ids::*;
    pub use crate::map::{Feature, Features, MapGraph, NodeInfo, Surface};
    pub use crate::nation::{Nation, NationDef, NationKind, NationSides, NationState, NationStateC, NationStatus};
    pub use crate::orders::{Order, OrderContext, OrderError, OrderSet, Orders, Pending, PendingOrder};
    pub use crate::phase::{
        BeginOf, Determining, GameClock, OrdersOf, PhaseId, PhaseOrder, PhaseSchedule, PhaseSystems, RulesOf,
    };
    pub use crate::plugin::{Catalog, RulePlugin, Rules, RulesBuilder, StateSection};
    pub use crate::rng::GameRng;
    pub use crate::ruleset::{Domain, Ruleset, UnitTypeDef};
    pub use crate::spec::{ScenarioSpec, SourceDef, Spec};
    pub use crate::state::{EntityIndex, Flags, GameState, Ledger, StateError, build_into, build_world, extract_state};
    pub use crate::supply::*;
}
