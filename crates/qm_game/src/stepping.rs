//! System-by-system stepping inside a phase, with bevy's `Stepping`
//! (feature `stepping`).
//!
//! ```ignore
//! let mut game = Game::load("scenarios/awaw/barbarossa-pocket.ron", 1)?;
//! loop {
//!     let step = game.step_system();
//!     println!("{} ran {}", step.phase, step.system);
//!     if step.phase_done { break; }
//! }
//! ```

use crate::Game;
use bevy_ecs::schedule::Stepping;
use bevy_ecs::system::RunSystemOnce;
use qm_core::events::{EventLog, GameEvent};
use qm_core::phase::{PhaseId, PhaseSchedule, RunningPhase};

/// What one call of [`Game::step_system`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SystemStep {
    /// The phase being stepped.
    pub phase: PhaseId,
    /// The system that ran.
    pub system: String,
    /// Whether that was the phase's last system (the clock has advanced).
    pub phase_done: bool,
    /// Events produced by the phase, when it is done.
    pub events: Vec<GameEvent>,
}

/// A phase being stepped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Session {
    phase: PhaseId,
    systems: Vec<String>,
    ran: usize,
}

impl Game {
    /// Runs the next system of the next phase. The first call of a phase
    /// starts it (as [`Game::step_phase`] would); the call that runs its last
    /// system finishes it and advances the clock.
    pub fn step_system(&mut self) -> SystemStep {
        let session = match self.stepping.take() {
            Some(s) => s,
            None => self.begin_stepping(),
        };
        let phase = session.phase;
        self.world.resource_mut::<Stepping>().step_frame();
        let _ = self.world.run_system_once(Stepping::begin_frame);
        self.world.run_schedule(PhaseSchedule(phase));
        let system = session.systems.get(session.ran).cloned().unwrap_or_default();
        let ran = session.ran + 1;
        if ran < session.systems.len() {
            self.stepping = Some(Session { ran, ..session });
            return SystemStep { phase, system, phase_done: false, events: Vec::new() };
        }
        self.world.remove_resource::<Stepping>();
        self.world.insert_resource(RunningPhase(None));
        crate::driver::advance_clock(&mut self.world);
        let events = self.world.resource_mut::<EventLog>().drain();
        SystemStep { phase, system, phase_done: true, events }
    }

    /// The systems of the phase being stepped, in the order they run, and
    /// how many have run; `None` between phases.
    #[must_use]
    pub fn stepping_progress(&self) -> Option<(PhaseId, &[String], usize)> {
        self.stepping.as_ref().map(|s| (s.phase, s.systems.as_slice(), s.ran))
    }

    /// The systems of `phase`, in the order they run (short names).
    pub fn phase_systems(&mut self, phase: PhaseId) -> Vec<String> {
        self.world.schedule_scope(PhaseSchedule(phase), |world, schedule| {
            let _ = schedule.initialize(world);
            schedule.systems().map(|it| it.map(|(_, s)| s.name().shortname().to_string()).collect()).unwrap_or_default()
        })
    }

    fn begin_stepping(&mut self) -> Session {
        self.recyclable = false;
        let clock = self.clock();
        let phase = self.next_phase().unwrap_or(PhaseId::new(""));
        self.world.resource_mut::<EventLog>().push(GameEvent::PhaseBegan { turn: clock.turn, side: clock.side, phase });
        self.world.insert_resource(RunningPhase(Some(phase)));
        let systems = self.phase_systems(phase);
        let mut stepping = Stepping::new();
        stepping.add_schedule(PhaseSchedule(phase)).enable();
        self.world.insert_resource(stepping);
        let _ = self.world.run_system_once(Stepping::begin_frame);
        Session { phase, systems, ran: 0 }
    }
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use qm_core::ids::Side;

    /// Stepping the initial supply phase system by system ends in the same
    /// state as running it whole.
    #[test]
    fn stepping_a_phase_matches_running_it() {
        let c = qm_scenario::generate::generate(qm_scenario::generate::GenParams::new(900, 2)).expect("generated");
        let mut whole = Game::from_compiled(c.clone(), 2).expect("game");
        let mut stepped = Game::from_compiled(c, 2).expect("game");
        whole.step_phase();
        let mut names = Vec::new();
        loop {
            let s = stepped.step_system();
            assert_eq!(s.phase, crate::phases::INITIAL_SUPPLY);
            names.push(s.system.clone());
            if s.phase_done {
                break;
            }
            assert!(names.len() < 50, "phase never finished");
        }
        assert!(names.iter().any(|n| n.contains("build_context")), "{names:?}");
        assert!(names.iter().any(|n| n.contains("trace_land")), "{names:?}");
        let pos = |k: &str| names.iter().position(|n| n.contains(k));
        assert!(pos("build_context") < pos("trace_land") && pos("trace_land") < pos("assign_statuses"), "{names:?}");
        assert_eq!(stepped.clock(), whole.clock());
        assert_eq!(stepped.checksum(), whole.checksum());
        assert_eq!(stepped.clock().side, Side::Allies);
    }
}
