//! The spending rule: how many oil points one resource spends for the units
//! assigned to it, and the rounded minimum of a whole reorganization.
//!
//! All oil is counted in integer tenths of an oil point ([`Tenths`]): a 0.2
//! unit costs `Tenths(2)` (ruling 1: never floats).
//!
//! # What "spent" means (OIL-004, OIL-005, rulings 1, 2 and 13)
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
//! 2. **Points spent by one resource** (OIL-004, ruling 13): each of the `k`
//!    oil points of a resource is spent or not on its own. The units
//!    assigned to a resource are divided among its points, whole units only,
//!    at most 1.0 to a point (ruling 2). A point whose units total 0.5 or
//!    more is spent ("if units costing a total of 0.5 or more ... trace a
//!    path to the same oil resource, you must spend that resource"); one
//!    whose units total less may stay unspent, as two 0.2 units are
//!    reorganized for free in OIL-004. The resource spends the fewest points
//!    any such division makes it spend ([`points_spent`]); a division needing
//!    more than `k` points does not fit at all, even when the load is at
//!    most `10 * k` (five 0.4 units on two points). So two 0.6 units on two
//!    points spend 2 (each point holds one, 0.6), 1.2 as 1.0 + 0.2 spends 1,
//!    and 0.8 as two 0.4 units on two points spends none of its own.
//! 3. **Rounded minimum** (OIL-004, ruling 13): the total spent is at least
//!    the sum of the costs of every unit reorganized, rounded halves up
//!    ([`rounded_minimum`]). When the per-resource spends add up to less, the
//!    difference is a *top-up*, charged to points left unspent that hold
//!    some units: a resource of load `L` that spends `s` points has at least
//!    `ceil(L / 10) - s` of them ([`unspent_holding`]), and there are always
//!    enough, because the sum of `ceil(L / 10)` over the resources is at
//!    least `ceil(total / 10)`.
//!
//! The total spent by a plan is therefore
//! `max(rounded_minimum(sum of L), sum of points_spent(units, k))`.
//!
//! # Our reading of ruling 13 (OIL-004)
//!
//! - "each oil point ... covers at most 1.0 of units": units are assigned
//!   to points whole, never split between two points (ruling 2 speaks of
//!   units assigned, and a point's 1.0 is a bound on its units' costs); a
//!   unit costing more than 1.0 fits no point.
//! - "is spent or not on its own": whether a point is spent depends on its
//!   own units only, not on the resource's load. So a resource's spend is
//!   not its load rounded: 0.6 + 0.6 on two points spends 2, and 0.4 + 0.4
//!   on two points spends none of its own.
//! - "one below 0.5 *may* stay unspent": the choice is the solver's, and it
//!   spends the fewest points (ruling 2), so it divides each resource's
//!   units among its points to leave as many points under 0.5 as it can.
//! - "as long as the total spent is at least the rounded sum of everything
//!   reorganized": one bound on the total over all resources of the step
//!   (OIL-004's minimum), not on each resource. Points it adds are points
//!   under 0.5 that hold units; a point holding none is never spent.
//! - A division that needs more than the `k` points of a resource does not
//!   fit: those units cannot all draw from it.
//!
//! Reformulated for the search: a resource of `k` points that spends `s`
//! of them holds at most `10 * s + 4 * (k - s)` tenths ([`level_capacity`]):
//! each point left unspent holds at most 0.4.

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

