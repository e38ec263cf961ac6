//! One nation's collection (COL-004..008): lines of supply, the conquered
//! sum halved once, naval trade, and what each place saves.

use crate::board::Board;
use crate::collect_map::{CollectMap, PlaceId, TerritoryEcon};
use crate::lines::{Lines, trace_lines};
use crate::statement::{IncomeStatement, LineStatus, MiddleEastIncome, Relay, Saved, TerritoryLine};
use crate::trade::naval_trade;
use qm_core::ids::{NationId, NodeId, NodeVec, Side};
use qm_core::map::NodeKind;
use qm_core::rng::GameRng;
use std::collections::BTreeMap;

/// Collects `nation`'s resources in `turn`. `declined` says whether a side
/// declined to attack convoys in a sea zone; convoy dice come from `rng`.
///
/// A marker nation's Middle East level is owed, not yet paid: the Middle
/// East track settles it with the Allies' treasuries after collection, in
/// the same phase ([`crate::payment::settle`], run by
/// [`crate::middle_east::plugin::settle_track`]), which adds what they pay
/// to the total.
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
    let cm = CollectMap::of(&board.spec);
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
    let cm = CollectMap::of(&board.spec);
    let (territories, saved_at, relays) = territory_lines(board, nation, lines);
    // What each of the nation's places saves, by place id, then by key.
    let mut by_place = vec![0u32; cm.places.len()];
    for (t, p) in territories.iter().zip(&saved_at) {
        if let Some(amount) = p.and_then(|p| by_place.get_mut(p as usize)) {
            *amount += t.counted;
        }
    }
    // Every place of the nation, and any other a territory saved at.
    let mut saved: BTreeMap<String, u32> = (0..cm.places.len())
        .filter(|&p| cm.places[p].nation == nation || by_place[p] > 0)
        .map(|p| (cm.place_key(p as PlaceId).to_string(), by_place[p]))
        .collect();
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
        relays,
    }
}

/// The key of a nation's homeland saving place (its own key without one):
/// where conquered territories, trade and Middle East income are saved.
#[must_use]
pub fn home_key(board: &Board, nation: NationId) -> String {
    let cm = CollectMap::of(&board.spec);
    cm.homeland(nation)
        .map_or_else(|| board.spec.ruleset.nation_key(nation).to_string(), |p| cm.place_key(p).to_string())
}

/// The land territories `nation` controls that have a value, in key order;
/// not Middle East territories, whose income is the track's (MET-002,
/// MET-006).
fn held(board: &Board, nation: NationId) -> Vec<NodeId> {
    let map = &board.spec.map;
    let cm = CollectMap::of(&board.spec);
    // Control first: it rules out most nodes and is read from one array.
    map.board_nodes()
        .filter(|&n| {
            board.control.get(n).copied().flatten() == Some(nation)
                && cm.econ(n).value > 0
                && !cm.econ(n).middle_east
                && map.node(n).is_some_and(|i| i.kind == NodeKind::Territory)
        })
        .collect()
}

/// Whether a territory counts as original for `nation` (COL-008): its
/// original owner's, or gifted to it.
fn is_original(board: &Board, nation: NationId, n: NodeId, e: TerritoryEcon) -> bool {
    match e.gifted_to {
        Some(g) => g == nation,
        None => board.original.get(n).copied().flatten() == Some(nation),
    }
}

/// Where `nation` saves a territory's resources (COL-004): the place the
/// map names, if it is the nation's; its own colony, for an original colony
/// territory; else the homeland (`homeland`, the nation's).
fn saving_place(
    board: &Board,
    nation: NationId,
    homeland: Option<PlaceId>,
    n: NodeId,
    e: TerritoryEcon,
) -> Option<PlaceId> {
    let cm = CollectMap::of(&board.spec);
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
    homeland
}

