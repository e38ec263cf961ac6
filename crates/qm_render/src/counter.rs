//! Unit counters as a wargamer reads them: a light counter with its
//! nation's colour as a band across the top (nation never tints anything
//! else, so it cannot be read as a supply status), a NATO-style symbol of
//! the unit type in the middle (infantry, armour, mechanized, airborne,
//! HQ, air, naval), the unit id below it, a red frame and dot when
//! isolated (SUP-011) and a cross when eliminated by isolation (SUP-177).

use crate::draw::{segment, text};
use crate::layout::Pt;
use crate::scene::SceneUnit;
use crate::style::{self, r1};
use qm_core::ruleset::{Domain, UnitTypeDef};
use qm_core::supply::UnitStatus;
use svg::node::element::{Ellipse, Group, Line, Path, Rectangle, Title};

/// Counter width.
pub const COUNTER_W: f64 = 40.0;
/// Counter height.
pub const COUNTER_H: f64 = 24.0;
/// Height of the nation band across the counter's top.
const BAND_H: f64 = 5.0;
/// The symbol's frame.
const FRAME_W: f64 = 18.0;
const FRAME_H: f64 = 10.0;
/// Characters of a unit id that fit under the symbol.
const ID_CHARS: usize = 11;
/// The counter's body, the same for every nation.
const BODY: &str = "#f7f5ee";
/// Ink of the frame and symbol.
const INK: &str = "#1a1a1a";

/// The NATO-style symbol of a unit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Symbol {
    /// Infantry (and marines, replacements, chindits): a cross.
    Infantry,
    /// Armour: a track.
    Armour,
    /// Mechanized infantry: a cross and a track.
    Mechanized,
    /// Airborne: a cross and a canopy.
    Airborne,
    /// Headquarters: a staff down from the frame's left.
    Headquarters,
    /// Partisans: `G`.
    Partisans,
    /// Air units: a propeller.
    Air,
    /// Naval units: a hull.
    Naval,
    /// Airbases, rocket bases, bridgeheads: a base mark.
    Installation,
}

impl Symbol {
    /// The symbol of a unit type, from its flags.
    #[must_use]
    pub fn of(t: &UnitTypeDef) -> Self {
        match t.domain {
            Domain::Air => Self::Air,
            Domain::Naval => Self::Naval,
            Domain::Ground if t.installation || t.bridgehead => Self::Installation,
            Domain::Ground if t.hq => Self::Headquarters,
            Domain::Ground if t.partisan => Self::Partisans,
            Domain::Ground if t.armor => Self::Armour,
            Domain::Ground if t.mechanized => Self::Mechanized,
            Domain::Ground if t.airborne => Self::Airborne,
            Domain::Ground => Self::Infantry,
        }
    }

    /// Its name in the legend.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Infantry => "infantry",
            Self::Armour => "armour",
            Self::Mechanized => "mechanized",
            Self::Airborne => "airborne",
            Self::Headquarters => "HQ",
            Self::Partisans => "partisans",
            Self::Air => "air",
            Self::Naval => "naval",
            Self::Installation => "base",
        }
    }
}

