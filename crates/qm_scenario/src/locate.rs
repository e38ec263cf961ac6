//! Maps a path into a parsed RON value (`units[3].at`, `map.legend['G']`) back to a line and column in
//! the source text, so semantic diagnostics can read `FILE:LINE:COL: message`.
//!
//! A skimmer, not a parser: meant for text that `ron` already accepted; on anything else it is best effort,
//! never panics and never recurses on nesting depth.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::ops::Range;

/// One step of a path into a RON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// A named field of a struct: `name: value`.
    Field(String),
    /// The n-th element (0-based) of a list `[..]`, a tuple `(..)` or the positional arguments of `Name(..)`.
    Index(usize),
    /// The value of the map entry `{ key: value }` whose key, as written in the source, matches.
    /// Match the key token's *content*: for a string key `"abc"` match `abc`; for a char key `'G'` match `G`;
    /// for a bare identifier or number match its text.
    Key(String),
}

/// A position in a source text. `line` and `col` are 1-based; `col` counts chars (not bytes). `offset` is the
/// byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in chars.
    pub col: u32,
    /// Byte offset into the source text (always on a char boundary).
    pub offset: usize,
}

/// Position of a byte offset (clamped to the text length and moved back to a char boundary).
pub fn position_of_offset(src: &str, offset: usize) -> Pos {
    let mut end = offset.min(src.len());
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let before = src.get(..end).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let col = before.get(line_start..).unwrap_or_default().chars().count() + 1;
    let saturate = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Pos { line: saturate(line), col: saturate(col), offset: end }
}

thread_local! {
    /// Bytes the locators of this thread have walked (see [`scanned_bytes`]).
    static SCANNED: Cell<u64> = const { Cell::new(0) };
}

/// How many bytes the locators of this thread have walked so far: listing
/// a compound's members, skipping a preamble, counting the columns of a
/// position. A reader that locates many values through one [`LineIndex`]
/// walks each byte of its file a bounded number of times, which is what
/// tests of linear readers count (instead of timing them).
#[must_use]
pub fn scanned_bytes() -> u64 {
    SCANNED.with(Cell::get)
}

/// Counts `n` bytes walked.
fn scanned(n: usize) {
    SCANNED.with(|c| c.set(c.get().saturating_add(u64::try_from(n).unwrap_or(u64::MAX))));
}

/// The line starts of a text, indexed once, and the members of every
/// compound value a path went through: positions of many paths and
/// offsets without rescanning the text from the top for each (a file's
/// diagnostics, or an orders file's batches and orders, cost one skim of
/// the file, not one each).
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    src: &'a str,
    starts: Vec<usize>,
    /// Where the first value starts, after comments and attributes.
    root: usize,
    compounds: RefCell<Compounds>,
    /// The last position given (offset, column): a later offset on the
    /// same line counts its column from there, so positions given in
    /// order along one long line cost the line once.
    last: Cell<(usize, u32)>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `src`'s line starts.
    #[must_use]
    pub fn new(src: &'a str) -> Self {
        let starts = std::iter::once(0).chain(src.match_indices('\n').map(|(i, _)| i + 1)).collect();
        scanned(src.len());
        let mut sk = Skim::new(src);
        sk.skip_preamble();
        Self { src, starts, root: sk.pos, compounds: RefCell::default(), last: Cell::new((0, 1)) }
    }

    /// Position of a byte offset, as [`position_of_offset`] gives it.
    #[must_use]
    pub fn pos(&self, offset: usize) -> Pos {
        let mut end = offset.min(self.src.len());
        while !self.src.is_char_boundary(end) {
            end -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= end).max(1);
        let start = self.starts[line - 1];
        let (last, last_col) = self.last.get();
        let (from, base) = if last >= start && last <= end { (last, last_col) } else { (start, 1) };
        let chars = self.src.get(from..end).unwrap_or_default().chars().count();
        scanned(end - from);
        let col = u32::try_from(chars).unwrap_or(u32::MAX).saturating_add(base);
        self.last.set((end, col));
        let saturate = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Pos { line: saturate(line), col, offset: end }
    }

    /// [`locate`] through this index.
    #[must_use]
    pub fn locate(&self, path: &[Seg]) -> Pos {
        let root = self.root;
        self.pos(self.skim(|sk| sk.value_offset_from(root, path)))
    }

    /// [`locate_in_string`] through this index.
    #[must_use]
    pub fn locate_in_string(&self, path: &[Seg], chars: usize) -> Pos {
        let root = self.root;
        self.pos(self.skim(|sk| {
            sk.pos = sk.value_offset_from(root, path);
            sk.string_at_cursor(chars)
        }))
    }

    /// Runs `f` on a skimmer that keeps the compounds already listed.
    fn skim(&self, f: impl FnOnce(&mut Skim<'a>) -> usize) -> usize {
        let mut sk = Skim::new(self.src);
        sk.compounds = self.compounds.take();
        let at = f(&mut sk);
        self.compounds.replace(sk.compounds);
        at
    }
}

