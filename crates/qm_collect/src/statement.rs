//! The income statement of one nation's collection: every point counted,
//! halved, blocked, sunk or lost, and why (COL-004..008).

use qm_core::ids::Side;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Whether a territory's line of supply reached its saving place (COL-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineStatus {
    /// Traced: the resources are saved.
    Ok,
    /// Cut: the resources are lost this turn.
    Cut,
}

/// One territory's line in the statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryLine {
    /// Territory key.
    pub id: String,
    /// Display name (the key if it has none).
    pub name: String,
    /// Resource value.
    pub value: u32,
    /// What it adds before halving: its value if original (or gifted) and
    /// traced, else 0. A conquered territory's share is in the halving.
    pub counted: u32,
    /// Line status.
    pub line: LineStatus,
    /// Conquered (not original, not gifted): counts in the halved sum.
    pub conquered: bool,
    /// The saving place's key.
    pub saved_at: Option<String>,
    /// The next node of its line toward the supply center (a key), when
    /// ok: its first-arrival parent in the flood. `None` at a supply center
    /// itself and when cut. [`IncomeStatement::line_of`] rebuilds the line.
    #[serde(default)]
    pub via: Option<String>,
    /// The territory or sea zone that cuts the line, when cut; with an
    /// enemy ship's id for a sea zone closed by it.
    pub blocked_by: Option<String>,
}

/// What happened to a zone's naval trade (COL-006, COL-008).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TradeOutcome {
    /// No enemy ship: all collected.
    Collected,
    /// An enemy surface warship in the zone: none collected.
    Blocked,
    /// Enemy submarines attacked: what survived is collected.
    ConvoyBattle,
    /// Enemy submarines declined to attack: all collected.
    Declined,
}

/// One trade zone's line in the statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeLine {
    /// Sea zone key.
    pub zone: String,
    /// Trade points in the zone.
    pub points: u32,
    /// Outcome.
    pub outcome: TradeOutcome,
    /// Points collected.
    pub collected: u32,
    /// The enemy ship that blocks it, when blocked.
    pub blocked_by: Option<String>,
    /// The escorts' dice, in order (ruling 5).
    pub escort_rolls: Vec<u32>,
    /// The submarines' dice, in order, after the escorts drove some off.
    pub rolls: Vec<u32>,
}

/// What is saved at one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// Place key (a nation's key for its homeland, a colony's key).
    pub place: String,
    /// Amount.
    pub amount: u32,
}

/// One nation's collection in one turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IncomeStatement {
    /// Nation key.
    pub nation: String,
    /// Game turn.
    pub turn: u32,
    /// Its territories with a value, by key.
    pub territories: Vec<TerritoryLine>,
    /// The values of the conquered territories that traced, summed
    /// (ruling 3).
    pub conquered_sum: u32,
    /// That sum halved, rounded up once (COL-008, ruling 3).
    pub conquered_counted: u32,
    /// Naval trade, by zone key.
    pub naval_trade: Vec<TradeLine>,
    /// What each place saves, by place key.
    pub saved: Vec<Saved>,
    /// Everything saved.
    pub total: u32,
    /// The nation's marker on the Middle East track, if it has one
    /// (MET-003..006), and who paid its level (MET-006, ruling 6).
    pub middle_east: Option<MiddleEastIncome>,
    /// The parents of the other nodes the traced lines pass (sea zones,
    /// allied or valueless territories, a territory on another place's
    /// line), by place key then node key: with each territory's `via`, one
    /// parent per node and place, so the statement grows linearly with the
    /// map however long its lines are.
    #[serde(default)]
    pub relays: Vec<Relay>,
}

/// The parent of one node on the lines of one saving place: a link of the
/// first-arrival tree that is not a [`TerritoryLine::via`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Relay {
    /// The saving place's key.
    pub place: String,
    /// The node's key.
    pub node: String,
    /// The next node toward the place's supply center; `None` at a supply
    /// center.
    pub via: Option<String>,
}

/// The parents of a statement's lines, indexed once, to rebuild many lines
/// ([`IncomeStatement::parents`]).
#[derive(Clone, Debug)]
pub struct Parents<'a> {
    /// Per `(place, node)`, the next node toward the place's supply center.
    via: HashMap<(&'a str, &'a str), Option<&'a str>>,
    /// Per territory key, its saving place, when its line is ok.
    traced: HashMap<&'a str, &'a str>,
}

