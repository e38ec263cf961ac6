//! Validation of the moving side's plan and the defending side's
//! interceptions (SUP-067..125).

use super::route::escort_base;
use super::view::{SeaView, side_kind};
use crate::orders::SupplyValid;
use qm_core::ids::{NodeId, Side, UnitId};
use qm_core::orders::{OrderError, SeaLineOrder, ValidSeaLine};
use qm_core::refusal::{EscortRefusal, TerminationRefusal, ZoneRefusal};
use qm_core::ruleset::Domain;
use qm_core::supply::UnitStatus;
use std::collections::BTreeMap;

/// Validates the moving side's sea supply plan (SUP-067..123).
///
/// # Errors
/// The first illegal line or escort, as an [`OrderError`].
pub fn validate_plan(v: &SeaView<'_>, index: usize, lines: &[SeaLineOrder]) -> Result<Vec<ValidSeaLine>, OrderError> {
    let Some((side, _)) = side_kind(v) else { return Err(OrderError::NoPhase) };
    let mut out: Vec<ValidSeaLine> = Vec::new();
    let mut box_lines: BTreeMap<String, usize> = BTreeMap::new();
    for (k, order) in lines.iter().enumerate() {
        let line = validate_line(v, &LineAt { index, k, order, side }, &out, &mut box_lines)?;
        out.push(line);
    }
    Ok(out)
}

/// A line of a plan being validated: the order's index, the line's index in
/// the plan, the line as ordered, and the moving side.
struct LineAt<'o> {
    index: usize,
    k: usize,
    order: &'o SeaLineOrder,
    side: Side,
}

impl LineAt<'_> {
    /// A [`OrderError::BadTermination`] at the place named `at`.
    fn bad_at(&self, at: &str, why: TerminationRefusal) -> OrderError {
        OrderError::BadTermination { index: self.index, line: self.k, at: at.to_string(), why }
    }

    /// A [`OrderError::BadTermination`] at the line's termination.
    fn bad_to(&self, why: TerminationRefusal) -> OrderError {
        self.bad_at(&self.order.to, why)
    }

    /// A [`OrderError::ZoneAlreadySupplied`] at the line's termination.
    fn zone_taken(&self, why: ZoneRefusal) -> OrderError {
        OrderError::ZoneAlreadySupplied { index: self.index, line: self.k, at: self.order.to.clone(), why }
    }
}

/// The places a line names, looked up: origin, termination, ports it
/// passes through, islands it reaches.
struct LinePlaces {
    from: NodeId,
    to: NodeId,
    via: Vec<NodeId>,
    islands: Vec<NodeId>,
}

/// Validates line `c.k` of a plan whose earlier lines are `out`; `box_lines`
/// counts the transports earlier lines of the plan use, per pool.
fn validate_line(
    v: &SeaView<'_>,
    c: &LineAt<'_>,
    out: &[ValidSeaLine],
    box_lines: &mut BTreeMap<String, usize>,
) -> Result<ValidSeaLine, OrderError> {
    let LinePlaces { from, to, via, islands } = look_up_places(v, c)?;
    let planned: Vec<NodeId> =
        out.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
    check_termination(v, c, out, to)?;
    let islands = order_islands(v, c, to, &islands)?;
    v.origin(from, &planned).map_err(|why| OrderError::BadOrigin {
        index: c.index,
        line: c.k,
        at: c.order.from.clone(),
        why,
    })?;
    if from == to {
        return Err(c.bad_to(TerminationRefusal::StartsThere));
    }
    check_zone_not_supplied(v, c, out, from, to)?;
    let transport = check_box_line(v, c, from, &via, to, box_lines)?;
    let Some(path) = v.route(from, &via, to) else {
        return Err(OrderError::OutOfRange {
            index: c.index,
            line: c.k,
            from: c.order.from.clone(),
            to: c.order.to.clone(),
            range: v.spec.ruleset.sea.range,
        });
    };
    let (protect, air_cover) = check_line_escorts(v, c, out, &path, transport)?;
    Ok(ValidSeaLine { from, to, via, islands, protect, air_cover })
}

