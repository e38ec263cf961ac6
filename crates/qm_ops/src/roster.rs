//! The units as the application of a phase's orders finds them: one query
//! made once per application and read again at every lookup (each read
//! takes in the archetypes new since the last, so units spawned, despawned
//! or changed in between are seen), instead of a query made afresh for
//! every lookup, which costs more than the scan itself.

use crate::apply::side_of;
use bevy_ecs::prelude::*;
use qm_core::components::{Location, Unit};
use qm_core::ids::{NodeId, Side, UnitId};
use qm_core::ruleset::Domain;
use qm_core::spec::Spec;

/// A unit's entity, id and place.
type UnitRow = (Entity, &'static Unit, &'static Location);

/// The units of a world, read at each lookup.
pub(crate) struct Roster(QueryState<UnitRow>);

impl Roster {
    /// The roster of `world`'s units.
    pub(crate) fn new(world: &mut World) -> Self {
        Self(world.query::<UnitRow>())
    }

    /// The entity of the unit `id`, if it is on the map.
    pub(crate) fn entity(&mut self, world: &World, id: &UnitId) -> Option<Entity> {
        self.0.iter(world).find(|(_, u, _)| &u.id == id).map(|(e, _, _)| e)
    }

    /// Whether ground units of the enemy of `side` stand at `n`.
    pub(crate) fn enemy_ground_at(&mut self, world: &World, n: NodeId, side: Side) -> bool {
        let spec = &world.resource::<Spec>().0;
        let ground = |u: &Unit| spec.ruleset.unit_type(u.kind).is_some_and(|d| d.domain == Domain::Ground);
        self.0.iter(world).any(|(_, u, l)| l.node == n && ground(u) && side_of(world, u.nation) == Some(side.other()))
    }
}
