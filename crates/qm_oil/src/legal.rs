//! The oil family's decisions as legal orders (`docs/orders.md`), in the
//! reorganization phase, by the side to move. Each is an atomic choice
//! that `validate` accepts given what is queued; orders of one kind add
//! up, so a compound decision is a sequence of them:
//!
//! - **Which units to reorganize** (OIL-003..005), while the side has
//!   disorganized oil-dependent units: before any `Reorganize`, none of
//!   them (`Reorganize([])`: save the oil) or each one alone; after, each
//!   one more. Giving none requests them all, and the exact solver
//!   assigns the oil (the engine's default).
//! - **Which oil to draw** (OIL-003), in the same case: per major power,
//!   one more of the oil resources it could draw from (`DrawOil`); none
//!   given, it draws from all.
//! - **Stockpiles** (OIL-006..012), one point at a time: save a point of
//!   unspent oil of a resource, or a build point, in a city or port the
//!   power controls (`SaveStock`); carry a saved point to another
//!   (`TransportStock`); take a saved build point into the total
//!   (`SpendSaved`); send one resource, oil or not, to an allied major
//!   power on the map (`SendResources`); expend a named supply unit to make an HQ an
//!   oil resource (`ExpendSupply`, OIL-005). None given, nothing is saved, carried,
//!   spent, sent or expended.
//! - **Strategic bombardment** (`Bombard`, OIL-013/014) is not listed: its
//!   bomber factors belong to the air rules, which are not among the rule
//!   texts; the order stays for games that model them.

use crate::orders::{OilOrder, OilValid, REORGANIZATION, validate};
use crate::state::{OilWell, Organization};
use bevy_ecs::prelude::*;
use qm_core::components::{Control, MapNode, Unit};
use qm_core::ids::{NationId, NodeId, NodeVec};
use qm_core::nation::NationKind;
use qm_core::orders::{Order, OrderContext, Pending};
use qm_core::outcome::Outcome;
use qm_core::spec::{ScenarioSpec, Spec};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The oil family's legal orders of `cx.side` for the phase `cx.phase`.
#[must_use]
pub fn legal_orders(world: &mut World, cx: &OrderContext) -> Vec<Order> {
    if cx.side != cx.clock.side
        || cx.phase != REORGANIZATION
        || world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some())
    {
        return Vec::new();
    }
    let Some(spec) = world.get_resource::<Spec>().map(|s| s.0.clone()) else { return Vec::new() };
    let s = Side::read(world, &spec, cx);
    let mut candidates = Vec::new();
    if !s.dependent.is_empty() {
        reorganizations(world, &s, &mut candidates);
        draws(world, &s, &mut candidates);
    }
    stock(&s, &mut candidates);
    candidates.into_iter().filter(|o| passes(world, cx, o)).map(Order::new).collect()
}

/// What the listing reads of the side.
struct Side {
    spec: Arc<ScenarioSpec>,
    /// The side's major powers, by nation id.
    powers: Vec<NationId>,
    /// Its disorganized oil-dependent units, by id.
    dependent: Vec<String>,
    /// Cities and ports per power: `(power, hex label)`.
    stores: Vec<(NationId, String)>,
    /// Well keys per power of the side that controls them.
    wells: Vec<(NationId, String)>,
    /// Every well's key: oil a power may draw from through a shared group
    /// or Stilwell (OIL-003) is another power's.
    all_wells: Vec<String>,
    /// The side's stockpiles, empty ones too: owner, hex label, saved oil,
    /// saved build points.
    piles: Vec<(NationId, String, u32, u32)>,
    /// The side's HQs, by id.
    hqs: Vec<String>,
    /// The side's supply units (OIL-005: of a type in `supply_types`), by
    /// id.
    supplies: Vec<String>,
}

