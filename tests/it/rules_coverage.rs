//! Keeps `docs/rules-coverage.md` true to the rule index and to the tests.
//!
//! - The repository's index of the rule texts, `docs/rules/index.ron`, lists
//!   every paragraph id (`SUP-001`, ...) of the four rule families, each
//!   once, in order, with a summary of ours.
//! - Every id of the index is listed in exactly one row of the document, and
//!   the document lists no id the index does not; each family's rows sit
//!   under that family's heading (`## title (PREFIX)`).
//! - Every row's status is one of the legend's: implemented, untested,
//!   planned, out of scope, heading. A planned row names its issue
//!   (`planned: issue N`).
//! - An implemented row cites tests; any other row cites none. A citation is
//!   `file::function` (a `#[test]` in `tests/it/file.rs`, or in
//!   `crates/*/tests/it/file.rs`) or `crate::module::tests::function` (a unit
//!   test in `crates/crate/src/module.rs`), and the test must exist.
//! - Rows that are untested, or implemented with a gap ("see Gaps"), are
//!   exactly the ids of the bullets under `### Gaps`.
//! - Issue 3 is done: nothing is "planned: issue 3" any more.
//!
//! The rule texts themselves live beside the workspace (`../shared/rules`,
//! as CI lays them out), not in it. Where they are present, the index is
//! checked against them; where they are not, that one check says so and
//! skips, and every other check still runs on the index alone.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

const DOC: &str = "docs/rules-coverage.md";

/// The statuses of the document's legend.
const STATUSES: [&str; 5] = ["implemented", "untested", "planned", "out of scope", "heading"];

/// An empty cell.
const NONE: &str = "—";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

// ------------------------------------------------------------------- ids

/// A paragraph id such as `SUP-066`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Id {
    prefix: String,
    number: u16,
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:03}", self.prefix, self.number)
    }
}

/// Three digits, exactly.
fn number(s: &str) -> Option<u16> {
    (s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

/// `SUP-066`: upper-case letters, a hyphen, three digits.
fn parse_id(s: &str) -> Option<Id> {
    let (prefix, n) = s.trim().split_once('-')?;
    if prefix.len() < 2 || !prefix.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    Some(Id { prefix: prefix.to_string(), number: number(n)? })
}

/// A list of ids and ranges: `SUP-018, SUP-020`, `SUP-066..131`,
/// `SUP-114..SUP-117`.
fn parse_ids(cell: &str) -> Result<Vec<Id>, String> {
    let mut out = Vec::new();
    for part in cell.split(',').map(str::trim) {
        let Some((from, to)) = part.split_once("..") else {
            out.push(parse_id(part).ok_or_else(|| format!("`{part}` is not an id"))?);
            continue;
        };
        let first = parse_id(from).ok_or_else(|| format!("`{from}` is not an id"))?;
        let last = if to.contains('-') {
            parse_id(to).ok_or_else(|| format!("`{to}` is not an id"))?
        } else {
            Id { prefix: first.prefix.clone(), number: number(to).ok_or_else(|| format!("`{to}` is not a number"))? }
        };
        if last.prefix != first.prefix || last.number <= first.number {
            return Err(format!("`{part}` is not a range"));
        }
        out.extend((first.number..=last.number).map(|number| Id { prefix: first.prefix.clone(), number }));
    }
    Ok(out)
}

// ------------------------------------------------------------ the index

const INDEX: &str = "docs/rules/index.ron";

/// A value of the RON subset the index is written in: strings, lists, and
/// structs with named fields.
#[derive(Debug, PartialEq)]
enum Ron {
    Str(String),
    List(Vec<Ron>),
    Struct(Vec<(String, Ron)>),
}

/// A token of that subset.
#[derive(Debug, PartialEq)]
enum Token {
    Punct(char),
    Ident(String),
    Str(String),
}

/// The body of a string whose opening `"` has been read: `\"` and `\\` are
/// the only escapes.
fn string_token(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<String, String> {
    let mut out = String::new();
    loop {
        match chars.next() {
            None | Some('\n') => return Err("a string runs past its line".to_string()),
            Some('"') => return Ok(out),
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => out.push(c),
                other => return Err(format!("unknown escape `\\{}`", other.unwrap_or(' '))),
            },
            Some(c) => out.push(c),
        }
    }
}

/// Skips the rest of a line (a comment).
fn skip_line(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while chars.next_if(|&n| n != '\n').is_some() {}
}

/// Splits RON text into tokens, skipping white space and `//` comments.
fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            _ if c.is_whitespace() => {}
            '/' if chars.peek() == Some(&'/') => skip_line(&mut chars),
            '(' | ')' | '[' | ']' | ':' | ',' => out.push(Token::Punct(c)),
            '"' => out.push(Token::Str(string_token(&mut chars)?)),
            _ if c.is_ascii_lowercase() || c == '_' => {
                let mut name = c.to_string();
                while let Some(n) = chars.next_if(|n| n.is_ascii_alphanumeric() || *n == '_') {
                    name.push(n);
                }
                out.push(Token::Ident(name));
            }
            _ => return Err(format!("unexpected `{c}`")),
        }
    }
    Ok(out)
}

