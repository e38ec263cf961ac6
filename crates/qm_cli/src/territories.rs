//! Territory maps on the command line: with no hex grid to draw, `qm
//! supply` prints a table of territories and sea zones with their status:
//! controller, line of supply (COL-005), value and saving place (COL-004),
//! and, for sea zones, the ships in them and the naval trade (COL-006).
//!
//! The line status is the one an income statement would record: each
//! controller's collection is computed on the game as it stands (the same
//! `qm_game::collection::collect_income`, with its one flood per nation), without
//! running a phase or touching the game's random stream.

use qm_game::Game;
use qm_game::GameRng;
use qm_game::NodeKind;
use qm_game::collection::{Board, CollectMap, IncomeStatement, LineStatus, collect_income};
use qm_game::{NationId, NodeId};
use std::fmt::Write;

/// Whether the game is played on a territory map (no hex grid).
#[must_use]
pub fn is_territory_map(g: &Game) -> bool {
    let map = &g.spec().map;
    map.hex.is_none() && map.board_nodes().any(|n| map.node(n).is_some_and(|i| i.kind == NodeKind::Territory))
}

/// One row of the territory table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct TerritoryRow {
    /// Territory or sea-zone key.
    pub key: String,
    /// Display name.
    pub name: String,
    /// A sea zone (not a land territory).
    pub sea: bool,
    /// The controlling nation's key (land only).
    pub controller: Option<String>,
    /// The original owner's key, when it differs from the controller.
    pub original: Option<String>,
    /// Resource value (land) or naval-trade points of all nations (sea).
    pub value: u32,
    /// The line of supply to the saving place, for a land territory its
    /// controller collects (COL-005).
    #[schemars(with = "Option<crate::output_collect::LineOut>")]
    pub line: Option<LineStatus>,
    /// Where its resources are saved (COL-004).
    pub saved_at: Option<String>,
    /// Why a line is cut, or the ships in a sea zone.
    pub note: String,
}

/// The income statement every nation would get now, one per nation that
/// controls a territory with a value, in nation order. Convoy dice are drawn
/// from a throwaway stream: only the lines are read from them.
#[must_use]
pub fn statements_now(g: &mut Game) -> Vec<IncomeStatement> {
    let turn = g.clock().turn;
    let Some(board) = g.territory_board() else { return Vec::new() };
    let mut nations: Vec<NationId> = board.control.iter().flatten().copied().collect();
    nations.sort_unstable();
    nations.dedup();
    let mut rng = GameRng::seeded(0);
    nations.into_iter().map(|n| collect_income(&board, n, turn, &|_, _| false, &mut rng)).collect()
}

/// The rows of the territory table, in key order.
#[must_use]
pub fn territory_rows(g: &mut Game) -> Vec<TerritoryRow> {
    let statements = statements_now(g);
    let Some(board) = g.territory_board() else { return Vec::new() };
    let map = &board.spec.map;
    map.board_nodes().filter_map(|n| row(&board, &statements, n)).collect()
}

/// A node's row: a land territory or a sea zone.
fn row(board: &Board, statements: &[IncomeStatement], n: NodeId) -> Option<TerritoryRow> {
    let spec = &board.spec;
    let info = spec.map.node(n)?;
    let key = info.label.clone();
    let name = info.name.clone().unwrap_or_else(|| key.clone());
    let nation = |x: Option<NationId>| x.map(|x| spec.ruleset.nation_key(x).to_string());
    match info.kind {
        NodeKind::Territory => {
            let control = board.control.get(n).copied().flatten();
            let first = board.original.get(n).copied().flatten();
            let controller = nation(control);
            let line = controller
                .as_ref()
                .and_then(|c| statements.iter().find(|s| &s.nation == c))
                .and_then(|s| s.territory(&key));
            Some(TerritoryRow {
                key,
                name,
                sea: false,
                original: if first == control { None } else { nation(first) },
                controller,
                value: u32::from(CollectMap::of(spec).econ(n).value),
                line: line.map(|t| t.line),
                saved_at: line.and_then(|t| t.saved_at.clone()),
                note: line.and_then(|t| t.blocked_by.clone()).map(|b| format!("cut by {b}")).unwrap_or_default(),
            })
        }
        NodeKind::SeaZone => {
            let trade: u32 =
                CollectMap::of(spec).trade.iter().filter(|t| t.zone == n).map(|t| u32::from(t.points)).sum();
            let ships: Vec<String> =
                board.ships_in(n).map(|s| format!("{} ({})", s.id, spec.ruleset.nation_key(s.nation))).collect();
            let note = if ships.is_empty() { String::new() } else { format!("ships: {}", ships.join(", ")) };
            Some(TerritoryRow {
                key,
                name,
                sea: true,
                controller: None,
                original: None,
                value: trade,
                line: None,
                saved_at: None,
                note,
            })
        }
        _ => None,
    }
}

/// The rows as a table: land territories first, then sea zones (with
/// `seas`).
#[must_use]
pub fn territory_table(rows: &[TerritoryRow], seas: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<20} {:<22} {:<16} {:<5} {:>5}  {:<20} NOTE",
        "TERRITORY", "NAME", "CONTROL", "LINE", "VALUE", "SAVED AT"
    );
    for r in rows.iter().filter(|r| !r.sea) {
        let control = match (&r.controller, &r.original) {
            (Some(c), Some(o)) => format!("{c} (of {o})"),
            (Some(c), None) => c.clone(),
            (None, _) => "-".to_string(),
        };
        let line = match r.line {
            Some(LineStatus::Ok) => "ok",
            Some(LineStatus::Cut) => "CUT",
            None => "-",
        };
        let _ = writeln!(
            s,
            "{:<20} {:<22} {control:<16} {line:<5} {:>5}  {:<20} {}",
            r.key,
            r.name,
            r.value,
            r.saved_at.as_deref().unwrap_or("-"),
            r.note
        );
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    if seas {
        let _ = writeln!(s, "\n{:<20} {:<22} {:>5}  NOTE", "SEA ZONE", "NAME", "TRADE");
        for r in rows.iter().filter(|r| r.sea) {
            let _ = writeln!(s, "{:<20} {:<22} {:>5}  {}", r.key, r.name, r.value, r.note);
            s.truncate(s.trim_end().len());
            s.push('\n');
        }
    }
    let land: Vec<&TerritoryRow> = rows.iter().filter(|r| !r.sea).collect();
    let count = |st: LineStatus| land.iter().filter(|r| r.line == Some(st)).count();
    let _ = writeln!(
        s,
        "\nterritories: {} ({} lines ok, {} cut); sea zones: {}",
        land.len(),
        count(LineStatus::Ok),
        count(LineStatus::Cut),
        rows.len() - land.len()
    );
    s
}