/// Looks up the places a line names.
fn look_up_places(v: &SeaView<'_>, c: &LineAt<'_>) -> Result<LinePlaces, OrderError> {
    let find = |name: &str| {
        v.spec.map.find(name).ok_or_else(|| OrderError::UnknownPlace { index: c.index, name: name.to_string() })
    };
    let l = c.order;
    let from = find(&l.from)?;
    let to = find(&l.to)?;
    let via = l.via.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
    let islands = l.islands.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
    Ok(LinePlaces { from, to, via, islands })
}

/// Whether `to` may receive the line (SUP-073..077, SUP-083), and is not a
/// port sea supply is traced from this player turn (SUP-071, SUP-074).
fn check_termination(v: &SeaView<'_>, c: &LineAt<'_>, out: &[ValidSeaLine], to: NodeId) -> Result<(), OrderError> {
    v.termination(to).map_err(|why| c.bad_to(why))?;
    // SUP-074, SUP-071: a port from which sea supply is traced (earlier in
    // this plan, or earlier in the player turn) may not receive it.
    let this_turn = v.log.turn == Some((v.ctx.turn, c.side));
    if out.iter().any(|p| p.from == to) || (this_turn && v.log.lines.iter().any(|r| r.from == to)) {
        return Err(c.bad_to(TerminationRefusal::TracedFromThisTurn));
    }
    Ok(())
}

/// The islands a line to an island group reaches, in order (SUP-098..100):
/// it enters the group at `to`, then reaches the islands listed, in order,
/// then (SUP-099: it supplies every friendly island of the group) the
/// others, in map order.
fn order_islands(v: &SeaView<'_>, c: &LineAt<'_>, to: NodeId, islands: &[NodeId]) -> Result<Vec<NodeId>, OrderError> {
    let map = &v.spec.map;
    let group = map.island_group(to);
    let parts = v.group_islands(to);
    let part_of = |n: NodeId| parts.iter().position(|p| p.binary_search(&n).is_ok());
    let mut seen = vec![part_of(to)];
    let mut islands_in_order = Vec::with_capacity(parts.len());
    for (j, &i) in islands.iter().enumerate() {
        let bad = |why: TerminationRefusal| c.bad_at(&c.order.islands[j], why);
        if group.is_none() || map.island_group(i) != group {
            return Err(bad(TerminationRefusal::NotInGroup));
        }
        v.termination(i).map_err(bad)?;
        if v.zones.zone(i) != v.zones.zone(to) {
            return Err(bad(TerminationRefusal::OtherZone));
        }
        let p = part_of(i);
        if seen.contains(&p) {
            return Err(bad(TerminationRefusal::IslandAlreadyReached));
        }
        seen.push(p);
        islands_in_order.push(i);
    }
    islands_in_order.extend(
        parts.iter().enumerate().filter(|(p, _)| !seen.contains(&Some(*p))).filter_map(|(_, p)| p.first().copied()),
    );
    Ok(islands_in_order)
}

/// Whether the zone of `to` may take this line: one line to each island
/// group (SUP-097), one line per zone (SUP-094), and none after the zone
/// had its chance at initial determination (SUP-139..141).
fn check_zone_not_supplied(
    v: &SeaView<'_>,
    c: &LineAt<'_>,
    out: &[ValidSeaLine],
    from: NodeId,
    to: NodeId,
) -> Result<(), OrderError> {
    let map = &v.spec.map;
    // SUP-097: one line to each island group, whatever enemy zones of
    // control there are; an island captured this combat phase is a zone of
    // its own at post-combat determination and may take its own (SUP-096).
    let zone = v.zones.zone(to);
    if let Some(g) = map.island_group(to)
        && let Some(prev) = out.iter().position(|p| map.island_group(p.to) == Some(g) && v.zones.zone(p.to) == zone)
    {
        return Err(c.zone_taken(ZoneRefusal::GroupSupplied { line: prev }));
    }
    // SUP-094: one line per zone, unless enemy ZOC keeps the earlier
    // landings from supplying the rest of it: a further line is refused once
    // one lands outside an enemy ZOC, or to a termination already served.
    if let Some(prev) = out.iter().find(|p| {
        zone.is_some() && v.zones.zone(p.to) == zone && (p.to == to || !v.ctx.zoc.get(p.to).copied().unwrap_or(false))
    }) {
        return Err(c.zone_taken(ZoneRefusal::ZoneSupplied { line: out.iter().position(|p| p == prev).unwrap_or(0) }));
    }
    if let Some(why) = v.post_combat_block(to, v.best_tier_into(from, to)) {
        return Err(c.zone_taken(why));
    }
    Ok(())
}