/// The first key written twice in one map (`{ "a": 1, "a": 2 }`) or one
/// struct of `src`, in file order: the position of its second writing
/// and the key as written. A map deserialized into a `BTreeMap` or a
/// plain value keeps only one of the two, silently; the loader refuses
/// the file instead. One walk of each compound value, each listed once and
/// dropped after, so the cost is the file times its nesting depth.
#[must_use]
pub fn first_duplicate_key(src: &str) -> Option<(Pos, String)> {
    let mut sk = Skim::new(src);
    sk.skip_preamble();
    sk.peek()?;
    let mut stack = vec![sk.pos];
    while let Some(at) = stack.pop() {
        let Some(c) = sk.compound(at).cloned() else { continue };
        sk.compounds.remove(&at);
        if c.named || c.close == b'}' {
            let mut seen = std::collections::BTreeSet::new();
            for (key, _) in &c.members {
                let text = key_text(src.get(key.clone()).unwrap_or_default());
                if !seen.insert(text) {
                    return Some((position_of_offset(src, key.start), text.to_string()));
                }
            }
        }
        stack.extend(c.members.iter().rev().map(|&(_, value)| value));
    }
    None
}

/// Start position of the value at `path` (the first char of the value token: the opening quote of a string, the
/// `(` / `[` / `{` or the first char of an identifier such as a struct/enum name).
///
/// Best effort: if a segment cannot be resolved (missing field, index out of range, malformed text), returns the
/// position of the deepest value that was resolved. For an empty path this is the first value in the file
/// (after whitespace, comments and `#![enable(...)]` attributes); for an empty or blank file it is line 1, col 1.
/// A `Field` or `Key` applied to a single-argument wrapper such as `Some(v)` is applied to `v`.
pub fn locate(src: &str, path: &[Seg]) -> Pos {
    position_of_offset(src, value_offset(src, path))
}

/// Like [`locate`], then moves forward `chars` characters *inside* a string value.
///
/// If the value at `path` is a string literal (`"..."` or raw `r#"..."#`), returns the position of its
/// `chars`-th content char (0-based; an escape such as `\n` or `\u{1F600}` counts as one char of content). If
/// `chars` is past the end, returns the position of the closing quote. If the value is not a string, returns the
/// value's start.
pub fn locate_in_string(src: &str, path: &[Seg], chars: usize) -> Pos {
    position_of_offset(src, string_char_offset(src, path, chars))
}

fn string_char_offset(src: &str, path: &[Seg], chars: usize) -> usize {
    Skim::new(src).string_char_offset(path, chars)
}

fn value_offset(src: &str, path: &[Seg]) -> usize {
    Skim::new(src).value_offset(path)
}

/// The content of a key token as written: quotes stripped from strings and chars, `r#` from raw identifiers.
/// Escapes are not decoded.
fn key_text(tok: &str) -> &str {
    if let (Some(a), Some(b)) = (tok.find('"'), tok.rfind('"'))
        && a < b
    {
        return tok.get(a + 1..b).unwrap_or(tok);
    }
    if let Some(inner) = tok.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
        return inner;
    }
    tok.strip_prefix("r#").unwrap_or(tok)
}

