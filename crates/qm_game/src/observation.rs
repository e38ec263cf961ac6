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
//! saturate at 255. See [`planes`] and `docs/observation.md`.

use crate::Game;
use crate::names::{NationRef, UnitTypeRef};
use qm_core::components::{Control, Location, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::{Features, Surface};
use qm_core::supply::{HexStatus, HexSupply, UnitStatus, UnitSupply};
use qm_supply::capabilities::UnitCapabilities;
use serde::{Deserialize, Serialize};

/// The feature planes of [`Observation::tensor`], by index.
pub mod planes {
    /// 1 where the grid cell is a land or coastal hex of the map.
    pub const LAND: usize = 0;
    /// 1 where the observing side controls the hex.
    pub const OWN_CONTROL: usize = 1;
    /// 1 where the enemy side controls the hex.
    pub const ENEMY_CONTROL: usize = 2;
    /// 1 where an own hex is fully supplied.
    pub const OWN_HEX_FULL: usize = 3;
    /// 1 where an own hex is partially supplied.
    pub const OWN_HEX_PARTIAL: usize = 4;
    /// 1 where an own hex is unsupplied.
    pub const OWN_HEX_UNSUPPLIED: usize = 5;
    /// Own units in full supply, counted.
    pub const OWN_UNITS_FULL: usize = 6;
    /// Own units in partial supply, counted.
    pub const OWN_UNITS_PARTIAL: usize = 7;
    /// Own isolated units, counted.
    pub const OWN_UNITS_ISOLATED: usize = 8;
    /// Own armor units, counted.
    pub const OWN_ARMOR: usize = 9;
    /// Visible enemy units, counted.
    pub const ENEMY_UNITS: usize = 10;
    /// Visible enemy armor units, counted.
    pub const ENEMY_ARMOR: usize = 11;
    /// Visible isolated enemy units, counted.
    pub const ENEMY_ISOLATED: usize = 12;
    /// 1 where the hex is visible to the observing side (everywhere
    /// without fog).
    pub const VISIBLE: usize = 13;
    /// 1 on cities, capitals and objectives.
    pub const CITY: usize = 14;
    /// 1 everywhere when the observing side is the side to move.
    pub const TO_MOVE: usize = 15;
    /// How many planes there are.
    pub const COUNT: usize = 16;
}

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

    /// The fog of war the scenario asks for when a game is played under
    /// fog: [`Fog::Sight`] of its operations' `sight` (hexes), or
    /// [`Fog::Off`] when it sets none.
    #[must_use]
    pub fn scenario_fog(&self) -> Fog {
        self.world.get_resource::<qm_ops::OpsData>().and_then(|d| d.0.rules.sight).map_or(Fog::Off, Fog::Sight)
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
    let is_visible = |n: NodeId| visible.get(n as usize).copied().unwrap_or(false);
    // Every unit's capabilities from one read of the world.
    let caps = qm_ops::all_capabilities(&game.world);
    let mut own_units = Vec::new();
    let mut enemy_units = Vec::new();
    for s in &units {
        let mine = s.side == Some(side);
        if !mine && (s.side != Some(side.other()) || !is_visible(s.node)) {
            continue;
        }
        let obs = UnitObs {
            id: s.unit.id.to_string(),
            nation: NationRef::of(spec, s.unit.nation),
            unit_type: UnitTypeRef::of(spec, s.unit.kind),
            armor: spec.ruleset.unit_type(s.unit.kind).is_some_and(|d| d.armor),
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
    let world = game.world();
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
fn visibility(game: &Game, fog: Fog, own_nodes: &[NodeId]) -> Vec<bool> {
    let map = &game.spec().map;
    let n = map.node_count();
    let Fog::Sight(range) = fog else { return vec![true; n] };
    let eyes: Vec<hexx::Hex> = own_nodes.iter().filter_map(|&u| map.coord(u)).collect();
    let mut seen: Vec<bool> = (0..n)
        .map(|i| map.coord(i as NodeId).is_some_and(|c| eyes.iter().any(|e| e.unsigned_distance_to(c) <= range)))
        .collect();
    for &u in own_nodes {
        if let Some(s) = seen.get_mut(u as usize) {
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
    let world = game.world();
    let map = &game.spec().map;
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
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_key(|h| h.node);
    out
}

/// The bounding box of the map's hexes: `(row0, col0, rows, cols)`.
fn grid(game: &Game) -> (u32, u32, u32, u32) {
    let map = &game.spec().map;
    let cells: Vec<(u32, u32)> = (0..map.node_count()).filter_map(|n| map.row_col(n as NodeId)).collect();
    let (Some(r0), Some(c0)) = (cells.iter().map(|c| c.0).min(), cells.iter().map(|c| c.1).min()) else {
        return (0, 0, 0, 0);
    };
    let r1 = cells.iter().map(|c| c.0).max().unwrap_or(r0);
    let c1 = cells.iter().map(|c| c.1).max().unwrap_or(c0);
    (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
}

impl Observation {
    /// The tensor's shape: `(planes, rows, cols)`.
    #[must_use]
    pub fn shape(&self) -> (usize, usize, usize) {
        (planes::COUNT, self.grid.2 as usize, self.grid.3 as usize)
    }

    /// The fixed-size encoding: `PLANES × rows × cols` bytes, row-major.
    /// See [`planes`] for what each plane holds.
    #[must_use]
    pub fn tensor(&self) -> Vec<u8> {
        let (p, rows, cols) = self.shape();
        let mut t = vec![0u8; p * rows * cols];
        let cell = |rc: Option<(u32, u32)>| {
            let (r, c) = rc?;
            let (r, c) = (r.checked_sub(self.grid.0)? as usize, c.checked_sub(self.grid.1)? as usize);
            (r < rows && c < cols).then_some(r * cols + c)
        };
        let mut set = |plane: usize, at: usize, add: bool| {
            if let Some(v) = t.get_mut(plane * rows * cols + at) {
                *v = if add { v.saturating_add(1) } else { 1 };
            }
        };
        let mut where_is = vec![None; self.hexes.last().map_or(0, |h| h.node as usize + 1)];
        for h in &self.hexes {
            let Some(at) = cell(h.row_col) else { continue };
            where_is[h.node as usize] = Some(at);
            for (plane, on) in hex_planes(self.side, h) {
                if on {
                    set(plane, at, false);
                }
            }
            if self.to_move == self.side {
                set(planes::TO_MOVE, at, false);
            }
        }
        let at_of = |n: NodeId| where_is.get(n as usize).copied().flatten();
        for u in &self.own_units {
            let Some(at) = at_of(u.node) else { continue };
            let plane = match u.status {
                UnitStatus::Full => planes::OWN_UNITS_FULL,
                UnitStatus::Partial => planes::OWN_UNITS_PARTIAL,
                UnitStatus::Isolated => planes::OWN_UNITS_ISOLATED,
            };
            set(plane, at, true);
            if u.armor {
                set(planes::OWN_ARMOR, at, true);
            }
        }
        for u in &self.enemy_units {
            let Some(at) = at_of(u.node) else { continue };
            set(planes::ENEMY_UNITS, at, true);
            if u.armor {
                set(planes::ENEMY_ARMOR, at, true);
            }
            if u.status == UnitStatus::Isolated {
                set(planes::ENEMY_ISOLATED, at, true);
            }
        }
        t
    }
}

/// The 0/1 planes of one hex.
fn hex_planes(side: Side, h: &HexObs) -> [(usize, bool); 8] {
    let own = h.control == Some(side);
    [
        (planes::LAND, h.land),
        (planes::OWN_CONTROL, own),
        (planes::ENEMY_CONTROL, h.control == Some(side.other())),
        (planes::OWN_HEX_FULL, own && h.supply == Some(HexStatus::Full)),
        (planes::OWN_HEX_PARTIAL, own && h.supply == Some(HexStatus::Partial)),
        (planes::OWN_HEX_UNSUPPLIED, own && h.supply == Some(HexStatus::Unsupplied)),
        (planes::VISIBLE, h.visible),
        (planes::CITY, h.city),
    ]
}
