//! Diagnostics with file, line and column.

use crate::locate::{LineIndex, Pos, Seg, position_of_offset};

/// At most this many problems of one file are reported; the rest are
/// counted in a last line, `and N more problems`, so that the output stays
/// bounded however many there are.
pub const MAX_SHOWN: usize = 50;

/// Problems located to choose the first [`MAX_SHOWN`] in file order from:
/// compilation finds problems in nearly file order, so a few times as many
/// suffice, and locating stays linear in the file.
const MAX_LOCATED: usize = 4 * MAX_SHOWN;
use std::fmt;

/// One problem in an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as given.
    pub file: String,
    /// 1-based line; 0 when the problem has no position in the file (a
    /// file that cannot be read).
    pub line: u32,
    /// 1-based column, in characters; 0 with `line` 0.
    pub col: u32,
    /// Byte offset of the position.
    pub offset: usize,
    /// What is wrong, naming the offending item.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
        }
    }
}

/// Why a scenario could not be loaded: every problem found, in file order,
/// with the texts they point into (for rendering snippets).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The problems.
    pub diagnostics: Vec<Diagnostic>,
    /// `(file, text)` of the files read.
    pub sources: Vec<(String, String)>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Diagnostic {
    /// A problem with a whole file, at no position in it (a file that
    /// cannot be read): printed `FILE: message`.
    #[must_use]
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        Self { file: file.to_string(), line: 0, col: 0, offset: 0, message: message.into() }
    }
}

impl LoadError {
    /// A single diagnostic.
    #[must_use]
    pub fn single(d: Diagnostic) -> Self {
        Self { diagnostics: vec![d], sources: Vec::new() }
    }

    /// This error with the text of every file but `file` dropped, so that
    /// rendering it shows lines of `file` only (the file the user named)
    /// and positions, never lines, of the files it names.
    #[must_use]
    pub fn showing_only(mut self, file: &str) -> Self {
        self.sources.retain(|(f, _)| f == file);
        self
    }

    /// The text of a file this error points into.
    #[must_use]
    pub fn source_text(&self, file: &str) -> Option<&str> {
        self.sources.iter().find(|(f, _)| f == file).map(|(_, t)| t.as_str())
    }
}

/// A problem found while compiling a parsed file: where (a path into the
/// RON value, optionally a character inside a string) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    pub path: Vec<Seg>,
    pub in_string: Option<usize>,
    pub message: String,
}

/// Most problems of one file kept with their paths and messages; the
/// others are only counted, so that a file with a problem on each of a
/// million rows costs a count, not a million messages.
const MAX_KEPT: usize = 4 * MAX_LOCATED;

/// Collects problems while compiling one file.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    pub items: Vec<Problem>,
    /// Problems found past [`MAX_KEPT`], counted only.
    more: usize,
}

impl Problems {
    /// A problem at `path`.
    pub fn at(&mut self, path: Vec<Seg>, message: impl Into<String>) {
        self.push(Problem { path, in_string: None, message: message.into() });
    }

    /// A problem at character `ch` of the string at `path`.
    pub fn at_char(&mut self, path: Vec<Seg>, ch: usize, message: impl Into<String>) {
        self.push(Problem { path, in_string: Some(ch), message: message.into() });
    }

    /// Keeps a problem, or counts it past [`MAX_KEPT`].
    fn push(&mut self, p: Problem) {
        if self.items.len() < MAX_KEPT {
            self.items.push(p);
        } else {
            self.more += 1;
        }
    }

    /// Moves `other`'s problems into this list.
    pub fn absorb(&mut self, other: Problems) {
        self.more += other.more;
        for p in other.items {
            self.push(p);
        }
    }

    /// How many problems were found, kept or counted.
    pub fn total(&self) -> usize {
        self.items.len() + self.more
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Turns the problems into diagnostics against `src`, sorted by
    /// position: at most [`MAX_SHOWN`], then one line counting the rest.
    pub fn into_diagnostics(self, file: &str, src: &str) -> Vec<Diagnostic> {
        let total = self.total();
        let index = LineIndex::new(src);
        let mut out: Vec<Diagnostic> = self
            .items
            .into_iter()
            .take(MAX_LOCATED)
            .map(|p| {
                let pos = match p.in_string {
                    Some(ch) => index.locate_in_string(&p.path, ch),
                    None => index.locate(&p.path),
                };
                diagnostic(file, pos, p.message)
            })
            .collect();
        out.sort_by(|a, b| (a.offset, &a.message).cmp(&(b.offset, &b.message)));
        cap(file, &mut out, total);
        out
    }
}

/// Keeps the first [`MAX_SHOWN`] of `total` diagnostics and adds one
/// counting the others, at the position of the first not shown (or of no
/// position, if it was not located).
pub fn cap(file: &str, out: &mut Vec<Diagnostic>, total: usize) {
    let next = out.get(MAX_SHOWN).cloned();
    out.truncate(MAX_SHOWN);
    if total > out.len() {
        let more = total - out.len();
        let s = if more == 1 { "" } else { "s" };
        let message = format!("and {more} more problem{s} (the first {MAX_SHOWN} are shown)");
        out.push(match next {
            Some(d) => Diagnostic { message, ..d },
            None => Diagnostic::whole_file(file, message),
        });
    }
}

/// A diagnostic at a position.
pub(crate) fn diagnostic(file: &str, pos: Pos, message: String) -> Diagnostic {
    Diagnostic { file: file.to_string(), line: pos.line.max(1), col: pos.col.max(1), offset: pos.offset, message }
}

/// A diagnostic from a RON parse error.
pub(crate) fn from_ron(file: &str, src: &str, e: &ron::error::SpannedError) -> Diagnostic {
    let line = e.span.start.line.max(1);
    let col = e.span.start.col.max(1);
    let offset = offset_of(src, line, col);
    Diagnostic {
        file: file.to_string(),
        line: line as u32,
        col: col as u32,
        offset,
        message: format!("RON syntax error: {}", e.code),
    }
}

/// A diagnostic for text that is not UTF-8.
pub(crate) fn from_utf8(file: &str, bytes: &[u8], e: &std::str::Utf8Error) -> Diagnostic {
    let good = e.valid_up_to();
    let prefix = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
    let pos = position_of_offset(prefix, good);
    diagnostic(file, pos, format!("the file is not valid UTF-8 (byte {good})"))
}

fn offset_of(src: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in src.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return off + l.char_indices().nth(col.saturating_sub(1)).map_or(l.len(), |(b, _)| b);
        }
        off += l.len();
    }
    src.len()
}

/// Shorthand for a field segment.
pub(crate) fn f(name: &str) -> Seg {
    Seg::Field(name.to_string())
}

/// Shorthand for an index segment.
pub(crate) fn i(n: usize) -> Seg {
    Seg::Index(n)
}

/// Builds a path from segments.
macro_rules! loc {
    ($($s:expr),* $(,)?) => { vec![$($crate::diag::IntoSeg::into_seg($s)),*] };
}
pub(crate) use loc;

/// Conversion into a path segment: `&str` is a field, `usize` an index.
pub(crate) trait IntoSeg {
    fn into_seg(self) -> Seg;
}

impl IntoSeg for &str {
    fn into_seg(self) -> Seg {
        f(self)
    }
}

impl IntoSeg for usize {
    fn into_seg(self) -> Seg {
        i(self)
    }
}

impl IntoSeg for Seg {
    fn into_seg(self) -> Seg {
        self
    }
}
