//! What a picture shows, read out of a game as plain data: the nodes with
//! their control and the chosen side's supply status, the units of both
//! sides, the zones, the sea lines and the boxes. The SVG writers read only
//! this, so they are pure functions of it.

use qm_core::components::Control;
use qm_core::ids::{NodeId, Side};
use qm_core::map::{NodeKind, Surface};
use qm_core::supply::{HexStatus, UnitStatus};
use qm_game::Game;
use qm_supply::sea_log::Zones;

pub use crate::counter::Symbol;

/// One node of the map (hex, box, territory or sea zone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneNode {
    /// Its id.
    pub node: NodeId,
    /// Its label (`e53`, a box or territory key).
    pub label: String,
    /// Its place name, if any.
    pub name: Option<String>,
    /// Hex, box, territory or sea zone.
    pub kind: NodeKind,
    /// Land or sea.
    pub surface: Surface,
    /// Terrain key (`clear`, `forest`).
    pub terrain: String,
    /// Row and column, for hexes.
    pub row_col: Option<(u32, u32)>,
    /// The controlling nation's key.
    pub control: Option<String>,
    /// The controlling nation's side.
    pub control_side: Option<Side>,
    /// The original controller's key, when it differs (a lost territory).
    pub original: Option<String>,
    /// The chosen side's supply status of it, for the side's own nodes
    /// whose status has been determined (SUP-011: a hex's status is its
    /// controller's).
    pub supply: Option<HexStatus>,
    /// The chosen side's supply zone it belongs to (SUP-093).
    pub zone: Option<u32>,
}

/// One unit, of either side, on the map or eliminated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneUnit {
    /// Unit id.
    pub id: String,
    /// Nation key.
    pub nation: String,
    /// Its side.
    pub side: Option<Side>,
    /// Unit type key.
    pub kind: String,
    /// Its type's NATO-style symbol.
    pub symbol: Symbol,
    /// The node it is in (or was in when eliminated).
    pub node: NodeId,
    /// Its status at its side's last determination (`None`: none made yet).
    pub status: Option<UnitStatus>,
    /// Eliminated by isolation (SUP-177).
    pub eliminated: bool,
}

/// A sea supply line of the last determination (SUP-085..132).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneSeaLine {
    /// Origin.
    pub from: NodeId,
    /// Termination.
    pub to: NodeId,
    /// The nodes it passes, origin first.
    pub path: Vec<NodeId>,
    /// Disrupted by interception (SUP-118..125).
    pub disrupted: bool,
    /// Protecting units.
    pub protected_by: Vec<String>,
    /// Attacking units.
    pub attacked_by: Vec<String>,
}

/// A box's link to a hex it is entered from or supplies (SUP-025).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxLink {
    /// The box.
    pub boxed: NodeId,
    /// The hex.
    pub hex: NodeId,
}

/// A territory map's lines and trade, from the income statements
/// (COL-004..008).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// Lines of supply: the territory, its path of keys, cut or not.
    pub lines: Vec<(String, Vec<String>, bool)>,
    /// Trade zones with their outcome (`collected`, `blocked`, ...).
    pub trade: Vec<(String, String)>,
    /// Blocking ships: the sea zone and the ship id.
    pub blockers: Vec<(String, String)>,
}

/// Everything a picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The scenario's title.
    pub title: String,
    /// The side whose supply tints the map.
    pub side: Side,
    /// Turn, side to move and next phase, as one line.
    pub caption: String,
    /// Every node, by id.
    pub nodes: Vec<SceneNode>,
    /// Every unit, sorted by id.
    pub units: Vec<SceneUnit>,
    /// Sea lines in announced order.
    pub sea_lines: Vec<SceneSeaLine>,
    /// Box links, sorted.
    pub box_links: Vec<BoxLink>,
    /// Adjacent node pairs (`a < b`), for territory maps.
    pub edges: Vec<(NodeId, NodeId)>,
    /// Territory maps: lines of supply and trade.
    pub collection: Collection,
    /// The nations on the map (controlling a node or with a unit), as
    /// `(key, name)`, sorted by key: the legend's nation key.
    pub nations: Vec<(String, String)>,
    /// The land terrains on the map, as keys, in the ruleset's order.
    pub terrains: Vec<String>,
}

