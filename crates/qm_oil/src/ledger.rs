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

use crate::orders::{OilOrder, OilOrderError, OilValid, REORGANIZATION, refuse};
use crate::state::{
    Bombing, BuildPoints, BuildPointsDrawn, HqSource, HqSources, NeutralSaves, OilParams, OilSpent, OilWell,
    SavedBuildPoints, SavedOil, Shipment, StockLog, Stockpile,
};
use crate::stockpile::{Target, bombardment_bonus, build_points_per_turn, hex_cap};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, Side};
use qm_core::map::Features;
use qm_core::nation::NationKind;
use qm_core::orders::{OrderContext, OrderError, Pending};
use qm_core::phase::GameClock;
use qm_core::rng::GameRng;
use qm_core::spec::{ScenarioSpec, Spec};
use std::collections::BTreeMap;
use std::sync::Arc;

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

/// What the orders read but never change: the map, control, the sides.
#[derive(Clone, Debug)]
pub struct Board {
    /// The game turn.
    pub turn: u32,
    /// The scenario.
    pub spec: Arc<ScenarioSpec>,
    /// Current and original controller of each node.
    pub control: Vec<(Option<NationId>, Option<NationId>)>,
    /// The side of each nation (none while neutral or surrendered).
    pub sides: Vec<Option<Side>>,
    /// The family's parameters.
    pub params: OilParams,
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

impl Board {
    /// Reads the board of a world.
    #[must_use]
    pub fn read(world: &mut World) -> Self {
        let turn = world.get_resource::<GameClock>().map_or(0, |c| c.turn);
        let spec = world.resource::<Spec>().0.clone();
        let mut control = vec![(None, None); spec.map.node_count()];
        for (n, c) in world.query::<(&MapNode, &Control)>().iter(world) {
            if let Some(slot) = control.get_mut(n.0 as usize) {
                *slot = (c.current, c.original);
            }
        }
        let sides = crate::paths::nation_sides(world, spec.ruleset.nations.len());
        let params = world.get_resource::<OilParams>().cloned().unwrap_or_default();
        Self { turn, spec, control, sides, params }
    }

    fn label(&self, n: NodeId) -> String {
        self.spec.map.label(n).to_string()
    }

    pub(crate) fn key(&self, n: NationId) -> String {
        self.spec.ruleset.nations.get(n.index()).map_or_else(|| "?".into(), |d| d.key.clone())
    }

    fn hex(&self, h: &str) -> Result<NodeId, OilOrderError> {
        self.spec.map.find(h).ok_or_else(|| OilOrderError::UnknownHex(h.into()))
    }

    fn features(&self, n: NodeId) -> Features {
        self.spec.map.node(n).map_or(Features::empty(), |i| i.features)
    }

    pub(crate) fn controller(&self, n: NodeId) -> Option<NationId> {
        self.control.get(n as usize).and_then(|c| c.0)
    }

    fn side_of(&self, n: NationId) -> Option<Side> {
        self.sides.get(n.index()).copied().flatten()
    }

    fn is_major(&self, n: NationId) -> bool {
        self.spec.ruleset.nations.get(n.index()).is_some_and(|d| d.kind == NationKind::Major)
    }

    /// A major power of `side`, by key.
    pub(crate) fn power_of(&self, side: Side, key: &str) -> Result<NationId, OilOrderError> {
        let n = self.spec.ruleset.nation_by_key(key).ok_or_else(|| OilOrderError::UnknownNation(key.into()))?;
        if self.is_major(n) && self.side_of(n) == Some(side) {
            Ok(n)
        } else {
            Err(OilOrderError::NotYourPower(key.into()))
        }
    }

    /// A city or port that `power` controls, and its cap (OIL-009).
    fn store(&self, h: &str, power: NationId) -> Result<(NodeId, u32), OilOrderError> {
        let node = self.hex(h)?;
        let cap = hex_cap(self.features(node));
        if cap == 0 {
            return Err(OilOrderError::NotCityOrPort(self.label(node)));
        }
        if self.controller(node) != Some(power) {
            return Err(OilOrderError::NotControlled { hex: self.label(node), power: self.key(power) });
        }
        Ok((node, cap))
    }