/// Reads one value from `tokens` at `*at`.
fn ron_value(tokens: &[Token], at: &mut usize) -> Result<Ron, String> {
    let token = tokens.get(*at).ok_or("the text ends where a value should be")?;
    *at += 1;
    match token {
        Token::Str(s) => Ok(Ron::Str(s.clone())),
        Token::Punct('[') => ron_items(tokens, at, ']', ron_value).map(Ron::List),
        Token::Punct('(') => ron_items(tokens, at, ')', ron_field).map(Ron::Struct),
        other => Err(format!("{other:?} where a value should be")),
    }
}

/// `name: value`.
fn ron_field(tokens: &[Token], at: &mut usize) -> Result<(String, Ron), String> {
    let Some(Token::Ident(name)) = tokens.get(*at) else {
        return Err(format!("{:?} where a field name should be", tokens.get(*at)));
    };
    if tokens.get(*at + 1) != Some(&Token::Punct(':')) {
        return Err(format!("no `:` after field `{name}`"));
    }
    *at += 2;
    Ok((name.clone(), ron_value(tokens, at)?))
}

/// Comma-separated items up to `close` (a trailing comma allowed).
fn ron_items<T>(
    tokens: &[Token],
    at: &mut usize,
    close: char,
    item: impl Fn(&[Token], &mut usize) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    loop {
        if tokens.get(*at) == Some(&Token::Punct(close)) {
            *at += 1;
            return Ok(out);
        }
        out.push(item(tokens, at)?);
        match tokens.get(*at) {
            Some(Token::Punct(',')) => *at += 1,
            Some(Token::Punct(c)) if *c == close => {}
            other => return Err(format!("{other:?} where `,` or `{close}` should be")),
        }
    }
}

/// Parses a whole RON document of the subset.
fn parse_ron(text: &str) -> Result<Ron, String> {
    let tokens = tokens(text)?;
    let mut at = 0;
    let value = ron_value(&tokens, &mut at)?;
    match tokens.get(at) {
        None => Ok(value),
        Some(t) => Err(format!("{t:?} after the end of the document")),
    }
}

impl Ron {
    /// The fields of a struct, each exactly as named in `names`.
    fn fields<const N: usize>(&self, names: [&str; N]) -> Result<[&Ron; N], String> {
        let Ron::Struct(fields) = self else { return Err(format!("{self:?} is not a struct")) };
        let got: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
        if got != names {
            return Err(format!("fields {got:?}, expected {names:?}"));
        }
        let values: Vec<&Ron> = fields.iter().map(|(_, v)| v).collect();
        values.try_into().map_err(|_| "field count".to_string())
    }

    fn str(&self) -> Result<&str, String> {
        match self {
            Ron::Str(s) => Ok(s),
            other => Err(format!("{other:?} is not a string")),
        }
    }

