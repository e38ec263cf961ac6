//! The scenario loader and compiler, and the diagnostics renderer, on any
//! bytes: a load either succeeds or returns diagnostics at real positions,
//! bounded in number; it never panics, overflows its stack or hangs.
#![no_main]

use libfuzzer_sys::fuzz_target;

const AWAW: &[u8] = include_bytes!("../../assets/rulesets/awaw.ron");

fuzz_target!(|data: &[u8]| {
    match quartermaster::scenario::load_bytes("fuzz.ron", data, |_| Ok(AWAW.to_vec())) {
        Ok(c) => {
            // A loaded scenario builds into a game and determines supply.
            if let Ok(mut g) = quartermaster::game::Game::from_compiled(c, 1) {
                let side = g.clock().side;
                g.determine_supply(side, quartermaster::game::DeterminationKind::Initial);
            }
        }
        Err(e) => {
            assert!(e.diagnostics.len() <= quartermaster::scenario::diag::MAX_SHOWN + 1);
            let text = qm_cli::render::load_error(&e);
            assert!(!text.contains('\u{1b}'), "a raw escape printed");
        }
    }
});
