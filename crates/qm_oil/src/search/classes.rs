//! Units grouped into classes of interchangeable units, and the tables both
//! searches read.
//!
//! Two units of the same cost reaching the same resources (OIL-003) are
//! interchangeable: any plan stays legal and spends the same when they swap.
//! So the searches choose *how many* units of each class go to each resource,
//! never which ones; the members of a class are handed out in the order the
//! caller gave them ([`Class::members`]).
//!
//! **Class order** (the documented tie-break of [`crate::search`]): largest
//! cost first, then fewest reachable resources, then the smaller reach set
//! read as a binary number (resource 0 the lowest bit).

use super::engine::Fx;
use super::flow::Network;
use crate::spend::{capacity, level_capacity, points_spent};
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// One class of interchangeable units.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// Cost of each member, in tenths.
    pub cost: u32,
    /// Index of `cost` in [`Tables::costs`].
    pub kind: usize,
    /// Reachable resources, as a mask.
    pub mask: u64,
    /// The indices of `mask`, ascending.
    pub resources: Vec<usize>,
    /// The members, as indices into the caller's unit list, in its order.
    pub members: Vec<usize>,
}

/// Words of a [`Tables::sums`] entry.
pub(crate) const SUM_WORDS: usize = 4;
/// Resources of fewer tenths than this have [`Tables::sums`].
const SUM_LIMIT: u32 = 64 * SUM_WORDS as u32;

/// Resource sets enumerated exhaustively up to this many resources.
const TIGHT_SET_RESOURCES: usize = 14;
/// How many of the tightest sets are kept, per measure.
const TIGHT_SETS: usize = 8;

/// The classes in class order, and suffix tables over them: entry `c` of a
/// suffix table covers classes `c..`.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The classes, in class order.
    pub classes: Vec<Class>,
    /// Oil points of each resource.
    pub points: Vec<u32>,
    /// Resources reached by classes `c..` (len K + 1): the *open* ones.
    pub open: Vec<u64>,
    /// Resources that class `c` is the last to reach (len K).
    pub closes: Vec<u64>,
    /// Cost of all members of classes `c..` (len K + 1).
    pub suffix_cost: Vec<u32>,
    /// Cost of classes `c..` that reach resource `r`, at `c * m + r`.
    pub demand: Vec<u32>,
    /// Hall sets: every class's reach and the tightest unions of resources
    /// ([`tight_sets`]). Classes whose reach lies inside one must fit in its
    /// resources (ruling 2).
    pub families: Vec<u64>,
    /// Cost of classes `c..` whose reach lies inside family `f`, at
    /// `c * families.len() + f`.
    pub inside: Vec<u32>,
    /// The distinct unit costs, largest first: a resource's *bag* counts
    /// the units it holds of each, at `r * costs.len() + i`.
    pub costs: Vec<u32>,
    /// The bag of the members of classes `c..` that reach only resource
    /// `r`, at `(c * m + r) * costs.len()`.
    pub exclusive_bag: Vec<u16>,
    /// The distinct reaches of the classes, ascending.
    pub reaches: Vec<u64>,
    /// Index in [`Tables::reaches`] of each class's reach.
    pub reach_of: Vec<usize>,
    /// Per `c` and resource `r`, at `c * m + r`: the loads the members of
    /// classes `c..` reaching `r` can add up to exactly, as a set of bits
    /// (bit `s`: some of them cost `s` tenths in all), for resources of at
    /// most [`SUM_LIMIT`] tenths ([`Tables::fillable`]).
    pub sums: Vec<[u64; SUM_WORDS]>,
    /// The network of the flow bound ([`super::flow`]), reused.
    pub network: RefCell<Network>,
    /// Points spent per (points, bag) already divided ([`Tables::spent`]).
    spent_memo: RefCell<HashMap<Vec<u16>, Option<u32>, BuildHasherDefault<Fx>>>,
}

impl Tables {
    /// Groups `units` (cost, reach mask; each reaching some resource) into
    /// classes for resources of `points`.
    pub(crate) fn new(units: &[(u32, u64)], points: &[u32]) -> Self {
        Self::ordered(units, points, ClassOrder::Search)
    }