/// Boxes: destinations, war status and transports (SUP-022, SUP-078..083).
/// Whether the line uses a transport.
fn check_box_line(
    v: &SeaView<'_>,
    c: &LineAt<'_>,
    from: NodeId,
    via: &[NodeId],
    to: NodeId,
    box_lines: &mut BTreeMap<String, usize>,
) -> Result<bool, OrderError> {
    let map = &v.spec.map;
    v.box_line(from, via, to).map_err(|why| c.bad_to(why))?;
    // SUP-081: a box whose supply may not extend to the termination (India's
    // into Australia or the Pacific front) sends no line there.
    if map.box_sea(from).is_some() && v.best_tier(from).is_some() && v.best_tier_into(from, to).is_none() {
        return Err(c.bad_to(TerminationRefusal::BoxSupplyMayNotExtend));
    }
    let Some(pool) = map.box_sea(from).and_then(|bs| bs.transport_pool.as_ref()) else { return Ok(false) };
    let used = box_lines.entry(pool.clone()).or_insert(0);
    if v.transports_left(pool, *used) == 0 {
        return Err(OrderError::NoTransport {
            index: c.index,
            line: c.k,
            from: c.order.from.clone(),
            pool: pool.clone(),
        });
    }
    *used += 1;
    Ok(true)
}

/// The line's naval protectors and air cover, validated: each unit protects
/// one line (SUP-108, SUP-120, SUP-121), and a protecting force needs a
/// destroyer unless a transport carries the supply (SUP-109).
fn check_line_escorts(
    v: &SeaView<'_>,
    c: &LineAt<'_>,
    out: &[ValidSeaLine],
    path: &[NodeId],
    transport: bool,
) -> Result<(Vec<UnitId>, Vec<UnitId>), OrderError> {
    let protect = validate_escorts(v, c.index, c.side, path, &c.order.protect, Domain::Naval)?;
    let air_cover = validate_escorts(v, c.index, c.side, path, &c.order.air_cover, Domain::Air)?;
    // SUP-108, SUP-120, SUP-121: the moving side says which units protect
    // which line, and lines are defended separately: a unit protects, or
    // flies cover for, one line of the plan.
    let earlier_line = |u: &UnitId| out.iter().position(|p| p.protect.contains(u) || p.air_cover.contains(u));
    if let Some(u) = protect.iter().chain(&air_cover).find(|u| earlier_line(u).is_some()) {
        let earlier = earlier_line(u).unwrap_or(0);
        return Err(OrderError::BadEscort {
            index: c.index,
            unit: u.to_string(),
            role: if protect.contains(u) { "protect".into() } else { "fly cover for".into() },
            why: EscortRefusal::AlreadyProtects { line: earlier },
        });
    }
    // SUP-109: a protecting force needs a destroyer unless a transport
    // carries the supply.
    if !protect.is_empty() && !transport && !protect.iter().any(|u| v.unit(u.as_str()).is_some_and(|x| x.destroyer)) {
        return Err(OrderError::NoDestroyer { index: c.index, line: c.k });
    }
    Ok((protect, air_cover))
}

