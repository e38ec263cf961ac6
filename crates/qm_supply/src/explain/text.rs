//! A unit's supply as text: its status, line or cutoff.

use qm_core::components::{Location, Unit};
use qm_core::ids::{NationId, Tier};
use qm_core::supply::*;

/// A readable explanation of a unit's supply.
#[must_use]
pub fn describe_unit(spec: &qm_core::spec::ScenarioSpec, unit: &Unit, loc: &Location, sup: &UnitSupply) -> String {
    use std::fmt::Write;
    let rules = &spec.ruleset;
    let map = &spec.map;
    let kind = rules.unit_type(unit.kind).map_or("?", |t| t.key.as_str());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "unit {} ({} {kind}) at {}: {}",
        unit.id,
        rules.nation_key(unit.nation),
        map.describe(loc.node),
        sup.status.as_str()
    );
    if let Some(at) = sup.at {
        let k = match at.kind {
            qm_core::ids::DeterminationKind::Initial => "initial",
            qm_core::ids::DeterminationKind::PostCombat => "post-combat",
        };
        let _ = writeln!(s, "  decided at the {k} supply determination of turn {}, {} player turn", at.turn, at.side);
    } else {
        let _ = writeln!(s, "  not determined yet (status as given by the scenario)");
    }
    if let Some(a) = &sup.automatic {
        let _ = writeln!(s, "  supplied without a line: {}", auto_text(a));
    }
    if let Some(src) = sup.own_hex {
        let _ = writeln!(s, "  source: {} (supplies units in its own hex only, SUP-040/SUP-045)", spec.source_key(src));
    }
    if let Some(line) = &sup.line {
        let tier = if line.tier == Tier::Full { "full" } else { "partial" };
        let _ = writeln!(s, "  source: {} ({tier} supply)", source_text(spec, &line.source));
        let hexes: Vec<String> = line.path.iter().map(|&n| map.describe(n)).collect();
        let _ = writeln!(s, "  line ({} hexes): {}", line.path.len(), hexes.join(" -> "));
        for leg in &line.sea {
            let _ = writeln!(
                s,
                "  by sea from {} to {} (sea line {}, SUP-084)",
                map.describe(leg.from),
                map.describe(leg.to),
                leg.line
            );
        }
    }
    if let Some(c) = &sup.cutoff {
        let want = if sup.status == UnitStatus::Partial { "full supply" } else { "supply" };
        let _ = writeln!(
            s,
            "  no line of {want} reaches it: the area it could draw from has {} hexes, cut off by:",
            c.area
        );
        if c.blocks.is_empty() {
            let _ = writeln!(s, "    nothing around it: no eligible source inside the area");
        }
        for b in &c.blocks {
            let _ = writeln!(s, "    {}: {}", map.describe(b.node), reason_text(spec, &b.reason));
        }
        if c.truncated {
            let _ = writeln!(s, "    ... (the nearest {} shown)", c.blocks.len());
        }
        for (src, why) in &c.refused {
            let _ = writeln!(s, "    source {}: {}", spec.source_key(*src), refusal_text(spec, *src, why));
        }
    }
    s
}

/// Text for where a line starts.
#[must_use]
pub fn source_text(spec: &qm_core::spec::ScenarioSpec, s: &SourceRef) -> String {
    match s {
        SourceRef::Source(id) => spec.source_key(*id).to_string(),
        SourceRef::Bridgehead(u) => format!("bridgehead {u} (SUP-034)"),
        SourceRef::Zone(z) => format!("zone {z}, supplied at initial determination (SUP-140)"),
    }
}

fn auto_text(a: &AutoReason) -> String {
    match a {
        AutoReason::Neutral => "a neutral's units are supplied by the neutral (SUP-146)".into(),
        AutoReason::Partisan => "partisans need no supply (SUP-007, SUP-194)".into(),
        AutoReason::Exploiting => "exploiting armor (SUP-193)".into(),
        AutoReason::Chindit => "chindits are always at least partially supplied (SUP-195)".into(),
        AutoReason::HomeIslands => "Japanese units in Japan (SUP-196)".into(),
        AutoReason::Bridgehead => "a bridgehead in the turn it is placed (SUP-197)".into(),
        AutoReason::Region(r) => format!("units in {r} are always supplied (SUP-031)"),
    }
}

/// Text for a block reason.
#[must_use]
pub fn reason_text(spec: &qm_core::spec::ScenarioSpec, r: &BlockReason) -> String {
    let nk = |n: &NationId| spec.ruleset.nation_key(*n).to_string();
    match r {
        BlockReason::EnemyControl(n) => format!("controlled by the enemy ({})", nk(n)),
        BlockReason::NotFriendly(n) => format!("controlled by {}, not of the tracing side", nk(n)),
        BlockReason::Uncontrolled => "controlled by no one".into(),
        BlockReason::Zoc(units) => {
            let ids: Vec<&str> = units.iter().map(|u| u.as_str()).collect();
            format!("in the zone of control of {}", ids.join(", "))
        }
        BlockReason::EnemyPartisan(u) => format!("enemy partisan {u} (SUP-060)"),
        BlockReason::PartisanHeld => "held through a partisan, not controlled before it (SUP-060)".into(),
        BlockReason::Terrain => "its terrain limits the supply traced into or out of it (SUP-063)".into(),
        BlockReason::Sea => {
            "sea: a land line is of land hexes only; water is crossed by sea lines (SUP-057, SUP-066)".into()
        }
        BlockReason::AllSeaHexside => {
            "across an all-sea hexside: a land line does not cross it; water is crossed by sea lines (SUP-057, SUP-066)"
                .into()
        }
        BlockReason::ClosedEntry(to) => {
            format!(
                "its way into {} is closed to this supply: a box condition not met, or a restricted route (SUP-026, SUP-027, SUP-062)",
                spec.map.describe(*to)
            )
        }
    }
}

/// Whether a source's class grants full supply to anyone in any case: an
/// unlimited source (SUP-016..036), whose partial supply to a nation comes
/// from the cooperation table (SUP-050..053), not from being limited
/// (SUP-037).
#[must_use]
pub fn unlimited_class(spec: &qm_core::spec::ScenarioSpec, src: qm_core::ids::SourceId) -> bool {
    spec.sources
        .get(src.index())
        .and_then(|s| spec.ruleset.source_classes.get(s.class.index()))
        .is_some_and(|c| c.cases.iter().any(|k| k.grants.iter().any(|g| g.tier == Tier::Full)))
}

fn refusal_text(spec: &qm_core::spec::ScenarioSpec, src: qm_core::ids::SourceId, r: &SourceRefusal) -> String {
    match r {
        SourceRefusal::NotEligible(Some(_)) if unlimited_class(spec, src) => {
            "an unlimited source, but the cooperation table lets it give this nation partial supply only (SUP-050..053)"
                .into()
        }
        SourceRefusal::NotEligible(None) => {
            "does not supply this nation (source class and cooperation, SUP-016..053)".into()
        }
        SourceRefusal::NotEligible(Some(_)) => "a limited source: partial supply at best (SUP-037)".into(),
        SourceRefusal::NotDesignated => "not designated as a source (SUP-015)".into(),
        SourceRefusal::DesignatedThisTurn => "designated this turn; supplies from next turn (SUP-015)".into(),
        SourceRefusal::OwnHexOnly => "supplies units that began the turn in its hex only (SUP-047, SUP-048)".into(),
        SourceRefusal::ArmorAdjacency(u) => {
            format!("both it and the next hex are in the zone of control of enemy armor {u} (SUP-058)")
        }
    }
}
