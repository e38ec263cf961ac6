//! One game between two policies: at each phase, each side is asked for
//! its operations and, when its logistics are the policy's, for its
//! logistics one atomic choice at a time (the side to move first); every
//! order goes through [`Game::submit`], and the phase runs; until the game
//! is over or the turn limit is reached.

use crate::policy::{Logistics, Policy, policy_rng};
use crate::seat::Seat;
use crate::stages::{Stage, StageTimes};
use crate::tally::Tally;
use qm_game::{Fog, Game, OrderClass, Orders, PhaseReport, Side};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Instant;

/// When a game stops if it has not ended by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Game turns to play at most (each game turn is both player turns).
    pub max_turns: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_turns: 12 }
    }
}

/// How the sides play, apart from their policies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    /// Whether both sides play under the scenario's fog of war
    /// ([`Game::scenario_fog`]): each sees only its observation.
    pub fog: bool,
    /// Who takes each side's logistics decisions, Axis then Allies.
    pub logistics: [Logistics; 2],
}

impl Play {
    /// Who takes `side`'s logistics decisions.
    #[must_use]
    pub fn logistics_of(&self, side: Side) -> Logistics {
        self.logistics[side_index(side)]
    }
}

/// Logistics choices a side may make in one phase, at most: a bound on
/// the atomic sequence (a policy that never passes stops there).
pub const MAX_LOGISTICS_STEPS: usize = 32;

/// The most rounds of constructions a policy is asked for in one phase.
pub const MAX_BUILD_ROUNDS: usize = 16;

/// The result of one game, as `qm selfplay` writes it (one JSON line; the
/// field order is the line's). Every field a batch needs to replay the
/// game is here: seed, policies, play and the batch's turn limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in its batch.
    pub game: u64,
    /// The seed of the game (the engine's stream and the players').
    pub seed: u64,
    /// The policy that played each side.
    pub policies: BTreeMap<Side, String>,
    /// Who took each side's logistics decisions (`engine` or `policy`).
    pub logistics: BTreeMap<Side, Logistics>,
    /// Whether the game was played under fog of war.
    pub fog: bool,
    /// The batch's turn limit the game was played under.
    pub max_turns: u32,
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: String,
    /// Game turns begun (player turns played, halved, rounded up).
    pub turns: u32,
    /// Units of each side eliminated by isolation (SUP-177).
    pub eliminated_by_isolation: BTreeMap<Side, u32>,
    /// Units of each side lost, whatever the cause, net of units built
    /// (units at the start less units at the end, never below zero).
    pub units_lost: BTreeMap<Side, u32>,
    /// Each side's graded result.
    pub sides: BTreeMap<Side, SideResult>,
    /// The checksum of the final state.
    pub checksum: String,
    /// Player turns played (not in the JSON line: for throughput figures).
    #[serde(skip)]
    pub player_turns: u32,
    /// Orders the policies gave that `submit` refused (not in the JSON
    /// line; a shipped policy gives none).
    #[serde(skip)]
    pub refused: u32,
}

/// One side's graded result: a signal finer than win or lose.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideResult {
    /// Objective points the side holds at the end, less the enemy's
    /// ([`Game::score`]).
    pub vp_margin: i64,
    /// Units lost by cause.
    pub lost: Losses,
    /// Units the side built (constructions that reached the map).
    pub built: u32,
    /// What collection added to the side's treasuries, net of Middle East
    /// payments (COL-004, MET-006), summed over the game.
    pub income: u32,
    /// Oil points the side's reorganizations spent (OIL-003..005).
    pub oil_spent: u32,
    /// Logistics orders the side's policy gave and the engine accepted.
    pub logistics_orders: u32,
}

/// Units lost, by cause.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    /// In the combat phase (combat, retreat, exploitation).
    pub combat: u32,
    /// In the isolation phase (SUP-177).
    pub isolation: u32,
    /// In any other phase (expended, disbanded).
    pub disbanded: u32,
}

/// Two policies playing one game, with their streams: gives each phase's
/// orders and runs it.
pub struct Match<'p> {
    axis: &'p mut dyn Policy,
    allies: &'p mut dyn Policy,
    rngs: [ChaCha8Rng; 2],
    play: Play,
    /// What the game's phases did to each side so far.
    pub tally: Tally,
    /// Orders the policies gave that `submit` refused so far.
    pub refused: u32,
    /// The time of each stage, when the match is timed.
    times: Option<StageTimes>,
}

impl<'p> Match<'p> {
    /// `axis` against `allies`, each drawing from its own stream derived
    /// from `seed` ([`policy_rng`]), without fog, logistics by the engine.
    pub fn new(axis: &'p mut dyn Policy, allies: &'p mut dyn Policy, seed: u64) -> Self {
        Self {
            axis,
            allies,
            rngs: [policy_rng(seed, Side::Axis), policy_rng(seed, Side::Allies)],
            play: Play::default(),
            tally: Tally::default(),
            refused: 0,
            times: None,
        }
    }

