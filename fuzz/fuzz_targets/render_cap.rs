//! `qm render` with its caps: a hex map of up to 12 one-hex blocks placed
//! where the input says (up to 400 rows and 500 columns apart), drawn as
//! SVG and rasterized at a scale the input picks. Never a panic; a picture
//! past `MAX_PIXELS` or `MAX_PNG_ELEMENTS` is refused before its buffer
//! is made, and every PNG made stays within the pixel cap.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qm_render::png::{MAX_PIXELS, PngError, pixmap};
use quartermaster::game::{Game, Side, row_letters};

const AWAW: &[u8] = include_bytes!("../../assets/rulesets/awaw.ron");

fuzz_target!(|data: &[u8]| {
    let Some((&pick, cells)) = data.split_first() else { return };
    let mut blocks = String::new();
    for c in cells.chunks_exact(4).take(12) {
        let row = u32::from(u16::from_le_bytes([c[0], c[1]])) % 400;
        let col = u32::from(u16::from_le_bytes([c[2], c[3]])) % 500 + 1;
        let code = [".", "~", "f", "m"][usize::from(c[0] % 4)];
        blocks.push_str(&format!("(origin: \"{}{col}\", terrain: [\"{code}\"]),", row_letters(row)));
    }
    let text = format!("Scenario(title: \"fuzz\", ruleset: \"r\", side: Allies, map: (blocks: [{blocks}]))");
    let Ok(c) = quartermaster::scenario::load_bytes("fuzz.ron", text.as_bytes(), |_| Ok(AWAW.to_vec())) else {
        return;
    };
    let Ok(mut g) = Game::from_compiled(c, 1) else { return };
    if qm_render::check_size(&g, qm_render::MAX_PNG_ELEMENTS).is_err() {
        return;
    }
    let svg = qm_render::svg(&mut g, Side::Allies);
    let scale = [0.02, 0.05, 0.1, 1.0][usize::from(pick % 4)];
    match pixmap(&svg, scale) {
        Ok(p) => assert!(u64::from(p.width()) * u64::from(p.height()) <= MAX_PIXELS),
        Err(PngError::TooLarge(w, h)) => assert!(u64::from(w) * u64::from(h) > MAX_PIXELS),
        Err(PngError::TooManyElements(_)) | Err(PngError::Size(..)) => {}
        Err(e) => panic!("{e}"),
    }
});
