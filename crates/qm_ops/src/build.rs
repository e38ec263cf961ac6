//! Construction: units placed at fully supplied cities (SUP-203), paid from
//! the nation's construction points.
//!
//! On a hex map, and on any map without treasuries, the points are the
//! scenario's budget per player turn (`ops.budget`), unspent points lost.
//! On a hex map where the oil family keeps the major powers' build point
//! totals (`qm_core::treasury::BuildPoints`, OIL-012), a nation also
//! builds with its total: the budget of the player turn is spent first,
//! what a build costs past it is debited from the total, which carries
//! over (saved build points drawn into it with `SpendSaved` fund builds).
//! On a territory map where the collection family keeps the nations'
//! treasuries (`qm_core::treasury::Treasury`), a nation builds with its
//! treasury: what it collected (COL-004..008) and saved, less what it has
//! paid and spent; unspent points carry over (COL-004: resources are
//! *saved*), and a build debits it when placed. There the build sites are
//! the nation's supply centers (COL-005: a city, industrial complex or
//! port in an incorporated territory of its own that it controls): the
//! territory map's stand-in for a fully supplied city (SUP-203), since
//! every line of supply starts there.

use crate::error::OpsError;
use crate::orders::OpsValid;
use crate::view::View;
use bevy_ecs::prelude::*;
use qm_collect::collect_map::CollectMap;
use qm_core::components::{Location, Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{NationId, NodeId, Side, UnitId, UnitTypeId};
use qm_core::map::Features;
use qm_core::orders::OrderError;
use qm_core::spec::Spec;
use qm_core::supply::{UnitStatus, UnitSupply};
use qm_core::treasury::{BuildPoints, Treasury};
use std::collections::BTreeMap;

/// Whether `n` is a node where units are constructed: a city or capital
/// hex, or with treasuries on a territory map a supply center of some
/// nation (COL-005).
pub(crate) fn build_site(v: &View<'_>, n: NodeId) -> bool {
    let map = &v.spec.map;
    let Some(info) = map.node(n).filter(|_| map.is_board(n)) else { return false };
    if v.treasury.is_some() {
        CollectMap::of(v.spec).center_nation(n, info.features).is_some()
    } else {
        info.features.intersects(Features::CITY | Features::CAPITAL)
    }
}

/// Whether the nation holding site `n` may build there now: a fully
/// supplied hex (SUP-203), or with treasuries one of its own supply
/// centers (COL-005).
fn supplied_site(v: &View<'_>, n: NodeId, nation: NationId) -> Result<(), &'static str> {
    match v.treasury {
        Some(_) => {
            let features = v.spec.map.node(n).map_or(Features::empty(), |i| i.features);
            if CollectMap::of(v.spec).center_nation(n, features) == Some(nation) {
                Ok(())
            } else {
                Err("not a supply center of the nation that holds it (COL-005)")
            }
        }
        None if v.hex_caps(n).build_units => Ok(()),
        None => Err("not fully supplied (SUP-203)"),
    }
}

/// Validates a `Build` order.
pub(crate) fn validate_build(
    v: &View<'_>,
    side: Side,
    index: usize,
    kind: &str,
    at: &str,
) -> Result<OpsValid, OrderError> {
    let spec = v.spec;
    let not_buildable = || OpsError::NotBuildable(kind.to_string()).at(index);
    let k = spec.ruleset.unit_types.iter().position(|t| t.key == kind).ok_or_else(not_buildable)?;
    let k = UnitTypeId(k as u16);
    if !v.ops.build.contains(&k) {
        return Err(not_buildable());
    }
    let n = spec.map.find(at).ok_or_else(|| OrderError::UnknownPlace { index, name: at.to_string() })?;
    let site = |why| OpsError::NotABuildSite { at: spec.map.label(n).to_string(), why }.at(index);
    if !build_site(v, n) {
        return Err(site(if v.treasury.is_some() { "not a supply center (COL-005)" } else { "not a city" }));
    }
    let nation = v.control.get(n).copied().flatten().filter(|&c| v.side(c) == Some(side));
    let Some(nation) = nation else { return Err(site("not controlled by the side")) };
    if v.enemy_at(n, side) {
        return Err(site("enemy units stand there"));
    }
    supplied_site(v, n, nation).map_err(site)?;
    let cost = spec.ruleset.unit_type(k).map_or(0, |d| u32::from(d.cost));
    let left = v.funds_left(nation);
    if cost > left {
        let nation = spec.ruleset.nations.get(nation.index()).map_or_else(String::new, |d| d.key.clone());
        return Err(OpsError::OverBudget { nation, kind: kind.to_string(), cost, left }.at(index));
    }
    Ok(OpsValid::Build { nation, kind: k, at: n, cost })
}

/// Pays for a valid build and places the unit. With treasuries (a
/// territory map with collection), the cost is spent from the nation's
/// treasury; on a hex map, from what is left of the player turn's budget
/// (`budget_used` counts it over the phase), the rest from the nation's
/// build point total (OIL-012). A build it can no longer pay for (a
/// hand-edited save's queue) is not placed.
pub(crate) fn construct(world: &mut World, build: Construction, budget_used: &mut BTreeMap<NationId, u32>) {
    let Construction { nation, kind, at, cost, turn } = build;
    let spec = world.resource::<Spec>().0.clone();
    if spec.map.is_hex_map() {
        let budget = world.get_resource::<crate::data::OpsData>().map_or(0, |d| d.0.budget_of(nation));
        let used = budget_used.entry(nation).or_default();
        let from_budget = cost.min(budget.saturating_sub(*used));
        let rest = cost - from_budget;
        if rest > 0 && !world.get_resource_mut::<BuildPoints>().is_some_and(|mut b| b.spend(nation, rest)) {
            return;
        }
        *used += from_budget;
    } else if let Some(mut t) = world.get_resource_mut::<Treasury>()
        && !t.spend(spec.ruleset.nation_key(nation), cost)
    {
        return;
    }
    place(world, nation, kind, at, turn);
}

/// A build being carried out: what `construct` places and pays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Construction {
    pub nation: NationId,
    pub kind: UnitTypeId,
    pub at: NodeId,
    pub cost: u32,
    pub turn: u32,
}

/// Places a constructed unit, fully supplied, with the first free id of
/// the form `nation-type-turn-k`.
fn place(world: &mut World, nation: NationId, kind: UnitTypeId, at: NodeId, turn: u32) {
    let spec = world.resource::<Spec>().0.clone();
    let nkey = spec.ruleset.nations.get(nation.index()).map_or("x", |d| d.key.as_str());
    let Some(def) = spec.ruleset.unit_type(kind) else { return };
    let taken: std::collections::BTreeSet<UnitId> = world.query::<&Unit>().iter(world).map(|u| u.id.clone()).collect();
    let id = (1..)
        .map(|k| UnitId::new(format!("{nkey}-{}-{turn}-{k}", def.key)))
        .find(|id| !taken.contains(id))
        .unwrap_or_else(|| UnitId::new(format!("{nkey}-{}-{turn}", def.key)));
    let factors = def.factors;
    world.spawn((
        Unit { id, nation, kind, supply_as: None, factors },
        Location { node: at, turn_start: at },
        UnitFlags { bits: UnitFlagBits::empty(), exploited_turn: None, isolated_turns: 0 },
        UnitSupply { status: UnitStatus::Full, ..UnitSupply::default() },
    ));
}

/// What `nation` may still spend on construction in the phase about to
/// run: its treasury on a territory map with collection, else the
/// scenario's budget, less the builds already queued. 0 with no
/// operations loaded.
#[must_use]
pub fn construction_left(world: &World, nation: NationId) -> u32 {
    View::new(world).map_or(0, |v| v.funds_left(nation))
}
