//! Where things go on a hex map's picture: pointy-top hexes, odd rows
//! shoved right (as the map files write them), row labels on the left,
//! column labels on top, boxes in the margins beside the hexes they are
//! linked to, the legend below.

use crate::scene::{Scene, SceneNode};
use qm_core::ids::NodeId;
use qm_core::map::NodeKind;
use std::collections::BTreeMap;

/// A hex's radius (centre to corner), in SVG units.
pub const SIZE: f64 = 28.0;
/// Height of the title band.
const TOP: f64 = 56.0;
/// Width of a margin holding boxes.
const BOX_MARGIN: f64 = 120.0;
/// Width of a box.
pub const BOX_W: f64 = 104.0;
/// Height of a box.
pub const BOX_H: f64 = 34.0;
/// Left edge of the legend.
pub const LEGEND_X: f64 = 12.0;

/// A point.
pub type Pt = (f64, f64);

/// The positions of a hex map's picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Total width.
    pub width: f64,
    /// Total height.
    pub height: f64,
    /// Centre of each hex, and of each box, by node.
    pub centers: BTreeMap<NodeId, Pt>,
    /// Hexes by row and column.
    pub grid: BTreeMap<(u32, u32), NodeId>,
    /// First and last row, first and last column.
    pub rows: (u32, u32),
    /// First and last column.
    pub cols: (u32, u32),
    /// Top of the legend band.
    pub legend_y: f64,
}

/// Hex width (flat side to flat side).
#[must_use]
pub fn hex_w() -> f64 {
    3f64.sqrt() * SIZE
}

impl Layout {
    /// Lays out a hex map's scene.
    #[must_use]
    pub fn of(scene: &Scene) -> Self {
        let grid: BTreeMap<(u32, u32), NodeId> =
            scene.nodes.iter().filter_map(|n| Some((n.row_col?, n.node))).collect();
        let r0 = grid.keys().map(|k| k.0).min().unwrap_or(0);
        let r1 = grid.keys().map(|k| k.0).max().unwrap_or(0);
        let c0 = grid.keys().map(|k| k.1).min().unwrap_or(0);
        let c1 = grid.keys().map(|k| k.1).max().unwrap_or(0);
        let w = hex_w();
        let map_w = f64::from(c1 - c0 + 1) * w + w / 2.0;
        let map_h = f64::from(r1 - r0) * 1.5 * SIZE + 2.0 * SIZE;
        let probe = |r: u32, c: u32| (f64::from(c - c0) * w + if r % 2 == 1 { w / 2.0 } else { 0.0 }) + w / 2.0;
        let sides = box_sides(scene, &grid, |r, c| probe(r, c) < map_w / 2.0);
        let left = 34.0 + if sides.values().any(|&l| l) { BOX_MARGIN } else { 0.0 };
        let right = 16.0 + if sides.values().any(|&l| !l) { BOX_MARGIN } else { 0.0 };
        let mut centers = BTreeMap::new();
        for (&(r, c), &n) in &grid {
            centers.insert(n, (left + probe(r, c), TOP + SIZE + f64::from(r - r0) * 1.5 * SIZE));
        }
        let width = (left + map_w + right).max(560.0);
        let legend_y = TOP + map_h + 16.0;
        // The legend's rows wrap to the width: its height follows.
        let (_, legend_h) = crate::legend::legend(scene, LEGEND_X, legend_y, width - 2.0 * LEGEND_X, false);
        let height = legend_y + legend_h + 8.0;
        place_boxes(scene, &sides, &mut centers, (left, left + map_w), TOP + map_h);
        Self { width, height, centers, grid, rows: (r0, r1), cols: (c0, c1), legend_y }
    }

    /// The centre of a node (hex or box).
    #[must_use]
    pub fn center(&self, n: NodeId) -> Option<Pt> {
        self.centers.get(&n).copied()
    }

