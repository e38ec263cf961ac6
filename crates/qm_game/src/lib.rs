#![doc = include_str!("../README.md")]

#[cfg(feature = "bevy")]
pub mod bevy_plugin;
pub mod books;
mod builder;
mod driver;
mod economy;
mod exports;
mod legal;
mod names;
pub mod observation;
mod orders_file;
pub mod outcome;
pub mod report;
pub mod snapshot;
mod status_json;
#[cfg(feature = "stepping")]
pub mod stepping;
mod summary;
pub mod view;

pub use builder::{GameBuilder, catalog};
pub use qm_core::ids::{DeterminationKind, NationId, NodeId, NodeSlice, NodeVec, Side, UnitId};
pub use qm_core::orders::{Order, OrderError, Orders};
pub use qm_core::phase::PhaseId;
pub use qm_core::plugin::{Catalog, OrderClass, RulePlugin, Rules};
pub use qm_scenario::order_text::order_text;
pub use qm_scenario::{Diagnostic, LoadError, OrderBatch, sandbox};

/// The phases of the built-in rule families.
pub mod phases {
    pub use qm_ops::orders::{COMBAT, CONSTRUCTION_REDEPLOYMENT, MOVEMENT};
    pub use qm_supply::phases::{INITIAL_SUPPLY, ISOLATION_ELIMINATION, POST_COMBAT_SUPPLY};
}
pub use driver::{BatchRejected, PhaseReport, batch_is_for, run_next_phase};
pub use economy::Economy;
pub use exports::{
    GameEvent, GameRng, GameState, MapGraph, Ruleset, UnitState, collection, files, oil, printable, supply,
};
pub use names::{NationRef, PlaceRef, UnitTypeRef};
pub use observation::{DEFAULT_SIGHT, Fog, HexObs, MapObs, Observation, UnitClass, UnitObs};
pub use orders_file::OrdersRun;
pub use outcome::{EndReason, GameResult};
pub use qm_core::map::{NodeKind, Surface, row_letters};
pub use qm_core::supply::{HexStatus, UnitStatus};
pub use report::{HexRow, SeaLineRow, SupplyReport, UnitRow, ZoneRow};
pub use snapshot::{SaveFile, Snapshot};
pub use summary::{ScenarioSummary, check_scenario, check_scenario_compiled, counted, map_summary};
pub use view::{MapView, NodeView, UnitMark};

use bevy_ecs::prelude::*;
use qm_core::checksum::{Checksum, checksum_world};
use qm_core::components::{Location, Unit};
use qm_core::events::EventLog;
use qm_core::phase::{GameClock, PhaseOrder, PhaseSchedule, configure_phase_schedules};
use qm_core::spec::{ScenarioSpec, Spec};
pub use qm_core::state::StateError;
use qm_core::state::{BuiltResources, build_into, copy_world, extract_state, restore_into};
use qm_core::supply::UnitSupply;
pub use qm_core::validate::InvalidState;
use qm_scenario::Compiled;
use std::path::Path;
use std::sync::Arc;

/// One game: a `World` with its phase schedules, run single-threaded.
///
/// ```no_run
/// use qm_game::Game;
/// let mut game = Game::load("scenarios/awaw/barbarossa-pocket.ron", 7).expect("loads");
/// game.step_phase(); // initial supply determination of the side to move
/// println!("{}", game.checksum());
/// ```
pub struct Game {
    world: World,
    strict: bool,
    /// Worlds of dropped games of the same scenario and strictness, shared
    /// by this game and its clones, for clones to be restored into.
    spare: Spare,
    /// Whether the world may go to `spare` when the game is dropped: not
    /// once a caller had it mutably ([`Game::world_mut`]) or stepped it.
    recyclable: bool,
    #[cfg(feature = "stepping")]
    stepping: Option<stepping::Session>,
}

impl Game {
    /// How to make a game with rule families of its own, or with strict
    /// schedules.
    #[must_use]
    pub fn builder() -> GameBuilder {
        GameBuilder::default()
    }

