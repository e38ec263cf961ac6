//! Checks a state against the static data it is to be built with, before
//! any entity is spawned: what a save, a snapshot or a state given to
//! `Game::new` may not hold. Each problem is a typed [`InvalidState`].

use crate::ids::NodeId;
use crate::spec::ScenarioSpec;
use crate::state::{GameState, STATE_VERSION};

/// Largest game turn a scenario or a state may be at (turn arithmetic stays
/// far from `u32::MAX`).
pub const MAX_TURN: u32 = 10_000;

/// Why a state does not belong to a scenario.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// A layout version other than this build's.
    #[error("state layout version {found}, but this build reads version {expected}")]
    Version {
        /// The state's.
        found: u32,
        /// This build's.
        expected: u32,
    },
    /// A list whose length is not the scenario's.
    #[error("{what}: the state has {found}, the scenario {expected}")]
    Count {
        /// `nodes`, `nations` or `sources`.
        what: &'static str,
        /// The state's.
        found: usize,
        /// The scenario's.
        expected: usize,
    },
    /// A game turn out of `1..=MAX_TURN`.
    #[error("turn {0} is out of range 1..={MAX_TURN}")]
    Turn(u32),
    /// A phase index past the rules' phase order.
    #[error("phase index {found} is out of range: the rules have {phases} phases")]
    Phase {
        /// The index.
        found: usize,
        /// How many phases there are.
        phases: usize,
    },
    /// A unit's exploitation turn (SUP-193) out of `1..=MAX_TURN`: the
    /// turn after it would overflow.
    #[error("unit `{}`: exploitation turn {turn} is out of range 1..={MAX_TURN}", .unit.escape_debug())]
    ExploitedTurn {
        /// The unit.
        unit: String,
        /// The turn given.
        turn: u32,
    },
    /// Two units with one id.
    #[error("two units have the id `{}`", .0.escape_debug())]
    DuplicateUnit(String),
    /// A unit (or node, for `unit` empty) naming something the scenario
    /// does not have.
    #[error("{owner}: {what} {index} is out of range (the scenario has {len})")]
    OutOfRange {
        /// Whose field: `unit \`x\``, `node 4`.
        owner: String,
        /// `nation`, `unit type`, `node`.
        what: &'static str,
        /// The index.
        index: usize,
        /// How many there are.
        len: usize,
    },
}

/// Checks `state` against `spec`: version, list lengths, clock, units'
/// nations, types and locations, unique unit ids, nodes' controllers.
///
/// # Errors
/// The first problem found.
pub fn validate_state(spec: &ScenarioSpec, state: &GameState) -> Result<(), InvalidState> {
    if state.version != STATE_VERSION {
        return Err(InvalidState::Version { found: state.version, expected: STATE_VERSION });
    }
    let nations = spec.ruleset.nations.len();
    let nodes = spec.map.nodes.len();
    count("nations", state.nations.len(), nations)?;
    count("nodes", state.nodes.len(), nodes)?;
    count("sources", state.sources.len(), spec.sources.len())?;
    if !(1..=MAX_TURN).contains(&state.clock.turn) {
        return Err(InvalidState::Turn(state.clock.turn));
    }
    let phases = spec.rules.phases().len();
    if state.clock.phase >= phases.max(1) {
        return Err(InvalidState::Phase { found: state.clock.phase, phases });
    }
    for (i, n) in state.nodes.iter().enumerate() {
        let owner = || format!("node {i}");
        for nation in [n.control.current, n.control.original].into_iter().flatten() {
            in_range(owner, "nation", nation.index(), nations)?;
        }
    }
    validate_units(spec, state)
}

fn validate_units(spec: &ScenarioSpec, state: &GameState) -> Result<(), InvalidState> {
    let (nations, types, nodes) = (spec.ruleset.nations.len(), spec.ruleset.unit_types.len(), spec.map.nodes.len());
    let mut ids: Vec<&str> = Vec::with_capacity(state.units.len());
    for u in &state.units {
        let owner = || format!("unit `{}`", u.id.as_str().escape_debug());
        in_range(owner, "nation", u.nation.index(), nations)?;
        if let Some(n) = u.supply_as {
            in_range(owner, "nation", n.index(), nations)?;
        }
        in_range(owner, "unit type", u.kind.index(), types)?;
        if let Some(turn) = u.flags.exploited_turn.filter(|t| !(1..=MAX_TURN).contains(t)) {
            return Err(InvalidState::ExploitedTurn { unit: u.id.as_str().to_string(), turn });
        }
        for node in [u.location.node, u.location.turn_start] {
            in_range(owner, "node", node_index(node), nodes)?;
        }
        ids.push(u.id.as_str());
    }
    ids.sort_unstable();
    match ids.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(InvalidState::DuplicateUnit(w[0].to_string())),
        None => Ok(()),
    }
}

fn node_index(n: NodeId) -> usize {
    n.index()
}

fn count(what: &'static str, found: usize, expected: usize) -> Result<(), InvalidState> {
    if found == expected { Ok(()) } else { Err(InvalidState::Count { what, found, expected }) }
}

fn in_range(owner: impl Fn() -> String, what: &'static str, index: usize, len: usize) -> Result<(), InvalidState> {
    if index < len { Ok(()) } else { Err(InvalidState::OutOfRange { owner: owner(), what, index, len }) }
}
