//! The Middle East track (MET-002..007): a rule family of its own,
//! `middle-east` ([`MiddleEastPlugin`], [`plugin`]), which the collection
//! family brings along, and the track's rules and markers.
//!
//! A marker's level is derived from control, so captures move it up and
//! liberation moves it back with no separate bookkeeping: the sum of the
//! values of the Middle East territories its nation controls, plus, for
//! the marker the ruleset names (`minors_use`, MET-004: the German one),
//! those controlled by minor countries of its side; capped at the track's
//! last position (MET-006: eight positions; ruling 14: the ruleset's
//! `positions`, default 8). Value above the cap is not collected, and the
//! statement says how much (`above_cap`). Allied units may stand in a
//! Middle East territory but its control and income are never theirs
//! (MET-002): such territories are left out of every nation's collected
//! territories (`income::held`).
//!
//! Payment (MET-006, MET-007, ruling 6): each marker nation collects its
//! level from the Allied powers in its collection phase, in the split the
//! Allies order or the Axis chooses ([`crate::payment`]), paid by the
//! family's system ([`plugin::settle_track`]) after collection's.
//!
//! Building there (MET-005): a marker nation may never build a naval base
//! or an industrial complex; air bases are allowed. [`check_build`] is the
//! legality check the operations layer and AI policies call.

use crate::board::Board;
use crate::collect_map::CollectMap;
use qm_core::ids::{NationId, NodeId};
use qm_core::nation::NationKind;
use qm_core::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

pub mod plugin;

pub use plugin::{MiddleEastPlugin, MiddleEastSystems};

/// The Middle East track of the ruleset (MET-003, MET-004, MET-006), by
/// nation key: which nations have a marker, whose marker the minors of
/// their side move, and how many positions the track has. The ruleset's
/// section `middle_east`, kept among the compiled ruleset's extensions
/// ([`qm_core::extension`]); [`MiddleEastRules::of`] reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MiddleEastRules {
    /// The nations with a marker (MET-003: Germany and Italy).
    pub markers: Vec<String>,
    /// The marker that captures by minor countries of the markers' side
    /// move (MET-004: the Axis minors move the German marker).
    pub minors_use: Option<String>,
    /// Positions on the track (MET-006: eight); a marker stops at the last.
    pub positions: u8,
}

impl MiddleEastRules {
    /// The name the ruleset writes it under (its section `middle_east`).
    pub const NAME: &'static str = "middle_east";

    /// No marker (no track, MET-003), eight positions (MET-006).
    pub const NONE: Self = Self { markers: Vec::new(), minors_use: None, positions: 8 };

    /// The track of a compiled ruleset; [`Self::NONE`] for a ruleset
    /// compiled without one.
    #[must_use]
    pub fn of(ruleset: &Ruleset) -> &Self {
        static NONE: MiddleEastRules = MiddleEastRules::NONE;
        ruleset.extensions.get::<Self>().unwrap_or(&NONE)
    }
}

impl Default for MiddleEastRules {
    fn default() -> Self {
        Self::NONE
    }
}

/// A marker on the track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// The marker's nation key.
    pub nation: String,
    /// Its position: the IPCs it collects from the Allies (MET-006).
    pub level: u32,
    /// The Middle East territories that put it there, by key.
    pub territories: Vec<String>,
    /// The value its territories hold above the track's last position:
    /// not collected (ruling 14).
    pub above_cap: u32,
}

/// What may be built in a territory (MET-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Building {
    /// A naval base.
    NavalBase,
    /// An industrial complex.
    IndustrialComplex,
    /// An air base.
    AirBase,
}

/// A build refused by the Middle East rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MiddleEastError {
    /// MET-005: no naval base or industrial complex by a marker nation in a
    /// Middle East territory.
    #[error("{nation} may not build {building:?} in the Middle East territory `{territory}` (MET-005)")]
    ForbiddenBuilding {
        /// The builder's key.
        nation: String,
        /// What it would build.
        building: Building,
        /// The territory's key.
        territory: String,
    },
}

/// The marker that a capture by `controller` moves, if any (MET-003,
/// MET-004).
fn marker_of(board: &Board, controller: NationId, markers: &[NationId]) -> Option<NationId> {
    if markers.contains(&controller) {
        return Some(controller);
    }
    let rules = &board.spec.ruleset;
    let minors_use = MiddleEastRules::of(rules).minors_use.as_deref().and_then(|k| rules.nation_by_key(k))?;
    let minor = rules.nation(controller).is_some_and(|d| d.kind == NationKind::Minor);
    let same_side = board.sides.side_of(minors_use).is_some_and(|s| board.sides.is_on(controller, s));
    (minor && same_side).then_some(minors_use)
}

/// The marker nations of the ruleset, in its order.
fn marker_nations(board: &Board) -> Vec<NationId> {
    let rules = &board.spec.ruleset;
    MiddleEastRules::of(rules).markers.iter().filter_map(|k| rules.nation_by_key(k)).collect()
}

/// Every marker's position (MET-003, MET-004, MET-006).
#[must_use]
pub fn track(board: &Board) -> Vec<Marker> {
    let markers = marker_nations(board);
    if markers.is_empty() {
        // No track in this ruleset (MET-003): nothing to read off the map.
        return Vec::new();
    }
    let cap = u32::from(MiddleEastRules::of(&board.spec.ruleset).positions);
    let mut out: Vec<Marker> = markers
        .iter()
        .map(|&n| Marker {
            nation: board.spec.ruleset.nation_key(n).to_string(),
            level: 0,
            territories: Vec::new(),
            above_cap: 0,
        })
        .collect();
    let cm = CollectMap::of(&board.spec);
    for n in board.spec.map.board_nodes() {
        let e = cm.econ(n);
        let controller = board.control.get(n).copied().flatten();
        let Some(m) = controller.filter(|_| e.middle_east).and_then(|c| marker_of(board, c, &markers)) else {
            continue;
        };
        if let Some(i) = markers.iter().position(|&x| x == m) {
            out[i].level += u32::from(e.value);
            out[i].territories.push(board.spec.map.label(n).to_string());
        }
    }
    for m in &mut out {
        m.above_cap = m.level.saturating_sub(cap);
        m.level = m.level.min(cap);
    }
    out
}

/// The level of one nation's marker (0 without one).
#[must_use]
pub fn level_of(board: &Board, nation: &str) -> Option<u32> {
    track(board).into_iter().find(|m| m.nation == nation).map(|m| m.level)
}

/// Whether `nation` may build `building` in `node` (MET-005).
///
/// # Errors
/// [`MiddleEastError::ForbiddenBuilding`] for a naval base or an industrial
/// complex of a marker nation in a Middle East territory.
pub fn check_build(board: &Board, nation: NationId, node: NodeId, building: Building) -> Result<(), MiddleEastError> {
    let forbidden = CollectMap::of(&board.spec).econ(node).middle_east
        && building != Building::AirBase
        && marker_nations(board).contains(&nation);
    if forbidden {
        return Err(MiddleEastError::ForbiddenBuilding {
            nation: board.spec.ruleset.nation_key(nation).to_string(),
            building,
            territory: board.spec.map.label(node).to_string(),
        });
    }
    Ok(())
}
