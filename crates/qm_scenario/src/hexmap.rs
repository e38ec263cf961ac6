//! Compiles a hex map (`map:` of a scenario): ASCII layers in blocks, then
//! places, hexsides, crossings, boxes, island groups, in named steps.
//!
//! The board's hexes come first (row-major), then the boxes by key. The hex
//! geometry (cells, all-sea hexsides, crossing arrows) goes into the map's
//! [`HexLayer`]; the topologies are the same kind of [`Csr`] a territory map
//! builds.

use crate::compile::{Ctx, index_names, landings};
use crate::diag::loc;
use crate::locate::Seg;
use crate::ruleset::{Names, terrain_by_code};
use crate::schema::*;
use qm_core::components::{Control, HexDamage};
use qm_core::ids::*;
use qm_core::map::*;
use qm_core::state::NodeState;
use qm_trace::{Csr, EdgeKinds, NO_NODE};
use std::collections::{BTreeMap, BTreeSet};

/// Largest industrial-centre value in BRPs.
pub const MAX_IC_BRP: u32 = 99;
/// Largest row or column index of a hex.
pub const MAX_COORD: u32 = 100_000;
/// Largest number of cells of the bounding box of a map, whatever the
/// [`crate::limits::Limits`] (which are lower by default).
pub const MAX_CELLS: u64 = 20_000_000;

/// Characters of a control or region layer that stand for nothing.
const NO_CONTROL: [char; 3] = ['.', '~', '-'];

/// A hex being assembled from the layers.
#[derive(Clone, Debug)]
struct Draft {
    terrain: TerrainId,
    theater: Theater,
    control: Option<NationId>,
    original: Option<NationId>,
    region: Option<RegionId>,
    front: Option<FrontId>,
    features: Features,
    name: Option<String>,
    ic: u8,
}

/// The cells of one row of an ASCII layer: `(char index, char)` of every
/// non-space character.
fn cells(row: &str) -> Vec<(usize, char)> {
    row.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).collect()
}

/// The cells of the rectangle the blocks could cover, from their origins,
/// row counts and row lengths alone, checked against the limits before any
/// hex, label or diagnostic is made for them: at least the rectangle
/// [`Grid::new`] checks again once the hexes are read.
///
/// # Errors
/// The message of the limit passed.
fn check_estimate(m: &MapFile) -> Result<(), String> {
    let (mut rmin, mut rmax, mut cmin, mut cmax) = (u64::MAX, 0u64, u64::MAX, 0u64);
    for block in &m.blocks {
        let Some((row0, col0)) = parse_hex_label(&block.origin) else { continue };
        let Some(width) = block.terrain.iter().map(|r| r.chars().filter(|c| !c.is_whitespace()).count()).max() else {
            continue;
        };
        let (row0, col0) = (u64::from(row0), u64::from(col0));
        rmin = rmin.min(row0);
        rmax = rmax.max(row0 + block.terrain.len() as u64 - 1);
        cmin = cmin.min(col0);
        cmax = cmax.max(col0 + (width as u64).max(1) - 1);
    }
    if rmin > rmax || cmin > cmax {
        return Ok(());
    }
    let cells = (rmax - rmin + 1).saturating_mul(cmax - cmin + 1);
    if cells > MAX_CELLS {
        return Err(format!("the map's blocks span more than {MAX_CELLS} cells"));
    }
    crate::limits::current().check_map(cells)
}

/// The dense `(row, col) -> node` index of the board, over its bounding box.
struct Grid {
    rmin: u32,
    rmax: u32,
    cmin: u32,
    cmax: u32,
    width: usize,
    nodes: Vec<NodeId>,
}

impl Grid {
    /// Numbers the hexes row-major. Clears `drafts` if the bounding box is
    /// too big to index densely.
    fn new(drafts: &mut BTreeMap<(u32, u32), Draft>, cx: &mut Ctx<'_>) -> Self {
        let (mut rmin, mut rmax, mut cmin, mut cmax) = (u32::MAX, 0u32, u32::MAX, 0u32);
        for &(r, c) in drafts.keys() {
            rmin = rmin.min(r);
            rmax = rmax.max(r);
            cmin = cmin.min(c);
            cmax = cmax.max(c);
        }
        let cells = if drafts.is_empty() { 0 } else { u64::from(rmax - rmin + 1) * u64::from(cmax - cmin + 1) };
        // Checked before anything is allocated for the map (issue 15).
        let fits = if cells > MAX_CELLS {
            Err(format!("the map's blocks span more than {MAX_CELLS} cells"))
        } else {
            crate::limits::current().check_map(cells)
        };
        if let Err(message) = fits {
            cx.p.at(loc!["map", "blocks"], message);
            drafts.clear();
        }
        if drafts.is_empty() {
            return Self { rmin: 1, rmax: 0, cmin: 1, cmax: 0, width: 0, nodes: Vec::new() };
        }
        let width = (cmax - cmin + 1) as usize;
        let height = (rmax - rmin + 1) as usize;
        let mut nodes = vec![NO_NODE; width * height];
        for (i, &(r, c)) in drafts.keys().enumerate() {
            nodes[(r - rmin) as usize * width + (c - cmin) as usize] = NodeId::from_index(i);
        }
        Self { rmin, rmax, cmin, cmax, width, nodes }
    }

