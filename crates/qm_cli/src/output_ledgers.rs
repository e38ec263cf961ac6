//! The books of a game in the `--json` outputs of `qm collect`,
//! `qm reorganize` and `qm run` (typed structs, fields in declared order):
//! the collection family's treasuries and ledger of transfers (Middle East
//! payments and lost shortfalls: MET-006, rulings 6 and 15), and the oil
//! family's build point totals, saved stock and stock log (OIL-006,
//! OIL-009..013). Each part is `null` when its family is not loaded.

use qm_game::Game;
use qm_game::books::{BuildPointKind, Payments, Reason, Transfer, Treasury};
use schemars::JsonSchema;
use serde::Serialize;

/// Every ledger of a game as it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LedgersOut {
    /// Each nation's treasury, by key (collection, `wteaw-collect`).
    pub treasuries: Option<Vec<TreasuryOut>>,
    /// Every transfer between nations, in the order made: what each Allied
    /// power paid a marker nation, and what none could pay (MET-006,
    /// ruling 6).
    pub transfers: Option<Vec<TransferOut>>,
    /// Each major power's build point total, by key, after the saved build
    /// points spent into it (OIL-012) and the captures (OIL-013) so far
    /// (oil, `mwif-oil`).
    pub build_points: Option<Vec<AmountOut>>,
    /// Saved stock, by hex and owner (OIL-009..011, OIL-013).
    pub stockpiles: Option<Vec<StockpileOut>>,
    /// What the stockpile orders and captures did (OIL-006, OIL-012..014).
    pub stock_log: Option<StockLogOut>,
}

/// One nation's treasury: `balance = opening + collected - paid - spent`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TreasuryOut {
    /// Nation key.
    pub nation: String,
    /// The balance at setup.
    pub opening: u32,
    /// The balance now.
    pub balance: u32,
    /// What it has paid others in all (MET-006).
    pub paid: u32,
    /// What others have paid it in all (MET-006).
    pub received: u32,
    /// What it has spent on construction in all.
    pub spent: u32,
}

/// One entry of the ledger of transfers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TransferOut {
    /// Game turn.
    pub turn: u32,
    /// The paying nation's key; `null` for a lost shortfall.
    pub payer: Option<String>,
    /// The nation paid (or owed, for a lost shortfall).
    pub payee: String,
    /// Amount.
    pub amount: u32,
    /// `middle_east_track` (a payment, MET-006) or `shortfall_lost`
    /// (ruling 6).
    pub reason: String,
}

/// A nation's amount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct AmountOut {
    /// Nation key.
    pub nation: String,
    /// Amount.
    pub amount: u32,
}

/// One stockpile of saved stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StockpileOut {
    /// Hex label.
    pub hex: String,
    /// Owner, a nation key.
    pub owner: String,
    /// Saved oil points.
    pub oil: u32,
    /// Saved build points.
    pub build_points: u32,
}

/// The oil family's stock log.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StockLogOut {
    /// Saved build points taken from each hex this turn (OIL-012).
    pub build_points_drawn: Vec<DrawnOut>,
    /// Every change of a build point total by the stockpile orders, in
    /// order: saved into stock (OIL-010) or spent from it (OIL-012).
    pub build_point_moves: Vec<BuildPointMoveOut>,
    /// Resources sent between powers, the oil committed (OIL-006).
    pub shipments: Vec<ShipmentOut>,
    /// Strategic bombardments of saved stock (OIL-013, OIL-014).
    pub bombings: Vec<BombingOut>,
    /// Stock taken by enemy land units (OIL-013).
    pub captures: Vec<CaptureOut>,
    /// Orders valid when given that could not be carried out when applied.
    pub skipped: Vec<String>,
}

/// Saved build points taken from a hex in a turn (OIL-012).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DrawnOut {
    /// Hex label.
    pub hex: String,
    /// Game turn.
    pub turn: u32,
    /// Build points taken.
    pub build_points: u32,
}

/// Build points moved between a power's total and its saved stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BuildPointMoveOut {
    /// Game turn.
    pub turn: u32,
    /// The power.
    pub power: String,
    /// The stock's hex label.
    pub hex: String,
    /// `saved` (from the total, OIL-010) or `spent` (into it, OIL-012).
    pub kind: String,
    /// Build points moved.
    pub points: u32,
}

/// Resources sent to another power (OIL-006).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ShipmentOut {
    /// Game turn.
    pub turn: u32,
    /// Sender.
    pub from: String,
    /// Receiver.
    pub to: String,
    /// Resources sent.
    pub resources: u32,
    /// How many are oil.
    pub oil: u32,
}

