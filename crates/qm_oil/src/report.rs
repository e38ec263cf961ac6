//! The result of one power's reorganization, as saved in the section and
//! printed by `qm reorganize --json`: every unit and resource with its
//! reason.

use serde::{Deserialize, Serialize};

/// The format tag of `qm reorganize --json`.
pub const FORMAT: &str = "qm-reorganize/1";

/// A unit reorganized with oil.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reorganized {
    /// Unit id.
    pub id: String,
    /// The resource whose oil it used (OIL-003).
    pub resource: String,
    /// Its oil cost in tenths.
    pub cost_tenths: u32,
    /// Its path, resource first, by hex label (OIL-003).
    pub path: Vec<String>,
}

/// A unit left disorganized.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotReorganized {
    /// Unit id.
    pub id: String,
    /// `not_ordered`, `no_path` or `not_enough_oil`.
    pub reason: String,
    /// The reason in words, with the rule.
    pub detail: String,
    /// The resources it traces a path to, by id.
    #[serde(default)]
    pub reaches: Vec<String>,
}

/// What one resource spent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceReport {
    /// Its id: a well's key, or `saved@HEX` for a stockpile.
    pub id: String,
    /// Its hex label.
    pub hex: String,
    /// Whose oil it is, a nation key: a resource's controller, a
    /// stockpile's owner, an HQ's nation. Two powers may keep stock in one
    /// hex; `id` and `owner` together name a resource. Empty in reports
    /// saved before the field existed.
    #[serde(default)]
    pub owner: String,
    /// `produced`, `saved`, `hq`, or `…-via-stilwell`.
    pub kind: String,
    /// Oil points it held.
    pub points: u32,
    /// Cost of the units assigned to it, in tenths.
    pub load_tenths: u32,
    /// Oil points it spent (and gave up: consumed).
    pub spent: u32,
    /// Why, with the rule.
    pub why: String,
}

/// One power's reorganization. Powers solved together because they share
/// oil (OIL-003, [`crate::reorganize`]) each list their own units and the
/// resources they may draw from; loads, spends, totals and the rounded
/// minimum are then those of the group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerReport {
    /// The power, a nation key.
    pub power: String,
    /// The game turn.
    pub turn: u32,
    /// The oil-dependent units requested, by id.
    pub requested: Vec<String>,
    /// Units reorganized with oil.
    pub reorganized: Vec<Reorganized>,
    /// Units not oil dependent, reorganized for free (OIL-003).
    pub free: Vec<String>,
    /// Units left disorganized, with why.
    pub not_reorganized: Vec<NotReorganized>,
    /// Every resource the power could draw from.
    pub resources: Vec<ResourceReport>,
    /// Oil points spent in all.
    pub spent_total: u32,
    /// The cost reorganized rounded halves up (OIL-004, ruling 1).
    pub minimum_by_rounding: u32,
    /// Whether the plan is proven the cheapest.
    pub optimal: bool,
    /// Why it spends more than the rounded minimum, if it does.
    pub above_minimum: Option<String>,
}

impl PowerReport {
    /// The report as `qm reorganize --json` prints it.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "format": FORMAT,
            "power": self.power,
            "turn": self.turn,
            "requested": self.requested,
            "reorganized": self.reorganized,
            "free": self.free,
            "not_reorganized": self.not_reorganized,
            "resources": self.resources,
            "spent_total": self.spent_total,
            "minimum_by_rounding": self.minimum_by_rounding,
            "optimal": self.optimal,
            "above_minimum": self.above_minimum,
        })
    }

    /// The report as text.
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} (turn {}): spends {} oil points, rounded minimum {} (OIL-004){}\n",
            self.power,
            self.turn,
            self.spent_total,
            self.minimum_by_rounding,
            if self.optimal { "" } else { ", not proven optimal" }
        );
        if let Some(why) = &self.above_minimum {
            s += &format!("  above the minimum: {why}\n");
        }
        for r in &self.resources {
            s += &format!("  resource {} at {} ({}, {} points): {}\n", r.id, r.hex, r.kind, r.points, r.why);
        }
        for u in &self.reorganized {
            s += &format!(
                "  {} reorganized with {} ({} tenths), path {}\n",
                u.id,
                u.resource,
                u.cost_tenths,
                u.path.join(" ")
            );
        }
        for u in &self.free {
            s += &format!("  {u} reorganized for free: not oil dependent (OIL-003)\n");
        }
        for u in &self.not_reorganized {
            s += &format!("  {}: {}\n", u.id, u.detail);
        }
        s
    }
}