/// Oil points one resource of `points` points spends for units of `loads`
/// tenths (OIL-004, ruling 13): the fewest of its points holding 0.5 or
/// more, over every division of the units among its points, whole units
/// only, at most 1.0 to a point (ruling 2). `None` when no division fits.
///
/// The rounded minimum of OIL-004 is not applied here: it is a bound on the
/// total over all resources ([`rounded_minimum`]).
#[must_use]
pub fn points_spent(loads: &[u32], points: u32) -> Option<u32> {
    let mut items: Vec<u32> = loads.iter().copied().filter(|&l| l > 0).collect();
    if items.iter().any(|&l| l > TENTHS_PER_POINT) {
        return None;
    }
    items.sort_unstable_by(|a, b| b.cmp(a));
    let total: u32 = items.iter().sum();
    if total > capacity(points) {
        return None;
    }
    // Each unspent point holds at most 0.4: `s` spent points hold at most
    // `level_capacity(s, points)`, so no fewer than this many are spent.
    let mut s = 0;
    while s < points && total > level_capacity(s, points) {
        s += 1;
    }
    // Feasibility only grows with `s` (a point that may be spent holds as
    // much as one that may not), so the first feasible `s` is the fewest.
    (s..=points).find(|&s| divides(&items, s, points - s))
}

/// Whether `items` (descending, each at most 1.0) divide among `full`
/// points of 1.0 and `free` points of 0.4: a depth-first search over the
/// room left per point, points of equal room being interchangeable, with
/// the states that failed remembered.
fn divides(items: &[u32], full: u32, free: u32) -> bool {
    const FREE: usize = (TENTHS_PER_POINT / 2 - 1) as usize;
    const FULL: usize = TENTHS_PER_POINT as usize;
    // Points by room left: `rooms[c]` points have `c` tenths of room.
    let mut rooms = [0u32; FULL + 1];
    rooms[FULL] = full;
    rooms[FREE] += free;
    let left: u32 = items.iter().sum();
    let mut failed = std::collections::HashSet::new();
    place(items, &mut rooms, left, &mut failed)
}

fn place(
    items: &[u32],
    rooms: &mut [u32; TENTHS_PER_POINT as usize + 1],
    left: u32,
    failed: &mut std::collections::HashSet<(usize, [u32; TENTHS_PER_POINT as usize + 1])>,
) -> bool {
    let Some((&item, rest)) = items.split_first() else { return true };
    let room: u32 = rooms.iter().enumerate().map(|(c, &n)| c as u32 * n).sum();
    if left > room || failed.contains(&(items.len(), *rooms)) {
        return false;
    }
    let w = item as usize;
    // Tightest room first: best fit decreasing is the first path tried.
    for c in w..rooms.len() {
        if rooms[c] == 0 {
            continue;
        }
        rooms[c] -= 1;
        rooms[c - w] += 1;
        let ok = place(rest, rooms, left - item, failed);
        rooms[c - w] -= 1;
        rooms[c] += 1;
        if ok {
            return true;
        }
    }
    failed.insert((items.len(), *rooms));
    false
}

/// Points of a resource of load `load` spending `spent` points that are
/// left unspent yet hold some units, in every division that spends
/// `spent`, at least: a division uses at least `ceil(load / 10)` points.
/// These are the points a top-up spends (OIL-004, ruling 13).
#[must_use]
pub const fn unspent_holding(load: u32, spent: u32) -> u32 {
    load.div_ceil(TENTHS_PER_POINT).saturating_sub(spent)
}

/// The most a resource of `points` oil points can take, in tenths: 1.0 per
/// point (ruling 2).
#[must_use]
pub const fn capacity(points: u32) -> u32 {
    points.saturating_mul(TENTHS_PER_POINT)
}

/// The largest load a resource of `points` points can take while spending
/// at most `level` of them: 1.0 per spent point and 0.4 per unspent one
/// (OIL-004, ruling 13), never more than its capacity (ruling 2).
#[must_use]
pub const fn level_capacity(level: u32, points: u32) -> u32 {
    if level >= points {
        capacity(points)
    } else {
        level * TENTHS_PER_POINT + (points - level) * (TENTHS_PER_POINT / 2 - 1)
    }
}

