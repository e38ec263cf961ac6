//! The SVG of a territory map (COL-004..008): the adjacency graph laid out
//! by force, territories in their controller's colour, lost (conquered)
//! territories with the original owner named, lines of supply (cut ones
//! red and dashed, COL-005), sea zones with their naval trade (COL-006)
//! and the ships in them, blockading ships marked.

use crate::draw;
use crate::graph_layout;
use crate::layout::Pt;
use crate::scene::{Scene, SceneNode};
use crate::style::{self, FONT, Rgb, r1};
use qm_core::ids::NodeId;
use qm_core::map::NodeKind;
use std::collections::BTreeMap;
use svg::Document;
use svg::node::element::{Ellipse, Group, Rectangle, Title};

const W: f64 = 1180.0;
const H: f64 = 820.0;
const MARGIN: f64 = 70.0;
const NODE_W: f64 = 104.0;
const NODE_H: f64 = 30.0;

/// The SVG document of a territory map's scene.
#[must_use]
pub fn document(scene: &Scene) -> Document {
    let pos = positions(scene);
    let width = W + 2.0 * MARGIN;
    let legend_y = H + 2.0 * MARGIN + 60.0;
    let (legend, legend_h) = crate::legend::legend(scene, 12.0, legend_y, width - 24.0, true);
    let height = legend_y + legend_h + 8.0;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, r1(width), r1(height)))
        .set("width", r1(width))
        .set("height", r1(height))
        .set("font-family", FONT)
        .add(draw::defs())
        .add(Rectangle::new().set("width", "100%").set("height", "100%").set("fill", "#fbfaf5"))
        .add(draw::text((12.0, 22.0), 15.0, "#101010", "start", &scene.title))
        .add(draw::text((12.0, 40.0), 11.0, "#404040", "start", &scene.caption));
    let mut edges = Group::new().set("class", "adjacency");
    for &(a, b) in &scene.edges {
        if let (Some(&p), Some(&q)) = (pos.get(&a), pos.get(&b)) {
            edges = edges.add(draw::segment(p, q, "#c8c4b4", 1.0));
        }
    }
    doc = doc.add(edges).add(supply_lines(scene, &pos)).add(nodes(scene, &pos)).add(units(scene, &pos));
    doc.add(legend)
}

/// Every territory's and sea zone's centre.
fn positions(scene: &Scene) -> BTreeMap<NodeId, Pt> {
    let ids: Vec<NodeId> = scene.nodes.iter().filter(|n| shown(n)).map(|n| n.node).collect();
    let mut p = graph_layout::layout(&ids, &scene.edges, W, H);
    graph_layout::separate(&mut p, (NODE_W + 6.0, NODE_H + 34.0), (W, H));
    ids.into_iter().zip(p).map(|(n, (x, y))| (n, (x + MARGIN, y + MARGIN + 30.0))).collect()
}

/// Territories and sea zones are drawn; other nodes are not.
fn shown(n: &SceneNode) -> bool {
    matches!(n.kind, NodeKind::Territory | NodeKind::SeaZone)
}

/// Lines of supply along their paths: cut ones red and dashed (COL-005).
fn supply_lines(scene: &Scene, pos: &BTreeMap<NodeId, Pt>) -> Group {
    let by_key: BTreeMap<&str, NodeId> = scene.nodes.iter().map(|n| (n.label.as_str(), n.node)).collect();
    let mut g = Group::new().set("class", "supply-lines");
    for (from, path, cut) in &scene.collection.lines {
        let pts: Vec<Pt> =
            path.iter().filter_map(|k| by_key.get(k.as_str())).filter_map(|n| pos.get(n).copied()).collect();
        if pts.len() < 2 {
            continue;
        }
        let mut line = draw::arrow(&pts, if *cut { "#b00020" } else { "#2e7d32" }, *cut)
            .set("stroke-width", if *cut { 2.5 } else { 1.2 })
            .set("opacity", if *cut { 0.9 } else { 0.45 });
        line = line.set("data-line", from.as_str());
        g = g.add(line);
    }
    g
}

