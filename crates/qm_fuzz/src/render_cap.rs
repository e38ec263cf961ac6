//! `qm render` with its caps: a hex map of up to 12 one-hex blocks placed
//! where the input says (up to 400 rows and 500 columns apart), drawn as
//! SVG and rasterized at a scale the input picks. Never a panic; a picture
//! past `MAX_PIXELS` or `MAX_PNG_ELEMENTS` is refused before its buffer
//! is made, and every PNG made stays within the pixel cap.

use qm_game::{Game, Side, row_letters};
use qm_render::png::{MAX_PIXELS, PngError, pixmap};

/// One byte picks the scale; then four bytes a block: row, column.
pub fn run(data: &[u8]) {
    let Some((&pick, cells)) = data.split_first() else { return };
    let Some(mut g) = game(cells) else { return };
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
