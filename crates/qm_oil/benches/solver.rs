//! Criterion bench of the oil solver at 12, 40 and 200 units (4, 12 and 30
//! resources), with enough oil and short of oil. Targets (issue 10): 40 units
//! and 12 resources exact under 1 ms, 200 units under 20 ms.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use qm_oil::sample::{SampleSpec, sample_problem};
use qm_oil::solve;
use std::hint::black_box;

const SIZES: [(usize, usize, usize); 3] = [(12, 4, 2), (40, 12, 4), (200, 30, 8)];
/// Seeds per size: each iteration solves all of them.
const SEEDS: u64 = 8;

fn bench_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("oil_solver");
    for (label, oil_percent) in [("enough_oil", 150), ("short_of_oil", 70)] {
        for (units, resources, theatres) in SIZES {
            let spec = SampleSpec { units, resources, theatres, oil_percent };
            let problems: Vec<_> = (0..SEEDS).map(|s| sample_problem(spec, s)).collect();
            let id = BenchmarkId::new(label, format!("{units}x{resources}"));
            group.bench_with_input(id, &problems, |b, problems| {
                b.iter(|| {
                    for p in problems {
                        let _ = black_box(solve(black_box(p)));
                    }
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_solver);
criterion_main!(benches);
