//! The state of a `qm step` session: the game, the orders file's batches,
//! the snapshots for `undo` and `diff`, the last step's events and the
//! breakpoints; and the ways to step (a phase, a system, to a phase, to the
//! end of the player turn, to a breakpoint).

use qm_game::GameEvent;
use qm_game::{Game, OrderBatch, PhaseId, Snapshot, batch_is_for};

/// At most this many phases per command (a game with no end).
pub const MAX_PHASES: usize = 64;

/// A `qm step` session.
pub struct Session {
    /// The game.
    pub game: Game,
    /// The batches of the orders files read, in file order.
    pub batches: Vec<OrderBatch>,
    /// Which batches a phase has taken.
    pub used: Vec<bool>,
    /// Snapshots before each step, newest last (`undo`).
    pub undo: Vec<Snapshot>,
    /// The state before the last step (`diff`).
    pub before: Option<Snapshot>,
    /// What the last step emitted.
    pub events: Vec<GameEvent>,
    /// System names (or parts of them) to stop before.
    pub breakpoints: Vec<String>,
}

/// What a step command did, in one line.
pub type Outcome = Result<String, String>;

impl Session {
    /// A session over a game.
    #[must_use]
    pub fn new(game: Game) -> Self {
        Self {
            game,
            batches: Vec::new(),
            used: Vec::new(),
            undo: Vec::new(),
            before: None,
            events: Vec::new(),
            breakpoints: Vec::new(),
        }
    }

    /// Adds an orders file's batches.
    pub fn add_batches(&mut self, b: Vec<OrderBatch>) {
        self.used.extend(std::iter::repeat_n(false, b.len()));
        self.batches.extend(b);
    }

    /// The prompt: turn, side to move, next phase (and the system reached
    /// inside it).
    #[must_use]
    pub fn prompt(&self) -> String {
        let c = self.game.clock();
        let phase = self.game.next_phase().map_or_else(|| "-".to_string(), |p| p.to_string());
        match self.game.stepping_progress() {
            Some((p, systems, ran)) => format!("[turn {} {} {p} system {}/{}]", c.turn, c.side, ran + 1, systems.len()),
            None => format!("[turn {} {} {phase}]", c.turn, c.side),
        }
    }

    /// Remembers the state before a step.
    fn checkpoint(&mut self) {
        let snap = self.game.snapshot();
        self.before = Some(snap.clone());
        self.undo.push(snap);
        self.events.clear();
    }

    /// Runs the rest of the phase being stepped, or the next phase whole,
    /// with the orders file's batches for it.
    ///
    /// # Errors
    /// A refused batch (the state is left as before it).
    pub fn step_next(&mut self) -> Outcome {
        if self.game.next_phase().is_none() {
            return Err("no phase to run".into());
        }
        if self.game.stepping_progress().is_some() {
            // The phase-start snapshot stays the undo point.
            self.before = Some(self.game.snapshot());
            self.events.clear();
            let last = loop {
                let s = self.game.step_system();
                self.events.extend(s.events);
                if s.phase_done {
                    break s.phase;
                }
            };
            return Ok(format!("finished {last}: {}", count(self.events.len())));
        }
        self.checkpoint();
        match self.game.step_marking(&self.batches, &mut self.used) {
            Ok(r) => {
                self.events = r.events;
                Ok(format!("ran turn {} {} {}: {}", r.turn, r.side, r.phase, count(self.events.len())))
            }
            Err(e) => {
                self.undo_last();
                Err(e.to_string())
            }
        }
    }

    /// Runs the next system of the phase (starting it, with its batches
    /// submitted, if none is being stepped), through bevy's `Stepping`.
    ///
    /// # Errors
    /// A refused batch, or no phase to run.
    pub fn sys(&mut self) -> Outcome {
        let Some(phase) = self.game.next_phase() else { return Err("no phase to run".into()) };
        if self.game.stepping_progress().is_none() {
            // Undo goes back to before the phase, not into its middle.
            self.checkpoint();
            self.submit_batches(phase)?;
        } else {
            self.before = Some(self.game.snapshot());
            self.events.clear();
        }
        let s = self.game.step_system();
        self.events = s.events;
        let done =
            if s.phase_done { format!(" (end of {}: {})", s.phase, count(self.events.len())) } else { String::new() };
        Ok(format!("ran {}{done}", s.system))
    }

    /// Submits the orders file's batches for the next phase, as
    /// `Game::step_marking` does before running it whole.
    fn submit_batches(&mut self, phase: PhaseId) -> Result<(), String> {
        let clock = self.game.clock();
        let mut idx: Vec<usize> =
            (0..self.batches.len()).filter(|&i| batch_is_for(&self.batches[i], clock, phase)).collect();
        // The moving side's batches first, then the other side's.
        idx.sort_by_key(|&i| (self.batches[i].side != clock.side, i));
        for i in idx {
            let (side, what) = (self.batches[i].side, self.batches[i].describe());
            let orders = qm_game::Orders { orders: self.batches[i].orders.clone() };
            if let Err(e) = self.game.submit(side, &orders) {
                self.undo_last();
                return Err(format!("{what}: {e}"));
            }
            self.used[i] = true;
        }
        Ok(())
    }

