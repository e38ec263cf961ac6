//! Components of map nodes, units and sources.
//!
//! A hex's static attributes are duplicated from the
//! [`MapGraph`](crate::map::MapGraph) onto its entity ([`HexTile`]) so that
//! queries and debug tools see them; the rules read the dense graph. Box
//! markers, place names and port entities are not spawned: nothing read them
//! (`MapGraph` and `ScenarioSpec::ports` hold them).

use crate::ids::{NationId, NodeId, SourceClassId, SourceId, TerrainId, UnitId, UnitTypeId};
use crate::map::{Features, Surface};
use bevy_ecs::prelude::*;
use bitflags::bitflags;
use serde::{Deserialize, Serialize};

/// A map node entity (hex or box): its dense index.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MapNode(pub NodeId);

/// A unit's organization (OIL-003): disorganized units are reorganized in
/// the final reorganization step of the oil family. Units without it are
/// organized. Operations that the scenario's `ops` data lists in
/// `disorganize` leave the units that carry them out disorganized, and a
/// disorganized unit takes no operation until it is reorganized.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Organization {
    /// Organized.
    pub organized: bool,
}

/// Static attributes of a hex.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexTile {
    /// Axial coordinates.
    pub coord: hexx::Hex,
    /// Terrain.
    pub terrain: TerrainId,
    /// Land, coastal or sea.
    pub surface: Surface,
    /// Features.
    pub features: Features,
}

/// Who holds a land hex or box.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Control {
    /// The nation that controls it now.
    pub current: Option<NationId>,
    /// The nation that controlled it at the start of the war.
    pub original: Option<NationId>,
    /// Came under its controller through a partisan: supply lines of that
    /// side may not be traced through it (SUP-060).
    pub by_partisan: bool,
    /// When it last changed hands during play: `(game turn, side)` of the
    /// player turn (SUP-096, SUP-136, SUP-140).
    pub captured: Option<(u32, crate::ids::Side)>,
}

/// Damage to a hex's features.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexDamage {
    /// Synthetic oil plant damaged: not a source (SUP-018, SUP-020).
    pub synthetic_oil: bool,
    /// Consecutive turns the units of an IC hex could draw supply only from
    /// the IC (SUP-046).
    pub ic_isolated_turns: u8,
}

/// A supply source entity placed on a node.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupplySource {
    /// Its id.
    pub id: SourceId,
    /// Where it is.
    pub node: NodeId,
    /// Its class.
    pub class: SourceClassId,
    /// The nation it belongs to.
    pub owner: NationId,
}

/// Whether a source is designated to act as one (SUP-015).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Designation {
    /// Designated.
    pub designated: bool,
    /// The game turn it was designated in; it acts from the next turn on.
    /// `None`: designated before the scenario began.
    pub since: Option<u32>,
}

impl Default for Designation {
    fn default() -> Self {
        Self { designated: true, since: None }
    }
}

impl Designation {
    /// Whether the source acts in game turn `turn`.
    #[must_use]
    pub fn acts_in(self, turn: u32) -> bool {
        self.designated && self.since.is_none_or(|t| t < turn)
    }
}

/// A unit: its stable id, nation and type.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Stable id.
    pub id: UnitId,
    /// Nationality.
    pub nation: NationId,
    /// Type.
    pub kind: UnitTypeId,
    /// Draws supply as a unit of this nation (SUP-028, SUP-053: the Flying
    /// Tigers draw as Nationalist Chinese).
    pub supply_as: Option<NationId>,
    /// Factors (strength), for interception contests.
    pub factors: u8,
}

impl Unit {
    /// The nation whose supply the unit draws.
    #[must_use]
    pub fn supply_nation(&self) -> NationId {
        self.supply_as.unwrap_or(self.nation)
    }
}

/// Where a unit is.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    /// The node it is in.
    pub node: NodeId,
    /// The node it began its side's player turn in (SUP-047, SUP-048).
    pub turn_start: NodeId,
}

bitflags! {
    /// Per-unit flags.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct UnitFlagBits: u16 {
        /// Exploited in its side's last player turn (SUP-193).
        const EXPLOITED = 1;
        /// Redeployed in the player turn of its exploitation (SUP-198).
        const REDEPLOYED = 1 << 1;
        /// Inverted (used).
        const INVERTED = 1 << 2;
        /// A bridgehead placed this player turn (SUP-034, SUP-197).
        const NEW_BRIDGEHEAD = 1 << 3;
    }
}

/// Per-unit flags and turn markers.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitFlags {
    /// Flags.
    pub bits: UnitFlagBits,
    /// The game turn of its last exploitation (SUP-193).
    pub exploited_turn: Option<u32>,
    /// Consecutive turns it has survived isolation (SUP-191: its hex's DM is
    /// reduced by one a turn down to face value).
    pub isolated_turns: u8,
}
