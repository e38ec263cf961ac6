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
    /// The save file of this snapshot, if its scenario came from a file.
    #[must_use]
    pub fn save_file(&self) -> Option<SaveFile> {
        Some(SaveFile { version: STATE_VERSION, scenario: self.spec.path.clone()?, state: self.state.clone() })
    }
}
