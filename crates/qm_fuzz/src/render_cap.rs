//! `qm render` with its caps: a hex map of up to 12 one-hex blocks placed
//! where the input says (up to 400 rows and 500 columns apart), drawn as
//! SVG and rasterized at a scale the input picks, under a pixel cap of
//! [`FUZZ_PIXELS`] (the same code as `MAX_PIXELS`'s, with a cap that keeps
//! each input to milliseconds). Never a panic; a picture past the cap or
//! `MAX_PNG_ELEMENTS` is refused before its buffer is made, and every
//! PNG made stays within the cap.

use qm_game::{Game, Side, row_letters};
use qm_render::png::{PngError, pixmap_within};

/// The pixel cap the target rasterizes under: 2 megapixels.
pub const FUZZ_PIXELS: u64 = 2_000_000;

/// One byte picks the scale; then four bytes a block: row, column.
pub fn run(data: &[u8]) {
    let Some((&pick, cells)) = data.split_first() else { return };
    let Some(mut g) = game(cells) else { return };
    if qm_render::check_size(&g, qm_render::MAX_PNG_ELEMENTS).is_err() {
        return;
    }
    let svg = qm_render::svg(&mut g, Side::Allies);
    let scale = [0.02, 0.05, 0.1, 1.0][usize::from(pick % 4)];
    match pixmap_within(&svg, scale, FUZZ_PIXELS) {
        Ok(p) => assert!(u64::from(p.width()) * u64::from(p.height()) <= FUZZ_PIXELS),
        Err(PngError::TooLarge(w, h)) => assert!(u64::from(w) * u64::from(h) > FUZZ_PIXELS),
        Err(PngError::TooManyElements(_)) | Err(PngError::Size(..)) => {}
        Err(e) => panic!("{e}"),
    }
}

/// The game of the blocks the cells place, if it loads.
fn game(cells: &[u8]) -> Option<Game> {
    let mut blocks = String::new();
    for c in cells.chunks_exact(4).take(12) {
        let row = u32::from(u16::from_le_bytes([c[0], c[1]])) % 400;
        let col = u32::from(u16::from_le_bytes([c[2], c[3]])) % 500 + 1;
        let code = [".", "~", "f", "m"][usize::from(c[0] % 4)];
        blocks.push_str(&format!("(origin: \"{}{col}\", terrain: [\"{code}\"]),", row_letters(row)));
    }
    let text = format!("Scenario(title: \"fuzz\", ruleset: \"r\", side: Allies, map: (blocks: [{blocks}]))");
    let c = qm_scenario::load_bytes("fuzz.ron", text.as_bytes(), |_| Ok(crate::ruleset!("awaw").to_vec())).ok()?;
    Game::from_compiled(c, 1).ok()
}
