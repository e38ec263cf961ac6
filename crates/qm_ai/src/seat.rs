//! What a player sees when it decides: its seat at the table.
//!
//! A [`Seat`] holds the game privately and offers a policy only what the
//! side may know: its observation (under fog when the game is played under
//! fog), the static scenario (map, ruleset, objectives, the original
//! control of the map), a forecast of the combats its legal attacks would
//! fight, and search copies of the game. Without fog a search copy is a
//! [`Game::fork`] (the real game's future dice stay unknown); under fog
//! there is none, because a copy of the game would hold the enemy units the
//! side cannot see.

use qm_core::spec::ScenarioSpec;
use qm_game::{Fog, Game, NodeId, Observation, Side};
use qm_ops::Forecast;
use std::cell::OnceCell;

/// One side's view of a game, for the decision about to be made.
pub struct Seat<'g> {
    game: &'g Game,
    side: Side,
    fog: Fog,
    /// The observation, made on the first call of [`Seat::observation`]:
    /// a policy that reads nothing (random) pays nothing for it.
    obs: OnceCell<Observation>,
}

impl<'g> Seat<'g> {
    /// `side`'s seat at `game` under `fog`.
    #[must_use]
    pub fn new(game: &'g Game, side: Side, fog: Fog) -> Self {
        Self { game, side, fog, obs: OnceCell::new() }
    }

    /// The side deciding.
    #[must_use]
    pub fn side(&self) -> Side {
        self.side
    }

    /// The fog the side plays under.
    #[must_use]
    pub fn fog(&self) -> Fog {
        self.fog
    }

    /// What the side observes ([`Game::observation_with`]), made once.
    #[must_use]
    pub fn observation(&self) -> &Observation {
        self.obs.get_or_init(|| self.game.observation_with(self.side, self.fog))
    }

    /// The scenario's static data: map, ruleset, nations. Public knowledge.
    #[must_use]
    pub fn spec(&self) -> &ScenarioSpec {
        self.game.spec()
    }

    /// The scenario's objectives and their points (public knowledge).
    #[must_use]
    pub fn objectives(&self) -> Vec<(NodeId, u32)> {
        self.game.objectives()
    }

    /// Per node, whether the side's nations held it at the start of the
    /// war (original control, public knowledge).
    #[must_use]
    pub fn home_nodes(&self) -> qm_game::NodeVec<bool> {
        let side_of = self.game.nation_sides();
        let side_of = |o: qm_game::NationId| side_of.get(o.index()).copied().flatten();
        self.game.original_control().into_iter().map(|o| o.and_then(side_of) == Some(self.side())).collect()
    }

    /// The combat forecast (the scenario's table, every shift, and the
    /// defenders of the attacked hex). A policy asks it only about the
    /// targets of its legal attacks, which stand next to its own units and
    /// so within its sight.
    #[must_use]
    pub fn forecast(&self) -> Option<Forecast<'g>> {
        self.game.forecast()
    }

    /// A copy of the game to search on, its dice drawn from `seed` and not
    /// from the game's stream ([`Game::fork`]); `None` under fog, where the
    /// side may not see the whole game.
    #[must_use]
    pub fn search_copy(&self, seed: u64) -> Option<Game> {
        match self.fog {
            Fog::Off => Some(self.game.fork(seed)),
            Fog::Sight(_) => None,
        }
    }
}
