//! Criterion benches of MWIF oil (issue 10).
//!
//! - `oil_solver/{all_fit,short_of_oil}/UxR`: the default [`solve`] on seeded
//!   sample problems ([`sample`]) of 12, 40 and 200 units with 4, 12 and 30
//!   resources ([`sample::bench_problems`], the problems `qm bench oil`
//!   solves too); each iteration solves the next of them in turn, so a
//!   figure is the mean time of one solve. `all_fit`: the oil
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
use quartermaster::oil::sample::{self, BenchCase};
use quartermaster::oil::{REORGANIZATION, solve};
use quartermaster::prelude::*;
use std::hint::black_box;
use std::path::PathBuf;

/// Scenarios whose reorganization phase is benched, if present.
const SCENARIOS: [&str; 2] = ["scenarios/mwif/oil-example.ron", "scenarios/mwif/europe-1942-oil.ron"];

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("oil_solver");
    for size in sample::BENCH_SIZES {
        let label = format!("{}x{}", size.0, size.1);
        for case in BenchCase::ALL {
            let list = sample::bench_problems(case, size);
            assert!(!list.is_empty(), "no {} problem of {label}", case.name());
            group.bench_with_input(BenchmarkId::new(case.name(), &label), &list, |b, list| {
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
