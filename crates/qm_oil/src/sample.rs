//! Seeded sample problems for benches and tests: theatres of resources, each
//! unit reaching the resources of its own theatre and now and then those of a
//! neighbouring one (OIL-003), with the costs of OIL-003 (0.1, 0.2, 0.4 for
//! an HQ-I, 0.6 for an HQ-A). Deterministic: the same seed gives the same
//! problem on every machine.

use crate::model::{OilResource, OilUnit, Problem, ResourceId, ResourceKind, UnitClass, UnitId};
use crate::spend::Tenths;

/// The shape of a sample problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleSpec {
    /// Units, all ordered.
    pub units: usize,
    /// Resources.
    pub resources: usize,
    /// Theatres the resources are split into.
    pub theatres: usize,
    /// Oil points in all, as a percentage of what the units cost (every
    /// resource holds at least 1 point).
    pub oil_percent: u32,
    /// Percentage of the units whose home is the first theatre (the front);
    /// the others spread evenly. With few resources there, the oil within
    /// reach of the crowded units is short.
    pub crowd_percent: u32,
}

/// The [`SampleSpec::crowd_percent`] of the short-of-oil samples of the
/// benches and tests: half the units at the front.
pub const SHORT_CROWD: u32 = 50;

/// A small deterministic generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// A sample problem of the given shape from `seed`.
#[must_use]
pub fn sample_problem(spec: SampleSpec, seed: u64) -> Problem {
    let mut rng = SplitMix(seed);
    let theatres = spec.theatres.clamp(1, spec.resources.max(1));
    let units: Vec<OilUnit> =
        (0..spec.units).map(|u| sample_unit(&mut rng, u, spec.resources, theatres, spec.crowd_percent)).collect();
    let cost: u32 = units.iter().map(|u| u.cost.0).sum();
    let points = spread_points(&mut rng, cost * spec.oil_percent / 1000, spec.resources);
    let resources = points
        .into_iter()
        .enumerate()
        .map(|(r, (points, saved))| OilResource {
            id: ResourceId(r as u32),
            points,
            kind: if saved { ResourceKind::Saved } else { ResourceKind::Produced },
        })
        .collect();
    Problem { units, resources }
}

fn sample_unit(rng: &mut SplitMix, u: usize, resources: usize, theatres: usize, crowd: u32) -> OilUnit {
    let (cost, class) = match rng.below(20) {
        0 => (6, UnitClass::Hq),
        1 | 2 => (4, UnitClass::Hq),
        3..=8 => (1, UnitClass::Other),
        _ => (2, UnitClass::Other),
    };
    let crowded = crowd > 0 && rng.below(100) < u64::from(crowd);
    let home = if crowded { 0 } else { rng.below(theatres as u64) as usize };
    let reaches = (0..resources)
        .filter(|&r| {
            let theatre = r * theatres / resources.max(1);
            theatre == home || (theatre.abs_diff(home) == 1 && rng.below(4) == 0)
        })
        .collect();
    OilUnit { id: UnitId(u as u32), cost: Tenths(cost), class, ordered: true, reaches }
}

/// Spreads `total` points (at least one per resource) over `resources`:
/// every resource holds 1, and the rest lands on saved-oil cities, at most
/// 16 each (OIL-009).
fn spread_points(rng: &mut SplitMix, total: u32, resources: usize) -> Vec<(u32, bool)> {
    let mut points: Vec<(u32, bool)> = (0..resources).map(|_| (1, rng.below(3) == 0)).collect();
    let saved: Vec<usize> = (0..resources).filter(|&r| points[r].1).collect();
    let mut left = total.saturating_sub(resources as u32);
    while left > 0 && !saved.is_empty() {
        let r = saved[rng.below(saved.len() as u64) as usize];
        if points.iter().filter(|p| p.1).all(|p| p.0 >= 16) {
            break;
        }
        if points[r].0 < 16 {
            points[r].0 += 1;
            left -= 1;
        }
    }
    points
}

/// The sizes the benches solve: (units, resources, theatres).
pub const BENCH_SIZES: [(usize, usize, usize); 3] = [(12, 4, 2), (40, 12, 4), (200, 30, 8)];

/// Problems the benches keep per size and case.
pub const BENCH_PROBLEMS: usize = 8;

/// The two cases of the benches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchCase {
    /// The oil within reach takes every unit (oil 300% of the cost).
    AllFit,
    /// It does not (half the units crowd the first theatre, oil 70% of
    /// the cost), so the solver also chooses which units are reorganized.
    ShortOfOil,
}

impl BenchCase {
    /// Both cases, in the benches' order.
    pub const ALL: [BenchCase; 2] = [BenchCase::AllFit, BenchCase::ShortOfOil];

    /// The case's name in bench ids and reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BenchCase::AllFit => "all_fit",
            BenchCase::ShortOfOil => "short_of_oil",
        }
    }

    /// The sample shape of the case at `(units, resources, theatres)`.
    #[must_use]
    pub const fn spec(self, (units, resources, theatres): (usize, usize, usize)) -> SampleSpec {
        match self {
            BenchCase::AllFit => SampleSpec { units, resources, theatres, oil_percent: 300, crowd_percent: 0 },
            BenchCase::ShortOfOil => {
                SampleSpec { units, resources, theatres, oil_percent: 70, crowd_percent: SHORT_CROWD }
            }
        }
    }
}

/// The benches' problems of `case` at `size`: the first [`BENCH_PROBLEMS`]
/// of seeds `0..500` whose default plan ([`crate::solve`]) reorganizes every
/// unit (all fit) or leaves some cost out (short of oil).
#[must_use]
pub fn bench_problems(case: BenchCase, size: (usize, usize, usize)) -> Vec<Problem> {
    let spec = case.spec(size);
    let keep = |p: &Problem| {
        let total: u32 = p.units.iter().map(|u| u.cost.0).sum();
        let reorganized = crate::solve(p).map_or(0, |plan| plan.cost_reorganized.0);
        (reorganized == total) == (case == BenchCase::AllFit)
    };
    (0..500).map(|seed| sample_problem(spec, seed)).filter(keep).take(BENCH_PROBLEMS).collect()
}
