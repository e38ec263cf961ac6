//! The map: nodes (hexes, boxes, territories, sea zones), their static
//! attributes, the dense topology the trace kernel runs on, and the hex
//! geometry a hex map adds.
//!
//! The [`MapGraph`] is built once when a scenario loads and shared read-only
//! (behind an `Arc`) by every game cloned from it. What changes (control,
//! statuses) lives in components.

use crate::condition::Condition;
use crate::ids::{FrontId, NationId, NodeId, NodeVec, RegionId, TerrainId, Theater};
use bitflags::bitflags;
use qm_trace::{Csr, EdgeKinds, Nodes};
use serde::{Deserialize, Serialize};

bitflags! {
    /// Features of a hex.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct Features: u16 {
        /// A city.
        const CITY = 1;
        /// A capital.
        const CAPITAL = 1 << 1;
        /// A port.
        const PORT = 1 << 2;
        /// An industrial centre (SUP-045, SUP-046).
        const IC = 1 << 3;
        /// A fortress (SUP-049, SUP-179).
        const FORTRESS = 1 << 4;
        /// A fortification, including West Wall and Maginot hexes (SUP-058,
        /// SUP-179).
        const FORTIFICATION = 1 << 5;
        /// A synthetic oil plant (SUP-018, SUP-020).
        const SYNTHETIC_OIL = 1 << 6;
        /// An objective hex (SUP-044).
        const OBJECTIVE = 1 << 7;
        /// A one-hex island (SUP-076, SUP-180).
        const ISLAND = 1 << 8;
        /// A beach hex that receives sea supply as though a port (SUP-077).
        const BEACH_PORT = 1 << 9;
        /// A railhead.
        const RAILHEAD = 1 << 10;
    }
}

impl Features {
    /// Fortress or fortification: zones of control stop at it (SUP-058) and
    /// isolated units in it survive (SUP-179).
    #[must_use]
    pub const fn fortified(self) -> bool {
        self.intersects(Self::FORTRESS.union(Self::FORTIFICATION))
    }
}

/// A single feature, as named in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Feature {
    /// See [`Features::CITY`].
    City,
    /// See [`Features::CAPITAL`].
    Capital,
    /// See [`Features::PORT`].
    Port,
    /// See [`Features::IC`].
    Ic,
    /// See [`Features::FORTRESS`].
    Fortress,
    /// See [`Features::FORTIFICATION`].
    Fortification,
    /// See [`Features::SYNTHETIC_OIL`].
    SyntheticOil,
    /// See [`Features::OBJECTIVE`].
    Objective,
    /// See [`Features::ISLAND`].
    Island,
    /// See [`Features::BEACH_PORT`].
    BeachPort,
    /// See [`Features::RAILHEAD`].
    Railhead,
}

impl Feature {
    /// The flag for this feature.
    #[must_use]
    pub const fn flag(self) -> Features {
        match self {
            Self::City => Features::CITY,
            Self::Capital => Features::CAPITAL,
            Self::Port => Features::PORT,
            Self::Ic => Features::IC,
            Self::Fortress => Features::FORTRESS,
            Self::Fortification => Features::FORTIFICATION,
            Self::SyntheticOil => Features::SYNTHETIC_OIL,
            Self::Objective => Features::OBJECTIVE,
            Self::Island => Features::ISLAND,
            Self::BeachPort => Features::BEACH_PORT,
            Self::Railhead => Features::RAILHEAD,
        }
    }
}

/// Land, coastal, sea, or an off-board box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Surface {
    /// A land node (hex or territory) with no sea neighbour.
    Land,
    /// A land node next to a sea node.
    Coastal,
    /// An all-sea hex or a sea zone.
    Sea,
    /// An off-board map box (SUP-022..027).
    Box,
}

impl Surface {
    /// Land or coastal.
    #[must_use]
    pub const fn is_land(self) -> bool {
        matches!(self, Self::Land | Self::Coastal)
    }
}

