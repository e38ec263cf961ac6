//! The default plan (SUP-103): "the moving player is presumed to supply
//! all supply zones which are legally able to receive supply". It is the
//! best legal plan, found by the exact search of `search` over the options
//! of every zone read here from the [`SeaView`]; each zone left without a
//! line gets the reason `qm explain` gives.
//!
//! What a plan achieves is read zone by zone: a zone's units are fully
//! supplied if a line lands full supply in it or the land flood already
//! gives their hex full supply (the best tier of any nation of the side, as
//! the lines carry it).

use super::plan::greedy_plan;
use super::search::{Assignment, PlanOption, PlanProblem, PlanZone, Solution};
use super::view::SeaView;
use crate::sea_log::{NoLine, NoLineReason};
use qm_core::ids::{NodeId, Tier};
use qm_core::orders::ValidSeaLine;
use qm_core::refusal::OriginRefusal;
use qm_core::ruleset::Domain;
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// The default plan: the best legal plan (see `search`), its lines in an
/// order where every line comes after the line that feeds its origin
/// (SUP-085, SUP-121), unprotected.
#[must_use]
pub fn default_plan(v: &SeaView<'_>) -> Vec<ValidSeaLine> {
    explained_plan(v).0
}

/// [`default_plan`] with the zones it gives no line and why.
#[must_use]
pub fn explained_plan(v: &SeaView<'_>) -> (Vec<ValidSeaLine>, Vec<NoLine>) {
    let built = build_problem(v);
    let start = greedy_assignment(v, &built);
    let sol = built.problem.solve(start.as_deref());
    let lines = plan_lines(&built, &sol.assignment);
    let no_line = no_line_reasons(v, &built, &sol);
    (lines, no_line)
}

/// The ports a line passes through and the islands it supplies after its
/// landing place (SUP-080, SUP-099).
type LineParts = (Vec<NodeId>, Vec<NodeId>);

/// What a zone's options need beyond the problem: the lines themselves.
struct Built {
    problem: PlanProblem,
    /// Per zone: its id and landing places.
    zones: Vec<(u32, Vec<NodeId>)>,
    /// Per zone, per option: the ports it passes through and the islands
    /// it supplies after its landing place (SUP-080, SUP-099).
    lines: Vec<Vec<LineParts>>,
    /// Transport pool names, by index.
    pools: Vec<String>,
    /// Per zone: whether any port or box lies within range, and the pool
    /// of a box left out for want of transports.
    reach: Vec<(bool, Option<String>)>,
}

/// Reads the problem from the view.
fn build_problem(v: &SeaView<'_>) -> Built {
    let zones = v.zone_landings();
    let zone_index: BTreeMap<u32, usize> = zones.iter().enumerate().map(|(i, (z, _))| (*z, i)).collect();
    let mut b = Built {
        problem: PlanProblem::default(),
        zones: Vec::new(),
        lines: Vec::new(),
        pools: Vec::new(),
        reach: Vec::new(),
    };
    let units = units_by_zone(v);
    for (z, terms) in &zones {
        let base = terms.iter().map(|&n| v.best_tier(n)).min().flatten();
        let mut zone = PlanZone { base, units: units.get(z).copied().unwrap_or(0), options: Vec::new() };
        let mut keyed = Vec::new();
        let mut in_range = false;
        let mut no_transport = None;
        if base != Some(Tier::Full) {
            for &to in terms {
                for &(o, h) in v.sea_reach(to).iter() {
                    let Some(c) = candidate(v, &mut b, &zone_index, *z, o, to, &mut in_range, &mut no_transport) else {
                        continue;
                    };
                    let in_zoc = v.ctx.zoc.get(to).copied().unwrap_or(false);
                    keyed.push(((in_zoc, Reverse(c.0.own), h, to, o), c));
                }
            }
        }
        keyed.sort_by_key(|a| a.0);
        let (options, lines): (Vec<PlanOption>, Vec<_>) = keyed.into_iter().map(|(_, c)| (c.0, c.1)).unzip();
        zone.options = options;
        b.problem.zones.push(zone);
        b.lines.push(lines);
        b.reach.push((in_range, no_transport));
        b.zones.push((*z, terms.clone()));
    }
    fill_into(v, &mut b.problem);
    b
}

/// The option of a line from `o` to `to` for zone `z`, if one may be
/// traced; notes whether a port or box lies in range and whether a box was
/// left out for want of transports.
#[allow(clippy::too_many_arguments, reason = "the builder's state")]
fn candidate(
    v: &SeaView<'_>,
    b: &mut Built,
    zone_index: &BTreeMap<u32, usize>,
    z: u32,
    o: NodeId,
    to: NodeId,
    in_range: &mut bool,
    no_transport: &mut Option<String>,
) -> Option<(PlanOption, LineParts)> {
    let map = &v.spec.map;
    if o == to || !(v.port(o) || map.box_sea(o).is_some()) || v.zones.zone(o) == Some(z) {
        return None;
    }
    *in_range = true;
    // SUP-067..072: a port with no supply of its own may still send what a
    // line into its zone lands (SUP-085).
    let needs_feed = match v.origin(o, &[]) {
        Ok(()) => false,
        Err(OriginRefusal::PortWithoutLandSupply) => true,
        Err(_) => return None,
    };
    let pool = match map.box_sea(o).and_then(|bs| bs.transport_pool.clone()) {
        Some(p) if v.transports_left(&p, 0) == 0 => {
            no_transport.get_or_insert(p);
            return None;
        }
        Some(p) => Some(pool_index(b, v, p)),
        None => None,
    };
    // SUP-022, SUP-079..082: where a box may send, and the destination port
    // it must pass through.
    let via = v.box_via(o, to)?;
    v.route(o, &via, to)?;
    let origin_zone = v.zones.zone(o).and_then(|oz| zone_index.get(&oz).copied());
    if needs_feed && origin_zone.is_none() {
        return None;
    }
    // SUP-099: the other friendly islands of the group's zone, in map order.
    let islands = v.other_islands(to);
    let lands = std::iter::once(to).chain(islands.iter().copied()).collect();
    let own = if needs_feed { None } else { v.best_tier_into(o, to) };
    let allowed = [Tier::Partial, Tier::Full].map(|t| v.post_combat_block(to, Some(t)).is_none());
    let opt = PlanOption { origin: o, to, lands, origin_zone, own, needs_feed, pool, allowed };
    Some((opt, (via, islands)))
}

