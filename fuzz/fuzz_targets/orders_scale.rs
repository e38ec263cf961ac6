//! The orders reader at scale: an orders file made of a fragment from the
//! input repeated up to 5,000 times (batches, orders, or anything), read
//! against `rabaul-isolation.ron`'s rules. Never a panic; every batch and
//! order has its position; and locating them all walks the file a bounded
//! number of times (the locator's count of bytes walked), so the reader
//! stays linear however many batches the file holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quartermaster::game::Game;
use quartermaster::scenario::locate::scanned_bytes;
use std::sync::OnceLock;

const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/awaw/rabaul-isolation.ron");

fn game() -> &'static std::sync::Mutex<Game> {
    static GAME: OnceLock<std::sync::Mutex<Game>> = OnceLock::new();
    GAME.get_or_init(|| std::sync::Mutex::new(Game::load(SCENARIO, 1).expect("the shipped scenario loads")))
}

fuzz_target!(|data: &[u8]| {
    let Some((count, fragment)) = data.split_first_chunk::<2>() else { return };
    let repeats = usize::from(u16::from_le_bytes(*count)) % 5_000 + 1;
    let Ok(fragment) = std::str::from_utf8(fragment) else { return };
    let text = format!("[{}]", fragment.repeat(repeats));
    let g = game().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let before = scanned_bytes();
    if let Ok(batches) = g.read_orders("fuzz-orders.ron", text.as_bytes()) {
        for b in &batches {
            assert!(b.at.is_some(), "every batch has its position");
            assert_eq!(b.orders_at.len(), b.orders.len(), "every order has its position");
        }
        let walked = scanned_bytes() - before;
        let bound = 16 * text.len() as u64 + 4096;
        assert!(walked <= bound, "{walked} bytes walked for a file of {}", text.len());
    }
});
