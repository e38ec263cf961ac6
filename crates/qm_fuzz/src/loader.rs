//! The scenario loader and compiler alone, on any bytes, with the
//! diagnostics renderer, without building a game, so that it runs at the
//! loader's speed. A load either succeeds or returns diagnostics at real
//! positions, bounded in number; it never panics, overflows its stack or
//! hangs. The `scenario` target goes on to build the game and determine
//! supply.

/// Loads `data` as a scenario against the `awaw` ruleset.
pub fn run(data: &[u8]) {
    if let Err(e) = qm_scenario::load_bytes("fuzz.ron", data, |_| Ok(crate::ruleset!("awaw").to_vec())) {
        assert!(e.diagnostics.len() <= qm_scenario::diag::MAX_SHOWN + 1);
        let text = qm_cli::render::load_error(&e);
        assert!(!text.contains('\u{1b}'), "a raw escape printed");
    }
}
