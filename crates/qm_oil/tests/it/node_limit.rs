//! The node-limited search used above 40 units or 12 resources: its gap
//! against the exact solver, its legality and its determinism.

use crate::common;

use common::assert_legal;
use qm_oil::sample::{SHORT_CROWD, SampleSpec, sample_problem};
use qm_oil::{SolverOptions, solve, solve_with};

/// Nodes allowed to the limited search in the gap test: far fewer than the
/// exact searches of these problems need, so the limit bites.
const SMALL_LIMIT: u64 = 40;

/// The gap of the limited search on 40-unit, 12-resource samples with
/// plenty of oil and short of oil, as measured: at most [`COST_GAP`] tenths
/// of cost reorganized left out (one oil point's worth), and, for the same
/// cost, never a point more spent (the plan kept is the cheaper of the
/// stopped search's and the selection's quick packing).
const COST_GAP: u32 = 10;

#[test]
fn limited_search_stays_within_a_bounded_gap_of_the_exact_one() {
    let mut limited_runs = 0;
    let mut worst = (0, 0);
    for (oil_percent, crowd_percent) in [(300, 0), (70, SHORT_CROWD)] {
        let spec = SampleSpec { units: 40, resources: 12, theatres: 4, oil_percent, crowd_percent };
        for seed in 0..12 {
            let problem = sample_problem(spec, seed);
            let exact = solve_with(&problem, SolverOptions { node_limit: None }).unwrap();
            let limited = solve_with(&problem, SolverOptions { node_limit: Some(SMALL_LIMIT) }).unwrap();
            assert!(exact.optimal);
            assert_legal(&problem, &limited);
            limited_runs += u32::from(!limited.optimal);
            assert!(limited.cost_reorganized <= exact.cost_reorganized, "seed {seed}");
            let cost_gap = exact.cost_reorganized.0 - limited.cost_reorganized.0;
            worst.0 = worst.0.max(cost_gap);
            if cost_gap == 0 {
                assert!(limited.total_spent >= exact.total_spent, "seed {seed}");
                worst.1 = worst.1.max(limited.total_spent - exact.total_spent);
                assert!(limited.lower_bound <= exact.total_spent, "seed {seed}");
            }
            if limited.optimal {
                // The same plan; only the search effort may differ.
                assert_eq!(qm_oil::Plan { nodes: 0, ..limited }, qm_oil::Plan { nodes: 0, ..exact });
            }
        }
    }
    assert!(worst.0 <= COST_GAP && worst.1 == 0, "gap {worst:?}");
    assert!(limited_runs > 0, "the limit never bit: the test measures nothing");
}

#[test]
fn large_problems_are_legal_and_deterministic() {
    for (oil_percent, crowd_percent) in [(70, 0), (150, 0), (300, 0), (70, SHORT_CROWD)] {
        let spec = SampleSpec { units: 200, resources: 30, theatres: 8, oil_percent, crowd_percent };
        for seed in 0..3 {
            let problem = sample_problem(spec, seed);
            let plan = solve(&problem).unwrap();
            assert_legal(&problem, &plan);
            assert_eq!(plan, solve(&problem).unwrap());
            assert!(plan.lower_bound <= plan.total_spent);
        }
    }
}

/// Every 200 x 30 problem the benches solve is proved optimal within the
/// default node limit (short-of-oil sample 2 by the spend search's parity
/// bound).
#[test]
fn bench_problems_of_200_units_are_proved_optimal() {
    use qm_oil::sample::{BenchCase, bench_problems};
    for case in BenchCase::ALL {
        for (i, problem) in bench_problems(case, (200, 30, 8)).iter().enumerate() {
            assert!(solve(problem).unwrap().optimal, "{} sample {i}", case.name());
        }
    }
}
