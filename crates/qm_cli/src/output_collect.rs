//! The JSON of an income statement (COL-004..008, MET-006), as typed
//! structs with their fields in declaration order: `qm collect --json`
//! ([`CollectOutput`]), the `income_statements` of `qm run --json`, and the
//! territory table of `qm supply --json` on a territory map
//! ([`TerritoryMapOutput`]).

use crate::output::Header;
use qm_game::collection::MiddleEastIncome;
use qm_game::collection::{IncomeStatement, LineStatus, TerritoryLine, TradeLine, TradeOutcome};
use schemars::JsonSchema;
use serde::Serialize;

/// The statement's own layout tag, kept beside the header's `format`.
pub const STATEMENT_FORMAT: &str = "qm-collect/2";

/// `qm collect --json`: the header, then the nation's income statement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CollectOutput {
    /// The header.
    pub header: Header,
    /// The statement.
    #[serde(flatten)]
    pub statement: StatementOut,
    /// Every ledger of the game after the collection (the treasuries the
    /// statement was credited to, every transfer so far).
    pub ledgers: crate::output_ledgers::LedgersOut,
}

/// One nation's income statement in one turn: every point counted, halved,
/// blocked, sunk or lost, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StatementOut {
    /// The statement's layout tag ([`STATEMENT_FORMAT`]).
    pub format: String,
    /// Nation key.
    pub nation: String,
    /// Game turn.
    pub turn: u32,
    /// Its territories with a value, by key.
    pub territories: Vec<TerritoryOut>,
    /// The values of the conquered territories that traced, summed
    /// (ruling 3).
    pub conquered_sum: u32,
    /// That sum halved, rounded up once (COL-008, ruling 3).
    pub conquered_counted: u32,
    /// Naval trade, by zone key (COL-006).
    pub naval_trade: Vec<TradeOut>,
    /// What each place saves, by place key (COL-004).
    pub saved: Vec<SavedOut>,
    /// Everything saved.
    pub total: u32,
    /// Everything lost: cut territories, the halving, trade not collected.
    pub lost: u32,
    /// The nation's Middle East income (MET-006, ruling 6), if it has a
    /// marker.
    pub middle_east: Option<MiddleEastOut>,
    /// The parents of the other nodes the lines pass, by place then node:
    /// with each territory's `via`, one parent per node and saving place.
    pub relays: Vec<RelayOut>,
}

/// The parent of one node on the lines of one saving place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RelayOut {
    /// The saving place's key.
    pub place: String,
    /// The node's key.
    pub node: String,
    /// The next node toward the place's supply center; `null` at a supply
    /// center.
    pub via: Option<String>,
}

/// Whether a territory's line of supply reached its saving place (COL-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineOut {
    /// Traced: the resources are saved.
    Ok,
    /// Cut: the resources are lost this turn.
    Cut,
}

impl From<LineStatus> for LineOut {
    fn from(l: LineStatus) -> Self {
        match l {
            LineStatus::Ok => Self::Ok,
            LineStatus::Cut => Self::Cut,
        }
    }
}

/// One territory's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TerritoryOut {
    /// Territory key.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Resource value.
    pub value: u32,
    /// What it adds before halving (COL-008).
    pub counted: u32,
    /// Line status (COL-005).
    pub line: LineOut,
    /// Conquered: counts in the halved sum (COL-008).
    pub conquered: bool,
    /// The saving place's key (COL-004).
    pub saved_at: Option<String>,
    /// The next node of its line toward the supply center, when ok (the
    /// flood's first-arrival parent); `null` at a supply center and when
    /// cut. Its line is rebuilt by following `via` here and in `relays`.
    pub via: Option<String>,
    /// The territory or sea zone (with the enemy ship) that cuts it.
    pub blocked_by: Option<String>,
}

impl From<&TerritoryLine> for TerritoryOut {
    fn from(t: &TerritoryLine) -> Self {
        Self {
            id: t.id.clone(),
            name: t.name.clone(),
            value: t.value,
            counted: t.counted,
            line: t.line.into(),
            conquered: t.conquered,
            saved_at: t.saved_at.clone(),
            via: t.via.clone(),
            blocked_by: t.blocked_by.clone(),
        }
    }
}

