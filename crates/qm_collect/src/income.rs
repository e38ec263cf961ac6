//! One nation's collection (COL-004..008): lines of supply, the conquered
//! sum halved once, naval trade, and what each place saves.

use crate::board::Board;
use crate::lines::{Lines, trace_lines};
use crate::statement::{IncomeStatement, LineStatus, MiddleEastIncome, Saved, TerritoryLine};
use crate::trade::naval_trade;
use qm_core::collect_map::{PlaceId, TerritoryEcon};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::NodeKind;
use qm_core::rng::GameRng;
use std::collections::BTreeMap;

/// Collects `nation`'s resources in `turn`. `declined` says whether a side
/// declined to attack convoys in a sea zone; convoy dice come from `rng`.
///
/// A marker nation's Middle East level is owed, not yet paid: the
/// collection phase settles it with the Allies' treasuries
/// ([`crate::payment::settle`]), which adds what they pay to the total.
pub fn collect_income(
    board: &Board,
    nation: NationId,
    turn: u32,
    declined: &dyn Fn(Side, NodeId) -> bool,
    rng: &mut GameRng,
) -> IncomeStatement {
    let lines = trace_lines(board, nation, &places_of(board, nation));
    collect_income_on(board, nation, &lines, turn, declined, rng)
}

/// The saving places of a nation, in place order (COL-004).
#[must_use]
pub fn places_of(board: &Board, nation: NationId) -> Vec<PlaceId> {
    let cm = &board.spec.collect;
    (0..cm.places.len() as PlaceId).filter(|&p| cm.places[p as usize].nation == nation).collect()
}

/// One flood for the lines of all `nations` when they share it: all on one
/// side (so the same territories and sea zones pass their lines, ruling 4)
/// and at most [`crate::lines::MAX_PLACES`] saving places among them. The
/// nations of a side collect in one phase; their lines are the labels of
/// one `qm_trace` flood instead of one flood each.
#[must_use]
pub fn shared_lines(board: &Board, nations: &[NationId]) -> Option<Lines> {
    let first = *nations.first()?;
    let side = board.sides.side_of(first)?;
    if nations.iter().any(|&n| board.sides.side_of(n) != Some(side)) {
        return None;
    }
    let places: Vec<PlaceId> = nations.iter().flat_map(|&n| places_of(board, n)).collect();
    (places.len() <= crate::lines::MAX_PLACES).then(|| trace_lines(board, first, &places))
}

/// [`collect_income`] on lines already traced: `lines` must label every
/// saving place of `nation` with `nation`'s passability (its own
/// [`trace_lines`], or [`shared_lines`] of its side).
pub fn collect_income_on(
    board: &Board,
    nation: NationId,
    lines: &Lines,
    turn: u32,
    declined: &dyn Fn(Side, NodeId) -> bool,
    rng: &mut GameRng,
) -> IncomeStatement {
    let cm = &board.spec.collect;
    let places = places_of(board, nation);
    let territories = territory_lines(board, nation, lines);
    let mut saved: BTreeMap<String, u32> = places.iter().map(|&p| (cm.place_key(p).to_string(), 0)).collect();
    for t in territories.iter().filter(|t| t.counted > 0) {
        if let Some(p) = &t.saved_at {
            *saved.entry(p.clone()).or_default() += t.counted;
        }
    }
    // COL-008, ruling 3: conquered territories that trace, summed, halved
    // and rounded up once, added to the homeland's saving.
    let conquered_sum: u32 =
        territories.iter().filter(|t| t.conquered && t.line == LineStatus::Ok).map(|t| t.value).sum();
    let conquered_counted = conquered_sum.div_ceil(2);
    let naval_trade = naval_trade(board, nation, declined, rng);
    let trade: u32 = naval_trade.iter().map(|z| z.collected).sum();
    let home = home_key(board, nation);
    if conquered_counted + trade > 0 {
        *saved.entry(home).or_default() += conquered_counted + trade;
    }
    let saved: Vec<Saved> = saved.into_iter().map(|(place, amount)| Saved { place, amount }).collect();
    let total = saved.iter().map(|s| s.amount).sum();
    IncomeStatement {
        nation: board.spec.ruleset.nation_key(nation).to_string(),
        turn,
        territories,
        conquered_sum,
        conquered_counted,
        naval_trade,
        saved,
        total,
        // MET-006: the level owed, settled by the collection phase
        // (`payment::settle`).
        middle_east: crate::middle_east::track(board)
            .into_iter()
            .find(|m| m.nation == board.spec.ruleset.nation_key(nation))
            .map(MiddleEastIncome::owed),
    }
}

