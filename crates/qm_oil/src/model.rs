//! The solver's input, as plain data, and its validation.
//!
//! The caller has already traced paths (OIL-003: a basic supply path of any
//! length, to oil of the unit's own major power, Chinese oil for Chinese and
//! for US units tracing to Stilwell): each unit lists the resources it may
//! draw from, by index into [`Problem::resources`].

use crate::spend::Tenths;
use std::fmt;

/// The most resources one problem may hold (reachability is a 64-bit mask).
pub const MAX_RESOURCES: usize = 64;
/// The most units one problem may hold.
pub const MAX_UNITS: usize = 4096;
/// The largest oil cost of one unit, in tenths (the rules' largest is 0.6).
pub const MAX_COST: u32 = 100;
/// The most oil points one resource may hold (OIL-009: 16 in a capital).
pub const MAX_POINTS: u32 = 1000;

/// A unit's stable id, chosen by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnitId(pub u32);

/// A resource's stable id, chosen by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ResourceId(pub u32);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit {}", self.0)
    }
}

impl fmt::Display for ResourceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "resource {}", self.0)
    }
}

/// The priority class of a unit when oil is short: HQs are reorganized first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitClass {
    /// A headquarters (HQ-I costs 0.4, HQ-A 0.6, OIL-003).
    Hq,
    /// Any other oil-dependent unit (naval, air, motorized, mechanized, armor).
    Other,
}

/// One disorganized oil-dependent unit (OIL-003).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OilUnit {
    /// Stable id.
    pub id: UnitId,
    /// Oil cost to reorganize it, in tenths (OIL-003: 0.1, 0.2, 0.4 or 0.6).
    pub cost: Tenths,
    /// Priority class when oil is short.
    pub class: UnitClass,
    /// Whether the player ordered it reorganized.
    pub ordered: bool,
    /// Indices into [`Problem::resources`] of the resources it can trace a
    /// path to (OIL-003). Order and duplicates do not matter.
    pub reaches: Vec<usize>,
}

/// Where a resource's oil comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    /// An oil resource produced this turn.
    Produced,
    /// Oil saved in a city or port (OIL-009, OIL-011).
    Saved,
    /// An HQ made a primary supply source by expending a supply unit this
    /// turn: one oil resource of 1 point that may reorganize the HQ itself
    /// (OIL-005, last clause).
    Hq {
        /// The HQ; if it is among the units, it reaches this resource.
        unit: UnitId,
    },
}

/// One source of oil points (see [`crate::spend`] for what it spends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OilResource {
    /// Stable id.
    pub id: ResourceId,
    /// Oil points it holds, `k >= 1` (an HQ holds exactly 1, OIL-005).
    pub points: u32,
    /// Where the oil comes from.
    pub kind: ResourceKind,
}

/// One reorganization step of one major power (OIL-003).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    /// The disorganized oil-dependent units.
    pub units: Vec<OilUnit>,
    /// The oil resources the power may draw from.
    pub resources: Vec<OilResource>,
}

/// Why a [`Problem`] was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OilError {
    /// More than [`MAX_UNITS`] units.
    #[error("{0} units, at most {MAX_UNITS} are allowed")]
    TooManyUnits(usize),
    /// More than [`MAX_RESOURCES`] resources.
    #[error("{0} resources, at most {MAX_RESOURCES} are allowed")]
    TooManyResources(usize),
    /// Two units share an id.
    #[error("{0} appears twice")]
    DuplicateUnit(UnitId),
    /// Two resources share an id.
    #[error("{0} appears twice")]
    DuplicateResource(ResourceId),
    /// A unit's cost is 0 or above [`MAX_COST`].
    #[error("{unit} costs {cost}, expected 0.1 to {max}", max = Tenths(MAX_COST))]
    BadCost {
        /// The unit.
        unit: UnitId,
        /// Its cost.
        cost: Tenths,
    },
    /// A resource holds 0 points or more than [`MAX_POINTS`].
    #[error("{resource} holds {points} oil points, expected 1 to {MAX_POINTS}")]
    BadPoints {
        /// The resource.
        resource: ResourceId,
        /// Its points.
        points: u32,
    },
    /// An HQ resource does not hold exactly 1 point (OIL-005).
    #[error("{resource} is an HQ and must count as 1 oil resource (OIL-005), not {points}")]
    HqPoints {
        /// The resource.
        resource: ResourceId,
        /// Its points.
        points: u32,
    },
    /// A unit names a resource index out of range.
    #[error("{unit} reaches resource index {index}, but there are {len} resources")]
    BadReach {
        /// The unit.
        unit: UnitId,
        /// The bad index.
        index: usize,
        /// The number of resources.
        len: usize,
    },
}

/// A validated problem in dense form: masks of reachable resources, the HQ
/// self-reach of OIL-005 added.
#[derive(Clone, Debug)]
pub(crate) struct Dense {
    /// Cost of each unit in tenths, in input order.
    pub costs: Vec<u32>,
    /// Reachable resources of each unit as a bit mask, in input order.
    pub masks: Vec<u64>,
    /// Points of each resource, in input order.
    pub points: Vec<u32>,
}

impl Problem {
    /// Checks the problem and builds its dense form.
    pub(crate) fn dense(&self) -> Result<Dense, OilError> {
        self.check_sizes()?;
        self.check_resources()?;
        let mut ids: Vec<UnitId> = self.units.iter().map(|u| u.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(OilError::DuplicateUnit(w[0]));
        }
        let mut costs = Vec::with_capacity(self.units.len());
        let mut masks = Vec::with_capacity(self.units.len());
        for unit in &self.units {
            if unit.cost.0 == 0 || unit.cost.0 > MAX_COST {
                return Err(OilError::BadCost { unit: unit.id, cost: unit.cost });
            }
            costs.push(unit.cost.0);
            masks.push(self.mask_of(unit)?);
        }
        let points = self.resources.iter().map(|r| r.points).collect();
        Ok(Dense { costs, masks, points })
    }

    fn check_sizes(&self) -> Result<(), OilError> {
        if self.units.len() > MAX_UNITS {
            return Err(OilError::TooManyUnits(self.units.len()));
        }
        if self.resources.len() > MAX_RESOURCES {
            return Err(OilError::TooManyResources(self.resources.len()));
        }
        Ok(())
    }

    fn check_resources(&self) -> Result<(), OilError> {
        let mut ids: Vec<ResourceId> = self.resources.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(OilError::DuplicateResource(w[0]));
        }
        for r in &self.resources {
            if matches!(r.kind, ResourceKind::Hq { .. }) && r.points != 1 {
                return Err(OilError::HqPoints { resource: r.id, points: r.points });
            }
            if r.points == 0 || r.points > MAX_POINTS {
                return Err(OilError::BadPoints { resource: r.id, points: r.points });
            }
        }
        Ok(())
    }

    /// The unit's reachable resources as a mask; an HQ made a supply source
    /// always reaches its own resource (OIL-005: "even itself").
    fn mask_of(&self, unit: &OilUnit) -> Result<u64, OilError> {
        let len = self.resources.len();
        let mut mask = 0u64;
        for &index in &unit.reaches {
            if index >= len {
                return Err(OilError::BadReach { unit: unit.id, index, len });
            }
            mask |= 1 << index;
        }
        for (index, r) in self.resources.iter().enumerate() {
            if r.kind == (ResourceKind::Hq { unit: unit.id }) {
                mask |= 1 << index;
            }
        }
        Ok(mask)
    }
}