    fn list(&self) -> Result<&[Ron], String> {
        match self {
            Ron::List(l) => Ok(l),
            other => Err(format!("{other:?} is not a list")),
        }
    }
}

/// A rule family of the index: one rule text.
struct Family {
    prefix: String,
    title: String,
    /// The text's file name in `../shared/rules/`.
    file: String,
    /// Its paragraph ids, in order, with their summaries.
    paragraphs: Vec<(Id, String)>,
}

/// One paragraph of family `prefix`: an id of that prefix and a summary.
fn paragraph(value: &Ron, prefix: &str) -> Result<(Id, String), String> {
    let [id, summary] = value.fields(["id", "summary"])?;
    let id = id.str()?;
    let id = parse_id(id).filter(|i| i.prefix == prefix).ok_or_else(|| format!("`{id}` is not an id of {prefix}"))?;
    let summary = summary.str()?.trim().to_string();
    if summary.is_empty() {
        return Err(format!("{id} has no summary"));
    }
    Ok((id, summary))
}

/// One family of the index, its ids checked: well formed, of the family's
/// prefix, strictly increasing, each with a summary.
fn family(value: &Ron) -> Result<Family, String> {
    let [prefix, title, source, file, paragraphs] =
        value.fields(["prefix", "title", "source", "file", "paragraphs"])?;
    let (prefix, title, file) = (prefix.str()?.to_string(), title.str()?.to_string(), file.str()?.to_string());
    if title.is_empty() || source.str()?.is_empty() || !file.ends_with(".md") {
        return Err(format!("{prefix}: a family needs a title, a source and a `.md` file"));
    }
    let mut out = Family { prefix, title, file, paragraphs: Vec::new() };
    for p in paragraphs.list()? {
        let (id, summary) = paragraph(p, &out.prefix)?;
        if out.paragraphs.last().is_some_and(|(last, _)| *last >= id) {
            return Err(format!("{id} is out of order or listed twice"));
        }
        out.paragraphs.push((id, summary));
    }
    if out.paragraphs.is_empty() {
        return Err(format!("{}: no paragraphs", out.prefix));
    }
    Ok(out)
}

/// The families of an index text, with distinct prefixes.
fn parse_index(text: &str) -> Result<Vec<Family>, String> {
    let root = parse_ron(text)?;
    let [families] = root.fields(["families"])?;
    let families = families.list()?.iter().map(family).collect::<Result<Vec<_>, _>>()?;
    let prefixes: BTreeSet<&str> = families.iter().map(|f| f.prefix.as_str()).collect();
    if prefixes.len() != families.len() || families.is_empty() {
        return Err("the families' prefixes are not distinct".to_string());
    }
    Ok(families)
}

/// The families of `docs/rules/index.ron`.
fn index() -> Vec<Family> {
    parse_index(&read(&root().join(INDEX))).unwrap_or_else(|e| panic!("{INDEX}: {e}"))
}

/// The paragraph ids the index lists, with the rule text of each.
fn rule_ids() -> BTreeMap<Id, String> {
    index().into_iter().flat_map(|f| f.paragraphs.into_iter().map(move |(id, _)| (id, f.file.clone()))).collect()
}

// ------------------------------------------------------------ the rule texts

/// The rule texts beside the workspace, if they are there.
fn texts_dir() -> Option<PathBuf> {
    Some(root().join("../shared/rules")).filter(|d| d.is_dir())
}

/// The paragraph ids each rule text in `dir` defines (a line that starts
/// with the id in bold: `**SUP-001** ...`), by file name.
fn text_ids(dir: &Path) -> BTreeMap<String, BTreeSet<Id>> {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())).path())
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no rule texts (*.md) in {}", dir.display());
    let mut out: BTreeMap<String, BTreeSet<Id>> = BTreeMap::new();
    let mut seen: BTreeMap<Id, String> = BTreeMap::new();
    for file in &files {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for (i, line) in read(file).lines().enumerate() {
            let Some(inner) = line.strip_prefix("**").and_then(|r| r.split_once("**")).map(|(id, _)| id) else {
                continue;
            };
            let Some((prefix, _)) = inner.split_once('-') else { continue };
            if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_uppercase()) {
                continue;
            }
            let id = parse_id(inner).unwrap_or_else(|| panic!("{name}:{}: `{inner}` is not an id like SUP-001", i + 1));
            if let Some(other) = seen.insert(id.clone(), name.clone()) {
                panic!("{id} is defined twice ({other} and {name})");
            }
            out.entry(name.clone()).or_default().insert(id);
        }
    }
    out
}

