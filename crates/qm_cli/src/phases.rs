//! `qm phases`: the phase order a scenario's rules make, in one place.

use qm_game::Game;
use serde::Serialize;
use std::io::Write;

/// One phase of a player turn, as `qm phases --json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PhaseRow {
    /// Position in the player turn, from 1.
    pub index: usize,
    /// The phase.
    pub phase: String,
    /// The rule family that declared it.
    pub family: String,
}

/// The phase order of a game, with its families in ruleset order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PhaseList {
    /// The rule families, in the order they registered.
    pub families: Vec<String>,
    /// The phases of a player turn, in order.
    pub phases: Vec<PhaseRow>,
}

/// The phase order of `game`.
#[must_use]
pub fn phase_list(game: &Game) -> PhaseList {
    let phases = game
        .phase_order()
        .0
        .iter()
        .enumerate()
        .map(|(i, e)| PhaseRow { index: i + 1, phase: e.phase.to_string(), family: e.family.to_string() })
        .collect();
    PhaseList { families: game.rules().families().iter().map(ToString::to_string).collect(), phases }
}

/// Prints the phase order of `game`, loaded from `file`, as a table or as
/// JSON.
pub fn print(game: &Game, file: &str, json: bool, out: &mut dyn Write) {
    let list = phase_list(game);
    if json {
        let header = crate::output::Header::of("phases", file, 1, game, &[]);
        let v = crate::output::PhasesOutput { header, families: list.families, phases: list.phases };
        let _ = writeln!(out, "{}", serde_json::to_string(&v).unwrap_or_default());
        return;
    }
    let _ = writeln!(out, "families: {}", list.families.join(", "));
    for r in &list.phases {
        let _ = writeln!(out, "{:>3}  {:<28} {}", r.index, r.phase, r.family);
    }
}
