//! What one player turn with greedy policies and one `Game::clone()` cost on
//! a scenario, timed on one thread (the figures of `docs/selfplay.md`):
//! `cargo run --release -p qm_ai --example selfplay_costs [SCENARIO] [N]`.
//! The criterion bench `benches/play.rs` measures the same with statistics.
//! Times are the thread's CPU time where Linux reports it
//! (`/proc/thread-self/schedstat`), so that a loaded machine does not
//! inflate them; wall-clock time otherwise.

#![allow(clippy::expect_used, reason = "an example on fixed data")]

use qm_ai::{Greedy, Limits, Match, Play, play_game};
use qm_game::Game;
use std::hint::black_box;
use std::time::Instant;

/// Seconds this thread has run on a CPU, if the system says.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Runs `f` and gives the seconds it took (CPU time if known).
fn timed(f: impl FnOnce()) -> f64 {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    f();
    match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall.elapsed().as_secs_f64(),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().unwrap_or_else(|| "scenarios/awaw/eastern-front-1941.ron".into());
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let mut base = Game::load(&file, 7).expect("the scenario loads");
    // A position with a front: one game turn of greedy play.
    let _ = play_game(
        &mut base,
        &mut Greedy::default(),
        &mut Greedy::default(),
        7,
        Limits { max_turns: 1 },
        Play::default(),
    );
    let clone = timed(|| {
        for _ in 0..n {
            black_box(base.clone());
        }
    }) / f64::from(n);
    let games: Vec<Game> = (0..n).map(|_| base.clone()).collect();
    let turn = timed(|| {
        for mut g in games {
            let (mut a, mut b) = (Greedy::default(), Greedy::default());
            Match::new(&mut a, &mut b, 7).player_turn(&mut g);
            black_box(g);
        }
    }) / f64::from(n);
    println!(
        "{file}: greedy player turn {:.2} ms ({:.0} player turns/s on one core), clone {:.2} ms ({:.1}% of a player turn)",
        1e3 * turn,
        1.0 / turn,
        1e3 * clone,
        100.0 * clone / turn
    );
}
