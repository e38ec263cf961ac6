//! Criterion bench of the oil solver at 12, 40 and 200 units (4, 12 and 30
//! resources) on seeded sample problems ([`qm_oil::sample`]). Targets (issue
//! 10): 40 units and 12 resources exact under 1 ms, 200 units under 20 ms.
//!
//! - `exact_all_fit`: the default [`solve`] (exact at 12 and 40 units) on
//!   problems whose oil within reach takes every unit (the first 8 seeds
//!   with that property, 3 oil points per point of cost);
//! - `default`: the default [`solve`] at 200 units (node-limited), with
//!   plenty of oil and short of oil;
//! - `limited_short_of_oil`: short of oil (0.7 points per point of cost) at
//!   every size with the large-problem node limit, since the exact
//!   selection of a short-of-oil 40-unit problem can take far longer.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use qm_oil::sample::{SampleSpec, sample_problem};
use qm_oil::solve::LARGE_NODE_LIMIT;
use qm_oil::{Problem, SolverOptions, solve, solve_with};
use std::hint::black_box;

const SIZES: [(usize, usize, usize); 3] = [(12, 4, 2), (40, 12, 4), (200, 30, 8)];
/// Problems per size: each iteration solves all of them.
const PROBLEMS: usize = 8;

fn spec(units: usize, resources: usize, theatres: usize, oil_percent: u32) -> SampleSpec {
    SampleSpec { units, resources, theatres, oil_percent }
}

/// The first problems of `spec` whose oil within reach takes every unit.
fn all_fit(spec: SampleSpec) -> Vec<Problem> {
    let limited = SolverOptions { node_limit: Some(LARGE_NODE_LIMIT) };
    let fits = |p: &Problem| {
        let total: u32 = p.units.iter().map(|u| u.cost.0).sum();
        solve_with(p, limited).is_ok_and(|plan| plan.cost_reorganized.0 == total)
    };
    (0..).map(|seed| sample_problem(spec, seed)).filter(fits).take(PROBLEMS).collect()
}

fn seeded(spec: SampleSpec) -> Vec<Problem> {
    (0..PROBLEMS as u64).map(|seed| sample_problem(spec, seed)).collect()
}

fn bench_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("oil_solver");
    let mut run = |name: &str, label: String, problems: Vec<Problem>, options: Option<SolverOptions>| {
        group.bench_with_input(BenchmarkId::new(name, label), &problems, |b, problems| {
            b.iter(|| {
                for p in problems {
                    let plan = match options {
                        Some(o) => solve_with(black_box(p), o),
                        None => solve(black_box(p)),
                    };
                    let _ = black_box(plan);
                }
            });
        });
    };
    for (units, resources, theatres) in &SIZES[..2] {
        let problems = all_fit(spec(*units, *resources, *theatres, 300));
        run("exact_all_fit", format!("{units}x{resources}"), problems, None);
    }
    let (units, resources, theatres) = SIZES[2];
    for (label, oil) in [("plenty", 300), ("short", 70)] {
        run("default", format!("{units}x{resources}_{label}"), seeded(spec(units, resources, theatres, oil)), None);
    }
    let limited = Some(SolverOptions { node_limit: Some(LARGE_NODE_LIMIT) });
    for (units, resources, theatres) in SIZES {
        let problems = seeded(spec(units, resources, theatres, 70));
        run("limited_short_of_oil", format!("{units}x{resources}"), problems, limited);
    }
    group.finish();
}

criterion_group!(benches, bench_solver);
criterion_main!(benches);
