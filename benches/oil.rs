//! Criterion benches of MWIF oil (issue 10).
//!
//! - `oil_solver/{all_fit,short_of_oil}/UxR`: the default [`solve`] on seeded
//!   sample problems ([`sample`]) of 12, 40 and 200 units with 4, 12 and 30
//!   resources; each iteration solves the next of [`PROBLEMS`] problems in
//!   turn, so a figure is the mean time of one solve. `all_fit`: the oil
//!   within reach takes every unit (plenty of oil). `short_of_oil`: it does
//!   not (half the units crowd the first theatre, and the oil is 70% of their
//!   cost), so the solver also chooses which units are reorganized.
//!   Targets: 40 units and 12 resources exact under 1 ms, 200 units under
//!   20 ms.
//! - `oil_phase/FILE`: the whole reorganization phase (paths, solver,
//!   consumption, report) of a scenario, from a snapshot taken just before
//!   it. Scenario files not in the tree are skipped with a note.

#![allow(clippy::expect_used, reason = "a bench on fixed data; a failure is a bug to see at once")]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use quartermaster::oil::sample::{self, SampleSpec, sample_problem};
use quartermaster::oil::{Problem, REORGANIZATION, solve};
use quartermaster::prelude::*;
use std::hint::black_box;
use std::path::PathBuf;

/// (units, resources, theatres) of the solver benches.
const SIZES: [(usize, usize, usize); 3] = [(12, 4, 2), (40, 12, 4), (200, 30, 8)];
/// Problems per size and case.
const PROBLEMS: usize = 8;
/// Scenarios whose reorganization phase is benched, if present.
const SCENARIOS: [&str; 2] = ["scenarios/mwif/oil-example.ron", "scenarios/mwif/europe-1942-oil.ron"];

/// The first [`PROBLEMS`] sample problems of `spec` for which `keep` holds.
fn problems(spec: SampleSpec, keep: impl Fn(&Problem, u32) -> bool) -> Vec<Problem> {
    let reorganized = |p: &Problem| solve(p).map_or(0, |plan| plan.cost_reorganized.0);
    (0..500).map(|seed| sample_problem(spec, seed)).filter(|p| keep(p, reorganized(p))).take(PROBLEMS).collect()
}

fn total_cost(p: &Problem) -> u32 {
    p.units.iter().map(|u| u.cost.0).sum()
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("oil_solver");
    for (units, resources, theatres) in SIZES {
        let size = format!("{units}x{resources}");
        let plenty = SampleSpec { units, resources, theatres, oil_percent: 300, crowd_percent: 0 };
        let short = SampleSpec { oil_percent: 70, crowd_percent: sample::SHORT_CROWD, ..plenty };
        let cases = [
            ("all_fit", problems(plenty, |p, cost| cost == total_cost(p))),
            ("short_of_oil", problems(short, |p, cost| cost < total_cost(p))),
        ];
        for (name, list) in cases {
            assert!(!list.is_empty(), "no {name} problem of {size}");
            group.bench_with_input(BenchmarkId::new(name, &size), &list, |b, list| {
                let mut next = 0;
                b.iter(|| {
                    next = (next + 1) % list.len();
                    black_box(solve(black_box(&list[next])).expect("sample problems are valid"))
                });
            });
        }
    }
    group.finish();
}

/// A snapshot of `file` just before its reorganization phase.
fn before_reorganization(file: &PathBuf) -> Snapshot {
    let mut g = Game::load_strict(file, 1).expect("the scenario loads");
    for _ in 0..64 {
        if g.next_phase() == Some(REORGANIZATION) {
            return g.snapshot();
        }
        g.step_phase();
    }
    panic!("{} never reaches the reorganization phase", file.display());
}

fn phase(c: &mut Criterion) {
    let mut group = c.benchmark_group("oil_phase");
    for rel in SCENARIOS {
        let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
        if !file.exists() {
            eprintln!("oil_phase: {rel} is not in the tree, skipped");
            continue;
        }
        let snapshot = before_reorganization(&file);
        let name = file.file_stem().map_or_else(|| rel.to_string(), |s| s.to_string_lossy().into_owned());
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter_batched(|| Game::restore(&snapshot), |mut g| black_box(g.step_phase()), BatchSize::SmallInput);
        });
    }
    group.finish();
}

criterion_group!(benches, solver, phase);
criterion_main!(benches);
