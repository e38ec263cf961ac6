//! `qm explain FILE TERRITORY`: why a territory's resources were counted or
//! lost (COL-004..008), from its line of the income statement: the saving
//! place, the line of supply (the flood's first-arrival path, supply center
//! first) or what cuts it (a territory, or a sea zone with the enemy
//! warship that closes it), and how much it counts. For a sea zone: what
//! became of each nation's naval trade there (COL-006, ruling 5).

use crate::territories::statements_now;
use qm_game::NodeKind;
use qm_game::collection::{CollectMap, IncomeStatement, LineStatus, TerritoryLine, TradeLine, TradeOutcome};
use qm_game::{Game, NodeId};
use std::fmt::Write;

/// Whether `key` names a land territory or sea zone of the game's map.
#[must_use]
pub fn is_territory(g: &Game, key: &str) -> bool {
    let map = &g.spec().map;
    map.find(key).and_then(|n| map.node(n)).is_some_and(|i| matches!(i.kind, NodeKind::Territory | NodeKind::SeaZone))
}

/// Explains a territory or sea zone. `recorded` are income statements the
/// game made (latest last); a nation without one there is collected now,
/// on the game as it stands. `None` if `key` is not a territory.
#[must_use]
pub fn explain_territory(g: &mut Game, key: &str, recorded: &[IncomeStatement]) -> Option<String> {
    let map = &g.spec().map;
    let n = map.find(key)?;
    let info = map.node(n)?.clone();
    let now = statements_now(g);
    let latest = |nation: &str| {
        recorded.iter().rev().find(|s| s.nation == nation).or_else(|| now.iter().find(|s| s.nation == nation))
    };
    let name = info.name.clone().unwrap_or_else(|| info.label.clone());
    let mut s = format!("{} ({name})", info.label);
    match info.kind {
        NodeKind::Territory => land(g, n, &mut s, &latest),
        NodeKind::SeaZone => sea(g, n, &mut s, &latest),
        _ => return None,
    }
    Some(s)
}

/// A land territory's explanation.
fn land<'a>(g: &Game, n: NodeId, s: &mut String, latest: &dyn Fn(&str) -> Option<&'a IncomeStatement>) {
    let spec = g.spec();
    let e = CollectMap::of(spec).econ(n);
    let state = g.state();
    let control = state.nodes.get(n).and_then(|x| x.control.current);
    let Some(nation) = control.map(|c| spec.ruleset.nation_key(c).to_string()) else {
        let _ = writeln!(s, ": held by no nation of the war, so nobody collects its {} (COL-004)", e.value);
        return;
    };
    let _ = writeln!(s, ", controlled by {nation}, resource value {}", e.value);
    if e.middle_east {
        let _ = writeln!(
            s,
            "  a Middle East territory: its income is the Middle East track's, not collected (MET-002, MET-006)"
        );
        return;
    }
    if e.value == 0 {
        let _ = writeln!(s, "  no resource value: nothing to collect (COL-004)");
        return;
    }
    let label = spec.map.label(n).to_string();
    match latest(&nation).and_then(|st| st.territory(&label).map(|t| (st, t))) {
        Some((st, t)) => territory_line(s, st, t),
        None => {
            let _ = writeln!(s, "  {nation} has no income statement listing it");
        }
    }
}

/// The statement's line of a territory, in words, citing the rules.
fn territory_line(s: &mut String, st: &IncomeStatement, t: &TerritoryLine) {
    let _ = writeln!(s, "  income statement of {}, turn {}", st.nation, st.turn);
    let place = t.saved_at.as_deref().unwrap_or("-");
    let _ = writeln!(s, "  saved at {place} (COL-004)");
    match t.line {
        LineStatus::Ok => {
            // Rebuilt from the statement's first-arrival parents.
            let path = st.line_of(&t.id).unwrap_or_default();
            let _ = writeln!(
                s,
                "  line of supply ok (COL-005, ruling 4): {} (supply center {} first)",
                path.join(" - "),
                path.first().map_or("-", String::as_str)
            );
        }
        LineStatus::Cut => {
            let by = t.blocked_by.as_deref().unwrap_or("?");
            let _ = writeln!(s, "  line of supply CUT by {by} (COL-005, ruling 4)");
            let _ = writeln!(
                s,
                "  no line of friendly territories and sea zones reaches a supply center of {place}: \
                 its {} are lost this turn (COL-005)",
                t.value
            );
        }
    }
    if t.conquered {
        let _ = writeln!(
            s,
            "  conquered: {} (of its {}) enters the conquered sum {}, halved and rounded up once to {} (COL-008, ruling 3)",
            if t.line == LineStatus::Ok { t.value } else { 0 },
            t.value,
            st.conquered_sum,
            st.conquered_counted
        );
    } else {
        let _ = writeln!(s, "  original territory: counted {} of {} (COL-008)", t.counted, t.value);
    }
}

/// A sea zone's explanation: each nation's naval trade in it.
fn sea<'a>(g: &Game, n: NodeId, s: &mut String, latest: &dyn Fn(&str) -> Option<&'a IncomeStatement>) {
    let spec = g.spec();
    let _ = writeln!(s, ", sea zone");
    let label = spec.map.label(n).to_string();
    let mut any = false;
    for t in CollectMap::of(spec).trade.iter().filter(|t| t.zone == n) {
        let nation = spec.ruleset.nation_key(t.nation).to_string();
        let line = latest(&nation).and_then(|st| st.naval_trade.iter().find(|z| z.zone == label));
        match line {
            Some(z) => trade_line(s, &nation, z),
            None => {
                let _ = writeln!(s, "  {nation}: {} naval-trade points, no income statement yet", t.points);
            }
        }
        any = true;
    }
    if !any {
        let _ = writeln!(s, "  no naval trade");
    }
}

/// One nation's trade in a zone, in words.
fn trade_line(s: &mut String, nation: &str, z: &TradeLine) {
    let why = match z.outcome {
        TradeOutcome::Collected => "no enemy ship in the zone (COL-006)".to_string(),
        TradeOutcome::Blocked => {
            format!("blocked by the enemy surface warship {} (COL-006)", z.blocked_by.as_deref().unwrap_or("?"))
        }
        TradeOutcome::ConvoyBattle => format!(
            "convoy battle (COL-006, ruling 5): escorts rolled {:?}, submarines rolled {:?}",
            z.escort_rolls, z.rolls
        ),
        TradeOutcome::Declined => "the enemy submarines declined to attack (COL-006)".to_string(),
    };
    let _ = writeln!(s, "  {nation}: {} naval-trade points, {} collected: {why}", z.points, z.collected);
}
