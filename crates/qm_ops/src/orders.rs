//! The reference operations' phases and orders.

use qm_core::ids::{NationId, NodeId, UnitId, UnitTypeId};
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
    /// Attack an adjacent hex holding enemy ground units (combat phase),
    /// decided by the scenario's combat results table with the game's dice.
    /// Attacks of several orders on one hex are one combat. A unit attacks
    /// once a phase. [`crate::legal_orders`] lists one attacker per order.
    Attack {
        /// The attacking units.
        attackers: Vec<String>,
        /// The attacked hex.
        target: String,
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
    /// Construct a unit of a type the scenario lets be built at a city hex
    /// the building nation controls and that is fully supplied (SUP-203),
    /// paying its cost from the nation's budget for the player turn
    /// (construction and redeployment phase).
    Build {
        /// Unit type key.
        kind: String,
        /// The hex (label or place name); its controller builds.
        at: String,
    },
}

impl OrderSet for OpsOrder {
    const KINDS: &'static [&'static str] = &["Move", "Exploit", "Combat", "Attack", "Invade", "Redeploy", "Build"];

    fn kind(&self) -> &'static str {
        match self {
            Self::Move { .. } => "Move",
            Self::Exploit { .. } => "Exploit",
            Self::Combat { .. } => "Combat",
            Self::Attack { .. } => "Attack",
            Self::Invade { .. } => "Invade",
            Self::Redeploy { .. } => "Redeploy",
            Self::Build { .. } => "Build",
        }
    }
}

impl OpsOrder {
    /// The phase an operation belongs to.
    #[must_use]
    pub const fn phase(&self) -> PhaseId {
        match self {
            Self::Move { .. } => MOVEMENT,
            Self::Exploit { .. } | Self::Combat { .. } | Self::Attack { .. } | Self::Invade { .. } => COMBAT,
            Self::Redeploy { .. } | Self::Build { .. } => CONSTRUCTION_REDEPLOYMENT,
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
    /// See [`OpsOrder::Attack`].
    Attack {
        /// Attackers.
        attackers: Vec<UnitId>,
        /// The hex.
        target: NodeId,
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
    /// See [`OpsOrder::Build`].
    Build {
        /// The building nation.
        nation: NationId,
        /// The unit type.
        kind: UnitTypeId,
        /// Where it is placed.
        at: NodeId,
        /// What it costs.
        cost: u32,
    },
}

impl OpsValid {
    /// The units the order is for.
    #[must_use]
    pub fn units(&self) -> &[UnitId] {
        match self {
            Self::Move { unit, .. } | Self::Exploit { unit, .. } | Self::Invade { unit, .. } | Self::Redeploy { unit, .. } => {
                std::slice::from_ref(unit)
            }
            Self::Combat { attackers, .. } | Self::Attack { attackers, .. } => attackers,
            Self::Build { .. } => &[],
        }
    }
}
