//! `qm bench oil`: the MWIF oil solver ([`qm_oil::solve`], its default
//! options) on the seeded sample problems of `benches/oil.rs`
//! ([`qm_oil::sample::bench_problems`]): 12, 40 and 200 units with 4, 12
//! and 30 resources, all fit and short of oil.
//!
//! Per size and case: the median and mean time of one solve over every
//! problem and repetition, how many of the problems the solver proved
//! optimal (`Plan::optimal`: both searches finished, no node limit
//! stopped them), and the search nodes one solve of each takes in all.
//! The targets: 40 x 12 short of oil under 1 ms (median), 200 x 30 proved
//! optimal under 20 ms (median).

use crate::stats::{elapsed_ns, median};
use qm_oil::sample::{BENCH_SIZES, BenchCase, bench_problems};
use serde::Serialize;
use std::time::Instant;

/// The figures `qm bench oil --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct OilBench {
    /// Timed solves of each problem.
    pub iters: u32,
    /// One entry per size and case, smallest size first, all fit first.
    pub cases: Vec<OilCase>,
}

/// The solver on the problems of one size and case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct OilCase {
    /// `UNITSxRESOURCES`, as in the criterion bench ids (`200x30`).
    pub size: String,
    /// Units of each problem.
    pub units: u32,
    /// Resources of each problem.
    pub resources: u32,
    /// Whether the oil takes every unit.
    pub case: OilCaseKind,
    /// Problems solved.
    pub problems: u32,
    /// Median time of one solve, in nanoseconds.
    pub median_ns: u64,
    /// Mean time of one solve, in nanoseconds.
    pub mean_ns: u64,
    /// The slowest problem's median time of one solve, in nanoseconds.
    pub slowest_ns: u64,
    /// Problems whose plan is proved optimal (`Plan::optimal`).
    pub proven_optimal: u32,
    /// Search nodes of one solve of each problem, in all.
    pub nodes: u64,
    /// The most search nodes one solve took.
    pub max_nodes: u64,
}

/// The two cases of the bench ([`BenchCase`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OilCaseKind {
    /// The oil within reach takes every unit.
    AllFit,
    /// It does not: the solver also chooses which units are reorganized.
    ShortOfOil,
}

impl From<BenchCase> for OilCaseKind {
    fn from(case: BenchCase) -> Self {
        match case {
            BenchCase::AllFit => OilCaseKind::AllFit,
            BenchCase::ShortOfOil => OilCaseKind::ShortOfOil,
        }
    }
}

/// Solves each bench problem `iters` times (at least once), interleaved
/// so that the machine's drift affects all alike.
#[must_use]
pub fn bench_oil(iters: u32) -> OilBench {
    let iters = iters.max(1);
    let mut cases = Vec::new();
    for size in BENCH_SIZES {
        for case in BenchCase::ALL {
            cases.push(bench_case(case, size, iters));
        }
    }
    OilBench { iters, cases }
}

fn bench_case(case: BenchCase, size: (usize, usize, usize), iters: u32) -> OilCase {
    let problems = bench_problems(case, size);
    let (mut times, mut proven, mut nodes, mut max_nodes) = (Vec::new(), 0, 0, 0);
    let mut each: Vec<Vec<u64>> = vec![Vec::new(); problems.len()];
    for round in 0..iters {
        for (problem, own) in problems.iter().zip(&mut each) {
            let t = Instant::now();
            let plan = qm_oil::solve(problem);
            let ns = elapsed_ns(t);
            times.push(ns);
            own.push(ns);
            // Sample problems are valid; a refusal counts as not proved.
            let Ok(plan) = plan else { continue };
            if round == 0 {
                proven += u32::from(plan.optimal);
                nodes += plan.nodes;
                max_nodes = max_nodes.max(plan.nodes);
            }
        }
    }
    let mean_ns = if times.is_empty() { 0 } else { times.iter().sum::<u64>() / times.len() as u64 };
    OilCase {
        size: format!("{}x{}", size.0, size.1),
        units: size.0 as u32,
        resources: size.1 as u32,
        case: case.into(),
        problems: problems.len() as u32,
        median_ns: median(times),
        mean_ns,
        slowest_ns: each.into_iter().map(median).max().unwrap_or(0),
        proven_optimal: proven,
        nodes,
        max_nodes,
    }
}