    /// Saved build points `power` may take from `node` a turn (OIL-012):
    /// any number at its own capital (a capital it originally controls),
    /// else 1 per city, port and factory.
    #[must_use]
    pub fn draw_limit(&self, node: NodeId, power: NationId) -> Option<u32> {
        let f = self.features(node);
        let own_capital =
            f.contains(Features::CAPITAL) && self.control.get(node as usize).and_then(|c| c.1) == Some(power);
        if own_capital {
            return None;
        }
        let mut plain = f - Features::CAPITAL;
        if f.contains(Features::CAPITAL) {
            plain |= Features::CITY;
        }
        build_points_per_turn(plain, self.params.factories.get(&node).copied().unwrap_or(0))
    }
}

impl Ledger {
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
            OilOrder::ExpendSupply { hq } => {
                if next.hq_sources.iter().any(|s| s.hq == *hq && s.turn == board.turn) {
                    return Err(OilOrderError::AlreadySource(hq.clone()));
                }
                next.hq_sources.push(HqSource { hq: hq.clone(), turn: board.turn, spent: false });
            }
            OilOrder::Reorganize { .. } | OilOrder::DrawOil { .. } => {}
        }
        *self = next;
        Ok(())
    }

    /// OIL-009, OIL-010: one oil point per entry of `resources`, and build
    /// points from the total, into `power`'s stockpile at `at`.
    fn save(
        &mut self,
        board: &Board,
        power: NationId,
        at: &str,
        resources: &[String],
        build_points: u32,
    ) -> Result<(), OilOrderError> {
        let (node, cap) = board.store(at, power)?;
        let mut take: BTreeMap<&str, u32> = BTreeMap::new();
        for key in resources {
            *take.entry(key.as_str()).or_default() += 1;
        }
        for (&key, &n) in &take {
            if board.params.other_resources.contains_key(key) {
                return Err(OilOrderError::NotOil(key.into()));
            }
            let w = self.wells.get_mut(key).ok_or_else(|| OilOrderError::UnknownResource(key.into()))?;
            if board.controller(w.node) != Some(power) {
                return Err(OilOrderError::NotYourResource { resource: key.into(), power: board.key(power) });
            }
            if w.spent + n > w.points {
                return Err(OilOrderError::NoOilLeft(key.into()));
            }
            w.spent += n;
        }
        let oil = resources.len() as u32;
        if board.params.neutral_majors.contains(&power) {
            let saved = self.neutral_saved.get(&power).copied().unwrap_or(0);
            if saved + oil > 1 {
                return Err(OilOrderError::NeutralLimit { power: board.key(power), saved });
            }
            *self.neutral_saved.entry(power).or_default() += oil;
        }
        let held = self.held(node);
        Self::check_cap(board, node, cap, "oil points", held.oil, oil)?;
        Self::check_cap(board, node, cap, "build points", held.build_points, build_points)?;
        let total = self.build_points.entry(power).or_default();
        if *total < build_points {
            return Err(OilOrderError::NotEnoughBuildPoints {
                power: board.key(power),
                have: *total,
                asked: build_points,
            });
        }
        *total -= build_points;
        let pile = self.piles.entry((node, power)).or_default();
        pile.oil += oil;
        pile.build_points += build_points;
        Ok(())
    }

    /// Takes `oil` and `build_points` out of `power`'s stockpile at `node`.
    fn withdraw(
        &mut self,
        board: &Board,
        power: NationId,
        node: NodeId,
        oil: u32,
        bp: u32,
    ) -> Result<(), OilOrderError> {
        let hex = board.label(node);
        let pile = self.piles.get_mut(&(node, power)).filter(|p| p.oil + p.build_points > 0);
        let Some(pile) = pile else { return Err(OilOrderError::NothingSaved { hex, power: board.key(power) }) };
        if pile.oil < oil {
            return Err(OilOrderError::NotEnoughSaved { hex, what: "oil points".into(), held: pile.oil, asked: oil });
        }
        if pile.build_points < bp {
            let held = pile.build_points;
            return Err(OilOrderError::NotEnoughSaved { hex, what: "build points".into(), held, asked: bp });
        }
        pile.oil -= oil;
        pile.build_points -= bp;
        Ok(())
    }

    /// OIL-011: saved stock moves to another city or port the power
    /// controls, factory or not, within its cap.
    fn transport(
        &mut self,
        board: &Board,
        power: NationId,
        from: &str,
        to: &str,
        oil: u32,
        bp: u32,
    ) -> Result<(), OilOrderError> {
        let source = board.hex(from)?;
        self.withdraw(board, power, source, oil, bp)?;
        let (node, cap) = board.store(to, power)?;
        let held = self.held(node);
        Self::check_cap(board, node, cap, "oil points", held.oil, oil)?;
        Self::check_cap(board, node, cap, "build points", held.build_points, bp)?;
        let pile = self.piles.entry((node, power)).or_default();
        pile.oil += oil;
        pile.build_points += bp;
        Ok(())
    }

    /// OIL-012: saved build points into the power's total, within the hex's
    /// limit a turn.
    fn spend_saved(&mut self, board: &Board, power: NationId, at: &str, bp: u32) -> Result<(), OilOrderError> {
        let node = board.hex(at)?;
        self.withdraw(board, power, node, 0, bp)?;
        let drawn = self.drawn.get(&node).copied().unwrap_or(0);
        if let Some(limit) = board.draw_limit(node, power)
            && drawn + bp > limit
        {
            return Err(OilOrderError::PastHexLimit { hex: board.label(node), limit, drawn, asked: bp });
        }
        *self.drawn.entry(node).or_default() += bp;
        *self.build_points.entry(power).or_default() += bp;
        Ok(())
    }

    /// OIL-006: resources sent to another major power of the side, `oil`
    /// of them oil. The oil leaves the sender's unspent produced oil this
    /// turn, wells by key; production, where the receiver uses resources,
    /// is not simulated: the shipment is recorded with its commitment.
    fn send(
        &mut self,
        board: &Board,
        side: Side,
        from: &str,
        to: &str,
        resources: u32,
        oil: u32,
    ) -> Result<(), OilOrderError> {
        let sender = board.power_of(side, from)?;
        let receiver = board.spec.ruleset.nation_by_key(to).ok_or_else(|| OilOrderError::UnknownNation(to.into()))?;
        if receiver == sender || !board.is_major(receiver) || board.side_of(receiver) != Some(side) {
            return Err(OilOrderError::NotAlly { from: from.into(), to: to.into() });
        }
        if oil > resources {
            return Err(OilOrderError::OilMoreThanResources { resources, oil });
        }
        let mine: Vec<String> = self
            .wells
            .iter()
            .filter(|(_, w)| board.controller(w.node) == Some(sender))
            .map(|(k, _)| k.clone())
            .collect();
        let have: u32 = mine.iter().map(|k| self.wells[k].points - self.wells[k].spent.min(self.wells[k].points)).sum();
        if have < oil {
            return Err(OilOrderError::NotEnoughOil { power: from.into(), have, asked: oil });
        }
        let mut left = oil;
        for k in mine {
            let Some(w) = self.wells.get_mut(&k) else { continue };
            let take = left.min(w.points.saturating_sub(w.spent));
            w.spent += take;
            left -= take;
        }
        let shipment = Shipment { turn: board.turn, from: from.into(), to: to.into(), resources, oil };
        self.log.shipments.push(shipment);
        Ok(())
    }

    /// OIL-013, OIL-014: the bombers' bonus and rolls, each hit destroying
    /// one enemy saved point, oil first, owners by nation.
    fn bombard(
        &mut self,
        board: &Board,
        side: Side,
        at: &str,
        factors: u32,
        uncontested: bool,
        rng: Option<&mut GameRng>,
    ) -> Result<(), OilOrderError> {
        let node = board.hex(at)?;
        let enemy = |n: NationId| board.side_of(n).is_some_and(|s| s != side);
        let target_piles: Vec<(NodeId, NationId)> = self
            .piles
            .iter()
            .filter(|((n, o), p)| *n == node && enemy(*o) && p.oil + p.build_points > 0)
            .map(|(k, _)| *k)
            .collect();
        if target_piles.is_empty() {
            return Err(OilOrderError::NothingToBomb(board.label(node)));
        }
        if factors == 0 {
            return Err(OilOrderError::NoBombers);
        }
        let Some(rng) = rng else { return Ok(()) };
        let bonus = if !uncontested {
            0
        } else if board.params.bombing.factory_destruction {
            bombardment_bonus(self.target(board, node))
        } else {
            1
        };
        let rules = board.params.bombing;
        let rolls: Vec<u32> = (0..factors).map(|_| rng.roll(rules.die)).collect();
        let mut hits = rolls.iter().filter(|&&r| r + bonus >= rules.hit_on).count() as u32;
        let (mut oil, mut bp) = (0, 0);
        for key in &target_piles {
            let Some(p) = self.piles.get_mut(key) else { continue };
            let o = hits.min(p.oil);
            p.oil -= o;
            hits -= o;
            oil += o;
        }
        for key in &target_piles {
            let Some(p) = self.piles.get_mut(key) else { continue };
            let b = hits.min(p.build_points);
            p.build_points -= b;
            hits -= b;
            bp += b;
        }
        let hex = board.label(node);
        let record =
            Bombing { turn: board.turn, hex, factors, bonus, rolls, oil_destroyed: oil, build_points_destroyed: bp };
        self.log.bombings.push(record);
        Ok(())
    }

    /// What bombers count in `node` (OIL-014): factories, oil resource
    /// points, a synthetic oil plant, and all saved stock.
    #[must_use]
    pub fn target(&self, board: &Board, node: NodeId) -> Target {
        let held = self.held(node);
        Target {
            factories: board.params.factories.get(&node).copied().unwrap_or(0),
            oil_resources: self.wells.values().filter(|w| w.node == node).map(|w| w.points).sum(),
            synthetic_oil: u32::from(board.features(node).contains(Features::SYNTHETIC_OIL)),
            saved_oil: held.oil,
            saved_build_points: held.build_points,
        }
    }
}

