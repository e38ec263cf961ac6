//! Compiles a territory map (`territories:` of a scenario): land territories
//! and sea zones with names, adjacency lists and optional drawing positions
//! (COL-005: lines of supply run through territories and sea zones).
//!
//! It compiles to the same [`MapGraph`] as a hex map, without a hex layer:
//! the board's nodes sorted by key, `LAND` edges between adjacent land
//! territories, `SEA` edges between adjacent sea zones and between a sea
//! zone and the land territories on its coast. The trace kernel floods it as
//! it floods hexes.
//!
//! Adjacency is symmetric and written once: a border listed on either side
//! joins both territories; listing it on both sides is allowed, listing an
//! unknown key or the territory itself is an error.

use crate::compile::{Ctx, index_names, landings};
use crate::diag::loc;
use crate::hexmap::surfaces;
use crate::schema::{TerritoryFile, TerritoryKind};
use qm_core::components::{Control, HexDamage};
use qm_core::ids::{NationId, NodeId, NodeSlice, NodeVec, RegionId, TerrainId};
use qm_core::map::{Features, MapGraph, NodeInfo, NodeKind, Point, Surface};
use qm_core::state::NodeState;
use qm_trace::{Csr, EdgeKinds};
use std::collections::{BTreeMap, BTreeSet};

/// Largest number of territories and sea zones of a map.
pub const MAX_TERRITORIES: usize = 100_000;

/// A territory's attributes, resolved.
struct Draft {
    terrain: TerrainId,
    control: Option<NationId>,
    original: Option<NationId>,
    region: Option<RegionId>,
}

/// The territories in node order (by key) and the key index.
struct Order {
    /// File index of each node.
    file: Vec<usize>,
    by_key: BTreeMap<String, NodeId>,
}

/// Compiles a territory map: the graph and each node's initial state.
pub(crate) fn compile_territory_map(list: &[TerritoryFile], cx: &mut Ctx<'_>) -> (MapGraph, NodeVec<NodeState>) {
    if list.len() > MAX_TERRITORIES {
        cx.p.at(loc!["territories"], format!("more than {MAX_TERRITORIES} territories"));
        return (MapGraph::default(), NodeVec::new());
    }
    let order = key_order(list, cx);
    let regions = region_keys(list, cx);
    let borders = borders(list, &order, cx);
    let drafts: NodeVec<Draft> = order.file.iter().map(|&i| draft(i, &list[i], &regions, cx)).collect();
    let land: NodeVec<bool> = order.file.iter().map(|&i| list[i].kind == TerritoryKind::Land).collect();
    let n = order.file.len();
    let adjacency =
        Csr::from_edges(n, borders.iter().flat_map(|&(a, b)| [(a, b, EdgeKinds::LAND), (b, a, EdgeKinds::LAND)]));
    let surfaces = surfaces(&land, &adjacency);
    let land_csr = land_topology(&borders, &land, &drafts, n);
    let sea = sea_topology(&borders, &land, n);
    let nodes: NodeVec<NodeInfo> =
        order.file.iter().zip(&drafts).zip(&surfaces).map(|((&i, d), &s)| node_info(&list[i], d, s)).collect();
    let states = drafts
        .iter()
        .map(|d| NodeState {
            control: Control { current: d.control, original: d.original, by_partisan: false, captured: None },
            damage: HexDamage::default(),
            supply: Default::default(),
        })
        .collect();
    let (by_label, by_name) = index_names(&nodes, BTreeMap::new());
    let map = MapGraph {
        landings: landings(&nodes),
        region_of: nodes.iter().map(|i| i.region).collect(),
        board_count: n as u32,
        hex: None,
        nodes,
        land_rev: land_csr.reversed(),
        land: land_csr,
        adjacency,
        sea,
        regions,
        by_label,
        by_name,
        ..MapGraph::default()
    };
    (map, states)
}

/// Numbers the territories by key, checking that keys are well formed and
/// unique.
fn key_order(list: &[TerritoryFile], cx: &mut Ctx<'_>) -> Order {
    let mut by_key: BTreeMap<String, usize> = BTreeMap::new();
    for (i, t) in list.iter().enumerate() {
        if !crate::ruleset::is_key(&t.key) {
            cx.p.at(
                loc!["territories", i, "key"],
                format!("territory key `{}` must be lowercase letters, digits and `-`", t.key),
            );
        } else if let Some(first) = by_key.get(&t.key) {
            cx.p.at(
                loc!["territories", i, "key"],
                format!("duplicate territory `{}` (first listed as territory {})", t.key, first + 1),
            );
        } else {
            by_key.insert(t.key.clone(), i);
        }
    }
    let file: Vec<usize> = by_key.values().copied().collect();
    let by_key = by_key.into_keys().zip(NodeId::all(file.len())).collect();
    Order { file, by_key }
}

/// The map's region keys, sorted, each declared by the ruleset.
fn region_keys(list: &[TerritoryFile], cx: &mut Ctx<'_>) -> Vec<String> {
    let declared = crate::ruleset::declared(cx.rules);
    let mut keys = BTreeSet::new();
    for (i, t) in list.iter().enumerate() {
        if let Some(r) = &t.region {
            declared.region(r, loc!["territories", i, "region"], &mut cx.p);
            keys.insert(r.clone());
        }
    }
    keys.into_iter().collect()
}

