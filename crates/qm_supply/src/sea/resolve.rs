//! Resolving the lines in the announced order (SUP-084..089, SUP-104..125).

use super::carried::carried_into;
use super::default::explained_plan;
use super::initial::initial_zones;
use super::route::escort_base;
use super::searches::{SeaSearchCache, SeaSearches, held_ports};
use super::view::{SeaView, UnitView, view_with};
use crate::context::SupplyContext;
use crate::land::{LandFloods, SeedRef, flood_spec, push_mask, sea_path};
use crate::orders::SupplyValid;
use bevy_ecs::prelude::*;
use qm_core::components::{Unit, UnitFlagBits, UnitFlags};
use qm_core::ids::{DeterminationKind, NationId, NodeId, Side, Tier, UnitId};
use qm_core::orders::ValidSeaLine;

use crate::orders::SupplyPending;
use crate::sea_log::{InitialZone, NoLine, SeaLineRecord, SeaLog};
use qm_core::phase::RunningPhase;
use qm_core::rng::GameRng;
use qm_core::spec::Spec;
use qm_trace::Seed;

/// The sum of a die roll per unit plus its factors.
fn contest(rng: &mut GameRng, die: u32, units: &[(UnitId, u8)]) -> u32 {
    units.iter().map(|(_, f)| rng.roll(die) + u32::from(*f)).sum()
}

/// Resolves the determination's sea lines, in order (system, in
/// `SupplySystems::Sea`; exclusive: it reads the world as a [`SeaView`]).
pub fn resolve_sea(world: &mut World) {
    let Some(ctx) = world.get_resource::<SupplyContext>() else { return };
    let (Some(side), Some(kind), turn) = (ctx.side, ctx.kind, ctx.turn) else { return };
    start_sea_log(world, turn, side);
    let (plan, intercepts) = take_sea_orders(world);
    // The searches of the side's last determination, if it held the same
    // ports (what a sea search reads of the state).
    let mut cache = world.remove_resource::<SeaSearchCache>().unwrap_or_default();
    let ports = held_ports(&world.resource::<Spec>().map, world.resource::<SupplyContext>());
    let searches = cache.take(&ports);
    let prepared = view_with(world, searches).map(|v| prepare_lines(v, plan, &intercepts, kind));
    let Some((mut lines, searches)) = prepared else {
        world.insert_resource(cache);
        return;
    };
    cache.put(ports, searches);
    world.insert_resource(cache);
    let mut inverted: Vec<UnitId> = Vec::new();
    for k in 0..lines.lines.len() {
        resolve_line(world, &mut lines, &intercepts, k, &mut inverted);
    }
    let mut log = world.resource_mut::<SeaLog>();
    log.no_line.retain(|n| n.kind != kind);
    log.no_line.append(&mut lines.no_line);
    if kind == DeterminationKind::Initial {
        log.initial_zones = lines.initial_zones;
    }
    invert_attackers(world, inverted);
}

/// A new player turn starts a new sea log.
fn start_sea_log(world: &mut World, turn: u32, side: Side) {
    let mut log = world.resource_mut::<SeaLog>();
    if log.turn != Some((turn, side)) {
        *log = SeaLog { turn: Some((turn, side)), ..SeaLog::default() };
    }
}

/// Takes the running phase's orders: the moving side's last plan, if any
/// (none means the default plan, SUP-103), and the defending side's
/// attacks, in order.
fn take_sea_orders(world: &mut World) -> (Option<Vec<ValidSeaLine>>, Vec<SupplyValid>) {
    let Some(phase) = world.get_resource::<RunningPhase>().and_then(|r| r.0) else { return (None, Vec::new()) };
    let mut pending = world.resource_mut::<SupplyPending>();
    let plans = pending.take(phase, |o| matches!(o, SupplyValid::SeaSupply(_)));
    let attacks = pending.take(phase, |o| matches!(o, SupplyValid::Intercept { .. }));
    let plan = plans.into_iter().rev().find_map(|o| match o.order {
        SupplyValid::SeaSupply(lines) => Some(lines),
        _ => None,
    });
    (plan, attacks.into_iter().map(|o| o.order).collect())
}

/// The lines to resolve and what the view says of them, read before
/// anything lands.
struct PreparedLines {
    kind: DeterminationKind,
    lines: Vec<ValidSeaLine>,
    /// Every unit, sorted by id.
    units: Vec<UnitView>,
    die: u32,
    /// Each line's route, origin first.
    routes: Vec<Vec<NodeId>>,
    /// The transport pool each line uses, if any.
    transports: Vec<Option<String>>,
    /// Per line, where on its route each protector starts to protect it.
    escort_from: Vec<Vec<(UnitId, usize)>>,
    /// Per line, where on its route each attacker first reaches it, sorted.
    attack_from: Vec<Vec<(UnitId, usize)>>,
    /// SUP-139: the zones that could receive sea supply at initial
    /// determination (empty at post-combat determination).
    initial_zones: Vec<InitialZone>,
    /// SUP-103: the zones the default plan gave no line, and why.
    no_line: Vec<NoLine>,
}

