//! Which enemy units could attack a sea line, and where they reach
//! (SUP-104, SUP-124, SUP-145, SUP-170): the eligibility
//! [`super::validate_intercept`] checks, read also by other families (oil's
//! overseas legs, OIL-003) that ask where a sea line would be open to
//! attack without resolving one.

use super::searches::SeaSearches;
use super::view::{SeaView, UnitView, view_over};
use crate::context::SupplyContext;
use crate::land::LandFloods;
use crate::sea_log::SeaLog;
use crate::zones::ZoneLabels;
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, NodeVec, Side, UnitId};
use qm_core::refusal::EscortRefusal;
use qm_core::ruleset::Domain;
use qm_core::supply::UnitStatus;
use qm_trace::{EdgeKinds, bfs_distances};

impl SeaView<'_> {
    /// Why `u` may not attack a sea line of `side`, its reach aside: it
    /// must be of the other side and at war, naval or air, not inverted,
    /// fully supplied, at an operational base (SUP-104, SUP-124, SUP-145,
    /// SUP-170).
    pub(super) fn attack_refusal(&self, side: Side, u: &UnitView) -> Option<EscortRefusal> {
        let enemy = self.side_of(u.nation) == Some(side.other()) && self.at_war(u.nation);
        if !enemy {
            return Some(EscortRefusal::NotDefendingSide);
        }
        if !matches!(u.domain, Domain::Naval | Domain::Air) {
            return Some(EscortRefusal::NotNavalOrAir);
        }
        if u.inverted {
            return Some(EscortRefusal::AttackerInverted);
        }
        if u.status != UnitStatus::Full {
            return Some(EscortRefusal::AttackerNotFullySupplied);
        }
        if !self.operational(u.node) {
            return Some(EscortRefusal::AttackerBaseNotOperational);
        }
        None
    }

    /// The nodes a unit at `from` reaches within `reach` hexes (SUP-113,
    /// SUP-123): counted over the map's adjacency, and from a box, the
    /// box's entries.
    pub(super) fn reached(&self, from: NodeId, reach: u32) -> NodeVec<bool> {
        let map = &self.spec.map;
        let d = bfs_distances(&map.adjacency, EdgeKinds::ALL, &[from], reach, |_| true);
        let mut out: NodeVec<bool> = d.iter().map(|&x| x <= reach).collect();
        out.resize(map.node_count(), false);
        for &e in map.box_sea(from).map(|b| b.entries.as_slice()).unwrap_or_default() {
            if let Some(slot) = out.get_mut(e) {
                *slot = true;
            }
        }
        out
    }

    /// Per node, the first enemy unit (by id) that could attack a sea line
    /// of `side` whose route passes there: of the other side and at war,
    /// naval or air, not inverted, fully supplied, at an operational base
    /// (what [`super::validate_intercept`] asks of an attacker), within the
    /// ruleset's `sea.reach` of the node. A route is open to attack exactly
    /// when one of its nodes has one.
    #[must_use]
    pub fn threats(&self, side: Side) -> NodeVec<Option<UnitId>> {
        let mut out = NodeVec::from(vec![None; self.spec.map.node_count()]);
        let reach = self.spec.ruleset.sea.reach;
        for u in self.units.iter().filter(|u| self.attack_refusal(side, u).is_none()) {
            for (slot, hit) in out.iter_mut().zip(self.reached(u.node, reach)) {
                if hit && slot.is_none() {
                    *slot = Some(u.id.clone());
                }
            }
        }
        out
    }
}

/// [`SeaView::threats`] of `side` over a given context (one built for
/// `side`, as [`crate::passability::Passability`] builds it), read from
/// `world` without the land flood, zones or sea log of a determination:
/// the eligibility reads none of them, only the context's nations, the
/// nations' sides, the units and their bases' statuses. Empty without a
/// scenario or the nations' sides.
#[must_use]
pub fn threats_over(world: &World, ctx: &SupplyContext, side: Side) -> NodeVec<Option<UnitId>> {
    let (floods, zones, log) = (LandFloods::default(), ZoneLabels::default(), SeaLog::default());
    view_over(world, ctx, (&floods, &zones, &log), SeaSearches::default()).map(|v| v.threats(side)).unwrap_or_default()
}
