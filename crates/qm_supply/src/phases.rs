//! Rule 30's phases (SUP-010, SUP-133, SUP-134, SUP-177).

use qm_core::ids::DeterminationKind;
use qm_core::phase::PhaseId;

/// Initial supply determination, before ground movement (SUP-010, SUP-133).
pub const INITIAL_SUPPLY: PhaseId = PhaseId::new("initial-supply");
/// Post-combat supply determination (SUP-134..141).
pub const POST_COMBAT_SUPPLY: PhaseId = PhaseId::new("post-combat-supply");
/// Elimination of units still isolated (SUP-177..191).
pub const ISOLATION_ELIMINATION: PhaseId = PhaseId::new("isolation-elimination");

/// The supply determination a phase makes, if any.
#[must_use]
pub fn determination(phase: PhaseId) -> Option<DeterminationKind> {
    if phase == INITIAL_SUPPLY {
        Some(DeterminationKind::Initial)
    } else if phase == POST_COMBAT_SUPPLY {
        Some(DeterminationKind::PostCombat)
    } else {
        None
    }
}

/// The phase that makes a determination.
#[must_use]
pub const fn phase_of(kind: DeterminationKind) -> PhaseId {
    match kind {
        DeterminationKind::Initial => INITIAL_SUPPLY,
        DeterminationKind::PostCombat => POST_COMBAT_SUPPLY,
    }
}
