//! The exact search for the assignment that spends the fewest oil points
//! (ruling 2), once the units to reorganize are chosen.
//!
//! Units are grouped into classes of interchangeable units ([`classes`]) and
//! the shared engine ([`engine`]) chooses how many of each class go to each
//! resource, maximizing minus the points spent. A resource's spend is
//! charged when the last class reaching it is placed; the state is the next
//! class and the loads of the resources still open.
//!
//! **Tie-break.** Read the units in *search order*: classes in class order
//! (largest cost first, then fewest reachable resources, then the smaller
//! reach set read as a binary number, resource 0 the lowest bit), the members
//! of a class by id. Among the cheapest plans the solver returns the
//! lexicographically smallest vector of resource indices in that order: the
//! first found, since pruning never drops a plan at least as cheap as the
//! target. So list the resources you would rather spend first.
//!
//! **Bound** at a state (a lower bound on what the open resources spend):
//! - per resource, the points its load and the units left that reach only
//!   it force it to spend (OIL-004, rounding per resource);
//! - the cost left must fit in the room left at those levels; each further
//!   point spent adds at most 1.0 of room (ruling 2; the last point of a
//!   resource adds 0.6, since 0.4 of it was free);
//! - the same for each Hall set ([`classes::Tables::families`]): the units
//!   left whose reach lies inside it must fit in its resources alone.
//!
//! The search stops as soon as a plan spends the rounded minimum of OIL-004
//! or the bound at the root, whichever is larger.

pub(crate) mod classes;
pub(crate) mod engine;

use crate::spend::{capacity, level_capacity, points_spent, rounded_minimum};
use classes::{Tables, bits};
use engine::{Engine, Objective};

/// The outcome of one search.
#[derive(Clone, Debug)]
pub(crate) struct SpendOutcome {
    /// Resource index per unit, in the order the units were given.
    pub assignment: Vec<usize>,
    /// A lower bound on the total of every assignment.
    pub lower_bound: u32,
    /// Points each resource must spend whatever the assignment, from the
    /// units that reach only it (OIL-004).
    pub forced: Vec<u32>,
    /// Whether the search finished (the assignment is optimal).
    pub exact: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Searches the cheapest assignment of the units `costs`/`masks` (given by
/// id: the member order of their classes) to resources of `points`. `None`
/// when no assignment fits, or none was found within the node limit.
pub(crate) fn cheapest_assignment(
    costs: &[u32],
    masks: &[u64],
    points: &[u32],
    node_limit: Option<u64>,
) -> Option<SpendOutcome> {
    let units: Vec<(u32, u64)> = costs.iter().copied().zip(masks.iter().copied()).collect();
    let tables = Tables::new(&units, points);
    let minimum = rounded_minimum(costs.iter().sum());
    let mut engine = Engine::new(&tables, Cheapest, node_limit);
    let floor = spend_of(engine.root_upper()?).max(minimum);
    engine.run(i64::MIN / 4, -i64::from(floor));
    let (value, counts) = engine.best()?;
    let exact = !engine.aborted;
    let total = spend_of(value).max(minimum);
    let assignment = tables.hand_out(&counts, units.len()).into_iter().map(|slot| slot.unwrap_or(0)).collect();
    let m = points.len();
    let forced = (0..m).map(|r| points_spent(tables.exclusive[r])).collect();
    Some(SpendOutcome {
        assignment,
        lower_bound: if exact { total } else { floor },
        forced,
        exact,
        nodes: engine.nodes,
    })
}

/// Points spent for an engine value (minus the points).
fn spend_of(value: i64) -> u32 {
    u32::try_from(-value).unwrap_or(0)
}

/// Minus the points spent: what [`cheapest_assignment`] maximizes.
struct Cheapest;

impl Objective for Cheapest {
    fn upper(&self, t: &Tables, c: usize, loads: &[u32]) -> Option<i64> {
        spend_bound(t, c, loads).map(|b| -i64::from(b))
    }

    fn gain(&self, t: &Tables, c: usize, loads: &[u32], _taken: u32) -> i64 {
        -i64::from(bits(t.closes[c]).map(|r| points_spent(loads[r])).sum::<u32>())
    }
}

/// Room and upgrades of a set of resources (see the module doc).
#[derive(Clone, Copy, Default)]
struct Room {
    room: u32,
    tens: u32,
    sixes: u32,
}

impl Room {
    fn add(&mut self, other: Room) {
        self.room += other.room;
        self.tens += other.tens;
        self.sixes += other.sixes;
    }

    /// The fewest further points that make room for `cost`.
    fn extra(&self, cost: u32) -> Option<u32> {
        extra_levels(cost, self.room, self.tens, self.sixes)
    }
}

/// A lower bound on what the open resources of the state (next class `c`,
/// `loads`) spend in every completion; `None` if no completion fits.
fn spend_bound(t: &Tables, c: usize, loads: &[u32]) -> Option<u32> {
    let m = t.resources();
    let open = t.open[c];
    let mut each = [Room::default(); crate::model::MAX_RESOURCES];
    let (mut levels, mut all) = (0u32, Room::default());
    for r in bits(open) {
        let k = t.points[r];
        let load = loads[r];
        let need = load + t.exclusive[c * m + r];
        if need > capacity(k) {
            return None;
        }
        let level = points_spent(need);
        levels += level;
        let below = level < k;
        each[r] = Room {
            room: level_capacity(level, k) - load,
            tens: if below { k - level - 1 } else { 0 },
            sixes: u32::from(below),
        };
        all.add(each[r]);
    }
    let mut extra = all.extra(t.suffix_cost[c])?;
    let q = t.families.len();
    for (f, &family) in t.families.iter().enumerate() {
        let inside = t.inside[c * q + f];
        if inside > 0 {
            let mut set = Room::default();
            bits(family & open).for_each(|r| set.add(each[r]));
            extra = extra.max(set.extra(inside)?);
        }
    }
    Some(levels + extra)
}

/// The fewest further points that give `deficit = cost - room` more room,
/// given `tens` upgrades of 1.0 and `sixes` of 0.6 (the last point of each
/// resource, ruling 2); `None` if even all of them are not enough.
fn extra_levels(cost: u32, room: u32, tens: u32, sixes: u32) -> Option<u32> {
    if cost <= room {
        return Some(0);
    }
    let deficit = cost - room;
    let by_tens = deficit.div_ceil(10);
    if by_tens <= tens {
        return Some(by_tens);
    }
    let by_sixes = (deficit - 10 * tens).div_ceil(6);
    (by_sixes <= sixes).then_some(tens + by_sixes)
}
