//! Phases, the clock, and the order of system sets.
//!
//! Each phase of a player turn is a bevy_ecs [`Schedule`] labelled
//! [`PhaseSchedule`]. [`PhaseOrder`] is open data, as bevy's
//! `MainScheduleOrder`: rule families (plugins, [`crate::plugin`]) insert
//! their phases with [`PhaseOrder::insert_after`] and
//! [`PhaseOrder::insert_before`], and a driver runs the list one phase at a
//! time, which is what a harness steps through.
//!
//! The order of system sets inside a phase is declared once, here, in
//! [`configure_phase_schedules`]:
//!
//! ```text
//! every phase:  PhaseSystems::Begin -> Orders -> Rules -> Finish
//! Begin:        BeginOf(family 1)  -> BeginOf(family 2)  -> ...   (ruleset order)
//! Orders:       OrdersOf(family 1) -> OrdersOf(family 2) -> ...   (ruleset order)
//! Rules:        RulesOf(family 1)  -> RulesOf(family 2)  -> ...   (ruleset order)
//! ```
//!
//! A family places its systems in its own `OrdersOf`/`RulesOf` set and
//! orders its own sets inside them; it never names another family's systems.

use crate::ids::{DeterminationKind, Side};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{LogLevel, ScheduleBuildSettings, ScheduleLabel, SingleThreadedExecutor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeSet;
use std::sync::{Mutex, PoisonError};

/// A phase of a player turn, by its kebab-case name (`initial-supply`).
///
/// Phases are open: each rule family declares its own as constants
/// (`qm_supply::phases::INITIAL_SUPPLY`). Two ids are equal when their names
/// are; they sort by name.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PhaseId(&'static str);

/// How many distinct phase names a process reads from files before it
/// refuses more (each is interned once, so hostile input cannot grow memory
/// without bound).
pub const MAX_PHASE_NAMES: usize = 1024;

static INTERNED: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

impl PhaseId {
    /// A phase named `name` (kebab-case).
    #[must_use]
    pub const fn new(name: &'static str) -> Self {
        Self(name)
    }

    /// The phase named `name`, as read from a file or a command line. `None`
    /// when the name is not kebab-case or the process has read
    /// [`MAX_PHASE_NAMES`] distinct names already.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        let ok = !name.is_empty()
            && name.len() <= 64
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !ok {
            return None;
        }
        let mut set = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(s) = set.get(name) {
            return Some(Self(s));
        }
        if set.len() >= MAX_PHASE_NAMES {
            return None;
        }
        let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
        set.insert(leaked);
        Some(Self(leaked))
    }

    /// Kebab-case name, as in files.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Debug for PhaseId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PhaseId({})", self.0)
    }
}

impl std::fmt::Display for PhaseId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for PhaseId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for PhaseId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Self::parse(&name).ok_or_else(|| serde::de::Error::custom(format!("`{name}` is not a phase name")))
    }
}

/// The schedule of one phase.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhaseSchedule(pub PhaseId);

/// Runs when a player turn begins, before any order for its first phase is
/// given: units uninvert, where each unit begins the turn is noted.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerTurnStart;

/// One entry of the phase order: the phase and the family that added it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PhaseEntry {
    /// The phase.
    pub phase: PhaseId,
    /// The rule family that declared it.
    pub family: &'static str,
}

/// The phases of a player turn, in order: open data that rule families
/// insert into (bevy's `MainScheduleOrder`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseOrder(pub Vec<PhaseEntry>);

impl PhaseOrder {
    /// The phases, in order.
    pub fn phases(&self) -> impl ExactSizeIterator<Item = PhaseId> + '_ {
        self.0.iter().map(|e| e.phase)
    }

    /// The phase at `index`.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<PhaseId> {
        self.0.get(index).map(|e| e.phase)
    }

    /// How many phases a player turn has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No phase at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Where `phase` is.
    #[must_use]
    pub fn position(&self, phase: PhaseId) -> Option<usize> {
        self.0.iter().position(|e| e.phase == phase)
    }

    /// The phase named `name`.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<PhaseId> {
        self.0.iter().find(|e| e.phase.as_str() == name).map(|e| e.phase)
    }

    /// Appends a phase at the end of the player turn. A phase already in
    /// the order is not added twice.
    pub fn push(&mut self, family: &'static str, phase: PhaseId) {
        if self.position(phase).is_none() {
            self.0.push(PhaseEntry { phase, family });
        }
    }

    /// Inserts `phase` right after `anchor`, or at the end if `anchor` is
    /// not in the order (its family is not loaded).
    pub fn insert_after(&mut self, anchor: PhaseId, family: &'static str, phase: PhaseId) {
        if self.position(phase).is_some() {
            return;
        }
        let at = self.position(anchor).map_or(self.0.len(), |i| i + 1);
        self.0.insert(at, PhaseEntry { phase, family });
    }

    /// Inserts `phase` right before `anchor`, or at the end if `anchor` is
    /// not in the order.
    pub fn insert_before(&mut self, anchor: PhaseId, family: &'static str, phase: PhaseId) {
        if self.position(phase).is_some() {
            return;
        }
        let at = self.position(anchor).unwrap_or(self.0.len());
        self.0.insert(at, PhaseEntry { phase, family });
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
                self.turn = self.turn.saturating_add(1);
            }
        }
    }
}