fn is_bare(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-')
}

/// A byte cursor over the source. All syntax it looks for is ASCII, so non-ASCII bytes are only ever skipped.
struct Skim<'a> {
    src: &'a str,
    pos: usize,
    /// The compounds listed so far, by the offset a path step started at.
    compounds: Compounds,
}

/// Compound values (`(..)`, `[..]`, `{..}`) already listed, by the offset
/// of their first token.
type Compounds = BTreeMap<usize, Compound>;

/// A compound value's closing bracket, whether its members are named
/// fields, and its members (key token range, value start).
#[derive(Clone, Debug)]
struct Compound {
    close: u8,
    named: bool,
    members: Vec<(Range<usize>, usize)>,
}

impl<'a> Skim<'a> {
    fn new(src: &'a str) -> Self {
        Skim { src, pos: 0, compounds: Compounds::new() }
    }

    /// See [`locate`]: the start of the value at `path`, or of the deepest
    /// value resolved.
    fn value_offset(&mut self, path: &[Seg]) -> usize {
        self.pos = 0;
        self.skip_preamble();
        let root = self.pos;
        self.value_offset_from(root, path)
    }

    /// [`Skim::value_offset`] with the first value known to start at `root`.
    fn value_offset_from(&mut self, root: usize, path: &[Seg]) -> usize {
        self.pos = root;
        if self.peek().is_none() {
            return 0;
        }
        let mut at = root;
        for seg in path {
            let Some(next) = self.step(at, seg) else { break };
            at = next;
        }
        at
    }

    /// See [`locate_in_string`].
    fn string_char_offset(&mut self, path: &[Seg], chars: usize) -> usize {
        self.pos = self.value_offset(path);
        self.string_at_cursor(chars)
    }

