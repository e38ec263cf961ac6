//! Orders: the decisions players (or AI policies) give the engine.
//!
//! **Invariant:** an order is validated in full before it touches state. A
//! rejected batch leaves the game, and its checksum, unchanged. Valid orders
//! wait in [`PendingOrders`] until the phase they belong to runs.
//!
//! Orders name things as players do: hexes by label or place name, boxes by
//! key, units by id. Validation resolves the names into a [`ValidOrder`].

use crate::ids::{NationId, NodeId, Side, SourceId, UnitId};
use crate::phase::PhaseId;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// A sea supply line as the moving side announces it (SUP-103..121).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLineOrder {
    /// The origin: a box, a source port or a land-supplied port
    /// (SUP-067..072).
    pub from: String,
    /// The termination: a port, bridgehead, one-hex island or beach
    /// (SUP-073..077); for an island group, the island it enters at
    /// (SUP-098).
    pub to: String,
    /// Ports the line passes through, in order (SUP-080, SUP-122).
    #[serde(default)]
    pub via: Vec<String>,
    /// For an island group, the further islands to supply, in order
    /// (SUP-100), each once; the group's other friendly islands follow, in
    /// map order, since a line supplies them all unless disrupted (SUP-099).
    #[serde(default)]
    pub islands: Vec<String>,
    /// Naval units protecting it (SUP-106..120).
    #[serde(default)]
    pub protect: Vec<String>,
    /// Air units flying cover (SUP-123).
    #[serde(default)]
    pub air_cover: Vec<String>,
}

/// An order as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// Designate (or stop designating) a supply source (SUP-015). A source
    /// designated this turn supplies from the next turn.
    DesignateSource {
        /// The source's hex label, place name or box key.
        at: String,
        /// The source class key; may be omitted when the node has one source.
        #[serde(default)]
        class: Option<String>,
        /// Designate (true) or withdraw (false).
        designate: bool,
    },
    /// The moving side's sea supply for the coming determination, in the
    /// order the lines are traced (SUP-103, SUP-121). Zones that could
    /// receive a line and get none are declined (SUP-139). Without this
    /// order, every eligible zone gets a line (the default plan).
    SeaSupply(Vec<SeaLineOrder>),
    /// The defending side attacks an announced sea line (SUP-104, SUP-124).
    Intercept {
        /// The line's position in the announcement order.
        line: u32,
        /// The attacking naval and air units.
        by: Vec<String>,
        /// For a line to an island group: the island before which it is
        /// attacked (SUP-100..102); by default, before it enters.
        #[serde(default)]
        at_island: Option<String>,
    },
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

/// A batch of orders of one side, for the phase about to run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    /// The orders, in the order given.
    pub orders: Vec<Order>,
}

/// A sea line after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValidSeaLine {
    /// Origin node.
    pub from: NodeId,
    /// Termination node.
    pub to: NodeId,
    /// Ports passed through.
    pub via: Vec<NodeId>,
    /// Further islands, in order: those listed, then the group's other
    /// friendly islands (SUP-099, SUP-100).
    pub islands: Vec<NodeId>,
    /// Protecting naval units.
    pub protect: Vec<UnitId>,
    /// Air cover.
    pub air_cover: Vec<UnitId>,
}

/// An order after validation, with every name resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValidOrder {
    /// See [`Order::DesignateSource`].
    DesignateSource {
        /// The source.
        source: SourceId,
        /// Designate or withdraw.
        designate: bool,
    },
    /// See [`Order::SeaSupply`].
    SeaSupply(Vec<ValidSeaLine>),
    /// See [`Order::Intercept`].
    Intercept {
        /// The line.
        line: u32,
        /// Attackers.
        by: Vec<UnitId>,
        /// Island before which it is attacked.
        at_island: Option<NodeId>,
    },
    /// See [`Order::Move`]; `path` is the hexes entered.
    Move {
        /// The unit.
        unit: UnitId,
        /// The hexes entered, in order.
        path: Vec<NodeId>,
    },
    /// See [`Order::Exploit`].
    Exploit {
        /// The unit.
        unit: UnitId,
        /// The hexes entered, in order.
        path: Vec<NodeId>,
    },
    /// See [`Order::Combat`].
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
    /// See [`Order::Invade`].
    Invade {
        /// The unit.
        unit: UnitId,
        /// The hex.
        at: NodeId,
    },
    /// See [`Order::Redeploy`].
    Redeploy {
        /// The unit.
        unit: UnitId,
        /// Its destination.
        to: NodeId,
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
    /// Removes and returns the orders for `phase` that `keep` selects, in
    /// submission order.
    pub fn take(&mut self, phase: PhaseId, keep: impl Fn(&ValidOrder) -> bool) -> Vec<PendingOrder> {
        let (take, rest) = std::mem::take(&mut self.0).into_iter().partition(|o| o.phase == phase && keep(&o.order));
        self.0 = rest;
        take
    }

    /// The orders waiting for `phase`.
    pub fn for_phase(&self, phase: PhaseId) -> impl DoubleEndedIterator<Item = &PendingOrder> {
        self.0.iter().filter(move |o| o.phase == phase)
    }
}

