//! Profiling helper: times each supply system on a generated map.
#![allow(clippy::expect_used, reason = "a profiling tool")]
use bevy_ecs::system::RunSystemOnce;
use qm_core::ids::{DeterminationKind, Side};
use qm_core::phase::Determining;
use std::time::Instant;

fn main() {
    let hexes: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(hexes, 1)).expect("gen");
    let mut g = qm_game::Game::from_compiled(c, 1);
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let w = g.world_mut();
    for side in Side::BOTH {
        w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
        let t = Instant::now();
        let _ = w.run_system_once(qm_supply::context::build_context);
        let a = t.elapsed();
        let t = Instant::now();
        let _ = w.run_system_once(qm_supply::land::trace_land);
        let b = t.elapsed();
        let t = Instant::now();
        let _ = w.run_system_once(qm_supply::statuses::assign_statuses);
        let c = t.elapsed();
        let t = Instant::now();
        let _ = w.run_system_once(qm_supply::explain::explain_cutoffs);
        let d = t.elapsed();
        let n = w.query::<&qm_core::supply::UnitSupply>().iter(w).filter(|s| s.cutoff.is_some()).count();
        println!("{side}: context {a:?} land {b:?} statuses {c:?} explain {d:?} (cutoffs {n})");
    }
    let reps: u32 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let t = Instant::now();
    for _ in 0..reps {
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
    }
    let lens: Vec<usize> =
        g.state().units.iter().filter_map(|u| u.supply.line.as_ref().map(|l| l.path.len())).collect();
    println!(
        "lines: {} units, mean length {:.1}",
        lens.len(),
        lens.iter().sum::<usize>() as f64 / lens.len().max(1) as f64
    );
    if reps > 0 {
        println!("both sides: {:?} per determination pair", t.elapsed() / reps);
    }
}

/// Repeats whole determinations, for `perf record`.
#[allow(dead_code)]
fn _unused() {}