/// A strategic bombardment of saved stock (OIL-013, OIL-014).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BombingOut {
    /// Game turn.
    pub turn: u32,
    /// Hex label.
    pub hex: String,
    /// Bomber factors.
    pub factors: u32,
    /// The bonus added to each roll.
    pub bonus: u32,
    /// The rolls, in the order drawn.
    pub rolls: Vec<u32>,
    /// Saved oil destroyed.
    pub oil_destroyed: u32,
    /// Saved build points destroyed.
    pub build_points_destroyed: u32,
}

/// Stock taken by an enemy land unit (OIL-013).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CaptureOut {
    /// Game turn.
    pub turn: u32,
    /// Hex label.
    pub hex: String,
    /// The unit that entered.
    pub unit: String,
    /// Previous owner.
    pub from: String,
    /// New owner.
    pub to: String,
    /// Oil points taken.
    pub oil: u32,
    /// Build points taken.
    pub build_points: u32,
}

impl LedgersOut {
    /// The ledgers of `g` as it stands.
    #[must_use]
    pub fn of(g: &mut Game) -> Self {
        let mut out = Self::default();
        if let (Some(t), Some(l)) = (g.treasury(), g.payments()) {
            out.treasuries = Some(treasuries(t, l));
            out.transfers = Some(l.0.iter().map(transfer).collect());
        }
        if g.build_points().is_some() {
            out.build_points = Some(build_points(g));
            out.stockpiles = Some(stockpiles(g));
            out.stock_log = Some(stock_log(g));
        }
        out
    }
}

fn treasuries(t: &Treasury, l: &Payments) -> Vec<TreasuryOut> {
    t.balance
        .iter()
        .map(|(k, &balance)| TreasuryOut {
            nation: k.clone(),
            opening: t.opening.get(k).copied().unwrap_or(0),
            balance,
            paid: l.paid_by(k),
            received: l.received_by(k),
            spent: t.spent_by(k),
        })
        .collect()
}

fn transfer(t: &Transfer) -> TransferOut {
    let reason = match t.reason {
        Reason::MiddleEastTrack => "middle_east_track",
        Reason::ShortfallLost => "shortfall_lost",
    };
    TransferOut {
        turn: t.turn,
        payer: t.payer.clone(),
        payee: t.payee.clone(),
        amount: t.amount,
        reason: reason.to_string(),
    }
}

fn build_points(g: &Game) -> Vec<AmountOut> {
    let key = |n: qm_game::NationId| g.spec().ruleset.nation_key(n).to_string();
    let mut v: Vec<AmountOut> = g
        .build_points()
        .map(|bp| bp.0.iter().map(|(&n, &amount)| AmountOut { nation: key(n), amount }).collect())
        .unwrap_or_default();
    v.sort_by(|a, b| a.nation.cmp(&b.nation));
    v
}

fn stockpiles(g: &Game) -> Vec<StockpileOut> {
    let spec = g.spec();
    let mut v: Vec<StockpileOut> = g
        .stockpiles()
        .into_iter()
        .map(|p| StockpileOut {
            hex: spec.map.label(p.node).to_string(),
            owner: spec.ruleset.nation_key(p.owner).to_string(),
            oil: p.oil,
            build_points: p.build_points,
        })
        .collect();
    v.sort_by(|a, b| (&a.hex, &a.owner).cmp(&(&b.hex, &b.owner)));
    v
}

fn stock_log(g: &Game) -> StockLogOut {
    let log = g.stock_log().cloned().unwrap_or_default();
    let drawn = g.build_points_drawn().to_vec();
    StockLogOut {
        build_points_drawn: drawn
            .into_iter()
            .map(|(hex, turn, build_points)| DrawnOut { hex, turn, build_points })
            .collect(),
        build_point_moves: log
            .build_points
            .iter()
            .map(|m| BuildPointMoveOut {
                turn: m.turn,
                power: m.power.clone(),
                hex: m.hex.clone(),
                kind: match m.kind {
                    BuildPointKind::Saved => "saved",
                    BuildPointKind::Spent => "spent",
                }
                .to_string(),
                points: m.points,
            })
            .collect(),
        shipments: log
            .shipments
            .into_iter()
            .map(|s| ShipmentOut { turn: s.turn, from: s.from, to: s.to, resources: s.resources, oil: s.oil })
            .collect(),
        bombings: log
            .bombings
            .into_iter()
            .map(|b| BombingOut {
                turn: b.turn,
                hex: b.hex,
                factors: b.factors,
                bonus: b.bonus,
                rolls: b.rolls,
                oil_destroyed: b.oil_destroyed,
                build_points_destroyed: b.build_points_destroyed,
            })
            .collect(),
        captures: log
            .captures
            .into_iter()
            .map(|c| CaptureOut {
                turn: c.turn,
                hex: c.hex,
                unit: c.unit,
                from: c.from,
                to: c.to,
                oil: c.oil,
                build_points: c.build_points,
            })
            .collect(),
        skipped: log.skipped,
    }
}