/// Checks a stockpile order against the ledger with the queue replayed,
/// and queues it.
///
/// # Errors
/// The order's [`OilOrderError`].
pub fn validate_stock(world: &mut World, cx: &OrderContext, order: &OilOrder) -> Result<OilValid, OrderError> {
    let board = Board::read(world);
    if let OilOrder::ExpendSupply { hq } = order {
        crate::hq::check_hq(world, &board, cx.side, hq).map_err(|e| refuse(cx.index, e))?;
    }
    let mut ledger = Ledger::read(world, &board);
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
    Ok(OilValid::Stock(order.clone()))
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
        if let Err(e) = ledger.apply(&board, o.side, order, Some(&mut rng)) {
            ledger.log.skipped.push(format!("turn {}: {} not carried out: {e}", board.turn, order.kind_name()));
        }
    }
    world.insert_resource(rng);
    ledger.write(world, &board);
}

impl OilOrder {
    fn kind_name(&self) -> &'static str {
        qm_core::orders::OrderSet::kind(self)
    }
}

/// The land units of the world: id, nation, hex (OIL-013).
fn land_units(world: &mut World, spec: &ScenarioSpec) -> Vec<(String, NationId, NodeId)> {
    let mut out: Vec<(String, NationId, NodeId)> = world
        .query::<(&Unit, &qm_core::components::Location)>()
        .iter(world)
        .filter(|(u, _)| {
            spec.ruleset
                .unit_type(u.kind)
                .is_some_and(|d| d.domain == qm_core::ruleset::Domain::Ground && !d.installation)
        })
        .map(|(u, l)| (u.id.to_string(), u.nation, l.node))
        .collect();
    out.sort();
    out
}