    /// The same match, recording the time of each [`Stage`]
    /// ([`Match::times`]).
    #[must_use]
    pub fn timed(mut self) -> Self {
        self.times = Some(StageTimes::default());
        self
    }

    /// The time of each stage so far, when the match is timed.
    #[must_use]
    pub fn times(&self) -> Option<&StageTimes> {
        self.times.as_ref()
    }

    /// The start of a stage: a clock reading when the match is timed.
    fn start(&self) -> Option<Instant> {
        self.times.as_ref().map(|_| Instant::now())
    }

    /// The end of a stage begun at `start`.
    fn stop(&mut self, stage: Stage, start: Option<Instant>) {
        if let (Some(times), Some(t)) = (self.times.as_mut(), start) {
            times.add(stage, t);
        }
    }

    /// The same match played as `play` says.
    #[must_use]
    pub fn with_play(mut self, play: Play) -> Self {
        self.play = play;
        self
    }

    /// Asks each side (the side to move first) for its operations, then
    /// for its logistics if they are its policy's, and runs the phase.
    pub fn phase(&mut self, game: &mut Game) -> PhaseReport {
        let to_move = game.clock().side;
        for side in [to_move, to_move.other()] {
            self.give(game, side);
        }
        let t = self.start();
        let before = self.tally.before(game);
        self.stop(Stage::Bookkeeping, t);
        let t = self.start();
        let report = game.step_phase();
        self.stop(Stage::Phase(report.phase), t);
        let t = self.start();
        self.tally.after(game, before);
        self.stop(Stage::Bookkeeping, t);
        report
    }

    /// `side`'s orders for the phase about to run, given to `game`.
    pub fn give(&mut self, game: &mut Game, side: Side) {
        self.operations(game, side);
        if self.play.logistics_of(side) == Logistics::Policy {
            self.logistics(game, side);
        }
    }

    fn fog(&self, game: &Game) -> Fog {
        if self.play.fog { game.scenario_fog() } else { Fog::Off }
    }

    fn seat_parts(&mut self, side: Side) -> (&mut dyn Policy, &mut ChaCha8Rng) {
        match side {
            Side::Axis => (&mut *self.axis, &mut self.rngs[0]),
            Side::Allies => (&mut *self.allies, &mut self.rngs[1]),
        }
    }

    /// The policy's operations orders, then more constructions while the
    /// policy wants them and the funds allow: a policy picks at most one
    /// order per group, and every construction is of one group, so each
    /// round lists the constructions the funds left still pay for (SUP-203,
    /// OIL-012) and asks again.
    fn operations(&mut self, game: &mut Game, side: Side) {
        let mut legal = self.list(game, side, OrderClass::Operations);
        for _ in 0..MAX_BUILD_ROUNDS {
            if legal.is_empty() {
                return;
            }
            let t = self.start();
            let fog = self.fog(game);
            let (policy, rng) = self.seat_parts(side);
            let orders = policy.choose(&Seat::new(game, side, fog), &legal, rng);
            self.stop(Stage::Choose, t);
            let t = self.start();
            let mut built = false;
            for order in orders {
                let build = order.kind() == "Build";
                match game.submit(side, &Orders::of([order])) {
                    Ok(_) => built |= build,
                    Err(_) => self.refused += 1,
                }
            }
            self.stop(Stage::Submit, t);
            if !built {
                return;
            }
            legal = self.list(game, side, OrderClass::Operations);
            legal.retain(|o| o.kind() == "Build");
        }
    }

    /// The legal orders of `side` of `class`, timed as [`Stage::List`].
    fn list(&mut self, game: &mut Game, side: Side, class: OrderClass) -> Vec<qm_game::Order> {
        let t = self.start();
        let legal = game.legal_orders_of(side, class);
        self.stop(Stage::List, t);
        legal
    }

    fn logistics(&mut self, game: &mut Game, side: Side) {
        let fog = self.fog(game);
        for _ in 0..MAX_LOGISTICS_STEPS {
            let choices = self.list(game, side, OrderClass::Logistics);
            if choices.is_empty() {
                return;
            }
            let t = self.start();
            let (policy, rng) = self.seat_parts(side);
            let decided = policy.decide(&Seat::new(game, side, fog), &choices, rng);
            self.stop(Stage::Choose, t);
            let Some(order) = decided else { return };
            let t = self.start();
            let submitted = game.submit(side, &Orders::of([order]));
            self.stop(Stage::Submit, t);
            if submitted.is_err() {
                self.refused += 1;
                return;
            }
            self.tally.side_mut(side).logistics_orders += 1;
        }
    }