/// How the index differs from the texts' ids, family by family (a family is
/// one text file).
fn index_vs_texts(index: &[Family], texts: &BTreeMap<String, BTreeSet<Id>>) -> Vec<String> {
    let mut problems = Vec::new();
    let files: BTreeSet<&String> = index.iter().map(|f| &f.file).chain(texts.keys()).collect();
    for file in files {
        let listed: BTreeSet<Id> = index
            .iter()
            .filter(|f| f.file == *file)
            .flat_map(|f| f.paragraphs.iter().map(|(id, _)| id.clone()))
            .collect();
        let defined = texts.get(file).cloned().unwrap_or_default();
        let missing: Vec<String> = defined.difference(&listed).map(Id::to_string).collect();
        let stray: Vec<String> = listed.difference(&defined).map(Id::to_string).collect();
        if !missing.is_empty() {
            problems.push(format!("{file}: defined by the text, not in {INDEX}: {}", missing.join(", ")));
        }
        if !stray.is_empty() {
            problems.push(format!("{file}: in {INDEX}, not defined by the text: {}", stray.join(", ")));
        }
    }
    problems
}

// ------------------------------------------------------------ the document

/// A row of one of the document's tables.
struct Row {
    /// Line number in the document.
    line: usize,
    /// The ids cell, as written.
    ids_cell: String,
    ids: Vec<Id>,
    status: String,
    /// The third column: where, or the reason.
    details: String,
    /// The tests column, if the table has one.
    tests: Option<String>,
}

impl Row {
    fn at(&self) -> String {
        format!("{DOC}:{} ({})", self.line, self.ids_cell)
    }

    /// The legend's status this row has, if any.
    fn kind(&self) -> Option<&'static str> {
        STATUSES
            .into_iter()
            .find(|s| self.status.strip_prefix(s).is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric())))
    }

    /// The row points to the Gaps section.
    fn has_gap(&self) -> bool {
        self.kind() == Some("untested") || self.status.contains("see Gaps")
    }
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}

fn doc_text() -> String {
    read(&root().join(DOC))
}

/// Every row of every table whose header starts `| ids | status |`.
fn rows(text: &str) -> Vec<Row> {
    let mut out = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for (i, line) in text.lines().enumerate() {
        if !line.trim_start().starts_with('|') {
            header = None;
            continue;
        }
        let c = cells(line);
        let Some(h) = &header else {
            header = Some(c.iter().map(|s| s.to_lowercase()).collect());
            continue;
        };
        if c.iter().all(|s| !s.is_empty() && s.chars().all(|ch| ch == '-' || ch == ':')) {
            continue;
        }
        if h.first().map(String::as_str) != Some("ids") || h.get(1).map(String::as_str) != Some("status") {
            continue;
        }
        assert_eq!(c.len(), h.len(), "{DOC}:{}: {} cells under a header of {}", i + 1, c.len(), h.len());
        let tests = h.iter().position(|x| x == "tests").map(|k| c[k].clone());
        let ids = parse_ids(&c[0]).unwrap_or_else(|e| panic!("{DOC}:{}: {e}", i + 1));
        out.push(Row {
            line: i + 1,
            ids_cell: c[0].clone(),
            ids,
            status: c[1].clone(),
            details: c.get(2).cloned().unwrap_or_default(),
            tests,
        });
    }
    assert!(!out.is_empty(), "{DOC} has no `| ids | status | ...` table");
    out
}

