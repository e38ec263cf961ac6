//! Compiles a [`ScenarioFile`] against its [`Ruleset`] into the static
//! [`ScenarioSpec`] and the initial [`GameState`].

use crate::diag::{Problems, loc};
use crate::locate::Seg;
use crate::ruleset::{Names, terrain_by_code};
use crate::schema::*;
use qm_core::components::{Control, Designation, HexDamage, Location, UnitFlagBits, UnitFlags};
use qm_core::ids::*;
use qm_core::map::*;
use qm_core::nation::{NationState, NationStatus};
use qm_core::phase::GameClock;
use qm_core::rng::GameRng;
use qm_core::ruleset::{Domain, Ruleset};
use qm_core::spec::{ScenarioSpec, SourceDef};
use qm_core::state::{GameState, NodeState, STATE_VERSION, UnitState};
use qm_core::supply::UnitSupply;
use qm_trace::{Csr, EdgeKinds, NO_NODE};
use std::collections::{BTreeMap, BTreeSet};

/// Largest game turn.
pub const MAX_TURN: u32 = 10_000;
/// Largest industrial-centre value in BRPs.
pub const MAX_IC_BRP: u32 = 99;
/// Largest row or column index of a hex.
pub const MAX_COORD: u32 = 100_000;
/// Largest number of cells of the bounding box of a map.
pub const MAX_CELLS: u64 = 20_000_000;

/// A compiled scenario.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// What does not change.
    pub spec: ScenarioSpec,
    /// The state at the start (random stream seeded with 0; the loader seeds
    /// it). Its clock is at the first phase until the game resolves
    /// [`Compiled::start_phase`].
    pub state: GameState,
    /// The phase the scenario starts at, by name, where a file gives one:
    /// resolved by the game against its rules' phase order.
    pub start_phase: Option<NameAt>,
    /// The ruleset's rule families, where the file names them.
    pub families: Vec<NameAt>,
}

/// A name the game resolves after compilation (a rule family, a phase), with
/// where it stands in its file, so that a name that resolves to nothing is
/// still reported at `file:line:col`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameAt {
    /// The name.
    pub name: String,
    /// Its file and position (the message is empty).
    pub at: crate::diag::Diagnostic,
}

impl NameAt {
    /// A load error at this name.
    #[must_use]
    pub fn error(&self, message: impl Into<String>) -> crate::LoadError {
        crate::LoadError::single(crate::diag::Diagnostic { message: message.into(), ..self.at.clone() })
    }
}

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

const NO_CONTROL: [char; 3] = ['.', '~', '-'];

struct Ctx<'a> {
    rules: &'a Ruleset,
    nation_ids: BTreeMap<String, NationId>,
    faction_ids: BTreeMap<String, FactionId>,
    p: Problems,
}

impl Ctx<'_> {
    fn nation(&mut self, key: &str, at: Vec<Seg>, what: impl FnOnce() -> String) -> Option<NationId> {
        let n = self.rules.nation_by_key(key);
        if n.is_none() {
            self.p.at(at, format!("unknown nation `{key}`{}", what()));
        }
        n
    }
}

/// Compiles a scenario. Returns `None` if there were problems, which are in
/// `problems`.
pub(crate) fn compile(
    file: &ScenarioFile,
    rules: Ruleset,
    path_str: Option<String>,
    problems: &mut Problems,
) -> Option<Compiled> {
    let mut cx = Ctx {
        nation_ids: rules.nations.iter().enumerate().map(|(i, n)| (n.key.clone(), NationId(i as u16))).collect(),
        faction_ids: rules.factions.iter().enumerate().map(|(i, f)| (f.clone(), FactionId(i as u8))).collect(),
        rules: &rules,
        p: Problems::default(),
    };

    if !(1..=MAX_TURN).contains(&file.turn) {
        cx.p.at(loc!["turn"], format!("turn {} is out of range 1..={MAX_TURN}", file.turn));
    }
    let phase = 0;

    let nations = compile_nations(file, &mut cx);
    let (map, node_states) = compile_map(file, &mut cx);
    let sources = compile_sources(file, &map, &node_states, &mut cx);
    let units = compile_units(file, &map, &mut cx);

    let ports: Vec<NodeId> =
        (0..map.hex_count).filter(|&n| map.nodes[n as usize].features.contains(Features::PORT)).collect();

    for (i, t) in file.transports.iter().enumerate() {
        if t.2 > 99 {
            cx.p.at(loc!["transports", i, 2], format!("{} `{}` transports is out of range 0..=99", t.2, t.1));
        }
    }
    let designations: Vec<Designation> = sources.iter().map(|(_, d)| *d).collect();
    let sources: Vec<SourceDef> = sources.into_iter().map(|(s, _)| s).collect();
    let mut flags = BTreeSet::new();
    for f in &file.flags {
        flags.insert(f.clone());
    }

    let Ctx { p, .. } = cx;
    if !p.is_empty() {
        problems.items.extend(p.items);
        return None;
    }

    let state = GameState {
        version: STATE_VERSION,
        clock: GameClock { turn: file.turn, side: file.side, phase, first: file.first },
        rng: GameRng::seeded(0),
        flags,
        nations,
        nodes: node_states,
        sources: designations,
        units,
        sections: BTreeMap::new(),
    };
    let spec = ScenarioSpec {
        title: file.title.clone(),
        path: path_str,
        ruleset: rules,
        map,
        sources,
        ports,
        rules: std::sync::Arc::default(),
        transports: file.transports.clone(),
    };
    let names = |v: &[String]| v.iter().map(|n| NameAt { name: n.clone(), at: nowhere() }).collect();
    let families = names(&spec.ruleset.families);
    let start_phase = file.phase.as_ref().map(|n| NameAt { name: n.clone(), at: nowhere() });
    Some(Compiled { spec, state, start_phase, families })
}