/// What a node of the map is. A map's board is either hexes or territories
/// and sea zones; boxes sit off either kind of board (ruling 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NodeKind {
    /// A hex of a hex map: its geometry is in the map's [`HexLayer`].
    Hex,
    /// An off-board box (SUP-022..027).
    Box,
    /// A land territory of a territory map (COL-005).
    Territory,
    /// A sea zone of a territory map (COL-005, COL-006).
    SeaZone,
}

impl NodeKind {
    /// A hex, territory or sea zone: a node on the board.
    #[must_use]
    pub const fn on_board(self) -> bool {
        !matches!(self, Self::Box)
    }

    /// The name of the kind, in the plural, for summaries.
    #[must_use]
    pub const fn plural(self) -> &'static str {
        match self {
            Self::Hex => "hexes",
            Self::Box => "boxes",
            Self::Territory => "territories",
            Self::SeaZone => "sea zones",
        }
    }
}

/// The kinds of edge a map draws, by name. Each is one bit of the trace
/// kernel's [`EdgeKinds`], which the topologies of [`MapGraph`] carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EdgeKind {
    /// Two land nodes sharing a hexside or a border that land lines cross.
    Land,
    /// A crossing arrow or another listed link over water (SUP-055, SUP-064).
    Crossing,
    /// From a box onto one of its entry hexes (SUP-026, SUP-027, SUP-065).
    BoxEntry,
    /// Between two sea nodes, or a sea node and a coastal one (sea lines).
    Sea,
}

impl EdgeKind {
    /// Every kind, in bit order.
    pub const ALL: [Self; 4] = [Self::Land, Self::Crossing, Self::BoxEntry, Self::Sea];

    /// The kernel's bit for this kind.
    #[must_use]
    pub const fn bits(self) -> EdgeKinds {
        match self {
            Self::Land => EdgeKinds::LAND,
            Self::Crossing => EdgeKinds::CROSSING,
            Self::BoxEntry => EdgeKinds::BOX_ENTRY,
            Self::Sea => EdgeKinds::SEA,
        }
    }

    /// The named kinds among a kernel bit set (a `GATED` bit is a property
    /// of the edge, not a kind, and is left out).
    pub fn named(kinds: EdgeKinds) -> impl Iterator<Item = Self> {
        Self::ALL.into_iter().filter(move |k| kinds.contains(k.bits()))
    }
}

/// A drawing position of a node, in the units of the map's picture (a
/// territory map's artwork); not used by any rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Point {
    /// Horizontal, rightwards.
    pub x: i32,
    /// Vertical, downwards.
    pub y: i32,
}

/// Static attributes of one node, whatever its kind. Hex geometry is not
/// here: it is the map's [`HexLayer`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeInfo {
    /// The label as the rules name it (`e4`, `nn24`), or the box or
    /// territory key (`urals`, `east-prussia`).
    pub label: String,
    /// The place name (`berlin`, `rabaul`), or a box's or territory's
    /// display name, if any.
    pub name: Option<String>,
    /// Hex, box, territory or sea zone.
    pub kind: NodeKind,
    /// Where a territory map draws it, if it says.
    pub at: Option<Point>,
    /// Land, coastal, sea or box.
    pub surface: Surface,
    /// Terrain.
    pub terrain: TerrainId,
    /// Features.
    pub features: Features,
    /// Theater.
    pub theater: Theater,
    /// Region, if the map names one here.
    pub region: Option<RegionId>,
    /// Front, if the map draws one here (SUP-079..081, SUP-115, SUP-116).
    pub front: Option<FrontId>,
    /// BRPs of an industrial centre (SUP-046 delays decay by one turn per
    /// five BRPs).
    pub ic_brp: u8,
}

/// Where one hex is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexCell {
    /// Axial coordinates.
    pub coord: hexx::Hex,
    /// Row, 0-based, as the row letters write it (`a` is 0).
    pub row: u32,
    /// Column, 1-based as labelled.
    pub col: u32,
}

/// The geometry a hex map adds to the topology: where each hex is, and the
/// hexsides and arrows that decide some of the edges. A territory map has
/// none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexLayer {
    /// The cells of the board's nodes, by node (`0..board_count`).
    pub cells: NodeVec<HexCell>,
    /// All-sea hexsides between two land hexes, as sorted pairs `(a, b)`
    /// with `a < b`.
    pub all_sea_sides: Vec<(NodeId, NodeId)>,
    /// Crossing arrows and other links over water (SUP-055, SUP-064), as
    /// sorted pairs `(a, b)` with `a < b`.
    pub crossings: Vec<(NodeId, NodeId)>,
}

