#![doc = include_str!("../README.md")]

pub mod report;
pub mod snapshot;
#[cfg(feature = "stepping")]
pub mod stepping;

pub use report::{HexRow, SeaLineRow, SupplyReport, UnitRow, ZoneRow};
pub use snapshot::{SaveFile, Snapshot};

use bevy_ecs::prelude::*;
use qm_core::checksum::{Checksum, checksum};
use qm_core::components::{Location, Unit};
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::{DeterminationKind, Side, UnitId};
use qm_core::orders::{Order, OrderError, Orders, PendingOrder, PendingOrders, ValidOrder};
use qm_core::phase::{
    Determining, GameClock, PhaseId, PhaseOrder, PhaseSchedule, PlayerTurnStart, RunningPhase,
    configure_phase_schedules,
};
use qm_core::spec::{ScenarioSpec, Spec};
use qm_core::state::{GameState, build_world, extract_state};
use qm_core::supply::UnitSupply;
use qm_scenario::{Compiled, LoadError};
use std::path::Path;
use std::sync::Arc;

/// What one phase did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseReport {
    /// Game turn.
    pub turn: u32,
    /// Side to move.
    pub side: Side,
    /// The phase run.
    pub phase: PhaseId,
    /// The events it produced.
    pub events: Vec<GameEvent>,
}

/// An orders batch the engine refused, from [`Game::step_with`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn}, {to_move} {phase}: {side}: rejected: {error}")]
pub struct BatchRejected {
    /// Game turn.
    pub turn: u32,
    /// The side to move.
    pub to_move: Side,
    /// The phase the batch was given for.
    pub phase: PhaseId,
    /// The side that gave it.
    pub side: Side,
    /// Why.
    pub error: OrderError,
}

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
    #[cfg(feature = "stepping")]
    stepping: Option<stepping::Session>,
}

impl Game {
    /// Loads a scenario file with a seed for the random stream.
    ///
    /// # Errors
    /// A [`LoadError`] with `file:line:col` diagnostics.
    pub fn load(path: impl AsRef<Path>, seed: u64) -> Result<Self, LoadError> {
        qm_scenario::load(path).map(|c| Self::from_compiled(c, seed))
    }

    /// Like [`Game::load`], with ambiguity detection as an error (tests).
    ///
    /// # Errors
    /// A [`LoadError`] with `file:line:col` diagnostics.
    pub fn load_strict(path: impl AsRef<Path>, seed: u64) -> Result<Self, LoadError> {
        qm_scenario::load(path).map(|c| {
            let (spec, state) = Self::seeded(c, seed);
            Self::new_strict(spec, &state)
        })
    }

    fn seeded(c: Compiled, seed: u64) -> (Arc<ScenarioSpec>, GameState) {
        let mut state = c.state;
        state.rng = qm_core::rng::GameRng::seeded(seed);
        (Arc::new(c.spec), state)
    }

    /// A game from a compiled scenario, seeded.
    #[must_use]
    pub fn from_compiled(c: Compiled, seed: u64) -> Self {
        let (spec, state) = Self::seeded(c, seed);
        Self::new(spec, &state)
    }

    /// A game from static data and a state.
    #[must_use]
    pub fn new(spec: Arc<ScenarioSpec>, state: &GameState) -> Self {
        Self::build(spec, state, false)
    }

    /// Like [`Game::new`], with ambiguity detection as an error when the
    /// schedules are built (what tests use).
    #[must_use]
    pub fn new_strict(spec: Arc<ScenarioSpec>, state: &GameState) -> Self {
        Self::build(spec, state, true)
    }

    fn build(spec: Arc<ScenarioSpec>, state: &GameState, strict: bool) -> Self {
        let mut world = build_world(spec, state);
        install(&mut world, strict);
        Self {
            world,
            strict,
            #[cfg(feature = "stepping")]
            stepping: None,
        }
    }