    /// Plays phases until the side to move changes: one player turn.
    pub fn player_turn(&mut self, game: &mut Game) {
        self.player_turn_observed(game, &mut |_, _| {});
    }

    /// [`Match::player_turn`], handing `observe` the game after each phase
    /// with the phase's report.
    pub fn player_turn_observed(&mut self, game: &mut Game, observe: &mut dyn FnMut(&mut Game, &PhaseReport)) {
        let start = game.clock();
        for _ in 0..64 {
            let report = self.phase(game);
            observe(game, &report);
            let c = game.clock();
            if c.side != start.side || c.turn != start.turn || game.next_phase().is_none() {
                break;
            }
        }
    }
}

/// Index of a side in per-side arrays: Axis 0, Allies 1.
#[must_use]
pub const fn side_index(side: Side) -> usize {
    match side {
        Side::Axis => 0,
        Side::Allies => 1,
    }
}

/// Plays `game` to its end between `axis` and `allies` ([`Match`]) as
/// `play` says. The game's own stream is reseeded with `seed` first.
pub fn play_game(
    game: &mut Game,
    axis: &mut dyn Policy,
    allies: &mut dyn Policy,
    seed: u64,
    limits: Limits,
    play: Play,
) -> GameRecord {
    play_game_observed(game, [axis, allies], (seed, limits, play), &mut |_, _| {})
}

/// [`play_game`], handing `observe` the game after each phase with the
/// phase's report (what `qm replay --selfplay` draws a frame of): the
/// same game, phase for phase.
pub fn play_game_observed(
    game: &mut Game,
    [axis, allies]: [&mut dyn Policy; 2],
    params: (u64, Limits, Play),
    observe: &mut dyn FnMut(&mut Game, &PhaseReport),
) -> GameRecord {
    let m = Match::new(axis, allies, params.0).with_play(params.2);
    play_match(game, m, params, observe).0
}

/// [`play_game`], recording where the time went ([`StageTimes`]): what
/// `qm bench selfplay` measures. The record is the one [`play_game`]
/// gives.
pub fn play_game_timed(
    game: &mut Game,
    [axis, allies]: [&mut dyn Policy; 2],
    params: (u64, Limits, Play),
) -> (GameRecord, StageTimes) {
    let m = Match::new(axis, allies, params.0).with_play(params.2).timed();
    let (record, times) = play_match(game, m, params, &mut |_, _| {});
    (record, times.unwrap_or_default())
}

/// Plays `game` to its end with the match `m`, and the match's stage times
/// if it was timed.
fn play_match(
    game: &mut Game,
    mut m: Match<'_>,
    (seed, limits, play): (u64, Limits, Play),
    observe: &mut dyn FnMut(&mut Game, &PhaseReport),
) -> (GameRecord, Option<StageTimes>) {
    game.reseed(seed);
    let policies =
        BTreeMap::from([(Side::Axis, m.axis.name().to_string()), (Side::Allies, m.allies.name().to_string())]);
    let start = game.clock();
    let units_at_start = crate::outcome::ground_units(game);
    let mut player_turns: u32 = 0;
    let (winner, reason) = loop {
        let t = m.start();
        let end = crate::outcome::ending(game, start.turn, limits);
        m.stop(Stage::Bookkeeping, t);
        if let Some(end) = end {
            break end;
        }
        if game.next_phase().is_none() {
            break (None, "no-phase".to_string());
        }
        m.player_turn_observed(game, observe);
        player_turns += 1;
    };
    let t = m.start();
    let units_now = crate::outcome::ground_units(game);
    let lost =
        |s: Side| units_at_start.get(&s).copied().unwrap_or(0).saturating_sub(units_now.get(&s).copied().unwrap_or(0));
    let (logistics, units_lost) = (
        [Side::Axis, Side::Allies].map(|s| (s, play.logistics_of(s))).into_iter().collect(),
        [Side::Axis, Side::Allies].map(|s| (s, lost(s))).into_iter().collect(),
    );
    let (eliminated_by_isolation, sides) = (crate::outcome::isolation_losses(game), m.tally.results(game));
    m.stop(Stage::Bookkeeping, t);
    let t = m.start();
    let checksum = game.checksum().to_string();
    m.stop(Stage::Checksum, t);
    let record = GameRecord {
        game: 0,
        seed,
        policies,
        logistics,
        fog: play.fog,
        max_turns: limits.max_turns,
        winner,
        reason,
        turns: player_turns.div_ceil(2),
        eliminated_by_isolation,
        units_lost,
        sides,
        checksum,
        player_turns,
        refused: m.refused,
    };
    (record, m.times)
}