/// An entry from a box onto the board (SUP-026, SUP-027, SUP-065).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxEntry {
    /// The box node.
    pub from: NodeId,
    /// The entry hex.
    pub to: NodeId,
    /// When supply may enter here.
    pub when: Condition,
    /// If set, the entry hex must be controlled by this nation (SUP-027:
    /// hexes g18 to l15 if Russian-controlled).
    pub controlled_by: Option<NationId>,
}

/// What a box does at sea (SUP-022, SUP-078..083, SUP-111..117).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxSea {
    /// The box node.
    pub node: NodeId,
    /// Hexes where its sea lines enter the board (a sea hex or a port).
    pub entries: Vec<NodeId>,
    /// Terminations its lines may reach (SUP-081: Suez, Basra, Abadan);
    /// empty: any in range.
    pub destinations: Vec<NodeId>,
    /// A line may also pass through one of the `destinations` (a port named
    /// in its `via`) and go on to any termination in range (SUP-079: through
    /// Gibraltar into the Mediterranean; SUP-080: through a port of Dutch
    /// Harbor, the Hawaiian or the Society islands).
    pub pass_through: bool,
    /// The transport pool each of its lines consumes one of (SUP-078..082).
    pub transport_pool: Option<String>,
    /// An sw box: naval units in it may protect lines (SUP-114..117).
    pub sw: bool,
    /// For an sw box, the factions and origins whose lines its units may
    /// protect; empty origins: any.
    pub protects: Vec<SwProtect>,
}

/// Which lines naval units in an sw box may protect (SUP-114..117): lines
/// of the faction that meet every listed condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwProtect {
    /// The faction of the protecting units (SUP-115, SUP-116: western
    /// allied lines; SUP-117: Japanese lines).
    pub faction: crate::ids::FactionId,
    /// Origins (boxes or ports) of the lines; empty: any (SUP-114: lines
    /// from the Atlantic U.S. box).
    pub from: Vec<NodeId>,
    /// Terminations of the lines; empty: any (SUP-116: lines to Suez,
    /// Basra or Abadan).
    pub to: Vec<NodeId>,
    /// Fronts the lines are traced on, by their termination; empty: any
    /// (SUP-115: the Pacific or Asian front; SUP-116: the Southeast Asian
    /// front).
    pub fronts: Vec<FrontId>,
}

impl SwProtect {
    /// Whether units of `faction` in the box may protect a line from
    /// `from` to `to`, whose termination is on `front`.
    #[must_use]
    pub fn covers(&self, faction: crate::ids::FactionId, from: NodeId, to: NodeId, front: Option<FrontId>) -> bool {
        self.faction == faction
            && (self.from.is_empty() || self.from.contains(&from))
            && (self.to.is_empty() || self.to.contains(&to))
            && (self.fronts.is_empty() || front.is_some_and(|f| self.fronts.contains(&f)))
    }
}

/// A Pacific island group: one supply zone (SUP-096).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IslandGroup {
    /// Key (`new-britain`).
    pub key: String,
    /// Its land hexes.
    pub hexes: Vec<NodeId>,
}