    /// Loads a scenario file with a seed for the random stream, with the
    /// built-in rule families ([`catalog`]).
    ///
    /// # Errors
    /// A [`LoadError`] with `file:line:col` diagnostics.
    pub fn load(path: impl AsRef<Path>, seed: u64) -> Result<Self, LoadError> {
        GameBuilder::default().load(path, seed)
    }

    /// Like [`Game::load`], with ambiguity detection as an error (tests).
    ///
    /// # Errors
    /// A [`LoadError`] with `file:line:col` diagnostics.
    pub fn load_strict(path: impl AsRef<Path>, seed: u64) -> Result<Self, LoadError> {
        GameBuilder::default().strict(true).load(path, seed)
    }

    /// A game from a compiled scenario, seeded, with the built-in rule
    /// families: what [`Game::load`] does once the file is read. The seed
    /// can be changed later with [`Game::reseed`].
    ///
    /// # Errors
    /// A rule family the catalog does not know, or a starting phase the
    /// rules do not have, at `file:line:col`.
    pub fn from_compiled(c: Compiled, seed: u64) -> Result<Self, LoadError> {
        GameBuilder::default().from_compiled(c, seed)
    }

    /// A game from static data (with its rules resolved, as in a
    /// [`Snapshot`]) and a state.
    ///
    /// # Errors
    /// A section of the state its family cannot read.
    pub fn new(spec: Arc<ScenarioSpec>, state: &GameState) -> Result<Self, StateError> {
        Self::build(spec, state, false)
    }

    /// Like [`Game::new`], with ambiguity detection as an error when the
    /// schedules are built (what tests use).
    ///
    /// # Errors
    /// A section of the state its family cannot read.
    pub fn new_strict(spec: Arc<ScenarioSpec>, state: &GameState) -> Result<Self, StateError> {
        Self::build(spec, state, true)
    }

    pub(crate) fn build(spec: Arc<ScenarioSpec>, state: &GameState, strict: bool) -> Result<Self, StateError> {
        let mut world = World::new();
        populate(&mut world, spec, state, strict)?;
        Ok(Self::with_world(world, strict, Spare::default()))
    }

    fn with_world(mut world: World, strict: bool, spare: Spare) -> Self {
        // Past the ticks the state was written with (see `run_next_phase`).
        world.increment_change_tick();
        world.init_resource::<observation::StaticLayers>();
        Self {
            world,
            strict,
            spare,
            recyclable: true,
            #[cfg(feature = "stepping")]
            stepping: None,
        }
    }

    /// Restarts the random stream from `seed`, as if the game had been
    /// loaded with it. The one way to seed a game once it exists.
    pub fn reseed(&mut self, seed: u64) {
        self.world.insert_resource(qm_core::rng::GameRng::seeded(seed));
    }

    /// A search copy: a clone of the game whose random stream is
    /// independent of the game's, seeded from `seed` and the game's own
    /// seed and position ([`qm_core::rng::derive_seed`] under `"qm-fork"`).
    /// A look-ahead or rollout plays on forks, so that it cannot see the
    /// real game's future dice (determinization); the game's own stream is
    /// untouched, so results stay reproducible.
    #[must_use]
    pub fn fork(&self, seed: u64) -> Self {
        let mut copy = self.clone();
        let (own, pos) =
            self.world.get_resource::<qm_core::rng::GameRng>().map_or((0, 0), |r| (r.seed(), r.word_pos()));
        copy.reseed(qm_core::rng::derive_seed("qm-fork", &[seed, own, pos as u64, (pos >> 64) as u64]));
        copy
    }

