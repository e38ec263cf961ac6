//! Saved oil and build points as plain data (MWIF 27.2), and the stockpile
//! orders that change them: save, transport, spend, send, bombard, expend a
//! supply unit (OIL-005, OIL-006, OIL-009..014).
//!
//! **When they act.** The family has one phase, the final reorganization
//! step. Stockpile orders are given for it and applied, in the order given,
//! by [`apply_stock_orders`] in `OrdersOf("mwif-oil")`, before the
//! reorganization itself (`RulesOf`): oil saved this turn is then saved oil
//! the reorganization may use (OIL-011), consumed after produced oil.
//!
//! **Validation.** An order is checked against the [`Ledger`] read from the
//! world with the orders queued before it for the phase replayed (a
//! bombardment's outcome is not known before the phase and counts as
//! nothing destroyed), so that a batch is refused exactly where the
//! queue would go past a limit, and the world is unchanged on a refusal.
//! An order valid when given that cannot be carried out when applied (its
//! stock bombed first) is skipped and recorded in [`StockLog::skipped`].
//!
//! The concepts, one file each: `board` (what orders read), `stock` (save,
//! transport, spend saved build points), `send` (OIL-006), `bombard`
//! (OIL-013, OIL-014) and `capture` (OIL-013).

mod board;
mod bombard;
mod capture;
mod send;
mod stock;

pub use board::Board;
pub use capture::capture_stock;

use crate::orders::{OilOrder, OilOrderError, OilValid, REORGANIZATION, refuse};
use crate::state::{
    BuildPoints, BuildPointsDrawn, HqSource, HqSources, NeutralSaves, OilSpent, OilWell, SavedBuildPoints, SavedOil,
    StockLog, Stockpile,
};
use bevy_ecs::prelude::*;
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::orders::{OrderContext, OrderError, Pending};
use qm_core::rng::GameRng;
use std::collections::BTreeMap;

/// Saved oil and build points of one owner in one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pile {
    /// Saved oil points.
    pub oil: u32,
    /// Saved build points.
    pub build_points: u32,
}

/// An oil resource's produced oil this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WellState {
    /// Its hex.
    pub node: NodeId,
    /// Points it produces a turn.
    pub points: u32,
    /// Points spent or saved this turn.
    pub spent: u32,
}

/// The stock of every power, as the orders change it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// Saved stock by hex and owner (OIL-009, OIL-010).
    pub piles: BTreeMap<(NodeId, NationId), Pile>,
    /// Oil resources by key.
    pub wells: BTreeMap<String, WellState>,
    /// Build point totals (OIL-012).
    pub build_points: BTreeMap<NationId, u32>,
    /// Oil saved this turn by each neutral major power (OIL-009).
    pub neutral_saved: BTreeMap<NationId, u32>,
    /// Saved build points taken from each hex this turn (OIL-012).
    pub drawn: BTreeMap<NodeId, u32>,
    /// HQs made supply sources (OIL-005).
    pub hq_sources: Vec<HqSource>,
    /// What happened.
    pub log: StockLog,
}

impl Ledger {
    /// The ledger as the reorganization phase will begin: read, with the
    /// captures of saved stock by enemy land units applied (OIL-013), so
    /// that orders are listed and checked against the stock they will be
    /// applied to.
    #[must_use]
    pub fn at_phase_start(world: &mut World, board: &Board) -> Self {
        let mut ledger = Self::read(world, board);
        ledger.capture(board, &capture::land_units(world, &board.spec));
        ledger
    }

    /// Reads the ledger of a world in `turn`.
    #[must_use]
    pub fn read(world: &mut World, board: &Board) -> Self {
        let turn = board.turn;
        let mut l = Ledger::default();
        for (p, o, b) in world.query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>().iter(world) {
            let pile = l.piles.entry((p.node, p.owner)).or_default();
            pile.oil += o.0;
            pile.build_points += b.0;
        }
        for (w, s) in world.query::<(&OilWell, &OilSpent)>().iter(world) {
            let spent = if s.turn == turn { s.points } else { 0 };
            l.wells.insert(w.key.clone(), WellState { node: w.node, points: w.points, spent });
        }
        l.build_points = world.get_resource::<BuildPoints>().map(|b| b.0.clone()).unwrap_or_default();
        let spec = board.spec.clone();
        for (k, t, p) in world.get_resource::<NeutralSaves>().map(|n| n.0.clone()).unwrap_or_default() {
            if let (Some(n), true) = (spec.ruleset.nation_by_key(&k), t == turn) {
                *l.neutral_saved.entry(n).or_default() += p;
            }
        }
        for (h, t, p) in world.get_resource::<BuildPointsDrawn>().map(|n| n.0.clone()).unwrap_or_default() {
            if let (Some(n), true) = (spec.map.find(&h), t == turn) {
                *l.drawn.entry(n).or_default() += p;
            }
        }
        l.hq_sources = world.get_resource::<HqSources>().map(|h| h.0.clone()).unwrap_or_default();
        l.log = world.get_resource::<StockLog>().cloned().unwrap_or_default();
        l
    }

