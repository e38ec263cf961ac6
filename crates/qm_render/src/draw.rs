//! SVG pieces both map kinds draw: text, segments, polygons, arrows, and
//! the supply tint of a node (SUP-011). Counters are in [`crate::counter`],
//! the legend in [`crate::legend`].

use crate::layout::Pt;
use crate::style::{self, FONT, Rgb, r1};
use qm_core::supply::HexStatus;
use svg::node::element::{Definitions, Line, Marker, Path, Polygon, Text};

/// A text at `p`, centred unless `anchor` says otherwise.
#[must_use]
pub fn text(p: Pt, size: f64, fill: &str, anchor: &str, content: &str) -> Text {
    Text::new(content)
        .set("x", r1(p.0))
        .set("y", r1(p.1))
        .set("font-family", FONT)
        .set("font-size", size)
        .set("fill", fill)
        .set("text-anchor", anchor)
}

/// A straight segment.
#[must_use]
pub fn segment(a: Pt, b: Pt, stroke: &str, width: f64) -> Line {
    Line::new()
        .set("x1", r1(a.0))
        .set("y1", r1(a.1))
        .set("x2", r1(b.0))
        .set("y2", r1(b.1))
        .set("stroke", stroke)
        .set("stroke-width", width)
        .set("stroke-linecap", "round")
}

/// A closed polygon.
#[must_use]
pub fn polygon(points: &[Pt], fill: &str) -> Polygon {
    let pts: Vec<String> = points.iter().map(|p| format!("{},{}", r1(p.0), r1(p.1))).collect();
    Polygon::new().set("points", pts.join(" ")).set("fill", fill)
}

/// A path through `points`, with an arrowhead at the end, dashed if asked.
#[must_use]
pub fn arrow(points: &[Pt], stroke: &str, dashed: bool) -> Path {
    let d: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}{},{}", if i == 0 { "M" } else { "L" }, r1(p.0), r1(p.1)))
        .collect();
    let mut p = Path::new()
        .set("d", d.join(" "))
        .set("fill", "none")
        .set("stroke", stroke)
        .set("stroke-width", 3)
        .set("stroke-linejoin", "round")
        .set("marker-end", "url(#arrow)");
    if dashed {
        p = p.set("stroke-dasharray", "8 5");
    }
    p
}

/// The arrowhead marker [`arrow`] refers to.
#[must_use]
pub fn defs() -> Definitions {
    let head = Path::new().set("d", "M0,0 L10,5 L0,10 z").set("fill", "#1d3557");
    Definitions::new().add(
        Marker::new()
            .set("id", "arrow")
            .set("viewBox", "0 0 10 10")
            .set("refX", 8)
            .set("refY", 5)
            .set("markerWidth", 5)
            .set("markerHeight", 5)
            .set("orient", "auto")
            .add(head),
    )
}

/// The fill of a node: terrain, tinted by the side's status, or by the
/// other side's grey.
#[must_use]
pub fn fill(terrain: Rgb, supply: Option<HexStatus>, enemy: bool) -> Rgb {
    match supply {
        Some(s) => terrain.mix(style::status_colour(s), style::TINT_PCT),
        None if enemy => terrain.mix(style::ENEMY, 45),
        None => terrain,
    }
}
