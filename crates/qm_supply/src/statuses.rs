//! Statuses of the side's units and hexes (SUP-010, SUP-011, SUP-037,
//! SUP-146..148), with the line that supplied each unit.

use crate::context::SupplyContext;
use crate::land::LandFloods;
use crate::sources::{Classes, best_tier};
use bevy_ecs::prelude::*;
use qm_core::components::*;
use qm_core::events::{EventLog, GameEvent};
use qm_core::ids::{Determination, DeterminationKind, NationId, NodeId, SourceId, Tier};
use qm_core::nation::NationStatus;
use qm_core::ruleset::Domain;
use qm_core::spec::Spec;
use qm_core::supply::*;

/// The best supply a class can draw at a node, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Draw {
    pub tier: Option<Tier>,
    pub line: Option<SupplyLine>,
    pub own_hex: Option<SourceId>,
}

/// Looks up what a nation's units or hexes draw at a node.
pub(crate) fn draw(ctx: &SupplyContext, floods: &LandFloods, nation: NationId, node: NodeId, own_hex_ok: bool) -> Draw {
    let mut d = Draw { tier: None, line: None, own_hex: None };
    if let Some(Some(c)) = ctx.classes.of_nation.get(nation.index()) {
        let (chunk, _, _) = Classes::bits(*c);
        if let Some((tier, bit)) = best_tier(floods.mask(chunk, node), *c) {
            d.tier = Some(tier);
            d.line = floods.floods.get(chunk).and_then(|f| f.trace(node, bit)).map(|t| SupplyLine {
                source: floods.seeds[chunk].get(t.seed as usize).copied().unwrap_or(SourceId(u32::MAX)),
                tier,
                path: t.path,
            });
        }
    }
    // SUP-040, SUP-045, SUP-047, SUP-048: sources for units in their own hex.
    if own_hex_ok && d.tier != Some(Tier::Full) {
        for s in ctx.sources.iter().filter(|s| s.own_hex_only && s.node == node && s.inactive.is_none()) {
            if let Some(t) = s.tiers.get(nation.index()).copied().flatten()
                && Some(t) > d.tier
            {
                d = Draw { tier: Some(t), line: None, own_hex: Some(s.id) };
            }
        }
    }
    d
}

/// Decides the status of every unit and hex of the side.
#[allow(clippy::too_many_arguments, reason = "a system touching units, hexes and the event log")]
pub fn assign_statuses(
    spec: Res<Spec>,
    ctx: Res<SupplyContext>,
    floods: Res<LandFloods>,
    mut units: Query<(&Unit, &Location, &mut UnitSupply)>,
    mut nodes: Query<(&MapNode, &Control, &mut HexSupply)>,
    mut log: ResMut<EventLog>,
) {
    let (Some(side), Some(kind)) = (ctx.side, ctx.kind) else { return };
    let rules = &spec.ruleset;
    let at = Determination { turn: ctx.turn, side, kind };
    let nation_status = |n: NationId| ctx.nations.get(n.index()).map(|s| s.status);
    let neutral_tier = |n: NationId| {
        if rules.nation(n).is_some_and(|d| d.neutral_partial) { Tier::Partial } else { Tier::Full }
    };

    // Hexes (SUP-006, SUP-011), and neutral hexes (SUP-146).
    let mut hex_status = vec![None; spec.map.node_count()];
    let mut unsupplied = 0u32;
    for (node, control, mut hs) in &mut nodes {
        let n = node.0;
        let Some(owner) = control.current else { continue };
        let status = if nation_status(owner) == Some(NationStatus::Neutral) {
            HexStatus::from_tier(Some(neutral_tier(owner)))
        } else if ctx.friendly.get(n as usize).copied().unwrap_or(false) {
            let s = HexStatus::from_tier(draw(&ctx, &floods, owner, n, true).tier);
            if s == HexStatus::Unsupplied {
                unsupplied += 1;
            }
            s
        } else {
            continue;
        };
        hex_status[n as usize] = Some(status);
        let new = HexSupply { status: Some(status), at: Some(at) };
        if *hs != new {
            *hs = new;
        }
    }

    // Units of the side, in id order (SUP-132).
    let mut list: Vec<_> = units
        .iter_mut()
        .filter(|(u, _, _)| ctx.nations.get(u.nation.index()).is_some_and(|s| s.side == Some(side)))
        .collect();
    list.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let (mut full, mut partial, mut isolated) = (0u32, 0u32, 0u32);
    for (u, loc, mut sup) in list {
        let Some(def) = rules.unit_type(u.kind) else { continue };
        let node = loc.node;
        let mut next = UnitSupply { at: Some(at), initial: sup.initial, ..UnitSupply::default() };
        if nation_status(u.nation) == Some(NationStatus::Neutral) {
            // SUP-146: supplied by the neutral itself.
            next.status = UnitStatus::from_tier(Some(neutral_tier(u.nation)));
            next.automatic = Some(AutoReason::Neutral);
        } else if def.domain != Domain::Ground {
            // SUP-010: air and naval units have the status of their base.
            let h = hex_status.get(node as usize).copied().flatten().unwrap_or(HexStatus::Unsupplied);
            next.status = UnitStatus::from_hex(h);
            let d = draw(&ctx, &floods, u.supply_nation(), node, true);
            next.line = d.line;
            next.own_hex = d.own_hex;
        } else if def.partisan {
            // SUP-007, SUP-194: partisans need no supply.
            next.status = UnitStatus::Full;
            next.automatic = Some(AutoReason::Partisan);
        } else {
            // SUP-037, SUP-148: a limited source gives partial supply; the
            // mechanized and airborne components go unsupplied (see
            // capabilities).
            let d = draw(&ctx, &floods, u.supply_nation(), node, loc.turn_start == node);
            next.status = UnitStatus::from_tier(d.tier);
            next.line = d.line;
            next.own_hex = d.own_hex;
        }
        if kind == DeterminationKind::Initial {
            next.initial = Some(next.status);
        }
        if def.domain == Domain::Ground {
            match next.status {
                UnitStatus::Full => full += 1,
                UnitStatus::Partial => partial += 1,
                UnitStatus::Isolated => isolated += 1,
            }
        }
        if sup.status != next.status {
            log.push(GameEvent::UnitSupplyChanged { unit: u.id.clone(), from: sup.status, to: next.status });
        }
        *sup = next;
    }
    log.push(GameEvent::SupplyDetermined { side, kind, full, partial, isolated, unsupplied_hexes: unsupplied });
}
