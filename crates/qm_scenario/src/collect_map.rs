//! Compiles the collection data of a territory map (COL-004..008): resource
//! values, colonies and saving places, gifts, incorporation and naval trade.
//!
//! Errors, at the token: a value or naval trade out of range, a colony or
//! saving place named by a territory of no nation, a `saves_at` that names
//! neither a colony nor a homeland, or one of another nation than the
//! territory's owner, a nation unknown, trade in a land territory.

use crate::compile::Ctx;
use crate::diag::loc;
use crate::schema::{TerritoryFile, TerritoryKind};
use qm_collect::collect_map::{CollectMap, Holding, PlaceId, SavingPlace, TerritoryEcon, TradePoints};
use qm_core::ids::{NationId, NodeId, NodeSlice, NodeVec};
use qm_core::map::MapGraph;
use qm_core::state::NodeState;
use std::collections::BTreeMap;

/// Largest resource value of a territory.
pub const MAX_VALUE: u8 = 99;

/// Largest naval-trade points of one nation in one sea zone.
pub const MAX_TRADE: u16 = 99;

/// Compiles the collection data of `list`, compiled into `map` with the
/// initial `states`.
pub(crate) fn compile_collect_map(
    list: &[TerritoryFile],
    map: &MapGraph,
    states: &NodeSlice<NodeState>,
    cx: &mut Ctx<'_>,
) -> CollectMap {
    if list.is_empty() {
        return CollectMap::default();
    }
    let places = saving_places(list, map, states, cx);
    let by_key: BTreeMap<&str, (PlaceId, &SavingPlace)> =
        places.iter().enumerate().map(|(i, p)| (p.key.as_str(), (i as PlaceId, p))).collect();
    let mut territories = NodeVec::from(vec![TerritoryEcon::default(); map.board_nodes().len()]);
    let mut trade = Vec::new();
    for (i, t) in list.iter().enumerate() {
        let Some(node) = map.find(&t.key) else { continue };
        let original = states.get(node).and_then(|s| s.control.original);
        territories[node] = econ(i, t, original, &by_key, cx);
        trade.extend(trade_points(i, t, node, cx));
    }
    trade.sort_by_key(|x: &TradePoints| (x.zone, x.nation));
    CollectMap { territories, places, trade }
}

/// The homelands (one per nation owning a homeland territory) and the
/// colonies, sorted by key.
fn saving_places(
    list: &[TerritoryFile],
    map: &MapGraph,
    states: &NodeSlice<NodeState>,
    cx: &mut Ctx<'_>,
) -> Vec<SavingPlace> {
    let mut out: BTreeMap<String, SavingPlace> = BTreeMap::new();
    for (i, t) in list.iter().enumerate() {
        let Some(node) = map.find(&t.key) else { continue };
        let Some(nation) = states.get(node).and_then(|s| s.control.original) else {
            if t.colony.is_some() {
                cx.p.at(loc!["territories", i, "colony"], format!("`{}` belongs to no nation: no colony", t.key));
            }
            continue;
        };
        let (key, colony) = match &t.colony {
            Some(c) => (c.clone(), true),
            None => (cx.rules.nation_key(nation).to_string(), false),
        };
        let place = out.entry(key.clone()).or_insert(SavingPlace { key, nation, colony });
        if place.nation != nation || place.colony != colony {
            cx.p.at(loc!["territories", i, "colony"], format!("colony `{}` of two nations", place.key));
        }
    }
    out.into_values().collect()
}

/// One territory's collection data.
fn econ(
    i: usize,
    t: &TerritoryFile,
    original: Option<NationId>,
    places: &BTreeMap<&str, (PlaceId, &SavingPlace)>,
    cx: &mut Ctx<'_>,
) -> TerritoryEcon {
    if t.value > MAX_VALUE {
        cx.p.at(loc!["territories", i, "value"], format!("resource value {} out of range 0..={MAX_VALUE}", t.value));
    }
    let land = t.kind == TerritoryKind::Land;
    if !land && t.value > 0 {
        cx.p.at(loc!["territories", i, "value"], format!("sea zone `{}` has no resource value", t.key));
    }
    let home_key = original.map(|n| cx.rules.nation_key(n).to_string());
    let own_key = t.colony.clone().or(home_key);
    let place = own_key.as_deref().and_then(|k| places.get(k)).map(|x| x.0);
    let gifted_to = t.gifted_to.as_ref().and_then(|k| {
        cx.nation(k, loc!["territories", i, "gifted_to"], || format!(" receiving territory `{}`", t.key))
    });
    let saves_at = t.saves_at.as_ref().and_then(|k| {
        let found = places.get(k.as_str()).copied();
        if found.is_none() {
            cx.p.at(
                loc!["territories", i, "saves_at"],
                format!("`{}` saves at `{k}`, which is not a colony or homeland", t.key),
            );
        }
        found.filter(|&(_, p)| routed_to_owner(i, t, p, [original, gifted_to], cx)).map(|x| x.0)
    });
    let holding = if t.colony.is_some() { Holding::Colony } else { Holding::Homeland };
    TerritoryEcon {
        value: t.value,
        holding,
        place,
        saves_at,
        gifted_to,
        incorporated: t.incorporated,
        middle_east: t.middle_east,
    }
}

/// Whether a territory's routing (COL-004) names a place of its owner: its
/// original owner's, or the nation it was gifted to. A homeland or colony of
/// another nation is an error.
fn routed_to_owner(
    i: usize,
    t: &TerritoryFile,
    place: &SavingPlace,
    owners: [Option<NationId>; 2],
    cx: &mut Ctx<'_>,
) -> bool {
    if owners.contains(&Some(place.nation)) {
        return true;
    }
    let what = if place.colony { "a colony" } else { "the homeland" };
    cx.p.at(
        loc!["territories", i, "saves_at"],
        format!(
            "`{}` saves at `{}`, {what} of {}, not a colony or homeland of its owner",
            t.key,
            place.key,
            cx.rules.nation_key(place.nation)
        ),
    );
    false
}

/// The naval-trade points of a sea zone.
fn trade_points(i: usize, t: &TerritoryFile, zone: NodeId, cx: &mut Ctx<'_>) -> Vec<TradePoints> {
    if t.kind == TerritoryKind::Land && !t.trade.is_empty() {
        cx.p.at(loc!["territories", i, "trade"], format!("land territory `{}` has no naval trade", t.key));
        return Vec::new();
    }
    let mut out = Vec::new();
    for (j, (k, points)) in t.trade.iter().enumerate() {
        if *points > MAX_TRADE {
            cx.p.at(
                loc!["territories", i, "trade", j],
                format!("naval trade {points} of `{k}` in `{}` out of range 0..={MAX_TRADE}", t.key),
            );
            continue;
        }
        let nation = cx.nation(k, loc!["territories", i, "trade", j], || format!(" trading in `{}`", t.key));
        if let Some(nation) = nation {
            out.push(TradePoints { zone, nation, points: *points });
        }
    }
    out
}