    /// [`Tables::new`] with the classes in `order`.
    pub(crate) fn ordered(units: &[(u32, u64)], points: &[u32], order: ClassOrder) -> Self {
        let mut classes = group(units, order);
        let mut costs: Vec<u32> = classes.iter().map(|c| c.cost).collect();
        costs.sort_unstable_by(|a, b| b.cmp(a));
        costs.dedup();
        let d = costs.len();
        for class in &mut classes {
            class.kind = costs.iter().position(|&c| c == class.cost).unwrap_or(0);
        }
        let (k, m) = (classes.len(), points.len());
        let mut exclusive_bag = vec![0u16; (k + 1) * m * d];
        let mut open = vec![0u64; k + 1];
        let mut suffix_cost = vec![0u32; k + 1];
        let mut demand = vec![0u32; (k + 1) * m];
        for c in (0..k).rev() {
            let class = &classes[c];
            let total = class.cost * class.members.len() as u32;
            open[c] = open[c + 1] | class.mask;
            suffix_cost[c] = suffix_cost[c + 1] + total;
            for r in 0..m {
                demand[c * m + r] = demand[(c + 1) * m + r];
            }
            exclusive_bag.copy_within((c + 1) * m * d..(c + 2) * m * d, c * m * d);
            for &r in &class.resources {
                demand[c * m + r] += total;
            }
            if class.resources.len() == 1 {
                let r = class.resources[0];
                exclusive_bag[(c * m + r) * d + class.kind] += class.members.len() as u16;
            }
        }
        let closes = (0..k).map(|c| classes[c].mask & !open[c + 1]).collect();
        let sums = subset_sums(&classes, points);
        let families = families(&classes, points);
        let q = families.len();
        let mut inside = vec![0u32; (k + 1) * q];
        for c in (0..k).rev() {
            let class = &classes[c];
            for (f, &family) in families.iter().enumerate() {
                let own = if class.mask & !family == 0 { class.cost * class.members.len() as u32 } else { 0 };
                inside[c * q + f] = inside[(c + 1) * q + f] + own;
            }
        }
        let mut reaches: Vec<u64> = classes.iter().map(|c| c.mask).collect();
        reaches.sort_unstable();
        reaches.dedup();
        let reach_of = classes.iter().map(|c| reaches.binary_search(&c.mask).unwrap_or(0)).collect();
        Tables {
            reaches,
            reach_of,
            classes,
            points: points.to_vec(),
            open,
            closes,
            suffix_cost,
            demand,
            families,
            inside,
            costs,
            exclusive_bag,
            sums,
            network: RefCell::default(),
            spent_memo: RefCell::default(),
        }
    }

    /// The most of `room` (at most the capacity of resource `r`) that the
    /// members of classes `c..` can fill exactly: the largest sum of their
    /// costs, whole units only, that is at most `room` (a resource of 1.0
    /// reached only by 0.2 units and one 0.1 unit takes 0.9 or 1.0 of them,
    /// never an odd load beyond the one 0.1). `room` itself for resources
    /// above [`SUM_LIMIT`] tenths.
    pub(crate) fn fillable(&self, c: usize, r: usize, room: u32) -> u32 {
        if capacity(self.points[r]) >= SUM_LIMIT {
            return room;
        }
        let sums = &self.sums[c * self.resources() + r];
        let room = room.min(SUM_LIMIT - 1) as usize;
        let (word, bit) = (room / 64, room % 64);
        // The words up to `room`, the last one cut after bit `room`.
        let cut = if bit == 63 { u64::MAX } else { (1u64 << (bit + 1)) - 1 };
        (0..=word)
            .rev()
            .find_map(|w| {
                let bits = if w == word { sums[w] & cut } else { sums[w] };
                (bits != 0).then(|| (w * 64) as u32 + 63 - bits.leading_zeros())
            })
            .unwrap_or(0)
    }

    /// The bag of the members of classes `c..` that reach only `r`.
    pub(crate) fn exclusive_bag(&self, c: usize, r: usize) -> &[u16] {
        let d = self.costs.len();
        let at = (c * self.resources() + r) * d;
        &self.exclusive_bag[at..at + d]
    }