impl Side {
    fn read(world: &mut World, spec: &Arc<ScenarioSpec>, cx: &OrderContext) -> Self {
        let sides = crate::paths::nation_sides(world, spec.ruleset.nations.len());
        let on = |n: NationId| sides.get(n.index()).copied().flatten() == Some(cx.side);
        let major = |n: NationId| spec.ruleset.nations.get(n.index()).is_some_and(|d| d.kind == NationKind::Major);
        let powers: Vec<NationId> = (0..spec.ruleset.nations.len())
            .filter_map(|i| u16::try_from(i).ok())
            .map(NationId)
            .filter(|&n| on(n) && major(n))
            .collect();
        let controller = controllers(world, spec);
        let label = |n: NodeId| spec.map.label(n).to_string();
        let supply_types =
            world.get_resource::<crate::state::OilParams>().map(|p| p.supply_types.clone()).unwrap_or_default();
        let mut dependent = Vec::new();
        let mut hqs = Vec::new();
        let mut supplies = Vec::new();
        for (u, org) in world.query::<(&Unit, Option<&Organization>)>().iter(world) {
            let Some(d) = spec.ruleset.unit_type(u.kind) else { continue };
            if !on(u.nation) {
                continue;
            }
            if d.oil > 0 && org.is_some_and(|o| !o.organized) {
                dependent.push(u.id.to_string());
            }
            if d.hq {
                hqs.push(u.id.to_string());
            }
            if supply_types.contains(&d.key) {
                supplies.push(u.id.to_string());
            }
        }
        let mut stores = Vec::new();
        for (n, c) in controller.iter_enumerated() {
            let features = spec.map.node(n).map(|i| i.features).unwrap_or_default();
            if let Some(p) = c.filter(|p| powers.contains(p))
                && crate::stockpile::hex_cap(features, false) > 0
            {
                stores.push((p, label(n)));
            }
        }
        let mut all_wells: Vec<String> = world.query::<&OilWell>().iter(world).map(|w| w.key.clone()).collect();
        all_wells.sort();
        let mut wells: Vec<(NationId, String)> = world
            .query::<&OilWell>()
            .iter(world)
            .filter_map(|w| {
                Some((controller.get(w.node).copied().flatten().filter(|p| powers.contains(p))?, w.key.clone()))
            })
            .collect();
        // The stock as the phase will find it, captures applied (OIL-013).
        let board = crate::ledger::Board::read(world);
        let mut piles: Vec<(NationId, String, u32, u32)> = crate::ledger::Ledger::at_phase_start(world, &board)
            .piles
            .iter()
            .filter(|((_, owner), _)| powers.contains(owner))
            .map(|(&(node, owner), p)| (owner, label(node), p.oil, p.build_points))
            .collect();
        for v in [&mut dependent, &mut hqs, &mut supplies] {
            v.sort();
        }
        stores.sort();
        wells.sort();
        piles.sort();
        Self { spec: spec.clone(), powers, dependent, stores, wells, all_wells, piles, hqs, supplies }
    }

    fn key(&self, n: NationId) -> String {
        self.spec.ruleset.nations.get(n.index()).map_or_else(String::new, |d| d.key.clone())
    }
}

/// Each node's controller.
fn controllers(world: &mut World, spec: &ScenarioSpec) -> NodeVec<Option<NationId>> {
    let mut out = NodeVec::from(vec![None; spec.map.node_count()]);
    for (n, c) in world.query::<(&MapNode, &Control)>().iter(world) {
        if let Some(slot) = out.get_mut(n.0) {
            *slot = c.current;
        }
    }
    out
}

/// The queued orders of the phase that are not stockpile orders.
fn queued(world: &World) -> Vec<OilValid> {
    world
        .get_resource::<Pending<OilValid>>()
        .map(|p| {
            p.for_phase(REORGANIZATION).map(|o| o.order.clone()).filter(|o| !matches!(o, OilValid::Stock(_))).collect()
        })
        .unwrap_or_default()
}

