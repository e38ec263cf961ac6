//! The sea searches of a side, kept from one determination to the next.
//!
//! Where a sea line can come from and the route it takes (SUP-090) depend
//! on the map, the range and which ports the side holds: sea hexes count
//! against the range, the side's ports refuel it. A [`SeaView`] searches
//! each question once; [`SeaSearchCache`] keeps what a view found, keyed
//! by the ports the side held, and hands it to the next view whose side
//! holds the same ports. A port that changes hands gives another key, so a
//! search is never reused where its answer could differ. Not state: a
//! restore forgets it.
//!
//! [`SeaView`]: super::SeaView

use super::view::{Reached, RouteKey};
use crate::context::SupplyContext;
use bevy_ecs::prelude::*;
use qm_core::ids::NodeId;
use qm_core::map::{Features, MapGraph};
use qm_trace::RefuelTree;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a [`SeaView`](super::SeaView) searched, question by question.
#[derive(Clone, Debug, Default)]
pub struct SeaSearches {
    /// The origins within range of each landing place, with distances.
    pub(super) reach: BTreeMap<NodeId, Reached>,
    /// The route asked for, by `(from, to, via)`.
    pub(super) route: BTreeMap<RouteKey, Option<Vec<NodeId>>>,
    /// The origins a route of one leg may reach each landing place from.
    pub(super) route_reach: BTreeMap<NodeId, Arc<[NodeId]>>,
    /// The routes from each origin.
    pub(super) trees: BTreeMap<NodeId, Arc<RefuelTree>>,
}

/// The ports a side holds, sorted: every search of [`SeaSearches`] reads
/// the map only through them.
pub(super) fn held_ports(map: &MapGraph, ctx: &SupplyContext) -> Vec<NodeId> {
    let port = |n: &&NodeId| map.node(**n).is_some_and(|i| i.features.contains(Features::PORT));
    let held = |n: &&NodeId| ctx.friendly.get(**n).copied().unwrap_or(false);
    // `landings` holds every port of the map, sorted.
    map.landings.iter().filter(port).filter(held).copied().collect()
}

/// The searches of the last determinations, by the ports their side held:
/// one entry a side, as the sides alternate.
#[derive(Resource, Clone, Debug, Default)]
pub struct SeaSearchCache {
    entries: Vec<(Vec<NodeId>, SeaSearches)>,
}

/// At most this many sets of searches are kept: one for each side.
const KEPT: usize = 2;

impl SeaSearchCache {
    /// Takes the searches made while the side held exactly `ports`, or
    /// none.
    pub(super) fn take(&mut self, ports: &[NodeId]) -> SeaSearches {
        match self.entries.iter().position(|(k, _)| k == ports) {
            Some(i) => self.entries.remove(i).1,
            None => SeaSearches::default(),
        }
    }

    /// Keeps `searches`, made while the side held `ports`, dropping the
    /// oldest entry past [`KEPT`].
    pub(super) fn put(&mut self, ports: Vec<NodeId>, searches: SeaSearches) {
        self.entries.push((ports, searches));
        if self.entries.len() > KEPT {
            self.entries.remove(0);
        }
    }
}

/// A restored state may hold other ports, or another map: the cache
/// forgets every search.
impl qm_core::plugin::Cache for SeaSearchCache {
    fn invalidate(&mut self) {
        self.entries.clear();
    }
}
