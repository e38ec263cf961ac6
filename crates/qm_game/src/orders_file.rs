//! Orders files as a run plays them: no batch is silently dropped. A batch
//! whose phase does not take its orders, or whose player turn the giving
//! side may not give them in, is refused when the file is read; a batch no
//! phase of the run used is reported at the end, with its `file:line:col`
//! and why.

use crate::Game;
use crate::driver::PhaseReport;
use qm_core::ids::Side;
use qm_core::orders::{OrderContext, OrderError};
use qm_core::phase::{GameClock, PhaseOrder};
use qm_scenario::{Diagnostic, LoadError, OrderBatch};

/// Where a batch (or a phase) stands in the sequence of play: game turn,
/// whether it is the second player turn of the game turn, and the phase's
/// position in the player turn.
type PlayKey = (u32, bool, usize);

fn key_of(turn: u32, player: Side, phase_index: usize, first: Side) -> PlayKey {
    (turn, player != first, phase_index)
}

/// `turn 3 allies combat`: the phase about to run at `c`.
fn describe_clock(c: GameClock, order: &PhaseOrder) -> String {
    let phase = order.get(c.phase).map_or("-", |p| p.as_str());
    format!("turn {} {} {phase}", c.turn, c.side)
}

/// The batches of an orders file as a run plays them, with which were used.
#[derive(Clone, Debug)]
pub struct OrdersRun {
    batches: Vec<OrderBatch>,
    used: Vec<bool>,
    start: Option<GameClock>,
    last: Option<GameClock>,
}

impl OrdersRun {
    /// The batches of a file read by [`Game::read_orders`].
    #[must_use]
    pub fn new(batches: Vec<OrderBatch>) -> Self {
        let used = vec![false; batches.len()];
        Self { batches, used, start: None, last: None }
    }

    /// The batches.
    #[must_use]
    pub fn batches(&self) -> &[OrderBatch] {
        &self.batches
    }

    /// Runs the next phase of `game` with the batches given for it (see
    /// [`Game::step_with`]), noting which were used.
    ///
    /// # Errors
    /// The first refused batch, at the refused order's `file:line:col`.
    pub fn step(&mut self, game: &mut Game) -> Result<PhaseReport, crate::BatchRejected> {
        let before = game.clock();
        self.start.get_or_insert(before);
        let r = game.step_marking(&self.batches, &mut self.used)?;
        self.last = Some(before);
        Ok(r)
    }

    /// The phase run last (`turn 3 axis combat`), if any.
    #[must_use]
    pub fn last_run(&self, game: &Game) -> Option<String> {
        self.last.map(|c| describe_clock(c, game.phase_order()))
    }

    /// Every batch no phase of the run used, in file order, as a
    /// diagnostic at the batch saying why: `stop` says where the run
    /// stopped (`--phases 6 stops at turn 3 axis combat`).
    #[must_use]
    pub fn unused(&self, game: &Game, stop: &str) -> Vec<Diagnostic> {
        let order = game.phase_order();
        let first = game.clock().first;
        let start = self.start.unwrap_or_else(|| game.clock());
        let start_key = key_of(start.turn, start.side, start.phase, first);
        self.batches
            .iter()
            .zip(&self.used)
            .filter(|(_, used)| !**used)
            .map(|(b, _)| {
                let player = b.player.unwrap_or(b.side);
                let index = order.position(b.phase).unwrap_or(usize::MAX);
                let why = if key_of(b.turn, player, index, first) < start_key {
                    format!(
                        "{} is never reached: the game starts at {}, after it",
                        b.describe(),
                        describe_clock(start, order)
                    )
                } else {
                    format!("{} is never reached: {stop}", b.describe())
                };
                let at = b.at.clone().unwrap_or_else(|| Diagnostic::whole_file("orders", ""));
                Diagnostic { message: format!("orders batch never used: {why}"), ..at }
            })
            .collect()
    }
}

/// Checks each order of each batch against the phase and player turn the
/// batch names, by validating it on a copy of `game` as if that phase were
/// about to run: an order its phase does not take, or that its side may
/// not give in that player turn (an `Intercept` batch without `player:`),
/// is a diagnostic at the order or the batch. Other refusals depend on the
/// position the game will be in then, and are left to the run.
pub(crate) fn check_batches(game: &Game, batches: &[OrderBatch]) -> Vec<Diagnostic> {
    let mut copy = game.clone();
    let rules = copy.spec_arc().rules.clone();
    let order = copy.phase_order().clone();
    let first = copy.clock().first;
    let mut out = Vec::new();
    for b in batches {
        let Some(phase_index) = order.position(b.phase) else { continue };
        let player = b.player.unwrap_or(b.side);
        let clock = GameClock { turn: b.turn, side: player, phase: phase_index, first };
        let saved = rules.save_queues(&copy.world);
        for (index, o) in b.orders.iter().enumerate() {
            let cx = OrderContext { side: b.side, index, phase: b.phase, clock };
            let message = match rules.validate(copy.ecs_mut(), &cx, o) {
                Err(OrderError::WrongPhase { what, phase, .. }) => format!(
                    "a `{}` order in a batch for the `{}` phase: {what} orders are given in the {phase} phase",
                    o.kind(),
                    b.phase
                ),
                Err(OrderError::NotYourTurn { side, to_move }) if b.player.is_none() => format!(
                    "{side} gives `{}` orders in the other side's player turn: add `player: {:?}` to the batch \
                     (the batch is for {to_move}'s own player turn)",
                    o.kind(),
                    side.other()
                ),
                Err(e @ OrderError::NotYourTurn { .. }) => format!("`{}` order: {e}", o.kind()),
                _ => continue,
            };
            let at = b.order_at(index).cloned().unwrap_or_else(|| Diagnostic::whole_file("orders", ""));
            out.push(Diagnostic { message, ..at });
        }
        rules.restore_queues(copy.ecs_mut(), saved);
    }
    out
}

/// Reads an orders file against `game`'s rules and checks its batches.
pub(crate) fn read(game: &Game, file: &str, bytes: &[u8]) -> Result<Vec<OrderBatch>, LoadError> {
    let batches = qm_scenario::read_orders(file, bytes, game.rules())?;
    let diagnostics = check_batches(game, &batches);
    if diagnostics.is_empty() {
        Ok(batches)
    } else {
        let sources = std::str::from_utf8(bytes).map(|t| vec![(file.to_string(), t.to_string())]).unwrap_or_default();
        Err(LoadError { diagnostics, sources })
    }
}
