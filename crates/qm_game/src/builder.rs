//! Making games: the rule families a game may use, and loading.

use crate::Game;
use qm_core::phase::PhaseId;
use qm_core::plugin::{Catalog, RulePlugin, Rules};
use qm_core::spec::ScenarioSpec;
use qm_core::state::{GameState, StateError};
use qm_scenario::compile::NameAt;
use qm_scenario::{Compiled, Diagnostic, LoadError};
use std::path::Path;
use std::sync::Arc;

/// The rule families built in: rule 30's supply ([`qm_supply::SupplyPlugin`],
/// `awaw-supply`) and the reference operations ([`qm_ops::OpsPlugin`],
/// `ops`) and MWIF oil ([`qm_oil::OilPlugin`], `mwif-oil`). A ruleset names the ones it uses; [`GameBuilder::plugin`] adds a
/// game's own.
#[must_use]
pub fn catalog() -> Catalog {
    Catalog::default()
        .with(qm_supply::SupplyPlugin)
        .with(qm_ops::OpsPlugin)
        .with(qm_collect::CollectPlugin)
        .with(qm_oil::OilPlugin)
}

/// How a game is made: the rule families it may use (the built-in
/// [`catalog`] and any added with [`GameBuilder::plugin`]) and whether its
/// schedules treat ambiguities as errors.
#[derive(Clone, Debug)]
pub struct GameBuilder {
    catalog: Catalog,
    strict: bool,
}

impl Default for GameBuilder {
    fn default() -> Self {
        Self { catalog: catalog(), strict: false }
    }
}

impl GameBuilder {
    /// Adds a rule family that rulesets may name.
    #[must_use]
    pub fn plugin(mut self, plugin: impl RulePlugin) -> Self {
        self.catalog = self.catalog.with(plugin);
        self
    }

    /// Ambiguities between systems are errors when schedules are built
    /// (what tests use).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// The families this builder knows.
    #[must_use]
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Loads a scenario file with a seed for the random stream.
    ///
    /// # Errors
    /// A [`LoadError`] with `file:line:col` diagnostics, including a rule
    /// family the builder does not know or a starting phase the rules do
    /// not have.
    pub fn load(&self, path: impl AsRef<Path>, seed: u64) -> Result<Game, LoadError> {
        self.from_compiled(qm_scenario::load(path)?, seed)
    }

    /// The rules of a compiled scenario: its ruleset's families, resolved in
    /// ruleset order.
    ///
    /// # Errors
    /// An unknown family or a clash between families, at the family's name
    /// in the ruleset.
    pub fn rules(&self, c: &Compiled) -> Result<Rules, LoadError> {
        self.catalog.resolve(&c.spec.ruleset.families).map_err(|(i, message)| {
            match i.and_then(|i| c.families.get(i)).filter(|at| !at.at.file.is_empty()) {
                Some(at) => at.error(message),
                None => plain_error(c.spec.path.as_deref().unwrap_or("scenario"), message),
            }
        })
    }

    /// A scenario's static data with its rules resolved.
    ///
    /// # Errors
    /// As [`GameBuilder::rules`].
    pub fn spec(&self, c: &Compiled) -> Result<Arc<ScenarioSpec>, LoadError> {
        Ok(with_rules(c.spec.clone(), self.rules(c)?))
    }

    /// [`GameBuilder::spec`], moving the static data out of the compiled
    /// scenario instead of copying it (on a big map it is most of a game's
    /// memory, and a copy doubled the peak), with the rest of it.
    fn take_spec(&self, c: Compiled) -> Result<(Arc<ScenarioSpec>, GameState, Option<NameAt>), LoadError> {
        let rules = self.rules(&c)?;
        let Compiled { spec, state, start_phase, families: _, sections: _ } = c;
        Ok((with_rules(spec, rules), state, start_phase))
    }

    /// A game from a compiled scenario, seeded: its families resolved, its
    /// clock at the scenario's starting phase.
    ///
    /// # Errors
    /// As [`GameBuilder::rules`], or a starting phase the rules do not have.
    pub fn from_compiled(&self, c: Compiled, seed: u64) -> Result<Game, LoadError> {
        let (spec, mut state, start_phase) = self.take_spec(c)?;
        if let Some(p) = &start_phase {
            let order = spec.rules.phases();
            state.clock.phase = order.phases().position(|ph| ph.as_str() == p.name).ok_or_else(|| {
                let names: Vec<&str> = order.phases().map(PhaseId::as_str).collect();
                let message = format!("unknown phase `{}`: this ruleset's phases are {}", p.name, names.join(", "));
                if p.at.file.is_empty() { plain_error("scenario", message) } else { p.error(message) }
            })?;
        }
        state.rng = qm_core::rng::GameRng::seeded(seed);
        let file = spec.path.clone().unwrap_or_default();
        self.build(spec, &state).map_err(|e| scenario_state_error(&file, &e))
    }

    /// A game from static data (with its rules resolved) and a state.
    ///
    /// # Errors
    /// A section of the state its family cannot read.
    pub fn build(&self, spec: Arc<ScenarioSpec>, state: &GameState) -> Result<Game, StateError> {
        unknown_section(&spec.rules, state)?;
        Game::build(spec, state, self.strict)
    }