/// The compiled map: nodes of several kinds, topologies whose edges carry
/// kinds, per-node attributes, and, on a hex map, the hex geometry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapGraph {
    /// All nodes: the board first (hexes row-major, or territories and sea
    /// zones by key), then boxes by key.
    pub nodes: NodeVec<NodeInfo>,
    /// Number of nodes on the board; nodes `board_count..` are boxes.
    pub board_count: u32,
    /// The hex geometry of a hex map; `None` on a territory map.
    pub hex: Option<HexLayer>,
    /// Land-line topology: `LAND` edges between land nodes (on a hex map,
    /// not separated by an all-sea hexside), `CROSSING` edges for crossing
    /// arrows and listed links, and `BOX_ENTRY | GATED` edges from boxes to
    /// entry hexes.
    pub land: Csr,
    /// `land` reversed, for searches from a unit outwards (explanations).
    pub land_rev: Csr,
    /// Adjacency on the board, regardless of terrain: for zones of control
    /// and sea lines.
    pub adjacency: Csr,
    /// Sea-line topology: `SEA` edges between sea nodes, between a sea node
    /// and an adjacent coastal node, and between a box and its sea entries.
    pub sea: Csr,
    /// Boxes' sea data, sorted by node.
    pub box_sea: Vec<BoxSea>,
    /// Pacific island groups.
    pub island_groups: Vec<IslandGroup>,
    /// Nodes that can take a sea line: ports, one-hex islands and beaches
    /// that take sea supply (SUP-073..077), sorted.
    pub landings: Vec<NodeId>,
    /// Box entries, sorted by `(from, to)`.
    pub box_entries: Vec<BoxEntry>,
    /// Region keys drawn on this map, sorted, indexed by [`RegionId`].
    pub regions: Vec<String>,
    /// Per node: its region, a dense copy of [`NodeInfo::region`] that a
    /// determination reads for each unit (SUP-031) without touching the
    /// node's whole record. The compilers fill it; on a map built without
    /// it, [`MapGraph::region`] reads the nodes' records.
    pub region_of: NodeVec<Option<RegionId>>,
    /// Front keys drawn on this map, sorted, indexed by [`FrontId`].
    pub fronts: Vec<String>,
    /// `(label, node)` sorted by label.
    pub by_label: Vec<(String, NodeId)>,
    /// `(name, node)` sorted by name.
    pub by_name: Vec<(String, NodeId)>,
    /// A hash index of the nodes' labels, made on the first lookup.
    pub label_index: LabelIndex,
}

/// A hash index from each node's label to the node, made on the first
/// [`MapGraph::find`] (every order names its hexes by label). Lookups
/// only, never iterated, so nothing depends on its order; a hit is checked
/// against the node's own label, and a miss goes to the sorted lists, so
/// it answers as they do even if they changed after it was made. Derived
/// data: two indexes always compare equal.
#[derive(Clone, Debug, Default)]
pub struct LabelIndex(std::sync::OnceLock<std::collections::HashMap<Box<str>, NodeId>>);

impl PartialEq for LabelIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LabelIndex {}

impl MapGraph {
    /// The node with this label or place name. A label wins over a name.
    #[must_use]
    pub fn find(&self, key: &str) -> Option<NodeId> {
        let index = self
            .label_index
            .0
            .get_or_init(|| self.nodes.iter_enumerated().map(|(n, info)| (info.label.as_str().into(), n)).collect());
        if let Some(&n) = index.get(key)
            && self.nodes.get(n).is_some_and(|info| info.label == key)
        {
            return Some(n);
        }
        let by = |v: &Vec<(String, NodeId)>| v.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok().map(|i| v[i].1);
        by(&self.by_label).or_else(|| by(&self.by_name))
    }

    /// The node's static attributes.
    #[must_use]
    pub fn node(&self, n: NodeId) -> Option<&NodeInfo> {
        self.nodes.get(n)
    }

    /// The region of a node, if the map names one there.
    #[must_use]
    pub fn region(&self, n: NodeId) -> Option<RegionId> {
        match self.region_of.get(n) {
            Some(r) if self.region_of.len() == self.nodes.len() => *r,
            _ => self.node(n)?.region,
        }
    }

    /// The kind of a node.
    #[must_use]
    pub fn kind(&self, n: NodeId) -> Option<NodeKind> {
        self.node(n).map(|i| i.kind)
    }

    /// The label of a node (`?` for an unknown node).
    #[must_use]
    pub fn label(&self, n: NodeId) -> &str {
        self.node(n).map_or("?", |i| i.label.as_str())
    }

    /// The label with the place name, if any: `e4 (berlin)`.
    #[must_use]
    pub fn describe(&self, n: NodeId) -> String {
        match self.node(n) {
            Some(NodeInfo { label, name: Some(name), .. }) => format!("{label} ({name})"),
            Some(i) => i.label.clone(),
            None => "?".into(),
        }
    }

