//! Supply statuses and their explanations, as stored in components.
//!
//! These are state: they persist between determinations (SUP-142) and are
//! part of snapshots and checksums. `qm_supply` decides them; everything else
//! (capabilities, AI, the CLI) reads them.
//!
//! **Why they are in the kernel** although rule 30 alone decides them: they
//! are core state, not a family's section. Every unit's [`UnitState`] and
//! every node's [`NodeState`] carry them, [`crate::state`] builds, copies
//! and extracts them with the other components of units and nodes, the
//! checksum encodes them in place (`encode_node.rs` packs a node's
//! [`HexRecord`] into its flag word), and [`GameEvent::UnitSupplyChanged`]
//! carries a [`UnitStatus`]. Moving them into a family's section would
//! change the layout of every save and every checksum. Rule 30's other
//! records (the sea log and the zones, `qm_supply::sea_log`; the ruleset's
//! names resolved against the map, `qm_supply::map_rules`) are in its own
//! crate.
//!
//! [`UnitState`]: crate::state::UnitState
//! [`NodeState`]: crate::state::NodeState
//! [`GameEvent::UnitSupplyChanged`]: crate::events::GameEvent::UnitSupplyChanged

use crate::ids::{Determination, NationId, NodeId, SourceId, Tier, UnitId};

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// Supply status of a ground unit (SUP-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitStatus {
    /// Out of supply (SUP-011).
    Isolated,
    /// Supplied from a limited source (SUP-148).
    Partial,
    /// Supplied from an unlimited source (SUP-147).
    Full,
}

impl UnitStatus {
    /// The status that a best tier gives.
    #[must_use]
    pub const fn from_tier(t: Option<Tier>) -> Self {
        match t {
            Some(Tier::Full) => Self::Full,
            Some(Tier::Partial) => Self::Partial,
            None => Self::Isolated,
        }
    }

    /// The status of an air or naval unit based in a hex of this status
    /// (SUP-010).
    #[must_use]
    pub const fn from_hex(h: HexStatus) -> Self {
        match h {
            HexStatus::Full => Self::Full,
            HexStatus::Partial => Self::Partial,
            HexStatus::Unsupplied => Self::Isolated,
        }
    }

    /// Lowercase name, as in JSON output.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Isolated => "isolated",
            Self::Partial => "partial",
            Self::Full => "full",
        }
    }

    /// Whether the unit is supplied at all.
    #[must_use]
    pub const fn supplied(self) -> bool {
        !matches!(self, Self::Isolated)
    }
}

/// Supply status of a hex (SUP-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HexStatus {
    /// Out of supply.
    Unsupplied,
    /// Supplied from a limited source.
    Partial,
    /// Supplied from an unlimited source.
    Full,
}

impl HexStatus {
    /// The status that a best tier gives.
    #[must_use]
    pub const fn from_tier(t: Option<Tier>) -> Self {
        match t {
            Some(Tier::Full) => Self::Full,
            Some(Tier::Partial) => Self::Partial,
            None => Self::Unsupplied,
        }
    }

    /// Lowercase name, as in JSON output.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Unsupplied => "unsupplied",
            Self::Partial => "partial",
            Self::Full => "full",
        }
    }

    /// The best tier this status stands for.
    #[must_use]
    pub const fn tier(self) -> Option<Tier> {
        match self {
            Self::Unsupplied => None,
            Self::Partial => Some(Tier::Partial),
            Self::Full => Some(Tier::Full),
        }
    }
}

/// Where a line starts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SourceRef {
    /// A supply source of the scenario.
    Source(SourceId),
    /// A bridgehead placed this player turn (SUP-034, SUP-197).
    Bridgehead(UnitId),
    /// A zone supplied at initial determination, which acts as a source at
    /// post-combat determination (SUP-140); its number in the initial
    /// determination's zones.
    Zone(u32),
}

/// A sea leg of a line (SUP-066..092).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLeg {
    /// The sea line, as an index into the player turn's sea log
    /// (`qm_supply::sea_log::SeaLog`).
    pub line: u32,
    /// Where it started.
    pub from: NodeId,
    /// Where it landed.
    pub to: NodeId,
}

/// A line that supplied something: the source, the hexes from the source to
/// the supplied hex, and the sea legs among them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyLine {
    /// The source the line starts from.
    pub source: SourceRef,
    /// Full or partial.
    pub tier: Tier,
    /// The nodes of the line, source first, sea hexes included.
    pub path: Vec<NodeId>,
    /// The sea legs of the line, in order (SUP-084: a land line continues
    /// from where a sea line lands).
    pub sea: Vec<SeaLeg>,
}

/// Why a unit is supplied without a line (SUP-146, SUP-192..197, SUP-031).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AutoReason {
    /// A neutral's units and hexes are supplied by the neutral (SUP-146).
    Neutral,
    /// Partisans need no supply (SUP-007, SUP-194).
    Partisan,
    /// Exploiting armor (SUP-193).
    Exploiting,
    /// Chindits are at least partially supplied (SUP-195).
    Chindit,
    /// Japanese units in Japan (SUP-196).
    HomeIslands,
    /// Bridgeheads in the turn placed (SUP-197).
    Bridgehead,
    /// A region always in supply (SUP-031: Ethiopia).
    Region(String),
}