    /// The world, for queries.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, mutably: for harnesses that run single systems. Changing
    /// state behind the engine's back voids its guarantees.
    pub fn world_mut(&mut self) -> &mut World {
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

    /// Turn, side and next phase.
    #[must_use]
    pub fn clock(&self) -> GameClock {
        *self.world.resource::<GameClock>()
    }

    /// The phase [`Game::step_phase`] runs next.
    #[must_use]
    pub fn next_phase(&self) -> Option<PhaseId> {
        let clock = self.clock();
        self.world.resource::<PhaseOrder>().0.get(clock.phase).copied()
    }

    /// Checks every phase schedule for ambiguities and other build errors.
    ///
    /// # Errors
    /// The first schedule that fails to build, with bevy's message.
    pub fn check_schedules(&mut self) -> Result<(), String> {
        for phase in PhaseId::ALL {
            self.world
                .schedule_scope(PhaseSchedule(phase), |world, schedule| schedule.initialize(world).map(|_| ()))
                .map_err(|e| format!("{phase}: {e}"))?;
        }
        Ok(())
    }

    /// Runs the next phase and advances the clock.
    pub fn step_phase(&mut self) -> PhaseReport {
        let clock = self.clock();
        let phases = self.world.resource::<PhaseOrder>().0.clone();
        let Some(&phase) = phases.get(clock.phase) else {
            return PhaseReport {
                turn: clock.turn,
                side: clock.side,
                phase: PhaseId::InitialSupply,
                events: Vec::new(),
            };
        };
        self.world.resource_mut::<EventLog>().push(GameEvent::PhaseBegan { turn: clock.turn, side: clock.side, phase });
        if let Some(kind) = phase.determination() {
            self.world.insert_resource(Determining { side: clock.side, kind });
        }
        self.world.insert_resource(RunningPhase(Some(phase)));
        self.world.run_schedule(PhaseSchedule(phase));
        self.world.insert_resource(RunningPhase(None));
        self.advance_clock();
        let events = self.world.resource_mut::<EventLog>().drain();
        PhaseReport { turn: clock.turn, side: clock.side, phase, events }
    }

    /// Submits the batches of `batches` given for the next phase (the
    /// moving side's first, then the defender's), then runs it: how `qm run`
    /// plays an orders file, and how a self-play driver replays one.
    ///
    /// # Errors
    /// The first batch the engine rejects, with where it was given; the
    /// phase does not run and no order of the phase stays queued.
    pub fn step_with(&mut self, batches: &[qm_scenario::OrderBatch]) -> Result<PhaseReport, BatchRejected> {
        let c = self.clock();
        if let Some(phase) = self.next_phase() {
            let queued = self.world.resource::<PendingOrders>().clone();
            for side in [c.side, c.side.other()] {
                let of_this_turn = |b: &&qm_scenario::OrderBatch| {
                    b.turn == c.turn
                        && b.side == side
                        && b.player.unwrap_or(b.side) == c.side
                        && b.phase == phase.as_str()
                };
                for b in batches.iter().filter(of_this_turn) {
                    let batch = Orders { orders: b.orders.clone() };
                    if let Err(error) = self.submit(side, &batch) {
                        self.world.insert_resource(queued);
                        return Err(BatchRejected { turn: c.turn, to_move: c.side, phase, side, error });
                    }
                }
            }
        }
        Ok(self.step_phase())
    }

    /// Moves the clock to the next phase; entering a new player turn runs
    /// the `PlayerTurnStart` schedule.
    pub(crate) fn advance_clock(&mut self) {
        let phases = self.world.resource::<PhaseOrder>().0.len();
        self.world.resource_mut::<GameClock>().advance(phases);
        if self.clock().phase == 0 {
            self.world.run_schedule(PlayerTurnStart);
        }
    }

    /// Runs phases until the side to move changes (the rest of this player
    /// turn).
    pub fn run_player_turn(&mut self) -> Vec<PhaseReport> {
        let start = self.clock();
        let mut out = Vec::new();
        loop {
            out.push(self.step_phase());
            let c = self.clock();
            if c.side != start.side || c.turn != start.turn || out.len() > 64 {
                break;
            }
        }
        out
    }

    /// Makes a supply determination for `side` now, outside the turn
    /// sequence: no orders are applied and the clock does not move. What
    /// `qm supply` and the benches run.
    ///
    /// It records its zones and sea lines as the current player turn's: in
    /// the middle of a player turn, run it on a `clone()` of the game, or
    /// post-combat determination will see the what-if's sea record instead
    /// of the turn's (SUP-135, SUP-139).
    pub fn determine_supply(&mut self, side: Side, kind: DeterminationKind) -> Vec<GameEvent> {
        self.world.insert_resource(Determining { side, kind });
        self.world.insert_resource(RunningPhase(None));
        let phase = match kind {
            DeterminationKind::Initial => PhaseId::InitialSupply,
            DeterminationKind::PostCombat => PhaseId::PostCombatSupply,
        };
        self.world.run_schedule(PhaseSchedule(phase));
        self.world.resource_mut::<EventLog>().drain()
    }

    /// Validates orders of `side` for the next phase and queues them. A
    /// rejected batch changes nothing.
    ///
    /// The side to move gives every order; the defending side gives only
    /// interceptions of the moving side's sea lines (SUP-104), after they
    /// are announced — if the moving side has announced none, its default
    /// plan is announced then (SUP-103).
    ///
    /// # Errors
    /// The first invalid order, as an [`OrderError`].
    pub fn submit(&mut self, side: Side, orders: &Orders) -> Result<(), OrderError> {
        let clock = self.clock();
        let phase = self.next_phase().ok_or(OrderError::NoPhase)?;
        let mut valid: Vec<PendingOrder> = Vec::with_capacity(orders.orders.len());
        for (index, o) in orders.orders.iter().enumerate() {
            let defending = matches!(o, Order::Intercept { .. });
            let turn_side = if defending { clock.side.other() } else { clock.side };
            if side != turn_side {
                return Err(OrderError::NotYourTurn { side, to_move: clock.side });
            }
            let wrong = |what: &str, expected: &str| OrderError::WrongPhase {
                index,
                what: what.into(),
                phase: expected.into(),
            };
            let v = match o {
                Order::DesignateSource { at, class, designate } => {
                    qm_supply::orders::validate_designation(&self.world, side, index, at, class.as_deref(), *designate)?
                }
                Order::SeaSupply(lines) => {
                    let kind =
                        phase.determination().ok_or_else(|| wrong("sea supply", "initial or post-combat supply"))?;
                    self.preview(side, kind);
                    let view = qm_supply::sea::view(&self.world).ok_or(OrderError::NoPhase)?;
                    ValidOrder::SeaSupply(qm_supply::sea::validate_plan(&view, index, lines)?)
                }
                Order::Intercept { line, by, at_island } => {
                    let kind =
                        phase.determination().ok_or_else(|| wrong("interception", "initial or post-combat supply"))?;
                    self.preview(clock.side, kind);
                    let announced =
                        self.world.resource::<PendingOrders>().for_phase(phase).chain(valid.iter()).rev().find_map(
                            |p| match &p.order {
                                ValidOrder::SeaSupply(l) => Some(l.clone()),
                                _ => None,
                            },
                        );
                    let view = qm_supply::sea::view(&self.world).ok_or(OrderError::NoPhase)?;
                    let plan = match announced {
                        Some(p) => p,
                        None => {
                            // SUP-103: the moving side is presumed to supply
                            // every zone that can be; that plan is announced
                            // now, so that it can be attacked.
                            let p = qm_supply::sea::default_plan(&view);
                            valid.push(PendingOrder {
                                side: clock.side,
                                phase,
                                order: ValidOrder::SeaSupply(p.clone()),
                            });
                            p
                        }
                    };
                    qm_supply::sea::validate_intercept(&view, index, &plan, *line, by, at_island.as_deref())?
                }
                other => {
                    let expected = qm_ops::phase_of(other).ok_or(OrderError::NoPhase)?;
                    if expected != phase {
                        return Err(wrong(
                            &format!("{other:?}").split([' ', '{', '(']).next().unwrap_or("this").to_lowercase(),
                            expected.as_str(),
                        ));
                    }
                    qm_ops::validate(&self.world, side, index, other).ok_or(OrderError::NoPhase)??
                }
            };
            valid.push(PendingOrder { side, phase, order: v });
        }
        self.world.resource_mut::<PendingOrders>().0.extend(valid);
        Ok(())
    }

    /// Runs the first stages of a determination (context, land flood, zones)
    /// for validation; touches no state.
    fn preview(&mut self, side: Side, kind: DeterminationKind) {
        self.world.insert_resource(Determining { side, kind });
        self.world.insert_resource(RunningPhase(None));
        self.world.run_schedule(qm_supply::SupplyPreview);
    }

    /// The sea lines the moving side would trace by default at the next
    /// supply determination (SUP-103): what an AI or a player starts from.
    #[must_use]
    pub fn default_sea_plan(&mut self) -> Vec<qm_core::orders::ValidSeaLine> {
        let clock = self.clock();
        let Some(kind) = self.next_phase().and_then(PhaseId::determination) else { return Vec::new() };
        self.preview(clock.side, kind);
        qm_supply::sea::view(&self.world).map(|v| qm_supply::sea::default_plan(&v)).unwrap_or_default()
    }

    /// The dynamic state.
    #[must_use]
    pub fn state(&self) -> GameState {
        extract_state(&self.world)
    }

    /// The checksum of the state.
    #[must_use]
    pub fn checksum(&self) -> Checksum {
        checksum(&self.state())
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

    /// Loads a save file written by [`Game::save`]: reads the scenario it
    /// names, then restores the state.
    ///
    /// # Errors
    /// A [`LoadError`] for the save or its scenario.
    pub fn load_save(file: &str, bytes: &[u8]) -> Result<Self, LoadError> {
        let save = qm_scenario::read_save(file, bytes)?;
        let compiled = qm_scenario::load(&save.scenario)?;
        Ok(Self::new(Arc::new(compiled.spec), &save.state))
    }

    /// A game rebuilt from a snapshot.
    #[must_use]
    pub fn restore(snapshot: &Snapshot) -> Self {
        Self::new(snapshot.spec.clone(), &snapshot.state)
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

    /// A readable explanation of a unit's supply status.
    #[must_use]
    pub fn explain(&self, id: &str) -> Option<String> {
        let (u, l, s) = self.unit(id)?;
        let mut text = qm_supply::describe_unit(self.spec(), &u, &l, &s);
        if let (Some(z), Some(log)) =
            (self.world.get_resource::<qm_core::sea::Zones>(), self.world.get_resource::<qm_core::sea::SeaLog>())
        {
            text.push_str(&qm_supply::explain::describe_sea(self.spec(), z, log, &s, l.node));
        }
        Some(text)
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
}

impl Clone for Game {
    /// A deep copy through a snapshot: the static data is shared, the world
    /// is rebuilt from the state.
    fn clone(&self) -> Self {
        let snap = self.snapshot();
        Self::build(snap.spec, &snap.state, self.strict)
    }
}

/// Creates the phase schedules and installs every rule crate.
pub fn install(world: &mut World, strict: bool) {
    configure_phase_schedules(world, strict);
    qm_supply::install(world, strict);
    qm_ops::install(world);
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_core::events::EventLog;

    fn tiny() -> Game {
        let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(400, 1)).expect("generated");
        let (spec, state) = Game::seeded(c, 1);
        Game::new_strict(spec, &state)
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
        g.world_mut()
            .resource_mut::<Schedules>()
            .add_systems(PhaseSchedule(PhaseId::Movement), (a, b).in_set(qm_core::phase::PhaseSystems::Rules));
        let err = g.check_schedules().expect_err("two unordered writers of one resource");
        assert!(err.contains("movement"), "{err}");
    }
}
