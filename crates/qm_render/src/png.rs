//! PNG through `resvg`, with the one font shipped in `assets/fonts/`
//! loaded into usvg's font database and no system font: a render is the
//! same on every machine.

use resvg::{tiny_skia, usvg};

/// The font every text is set in: DejaVu Sans, subset to Latin
/// (`assets/fonts/LICENSE-DejaVu.txt`).
pub const FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Latin.ttf");

/// Why an SVG did not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse (a bug of ours: we write it).
    #[error("svg: {0}")]
    Svg(#[from] usvg::Error),
    /// The picture has no area or is too large.
    #[error("cannot make a {0}x{1} picture")]
    Size(u32, u32),
    /// More pixels than [`MAX_PIXELS`]: refused before the buffer is
    /// allocated.
    #[error("a {0}x{1} picture is more than the {max} pixels a PNG may have; write an SVG instead", max = MAX_PIXELS)]
    TooLarge(u32, u32),
    /// An SVG of more than [`crate::MAX_PNG_ELEMENTS`] elements: refused
    /// before it is parsed.
    #[error("an SVG of {0} elements is more than the {max} a PNG may be drawn from; write an SVG instead", max = crate::MAX_PNG_ELEMENTS)]
    TooManyElements(u64),
    /// PNG encoding failed.
    #[error("png: {0}")]
    Encode(String),
}

/// The most pixels a PNG may have (200 MB of RGBA): the size comes from
/// the map's coordinates, so it is checked before the buffer is made.
pub const MAX_PIXELS: u64 = 50_000_000;

/// usvg's options with only the shipped font.
#[must_use]
pub fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options { font_family: crate::style::FONT.to_string(), ..usvg::Options::default() };
    opt.fontdb_mut().load_font_data(FONT_DATA.to_vec());
    opt
}

/// Rasterizes an SVG at `scale` (1.0: one pixel per SVG unit).
///
/// # Errors
/// A [`PngError`] if the SVG does not parse or the size is unusable.
pub fn pixmap(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, PngError> {
    pixmap_within(svg, scale, MAX_PIXELS)
}

/// [`pixmap`] with a pixel cap of `max_pixels` instead of
/// [`MAX_PIXELS`]: a picture past it is refused before its buffer is made.
/// The fuzz target `render_cap` checks the cap with a small one, so that
/// each input costs milliseconds, not a 50-megapixel rasterization.
///
/// # Errors
/// As [`pixmap`].
pub fn pixmap_within(svg: &str, scale: f32, max_pixels: u64) -> Result<tiny_skia::Pixmap, PngError> {
    let elements = svg.bytes().filter(|&b| b == b'<').count() as u64;
    if elements > crate::MAX_PNG_ELEMENTS {
        return Err(PngError::TooManyElements(elements));
    }
    let tree = usvg::Tree::from_str(svg, &options())?;
    let size = tree.size();
    let (w, h) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    if u64::from(w) * u64::from(h) > max_pixels {
        return Err(PngError::TooLarge(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// An SVG as PNG bytes.
///
/// # Errors
/// A [`PngError`] if the SVG does not parse or the size is unusable.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    pixmap(svg, scale)?.encode_png().map_err(|e| PngError::Encode(e.to_string()))
}

/// The pixel buffer [`pixmap`] returns (tiny-skia's), for tests and
/// embedders that read pixels back.
pub use resvg::tiny_skia::Pixmap;
