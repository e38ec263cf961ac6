//! A parity bound of the spend search: resources that every completion
//! fills to the last tenth need an even number of odd-cost units each.
//!
//! A resource of `k` points holds at most `10 * k` tenths (ruling 2), an
//! even number. When a maximum flow of the cost left ([`super::flow`])
//! leaves no room on a set of resources in any maximum flow, every
//! completion fills each of them exactly, with units reaching only them
//! (the flow into them comes from those units alone). Each then ends at an
//! even load, so the units of odd cost (0.1, 0.3 ...) it takes have the
//! parity of its load so far. The units of odd cost left join the
//! resources they reach into groups; a group's units go to its resources
//! only, so their number and the loads so far must add up to an even
//! number, else no completion fits. The flow, which splits units into
//! fractions, does not see this (a resource reached by one 0.1 unit and
//! otherwise by 0.2 ones).

use super::classes::{Tables, bits};
use crate::model::MAX_RESOURCES;

/// Whether the odd-cost units of classes `c..` can leave each resource of
/// `full` (filled exactly in every completion, `loads` so far) at an even
/// load, group by group (see the module docs).
pub(crate) fn parity_holds(t: &Tables, c: usize, loads: &[u32], full: u64) -> bool {
    if full == 0 {
        return true;
    }
    let mut group = [0usize; MAX_RESOURCES];
    group.iter_mut().enumerate().for_each(|(r, g)| *g = r);
    let mut odd = [0u32; MAX_RESOURCES];
    for class in t.classes[c..].iter().filter(|class| class.cost % 2 == 1 && class.mask & !full == 0) {
        let mut resources = bits(class.mask);
        let Some(first) = resources.next() else { continue };
        let root = find(&mut group, first);
        for r in resources {
            let other = find(&mut group, r);
            group[other] = root;
        }
        odd[root] += class.members.len() as u32;
    }
    let mut parity = [0u32; MAX_RESOURCES];
    for r in bits(full) {
        let root = find(&mut group, r);
        parity[root] += loads[r] + odd[r];
    }
    parity.iter().all(|p| p % 2 == 0)
}

/// The root of `r`'s group, halving the paths on the way.
fn find(group: &mut [usize], mut r: usize) -> usize {
    while group[r] != r {
        group[r] = group[group[r]];
        r = group[r];
    }
    r
}
