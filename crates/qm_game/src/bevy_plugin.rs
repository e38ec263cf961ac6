//! Quartermaster in a Bevy `App` (feature `bevy`).
//!
//! [`QuartermasterPlugin`] loads a scenario into the app's own `World`: the
//! entities (hexes, units, sources, ports), the resources, every rule
//! family's state, and the phase schedules. The app's systems then query
//! `UnitSupply` and `HexSupply` with change detection (each is written only
//! when it changes; when a hex's status was decided is `HexDecided`), and
//! step the game by writing [`StepPhase`] messages; each phase run is
//! announced by a [`PhaseDone`] message with its events.
//!
//! ```no_run
//! use bevy_app::{App, Update};
//! use bevy_ecs::prelude::*;
//! use qm_core::supply::UnitSupply;
//! use qm_game::bevy_plugin::{QmSystems, QuartermasterPlugin, StepPhase};
//!
//! fn changed(q: Query<&UnitSupply, Changed<UnitSupply>>) {
//!     println!("{} units changed", q.iter().count());
//! }
//!
//! let mut app = App::new();
//! app.add_plugins(QuartermasterPlugin::new("scenarios/awaw/barbarossa-pocket.ron", 7));
//! app.add_systems(Update, changed.after(QmSystems::Drive));
//! app.world_mut().write_message(StepPhase);
//! app.update();
//! ```
//!
//! The game's own schedules stay single-threaded and deterministic; the
//! app's other systems run as the app schedules them.

use crate::{GameBuilder, PhaseReport, populate, run_next_phase};
use bevy_app::{App, Plugin, Update};
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use std::path::PathBuf;

/// Asks the driver to run the next phase of the game (one message, one
/// phase), in the app's `Update`.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepPhase;

/// A phase was run: its turn, side, phase and events.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PhaseDone(pub PhaseReport);

/// Why the plugin could not load its scenario: the load error, as the app's
/// resource (the app keeps running without a game).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct QmLoadError(pub String);

/// The plugin's systems in `Update`: order the app's readers of supply
/// `.after(QmSystems::Drive)` to see a phase's changes in the same frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QmSystems {
    /// Runs the phases asked for by [`StepPhase`] messages.
    Drive,
}

/// Loads a scenario into the app's world (see the module's doc).
pub struct QuartermasterPlugin {
    scenario: PathBuf,
    seed: u64,
    builder: GameBuilder,
}

impl QuartermasterPlugin {
    /// The scenario file and the seed of its random stream, with the
    /// built-in rule families.
    #[must_use]
    pub fn new(scenario: impl Into<PathBuf>, seed: u64) -> Self {
        Self { scenario: scenario.into(), seed, builder: GameBuilder::default() }
    }

    /// The same with a builder of one's own (rule families of a game, strict
    /// schedules).
    #[must_use]
    pub fn with_builder(mut self, builder: GameBuilder) -> Self {
        self.builder = builder;
        self
    }

    fn load(&self, world: &mut World) -> Result<(), String> {
        let compiled = qm_scenario::load(&self.scenario).map_err(|e| e.to_string())?;
        let mut game = self.builder.from_compiled(compiled, self.seed).map_err(|e| e.to_string())?;
        let snap = game.snapshot();
        game.ecs_mut().clear_all();
        populate(world, snap.spec, &snap.state, false).map_err(|e| e.to_string())
    }
}

impl Plugin for QuartermasterPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<StepPhase>();
        app.add_message::<PhaseDone>();
        if let Err(e) = self.load(app.world_mut()) {
            app.world_mut().insert_resource(QmLoadError(e));
            return;
        }
        app.add_systems(Update, drive.in_set(QmSystems::Drive));
    }
}

/// Runs one phase per [`StepPhase`] message read this frame.
fn drive(world: &mut World) {
    let asked = world.resource_mut::<Messages<StepPhase>>().drain().count();
    for _ in 0..asked {
        let report = run_next_phase(world);
        world.write_message(PhaseDone(report));
    }
}