    /// The world, for harnesses that query it directly (feature
    /// `harness`). The API boundary's accessors ([`books`], [`outcome`])
    /// are the way to read a game.
    #[cfg(feature = "harness")]
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, mutably: for harnesses that run single systems (feature
    /// `harness`). Changing state behind the engine's back voids its
    /// guarantees.
    #[cfg(feature = "harness")]
    pub fn world_mut(&mut self) -> &mut World {
        self.ecs_mut()
    }

    /// The world, mutably, inside the facade: the game is no longer
    /// recycled when dropped.
    pub(crate) fn ecs_mut(&mut self) -> &mut World {
        self.recyclable = false;
        &mut self.world
    }

    /// The scenario's static data.
    #[must_use]
    pub fn spec(&self) -> &ScenarioSpec {
        &self.world.resource::<Spec>().0
    }

    /// The shared static data.
    #[must_use]
    pub fn spec_arc(&self) -> Arc<ScenarioSpec> {
        self.world.resource::<Spec>().0.clone()
    }

    /// The rules: families, phases, order kinds, state sections.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.spec().rules
    }

    /// Turn, side and next phase.
    #[must_use]
    pub fn clock(&self) -> GameClock {
        *self.world.resource::<GameClock>()
    }

    /// The phases of a player turn, in order, with the family of each.
    #[must_use]
    pub fn phase_order(&self) -> &PhaseOrder {
        self.world.resource::<PhaseOrder>()
    }

    /// The phase [`Game::step_phase`] runs next.
    #[must_use]
    pub fn next_phase(&self) -> Option<PhaseId> {
        self.phase_order().get(self.clock().phase)
    }

    /// Checks every phase schedule for ambiguities and other build errors.
    ///
    /// # Errors
    /// The first schedule that fails to build, with bevy's message.
    pub fn check_schedules(&mut self) -> Result<(), String> {
        let phases: Vec<PhaseId> = self.phase_order().phases().collect();
        for phase in phases {
            self.world
                .schedule_scope(PhaseSchedule(phase), |world, schedule| schedule.initialize(world).map(|_| ()))
                .map_err(|e| format!("{phase}: {e}"))?;
        }
        Ok(())
    }

    /// Makes a supply determination (rule 30) for `side` now, outside the
    /// turn sequence: no orders are applied and the clock does not move.
    /// What `qm supply` and the benches run.
    ///
    /// It records its zones and sea lines as the current player turn's: in
    /// the middle of a player turn, run it on a `clone()` of the game, or
    /// post-combat determination will see the what-if's sea record instead
    /// of the turn's (SUP-135, SUP-139).
    pub fn determine_supply(&mut self, side: Side, kind: DeterminationKind) -> Vec<GameEvent> {
        qm_supply::determine(&mut self.world, side, kind);
        self.world.resource_mut::<EventLog>().drain()
    }

    /// The sea lines the moving side would trace by default at the next
    /// supply determination (SUP-103): what an AI or a player starts from.
    #[must_use]
    pub fn default_sea_plan(&mut self) -> Vec<qm_core::orders::ValidSeaLine> {
        let clock = self.clock();
        let Some(kind) = self.next_phase().and_then(qm_supply::phases::determination) else { return Vec::new() };
        qm_supply::preview(&mut self.world, clock.side, kind);
        qm_supply::sea::view(&self.world).map(|v| qm_supply::sea::default_plan(&v)).unwrap_or_default()
    }

    /// The dynamic state.
    #[must_use]
    pub fn state(&self) -> GameState {
        extract_state(&self.world)
    }

    /// The checksum of the state ([`qm_core::checksum`] says what it
    /// covers): hashed straight from the world, equal to
    /// `fingerprint.fold(checksum(&game.state()))`.
    #[must_use]
    pub fn checksum(&self) -> Checksum {
        self.spec().fingerprint.fold(checksum_world(&self.world))
    }

