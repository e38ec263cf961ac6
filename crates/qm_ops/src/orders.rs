//! The reference operations' phases and orders.

use qm_core::ids::{NationId, NodeId, UnitId};
use qm_core::orders::OrderSet;
use qm_core::phase::PhaseId;
use serde::{Deserialize, Serialize};

/// Ground movement.
pub const MOVEMENT: PhaseId = PhaseId::new("movement");
/// Combat.
pub const COMBAT: PhaseId = PhaseId::new("combat");
/// Unit construction and redeployment.
pub const CONSTRUCTION_REDEPLOYMENT: PhaseId = PhaseId::new("construction-redeployment");

/// An operation as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpsOrder {
    /// Move a ground unit (movement phase).
    Move {
        /// The unit.
        unit: String,
        /// Its destination.
        to: String,
    },
    /// Exploit with an armor unit (combat phase; SUP-193).
    Exploit {
        /// The unit.
        unit: String,
        /// Its destination.
        to: String,
    },
    /// The outcome of a combat (combat phase): the defenders of `target` are
    /// eliminated, the hex is taken, and `advance` move in. Combat itself is
    /// not among the rule texts; the engine takes its outcome as an order.
    Combat {
        /// The attacking units, adjacent to the target.
        attackers: Vec<String>,
        /// The attacked hex.
        target: String,
        /// Attackers that advance into it (not isolated ones, SUP-174).
        #[serde(default)]
        advance: Vec<String>,
    },
    /// A seaborne invasion: the unit lands in a coastal hex and places a
    /// bridgehead (combat phase; SUP-034, SUP-156, SUP-197).
    Invade {
        /// The invading ground unit.
        unit: String,
        /// The coastal hex.
        at: String,
    },
    /// Redeploy a unit (construction and redeployment phase; SUP-204..206).
    Redeploy {
        /// The unit.
        unit: String,
        /// Its destination.
        to: String,
    },
}

impl OrderSet for OpsOrder {
    const KINDS: &'static [&'static str] = &["Move", "Exploit", "Combat", "Invade", "Redeploy"];

    fn kind(&self) -> &'static str {
        match self {
            Self::Move { .. } => "Move",
            Self::Exploit { .. } => "Exploit",
            Self::Combat { .. } => "Combat",
            Self::Invade { .. } => "Invade",
            Self::Redeploy { .. } => "Redeploy",
        }
    }
}

impl OpsOrder {
    /// The phase an operation belongs to.
    #[must_use]
    pub const fn phase(&self) -> PhaseId {
        match self {
            Self::Move { .. } => MOVEMENT,
            Self::Exploit { .. } | Self::Combat { .. } | Self::Invade { .. } => COMBAT,
            Self::Redeploy { .. } => CONSTRUCTION_REDEPLOYMENT,
        }
    }
}

/// An operation after validation, with every name resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpsValid {
    /// See [`OpsOrder::Move`]; `path` is the hexes entered.
    Move {
        /// The unit.
        unit: UnitId,
        /// The hexes entered, in order.
        path: Vec<NodeId>,
    },
    /// See [`OpsOrder::Exploit`].
    Exploit {
        /// The unit.
        unit: UnitId,
        /// The hexes entered, in order.
        path: Vec<NodeId>,
    },
    /// See [`OpsOrder::Combat`].
    Combat {
        /// Attackers.
        attackers: Vec<UnitId>,
        /// The hex.
        target: NodeId,
        /// The nation that takes the hex.
        taker: NationId,
        /// Advancing units.
        advance: Vec<UnitId>,
    },
    /// See [`OpsOrder::Invade`].
    Invade {
        /// The unit.
        unit: UnitId,
        /// The hex.
        at: NodeId,
    },
    /// See [`OpsOrder::Redeploy`].
    Redeploy {
        /// The unit.
        unit: UnitId,
        /// Its destination.
        to: NodeId,
    },
}
