//! `qm check --map`: the map drawn back as the loader read it, so that a
//! designer sees what the ASCII layers made: every row with its board
//! letter and its 0-based index (odd indices are the rows shoved right),
//! columns numbered along the top, and each named place and box with its
//! neighbours.

use qm_game::NodeId;
use qm_game::{MapGraph, NodeKind, Surface, row_letters};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One character a hex: `.` land, `,` coastal, `~` sea, `*` a named place.
fn cell_char(map: &MapGraph, n: NodeId) -> char {
    let Some(info) = map.node(n) else { return '?' };
    if info.name.is_some() {
        return '*';
    }
    match info.surface {
        Surface::Land => '.',
        Surface::Coastal => ',',
        Surface::Sea => '~',
        Surface::Box => 'B',
    }
}

/// The picture and the list of places with their neighbours.
#[must_use]
pub fn draw(map: &MapGraph) -> String {
    let mut s = String::new();
    let cells: BTreeMap<(u32, u32), char> =
        map.node_ids().filter_map(|n| Some((map.row_col(n)?, cell_char(map, n)))).collect();
    if let (Some(r1), Some(c0), Some(c1)) =
        (cells.keys().map(|k| k.0).max(), cells.keys().map(|k| k.1).min(), cells.keys().map(|k| k.1).max())
    {
        draw_hexes(&mut s, &cells, r1, c0, c1);
    }
    list_places(&mut s, map);
    s
}

/// The hex picture: each hex two characters wide, odd rows (counted from
/// 0) shoved right by one; a column's number is written downwards above
/// its hexes of the even rows.
fn draw_hexes(s: &mut String, cells: &BTreeMap<(u32, u32), char>, r1: u32, c0: u32, c1: u32) {
    let _ = writeln!(s, "map as read: . land  , coastal  ~ sea  * named place (rows: board letter, then index from 0)");
    let digits = c1.to_string().len();
    for d in 0..digits {
        let mut line = " ".repeat(10);
        for c in c0..=c1 {
            let text = format!("{c:>digits$}");
            line.push(text.chars().nth(d).unwrap_or(' '));
            line.push(' ');
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
    for r in 0..=r1 {
        let mut line = format!("{:>4} {:>4} {}", row_letters(r), format!("r{r}"), if r % 2 == 1 { " " } else { "" });
        for c in c0..=c1 {
            line.push(cells.get(&(r, c)).copied().unwrap_or(' '));
            line.push(' ');
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
}

/// Every named place and box with its neighbours, in map order.
fn list_places(s: &mut String, map: &MapGraph) {
    let mut named: Vec<NodeId> =
        map.node_ids().filter(|&n| map.node(n).is_some_and(|i| i.name.is_some() || i.kind != NodeKind::Hex)).collect();
    named.sort_by_key(|&n| (map.row_col(n).unwrap_or((u32::MAX, u32::MAX)), map.label(n).to_string()));
    if named.is_empty() {
        return;
    }
    let _ = writeln!(s, "places and their neighbours:");
    for n in named {
        let mut around: Vec<NodeId> = map.adjacent(n).chain(box_links(map, n)).collect();
        around.sort_by_key(|&m| (map.row_col(m).unwrap_or((u32::MAX, u32::MAX)), map.label(m).to_string()));
        around.dedup();
        around.retain(|&m| m != n);
        let list: Vec<String> = around.into_iter().map(|m| map.describe(m)).collect();
        let list = if list.is_empty() { "none".to_string() } else { list.join(", ") };
        let _ = writeln!(s, "  {}: {list}", map.describe(n));
    }
}

/// The nodes a box is linked to, or the boxes a hex is linked to: land
/// entries either way (SUP-022..027) and a box's sea entries.
fn box_links(map: &MapGraph, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    let land = map.box_entries.iter().filter_map(move |e| match (e.from == n, e.to == n) {
        (true, _) => Some(e.to),
        (_, true) => Some(e.from),
        _ => None,
    });
    let sea = map.box_sea.iter().flat_map(move |b| {
        let out: Vec<NodeId> = if b.node == n {
            b.entries.clone()
        } else if b.entries.contains(&n) {
            vec![b.node]
        } else {
            Vec::new()
        };
        out
    });
    land.chain(sea)
}