    /// Points resource `r` spends holding the units of `bags` (bags added
    /// together), divided point by point ([`points_spent`], OIL-004 and
    /// ruling 13); `None` when they do not fit its points. Remembered.
    pub(crate) fn spent(&self, r: usize, bags: &[&[u16]]) -> Option<u32> {
        let d = self.costs.len();
        let k = self.points[r];
        let mut key = Vec::with_capacity(d + 2);
        key.push((k >> 16) as u16);
        key.push(k as u16);
        key.extend((0..d).map(|i| bags.iter().map(|b| b[i]).sum::<u16>()));
        if let Some(&known) = self.spent_memo.borrow().get(&key) {
            return known;
        }
        let mut units = Vec::new();
        for (i, &n) in key[2..].iter().enumerate() {
            units.extend(std::iter::repeat_n(self.costs[i], usize::from(n)));
        }
        let spent = points_spent(&units, k);
        self.spent_memo.borrow_mut().insert(key, spent);
        spent
    }

    /// The number of resources.
    pub(crate) fn resources(&self) -> usize {
        self.points.len()
    }

    /// The resource each of the caller's `n` units takes when class `c`
    /// places `counts[c][j]` members on its `j`-th resource: the members in
    /// their order, lowest resource first; `None` for members left out.
    pub(crate) fn hand_out(&self, counts: &[Vec<u32>], n: usize) -> Vec<Option<usize>> {
        let mut out = vec![None; n];
        for (class, per) in self.classes.iter().zip(counts) {
            let mut members = class.members.iter();
            for (&r, &k) in class.resources.iter().zip(per) {
                for &u in members.by_ref().take(k as usize) {
                    out[u] = Some(r);
                }
            }
        }
        out
    }

    /// The class and the position in it of each of the caller's `n` units.
    pub(crate) fn places(&self, n: usize) -> Vec<(usize, u32)> {
        let mut out = vec![(0, 0); n];
        for (c, class) in self.classes.iter().enumerate() {
            for (j, &u) in class.members.iter().enumerate() {
                out[u] = (c, j as u32);
            }
        }
        out
    }
}

/// The table of [`Tables::sums`]: a bounded subset-sum table per resource,
/// over the classes from the last one back.
fn subset_sums(classes: &[Class], points: &[u32]) -> Vec<[u64; SUM_WORDS]> {
    let (k, m) = (classes.len(), points.len());
    let mut empty = [0u64; SUM_WORDS];
    empty[0] = 1;
    let mut sums = vec![empty; (k + 1) * m];
    for c in (0..k).rev() {
        sums.copy_within((c + 1) * m..(c + 2) * m, c * m);
        let class = &classes[c];
        for &r in &class.resources {
            let cap = capacity(points[r]);
            if cap >= SUM_LIMIT || class.cost == 0 {
                continue;
            }
            // More members than fit change nothing below the capacity.
            let copies = (class.members.len() as u32).min(cap / class.cost);
            let set = &mut sums[c * m + r];
            for _ in 0..copies {
                let before = *set;
                *set = or_shifted(before, class.cost);
                if *set == before {
                    break;
                }
            }
            // Only sums up to the capacity matter.
            let keep = cap as usize + 1;
            for (w, word) in set.iter_mut().enumerate() {
                let from = w * 64;
                if from >= keep {
                    *word = 0;
                } else if keep - from < 64 {
                    *word &= (1u64 << (keep - from)) - 1;
                }
            }
        }
    }
    sums
}

/// `set | set << shift`, over the words of a subset-sum set.
fn or_shifted(set: [u64; SUM_WORDS], shift: u32) -> [u64; SUM_WORDS] {
    let (words, bits) = ((shift / 64) as usize, shift % 64);
    let mut out = set;
    for w in words..SUM_WORDS {
        let low = set[w - words] << bits;
        let carry = if bits > 0 && w > words { set[w - words - 1] >> (64 - bits) } else { 0 };
        out[w] |= low | carry;
    }
    out
}

/// The order of the classes in a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ClassOrder {
    /// The documented class order of the spend search (its tie-break).
    Search,
    /// A sweep over the resources: lowest reachable resource first, then
    /// highest, then the class order. Resources close early, so the memo's
    /// states (the loads of the open resources) stay few; used where the
    /// class order is no tie-break (the selection, [`crate::select`]).
    Sweep,
}

/// Groups units into classes in `order`; members keep the input order.
fn group(units: &[(u32, u64)], class_order: ClassOrder) -> Vec<Class> {
    let mut order: Vec<usize> = (0..units.len()).collect();
    match class_order {
        ClassOrder::Search => order.sort_by_key(|&u| (class_key(units[u]), u)),
        ClassOrder::Sweep => order.sort_by_key(|&u| {
            let mask = units[u].1;
            (mask.trailing_zeros(), 63 - mask.leading_zeros(), class_key(units[u]), u)
        }),
    }
    let mut classes: Vec<Class> = Vec::new();
    for u in order {
        let (cost, mask) = units[u];
        match classes.last_mut() {
            Some(last) if last.cost == cost && last.mask == mask => last.members.push(u),
            _ => classes.push(Class { cost, kind: 0, resources: bits(mask).collect(), mask, members: vec![u] }),
        }
    }
    classes
}