/// Territories (controller's colour; a red frame when its line is cut, the
/// original owner named when lost) and sea zones (trade outcome).
fn nodes(scene: &Scene, pos: &BTreeMap<NodeId, Pt>) -> Group {
    let cut: BTreeMap<&str, bool> = scene.collection.lines.iter().map(|(k, _, c)| (k.as_str(), *c)).collect();
    let trade: BTreeMap<&str, &str> = scene.collection.trade.iter().map(|(z, o)| (z.as_str(), o.as_str())).collect();
    let mut g = Group::new().set("class", "territories");
    for n in scene.nodes.iter().filter(|n| shown(n)) {
        let Some(&c) = pos.get(&n.node) else { continue };
        let name = n.name.clone().unwrap_or_else(|| n.label.clone());
        let mut t = Group::new().set("class", "territory").set("data-hex", n.label.as_str());
        let mut tip = format!("{name} ({})", n.label);
        if n.kind == NodeKind::SeaZone {
            let outcome = trade.get(n.label.as_str()).copied();
            t = t.add(
                Ellipse::new()
                    .set("cx", r1(c.0))
                    .set("cy", r1(c.1))
                    .set("rx", NODE_W / 2.0)
                    .set("ry", NODE_H / 2.0 + 2.0)
                    .set("fill", style::SEA.hex())
                    .set("stroke", "#5a7fa8"),
            );
            if let Some(o) = outcome {
                let colour = if o == "blocked" || o == "convoy_battle" { "#b00020" } else { "#1d3557" };
                t = t.add(draw::text((c.0, c.1 + 9.0), 7.5, colour, "middle", &format!("trade: {o}")));
                tip.push_str(&format!(", naval trade {o}"));
            }
        } else {
            let is_cut = cut.get(n.label.as_str()).copied().unwrap_or(false);
            let fill = n.control.as_deref().map_or(Rgb(225, 225, 225), style::nation).mix(Rgb(255, 255, 255), 45);
            t = t.add(
                Rectangle::new()
                    .set("x", r1(c.0 - NODE_W / 2.0))
                    .set("y", r1(c.1 - NODE_H / 2.0))
                    .set("width", NODE_W)
                    .set("height", NODE_H)
                    .set("rx", 6)
                    .set("fill", fill.hex())
                    .set("stroke", if is_cut { "#b00020" } else { "#505050" })
                    .set("stroke-width", if is_cut { 2.5 } else { 0.8 }),
            );
            if let Some(o) = &n.original {
                t = t.add(draw::text((c.0, c.1 + 10.0), 7.0, "#7a2000", "middle", &format!("lost by {o}")));
                tip.push_str(&format!(", lost by {o}"));
            }
            if is_cut {
                tip.push_str(", line of supply cut");
            }
            if let Some(ctl) = &n.control {
                tip.push_str(&format!(", {ctl}"));
            }
        }
        t = t.add(Title::new(tip));
        t = t.add(draw::text(
            (c.0, c.1 + if n.original.is_some() { -1.0 } else { 3.0 }),
            8.5,
            "#101010",
            "middle",
            &name,
        ));
        g = g.add(t);
    }
    g
}

/// Units under their territory or sea zone; blockading ships marked.
fn units(scene: &Scene, pos: &BTreeMap<NodeId, Pt>) -> Group {
    let blockers: Vec<&str> = scene.collection.blockers.iter().map(|(_, s)| s.as_str()).collect();
    let mut g = Group::new().set("class", "units");
    let mut seen: BTreeMap<NodeId, u32> = BTreeMap::new();
    for u in &scene.units {
        let Some(&c) = pos.get(&u.node) else { continue };
        let k = seen.entry(u.node).or_insert(0);
        let c = (
            c.0 - NODE_W / 2.0 + crate::counter::COUNTER_W / 2.0 + f64::from(*k) * (crate::counter::COUNTER_W + 3.0),
            c.1 + 26.0,
        );
        *k += 1;
        g = g.add(crate::counter::counter(u, c));
        if blockers.contains(&u.id.as_str()) {
            g = g.add(draw::text((c.0, c.1 + 17.0), 8.0, "#b00020", "middle", "blockade"));
        }
    }
    g
}
