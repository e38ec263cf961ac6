//! The family's orders: the submarines' owner declines to attack a zone's
//! convoys (COL-006: "those submarines may opt to attack"); the Allies say
//! who pays a marker nation's Middle East track level (MET-006, ruling 6).

use crate::board::{Board, ShipKind};
use crate::middle_east::MiddleEastRules;
use crate::payment::{Share, check_split};
use crate::{COLLECTION, FAMILY};
use bevy_ecs::prelude::*;
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::NodeKind;
use qm_core::orders::{OrderContext, OrderError, OrderSet, Pending, RuleError};
use serde::{Deserialize, Serialize};

/// A collection order, as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CollectOrder {
    /// The giving side's submarines in `zone` do not attack its convoys
    /// this collection phase (COL-006).
    DeclineConvoyAttack {
        /// The sea zone.
        zone: String,
    },
    /// The Allies' split of a marker nation's Middle East track level
    /// among the Allied powers (MET-006), given by the Allied side for the
    /// marker nation's collection phase. Written
    /// `MiddleEastSplit(payee: "germany", paid_by: [(nation: "uk", amount: 2)])`.
    MiddleEastSplit {
        /// The marker nation collecting (`germany`, `italy`).
        payee: String,
        /// Who pays how much, in order.
        paid_by: Vec<Payment>,
    },
}

/// One payer's share, as a player writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    /// The paying nation's key.
    pub nation: String,
    /// Amount.
    pub amount: u32,
}

impl OrderSet for CollectOrder {
    const KINDS: &'static [&'static str] = &["DeclineConvoyAttack", "MiddleEastSplit"];
    fn kind(&self) -> &'static str {
        match self {
            Self::DeclineConvoyAttack { .. } => "DeclineConvoyAttack",
            Self::MiddleEastSplit { .. } => "MiddleEastSplit",
        }
    }
}

/// A valid decline: the zone, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclineValid {
    /// The sea zone.
    pub zone: NodeId,
}

/// A valid split, resolved: settled when its payee collects (ruling 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitValid {
    /// The marker nation.
    pub payee: NationId,
    /// The shares, in order.
    pub paid_by: Vec<Share>,
}

/// The family's typed refusals.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CollectError {
    /// The zone is not a sea zone of the map.
    #[error("`{0}` is not a sea zone of the map")]
    NotASeaZone(String),
    /// The side has no submarine in the zone, so nothing to decline.
    #[error("{side:?} has no submarine in `{zone}` to decline a convoy attack with")]
    NoSubmarine {
        /// The side giving the order.
        side: Side,
        /// The zone.
        zone: String,
    },
    /// The payee of a split is no nation with a Middle East marker.
    #[error("`{0}` has no marker on the Middle East track")]
    NoMarker(String),
    /// The payee does not collect in this phase (its side is not to move).
    #[error("{0} does not collect in this phase: a split is given for its own collection phase")]
    NotCollecting(String),
    /// A payer that is not an Allied power (an enemy of the payee).
    #[error("`{payer}` is not an Allied power that can pay {payee} (MET-006)")]
    NotAnAlliedPayer {
        /// The payer as written.
        payer: String,
        /// The payee's key.
        payee: String,
    },
    /// A payer named twice in one split.
    #[error("{0} is named twice in the split")]
    RepeatedPayer(String),
    /// The amounts do not add up to the level.
    #[error("the split for {payee} adds up to {sum}, not its track level {level} (MET-006)")]
    SplitDoesNotAddUp {
        /// The payee's key.
        payee: String,
        /// Its level.
        level: u32,
        /// The split's sum.
        sum: u32,
    },
    /// A split for this payee was given already this phase by the same side.
    #[error("a split for {0} was given already this phase")]
    SplitAlreadyGiven(String),
}

fn refuse(cx: &OrderContext, e: CollectError) -> OrderError {
    OrderError::Rule { index: cx.index, family: FAMILY, error: RuleError::new(e) }
}

/// Validates a collection order and queues it.
///
/// # Errors
/// Wrong phase; for a decline, [`validate_decline`]'s; for a split,
/// [`validate_split`]'s.
pub fn validate(world: &mut World, cx: &OrderContext, order: &CollectOrder) -> Result<(), OrderError> {
    match order {
        CollectOrder::DeclineConvoyAttack { zone } => validate_decline(world, cx, zone),
        CollectOrder::MiddleEastSplit { payee, paid_by } => validate_split(world, cx, payee, paid_by),
    }
}