    /// The hex at `(r, c)`, if there is one.
    fn at(&self, r: i64, c: i64) -> Option<NodeId> {
        if r < i64::from(self.rmin) || c < i64::from(self.cmin) || r > i64::from(self.rmax) || c > i64::from(self.cmax)
        {
            return None;
        }
        let g = self.nodes[(r - i64::from(self.rmin)) as usize * self.width + (c - i64::from(self.cmin)) as usize];
        (g != NO_NODE).then_some(g)
    }

    /// The hex with this label, if there is one.
    fn find(&self, label: &str) -> Option<NodeId> {
        parse_hex_label(label).and_then(|(r, c)| self.at(i64::from(r), i64::from(c)))
    }
}

/// What the steps share: the board's hexes and how to find them.
struct Board {
    grid: Grid,
    /// `(row, col)` of each hex, by node.
    keys: NodeVec<(u32, u32)>,
    drafts: NodeVec<Draft>,
    /// Land (not all-sea) hexes, by node.
    land: NodeVec<bool>,
    surfaces: NodeVec<Surface>,
    /// Place names.
    names: BTreeMap<String, NodeId>,
}

impl Board {
    fn count(&self) -> u32 {
        self.keys.next_key().id()
    }

    /// A hex by label, or a place by name.
    fn find_place(&self, key: &str) -> Option<NodeId> {
        self.grid.find(key).or_else(|| self.names.get(key).copied())
    }
}

/// The boxes of the map, compiled.
#[derive(Default)]
struct Boxes {
    info: Vec<NodeInfo>,
    owner: Vec<Option<NationId>>,
    entries: Vec<BoxEntry>,
    sea: Vec<BoxSea>,
    /// `SEA` edges between boxes and their sea entries.
    sea_edges: Vec<(NodeId, NodeId, EdgeKinds)>,
}

/// Compiles a hex map: the graph and each node's initial state.
pub(crate) fn compile_hex_map(m: &MapFile, cx: &mut Ctx<'_>) -> (MapGraph, NodeVec<NodeState>) {
    let regions = region_keys(m, cx);
    let fronts = front_keys(m, cx);
    let legend = control_legend(m, cx);
    let mut drafts = BTreeMap::new();
    if let Err(message) = check_estimate(m) {
        cx.p.at(loc!["map", "blocks"], message);
    } else {
        for (b, block) in m.blocks.iter().enumerate() {
            read_block(m, b, block, &legend, &regions, &fronts, &mut drafts, cx);
        }
    }
    let grid = Grid::new(&mut drafts, cx);
    let keys: NodeVec<(u32, u32)> = drafts.keys().copied().collect();
    let mut drafts: NodeVec<Draft> = drafts.into_values().collect();
    let adj_edges = board_adjacency(&keys, &grid);
    let adjacency = Csr::from_edges(keys.len(), adj_edges.iter().copied());
    let names = read_places(m, &grid, &mut drafts, cx);
    let land: NodeVec<bool> =
        drafts.iter().map(|d| cx.rules.terrain.get(d.terrain.index()).is_some_and(|t| t.land)).collect();
    let surfaces = surfaces(&land, &adjacency);
    let board = Board { grid, keys, drafts, land, surfaces, names };
    let all_sea = all_sea_sides(m, &board.grid, &adjacency, cx);
    let crossings = crossings(m, &board, cx);
    let box_nodes = box_keys(m, &board, cx);
    let boxes = compile_boxes(m, &board, &box_nodes, &fronts, cx);
    let node_count = board.keys.len() + boxes.info.len();
    let land_csr = land_topology(&board, &adjacency, &all_sea, &crossings, &boxes.entries, node_count);
    let sea_csr = sea_topology(&board, &adjacency, &boxes.sea_edges, node_count);
    let island_groups = island_groups(m, &board, cx);
    let partisan_held = hex_set(&m.partisan_held, "partisan_held", &board.grid, cx);
    let damaged = hex_set(&m.damaged, "damaged", &board.grid, cx);
    let cells: NodeVec<HexCell> =
        board.keys.iter().map(|&(row, col)| HexCell { coord: axial(row, col), row, col }).collect();
    let (nodes, states) =
        nodes_and_states(board.keys.iter().copied().zip(board.drafts), &board.surfaces, &partisan_held, &damaged);
    let (mut nodes, mut states) = (nodes, states);
    for (info, owner) in boxes.info.into_iter().zip(boxes.owner) {
        nodes.push(info);
        states.push(NodeState {
            control: Control { current: owner, original: owner, by_partisan: false, captured: None },
            damage: HexDamage::default(),
            supply: Default::default(),
        });
    }
    let (by_label, by_name) = index_names(&nodes, board.names);
    let map = MapGraph {
        landings: landings(&nodes),
        region_of: nodes.iter().map(|i| i.region).collect(),
        board_count: cells.len() as u32,
        hex: Some(HexLayer { cells, all_sea_sides: all_sea, crossings }),
        nodes,
        land_rev: land_csr.reversed(),
        land: land_csr,
        adjacency: Csr::from_edges(node_count, adj_edges),
        sea: sea_csr,
        box_sea: boxes.sea,
        island_groups,
        box_entries: boxes.entries,
        regions,
        fronts,
        by_label,
        by_name,
        label_index: Default::default(),
    };
    (map, states)
}

