#![doc = include_str!("../README.md")]

pub mod collect_map;
pub mod compile;
pub mod diag;
pub mod generate;
pub mod generate_territories;
pub mod hexmap;
pub mod limits;
pub mod locate;
pub mod map_rules;
pub mod numbers;
pub mod order_text;
pub mod ruleset;
pub mod ruleset_cache;
pub mod sandbox;
pub mod schema;
pub mod suggest;
pub mod territory;

pub use compile::Compiled;
pub use diag::{Diagnostic, LoadError};

use diag::{Problems, from_ron, from_utf8};
use qm_core::ruleset::Ruleset;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// The RON options every file is read with: `implicit_some`, so that an
/// optional field is written `side: Axis` rather than `side: Some(Axis)`.
#[must_use]
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(limits::current().depth.saturating_add(8))
}

/// Parses RON text: UTF-8 (a leading byte-order mark is skipped), nesting
/// within [`limits::Limits::depth`], CR-only line ends read as line ends.
fn parse<T: DeserializeOwned>(file: &str, bytes: &[u8]) -> Result<(T, String), LoadError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => normalize(t),
        Err(e) => return Err(LoadError::single(from_utf8(file, bytes, &e))),
    };
    if let Err((offset, message)) = limits::check_depth(&text) {
        let d = diag::diagnostic(file, locate::position_of_offset(&text, offset), message);
        return Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] });
    }
    match ron_options().from_str::<T>(&text) {
        Ok(v) => match locate::first_duplicate_key(&text) {
            None => Ok((v, text)),
            Some((pos, key)) => {
                let message = format!(
                    "`{}` is written twice in this map: one of them would be ignored",
                    qm_core::text::printable(&key)
                );
                let d = diag::diagnostic(file, pos, message);
                Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] })
            }
        },
        Err(e) => {
            let d = from_ron(file, &text, &e);
            Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] })
        }
    }
}

/// Parses and compiles a ruleset file.
///
/// # Errors
/// A [`LoadError`] naming the file, line and column of every problem.
pub fn parse_ruleset(file: &str, bytes: &[u8]) -> Result<Ruleset, LoadError> {
    let (raw, text): (schema::RulesetFile, String) = parse(file, bytes)?;
    let mut p = Problems::default();
    let rules = ruleset::compile_ruleset(&raw, &mut p);
    if p.is_empty() {
        Ok(rules)
    } else {
        Err(LoadError { diagnostics: p.into_diagnostics(file, &text), sources: vec![(file.to_string(), text)] })
    }
}

/// Parses and compiles a scenario from its bytes. `read` reads the ruleset
/// the scenario names, given its path resolved against the scenario's
/// directory.
///
/// # Errors
/// A [`LoadError`] naming the file, line and column of every problem.
pub fn load_bytes(
    file: &str,
    bytes: &[u8],
    read: impl Fn(&Path) -> std::io::Result<Vec<u8>>,
) -> Result<Compiled, LoadError> {
    let (raw, text): (schema::ScenarioFile, String) = parse(file, bytes)?;
    let rpath = ruleset_path(file, &raw.ruleset);
    let rname = rpath.display().to_string();
    let rbytes = match read(&rpath) {
        Ok(b) => b,
        Err(e) => {
            let pos = locate::locate(&text, &[locate::Seg::Field("ruleset".into())]);
            let d =
                diag::diagnostic(file, pos, format!("cannot read ruleset `{}` (tried `{rname}`): {e}", raw.ruleset));
            return Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] });
        }
    };
    let rules = ruleset_cache::parse_ruleset_cached(&rname, &rbytes).map_err(|e| {
        // The ruleset's problems at their positions, without its lines:
        // only the file the user named is ever shown.
        let mut e = e.showing_only(file);
        e.sources.push((file.to_string(), text.clone()));
        e
    })?;
    let mut p = Problems::default();
    match compile::compile(&raw, rules, Some(file.to_string()), &mut p) {
        Some(mut c) => {
            locate_names(&mut c, file, &text, &rname, &rbytes);
            Ok(c)
        }
        None => {
            Err(LoadError { diagnostics: p.into_diagnostics(file, &text), sources: vec![(file.to_string(), text)] })
        }
    }
}