/// The ids of the bullets under `### Gaps`: `- SUP-096..100, SUP-102: ...`.
fn gap_ids(text: &str) -> BTreeSet<Id> {
    let mut out = BTreeSet::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            inside = line.trim() == "### Gaps";
            continue;
        }
        let Some(bullet) = line.strip_prefix("- ").filter(|_| inside) else { continue };
        let (ids, _) = bullet.split_once(':').unwrap_or_else(|| panic!("{DOC}:{}: a gap is `- ids: what`", i + 1));
        out.extend(parse_ids(ids).unwrap_or_else(|e| panic!("{DOC}:{}: {e}", i + 1)));
    }
    out
}

// ----------------------------------------------------------------- citations

/// The backticked citations of a tests cell, or why the cell is malformed.
fn citations(cell: &str) -> Result<Vec<String>, String> {
    if cell == NONE {
        return Ok(Vec::new());
    }
    cell.split(", ")
        .map(|c| {
            c.strip_prefix('`')
                .and_then(|c| c.strip_suffix('`'))
                .filter(|c| !c.is_empty() && !c.contains('`'))
                .map(str::to_string)
                .ok_or_else(|| format!("`{c}` is not one backticked citation (cite tests as `a::b`, comma-separated)"))
        })
        .collect()
}

/// The file a citation points into, and whether the test must sit in a
/// `mod tests`.
fn cited_file(citation: &str) -> Result<(PathBuf, bool), String> {
    let parts: Vec<&str> = citation.split("::").collect();
    let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !parts.iter().all(|p| ok(p)) {
        return Err(format!("`{citation}`: not a path of lower-case names"));
    }
    match parts.as_slice() {
        [file, _] => {
            let it = root().join("tests").join("it");
            if let Some(direct) =
                [it.join(format!("{file}.rs")), it.join(file).join("mod.rs")].into_iter().find(|p| p.is_file())
            {
                return Ok((direct, false));
            }
            let crates = root().join("crates");
            let mut found: Vec<PathBuf> = fs::read_dir(&crates)
                .map_err(|e| format!("cannot list {}: {e}", crates.display()))?
                .filter_map(Result::ok)
                .map(|e| e.path().join("tests").join("it").join(format!("{file}.rs")))
                .filter(|p| p.is_file())
                .collect();
            found.sort();
            match found.as_slice() {
                [one] => Ok((one.clone(), false)),
                [] => Err(format!("`{citation}`: no tests/it/{file}.rs, nor crates/*/tests/it/{file}.rs")),
                _ => Err(format!("`{citation}`: several files crates/*/tests/it/{file}.rs")),
            }
        }
        [krate, module, "tests", _] => {
            let src = root().join("crates").join(krate).join("src");
            let file = [src.join(format!("{module}.rs")), src.join(module).join("mod.rs")]
                .into_iter()
                .find(|p| p.is_file())
                .ok_or_else(|| format!("`{citation}`: no crates/{krate}/src/{module}.rs"))?;
            Ok((file, true))
        }
        _ => Err(format!("`{citation}`: cite `file::function` or `crate::module::tests::function`")),
    }
}

/// Whether `source` has a `#[test] fn name(` (after a `mod tests` if
/// `in_tests_mod`).
fn has_test(source: &str, name: &str, in_tests_mod: bool) -> bool {
    let lines: Vec<&str> = source.lines().collect();
    let start = if in_tests_mod {
        match lines.iter().position(|l| l.trim_start().starts_with("mod tests")) {
            Some(k) => k,
            None => return false,
        }
    } else {
        0
    };
    let signature = format!("fn {name}(");
    (start..lines.len()).any(|k| {
        lines[k].trim_start().starts_with(&signature)
            && lines[..k]
                .iter()
                .rev()
                .map(|l| l.trim())
                .take_while(|l| l.starts_with('#') || l.starts_with("//"))
                .any(|l| l == "#[test]")
    })
}

// -------------------------------------------------------------------- tests

