//! A side's economy as it stands: what collection has saved in its
//! treasuries and what oil and build points it holds, in whole points.
//! Read by observations (policies, the Python environments) and by the
//! graded results of self-play.

use crate::Game;
use qm_core::components::Unit;
use qm_core::ids::Side;
use qm_core::treasury::Treasury;
use qm_oil::state::{BuildPoints, OilWell, Organization, SavedBuildPoints, SavedOil, Stockpile};
use serde::{Deserialize, Serialize};

/// One side's economy; zero in every field a scenario's families do not
/// keep (a hex map without oil has no stock, a map without collection no
/// treasury).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Economy {
    /// The treasuries of the side's nations, summed (COL-004: what is
    /// collected is saved there, what is paid or spent leaves it).
    pub treasury: u32,
    /// The part of [`Economy::treasury`] held by nations that hold none of
    /// their own supply centers (COL-005): on a territory map they build
    /// nowhere (construction is at the nation's supply centers), so their
    /// money can only pay (the Middle East track, MET-006).
    pub idle_treasury: u32,
    /// What the side's nations have collected in all, less what they paid
    /// to others (the treasuries' balance, less their opening, plus what
    /// they spent on construction).
    pub net_income: i64,
    /// Oil points saved in the side's stockpiles (OIL-009).
    pub saved_oil: u32,
    /// Build points saved in the side's stockpiles (OIL-010).
    pub saved_build_points: u32,
    /// The build point totals of the side's major powers (OIL-012).
    pub build_points: u32,
    /// Oil points the resources the side controls produce each turn
    /// (OIL-003), counted by the controller of their hex.
    pub oil_production: u32,
    /// The side's disorganized units (OIL-003).
    pub disorganized: u32,
}

impl Game {
    /// Each nation's side, by nation index (`None`: neutral).
    #[must_use]
    pub fn nation_sides(&self) -> Vec<Option<Side>> {
        crate::view::nation_sides(self)
    }

    /// `side`'s economy as it stands.
    #[must_use]
    pub fn economy(&self, side: Side) -> Economy {
        let sides = self.nation_sides();
        let ruleset = &self.spec().ruleset;
        let on = |n: qm_core::ids::NationId| sides.get(n.index()).copied().flatten() == Some(side);
        let mut e = Economy { net_income: self.net_income(side), ..Economy::default() };
        if let Some(t) = self.world.get_resource::<Treasury>() {
            let builders = self.nations_holding_a_supply_center();
            for (nation, &balance) in t.balance.iter().filter(|(k, _)| self.key_on(&sides, k, side)) {
                e.treasury = e.treasury.saturating_add(balance);
                if !builders.iter().any(|&n| ruleset.nation_key(n) == nation) {
                    e.idle_treasury = e.idle_treasury.saturating_add(balance);
                }
            }
        }
        self.add_oil(&mut e, &on);
        e
    }

    /// [`Economy::net_income`] of `side` alone: what self-play's tally
    /// reads around every phase, without the rest of the economy.
    #[must_use]
    pub fn net_income(&self, side: Side) -> i64 {
        let Some(t) = self.world.get_resource::<Treasury>() else { return 0 };
        let sides = self.nation_sides();
        t.balance
            .iter()
            .filter(|(k, _)| self.key_on(&sides, k, side))
            .map(|(nation, &balance)| {
                let opening = t.opening.get(nation).copied().unwrap_or(0);
                i64::from(balance) - i64::from(opening) + i64::from(t.spent_by(nation))
            })
            .sum()
    }

    /// Whether the nation of key `key` is on `side`, by `sides`
    /// ([`Game::nation_sides`]).
    fn key_on(&self, sides: &[Option<Side>], key: &str, side: Side) -> bool {
        let ruleset = &self.spec().ruleset;
        ruleset.nations.iter().position(|n| n.key == key).and_then(|i| sides.get(i).copied().flatten()) == Some(side)
    }

    /// The oil family's part of [`Game::economy`].
    fn add_oil(&self, e: &mut Economy, on: &dyn Fn(qm_core::ids::NationId) -> bool) {
        let world = &self.world;
        if let Some(mut q) = world.try_query::<(&Stockpile, &SavedOil, &SavedBuildPoints)>() {
            for (_, oil, bp) in q.iter(world).filter(|(s, _, _)| on(s.owner)) {
                e.saved_oil = e.saved_oil.saturating_add(oil.0);
                e.saved_build_points = e.saved_build_points.saturating_add(bp.0);
            }
        }
        if let Some(b) = world.get_resource::<BuildPoints>() {
            e.build_points = b.0.iter().filter(|(n, _)| on(**n)).map(|(_, &p)| p).fold(0u32, u32::saturating_add);
        }
        let control = self.node_controllers();
        if let Some(mut q) = world.try_query::<&OilWell>() {
            for w in q.iter(world) {
                if control.get(w.node).copied().flatten().is_some_and(on) {
                    e.oil_production = e.oil_production.saturating_add(w.points);
                }
            }
        }
        if let Some(mut q) = world.try_query::<(&Unit, &Organization)>() {
            e.disorganized = q.iter(world).filter(|(u, o)| on(u.nation) && !o.organized).count() as u32;
        }
    }

    /// The nations that control at least one of their own supply centers
    /// (COL-005: a city, industrial complex or port of an incorporated
    /// territory of theirs), by nation id.
    fn nations_holding_a_supply_center(&self) -> Vec<qm_core::ids::NationId> {
        let map = &self.spec().map;
        let collect = qm_collect::collect_map::CollectMap::of(self.spec());
        let mut out: Vec<_> = self
            .node_controllers()
            .iter_enumerated()
            .filter_map(|(n, &c)| {
                let features = map.node(n)?.features;
                c.filter(|&c| collect.center_nation(n, features) == Some(c))
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Each node's controlling nation, by node id.
    fn node_controllers(&self) -> qm_core::ids::NodeVec<Option<qm_core::ids::NationId>> {
        let world = &self.world;
        let mut out = qm_core::ids::NodeVec::from(vec![None; self.spec().map.node_count()]);
        if let Some(mut q) = world.try_query::<(&qm_core::components::MapNode, &qm_core::components::Control)>() {
            for (n, c) in q.iter(world) {
                if let Some(slot) = out.get_mut(n.0) {
                    *slot = c.current;
                }
            }
        }
        out
    }
}