/// Text as the parser reads it: without a leading byte-order mark, and with
/// old Mac line ends (a CR alone) turned into line feeds, so that a `//`
/// comment ends at its line and positions count lines as an editor does.
/// Both keep byte lengths but the BOM's, so positions stay in place.
#[must_use]
pub fn normalize(text: &str) -> String {
    let t = text.strip_prefix('\u{feff}').unwrap_or(text);
    if t.contains('\r') {
        let b = t.as_bytes();
        t.char_indices().map(|(i, c)| if c == '\r' && b.get(i + 1) != Some(&b'\n') { '\n' } else { c }).collect()
    } else {
        t.to_string()
    }
}

/// Fills in where the names the game resolves later stand: the ruleset's
/// families and the scenario's starting phase.
fn locate_names(c: &mut Compiled, file: &str, text: &str, rfile: &str, rbytes: &[u8]) {
    let at = |file: &str, text: &str, path: &[locate::Seg]| {
        let pos = locate::locate(text, path);
        Diagnostic { file: file.to_string(), line: pos.line, col: pos.col, offset: pos.offset, message: String::new() }
    };
    if let Some(p) = &mut c.start_phase {
        p.at = at(file, text, &[locate::Seg::Field("phase".into())]);
    }
    let index = locate::LineIndex::new(text);
    c.sections = c
        .state
        .sections
        .keys()
        .map(|name| {
            let pos = index.locate(&[locate::Seg::Field("sections".into()), locate::Seg::Key(name.clone())]);
            let at = Diagnostic {
                file: file.to_string(),
                line: pos.line,
                col: pos.col,
                offset: pos.offset,
                message: String::new(),
            };
            compile::NameAt { name: name.clone(), at }
        })
        .collect();
    if let Ok(rtext) = std::str::from_utf8(rbytes) {
        for (i, f) in c.families.iter_mut().enumerate() {
            f.at = at(rfile, rtext, &[locate::Seg::Field("families".into()), locate::Seg::Index(i)]);
        }
    }
}

/// Loads a scenario file from disk.
///
/// # Errors
/// A [`LoadError`] naming the file, line and column of every problem, or
/// the file that could not be read.
pub fn load(path: impl AsRef<Path>) -> Result<Compiled, LoadError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = limits::read_file(path)
        .map_err(|e| LoadError::single(Diagnostic::whole_file(&name, format!("cannot read: {e}"))))?;
    load_bytes(&name, &bytes, |p| read_ruleset(&name, p))
}

/// Reads the ruleset a scenario file names: a regular file of bounded size
/// ([`limits::read_file`]) inside the scenario's folder tree or an
/// `assets/` or `scenarios/` folder beside one of its parents, unless
/// [`sandbox::allow_any_path`] is in force.
///
/// # Errors
/// An I/O error, or `PermissionDenied` for a path outside; never the
/// content of a file outside.
pub fn read_ruleset(scenario_file: &str, ruleset: &Path) -> std::io::Result<Vec<u8>> {
    sandbox::check(Path::new(scenario_file), ruleset)?;
    limits::read_file(ruleset)
}

/// Where a scenario's ruleset is: `ruleset` relative to the scenario's
/// directory.
#[must_use]
pub fn ruleset_path(scenario_file: &str, ruleset: &str) -> PathBuf {
    let dir = Path::new(scenario_file).parent().unwrap_or_else(|| Path::new(""));
    dir.join(ruleset)
}

/// Compiles an already parsed scenario file against ruleset text, as if
/// loaded from `file` (used by the generator).
///
/// # Errors
/// A [`LoadError`] naming what does not compile.
pub fn compile_file(raw: &schema::ScenarioFile, file: &str, ruleset_text: &str) -> Result<Compiled, LoadError> {
    let rules = parse_ruleset("awaw.ron", ruleset_text.as_bytes())?;
    let mut p = Problems::default();
    compile::compile(raw, rules, Some(file.to_string()), &mut p).ok_or_else(|| {
        let total = p.total();
        let mut diagnostics: Vec<Diagnostic> =
            p.items.into_iter().take(diag::MAX_SHOWN).map(|pr| Diagnostic::whole_file(file, pr.message)).collect();
        diag::cap(file, &mut diagnostics, total);
        LoadError { diagnostics, sources: Vec::new() }
    })
}

/// A save file as RON text.
///
/// # Errors
/// The serializer's message (not expected: the state holds only plain data).
pub fn save_to_ron(save: &qm_core::state::SaveFile) -> Result<String, String> {
    ron_options().to_string_pretty(save, ron::ser::PrettyConfig::new().depth_limit(3)).map_err(|e| e.to_string())
}

