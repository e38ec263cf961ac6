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
//! **Cost** of a resource (OIL-004, ruling 13): its units divided among its
//! points, at most 1.0 to a point, the fewest points holding 0.5 or more
//! ([`crate::spend::points_spent`]). The search minimizes the sum of these;
//! the plan's total is that sum or the rounded minimum, whichever is
//! larger ([`crate::spend`]).
//!
//! **Bound** at a state (a lower bound on what the open resources spend):
//! - per resource, the points its units and the units left that reach only
//!   it force it to spend, divided point by point (adding units never
//!   lowers what a resource spends: drop them from a division);
//! - the cost left must fit in the room left at those levels; a point left
//!   unspent holds at most 0.4, so each further point spent adds at most
//!   0.6 of room ([`crate::spend::level_capacity`], ruling 13);
//! - the same for each Hall set ([`classes::Tables::families`]): the units
//!   left whose reach lies inside it must fit in its resources alone;
//! - the maximum flow of the cost left into the room left ([`flow`]), which
//!   holds every Hall set's bound at once: it must carry all of it at full
//!   capacity (ruling 2), and each point spent beyond the levels above adds
//!   at most 0.6 to what it carries at those levels;
//! - for each unit cost that does not divide a point (0.3, 0.4, 0.6 ...),
//!   the units of that cost or more must fit by number, at most `10 / w` of
//!   them to a point (ruling 13), a flow of counts;
//! - parity ([`parity`]): the resources the flow at full capacity fills in
//!   every completion end at an even load, so the odd-cost units left
//!   that reach only them must come in even numbers, group by group.
//!
//! The search stops as soon as a plan spends the rounded minimum of OIL-004
//! or the bound at the root, whichever is larger.
//!
//! **A bound, not a split.** The selection splits at a minimum cut
//! ([`crate::select`]); this search does not. A bound that only prunes
//! subtrees holding no plan leaves the first plan found at the target as
//! it is, so the tie-break above needs no further proof. A split does not
//! keep it for free: the parts' plans interleave in search order, and the
//! rounded minimum couples them (on most of the benches' short-of-oil
//! problems the parts' least spends add up to less than the rounded
//! minimum, so the plans at the minimum are no product of the parts' best
//! plans). And the set that held the search back was not zero-slack to the
//! flow: a theatre of 12 one-point resources holding 11.9 of its own
//! units, 0.1 units from outside free to take the last tenth. Once one of
//! them is in, the theatre is full, and two of its resources share the
//! only 0.1 unit that reaches them, so one of the two cannot end at an
//! even load: the parity bound cuts that subtree at once, where the flow
//! alone let the search wander in it past the node limit.

pub(crate) mod classes;
pub(crate) mod engine;
pub(crate) mod flow;
pub(crate) mod parity;

use crate::spend::{TENTHS_PER_POINT, level_capacity, rounded_minimum};
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
    let forced = (0..m).map(|r| tables.spent(r, &[tables.exclusive_bag(0, r)]).unwrap_or(0)).collect();
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
    fn upper(&self, t: &Tables, c: usize, loads: &[u32], bags: &[u16]) -> Option<i64> {
        spend_bound(t, c, loads, bags).map(|b| -i64::from(b))
    }

    fn gain(&self, t: &Tables, c: usize, _loads: &[u32], bags: &[u16], _taken: u32) -> i64 {
        let d = t.costs.len();
        // The engine only builds bags that divide among their points.
        let spent = |r: usize| t.spent(r, &[&bags[r * d..(r + 1) * d]]).unwrap_or(u32::MAX / 128);
        -i64::from(bits(t.closes[c]).map(spent).sum::<u32>())
    }
}

/// Room and upgrades of a set of resources (see the module doc).
#[derive(Clone, Copy, Default)]
struct Room {
    room: u32,
    ups: u32,
}

impl Room {
    fn add(&mut self, other: Room) {
        self.room += other.room;
        self.ups += other.ups;
    }

    /// The fewest further points that make room for `cost`.
    fn extra(&self, cost: u32) -> Option<u32> {
        extra_levels(cost, self.room, self.ups)
    }
}

/// A lower bound on what the open resources of the state (next class `c`,
/// `loads`, `bags`) spend in every completion; `None` if no completion fits.
fn spend_bound(t: &Tables, c: usize, loads: &[u32], bags: &[u16]) -> Option<u32> {
    let d = t.costs.len();
    let open = t.open[c];
    let mut each = [Room::default(); crate::model::MAX_RESOURCES];
    let (mut levels, mut all) = (0u32, Room::default());
    for r in bits(open) {
        let k = t.points[r];
        let level = t.spent(r, &[&bags[r * d..(r + 1) * d], t.exclusive_bag(c, r)])?;
        levels += level;
        // A division spending `level` holds at most `level_capacity`, so
        // the room is never negative.
        each[r] = Room { room: level_capacity(level, k).saturating_sub(loads[r]), ups: k - level };
        all.add(each[r]);
    }
    let mut extra = all.extra(t.suffix_cost[c])?;
    extra = extra.max(flow_extra(t, c, loads, bags, &each)?);
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

/// The fewest further points the flow bound asks for ([`flow`]): every
/// class left must fit at full capacity (ruling 2), and each point spent
/// beyond the levels of `each` raises the flow by at most [`UPGRADE`].
fn flow_extra(t: &Tables, c: usize, loads: &[u32], bags: &[u16], each: &[Room]) -> Option<u32> {
    let need = t.suffix_cost[c];
    if need == 0 {
        return Some(0);
    }
    let open = t.open[c];
    let amount = |i: usize| t.classes[i].cost * t.classes[i].members.len() as u32;
    let mut network = t.network.borrow_mut();
    if !network.counts_fit(t, c, bags, |_| true) {
        return None;
    }
    let m = t.resources();
    let mut level = vec![0u32; m];
    for r in bits(open) {
        level[r] = each[r].room;
    }
    let fit = network.max_fit(t, c, &level, amount);
    let room: Vec<u32> =
        (0..m).map(|r| if open >> r & 1 == 1 { crate::spend::capacity(t.points[r]) - loads[r] } else { 0 }).collect();
    // The flow at full capacity, and the resources it fills in every
    // completion: their parity (ruling 2, [`parity`]).
    if network.raise(&room, &level) < need || !parity::parity_holds(t, c, loads, network.full(m) & open) {
        return None;
    }
    Some((need - fit).div_ceil(UPGRADE))
}

/// The room one more spent point adds: 1.0 instead of the 0.4 an unspent
/// point holds (OIL-004, ruling 13).
const UPGRADE: u32 = TENTHS_PER_POINT - (TENTHS_PER_POINT / 2 - 1);

/// The fewest further points that give `deficit = cost - room` more room,
/// given `ups` points still unspent, each adding [`UPGRADE`]; `None` if even
/// all of them are not enough.
fn extra_levels(cost: u32, room: u32, ups: u32) -> Option<u32> {
    if cost <= room {
        return Some(0);
    }
    let more = (cost - room).div_ceil(UPGRADE);
    (more <= ups).then_some(more)
}