/// `Reorganize([])` and each unit alone, before any; each unit more after.
fn reorganizations(world: &World, s: &Side, out: &mut Vec<OilOrder>) {
    let mut asked: Option<BTreeSet<String>> = None;
    for o in queued(world) {
        if let OilValid::Reorganize { units } = o {
            asked.get_or_insert_default().extend(units.iter().map(ToString::to_string));
        }
    }
    if asked.is_none() {
        out.push(OilOrder::Reorganize { units: Vec::new() });
    }
    let asked = asked.unwrap_or_default();
    for u in s.dependent.iter().filter(|u| !asked.contains(*u)) {
        out.push(OilOrder::Reorganize { units: vec![u.clone()] });
    }
}

/// One more resource each power may draw from.
fn draws(world: &World, s: &Side, out: &mut Vec<OilOrder>) {
    let allowed: Vec<(NationId, String)> = queued(world)
        .into_iter()
        .filter_map(|o| match o {
            OilValid::DrawOil { power, oil } => Some(oil.into_iter().map(move |k| (power, k))),
            _ => None,
        })
        .flatten()
        .collect();
    for &p in &s.powers {
        let keys = s.all_wells.iter().cloned();
        let saved = s.piles.iter().filter(|(o, _, _, _)| *o == p).map(|(_, h, _, _)| format!("saved@{h}"));
        let hqs = s.hqs.iter().map(|h| format!("hq@{h}"));
        for k in keys.chain(saved).chain(hqs) {
            if !allowed.contains(&(p, k.clone())) {
                out.push(OilOrder::DrawOil { power: s.key(p), oil: vec![k] });
            }
        }
    }
}

/// One point saved, carried, spent or sent; a supply unit expended.
fn stock(s: &Side, out: &mut Vec<OilOrder>) {
    for &(p, ref at) in &s.stores {
        let power = s.key(p);
        for (_, k) in &s.wells {
            out.push(OilOrder::SaveStock {
                power: power.clone(),
                at: at.clone(),
                resources: vec![k.clone()],
                build_points: 0,
            });
        }
        out.push(OilOrder::SaveStock { power: power.clone(), at: at.clone(), resources: Vec::new(), build_points: 1 });
    }
    for (p, from, oil, bp) in &s.piles {
        let power = s.key(*p);
        for (_, to) in s.stores.iter().filter(|(q, to)| q == p && to != from) {
            for (o, b) in [(1, 0), (0, 1)].into_iter().filter(|&(o, b)| (o == 1 && *oil > 0) || (b == 1 && *bp > 0)) {
                let (from, to) = (from.clone(), to.clone());
                out.push(OilOrder::TransportStock { power: power.clone(), from, to, oil: o, build_points: b });
            }
        }
        if *bp > 0 {
            out.push(OilOrder::SpendSaved { power: power.clone(), at: from.clone(), build_points: 1 });
        }
    }
    for &a in &s.powers {
        for &b in s.powers.iter().filter(|&&b| b != a) {
            for oil in [0, 1] {
                out.push(OilOrder::SendResources { from: s.key(a), to: s.key(b), resources: 1, oil });
            }
        }
    }
    // Which supply unit is expended is named: leaving it unnamed takes the
    // one with the lowest id in the HQ's hex, the same as naming it.
    for hq in &s.hqs {
        for supply in &s.supplies {
            out.push(OilOrder::ExpendSupply { hq: hq.clone(), supply: Some(supply.clone()) });
        }
    }
}

/// Whether `order` passes validation now; the family's queue is put back.
fn passes(world: &mut World, cx: &OrderContext, order: &OilOrder) -> bool {
    let saved = world.get_resource::<Pending<OilValid>>().cloned();
    let ok = validate(world, cx, order).is_ok();
    match saved {
        Some(p) => world.insert_resource(p),
        None => {
            world.remove_resource::<Pending<OilValid>>();
        }
    }
    ok
}