/// The map's region keys, sorted: the region legend's, each declared by
/// the ruleset.
fn region_keys(m: &MapFile, cx: &mut Ctx<'_>) -> Vec<String> {
    let declared = crate::ruleset::declared(cx.rules);
    for (ch, key) in &m.region_legend {
        declared.region(key, loc!["map", "region_legend", Seg::Key(ch.to_string())], &mut cx.p);
    }
    m.region_legend.values().cloned().collect::<BTreeSet<_>>().into_iter().collect()
}

/// The map's fronts (SUP-079..081, SUP-115, SUP-116): the keys blocks name,
/// sorted, each declared by the ruleset.
fn front_keys(m: &MapFile, cx: &mut Ctx<'_>) -> Vec<String> {
    let declared = crate::ruleset::declared(cx.rules);
    for (b, block) in m.blocks.iter().enumerate() {
        if let Some(f) = &block.front {
            declared.front(f, loc!["map", "blocks", b, "front"], &mut cx.p);
        }
    }
    m.blocks.iter().filter_map(|b| b.front.clone()).collect::<BTreeSet<_>>().into_iter().collect()
}

/// The control legend: characters to nations.
fn control_legend(m: &MapFile, cx: &mut Ctx<'_>) -> BTreeMap<char, NationId> {
    let mut legend = BTreeMap::new();
    for (ch, key) in &m.legend {
        let at = loc!["map", "legend", Seg::Key(ch.to_string())];
        if NO_CONTROL.contains(ch) {
            cx.p.at(at, format!("`{ch}` is reserved for no controller"));
            continue;
        }
        if let Some(id) = cx.nation(key, at, || format!(" in the control legend (`{ch}`)")) {
            legend.insert(*ch, id);
        }
    }
    legend
}

/// The parsed cells of one row of a block, layer by layer.
struct RowCells {
    terrain: Vec<(usize, char)>,
    control: Option<Vec<(usize, char)>>,
    original: Option<Vec<(usize, char)>>,
    regions: Option<Vec<(usize, char)>>,
}

/// Where a cell is: block, row in the block, cell in the row, and its label.
struct CellAt<'a> {
    b: usize,
    r: usize,
    j: usize,
    label: &'a str,
}