impl Scene {
    /// Reads a scene out of a game, with `side`'s supply.
    #[must_use]
    pub fn of(game: &mut Game, side: Side) -> Self {
        let collection = crate::collection::of(game);
        let spec = game.spec_arc();
        let state = game.state();
        let side_of = |n: qm_core::ids::NationId| state.nations.get(n.index()).and_then(|s| s.side);
        let zones = zones_of(game.sea_zones(), side);
        let nodes: Vec<SceneNode> = spec
            .map
            .node_ids()
            .filter_map(|n| {
                let info = spec.map.node(n)?;
                let ns = state.nodes.get(n)?;
                let Control { current, original, .. } = ns.control;
                let control_side = current.and_then(side_of);
                let determined = ns.supply.at.is_some();
                Some(SceneNode {
                    node: n,
                    label: info.label.clone(),
                    name: info.name.clone(),
                    kind: info.kind,
                    surface: info.surface,
                    terrain: spec.ruleset.terrain.get(info.terrain.index()).map(|t| t.key.clone()).unwrap_or_default(),
                    row_col: spec.map.row_col(n),
                    control: current.map(|c| spec.ruleset.nation_key(c).to_string()),
                    control_side,
                    original: (original != current)
                        .then(|| original.map(|o| spec.ruleset.nation_key(o).to_string()))
                        .flatten(),
                    supply: (control_side == Some(side) && determined).then_some(ns.supply.status).flatten(),
                    zone: zones.iter().find(|(_, hexes)| hexes.binary_search(&n).is_ok()).map(|(z, _)| *z),
                })
            })
            .collect();
        let of_type = |k: qm_core::ids::UnitTypeId| spec.ruleset.unit_type(k);
        let mut units: Vec<SceneUnit> = state
            .units
            .iter()
            .map(|u| SceneUnit {
                id: u.id.to_string(),
                nation: spec.ruleset.nation_key(u.nation).to_string(),
                side: side_of(u.nation),
                kind: of_type(u.kind).map(|t| t.key.clone()).unwrap_or_default(),
                symbol: of_type(u.kind).map_or(Symbol::Infantry, Symbol::of),
                node: u.location.node,
                status: u.supply.at.map(|_| u.supply.status),
                eliminated: false,
            })
            .collect();
        units.extend(game.eliminations().iter().map(|e| SceneUnit {
            id: e.unit.id.to_string(),
            nation: spec.ruleset.nation_key(e.unit.nation).to_string(),
            side: side_of(e.unit.nation),
            kind: of_type(e.unit.kind).map(|t| t.key.clone()).unwrap_or_default(),
            symbol: of_type(e.unit.kind).map_or(Symbol::Infantry, Symbol::of),
            node: e.unit.location.node,
            status: Some(UnitStatus::Isolated),
            eliminated: true,
        }));
        units.sort_by(|a, b| a.id.cmp(&b.id));
        let nations = nations_on(&spec.ruleset, &nodes, &units);
        let terrains = terrains_on(&spec, &nodes);
        let clock = game.clock();
        let next = game.next_phase().map_or_else(|| "-".to_string(), |p| p.to_string());
        Self {
            title: spec.title.clone(),
            side,
            caption: format!("turn {} {} - next phase {next} - supply of {side}", clock.turn, clock.side),
            nodes,
            units,
            sea_lines: sea_lines(game),
            box_links: box_links(&spec.map),
            edges: edges(&spec.map),
            collection,
            nations,
            terrains,
        }
    }

    /// A node by id.
    #[must_use]
    pub fn node(&self, n: NodeId) -> Option<&SceneNode> {
        self.nodes.get(n.index()).filter(|x| x.node == n)
    }
}

/// The nations controlling a node or with a unit, `(key, name)` by key.
fn nations_on(rules: &qm_core::ruleset::Ruleset, nodes: &[SceneNode], units: &[SceneUnit]) -> Vec<(String, String)> {
    let keys: std::collections::BTreeSet<&str> =
        nodes.iter().filter_map(|n| n.control.as_deref()).chain(units.iter().map(|u| u.nation.as_str())).collect();
    keys.into_iter()
        .map(|k| {
            let name = rules.nations.iter().find(|n| n.key == k).map_or(k, |n| n.name.as_str());
            (k.to_string(), name.to_string())
        })
        .collect()
}

/// The land terrains of the map's hexes and territories, in the ruleset's
/// order.
fn terrains_on(spec: &qm_core::spec::ScenarioSpec, nodes: &[SceneNode]) -> Vec<String> {
    spec.ruleset
        .terrain
        .iter()
        .filter(|t| {
            t.land && nodes.iter().any(|n| n.surface == Surface::Land && n.kind != NodeKind::Box && n.terrain == t.key)
        })
        .map(|t| t.key.clone())
        .collect()
}

/// The chosen side's zones (SUP-093) with their sorted hexes, if the last
/// determination on record was that side's.
fn zones_of(zones: Option<&Zones>, side: Side) -> Vec<(u32, Vec<NodeId>)> {
    let Some(z) = zones.filter(|z| z.at.is_some_and(|a| a.side == side)) else { return Vec::new() };
    z.zones
        .iter()
        .map(|r| {
            let mut h = r.hexes.clone();
            h.sort_unstable();
            (r.id, h)
        })
        .collect()
}

/// The sea lines of the latest determination on record.
fn sea_lines(game: &Game) -> Vec<SceneSeaLine> {
    let Some(log) = game.sea_log() else { return Vec::new() };
    let latest = log.lines.last().map(|l| l.kind);
    log.lines
        .iter()
        .filter(|l| Some(l.kind) == latest)
        .map(|l| SceneSeaLine {
            from: l.from,
            to: l.to,
            path: l.path.clone(),
            disrupted: l.disrupted,
            protected_by: l.protected_by.iter().map(ToString::to_string).collect(),
            attacked_by: l.attacked_by.iter().map(ToString::to_string).collect(),
        })
        .collect()
}

/// Every box's links to hexes: its entries, sorted.
fn box_links(map: &qm_core::map::MapGraph) -> Vec<BoxLink> {
    let mut links: Vec<BoxLink> = map
        .box_entries
        .iter()
        .filter_map(|e| {
            let (b, h) = if map.kind(e.from) == Some(NodeKind::Box) { (e.from, e.to) } else { (e.to, e.from) };
            (map.kind(b) == Some(NodeKind::Box) && map.is_hex(h)).then_some(BoxLink { boxed: b, hex: h })
        })
        .collect();
    links.sort_by_key(|l| (l.boxed, l.hex));
    links.dedup();
    links
}

/// Adjacent pairs of non-hex nodes (territory maps), each once.
fn edges(map: &qm_core::map::MapGraph) -> Vec<(NodeId, NodeId)> {
    if map.is_hex_map() {
        return Vec::new();
    }
    let mut e = Vec::new();
    for a in map.board_nodes() {
        for b in map.adjacency.neighbors(a, qm_trace::EdgeKinds::ALL) {
            if a < b && map.is_board(b) {
                e.push((a, b));
            }
        }
    }
    e.sort_unstable();
    e.dedup();
    e
}
