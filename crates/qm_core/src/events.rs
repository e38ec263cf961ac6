//! Events a UI can animate. They are output, not state: a restored game
//! starts with an empty log.

use crate::ids::{DeterminationKind, NodeId, Side, SourceId, UnitId};
use crate::phase::PhaseId;
use crate::supply::UnitStatus;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum GameEvent {
    /// A phase began.
    PhaseBegan {
        /// Game turn.
        turn: u32,
        /// Side to move.
        side: Side,
        /// The phase.
        phase: PhaseId,
    },
    /// A supply determination finished.
    SupplyDetermined {
        /// The side that traced supply.
        side: Side,
        /// Initial or post-combat.
        kind: DeterminationKind,
        /// Ground units fully supplied.
        full: u32,
        /// Ground units partially supplied.
        partial: u32,
        /// Ground units isolated.
        isolated: u32,
        /// Hexes of the side that are unsupplied.
        unsupplied_hexes: u32,
    },
    /// A unit's supply status changed.
    UnitSupplyChanged {
        /// The unit.
        unit: UnitId,
        /// Its previous status.
        from: UnitStatus,
        /// Its new status.
        to: UnitStatus,
    },
    /// A source was designated or undesignated (SUP-015).
    SourceDesignated {
        /// The source.
        source: SourceId,
        /// Designated or not.
        designated: bool,
    },
    /// A unit was eliminated by isolation (SUP-177).
    UnitEliminated {
        /// The unit.
        unit: UnitId,
        /// Where it was.
        node: NodeId,
        /// BRPs to rebuild it this game turn (SUP-190: double).
        rebuild_cost: u32,
    },
}

/// The events of the game so far, in order. Drained by the facade.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct EventLog(pub Vec<GameEvent>);

impl EventLog {
    /// Appends an event.
    pub fn push(&mut self, e: GameEvent) {
        self.0.push(e);
    }

    /// Takes every event out of the log.
    pub fn drain(&mut self) -> Vec<GameEvent> {
        std::mem::take(&mut self.0)
    }
}
