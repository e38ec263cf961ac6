//! Profiling helper: times each supply system on a generated map, then
//! repeats whole determinations (for `perf record`).
//!
//! `cargo run --release -p qm_bench --example prof -- HEXES REPS [turns]`, or
//! `... -- clone HEXES REPS` to repeat `Game::clone` and `Game::checksum`
//! after a player turn, or `... -- post HEXES REPS` to time each system of
//! the initial and post-combat determinations around the bench's moves,
//! or `... -- stage NAME HEXES REPS` to repeat one supply system (`context`,
//! `land`, `zones`, `sea`, `statuses`, `explain` or `record`) after a whole
//! determination of each side, alternating the sides, and print its median.
#![allow(clippy::expect_used, reason = "a profiling tool")]

use bevy_ecs::system::RunSystemOnce;
use qm_bench::moves::Move;
use qm_core::ids::{DeterminationKind, Side};
use qm_core::phase::Determining;
use std::time::Instant;

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("clone") => return clone_loop(),
        Some("post") => return post_loop(),
        Some("stage") => return stage_loop(),
        _ => {}
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
            println!("{side}: {}", timed_stages(w).join("  "));
        }
    }
    // With `turns` after REPS, each round is a turn later, so that every
    // record gets a new determination and is written, as in a game; else
    // the rounds repeat one determination, as the bench does.
    let new_turns = std::env::args().nth(3).as_deref() == Some("turns");
    let t = Instant::now();
    for _ in 0..reps {
        if new_turns {
            g.world_mut().resource_mut::<qm_core::phase::GameClock>().turn += 1;
        }
        g.determine_supply(Side::Axis, DeterminationKind::Initial);
        g.determine_supply(Side::Allies, DeterminationKind::Initial);
    }
    if reps > 0 {
        println!("both sides: {:?} per determination pair", t.elapsed() / reps);
    }
}

/// Runs the supply systems one by one for the determination `w` holds in
/// its `Determining`, as the phase schedule does, and times each.
fn timed_stages(w: &mut bevy_ecs::world::World) -> Vec<String> {
    let mut times = Vec::new();
    let mut time = |name: &'static str, f: &mut dyn FnMut(&mut bevy_ecs::world::World)| {
        let t = Instant::now();
        f(w);
        times.push(format!("{name} {:.2}ms", t.elapsed().as_secs_f64() * 1e3));
    };
    time("begin", &mut |w| qm_supply::orders::begin_determination(w));
    time("context", &mut |w| drop(w.run_system_once(qm_supply::context::build_context)));
    time("land", &mut |w| drop(w.run_system_once(qm_supply::land::trace_land)));
    time("zones", &mut |w| drop(w.run_system_once(qm_supply::zones::label_zones)));
    time("sea", &mut |w| qm_supply::sea::resolve_sea(w));
    time("statuses", &mut |w| drop(w.run_system_once(qm_supply::statuses::assign_statuses)));
    time("explain", &mut |w| drop(w.run_system_once(qm_supply::explain::explain_cutoffs)));
    time("record", &mut |w| drop(w.run_system_once(qm_supply::statuses::record_zones)));
    times
}

/// The bench's post-combat rounds, each system timed: from the same state,
/// the initial determination of the side to move, the generated moves,
/// then its post-combat determination.
fn post_loop() {
    let arg = |i: usize, d: u32| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (hexes, reps) = (arg(2, 100_000), arg(3, 3));
    let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(hexes, 1)).expect("gen");
    let mut g = qm_game::Game::from_compiled(c, 1).expect("game");
    let side = g.clock().side;
    // As the bench: the side's records hold another determination.
    g.determine_supply(side, DeterminationKind::PostCombat);
    let before = g.snapshot();
    let moves = qm_bench::moves::generated_moves(&g);
    if std::env::args().nth(4).as_deref() == Some("whole") {
        return whole_post_rounds(&mut g, &before, &moves, reps);
    }
    for _ in 0..reps.max(1) {
        g.restore_from(&before).expect("restore");
        qm_bench::moves::warm_up(&mut g, side.other());
        let w = g.world_mut();
        w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
        println!("initial:     {}", timed_stages(w).join("  "));
        qm_bench::moves::apply_moves(&mut g, &moves);
        let w = g.world_mut();
        w.insert_resource(Determining { side, kind: DeterminationKind::PostCombat });
        println!("post-combat: {}", timed_stages(w).join("  "));
    }
    println!("{} moves", moves.len());
}

/// The bench's post-combat rounds, each determination timed whole.
fn whole_post_rounds(g: &mut qm_game::Game, before: &qm_game::Snapshot, moves: &[Move], reps: u32) {
    let side = g.clock().side;
    let (mut initial, mut post) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for _ in 0..reps.max(1) {
        g.restore_from(before).expect("restore");
        qm_bench::moves::warm_up(g, side.other());
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::Initial);
        initial += t.elapsed();
        qm_bench::moves::apply_moves(g, moves);
        let t = Instant::now();
        g.determine_supply(side, DeterminationKind::PostCombat);
        post += t.elapsed();
    }
    let n = reps.max(1);
    println!("initial {:?}  post-combat {:?}  ({} moves)", initial / n, post / n, moves.len());
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

/// Repeats one supply system, alternating the sides as the bench does:
/// each round determines a side whole, then times the system alone.
fn stage_loop() {
    const STAGES: [&str; 7] = ["context", "land", "zones", "sea", "statuses", "explain", "record"];
    let name = std::env::args().nth(2).unwrap_or_default();
    if !STAGES.contains(&name.as_str()) {
        eprintln!("prof stage: no stage {name:?}; one of {}", STAGES.join(", "));
        std::process::exit(2);
    }
    let arg = |i: usize, d: u32| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (hexes, reps) = (arg(3, 100_000), arg(4, 200));
    let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(hexes, 1)).expect("gen");
    let mut g = qm_game::Game::from_compiled(c, 1).expect("game");
    let mut times = Vec::new();
    for i in 0..reps.max(1) {
        let side = Side::BOTH[i as usize % 2];
        g.determine_supply(side, DeterminationKind::Initial);
        let w = g.world_mut();
        w.insert_resource(Determining { side, kind: DeterminationKind::Initial });
        let t = Instant::now();
        match name.as_str() {
            "context" => drop(w.run_system_once(qm_supply::context::build_context)),
            "land" => drop(w.run_system_once(qm_supply::land::trace_land)),
            "zones" => drop(w.run_system_once(qm_supply::zones::label_zones)),
            "sea" => qm_supply::sea::resolve_sea(w),
            "statuses" => drop(w.run_system_once(qm_supply::statuses::assign_statuses)),
            "explain" => drop(w.run_system_once(qm_supply::explain::explain_cutoffs)),
            "record" => drop(w.run_system_once(qm_supply::statuses::record_zones)),
            _ => unreachable!("checked above"),
        }
        times.push(t.elapsed());
    }
    times.sort();
    println!("{name}: median {:?}  (min {:?}, {} runs)", times[times.len() / 2], times[0], times.len());
}
