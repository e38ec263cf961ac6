//! The scenario loader and compiler, and the diagnostics renderer, on any
//! bytes: a load either succeeds or returns diagnostics at real positions,
//! bounded in number; it never panics, overflows its stack or hangs. A
//! scenario that loads builds into a game and determines supply.

use qm_game::{DeterminationKind, Game};

/// Loads `data` against the `awaw` ruleset and, when it loads, determines
/// initial supply for the side to move.
pub fn run(data: &[u8]) {
    match qm_scenario::load_bytes("fuzz.ron", data, |_| Ok(crate::ruleset!("awaw").to_vec())) {
        Ok(c) => {
            if let Ok(mut g) = Game::from_compiled(c, 1) {
                let side = g.clock().side;
                g.determine_supply(side, DeterminationKind::Initial);
            }
        }
        Err(e) => {
            assert!(e.diagnostics.len() <= qm_scenario::diag::MAX_SHOWN + 1);
            let text = qm_cli::render::load_error(&e);
            assert!(!text.contains('\u{1b}'), "a raw escape printed");
        }
    }
}