    /// Number of nodes.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The nodes of the board (`0..board_count`: hexes, or territories and
    /// sea zones), in order; boxes follow them.
    pub fn board_nodes(&self) -> Nodes {
        NodeId::range(NodeId(0), NodeId(self.board_count))
    }

    /// The boxes (`board_count..`), in order.
    pub fn box_nodes(&self) -> Nodes {
        NodeId::range(NodeId(self.board_count), self.nodes.next_key())
    }

    /// Every node, board and boxes, in order.
    pub fn node_ids(&self) -> Nodes {
        self.nodes.keys()
    }

    /// Whether `n` is on the board (a hex, territory or sea zone), not a
    /// box.
    #[must_use]
    pub fn is_board(&self, n: NodeId) -> bool {
        n.id() < self.board_count
    }

    /// Whether `n` is on the board, not a box: the name rule-30 code has
    /// always used. On a territory map it holds for territories and sea
    /// zones, which supply treats as it treats hexes; [`Self::is_board`]
    /// says the same under a name that does not assume hexes.
    #[must_use]
    pub fn is_hex(&self, n: NodeId) -> bool {
        self.is_board(n)
    }

    /// Whether the board is hexes (a hex map) rather than territories.
    #[must_use]
    pub fn is_hex_map(&self) -> bool {
        self.hex.is_some()
    }

    /// Where a hex is, on a hex map.
    #[must_use]
    pub fn hex_cell(&self, n: NodeId) -> Option<&HexCell> {
        self.hex.as_ref()?.cells.get(n)
    }

    /// Axial coordinates of a hex; `None` for a box or a territory.
    #[must_use]
    pub fn coord(&self, n: NodeId) -> Option<hexx::Hex> {
        self.hex_cell(n).map(|c| c.coord)
    }

    /// `(row, column)` of a hex as labelled, 0-based row and 1-based
    /// column; `None` for a box or a territory.
    #[must_use]
    pub fn row_col(&self, n: NodeId) -> Option<(u32, u32)> {
        self.hex_cell(n).map(|c| (c.row, c.col))
    }

    /// How many nodes of each kind the map has: `12 hexes, 2 boxes` on a
    /// hex map, `9 territories, 3 sea zones, 0 boxes` on a territory map.
    #[must_use]
    pub fn summary(&self) -> String {
        let kinds: &[NodeKind] = if self.is_hex_map() {
            &[NodeKind::Hex, NodeKind::Box]
        } else {
            &[NodeKind::Territory, NodeKind::SeaZone, NodeKind::Box]
        };
        let count = |k: NodeKind| self.nodes.iter().filter(|i| i.kind == k).count();
        kinds.iter().map(|&k| format!("{} {}", count(k), k.plural())).collect::<Vec<_>>().join(", ")
    }

    /// The region of a node by key.
    #[must_use]
    pub fn region_id(&self, key: &str) -> Option<RegionId> {
        self.regions.iter().position(|r| r == key).map(|i| RegionId(i as u16))
    }

    /// The front of a node by key, if the map draws it.
    #[must_use]
    pub fn front_id(&self, key: &str) -> Option<FrontId> {
        self.fronts.iter().position(|f| f == key).map(|i| FrontId(i as u16))
    }

    /// The front a node is on, if the map draws one there.
    #[must_use]
    pub fn front(&self, n: NodeId) -> Option<FrontId> {
        self.node(n).and_then(|i| i.front)
    }

    /// Adjacent nodes of a node on the board (ignoring terrain).
    pub fn adjacent(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.adjacency.neighbors(n, EdgeKinds::ALL)
    }

    /// The named kinds of the land edge `a -> b`, if there is one.
    #[must_use]
    pub fn land_edge_kinds(&self, a: NodeId, b: NodeId) -> Option<Vec<EdgeKind>> {
        let e = self.land.find_edge(a, b)?;
        Some(EdgeKind::named(self.land.kind(e)).collect())
    }

