//! The JSON of `qm reorganize --json` (OIL-003..005) as typed structs, in
//! declaration order: the header, then one power's reorganization, every
//! unit and resource with its reason.

use crate::output::Header;
use qm_game::oil::{NotReorganized, PowerReport, Reorganized, ResourceReport};
use schemars::JsonSchema;
use serde::Serialize;

/// `qm reorganize --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ReorganizeOutput {
    /// The header.
    pub header: Header,
    /// The power's reorganization.
    #[serde(flatten)]
    pub report: ReportOut,
    /// Every ledger of the game after the step: the build point totals,
    /// saved stock and stock log (OIL-006, OIL-009..013), and the
    /// collection family's books where it is loaded.
    pub ledgers: crate::output_ledgers::LedgersOut,
}

/// One power's reorganization in the final reorganization step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ReportOut {
    /// The report's layout tag (`qm-reorganize/1`).
    pub format: String,
    /// The power, a nation key.
    pub power: String,
    /// The game turn.
    pub turn: u32,
    /// The oil-dependent units requested, by id.
    pub requested: Vec<String>,
    /// Units reorganized with oil (OIL-003).
    pub reorganized: Vec<ReorganizedOut>,
    /// Units not oil dependent, reorganized for free (OIL-003).
    pub free: Vec<String>,
    /// Units left disorganized, with why.
    pub not_reorganized: Vec<NotReorganizedOut>,
    /// Every resource the power could draw from.
    pub resources: Vec<ResourceOut>,
    /// Oil points spent in all.
    pub spent_total: u32,
    /// The cost reorganized, rounded halves up (OIL-004, ruling 1).
    pub minimum_by_rounding: u32,
    /// Whether the plan is proven the cheapest.
    pub optimal: bool,
    /// Why it spends more than the rounded minimum, if it does.
    pub above_minimum: Option<String>,
}

/// A unit reorganized with oil.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ReorganizedOut {
    /// Unit id.
    pub id: String,
    /// The resource whose oil it used (OIL-003).
    pub resource: String,
    /// Its oil cost in tenths.
    pub cost_tenths: u32,
    /// Its path, resource first, by hex label.
    pub path: Vec<String>,
}

/// A unit left disorganized.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct NotReorganizedOut {
    /// Unit id.
    pub id: String,
    /// `not_ordered`, `no_path` or `not_enough_oil`.
    pub reason: String,
    /// The reason in words, with the rule.
    pub detail: String,
    /// The resources it traces a path to, by id.
    pub reaches: Vec<String>,
}

/// What one oil resource spent (OIL-004, rulings 1 and 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ResourceOut {
    /// Its id: a well's key, `saved@HEX` or `hq@UNIT`.
    pub id: String,
    /// Its hex label.
    pub hex: String,
    /// Whose oil it is, a nation key; with `id`, it names the resource
    /// (two powers may keep stock in one hex).
    pub owner: String,
    /// `produced`, `saved`, `hq`, or `…-via-stilwell`.
    pub kind: String,
    /// Oil points it held.
    pub points: u32,
    /// Cost of the units assigned to it, in tenths.
    pub load_tenths: u32,
    /// Oil points it spent.
    pub spent: u32,
    /// Why, with the rule.
    pub why: String,
}

impl From<&Reorganized> for ReorganizedOut {
    fn from(u: &Reorganized) -> Self {
        Self { id: u.id.clone(), resource: u.resource.clone(), cost_tenths: u.cost_tenths, path: u.path.clone() }
    }
}

impl From<&NotReorganized> for NotReorganizedOut {
    fn from(u: &NotReorganized) -> Self {
        Self { id: u.id.clone(), reason: u.reason.clone(), detail: u.detail.clone(), reaches: u.reaches.clone() }
    }
}

impl From<&ResourceReport> for ResourceOut {
    fn from(r: &ResourceReport) -> Self {
        Self {
            id: r.id.clone(),
            hex: r.hex.clone(),
            owner: r.owner.clone(),
            kind: r.kind.clone(),
            points: r.points,
            load_tenths: r.load_tenths,
            spent: r.spent,
            why: r.why.clone(),
        }
    }
}

impl From<&PowerReport> for ReportOut {
    fn from(r: &PowerReport) -> Self {
        Self {
            format: qm_game::oil::FORMAT.to_string(),
            power: r.power.clone(),
            turn: r.turn,
            requested: r.requested.clone(),
            reorganized: r.reorganized.iter().map(ReorganizedOut::from).collect(),
            free: r.free.clone(),
            not_reorganized: r.not_reorganized.iter().map(NotReorganizedOut::from).collect(),
            resources: r.resources.iter().map(ResourceOut::from).collect(),
            spent_total: r.spent_total,
            minimum_by_rounding: r.minimum_by_rounding,
            optimal: r.optimal,
            above_minimum: r.above_minimum.clone(),
        }
    }
}
