//! Stable identifiers and the small value types every crate shares.
//!
//! **Invariant:** these ids, never `Entity`, are what state, output, sorting
//! and checksums use. They are derived from the scenario (sorted keys), so the
//! same scenario gives the same ids on every run and after a restore.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a map node (hex, box, later territory or sea zone) in the dense
/// [`MapGraph`](crate::map::MapGraph). Hexes come first, in row-major order of
/// their labels, then boxes in key order. A `Copy` newtype of a `u32`
/// ([`qm_trace::Node`]), written as the bare number.
pub use qm_trace::Node as NodeId;

/// Per-node columns, indexed by [`NodeId`]: [`qm_trace::NodeVec`] and the
/// slice it derefs to.
pub use qm_trace::{NodeSlice, NodeVec};

macro_rules! index_id {
    ($(#[$m:meta])* $name:ident($t:ty)) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $t);

        impl $name {
            /// The id as an index into its dense table.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_id!(
    /// A nation: its index in the ruleset's nation table, sorted by key.
    NationId(u16)
);
index_id!(
    /// A unit type: its index in the ruleset's unit-type table.
    UnitTypeId(u16)
);
index_id!(
    /// A terrain type: its index in the ruleset's terrain table.
    TerrainId(u8)
);
index_id!(
    /// A supply-source class: its index in the ruleset's source-class table.
    SourceClassId(u16)
);
index_id!(
    /// An alliance faction (cooperation bloc): its index in the ruleset.
    FactionId(u8)
);
index_id!(
    /// A supply source placed on the map: its index in the scenario's
    /// source table, sorted by `(node, class)`.
    SourceId(u32)
);
index_id!(
    /// A map region (a country or area the rules name, such as New Guinea):
    /// its index in the map's region table.
    RegionId(u16)
);

index_id!(
    /// A front of a mapboard (Western, Mediterranean, Pacific, ...; SUP-079..081,
    /// SUP-115, SUP-116): its index in the map's front table.
    FrontId(u16)
);

/// A unit's stable id, as written in the scenario (`ger-4pz`). Shared, not
/// copied: a clone is a reference count, since ids are cloned into every
/// record, event and explanation that names a unit. Written and read as
/// the string itself.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub std::sync::Arc<str>);

impl UnitId {
    /// Creates an id.
    #[must_use]
    pub fn new(s: impl Into<String>) -> Self {
        Self(s.into().into())
    }

    /// The id as a string.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Lets a map keyed by unit ids be searched by a `&str` without making an
/// id: the order of ids is the order of their strings.
impl std::borrow::Borrow<str> for UnitId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One of the two sides of the war.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Germany, Italy, Japan and their minor allies.
    Axis,
    /// The Western Allies, Russia, China and their minor allies.
    Allies,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::Axis => Self::Allies,
            Self::Allies => Self::Axis,
        }
    }

    /// Both sides, Axis first.
    pub const BOTH: [Self; 2] = [Self::Axis, Self::Allies];

    /// The lowercase name used in files and output.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Axis => "axis",
            Self::Allies => "allies",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "axis" => Ok(Self::Axis),
            "allies" | "allied" => Ok(Self::Allies),
            _ => Err(format!("unknown side `{s}` (expected axis or allies)")),
        }
    }
}

/// The kind of supply a source provides (SUP-013): an unlimited source gives
/// full supply, a limited source partial supply. Ordered: `Partial < Full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tier {
    /// Partial supply, from a limited source (SUP-037, SUP-148).
    Partial,
    /// Full supply, from an unlimited source (SUP-016, SUP-147).
    Full,
}

/// The two mapboards of A World at War; rules differ by theater
/// (SUP-150, SUP-151, SUP-180).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Theater {
    /// The European mapboard.
    #[default]
    Europe,
    /// The Pacific mapboard.
    Pacific,
}

/// The two supply determinations of a player turn (SUP-010).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeterminationKind {
    /// During the movement phase, before ground movement (SUP-133).
    Initial,
    /// In the post-combat adjustment phase (SUP-134).
    PostCombat,
}

/// When a status was decided: which turn, whose player turn, which
/// determination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Determination {
    /// Game turn.
    pub turn: u32,
    /// The side whose player turn it was.
    pub side: Side,
    /// Initial or post-combat.
    pub kind: DeterminationKind,
}