    /// Runs phases until `phase` is next (stops before it).
    ///
    /// # Errors
    /// A refused batch, or an unknown phase.
    pub fn until(&mut self, phase: &str) -> Outcome {
        let known: Vec<String> = self.game.phase_order().phases().map(|p| p.to_string()).collect();
        if !known.iter().any(|p| p == phase) {
            let hint = qm_game::files::suggest::hint(phase, known.iter().map(String::as_str));
            return Err(format!("no phase `{phase}`{hint} (phases: {})", known.join(", ")));
        }
        let mut lines = Vec::new();
        let mut events = Vec::new();
        let first = self.start_run();
        for _ in 0..MAX_PHASES {
            if self.game.next_phase().is_some_and(|p| p.as_str() == phase) && self.game.stepping_progress().is_none() {
                break;
            }
            lines.push(self.step_next()?);
            events.append(&mut self.events);
        }
        self.finish_run(first, events);
        lines.push(format!("stopped before {phase}"));
        Ok(lines.join("\n"))
    }

    /// Runs phases to the end of the player turn.
    ///
    /// # Errors
    /// A refused batch.
    pub fn turn(&mut self) -> Outcome {
        let start = self.game.clock();
        let first = self.start_run();
        let (mut lines, mut events) = (Vec::new(), Vec::new());
        for _ in 0..MAX_PHASES {
            lines.push(self.step_next()?);
            events.append(&mut self.events);
            let c = self.game.clock();
            if c.side != start.side || c.turn != start.turn || self.game.next_phase().is_none() {
                break;
            }
        }
        self.finish_run(first, events);
        Ok(lines.join("\n"))
    }

    /// Runs system by system until the next system is a breakpoint (or the
    /// player turn ends).
    ///
    /// # Errors
    /// A refused batch.
    pub fn continue_(&mut self) -> Outcome {
        if self.breakpoints.is_empty() {
            return Err("no breakpoint: set one with `break SYSTEM`".into());
        }
        let start = self.game.clock();
        let first = self.start_run();
        let mut events = Vec::new();
        for _ in 0..(MAX_PHASES * 64) {
            self.sys()?;
            events.append(&mut self.events);
            let c = self.game.clock();
            if c.side != start.side || c.turn != start.turn || self.game.next_phase().is_none() {
                self.finish_run(first, events);
                return Ok("end of the player turn: no breakpoint reached".into());
            }
            if let Some(next) = self.next_system()
                && let Some(b) = self.breakpoints.iter().find(|b| next.contains(b.as_str())).cloned()
            {
                self.finish_run(first, events);
                let phase = self.game.next_phase().map_or_else(String::new, |p| p.to_string());
                return Ok(format!("breakpoint `{b}`: stopped before {next} in {phase}"));
            }
        }
        self.finish_run(first, events);
        Ok("stopped: too many systems".into())
    }

    /// The system that `sys` would run next.
    #[must_use]
    pub fn next_system(&mut self) -> Option<String> {
        if let Some((_, systems, ran)) = self.game.stepping_progress() {
            return systems.get(ran).cloned();
        }
        let phase = self.game.next_phase()?;
        self.game.phase_systems(phase).into_iter().next()
    }

    /// After a multi-step command: one undo point and one diff for all of
    /// it, and all its events.
    fn finish_run(&mut self, (first, depth): (Snapshot, usize), events: Vec<GameEvent>) {
        self.undo.truncate(depth);
        if self.game.state() != first.state {
            self.undo.push(first.clone());
        }
        self.before = Some(first);
        self.events = events;
    }

    /// Where a multi-step command starts: the snapshot and the undo depth.
    fn start_run(&self) -> (Snapshot, usize) {
        (self.game.snapshot(), self.undo.len())
    }

    /// Goes back to the snapshot before the last step.
    ///
    /// # Errors
    /// Nothing to undo.
    pub fn undo(&mut self) -> Outcome {
        if self.undo.is_empty() {
            return Err("nothing to undo".into());
        }
        self.undo_last();
        self.before = None;
        self.events.clear();
        Ok(format!("back to {}", self.prompt()))
    }

    fn undo_last(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.game = Game::restore(&s);
        }
    }

    /// Replaces the game (a loaded save), keeping the old one for `undo`.
    pub fn replace(&mut self, game: Game) {
        self.checkpoint();
        self.game = game;
    }
}

/// `3 events`.
fn count(n: usize) -> String {
    format!("{n} event{}", if n == 1 { "" } else { "s" })
}