    /// Writes the ledger back: stockpiles (empty ones removed), wells'
    /// spending, totals and the records of the turn.
    pub fn write(&self, world: &mut World, board: &Board) {
        let old: Vec<Entity> = world.query_filtered::<Entity, With<Stockpile>>().iter(world).collect();
        for e in old {
            world.despawn(e);
        }
        for (&(node, owner), p) in &self.piles {
            if p.oil + p.build_points > 0 {
                world.spawn((Stockpile { node, owner }, SavedOil(p.oil), SavedBuildPoints(p.build_points)));
            }
        }
        for (w, mut s) in world.query::<(&OilWell, &mut OilSpent)>().iter_mut(world) {
            if let Some(state) = self.wells.get(&w.key)
                && (state.spent > 0 || s.turn == board.turn)
            {
                *s = OilSpent { points: state.spent, turn: board.turn };
            }
        }
        world.insert_resource(BuildPoints(self.build_points.clone()));
        let saves = self.neutral_saved.iter().map(|(&n, &p)| (board.key(n), board.turn, p)).collect();
        world.insert_resource(NeutralSaves(saves));
        let drawn = self.drawn.iter().map(|(&n, &p)| (board.label(n), board.turn, p)).collect();
        world.insert_resource(BuildPointsDrawn(drawn));
        world.insert_resource(HqSources(self.hq_sources.clone()));
        world.insert_resource(self.log.clone());
    }

    /// Saved stock of every owner in `node`.
    fn held(&self, node: NodeId) -> Pile {
        self.piles.range((node, NationId(0))..).take_while(|((n, _), _)| *n == node).fold(
            Pile::default(),
            |a, (_, p)| Pile { oil: a.oil + p.oil, build_points: a.build_points + p.build_points },
        )
    }

    fn check_cap(
        board: &Board,
        node: NodeId,
        cap: u32,
        what: &str,
        held: u32,
        adding: u32,
    ) -> Result<(), OilOrderError> {
        if held + adding > cap {
            return Err(OilOrderError::PastCap { hex: board.label(node), what: what.into(), cap, held, adding });
        }
        Ok(())
    }

    /// Applies one stockpile order given by `side`. `rng` resolves a
    /// bombardment; without it (validation) a bombardment destroys nothing.
    ///
    /// # Errors
    /// Why the order is refused; the ledger is then unchanged.
    pub fn apply(
        &mut self,
        board: &Board,
        side: Side,
        order: &OilOrder,
        rng: Option<&mut GameRng>,
    ) -> Result<(), OilOrderError> {
        let mut next = self.clone();
        match order {
            OilOrder::SaveStock { power, at, resources, build_points } => {
                next.save(board, board.power_of(side, power)?, at, resources, *build_points)?;
            }
            OilOrder::TransportStock { power, from, to, oil, build_points } => {
                next.transport(board, board.power_of(side, power)?, from, to, *oil, *build_points)?;
            }
            OilOrder::SpendSaved { power, at, build_points } => {
                next.spend_saved(board, board.power_of(side, power)?, at, *build_points)?;
            }
            OilOrder::SendResources { from, to, resources, oil } => {
                next.send(board, side, from, to, *resources, *oil)?;
            }
            OilOrder::Bombard { at, factors, uncontested } => {
                next.bombard(board, side, at, *factors, *uncontested, rng)?;
            }
            OilOrder::ExpendSupply { hq, supply } => {
                if next.hq_sources.iter().any(|s| s.hq == *hq && s.turn == board.turn) {
                    return Err(OilOrderError::AlreadySource(hq.clone()));
                }
                if let Some(id) =
                    supply.as_ref().filter(|id| next.hq_sources.iter().any(|s| s.supply.as_ref() == Some(*id)))
                {
                    return Err(OilOrderError::AlreadyExpended(id.clone()));
                }
                next.hq_sources.push(HqSource {
                    hq: hq.clone(),
                    turn: board.turn,
                    spent: false,
                    supply: supply.clone(),
                });
            }
            OilOrder::Reorganize { .. } | OilOrder::DrawOil { .. } => {}
        }
        *self = next;
        Ok(())
    }
}

