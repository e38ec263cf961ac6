//! The supply report `qm supply --json` prints.

use crate::Game;
use qm_core::components::{Control, MapNode, Unit};
use qm_core::ids::Side;
use qm_core::nation::{Nation, NationStateC};
use qm_core::supply::{HexSupply, UnitSupply};
use serde::{Deserialize, Serialize};

/// One unit's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRow {
    /// Unit id.
    pub id: String,
    /// `full`, `partial` or `isolated`.
    pub status: String,
}

/// One hex's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexRow {
    /// Label.
    pub hex: String,
    /// Place name, if any.
    pub name: Option<String>,
    /// `full`, `partial` or `unsupplied`.
    pub status: String,
}

/// A side's supply statuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyReport {
    /// `axis` or `allies`.
    pub side: String,
    /// The side's units, sorted by id.
    pub units: Vec<UnitRow>,
    /// The side's land hexes, sorted by label.
    pub hexes: Vec<HexRow>,
}

pub(crate) fn supply_report(game: &Game, side: Side) -> SupplyReport {
    let world = game.world();
    let spec = game.spec();
    let mut side_of = vec![None; spec.ruleset.nations.len()];
    if let Some(mut q) = world.try_query::<(&Nation, &NationStateC)>() {
        for (n, s) in q.iter(world) {
            if let Some(slot) = side_of.get_mut(n.0.index()) {
                *slot = s.0.side;
            }
        }
    }
    let mine = |n: qm_core::ids::NationId| side_of.get(n.index()).copied().flatten() == Some(side);
    let mut units: Vec<UnitRow> = world
        .try_query::<(&Unit, &UnitSupply)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(u, _)| mine(u.nation))
                .map(|(u, s)| UnitRow { id: u.id.0.clone(), status: s.status.as_str().to_string() })
                .collect()
        })
        .unwrap_or_default();
    units.sort_by(|a, b| a.id.cmp(&b.id));
    let mut hexes: Vec<HexRow> = world
        .try_query::<(&MapNode, &Control, &HexSupply)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(n, c, _)| spec.map.is_hex(n.0) && c.current.is_some_and(mine))
                .filter_map(|(n, _, h)| {
                    let info = spec.map.node(n.0)?;
                    Some(HexRow {
                        hex: info.label.clone(),
                        name: info.name.clone(),
                        status: h.status.map_or("unsupplied", |s| s.as_str()).to_string(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    hexes.sort_by(|a, b| a.hex.cmp(&b.hex));
    SupplyReport { side: side.as_str().to_string(), units, hexes }
}
