//! `qm render`: a picture of the map after some phases, as SVG or PNG
//! (through `qm_render`).

use crate::output::ErrorBody;
use qm_game::{DeterminationKind, Game, Side};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The command's arguments.
pub struct Args<'a> {
    /// Scenario or save file.
    pub file: &'a Path,
    /// Phases to run first.
    pub phases: Option<u32>,
    /// Orders for those phases.
    pub orders: Option<&'a PathBuf>,
    /// Whose supply tints the map.
    pub side: Option<Side>,
    /// Seed.
    pub seed: u64,
    /// Output file: `.svg` or `.png`.
    pub out: &'a Path,
}

/// The picture formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG text.
    Svg,
    /// PNG through resvg.
    Png,
}

/// The format an output path asks for, by extension.
#[must_use]
pub fn format_of(p: &Path) -> Option<Format> {
    match p.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => Some(Format::Svg),
        Some("png") => Some(Format::Png),
        _ => None,
    }
}

/// Runs `qm render`; returns the exit code.
pub fn run(a: &Args<'_>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let Some(format) = format_of(a.out) else {
        let msg = format!("{}: the output must end in .svg or .png", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("usage", None, msg.clone())], &msg);
        return 2;
    };
    if let Err(e) = crate::output_file::check(a.out) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 2;
    }
    let Some(crate::Played { game: mut g, .. }) =
        crate::play(a.file, a.phases.unwrap_or(0), a.orders, a.seed, false, err)
    else {
        return 1;
    };
    let max = if format == Format::Png { qm_render::MAX_PNG_ELEMENTS } else { qm_render::MAX_SVG_ELEMENTS };
    if let Err(e) = qm_render::check_size(&g, max) {
        let msg = format!("{}: {e}", a.file.display());
        crate::fail(err, false, &[ErrorBody::plain("too-large", None, msg.clone())], &msg);
        return 1;
    }
    let side = side_to_show(&mut g, a.side, a.phases.unwrap_or(0) == 0);
    let svg = qm_render::svg(&mut g, side);
    match write_picture(&svg, format, a.out) {
        Ok(()) => {
            let _ = writeln!(out, "wrote {} (supply of {side})", a.out.display());
            0
        }
        Err(e) => {
            let msg = format!("{}: {e}", a.out.display());
            crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
            1
        }
    }
}

/// The side whose supply tints the picture: the one asked for, or the last
/// determined, or the side to move. With no phase run, that side's initial
/// determination is made now (as `qm supply` does), so the picture shows
/// statuses.
pub fn side_to_show(g: &mut Game, asked: Option<Side>, fresh: bool) -> Side {
    let side = asked.or_else(|| g.last_determined_side()).unwrap_or(g.clock().side);
    let rule30 = g.phase_order().position(qm_game::phases::INITIAL_SUPPLY).is_some();
    if fresh && rule30 {
        g.determine_supply(side, DeterminationKind::Initial);
    }
    side
}

/// Writes SVG text, or its PNG, to `path`.
///
/// # Errors
/// The render or the write failing, as text.
pub fn write_picture(svg: &str, format: Format, path: &Path) -> Result<(), String> {
    let bytes = match format {
        Format::Svg => svg.as_bytes().to_vec(),
        Format::Png => qm_render::png::png(svg, 1.0).map_err(|e| e.to_string())?,
    };
    crate::output_file::write(path, bytes).map_err(|e| e.to_string())
}