    /// The `chars`-th content char of the string literal at the cursor.
    fn string_at_cursor(&mut self, chars: usize) -> usize {
        if self.peek() != Some(b'\'') {
            self.walk_literal(chars);
        }
        self.pos
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos.saturating_add(n)).copied()
    }

    fn peek(&self) -> Option<u8> {
        self.peek_at(0)
    }

    fn bump(&mut self, n: usize) {
        self.pos = self.pos.saturating_add(n).min(self.src.len());
    }

    /// Advances over one whole char (or one byte if the cursor is not on a char boundary).
    fn bump_char(&mut self) {
        self.bump(self.src.get(self.pos..).and_then(|rest| rest.chars().next()).map_or(1, char::len_utf8));
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.bump(usize::from(hit));
        hit
    }

    /// Skips whitespace, line comments and (nested) block comments.
    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(b), _) if b.is_ascii_whitespace() => self.bump(1),
                (Some(b'/'), Some(b'/')) => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump(1);
                    }
                }
                (Some(b'/'), Some(b'*')) => self.skip_block_comment(),
                _ => return,
            }
        }
    }

    fn skip_block_comment(&mut self) {
        let mut depth = 0usize;
        while self.peek().is_some() {
            match (self.peek(), self.peek_at(1)) {
                (Some(b'/'), Some(b'*')) => depth += 1,
                (Some(b'*'), Some(b'/')) => depth = depth.saturating_sub(1),
                _ => {
                    self.bump(1);
                    continue;
                }
            }
            self.bump(2);
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips trivia and leading inner attributes such as `#![enable(implicit_some)]`.
    fn skip_preamble(&mut self) {
        self.skip_trivia();
        while self.peek() == Some(b'#') && self.peek_at(1) == Some(b'!') {
            self.bump(2);
            self.skip_trivia();
            self.skip_group();
            self.skip_trivia();
        }
    }

    /// Skips one value starting at the cursor (which must be past any trivia).
    fn skip_value(&mut self) {
        if self.peek() == Some(b'b') && matches!(self.peek_at(1), Some(b'"' | b'\'')) {
            self.bump(1);
        }
        if self.skip_literal() {
            return;
        }
        match self.peek() {
            Some(b'(' | b'[' | b'{') => self.skip_group(),
            Some(b) if is_bare(b) => {
                self.skip_bare();
                let after = self.pos;
                self.skip_trivia();
                if self.peek() == Some(b'(') {
                    self.skip_group();
                } else {
                    self.pos = after;
                }
            }
            Some(_) => self.bump_char(),
            None => {}
        }
    }

    /// Skips a bare token (identifier, number, raw identifier `r#name`).
    fn skip_bare(&mut self) {
        if self.peek() == Some(b'r') && self.peek_at(1) == Some(b'#') {
            self.bump(2);
        }
        while self.peek().is_some_and(is_bare) {
            self.bump(1);
        }
    }

    /// Skips a balanced `(..)`, `[..]` or `{..}` group, stepping over literals and comments as units.
    fn skip_group(&mut self) {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            if self.skip_literal() {
                continue;
            }
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                b'/' if matches!(self.peek_at(1), Some(b'/' | b'*')) => {
                    self.skip_trivia();
                    continue;
                }
                _ => {}
            }
            self.bump(1);
            if depth == 0 {
                return;
            }
        }
    }

    /// Skips a string or char literal at the cursor, if there is one.
    fn skip_literal(&mut self) -> bool {
        let close_len = self.walk_literal(usize::MAX);
        self.bump(close_len.unwrap_or(0));
        close_len.is_some()
    }

    /// If a literal (`"..."`, `'.'`, `r#"..."#`) starts at the cursor: moves to its `chars`-th content char or to
    /// its closing delimiter, whichever comes first, and returns the closing delimiter's length.
    fn walk_literal(&mut self, mut chars: usize) -> Option<usize> {
        let (quote, hashes, escapes) = match self.raw_string_prefix() {
            Some((prefix, hashes)) => {
                self.bump(prefix);
                (b'"', hashes, false)
            }
            None => {
                let quote = self.peek().filter(|b| matches!(b, b'"' | b'\''))?;
                self.bump(1);
                (quote, 0, true)
            }
        };
        while let Some(b) = self.peek() {
            if chars == 0 || (b == quote && (1..=hashes).all(|i| self.peek_at(i) == Some(b'#'))) {
                break;
            }
            if chars == usize::MAX && b != quote && !(escapes && b == b'\\') {
                // Skipping the whole literal: jump over plain bytes to the
                // next quote or backslash (ASCII, so a char boundary).
                let rest = self.src.as_bytes().get(self.pos..).unwrap_or_default();
                let n = rest.iter().position(|&c| c == quote || c == b'\\').unwrap_or(rest.len());
                self.bump(n.max(1));
                continue;
            }
            if escapes && b == b'\\' {
                self.skip_escape()
            } else {
                self.bump_char()
            }
            chars -= 1;
        }
        Some(hashes + 1)
    }

    /// Skips one escape sequence (`\n`, `\"`, `\x41`, `\u{1F600}`, `\u00e9`) starting at the backslash.
    fn skip_escape(&mut self) {
        self.bump(1);
        let max_hex = match self.peek() {
            Some(b'u') => 4,
            Some(b'x') => 2,
            _ => 0,
        };
        self.bump_char();
        if max_hex == 4 && self.eat(b'{') {
            while !matches!(self.peek(), None | Some(b'}' | b'"')) {
                self.bump(1);
            }
            self.eat(b'}');
            return;
        }
        let digits = (0..max_hex).take_while(|&i| self.peek_at(i).is_some_and(|b| b.is_ascii_hexdigit())).count();
        self.bump(digits);
    }

    /// If a raw string (`r"`, `r#"`, `br##"` ...) starts at the cursor: its opening delimiter's length and its
    /// number of `#`s.
    fn raw_string_prefix(&self) -> Option<(usize, usize)> {
        let r = usize::from(self.peek() == Some(b'b'));
        if self.peek_at(r) != Some(b'r') {
            return None;
        }
        let hashes = (r + 1..).take_while(|&i| self.peek_at(i) == Some(b'#')).count();
        (self.peek_at(r + 1 + hashes) == Some(b'"')).then_some((r + hashes + 2, hashes))
    }

    /// Resolves one segment from the value starting at `at`, looking through a `Some(v)`-style wrapper for
    /// `Field` and `Key` segments.
    fn step(&mut self, at: usize, seg: &Seg) -> Option<usize> {
        let found = self.apply(at, seg);
        if found.is_some() || matches!(seg, Seg::Index(_)) {
            return found;
        }
        let inner = self.sole_positional(at)?;
        self.apply(inner, seg)
    }

    fn apply(&mut self, at: usize, seg: &Seg) -> Option<usize> {
        let src = self.src;
        let c = self.compound(at)?;
        let find = |wanted: &str| {
            c.members.iter().find(|(key, _)| key_text(src.get(key.clone()).unwrap_or_default()) == wanted)
        };
        match seg {
            Seg::Index(i) if c.close == b']' || (c.close == b')' && !c.named) => c.members.get(*i),
            Seg::Field(name) if c.named => find(name),
            Seg::Key(key) if c.close == b'}' || c.named => find(key),
            _ => None,
        }
        .map(|&(_, value)| value)
    }

    /// The compound value at `at`, listed once and then kept.
    fn compound(&mut self, at: usize) -> Option<&Compound> {
        if !self.compounds.contains_key(&at) {
            let close = self.open(at)?;
            let named = close == b')' && self.named();
            let members = self.members(close, named || close == b'}');
            scanned(self.pos.saturating_sub(at));
            self.compounds.insert(at, Compound { close, named, members });
        }
        self.compounds.get(&at)
    }

    /// The only argument of a positional `Name(v)` / `(v)`, if there is exactly one.
    fn sole_positional(&mut self, at: usize) -> Option<usize> {
        match self.compound(at)? {
            Compound { close: b')', named: false, members } => match members.as_slice() {
                [(_, only)] => Some(*only),
                _ => None,
            },
            _ => None,
        }
    }

    /// Moves past the opening bracket of the compound at `at` (after an optional name) and returns the matching
    /// closing bracket.
    fn open(&mut self, at: usize) -> Option<u8> {
        self.pos = at;
        if self.peek().is_some_and(is_bare) {
            self.skip_bare();
            self.skip_trivia();
        }
        let close = match self.peek()? {
            b'(' => b')',
            b'[' if self.pos == at => b']',
            b'{' if self.pos == at => b'}',
            _ => return None,
        };
        self.bump(1);
        Some(close)
    }

    /// Whether the `(..)` content at the cursor starts with `ident :` (named fields). Does not move the cursor.
    fn named(&mut self) -> bool {
        let saved = self.pos;
        self.skip_trivia();
        let mut named = false;
        if self.peek().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_') {
            self.skip_bare();
            self.skip_trivia();
            named = self.peek() == Some(b':') && self.peek_at(1) != Some(b':');
        }
        self.pos = saved;
        named
    }

    /// The members up to `close`: each one's key token range (empty unless `keyed`) and value start.
    fn members(&mut self, close: u8, keyed: bool) -> Vec<(Range<usize>, usize)> {
        let mut out = Vec::new();
        loop {
            self.skip_trivia();
            if self.peek().is_none_or(|b| b == close) {
                return out;
            }
            let mut key = self.pos..self.pos;
            if keyed {
                self.skip_value();
                key.end = self.pos;
                self.skip_trivia();
                if !self.eat(b':') {
                    return out;
                }
                self.skip_trivia();
            }
            out.push((key, self.pos));
            self.skip_value();
            self.skip_trivia();
            if !self.eat(b',') {
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"// a comment
#![enable(implicit_some)]
Scenario(
    title: "x, (not a paren",
    map: (
        blocks: [
            (origin: "a1", terrain: [
                ". . ~",
                " . j .",
            ]),
        ],
        legend: { 'G': "germany", 'R': "russia" },
    ),
    /* block /* nested */ comment */
    units: [
        (id: "ger-4pz", nation: "germany", kind: "arm", at: "zz99"),
        (id: "sov-1", nation: "russia", kind: "inf", at: "c4", supply_as: Some("x")),
    ],
)
"#;

    /// Parses a test path such as `units[1].at` or `map.legend['R']` (quoted brackets are keys).
    fn p(path: &str) -> Vec<Seg> {
        let seg = |s: &str| match s.strip_suffix(']') {
            Some(n) => n.parse().map_or_else(|_| Seg::Key(n.trim_matches(['\'', '"']).to_string()), Seg::Index),
            None => Seg::Field(s.to_string()),
        };
        path.split(['.', '[']).filter(|s| !s.is_empty()).map(seg).collect()
    }

    /// Asserts line/col and that the text at the reported offset starts with `text`.
    fn check(src: &str, pos: Pos, line: u32, col: u32, text: &str) {
        assert_eq!((pos.line, pos.col), (line, col), "at {:?}", src.get(pos.offset..));
        assert!(src.get(pos.offset..).is_some_and(|rest| rest.starts_with(text)), "{pos:?} is not at {text:?}");
    }

    #[test]
    fn nested_fields_and_indices() {
        check(SAMPLE, locate(SAMPLE, &[]), 3, 1, "Scenario(");
        check(SAMPLE, locate(SAMPLE, &p("title")), 4, 12, "\"x, (not");
        check(SAMPLE, locate(SAMPLE, &p("units[0].at")), 16, 61, "\"zz99\"");
        check(SAMPLE, locate(SAMPLE, &p("units[1].id")), 17, 14, "\"sov-1\"");
        check(SAMPLE, locate(SAMPLE, &p("map.blocks[0].terrain[1]")), 9, 17, "\" . j .\"");
        check(SAMPLE, locate(SAMPLE, &p("map.legend['R']")), 12, 40, "\"russia\"");
        check(SAMPLE, locate(SAMPLE, &p("units[1].supply_as")), 17, 75, "Some(\"x\")");
        check(SAMPLE, locate(SAMPLE, &p("units[1].supply_as[0]")), 17, 80, "\"x\")");
    }

    #[test]
    fn in_string_positions() {
        let row = p("map.blocks[0].terrain[1]");
        check(SAMPLE, locate_in_string(SAMPLE, &row, 3), 9, 21, "j .\"");
        check(SAMPLE, locate_in_string(SAMPLE, &row, 99), 9, 24, "\",");
        check(SAMPLE, locate_in_string(SAMPLE, &p("units"), 2), 15, 12, "[");
        let src = r##"(s: "a\n\u{1F600}\"b", r: r#"x"y"#)"##;
        check(src, locate_in_string(src, &p("s"), 3), 1, 18, "\\\"b");
        check(src, locate_in_string(src, &p("s"), 4), 1, 20, "b\"");
        check(src, locate_in_string(src, &p("r"), 2), 1, 32, "y\"#");
    }

    #[test]
    fn unresolved_segments_fall_back_to_deepest_value() {
        check(SAMPLE, locate(SAMPLE, &p("units[1].nope.deeper")), 17, 9, "(id: \"sov-1\"");
        check(SAMPLE, locate(SAMPLE, &p("units[5].id")), 15, 12, "[");
        check(SAMPLE, locate(SAMPLE, &p("map.legend['X']")), 12, 17, "{ 'G'");
        check(SAMPLE, locate(SAMPLE, &p("title[0]")), 4, 12, "\"x, (");
    }

    #[test]
    fn empty_and_blank_files() {
        for src in ["", "  \n\n", "// only a comment\n/* and /* more */ */\n", "#![enable(implicit_some)]\n"] {
            assert_eq!(locate(src, &p("x[2]")), Pos { line: 1, col: 1, offset: 0 });
            assert_eq!(locate_in_string(src, &[], 3), Pos { line: 1, col: 1, offset: 0 });
        }
    }

    #[test]
    fn tricky_strings_and_chars() {
        let src = "(a: \"x)]// \\\"y\", b: [r#\"he said \"hi\"]\"#, ')', '\\'', '\"'], c: b\"]\", d: 1, e: '\\u{1F600}', g: 2)";
        check(src, locate(src, &p("b[1]")), 1, 42, "')'");
        check(src, locate(src, &p("b[2]")), 1, 47, "'\\''");
        check(src, locate(src, &p("b[3]")), 1, 53, "'\"'");
        check(src, locate(src, &p("c")), 1, 62, "b\"]\"");
        check(src, locate(src, &p("d")), 1, 71, "1,");
        check(src, locate(src, &p("e")), 1, 77, "'\\u{1F600}'");
        check(src, locate(src, &p("g")), 1, 93, "2)");
    }

    #[test]
    fn wrappers_positional_and_key_forms() {
        let src = "(side: Some((axis: \"north\")), flag: Flag(\"x\", 3), m: Some({\"abc\": 1, 12: 2, r#type: 3}))";
        check(src, locate(src, &p("side.axis")), 1, 20, "\"north\"");
        check(src, locate(src, &p("side[0]")), 1, 13, "(axis");
        check(src, locate(src, &p("flag[1]")), 1, 47, "3)");
        check(src, locate(src, &p("m['abc']")), 1, 67, "1,");
        check(src, locate(src, &p("m['12']")), 1, 74, "2,");
        check(src, locate(src, &p("m['type']")), 1, 85, "3}");
        let tuple = "((1, 2), (3, /* ) */ [4, 5]))";
        check(tuple, locate(tuple, &p("[1][1][1]")), 1, 26, "5]");
    }

    #[test]
    fn columns_count_chars_not_bytes() {
        let src = "(title: \"Überfall ☃\", at: \"b2\")";
        let pos = locate(src, &p("at"));
        check(src, pos, 1, 27, "\"b2\"");
        assert_eq!(pos.offset, 29);
        check(src, locate_in_string(src, &p("title"), 9), 1, 19, "☃");
        assert_eq!(position_of_offset(src, 10), position_of_offset(src, 9));
        assert_eq!(position_of_offset(src, 10_000).offset, src.len());
    }

    #[test]
    fn truncated_sources_never_panic() {
        let paths = ["units[1].supply_as.x", "map.blocks[0].terrain[1]", "map.legend['G']", "title"].map(p);
        let src = format!("{SAMPLE}(t: \"Überfall ☃\\u{{1F600}}\", r: r##\"a\"#b\"##, c: '\\'')");
        for (cut, _) in src.char_indices() {
            let prefix = src.get(..cut).unwrap_or_default();
            for path in &paths {
                let pos = locate(prefix, path);
                assert!(pos.offset <= prefix.len());
                assert!(locate_in_string(prefix, path, 4).offset <= prefix.len());
            }
        }
    }

    #[test]
    fn an_index_keeps_its_compounds_and_finds_what_a_fresh_skim_finds() {
        let paths = [
            "",
            "title",
            "map.blocks[0].terrain[1]",
            "map.legend['G']",
            "map.legend['R']",
            "units[0].at",
            "units[1].supply_as",
            "units[1].nope.deeper",
            "units[5].id",
            "map.blocks[0].origin",
            "units[1].at",
        ]
        .map(p);
        for cut in [SAMPLE.len(), SAMPLE.len() / 2, SAMPLE.len() / 3] {
            let src = SAMPLE.get(..cut).unwrap_or_default();
            let index = LineIndex::new(src);
            // Twice through: the second pass reads only kept compounds.
            for path in paths.iter().chain(paths.iter().rev()) {
                assert_eq!(index.locate(path), locate(src, path), "{path:?} in the first {cut} bytes");
                assert_eq!(index.locate_in_string(path, 2), locate_in_string(src, path, 2), "{path:?}");
            }
            assert!(!index.compounds.borrow().is_empty() || cut < SAMPLE.len(), "the compounds were kept");
        }
    }
}
