//! One game between two policies: at each phase, each side with legal
//! orders is asked for its orders (the side to move first), they go through
//! [`Game::submit`], and the phase runs; until the game is over or the turn
//! limit is reached.

use crate::policy::{Policy, policy_rng};
use qm_game::{Game, Orders, Side};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// The result of one game, as `qm selfplay` writes it (one JSON line; the
/// field order is the line's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in its batch.
    pub game: u64,
    /// The seed of the game (the engine's stream and the players').
    pub seed: u64,
    /// The policy that played each side.
    pub policies: BTreeMap<Side, String>,
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: String,
    /// Game turns begun (player turns played, halved, rounded up).
    pub turns: u32,
    /// Units of each side eliminated by isolation (SUP-177).
    pub eliminated_by_isolation: BTreeMap<Side, u32>,
    /// Units of each side lost, whatever the cause.
    pub units_lost: BTreeMap<Side, u32>,
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

/// Two policies playing one game, with their streams: gives each phase's
/// orders and runs it.
pub struct Match<'p> {
    axis: &'p mut dyn Policy,
    allies: &'p mut dyn Policy,
    rngs: [ChaCha8Rng; 2],
    /// Orders the policies gave that `submit` refused so far.
    pub refused: u32,
}

impl<'p> Match<'p> {
    /// `axis` against `allies`, each drawing from its own stream derived
    /// from `seed` ([`policy_rng`]).
    pub fn new(axis: &'p mut dyn Policy, allies: &'p mut dyn Policy, seed: u64) -> Self {
        Self { axis, allies, rngs: [policy_rng(seed, Side::Axis), policy_rng(seed, Side::Allies)], refused: 0 }
    }

    /// Asks each side with legal orders for the next phase (the side to
    /// move first) for its orders, submits them one by one, and runs the
    /// phase.
    pub fn phase(&mut self, game: &mut Game) {
        let to_move = game.clock().side;
        for side in [to_move, to_move.other()] {
            let legal = crate::legal::legal_orders(game, side);
            if legal.is_empty() {
                continue;
            }
            let obs = game.observation(side);
            let (policy, rng): (&mut dyn Policy, _) = match side {
                Side::Axis => (&mut *self.axis, &mut self.rngs[0]),
                Side::Allies => (&mut *self.allies, &mut self.rngs[1]),
            };
            for order in policy.choose(game, &obs, &legal, rng) {
                if game.submit(side, &Orders::of([order])).is_err() {
                    self.refused += 1;
                }
            }
        }
        game.step_phase();
    }

    /// Plays phases until the side to move changes: one player turn.
    pub fn player_turn(&mut self, game: &mut Game) {
        let start = game.clock();
        for _ in 0..64 {
            self.phase(game);
            let c = game.clock();
            if c.side != start.side || c.turn != start.turn || game.next_phase().is_none() {
                break;
            }
        }
    }
}

/// Plays `game` to its end between `axis` and `allies` ([`Match`]). The
/// game's own stream is reseeded with `seed` first.
pub fn play_game(
    game: &mut Game,
    axis: &mut dyn Policy,
    allies: &mut dyn Policy,
    seed: u64,
    limits: Limits,
) -> GameRecord {
    game.reseed(seed);
    let policies = BTreeMap::from([(Side::Axis, axis.name().to_string()), (Side::Allies, allies.name().to_string())]);
    let mut m = Match::new(axis, allies, seed);
    let start = game.clock();
    let units_at_start = units_by_side(game);
    let mut player_turns: u32 = 0;
    let (winner, reason) = loop {
        if let Some(end) = crate::outcome::ending(game, start.turn, limits) {
            break end;
        }
        if game.next_phase().is_none() {
            break (None, "no-phase".to_string());
        }
        m.player_turn(game);
        player_turns += 1;
    };
    let units_now = units_by_side(game);
    let lost =
        |s: Side| units_at_start.get(&s).copied().unwrap_or(0).saturating_sub(units_now.get(&s).copied().unwrap_or(0));
    GameRecord {
        game: 0,
        seed,
        policies,
        winner,
        reason,
        turns: player_turns.div_ceil(2),
        eliminated_by_isolation: crate::outcome::isolation_losses(game),
        units_lost: [Side::Axis, Side::Allies].map(|s| (s, lost(s))).into_iter().collect(),
        checksum: game.checksum().to_string(),
        player_turns,
        refused: m.refused,
    }
}

/// Ground units on the map per side.
fn units_by_side(game: &Game) -> BTreeMap<Side, u32> {
    crate::outcome::ground_units(game)
}