    /// A snapshot: the shared static data and the state.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        Snapshot { spec: self.spec_arc(), state: self.state() }
    }

    /// The state as a RON save file, if the scenario came from a file.
    #[must_use]
    pub fn save(&self) -> Option<String> {
        self.snapshot().save_file().and_then(|s| qm_scenario::save_to_ron(&s).ok())
    }

    /// Loads a save file written by [`Game::save`], with the built-in rule
    /// families: reads the scenario it names, then restores the state.
    ///
    /// # Errors
    /// A [`LoadError`] for the save or its scenario.
    pub fn load_save(file: &str, bytes: &[u8]) -> Result<Self, LoadError> {
        GameBuilder::default().load_save(file, bytes)
    }

    /// A game rebuilt from a snapshot, or why its state does not fit its
    /// scenario (typed in [`StateError::invalid`]).
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn try_restore(snapshot: &Snapshot) -> Result<Self, StateError> {
        Self::build(snapshot.spec.clone(), &snapshot.state, false)
    }

    /// A game rebuilt from a snapshot taken by [`Game::snapshot`].
    ///
    /// # Panics
    /// If the snapshot's state does not build: not for a snapshot this
    /// engine took (`extract_state(&build_world(spec, s)) == s`); a state
    /// from elsewhere goes through [`Game::try_restore`] or [`Game::new`],
    /// which return the error.
    #[must_use]
    pub fn restore(snapshot: &Snapshot) -> Self {
        Self::build(snapshot.spec.clone(), &snapshot.state, false)
            .unwrap_or_else(|e| panic!("a snapshot taken by the engine builds: {e}"))
    }

    /// Restores a snapshot into this game's own world: the state is written
    /// into the entities and resources the world has, its schedules are
    /// kept (`qm_core::state::restore_into`). The game then continues as
    /// one built from the snapshot by [`Game::restore`] would. A snapshot of
    /// another scenario (another `Arc`) gets a new world.
    ///
    /// # Errors
    /// A section of the snapshot's state that its family cannot read; the
    /// game then holds a world that must be restored again before use.
    pub fn restore_from(&mut self, snapshot: &Snapshot) -> Result<(), StateError> {
        if Arc::ptr_eq(&snapshot.spec, &self.world.resource::<Spec>().0) && self.recyclable {
            return restore_into(&mut self.world, &snapshot.spec, &snapshot.state);
        }
        *self = Self::build(snapshot.spec.clone(), &snapshot.state, self.strict)?;
        Ok(())
    }

    /// Reads an orders file (a RON list of batches) against this game's
    /// rules: the order kinds its families declare, the phases of its phase
    /// order. Each batch carries its `file:line:col`. An order its batch's
    /// phase does not take, or one its side may not give in the player turn
    /// the batch names (an `Intercept` batch without `player:`), is refused
    /// here, at the order.
    ///
    /// # Errors
    /// A [`LoadError`] at the position of each problem.
    pub fn read_orders(&self, file: &str, bytes: &[u8]) -> Result<Vec<OrderBatch>, LoadError> {
        orders_file::read(self, file, bytes)
    }

    /// Reads one order as RON text (`Move(unit: "g1", to: "e52")`, as
    /// [`order_text`] writes it) against this game's order kinds; a problem
    /// is reported in `file`, a label such as `<order 3>`.
    ///
    /// # Errors
    /// A [`LoadError`] when the text is not an order of this game.
    pub fn read_order(&self, file: &str, text: &str) -> Result<Order, LoadError> {
        qm_scenario::order_text::read_order(file, text, self.rules())
    }

    /// Opens a scenario file, or a save file written by [`Game::save`]
    /// (which continues from its position, with its own random stream;
    /// `seed` then does not apply).
    ///
    /// # Errors
    /// A [`LoadError`] for the file, or the scenario a save names.
    pub fn open(path: impl AsRef<Path>, seed: u64) -> Result<Self, LoadError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let bytes = qm_scenario::limits::read_file(path)
            .map_err(|e| LoadError::single(qm_scenario::Diagnostic::whole_file(&name, format!("cannot read: {e}"))))?;
        if qm_scenario::looks_like_save(&bytes) {
            GameBuilder::default().load_save(&name, &bytes)
        } else {
            let compiled = qm_scenario::load_bytes(&name, &bytes, |p| qm_scenario::read_ruleset(&name, p))?;
            GameBuilder::default().from_compiled(compiled, seed)
        }
    }

    /// The side whose supply was determined last (the zones on record), if
    /// any.
    #[must_use]
    pub fn last_determined_side(&self) -> Option<Side> {
        self.world.get_resource::<qm_supply::sea_log::Zones>().and_then(|z| z.at.map(|a| a.side))
    }

    /// The side a unit fights for, by id.
    #[must_use]
    pub fn unit_side(&self, id: &str) -> Option<Side> {
        let (u, _, _) = self.unit(id)?;
        self.state().nations.get(u.nation.index()).and_then(|s| s.side)
    }

    /// Takes the events produced since the last call.
    pub fn drain_events(&mut self) -> Vec<GameEvent> {
        self.world.resource_mut::<EventLog>().drain()
    }

    /// A unit's components by id.
    #[must_use]
    pub fn unit(&self, id: &str) -> Option<(Unit, Location, UnitSupply)> {
        let mut q = self.world.try_query::<(&Unit, &Location, &UnitSupply)>()?;
        q.iter(&self.world).find(|(u, _, _)| u.id.as_str() == id).map(|(u, l, s)| (u.clone(), *l, s.clone()))
    }

    /// What a unit may do as the game stands (SUP-012, SUP-147..176): its
    /// supply status read with its hex, its home country and the
    /// bridgeheads of its side there. AI policies and interfaces read this;
    /// operations orders are validated against it. `None` for an unknown
    /// id.
    #[must_use]
    pub fn capabilities(&self, id: &str) -> Option<qm_supply::capabilities::UnitCapabilities> {
        qm_ops::capabilities(&self.world, id)
    }

    /// What may be built in, redeployed into or flown from a hex (by label
    /// or place name) as the game stands (SUP-199..207). `None` for an
    /// unknown hex.
    #[must_use]
    pub fn hex_capabilities(&self, key: &str) -> Option<qm_supply::capabilities::HexCapabilities> {
        let node = self.spec().map.find(key)?;
        let mut q = self.world.try_query::<(&qm_core::components::MapNode, &qm_core::supply::HexSupply)>()?;
        let status = q.iter(&self.world).find(|(n, _)| n.0 == node).and_then(|(_, h)| h.status);
        Some(qm_supply::capabilities::hex_capabilities(status, self.spec().map.node(node)))
    }

    /// Every unit id, sorted.
    #[must_use]
    pub fn unit_ids(&self) -> Vec<UnitId> {
        let Some(mut q) = self.world.try_query::<&Unit>() else { return Vec::new() };
        let mut ids: Vec<UnitId> = q.iter(&self.world).map(|u| u.id.clone()).collect();
        ids.sort();
        ids
    }

    /// A readable explanation of a unit's supply status, of a unit on the
    /// map or of one isolation eliminated.
    #[must_use]
    pub fn explain(&self, id: &str) -> Option<String> {
        self.explanation(id).map(|e| e.text())
    }

    /// [`Game::explain`] as data.
    #[must_use]
    pub fn explanation(&self, id: &str) -> Option<qm_supply::explain::Explanation> {
        qm_supply::explain::explain_unit(&self.world, id)
    }

    /// The statuses of `side`'s units and hexes, sorted by id and label.
    #[must_use]
    pub fn supply_report(&self, side: Side) -> SupplyReport {
        report::supply_report(self, side)
    }

    /// [`Game::supply_report`] with the side's zones (SUP-093) and, with
    /// `eliminations`, whether each unit was eliminated (SUP-177).
    #[must_use]
    pub fn full_report(&self, side: Side, eliminations: bool) -> SupplyReport {
        let mut r = report::supply_report(self, side);
        report::extend_report(self, &mut r, side, eliminations);
        r
    }

    /// The map as `side` sees it: every node with its control and, for the
    /// side's own nodes, supply status, and the side's units in it.
    #[must_use]
    pub fn map_view(&self, side: Side) -> MapView {
        view::map_view(self, side)
    }

    /// The scenario's title.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.spec().title
    }
}