/// Reads one block's layers into `drafts`.
#[allow(clippy::too_many_arguments, reason = "the block and the tables it is read against")]
fn read_block(
    m: &MapFile,
    b: usize,
    block: &BlockFile,
    legend: &BTreeMap<char, NationId>,
    regions: &[String],
    fronts: &[String],
    drafts: &mut BTreeMap<(u32, u32), Draft>,
    cx: &mut Ctx<'_>,
) {
    let Some((row0, col0)) = parse_hex_label(&block.origin) else {
        cx.p.at(loc!["map", "blocks", b, "origin"], format!("`{}` is not a hex label such as `a1`", block.origin));
        return;
    };
    let theater = block.theater.unwrap_or(m.theater);
    let front = block.front.as_ref().and_then(|f| fronts.iter().position(|k| k == f)).map(|i| FrontId(i as u16));
    check_layer_heights(b, block, cx);
    for (r, row) in block.terrain.iter().enumerate() {
        let rc = RowCells {
            terrain: cells(row),
            control: block.control.get(r).map(|s| cells(s)),
            original: block.original.get(r).map(|s| cells(s)),
            regions: block.regions.get(r).map(|s| cells(s)),
        };
        check_row_widths(b, block, r, &rc, cx);
        for (j, &(ch_idx, code)) in rc.terrain.iter().enumerate() {
            if code == '-' {
                continue;
            }
            let (row_n, col_n) = (row0.saturating_add(r as u32), col0.saturating_add(j as u32));
            let at_char =
                |cx: &mut Ctx<'_>, msg: String| cx.p.at_char(loc!["map", "blocks", b, "terrain", r], ch_idx, msg);
            // Checked before the label is made: a row's letters grow with
            // its number, so a label far out would cost its length.
            if row_n > MAX_COORD || col_n > MAX_COORD {
                let msg = format!(
                    "the hex at row {row_n}, column {col_n} is out of range (rows and columns up to {MAX_COORD})"
                );
                at_char(cx, msg);
                continue;
            }
            let label = hex_label(row_n, col_n);
            let Some(terrain) = terrain_by_code(cx.rules, code) else {
                at_char(cx, format!("unknown terrain code `{code}` at hex `{label}`"));
                continue;
            };
            let at = CellAt { b, r, j, label: &label };
            let control = nation_at(&rc.control, "control", &at, legend, cx);
            let original =
                if block.original.is_empty() { control } else { nation_at(&rc.original, "original", &at, legend, cx) };
            let region = region_at(&rc.regions, &at, m, regions, cx);
            if drafts.contains_key(&(row_n, col_n)) {
                at_char(
                    cx,
                    format!("two hexes with the same coordinates: `{label}` is already defined by an earlier block"),
                );
                continue;
            }
            let d = Draft {
                terrain,
                theater,
                control,
                original,
                region,
                front,
                features: Features::empty(),
                name: None,
                ic: 0,
            };
            drafts.insert((row_n, col_n), d);
        }
    }
}

/// Every layer of a block has as many rows as its terrain.
fn check_layer_heights(b: usize, block: &BlockFile, cx: &mut Ctx<'_>) {
    let rows = block.terrain.len();
    for (name, layer) in [("control", &block.control), ("original", &block.original), ("regions", &block.regions)] {
        if !layer.is_empty() && layer.len() != rows {
            cx.p.at(
                loc!["map", "blocks", b, name],
                format!("layer `{name}` has {} rows; `terrain` has {rows}", layer.len()),
            );
        }
    }
}

/// Every row of a layer has as many cells as the terrain row.
fn check_row_widths(b: usize, block: &BlockFile, r: usize, rc: &RowCells, cx: &mut Ctx<'_>) {
    let rows = block.terrain.len();
    for (name, other, lay) in [
        ("control", &rc.control, &block.control),
        ("original", &rc.original, &block.original),
        ("regions", &rc.regions, &block.regions),
    ] {
        if let Some(o) = other
            && o.len() != rc.terrain.len()
            && lay.len() == rows
        {
            cx.p.at(
                loc!["map", "blocks", b, name, r],
                format!(
                    "row {} of layer `{name}` has {} cells; the terrain row has {}",
                    r + 1,
                    o.len(),
                    rc.terrain.len()
                ),
            );
        }
    }
}

/// The nation of a cell of a control layer.
fn nation_at(
    cells: &Option<Vec<(usize, char)>>,
    layer: &str,
    at: &CellAt<'_>,
    legend: &BTreeMap<char, NationId>,
    cx: &mut Ctx<'_>,
) -> Option<NationId> {
    let &(ci, c) = cells.as_ref()?.get(at.j)?;
    if NO_CONTROL.contains(&c) {
        return None;
    }
    let n = legend.get(&c).copied();
    if n.is_none() {
        cx.p.at_char(
            loc!["map", "blocks", at.b, layer, at.r],
            ci,
            format!("`{c}` at hex `{}` is not in the control legend", at.label),
        );
    }
    n
}

