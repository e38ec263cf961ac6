//! Text output: diagnostics with snippets, status tables, map pictures.

use miette::{GraphicalReportHandler, GraphicalTheme, SourceSpan};
use qm_game::{Game, HexStatus, LoadError, NodeView, Side, SupplyReport, Surface, UnitStatus, row_letters};
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
struct Snippet {
    message: String,
    #[source_code]
    src: Window,
    #[label("here")]
    span: SourceSpan,
}

/// The few lines of a file around a diagnostic, with the number of their
/// first line: a snippet is rendered from them alone, never from a copy or
/// a rescan of the whole file.
#[derive(Debug)]
struct Window {
    name: String,
    text: String,
    /// 0-based line of the window's first line in the file.
    first_line: usize,
}

/// Bytes of context kept on either side of a diagnostic's position.
const WINDOW: usize = 240;

impl Window {
    /// The window of `text` around byte `offset`, on line `line` (1-based):
    /// up to two line breaks (and [`WINDOW`] bytes) either side.
    fn around(name: &str, text: &str, offset: usize, line: u32) -> (Self, usize) {
        let floor = |mut i: usize| {
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let offset = floor(offset.min(text.len()));
        let lo = floor(offset.saturating_sub(WINDOW));
        let hi = floor((offset + WINDOW).min(text.len()));
        let before = &text[lo..offset];
        let start = before.rmatch_indices('\n').nth(1).map_or(lo, |(i, _)| lo + i + 1);
        let end = text[offset..hi].match_indices('\n').nth(1).map_or(hi, |(i, _)| offset + i);
        let breaks = text[start..offset].matches('\n').count();
        let first_line = (line as usize).saturating_sub(1).saturating_sub(breaks);
        (Self { name: name.to_string(), text: printable_window(&text[start..end]), first_line }, offset - start)
    }
}

/// Control characters other than line breaks and tabs shown as `?`, so
/// that a snippet never writes escape sequences to a terminal (byte
/// lengths are kept, so spans stay in place).
fn printable_window(s: &str) -> String {
    s.chars().map(|c| if c.is_control() && c != '\n' && c != '\t' && c.len_utf8() == 1 { '?' } else { c }).collect()
}

impl miette::SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let c = self.text.as_str().read_span(span, before, after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            *c.span(),
            c.line() + self.first_line,
            c.column(),
            c.line_count(),
        )))
    }
}

/// Every diagnostic of a load error as `FILE:LINE:COL: message`, each
/// followed by a snippet of the file pointing at the offending item; at
/// most [`qm_game::files::MAX_SHOWN`] of them, then a count of the rest.
#[must_use]
pub fn load_error(e: &LoadError) -> String {
    let mut s = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_context_lines(1);
    let max = qm_game::files::MAX_SHOWN + 1;
    for d in e.diagnostics.iter().take(max) {
        let _ = writeln!(s, "{}", qm_game::printable(&d.to_string()));
        if let Some(text) = e.source_text(&d.file)
            && d.line > 0
        {
            let (src, at) = Window::around(&d.file, text, d.offset, d.line);
            let len = src.text[at..].chars().next().map_or(0, char::len_utf8);
            let message = qm_game::printable(&d.message).into_owned();
            let snip = Snippet { message, src, span: SourceSpan::new(at.into(), len) };
            let mut out = String::new();
            if handler.render_report(&mut out, &snip).is_ok() {
                s.push_str(snippet_only(&out));
            }
        }
    }
    if e.diagnostics.len() > max {
        let _ = writeln!(s, "and {} more problems", e.diagnostics.len() - max);
    }
    s
}

/// A rendered report from its snippet on: the message above it is the
/// `FILE:LINE:COL: message` line already written, and is not repeated.
fn snippet_only(report: &str) -> &str {
    let mut at = 0;
    for line in report.split_inclusive('\n') {
        if line.contains('╭') {
            return &report[at..];
        }
        at += line.len();
    }
    report
}

