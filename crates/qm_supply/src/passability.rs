//! A side's passability as rule 30 decides it, read from a world without
//! changing it: for other families that trace along the side's lines
//! outside a determination (oil's paths, OIL-003: "exactly like a basic
//! supply path").
//!
//! [`Passability::of`] builds the context a post-combat determination of
//! the side would build now ([`crate::context::context_of`]: the same
//! computation as the determination's own `build_context`, SUP-054..065),
//! into a fresh context of its own. Nothing is inserted into or removed
//! from the world, and the determinations' own [`SupplyContext`] (with the
//! hexes' columns it keeps between determinations) is neither read nor
//! touched: a family may ask for any side at any time.

use crate::context::{SupplyContext, context_of};
use bevy_ecs::prelude::*;
use qm_core::ids::{DeterminationKind, NodeSlice, NodeVec, Side, UnitId};

/// What nodes and land edges let a side's supply through, and what may
/// attack its sea lines, as rule 30 decides them now.
#[derive(Clone, Debug)]
pub struct Passability {
    ctx: SupplyContext,
}

impl Passability {
    /// The passability of `side` in `world` as it stands: the masks a
    /// post-combat determination of `side` would trace over. `None` without
    /// a scenario, a clock or flags in the world.
    #[must_use]
    pub fn of(world: &World, side: Side) -> Option<Self> {
        context_of(world, side, DeterminationKind::PostCombat).map(|ctx| Self { ctx })
    }

    /// The side.
    #[must_use]
    pub fn side(&self) -> Option<Side> {
        self.ctx.side
    }

    /// Per node, the labels it may receive (0: closed to the side's
    /// supply: enemy control, terrain, partisans, SUP-057..063).
    #[must_use]
    pub fn accept(&self) -> &NodeSlice<u64> {
        &self.ctx.accept
    }

    /// Per node, the labels it may pass on (0: a line may end there but
    /// not run through, as in an enemy zone of control, SUP-057).
    #[must_use]
    pub fn emit(&self) -> &NodeSlice<u64> {
        &self.ctx.emit
    }

    /// The gated land edges and the labels each lets through, sorted by
    /// edge (box entries, restricted borders: SUP-026, SUP-027, SUP-062,
    /// SUP-065).
    #[must_use]
    pub fn gates(&self) -> &[(u32, u64)] {
        &self.ctx.gates
    }

    /// The whole context the masks come from.
    #[must_use]
    pub fn context(&self) -> &SupplyContext {
        &self.ctx
    }

    /// Per node, the first enemy unit (by id) that could attack a sea line
    /// of the side whose route passes there (SUP-104, SUP-124, SUP-145,
    /// SUP-170: [`crate::sea::SeaView::threats`] over this context), read
    /// from `world`, the world this passability was built from. Empty
    /// without a scenario or the nations' sides.
    #[must_use]
    pub fn sea_threats(&self, world: &World) -> NodeVec<Option<UnitId>> {
        match self.ctx.side {
            Some(side) => crate::sea::threats_over(world, &self.ctx, side),
            None => NodeVec::new(),
        }
    }
}
