//! `qm bench supply|collect|game`: runs `qm_bench`'s measurements and
//! prints their figures through [`crate::output_bench`] (a table, or one
//! JSON object), or says on `err` why a bench did not run (exit code 2).

use crate::output_bench::{collect_text, game_table, print, supply_table};
use std::io::Write;

/// `qm bench supply`: runs the bench and prints its figures (a table, or
/// one JSON object), or says on `err` why it did not run (exit code 2).
pub fn run_supply(hexes: u32, seed: u64, iters: u32, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let r = qm_bench::bench_supply(hexes, seed, iters);
    print("bench supply", seed, json, r, supply_table, out, err)
}

/// `qm bench collect`: runs the bench and prints its figures (a line, or
/// one JSON object), or says on `err` why it did not run (exit code 2).
pub fn run_collect(
    territories: u32,
    seed: u64,
    iters: u32,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let r = qm_bench::bench_collect(territories, seed, iters);
    print("bench collect", seed, json, r, collect_text, out, err)
}

/// `qm bench game`: runs the self-play bench and prints its figures (a
/// table, or one JSON object), or says on `err` why it did not run (exit
/// code 2).
pub fn run_game(hexes: u32, seed: u64, iters: u32, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let r = qm_bench::bench_game(hexes, seed, iters);
    print("bench game", seed, json, r, game_table, out, err)
}
