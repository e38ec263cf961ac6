//! The supply report `qm supply --json` prints.

use crate::Game;
use crate::names::{NationRef, PlaceRef, UnitTypeRef};
use crate::status_json;
use qm_core::components::{Control, MapNode, Unit};
use qm_core::ids::{NodeId, Side};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use qm_supply::sea_log::{SeaLog, Zones};
use serde::{Deserialize, Serialize};

/// One unit's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRow {
    /// Unit id.
    pub id: String,
    /// Its supply status, `full`, `partial` or `isolated` in the JSON.
    #[serde(with = "status_json::unit")]
    pub status: UnitStatus,
    /// The hex it is in (or was in when eliminated), by label. For the
    /// tables only: the JSON rows keep the documented `id`, `status` (and
    /// `eliminated`) fields.
    #[serde(skip)]
    pub hex: String,
    /// Eliminated by isolation (SUP-177); present once the side's
    /// isolation phase has been run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<bool>,
    /// The node it is in (or was in when eliminated), with its label and
    /// place name; not in the JSON, like [`UnitRow::hex`].
    #[serde(skip)]
    pub place: PlaceRef,
    /// Its nationality; not in the JSON, whose unit rows are exactly the
    /// documented `id`, `status` (and `eliminated`).
    #[serde(skip)]
    pub nation: NationRef,
    /// Its unit type; not in the JSON either.
    #[serde(skip)]
    pub unit_type: UnitTypeRef,
}

impl UnitRow {
    fn new(game: &Game, unit: &Unit, node: NodeId, status: UnitStatus, eliminated: Option<bool>) -> Self {
        let spec = game.spec();
        let place = PlaceRef::of(spec, node);
        Self {
            id: unit.id.to_string(),
            status,
            hex: place.label.clone(),
            eliminated,
            place,
            nation: NationRef::of(spec, unit.nation),
            unit_type: UnitTypeRef::of(spec, unit.kind),
        }
    }
}

/// A sea line in a zone's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeaLineRow {
    /// Origin (label or box key).
    pub from: String,
    /// Termination.
    pub to: String,
    /// Disrupted.
    pub disrupted: bool,
}

/// One zone's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneRow {
    /// Zone number.
    pub id: u32,
    /// Its hexes' labels.
    pub hexes: Vec<String>,
    /// The keys of the boxes that are part of it (SUP-093: the boxes it
    /// traces land supply from). Present in the JSON only when there are
    /// any, so the documented `id`, `hexes`, `status` and `sea_line` stay
    /// the whole row of a zone without boxes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<String>,
    /// Its best status, `full`, `partial` or `unsupplied` in the JSON.
    #[serde(with = "status_json::hex")]
    pub status: HexStatus,
    /// The sea line to it, if any.
    pub sea_line: Option<SeaLineRow>,
}

/// One hex's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexRow {
    /// Label.
    pub hex: String,
    /// Place name, if any.
    pub name: Option<String>,
    /// Its supply status, `full`, `partial` or `unsupplied` in the JSON.
    #[serde(with = "status_json::hex")]
    pub status: HexStatus,
    /// Its node id.
    #[serde(default)]
    pub node: NodeId,
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
    /// The side's supply zones at its last determination (SUP-093).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zones: Option<Vec<ZoneRow>>,
}

pub(crate) fn supply_report(game: &Game, side: Side) -> SupplyReport {
    let world = &game.world;
    let spec = game.spec();
    let side_of = crate::view::nation_sides(game);
    let mine = |n: qm_core::ids::NationId| side_of.get(n.index()).copied().flatten() == Some(side);
    let mut units: Vec<UnitRow> = world
        .try_query::<(&Unit, &UnitSupply, &qm_core::components::Location)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(u, _, _)| mine(u.nation))
                .map(|(u, s, l)| UnitRow::new(game, u, l.node, s.status, None))
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
                        status: h.status.unwrap_or(HexStatus::Unsupplied),
                        node: n.0,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    hexes.sort_by(|a, b| a.hex.cmp(&b.hex));
    SupplyReport { side: side.as_str().to_string(), units, hexes, zones: None }
}

/// Adds the zones of the side's last determination, and, with
/// `eliminations`, an `eliminated` flag on every unit, eliminated units
/// included (SUP-177).
pub(crate) fn extend_report(game: &Game, report: &mut SupplyReport, side: Side, eliminations: bool) {
    let world = &game.world;
    let spec = game.spec();
    let label = |n: qm_core::ids::NodeId| spec.map.label(n).to_string();
    if let (Some(z), Some(log)) = (world.get_resource::<Zones>(), world.get_resource::<SeaLog>())
        && z.at.is_some_and(|a| a.side == side)
    {
        report.zones = Some(
            z.zones
                .iter()
                .map(|r| ZoneRow {
                    id: r.id,
                    hexes: r.hexes.iter().map(|&h| label(h)).collect(),
                    boxes: r.boxes.iter().map(|&b| label(b)).collect(),
                    status: r.status.unwrap_or(HexStatus::Unsupplied),
                    sea_line: r.sea_line.and_then(|i| log.lines.get(i as usize)).map(|l| SeaLineRow {
                        from: label(l.from),
                        to: label(l.to),
                        disrupted: l.disrupted,
                    }),
                })
                .collect(),
        );
    }
    if eliminations {
        for u in &mut report.units {
            u.eliminated = Some(false);
        }
        if let Some(ledger) = world.get_resource::<qm_core::state::Ledger>() {
            let mine =
                |n: qm_core::ids::NationId| game.state().nations.get(n.index()).and_then(|s| s.side) == Some(side);
            for e in ledger.eliminated.iter().filter(|e| mine(e.unit.nation)) {
                let unit = Unit {
                    id: e.unit.id.clone(),
                    nation: e.unit.nation,
                    kind: e.unit.kind,
                    supply_as: e.unit.supply_as,
                    factors: e.unit.factors,
                };
                report.units.push(UnitRow::new(game, &unit, e.unit.location.node, e.unit.supply.status, Some(true)));
            }
        }
        report.units.sort_by(|a, b| a.id.cmp(&b.id));
    }
}