impl Clone for Game {
    /// A deep copy: the static data is shared; the state is written into
    /// the world of a dropped game of the same scenario if there is one
    /// (schedules, entities and tables reused, `qm_core::state::copy_world`),
    /// else into a new world.
    fn clone(&self) -> Self {
        let spec = self.spec_arc();
        let reused = self.spare.take().and_then(|mut w| copy_world(&self.world, &mut w, &spec).is_ok().then_some(w));
        let world = reused.unwrap_or_else(|| {
            let mut w = World::new();
            populate(&mut w, spec, &self.state(), self.strict)
                .unwrap_or_else(|e| panic!("a state extracted by the engine builds: {e}"));
            w
        });
        let copy = Self::with_world(world, self.strict, self.spare.clone());
        // The copy reads as the game does: it starts from the game's
        // operations view instead of reading its own.
        qm_ops::ViewMemo::share(&self.world, &copy.world);
        copy
    }
}

impl Drop for Game {
    /// Hands the world to the game's spares, for a clone to reuse.
    fn drop(&mut self) {
        if self.recyclable {
            self.spare.give(std::mem::take(&mut self.world));
        }
    }
}

/// Spare worlds of one scenario and strictness, shared by a game and its
/// clones: a self-play loop (clone, play, drop) builds its worlds and
/// schedules once and reuses them.
#[derive(Clone, Default)]
struct Spare(Arc<std::sync::Mutex<Vec<World>>>);