/// The class order: largest cost first, fewest resources, smaller mask.
fn class_key((cost, mask): (u32, u64)) -> (Reverse<u32>, u32, u64) {
    (Reverse(cost), mask.count_ones(), mask)
}

/// The indices of the set bits of `mask`, ascending.
pub(crate) fn bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            r
        })
    })
}

/// Classes' reaches kept as Hall sets above [`TIGHT_SET_RESOURCES`]
/// resources, at most: those whose inside units most exceed their free room.
const FAMILIES: usize = 24;

/// The Hall sets of [`Tables::families`], sorted: the tight sets, and the
/// classes' reaches (above [`TIGHT_SET_RESOURCES`] resources, only the
/// [`FAMILIES`] whose inside units most exceed their free room, 0.4 per
/// resource, at the root).
fn families(classes: &[Class], points: &[u32]) -> Vec<u64> {
    let mut families: Vec<u64> = classes.iter().map(|c| c.mask).collect();
    families.sort_unstable();
    families.dedup();
    if families.len() > FAMILIES && points.len() > TIGHT_SET_RESOURCES {
        let excess = |set: u64| {
            let inside: u32 =
                classes.iter().filter(|c| c.mask & !set == 0).map(|c| c.cost * c.members.len() as u32).sum();
            let room: u32 = bits(set).map(|r| level_capacity(0, points[r])).sum();
            i64::from(inside) - i64::from(room)
        };
        let mut ranked: Vec<(Reverse<i64>, u64)> = families.iter().map(|&f| (Reverse(excess(f)), f)).collect();
        ranked.sort_unstable();
        families = ranked.into_iter().take(FAMILIES).map(|(_, f)| f).collect();
    }
    families.extend(tight_sets(classes, points));
    families.sort_unstable();
    families.dedup();
    families
}

/// The sets of resources whose inside units most exceed their room: by full
/// capacity (what cannot all be reorganized) and by free room, 0.4 per
/// resource (what forces points to be spent). Hall's theorem: these are the
/// sets that bound the searches; found once by enumerating every subset
/// when there are at most [`TIGHT_SET_RESOURCES`] resources.
fn tight_sets(classes: &[Class], points: &[u32]) -> Vec<u64> {
    let m = points.len();
    if m == 0 || m > TIGHT_SET_RESOURCES {
        return Vec::new();
    }
    let size = 1usize << m;
    let mut inside = vec![0u32; size];
    for class in classes {
        inside[class.mask as usize] += class.cost * class.members.len() as u32;
    }
    for bit in 0..m {
        let step = 1usize << bit;
        for block in inside.chunks_exact_mut(2 * step) {
            let (without, with) = block.split_at_mut(step);
            with.iter_mut().zip(without.iter()).for_each(|(w, o)| *w += *o);
        }
    }
    // Capacity and free room of every set, by the same sum over subsets.
    let mut cap = vec![0u32; size];
    let mut room = vec![0u32; size];
    for set in 1..size {
        let r = set.trailing_zeros() as usize;
        let rest = set & (set - 1);
        cap[set] = cap[rest] + capacity(points[r]);
        room[set] = room[rest] + level_capacity(0, points[r]);
    }
    let mut out = top_excess(&inside, &cap);
    out.extend(top_excess(&inside, &room));
    out
}

/// The [`TIGHT_SETS`] sets whose `need` most exceeds their `have`: largest
/// excess first, then fewest resources, then the smaller set.
fn top_excess(need: &[u32], have: &[u32]) -> Vec<u64> {
    let mut list: Vec<(Reverse<u32>, u32, u64)> = (1..need.len())
        .filter(|&set| need[set] > have[set])
        .map(|set| (Reverse(need[set] - have[set]), set.count_ones(), set as u64))
        .collect();
    if list.len() > TIGHT_SETS {
        list.select_nth_unstable(TIGHT_SETS);
        list.truncate(TIGHT_SETS);
    }
    list.sort_unstable();
    list.into_iter().map(|(_, _, set)| set).collect()
}
