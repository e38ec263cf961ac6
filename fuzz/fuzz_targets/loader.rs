//! The scenario loader and compiler alone, on any bytes, with the
//! diagnostics renderer: the loader's own target, without building a game,
//! so that it runs at the loader's speed (issue 15 asks for 2 million
//! executions on it). A load either succeeds or returns diagnostics at real
//! positions, bounded in number; it never panics,
//! overflows its stack or hangs. The `scenario` target goes on to build the
//! game and determine supply.
#![no_main]

use libfuzzer_sys::fuzz_target;

const AWAW: &[u8] = include_bytes!("../../assets/rulesets/awaw.ron");

fuzz_target!(|data: &[u8]| {
    if let Err(e) = quartermaster::scenario::load_bytes("fuzz.ron", data, |_| Ok(AWAW.to_vec())) {
        assert!(e.diagnostics.len() <= quartermaster::scenario::diag::MAX_SHOWN + 1);
        let text = qm_cli::render::load_error(&e);
        assert!(!text.contains('\u{1b}'), "a raw escape printed");
    }
});
