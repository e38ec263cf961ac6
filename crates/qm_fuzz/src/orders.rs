//! The orders parser on any bytes, against the rules of a shipped
//! scenario: batches with positions, or diagnostics; never a panic.

use qm_game::Game;
use std::sync::{Mutex, OnceLock, PoisonError};

/// `rabaul-isolation.ron`, loaded once.
pub(crate) fn rabaul() -> &'static Mutex<Game> {
    static GAME: OnceLock<Mutex<Game>> = OnceLock::new();
    GAME.get_or_init(|| {
        Mutex::new(Game::load(crate::shipped!("awaw/rabaul-isolation.ron"), 1).expect("the shipped scenario loads"))
    })
}

/// Reads `data` as an orders file.
pub fn run(data: &[u8]) {
    let g = rabaul().lock().unwrap_or_else(PoisonError::into_inner);
    if let Ok(batches) = g.read_orders("fuzz-orders.ron", data) {
        for b in &batches {
            assert!(b.at.is_some(), "every batch has its position");
        }
    }
}