/// The lines of the statement of every territory `nation` holds with a
/// value, in key order (COL-005, COL-008), with the id of each one's saving
/// place, and the relays of their lines. Each territory keeps only its
/// first-arrival parent from the flood, not its line, so the statement is
/// linear in the map however long the lines are.
fn territory_lines(
    board: &Board,
    nation: NationId,
    lines: &Lines,
) -> (Vec<TerritoryLine>, Vec<Option<PlaceId>>, Vec<Relay>) {
    let held = held(board, nation);
    let cm = CollectMap::of(&board.spec);
    let homeland = cm.homeland(nation);
    let mut out = Vec::with_capacity(held.len());
    let mut places = Vec::with_capacity(held.len());
    let mut traced = Vec::with_capacity(held.len());
    for &n in &held {
        let e = cm.econ(n);
        let place = saving_place(board, nation, homeland, n, e);
        let parent = place.and_then(|p| lines.parent(n, p));
        out.push(territory_line(board, nation, lines, n, place, parent));
        places.push(place);
        traced.push(place.filter(|_| parent.is_some()));
    }
    let relays = relays(board, lines, &held, &traced);
    (out, places, relays)
}

/// The parents of the nodes the traced lines pass that are not territories
/// of the statement on their own place's line (those carry theirs as
/// `via`): one walk per line up to the first node already walked for the
/// same place, so each node is named at most once a place. `traced[i]` is
/// the place `held[i]` traced to.
fn relays(board: &Board, lines: &Lines, held: &[NodeId], traced: &[Option<PlaceId>]) -> Vec<Relay> {
    let map = &board.spec.map;
    let cm = CollectMap::of(&board.spec);
    let count = map.node_count();
    // Per node, the place whose line it is listed on with its own `via`.
    let mut own: NodeVec<Option<PlaceId>> = NodeVec::from(vec![None; count]);
    let mut targets: Vec<(PlaceId, NodeId)> = Vec::new();
    for (&n, &p) in held.iter().zip(traced) {
        if let (Some(p), Some(o)) = (p, own.get_mut(n)) {
            *o = Some(p);
            targets.push((p, n));
        }
    }
    // By place, so that one `seen` array serves each place in turn.
    targets.sort_unstable();
    let mut seen = NodeVec::from(vec![false; count]);
    let mut touched: Vec<NodeId> = Vec::new();
    let mut place_now = None;
    let mut out = Vec::new();
    for (p, n) in targets {
        if place_now != Some(p) {
            touched.drain(..).for_each(|x| seen[x] = false);
            place_now = Some(p);
        }
        let mut at = n;
        // Each step goes to an earlier arrival; the bound guards a broken
        // record.
        for _ in 0..=count {
            if seen.get(at).is_none_or(|&s| s) {
                break;
            }
            seen[at] = true;
            touched.push(at);
            let Some(parent) = lines.parent(at, p) else { break };
            if own[at] != Some(p) {
                out.push(Relay {
                    place: cm.place_key(p).to_string(),
                    node: map.label(at).to_string(),
                    via: parent.map(|x| map.label(x).to_string()),
                });
            }
            match parent {
                Some(x) => at = x,
                None => break,
            }
        }
    }
    out.sort_unstable();
    out
}

/// One territory's line of the statement (COL-005, COL-008), with its
/// saving place and the parent of its line of supply, if traced
/// (`Some(None)` at a supply center).
fn territory_line(
    board: &Board,
    nation: NationId,
    lines: &Lines,
    n: NodeId,
    place: Option<PlaceId>,
    parent: Option<Option<NodeId>>,
) -> TerritoryLine {
    let map = &board.spec.map;
    let e = CollectMap::of(&board.spec).econ(n);
    let original = is_original(board, nation, n, e);
    let value = u32::from(e.value);
    let line = if parent.is_some() { LineStatus::Ok } else { LineStatus::Cut };
    let blocked_by = match (place, parent) {
        (_, Some(_)) => None,
        (None, None) => Some("no saving place".to_string()),
        (Some(p), None) => Some(describe_blocker(board, nation, lines, n, p)),
    };
    let label = map.label(n);
    TerritoryLine {
        id: label.to_string(),
        name: map.node(n).and_then(|i| i.name.as_deref()).unwrap_or(label).to_string(),
        value,
        counted: if original && parent.is_some() { value } else { 0 },
        line,
        conquered: !original,
        saved_at: place.map(|p| CollectMap::of(&board.spec).place_key(p).to_string()),
        via: parent.flatten().map(|x| map.label(x).to_string()),
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
        None => format!("no supply center of `{}` on the map's lines", CollectMap::of(&board.spec).place_key(place)),
    }
}
