//! Events as one line of text each, for the replay page's events panel and
//! `qm step`'s `events`.

use qm_core::events::GameEvent;
use qm_core::ids::DeterminationKind;
use qm_core::spec::ScenarioSpec;

/// One event as text, with labels for nodes and keys for sources.
#[must_use]
pub fn describe(spec: &ScenarioSpec, e: &GameEvent) -> String {
    match e {
        GameEvent::PhaseBegan { turn, side, phase } => format!("turn {turn} {side}: {phase} began"),
        GameEvent::SupplyDetermined { side, kind, full, partial, isolated, unsupplied_hexes } => format!(
            "{side} {} supply determined: {full} full, {partial} partial, {isolated} isolated; {unsupplied_hexes} hexes unsupplied",
            match kind {
                DeterminationKind::Initial => "initial",
                DeterminationKind::PostCombat => "post-combat",
            }
        ),
        GameEvent::UnitSupplyChanged { unit, from, to } => {
            format!("{unit}: {} -> {}", from.as_str(), to.as_str())
        }
        GameEvent::SourceDesignated { source, designated } => format!(
            "source {} {}",
            spec.source_key(*source),
            if *designated { "designated (SUP-015)" } else { "undesignated (SUP-015)" }
        ),
        GameEvent::UnitEliminated { unit, node, rebuild_cost } => format!(
            "{unit} eliminated by isolation at {} (SUP-177; rebuild {rebuild_cost} BRPs this turn, SUP-190)",
            spec.map.describe(*node)
        ),
    }
}