/// Whether `bytes` read as a save file (a RON struct whose first field is
/// `version`, as [`save_to_ron`] writes it) rather than a scenario.
#[must_use]
pub fn looks_like_save(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else { return false };
    let text = normalize(text);
    let body: String = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!["))
        .collect::<Vec<_>>()
        .join(" ");
    let rest = body.strip_prefix("SaveFile").unwrap_or(&body).trim_start();
    rest.strip_prefix('(').is_some_and(|r| {
        let r = r.trim_start();
        r.strip_prefix("version").is_some_and(|after| after.trim_start().starts_with(':'))
    })
}

/// Reads a save file. Its format version is read first, so that a save of
/// another version is refused naming both versions, never misread.
///
/// # Errors
/// A [`LoadError`] with the position of the problem, or for a save of
/// another format version.
pub fn read_save(file: &str, bytes: &[u8]) -> Result<qm_core::state::SaveFile, LoadError> {
    /// The version alone; every other field is skipped.
    #[derive(serde::Deserialize)]
    #[serde(rename = "SaveFile")]
    struct Version {
        version: u32,
    }
    let (v, text): (Version, String) = parse(file, bytes)?;
    if v.version != qm_core::state::STATE_VERSION {
        let pos = locate::locate(&text, &[locate::Seg::Field("version".into())]);
        let d = diag::diagnostic(
            file,
            pos,
            format!(
                "this save is format version {}, this build reads version {}: saves of other versions are refused",
                v.version,
                qm_core::state::STATE_VERSION
            ),
        );
        return Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] });
    }
    let (save, text): (qm_core::state::SaveFile, String) = parse(file, bytes)?;
    check_save_numbers(file, text)?;
    Ok(save)
}

/// Refuses a save whose families' sections hold a number that overflows
/// or is NaN, at its position: read as plain JSON data it would be `null`.
fn check_save_numbers(file: &str, text: String) -> Result<(), LoadError> {
    /// The save's sections alone, as RON values; every other field is
    /// skipped.
    #[derive(serde::Deserialize)]
    #[serde(rename = "SaveFile")]
    struct Sections {
        state: StateSections,
    }
    #[derive(serde::Deserialize)]
    #[serde(rename = "GameState")]
    struct StateSections {
        #[serde(default)]
        sections: std::collections::BTreeMap<String, ron::Value>,
    }
    let Ok(s) = ron_options().from_str::<Sections>(&text) else { return Ok(()) };
    for (name, value) in &s.state.sections {
        if let Some((path, why)) = numbers::first_non_finite(value) {
            let mut at = vec![
                locate::Seg::Field("state".into()),
                locate::Seg::Field("sections".into()),
                locate::Seg::Key(name.clone()),
            ];
            at.extend(path);
            let d = diag::diagnostic(file, locate::locate(&text, &at), why.to_string());
            return Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] });
        }
    }
    Ok(())
}

/// Where the scenario a save names is, under the one path policy of
/// [`sandbox`]: the first of the path it names (absolute, as saves write
/// it, or relative to the working directory), that relative path beside
/// the save, and a file of its name beside the save, that is a file and
/// lies inside the save's folder tree or an `assets/` or `scenarios/`
/// folder beside it or a parent. The fingerprint check refuses a wrong one.
///
/// # Errors
/// A [`LoadError`] at the save's `scenario` field when the only files
/// found lie outside: refused before they are opened, so nothing of them
/// is read or printed.
pub fn save_scenario_path(file: &str, bytes: &[u8], named: &str) -> Result<PathBuf, LoadError> {
    let named_path = Path::new(named);
    let beside = ruleset_path(file, named);
    let by_name = named_path.file_name().map(|n| ruleset_path(file, &n.to_string_lossy()));
    let found: Vec<PathBuf> =
        [Some(named_path.to_path_buf()), Some(beside), by_name].into_iter().flatten().filter(|p| p.is_file()).collect();
    if found.is_empty() {
        return Ok(named_path.to_path_buf());
    }
    if let Some(allowed) = found.iter().find(|p| sandbox::allows(Path::new(file), p)) {
        return Ok(allowed.clone());
    }
    let text = String::from_utf8_lossy(bytes).into_owned();
    let pos = locate::locate(&text, &[locate::Seg::Field("scenario".into())]);
    let d = diag::diagnostic(
        file,
        pos,
        format!(
            "the scenario `{}` is outside the save's folder and the `assets/` and `scenarios/` folders beside it and its parents: \
             refused without reading it (qm --allow-any-path lifts this)",
            qm_core::text::printable(named)
        ),
    );
    Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] })
}

