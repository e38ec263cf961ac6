//! What one side observes of a game, as plain serde data, and its
//! fixed-size tensor encoding: what policies, the self-play runner and the
//! Python binding read instead of world components.
//!
//! Everything is sorted by stable ids (units by id, hexes by node id), so an
//! observation is a pure function of the game's state and the side.
//!
//! # Fog of war
//! By default every enemy unit is visible. With [`Fog::Sight`] an enemy unit
//! is visible only within `sight` hexes of one of the side's own units, and
//! enemy-controlled hexes show no supply status.
//!
//! # Tensor encoding
//! [`Observation::tensor`] gives `PLANES × rows × cols` bytes, row-major
//! (`plane`, then map row, then map column), over the bounding box of the
//! map's hexes (boxes, territories and sea zones are not on the grid). The
//! grid shape is fixed per scenario, the planes fixed for every scenario;
//! they are relative to the observing side ("own" / "enemy"). Counts
//! saturate at 255. See [`planes`] and `docs/observation.md`. Under fog
//! the new planes stay honest: unit factors only of visible enemy units,
//! enemy hex statuses and supply zones not at all; the map's own data
//! (terrain, hexsides, objectives) is known to both sides.
//!
//! # Scalars
//! [`Observation::scalars`] gives a fixed-length vector of whole numbers:
//! the clock and the side's economy (see [`scalars`]).

mod layers;
mod scalar;
mod tensor;

pub use layers::MapObs;
pub(crate) use layers::StaticLayers;
pub use scalar::index as scalars;
pub use tensor::planes;

use crate::Game;
use crate::names::{NationRef, UnitTypeRef};
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, NodeVec, Side};
use qm_core::map::{Features, Surface};
use qm_core::ruleset::{Domain, UnitTypeDef};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use qm_supply::capabilities::UnitCapabilities;
use serde::{Deserialize, Serialize};

/// The sight range, in hexes, of a game played under fog when its
/// scenario sets none ([`Game::scenario_fog`]).
pub const DEFAULT_SIGHT: u32 = 3;

/// Whether enemy units are hidden beyond a sight range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fog {
    /// Everything is visible.
    #[default]
    Off,
    /// Enemy units only within this many hexes of an own unit.
    Sight(u32),
}

/// What one side observes of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The observing side.
    pub side: Side,
    /// Game turn.
    pub turn: u32,
    /// The side to move.
    pub to_move: Side,
    /// The phase about to run, if any.
    pub phase: Option<String>,
    /// Its position in the game's phase order (the number of phases once
    /// none is left).
    pub phase_index: u32,
    /// The result, once the game is over.
    pub result: Option<crate::GameResult>,
    /// The fog the observation was taken under.
    pub fog: Fog,
    /// The side's own units, sorted by id.
    pub own_units: Vec<UnitObs>,
    /// The enemy units it can see, sorted by id.
    pub enemy_units: Vec<UnitObs>,
    /// Every map node, sorted by id.
    pub hexes: Vec<HexObs>,
    /// Rows and columns of the tensor grid: `(row0, col0, rows, cols)`,
    /// the first map row and column it covers and its size.
    pub grid: (u32, u32, u32, u32),
    /// The side's own economy: treasuries, oil, build points.
    pub economy: crate::Economy,
}

/// A unit as seen by a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitObs {
    /// Stable id.
    pub id: String,
    /// Nationality.
    pub nation: NationRef,
    /// Unit type.
    pub unit_type: UnitTypeRef,
    /// Armor (SUP-058, SUP-150).
    pub armor: bool,
    /// Its class, from the unit type's flags.
    pub class: UnitClass,
    /// Strength in factors.
    pub factors: u8,
    /// The node it is in.
    pub node: NodeId,
    /// That node's label.
    pub at: String,
    /// Its supply status.
    pub status: UnitStatus,
    /// What it may do (SUP-147..176): own units only.
    pub capabilities: Option<UnitCapabilities>,
}

/// A node as seen by a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexObs {
    /// Node id.
    pub node: NodeId,
    /// Label.
    pub label: String,
    /// `(row, column)` of a hex.
    pub row_col: Option<(u32, u32)>,
    /// The side controlling it, if any.
    pub control: Option<Side>,
    /// Its supply status (the controller's, SUP-011): for own nodes, and
    /// for enemy nodes when there is no fog.
    pub supply: Option<HexStatus>,
    /// Land or coastal (not sea, not a box).
    pub land: bool,
    /// A city, capital or objective.
    pub city: bool,
    /// Within sight of an own unit (always without fog).
    pub visible: bool,
    /// Terrain, hexsides and objective: the map's, known to both sides.
    #[serde(flatten)]
    pub map: MapObs,
    /// The own supply zone it is in (SUP-093), numbered from 1 in the order
    /// of each zone's lowest node: known once the side's determination has
    /// run, until the enemy's runs.
    pub own_zone: Option<u32>,
    /// The enemy supply zone it is in, numbered alike: never under fog.
    pub enemy_zone: Option<u32>,
}

