//! What collection reads of a game: who controls each territory, which side
//! each nation is on, and the ships at sea.

use bevy_ecs::prelude::*;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, NodeVec, Side, UnitId};
use qm_core::nation::NationSides;
use qm_core::spec::{ScenarioSpec, Spec};
use std::sync::Arc;

/// What a ship is, for collection (COL-005, COL-006, ruling 12: only
/// surface warships close a zone to lines of supply and block naval trade).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShipKind {
    /// A surface warship: one of the enemy's closes a sea zone.
    Surface,
    /// A submarine: does not close a zone; may attack convoys.
    Submarine,
    /// A transport, or another non-combat ship (a naval type with no
    /// combat factors): neither closes a zone nor escorts (ruling 12).
    Transport,
}

/// A ship at sea.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ship {
    /// Its id.
    pub id: UnitId,
    /// Its nation.
    pub nation: NationId,
    /// The node it is in.
    pub node: NodeId,
    /// Surface warship, submarine or transport.
    pub kind: ShipKind,
}

/// A read-only view of a game for collection.
#[derive(Clone, Debug)]
pub struct Board {
    /// The scenario.
    pub spec: Arc<ScenarioSpec>,
    /// The current controller of each board node.
    pub control: NodeVec<Option<NationId>>,
    /// The original controller of each board node.
    pub original: NodeVec<Option<NationId>>,
    /// The side of each nation.
    pub sides: NationSides,
    /// The ships, sorted by id.
    pub ships: Vec<Ship>,
}

impl Board {
    /// Reads a board out of a game's world.
    #[must_use]
    pub fn from_world(world: &World) -> Option<Self> {
        let spec = world.get_resource::<Spec>()?.0.clone();
        let sides = world.get_resource::<NationSides>()?.clone();
        let mut control = NodeVec::from(vec![None; spec.map.board_nodes().len()]);
        let mut original = control.clone();
        if let Some(mut q) = world.try_query::<(&MapNode, &Control)>() {
            for (n, c) in q.iter(world) {
                if let (Some(now), Some(first)) = (control.get_mut(n.0), original.get_mut(n.0)) {
                    (*now, *first) = (c.current, c.original);
                }
            }
        }
        let mut ships: Vec<Ship> = match world.try_query::<(&Unit, &Location)>() {
            Some(mut q) => q.iter(world).filter_map(|(u, l)| ship(&spec, u, l.node)).collect(),
            None => Vec::new(),
        };
        ships.sort_by(|a, b| a.id.cmp(&b.id));
        Some(Self { spec, control, original, sides, ships })
    }

    /// Whether `other` is `nation` or on its side (ruling 4: allied).
    #[must_use]
    pub fn friendly(&self, nation: NationId, other: NationId) -> bool {
        other == nation || self.sides.side_of(nation).is_some_and(|s| self.sides.is_on(other, s))
    }

    /// Whether `other` is at war with `nation`: on the other side.
    #[must_use]
    pub fn enemy(&self, nation: NationId, other: NationId) -> bool {
        match (self.sides.side_of(nation), self.sides.side_of(other)) {
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// The ships in a node.
    pub fn ships_in(&self, node: NodeId) -> impl Iterator<Item = &Ship> {
        self.ships.iter().filter(move |s| s.node == node)
    }

    /// The first enemy surface warship in a sea zone, which closes it to
    /// `nation` (ruling 4).
    #[must_use]
    pub fn raider(&self, nation: NationId, zone: NodeId) -> Option<&Ship> {
        self.ships_in(zone).find(|s| s.kind == ShipKind::Surface && self.enemy(nation, s.nation))
    }

    /// The nations of a side, in id order.
    #[must_use]
    pub fn nations_of(&self, side: Side) -> Vec<NationId> {
        (0..self.spec.ruleset.nations.len())
            .map(|i| NationId(i as u16))
            .filter(|&n| self.sides.is_on(n, side))
            .collect()
    }
}

/// A unit as a ship, if it is naval.
fn ship(spec: &ScenarioSpec, u: &Unit, node: NodeId) -> Option<Ship> {
    let t = spec.ruleset.unit_type(u.kind)?;
    if t.domain != qm_core::ruleset::Domain::Naval {
        return None;
    }
    let kind = if t.submarine {
        ShipKind::Submarine
    } else if t.transport || t.factors == 0 {
        ShipKind::Transport
    } else {
        ShipKind::Surface
    };
    Some(Ship { id: u.id.clone(), nation: u.nation, node, kind })
}