impl Ledger {
    /// OIL-013: saved stock in a hex where a land unit of a major power at
    /// war with its owner stands becomes that power's (the first such unit
    /// by id takes it), merged with any stock of its own there. A minor
    /// country's unit takes nothing (the text says "your land units", a
    /// major power's).
    pub fn capture(&mut self, board: &Board, units: &[(String, NationId, NodeId)]) {
        let keys: Vec<(NodeId, NationId)> = self.piles.keys().copied().collect();
        for (node, owner) in keys {
            let Some(p) = self.piles.get(&(node, owner)).copied().filter(|p| p.oil + p.build_points > 0) else {
                continue;
            };
            let Some(owner_side) = board.side_of(owner) else { continue };
            let taker = units.iter().find(|(_, n, at)| {
                *at == node && board.is_major(*n) && board.side_of(*n).is_some_and(|s| s != owner_side)
            });
            let Some((unit, to, _)) = taker else { continue };
            self.piles.remove(&(node, owner));
            let mine = self.piles.entry((node, *to)).or_default();
            mine.oil += p.oil;
            mine.build_points += p.build_points;
            self.log.captures.push(crate::state::Capture {
                turn: board.turn,
                hex: board.label(node),
                unit: unit.clone(),
                from: board.key(owner),
                to: board.key(*to),
                oil: p.oil,
                build_points: p.build_points,
            });
        }
    }
}

/// Capture of saved stock by enemy land units (OIL-013), as an exclusive
/// system: in `RulesOf("mwif-oil")` of the movement phase (after the
/// moves, which other families apply in their own sets before) and in
/// `BeginOf("mwif-oil")` of the reorganization phase (units placed or moved
/// otherwise).
pub fn capture_stock(world: &mut World) {
    if world.query::<&Stockpile>().iter(world).next().is_none() {
        return;
    }
    let board = Board::read(world);
    let mut ledger = Ledger::read(world, &board);
    let before = ledger.log.captures.len();
    ledger.capture(&board, &land_units(world, &board.spec));
    if ledger.log.captures.len() > before {
        ledger.write(world, &board);
    }
}
