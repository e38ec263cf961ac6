//! Profiling helper: times each supply system on a generated map, then
//! repeats whole determinations (for `perf record`).
//!
//! `cargo run --release -p qm_cli --example prof -- HEXES REPS`, or
//! `... -- clone HEXES REPS` to repeat `Game::clone` and `Game::checksum`
//! after a player turn.
#![allow(clippy::expect_used, reason = "a profiling tool")]

use bevy_ecs::system::RunSystemOnce;
use qm_core::ids::{DeterminationKind, Side};
use qm_core::phase::Determining;
use std::time::Instant;

fn main() {
    if std::env::args().nth(1).as_deref() == Some("clone") {
        return clone_loop();
    }
    let hexes: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let reps: u32 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(hexes, 1)).expect("gen");
    let mut g = qm_game::Game::from_compiled(c, 1).expect("game");
    g.determine_supply(Side::Allies, DeterminationKind::Initial);
    let w = g.world_mut();
    for _ in 0..3 {
        for side in Side::BOTH {
            w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
            let mut times = Vec::new();
            let mut time = |name: &'static str, f: &mut dyn FnMut()| {
                let t = Instant::now();
                f();
                times.push(format!("{name} {:.2}ms", t.elapsed().as_secs_f64() * 1e3));
            };
            time("context", &mut || drop(w.run_system_once(qm_supply::context::build_context)));
            time("land", &mut || drop(w.run_system_once(qm_supply::land::trace_land)));
            time("zones", &mut || drop(w.run_system_once(qm_supply::zones::label_zones)));
            time("sea", &mut || qm_supply::sea::resolve_sea(w));
            time("statuses", &mut || drop(w.run_system_once(qm_supply::statuses::assign_statuses)));
            time("explain", &mut || drop(w.run_system_once(qm_supply::explain::explain_cutoffs)));
            time("record", &mut || drop(w.run_system_once(qm_supply::statuses::record_zones)));
            println!("{side}: {}", times.join("  "));
        }
    }
    let t = Instant::now();
    for _ in 0..reps {
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
    }
    if reps > 0 {
        println!("both sides: {:?} per determination pair", t.elapsed() / reps);
    }
}

/// Repeats clone (with a dropped world to reuse) and checksum, timed apart.
fn clone_loop() {
    let arg = |i: usize, d: u32| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (hexes, reps) = (arg(2, 10_000), arg(3, 1000));
    let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(hexes, 1)).expect("gen");
    let mut g = qm_game::Game::from_compiled(c, 1).expect("game");
    g.run_player_turn();
    drop(g.clone());
    let t = Instant::now();
    for _ in 0..reps {
        drop(std::hint::black_box(g.clone()));
    }
    let clone = t.elapsed() / reps.max(1);
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(g.checksum());
    }
    let sum = t.elapsed() / reps.max(1);
    // As the game bench does: each clone finds the world of a clone that
    // played a turn.
    let mut played = std::time::Duration::ZERO;
    for _ in 0..reps {
        let t = Instant::now();
        let mut c = g.clone();
        played += t.elapsed();
        c.run_player_turn();
    }
    println!("clone {clone:?}  clone after a played turn {:?}  checksum {sum:?}", played / reps.max(1));
}