impl Parents<'_> {
    /// The line of a territory, from the supply center to the territory
    /// (keys), rebuilt by walking parents; `None` if it is not listed, its
    /// line is cut, or the parents are broken (a missing link or a cycle:
    /// the walk takes at most one step a link).
    #[must_use]
    pub fn line_of(&self, territory: &str) -> Option<Vec<String>> {
        let (&key, &place) = self.traced.get_key_value(territory)?;
        let mut line = vec![key.to_string()];
        let mut at = key;
        for _ in 0..=self.via.len() {
            match *self.via.get(&(place, at))? {
                None => {
                    line.reverse();
                    return Some(line);
                }
                Some(next) => {
                    line.push(next.to_string());
                    at = next;
                }
            }
        }
        None
    }

    /// The last `n` nodes at most of a territory's line, territory last,
    /// walking at most `n` parents, and whether that is the whole line:
    /// for a display that must stay linear in the map. `None` as for
    /// [`Parents::line_of`] (a broken link shows as a partial line).
    #[must_use]
    pub fn tail(&self, territory: &str, n: usize) -> Option<(Vec<&str>, bool)> {
        let (&key, &place) = self.traced.get_key_value(territory)?;
        let mut line = vec![key];
        // At most `n` nodes: bounded on a cycle too.
        loop {
            let whole = match self.via.get(&(place, line[line.len() - 1])) {
                Some(None) => true,
                Some(Some(next)) if line.len() < n.max(1) => {
                    line.push(next);
                    continue;
                }
                _ => false,
            };
            line.reverse();
            return Some((line, whole));
        }
    }
}

/// One Allied power's payment of a track level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paid {
    /// The paying nation's key.
    pub nation: String,
    /// Amount.
    pub amount: u32,
}

/// A marker nation's Middle East income in one collection (MET-006,
/// MET-007, ruling 6): its level, collected from the Allied powers, not
/// from the bank.
///
/// [`collect_income`](crate::income::collect_income) gives the level owed;
/// the Middle East track settles it in the collection phase
/// ([`crate::payment::settle`], [`crate::middle_east::plugin::settle_track`]): then
/// `level = Σ paid_by + shortfall`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MiddleEastIncome {
    /// The marker's position: the IPCs owed by the Allies (MET-006).
    pub level: u32,
    /// The Middle East territories that put the marker there, by key.
    pub territories: Vec<String>,
    /// The Allied powers that paid, in the order they paid.
    pub paid_by: Vec<Paid>,
    /// What no Allied power could pay: lost (ruling 6).
    pub shortfall: u32,
    /// The side that chose the split: the Allies, by their
    /// `MiddleEastSplit` order, or the Axis policy when they gave none or
    /// an invalid one. `None` while nothing was settled (nothing owed, or
    /// not settled yet).
    pub chosen_by: Option<Side>,
    /// The value of the marker's territories above the track's last
    /// position: not collected (ruling 14). Absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub above_cap: u32,
}

/// Whether a count is 0 (serde's `skip_serializing_if`).
#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde passes a reference")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl MiddleEastIncome {
    /// An unsettled income: the marker's level, owed.
    #[must_use]
    pub fn owed(marker: crate::middle_east::Marker) -> Self {
        Self {
            level: marker.level,
            territories: marker.territories,
            paid_by: Vec::new(),
            shortfall: 0,
            chosen_by: None,
            above_cap: marker.above_cap,
        }
    }

    /// What the Allies paid.
    #[must_use]
    pub fn paid(&self) -> u32 {
        self.paid_by.iter().map(|p| p.amount).sum()
    }

    /// What is owed and not settled yet (0 once settled).
    #[must_use]
    pub fn outstanding(&self) -> u32 {
        self.level.saturating_sub(self.paid() + self.shortfall)
    }
}

impl IncomeStatement {
    /// The line of a territory.
    #[must_use]
    pub fn territory(&self, key: &str) -> Option<&TerritoryLine> {
        self.territories.iter().find(|t| t.id == key)
    }

