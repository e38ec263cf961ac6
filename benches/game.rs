//! Criterion benches of the self-play path on a generated map of 10,000
//! hexes (issue 14): one player turn, `Game::clone` (reusing a dropped
//! game's world, and into a new one), `Game::restore_from` (into a played
//! world), `Game::restore` (a new world), and the checksum.
//!
//! `qm bench game --hexes 10000` reports the same figures as ratios to a
//! player turn, measured in one run.

#![allow(clippy::expect_used, reason = "a bench on generated data; a failure is a bug to see at once")]

use criterion::{Criterion, criterion_group, criterion_main};
use quartermaster::prelude::*;
use quartermaster::scenario::generate::{GenParams, generate};
use std::hint::black_box;

const HEXES: u32 = 10_000;

fn game() -> Game {
    let c = generate(GenParams::new(HEXES, 1)).expect("generated map compiles");
    Game::from_compiled(c, 1).expect("game")
}

fn self_play(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_10k");
    group.sample_size(10);
    let g = game();
    let snap = g.snapshot();
    group.bench_function("player_turn", |b| {
        b.iter_batched(|| g.clone(), |mut c| black_box(c.run_player_turn().len()), criterion::BatchSize::PerIteration);
    });
    group.bench_function("clone_reusing_a_dropped_world", |b| {
        b.iter(|| drop(black_box(g.clone())));
    });
    group.bench_function("clone_into_a_new_world", |b| {
        // A game just restored has no dropped world to reuse.
        b.iter_batched(|| Game::restore(&snap), |fresh| (fresh.clone(), fresh), criterion::BatchSize::PerIteration);
    });
    let mut played = g.clone();
    played.run_player_turn();
    group.bench_function("restore_into_a_played_world", |b| {
        b.iter(|| played.restore_from(black_box(&snap)).expect("restores"));
    });
    group.bench_function("restore_into_a_new_world", |b| {
        b.iter_with_large_drop(|| Game::restore(black_box(&snap)));
    });
    played.run_player_turn();
    group.bench_function("checksum", |b| {
        b.iter(|| black_box(played.checksum()));
    });
    group.finish();
}

criterion_group!(benches, self_play);
criterion_main!(benches);