/// Validates the naval protectors (SUP-106..119) or the air cover
/// (SUP-123) of a line whose route is `path` (origin first, termination
/// last).
fn validate_escorts(
    v: &SeaView<'_>,
    index: usize,
    side: Side,
    path: &[NodeId],
    ids: &[String],
    domain: Domain,
) -> Result<Vec<UnitId>, OrderError> {
    let Some(&from) = path.first() else { return Ok(Vec::new()) };
    let role = if domain == Domain::Naval { "protect" } else { "fly cover for" };
    let mut out = Vec::new();
    for id in ids {
        let u = v.unit(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.clone() })?;
        let bad = |why: EscortRefusal| OrderError::BadEscort { index, unit: id.clone(), role: role.into(), why };
        if v.side_of(u.nation) != Some(side) {
            return Err(bad(EscortRefusal::NotOfSide));
        }
        // A nation not at war takes no part in the war at sea (SUP-022: the
        // U.S. box's lines are protected by British and French units while
        // the U.S. is not at war; SUP-146).
        if !v.at_war(u.nation) {
            return Err(bad(EscortRefusal::NationNotAtWar));
        }
        if let Some(Some(rule)) = v.neutral_rule(from)
            && !rule.protectors.contains(&u.nation)
        {
            let protectors = rule.protectors.iter().map(|&n| v.spec.ruleset.nation_key(n).to_string()).collect();
            return Err(bad(EscortRefusal::NeutralProtectors { protectors }));
        }
        if u.domain != domain {
            return Err(bad(if domain == Domain::Naval { EscortRefusal::NotNaval } else { EscortRefusal::NotAir }));
        }
        if u.inverted {
            return Err(bad(EscortRefusal::Inverted));
        }
        if u.status != UnitStatus::Full {
            return Err(bad(EscortRefusal::NotFullySupplied));
        }
        // SUP-144: its base was operational in its previous player turn.
        if !v.operational(u.node) {
            return Err(bad(EscortRefusal::BaseNotOperational));
        }
        if domain == Domain::Naval {
            // SUP-111..119: based at the origin, at a port on the route, or
            // in an sw box that covers such lines.
            if escort_base(v, u, path).is_none() {
                return Err(bad(EscortRefusal::NotBasedOnRoute));
            }
        } else if !v.distance(u.node, path, v.spec.ruleset.sea.reach) {
            return Err(bad(EscortRefusal::CoverOutOfReach));
        }
        out.push(u.id.clone());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Validates an interception (SUP-104, SUP-124, SUP-145, SUP-170).
///
/// # Errors
/// [`OrderError::NoSuchLine`], or [`OrderError::BadEscort`] for an attacker
/// of the moving side, an inverted one, one not fully supplied, or one out of
/// reach.
pub fn validate_intercept(
    v: &SeaView<'_>,
    index: usize,
    plan: &[ValidSeaLine],
    line: u32,
    by: &[String],
    at_island: Option<&str>,
) -> Result<SupplyValid, OrderError> {
    let Some((side, _)) = side_kind(v) else { return Err(OrderError::NoPhase) };
    let Some(target) = plan.get(line as usize) else { return Err(OrderError::NoSuchLine { index, line }) };
    // SUP-100..102: the attack falls before the island named (before the
    // line enters the group if none is), so the attackers must reach the
    // line as far as that island: its route to the group, or an island
    // it reaches before.
    let at_island = match at_island {
        None => None,
        Some(name) => {
            let n = v.spec.map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.into() })?;
            if n != target.to && !target.islands.contains(&n) {
                return Err(OrderError::BadTermination {
                    index,
                    line: line as usize,
                    at: name.into(),
                    why: TerminationRefusal::NotOnLine,
                });
            }
            Some(n)
        }
    };
    let mut path = v.route(target.from, &target.via, target.to).unwrap_or_default();
    if let Some(n) = at_island {
        let stops: Vec<NodeId> = std::iter::once(target.to).chain(target.islands.iter().copied()).collect();
        let upto = stops.iter().position(|&s| s == n).unwrap_or(0);
        path.extend_from_slice(&stops[..=upto]);
    }
    if by.is_empty() {
        return Err(OrderError::NoAttackers { index, line });
    }
    let mut out = Vec::new();
    let mut named = std::collections::BTreeSet::new();
    for id in by {
        let u = v.unit(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.clone() })?;
        let bad = |why: EscortRefusal| OrderError::BadEscort { index, unit: id.clone(), role: "attack".into(), why };
        if !named.insert(id.as_str()) {
            return Err(bad(EscortRefusal::AttackerNamedTwice));
        }
        if let Some(why) = v.attack_refusal(side, u) {
            return Err(bad(why));
        }
        if !v.distance(u.node, &path, v.spec.ruleset.sea.reach) {
            return Err(bad(EscortRefusal::AttackerOutOfReach));
        }
        out.push(u.id.clone());
    }
    out.sort();
    out.dedup();
    Ok(SupplyValid::Intercept { line, by: out, at_island })
}