fn compile_nations(file: &ScenarioFile, cx: &mut Ctx<'_>) -> Vec<NationState> {
    let mut states: Vec<NationState> = cx
        .rules
        .nations
        .iter()
        .map(|n| NationState { side: n.side, status: NationStatus::Active, patron: None, ever_surrendered: false })
        .collect();
    let mut seen = BTreeSet::new();
    for (i, n) in file.nations.iter().enumerate() {
        let Some(id) = cx.nation(&n.nation, loc!["nations", i, "nation"], String::new) else { continue };
        if !seen.insert(id) {
            cx.p.at(loc!["nations", i, "nation"], format!("duplicate nation `{}`", n.nation));
            continue;
        }
        let patron = n
            .patron
            .as_ref()
            .and_then(|pk| cx.nation(pk, loc!["nations", i, "patron"], || format!(" (patron of `{}`)", n.nation)));
        let st = &mut states[id.index()];
        if n.side.is_some() {
            st.side = n.side;
        }
        st.status = n.status;
        st.patron = patron;
        st.ever_surrendered = n.ever_surrendered || n.status == NationStatus::Surrendered;
    }
    states
}

/// Looks a key up as a hex label, place name or box key.
fn lookup(map: &MapGraph, key: &str) -> Option<NodeId> {
    map.find(key)
}

