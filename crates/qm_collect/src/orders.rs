//! The family's order: the submarines' owner declines to attack a zone's
//! convoys (COL-006: "those submarines may opt to attack").

use crate::board::{Board, ShipKind};
use crate::{COLLECTION, FAMILY};
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, Side};
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
}

impl OrderSet for CollectOrder {
    const KINDS: &'static [&'static str] = &["DeclineConvoyAttack"];
    fn kind(&self) -> &'static str {
        match self {
            Self::DeclineConvoyAttack { .. } => "DeclineConvoyAttack",
        }
    }
}

/// A valid decline: the zone, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclineValid {
    /// The sea zone.
    pub zone: NodeId,
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
}

fn refuse(cx: &OrderContext, e: CollectError) -> OrderError {
    OrderError::Rule { index: cx.index, family: FAMILY, error: RuleError::new(e) }
}

/// Validates a decline (either side may give it: the submarines' owner is
/// not the collecting side) and queues it.
///
/// # Errors
/// Wrong phase, an unknown or land zone, no submarine of the side there.
pub fn validate(world: &mut World, cx: &OrderContext, order: &CollectOrder) -> Result<(), OrderError> {
    cx.in_phase("decline-convoy-attack", &[COLLECTION])?;
    let CollectOrder::DeclineConvoyAttack { zone } = order;
    let board = Board::from_world(world).ok_or_else(|| refuse(cx, CollectError::NotASeaZone(zone.clone())))?;
    let node = board
        .spec
        .map
        .find(zone)
        .filter(|&n| board.spec.map.node(n).is_some_and(|i| i.kind == NodeKind::SeaZone))
        .ok_or_else(|| refuse(cx, CollectError::NotASeaZone(zone.clone())))?;
    let has_sub = board.ships_in(node).any(|s| s.kind == ShipKind::Submarine && board.sides.is_on(s.nation, cx.side));
    if !has_sub {
        return Err(refuse(cx, CollectError::NoSubmarine { side: cx.side, zone: zone.clone() }));
    }
    world.get_resource_or_init::<Pending<DeclineValid>>().push(cx.side, cx.phase, DeclineValid { zone: node });
    Ok(())
}
