//! The spending rule: how many oil points one resource spends for the units
//! assigned to it, and the rounded minimum of a whole reorganization.
//!
//! All oil is counted in integer tenths of an oil point ([`Tenths`]): a 0.2
//! unit costs `Tenths(2)` (ruling 1: never floats).
//!
//! # What "spent" means (OIL-004, OIL-005, rulings 1 and 2)
//!
//! A *resource* is one place oil can be drawn from: an oil resource hex, a
//! city or port holding saved oil (OIL-009, OIL-011), or an HQ made a primary
//! supply source this turn, which counts as one oil resource (OIL-005, last
//! clause). It holds `k >= 1` oil points (an HQ holds exactly 1).
//!
//! Each unit reorganized is assigned to one resource it can trace a path to
//! (OIL-003). The *load* `L` of a resource is the sum, in tenths, of the costs
//! of the units assigned to it.
//!
//! 1. **Capacity** (ruling 2): one oil point covers at most 1.0 of units, so a
//!    resource of `k` points takes a load of at most `10 * k` tenths.
//! 2. **Points spent by one resource** (OIL-004, ruling 1): the load rounded
//!    to the nearest whole point, halves up:
//!    `spent(L) = floor((L + 5) / 10)` ([`points_spent`]).
//!    So a load of 0.5 or more is spent ("if units costing a total of 0.5 or
//!    more ... trace a path to the same oil resource, you must spend that
//!    resource"), a load under 0.5 is covered for free, exactly as two 0.2
//!    units are reorganized for free in OIL-004. For a resource of one point
//!    (every resource of OIL-005) this is: spent iff `L >= 5`, with `L <= 10`.
//!    For a hex of `k` points the same rounding applies to its whole load: the
//!    points of one hex are one pool, each point covering at most 1.0, and a
//!    remainder under 0.5 rounds away just as it does for a single point.
//!    With `L <= 10 * k`, `spent(L) <= k` always.
//! 3. **Rounded minimum** (OIL-004): the total spent is at least the sum of
//!    the costs of every unit reorganized, rounded halves up
//!    ([`rounded_minimum`]). When the per-resource spends add up to less, the
//!    difference is a *top-up*, charged to resources whose own remainder was
//!    rounded away (a load of `10q + 1..=10q + 4`): such a resource always has
//!    a point left, and there are always enough of them, because the sum of
//!    `ceil(L / 10)` over the resources is at least `ceil(total / 10)`.
//!
//! The total spent by a plan is therefore
//! `max(rounded_minimum(sum of L), sum of spent(L))`.
//!
//! Reformulated for the search: a resource of `k` points that spends at most
//! `s` points takes a load of at most [`level_capacity`]`(s, k)`, that is
//! `10 * s + 4` tenths below its full capacity and `10 * k` at `s = k`.

use std::fmt;

/// Tenths of an oil point per oil point (ruling 1: oil is counted in tenths).
pub const TENTHS_PER_POINT: u32 = 10;

/// An amount of oil in integer tenths of an oil point (ruling 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tenths(pub u32);

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / TENTHS_PER_POINT, self.0 % TENTHS_PER_POINT)
    }
}

/// An amount of tenths rounded to the nearest whole oil point, halves up
/// (ruling 1): 0.4 -> 0, 0.5 -> 1, 1.2 -> 1, 1.5 -> 2.
#[must_use]
pub const fn rounded_points(tenths: u32) -> u32 {
    tenths.saturating_add(TENTHS_PER_POINT / 2) / TENTHS_PER_POINT
}

/// Oil points one resource spends for a load of `load` tenths (OIL-004,
/// rulings 1 and 2): the load rounded halves up. A load of 0.5 or more spends
/// at least one point; a load under 0.5 spends none.
#[must_use]
pub const fn points_spent(load: u32) -> u32 {
    rounded_points(load)
}

/// The most a resource of `points` oil points can take, in tenths: 1.0 per
/// point (ruling 2).
#[must_use]
pub const fn capacity(points: u32) -> u32 {
    points.saturating_mul(TENTHS_PER_POINT)
}

/// The largest load a resource of `points` points can take while spending
/// at most `level` points: `10 * level + 4` (a remainder of 0.4 rounds away,
/// ruling 1), never more than its capacity (ruling 2).
#[must_use]
pub const fn level_capacity(level: u32, points: u32) -> u32 {
    if level >= points { capacity(points) } else { level * TENTHS_PER_POINT + TENTHS_PER_POINT / 2 - 1 }
}

/// The rounded minimum of OIL-004: the total oil cost of every unit
/// reorganized, rounded to the nearest whole point, halves up (ruling 1).
/// No plan spends fewer points.
#[must_use]
pub const fn rounded_minimum(total: u32) -> u32 {
    rounded_points(total)
}

/// The part of `load` a resource rounds away without spending a point for
/// it: the remainder over whole points when it is under 0.5, else 0.
#[must_use]
pub const fn rounded_away(load: u32) -> u32 {
    let rem = load % TENTHS_PER_POINT;
    if rem < TENTHS_PER_POINT / 2 { rem } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_halves_up_ruling_1() {
        assert_eq!(rounded_points(4), 0);
        assert_eq!(rounded_points(5), 1);
        assert_eq!(rounded_points(12), 1);
        assert_eq!(rounded_points(15), 2);
        assert_eq!(rounded_points(0), 0);
    }

    #[test]
    fn a_load_of_half_a_point_is_spent_oil_004() {
        assert_eq!(points_spent(4), 0);
        assert_eq!(points_spent(5), 1);
        assert_eq!(points_spent(10), 1);
    }

    #[test]
    fn level_capacity_is_the_inverse_of_points_spent() {
        for points in 1..6 {
            for level in 0..=points {
                let cap = level_capacity(level, points);
                assert!(points_spent(cap) <= level);
                assert!(cap <= capacity(points));
                if cap < capacity(points) {
                    assert_eq!(points_spent(cap + 1), level + 1);
                }
            }
        }
    }

    #[test]
    fn tenths_display_as_decimal_points() {
        assert_eq!(Tenths(2).to_string(), "0.2");
        assert_eq!(Tenths(12).to_string(), "1.2");
        assert_eq!(rounded_away(12), 2);
        assert_eq!(rounded_away(16), 0);
    }
}