/// Why an order was rejected. Every variant names the order by its position
/// in the batch.
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
    /// No unit by that id.
    #[error("order {index}: unknown unit `{unit}`")]
    UnknownUnit {
        /// Position of the order in its batch.
        index: usize,
        /// The id given.
        unit: String,
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
    /// Orders were given for a side that may not give them now.
    #[error("it is {to_move}'s player turn: {side} may not give this order now")]
    NotYourTurn {
        /// The side that gave the orders.
        side: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The order does not belong to the next phase.
    #[error("order {index}: {what} orders are given in the {phase} phase, not now")]
    WrongPhase {
        /// Position of the order in its batch.
        index: usize,
        /// The kind of order.
        what: String,
        /// The phase the order belongs to.
        phase: String,
    },
    /// The unit is not the ordering side's.
    #[error("order {index}: unit `{unit}` does not belong to {side}")]
    NotYourUnit {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// The side that gave the order.
        side: Side,
    },
    /// A sea line's origin is not one (SUP-067..072).
    #[error("order {index}: sea line {line} cannot start at `{at}`: {why}")]
    BadOrigin {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The place given.
        at: String,
        /// Why not.
        why: String,
    },
    /// A sea line's termination is not one (SUP-073..077, SUP-083).
    #[error("order {index}: sea line {line} cannot end at `{at}`: {why}")]
    BadTermination {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The place given.
        at: String,
        /// Why not.
        why: String,
    },
    /// A second sea line to one zone (SUP-094), or a line to a zone that had
    /// its chance at initial determination (SUP-139).
    #[error("order {index}: sea line {line} to `{at}`: {why}")]
    ZoneAlreadySupplied {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// The termination.
        at: String,
        /// Which rule forbids it.
        why: String,
    },
    /// No sea route within range (SUP-090).
    #[error("order {index}: sea line {line} from `{from}` to `{to}`: no route within range {range}")]
    OutOfRange {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// Origin.
        from: String,
        /// Termination.
        to: String,
        /// The range.
        range: u32,
    },
    /// A box line without a transport left in its pool (SUP-078..082).
    #[error("order {index}: sea line {line} from `{from}` needs a `{pool}` transport and none is left")]
    NoTransport {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
        /// Origin.
        from: String,
        /// Pool.
        pool: String,
    },
    /// A unit may not protect, fly cover for or attack a line.
    #[error("order {index}: unit `{unit}` may not {role} this line: {why}")]
    BadEscort {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// `protect`, `cover` or `attack`.
        role: String,
        /// Why not (with the rule id).
        why: String,
    },
    /// A protecting force without a destroyer on a line not carried by a
    /// transport (SUP-109).
    #[error("order {index}: sea line {line} is protected without a destroyer and carries no transport (SUP-109)")]
    NoDestroyer {
        /// Position of the order in its batch.
        index: usize,
        /// The line's position in the plan.
        line: usize,
    },
    /// No such announced line.
    #[error("order {index}: there is no announced sea line {line}")]
    NoSuchLine {
        /// Position of the order in its batch.
        index: usize,
        /// The line asked for.
        line: u32,
    },
    /// A unit may not go where it was ordered.
    #[error("order {index}: unit `{unit}` cannot {what}: {why}")]
    IllegalMove {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// What it was ordered to do.
        what: String,
        /// Why not (with the rule id where one applies).
        why: String,
    },
    /// An air or naval redeployment would end in, or pass through, a hex
    /// it may not (SUP-175, SUP-176, SUP-205, SUP-206): the hex is named.
    #[error("order {index}: unit `{unit}` cannot redeploy to `{to}`: blocked at `{at}`: {why}")]
    RedeployBlocked {
        /// Position of the order in its batch.
        index: usize,
        /// The unit.
        unit: String,
        /// The destination given.
        to: String,
        /// The label of the hex that blocks it: the destination, or a base
        /// or port on the way.
        at: String,
        /// Why (with the rule id).
        why: String,
    },
    /// The game has no phase to run (empty phase order).
    #[error("the game has no phases")]
    NoPhase,
}
