//! The orders parser on any bytes, against the rules of a shipped
//! scenario: batches with positions, or diagnostics; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quartermaster::game::Game;
use std::sync::OnceLock;

const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/awaw/rabaul-isolation.ron");

fn game() -> &'static std::sync::Mutex<Game> {
    static GAME: OnceLock<std::sync::Mutex<Game>> = OnceLock::new();
    GAME.get_or_init(|| std::sync::Mutex::new(Game::load(SCENARIO, 1).expect("the shipped scenario loads")))
}

fuzz_target!(|data: &[u8]| {
    let g = game().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Ok(batches) = g.read_orders("fuzz-orders.ron", data) {
        for b in &batches {
            assert!(b.at.is_some(), "every batch has its position");
        }
    }
});