/// What a unit is, for the tensor's strength planes: read from the unit
/// type's domain and flags, air and naval first, then HQs, then armor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitClass {
    /// Any other ground unit (infantry, mechanized, airborne, partisans,
    /// installations).
    Infantry,
    /// A ground unit with the `armor` flag.
    Armor,
    /// A ground unit with the `hq` flag.
    Hq,
    /// An air unit.
    Air,
    /// A naval unit.
    Naval,
}

impl UnitClass {
    /// The class of a unit type (`None`: an unknown type, counted as
    /// infantry).
    #[must_use]
    pub fn of(def: Option<&UnitTypeDef>) -> Self {
        match def {
            Some(d) if d.domain == Domain::Air => Self::Air,
            Some(d) if d.domain == Domain::Naval => Self::Naval,
            Some(d) if d.hq => Self::Hq,
            Some(d) if d.armor => Self::Armor,
            _ => Self::Infantry,
        }
    }
}

impl Game {
    /// What `side` observes, without fog of war.
    #[must_use]
    pub fn observation(&self, side: Side) -> Observation {
        self.observation_with(side, Fog::Off)
    }

    /// What `side` observes under `fog`.
    #[must_use]
    pub fn observation_with(&self, side: Side, fog: Fog) -> Observation {
        observe(self, side, fog)
    }

    /// The sight range (hexes) the scenario's operations set, if any.
    #[must_use]
    pub fn sight(&self) -> Option<u32> {
        self.world.get_resource::<qm_ops::OpsData>().and_then(|d| d.0.rules.sight)
    }

    /// The fog of war a game is played under when it is played under fog
    /// (`qm selfplay --fog`, Python's `fog=True`): [`Fog::Sight`] of the
    /// scenario's [`sight`](Self::sight), or of [`DEFAULT_SIGHT`] when it
    /// sets none.
    #[must_use]
    pub fn scenario_fog(&self) -> Fog {
        Fog::Sight(self.sight().unwrap_or(DEFAULT_SIGHT))
    }
}

/// A unit with its node and status, as read from the world.
struct Seen {
    unit: Unit,
    node: NodeId,
    status: UnitStatus,
    side: Option<Side>,
}

fn observe(game: &Game, side: Side, fog: Fog) -> Observation {
    let spec = game.spec();
    let clock = game.clock();
    let sides = crate::view::nation_sides(game);
    let side_of = |n: NationId| sides.get(n.index()).copied().flatten();
    let units = seen_units(game, &side_of);
    let own_nodes: Vec<NodeId> = units.iter().filter(|u| u.side == Some(side)).map(|u| u.node).collect();
    let visible = visibility(game, fog, &own_nodes);
    let is_visible = |n: NodeId| visible.get(n).copied().unwrap_or(false);
    // Every unit's capabilities from one read of the world.
    let caps = qm_ops::all_capabilities(&game.world);
    let mut own_units = Vec::new();
    let mut enemy_units = Vec::new();
    for s in &units {
        let mine = s.side == Some(side);
        if !mine && (s.side != Some(side.other()) || !is_visible(s.node)) {
            continue;
        }
        let def = spec.ruleset.unit_type(s.unit.kind);
        let obs = UnitObs {
            id: s.unit.id.to_string(),
            nation: NationRef::of(spec, s.unit.nation),
            unit_type: UnitTypeRef::of(spec, s.unit.kind),
            armor: def.is_some_and(|d| d.armor),
            class: UnitClass::of(def),
            factors: s.unit.factors,
            node: s.node,
            at: spec.map.label(s.node).to_owned(),
            status: s.status,
            capabilities: if mine { caps.get(&s.unit.id).cloned() } else { None },
        };
        if mine { own_units.push(obs) } else { enemy_units.push(obs) }
    }
    let hexes = hex_obs(game, side, fog, &side_of, &is_visible);
    Observation {
        side,
        turn: clock.turn,
        to_move: clock.side,
        phase: game.next_phase().map(|p| p.to_string()),
        phase_index: u32::try_from(clock.phase).unwrap_or(u32::MAX),
        result: game.result(),
        fog,
        own_units,
        enemy_units,
        hexes,
        grid: grid(game),
        economy: game.economy(side),
    }
}

