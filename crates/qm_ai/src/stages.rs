//! Where a self-play game's time goes, stage by stage: what `qm bench
//! selfplay` reports as shares. A [`Match`](crate::Match) records its
//! stages only when asked ([`crate::play::play_game_timed`]); an untimed
//! match reads no clock.

use qm_game::PhaseId;
use std::collections::BTreeMap;
use std::time::Instant;

/// A stage of a player turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Listing the legal orders ([`qm_game::Game::legal_orders_of`]).
    List,
    /// The policy choosing among them (its view of the game included).
    Choose,
    /// Checking and queueing the chosen orders ([`qm_game::Game::submit`]).
    Submit,
    /// Running a phase: every rule family's systems of that phase.
    Phase(PhaseId),
    /// The match's own bookkeeping: the tally of each phase's results and
    /// the end-of-game checks.
    Bookkeeping,
    /// The checksum of the final state.
    Checksum,
}

/// Nanoseconds spent in each stage, summed over the games recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StageTimes {
    /// Listing legal orders.
    pub list_ns: u64,
    /// Choosing.
    pub choose_ns: u64,
    /// Checking and queueing orders.
    pub submit_ns: u64,
    /// Running each phase, by phase name.
    pub phases_ns: BTreeMap<&'static str, u64>,
    /// The match's bookkeeping.
    pub bookkeeping_ns: u64,
    /// The final checksum.
    pub checksum_ns: u64,
}

impl StageTimes {
    /// Adds the time since `start` to `stage`.
    pub fn add(&mut self, stage: Stage, start: Instant) {
        let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        *self.slot(stage) += ns;
    }

    fn slot(&mut self, stage: Stage) -> &mut u64 {
        match stage {
            Stage::List => &mut self.list_ns,
            Stage::Choose => &mut self.choose_ns,
            Stage::Submit => &mut self.submit_ns,
            Stage::Phase(p) => self.phases_ns.entry(p.as_str()).or_default(),
            Stage::Bookkeeping => &mut self.bookkeeping_ns,
            Stage::Checksum => &mut self.checksum_ns,
        }
    }

    /// Adds every stage of `other`.
    pub fn merge(&mut self, other: &Self) {
        self.list_ns += other.list_ns;
        self.choose_ns += other.choose_ns;
        self.submit_ns += other.submit_ns;
        for (p, ns) in &other.phases_ns {
            *self.phases_ns.entry(p).or_default() += ns;
        }
        self.bookkeeping_ns += other.bookkeeping_ns;
        self.checksum_ns += other.checksum_ns;
    }

    /// The time of every phase run.
    #[must_use]
    pub fn phases_total_ns(&self) -> u64 {
        self.phases_ns.values().sum()
    }

    /// The time of every stage.
    #[must_use]
    pub fn total_ns(&self) -> u64 {
        self.list_ns + self.choose_ns + self.submit_ns + self.phases_total_ns() + self.bookkeeping_ns + self.checksum_ns
    }
}