/// A unit counter centred at `c`. It carries `data-unit` for the replay
/// page and a tooltip with the whole id, nation, type and status.
#[must_use]
pub fn counter(u: &SceneUnit, c: Pt) -> Group {
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
    g = g.add(rect((x, y), (COUNTER_W, COUNTER_H), BODY).set("rx", 2));
    // The legend's sample counters have no nation: a neutral band.
    let band = if u.nation.is_empty() { style::Rgb(150, 150, 150) } else { style::nation(&u.nation) };
    g = g.add(rect((x, y), (COUNTER_W, BAND_H), &band.hex()));
    let (stroke, width) = if isolated { ("#c00000", 2.5) } else { (INK, 0.8) };
    g = g.add(
        rect((x, y), (COUNTER_W, COUNTER_H), "none").set("rx", 2).set("stroke", stroke).set("stroke-width", width),
    );
    g = g.add(symbol(u.symbol, (c.0, y + BAND_H + 2.0 + FRAME_H / 2.0)));
    g = g.add(text((c.0, y + COUNTER_H - 3.0), 6.5, INK, "middle", &shortened(&u.id, ID_CHARS)));
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

/// A symbol's frame and glyph, centred at `c` (the legend draws them too).
#[must_use]
pub fn symbol(s: Symbol, c: Pt) -> Group {
    let (fx, fy) = (c.0 - FRAME_W / 2.0, c.1 - FRAME_H / 2.0);
    let (x1, y1) = (fx + FRAME_W, fy + FRAME_H);
    let ink = |l: Line| l.set("stroke", INK).set("stroke-width", 0.8);
    let cross = |g: Group| g.add(ink(line((fx, fy), (x1, y1)))).add(ink(line((fx, y1), (x1, fy))));
    let track = |g: Group, rx: f64| g.add(oval(c, rx, FRAME_H * 0.3));
    let mut g = Group::new().set("class", "symbol");
    if s != Symbol::Naval {
        g = g.add(rect((fx, fy), (FRAME_W, FRAME_H), "none").set("stroke", INK).set("stroke-width", 0.9));
    }
    match s {
        Symbol::Infantry => cross(g),
        Symbol::Armour => track(g, FRAME_W * 0.34),
        Symbol::Mechanized => track(cross(g), FRAME_W * 0.3),
        Symbol::Airborne => cross(g).add(glyph(&format!(
            "M{},{} A3,2.5 0 0 1 {},{} A3,2.5 0 0 1 {},{}",
            r1(c.0 - 5.0),
            r1(y1 - 0.5),
            r1(c.0),
            r1(y1 - 0.5),
            r1(c.0 + 5.0),
            r1(y1 - 0.5)
        ))),
        Symbol::Headquarters => {
            g.add(ink(line((fx, fy), (fx, y1 + 4.0)))).add(text((c.0, c.1 + 2.5), 6.5, INK, "middle", "HQ"))
        }
        Symbol::Partisans => g.add(text((c.0, c.1 + 3.0), 8.0, INK, "middle", "G")),
        Symbol::Air => g.add(oval((c.0 - 3.6, c.1), 3.6, 2.4)).add(oval((c.0 + 3.6, c.1), 3.6, 2.4)),
        Symbol::Naval => g.add(glyph(&format!(
            "M{},{} L{},{} L{},{} L{},{} Z M{},{} L{},{}",
            r1(fx),
            r1(c.1),
            r1(x1),
            r1(c.1),
            r1(x1 - 4.0),
            r1(y1),
            r1(fx + 4.0),
            r1(y1),
            r1(c.0),
            r1(c.1),
            r1(c.0),
            r1(fy - 1.0)
        ))),
        Symbol::Installation => g.add(glyph(&format!(
            "M{},{} L{},{} L{},{} Z",
            r1(c.0),
            r1(fy + 1.5),
            r1(c.0 + 4.0),
            r1(y1 - 1.5),
            r1(c.0 - 4.0),
            r1(y1 - 1.5)
        ))),
    }
}

/// `s` cut to `n` characters with an ellipsis when longer (the whole text
/// is in the element's tooltip).
#[must_use]
pub fn shortened(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { format!("{}…", s.chars().take(n - 1).collect::<String>()) }
}

fn rect(at: Pt, size: Pt, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("x", r1(at.0))
        .set("y", r1(at.1))
        .set("width", r1(size.0))
        .set("height", r1(size.1))
        .set("fill", fill)
}

fn line(a: Pt, b: Pt) -> Line {
    Line::new().set("x1", r1(a.0)).set("y1", r1(a.1)).set("x2", r1(b.0)).set("y2", r1(b.1))
}

fn oval(c: Pt, rx: f64, ry: f64) -> Ellipse {
    Ellipse::new()
        .set("cx", r1(c.0))
        .set("cy", r1(c.1))
        .set("rx", r1(rx))
        .set("ry", r1(ry))
        .set("fill", "none")
        .set("stroke", INK)
        .set("stroke-width", 0.8)
}

fn glyph(d: &str) -> Path {
    Path::new().set("d", d).set("fill", "none").set("stroke", INK).set("stroke-width", 0.8)
}
