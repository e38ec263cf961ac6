//! Saving oil and build points (MWIF 27.2): what a hex may hold, what may be
//! drawn from it a turn, and the strategic bombardment bonus. Pure
//! functions over a hex's features; the orders that use them are in
//! [`crate::orders`].

use qm_core::ids::NationId;
use qm_core::map::Features;
use qm_core::nation::{NationDef, NationKind};

/// Oil (or build) points a city holds (OIL-009).
pub const CITY_CAP: u32 = 4;
/// Oil (or build) points a port holds (OIL-009).
pub const PORT_CAP: u32 = 4;

/// Whose major power's capital a hex is (OIL-009, OIL-010, OIL-012): a hex
/// marked capital whose original controller is a major power. A minor
/// country's capital, or a capital with no original controller, is no
/// major power's capital. The one notion of a capital that the caps and
/// the spending limit share.
#[must_use]
pub fn major_capital_of(features: Features, original: Option<NationId>, nations: &[NationDef]) -> Option<NationId> {
    let major = |n: NationId| nations.get(n.index()).is_some_and(|d| d.kind == NationKind::Major);
    original.filter(|&n| features.contains(Features::CAPITAL) && major(n))
}

/// The most saved oil points, and separately the most saved build points,
/// one hex may hold (OIL-009, OIL-010): 4 for a city plus 4 for a port,
/// doubled if it is a major power's capital ([`major_capital_of`]; London:
/// (4 + 4) x 2 = 16; a minor country's capital city and port: 8). A
/// capital counts as a city. 0: nothing may be saved there.
#[must_use]
pub fn hex_cap(features: Features, major_capital: bool) -> u32 {
    let city = features.intersects(Features::CITY | Features::CAPITAL);
    let port = features.contains(Features::PORT);
    let base = u32::from(city) * CITY_CAP + u32::from(port) * PORT_CAP;
    if major_capital { base * 2 } else { base }
}

/// Saved build points that may be taken from one hex in a turn (OIL-012):
/// `None` at the spending power's own capital (any number: `own_capital`,
/// the hex is [`major_capital_of`] that power); elsewhere 1 for the city
/// (a capital counts as one), 1 for the port and 1 for each usable factory
/// (Hamburg: 1 + 1 + 2 = 4).
#[must_use]
pub fn build_points_per_turn(features: Features, own_capital: bool, factories: u32) -> Option<u32> {
    if own_capital {
        return None;
    }
    let city = u32::from(features.intersects(Features::CITY | Features::CAPITAL));
    let port = u32::from(features.contains(Features::PORT));
    Some(city + port + factories)
}

/// What a hex holds that strategic bombers count (OIL-014).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Target {
    /// Factories.
    pub factories: u32,
    /// Oil resources.
    pub oil_resources: u32,
    /// Synthetic oil plants (when that optional rule is used).
    pub synthetic_oil: u32,
    /// Saved oil points.
    pub saved_oil: u32,
    /// Saved build points.
    pub saved_build_points: u32,
}

/// The strategic bombardment bonus of bombers that fly to `target`
/// uncontested, with the factory destruction and saving options on
/// (OIL-014): 0.1 x everything counted, any fraction up to the next whole
/// number (3 factories + 3 saved oil + 5 saved build points: 1.1 -> +2).
#[must_use]
pub fn bombardment_bonus(target: Target) -> u32 {
    let count =
        target.factories + target.oil_resources + target.synthetic_oil + target.saved_oil + target.saved_build_points;
    count.div_ceil(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nations() -> Vec<NationDef> {
        let def = |key: &str, kind| NationDef {
            key: key.into(),
            name: key.into(),
            kind,
            faction: qm_core::ids::FactionId(0),
            inherits_faction: false,
            side: None,
            neutral_partial: false,
        };
        vec![def("britain", NationKind::Major), def("poland", NationKind::Minor)]
    }

    #[test]
    fn london_holds_16_oil_and_16_build_points_oil_009() {
        let capital = Features::CITY | Features::CAPITAL | Features::PORT;
        let (britain, poland) = (Some(NationId(0)), Some(NationId(1)));
        let major = |f: Features, original| major_capital_of(f, original, &nations()).is_some();
        assert!(major(capital, britain));
        assert!(!major(capital, poland), "a minor country's capital is no major power's capital");
        assert!(!major(capital, None));
        assert!(!major(Features::CITY | Features::PORT, britain), "not a capital");
        assert_eq!(hex_cap(capital, major(capital, britain)), 16);
        assert_eq!(hex_cap(capital, major(capital, poland)), 8, "4 + 4, not doubled");
        assert_eq!(hex_cap(Features::CAPITAL | Features::PORT, true), 16);
        assert_eq!(hex_cap(Features::CITY, false), 4);
        assert_eq!(hex_cap(Features::PORT, false), 4);
        assert_eq!(hex_cap(Features::CITY | Features::PORT, false), 8);
        assert_eq!(hex_cap(Features::CITY | Features::CAPITAL, true), 8);
        assert_eq!(hex_cap(Features::empty(), false), 0);
    }

    #[test]
    fn hamburg_gives_4_build_points_a_turn_and_berlin_any_oil_012() {
        assert_eq!(build_points_per_turn(Features::CITY | Features::PORT, false, 2), Some(4));
        assert_eq!(build_points_per_turn(Features::CITY | Features::CAPITAL, true, 5), None);
        assert_eq!(build_points_per_turn(Features::CITY | Features::CAPITAL, false, 0), Some(1), "not its own");
        assert_eq!(build_points_per_turn(Features::CITY, false, 0), Some(1));
    }

    #[test]
    fn bombardment_bonus_rounds_up_oil_014() {
        let t = Target { factories: 3, saved_oil: 3, saved_build_points: 5, ..Target::default() };
        assert_eq!(bombardment_bonus(t), 2);
        assert_eq!(bombardment_bonus(Target { factories: 10, ..Target::default() }), 1);
        assert_eq!(bombardment_bonus(Target { factories: 1, ..Target::default() }), 1);
        assert_eq!(bombardment_bonus(Target::default()), 0);
    }
}
