//! Phases, the clock, and the order of system sets.
//!
//! Each phase of a player turn is a bevy_ecs [`Schedule`] labelled
//! [`PhaseSchedule`]. [`PhaseOrder`] is data: the list of phases a driver runs
//! one at a time, which is what a harness steps through.
//!
//! The order of system sets is declared once, here, in
//! [`configure_phase_schedules`]. Rule crates only place their systems in
//! these sets:
//!
//! ```text
//! every phase:   PhaseSystems::Orders -> PhaseSystems::Rules -> PhaseSystems::Finish
//! inside Rules:  SupplySystems::Context -> Land -> Zones -> Sea -> Statuses
//!                -> Explain -> Isolation
//! ```

use crate::ids::{DeterminationKind, Side};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel, SingleThreadedExecutor};
use serde::{Deserialize, Serialize};

/// A phase of a player turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseId {
    /// Initial supply determination (SUP-010, SUP-133).
    InitialSupply,
    /// Ground movement.
    Movement,
    /// Combat.
    Combat,
    /// Post-combat supply determination (SUP-134..141).
    PostCombatSupply,
    /// Elimination of units still isolated (SUP-177..191).
    IsolationElimination,
    /// Unit construction and redeployment.
    ConstructionRedeployment,
}

impl PhaseId {
    /// Every phase, in the default order.
    pub const ALL: [Self; 6] = [
        Self::InitialSupply,
        Self::Movement,
        Self::Combat,
        Self::PostCombatSupply,
        Self::IsolationElimination,
        Self::ConstructionRedeployment,
    ];

    /// The supply determination this phase makes, if any.
    #[must_use]
    pub const fn determination(self) -> Option<DeterminationKind> {
        match self {
            Self::InitialSupply => Some(DeterminationKind::Initial),
            Self::PostCombatSupply => Some(DeterminationKind::PostCombat),
            _ => None,
        }
    }

    /// Kebab-case name, as in files.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InitialSupply => "initial-supply",
            Self::Movement => "movement",
            Self::Combat => "combat",
            Self::PostCombatSupply => "post-combat-supply",
            Self::IsolationElimination => "isolation-elimination",
            Self::ConstructionRedeployment => "construction-redeployment",
        }
    }
}

impl std::fmt::Display for PhaseId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The schedule of one phase.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhaseSchedule(pub PhaseId);

/// Runs when a player turn begins, before any order for its first phase is
/// given: units uninvert, where each unit begins the turn is noted.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerTurnStart;

/// The phases of a player turn, in order.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseOrder(pub Vec<PhaseId>);

impl Default for PhaseOrder {
    fn default() -> Self {
        Self(PhaseId::ALL.to_vec())
    }
}

/// Where the game is: game turn, side to move, and the next phase to run.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    /// Game turn, from 1.
    pub turn: u32,
    /// The side whose player turn it is.
    pub side: Side,
    /// Index in [`PhaseOrder`] of the next phase to run.
    pub phase: usize,
    /// The side that moves first in each game turn.
    pub first: Side,
}

impl GameClock {
    /// Moves to the next phase; after the last, to the other side's player
    /// turn, and after both, to the next game turn.
    pub fn advance(&mut self, phases: usize) {
        self.phase += 1;
        if self.phase >= phases {
            self.phase = 0;
            if self.side == self.first {
                self.side = self.side.other();
            } else {
                self.side = self.first;
                self.turn += 1;
            }
        }
    }
}

/// The determination being made, set by the driver before it runs a supply
/// schedule.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Determining {
    /// The side tracing supply.
    pub side: Side,
    /// Initial or post-combat.
    pub kind: DeterminationKind,
}

/// The phase the driver is running, `None` when a schedule is run outside
/// the turn sequence (a what-if determination, a bench). Orders are applied
/// only in real phases.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunningPhase(pub Option<PhaseId>);

/// Sets present in every phase schedule, in this order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseSystems {
    /// Validated orders for this phase are applied to the state.
    Orders,
    /// The rules of the phase run.
    Rules,
    /// Bookkeeping: the phase's events are final.
    Finish,
}

/// Sets of a supply determination, inside [`PhaseSystems::Rules`], in this
/// order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SupplySystems {
    /// After it: the dense context (control, zones of control, sources,
    /// supply classes) of the determining side is built.
    Context,
    /// After it: the land flood has run for every class.
    Land,
    /// After it: supply zones are labelled.
    Zones,
    /// After it: sea supply lines are resolved and carried forward.
    Sea,
    /// After it: every unit and hex of the side has its status.
    Statuses,
    /// After it: units not fully supplied have their cutoff explained.
    Explain,
    /// After it: units still isolated are eliminated (only in the
    /// isolation-elimination phase).
    Isolation,
}

/// Build settings for phase schedules. With `strict`, ambiguities between
/// systems are errors (tests use this).
#[must_use]
pub fn build_settings(strict: bool) -> ScheduleBuildSettings {
    ScheduleBuildSettings {
        ambiguity_detection: if strict { LogLevel::Error } else { LogLevel::Warn },
        ..ScheduleBuildSettings::default()
    }
}

/// Creates one schedule per phase in `world`, single-threaded, with the sets
/// ordered as documented above.
pub fn configure_phase_schedules(world: &mut World, strict: bool) {
    let mut schedules = world.get_resource_or_init::<Schedules>();
    for phase in PhaseId::ALL {
        let mut s = Schedule::new(PhaseSchedule(phase));
        s.set_executor(SingleThreadedExecutor::new());
        s.set_build_settings(build_settings(strict));
        s.configure_sets((PhaseSystems::Orders, PhaseSystems::Rules, PhaseSystems::Finish).chain());
        s.configure_sets(
            (
                SupplySystems::Context,
                SupplySystems::Land,
                SupplySystems::Zones,
                SupplySystems::Sea,
                SupplySystems::Statuses,
                SupplySystems::Explain,
                SupplySystems::Isolation,
            )
                .chain()
                .in_set(PhaseSystems::Rules),
        );
        schedules.insert(s);
    }
    let mut start = Schedule::new(PlayerTurnStart);
    start.set_executor(SingleThreadedExecutor::new());
    start.set_build_settings(build_settings(strict));
    schedules.insert(start);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_runs_through_both_player_turns() {
        let mut c = GameClock { turn: 1, side: Side::Axis, phase: 0, first: Side::Axis };
        for _ in 0..6 {
            c.advance(6);
        }
        assert_eq!((c.turn, c.side, c.phase), (1, Side::Allies, 0));
        for _ in 0..6 {
            c.advance(6);
        }
        assert_eq!((c.turn, c.side, c.phase), (2, Side::Axis, 0));
    }
}