    /// The parents of every line, indexed once: for many
    /// [`Parents::line_of`] calls, each as long as its line.
    #[must_use]
    pub fn parents(&self) -> Parents<'_> {
        let mut via = HashMap::with_capacity(self.territories.len() + self.relays.len());
        let mut traced = HashMap::new();
        for t in self.territories.iter().filter(|t| t.line == LineStatus::Ok) {
            if let Some(place) = t.saved_at.as_deref() {
                via.insert((place, t.id.as_str()), t.via.as_deref());
                traced.insert(t.id.as_str(), place);
            }
        }
        for r in &self.relays {
            via.entry((r.place.as_str(), r.node.as_str())).or_insert(r.via.as_deref());
        }
        Parents { via, traced }
    }

    /// The line of a territory, supply center first (keys), rebuilt from
    /// the parents (see [`Parents::line_of`]); `None` when cut.
    #[must_use]
    pub fn line_of(&self, territory: &str) -> Option<Vec<String>> {
        self.parents().line_of(territory)
    }

    /// The amount saved at a place (0 if none).
    #[must_use]
    pub fn saved_at(&self, place: &str) -> u32 {
        self.saved.iter().find(|s| s.place == place).map_or(0, |s| s.amount)
    }

    /// Points lost: cut territories' values, the halving's loss, trade not
    /// collected, and the Middle East shortfall (ruling 6). With `total`,
    /// it accounts for every point.
    #[must_use]
    pub fn lost(&self) -> u32 {
        let cut: u32 = self.territories.iter().filter(|t| t.line == LineStatus::Cut).map(|t| t.value).sum();
        let trade: u32 = self.naval_trade.iter().map(|z| z.points - z.collected).sum();
        let shortfall = self.middle_east.as_ref().map_or(0, |m| m.shortfall);
        cut + (self.conquered_sum - self.conquered_counted) + trade + shortfall
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn territory(id: &str, via: Option<&str>, line: LineStatus) -> TerritoryLine {
        TerritoryLine {
            id: id.to_string(),
            name: id.to_string(),
            value: 1,
            counted: 1,
            line,
            conquered: false,
            saved_at: Some("home".to_string()),
            via: via.map(str::to_string),
            blocked_by: None,
        }
    }

    fn relay(node: &str, via: Option<&str>) -> Relay {
        Relay { place: "home".to_string(), node: node.to_string(), via: via.map(str::to_string) }
    }

    fn statement(territories: Vec<TerritoryLine>, relays: Vec<Relay>) -> IncomeStatement {
        IncomeStatement {
            nation: "n".to_string(),
            turn: 1,
            territories,
            conquered_sum: 0,
            conquered_counted: 0,
            naval_trade: Vec::new(),
            saved: Vec::new(),
            total: 0,
            middle_east: None,
            relays,
        }
    }

    #[test]
    fn lines_are_rebuilt_through_territories_and_relays() {
        // capital - sea - a - b; `sea` is a relay, `a` and `b` territories.
        let s = statement(
            vec![
                territory("a", Some("sea"), LineStatus::Ok),
                territory("b", Some("a"), LineStatus::Ok),
                territory("capital", None, LineStatus::Ok),
                territory("lost", None, LineStatus::Cut),
            ],
            vec![relay("sea", Some("capital"))],
        );
        assert_eq!(s.line_of("b"), Some(vec!["capital".into(), "sea".into(), "a".into(), "b".into()]));
        assert_eq!(s.line_of("capital"), Some(vec!["capital".into()]));
        assert_eq!(s.line_of("lost"), None);
        assert_eq!(s.line_of("nowhere"), None);
        let p = s.parents();
        assert_eq!(p.tail("b", 2), Some((vec!["a", "b"], false)));
        assert_eq!(p.tail("b", 4), Some((vec!["capital", "sea", "a", "b"], true)));
        assert_eq!(p.tail("b", 9), Some((vec!["capital", "sea", "a", "b"], true)));
    }

    #[test]
    fn a_broken_or_cyclic_record_ends_the_walk() {
        // A cycle a -> b -> sea -> a, and a parent that is never listed.
        let s = statement(
            vec![territory("a", Some("b"), LineStatus::Ok), territory("b", Some("sea"), LineStatus::Ok)],
            vec![relay("sea", Some("a"))],
        );
        assert_eq!(s.line_of("a"), None);
        assert_eq!(s.parents().tail("a", 100).map(|t| (t.0.len(), t.1)), Some((100, false)));
        let s = statement(vec![territory("a", Some("gone"), LineStatus::Ok)], Vec::new());
        assert_eq!(s.line_of("a"), None);
        assert_eq!(s.parents().tail("a", 5), Some((vec!["gone", "a"], false)));
    }
}
