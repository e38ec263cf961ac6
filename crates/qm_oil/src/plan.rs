//! The solver's output, as plain data: the assignment, what each resource
//! spends, and a typed reason for every unit and every resource.

use crate::model::{ResourceId, UnitId};
use crate::spend::Tenths;
use std::fmt;

/// The solver's answer for one reorganization step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// One entry per input unit, in input order.
    pub units: Vec<UnitPlan>,
    /// One entry per input resource, in input order.
    pub resources: Vec<ResourcePlan>,
    /// Oil points spent in all (OIL-004): at least [`Plan::rounded_minimum`].
    pub total_spent: u32,
    /// Total oil cost of the units reorganized.
    pub cost_reorganized: Tenths,
    /// The cost reorganized rounded halves up (OIL-004, ruling 1).
    pub rounded_minimum: u32,
    /// No assignment of the same units spends fewer points than this.
    pub lower_bound: u32,
    /// Whether both searches finished, so the plan is proven best.
    pub optimal: bool,
    /// Why the plan spends more than the rounded minimum, if it does.
    pub above_minimum: Option<AboveMinimum>,
    /// Search nodes visited (selection and assignment), for benches.
    pub nodes: u64,
}

/// What happens to one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitPlan {
    /// The unit.
    pub id: UnitId,
    /// Its oil cost.
    pub cost: Tenths,
    /// Reorganized or not, and why.
    pub outcome: UnitOutcome,
}

/// Whether a unit is reorganized, and why not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitOutcome {
    /// Reorganized with oil of this resource (OIL-003).
    Reorganized {
        /// Index of the resource in the problem.
        resource: usize,
        /// Its id.
        id: ResourceId,
    },
    /// The player did not order it reorganized.
    NotOrdered,
    /// It traces no path to any oil of its major power (OIL-003).
    NoPath,
    /// The oil it can reach is taken by units reorganized before it: cost
    /// first, then number of units, then HQs first and lower ids (ruling 2).
    NotEnoughOil,
}

/// What one resource spends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourcePlan {
    /// The resource.
    pub id: ResourceId,
    /// Oil points it holds.
    pub points: u32,
    /// Cost of the units assigned to it.
    pub load: Tenths,
    /// Oil points it spends, top-up included.
    pub spent: u32,
    /// Why it spends that.
    pub outcome: ResourceOutcome,
}

/// Why a resource spends what it spends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceOutcome {
    /// No unit reorganized traces a path to it (OIL-003).
    NotReached,
    /// Units reach it, but the cheapest plan assigns none to it.
    Unused,
    /// Its units divide among its points with under 0.5 on each: not spent
    /// (OIL-004, ruling 13).
    RoundedAway {
        /// The load.
        load: Tenths,
    },
    /// Its units, divided among its points, hold 0.5 or more on `points`
    /// of them at the fewest (OIL-004, ruling 13).
    Spent {
        /// The load.
        load: Tenths,
        /// The points holding 0.5 or more.
        points: u32,
        /// Whether the load fills it: 1.0 per point (ruling 2).
        full: bool,
    },
    /// Its units spend `points` (as [`ResourceOutcome::Spent`]), and
    /// `top_up` more of its points, holding under 0.5 each, are spent here so
    /// the total reaches the rounded minimum (OIL-004, ruling 13).
    ToppedUp {
        /// The load.
        load: Tenths,
        /// The points holding 0.5 or more.
        points: u32,
        /// Points added for the rounded minimum.
        top_up: u32,
    },
}

/// Why a plan spends more than the rounded minimum of OIL-004.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AboveMinimum {
    /// Units that reach only one resource force it to be spent, each such
    /// resource's exclusive units divided among its points (OIL-004,
    /// ruling 13), and these add up to
    /// `forced` points, more than the rounded minimum.
    Forced {
        /// Each forced resource with the load of the units reaching only it.
        resources: Vec<(ResourceId, Tenths)>,
        /// Points they force in all.
        forced: u32,
    },
    /// The exhaustive search proved that every assignment spends more: one
    /// point covers at most 1.0 (ruling 2) and units are not split, so 0.5 or
    /// more lands on more points than the minimum (OIL-004, ruling 13).
    Packing,
    /// The search stopped at its node limit; no plan spends fewer than
    /// `lower_bound`, and the plan may not be the cheapest.
    NotProved {
        /// The best lower bound known.
        lower_bound: u32,
    },
}

impl fmt::Display for UnitOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitOutcome::Reorganized { id, .. } => write!(f, "reorganized with oil of {id} (OIL-003)"),
            UnitOutcome::NotOrdered => write!(f, "not reorganized: not ordered"),
            UnitOutcome::NoPath => write!(f, "not reorganized: no path to oil of its major power (OIL-003)"),
            UnitOutcome::NotEnoughOil => write!(
                f,
                "not reorganized: not enough oil within reach, 1.0 per oil point (OIL-004, ruling 2); \
                 cost, then number of units, then HQs first were preferred"
            ),
        }
    }
}

impl fmt::Display for ResourceOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ResourceOutcome::NotReached => write!(f, "not spent: no unit reorganized traces a path to it (OIL-003)"),
            ResourceOutcome::Unused => write!(f, "not spent: no unit needs it in the cheapest plan (ruling 2)"),
            ResourceOutcome::RoundedAway { load } => {
                write!(f, "not spent: load {load} divides among its points at under 0.5 each (OIL-004, ruling 13)")
            }
            ResourceOutcome::Spent { load, points, full } => {
                write!(
                    f,
                    "spends {points}: load {load} holds 0.5 or more on {points} of its points at the fewest (OIL-004, ruling 13)"
                )?;
                if full {
                    write!(f, "; full at 1.0 per point (ruling 2)")?;
                }
                Ok(())
            }
            ResourceOutcome::ToppedUp { load, points, top_up } => write!(
                f,
                "spends {}: load {load} holds 0.5 or more on {points} of its points, plus {top_up} \
                 holding less so the total reaches the rounded minimum (OIL-004, ruling 13)",
                points + top_up
            ),
        }
    }
}

impl fmt::Display for AboveMinimum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AboveMinimum::Forced { resources, forced } => {
                write!(f, "units that reach only one resource force {forced} points (OIL-004):")?;
                for (id, load) in resources {
                    write!(f, " {id} takes {load};")?;
                }
                Ok(())
            }
            AboveMinimum::Packing => write!(
                f,
                "every assignment spends more: a point covers at most 1.0 (ruling 2), units are not \
                 split, and a point holding 0.5 or more is spent (OIL-004, ruling 13); proved by exhaustive search"
            ),
            AboveMinimum::NotProved { lower_bound } => write!(
                f,
                "search stopped at its node limit: no plan spends fewer than {lower_bound} points, \
                 this one may not be the cheapest"
            ),
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "spends {} oil points for {} of units; rounded minimum {} (OIL-004){}",
            self.total_spent,
            self.cost_reorganized,
            self.rounded_minimum,
            if self.optimal { "" } else { "; not proven optimal" }
        )?;
        if let Some(why) = &self.above_minimum {
            writeln!(f, "above the minimum: {why}")?;
        }
        for r in &self.resources {
            writeln!(f, "{} ({} points): {}", r.id, r.points, r.outcome)?;
        }
        for u in &self.units {
            writeln!(f, "{} ({}): {}", u.id, u.cost, u.outcome)?;
        }
        Ok(())
    }
}