impl PreparedLines {
    /// A unit's factors (1 if it is unknown).
    fn factors(&self, id: &UnitId) -> u8 {
        self.units.binary_search_by(|u| u.id.cmp(id)).ok().map_or(1, |i| self.units[i].factors)
    }
}

/// Reads the plan (the default plan if none was given, SUP-103), the
/// routes, and where protectors and attackers meet each line (SUP-113);
/// gives back what the view searched, to keep.
fn prepare_lines(
    view: SeaView<'_>,
    plan: Option<Vec<ValidSeaLine>>,
    intercepts: &[SupplyValid],
    kind: DeterminationKind,
) -> (PreparedLines, SeaSearches) {
    let v = &view;
    // SUP-139: note the zones that could receive sea supply at initial
    // determination, and the best they could have had.
    let initial_zones = if kind == DeterminationKind::Initial { initial_zones(v) } else { Vec::new() };
    let (lines, no_line) = match plan {
        Some(p) => (p, Vec::new()),
        None => explained_plan(v),
    };
    let routes: Vec<Vec<NodeId>> =
        lines.iter().map(|l| v.route(l.from, &l.via, l.to).unwrap_or_else(|| vec![l.from, l.to])).collect();
    let transports = lines.iter().map(|l| v.spec.map.box_sea(l.from).and_then(|b| b.transport_pool.clone())).collect();
    let escort_from = lines.iter().zip(&routes).map(|(l, path)| escorts_along(v, l, path)).collect();
    let attack_from = routes.iter().enumerate().map(|(k, path)| attackers_along(v, intercepts, k, path)).collect();
    let die = v.spec.ruleset.sea.die;
    let searches = v.take_searches();
    let prepared = PreparedLines {
        kind,
        units: view.units,
        die,
        lines,
        routes,
        transports,
        escort_from,
        attack_from,
        initial_zones,
        no_line,
    };
    (prepared, searches)
}

/// SUP-113: where on its route each protector starts to protect a line:
/// naval units from their base (SUP-111..119), air cover from the origin.
fn escorts_along(v: &SeaView<'_>, l: &ValidSeaLine, path: &[NodeId]) -> Vec<(UnitId, usize)> {
    let naval = l.protect.iter().map(|id| (id, v.unit(id.as_str()).and_then(|u| escort_base(v, u, path))));
    let air = l.air_cover.iter().map(|id| (id, Some(0)));
    naval.chain(air).map(|(id, at)| (id.clone(), at.unwrap_or(0))).collect()
}

