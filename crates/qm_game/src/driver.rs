//! Running phases and taking orders.

use crate::Game;
use bevy_ecs::prelude::*;
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::Side;
use qm_core::orders::{Order, OrderContext, OrderError, Orders};
use qm_core::phase::{GameClock, PhaseId, PhaseOrder, PhaseSchedule, PlayerTurnStart, RunningPhase};

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
#[error("{}turn {turn}, {to_move} {phase}: batch of {side} refused: {error}", where_prefix(at.as_ref()))]
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
    pub error: Box<OrderError>,
    /// Where the refused order stands in its orders file (the batch's
    /// position when the order's is not known), if the batch was read
    /// from one.
    pub at: Option<qm_scenario::Diagnostic>,
}

/// `FILE:LINE:COL: ` of a position, or nothing.
fn where_prefix(at: Option<&qm_scenario::Diagnostic>) -> String {
    at.map(|d| format!("{}:{}:{}: ", d.file, d.line, d.col)).unwrap_or_default()
}

impl Game {
    /// Runs the next phase and advances the clock. With no phase to run (an
    /// empty phase order), nothing happens and the report has no events.
    pub fn step_phase(&mut self) -> PhaseReport {
        run_next_phase(&mut self.world)
    }

    /// Submits the batches of `batches` given for the next phase (the
    /// moving side's first, then the defender's), then runs it: how `qm run`
    /// plays an orders file, and how a self-play driver replays one.
    ///
    /// # Errors
    /// The first batch the engine rejects, with where it was given; the
    /// phase does not run and no order of the phase stays queued.
    pub fn step_with(&mut self, batches: &[qm_scenario::OrderBatch]) -> Result<PhaseReport, BatchRejected> {
        self.step_marking(batches, &mut vec![false; batches.len()])
    }

    /// [`Game::step_with`], setting `used[i]` for every batch `i` given for
    /// the phase run: how an orders file's batches that no phase took are
    /// found ([`crate::OrdersRun`]).
    ///
    /// # Errors
    /// As [`Game::step_with`].
    pub fn step_marking(
        &mut self,
        batches: &[qm_scenario::OrderBatch],
        used: &mut [bool],
    ) -> Result<PhaseReport, BatchRejected> {
        let c = self.clock();
        if let Some(phase) = self.next_phase() {
            let rules = self.spec_arc().rules.clone();
            let queued = rules.save_queues(&self.world);
            for side in [c.side, c.side.other()] {
                for (i, b) in batches.iter().enumerate() {
                    if b.side != side || !batch_is_for(b, c, phase) {
                        continue;
                    }
                    if let Some(u) = used.get_mut(i) {
                        *u = true;
                    }
                    if let Err((index, error)) = self.submit_indexed(side, &b.orders) {
                        rules.restore_queues(&mut self.world, queued);
                        return Err(BatchRejected {
                            turn: c.turn,
                            to_move: c.side,
                            phase,
                            side,
                            error: Box::new(error),
                            at: index.and_then(|i| b.order_at(i)).or(b.at.as_ref()).cloned(),
                        });
                    }
                }
            }
        }
        Ok(self.step_phase())
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

    /// Validates orders of `side` for the next phase and queues them. Each
    /// order goes to the validation of the rule family that declared its
    /// kind; a rejected batch changes nothing (the families' queues are put
    /// back as they were).
    ///
    /// # Errors
    /// The first invalid order, as an [`OrderError`].
    pub fn submit(&mut self, side: Side, orders: &Orders) -> Result<(), OrderError> {
        self.submit_indexed(side, &orders.orders).map_err(|(_, e)| e)
    }

    /// [`Game::submit`], with the position of the refused order (none when
    /// the game has no phase to give orders for).
    fn submit_indexed(&mut self, side: Side, orders: &[Order]) -> Result<(), (Option<usize>, OrderError)> {
        let clock = self.clock();
        let phase = self.next_phase().ok_or((None, OrderError::NoPhase))?;
        let rules = self.spec_arc().rules.clone();
        let saved = rules.save_queues(&self.world);
        for (index, order) in orders.iter().enumerate() {
            let cx = OrderContext { side, index, phase, clock };
            if let Err(e) = rules.validate(&mut self.world, &cx, order) {
                rules.restore_queues(&mut self.world, saved);
                return Err((Some(index), e));
            }
        }
        Ok(())
    }
}

/// Whether batch `b` is given for the phase `phase` about to run at `c`:
/// its game turn, the player turn it names (the giver's own by default)
/// and its phase.
#[must_use]
pub fn batch_is_for(b: &qm_scenario::OrderBatch, c: GameClock, phase: PhaseId) -> bool {
    b.turn == c.turn && b.player.unwrap_or(b.side) == c.side && b.phase == phase
}

/// Runs the next phase of the game in `world` (one populated by
/// [`crate::populate`]) and advances its clock: what [`Game::step_phase`]
/// and the Bevy plugin's driver do.
pub fn run_next_phase(world: &mut World) -> PhaseReport {
    let clock = *world.resource::<GameClock>();
    let Some(phase) = world.resource::<PhaseOrder>().get(clock.phase) else {
        return PhaseReport { turn: clock.turn, side: clock.side, phase: PhaseId::new(""), events: Vec::new() };
    };
    world.resource_mut::<EventLog>().push(GameEvent::PhaseBegan { turn: clock.turn, side: clock.side, phase });
    world.insert_resource(RunningPhase(Some(phase)));
    world.run_schedule(PhaseSchedule(phase));
    world.insert_resource(RunningPhase(None));
    advance_clock(world);
    // Past the ticks the phase stamped its changes with: a reading of the
    // world memoized from here on (the operations view's) sees any later
    // change as newer.
    world.increment_change_tick();
    let events = world.resource_mut::<EventLog>().drain();
    PhaseReport { turn: clock.turn, side: clock.side, phase, events }
}

/// Moves the clock to the next phase; entering a new player turn runs the
/// `PlayerTurnStart` schedule.
pub(crate) fn advance_clock(world: &mut World) {
    let phases = world.resource::<PhaseOrder>().len();
    world.resource_mut::<GameClock>().advance(phases);
    if world.resource::<GameClock>().phase == 0 {
        world.run_schedule(PlayerTurnStart);
    }
}
