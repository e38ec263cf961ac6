//! SVG pieces both map kinds draw: text, segments, unit counters with their
//! isolated (SUP-011) and eliminated (SUP-177) marks, arrows, the legend.

use crate::layout::Pt;
use crate::scene::SceneUnit;
use crate::style::{self, FONT, Rgb, r1};
use qm_core::supply::{HexStatus, UnitStatus};
use svg::node::element::{Definitions, Group, Line, Marker, Path, Polygon, Rectangle, Text, Title};

/// Counter width.
pub const COUNTER_W: f64 = 38.0;
/// Counter height.
pub const COUNTER_H: f64 = 18.0;

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

/// A unit counter centred at `c`: nation colour, id, a red frame and dot
/// when isolated, faded and crossed out when eliminated. It carries
/// `data-unit` for the replay page.
#[must_use]
pub fn counter(u: &SceneUnit, c: Pt) -> Group {
    let fill = style::nation(&u.nation);
    let isolated = u.status == Some(UnitStatus::Isolated);
    let (x, y) = (c.0 - COUNTER_W / 2.0, c.1 - COUNTER_H / 2.0);
    let mut g = Group::new().set("class", "unit").set("data-unit", u.id.as_str()).set("cursor", "pointer");
    if u.eliminated {
        g = g.set("opacity", 0.6);
    }
    let status = match (u.eliminated, u.status) {
        (true, _) => "eliminated by isolation (SUP-177)",
        (false, Some(UnitStatus::Isolated)) => "isolated",
        (false, Some(UnitStatus::Partial)) => "partially supplied",
        (false, Some(UnitStatus::Full)) => "fully supplied",
        (false, None) => "not yet determined",
    };
    g = g.add(Title::new(format!("{} ({} {}): {status}", u.id, u.nation, u.kind)));
    g = g.add(
        Rectangle::new()
            .set("x", r1(x))
            .set("y", r1(y))
            .set("width", COUNTER_W)
            .set("height", COUNTER_H)
            .set("rx", 2)
            .set("fill", fill.hex())
            .set("stroke", if isolated { "#c00000" } else { "#202020" })
            .set("stroke-width", if isolated { 2.5 } else { 0.8 }),
    );
    g = g.add(text((c.0, c.1 + 3.0), 7.5, "#101010", "middle", &u.id));
    if isolated && !u.eliminated {
        g = g.add(
            svg::node::element::Circle::new()
                .set("cx", r1(x + COUNTER_W))
                .set("cy", r1(y))
                .set("r", 4)
                .set("fill", "#c00000"),
        );
    }
    if u.eliminated {
        g = g.add(segment((x, y), (x + COUNTER_W, y + COUNTER_H), "#000000", 2.0)).add(segment(
            (x, y + COUNTER_H),
            (x + COUNTER_W, y),
            "#000000",
            2.0,
        ));
    }
    g
}

/// The legend: the three supply tints, the other side, sea, the lines and
/// the counter marks, in one band starting at `(x, y)`.
#[must_use]
pub fn legend(x: f64, y: f64, side: &str, territory: bool) -> Group {
    let mut g = Group::new().set("class", "legend");
    g = g.add(text((x, y + 12.0), 11.0, "#202020", "start", &format!("Legend (supply of {side})")));
    let swatches: [(Rgb, &str); 5] = [
        (style::terrain("clear").mix(style::FULL, style::TINT_PCT), "full supply"),
        (style::terrain("clear").mix(style::PARTIAL, style::TINT_PCT), "partial supply"),
        (style::terrain("clear").mix(style::UNSUPPLIED, style::TINT_PCT), "unsupplied"),
        (style::terrain("clear").mix(style::ENEMY, 45), "other side"),
        (style::SEA, "sea"),
    ];
    for (i, (c, label)) in swatches.iter().enumerate() {
        let sx = x + 110.0 * i as f64;
        g = g.add(
            Rectangle::new()
                .set("x", r1(sx))
                .set("y", y + 20.0)
                .set("width", 14)
                .set("height", 14)
                .set("fill", c.hex()),
        );
        g = g.add(text((sx + 19.0, y + 31.0), 10.0, "#202020", "start", label));
    }
    let row = y + 52.0;
    let border = if territory { "line of supply cut" } else { "control border" };
    g = g.add(segment((x, row), (x + 24.0, row), "#202020", 2.5));
    g = g.add(text((x + 29.0, row + 4.0), 10.0, "#202020", "start", border));
    if !territory {
        g = g.add(segment((x + 125.0, row), (x + 149.0, row), "#7b2cbf", 1.6).set("stroke-dasharray", "4 3"));
        g = g.add(text((x + 154.0, row + 4.0), 10.0, "#202020", "start", "zone boundary"));
    }
    g = g.add(arrow(&[(x + 250.0, row), (x + 280.0, row)], "#1d3557", false));
    g = g.add(text((x + 286.0, row + 4.0), 10.0, "#202020", "start", "sea line"));
    g = g.add(arrow(&[(x + 350.0, row), (x + 380.0, row)], "#1d3557", true));
    g = g.add(text((x + 386.0, row + 4.0), 10.0, "#202020", "start", "disrupted"));
    let iso = SceneUnit {
        id: "isolated".into(),
        nation: "legend".into(),
        side: None,
        kind: String::new(),
        node: 0,
        status: Some(UnitStatus::Isolated),
        eliminated: false,
    };
    let gone = SceneUnit { id: "eliminated".into(), eliminated: true, ..iso.clone() };
    g = g.add(counter(&iso, (x + 20.0, row + 26.0)).set("class", "legend-unit").set("data-unit", ""));
    g = g.add(counter(&gone, (x + 68.0, row + 26.0)).set("class", "legend-unit").set("data-unit", ""));
    g.add(text((x + 96.0, row + 30.0), 10.0, "#202020", "start", "counters in nation colours"))
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
