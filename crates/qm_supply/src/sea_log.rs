//! Sea supply and supply zones as state: what was traced, protected,
//! attacked and disrupted in the current player turn, and the zones of the
//! last determination (SUP-066..141).
//!
//! This is state, not a cache: post-combat determination depends on what
//! initial determination did (SUP-135, SUP-139..141), and `qm explain` and
//! the JSON report read it after a snapshot and restore. It is saved in
//! rule 30's section of state ([`crate::SupplyState`]), so it is rule 30's
//! alone and lives here, not in the kernel.

use bevy_ecs::prelude::*;
use qm_core::ids::{Determination, DeterminationKind, NationId, NodeId, Side, Tier, UnitId};
use qm_core::supply::HexStatus;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One sea supply line as it was resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLineRecord {
    /// Position in the announcement order (SUP-121).
    pub index: u32,
    /// Which determination it belonged to.
    pub kind: DeterminationKind,
    /// Where it started: a box, a source port or a land-supplied port
    /// (SUP-067..072).
    pub from: NodeId,
    /// Where it ended: a port, bridgehead, one-hex island or beach
    /// (SUP-073..077). For an island group, the island it entered at.
    pub to: NodeId,
    /// The hexes crossed, `from` first and `to` last.
    pub path: Vec<NodeId>,
    /// For a line to an island group, the islands it was to supply in
    /// order after `to` (SUP-100).
    pub islands: Vec<NodeId>,
    /// Naval units protecting it and air units flying cover (SUP-106..123).
    pub protected_by: Vec<UnitId>,
    /// Enemy units that attacked it (SUP-124).
    pub attacked_by: Vec<UnitId>,
    /// The rolls of the contest, `(protectors, attackers)`, if there was one
    /// (ruling 9).
    pub rolls: Option<(u32, u32)>,
    /// Disrupted (SUP-125..128, SUP-130).
    pub disrupted: bool,
    /// The islands it reached before it was disrupted, or all of them
    /// (SUP-102).
    pub reached: Vec<NodeId>,
    /// The supply it carried: nations and tiers (SUP-086, SUP-089).
    pub carried: Vec<(NationId, Tier)>,
    /// The transport pool it used, if any (SUP-078..082).
    pub transport: Option<String>,
}

/// The sea supply of the current player turn.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLog {
    /// The player turn: `(game turn, side)`.
    pub turn: Option<(u32, Side)>,
    /// Lines traced, in order, initial determination first.
    pub lines: Vec<SeaLineRecord>,
    /// The zones that could receive sea supply at initial determination,
    /// whether or not a line was traced to them (SUP-139: no second
    /// attempt, and none after declining).
    pub initial_zones: Vec<InitialZone>,
    /// Transports used this player turn, by pool.
    pub transports_used: BTreeMap<String, u32>,
    /// The zones the default plan gave no line, and why (SUP-103). Left out
    /// of files when empty, so states without them keep their checksums.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_line: Vec<NoLine>,
}

/// A zone that could take a sea line and that the default plan gave none
/// (SUP-103).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoLine {
    /// Which determination's plan.
    pub kind: DeterminationKind,
    /// The zone's landing places, sorted.
    pub terminations: Vec<NodeId>,
    /// Why it got no line.
    pub reason: NoLineReason,
}

/// Why the default plan gave a zone no sea line (SUP-103).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoLineReason {
    /// Every origin that could reach it is a box whose transports are all
    /// used (SUP-078..082): the pool named.
    NoTransport(String),
    /// No port or box lies within range of any of its landing places
    /// (SUP-090).
    OutOfRange,
    /// Ports or boxes lie within range, but none may send it supply: they
    /// hold none, stand in an enemy zone of control, or receive a line
    /// themselves (SUP-067..072, SUP-085).
    NoOrigin,
    /// A line could reach it, but every plan that gives it one supplies
    /// fewer units or zones (its origins feed other zones, SUP-071), or
    /// the line would carry nothing better than it has (SUP-103).
    Declined,
}

impl SeaLog {
    /// The lines of one determination.
    pub fn of(&self, kind: DeterminationKind) -> impl Iterator<Item = &SeaLineRecord> {
        self.lines.iter().filter(move |l| l.kind == kind)
    }
}

/// A zone that could receive sea supply at initial determination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitialZone {
    /// Its terminations (ports, islands, beaches, bridgeheads).
    pub terminations: Vec<NodeId>,
    /// The best supply a line to it could have carried then (SUP-141: a
    /// better line at post-combat is allowed).
    pub best_possible: Option<Tier>,
    /// Whether a line was traced to it.
    pub attempted: bool,
}

/// A supply zone of the last determination (SUP-093).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneRecord {
    /// Zone number, in the order of its lowest hex.
    pub id: u32,
    /// Its hexes, sorted.
    pub hexes: Vec<NodeId>,
    /// The boxes that are part of it because it traces land supply from
    /// them (SUP-093: the Australia, India and Urals boxes), sorted. A box
    /// feeding two areas is part of both zones. Left out of files when
    /// empty, so states without such boxes keep their checksums.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<NodeId>,
    /// Its best hex status.
    pub status: Option<HexStatus>,
    /// The sea line traced to it, as an index into [`SeaLog::lines`].
    pub sea_line: Option<u32>,
    /// The supply its hexes received, per nation (SUP-140: the zone then
    /// acts as a source at post-combat determination): of the hexes that
    /// pass supply on, if it has any, since a hex in an enemy ZOC attached to
    /// it may have been supplied from another zone.
    pub carried: Vec<(NationId, Tier)>,
}

/// The zones of the last determination of a side.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zones {
    /// The determination they come from.
    pub at: Option<Determination>,
    /// The zones.
    pub zones: Vec<ZoneRecord>,
}
