//! A plain-data view of the map as one side sees it: every node with its
//! label, place, kind, control and supply status, and the side's units in
//! it. What front ends (the CLI's map picture, bindings) draw from, so
//! they read no world components.

use crate::Game;
use crate::names::{NationRef, UnitTypeRef};
use crate::status_json;
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::{NodeKind, Surface};
use qm_core::nation::{Nation, NationStateC};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The map as one side sees it, nodes in id order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapView {
    /// The side whose view it is.
    pub side: Side,
    /// Every node of the map, sorted by id.
    pub nodes: Vec<NodeView>,
}

/// One node of a [`MapView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeView {
    /// Its id.
    pub node: NodeId,
    /// Its label (`e4`), or a box's or territory's key.
    pub label: String,
    /// Its place name, if any.
    pub name: Option<String>,
    /// Hex, box, territory or sea zone.
    pub kind: NodeKind,
    /// Land, coastal, sea or box.
    pub surface: Surface,
    /// `(row, column)` of a hex as labelled (0-based row, 1-based column);
    /// `None` for a box or a territory.
    pub row_col: Option<(u32, u32)>,
    /// The nation controlling it, if any.
    pub control: Option<NationRef>,
    /// The side of that nation, if it is at war.
    pub control_side: Option<Side>,
    /// Its supply status, for a node the viewing side controls (a hex's
    /// status is its controller's, SUP-011); `None` for others.
    #[serde(with = "opt_hex_status")]
    pub supply: Option<HexStatus>,
    /// The viewing side's units in it, sorted by id.
    pub units: Vec<UnitMark>,
}

impl NodeView {
    /// Whether the viewing side controls it.
    #[must_use]
    pub fn is_mine(&self, side: Side) -> bool {
        self.control_side == Some(side)
    }

    /// The worst status among its units, if it holds any.
    #[must_use]
    pub fn worst_unit_status(&self) -> Option<UnitStatus> {
        self.units.iter().map(|u| u.status).min()
    }
}

/// One unit in a [`NodeView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMark {
    /// Unit id.
    pub id: String,
    /// Its supply status, `full`, `partial` or `isolated` in the JSON.
    #[serde(with = "status_json::unit")]
    pub status: UnitStatus,
    /// Its nationality.
    pub nation: NationRef,
    /// Its unit type.
    pub unit_type: UnitTypeRef,
}

mod opt_hex_status {
    use qm_core::supply::HexStatus;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(s: &Option<HexStatus>, ser: S) -> Result<S::Ok, S::Error> {
        match s {
            Some(s) => ser.serialize_some(s.as_str()),
            None => ser.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Option<HexStatus>, D::Error> {
        #[derive(Deserialize)]
        struct Word(#[serde(with = "crate::status_json::hex")] HexStatus);
        Ok(Option::<Word>::deserialize(de)?.map(|w| w.0))
    }
}

/// The side of each nation now, by nation index (`None`: not at war).
pub(crate) fn nation_sides(game: &Game) -> Vec<Option<Side>> {
    let world = &game.world;
    let mut side_of = vec![None; game.spec().ruleset.nations.len()];
    if let Some(mut q) = world.try_query::<(&Nation, &NationStateC)>() {
        for (n, s) in q.iter(world) {
            if let Some(slot) = side_of.get_mut(n.0.index()) {
                *slot = s.0.side;
            }
        }
    }
    side_of
}

/// The map as `side` sees it.
pub(crate) fn map_view(game: &Game, side: Side) -> MapView {
    let spec = game.spec();
    let sides = nation_sides(game);
    let side_of = |n: NationId| sides.get(n.index()).copied().flatten();
    let mut units = units_by_node(game, side, &side_of);
    let mut nodes: Vec<NodeView> = node_states(game)
        .into_iter()
        .filter_map(|(n, control, supply)| {
            let info = spec.map.node(n)?;
            let control_side = control.and_then(side_of);
            Some(NodeView {
                node: n,
                label: info.label.clone(),
                name: info.name.clone(),
                kind: info.kind,
                surface: info.surface,
                row_col: spec.map.row_col(n),
                control: control.map(|c| NationRef::of(spec, c)),
                control_side,
                supply: if control_side == Some(side) { Some(supply.unwrap_or(HexStatus::Unsupplied)) } else { None },
                units: units.remove(&n).unwrap_or_default(),
            })
        })
        .collect();
    nodes.sort_by_key(|v| v.node);
    MapView { side, nodes }
}

/// Every node's controller and supply status, from its components.
fn node_states(game: &Game) -> Vec<(NodeId, Option<NationId>, Option<HexStatus>)> {
    let world = &game.world;
    world
        .try_query::<(&MapNode, &Control, &HexSupply)>()
        .map(|mut q| q.iter(world).map(|(n, c, h)| (n.0, c.current, h.status)).collect())
        .unwrap_or_default()
}

/// The units of `side`, by the node they are in, each node's sorted by id.
fn units_by_node(
    game: &Game,
    side: Side,
    side_of: &dyn Fn(NationId) -> Option<Side>,
) -> BTreeMap<NodeId, Vec<UnitMark>> {
    let world = &game.world;
    let spec = game.spec();
    let mut by_node: BTreeMap<NodeId, Vec<UnitMark>> = BTreeMap::new();
    if let Some(mut q) = world.try_query::<(&Unit, &Location, &UnitSupply)>() {
        for (u, l, s) in q.iter(world).filter(|(u, _, _)| side_of(u.nation) == Some(side)) {
            by_node.entry(l.node).or_default().push(UnitMark {
                id: u.id.to_string(),
                status: s.status,
                nation: NationRef::of(spec, u.nation),
                unit_type: UnitTypeRef::of(spec, u.kind),
            });
        }
    }
    for marks in by_node.values_mut() {
        marks.sort_by(|a, b| a.id.cmp(&b.id));
    }
    by_node
}