    /// The corners of a hex around `c`, clockwise from the top.
    #[must_use]
    pub fn corners(c: Pt) -> [Pt; 6] {
        let mut out = [(0.0, 0.0); 6];
        for (i, p) in out.iter_mut().enumerate() {
            let a = (60.0 * i as f64 - 90.0).to_radians();
            *p = (c.0 + SIZE * a.cos(), c.1 + SIZE * a.sin());
        }
        out
    }

    /// The hexes next to a hex on the grid, by row and column (odd rows
    /// shoved right).
    #[must_use]
    pub fn neighbours(&self, (r, c): (u32, u32)) -> Vec<NodeId> {
        let (r, c) = (i64::from(r), i64::from(c));
        let shift = if r % 2 == 1 { 0 } else { -1 };
        let cand = [
            (r, c - 1),
            (r, c + 1),
            (r - 1, c + shift),
            (r - 1, c + shift + 1),
            (r + 1, c + shift),
            (r + 1, c + shift + 1),
        ];
        cand.iter()
            .filter_map(|&(r, c)| {
                let k = (u32::try_from(r).ok()?, u32::try_from(c).ok()?);
                self.grid.get(&k).copied()
            })
            .collect()
    }
}

/// The segment two adjacent hexes share, `inset` units towards `a`.
#[must_use]
pub fn shared_side(a: Pt, b: Pt, inset: f64) -> (Pt, Pt) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let mid = ((a.0 + b.0) / 2.0 - ux * inset, (a.1 + b.1) / 2.0 - uy * inset);
    let half = SIZE / 2.0 - inset * 0.6;
    ((mid.0 - uy * half, mid.1 + ux * half), (mid.0 + uy * half, mid.1 - ux * half))
}

/// For each box linked to hexes, whether it goes in the left margin (its
/// hexes lie mostly in the left half). Boxes without hexes go right.
fn box_sides(
    scene: &Scene,
    grid: &BTreeMap<(u32, u32), NodeId>,
    left_half: impl Fn(u32, u32) -> bool,
) -> BTreeMap<NodeId, bool> {
    let rc: BTreeMap<NodeId, (u32, u32)> = grid.iter().map(|(&k, &n)| (n, k)).collect();
    let mut out = BTreeMap::new();
    for b in scene.nodes.iter().filter(|n| n.kind == NodeKind::Box) {
        let hexes: Vec<(u32, u32)> =
            scene.box_links.iter().filter(|l| l.boxed == b.node).filter_map(|l| rc.get(&l.hex).copied()).collect();
        let lefts = hexes.iter().filter(|&&(r, c)| left_half(r, c)).count();
        out.insert(b.node, !hexes.is_empty() && lefts * 2 > hexes.len());
    }
    out
}

/// Puts each box in its margin at the mean height of its hexes, stacked so
/// that none overlap.
fn place_boxes(
    scene: &Scene,
    sides: &BTreeMap<NodeId, bool>,
    centers: &mut BTreeMap<NodeId, Pt>,
    (map_l, map_r): (f64, f64),
    bottom: f64,
) {
    for want_left in [true, false] {
        let mut wanted: Vec<(f64, NodeId)> = sides
            .iter()
            .filter(|&(_, &l)| l == want_left)
            .map(|(&b, _)| {
                let ys: Vec<f64> = scene
                    .box_links
                    .iter()
                    .filter(|l| l.boxed == b)
                    .filter_map(|l| centers.get(&l.hex).map(|p| p.1))
                    .collect();
                let y = if ys.is_empty() { TOP + BOX_H } else { ys.iter().sum::<f64>() / ys.len() as f64 };
                (y, b)
            })
            .collect();
        wanted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let x = if want_left { map_l - BOX_MARGIN / 2.0 - 4.0 } else { map_r + BOX_MARGIN / 2.0 + 4.0 };
        let mut next_free = TOP + BOX_H / 2.0;
        for (y, b) in wanted {
            let y = y.max(next_free).min(bottom.max(next_free));
            centers.insert(b, (x, y));
            next_free = y + BOX_H + 8.0;
        }
    }
}

/// Whether a node is drawn as a hex.
#[must_use]
pub fn is_hex(n: &SceneNode) -> bool {
    n.row_col.is_some()
}