/// The region of a cell of the regions layer.
fn region_at(
    cells: &Option<Vec<(usize, char)>>,
    at: &CellAt<'_>,
    m: &MapFile,
    regions: &[String],
    cx: &mut Ctx<'_>,
) -> Option<RegionId> {
    let &(ci, c) = cells.as_ref()?.get(at.j)?;
    if NO_CONTROL.contains(&c) {
        return None;
    }
    match m.region_legend.get(&c) {
        Some(k) => regions.iter().position(|x| x == k).map(|x| RegionId(x as u16)),
        None => {
            cx.p.at_char(
                loc!["map", "blocks", at.b, "regions", at.r],
                ci,
                format!("`{c}` at hex `{}` is not in the region legend", at.label),
            );
            None
        }
    }
}

/// Hex adjacency on the board.
fn board_adjacency(keys: &NodeSlice<(u32, u32)>, grid: &Grid) -> Vec<(NodeId, NodeId, EdgeKinds)> {
    let mut edges = Vec::with_capacity(keys.len() * 6);
    for (i, &(r, c)) in keys.iter_enumerated() {
        for nb in axial(r, c).all_neighbors() {
            let [nc, nr] = nb.to_offset_coordinates(hexx::OffsetHexMode::Odd, hexx::HexOrientation::Pointy);
            if let Some(t) = grid.at(i64::from(nr), i64::from(nc)) {
                edges.push((i, t, EdgeKinds::LAND));
            }
        }
    }
    edges
}

/// Places: names, features and industrial centres of hexes.
fn read_places(m: &MapFile, grid: &Grid, drafts: &mut NodeSlice<Draft>, cx: &mut Ctx<'_>) -> BTreeMap<String, NodeId> {
    let mut names = BTreeMap::new();
    for (i, pl) in m.places.iter().enumerate() {
        let Some(n) = grid.find(&pl.hex) else {
            cx.p.at(loc!["map", "places", i, "hex"], format!("unknown hex `{}` in place list", pl.hex));
            continue;
        };
        let d = &mut drafts[n];
        if let Some(name) = &pl.name {
            let valid = crate::ruleset::is_key(name) && parse_hex_label(name).is_none();
            if !valid {
                cx.p.at(
                    loc!["map", "places", i, "name"],
                    format!("place name `{name}` must be lowercase letters, digits and `-`, and not a hex label"),
                );
            } else if let Some(old) = &d.name {
                cx.p.at(loc!["map", "places", i, "name"], format!("hex `{}` is already named `{old}`", pl.hex));
            } else if names.insert(name.clone(), n).is_some() {
                cx.p.at(loc!["map", "places", i, "name"], format!("duplicate place name `{name}`"));
            } else {
                d.name = Some(name.clone());
            }
        }
        for feat in &pl.features {
            d.features |= feat.flag();
        }
        if pl.ic > MAX_IC_BRP {
            cx.p.at(
                loc!["map", "places", i, "ic"],
                format!("industrial centre at `{}` has {} BRPs; out of range 0..={MAX_IC_BRP}", pl.hex, pl.ic),
            );
        } else if pl.ic > 0 {
            d.ic = pl.ic as u8;
            d.features |= Features::IC;
        }
    }
    names
}

/// Sea, coastal (land next to sea) or land, by node.
pub(crate) fn surfaces(land: &NodeSlice<bool>, adjacency: &Csr) -> NodeVec<Surface> {
    land.keys()
        .map(|n| {
            if !land[n] {
                Surface::Sea
            } else if adjacency.neighbors(n, EdgeKinds::ALL).any(|t| !land[t]) {
                Surface::Coastal
            } else {
                Surface::Land
            }
        })
        .collect()
}

