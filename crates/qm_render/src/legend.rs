//! The legend under a map, in rows that wrap to the picture's width:
//! the supply tints of SUP-011's hex statuses, the lines, the unit
//! symbols on the map and the counter marks, the nation key (each
//! nation's band colour and name) and the terrains of the map.

use crate::counter::{self, COUNTER_H, COUNTER_W, Symbol};
use crate::draw::{arrow, segment, text};
use crate::scene::{Scene, SceneUnit};
use crate::style::{self, Rgb, r1};
use qm_core::ids::NodeId;
use qm_core::supply::UnitStatus;
use svg::node::element::{Group, Rectangle};

/// Height of one row of swatches and marks.
const ROW_H: f64 = 22.0;
/// Height of the row of counters.
const COUNTER_ROW_H: f64 = COUNTER_H + 8.0;
/// Characters of a label kept whole (longer ones wrap to a second line).
const LABEL_CHARS: usize = 22;
/// Approximate width of a character of the legend's 10-unit font.
const CHAR_W: f64 = 5.8;

/// Items placed left to right, wrapping at the width.
struct Flow {
    x0: f64,
    x: f64,
    y: f64,
    width: f64,
}

impl Flow {
    /// The top left of an item `w` wide, on a new row if it does not fit.
    fn place(&mut self, w: f64, row_h: f64) -> (f64, f64) {
        if self.x > self.x0 && self.x + w > self.x0 + self.width {
            self.x = self.x0;
            self.y += row_h;
        }
        let at = (self.x, self.y);
        self.x += w;
        at
    }

    /// Starts a new row `row_h` below the current one.
    fn next_row(&mut self, row_h: f64) {
        self.x = self.x0;
        self.y += row_h;
    }
}

/// The legend of `scene` from `(x, y)`, at most `width` wide: the group
/// and its height.
#[must_use]
pub fn legend(scene: &Scene, x: f64, y: f64, width: f64, territory: bool) -> (Group, f64) {
    let mut g = Group::new().set("class", "legend");
    g = g.add(text((x, y + 12.0), 11.0, "#202020", "start", &format!("Legend (supply of {})", scene.side)));
    let mut f = Flow { x0: x, x, y: y + 20.0, width };
    for (c, label) in supply_swatches() {
        g = g.add(swatch(&mut f, c, label, None));
    }
    f.next_row(ROW_H);
    g = lines(g, &mut f, territory);
    f.next_row(ROW_H + 4.0);
    g = counters(g, &mut f, scene);
    f.next_row(COUNTER_ROW_H);
    g = g.add(heading(&mut f, "Nations (counter band)"));
    for (key, name) in &scene.nations {
        g = g.add(swatch(&mut f, style::nation(key), name, Some(key.as_str())));
    }
    if !scene.terrains.is_empty() {
        f.next_row(ROW_H);
        g = g.add(heading(&mut f, "Terrain"));
        for key in &scene.terrains {
            g = g.add(swatch(&mut f, style::terrain(key), key, None));
        }
    }
    (g, f.y + ROW_H - y)
}

