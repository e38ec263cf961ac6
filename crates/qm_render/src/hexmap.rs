//! The SVG of a hex map: hexes filled by terrain and tinted by the chosen
//! side's supply status (SUP-011), control borders, the side's zone
//! boundaries (SUP-093), boxes and their links (SUP-025), sea lines as
//! arrows, dashed when disrupted, with protectors and attackers named
//! (SUP-118..125), unit counters, place names, row and column labels and a
//! legend.

use crate::counter::{self, shortened};
use crate::draw;
use crate::layout::{BOX_H, BOX_W, LEGEND_X, Layout, Pt, SIZE, shared_side};
use crate::legend::{self, wrapped};
use crate::scene::{Scene, SceneNode};
use crate::style::{self, FONT, r1};
use qm_core::ids::NodeId;
use qm_core::map::{NodeKind, Surface, row_letters};
use svg::Document;
use svg::node::element::{Group, Rectangle, Title};

/// Characters of a place name that fit across a hex.
const NAME_CHARS: usize = 12;
/// Characters of a line of a box's name.
const BOX_LINE_CHARS: usize = 19;

/// The SVG document of a hex map's scene.
#[must_use]
pub fn document(scene: &Scene) -> Document {
    let lay = Layout::of(scene);
    let (legend, _) = legend::legend(scene, LEGEND_X, lay.legend_y, lay.width - 2.0 * LEGEND_X, false);
    let mut doc = Document::new()
        .set("viewBox", (0, 0, r1(lay.width), r1(lay.height)))
        .set("width", r1(lay.width))
        .set("height", r1(lay.height))
        .set("font-family", FONT)
        .add(draw::defs())
        .add(Rectangle::new().set("width", "100%").set("height", "100%").set("fill", "#fbfaf5"))
        .add(draw::text((12.0, 22.0), 15.0, "#101010", "start", &scene.title))
        .add(draw::text((12.0, 40.0), 11.0, "#404040", "start", &scene.caption));
    doc = doc.add(hexes(scene, &lay)).add(labels(&lay)).add(borders(scene, &lay)).add(zone_lines(scene, &lay));
    doc = doc.add(boxes(scene, &lay)).add(sea_lines(scene, &lay)).add(units(scene, &lay));
    doc.add(legend)
}

/// Every hex: fill, label, place name; `data-hex` for the replay page.
fn hexes(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "hexes");
    for n in scene.nodes.iter().filter(|n| n.row_col.is_some()) {
        let Some(c) = lay.center(n.node) else { continue };
        let enemy = n.control_side.is_some_and(|s| s != scene.side);
        let fill = if n.surface == Surface::Sea {
            style::SEA
        } else {
            draw::fill(style::terrain(&n.terrain), n.supply, enemy)
        };
        let mut h = Group::new().set("class", "hex").set("data-hex", n.label.as_str());
        h = h.add(Title::new(hex_title(n)));
        h = h.add(draw::polygon(&Layout::corners(c), &fill.hex()).set("stroke", "#8a8a80").set("stroke-width", 0.6));
        h = h.add(draw::text((c.0, c.1 - SIZE * 0.55), 7.0, "#505050", "middle", &n.label));
        if let Some(name) = &n.name {
            // Shortened to the hex's width; the whole name is in the tooltip.
            h = h.add(draw::text((c.0, c.1 + SIZE * 0.72), 8.0, "#101010", "middle", &shortened(name, NAME_CHARS)));
        }
        g = g.add(h);
    }
    g
}

/// A hex's tooltip: label, name, controller, status.
fn hex_title(n: &SceneNode) -> String {
    let mut t = n.label.clone();
    if let Some(name) = &n.name {
        t.push_str(&format!(" {name}"));
    }
    if let Some(c) = &n.control {
        t.push_str(&format!(", {c}"));
    }
    if let Some(s) = n.supply {
        t.push_str(&format!(", {}", s.as_str()));
    }
    if let Some(z) = n.zone {
        t.push_str(&format!(", zone {z}"));
    }
    t
}

/// Row letters on the left and column numbers on top.
fn labels(lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "labels");
    for r in lay.rows.0..=lay.rows.1 {
        let Some(y) = (lay.cols.0..=lay.cols.1).find_map(|c| lay.grid.get(&(r, c))).and_then(|&n| lay.center(n)) else {
            continue;
        };
        let x = lay.grid.range((r, 0)..=(r, u32::MAX)).next().and_then(|(_, &n)| lay.center(n)).map_or(0.0, |p| p.0);
        g = g.add(draw::text((x - SIZE * 1.25, y.1 + 4.0), 10.0, "#303030", "middle", &row_letters(r)));
    }
    for c in lay.cols.0..=lay.cols.1 {
        let top = (lay.rows.0..=lay.rows.1).find_map(|r| lay.grid.get(&(r, c)).and_then(|&n| lay.center(n)));
        if let Some(p) = top {
            g = g.add(draw::text((p.0, p.1 - SIZE - 4.0), 9.0, "#303030", "middle", &c.to_string()));
        }
    }
    g
}

/// Thick lines where control passes from one side to the other.
fn borders(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "control-borders");
    for (&rc, &a) in &lay.grid {
        for b in lay.neighbours(rc) {
            let (Some(na), Some(nb)) = (scene.node(a), scene.node(b)) else { continue };
            let land = na.surface == Surface::Land && nb.surface == Surface::Land;
            if a < b
                && land
                && na.control_side.is_some()
                && nb.control_side.is_some()
                && na.control_side != nb.control_side
            {
                let (Some(pa), Some(pb)) = (lay.center(a), lay.center(b)) else { continue };
                let (p, q) = shared_side(pa, pb, 0.0);
                g = g.add(draw::segment(p, q, "#202020", 2.5));
            }
        }
    }
    g
}