/// Every id of the rule index is in exactly one row, and every id of the
/// document is one of the index's.
#[test]
fn every_rule_id_is_listed_once() {
    let defined = rule_ids();
    let rows = rows(&doc_text());
    let mut listed: BTreeMap<&Id, Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        for id in &r.ids {
            listed.entry(id).or_default().push(r);
        }
    }
    let mut problems = Vec::new();
    for (id, file) in &defined {
        match listed.get(id).map(Vec::as_slice) {
            None | Some([]) => problems.push(format!("{id} ({file}) is in no row")),
            Some([_]) => {}
            Some(many) => {
                let at: Vec<String> = many.iter().map(|r| r.at()).collect();
                problems.push(format!("{id} is in several rows: {}", at.join(", ")));
            }
        }
    }
    for (id, rs) in &listed {
        if !defined.contains_key(*id) {
            problems.push(format!("{}: {id} is not a paragraph of {INDEX}", rs[0].at()));
        }
    }
    assert!(problems.is_empty(), "{DOC} does not match {INDEX}:\n{}", problems.join("\n"));
}

/// Statuses are the legend's; implemented rows cite tests, other rows none;
/// rows that are not implemented say why or where.
#[test]
fn statuses_follow_the_legend() {
    let mut problems = Vec::new();
    for r in rows(&doc_text()) {
        let Some(kind) = r.kind() else {
            problems.push(format!("{}: status `{}` is none of {STATUSES:?}", r.at(), r.status));
            continue;
        };
        let tests = r.tests.as_deref().unwrap_or(NONE);
        match kind {
            "implemented" if tests.is_empty() || tests == NONE => {
                problems.push(format!("{}: implemented, but no test is cited", r.at()));
            }
            "implemented" => {}
            _ if tests != NONE => problems.push(format!("{}: {kind}, yet tests are cited: {tests}", r.at())),
            _ => {}
        }
        if kind != "implemented" && kind != "heading" && (r.details.is_empty() || r.details == NONE) {
            problems.push(format!("{}: {kind} without a reason or a place", r.at()));
        }
    }
    assert!(problems.is_empty(), "{DOC}:\n{}", problems.join("\n"));
}

/// Every cited test exists, as a `#[test]` function of the file the citation
/// names.
#[test]
fn cited_tests_exist() {
    let mut sources: BTreeMap<PathBuf, String> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut count = 0;
    for r in rows(&doc_text()) {
        let Some(cell) = &r.tests else { continue };
        let list = match citations(cell) {
            Ok(list) => list,
            Err(e) => {
                problems.push(format!("{}: {e}", r.at()));
                continue;
            }
        };
        for c in list {
            count += 1;
            let (file, in_tests_mod) = match cited_file(&c) {
                Ok(f) => f,
                Err(e) => {
                    problems.push(format!("{}: {e}", r.at()));
                    continue;
                }
            };
            let name = c.rsplit("::").next().unwrap_or_default();
            let source = sources.entry(file.clone()).or_insert_with(|| read(&file));
            if !has_test(source, name, in_tests_mod) {
                let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
                problems.push(format!("{}: `{c}`: no #[test] fn {name} in {rel}", r.at()));
            }
        }
    }
    assert!(count > 0, "{DOC} cites no test");
    assert!(problems.is_empty(), "{DOC} cites tests that do not exist:\n{}", problems.join("\n"));
}

/// The rows that are untested or marked "see Gaps" are exactly the ids of the
/// Gaps section.
#[test]
fn gaps_match_the_rows() {
    let text = doc_text();
    let listed = gap_ids(&text);
    let marked: BTreeSet<Id> = rows(&text).into_iter().filter(Row::has_gap).flat_map(|r| r.ids).collect();
    let missing: Vec<String> = marked.difference(&listed).map(Id::to_string).collect();
    let stray: Vec<String> = listed.difference(&marked).map(Id::to_string).collect();
    assert!(
        missing.is_empty() && stray.is_empty(),
        "{DOC}: rows untested or marked \"see Gaps\" but not under ### Gaps: {missing:?}; \
         under ### Gaps but not so marked: {stray:?}"
    );
}

