//! Territory maps (collection) and oil on any bytes: loaded against the
//! `wteaw` or `mwif-oil` ruleset (the first byte chooses), and when they
//! load, a player turn is played with default orders. Never a panic.

use qm_game::Game;

/// The first byte picks the ruleset; the rest is the scenario.
pub fn run(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else { return };
    let rules: &[u8] = if pick % 2 == 0 { crate::ruleset!("wteaw") } else { crate::ruleset!("mwif-oil") };
    let Ok(c) = qm_scenario::load_bytes("fuzz.ron", text, |_| Ok(rules.to_vec())) else { return };
    let Ok(mut g) = Game::from_compiled(c, 1) else { return };
    let phases = g.phase_order().len();
    for _ in 0..phases.min(12) {
        g.step_phase();
    }
    let _ = g.checksum();
}
