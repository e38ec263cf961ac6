//! Orders: the decisions players (or AI policies) give the engine.
//!
//! **Invariant:** an order is validated in full before it touches state. A
//! rejected batch leaves the game, and its checksum, unchanged. Valid orders
//! wait in [`PendingOrders`] until the phase they belong to runs.

use crate::ids::{Side, SourceId};
use crate::phase::PhaseId;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// An order as a player writes it, naming things by label, place name or id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Designate (or stop designating) a supply source (SUP-015). A source
    /// designated this turn supplies from the next turn.
    DesignateSource {
        /// The source's hex label, place name or box key.
        at: String,
        /// The source class key; may be omitted when the node has one source.
        class: Option<String>,
        /// Designate (true) or withdraw (false).
        designate: bool,
    },
}

/// A batch of orders of one side, for the phase about to run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// The orders, in the order given.
    pub orders: Vec<Order>,
}

/// An order after validation, with every name resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValidOrder {
    /// See [`Order::DesignateSource`].
    DesignateSource {
        /// The source.
        source: SourceId,
        /// Designate or withdraw.
        designate: bool,
    },
}

/// A valid order waiting for its phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingOrder {
    /// The side that gave it.
    pub side: Side,
    /// The phase it is applied in.
    pub phase: PhaseId,
    /// The order.
    pub order: ValidOrder,
}

/// Valid orders waiting for their phase, in submission order.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingOrders(pub Vec<PendingOrder>);

impl PendingOrders {
    /// Removes and returns the orders for `phase`, in submission order.
    pub fn take_for(&mut self, phase: PhaseId) -> Vec<PendingOrder> {
        let (take, keep) = std::mem::take(&mut self.0).into_iter().partition(|o| o.phase == phase);
        self.0 = keep;
        take
    }
}

/// Why an order was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum OrderError {
    /// No hex, place or box by that name.
    #[error("order {index}: unknown place `{name}`")]
    UnknownPlace {
        /// Position of the order in its batch.
        index: usize,
        /// The name given.
        name: String,
    },
    /// No source there (of that class).
    #[error("order {index}: no supply source{} at `{at}`", class.as_ref().map(|c| format!(" of class `{c}`")).unwrap_or_default())]
    NoSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
        /// The class given.
        class: Option<String>,
    },
    /// Several sources there: the class must be named.
    #[error("order {index}: several supply sources at `{at}`; name the class")]
    AmbiguousSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
    },
    /// The source is controlled by the other side (SUP-015: the faction
    /// controlling a source decides).
    #[error("order {index}: the source at `{at}` is not controlled by {side}")]
    NotYourSource {
        /// Position of the order in its batch.
        index: usize,
        /// The place given.
        at: String,
        /// The side that gave the order.
        side: Side,
    },
    /// Orders were given for a side that is not to move.
    #[error("it is {to_move}'s player turn, not {side}'s")]
    NotYourTurn {
        /// The side that gave the orders.
        side: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The game has no phase to run (empty phase order).
    #[error("the game has no phases")]
    NoPhase,
}
