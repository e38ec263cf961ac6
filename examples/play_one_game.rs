//! Plays one game between two policies through the embedding API: load a
//! scenario, then at each phase give each side's policy its seat (its
//! observation) with the legal operations to choose from, then its
//! logistics one choice at a time, `submit` (the same validation as orders
//! from a file), and `step_phase`; print each player turn's position and
//! the result, with what a player turn and a `clone()` cost (what a tree
//! search pays per node).
//!
//! ```sh
//! cargo run --example play_one_game -- [SCENARIO] [SEED] [AXIS] [ALLIES]
//! cargo run --example play_one_game -- scenarios/awaw/barbarossa-pocket.ron 7 greedy random
//! ```

use quartermaster::ai::{Limits, PolicyKind, Seat, outcome, policy_rng};
use quartermaster::prelude::*;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().map_or("scenarios/awaw/barbarossa-pocket.ron", String::as_str);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let kind = |i: usize, default: PolicyKind| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let mut game = match Game::load(file, seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut policies = [kind(2, PolicyKind::Greedy).make(), kind(3, PolicyKind::Random).make()];
    let mut rngs = [policy_rng(seed, Side::Axis), policy_rng(seed, Side::Allies)];
    let limits = Limits { max_turns: 6 };
    let start = game.clock().turn;
    println!("{}: {} (Axis) against {} (Allies)", game.title(), policies[0].name(), policies[1].name());
    let (mut turns, mut turn_time) = (0u32, std::time::Duration::ZERO);
    let mut turn_began = std::time::Instant::now();
    let (winner, reason) = loop {
        if let Some(end) = outcome::ending(&game, start, limits) {
            break end;
        }
        let c = game.clock();
        for side in [c.side, c.side.other()] {
            let i = usize::from(side == Side::Allies);
            // Operations: chosen at once from one listing.
            let legal = game.legal_orders_of(side, OrderClass::Operations);
            if !legal.is_empty() {
                let orders = policies[i].choose(&Seat::new(&game, side, Fog::Off), &legal, &mut rngs[i]);
                for order in orders {
                    if let Err(e) = game.submit(side, &Orders::of([order])) {
                        eprintln!("refused: {e}");
                    }
                }
            }
            // Logistics: one atomic choice at a time, until the policy passes.
            loop {
                let choices = game.legal_orders_of(side, OrderClass::Logistics);
                let seat = Seat::new(&game, side, Fog::Off);
                let Some(order) = policies[i].decide(&seat, &choices, &mut rngs[i]) else { break };
                if let Err(e) = game.submit(side, &Orders::of([order])) {
                    eprintln!("refused: {e}");
                    break;
                }
            }
        }
        let report = game.step_phase();
        if game.clock().side != c.side {
            turns += 1;
            turn_time += turn_began.elapsed();
            turn_began = std::time::Instant::now();
            let obs = game.observation(c.side);
            println!(
                "turn {} {}: {} units, {} enemy units in sight, after {}",
                c.turn,
                c.side,
                obs.own_units.len(),
                obs.enemy_units.len(),
                report.phase
            );
        }
    };
    match winner {
        Some(w) => println!("{w} wins ({reason}); checksum {}", game.checksum()),
        None => println!("draw ({reason}); checksum {}", game.checksum()),
    }
    let clones = 50u32;
    let t = std::time::Instant::now();
    for _ in 0..clones {
        std::hint::black_box(game.clone());
    }
    let clone = t.elapsed() / clones;
    if turns > 0 {
        let turn = turn_time / turns;
        println!(
            "{turns} player turns, {:.2} ms each; clone {:.3} ms ({:.1}% of a player turn)",
            turn.as_secs_f64() * 1e3,
            clone.as_secs_f64() * 1e3,
            100.0 * clone.as_secs_f64() / turn.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
