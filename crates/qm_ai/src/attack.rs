//! Greedy's combat plan: which of its units attack which hex, together.
//!
//! Attacks of several units on one hex are one combat (`qm_ops`), so the
//! plan is made per hex, not per unit. For each hex the legal orders let
//! it attack, the units that may join are added strongest first (armor,
//! then mechanized, then the rest, by id) and each group is valued by the
//! scenario's own table ([`qm_ops::Forecast`]: the odds, terrain, river
//! and city shifts and the supply modifiers of rule 30's capabilities that
//! combat applies). The best group over all hexes is committed, its units
//! leave the pool, and so on while a group's expected value is positive.

use crate::seat::Seat;
use qm_game::{NodeId, Order, Side};
use qm_ops::{CombatResult, Forecast, OpsOrder};
use std::collections::BTreeMap;

/// Value of one result for the attacker, in points per defender or
/// attacker unit (integer; a die's results are summed, not averaged).
fn value(r: CombatResult, attackers: i64, defenders: i64) -> i64 {
    match r {
        CombatResult::DE => 30 * defenders + 10,
        CombatResult::DL => 30 + 8 * (defenders - 1) + 10,
        CombatResult::DR => 8 * defenders + 10,
        CombatResult::EX => 0,
        CombatResult::NE => -2,
        CombatResult::AL => -30,
        CombatResult::AE => -30 * attackers,
    }
}

/// One committed attack: the units and the hex, with the group's value
/// summed over the die's faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The hex attacked (its label).
    pub target: String,
    /// The attacking units.
    pub attackers: Vec<String>,
    /// Expected value times the die's sides.
    pub value: i64,
}

/// Greedy's attacks for `side` from the `legal` orders (one-attacker
/// `Attack`s), with the objectives' extra worth `objective` per hex.
#[must_use]
pub fn plan_attacks(seat: &Seat<'_>, legal: &[Order], objective: &dyn Fn(NodeId) -> i64) -> Vec<Planned> {
    let obs = seat.observation();
    let side = obs.side;
    let map = &seat.spec().map;
    let mut by_target: BTreeMap<NodeId, (String, Vec<String>)> = BTreeMap::new();
    for o in legal {
        if let Some(OpsOrder::Attack { attackers, target }) = o.downcast_ref::<OpsOrder>()
            && let (Some(t), Some(a)) = (map.find(target), attackers.first())
        {
            let e = by_target.entry(t).or_insert_with(|| (target.clone(), Vec::new()));
            e.1.push(a.clone());
        }
    }
    if by_target.is_empty() {
        return Vec::new();
    }
    let Some(f) = seat.forecast() else { return Vec::new() };
    let rank = |id: &str| {
        let u = obs.own_units.iter().find(|u| u.id == id);
        let kind = u.map_or(2, |u| {
            if u.armor {
                0
            } else if u.unit_type.key == "mech" {
                1
            } else {
                2
            }
        });
        (kind, id.to_string())
    };
    for (_, units) in by_target.values_mut() {
        units.sort_by_key(|a| rank(a));
    }
    let defenders = |t: NodeId| obs.enemy_units.iter().filter(|u| u.node == t).count().max(1) as i64;
    let mut used: Vec<String> = Vec::new();
    let mut out = Vec::new();
    loop {
        let mut best: Option<(i64, NodeId, Vec<String>)> = None;
        for (&t, (_, units)) in &by_target {
            let free: Vec<&str> = units.iter().filter(|u| !used.contains(u)).map(String::as_str).collect();
            if let Some((v, group)) = best_group(&f, side, &free, t, defenders(t), objective(t))
                && best.as_ref().is_none_or(|(bv, _, _)| v > *bv)
            {
                best = Some((v, t, group));
            }
        }
        let Some((v, t, group)) = best else { break };
        used.extend(group.iter().cloned());
        let label = by_target.get(&t).map(|(l, _)| l.clone()).unwrap_or_default();
        by_target.remove(&t);
        out.push(Planned { target: label, attackers: group, value: v });
    }
    out
}

/// The best prefix of `free` (strongest first) attacking `t`: the one of
/// highest value, fewer units on ties, each unit beyond the first costing
/// a little (it could attack elsewhere); `None` if no prefix is worth it.
fn best_group(
    f: &Forecast<'_>,
    side: Side,
    free: &[&str],
    t: NodeId,
    defenders: i64,
    objective: i64,
) -> Option<(i64, Vec<String>)> {
    let mut best: Option<(i64, usize)> = None;
    for k in 1..=free.len() {
        let Some((_, results)) = f.results(side, &free[..k], t) else { continue };
        let attackers = k as i64;
        let won = results.iter().filter(|r| matches!(r, CombatResult::DE | CombatResult::DL | CombatResult::DR));
        let v: i64 = results.iter().map(|&r| value(r, attackers, defenders)).sum::<i64>()
            + objective * won.count() as i64
            - 4 * (attackers - 1);
        if v > 0 && best.is_none_or(|(b, _)| v > b) {
            best = Some((v, k));
        }
    }
    best.map(|(v, k)| (v, free[..k].iter().map(|s| (*s).to_string()).collect()))
}
