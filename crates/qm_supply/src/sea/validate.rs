//! Validation of the moving side's plan and the defending side's
//! interceptions (SUP-067..125).

use super::route::escort_base;
use super::view::{SeaView, side_kind};
use bevy_ecs::prelude::*;
use qm_core::ids::{NodeId, Side, UnitId};
use qm_core::nation::NationStatus;
use qm_core::orders::{OrderError, SeaLineOrder, ValidOrder, ValidSeaLine};
use qm_core::ruleset::Domain;
use qm_core::supply::UnitStatus;

/// Validates the moving side's sea supply plan (SUP-067..123).
///
/// # Errors
/// The first illegal line or escort, as an [`OrderError`].
pub fn validate_plan(v: &SeaView<'_>, index: usize, lines: &[SeaLineOrder]) -> Result<Vec<ValidSeaLine>, OrderError> {
    let map = &v.spec.map;
    let Some((side, _)) = side_kind(v) else { return Err(OrderError::NoPhase) };
    let find = |name: &str| map.find(name).ok_or_else(|| OrderError::UnknownPlace { index, name: name.to_string() });
    let mut out: Vec<ValidSeaLine> = Vec::new();
    let mut box_lines: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for (k, l) in lines.iter().enumerate() {
        let from = find(&l.from)?;
        let to = find(&l.to)?;
        let via = l.via.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
        let islands = l.islands.iter().map(|x| find(x)).collect::<Result<Vec<_>, _>>()?;
        let planned: Vec<NodeId> =
            out.iter().flat_map(|p| std::iter::once(p.to).chain(p.islands.iter().copied())).collect();
        v.termination(to).map_err(|why| OrderError::BadTermination { index, line: k, at: l.to.clone(), why })?;
        // SUP-074, SUP-071: a port from which sea supply is traced (earlier
        // in this plan, or earlier in the player turn) may not receive it.
        let this_turn = v.log.turn == Some((v.ctx.turn, side));
        if out.iter().any(|p| p.from == to) || (this_turn && v.log.lines.iter().any(|r| r.from == to)) {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "sea supply is traced from it this player turn: it may not receive any (SUP-074)".into(),
            });
        }
        // SUP-098..100: a line to an island group enters it at `to`, then
        // reaches the islands listed, in order, then (SUP-099: it supplies
        // every friendly island of the group) the others, in map order.
        let group = map.island_group(to);
        let parts = v.group_islands(to);
        let part_of = |n: NodeId| parts.iter().position(|p| p.binary_search(&n).is_ok());
        let mut seen = vec![part_of(to)];
        let mut islands_in_order = Vec::with_capacity(parts.len());
        for (j, &i) in islands.iter().enumerate() {
            let bad = |why: &str| OrderError::BadTermination {
                index,
                line: k,
                at: l.islands[j].clone(),
                why: why.to_string(),
            };
            if group.is_none() || map.island_group(i) != group {
                return Err(bad("not an island of the group the line enters (SUP-098, SUP-100)"));
            }
            v.termination(i).map_err(|why| bad(&why))?;
            if v.zones.zone(i) != v.zones.zone(to) {
                return Err(bad(
                    "not in the supply zone of the island the line enters: an island captured this combat phase is a \
                     supply zone of its own for post-combat supply (SUP-096)",
                ));
            }
            let p = part_of(i);
            if seen.contains(&p) {
                return Err(bad("the line already reaches that island (SUP-100: each island once, in order)"));
            }
            seen.push(p);
            islands_in_order.push(i);
        }
        islands_in_order.extend(
            parts.iter().enumerate().filter(|(p, _)| !seen.contains(&Some(*p))).filter_map(|(_, p)| p.first().copied()),
        );
        let islands = islands_in_order;
        v.origin(from, &planned).map_err(|why| OrderError::BadOrigin { index, line: k, at: l.from.clone(), why })?;
        if from == to {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "the line starts there".into(),
            });
        }
        // SUP-097: one line to each island group, whatever enemy zones of
        // control there are; an island captured this combat phase is a zone
        // of its own at post-combat determination and may take its own
        // (SUP-096).
        let zone = v.zones.zone(to);
        if let Some(g) = group
            && let Some(prev) = out.iter().position(|p| map.island_group(p.to) == Some(g) && v.zones.zone(p.to) == zone)
        {
            return Err(OrderError::ZoneAlreadySupplied {
                index,
                line: k,
                at: l.to.clone(),
                why: format!("line {prev} already supplies that island group (SUP-097)"),
            });
        }
        // SUP-094: one line per zone, unless enemy ZOC keeps the earlier
        // landings from supplying the rest of it: a further line is refused
        // once one lands outside an enemy ZOC, or to a termination already
        // served.
        if let Some(prev) = out.iter().find(|p| {
            zone.is_some()
                && v.zones.zone(p.to) == zone
                && (p.to == to || !v.ctx.zoc.get(p.to as usize).copied().unwrap_or(false))
        }) {
            return Err(OrderError::ZoneAlreadySupplied {
                index,
                line: k,
                at: l.to.clone(),
                why: format!(
                    "line {} already supplies that zone (SUP-094)",
                    out.iter().position(|p| p == prev).unwrap_or(0)
                ),
            });
        }
        if let Some(why) = v.post_combat_block(to, v.best_tier_into(from, to)) {
            return Err(OrderError::ZoneAlreadySupplied { index, line: k, at: l.to.clone(), why });
        }
        // Boxes: destinations, war status and transports (SUP-022,
        // SUP-078..083).
        v.box_line(from, &via, to).map_err(|why| OrderError::BadTermination {
            index,
            line: k,
            at: l.to.clone(),
            why,
        })?;
        // SUP-081: a box whose supply may not extend to the termination
        // (India's into Australia or the Pacific front) sends no line there.
        if map.box_sea(from).is_some() && v.best_tier(from).is_some() && v.best_tier_into(from, to).is_none() {
            return Err(OrderError::BadTermination {
                index,
                line: k,
                at: l.to.clone(),
                why: "supply originating in the box may not extend there (SUP-081)".into(),
            });
        }
        let mut transport = false;
        if let Some(bs) = map.box_sea(from)
            && let Some(pool) = &bs.transport_pool
        {
            let used = box_lines.entry(pool.clone()).or_insert(0);
            if v.transports_left(pool, *used) == 0 {
                return Err(OrderError::NoTransport { index, line: k, from: l.from.clone(), pool: pool.clone() });
            }
            *used += 1;
            transport = true;
        }
        let Some(path) = v.route(from, &via, to) else {
            return Err(OrderError::OutOfRange {
                index,
                line: k,
                from: l.from.clone(),
                to: l.to.clone(),
                range: v.spec.ruleset.sea.range,
            });
        };
        let protect = validate_escorts(v, index, side, &path, &l.protect, Domain::Naval)?;
        let air_cover = validate_escorts(v, index, side, &path, &l.air_cover, Domain::Air)?;
        // SUP-108, SUP-120, SUP-121: the moving side says which units
        // protect which line, and lines are defended separately: a unit
        // protects, or flies cover for, one line of the plan.
        if let Some(u) = protect
            .iter()
            .chain(&air_cover)
            .find(|u| out.iter().any(|p| p.protect.contains(u) || p.air_cover.contains(u)))
        {
            let earlier = out.iter().position(|p| p.protect.contains(u) || p.air_cover.contains(u)).unwrap_or(0);
            return Err(OrderError::BadEscort {
                index,
                unit: u.to_string(),
                role: if protect.contains(u) { "protect".into() } else { "fly cover for".into() },
                why: format!("it already protects line {earlier}: each unit protects one line (SUP-108, SUP-120)"),
            });
        }
        // SUP-109: a protecting force needs a destroyer unless a transport
        // carries the supply.
        if !protect.is_empty() && !transport && !protect.iter().any(|u| v.unit(u.as_str()).is_some_and(|x| x.destroyer))
        {
            return Err(OrderError::NoDestroyer { index, line: k });
        }
        out.push(ValidSeaLine { from, to, via, islands, protect, air_cover });
    }
    Ok(out)
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
        let bad = |why: &str| OrderError::BadEscort { index, unit: id.clone(), role: role.into(), why: why.into() };
        if v.side_of(u.nation) != Some(side) {
            return Err(bad("it is not of the side tracing the line"));
        }
        // A nation not at war takes no part in the war at sea (SUP-022: the
        // U.S. box's lines are protected by British and French units while
        // the U.S. is not at war; SUP-146).
        if !v.at_war(u.nation) {
            return Err(bad("its nation is not at war (SUP-022, SUP-146)"));
        }
        if let Some(Some(rule)) = v.neutral_rule(from)
            && !rule.protectors.contains(&u.nation)
        {
            let names: Vec<&str> = rule.protectors.iter().map(|&n| v.spec.ruleset.nation_key(n)).collect();
            return Err(bad(&format!(
                "while its box's owner is not at war, only units of {} may protect this line (SUP-022)",
                names.join(" and ")
            )));
        }
        if u.domain != domain {
            return Err(bad(if domain == Domain::Naval { "not a naval unit" } else { "not an air unit" }));
        }
        if u.inverted {
            return Err(bad("it is inverted (SUP-106, SUP-123, SUP-144)"));
        }
        if u.status != UnitStatus::Full {
            return Err(bad("it is not fully supplied (SUP-106, SUP-123, SUP-168)"));
        }
        // SUP-144: its base was operational in its previous player turn.
        if !v.operational(u.node) {
            return Err(bad("its base is not operational (SUP-123, SUP-144)"));
        }
        if domain == Domain::Naval {
            // SUP-111..119: based at the origin, at a port on the route, or
            // in an sw box that covers such lines.
            if escort_base(v, u, path).is_none() {
                return Err(bad(
                    "it is based neither at the origin, nor at a port on the route, nor in an sw box covering \
                     this line (SUP-111..119)",
                ));
            }
        } else if !v.distance(u.node, path, v.spec.ruleset.sea.reach) {
            return Err(bad("the line is out of its reach (SUP-123)"));
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
) -> Result<ValidOrder, OrderError> {
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
                    why: "not an island that line enters or reaches (SUP-100)".into(),
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
    let mut out = Vec::new();
    for id in by {
        let u = v.unit(id).ok_or_else(|| OrderError::UnknownUnit { index, unit: id.clone() })?;
        let bad = |why: &str| OrderError::BadEscort { index, unit: id.clone(), role: "attack".into(), why: why.into() };
        let enemy = v.side_of(u.nation) == Some(side.other())
            && v.ctx.nations.get(u.nation.index()).is_some_and(|s| s.status == NationStatus::Active);
        if !enemy {
            return Err(bad("only the defending side's units may attack the moving side's sea lines (SUP-104)"));
        }
        if !matches!(u.domain, Domain::Naval | Domain::Air) {
            return Err(bad("only naval and air units attack sea lines (SUP-124)"));
        }
        if u.inverted {
            return Err(bad("it is inverted (SUP-145)"));
        }
        if u.status != UnitStatus::Full {
            return Err(bad("it is not fully supplied (SUP-145, SUP-170)"));
        }
        if !v.operational(u.node) {
            return Err(bad("its base is not operational (SUP-145)"));
        }
        if !v.distance(u.node, &path, v.spec.ruleset.sea.reach) {
            return Err(bad("the line is out of its reach"));
        }
        out.push(u.id.clone());
    }
    out.sort();
    out.dedup();
    Ok(ValidOrder::Intercept { line, by: out, at_island })
}
