//! Saving oil and build points (MWIF 27.2): what a hex may hold, what may be
//! drawn from it a turn, and the strategic bombardment bonus. Pure
//! functions over a hex's features; the orders that use them are in
//! [`crate::orders`].

use qm_core::map::Features;

/// Oil (or build) points a city holds (OIL-009).
pub const CITY_CAP: u32 = 4;
/// Oil (or build) points a port holds (OIL-009).
pub const PORT_CAP: u32 = 4;

/// The most saved oil points, and separately the most saved build points,
/// one hex may hold (OIL-009, OIL-010): 4 for a city plus 4 for a port,
/// doubled in a major power's capital (London: (4 + 4) x 2 = 16). A
/// capital counts as a city. 0: nothing may be saved there.
#[must_use]
pub fn hex_cap(features: Features) -> u32 {
    let city = features.intersects(Features::CITY | Features::CAPITAL);
    let port = features.contains(Features::PORT);
    let base = u32::from(city) * CITY_CAP + u32::from(port) * PORT_CAP;
    if features.contains(Features::CAPITAL) { base * 2 } else { base }
}

/// Saved build points that may be taken from one hex in a turn (OIL-012):
/// `None` at the capital (any number); elsewhere 1 for the city, 1 for the
/// port and 1 for each usable factory (Hamburg: 1 + 1 + 2 = 4).
#[must_use]
pub fn build_points_per_turn(features: Features, factories: u32) -> Option<u32> {
    if features.contains(Features::CAPITAL) {
        return None;
    }
    let city = u32::from(features.contains(Features::CITY));
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

    #[test]
    fn london_holds_16_oil_and_16_build_points_oil_009() {
        assert_eq!(hex_cap(Features::CITY | Features::CAPITAL | Features::PORT), 16);
        assert_eq!(hex_cap(Features::CAPITAL | Features::PORT), 16);
        assert_eq!(hex_cap(Features::CITY), 4);
        assert_eq!(hex_cap(Features::PORT), 4);
        assert_eq!(hex_cap(Features::CITY | Features::PORT), 8);
        assert_eq!(hex_cap(Features::CITY | Features::CAPITAL), 8);
        assert_eq!(hex_cap(Features::empty()), 0);
    }

    #[test]
    fn hamburg_gives_4_build_points_a_turn_and_berlin_any_oil_012() {
        assert_eq!(build_points_per_turn(Features::CITY | Features::PORT, 2), Some(4));
        assert_eq!(build_points_per_turn(Features::CITY | Features::CAPITAL, 5), None);
        assert_eq!(build_points_per_turn(Features::CITY, 0), Some(1));
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