/// The heading and unit table of `qm supply`, without the hexes.
#[must_use]
pub fn report_units(g: &Game, r: &SupplyReport) -> String {
    let mut s = String::new();
    let c = g.clock();
    let next = g.next_phase().map_or("-", |p| p.as_str());
    let _ = writeln!(s, "{}: supply of {} (turn {}, next phase {} of {})", g.title(), r.side, c.turn, next, c.side);
    let _ = writeln!(s, "\n{:<16} {:<10} {:<8}", "UNIT", "STATUS", "AT");
    for u in &r.units {
        let at = u.place.describe();
        let gone = if u.eliminated == Some(true) { "  (eliminated)" } else { "" };
        let _ = writeln!(s, "{:<16} {:<10} {at}{gone}", u.id, u.status.as_str());
    }
    s
}

/// The tables `qm supply` prints.
#[must_use]
pub fn report_table(g: &Game, r: &SupplyReport) -> String {
    let mut s = report_units(g, r);
    let _ = writeln!(s, "\n{:<8} {:<16} STATUS", "HEX", "NAME");
    for h in &r.hexes {
        let _ = writeln!(s, "{:<8} {:<16} {}", h.hex, h.name.as_deref().unwrap_or("-"), h.status.as_str());
    }
    if let Some(zones) = &r.zones {
        let _ = writeln!(s, "\n{:<6} {:<11} {:<7} SEA LINE", "ZONE", "STATUS", "HEXES");
        for z in zones {
            let sea = z.sea_line.as_ref().map_or_else(
                || "-".to_string(),
                |l| format!("{} -> {}{}", l.from, l.to, if l.disrupted { " (disrupted)" } else { "" }),
            );
            let _ = writeln!(s, "{:<6} {:<11} {:<7} {sea}", z.id, z.status.as_str(), z.hexes.len());
        }
    }
    let count = |st: UnitStatus| r.units.iter().filter(|u| u.status == st).count();
    let hcount = |st: HexStatus| r.hexes.iter().filter(|h| h.status == st).count();
    let _ = writeln!(
        s,
        "\nunits: {} full, {} partial, {} isolated; hexes: {} full, {} partial, {} unsupplied",
        count(UnitStatus::Full),
        count(UnitStatus::Partial),
        count(UnitStatus::Isolated),
        hcount(HexStatus::Full),
        hcount(HexStatus::Partial),
        hcount(HexStatus::Unsupplied)
    );
    s
}

/// A picture of the map: one character a hex, odd rows shoved right.
///
/// ```text
/// #  full        +  partial     !  unsupplied   (the side's hexes)
/// .  other land  ~  sea
/// U / u / x      a hex holding the side's units: full / partial / isolated
/// ```
#[must_use]
pub fn map_picture(g: &Game, side: Side) -> String {
    let view = g.map_view(side);
    let cell: BTreeMap<(u32, u32), char> =
        view.nodes.iter().filter_map(|n| Some((n.row_col?, node_char(n, side)))).collect();
    let Some((&(r0, _), _)) = cell.iter().next() else { return String::new() };
    let r1 = cell.keys().map(|k| k.0).max().unwrap_or(r0);
    let c0 = cell.keys().map(|k| k.1).min().unwrap_or(1);
    let c1 = cell.keys().map(|k| k.1).max().unwrap_or(c0);
    let mut s = String::new();
    let _ =
        writeln!(s, "     {side}: # full  + partial  ! unsupplied  U/u/x units full/partial/isolated  . other  ~ sea");
    for r in r0..=r1 {
        let label = row_letters(r);
        let _ = write!(s, "{label:>4} {}", if r % 2 == 1 { " " } else { "" });
        for c in c0..=c1 {
            let _ = write!(s, "{} ", cell.get(&(r, c)).copied().unwrap_or(' '));
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    let _ = writeln!(s, "     {} = column {c0}", if r0 % 2 == 1 { " ^" } else { "^" });
    s
}

/// The character of one node: the worst status of the side's units in
/// it, or else its own.
fn node_char(n: &NodeView, side: Side) -> char {
    if let Some(worst) = n.worst_unit_status() {
        return match worst {
            UnitStatus::Full => 'U',
            UnitStatus::Partial => 'u',
            UnitStatus::Isolated => 'x',
        };
    }
    if n.surface == Surface::Sea {
        '~'
    } else if n.is_mine(side) {
        match n.supply {
            Some(HexStatus::Full) => '#',
            Some(HexStatus::Partial) => '+',
            _ => '!',
        }
    } else {
        '.'
    }
}