    /// The sea data of a box.
    #[must_use]
    pub fn box_sea(&self, n: NodeId) -> Option<&BoxSea> {
        // Sorted by node, and boxes come after the hexes: most questions,
        // asked of a hex by the sea searches, end at the first bound.
        let (first, last) = (self.box_sea.first()?, self.box_sea.last()?);
        if n < first.node || n > last.node {
            return None;
        }
        self.box_sea.binary_search_by_key(&n, |b| b.node).ok().map(|i| &self.box_sea[i])
    }

    /// The island group a hex belongs to.
    #[must_use]
    pub fn island_group(&self, n: NodeId) -> Option<usize> {
        self.island_groups.iter().position(|g| g.hexes.contains(&n))
    }

    /// Whether the hexside between `a` and `b` is all sea (never on a
    /// territory map: a border there is drawn or not).
    #[must_use]
    pub fn all_sea_side(&self, a: NodeId, b: NodeId) -> bool {
        let k = if a < b { (a, b) } else { (b, a) };
        self.hex.as_ref().is_some_and(|h| h.all_sea_sides.binary_search(&k).is_ok())
    }
}

/// Row letters as the rules write them: `a`..`z`, then `aa`..`zz`, then
/// `aaa`.. for row 52 and on.
#[must_use]
pub fn row_letters(row: u32) -> String {
    // One ASCII letter repeated: filled as bytes, not pushed char by char
    // (a far row's label is long, and a map has many rows).
    let letter = b'a' + (row % 26) as u8;
    String::from_utf8(vec![letter; (row / 26 + 1) as usize]).unwrap_or_default()
}

/// The row index of row letters (`nn` is row 39), if well formed.
#[must_use]
pub fn parse_row_letters(s: &str) -> Option<u32> {
    let mut chars = s.chars();
    let first = chars.next()?;
    if !first.is_ascii_lowercase() || !s.chars().all(|c| c == first) || s.len() > 64 {
        return None;
    }
    Some((s.len() as u32 - 1) * 26 + (first as u32 - 'a' as u32))
}

/// The label of a hex: row letters then column number (`nn24`).
#[must_use]
pub fn hex_label(row: u32, col: u32) -> String {
    format!("{}{col}", row_letters(row))
}

/// Splits a hex label into `(row, column)`, if it is one.
#[must_use]
pub fn parse_hex_label(s: &str) -> Option<(u32, u32)> {
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(split);
    let row = parse_row_letters(letters)?;
    if digits.is_empty() || digits.len() > 6 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((row, digits.parse().ok()?))
}

/// Axial coordinates of the hex at `(row, col)`: pointy-top hexes, odd rows
/// shoved right, as on the A World at War boards.
///
/// ```text
///  a1  a2  a3
///    b1  b2  b3
///  c1  c2  c3
/// ```
#[must_use]
pub fn axial(row: u32, col: u32) -> hexx::Hex {
    hexx::Hex::from_offset_coordinates([col as i32, row as i32], hexx::OffsetHexMode::Odd, hexx::HexOrientation::Pointy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        assert_eq!(hex_label(0, 4), "a4");
        assert_eq!(hex_label(39, 24), "nn24");
        assert_eq!(parse_hex_label("nn24"), Some((39, 24)));
        assert_eq!(parse_hex_label("a62"), Some((0, 62)));
        assert_eq!(parse_hex_label("ab3"), None);
        assert_eq!(parse_hex_label("berlin"), None);
        assert_eq!(parse_hex_label("e"), None);
        assert_eq!(parse_hex_label("4"), None);
        for r in [0, 25, 26, 51, 52, 300] {
            assert_eq!(parse_row_letters(&row_letters(r)), Some(r));
        }
    }

    #[test]
    fn odd_rows_are_shoved_right() {
        // b1 (row 1) touches a1 and a2 above it.
        let b1 = axial(1, 1);
        let n: Vec<_> = b1.all_neighbors().into_iter().collect();
        assert!(n.contains(&axial(0, 1)));
        assert!(n.contains(&axial(0, 2)));
        assert!(!n.contains(&axial(0, 0)));
        // c2 (row 2) touches b1 and b2.
        let c2 = axial(2, 2);
        let n: Vec<_> = c2.all_neighbors().into_iter().collect();
        assert!(n.contains(&axial(1, 1)) && n.contains(&axial(1, 2)));
    }
}