#[allow(clippy::too_many_lines, reason = "one pass over the map's layers and lists, in file order")]
fn compile_map(file: &ScenarioFile, cx: &mut Ctx<'_>) -> (MapGraph, Vec<NodeState>) {
    let m = &file.map;
    let mut drafts: BTreeMap<(u32, u32), Draft> = BTreeMap::new();
    let mut region_keys: Vec<String> = m.region_legend.values().cloned().collect::<BTreeSet<_>>().into_iter().collect();
    region_keys.dedup();
    // Fronts (SUP-079..081, SUP-115, SUP-116): the keys blocks name, sorted.
    let front_keys: Vec<String> =
        m.blocks.iter().filter_map(|b| b.front.clone()).collect::<BTreeSet<_>>().into_iter().collect();

    // Legend.
    let mut legend: BTreeMap<char, NationId> = BTreeMap::new();
    for (ch, key) in &m.legend {
        if NO_CONTROL.contains(ch) {
            cx.p.at(loc!["map", "legend", Seg::Key(ch.to_string())], format!("`{ch}` is reserved for no controller"));
            continue;
        }
        if let Some(id) = cx
            .nation(key, loc!["map", "legend", Seg::Key(ch.to_string())], || format!(" in the control legend (`{ch}`)"))
        {
            legend.insert(*ch, id);
        }
    }

    for (b, block) in m.blocks.iter().enumerate() {
        let Some((row0, col0)) = parse_hex_label(&block.origin) else {
            cx.p.at(loc!["map", "blocks", b, "origin"], format!("`{}` is not a hex label such as `a1`", block.origin));
            continue;
        };
        let theater = block.theater.unwrap_or(m.theater);
        let front =
            block.front.as_ref().and_then(|f| front_keys.iter().position(|k| k == f)).map(|i| FrontId(i as u16));
        let layer_rows = block.terrain.len();
        for (name, layer) in [("control", &block.control), ("original", &block.original), ("regions", &block.regions)] {
            if !layer.is_empty() && layer.len() != layer_rows {
                cx.p.at(
                    loc!["map", "blocks", b, name],
                    format!("layer `{name}` has {} rows; `terrain` has {layer_rows}", layer.len()),
                );
            }
        }
        for (r, row) in block.terrain.iter().enumerate() {
            let row_cells = cells(row);
            let ctl_cells = block.control.get(r).map(|s| cells(s));
            let org_cells = block.original.get(r).map(|s| cells(s));
            let reg_cells = block.regions.get(r).map(|s| cells(s));
            for (name, other, lay) in [
                ("control", &ctl_cells, &block.control),
                ("original", &org_cells, &block.original),
                ("regions", &reg_cells, &block.regions),
            ] {
                if let Some(o) = other
                    && o.len() != row_cells.len()
                    && lay.len() == layer_rows
                {
                    cx.p.at(
                        loc!["map", "blocks", b, name, r],
                        format!(
                            "row {} of layer `{name}` has {} cells; the terrain row has {}",
                            r + 1,
                            o.len(),
                            row_cells.len()
                        ),
                    );
                }
            }
            for (j, &(ch_idx, code)) in row_cells.iter().enumerate() {
                if code == '-' {
                    continue;
                }
                let row_n = row0 + r as u32;
                let col_n = col0 + j as u32;
                let label = hex_label(row_n, col_n);
                if row_n > MAX_COORD || col_n > MAX_COORD {
                    cx.p.at_char(
                        loc!["map", "blocks", b, "terrain", r],
                        ch_idx,
                        format!("hex `{label}` is out of range (rows and columns up to {MAX_COORD})"),
                    );
                    continue;
                }
                let Some(terrain) = terrain_by_code(cx.rules, code) else {
                    cx.p.at_char(
                        loc!["map", "blocks", b, "terrain", r],
                        ch_idx,
                        format!("unknown terrain code `{code}` at hex `{label}`"),
                    );
                    continue;
                };
                let nation_at =
                    |cells: &Option<Vec<(usize, char)>>, layer: &str, cx: &mut Ctx<'_>| -> Option<NationId> {
                        let &(ci, c) = cells.as_ref()?.get(j)?;
                        if NO_CONTROL.contains(&c) {
                            return None;
                        }
                        let n = legend.get(&c).copied();
                        if n.is_none() {
                            cx.p.at_char(
                                loc!["map", "blocks", b, layer, r],
                                ci,
                                format!("`{c}` at hex `{label}` is not in the control legend"),
                            );
                        }
                        n
                    };
                let control = nation_at(&ctl_cells, "control", cx);
                let original = if block.original.is_empty() { control } else { nation_at(&org_cells, "original", cx) };
                let region = reg_cells.as_ref().and_then(|rc| rc.get(j)).and_then(|&(ci, c)| {
                    if NO_CONTROL.contains(&c) {
                        return None;
                    }
                    match m.region_legend.get(&c) {
                        Some(k) => region_keys.iter().position(|x| x == k).map(|x| RegionId(x as u16)),
                        None => {
                            cx.p.at_char(
                                loc!["map", "blocks", b, "regions", r],
                                ci,
                                format!("`{c}` at hex `{label}` is not in the region legend"),
                            );
                            None
                        }
                    }
                });
                if drafts.contains_key(&(row_n, col_n)) {
                    cx.p.at_char(
                        loc!["map", "blocks", b, "terrain", r],
                        ch_idx,
                        format!(
                            "two hexes with the same coordinates: `{label}` is already defined by an earlier block"
                        ),
                    );
                    continue;
                }
                drafts.insert(
                    (row_n, col_n),
                    Draft {
                        terrain,
                        theater,
                        control,
                        original,
                        region,
                        front,
                        features: Features::empty(),
                        name: None,
                        ic: 0,
                    },
                );
            }
        }
    }

    // Bounding box for a dense (row, col) -> node index.
    let (mut rmin, mut rmax, mut cmin, mut cmax) = (u32::MAX, 0u32, u32::MAX, 0u32);
    for &(r, c) in drafts.keys() {
        rmin = rmin.min(r);
        rmax = rmax.max(r);
        cmin = cmin.min(c);
        cmax = cmax.max(c);
    }
    let dense_ok = drafts.is_empty() || u64::from(rmax - rmin + 1) * u64::from(cmax - cmin + 1) <= MAX_CELLS;
    if !dense_ok {
        cx.p.at(loc!["map", "blocks"], format!("the map's blocks span more than {MAX_CELLS} cells"));
        drafts.clear();
    }
    let width = if drafts.is_empty() { 0 } else { (cmax - cmin + 1) as usize };
    let height = if drafts.is_empty() { 0 } else { (rmax - rmin + 1) as usize };
    let mut grid = vec![NO_NODE; width * height];
    for (i, &(r, c)) in drafts.keys().enumerate() {
        grid[(r - rmin) as usize * width + (c - cmin) as usize] = i as NodeId;
    }
    let no_hexes = drafts.is_empty();
    let at_rc = |r: i64, c: i64| -> Option<NodeId> {
        if no_hexes || r < i64::from(rmin) || c < i64::from(cmin) || r > i64::from(rmax) || c > i64::from(cmax) {
            return None;
        }
        let g = grid[(r - i64::from(rmin)) as usize * width + (c - i64::from(cmin)) as usize];
        (g != NO_NODE).then_some(g)
    };
    let hex_count = drafts.len() as u32;
    let keys: Vec<(u32, u32)> = drafts.keys().copied().collect();
    let find_hex =
        |s: &str| -> Option<NodeId> { parse_hex_label(s).and_then(|(r, c)| at_rc(i64::from(r), i64::from(c))) };

    // Adjacency on the board.
    let mut adj_edges = Vec::with_capacity(drafts.len() * 6);
    for (i, &(r, c)) in keys.iter().enumerate() {
        for nb in axial(r, c).all_neighbors() {
            let [nc, nr] = nb.to_offset_coordinates(hexx::OffsetHexMode::Odd, hexx::HexOrientation::Pointy);
            if let Some(t) = at_rc(i64::from(nr), i64::from(nc)) {
                adj_edges.push((i as NodeId, t, EdgeKinds::LAND));
            }
        }
    }

    // Places.
    let mut names: BTreeMap<String, NodeId> = BTreeMap::new();
    let mut drafts_v: Vec<Draft> = drafts.into_values().collect();
    for (i, pl) in m.places.iter().enumerate() {
        let Some(n) = find_hex(&pl.hex) else {
            cx.p.at(loc!["map", "places", i, "hex"], format!("unknown hex `{}` in place list", pl.hex));
            continue;
        };
        let d = &mut drafts_v[n as usize];
        if let Some(name) = &pl.name {
            let valid = !name.is_empty()
                && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && parse_hex_label(name).is_none();
            if !valid {
                cx.p.at(
                    loc!["map", "places", i, "name"],
                    format!("place name `{name}` must be lowercase letters, digits and `-`, and not a hex label"),
                );
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

    // Surfaces.
    let is_land = |d: &Draft| cx.rules.terrain.get(d.terrain.index()).is_some_and(|t| t.land);
    let land: Vec<bool> = drafts_v.iter().map(is_land).collect();
    let adjacency = Csr::from_edges(hex_count as usize, adj_edges.iter().copied());
    let surfaces: Vec<Surface> = (0..hex_count)
        .map(|n| {
            if !land[n as usize] {
                Surface::Sea
            } else if adjacency.neighbors(n, EdgeKinds::ALL).any(|t| !land[t as usize]) {
                Surface::Coastal
            } else {
                Surface::Land
            }
        })
        .collect();

    // All-sea hexsides and crossings.
    let mut all_sea: Vec<(NodeId, NodeId)> = Vec::new();
    for (i, (a, b)) in m.all_sea_sides.iter().enumerate() {
        match (find_hex(a), find_hex(b)) {
            (Some(x), Some(y)) if adjacency.find_edge(x, y).is_some() => {
                all_sea.push((x.min(y), x.max(y)));
            }
            (Some(_), Some(_)) => {
                cx.p.at(loc!["map", "all_sea_sides", i], format!("hexes `{a}` and `{b}` are not adjacent"));
            }
            (x, _) => {
                let bad = if x.is_none() { a } else { b };
                cx.p.at(loc!["map", "all_sea_sides", i], format!("unknown hex `{bad}` in all-sea hexside"));
            }
        }
    }
    all_sea.sort_unstable();
    all_sea.dedup();
    let mut crossings: Vec<(NodeId, NodeId)> = Vec::new();
    for (i, (a, b)) in m.crossings.iter().enumerate() {
        match (find_hex(a), find_hex(b)) {
            (Some(x), Some(y)) if land[x as usize] && land[y as usize] && x != y => crossings.push((x, y)),
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

    // Boxes, sorted by key, after the hexes.
    let mut box_order: Vec<usize> = (0..m.boxes.len()).collect();
    box_order.sort_by(|&a, &b| m.boxes[a].key.cmp(&m.boxes[b].key));
    let mut box_nodes: BTreeMap<String, NodeId> = BTreeMap::new();
    for (k, &bi) in box_order.iter().enumerate() {
        let bx = &m.boxes[bi];
        let valid = !bx.key.is_empty()
            && bx.key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && parse_hex_label(&bx.key).is_none();
        if !valid {
            cx.p.at(
                loc!["map", "boxes", bi, "key"],
                format!("box key `{}` must be lowercase and not a hex label", bx.key),
            );
        } else if names.contains_key(&bx.key) || box_nodes.insert(bx.key.clone(), hex_count + k as u32).is_some() {
            cx.p.at(loc!["map", "boxes", bi, "key"], format!("duplicate box or place name `{}`", bx.key));
        }
    }
    let names_ref = Names { nations: &cx.nation_ids, factions: &cx.faction_ids };
    let mut entries = Vec::new();
    let mut box_info = Vec::new();
    let mut box_owner = Vec::new();
    for (k, &bi) in box_order.iter().enumerate() {
        let bx = &m.boxes[bi];
        let node = hex_count + k as u32;
        let owner = cx.rules.nation_by_key(&bx.owner);
        if owner.is_none() {
            cx.p.at(
                loc!["map", "boxes", bi, "owner"],
                format!("unknown nation `{}` owning box `{}`", bx.owner, bx.key),
            );
        }
        box_owner.push(owner);
        for (e, entry) in bx.entries.iter().enumerate() {
            let when = names_ref.condition(&entry.when, loc!["map", "boxes", bi, "entries", e, "when"], &mut cx.p);
            let controlled_by = entry.controlled_by.as_ref().and_then(|n| {
                let id = cx.rules.nation_by_key(n);
                if id.is_none() {
                    cx.p.at(loc!["map", "boxes", bi, "entries", e, "controlled_by"], format!("unknown nation `{n}`"));
                }
                id
            });
            for (h, hx) in entry.hexes.iter().enumerate() {
                match find_hex(hx) {
                    Some(t) if land[t as usize] => {
                        entries.push(BoxEntry { from: node, to: t, when: when.clone(), controlled_by });
                    }
                    Some(_) => cx.p.at(
                        loc!["map", "boxes", bi, "entries", e, "hexes", h],
                        format!("entry hex `{hx}` of box `{}` is not a land hex", bx.key),
                    ),
                    None => cx.p.at(
                        loc!["map", "boxes", bi, "entries", e, "hexes", h],
                        format!("unknown hex `{hx}` in entries of box `{}`", bx.key),
                    ),
                }
            }
        }
        box_info.push(NodeInfo {
            label: bx.key.clone(),
            name: bx.name.clone(),
            coord: None,
            row_col: None,
            surface: Surface::Box,
            terrain: TerrainId(0),
            features: Features::empty(),
            theater: bx.theater.unwrap_or(m.theater),
            region: None,
            front: None,
            ic_brp: 0,
        });
    }
    entries.sort_by_key(|e| (e.from, e.to));

    // Land topology.
    let node_count = hex_count as usize + box_info.len();
    let mut land_edges = Vec::new();
    for a in 0..hex_count {
        if !land[a as usize] {
            continue;
        }
        for b in adjacency.neighbors(a, EdgeKinds::ALL) {
            if land[b as usize] && all_sea.binary_search(&(a.min(b), a.max(b))).is_err() {
                // Edges between regions may be gated by restricted routes
                // (SUP-062).
                let border = drafts_v[a as usize].region != drafts_v[b as usize].region;
                land_edges.push((a, b, if border { EdgeKinds::LAND | EdgeKinds::GATED } else { EdgeKinds::LAND }));
            }
        }
    }
    for &(a, b) in &crossings {
        land_edges.push((a, b, EdgeKinds::CROSSING));
        land_edges.push((b, a, EdgeKinds::CROSSING));
    }
    for e in &entries {
        land_edges.push((e.from, e.to, EdgeKinds::BOX_ENTRY | EdgeKinds::GATED));
    }
    let land_csr = Csr::from_edges(node_count, land_edges);
    let land_rev = land_csr.reversed();
    let adjacency_all = Csr::from_edges(node_count, adj_edges);

    // Sea topology: sea hexes with each other and with coastal hexes; boxes
    // with their sea entries.
    let mut sea_edges = Vec::new();
    for a in 0..hex_count {
        if land[a as usize] {
            continue;
        }
        for b in adjacency.neighbors(a, EdgeKinds::ALL) {
            sea_edges.push((a, b, EdgeKinds::SEA));
            if land[b as usize] {
                sea_edges.push((b, a, EdgeKinds::SEA));
            }
        }
    }
    let mut box_sea = Vec::new();
    for (k, &bi) in box_order.iter().enumerate() {
        let bx = &m.boxes[bi];
        let node = hex_count + k as u32;
        let mut entries = Vec::new();
        for (e, hx) in bx.sea_entries.iter().enumerate() {
            match find_hex(hx) {
                Some(t) if !land[t as usize] || surfaces[t as usize] == Surface::Coastal => {
                    sea_edges.push((node, t, EdgeKinds::SEA));
                    sea_edges.push((t, node, EdgeKinds::SEA));
                    entries.push(t);
                }
                Some(_) => cx.p.at(
                    loc!["map", "boxes", bi, "sea_entries", e],
                    format!("sea entry `{hx}` of box `{}` is neither a sea nor a coastal hex", bx.key),
                ),
                None => cx.p.at(
                    loc!["map", "boxes", bi, "sea_entries", e],
                    format!("unknown hex `{hx}` in sea entries of box `{}`", bx.key),
                ),
            }
        }
        let mut destinations = Vec::new();
        for (e, hx) in bx.destinations.iter().enumerate() {
            match find_hex(hx).or_else(|| names.get(hx).copied()) {
                Some(t) => destinations.push(t),
                None => cx.p.at(
                    loc!["map", "boxes", bi, "destinations", e],
                    format!("unknown place `{hx}` in destinations of box `{}`", bx.key),
                ),
            }
        }
        let mut protects = Vec::new();
        for (e, sp) in bx.protects.iter().enumerate() {
            let Some(&f) = cx.faction_ids.get(&sp.faction) else {
                cx.p.at(
                    loc!["map", "boxes", bi, "protects", e, "faction"],
                    format!("unknown faction `{}`", sp.faction),
                );
                continue;
            };
            let places = |list: &[String], field: &str, cx: &mut Ctx<'_>| -> Vec<NodeId> {
                let mut nodes = Vec::new();
                for (j, x) in list.iter().enumerate() {
                    match find_hex(x).or_else(|| names.get(x).copied()).or_else(|| box_nodes.get(x).copied()) {
                        Some(n) => nodes.push(n),
                        None => cx.p.at(
                            loc!["map", "boxes", bi, "protects", e, field, j],
                            format!("unknown place or box `{x}`"),
                        ),
                    }
                }
                nodes.sort_unstable();
                nodes
            };
            let from = places(&sp.from, "from", cx);
            let to = places(&sp.to, "to", cx);
            let mut fronts = Vec::new();
            for (j, fk) in sp.fronts.iter().enumerate() {
                match front_keys.iter().position(|k| k == fk) {
                    Some(i) => fronts.push(FrontId(i as u16)),
                    None => cx.p.at(
                        loc!["map", "boxes", bi, "protects", e, "fronts", j],
                        format!("no block of the map is on front `{fk}`"),
                    ),
                }
            }
            protects.push(SwProtect { faction: f, from, to, fronts });
        }
        if !bx.sea_entries.is_empty() || bx.sw || bx.transport_pool.is_some() {
            entries.sort_unstable();
            destinations.sort_unstable();
            box_sea.push(BoxSea {
                node,
                entries,
                destinations,
                pass_through: bx.pass_through,
                transport_pool: bx.transport_pool.clone(),
                sw: bx.sw,
                protects,
            });
        }
    }
    let sea_csr = Csr::from_edges(node_count, sea_edges);
    let mut island_groups = Vec::new();
    for (g, grp) in m.island_groups.iter().enumerate() {
        let mut hexes = Vec::new();
        for (h, hx) in grp.hexes.iter().enumerate() {
            match find_hex(hx).or_else(|| names.get(hx).copied()) {
                Some(t) if land[t as usize] => hexes.push(t),
                _ => cx.p.at(
                    loc!["map", "island_groups", g, "hexes", h],
                    format!("`{hx}` in island group `{}` is not a land hex", grp.key),
                ),
            }
        }
        hexes.sort_unstable();
        hexes.dedup();
        island_groups.push(IslandGroup { key: grp.key.clone(), hexes });
    }

    // Partisan-held and damaged hexes.
    let mut partisan_held = BTreeSet::new();
    for (i, h) in m.partisan_held.iter().enumerate() {
        match find_hex(h) {
            Some(n) => {
                partisan_held.insert(n);
            }
            None => cx.p.at(loc!["map", "partisan_held", i], format!("unknown hex `{h}` in partisan_held")),
        }
    }
    let mut damaged = BTreeSet::new();
    for (i, h) in m.damaged.iter().enumerate() {
        match find_hex(h) {
            Some(n) => {
                damaged.insert(n);
            }
            None => cx.p.at(loc!["map", "damaged", i], format!("unknown hex `{h}` in damaged")),
        }
    }

    // Nodes and their states.
    let mut nodes = Vec::with_capacity(node_count);
    let mut states = Vec::with_capacity(node_count);
    for (i, d) in drafts_v.into_iter().enumerate() {
        let (r, c) = keys[i];
        let surface = surfaces[i];
        nodes.push(NodeInfo {
            label: hex_label(r, c),
            name: d.name,
            coord: Some(axial(r, c)),
            row_col: Some((r, c)),
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
                by_partisan: partisan_held.contains(&(i as NodeId)),
                captured: None,
            },
            damage: HexDamage { synthetic_oil: damaged.contains(&(i as NodeId)), ic_isolated_turns: 0 },
            supply: Default::default(),
        });
    }
    for (info, owner) in box_info.into_iter().zip(box_owner) {
        nodes.push(info);
        states.push(NodeState {
            control: Control { current: owner, original: owner, by_partisan: false, captured: None },
            damage: HexDamage::default(),
            supply: Default::default(),
        });
    }

    let mut by_label: Vec<(String, NodeId)> =
        nodes.iter().enumerate().map(|(i, n)| (n.label.clone(), i as NodeId)).collect();
    by_label.sort();
    let mut by_name: Vec<(String, NodeId)> = names.into_iter().collect();
    by_name.sort();

    let landings = nodes
        .iter()
        .enumerate()
        .filter(|(_, i)| i.features.intersects(Features::PORT | Features::ISLAND | Features::BEACH_PORT))
        .map(|(n, _)| n as NodeId)
        .collect();
    let map = MapGraph {
        landings,
        nodes,
        hex_count,
        land: land_csr,
        land_rev,
        adjacency: adjacency_all,
        sea: sea_csr,
        box_sea,
        island_groups,
        box_entries: entries,
        regions: region_keys,
        fronts: front_keys,
        by_label,
        by_name,
        all_sea_sides: all_sea,
    };
    (map, states)
}

fn compile_sources(
    file: &ScenarioFile,
    map: &MapGraph,
    nodes: &[NodeState],
    cx: &mut Ctx<'_>,
) -> Vec<(SourceDef, Designation)> {
    let mut out: BTreeMap<(NodeId, SourceClassId), (SourceDef, Designation)> = BTreeMap::new();
    let class_id =
        |key: &str| cx.rules.source_classes.iter().position(|c| c.key == key).map(|i| SourceClassId(i as u16));
    for (i, s) in file.sources.iter().enumerate() {
        let node = lookup(map, &s.at);
        let class = class_id(&s.class);
        let (Some(node), Some(class)) = (node, class) else {
            if node.is_none() {
                cx.p.at(loc!["sources", i, "at"], format!("unknown hex, place or box `{}` for a supply source", s.at));
            }
            if class.is_none() {
                cx.p.at(loc!["sources", i, "class"], format!("unknown source class `{}` at `{}`", s.class, s.at));
            }
            continue;
        };
        let owner = match &s.owner {
            Some(o) => cx.nation(o, loc!["sources", i, "owner"], || format!(" owning the source at `{}`", s.at)),
            None => {
                let o = nodes.get(node as usize).and_then(|st| st.control.original.or(st.control.current));
                if o.is_none() {
                    cx.p.at(
                        loc!["sources", i, "at"],
                        format!("the source at `{}` needs an `owner`: the hex has no original controller", s.at),
                    );
                }
                o
            }
        };
        let Some(owner) = owner else { continue };
        if let Some(t) = s.designated_turn
            && t > MAX_TURN
        {
            cx.p.at(loc!["sources", i, "designated_turn"], format!("turn {t} is out of range 1..={MAX_TURN}"));
        }
        let key = format!("{}:{}", map.label(node), s.class);
        let d = Designation { designated: s.designated, since: s.designated_turn };
        if out.insert((node, class), (SourceDef { node, class, owner, key: key.clone() }, d)).is_some() {
            cx.p.at(loc!["sources", i], format!("duplicate supply source `{key}`"));
        }
    }
    // Sources implied by features (SUP-045: every IC; SUP-018: synthetic oil).
    for (n, info) in map.nodes.iter().enumerate() {
        let n = n as NodeId;
        for &(feat, class) in &cx.rules.feature_sources {
            if !info.features.contains(feat.flag()) || out.contains_key(&(n, class)) {
                continue;
            }
            let Some(owner) = nodes.get(n as usize).and_then(|st| st.control.original.or(st.control.current)) else {
                continue;
            };
            let key = format!("{}:{}", info.label, cx.rules.source_classes[class.index()].key);
            out.insert((n, class), (SourceDef { node: n, class, owner, key }, Designation::default()));
        }
    }
    out.into_values().collect()
}

fn compile_units(file: &ScenarioFile, map: &MapGraph, cx: &mut Ctx<'_>) -> Vec<UnitState> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut units = Vec::new();
    for (i, u) in file.units.iter().enumerate() {
        if u.id.is_empty() {
            cx.p.at(loc!["units", i, "id"], "empty unit id");
            continue;
        }
        if let Some(first) = seen.insert(&u.id, i) {
            cx.p.at(loc!["units", i, "id"], format!("duplicate unit id `{}` (first used by unit {})", u.id, first + 1));
            continue;
        }
        let nation = cx.nation(&u.nation, loc!["units", i, "nation"], || format!(" in unit `{}`", u.id));
        let kind = cx.rules.unit_types.iter().position(|t| t.key == u.kind).map(|k| UnitTypeId(k as u16));
        if kind.is_none() {
            cx.p.at(loc!["units", i, "kind"], format!("unknown unit type `{}` in unit `{}`", u.kind, u.id));
        }
        let node = lookup(map, &u.at);
        if node.is_none() {
            cx.p.at(loc!["units", i, "at"], format!("unknown hex `{}` in unit `{}`", u.at, u.id));
        }
        let supply_as = u.supply_as.as_ref().and_then(|s| {
            cx.nation(s, loc!["units", i, "supply_as"], || format!(" in `supply_as` of unit `{}`", u.id))
        });
        if let Some(t) = u.exploited
            && t > MAX_TURN
        {
            cx.p.at(loc!["units", i, "exploited"], format!("turn {t} is out of range 1..={MAX_TURN}"));
        }
        let (Some(nation), Some(kind), Some(node)) = (nation, kind, node) else { continue };
        let def = &cx.rules.unit_types[kind.index()];
        let info = &map.nodes[node as usize];
        match (def.domain, info.surface) {
            (_, Surface::Box) => {}
            (Domain::Naval, Surface::Land) => {
                cx.p.at(loc!["units", i, "at"], format!("naval unit `{}` is on inland hex `{}`", u.id, info.label));
            }
            (Domain::Naval, Surface::Coastal) if !info.features.contains(Features::PORT) => {
                cx.p.at(
                    loc!["units", i, "at"],
                    format!("naval unit `{}` is on hex `{}`, which is not a port", u.id, info.label),
                );
            }
            (Domain::Naval, Surface::Sea) => {
                cx.p.at(
                    loc!["units", i, "at"],
                    format!(
                        "naval unit `{}` is at sea in hex `{}`; naval units are based in ports or boxes",
                        u.id, info.label
                    ),
                );
            }
            (Domain::Ground | Domain::Air, Surface::Sea) => {
                cx.p.at(loc!["units", i, "at"], format!("unit `{}` is on sea hex `{}`", u.id, info.label));
            }
            _ => {}
        }
        let mut bits = UnitFlagBits::empty();
        for fl in &u.flags {
            bits |= match fl {
                UnitFlagFile::Redeployed => UnitFlagBits::REDEPLOYED,
                UnitFlagFile::Inverted => UnitFlagBits::INVERTED,
                UnitFlagFile::NewBridgehead => UnitFlagBits::NEW_BRIDGEHEAD,
            };
        }
        if u.exploited.is_some() {
            bits |= UnitFlagBits::EXPLOITED;
        }
        if u.factors.is_some_and(|f| f > 99) {
            cx.p.at(loc!["units", i, "factors"], format!("factors of unit `{}` are out of range 0..=99", u.id));
        }
        if def.bridgehead && info.surface != Surface::Coastal {
            cx.p.at(loc!["units", i, "at"], format!("bridgehead `{}` is not on a coastal hex", u.id));
        }
        units.push(UnitState {
            id: UnitId(u.id.clone()),
            nation,
            kind,
            supply_as,
            factors: u.factors.map_or(def.factors, |f| f.min(99) as u8),
            location: Location { node, turn_start: node },
            flags: UnitFlags { bits, exploited_turn: u.exploited, isolated_turns: 0 },
            supply: UnitSupply {
                status: u.supply.unwrap_or(qm_core::supply::UnitStatus::Full),
                ..UnitSupply::default()
            },
        });
    }
    units.sort_by(|a, b| a.id.cmp(&b.id));
    units
}

/// A position not yet located (generated scenarios have no file).
fn nowhere() -> crate::diag::Diagnostic {
    crate::diag::Diagnostic { file: String::new(), line: 0, col: 0, offset: 0, message: String::new() }
}
