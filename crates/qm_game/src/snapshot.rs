//! Snapshots and save files.

use qm_core::spec::ScenarioSpec;
use qm_core::state::{GameState, STATE_VERSION};
use std::sync::Arc;

/// An in-memory snapshot: the static data (shared, not copied) and the
/// state. Cheap to take and to restore; what [`Game::clone`](crate::Game)
/// and self-play tree searches use.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Static data.
    pub spec: Arc<ScenarioSpec>,
    /// State.
    pub state: GameState,
}

pub use qm_core::state::SaveFile;

impl Snapshot {
    /// The save file of this snapshot, if its scenario came from a file:
    /// the scenario by absolute path (where it can be resolved, so that the
    /// save does not depend on the working directory) and by fingerprint.
    #[must_use]
    pub fn save_file(&self) -> Option<SaveFile> {
        let path = self.spec.path.as_deref()?;
        let scenario = std::fs::canonicalize(path).map_or_else(|_| path.to_string(), |p| p.display().to_string());
        let fingerprint = self.spec.fingerprint;
        Some(SaveFile { version: STATE_VERSION, scenario, fingerprint, state: self.state.clone() })
    }
}
