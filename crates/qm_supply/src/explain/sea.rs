//! What sea supply did for a unit's zone (SUP-103..130).

use qm_core::ids::{NodeId, UnitId};
use qm_core::supply::UnitSupply;

/// What sea supply did for the zone of a unit at `node`: the line traced to
/// it, who protected and attacked it, and whether it was disrupted
/// (SUP-103..130); or that no line was traced.
#[must_use]
pub fn describe_sea(
    spec: &qm_core::spec::ScenarioSpec,
    zones: &crate::sea_log::Zones,
    log: &crate::sea_log::SeaLog,
    sup: &UnitSupply,
    node: NodeId,
) -> String {
    use std::fmt::Write;
    let map = &spec.map;
    let mut s = String::new();
    let same = zones.at.is_some_and(|a| sup.at.is_some_and(|b| a.turn == b.turn && a.side == b.side));
    let Some(zone) = zones.zones.iter().find(|z| z.hexes.binary_search(&node).is_ok()).filter(|_| same) else {
        return s;
    };
    let names = |v: &[UnitId]| v.iter().map(UnitId::as_str).collect::<Vec<_>>().join(", ");
    // SUP-139: a zone's line of the initial determination, when the
    // post-combat one traced none to it.
    let earlier = || {
        log.lines.iter().rev().find(|l| {
            Some(l.kind) != zones.at.map(|a| a.kind)
                && std::iter::once(&l.to).chain(&l.islands).any(|h| zone.hexes.binary_search(h).is_ok())
        })
    };
    match zone.sea_line.and_then(|i| log.lines.get(i as usize)).or_else(earlier) {
        Some(l) => {
            if Some(l.kind) != zones.at.map(|a| a.kind) {
                let _ = writeln!(
                    s,
                    "  no second sea line to its zone at post-combat determination: one was traced at initial (SUP-139)"
                );
            }
            let _ = write!(s, "  sea line {} from {} to {}", l.index, map.describe(l.from), map.describe(l.to));
            if l.protected_by.is_empty() {
                let _ = write!(s, ", unprotected");
            } else {
                let _ = write!(s, ", protected by {}", names(&l.protected_by));
            }
            if l.attacked_by.is_empty() {
                let _ = writeln!(s, ", not attacked");
            } else {
                let _ = write!(s, ", attacked by {}", names(&l.attacked_by));
                match l.rolls {
                    Some((p, a)) => {
                        let _ = write!(s, " (protection {p} against attack {a}, ruling 9)");
                    }
                    None => {
                        let _ = write!(s, " (an unprotected line attacked is disrupted, SUP-125)");
                    }
                }
                let _ = writeln!(s);
            }
            if l.disrupted {
                let reached: Vec<String> = l.reached.iter().map(|&n| map.describe(n)).collect();
                let _ = writeln!(
                    s,
                    "    disrupted: no supply by sea to its zone (SUP-130){}",
                    if reached.is_empty() {
                        String::new()
                    } else {
                        format!("; it reached {} first (SUP-102)", reached.join(", "))
                    }
                );
            } else if l.carried.is_empty() {
                let _ = writeln!(s, "    its origin held no supply to send (SUP-085)");
            } else if l.carried.iter().all(|&(_, t)| t != qm_core::ids::Tier::Full) {
                // SUP-085: a line carries what its origin holds; say why
                // that was partial when the origin's own sea line failed.
                let origin_line = zones
                    .zones
                    .iter()
                    .find(|z| z.hexes.binary_search(&l.from).is_ok())
                    .and_then(|z| z.sea_line)
                    .and_then(|i| log.lines.get(i as usize))
                    .filter(|o| o.index != l.index);
                match origin_line {
                    Some(o) if o.disrupted => {
                        let _ = writeln!(
                            s,
                            "    it carried partial supply: its origin's zone lost its own sea line {} from {} \
                             (disrupted), so it sent what it held by land (SUP-085, SUP-130)",
                            o.index,
                            map.describe(o.from)
                        );
                    }
                    _ => {
                        let _ = writeln!(s, "    it carried partial supply: all its origin held (SUP-085)");
                    }
                }
            }
        }
        None if zone.hexes.iter().any(|&h| crate::zones::takes_sea_supply(map, h)) => {
            let kind = zones.at.map(|a| a.kind);
            let why = log
                .no_line
                .iter()
                .filter(|n| Some(n.kind) == kind)
                .find(|n| n.terminations.iter().any(|t| zone.hexes.binary_search(t).is_ok()))
                .map(|n| no_line_text(&n.reason));
            match why {
                Some(why) => {
                    let _ = writeln!(s, "  no sea line was traced to its zone (zone {}): {why}", zone.id);
                }
                None => {
                    let _ = writeln!(s, "  no sea line was traced to its zone (zone {})", zone.id);
                }
            }
        }
        None => {}
    }
    s
}

/// Why the default plan gave a zone no line (SUP-103).
#[must_use]
pub fn no_line_text(r: &crate::sea_log::NoLineReason) -> String {
    use crate::sea_log::NoLineReason;
    match r {
        NoLineReason::NoTransport(pool) => {
            format!("no transport of pool {pool} left for the only origins that could reach it (SUP-078..082, SUP-103)")
        }
        NoLineReason::OutOfRange => "no port or box within sea range of its landing places (SUP-090)".into(),
        NoLineReason::NoOrigin => {
            "no origin: the ports and boxes in range hold no supply to send, stand in an enemy zone of control \
             or receive sea supply themselves (SUP-067..072, SUP-085)"
                .into()
        }
        NoLineReason::Declined => {
            "the default plan supplies more units and zones without it, or a line would add nothing (SUP-103)".into()
        }
    }
}