/// Validates a decline (either side may give it: the submarines' owner is
/// not the collecting side) and queues it.
///
/// # Errors
/// Wrong phase, an unknown or land zone, no submarine of the side there.
pub fn validate_decline(world: &mut World, cx: &OrderContext, zone: &str) -> Result<(), OrderError> {
    cx.in_phase("decline-convoy-attack", &[COLLECTION])?;
    let board = Board::from_world(world).ok_or_else(|| refuse(cx, CollectError::NotASeaZone(zone.to_string())))?;
    let node = board
        .spec
        .map
        .find(zone)
        .filter(|&n| board.spec.map.node(n).is_some_and(|i| i.kind == NodeKind::SeaZone))
        .ok_or_else(|| refuse(cx, CollectError::NotASeaZone(zone.to_string())))?;
    let has_sub = board.ships_in(node).any(|s| s.kind == ShipKind::Submarine && board.sides.is_on(s.nation, cx.side));
    if !has_sub {
        return Err(refuse(cx, CollectError::NoSubmarine { side: cx.side, zone: zone.to_string() }));
    }
    world.get_resource_or_init::<Pending<DeclineValid>>().push(cx.side, cx.phase, DeclineValid { zone: node });
    Ok(())
}

/// Validates a split of a marker nation's track level (MET-006, ruling 6)
/// and queues it for the payee's collection phase. The Allies (the payers'
/// side) give theirs during the payee's player turn: an orders file writes
/// it as a batch with `side: Allies, player: Axis`. The payee's own side may
/// give one too: the Axis choice, which applies only when the Allies give
/// none (an AI policy overrides the default choice this way). A split may
/// ask a payer for more than it has: the phase settles it (ruling 6).
///
/// # Errors
/// Wrong phase; [`CollectError::NoMarker`], [`CollectError::NotCollecting`],
/// [`CollectError::SplitAlreadyGiven`] (one split per payee, side and
/// phase), and [`check_split`]'s.
pub fn validate_split(
    world: &mut World,
    cx: &OrderContext,
    payee: &str,
    paid_by: &[Payment],
) -> Result<(), OrderError> {
    cx.in_phase("middle-east-split", &[COLLECTION])?;
    let board = Board::from_world(world).ok_or_else(|| refuse(cx, CollectError::NoMarker(payee.to_string())))?;
    let rules = &board.spec.ruleset;
    let nation = rules
        .nation_by_key(payee)
        .filter(|_| MiddleEastRules::of(rules).markers.iter().any(|m| m == payee))
        .ok_or_else(|| refuse(cx, CollectError::NoMarker(payee.to_string())))?;
    if board.sides.side_of(nation) != Some(cx.clock.side) {
        return Err(refuse(cx, CollectError::NotCollecting(payee.to_string())));
    }
    let pending = world.get_resource_or_init::<Pending<SplitValid>>();
    if pending.for_phase(cx.phase).any(|p| p.order.payee == nation && p.side == cx.side) {
        return Err(refuse(cx, CollectError::SplitAlreadyGiven(payee.to_string())));
    }
    let split = resolve_shares(&board, payee, paid_by).map_err(|e| refuse(cx, e))?;
    let level = crate::middle_east::level_of(&board, payee).unwrap_or(0);
    check_split(&board, nation, &split, level).map_err(|e| refuse(cx, e))?;
    world.get_resource_or_init::<Pending<SplitValid>>().push(
        cx.side,
        cx.phase,
        SplitValid { payee: nation, paid_by: split },
    );
    Ok(())
}

/// The shares with their payers resolved.
///
/// # Errors
/// [`CollectError::NotAnAlliedPayer`] for a key that is no nation.
fn resolve_shares(board: &Board, payee: &str, paid_by: &[Payment]) -> Result<Vec<Share>, CollectError> {
    paid_by
        .iter()
        .map(|p| {
            board
                .spec
                .ruleset
                .nation_by_key(&p.nation)
                .map(|nation| Share { nation, amount: p.amount })
                .ok_or_else(|| CollectError::NotAnAlliedPayer { payer: p.nation.clone(), payee: payee.to_string() })
        })
        .collect()
}
