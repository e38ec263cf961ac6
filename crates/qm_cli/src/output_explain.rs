//! The JSON of `qm explain --json`, as typed structs in declaration order:
//! the common header, then what is explained, tagged by `kind`: a unit's
//! supply (rule 30, with its oil reorganization under MWIF oil), a
//! territory's or sea zone's collection (COL-004..008), or an oil
//! resource's spending (OIL-003..005). Each carries the facts as data and
//! the text `qm explain` prints, line by line.

use crate::output::Header;
use crate::output_collect::{TerritoryOut, TradeOut};
use crate::output_reorganize::ResourceOut;
use crate::territories::statements_now;
use qm_game::Game;
use qm_game::NodeKind;
use qm_game::collection::{CollectMap, IncomeStatement};
use qm_game::oil::{PowerReport, ResourceReport};
use qm_game::supply::Explanation;
use schemars::JsonSchema;
use serde::Serialize;

/// `qm explain --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ExplainOutput {
    /// The header.
    pub header: Header,
    /// What is explained.
    #[serde(flatten)]
    pub subject: Explained,
}

/// What `qm explain` explains, tagged by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Explained {
    /// A unit's supply (rule 30).
    Unit(UnitExplained),
    /// A land territory's collection (COL-004..008).
    Territory(TerritoryExplained),
    /// A sea zone's naval trade (COL-006, ruling 5).
    SeaZone(SeaZoneExplained),
    /// An oil resource's spending (OIL-003..005).
    OilResource(OilResourceExplained),
    /// Who paid a marker nation what for its Middle East track level, and
    /// why (MET-006, rulings 6, 14, 15).
    Payment(PaymentExplained),
    /// How a power's build point total came to be (OIL-010, OIL-012).
    BuildPoints(BuildPointsExplained),
}

/// A marker nation's Middle East payments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PaymentExplained {
    /// The marker nation's key.
    pub nation: String,
    /// Each collection of its level, oldest first.
    pub collections: Vec<SettledOut>,
    /// What the Allied powers paid it in all (the ledger).
    pub received: u32,
    /// What none of them could pay, lost, in all (ruling 6).
    pub lost: u32,
    /// The explanation as text, a line each.
    pub text: Vec<String>,
}

/// One collection of a track level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SettledOut {
    /// Game turn.
    pub turn: u32,
    /// The level owed (MET-006).
    pub level: u32,
    /// Value above the track's last position, not collected (ruling 14).
    pub above_cap: u32,
    /// The territories that put the marker there.
    pub territories: Vec<String>,
    /// Who chose the split (`axis` or `allies`), if anything was owed.
    pub chosen_by: Option<String>,
    /// Why the payers are those.
    pub why: String,
    /// What each Allied power paid, in order.
    pub paid_by: Vec<crate::output_collect::PaidOut>,
    /// What no Allied power could pay: lost (ruling 6).
    pub shortfall: u32,
}

/// A power's build point total and how it came to be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BuildPointsExplained {
    /// The power's key.
    pub nation: String,
    /// The total now.
    pub total: u32,
    /// The total at the start of the game.
    pub start: u32,
    /// Each change since, in order.
    pub moves: Vec<MoveOut>,
    /// The explanation as text, a line each.
    pub text: Vec<String>,
}

/// Build points moved between the total and saved stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MoveOut {
    /// Game turn.
    pub turn: u32,
    /// The stock's hex label.
    pub hex: String,
    /// `saved` (from the total, OIL-010) or `spent` (into it, OIL-012).
    pub kind: String,
    /// Build points moved.
    pub points: u32,
}

/// A unit's explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct UnitExplained {
    /// Unit id.
    pub unit: String,
    /// Nation key.
    pub nation: String,
    /// Unit type key.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Where it is (or was, if eliminated).
    pub hex: String,
    /// Its supply status.
    pub status: String,
    /// Its elimination by isolation, if any (SUP-177, SUP-190).
    pub eliminated: Option<EliminatedOut>,
    /// Consecutive turns it has survived isolation (SUP-191).
    pub turns_isolated: u8,
    /// DM its hex has lost to its isolation (SUP-191).
    pub dm_lost: u8,
    /// Its supply: line, source, cutoff and sea line, a line of text each.
    pub supply: Vec<String>,
    /// The rest, each with its paragraphs.
    pub facts: Vec<FactOut>,
    /// Its final reorganization (OIL-003..005), a line of text each, when
    /// the ruleset has MWIF oil and the unit was in one.
    pub reorganization: Option<Vec<String>>,
}

/// When a unit was eliminated (SUP-177, SUP-190).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EliminatedOut {
    /// Game turn.
    pub turn: u32,
    /// Rebuild cost in BRPs in the same game turn.
    pub rebuild_now: u32,
    /// Rebuild cost in BRPs in later turns.
    pub rebuild_later: u32,
}

/// One thing an explanation says, with its paragraphs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct FactOut {
    /// `eliminated`, `isolation`, `persistence`, `automatic`, `partial`,
    /// `capabilities`.
    pub topic: String,
    /// The sentence.
    pub text: String,
    /// The paragraphs cited, in order.
    pub rules: Vec<String>,
}