/// What happened to a zone's naval trade (COL-006, ruling 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeOut {
    /// No enemy ship: all collected.
    Collected,
    /// An enemy surface warship: none collected.
    Blocked,
    /// Enemy submarines attacked: what survived is collected.
    ConvoyBattle,
    /// Enemy submarines declined to attack: all collected.
    Declined,
}

impl From<TradeOutcome> for OutcomeOut {
    fn from(o: TradeOutcome) -> Self {
        match o {
            TradeOutcome::Collected => Self::Collected,
            TradeOutcome::Blocked => Self::Blocked,
            TradeOutcome::ConvoyBattle => Self::ConvoyBattle,
            TradeOutcome::Declined => Self::Declined,
        }
    }
}

/// One trade zone's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TradeOut {
    /// Sea zone key.
    pub zone: String,
    /// Trade points in the zone.
    pub points: u32,
    /// Outcome.
    pub outcome: OutcomeOut,
    /// Points collected.
    pub collected: u32,
    /// The enemy ship that blocks it.
    pub blocked_by: Option<String>,
    /// The escorts' dice (ruling 5).
    pub escort_rolls: Vec<u32>,
    /// The submarines' dice.
    pub rolls: Vec<u32>,
}

impl From<&TradeLine> for TradeOut {
    fn from(z: &TradeLine) -> Self {
        Self {
            zone: z.zone.clone(),
            points: z.points,
            outcome: z.outcome.into(),
            collected: z.collected,
            blocked_by: z.blocked_by.clone(),
            escort_rolls: z.escort_rolls.clone(),
            rolls: z.rolls.clone(),
        }
    }
}

/// What is saved at one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SavedOut {
    /// Place key.
    pub place: String,
    /// Amount.
    pub amount: u32,
}

/// A marker nation's Middle East income (MET-006, MET-007, ruling 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MiddleEastOut {
    /// The marker's level: owed by the Allies.
    pub level: u32,
    /// The territories that put the marker there.
    pub territories: Vec<String>,
    /// The Allied powers that paid, in order.
    pub paid_by: Vec<PaidOut>,
    /// What no Allied power could pay: lost (ruling 6).
    pub shortfall: u32,
    /// The side that chose the split (`axis` or `allies`), if settled.
    pub chosen_by: Option<String>,
    /// The value of its territories above the track's last position: not
    /// collected (ruling 14).
    pub above_cap: u32,
}

/// One payment of a track level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PaidOut {
    /// The paying nation's key.
    pub nation: String,
    /// Amount.
    pub amount: u32,
}

impl From<&MiddleEastIncome> for MiddleEastOut {
    fn from(m: &MiddleEastIncome) -> Self {
        Self {
            level: m.level,
            territories: m.territories.clone(),
            paid_by: m.paid_by.iter().map(|p| PaidOut { nation: p.nation.clone(), amount: p.amount }).collect(),
            shortfall: m.shortfall,
            chosen_by: m.chosen_by.map(|s| s.as_str().to_string()),
            above_cap: m.above_cap,
        }
    }
}

impl From<&IncomeStatement> for StatementOut {
    fn from(s: &IncomeStatement) -> Self {
        Self {
            format: STATEMENT_FORMAT.to_string(),
            nation: s.nation.clone(),
            turn: s.turn,
            territories: s.territories.iter().map(TerritoryOut::from).collect(),
            conquered_sum: s.conquered_sum,
            conquered_counted: s.conquered_counted,
            naval_trade: s.naval_trade.iter().map(TradeOut::from).collect(),
            saved: s.saved.iter().map(|p| SavedOut { place: p.place.clone(), amount: p.amount }).collect(),
            total: s.total,
            lost: s.lost(),
            middle_east: s.middle_east.as_ref().map(MiddleEastOut::from),
            relays: s
                .relays
                .iter()
                .map(|r| RelayOut { place: r.place.clone(), node: r.node.clone(), via: r.via.clone() })
                .collect(),
        }
    }
}

/// `qm supply --json` on a territory map without rule 30: the header, then
/// each territory's and sea zone's row (COL-004..006).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TerritoryMapOutput {
    /// The header.
    pub header: Header,
    /// The rows, in map order.
    pub territories: Vec<crate::territories::TerritoryRow>,
}