/// The rounded minimum of OIL-004: the total oil cost of every unit
/// reorganized, rounded to the nearest whole point, halves up (ruling 1).
/// No plan spends fewer points.
#[must_use]
pub const fn rounded_minimum(total: u32) -> u32 {
    rounded_points(total)
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
    fn a_point_holding_half_a_point_is_spent_oil_004() {
        assert_eq!(points_spent(&[4], 1), Some(0));
        assert_eq!(points_spent(&[2, 2], 1), Some(0));
        assert_eq!(points_spent(&[5], 1), Some(1));
        assert_eq!(points_spent(&[6, 4], 1), Some(1));
        assert_eq!(points_spent(&[6, 6], 1), None);
        assert_eq!(points_spent(&[], 3), Some(0));
    }

    #[test]
    fn each_point_is_spent_on_its_own_ruling_13() {
        // "So 1.2 assigned to a two-point well spends 1 point."
        assert_eq!(points_spent(&[10, 2], 2), Some(1));
        assert_eq!(points_spent(&[2; 6], 2), Some(1));
        assert_eq!(points_spent(&[6, 4, 2], 2), Some(1));
        // Two 0.6 HQ-A units cannot share a point: 2 spent.
        assert_eq!(points_spent(&[6, 6], 2), Some(2));
        // Six 0.4 HQ-I units on three points: two to a point, all spent.
        assert_eq!(points_spent(&[4; 6], 3), Some(3));
        // Five 0.4 units do not fit two points (2.0 of room, 0.4 + 0.4 each).
        assert_eq!(points_spent(&[4; 5], 2), None);
        // 0.8 as two 0.4 units on two points: each point under 0.5.
        assert_eq!(points_spent(&[4, 4], 2), Some(0));
        assert_eq!(points_spent(&[4, 4], 1), Some(1));
        // A unit over 1.0 fits no point (ruling 2).
        assert_eq!(points_spent(&[11], 3), None);
    }

    #[test]
    fn level_capacity_holds_0_4_per_unspent_point() {
        assert_eq!(level_capacity(0, 1), 4);
        assert_eq!(level_capacity(1, 1), 10);
        assert_eq!(level_capacity(0, 2), 8);
        assert_eq!(level_capacity(1, 2), 14);
        assert_eq!(level_capacity(2, 2), 20);
        assert_eq!(level_capacity(5, 2), 20);
    }

    #[test]
    fn unspent_points_holding_units_cover_the_top_up() {
        assert_eq!(unspent_holding(8, 0), 1);
        assert_eq!(unspent_holding(12, 2), 0);
        assert_eq!(unspent_holding(20, 0), 2);
        assert_eq!(unspent_holding(0, 0), 0);
    }

    /// The fewest spent points over every assignment of `units` to
    /// `points` points of at most 10 tenths each, or `None` if none fits:
    /// ruling 13 by brute force.
    fn oracle(units: &[u32], points: usize) -> Option<u32> {
        fn go(units: &[u32], bins: &mut Vec<u32>, best: &mut Option<u32>) {
            let Some((&u, rest)) = units.split_first() else {
                let spent = bins.iter().filter(|&&b| b >= 5).count() as u32;
                *best = Some(best.map_or(spent, |b| b.min(spent)));
                return;
            };
            for i in 0..bins.len() {
                // Empty points are interchangeable: try the first only.
                if bins[i] + u <= 10 && (bins[i] > 0 || !bins[..i].contains(&0)) {
                    bins[i] += u;
                    go(rest, bins, best);
                    bins[i] -= u;
                }
            }
        }
        let mut best = None;
        go(units, &mut vec![0; points], &mut best);
        best
    }

    proptest::proptest! {
        #[test]
        fn points_spent_matches_brute_force(
            units in proptest::collection::vec(proptest::sample::select(vec![1u32, 2, 3, 4, 5, 6, 7, 10]), 0..9),
            points in 1u32..=4,
        ) {
            proptest::prop_assert_eq!(points_spent(&units, points), oracle(&units, points as usize), "{:?}", units);
        }
    }

    #[test]
    fn tenths_display_as_decimal_points() {
        assert_eq!(Tenths(2).to_string(), "0.2");
        assert_eq!(Tenths(12).to_string(), "1.2");
    }
}