/// Issue 3 (zones, sea lines, post-combat determination, isolation,
/// automatic supply, capabilities) is done.
#[test]
fn nothing_is_planned_for_issue_3() {
    let text = doc_text();
    let left: Vec<String> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("planned: issue 3"))
        .map(|(i, l)| format!("{DOC}:{}: {l}", i + 1))
        .collect();
    assert!(left.is_empty(), "issue 3 is done, yet rows still wait for it:\n{}", left.join("\n"));
}

/// The index lists exactly the paragraph ids of the rule texts, family by
/// family, where the texts are at hand (`../shared/rules`); without them
/// this check is skipped, with a notice.
#[test]
fn index_matches_the_rule_texts() {
    let Some(dir) = texts_dir() else {
        // Written to the process's stderr, not `eprintln!`: the test
        // harness captures that of a passing test, and a skip would look
        // like a pass.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED index_matches_the_rule_texts: {} is absent: {INDEX} is not compared with the rule texts",
            root().join("../shared/rules").display()
        );
        return;
    };
    let texts = text_ids(&dir);
    let problems = index_vs_texts(&index(), &texts);
    assert!(problems.is_empty(), "{INDEX} does not match {}:\n{}", dir.display(), problems.join("\n"));
}

/// The index as it stands: the four families, in order, with their id ranges.
#[test]
fn index_lists_the_four_families() {
    let families = index();
    let spans: Vec<String> = families
        .iter()
        .map(|f| {
            let (first, last) = (&f.paragraphs[0].0, &f.paragraphs[f.paragraphs.len() - 1].0);
            format!("{first}..{last}/{}", f.paragraphs.len())
        })
        .collect();
    assert_eq!(spans, ["SUP-001..SUP-208/208", "COL-001..COL-008/8", "MET-001..MET-007/7", "OIL-001..OIL-014/14"]);
    assert_eq!(rule_ids().len(), 237);
}

