//! Criterion benches of self-play.
//!
//! - `play/greedy_player_turn/FILE`: one player turn with greedy policies on
//!   both sides (observation, legal orders, choice, submit, every phase),
//!   from a game a few turns in. `play/random_player_turn/FILE`: the same
//!   with random policies, whose choice costs next to nothing: the floor
//!   the engine sets. `qm bench selfplay` measures whole games with the
//!   share of each stage.
//! - `play/clone_plus_phase/FILE`: `Game::clone()` and one phase run on the
//!   clone (what a tree search pays per node); `play/clone/FILE` alone.
//!   Target: a clone under 5% of one player turn.
//!
//! The showcase scenario is used when it is in the tree, else the
//! Barbarossa pocket.

#![allow(clippy::expect_used, reason = "a bench on fixed data; a failure is a bug to see at once")]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use quartermaster::ai::{Greedy, Limits, Match, Play, RandomPolicy, play_game};
use quartermaster::prelude::*;
use std::hint::black_box;
use std::path::Path;

/// The scenarios benched, the first one present.
const SCENARIOS: [&str; 2] = ["scenarios/awaw/eastern-front-1941.ron", "scenarios/awaw/barbarossa-pocket.ron"];

fn scenario() -> &'static str {
    SCENARIOS.into_iter().find(|s| Path::new(s).exists()).expect("a scenario to bench")
}

/// A game after one game turn of greedy play: a position with a front.
fn warm_game(file: &str) -> Game {
    let mut g = Game::load(file, 7).expect("loads");
    let _ =
        play_game(&mut g, &mut Greedy::default(), &mut Greedy::default(), 7, Limits { max_turns: 1 }, Play::default());
    g
}

fn player_turn(c: &mut Criterion) {
    let file = scenario();
    let base = warm_game(file);
    let mut group = c.benchmark_group("play");
    group.sample_size(20);
    group.bench_with_input(BenchmarkId::new("greedy_player_turn", file), &base, |b, base| {
        b.iter_batched(
            || base.clone(),
            |mut g| {
                let (mut axis, mut allies) = (Greedy::default(), Greedy::default());
                Match::new(&mut axis, &mut allies, 7).player_turn(&mut g);
                g
            },
            BatchSize::LargeInput,
        );
    });
    group.bench_with_input(BenchmarkId::new("random_player_turn", file), &base, |b, base| {
        b.iter_batched(
            || base.clone(),
            |mut g| {
                Match::new(&mut RandomPolicy, &mut RandomPolicy, 7).player_turn(&mut g);
                g
            },
            BatchSize::LargeInput,
        );
    });
    group.bench_with_input(BenchmarkId::new("clone", file), &base, |b, base| b.iter(|| black_box(base.clone())));
    group.bench_with_input(BenchmarkId::new("clone_plus_phase", file), &base, |b, base| {
        b.iter(|| {
            let mut g = base.clone();
            black_box(g.step_phase())
        });
    });
    group.finish();
}

criterion_group!(benches, player_turn);
criterion_main!(benches);
