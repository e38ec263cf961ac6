//! `map [LABEL] [RADIUS] [--side S]`: the hex map in the terminal, around a
//! hex or whole, with row and column labels. Each hex is three characters:
//! the side's supply status of it or who holds it (SUP-011), the units in
//! it of both sides (isolated ones marked), and whether it is in an enemy
//! zone of control (SUP-057). ANSI colours unless `NO_COLOR` is set or the
//! output is not a terminal.

use super::session::Session;
use qm_game::{DeterminationKind, Game, NodeId, NodeSlice, NodeVec, Side, row_letters};
use qm_game::{HexStatus, UnitStatus};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Default radius around a named hex.
const RADIUS: u32 = 4;

/// Runs `map`.
///
/// # Errors
/// Bad arguments, an unknown hex, or a map without hexes.
pub fn command(s: &mut Session, args: &[&str], colour: bool) -> Result<String, String> {
    let mut side = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(&a) = it.next() {
        if a == "--side" {
            side = match it.next().copied() {
                Some("axis") => Some(Side::Axis),
                Some("allies") => Some(Side::Allies),
                other => return Err(format!("--side {}: axis or allies", other.unwrap_or(""))),
            };
        } else {
            rest.push(a);
        }
    }
    let g = &s.game;
    let map = &g.spec().map;
    if !map.is_hex_map() {
        return Err("not a hex map: `show units` and `explain TERRITORY` describe territory maps".into());
    }
    let centre = match rest.first() {
        Some(l) => {
            Some(map.find(l).ok_or_else(|| format!("no hex `{l}`{}", qm_game::files::suggest::place_hint(map, l)))?)
        }
        None => None,
    };
    let radius = match rest.get(1) {
        Some(r) => Some(r.parse::<u32>().map_err(|_| format!("radius `{r}`: a number"))?),
        None => None,
    };
    let side = side.or_else(|| g.last_determined_side()).unwrap_or(g.clock().side);
    Ok(draw(g, side, centre, radius.unwrap_or(RADIUS), colour))
}

/// One hex's contents.
#[derive(Clone, Copy, Default)]
struct Cell {
    status: char,
    unit: char,
    zoc: bool,
    bg: Option<u8>,
    alarm: bool,
}

/// The picture.
fn draw(g: &Game, side: Side, centre: Option<NodeId>, radius: u32, colour: bool) -> String {
    let map = &g.spec().map;
    let view = g.map_view(side);
    let other = g.map_view(side.other());
    let zoc = zoc_of(g, side);
    let enemy_units: BTreeMap<NodeId, usize> = other.nodes.iter().map(|n| (n.node, n.units.len())).collect();
    let mut cells: BTreeMap<(u32, u32), Cell> = BTreeMap::new();
    for n in &view.nodes {
        let Some(rc) = n.row_col else { continue };
        if let Some(c) = centre
            && let (Some(a), Some(b)) = (map.coord(c), map.coord(n.node))
            && a.unsigned_distance_to(b) > radius
        {
            continue;
        }
        let sea = n.surface == qm_game::Surface::Sea;
        let (status, bg) = match (sea, n.supply, n.control_side) {
            (true, _, _) => ('~', Some(44)),
            (false, Some(HexStatus::Full), _) => ('#', Some(42)),
            (false, Some(HexStatus::Partial), _) => ('+', Some(43)),
            (false, Some(HexStatus::Unsupplied), _) => ('!', Some(41)),
            (false, None, Some(s)) if s != side => ('.', Some(100)),
            _ => (' ', None),
        };
        let mine = n.worst_unit_status();
        let theirs = enemy_units.get(&n.node).copied().unwrap_or(0) > 0;
        let unit = match (mine, theirs) {
            (Some(UnitStatus::Isolated), _) => 'X',
            (Some(UnitStatus::Partial), _) => 'u',
            (Some(UnitStatus::Full), _) => 'U',
            (None, true) => 'E',
            (None, false) => ' ',
        };
        let zoc = zoc.get(n.node).copied().unwrap_or(false);
        cells.insert(rc, Cell { status, unit, zoc, bg, alarm: mine == Some(UnitStatus::Isolated) });
    }
    let Some(r0) = cells.keys().map(|k| k.0).min() else { return "nothing to draw".into() };
    let r1 = cells.keys().map(|k| k.0).max().unwrap_or(r0);
    let c0 = cells.keys().map(|k| k.1).min().unwrap_or(0);
    let c1 = cells.keys().map(|k| k.1).max().unwrap_or(c0);
    let mut s = format!(
        "map of {side}: # full  + partial  ! unsupplied  . enemy-held  ~ sea | U/u/X own units full/partial/isolated  E enemy units | z enemy ZOC\n"
    );
    let header: String = (c0..=c1).map(|c| format!("{c:<4}")).collect();
    let _ = writeln!(s, "     {}", header.trim_end());
    for r in r0..=r1 {
        let _ = write!(s, "{:>4} {}", row_letters(r), if r % 2 == 1 { "  " } else { "" });
        for c in c0..=c1 {
            let cell = cells.get(&(r, c)).copied().unwrap_or(Cell { status: ' ', unit: ' ', ..Cell::default() });
            let text = format!("{}{}{}", cell.status, cell.unit, if cell.zoc { 'z' } else { ' ' });
            match (colour, cell.bg) {
                (true, Some(bg)) if cell.alarm => {
                    let _ = write!(s, "\x1b[{bg};1;97m{text}\x1b[0m ");
                }
                (true, Some(bg)) => {
                    let _ = write!(s, "\x1b[{bg};30m{text}\x1b[0m ");
                }
                _ => {
                    let _ = write!(s, "{text} ");
                }
            }
        }
        s.truncate(s.trim_end_matches(' ').len());
        s.push('\n');
    }
    s
}

/// Which hexes are in an enemy zone of control of `side`, as the supply
/// context of `side`'s last determination has them (SUP-057); one is made
/// on a copy of the game if the last was the other side's.
fn zoc_of(g: &Game, side: Side) -> NodeVec<bool> {
    if let Some(zoc) = g.zoc(side) {
        return zoc.to_vec();
    }
    let mut copy = g.clone();
    copy.determine_supply(side, DeterminationKind::Initial);
    copy.zoc(side).map(NodeSlice::to_vec).unwrap_or_default()
}
