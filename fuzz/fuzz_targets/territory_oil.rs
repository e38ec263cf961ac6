//! Territory maps (collection, issue 6) and oil (issue 7) on any bytes:
//! loaded against the `wteaw` or `mwif-oil` ruleset (the first byte
//! chooses), and when they load, a player turn is played with default
//! orders. Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const WTEAW: &[u8] = include_bytes!("../../assets/rulesets/wteaw.ron");
const OIL: &[u8] = include_bytes!("../../assets/rulesets/mwif-oil.ron");

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else { return };
    let rules = if pick % 2 == 0 { WTEAW } else { OIL };
    let Ok(c) = quartermaster::scenario::load_bytes("fuzz.ron", text, |_| Ok(rules.to_vec())) else { return };
    let Ok(mut g) = quartermaster::game::Game::from_compiled(c, 1) else { return };
    let phases = g.phase_order().len();
    for _ in 0..phases.min(12) {
        g.step_phase();
    }
    let _ = g.checksum();
});
