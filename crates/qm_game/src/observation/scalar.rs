//! The observation's scalars: a fixed-length vector of whole numbers for
//! what is not a place on the map (the clock and the side's economy).

use super::Observation;
use qm_core::ids::Side;

/// The entries of [`Observation::scalars`], by index.
pub mod index {
    /// Game turn.
    pub const TURN: usize = 0;
    /// The phase about to run: its position in the game's phase order (the
    /// number of phases once none is left).
    pub const PHASE: usize = 1;
    /// 1 when the observing side is the side to move, else 0.
    pub const TO_MOVE: usize = 2;
    /// The observing side: 0 for the Axis, 1 for the Allies.
    pub const SIDE: usize = 3;
    /// The side's treasuries, summed (COL-004).
    pub const TREASURY: usize = 4;
    /// Collected less paid to others (may be negative).
    pub const NET_INCOME: usize = 5;
    /// Oil points saved in the side's stockpiles (OIL-009).
    pub const SAVED_OIL: usize = 6;
    /// Build points saved in the side's stockpiles (OIL-010).
    pub const SAVED_BUILD_POINTS: usize = 7;
    /// The build point totals of the side's major powers (OIL-012).
    pub const BUILD_POINTS: usize = 8;
    /// Oil points the side's resources produce a turn (OIL-003).
    pub const OIL_PRODUCTION: usize = 9;
    /// The side's disorganized units (OIL-003).
    pub const DISORGANIZED: usize = 10;
    /// How many scalars there are.
    pub const COUNT: usize = 11;
}

impl Observation {
    /// The scalars, in the order of [`index`]: the clock, then the
    /// observing side's economy (`docs/observation.md`).
    #[must_use]
    pub fn scalars(&self) -> [i64; index::COUNT] {
        let e = &self.economy;
        [
            i64::from(self.turn),
            i64::from(self.phase_index),
            i64::from(self.to_move == self.side),
            i64::from(self.side == Side::Allies),
            i64::from(e.treasury),
            e.net_income,
            i64::from(e.saved_oil),
            i64::from(e.saved_build_points),
            i64::from(e.build_points),
            i64::from(e.oil_production),
            i64::from(e.disorganized),
        ]
    }
}