/// The index of transport pool `p` in the problem, added with the
/// transports left to the side if new.
fn pool_index(b: &mut Built, v: &SeaView<'_>, p: String) -> usize {
    if let Some(i) = b.pools.iter().position(|x| *x == p) {
        return i;
    }
    b.problem.pools.push(v.transports_left(&p, 0));
    b.pools.push(p);
    b.pools.len() - 1
}

/// What every origin of a line may send of its own supply to every landing
/// place of a line (SUP-081), for the chains.
fn fill_into(v: &SeaView<'_>, p: &mut PlanProblem) {
    let mut origins: Vec<NodeId> = p.zones.iter().flat_map(|z| z.options.iter().map(|o| o.origin)).collect();
    origins.sort_unstable();
    origins.dedup();
    let mut tos: Vec<NodeId> = p.zones.iter().flat_map(|z| z.options.iter().map(|o| o.to)).collect();
    tos.sort_unstable();
    tos.dedup();
    for &o in &origins {
        for &t in &tos {
            if let Some(tier) = v.best_tier_into(o, t) {
                p.into.insert((o, t), tier);
            }
        }
    }
}

/// Ground units of the side not fully supplied by land, per zone.
fn units_by_zone(v: &SeaView<'_>) -> BTreeMap<u32, u32> {
    let mut out = BTreeMap::new();
    for u in &v.units {
        if u.domain != Domain::Ground || v.side_of(u.nation) != v.ctx.side || v.best_tier(u.node) == Some(Tier::Full) {
            continue;
        }
        if let Some(z) = v.zones.zone(u.node) {
            *out.entry(z).or_insert(0) += 1;
        }
    }
    out
}

/// The greedy plan as an assignment of the problem, if each of its lines is
/// one of the options.
fn greedy_assignment(v: &SeaView<'_>, b: &Built) -> Option<Assignment> {
    let mut a: Assignment = vec![None; b.zones.len()];
    for l in greedy_plan(v) {
        let z = b.zones.iter().position(|(_, terms)| terms.contains(&l.to))?;
        let i = b.problem.zones[z].options.iter().position(|o| o.origin == l.from && o.to == l.to)?;
        a[z] = Some(i);
    }
    Some(a)
}

/// The lines of an assignment, each after the line feeding its origin's
/// zone, then in map order of the zones.
fn plan_lines(b: &Built, a: &[Option<usize>]) -> Vec<ValidSeaLine> {
    let depth = |mut z: usize| {
        let mut d = 0usize;
        while let Some(f) = a[z].and_then(|i| b.problem.zones[z].options[i].origin_zone).filter(|&f| a[f].is_some()) {
            d += 1;
            if d > a.len() {
                break;
            }
            z = f;
        }
        d
    };
    let mut chosen: Vec<(usize, usize, usize)> =
        a.iter().enumerate().filter_map(|(z, c)| c.map(|i| (depth(z), z, i))).collect();
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|(_, z, i)| {
            let o = &b.problem.zones[z].options[i];
            let (via, islands) = b.lines[z][i].clone();
            ValidSeaLine { from: o.origin, to: o.to, via, islands, protect: Vec::new(), air_cover: Vec::new() }
        })
        .collect()
}

/// Why each zone that is not fully supplied by land got no line.
fn no_line_reasons(v: &SeaView<'_>, b: &Built, sol: &Solution) -> Vec<NoLine> {
    let Some(kind) = v.ctx.kind else { return Vec::new() };
    let mut used = vec![0u32; b.pools.len()];
    for (z, c) in sol.assignment.iter().enumerate() {
        if let Some(p) = c.and_then(|i| b.problem.zones[z].options[i].pool) {
            used[p] += 1;
        }
    }
    let mut out = Vec::new();
    for (z, zone) in b.problem.zones.iter().enumerate() {
        if sol.assignment[z].is_some() || zone.base == Some(Tier::Full) {
            continue;
        }
        let (in_range, ref no_transport) = b.reach[z];
        let exhausted = |o: &PlanOption| o.pool.is_some_and(|p| used[p] >= b.problem.pools[p]);
        let reason = if zone.options.is_empty() {
            match no_transport {
                Some(p) => NoLineReason::NoTransport(p.clone()),
                None if in_range => NoLineReason::NoOrigin,
                None => NoLineReason::OutOfRange,
            }
        } else {
            // Each option is barred for want of a transport, or of a line
            // feeding its origin's zone, or the plan declined it.
            let unfed = |o: &PlanOption| o.needs_feed && o.origin_zone.is_none_or(|f| sol.assignment[f].is_none());
            let pool = zone.options.iter().find(|o| exhausted(o)).and_then(|o| o.pool);
            match pool {
                _ if !zone.options.iter().all(|o| exhausted(o) || unfed(o)) => NoLineReason::Declined,
                Some(p) => NoLineReason::NoTransport(b.pools.get(p).cloned().unwrap_or_default()),
                None => NoLineReason::NoOrigin,
            }
        };
        out.push(NoLine { kind, terminations: b.zones[z].1.clone(), reason });
    }
    out
}
