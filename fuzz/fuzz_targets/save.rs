//! Save files on any bytes: read (version first), checked against the
//! scenario they name (fingerprint), validated against it and built; a
//! save either loads or is refused at a position, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quartermaster::game::{Game, GameBuilder};
use std::sync::{Arc, OnceLock};

const SCENARIO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/awaw/rabaul-isolation.ron");

fn scenario() -> &'static (quartermaster::scenario::Compiled, Arc<quartermaster::core::spec::ScenarioSpec>) {
    static S: OnceLock<(quartermaster::scenario::Compiled, Arc<quartermaster::core::spec::ScenarioSpec>)> =
        OnceLock::new();
    S.get_or_init(|| {
        let c = quartermaster::scenario::load(SCENARIO).expect("loads");
        let spec = GameBuilder::default().spec(&c).expect("rules");
        (c, spec)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(save) = quartermaster::scenario::read_save("fuzz.sav.ron", data) else { return };
    let (compiled, spec) = scenario();
    // The fingerprint of the fuzzed save rarely matches; build anyway, as a
    // hand-edited save with a copied fingerprint would be.
    let _ = quartermaster::scenario::check_save_scenario("fuzz.sav.ron", data, &save, compiled);
    if let Ok(mut g) = Game::new(spec.clone(), &save.state) {
        let before = g.checksum();
        let back = Game::restore(&g.snapshot());
        assert_eq!(back.checksum(), before, "a valid state round-trips");
        for _ in 0..3 {
            g.step_phase();
        }
    }
});
