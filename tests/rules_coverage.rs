//! Keeps `docs/rules-coverage.md` true to the rule texts and to the tests.
//!
//! - Every paragraph id defined in `../shared/rules/*.md` (a line that starts
//!   with `**SUP-001**`) is listed in exactly one row of the document, and
//!   the document lists no id the texts do not define.
//! - Every row's status is one of the legend's: implemented, untested,
//!   planned, out of scope, heading.
//! - An implemented row cites tests; any other row cites none. A citation is
//!   `file::function` (a `#[test]` in `tests/file.rs`, or in
//!   `crates/*/tests/file.rs`) or `crate::module::tests::function` (a unit
//!   test in `crates/crate/src/module.rs`), and the test must exist.
//! - Rows that are untested, or implemented with a gap ("see Gaps"), are
//!   exactly the ids of the bullets under `### Gaps`.
//! - Issue 3 is done: nothing is "planned: issue 3" any more.
//!
//! The rule texts live beside the workspace (`../shared/rules`, as CI lays
//! them out); without them these tests fail rather than pass on nothing.

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

/// The paragraph ids the rule texts define, with the file of each.
fn rule_ids() -> BTreeMap<Id, String> {
    let dir = root().join("../shared/rules");
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "the rule texts are missing: cannot read {} ({e}); they belong beside the workspace, as `../shared/rules`",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())).path())
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no rule texts (*.md) in {}", dir.display());
    let mut ids = BTreeMap::new();
    for file in &files {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for (i, line) in read(file).lines().enumerate() {
            // A paragraph starts with its id in bold: `**SUP-001** ...`.
            let Some(inner) = line.strip_prefix("**").and_then(|r| r.split_once("**")).map(|(id, _)| id) else {
                continue;
            };
            let Some((prefix, _)) = inner.split_once('-') else { continue };
            if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_uppercase()) {
                continue;
            }
            let id = parse_id(inner).unwrap_or_else(|| panic!("{name}:{}: `{inner}` is not an id like SUP-001", i + 1));
            if let Some(other) = ids.insert(id.clone(), name.clone()) {
                panic!("{id} is defined twice ({other} and {name})");
            }
        }
    }
    assert!(!ids.is_empty(), "the rule texts in {} define no paragraph id", dir.display());
    ids
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
            let direct = root().join("tests").join(format!("{file}.rs"));
            if direct.is_file() {
                return Ok((direct, false));
            }
            let crates = root().join("crates");
            let mut found: Vec<PathBuf> = fs::read_dir(&crates)
                .map_err(|e| format!("cannot list {}: {e}", crates.display()))?
                .filter_map(Result::ok)
                .map(|e| e.path().join("tests").join(format!("{file}.rs")))
                .filter(|p| p.is_file())
                .collect();
            found.sort();
            match found.as_slice() {
                [one] => Ok((one.clone(), false)),
                [] => Err(format!("`{citation}`: no tests/{file}.rs, nor crates/*/tests/{file}.rs")),
                _ => Err(format!("`{citation}`: several files crates/*/tests/{file}.rs")),
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

/// Every id of the rule texts is in exactly one row, and every id of the
/// document is one of the texts'.
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
            problems.push(format!("{}: {id} is not a paragraph of the rule texts", rs[0].at()));
        }
    }
    assert!(problems.is_empty(), "{DOC} does not match the rule texts:\n{}", problems.join("\n"));
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
            .is_ok_and(|(f, m)| f.ends_with("crates/qm_cli/tests/binary.rs") && !m)
    );
    let src = "#[test]\n/// doc\nfn a() {}\nfn b() {}\nmod tests {\n    #[test]\n    fn c() {}\n}\n";
    assert!(has_test(src, "a", false) && !has_test(src, "b", false) && has_test(src, "c", true));
    assert!(!has_test(src, "a", true) && !has_test(src, "d", false));
}