impl UnitExplained {
    /// The data of a unit's explanation, with its reorganization's text.
    #[must_use]
    pub fn of(e: Explanation, reorganization: Option<&str>) -> Self {
        Self {
            unit: e.unit,
            nation: e.nation,
            unit_type: e.kind,
            hex: e.hex,
            status: e.status,
            eliminated: e.eliminated.map(|x| EliminatedOut {
                turn: x.turn,
                rebuild_now: x.rebuild_now,
                rebuild_later: x.rebuild_later,
            }),
            turns_isolated: e.turns_isolated,
            dm_lost: e.dm_lost,
            supply: e.supply,
            facts: e
                .facts
                .into_iter()
                .map(|f| FactOut { topic: f.topic.to_string(), text: f.text, rules: f.rules })
                .collect(),
            reorganization: reorganization.map(lines),
        }
    }
}

/// A land territory's collection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TerritoryExplained {
    /// Territory key.
    pub territory: String,
    /// Display name.
    pub name: String,
    /// The controlling nation's key, if a nation of the war holds it.
    pub controller: Option<String>,
    /// Resource value.
    pub value: u32,
    /// In the Middle East set: its income is the track's (MET-002, MET-006).
    pub middle_east: bool,
    /// The controller's income statement line of it, if one lists it.
    pub statement: Option<StatementLine>,
    /// The explanation as text, a line each.
    pub text: Vec<String>,
}

/// A territory's line in an income statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StatementLine {
    /// The statement's nation.
    pub nation: String,
    /// Its turn.
    pub turn: u32,
    /// The territory's line (COL-005, COL-008).
    pub line: TerritoryOut,
    /// The statement's conquered sum (ruling 3).
    pub conquered_sum: u32,
    /// That sum halved, rounded up once (COL-008).
    pub conquered_counted: u32,
}

/// A sea zone's naval trade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SeaZoneExplained {
    /// Sea zone key.
    pub zone: String,
    /// Display name.
    pub name: String,
    /// Each nation's trade in it, in map-data order.
    pub trade: Vec<ZoneTrade>,
    /// The explanation as text, a line each.
    pub text: Vec<String>,
}

/// One nation's trade in a zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ZoneTrade {
    /// Nation key.
    pub nation: String,
    /// Its naval-trade points there.
    pub points: u32,
    /// Its statement's line of the zone, if it has a statement.
    pub line: Option<TradeOut>,
}

/// An oil resource's spending in a final reorganization step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct OilResourceExplained {
    /// The power.
    pub power: String,
    /// The game turn.
    pub turn: u32,
    /// The resource, its load and what it spent (OIL-004, rulings 1, 2).
    pub resource: ResourceOut,
    /// The units assigned to it, by id.
    pub units_assigned: Vec<String>,
    /// The explanation as text, a line each.
    pub text: Vec<String>,
}

impl OilResourceExplained {
    /// The data of a resource's explanation, with its text.
    #[must_use]
    pub fn of(r: &PowerReport, res: &ResourceReport, text: &str) -> Self {
        Self {
            power: r.power.clone(),
            turn: r.turn,
            resource: res.into(),
            units_assigned: r.reorganized.iter().filter(|u| u.resource == res.id).map(|u| u.id.clone()).collect(),
            text: lines(text),
        }
    }
}

/// Text as its lines.
fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// The data of a territory's or sea zone's explanation, with its `text`.
/// `recorded` are the statements the phases made (latest last); a nation
/// without one is collected now, as the text does.
#[must_use]
pub fn territory(g: &mut Game, key: &str, recorded: &[IncomeStatement], text: &str) -> Option<Explained> {
    let now = statements_now(g);
    let latest = |nation: &str| {
        recorded.iter().rev().find(|s| s.nation == nation).or_else(|| now.iter().find(|s| s.nation == nation))
    };
    let spec = g.spec();
    let n = spec.map.find(key)?;
    let info = spec.map.node(n)?;
    let label = info.label.clone();
    let name = info.name.clone().unwrap_or_else(|| label.clone());
    match info.kind {
        NodeKind::Territory => {
            let e = CollectMap::of(spec).econ(n);
            let control = g.state().nodes.get(n).and_then(|x| x.control.current);
            let controller = control.map(|c| spec.ruleset.nation_key(c).to_string());
            let statement = controller.as_deref().and_then(latest).and_then(|st| {
                st.territory(&label).map(|t| StatementLine {
                    nation: st.nation.clone(),
                    turn: st.turn,
                    line: t.into(),
                    conquered_sum: st.conquered_sum,
                    conquered_counted: st.conquered_counted,
                })
            });
            Some(Explained::Territory(TerritoryExplained {
                territory: label,
                name,
                controller,
                value: u32::from(e.value),
                middle_east: e.middle_east,
                statement: statement.filter(|_| !e.middle_east && e.value > 0),
                text: lines(text),
            }))
        }
        NodeKind::SeaZone => {
            let trade = CollectMap::of(spec)
                .trade
                .iter()
                .filter(|t| t.zone == n)
                .map(|t| {
                    let nation = spec.ruleset.nation_key(t.nation).to_string();
                    let line = latest(&nation).and_then(|st| st.naval_trade.iter().find(|z| z.zone == label));
                    ZoneTrade { points: u32::from(t.points), line: line.map(TradeOut::from), nation }
                })
                .collect();
            Some(Explained::SeaZone(SeaZoneExplained { zone: label, name, trade, text: lines(text) }))
        }
        _ => None,
    }
}
