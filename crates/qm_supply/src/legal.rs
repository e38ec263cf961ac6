//! Rule 30's decisions as legal orders (`docs/orders.md`), each listed as
//! an atomic choice that `validate` accepts given what is queued:
//!
//! - **Designations** (SUP-015), in the supply phases, by the side to
//!   move: for each source on a node it controls, the designation that
//!   changes it (designate one that is not, withdraw one that is), as the
//!   designations already given in the phase leave it: each change is
//!   offered once, and its undoing next. Given
//!   in another phase, a designation takes its effect at the next
//!   determination all the same (a designated source supplies from the
//!   next turn), so the listing offers them where a determination follows.
//! - **The sea supply plan** (SUP-103, SUP-121), in a supply phase, by the
//!   side to move. With no plan announced yet: the default plan whole
//!   (the engine's choice; giving no order takes it too), no lines
//!   (`SeaSupply([])`, SUP-139), and each candidate line alone. With a
//!   plan announced: that plan with one more candidate line, and that plan
//!   with one more protecting naval unit (SUP-106..120) or air unit
//!   (SUP-123) on its last line. A plan is built line by line, each line's
//!   escort before the next line; stopping keeps the plan announced.
//! - **Interceptions** (SUP-104, SUP-124), in the moving side's supply
//!   phase, by the defending side: one attacking unit on one announced
//!   line (the plan announced, or the default plan), before the island of
//!   a group it names if the line supplies one (SUP-100..102). Attacks on a
//!   line add up; a unit attacks once.

use crate::orders::{SupplyOrder, SupplyPending, SupplyValid, designated, validate_designation};
use crate::phases::determination;
use crate::sea::{SeaView, candidate_lines, default_plan, validate_intercept, validate_plan};
use bevy_ecs::prelude::*;
use qm_core::ids::{DeterminationKind, SourceId, UnitId};
use qm_core::orders::{Order, OrderContext, SeaLineOrder, ValidSeaLine};
use qm_core::outcome::Outcome;
use qm_core::ruleset::Domain;
use qm_core::spec::Spec;