impl Spare {
    /// At most this many spare worlds are kept.
    const MAX: usize = 4;

    fn take(&self) -> Option<World> {
        self.0.lock().ok()?.pop()
    }

    fn give(&self, world: World) {
        if let Ok(mut spare) = self.0.lock()
            && spare.len() < Self::MAX
        {
            spare.push(world);
        }
    }
}

/// Populates `world` with a game: the scenario's entities and resources,
/// every family's state section, the phase schedules, and every family's
/// systems. What [`Game`] does to its own world and the Bevy plugin to an
/// app's.
///
/// # Errors
/// A section of the state its family cannot read.
pub fn populate(world: &mut World, spec: Arc<ScenarioSpec>, state: &GameState, strict: bool) -> Result<(), StateError> {
    let rules = spec.rules.clone();
    build_into(world, spec, state)?;
    install(world, &rules, strict);
    BuiltResources::record(world);
    Ok(())
}

/// Creates the phase schedules of `rules` and lets every family add its
/// systems, in ruleset order.
pub fn install(world: &mut World, rules: &Rules, strict: bool) {
    configure_phase_schedules(world, rules.phases(), &rules.families(), strict);
    rules.reset_caches(world);
    for p in rules.plugins() {
        p.build(world, rules, strict);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_core::events::EventLog;

    fn tiny() -> Game {
        let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(400, 1)).expect("generated");
        Game::builder().strict(true).from_compiled(c, 1).expect("game")
    }

    #[test]
    fn shipped_schedules_have_no_ambiguities() {
        tiny().check_schedules().expect("no ambiguity");
    }

    #[test]
    fn ambiguity_detection_is_an_error_in_strict_games() {
        fn a(mut log: ResMut<EventLog>) {
            log.0.clear();
        }
        fn b(mut log: ResMut<EventLog>) {
            log.0.clear();
        }
        let mut g = tiny();
        g.ecs_mut()
            .resource_mut::<Schedules>()
            .add_systems(PhaseSchedule(crate::phases::MOVEMENT), (a, b).in_set(qm_core::phase::PhaseSystems::Rules));
        let err = g.check_schedules().expect_err("two unordered writers of one resource");
        assert!(err.contains("movement"), "{err}");
    }
}