/// Every unit on the map with its side, sorted by id.
fn seen_units(game: &Game, side_of: &dyn Fn(NationId) -> Option<Side>) -> Vec<Seen> {
    let world = &game.world;
    let mut out: Vec<Seen> = world
        .try_query::<(&Unit, &Location, &UnitSupply)>()
        .map(|mut q| {
            q.iter(world)
                .map(|(u, l, s)| Seen { unit: u.clone(), node: l.node, status: s.status, side: side_of(u.nation) })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by(|a, b| a.unit.id.cmp(&b.unit.id));
    out
}

/// Which nodes the side sees: all without fog; with a sight range, the
/// hexes within range of its units (and the nodes its units are in).
fn visibility(game: &Game, fog: Fog, own_nodes: &[NodeId]) -> NodeVec<bool> {
    let map = &game.spec().map;
    let n = map.node_count();
    let Fog::Sight(range) = fog else { return NodeVec::from(vec![true; n]) };
    let eyes: Vec<hexx::Hex> = own_nodes.iter().filter_map(|&u| map.coord(u)).collect();
    let mut seen: NodeVec<bool> = map
        .node_ids()
        .map(|i| map.coord(i).is_some_and(|c| eyes.iter().any(|e| e.unsigned_distance_to(c) <= range)))
        .collect();
    for &u in own_nodes {
        if let Some(s) = seen.get_mut(u) {
            *s = true;
        }
    }
    seen
}

/// Every node with its controller, supply status and visibility.
fn hex_obs(
    game: &Game,
    side: Side,
    fog: Fog,
    side_of: &dyn Fn(NationId) -> Option<Side>,
    is_visible: &dyn Fn(NodeId) -> bool,
) -> Vec<HexObs> {
    let world = &game.world;
    let map = &game.spec().map;
    let ops = world.get_resource::<qm_ops::OpsData>().map(|d| &*d.0);
    let layers = layers::static_layers(world, map, ops);
    let (zone_side, zone_of) = zone_labels(game);
    let zone = |n: NodeId, of: Side| zone_of.get(n).copied().flatten().filter(|_| zone_side == Some(of));
    let mut out: Vec<HexObs> = world
        .try_query::<(&MapNode, &Control, &HexSupply)>()
        .map(|mut q| {
            q.iter(world)
                .filter_map(|(n, c, h)| {
                    let info = map.node(n.0)?;
                    let control = c.current.and_then(side_of);
                    let shown = control == Some(side) || (control.is_some() && fog == Fog::Off);
                    Some(HexObs {
                        node: n.0,
                        label: info.label.clone(),
                        row_col: map.row_col(n.0),
                        control,
                        supply: shown.then(|| h.status.unwrap_or(HexStatus::Unsupplied)),
                        land: matches!(info.surface, Surface::Land | Surface::Coastal),
                        city: info.features.intersects(Features::CITY | Features::CAPITAL | Features::OBJECTIVE),
                        visible: is_visible(n.0),
                        map: layers.and_then(|l| l.get(n.0).copied()).unwrap_or_else(|| layers::map_obs(map, ops, n.0)),
                        own_zone: zone(n.0, side),
                        enemy_zone: zone(n.0, side.other()).filter(|_| fog == Fog::Off),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_key(|h| h.node);
    out
}

/// The supply zones of the last determination (SUP-093): its side and,
/// per node, its zone numbered from 1 in the order of each zone's lowest
/// node (the records' own numbers are not relied on to be compact).
fn zone_labels(game: &Game) -> (Option<Side>, NodeVec<Option<u32>>) {
    let Some(z) = game.world.get_resource::<qm_supply::sea_log::Zones>() else { return (None, NodeVec::new()) };
    let mut zones: Vec<&[NodeId]> = z.zones.iter().map(|r| r.hexes.as_slice()).filter(|h| !h.is_empty()).collect();
    zones.sort_by_key(|h| h.iter().min().copied());
    let mut of = NodeVec::from(vec![None; game.spec().map.node_count()]);
    for (i, hexes) in zones.iter().enumerate() {
        for &n in *hexes {
            if let Some(slot) = of.get_mut(n) {
                *slot = Some(i as u32 + 1);
            }
        }
    }
    (z.at.map(|a| a.side), of)
}

/// The bounding box of the map's hexes: `(row0, col0, rows, cols)`.
fn grid(game: &Game) -> (u32, u32, u32, u32) {
    let map = &game.spec().map;
    let cells: Vec<(u32, u32)> = map.node_ids().filter_map(|n| map.row_col(n)).collect();
    let (Some(r0), Some(c0)) = (cells.iter().map(|c| c.0).min(), cells.iter().map(|c| c.1).min()) else {
        return (0, 0, 0, 0);
    };
    let r1 = cells.iter().map(|c| c.0).max().unwrap_or(r0);
    let c1 = cells.iter().map(|c| c.1).max().unwrap_or(c0);
    (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
}
