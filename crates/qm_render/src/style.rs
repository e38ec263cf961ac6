//! Colours and sizes: terrain fills, the supply tints of SUP-011's three
//! hex statuses, nation colours for counters. One place, so the legend and
//! the map agree.

use qm_core::supply::HexStatus;

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    #[must_use]
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// `self` mixed with `other`, `pct` percent of `other` (integer).
    #[must_use]
    pub fn mix(self, other: Self, pct: u32) -> Self {
        let m = |a: u8, b: u8| ((u32::from(a) * (100 - pct) + u32::from(b) * pct) / 100) as u8;
        Self(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

/// The tint of a fully supplied hex.
pub const FULL: Rgb = Rgb(60, 170, 70);
/// The tint of a partially supplied hex.
pub const PARTIAL: Rgb = Rgb(240, 180, 0);
/// The tint of an unsupplied hex.
pub const UNSUPPLIED: Rgb = Rgb(225, 40, 40);
/// The tint of the other side's hexes.
pub const ENEMY: Rgb = Rgb(150, 150, 160);
/// Sea.
pub const SEA: Rgb = Rgb(170, 200, 230);
/// How much of the status colour a tinted hex takes, in percent.
pub const TINT_PCT: u32 = 70;
/// The font every text is set in (shipped in `assets/fonts/`).
pub const FONT: &str = "DejaVu Sans";

/// The tint of a status.
#[must_use]
pub const fn status_colour(s: HexStatus) -> Rgb {
    match s {
        HexStatus::Full => FULL,
        HexStatus::Partial => PARTIAL,
        HexStatus::Unsupplied => UNSUPPLIED,
    }
}

/// The fill of a land terrain, by key.
#[must_use]
pub fn terrain(key: &str) -> Rgb {
    match key {
        "forest" => Rgb(190, 215, 160),
        "jungle" => Rgb(150, 195, 130),
        "mountain" => Rgb(200, 180, 150),
        "swamp" | "marsh" => Rgb(175, 205, 190),
        "desert" => Rgb(240, 220, 165),
        _ => Rgb(236, 230, 200),
    }
}

/// A nation's counter colour, by key (a fixed palette otherwise).
#[must_use]
pub fn nation(key: &str) -> Rgb {
    match key {
        "germany" => Rgb(120, 128, 140),
        "italy" => Rgb(110, 160, 110),
        "japan" => Rgb(235, 195, 80),
        "russia" | "ussr" => Rgb(190, 85, 60),
        "usa" => Rgb(120, 145, 60),
        "britain" | "commonwealth" => Rgb(200, 165, 110),
        "france" => Rgb(80, 115, 185),
        "austria-hungary" | "austria" => Rgb(215, 200, 120),
        "belgium" => Rgb(170, 120, 160),
        "turkey" | "ottoman-empire" => Rgb(130, 170, 160),
        _ => {
            const PALETTE: [Rgb; 6] = [
                Rgb(160, 120, 200),
                Rgb(100, 170, 200),
                Rgb(200, 120, 150),
                Rgb(140, 140, 90),
                Rgb(90, 150, 130),
                Rgb(190, 140, 90),
            ];
            let h = key.bytes().fold(0u32, |a, b| a.wrapping_mul(31).wrapping_add(u32::from(b)));
            PALETTE[(h % 6) as usize]
        }
    }
}

/// Rounds a coordinate to a tenth, so SVG text is short and stable.
#[must_use]
pub fn r1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