/// The three supply tints, the other side's hexes and the sea.
fn supply_swatches() -> [(Rgb, &'static str); 5] {
    let clear = style::terrain("clear");
    [
        (clear.mix(style::FULL, style::TINT_PCT), "full supply"),
        (clear.mix(style::PARTIAL, style::TINT_PCT), "partial supply"),
        (clear.mix(style::UNSUPPLIED, style::TINT_PCT), "unsupplied"),
        (clear.mix(style::ENEMY, 45), "other side"),
        (style::SEA, "sea"),
    ]
}

/// The lines: control borders (or cut lines of supply), zone boundaries,
/// sea lines and disrupted ones.
fn lines(mut g: Group, f: &mut Flow, territory: bool) -> Group {
    let border = if territory { "line of supply cut" } else { "control border" };
    let mut items: Vec<(&str, u8)> = vec![(border, 0)];
    if !territory {
        items.push(("zone boundary", 1));
    }
    items.extend([("sea line", 2), ("disrupted sea line", 3)]);
    for (label, kind) in items {
        let (lx, ly) = f.place(36.0 + label_width(label), ROW_H);
        let (a, b) = ((lx, ly + 7.0), (lx + 28.0, ly + 7.0));
        g = match kind {
            0 => g.add(segment(a, b, "#202020", 2.5)),
            1 => g.add(segment(a, b, "#7b2cbf", 1.6).set("stroke-dasharray", "4 3")),
            _ => g.add(arrow(&[a, b], "#1d3557", kind == 3)),
        };
        g = g.add(text((lx + 33.0, ly + 11.0), 10.0, "#202020", "start", label));
    }
    g
}

/// A sample counter of each symbol on the map, then an isolated and an
/// eliminated one.
fn counters(mut g: Group, f: &mut Flow, scene: &Scene) -> Group {
    let mut symbols: Vec<Symbol> = scene.units.iter().map(|u| u.symbol).collect();
    symbols.sort_unstable();
    symbols.dedup();
    let sample = |id: &str, symbol: Symbol, status: Option<UnitStatus>, eliminated: bool| SceneUnit {
        id: id.to_string(),
        nation: String::new(),
        side: None,
        kind: symbol.name().to_string(),
        symbol,
        node: NodeId(0),
        status,
        eliminated,
    };
    let mut items: Vec<SceneUnit> = symbols.into_iter().map(|s| sample(s.name(), s, None, false)).collect();
    items.push(sample("isolated", Symbol::Infantry, Some(UnitStatus::Isolated), false));
    items.push(sample("eliminated", Symbol::Infantry, Some(UnitStatus::Isolated), true));
    for u in items {
        let (cx, cy) = f.place(COUNTER_W + 10.0, COUNTER_ROW_H);
        let c = (cx + COUNTER_W / 2.0, cy + COUNTER_H / 2.0);
        g = g.add(counter::counter(&u, c).set("class", "legend-unit").set("data-unit", ""));
    }
    g
}

/// A row's heading.
fn heading(f: &mut Flow, label: &str) -> svg::node::element::Text {
    let (hx, hy) = f.place(label_width(label) + 12.0, ROW_H);
    text((hx, hy + 11.0), 10.0, "#202020", "start", label).set("font-weight", "bold")
}

/// A colour swatch and its label (wrapped onto two lines when long; a
/// nation's band when `band` names the nation).
fn swatch(f: &mut Flow, c: Rgb, label: &str, band: Option<&str>) -> Group {
    let lines = wrapped(label, LABEL_CHARS);
    let widest = lines.iter().map(|l| label_width(l)).fold(0.0, f64::max);
    let (sx, sy) = f.place(24.0 + widest + 14.0, ROW_H);
    let mut g = Group::new().set("class", "swatch");
    if let Some(key) = band {
        g = g.set("data-nation", key);
    }
    let h = if band.is_some() { 5.0 } else { 14.0 };
    g = g.add(
        Rectangle::new()
            .set("x", r1(sx))
            .set("y", r1(sy))
            .set("width", 18)
            .set("height", h)
            .set("fill", c.hex())
            .set("stroke", "#606060")
            .set("stroke-width", 0.5),
    );
    for (i, l) in lines.iter().enumerate() {
        g = g.add(text((sx + 23.0, sy + 11.0 + 11.0 * i as f64), 10.0, "#202020", "start", l));
    }
    g
}

/// The width a label takes, roughly.
fn label_width(s: &str) -> f64 {
    s.chars().count() as f64 * CHAR_W
}

/// `s` in lines of at most `n` characters, broken at spaces (a word longer
/// than `n` stays whole): a label is never cut.
#[must_use]
pub fn wrapped(s: &str, n: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= n => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_wrap_at_spaces_and_keep_every_word() {
        assert_eq!(wrapped("The Reich (off the excerpt)", 18), ["The Reich (off the", "excerpt)"]);
        assert_eq!(wrapped("Urals", 18), ["Urals"]);
        assert_eq!(wrapped("a-very-long-single-word-label", 10), ["a-very-long-single-word-label"]);
        let s = "Soviet Union and its allies of the east";
        assert_eq!(wrapped(s, 12).join(" "), s);
    }
}