/// Dashed lines inside the edge of each of the side's zones (SUP-093).
fn zone_lines(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "zone-boundaries");
    for (&rc, &a) in &lay.grid {
        let Some(za) = scene.node(a).and_then(|n| n.zone) else { continue };
        for b in lay.neighbours(rc) {
            if scene.node(b).and_then(|n| n.zone) == Some(za) {
                continue;
            }
            let (Some(pa), Some(pb)) = (lay.center(a), lay.center(b)) else { continue };
            let (p, q) = shared_side(pa, pb, 3.0);
            g = g.add(draw::segment(p, q, "#7b2cbf", 1.6).set("stroke-dasharray", "4 3"));
        }
    }
    g
}

/// Boxes in the margins, with thin links to their hexes.
fn boxes(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "boxes");
    for l in &scene.box_links {
        if let (Some(b), Some(h)) = (lay.center(l.boxed), lay.center(l.hex)) {
            let edge = (if h.0 < b.0 { b.0 - BOX_W / 2.0 } else { b.0 + BOX_W / 2.0 }, b.1);
            g = g.add(draw::segment(edge, h, "#9a8c6a", 0.8).set("stroke-dasharray", "2 2"));
        }
    }
    for n in scene.nodes.iter().filter(|n| n.kind == NodeKind::Box) {
        let Some(c) = lay.center(n.node) else { continue };
        let fill =
            n.control.as_deref().map_or(style::Rgb(230, 230, 230), style::nation).mix(style::Rgb(255, 255, 255), 50);
        let label = n.name.clone().unwrap_or_else(|| n.label.clone());
        let mut b = Group::new().set("class", "box").set("data-hex", n.label.as_str()).add(Title::new(label.clone()));
        b = b.add(
            Rectangle::new()
                .set("x", r1(c.0 - BOX_W / 2.0))
                .set("y", r1(c.1 - BOX_H / 2.0))
                .set("width", BOX_W)
                .set("height", BOX_H)
                .set("rx", 4)
                .set("fill", fill.hex())
                .set("stroke", "#505050"),
        );
        // The name on up to two lines; a longer one ends in an ellipsis,
        // and the whole name is the box's tooltip.
        let mut lines = wrapped(&label, BOX_LINE_CHARS);
        if lines.len() > 2 {
            lines[1] = shortened(&format!("{} {}", lines[1], lines[2]), BOX_LINE_CHARS);
            lines.truncate(2);
        }
        let lines: Vec<String> = lines.iter().map(|l| shortened(l, BOX_LINE_CHARS)).collect();
        let top = if lines.len() == 1 { c.1 - 1.0 } else { c.1 - 6.0 };
        for (i, l) in lines.iter().enumerate() {
            b = b.add(draw::text((c.0, top + 9.5 * i as f64), 8.5, "#101010", "middle", l));
        }
        b = b.add(draw::text((c.0, c.1 + 13.0), 7.0, "#404040", "middle", &format!("box {}", n.label)));
        g = g.add(b);
    }
    g
}

/// Sea lines along their paths, protectors and attackers named at the
/// middle of the line.
fn sea_lines(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "sea-lines");
    for l in &scene.sea_lines {
        let pts: Vec<Pt> = l.path.iter().filter_map(|&n| lay.center(n)).collect();
        let pts = if pts.len() >= 2 { pts } else { [l.from, l.to].iter().filter_map(|&n| lay.center(n)).collect() };
        if pts.len() < 2 {
            continue;
        }
        let mut line = Group::new().set("class", if l.disrupted { "sea-line disrupted" } else { "sea-line" });
        line = line.add(draw::arrow(&pts, "#1d3557", l.disrupted));
        let mid = pts[pts.len() / 2];
        let mut notes = Vec::new();
        if !l.protected_by.is_empty() {
            notes.push(format!("protected by {}", l.protected_by.join(", ")));
        }
        if !l.attacked_by.is_empty() {
            notes.push(format!("attacked by {}", l.attacked_by.join(", ")));
        }
        if l.disrupted {
            notes.push("disrupted".to_string());
        }
        for (i, n) in notes.iter().enumerate() {
            let colour = if n.starts_with("attacked") || n == "disrupted" { "#b00020" } else { "#1d3557" };
            line = line.add(draw::text((mid.0 + 6.0, mid.1 - 8.0 - 11.0 * i as f64), 9.0, colour, "start", n));
        }
        g = g.add(line);
    }
    g
}

/// Every unit's counter, stacked a little when several share a hex;
/// eliminated units where they were.
fn units(scene: &Scene, lay: &Layout) -> Group {
    let mut g = Group::new().set("class", "units");
    let mut seen: std::collections::BTreeMap<NodeId, u32> = std::collections::BTreeMap::new();
    for u in &scene.units {
        let Some(c) = lay.center(u.node) else { continue };
        let k = seen.entry(u.node).or_insert(0);
        let off = f64::from(*k) * 5.0;
        *k += 1;
        let c = (c.0 + off, c.1 + off + if lay.grid.values().any(|&n| n == u.node) { 0.0 } else { BOX_H });
        g = g.add(counter::counter(u, c));
    }
    g
}