    /// Loads a save file written by [`Game::save`]: reads the scenario it
    /// names, checks that it is the one the save was played on (same
    /// fingerprint of scenario and ruleset), then restores the state,
    /// validated against it.
    ///
    /// # Errors
    /// A [`LoadError`] for the save or its scenario, or a state its rules
    /// cannot read.
    pub fn load_save(&self, file: &str, bytes: &[u8]) -> Result<Game, LoadError> {
        let save = qm_scenario::read_save(file, bytes)?;
        let scenario = qm_scenario::save_scenario_path(file, bytes, &save.scenario)?;
        // Only the save's own lines are ever shown: its scenario's and
        // ruleset's problems keep their positions, not their text.
        let compiled = qm_scenario::load(scenario).map_err(|e| e.showing_only(file))?;
        qm_scenario::check_save_scenario(file, bytes, &save, &compiled)?;
        let (spec, _, _) = self.take_spec(compiled)?;
        self.build(spec, &save.state).map_err(|e| save_state_error(file, bytes, &e))
    }
}

/// A scenario's static data holding its resolved rules, shared.
fn with_rules(mut spec: ScenarioSpec, rules: Rules) -> Arc<ScenarioSpec> {
    spec.rules = Arc::new(rules);
    Arc::new(spec)
}

/// A section of `state` that no family of `rules` reads (a misspelled
/// name would drop all its data silently), with the nearest name.
fn unknown_section(rules: &Rules, state: &GameState) -> Result<(), StateError> {
    let known: Vec<&str> = rules.sections().iter().map(|s| s.name).collect();
    let Some(name) = state.sections.keys().find(|k| !known.contains(&k.as_str())) else { return Ok(()) };
    let hint = qm_scenario::suggest::hint(name, known.iter().copied());
    let message = format!(
        "unknown section `{}`{hint} (this ruleset's families read {})",
        qm_core::text::printable(name),
        known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
    );
    Err(StateError { section: name.clone(), message, invalid: None })
}

/// A save's state refused: at the section's value in the save when a
/// family's section is at fault, else at the state.
fn save_state_error(file: &str, bytes: &[u8], e: &StateError) -> LoadError {
    use qm_scenario::locate::{Seg, locate};
    let text = String::from_utf8_lossy(bytes);
    let text = qm_scenario::normalize(&text);
    let mut path = vec![Seg::Field("state".into())];
    if e.invalid.is_none() {
        path.extend([Seg::Field("sections".into()), Seg::Key(e.section.clone())]);
        path.extend(entry_named(&e.message));
    }
    let pos = locate(&text, &path);
    let d =
        Diagnostic { file: file.to_string(), line: pos.line, col: pos.col, offset: pos.offset, message: e.to_string() };
    LoadError { diagnostics: vec![d], sources: vec![(file.to_string(), text)] }
}

fn plain_error(file: &str, message: String) -> LoadError {
    LoadError::single(Diagnostic { file: file.to_string(), line: 1, col: 1, offset: 0, message })
}

/// A state that cannot be built from a scenario file, located in it: a
/// family's section at `sections."NAME"`, or deeper at the entry its
/// message starts with (a family's build refusal written `stockpiles[2]:
/// ...` or `field: ...`); the file's start where the file cannot be read
/// again (a scenario loaded from bytes).
fn scenario_state_error(file: &str, e: &StateError) -> LoadError {
    use qm_scenario::locate::{Seg, locate};
    let src = qm_scenario::limits::read_file(Path::new(file)).ok().and_then(|b| String::from_utf8(b).ok());
    let Some(src) = src.filter(|_| e.invalid.is_none()) else { return state_error(file, e) };
    let mut path = vec![Seg::Field("sections".into()), Seg::Key(e.section.clone())];
    path.extend(entry_named(&e.message));
    let at = locate(&src, &path);
    LoadError::single(Diagnostic {
        file: file.to_string(),
        line: at.line,
        col: at.col,
        offset: at.offset,
        message: e.to_string(),
    })
}

/// The value of a section a family's message starts with: a path of
/// names and indices (`stockpiles[2]: `, `rules.victory.at_limit[0].side:
/// `), as [`qm_core::plugin::from_section`] and the families' build
/// refusals write it; empty when the message starts with none.
fn entry_named(message: &str) -> Vec<qm_scenario::locate::Seg> {
    use qm_scenario::locate::Seg;
    let Some((head, _)) = message.split_once(": ") else { return Vec::new() };
    let name_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    let mut path = Vec::new();
    for part in head.split('.') {
        let (name, indices) = part.split_once('[').map_or((part, ""), |(n, rest)| (n, rest));
        if name.is_empty() || !name.chars().all(name_char) {
            return Vec::new();
        }
        // A name is a struct field or a map key: `Key` finds either.
        path.push(Seg::Key(name.to_string()));
        for index in indices.split('[').filter(|i| !i.is_empty()) {
            let Some(i) = index.strip_suffix(']').and_then(|i| i.parse::<usize>().ok()) else { return Vec::new() };
            path.push(Seg::Index(i));
        }
    }
    path
}

fn state_error(file: &str, e: &StateError) -> LoadError {
    plain_error(file, e.to_string())
}