/// All-sea hexsides between two adjacent hexes, as sorted pairs.
fn all_sea_sides(m: &MapFile, grid: &Grid, adjacency: &Csr, cx: &mut Ctx<'_>) -> Vec<(NodeId, NodeId)> {
    let mut out = Vec::new();
    for (i, (a, b)) in m.all_sea_sides.iter().enumerate() {
        match (grid.find(a), grid.find(b)) {
            (Some(x), Some(y)) if adjacency.find_edge(x, y).is_some() => out.push((x.min(y), x.max(y))),
            (Some(_), Some(_)) => {
                cx.p.at(loc!["map", "all_sea_sides", i], format!("hexes `{a}` and `{b}` are not adjacent"));
            }
            (x, _) => {
                let bad = if x.is_none() { a } else { b };
                cx.p.at(loc!["map", "all_sea_sides", i], format!("unknown hex `{bad}` in all-sea hexside"));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Crossing arrows and listed links between two land hexes (SUP-055,
/// SUP-064), as sorted pairs.
fn crossings(m: &MapFile, board: &Board, cx: &mut Ctx<'_>) -> Vec<(NodeId, NodeId)> {
    let mut out = Vec::new();
    for (i, (a, b)) in m.crossings.iter().enumerate() {
        match (board.grid.find(a), board.grid.find(b)) {
            (Some(x), Some(y)) if board.land[x] && board.land[y] && x != y => {
                out.push((x.min(y), x.max(y)));
            }
            (Some(_), Some(_)) => {
                cx.p.at(
                    loc!["map", "crossings", i],
                    format!("crossing `{a}`-`{b}` must join two different land hexes"),
                );
            }
            (x, _) => {
                let bad = if x.is_none() { a } else { b };
                cx.p.at(loc!["map", "crossings", i], format!("unknown hex `{bad}` in crossing"));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The boxes' nodes, after the hexes in key order: `(index in the file,
/// key)` in node order, and the key index.
struct BoxNodes {
    order: Vec<usize>,
    by_key: BTreeMap<String, NodeId>,
}

/// Numbers the boxes by key and checks their keys.
fn box_keys(m: &MapFile, board: &Board, cx: &mut Ctx<'_>) -> BoxNodes {
    let mut order: Vec<usize> = (0..m.boxes.len()).collect();
    order.sort_by(|&a, &b| m.boxes[a].key.cmp(&m.boxes[b].key));
    let mut by_key = BTreeMap::new();
    for (k, &bi) in order.iter().enumerate() {
        let bx = &m.boxes[bi];
        if !crate::ruleset::is_key(&bx.key) || parse_hex_label(&bx.key).is_some() {
            cx.p.at(
                loc!["map", "boxes", bi, "key"],
                format!("box key `{}` must be lowercase and not a hex label", bx.key),
            );
        } else if board.names.contains_key(&bx.key)
            || by_key.insert(bx.key.clone(), NodeId(board.count() + k as u32)).is_some()
        {
            cx.p.at(loc!["map", "boxes", bi, "key"], format!("duplicate box or place name `{}`", bx.key));
        }
    }
    BoxNodes { order, by_key }
}

/// Compiles every box: its node, owner, entries and sea data.
fn compile_boxes(m: &MapFile, board: &Board, box_nodes: &BoxNodes, fronts: &[String], cx: &mut Ctx<'_>) -> Boxes {
    let mut out = Boxes::default();
    for (k, &bi) in box_nodes.order.iter().enumerate() {
        let bx = &m.boxes[bi];
        let node = NodeId(board.count() + k as u32);
        let owner = cx.rules.nation_by_key(&bx.owner);
        if owner.is_none() {
            cx.p.at(
                loc!["map", "boxes", bi, "owner"],
                format!("unknown nation `{}` owning box `{}`", bx.owner, bx.key),
            );
        }
        out.owner.push(owner);
        box_entries(bi, bx, node, board, &mut out.entries, cx);
        let sea = box_sea(bi, bx, node, board, box_nodes, fronts, &mut out.sea_edges, cx);
        if !bx.sea_entries.is_empty() || bx.sw || bx.transport_pool.is_some() {
            out.sea.push(sea);
        }
        out.info.push(NodeInfo {
            label: bx.key.clone(),
            name: bx.name.clone(),
            kind: NodeKind::Box,
            at: None,
            surface: Surface::Box,
            terrain: TerrainId(0),
            features: Features::empty(),
            theater: bx.theater.unwrap_or(m.theater),
            region: None,
            front: None,
            ic_brp: 0,
        });
    }
    out.entries.sort_by_key(|e| (e.from, e.to));
    out
}

/// A box's entries onto the board (SUP-026, SUP-027, SUP-065).
fn box_entries(bi: usize, bx: &BoxFile, node: NodeId, board: &Board, out: &mut Vec<BoxEntry>, cx: &mut Ctx<'_>) {
    let names = Names { nations: &cx.nation_ids, factions: &cx.faction_ids };
    for (e, entry) in bx.entries.iter().enumerate() {
        let when = names.condition(&entry.when, loc!["map", "boxes", bi, "entries", e, "when"], &mut cx.p);
        let controlled_by = entry.controlled_by.as_ref().and_then(|n| {
            let id = cx.rules.nation_by_key(n);
            if id.is_none() {
                cx.p.at(loc!["map", "boxes", bi, "entries", e, "controlled_by"], format!("unknown nation `{n}`"));
            }
            id
        });
        for (h, hx) in entry.hexes.iter().enumerate() {
            let at = loc!["map", "boxes", bi, "entries", e, "hexes", h];
            match board.grid.find(hx) {
                Some(t) if board.land[t] => {
                    out.push(BoxEntry { from: node, to: t, when: when.clone(), controlled_by });
                }
                Some(_) => cx.p.at(at, format!("entry hex `{hx}` of box `{}` is not a land hex", bx.key)),
                None => cx.p.at(at, format!("unknown hex `{hx}` in entries of box `{}`", bx.key)),
            }
        }
    }
}

/// A box's sea data (SUP-022, SUP-078..083, SUP-111..117), with the `SEA`
/// edges to its sea entries.
#[allow(clippy::too_many_arguments, reason = "the box and the tables it is read against")]
fn box_sea(
    bi: usize,
    bx: &BoxFile,
    node: NodeId,
    board: &Board,
    box_nodes: &BoxNodes,
    fronts: &[String],
    sea_edges: &mut Vec<(NodeId, NodeId, EdgeKinds)>,
    cx: &mut Ctx<'_>,
) -> BoxSea {
    let mut entries = Vec::new();
    for (e, hx) in bx.sea_entries.iter().enumerate() {
        let at = loc!["map", "boxes", bi, "sea_entries", e];
        match board.grid.find(hx) {
            Some(t) if !board.land[t] || board.surfaces[t] == Surface::Coastal => {
                sea_edges.push((node, t, EdgeKinds::SEA));
                sea_edges.push((t, node, EdgeKinds::SEA));
                entries.push(t);
            }
            Some(_) => cx.p.at(at, format!("sea entry `{hx}` of box `{}` is neither a sea nor a coastal hex", bx.key)),
            None => cx.p.at(at, format!("unknown hex `{hx}` in sea entries of box `{}`", bx.key)),
        }
    }
    let mut destinations = Vec::new();
    for (e, hx) in bx.destinations.iter().enumerate() {
        match board.find_place(hx) {
            Some(t) => destinations.push(t),
            None => cx.p.at(
                loc!["map", "boxes", bi, "destinations", e],
                format!("unknown place `{hx}` in destinations of box `{}`", bx.key),
            ),
        }
    }
    let protects = bx
        .protects
        .iter()
        .enumerate()
        .filter_map(|(e, sp)| sw_protect(bi, e, sp, board, box_nodes, fronts, cx))
        .collect();
    entries.sort_unstable();
    destinations.sort_unstable();
    BoxSea {
        node,
        entries,
        destinations,
        pass_through: bx.pass_through,
        transport_pool: bx.transport_pool.clone(),
        sw: bx.sw,
        protects,
    }
}

/// Which lines the naval units of an sw box protect (SUP-114..117).
fn sw_protect(
    bi: usize,
    e: usize,
    sp: &SwProtectFile,
    board: &Board,
    box_nodes: &BoxNodes,
    fronts: &[String],
    cx: &mut Ctx<'_>,
) -> Option<SwProtect> {
    let Some(&faction) = cx.faction_ids.get(&sp.faction) else {
        cx.p.at(loc!["map", "boxes", bi, "protects", e, "faction"], format!("unknown faction `{}`", sp.faction));
        return None;
    };
    let mut places = |list: &[String], field: &str| -> Vec<NodeId> {
        let mut nodes = Vec::new();
        for (j, x) in list.iter().enumerate() {
            match board.find_place(x).or_else(|| box_nodes.by_key.get(x).copied()) {
                Some(n) => nodes.push(n),
                None => {
                    cx.p.at(loc!["map", "boxes", bi, "protects", e, field, j], format!("unknown place or box `{x}`"))
                }
            }
        }
        nodes.sort_unstable();
        nodes
    };
    let from = places(&sp.from, "from");
    let to = places(&sp.to, "to");
    let mut front_ids = Vec::new();
    for (j, fk) in sp.fronts.iter().enumerate() {
        match fronts.iter().position(|k| k == fk) {
            Some(i) => front_ids.push(FrontId(i as u16)),
            None => cx.p.at(
                loc!["map", "boxes", bi, "protects", e, "fronts", j],
                format!("no block of the map is on front `{fk}`"),
            ),
        }
    }
    Some(SwProtect { faction, from, to, fronts: front_ids })
}

/// Land-line topology: `LAND` edges between land hexes not separated by an
/// all-sea hexside (`GATED` across region borders, for restricted routes:
/// SUP-062), `CROSSING` edges both ways, `BOX_ENTRY | GATED` from boxes.
fn land_topology(
    board: &Board,
    adjacency: &Csr,
    all_sea: &[(NodeId, NodeId)],
    crossings: &[(NodeId, NodeId)],
    entries: &[BoxEntry],
    node_count: usize,
) -> Csr {
    let mut edges = Vec::new();
    for a in board.keys.keys() {
        if !board.land[a] {
            continue;
        }
        for b in adjacency.neighbors(a, EdgeKinds::ALL) {
            if board.land[b] && all_sea.binary_search(&(a.min(b), a.max(b))).is_err() {
                let border = board.drafts[a].region != board.drafts[b].region;
                edges.push((a, b, if border { EdgeKinds::LAND | EdgeKinds::GATED } else { EdgeKinds::LAND }));
            }
        }
    }
    for &(a, b) in crossings {
        edges.push((a, b, EdgeKinds::CROSSING));
        edges.push((b, a, EdgeKinds::CROSSING));
    }
    for e in entries {
        edges.push((e.from, e.to, EdgeKinds::BOX_ENTRY | EdgeKinds::GATED));
    }
    Csr::from_edges(node_count, edges)
}

/// Sea-line topology: sea hexes with each other and with coastal hexes;
/// boxes with their sea entries.
fn sea_topology(board: &Board, adjacency: &Csr, box_edges: &[(NodeId, NodeId, EdgeKinds)], node_count: usize) -> Csr {
    let mut edges = box_edges.to_vec();
    for a in board.keys.keys() {
        if board.land[a] {
            continue;
        }
        for b in adjacency.neighbors(a, EdgeKinds::ALL) {
            edges.push((a, b, EdgeKinds::SEA));
            if board.land[b] {
                edges.push((b, a, EdgeKinds::SEA));
            }
        }
    }
    Csr::from_edges(node_count, edges)
}

/// Pacific island groups, each one supply zone (SUP-096).
fn island_groups(m: &MapFile, board: &Board, cx: &mut Ctx<'_>) -> Vec<IslandGroup> {
    let mut out = Vec::new();
    let mut keys = BTreeSet::new();
    for (g, grp) in m.island_groups.iter().enumerate() {
        if !keys.insert(grp.key.as_str()) {
            cx.p.at(loc!["map", "island_groups", g, "key"], format!("duplicate island group `{}`", grp.key));
            continue;
        }
        let mut hexes = Vec::new();
        for (h, hx) in grp.hexes.iter().enumerate() {
            match board.find_place(hx) {
                Some(t) if board.land[t] => hexes.push(t),
                _ => cx.p.at(
                    loc!["map", "island_groups", g, "hexes", h],
                    format!("`{hx}` in island group `{}` is not a land hex", grp.key),
                ),
            }
        }
        hexes.sort_unstable();
        hexes.dedup();
        out.push(IslandGroup { key: grp.key.clone(), hexes });
    }
    out
}

/// The hexes of a list of labels (partisan-held, damaged).
fn hex_set(list: &[String], field: &str, grid: &Grid, cx: &mut Ctx<'_>) -> BTreeSet<NodeId> {
    let mut out = BTreeSet::new();
    for (i, h) in list.iter().enumerate() {
        match grid.find(h) {
            Some(n) => {
                out.insert(n);
            }
            None => cx.p.at(loc!["map", field, i], format!("unknown hex `{h}` in {field}")),
        }
    }
    out
}

/// The hexes' static attributes and initial states.
fn nodes_and_states(
    drafts: impl Iterator<Item = ((u32, u32), Draft)>,
    surfaces: &NodeSlice<Surface>,
    partisan_held: &BTreeSet<NodeId>,
    damaged: &BTreeSet<NodeId>,
) -> (NodeVec<NodeInfo>, NodeVec<NodeState>) {
    let mut nodes = NodeVec::with_capacity(surfaces.len());
    let mut states = NodeVec::with_capacity(surfaces.len());
    for (n, ((r, c), d)) in drafts.enumerate().map(|(i, d)| (NodeId::from_index(i), d)) {
        let surface = surfaces[n];
        nodes.push(NodeInfo {
            label: hex_label(r, c),
            name: d.name,
            kind: NodeKind::Hex,
            at: None,
            surface,
            terrain: d.terrain,
            features: d.features,
            theater: d.theater,
            region: d.region,
            front: d.front,
            ic_brp: d.ic,
        });
        let land_hex = surface.is_land();
        states.push(NodeState {
            control: Control {
                current: d.control.filter(|_| land_hex),
                original: d.original.filter(|_| land_hex),
                by_partisan: partisan_held.contains(&n),
                captured: None,
            },
            damage: HexDamage { synthetic_oil: damaged.contains(&n), ic_isolated_turns: 0 },
            supply: Default::default(),
        });
    }
    (nodes, states)
}