/// The key of a nation's homeland saving place (its own key without one):
/// where conquered territories, trade and Middle East income are saved.
#[must_use]
pub fn home_key(board: &Board, nation: NationId) -> String {
    let cm = &board.spec.collect;
    cm.homeland(nation)
        .map_or_else(|| board.spec.ruleset.nation_key(nation).to_string(), |p| cm.place_key(p).to_string())
}

/// The land territories `nation` controls that have a value, in key order;
/// not Middle East territories, whose income is the track's (MET-002,
/// MET-006).
fn held(board: &Board, nation: NationId) -> Vec<NodeId> {
    let map = &board.spec.map;
    (0..map.board_count)
        .filter(|&n| {
            map.node(n).is_some_and(|i| i.kind == NodeKind::Territory)
                && board.control.get(n as usize).copied().flatten() == Some(nation)
                && board.spec.collect.econ(n).value > 0
                && !board.spec.collect.econ(n).middle_east
        })
        .collect()
}

/// Whether a territory counts as original for `nation` (COL-008): its
/// original owner's, or gifted to it.
fn is_original(board: &Board, nation: NationId, n: NodeId, e: TerritoryEcon) -> bool {
    match e.gifted_to {
        Some(g) => g == nation,
        None => board.original.get(n as usize).copied().flatten() == Some(nation),
    }
}

/// Where `nation` saves a territory's resources (COL-004): the place the
/// map names, if it is the nation's; its own colony, for an original colony
/// territory; else the homeland.
fn saving_place(board: &Board, nation: NationId, n: NodeId, e: TerritoryEcon) -> Option<PlaceId> {
    let cm = &board.spec.collect;
    let of_nation = |p: PlaceId| cm.places.get(p as usize).is_some_and(|x| x.nation == nation);
    if let Some(p) = e.saves_at.filter(|&p| of_nation(p)) {
        return Some(p);
    }
    if e.gifted_to.is_none()
        && is_original(board, nation, n, e)
        && let Some(p) = e.place.filter(|&p| of_nation(p))
    {
        return Some(p);
    }
    cm.homeland(nation)
}

/// The lines of the statement of every territory `nation` holds with a
/// value, in key order (COL-005, COL-008); their lines of supply are traced
/// together.
fn territory_lines(board: &Board, nation: NationId, lines: &Lines) -> Vec<TerritoryLine> {
    let held = held(board, nation);
    let places: Vec<Option<PlaceId>> =
        held.iter().map(|&n| saving_place(board, nation, n, board.spec.collect.econ(n))).collect();
    let targets: Vec<(NodeId, PlaceId)> = held.iter().zip(&places).filter_map(|(&n, p)| Some((n, (*p)?))).collect();
    let mut paths = lines.lines_of(&targets).into_iter();
    held.iter()
        .zip(places)
        .map(|(&n, place)| {
            let path = place.and_then(|_| paths.next().flatten());
            territory_line(board, nation, lines, n, place, path)
        })
        .collect()
}

/// One territory's line of the statement (COL-005, COL-008), with its
/// saving place and its line of supply, if traced.
fn territory_line(
    board: &Board,
    nation: NationId,
    lines: &Lines,
    n: NodeId,
    place: Option<PlaceId>,
    path: Option<Vec<NodeId>>,
) -> TerritoryLine {
    let map = &board.spec.map;
    let e = board.spec.collect.econ(n);
    let original = is_original(board, nation, n, e);
    let value = u32::from(e.value);
    let line = if path.is_some() { LineStatus::Ok } else { LineStatus::Cut };
    let blocked_by = match (place, &path) {
        (_, Some(_)) => None,
        (None, None) => Some("no saving place".to_string()),
        (Some(p), None) => Some(describe_blocker(board, nation, lines, n, p)),
    };
    TerritoryLine {
        id: map.label(n).to_string(),
        name: map.node(n).and_then(|i| i.name.clone()).unwrap_or_else(|| map.label(n).to_string()),
        value,
        counted: if original && path.is_some() { value } else { 0 },
        line,
        conquered: !original,
        saved_at: place.map(|p| board.spec.collect.place_key(p).to_string()),
        path: path.unwrap_or_default().iter().map(|&x| map.label(x).to_string()).collect(),
        blocked_by,
    }
}

/// What cuts a territory off: a territory, or a sea zone with the enemy
/// warship that closes it, or the place's lack of a supply center.
fn describe_blocker(board: &Board, nation: NationId, lines: &Lines, n: NodeId, place: PlaceId) -> String {
    let map = &board.spec.map;
    match lines.blocker(board, nation, n, place) {
        Some(b) => match board.raider(nation, b) {
            Some(ship) => format!("{} ({})", map.label(b), ship.id),
            None => map.label(b).to_string(),
        },
        None => format!("no supply center of `{}` on the map's lines", board.spec.collect.place_key(place)),
    }
}
