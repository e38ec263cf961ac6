//! A static evaluation of a position for one side: what greedy's look-ahead
//! and rollout's playouts score, from the side's observation.

use qm_game::{HexStatus, UnitStatus};
use qm_game::{Observation, Side};

/// Weights of [`score`], in points.
pub mod weights {
    /// Each own unit on the map, minus each enemy unit.
    pub const UNIT: i64 = 100;
    /// Each enemy unit isolated (SUP-177: eliminated at the isolation
    /// phase), minus each own one.
    pub const ISOLATED: i64 = 60;
    /// Each enemy unit partially supplied, minus each own one.
    pub const PARTIAL: i64 = 15;
    /// Each city, capital or objective held, minus each the enemy holds.
    pub const CITY: i64 = 40;
    /// Each land hex held, minus each the enemy holds.
    pub const HEX: i64 = 1;
    /// Each own hex unsupplied.
    pub const OWN_HEX_UNSUPPLIED: i64 = 2;
}

/// The position's value for `obs.side`, higher is better. Integer points
/// (no floating point in anything that decides play).
#[must_use]
pub fn score(obs: &Observation) -> i64 {
    let side = obs.side;
    let units = obs.own_units.len() as i64 - obs.enemy_units.len() as i64;
    let count = |us: &[qm_game::UnitObs], s: UnitStatus| us.iter().filter(|u| u.status == s).count() as i64;
    let isolated = count(&obs.enemy_units, UnitStatus::Isolated) - count(&obs.own_units, UnitStatus::Isolated);
    let partial = count(&obs.enemy_units, UnitStatus::Partial) - count(&obs.own_units, UnitStatus::Partial);
    let mut cities = 0;
    let mut hexes = 0;
    let mut unsupplied = 0;
    for h in obs.hexes.iter().filter(|h| h.land) {
        let sign = held(h.control, side);
        hexes += sign;
        if h.city {
            cities += sign;
        }
        if sign > 0 && h.supply == Some(HexStatus::Unsupplied) {
            unsupplied += 1;
        }
    }
    weights::UNIT * units
        + weights::ISOLATED * isolated
        + weights::PARTIAL * partial
        + weights::CITY * cities
        + weights::HEX * hexes
        - weights::OWN_HEX_UNSUPPLIED * unsupplied
}

/// +1 for a hex `side` holds, -1 for one the enemy holds, 0 otherwise.
fn held(control: Option<Side>, side: Side) -> i64 {
    match control {
        Some(s) if s == side => 1,
        Some(_) => -1,
        None => 0,
    }
}

/// Points per point of the side's treasury, saved oil and build points
/// ([`economy`]).
pub const STOCK: i64 = 4;
/// Points per point of an idle treasury (a nation holding none of its
/// supply centers builds nowhere: its money only pays, MET-006).
pub const IDLE_TREASURY: i64 = 1;
/// Points per point of the side's build point totals (OIL-012): more than
/// a saved point ([`STOCK`]), since the total pays for construction at once
/// and no enemy unit can capture it (OIL-013).
pub const BUILD_POINTS: i64 = 6;
/// Points per oil point the side's resources produce each turn.
pub const OIL_PRODUCTION: i64 = 8;
/// Points lost per own disorganized unit (OIL-003).
pub const DISORGANIZED: i64 = 30;

/// A side's treasuries in points: [`STOCK`] per point a nation can build
/// with, [`IDLE_TREASURY`] per point of an idle one.
#[must_use]
pub fn treasury(e: &qm_game::Economy) -> i64 {
    let idle = i64::from(e.idle_treasury.min(e.treasury));
    STOCK * (i64::from(e.treasury) - idle) + IDLE_TREASURY * idle
}

/// The side's economy in points: what it has saved (treasuries, saved oil
/// and build points), its build point totals, the oil it produces, less its
/// disorganized units. Integer points.
#[must_use]
pub fn economy(obs: &Observation) -> i64 {
    let e = obs.economy;
    let stock = i64::from(e.saved_oil) + i64::from(e.saved_build_points);
    treasury(&e)
        + STOCK * stock
        + BUILD_POINTS * i64::from(e.build_points)
        + OIL_PRODUCTION * i64::from(e.oil_production)
        - DISORGANIZED * i64::from(e.disorganized)
}