/// SUP-113: where on the route of line `k` each of its attackers first
/// reaches it, sorted.
fn attackers_along(v: &SeaView<'_>, intercepts: &[SupplyValid], k: usize, path: &[NodeId]) -> Vec<(UnitId, usize)> {
    let reach = v.spec.ruleset.sea.reach;
    let mut out: Vec<(UnitId, usize)> = intercepts
        .iter()
        .filter_map(|o| match o {
            SupplyValid::Intercept { line, by, at_island } if *line as usize == k => Some((by, at_island)),
            _ => None,
        })
        .flat_map(|(by, at_island)| {
            by.iter().map(|id| {
                // An attack on an island of a group falls after the line
                // entered it (SUP-100).
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
}

/// Resolves line `k`: the attack on it, if any, then the supply it lands,
/// and its record in the sea log. Its attackers join `inverted`.
fn resolve_line(
    world: &mut World,
    p: &mut PreparedLines,
    intercepts: &[SupplyValid],
    k: usize,
    inverted: &mut Vec<UnitId>,
) {
    let l = p.lines[k].clone();
    let attackers = attackers_of(intercepts, k, inverted);
    let protectors = protectors_of(p, k, &attackers);
    let assigned: Vec<UnitId> = p.escort_from[k].iter().map(|e| e.0.clone()).collect();
    let stops: Vec<NodeId> = std::iter::once(l.to).chain(l.islands.iter().copied()).collect();
    let cut = attack_cut(&attackers, &stops);
    let (disrupted, rolls) = fight(world, p, &protectors, &attackers);
    let mut by: Vec<UnitId> = attackers.iter().map(|a| a.0.clone()).collect();
    by.sort();
    by.dedup();
    inverted.extend(by.iter().cloned());
    let reached: Vec<NodeId> = if disrupted { stops[..cut].to_vec() } else { stops.clone() };
    let index = world.resource::<SeaLog>().lines.len() as u32;
    let carried = land_line(world, &l, &p.routes[k], &reached, index);
    let mut log = world.resource_mut::<SeaLog>();
    if let Some(pool) = &p.transports[k] {
        *log.transports_used.entry(pool.clone()).or_insert(0) += 1;
    }
    log.lines.push(SeaLineRecord {
        index: k as u32,
        kind: p.kind,
        from: l.from,
        to: l.to,
        path: p.routes[k].clone(),
        islands: l.islands.clone(),
        protected_by: assigned,
        attacked_by: by,
        rolls,
        disrupted,
        reached,
        carried,
        transport: p.transports[k].clone(),
    });
    for z in p.initial_zones.iter_mut().filter(|z| z.terminations.contains(&l.to)) {
        z.attempted = true;
    }
}

/// The units attacking line `k`, each with the island it attacks before
/// (SUP-100), less those that attacked an earlier line (SUP-125: they are
/// inverted).
fn attackers_of(intercepts: &[SupplyValid], k: usize, inverted: &[UnitId]) -> Vec<(UnitId, Option<NodeId>)> {
    intercepts
        .iter()
        .filter_map(|o| match o {
            SupplyValid::Intercept { line, by, at_island } if *line as usize == k => Some((by.clone(), *at_island)),
            _ => None,
        })
        .flat_map(|(by, at)| by.into_iter().map(move |u| (u, at)))
        .filter(|(u, _)| !inverted.contains(u))
        .collect()
}

/// The protectors of line `k` where it is attacked, with their factors.
/// SUP-113: the attack falls where the first attacker reaches the line;
/// units based at a port further along do not protect it there.
fn protectors_of(p: &PreparedLines, k: usize, attackers: &[(UnitId, Option<NodeId>)]) -> Vec<(UnitId, u8)> {
    let attacked_at = attackers
        .iter()
        .filter_map(|a| p.attack_from[k].iter().find(|x| x.0 == a.0).map(|x| x.1))
        .min()
        .unwrap_or(usize::MAX);
    p.escort_from[k]
        .iter()
        .filter(|(_, at)| attackers.is_empty() || *at <= attacked_at)
        .map(|(u, _)| (u.clone(), p.factors(u)))
        .collect()
}

/// How many of a line's stops (its termination, then the islands it
/// reaches) it reaches if disrupted: the attack falls before the first
/// island named, or before the line enters (SUP-100..102).
fn attack_cut(attackers: &[(UnitId, Option<NodeId>)], stops: &[NodeId]) -> usize {
    attackers.iter().map(|a| a.1.and_then(|n| stops.iter().position(|&s| s == n)).unwrap_or(0)).min().unwrap_or(0)
}

/// Whether the attack disrupts the line, and the contest's totals
/// `(protectors, attackers)` if there was one.
fn fight(
    world: &mut World,
    p: &PreparedLines,
    protectors: &[(UnitId, u8)],
    attackers: &[(UnitId, Option<NodeId>)],
) -> (bool, Option<(u32, u32)>) {
    if attackers.is_empty() {
        return (false, None);
    }
    if protectors.is_empty() {
        // SUP-125: an unprotected line that is attacked is disrupted, with
        // no roll.
        return (true, None);
    }
    // Ruling 9: a protected line is resolved by the contest.
    let mut rng = world.resource_mut::<GameRng>();
    let mut ps = protectors.to_vec();
    ps.sort();
    let mut atk: Vec<(UnitId, u8)> = attackers.iter().map(|a| (a.0.clone(), p.factors(&a.0))).collect();
    atk.sort();
    atk.dedup();
    let (pr, ar) = (contest(&mut rng, p.die, &ps), contest(&mut rng, p.die, &atk));
    (ar > pr, Some((pr, ar)))
}

/// Lands what the origin of `l` holds now at the stops it `reached`, and
/// continues the land flood from there (SUP-084..086, SUP-089); returns
/// what the line carries.
fn land_line(
    world: &mut World,
    l: &ValidSeaLine,
    route: &[NodeId],
    reached: &[NodeId],
    index: u32,
) -> Vec<(NationId, Tier)> {
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
                .map(|j| SeedRef::Sea { line: index, from: l.from, path: sea_path(route, reached, j) })
                .collect();
            floods.land(&fs, chunk, &seeds, refs);
        }
    });
    carried
}

/// SUP-125: attacking units are inverted.
fn invert_attackers(world: &mut World, mut inverted: Vec<UnitId>) {
    if inverted.is_empty() {
        return;
    }
    inverted.sort();
    inverted.dedup();
    let mut q = world.query::<(&Unit, &mut UnitFlags)>();
    for (u, mut f) in q.iter_mut(world) {
        if inverted.binary_search(&u.id).is_ok() {
            f.bits |= UnitFlagBits::INVERTED;
        }
    }
}