/// The borders, as sorted pairs `(a, b)` with `a < b`, from the adjacency
/// lists: unknown keys and a territory adjacent to itself are errors.
fn borders(list: &[TerritoryFile], order: &Order, cx: &mut Ctx<'_>) -> Vec<(NodeId, NodeId)> {
    let mut out = BTreeSet::new();
    for (i, t) in list.iter().enumerate() {
        let Some(&a) = order.by_key.get(&t.key) else { continue };
        for (j, k) in t.adjacent.iter().enumerate() {
            let at = loc!["territories", i, "adjacent", j];
            match order.by_key.get(k) {
                None => cx.p.at(at, format!("unknown territory `{k}` adjacent to `{}`", t.key)),
                Some(&b) if b == a => cx.p.at(at, format!("territory `{k}` is adjacent to itself")),
                Some(&b) => {
                    out.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    out.into_iter().collect()
}

/// A territory's terrain, controllers and region.
fn draft(i: usize, t: &TerritoryFile, regions: &[String], cx: &mut Ctx<'_>) -> Draft {
    let land = t.kind == TerritoryKind::Land;
    let terrain = terrain(i, t, cx);
    let nation = |key: &Option<String>, field: &str, cx: &mut Ctx<'_>| -> Option<NationId> {
        let key = key.as_ref()?;
        if !land {
            cx.p.at(loc!["territories", i, field], format!("sea zone `{}` has no controller: remove `{field}`", t.key));
            return None;
        }
        cx.nation(key, loc!["territories", i, field], || format!(" controlling territory `{}`", t.key))
    };
    let control = nation(&t.control, "control", cx);
    let original = if t.original.is_some() { nation(&t.original, "original", cx) } else { control };
    let region = t.region.as_ref().and_then(|r| regions.iter().position(|k| k == r)).map(|x| RegionId(x as u16));
    Draft { terrain, control, original, region }
}

/// A territory's terrain: as named, or the ruleset's first land (or sea)
/// terrain. It must be land for a land territory and sea for a sea zone.
fn terrain(i: usize, t: &TerritoryFile, cx: &mut Ctx<'_>) -> TerrainId {
    let land = t.kind == TerritoryKind::Land;
    let what = if land { "land territory" } else { "sea zone" };
    let found = match &t.terrain {
        Some(k) => {
            let Some(pos) = cx.rules.terrain.iter().position(|x| &x.key == k) else {
                cx.p.at(loc!["territories", i, "terrain"], format!("unknown terrain `{k}` of {what} `{}`", t.key));
                return TerrainId(0);
            };
            if cx.rules.terrain[pos].land != land {
                cx.p.at(
                    loc!["territories", i, "terrain"],
                    format!("terrain `{k}` of {what} `{}` is {}", t.key, if land { "sea" } else { "land" }),
                );
            }
            Some(pos)
        }
        None => cx.rules.terrain.iter().position(|x| x.land == land),
    };
    match found {
        Some(pos) => TerrainId(pos as u8),
        None => {
            let kind = if land { "land" } else { "sea" };
            cx.p.at(
                loc!["territories", i, "kind"],
                format!("the ruleset has no {kind} terrain for {what} `{}`", t.key),
            );
            TerrainId(0)
        }
    }
}

/// `LAND` edges between adjacent land territories, `GATED` across region
/// borders as on a hex map (restricted routes, SUP-062).
fn land_topology(borders: &[(NodeId, NodeId)], land: &NodeSlice<bool>, drafts: &NodeSlice<Draft>, n: usize) -> Csr {
    let edges = borders.iter().filter(|&&(a, b)| land[a] && land[b]).flat_map(|&(a, b)| {
        let kind =
            if drafts[a].region == drafts[b].region { EdgeKinds::LAND } else { EdgeKinds::LAND | EdgeKinds::GATED };
        [(a, b, kind), (b, a, kind)]
    });
    Csr::from_edges(n, edges)
}

/// `SEA` edges between adjacent sea zones and between a sea zone and the
/// land territories on its coast, both ways.
fn sea_topology(borders: &[(NodeId, NodeId)], land: &NodeSlice<bool>, n: usize) -> Csr {
    let edges = borders
        .iter()
        .filter(|&&(a, b)| !land[a] || !land[b])
        .flat_map(|&(a, b)| [(a, b, EdgeKinds::SEA), (b, a, EdgeKinds::SEA)]);
    Csr::from_edges(n, edges)
}

/// A territory's static attributes.
fn node_info(t: &TerritoryFile, d: &Draft, surface: Surface) -> NodeInfo {
    NodeInfo {
        label: t.key.clone(),
        name: t.name.clone(),
        kind: if t.kind == TerritoryKind::Land { NodeKind::Territory } else { NodeKind::SeaZone },
        at: t.at.map(|(x, y)| Point { x, y }),
        surface,
        terrain: d.terrain,
        features: t.features.iter().fold(Features::empty(), |f, x| f | x.flag()),
        theater: t.theater.unwrap_or_default(),
        region: d.region,
        front: None,
        ic_brp: 0,
    }
}