/// Checks a stockpile order against the ledger with the queue replayed,
/// and queues it.
///
/// # Errors
/// The order's [`OilOrderError`].
pub fn validate_stock(world: &mut World, cx: &OrderContext, order: &OilOrder) -> Result<OilValid, OrderError> {
    let board = Board::read(world);
    let resolved;
    let order = match order {
        OilOrder::ExpendSupply { hq, supply } => {
            let id = crate::hq::expended_supply(world, &board, cx.side, hq, supply.as_deref())
                .map_err(|e| refuse(cx.index, e))?;
            resolved = OilOrder::ExpendSupply { hq: hq.clone(), supply: Some(id) };
            &resolved
        }
        other => other,
    };
    let mut ledger = Ledger::at_phase_start(world, &board);
    let queued: Vec<OilOrder> = world
        .get_resource_or_init::<Pending<OilValid>>()
        .for_phase(REORGANIZATION)
        .filter_map(|p| match &p.order {
            OilValid::Stock(o) => Some(o.clone()),
            _ => None,
        })
        .collect();
    for o in &queued {
        let _ = ledger.apply(&board, cx.side, o, None);
    }
    ledger.apply(&board, cx.side, order, None).map_err(|e| refuse(cx.index, e))?;
    if let OilOrder::TransportStock { power, from, to, .. } = order {
        check_transport_path(world, &board, cx.side, (power, from, to)).map_err(|e| refuse(cx.index, e))?;
    }
    Ok(OilValid::Stock(order.clone()))
}

/// OIL-011: saved stock travels like any other resource, along a path
/// like an oil path (OIL-003, [`crate::paths::stock_path`]). Checked once
/// the ledger accepts the order, so its hexes and power are known.
fn check_transport_path(
    world: &mut World,
    board: &Board,
    side: Side,
    (power, from, to): (&str, &str, &str),
) -> Result<(), OilOrderError> {
    let (Ok(_), Some(a), Some(b)) = (board.power_of(side, power), board.spec.map.find(from), board.spec.map.find(to))
    else {
        return Ok(());
    };
    let Err(cut) = crate::paths::stock_path(world, side, a, b) else { return Ok(()) };
    Err(OilOrderError::NoTransportPath {
        power: power.into(),
        from: board.label(a),
        to: board.label(b),
        cut: crate::sea_legs::describe(&board.spec, &cut),
    })
}

/// Applies the phase's stockpile orders, in the order given, with the
/// game's random stream (exclusive system, `OrdersOf("mwif-oil")`).
pub fn apply_stock_orders(world: &mut World) {
    let orders =
        world.get_resource_or_init::<Pending<OilValid>>().take(REORGANIZATION, |o| matches!(o, OilValid::Stock(_)));
    if orders.is_empty() {
        return;
    }
    let board = Board::read(world);
    let mut ledger = Ledger::read(world, &board);
    let mut rng = world.get_resource::<GameRng>().cloned().unwrap_or_else(|| GameRng::seeded(0));
    for o in orders {
        let OilValid::Stock(order) = &o.order else { continue };
        let applied = match order {
            OilOrder::ExpendSupply { hq, supply } => {
                crate::hq::expended_supply(world, &board, o.side, hq, supply.as_deref()).map(|_| ())
            }
            _ => Ok(()),
        };
        if let Err(e) = applied.and_then(|()| ledger.apply(&board, o.side, order, Some(&mut rng))) {
            ledger.log.skipped.push(format!("turn {}: {} not carried out: {e}", board.turn, order.kind_name()));
        }
    }
    world.insert_resource(rng);
    ledger.write(world, &board);
    crate::hq::remove_expended(world);
}

impl OilOrder {
    fn kind_name(&self) -> &'static str {
        qm_core::orders::OrderSet::kind(self)
    }
}