/// Each family has one heading in the document, `## title (PREFIX)`, and its
/// rows sit under it.
#[test]
fn families_are_sections_of_the_document() {
    let text = doc_text();
    let families = index();
    let mut heads: Vec<(usize, &str)> = Vec::new();
    let mut problems = Vec::new();
    for f in &families {
        let head = format!("{} ({})", f.title, f.prefix);
        let at: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with('#') && l.trim_start_matches('#').trim() == head)
            .map(|(i, _)| i + 1)
            .collect();
        match at.as_slice() {
            [line] => heads.push((*line, &f.prefix)),
            _ => problems.push(format!("{DOC}: {} headings `## {head}`, expected one", at.len())),
        }
    }
    for r in rows(&text) {
        let section = heads.iter().filter(|(line, _)| *line < r.line).max_by_key(|(line, _)| *line).map(|(_, p)| *p);
        if r.ids.iter().any(|id| Some(id.prefix.as_str()) != section) {
            problems.push(format!("{}: not under its family's heading", r.at()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A planned row names the issue that will do it: `planned: issue N`, the
/// reason following in the next column.
#[test]
fn planned_rows_name_their_issue() {
    let bad: Vec<String> = rows(&doc_text())
        .into_iter()
        .filter(|r| r.kind() == Some("planned"))
        .filter(|r| {
            let issue = r.status.strip_prefix("planned: issue ").unwrap_or_default();
            let digits = issue.split(|c: char| !c.is_ascii_digit()).next().unwrap_or_default();
            digits.is_empty() || digits.starts_with('0')
        })
        .map(|r| format!("{}: `{}`", r.at(), r.status))
        .collect();
    assert!(bad.is_empty(), "{DOC}: planned rows that name no issue (`planned: issue N`):\n{}", bad.join("\n"));
}

/// The index's RON subset, and how the index is compared with the texts.
#[test]
fn index_parses_and_compares() {
    let s = |v: &str| Ron::Str(v.to_string());
    let text = "// c\n(a: [\"x\", \"q\\\"\\\\\",], b: (c: \"\"))\n";
    let parsed = parse_ron(text);
    let inner = Ron::Struct(vec![("c".to_string(), s(""))]);
    let expected = Ron::Struct(vec![("a".to_string(), Ron::List(vec![s("x"), s("q\"\\")])), ("b".to_string(), inner)]);
    assert_eq!(parsed, Ok(expected));
    for bad in ["(a: \"x\" b: \"y\")", "(a \"x\")", "[\"x\"", "\"x", "(\"x\", \"y\")", "(a: \"x\") []", "(a: 1)", ""] {
        assert!(parse_ron(bad).is_err(), "{bad:?} parsed");
    }
    let one = |ids: &str| {
        let p: Vec<String> = ids.split(' ').map(|i| format!("(id: \"{i}\", summary: \"s\")")).collect();
        format!(
            "(families: [(prefix: \"COL\", title: \"T\", source: \"S\", file: \"c.md\", paragraphs: [{}])])",
            p.join(", ")
        )
    };
    assert_eq!(parse_index(&one("COL-001 COL-002")).map(|f| f[0].paragraphs.len()), Ok(2));
    for bad in ["COL-002 COL-001", "COL-001 COL-001", "OIL-001", "COL-1"] {
        assert!(parse_index(&one(bad)).is_err(), "{bad} accepted");
    }
    let Ok(families) = parse_index(&one("COL-001 COL-002")) else { panic!("the index example does not parse") };
    let col = |ns: &[u16]| ns.iter().map(|&number| Id { prefix: "COL".to_string(), number }).collect::<BTreeSet<_>>();
    let texts = |ids: BTreeSet<Id>| BTreeMap::from([("c.md".to_string(), ids)]);
    assert!(index_vs_texts(&families, &texts(col(&[1, 2]))).is_empty());
    assert_eq!(
        index_vs_texts(&families, &texts(col(&[1, 2, 3]))),
        [format!("c.md: defined by the text, not in {INDEX}: COL-003")]
    );
    assert_eq!(
        index_vs_texts(&families, &texts(col(&[1]))),
        [format!("c.md: in {INDEX}, not defined by the text: COL-002")]
    );
    let moved = BTreeMap::from([("c.md".to_string(), col(&[1])), ("d.md".to_string(), col(&[2]))]);
    assert_eq!(index_vs_texts(&families, &moved).len(), 2);
}

/// The parsers themselves.
#[test]
fn ids_and_citations_parse() {
    let ids = |s: &str| parse_ids(s).map(|v| v.iter().map(Id::to_string).collect::<Vec<_>>());
    assert_eq!(ids("SUP-018, SUP-020"), Ok(vec!["SUP-018".to_string(), "SUP-020".to_string()]));
    assert_eq!(ids("OIL-012..014").map(|v| v.len()), Ok(3));
    assert_eq!(ids("SUP-114..SUP-117").map(|v| v.join(" ")), Ok("SUP-114 SUP-115 SUP-116 SUP-117".to_string()));
    assert!(ids("SUP-131..066").is_err() && ids("SUP-66").is_err() && ids("SUP-001..OIL-003").is_err());
    assert!(ids("SUP-001..").is_err() && ids("sup-001").is_err() && ids("SUP-001 SUP-002").is_err());
    assert_eq!(citations(NONE), Ok(Vec::new()));
    assert_eq!(citations("`a::b`, `c::d`"), Ok(vec!["a::b".to_string(), "c::d".to_string()]));
    assert!(citations("`a::b` and more").is_err() && citations("a::b").is_err() && citations("").is_err());
    assert!(cited_file("land_edges").is_err() && cited_file("qm_core::phase::clock").is_err());
    assert!(
        cited_file("binary::check_exits_1_on_bad_input_and_0_on_good")
            .is_ok_and(|(f, m)| f.ends_with("crates/qm_cli/tests/it/binary.rs") && !m)
    );
    let src = "#[test]\n/// doc\nfn a() {}\nfn b() {}\nmod tests {\n    #[test]\n    fn c() {}\n}\n";
    assert!(has_test(src, "a", false) && !has_test(src, "b", false) && has_test(src, "c", true));
    assert!(!has_test(src, "a", true) && !has_test(src, "d", false));
}