/// Rule 30's legal orders of `cx.side` for the phase `cx.phase`.
#[must_use]
pub fn legal_orders(world: &mut World, cx: &OrderContext) -> Vec<Order> {
    if world.get_resource::<Outcome>().is_some_and(|o| o.0.is_some()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let kind = determination(cx.phase);
    if cx.side == cx.clock.side {
        if let Some(kind) = kind {
            designations(world, cx, &mut out);
            sea_plans(world, cx, kind, &mut out);
        }
    } else if let Some(kind) = kind {
        interceptions(world, cx, kind, &mut out);
    }
    out
}

/// The designation that would change each source the side controls.
fn designations(world: &mut World, cx: &OrderContext, out: &mut Vec<Order>) {
    let Some(spec) = world.get_resource::<Spec>().map(|s| s.0.clone()) else { return };
    for (id, s) in spec.sources.iter().enumerate() {
        // The designation given earlier in the phase counts: a source is
        // offered the change from where the queue leaves it.
        let designate = !designated(world, cx.phase, SourceId(id as u32));
        let at = spec.map.label(s.node).to_string();
        let class = spec.ruleset.source_classes.get(s.class.index()).map(|c| c.key.clone());
        if validate_designation(world, cx.side, (0, cx.phase), &at, class.as_deref(), designate).is_ok() {
            out.push(Order::new(SupplyOrder::DesignateSource { at, class, designate }));
        }
    }
}

/// The next atomic choices of the side's sea supply plan.
fn sea_plans(world: &mut World, cx: &OrderContext, kind: DeterminationKind, out: &mut Vec<Order>) {
    crate::preview(world, cx.side, kind);
    let announced = announced(world, cx);
    let Some(v) = crate::sea::view(world) else { return };
    let candidates = candidate_lines(&v);
    // Each plan once: the default plan may be one candidate line alone.
    let push = |lines: Vec<ValidSeaLine>, out: &mut Vec<Order>| {
        let orders: Vec<SeaLineOrder> = lines.iter().map(|l| line_order(&v, l)).collect();
        let order = Order::new(SupplyOrder::SeaSupply(orders.clone()));
        if !out.contains(&order) && validate_plan(&v, 0, &orders).is_ok() {
            out.push(order);
        }
    };
    let Some(plan) = announced else {
        let default = default_plan(&v);
        if !default.is_empty() {
            push(default, out);
        }
        push(Vec::new(), out);
        for c in candidates {
            push(vec![c], out);
        }
        return;
    };
    for c in candidates.into_iter().filter(|c| plan.iter().all(|l| l.to != c.to)) {
        push([plan.clone(), vec![c]].concat(), out);
    }
    for (domain, cover) in [(Domain::Naval, false), (Domain::Air, true)] {
        for id in escorts(&v, &plan, domain) {
            let mut next = plan.clone();
            if let Some(last) = next.last_mut() {
                if cover {
                    last.air_cover.push(id)
                } else {
                    last.protect.push(id)
                }
                push(next, out);
            }
        }
    }
}

/// The plan the side has announced for the phase, if any.
fn announced(world: &World, cx: &OrderContext) -> Option<Vec<ValidSeaLine>> {
    world.get_resource::<SupplyPending>()?.for_phase(cx.phase).rev().find_map(|o| match &o.order {
        SupplyValid::SeaSupply(lines) if o.side == cx.clock.side => Some(lines.clone()),
        _ => None,
    })
}

/// The side's units of `domain` not escorting any line of `plan` yet, by id.
fn escorts(v: &SeaView<'_>, plan: &[ValidSeaLine], domain: Domain) -> Vec<UnitId> {
    let used = |id: &UnitId| plan.iter().any(|l| l.protect.contains(id) || l.air_cover.contains(id));
    let side = v.ctx.side;
    let mut out: Vec<UnitId> = v
        .units
        .iter()
        .filter(|u| u.domain == domain && v.side_of(u.nation) == side && !used(&u.id))
        .map(|u| u.id.clone())
        .collect();
    out.sort();
    out
}

/// The defending side's next attacks on the announced lines.
fn interceptions(world: &mut World, cx: &OrderContext, kind: DeterminationKind, out: &mut Vec<Order>) {
    crate::preview(world, cx.clock.side, kind);
    let announced = announced(world, cx);
    let attacking: Vec<UnitId> = world
        .get_resource::<SupplyPending>()
        .map(|p| {
            p.for_phase(cx.phase)
                .filter_map(|o| match &o.order {
                    SupplyValid::Intercept { by, .. } => Some(by.clone()),
                    _ => None,
                })
                .flatten()
                .collect()
        })
        .unwrap_or_default();
    let Some(v) = crate::sea::view(world) else { return };
    let plan = announced.unwrap_or_else(|| default_plan(&v));
    let mut units: Vec<&crate::sea::UnitView> = v
        .units
        .iter()
        .filter(|u| matches!(u.domain, Domain::Naval | Domain::Air) && !attacking.contains(&u.id))
        .collect();
    units.sort_by(|a, b| a.id.cmp(&b.id));
    for (k, line) in plan.iter().enumerate() {
        let line_no = k as u32;
        // Before the line enters (none named), or before one of its stops
        // (SUP-100..102): an attack there falls after the line entered.
        let stops = std::iter::once(line.to).chain(line.islands.iter().copied());
        let islands: Vec<Option<String>> =
            std::iter::once(None).chain(stops.map(|n| Some(v.spec.map.label(n).to_string()))).collect();
        for u in &units {
            for at in &islands {
                let by = vec![u.id.to_string()];
                if validate_intercept(&v, 0, &plan, line_no, &by, at.as_deref()).is_ok() {
                    out.push(Order::new(SupplyOrder::Intercept { line: line_no, by, at_island: at.clone() }));
                }
            }
        }
    }
}

/// A valid line as a player writes it; the islands of its group are named
/// only when they are not in the order validation gives them unnamed (map
/// order, SUP-099).
#[must_use]
pub fn line_order(v: &SeaView<'_>, l: &ValidSeaLine) -> SeaLineOrder {
    let map = &v.spec.map;
    let label = |n: &qm_core::ids::NodeId| map.label(*n).to_string();
    let islands = if l.islands == v.other_islands(l.to) { Vec::new() } else { l.islands.iter().map(label).collect() };
    SeaLineOrder {
        from: label(&l.from),
        to: label(&l.to),
        via: l.via.iter().map(label).collect(),
        islands,
        protect: l.protect.iter().map(ToString::to_string).collect(),
        air_cover: l.air_cover.iter().map(ToString::to_string).collect(),
    }
}