/// The supply determination being made (rule 30), set before a supply
/// schedule runs: by the supply family at the start of its phases, or by a
/// what-if caller.
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
    /// The phase is set up (e.g. which determination it makes).
    Begin,
    /// Validated orders for this phase are applied to the state.
    Orders,
    /// The rules of the phase run.
    Rules,
    /// Bookkeeping: the phase's events are final.
    Finish,
}

/// A family's systems that set up a phase, inside [`PhaseSystems::Begin`];
/// families run in ruleset order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BeginOf(pub &'static str);

/// A family's systems that apply its orders, inside
/// [`PhaseSystems::Orders`]; families run in ruleset order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrdersOf(pub &'static str);

/// A family's rule systems, inside [`PhaseSystems::Rules`]; families run in
/// ruleset order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulesOf(pub &'static str);

/// Build settings for phase schedules. With `strict`, ambiguities between
/// systems are errors (tests use this).
#[must_use]
pub fn build_settings(strict: bool) -> ScheduleBuildSettings {
    ScheduleBuildSettings {
        ambiguity_detection: if strict { LogLevel::Error } else { LogLevel::Warn },
        ..ScheduleBuildSettings::default()
    }
}

/// A new single-threaded schedule with the project's build settings.
#[must_use]
pub fn new_schedule(label: impl ScheduleLabel, strict: bool) -> Schedule {
    let mut s = Schedule::new(label);
    s.set_executor(SingleThreadedExecutor::new());
    s.set_build_settings(build_settings(strict));
    s
}

/// Creates one schedule per phase of `order` in `world`, single-threaded,
/// with the sets ordered as documented above for `families` (in ruleset
/// order), and the [`PlayerTurnStart`] schedule.
pub fn configure_phase_schedules(world: &mut World, order: &PhaseOrder, families: &[&'static str], strict: bool) {
    let mut schedules = world.get_resource_or_init::<Schedules>();
    for phase in order.phases() {
        let mut s = new_schedule(PhaseSchedule(phase), strict);
        s.configure_sets(
            (PhaseSystems::Begin, PhaseSystems::Orders, PhaseSystems::Rules, PhaseSystems::Finish).chain(),
        );
        for w in families.windows(2) {
            s.configure_sets((BeginOf(w[0]), BeginOf(w[1])).chain());
            s.configure_sets((OrdersOf(w[0]), OrdersOf(w[1])).chain());
            s.configure_sets((RulesOf(w[0]), RulesOf(w[1])).chain());
        }
        for &f in families {
            s.configure_sets(BeginOf(f).in_set(PhaseSystems::Begin));
            s.configure_sets(OrdersOf(f).in_set(PhaseSystems::Orders));
            s.configure_sets(RulesOf(f).in_set(PhaseSystems::Rules));
        }
        schedules.insert(s);
    }
    schedules.insert(new_schedule(PlayerTurnStart, strict));
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

    #[test]
    fn phase_order_inserts_relative_to_anchors() {
        let (a, b, c, d) = (PhaseId::new("a"), PhaseId::new("b"), PhaseId::new("c"), PhaseId::new("d"));
        let mut o = PhaseOrder::default();
        o.push("x", a);
        o.push("x", d);
        o.insert_after(a, "y", b);
        o.insert_before(d, "y", c);
        o.insert_after(a, "y", b);
        assert_eq!(o.phases().collect::<Vec<_>>(), vec![a, b, c, d]);
        o.insert_after(PhaseId::new("missing"), "z", PhaseId::new("e"));
        assert_eq!(o.get(4).map(PhaseId::as_str), Some("e"));
    }

    #[test]
    fn parsed_phase_names_are_interned_and_checked() {
        let p = PhaseId::parse("initial-supply").map(PhaseId::as_str);
        assert_eq!(p, Some("initial-supply"));
        assert_eq!(PhaseId::parse("initial-supply"), Some(PhaseId::new("initial-supply")));
        assert_eq!(PhaseId::parse("Bad Name"), None);
        assert_eq!(PhaseId::parse(""), None);
    }
}
