//! Resolving the lines in the announced order (SUP-084..089, SUP-104..125).

use super::carried::carried_into;
use super::initial::initial_zones;
use super::plan::default_plan;
use super::route::escort_base;
use super::view::view;
use crate::context::SupplyContext;
use crate::land::{LandFloods, SeedRef, flood_spec, push_mask, sea_path};
use bevy_ecs::prelude::*;
use qm_core::components::{Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{DeterminationKind, NodeId, UnitId};
use qm_core::orders::{PendingOrders, ValidOrder};
use qm_core::phase::RunningPhase;
use qm_core::rng::GameRng;
use qm_core::sea::{SeaLineRecord, SeaLog};
use qm_core::spec::Spec;
use qm_trace::Seed;

/// The sum of a die roll per unit plus its factors.
fn contest(rng: &mut GameRng, die: u32, units: &[(UnitId, u8)]) -> u32 {
    units.iter().map(|(_, f)| rng.roll(die) + u32::from(*f)).sum()
}

/// Resolves the determination's sea lines, in order (system, in
/// `SupplySystems::Sea`; exclusive: it reads the world as a [`SeaView`]).
#[allow(clippy::too_many_lines, reason = "one pass over the lines, in the announced order")]
pub fn resolve_sea(world: &mut World) {
    let Some(ctx) = world.get_resource::<SupplyContext>() else { return };
    let (Some(side), Some(kind), turn) = (ctx.side, ctx.kind, ctx.turn) else { return };
    let running = world.get_resource::<RunningPhase>().and_then(|r| r.0);

    // A new player turn starts a new sea log.
    {
        let mut log = world.resource_mut::<SeaLog>();
        if log.turn != Some((turn, side)) {
            *log = SeaLog { turn: Some((turn, side)), ..SeaLog::default() };
        }
    }
    // The plan: the moving side's order, or the default plan (SUP-103); the
    // defending side's attacks.
    let (mut plan, intercepts) = match running {
        Some(phase) => {
            let mut pending = world.resource_mut::<PendingOrders>();
            let plans = pending.take(phase, |o| matches!(o, ValidOrder::SeaSupply(_)));
            let attacks = pending.take(phase, |o| matches!(o, ValidOrder::Intercept { .. }));
            let plan = plans.into_iter().rev().find_map(|o| match o.order {
                ValidOrder::SeaSupply(lines) => Some(lines),
                _ => None,
            });
            (plan, attacks.into_iter().map(|o| o.order).collect::<Vec<_>>())
        }
        None => (None, Vec::new()),
    };
    let Some(v) = view(world) else { return };
    // SUP-139: note the zones that could receive sea supply at initial
    // determination, and the best they could have had.
    let mut initial_zones = if kind == DeterminationKind::Initial { initial_zones(&v) } else { Vec::new() };
    let lines = plan.take().unwrap_or_else(|| default_plan(&v));
    let units = v.units.clone();
    let die = v.spec.ruleset.sea.die;
    let routes: Vec<Vec<NodeId>> =
        lines.iter().map(|l| v.route(l.from, &l.via, l.to).unwrap_or_else(|| vec![l.from, l.to])).collect();
    let transports: Vec<Option<String>> =
        lines.iter().map(|l| v.spec.map.box_sea(l.from).and_then(|b| b.transport_pool.clone())).collect();
    // SUP-113: where on its route each protector starts to protect a line,
    // and where each attacker first reaches it.
    let reach = v.spec.ruleset.sea.reach;
    let escort_from: Vec<Vec<(UnitId, usize)>> = lines
        .iter()
        .zip(&routes)
        .map(|(l, path)| {
            let naval = l.protect.iter().map(|id| (id, v.unit(id.as_str()).and_then(|u| escort_base(&v, u, path))));
            let air = l.air_cover.iter().map(|id| (id, Some(0)));
            naval.chain(air).map(|(id, at)| (id.clone(), at.unwrap_or(0))).collect()
        })
        .collect();
    let attack_from: Vec<Vec<(UnitId, usize)>> = routes
        .iter()
        .enumerate()
        .map(|(k, path)| {
            let mut out: Vec<(UnitId, usize)> = intercepts
                .iter()
                .filter_map(|o| match o {
                    ValidOrder::Intercept { line, by, at_island } if *line as usize == k => Some((by, at_island)),
                    _ => None,
                })
                .flat_map(|(by, at_island)| {
                    by.iter().map(|id| {
                        // An attack on an island of a group falls after the
                        // line entered it (SUP-100).
                        let at = if at_island.is_some() {
                            Some(path.len())
                        } else {
                            v.unit(id.as_str()).and_then(|u| v.first_within(u.node, path, reach))
                        };
                        (id.clone(), at.unwrap_or(0))
                    })
                })
                .collect();
            out.sort();
            out
        })
        .collect();
    drop(v);

    let factors = |id: &UnitId| units.binary_search_by(|u| u.id.cmp(id)).ok().map_or(1, |i| units[i].factors);
    let mut inverted: Vec<UnitId> = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        let attackers: Vec<(UnitId, Option<NodeId>)> = intercepts
            .iter()
            .filter_map(|o| match o {
                ValidOrder::Intercept { line, by, at_island } if *line as usize == k => Some((by.clone(), *at_island)),
                _ => None,
            })
            .flat_map(|(by, at)| by.into_iter().map(move |u| (u, at)))
            .filter(|(u, _)| !inverted.contains(u))
            .collect();
        // SUP-113: the attack falls where the first attacker reaches the
        // line; units based at a port further along do not protect it there.
        let attacked_at = attackers
            .iter()
            .filter_map(|a| attack_from[k].iter().find(|x| x.0 == a.0).map(|x| x.1))
            .min()
            .unwrap_or(usize::MAX);
        let protectors: Vec<(UnitId, u8)> = escort_from[k]
            .iter()
            .filter(|(_, at)| attackers.is_empty() || *at <= attacked_at)
            .map(|(u, _)| (u.clone(), factors(u)))
            .collect();
        let assigned: Vec<UnitId> = escort_from[k].iter().map(|e| e.0.clone()).collect();
        let stops: Vec<NodeId> = std::iter::once(l.to).chain(l.islands.iter().copied()).collect();
        // Where the attack falls: before the first island named, or before
        // the line enters (SUP-100..102).
        let cut = attackers
            .iter()
            .map(|a| a.1.and_then(|n| stops.iter().position(|&s| s == n)).unwrap_or(0))
            .min()
            .unwrap_or(0);
        let mut rolls = None;
        let disrupted = if attackers.is_empty() {
            false
        } else if protectors.is_empty() {
            // SUP-125: an unprotected line that is attacked is disrupted,
            // with no roll.
            true
        } else {
            // Ruling 9: a protected line is resolved by the contest.
            let mut rng = world.resource_mut::<GameRng>();
            let mut ps = protectors.clone();
            ps.sort();
            let mut atk: Vec<(UnitId, u8)> = attackers.iter().map(|a| (a.0.clone(), factors(&a.0))).collect();
            atk.sort();
            atk.dedup();
            let (p, a) = (contest(&mut rng, die, &ps), contest(&mut rng, die, &atk));
            rolls = Some((p, a));
            a > p
        };
        let mut by: Vec<UnitId> = attackers.iter().map(|a| a.0.clone()).collect();
        by.sort();
        by.dedup();
        inverted.extend(by.iter().cloned());
        let reached: Vec<NodeId> = if disrupted { stops[..cut].to_vec() } else { stops.clone() };
        // Land what the origin holds now (SUP-085, SUP-086, SUP-089).
        let index = world.resource::<SeaLog>().lines.len() as u32;
        let mut carried = Vec::new();
        world.resource_scope(|world, mut floods: Mut<LandFloods>| {
            let (Some(spec), Some(ctx)) = (world.get_resource::<Spec>(), world.get_resource::<SupplyContext>()) else {
                return;
            };
            carried = carried_into(ctx, &floods, l.from, l.to);
            let fs = flood_spec(spec, ctx);
            for chunk in 0..floods.floods.len() {
                let b = floods.mask(chunk, l.from);
                if b == 0 || reached.is_empty() {
                    continue;
                }
                // SUP-081: a limited origin's supply lands only where it may
                // reach.
                let seeds: Vec<Seed> = reached
                    .iter()
                    .map(|&t| Seed { node: t, bits: b & !ctx.limit_block(t), push: push_mask(ctx, t, true), stage: 0 })
                    .collect();
                let refs = (0..reached.len())
                    .map(|j| SeedRef::Sea { line: index, from: l.from, path: sea_path(&routes[k], &reached, j) })
                    .collect();
                floods.land(&fs, chunk, &seeds, refs);
            }
        });
        let mut log = world.resource_mut::<SeaLog>();
        if let Some(pool) = &transports[k] {
            *log.transports_used.entry(pool.clone()).or_insert(0) += 1;
        }
        log.lines.push(SeaLineRecord {
            index: k as u32,
            kind,
            from: l.from,
            to: l.to,
            path: routes[k].clone(),
            islands: l.islands.clone(),
            protected_by: assigned,
            attacked_by: by,
            rolls,
            disrupted,
            reached,
            carried,
            transport: transports[k].clone(),
        });
        for z in initial_zones.iter_mut().filter(|z| z.terminations.contains(&l.to)) {
            z.attempted = true;
        }
    }
    if kind == DeterminationKind::Initial {
        world.resource_mut::<SeaLog>().initial_zones = initial_zones;
    }
    // SUP-125: attacking units are inverted.
    if !inverted.is_empty() {
        inverted.sort();
        inverted.dedup();
        let mut q = world.query::<(&Unit, &mut UnitFlags)>();
        for (u, mut f) in q.iter_mut(world) {
            if inverted.binary_search(&u.id).is_ok() {
                f.bits |= UnitFlagBits::INVERTED;
            }
        }
    }
}
