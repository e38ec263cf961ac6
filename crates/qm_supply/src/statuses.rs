//! Statuses of the side's units and hexes (SUP-010, SUP-011, SUP-037,
//! SUP-146..148), with the line that supplied each unit.

use crate::context::SupplyContext;
use crate::land::LandFloods;
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
    /// The flood chunk and label that carried it, when it came by a line.
    pub carried: Option<(usize, u32)>,
    pub own_hex: Option<SourceId>,
}

/// Looks up what a nation's units or hexes draw at a node.
pub(crate) fn draw(ctx: &SupplyContext, floods: &LandFloods, nation: NationId, node: NodeId, own_hex_ok: bool) -> Draw {
    let mut d = Draw { tier: None, carried: None, own_hex: None };
    if let Some(Some(c)) = ctx.classes.of_nation.get(nation.index()) {
        let chunk = ctx.classes.slot(*c).chunk;
        if let Some((tier, bit)) = ctx.classes.best(floods.mask(chunk, node), *c) {
            d.tier = Some(tier);
            d.carried = Some((chunk, bit));
        }
    }
    // SUP-040, SUP-045, SUP-047, SUP-048: sources for units in their own hex.
    if own_hex_ok && d.tier != Some(Tier::Full) {
        let own = ctx.own_hex.range((node, 0)..=(node, u32::MAX)).filter_map(|&(_, i)| ctx.sources.get(i as usize));
        for s in own.filter(|s| s.inactive.is_none()) {
            if let Some(t) = s.tiers.get(nation.index()).copied().flatten()
                && Some(t) > d.tier
            {
                d = Draw { tier: Some(t), carried: None, own_hex: Some(s.id) };
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
    mut floods: ResMut<LandFloods>,
    mut hex_buf: Local<Vec<Option<HexStatus>>>,
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

    // Hexes (SUP-006, SUP-011), and neutral hexes (SUP-146): the best tier
    // for the controller's class from the flood, then own-hex sources.
    let n_nodes = spec.map.node_count();
    let hex_status = &mut *hex_buf;
    hex_status.clear();
    hex_status.resize(n_nodes, None);
    for (n, slot) in hex_status.iter_mut().enumerate() {
        let Some(owner) = ctx.control[n] else { continue };
        if nation_status(owner) == Some(NationStatus::Neutral) {
            *slot = Some(HexStatus::from_tier(Some(neutral_tier(owner))));
        } else if ctx.friendly[n] {
            let tier = ctx.classes.of_nation.get(owner.index()).copied().flatten().and_then(|c| {
                let chunk = ctx.classes.slot(c).chunk;
                ctx.classes.best(floods.mask(chunk, n as NodeId), c).map(|t| t.0)
            });
            *slot = Some(HexStatus::from_tier(tier));
        }
    }
    // SUP-045: an own-hex source supplies its hex.
    for &(node, i) in &ctx.own_hex {
        let (Some(src), Some(Some(owner))) = (ctx.sources.get(i as usize), ctx.control.get(node as usize)) else {
            continue;
        };
        if src.inactive.is_some() || !ctx.friendly[node as usize] {
            continue;
        }
        if let Some(t) = src.tiers.get(owner.index()).copied().flatten() {
            let slot = &mut hex_status[node as usize];
            *slot = (*slot).max(Some(HexStatus::from_tier(Some(t))));
        }
    }
    let unsupplied =
        hex_status.iter().enumerate().filter(|&(n, h)| ctx.friendly[n] && *h == Some(HexStatus::Unsupplied)).count()
            as u32;
    for (node, _, mut hs) in &mut nodes {
        let Some(status) = hex_status.get(node.0 as usize).copied().flatten() else { continue };
        let new = HexSupply { status: Some(status), at: Some(at) };
        if *hs != new {
            *hs = new;
        }
    }

    // SUP-031: regions whose units are always supplied.
    let supplied_region = |node: NodeId| -> Option<(String, Tier)> {
        let r = spec.map.node(node)?.region?;
        let key = spec.map.regions.get(r.index())?;
        rules.supplied_regions.iter().find(|(k, _)| k == key).cloned()
    };

    // Units of the side, in id order (SUP-132).
    let mut list: Vec<_> = units
        .iter_mut()
        .filter(|(u, _, _)| ctx.nations.get(u.nation.index()).is_some_and(|s| s.side == Some(side)))
        .collect();
    list.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let (mut full, mut partial, mut isolated) = (0u32, 0u32, 0u32);
    let mut nexts = Vec::with_capacity(list.len());
    // Lines to trace, per flood chunk: (unit, node, label).
    let mut wanted: Vec<Vec<(usize, NodeId, u32)>> = vec![Vec::new(); floods.floods.len()];
    for (k, (u, loc, sup)) in list.iter().enumerate() {
        let Some(def) = rules.unit_type(u.kind) else {
            nexts.push(None);
            continue;
        };
        let node = loc.node;
        let mut next = UnitSupply { at: Some(at), initial: sup.initial, ..UnitSupply::default() };
        let mut carried = None;
        if nation_status(u.nation) == Some(NationStatus::Neutral) {
            // SUP-146: supplied by the neutral itself.
            next.status = UnitStatus::from_tier(Some(neutral_tier(u.nation)));
            next.automatic = Some(AutoReason::Neutral);
        } else if def.domain != Domain::Ground {
            // SUP-010: air and naval units have the status of their base.
            let h = hex_status.get(node as usize).copied().flatten().unwrap_or(HexStatus::Unsupplied);
            next.status = UnitStatus::from_hex(h);
            let d = draw(&ctx, &floods, u.supply_nation(), node, true);
            carried = d.carried.map(|c| (c, d.tier));
            next.own_hex = d.own_hex;
        } else if def.partisan {
            // SUP-007, SUP-194: partisans need no supply.
            next.status = UnitStatus::Full;
            next.automatic = Some(AutoReason::Partisan);
        } else if let Some((region, tier)) = supplied_region(node) {
            // SUP-031: units in Ethiopia are always in unlimited supply.
            next.status = UnitStatus::from_tier(Some(tier));
            next.automatic = Some(AutoReason::Region(region));
        } else {
            // SUP-037, SUP-148: a limited source gives partial supply; the
            // mechanized and airborne components go unsupplied (see
            // capabilities).
            let d = draw(&ctx, &floods, u.supply_nation(), node, loc.turn_start == node);
            next.status = UnitStatus::from_tier(d.tier);
            carried = d.carried.map(|c| (c, d.tier));
            next.own_hex = d.own_hex;
        }
        if let Some(((chunk, bit), Some(tier))) = carried {
            if let Some(w) = wanted.get_mut(chunk) {
                w.push((k, node, bit));
            }
            next.line = Some(SupplyLine { source: SourceId(u32::MAX), tier, path: Vec::new() });
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
        nexts.push(Some(next));
    }
    // The lines, traced together: lines that meet share their walk.
    let floods = &mut *floods;
    for (chunk, w) in wanted.iter().enumerate() {
        let (Some(f), Some(seeds)) = (floods.floods.get(chunk), floods.seeds.get(chunk)) else { continue };
        let targets: Vec<(NodeId, u32)> = w.iter().map(|&(_, n, b)| (n, b)).collect();
        let traces = f.trace_many_with(&targets, &mut floods.trace_memo);
        for (&(k, _, _), t) in w.iter().zip(traces) {
            let Some(Some(next)) = nexts.get_mut(k) else { continue };
            match (t, next.line.as_mut()) {
                (Some(t), Some(line)) => {
                    line.source = seeds.get(t.seed as usize).copied().unwrap_or(SourceId(u32::MAX));
                    line.path = t.path;
                }
                _ => next.line = None,
            }
        }
    }
    for ((u, _, mut sup), next) in list.into_iter().zip(nexts) {
        let Some(next) = next else { continue };
        if sup.status != next.status {
            log.push(GameEvent::UnitSupplyChanged { unit: u.id.clone(), from: sup.status, to: next.status });
        }
        *sup = next;
    }
    log.push(GameEvent::SupplyDetermined { side, kind, full, partial, isolated, unsupplied_hexes: unsupplied });
}
