//! The legal operation orders of the phase about to run, for the side to
//! move: complete, in a deterministic order (unit id, then node), and
//! compact.
//!
//! Canonical form: an `Attack` (or an outcome-carrying `Combat`) is listed
//! with one attacker and no advance. Attacks on one hex combine, so an
//! order naming several attackers passes exactly when each of its
//! one-attacker parts is listed. Every other order is listed whole.
//! Sea lines, interceptions and designations belong to rule 30's family
//! and are not listed here. On a territory map the same listing holds:
//! moves into the territories a unit reaches, attacks across land borders,
//! builds at supply centers; no invasions or redeployments.

use crate::build::build_site;
use crate::orders::{COMBAT, CONSTRUCTION_REDEPLOYMENT, MOVEMENT, OpsOrder};
use crate::validate::{check_attacker, may_invade, validate_in};
use crate::view::{UnitInfo, View};
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, Side};
use qm_core::orders::{Order, OrderContext};
use qm_core::outcome::Outcome;
use qm_core::ruleset::Domain;

/// The legal operation orders of `cx.side` for the phase `cx.phase`.
#[must_use]
pub fn legal_orders(world: &World, cx: &OrderContext) -> Vec<Order> {
    if cx.side != cx.clock.side || world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some()) {
        return Vec::new();
    }
    let Some(v) = View::new(world) else { return Vec::new() };
    let side = cx.side;
    // OIL-003: disorganized units take no operation.
    let mine: Vec<&UnitInfo> = v
        .units
        .values()
        .filter(|u| v.side(u.unit.nation) == Some(side) && !v.ordered.contains(&u.unit.id) && !u.disorganized)
        .collect();
    let mut out = Vec::new();
    if cx.phase == MOVEMENT {
        moves(&v, side, &mine, false, &mut out);
    } else if cx.phase == COMBAT {
        attacks(&v, side, &mine, &mut out);
        moves(&v, side, &mine, true, &mut out);
        let invaders: Vec<&UnitInfo> = mine.iter().copied().filter(|u| may_invade(&v, side, u)).collect();
        by_validation(&v, side, &invaders, invasion_targets(&v), |unit, at| OpsOrder::Invade { unit, at }, &mut out);
    } else if cx.phase == CONSTRUCTION_REDEPLOYMENT {
        if v.ops.rules.redeploy && v.spec.map.is_hex_map() {
            let all: Vec<NodeId> = v.spec.map.node_ids().filter(|&n| v.spec.map.is_board(n)).collect();
            by_validation(&v, side, &mine, all, |unit, to| OpsOrder::Redeploy { unit, to }, &mut out);
        }
        builds(&v, side, &mut out);
    }
    out
}

/// Ground units that may move: per unit, every hex its flood reaches.
fn moves(v: &View<'_>, side: Side, mine: &[&UnitInfo], exploit: bool, out: &mut Vec<Order>) {
    for u in mine {
        let Some(d) = v.spec.ruleset.unit_type(u.unit.kind) else { continue };
        if d.domain != Domain::Ground || d.installation {
            continue;
        }
        let caps = v.caps(u);
        if !caps.can_move || (exploit && !(d.armor && caps.can_exploit)) {
            continue;
        }
        let reach = v.unit_reach(u.node, side, u32::from(caps.movement));
        for n in reach.targets() {
            let (unit, to) = (u.unit.id.as_str().to_owned(), v.spec.map.label(n).to_string());
            out.push(if exploit { OpsOrder::Exploit { unit, to } } else { OpsOrder::Move { unit, to } }.into());
        }
    }
}

/// Per unit, each adjacent hex it may attack, one attacker per order.
fn attacks(v: &View<'_>, side: Side, mine: &[&UnitInfo], out: &mut Vec<Order>) {
    let table = v.ops.rules.combat.is_some();
    for u in mine {
        let mut targets: Vec<NodeId> = v.spec.map.adjacent(u.node).collect();
        targets.sort_unstable();
        targets.dedup();
        for t in targets {
            let label = v.spec.map.label(t).to_string();
            if check_attacker(v, u, t, &label).is_err() {
                continue;
            }
            let unit = u.unit.id.as_str().to_owned();
            if table {
                if v.enemy_at(t, side) && v.ops.strength_of(u.unit.kind).attack > 0 {
                    out.push(OpsOrder::Attack { attackers: vec![unit], target: label }.into());
                }
            } else if !(v.friendly(t, side) && v.enemy_units_at(t, side).is_empty()) {
                out.push(OpsOrder::Combat { attackers: vec![unit], target: label, advance: Vec::new() }.into());
            }
        }
    }
}

/// Coastal hexes a landing could reach (none on a territory map, where
/// invasions are not taken).
fn invasion_targets(v: &View<'_>) -> Vec<NodeId> {
    let map = &v.spec.map;
    if !map.is_hex_map() {
        return Vec::new();
    }
    map.node_ids().filter(|&n| map.node(n).is_some_and(|i| i.surface == qm_core::map::Surface::Coastal)).collect()
}

/// Orders of one unit and one node, listed when validation takes them:
/// complete and sound by construction, for the orders that are rare or
/// whose candidates are few (invasions, redeployments).
fn by_validation(
    v: &View<'_>,
    side: Side,
    mine: &[&UnitInfo],
    nodes: Vec<NodeId>,
    make: impl Fn(String, String) -> OpsOrder,
    out: &mut Vec<Order>,
) {
    if nodes.is_empty() {
        return;
    }
    for u in mine {
        for &n in &nodes {
            let o = make(u.unit.id.as_str().to_owned(), v.spec.map.label(n).to_string());
            if validate_in(v, side, 0, &o).is_ok() {
                out.push(o.into());
            }
        }
    }
}

/// Per constructible type, each build site that takes it.
fn builds(v: &View<'_>, side: Side, out: &mut Vec<Order>) {
    if v.ops.build.is_empty() {
        return;
    }
    let sites: Vec<NodeId> = v.spec.map.node_ids().filter(|&n| build_site(v, n)).collect();
    for &k in &v.ops.build {
        let Some(d) = v.spec.ruleset.unit_type(k) else { continue };
        for &n in &sites {
            let o = OpsOrder::Build { kind: d.key.clone(), at: v.spec.map.label(n).to_string() };
            if validate_in(v, side, 0, &o).is_ok() {
                out.push(o.into());
            }
        }
    }
}
