//! Save files on any bytes: read (version first), checked against the
//! scenario they name (fingerprint), validated against it and built; a
//! save either loads or is refused at a position, never a panic.

use qm_core::spec::ScenarioSpec;
use qm_game::{Game, GameBuilder};
use qm_scenario::Compiled;
use std::sync::{Arc, OnceLock};

/// `rabaul-isolation.ron` compiled, and its rules, once.
fn scenario() -> &'static (Compiled, Arc<ScenarioSpec>) {
    static S: OnceLock<(Compiled, Arc<ScenarioSpec>)> = OnceLock::new();
    S.get_or_init(|| {
        let c = qm_scenario::load(crate::shipped!("awaw/rabaul-isolation.ron")).expect("loads");
        let spec = GameBuilder::default().spec(&c).expect("rules");
        (c, spec)
    })
}

/// Reads `data` as a save of `rabaul-isolation.ron` and, when its state
/// builds, checks that it round-trips and plays three phases.
pub fn run(data: &[u8]) {
    let Ok(save) = qm_scenario::read_save("fuzz.sav.ron", data) else { return };
    let (compiled, spec) = scenario();
    // The fingerprint of the fuzzed save rarely matches; build anyway, as a
    // hand-edited save with a copied fingerprint would be.
    let _ = qm_scenario::check_save_scenario("fuzz.sav.ron", data, &save, compiled);
    if let Ok(mut g) = Game::new(spec.clone(), &save.state) {
        let before = g.checksum();
        let back = Game::restore(&g.snapshot());
        assert_eq!(back.checksum(), before, "a valid state round-trips");
        for _ in 0..3 {
            g.step_phase();
        }
    }
}