/// Why a hex (or a box) does not carry a supply line.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlockReason {
    /// Controlled by an enemy nation (SUP-057, SUP-059).
    EnemyControl(NationId),
    /// Controlled by a nation not of the tracing side (a neutral).
    NotFriendly(NationId),
    /// Controlled by no one.
    Uncontrolled,
    /// In the zone of control of these enemy units (SUP-057).
    Zoc(Vec<UnitId>),
    /// Holds this enemy partisan (SUP-060).
    EnemyPartisan(UnitId),
    /// Came under friendly control through a partisan (SUP-060).
    PartisanHeld,
    /// Terrain that limits the supply traced into or out of it (SUP-063):
    /// a hex lines may not be traced out of, or the unit's own hex when it
    /// may not receive the tier wanted.
    Terrain,
    /// A box entry or border crossing into this hex that is closed to the
    /// supply in question: a box condition not met (SUP-026, SUP-027,
    /// SUP-061), or a restricted land route (SUP-062).
    ClosedEntry(NodeId),
    /// A sea hex around the area: a land line is of land hexes (SUP-057),
    /// water is crossed by sea lines (SUP-066).
    Sea,
    /// A land hex across an all-sea hexside from the area (SUP-057,
    /// SUP-066).
    AllSeaHexside,
}

/// One hex on the frontier of a cut-off area, and why no line crosses it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Block {
    /// The hex.
    pub node: NodeId,
    /// Why it blocks.
    pub reason: BlockReason,
}

/// Why a source that a line could reach did not supply (better).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceRefusal {
    /// The source supplies this nation at most at this tier (`None`: not at
    /// all), by its class and the cooperation table (SUP-050..053).
    NotEligible(Option<Tier>),
    /// Not designated as a source (SUP-015).
    NotDesignated,
    /// Designated this turn: it supplies from next turn (SUP-015).
    DesignatedThisTurn,
    /// Supplies only units that began the turn in its hex (SUP-047, SUP-048).
    OwnHexOnly,
    /// A first hop forbidden by armor adjacency (SUP-058), through this unit.
    ArmorAdjacency(UnitId),
}

/// What cut a unit off from (better) supply: the frontier around the area it
/// could draw from, and the sources inside that area that did not supply it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cutoff {
    /// The blocking hexes, sorted by node.
    pub blocks: Vec<Block>,
    /// Sources within reach that refused, sorted by source.
    pub refused: Vec<(SourceId, SourceRefusal)>,
    /// Number of hexes in the area the unit could draw from.
    pub area: u32,
    /// Whether `blocks` was cut short (very large areas).
    pub truncated: bool,
}

/// A ground, air or naval unit's supply, and why.
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSupply {
    /// The status.
    pub status: UnitStatus,
    /// When it was decided; `None` if never.
    pub at: Option<Determination>,
    /// The line used, if supply was traced.
    pub line: Option<SupplyLine>,
    /// An own-hex source that supplied it (SUP-040, SUP-045).
    pub own_hex: Option<SourceId>,
    /// Supplied without a line, and why (SUP-031, SUP-146, SUP-192..197).
    pub automatic: Option<AutoReason>,
    /// For a unit not fully supplied: what stood in the way of (better)
    /// supply.
    pub cutoff: Option<Cutoff>,
    /// The status at the end of this player turn's initial determination
    /// (SUP-177 eliminates units unsupplied at both).
    pub initial: Option<UnitStatus>,
}

impl Default for UnitSupply {
    fn default() -> Self {
        Self {
            status: UnitStatus::Full,
            at: None,
            line: None,
            own_hex: None,
            automatic: None,
            cutoff: None,
            initial: None,
        }
    }
}

/// A hex's supply status for its controller's side (a component of every
/// node). A determination writes it only when the status changes, so an
/// embedder's `Changed<HexSupply>` sees real changes; when it was decided
/// is [`HexDecided`], written at every determination of the holder's side.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexSupply {
    /// The status, or `None` if never determined.
    pub status: Option<HexStatus>,
}

/// The determination that decided a hex's [`HexSupply`] (a component of
/// every node). SUP-142 reads it: a post-combat determination keeps a
/// better status decided earlier in the same player turn.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexDecided {
    /// When it was decided, or `None` if never.
    pub at: Option<Determination>,
}

/// A hex's supply record as the state saves it: its [`HexSupply`] and its
/// [`HexDecided`] together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexRecord {
    /// The status, or `None` if never determined.
    pub status: Option<HexStatus>,
    /// When it was decided.
    pub at: Option<Determination>,
}

impl HexRecord {
    /// The record of a hex's two components.
    #[must_use]
    pub fn of(supply: &HexSupply, decided: &HexDecided) -> Self {
        Self { status: supply.status, at: decided.at }
    }

    /// The two components the record is saved from.
    #[must_use]
    pub fn parts(self) -> (HexSupply, HexDecided) {
        (HexSupply { status: self.status }, HexDecided { at: self.at })
    }
}