/// Checks that a save belongs to a compiled scenario: the fingerprints of
/// scenario and ruleset agree.
///
/// # Errors
/// A [`LoadError`] at the save's `fingerprint` field naming both
/// fingerprints and the scenario file.
pub fn check_save_scenario(
    file: &str,
    bytes: &[u8],
    save: &qm_core::state::SaveFile,
    scenario: &Compiled,
) -> Result<(), LoadError> {
    let found = scenario.spec.fingerprint;
    if save.fingerprint == found {
        return Ok(());
    }
    let text = String::from_utf8_lossy(bytes).into_owned();
    let pos = locate::locate(&text, &[locate::Seg::Field("fingerprint".into())]);
    let name = scenario.spec.path.as_deref().unwrap_or("the scenario");
    let d = diag::diagnostic(
        file,
        pos,
        format!(
            "this save belongs to the scenario and ruleset with fingerprint {}, but `{}` with its ruleset has \
             fingerprint {found}: the scenario or its ruleset changed since the game was saved",
            save.fingerprint,
            qm_core::text::printable(name)
        ),
    );
    Err(LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] })
}

/// A batch of orders for one phase of one player turn, as written in an
/// orders file: game turn, player turn (`player`, by default the giving
/// side's) and phase.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderBatch {
    /// Game turn.
    pub turn: u32,
    /// The side giving the orders.
    pub side: qm_core::ids::Side,
    /// Whose player turn the batch is for. Omitted: the giving side's own.
    /// The defender's interceptions name the moving side here (SUP-104),
    /// so that a batch never applies to the wrong player turn of its game
    /// turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<qm_core::ids::Side>,
    /// The phase they are given for.
    pub phase: qm_core::phase::PhaseId,
    /// The orders.
    pub orders: Vec<qm_core::orders::Order>,
    /// Where the batch stands in its orders file, with an empty message
    /// (filled by [`read_orders`]; not written in the file).
    #[serde(skip)]
    pub at: Option<Diagnostic>,
    /// Where each of its orders stands, in order (same).
    #[serde(skip)]
    pub orders_at: Vec<Diagnostic>,
}

impl OrderBatch {
    /// Where the batch's order `index` stands in its file, or the batch's
    /// own position, if known.
    #[must_use]
    pub fn order_at(&self, index: usize) -> Option<&Diagnostic> {
        self.orders_at.get(index).or(self.at.as_ref())
    }

    /// `turn 3 allies movement`: the player turn and phase the batch is
    /// for.
    #[must_use]
    pub fn describe(&self) -> String {
        format!("turn {} {} {}", self.turn, self.player.unwrap_or(self.side), self.phase)
    }
}

/// Reads an orders file: a list of [`OrderBatch`], whose orders are of the
/// kinds `rules` declares, for the phases of its phase order.
///
/// # Errors
/// A [`LoadError`] with the position of the problem; an unknown phase is
/// reported at its batch.
pub fn read_orders(file: &str, bytes: &[u8], rules: &qm_core::plugin::Rules) -> Result<Vec<OrderBatch>, LoadError> {
    let (mut batches, text): (Vec<OrderBatch>, String) =
        qm_core::orders::with_order_kinds(rules.order_kinds(), || parse(file, bytes))?;
    // One index of the text for every batch and order: the skimmer keeps
    // the members of each list it walked, so locating them all is one pass
    // over the file, not one pass each.
    let index = locate::LineIndex::new(&text);
    for (i, b) in batches.iter_mut().enumerate() {
        let at = |path: &[locate::Seg]| diag::diagnostic(file, index.locate(path), String::new());
        b.at = Some(at(&[locate::Seg::Index(i)]));
        b.orders_at = (0..b.orders.len())
            .map(|j| at(&[locate::Seg::Index(i), locate::Seg::Field("orders".into()), locate::Seg::Index(j)]))
            .collect();
    }
    let mut p = Problems::default();
    for (i, b) in batches.iter().enumerate() {
        if rules.phases().position(b.phase).is_none() {
            p.at(
                vec![locate::Seg::Index(i), locate::Seg::Field("phase".into())],
                format!(
                    "unknown phase `{}`: this ruleset's phases are {}",
                    b.phase,
                    rules.phases().phases().map(|ph| ph.as_str()).collect::<Vec<_>>().join(", ")
                ),
            );
        }
    }
    if p.is_empty() {
        Ok(batches)
    } else {
        Err(LoadError { diagnostics: p.into_diagnostics(file, &text), sources: vec![(file.to_string(), text)] })
    }
}
