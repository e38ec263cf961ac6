//! `diff`: what the last step changed, from the states before and after:
//! the clock, unit statuses (SUP-147..149), hex statuses (SUP-011),
//! control, eliminations (SUP-177), and each rule family's section of
//! state (stockpiles, income, treasuries), leaf by leaf.

use super::session::Session;
use qm_game::GameState;
use std::collections::BTreeMap;
use std::fmt::Write;

/// At most this many changed leaves are listed per section.
const LEAVES: usize = 12;

/// The changes between the state before the last step and now.
#[must_use]
pub fn diff(s: &Session) -> String {
    let Some(before) = &s.before else { return "nothing to compare: no step yet".into() };
    let after = s.game.state();
    let map = &s.game.spec().map;
    let rules = &s.game.spec().ruleset;
    let a = &before.state;
    let mut out = String::new();
    if a.clock != after.clock {
        let _ = writeln!(
            out,
            "clock: turn {} {} phase {} -> turn {} {} phase {}",
            a.clock.turn, a.clock.side, a.clock.phase, after.clock.turn, after.clock.side, after.clock.phase
        );
    }
    let old: BTreeMap<&str, &qm_game::UnitState> = a.units.iter().map(|u| (u.id.as_str(), u)).collect();
    for u in &after.units {
        match old.get(u.id.as_str()) {
            Some(o) if o.supply.status != u.supply.status || o.supply.at != u.supply.at => {
                let was = if o.supply.at.is_some() { o.supply.status.as_str() } else { "undetermined" };
                let _ = writeln!(out, "unit {}: {was} -> {}", u.id, u.supply.status.as_str());
            }
            Some(o) if o.location.node != u.location.node => {
                let _ = writeln!(
                    out,
                    "unit {}: moved {} -> {}",
                    u.id,
                    map.describe(o.location.node),
                    map.describe(u.location.node)
                );
            }
            Some(_) => {}
            None => {
                let _ = writeln!(out, "unit {}: new at {}", u.id, map.describe(u.location.node));
            }
        }
    }
    let now: BTreeMap<&str, ()> = after.units.iter().map(|u| (u.id.as_str(), ())).collect();
    for u in a.units.iter().filter(|u| !now.contains_key(u.id.as_str())) {
        let _ = writeln!(out, "unit {}: eliminated at {}", u.id, map.describe(u.location.node));
    }
    nodes(&mut out, a, &after, map, rules);
    sections(&mut out, a, &after);
    if out.is_empty() {
        out.push_str("no change\n");
    }
    out
}

/// Control and hex-status changes, counted by kind, with the first few.
fn nodes(out: &mut String, a: &GameState, b: &GameState, map: &qm_game::MapGraph, rules: &qm_game::Ruleset) {
    let nation = |n: Option<qm_game::NationId>| n.map_or("none".to_string(), |n| rules.nation_key(n).to_string());
    let mut status: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for ((i, x), y) in a.nodes.iter_enumerated().zip(&b.nodes) {
        let label = map.describe(i);
        if x.control.current != y.control.current {
            let _ =
                writeln!(out, "hex {label}: control {} -> {}", nation(x.control.current), nation(y.control.current));
        }
        if x.supply.status != y.supply.status {
            let word = |s: Option<qm_game::HexStatus>| s.map_or("undetermined", |s| s.as_str());
            status.entry(format!("{} -> {}", word(x.supply.status), word(y.supply.status))).or_default().push(label);
        }
    }
    for (change, hexes) in status {
        let more = if hexes.len() > 6 { format!(" and {} more", hexes.len() - 6) } else { String::new() };
        let first: Vec<&str> = hexes.iter().take(6).map(String::as_str).collect();
        let _ = writeln!(out, "hexes {change}: {} ({}{more})", hexes.len(), first.join(", "));
    }
}

/// Each family's section, compared leaf by leaf.
fn sections(out: &mut String, a: &GameState, b: &GameState) {
    let names: std::collections::BTreeSet<&String> = a.sections.keys().chain(b.sections.keys()).collect();
    for name in names {
        let (x, y) = (a.sections.get(name), b.sections.get(name));
        if x == y {
            continue;
        }
        let mut leaves = Vec::new();
        leaf_diff(
            String::new(),
            x.unwrap_or(&serde_json::Value::Null),
            y.unwrap_or(&serde_json::Value::Null),
            &mut leaves,
        );
        let _ = writeln!(out, "section {name}: {} change{}", leaves.len(), if leaves.len() == 1 { "" } else { "s" });
        for l in leaves.iter().take(LEAVES) {
            let _ = writeln!(out, "  {l}");
        }
        if leaves.len() > LEAVES {
            let _ = writeln!(out, "  ... {} more", leaves.len() - LEAVES);
        }
    }
}

/// The paths whose values differ, as `path: old -> new`.
fn leaf_diff(path: String, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let (p, q) = (x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null));
                if p != q {
                    leaf_diff(format!("{path}.{k}"), p, q, out);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                if p != q {
                    leaf_diff(format!("{path}[{i}]"), p, q, out);
                }
            }
        }
        _ => {
            let short = |v: &Value| {
                let t = v.to_string();
                if t.len() > 60 {
                    format!("{}...", &t[..t.char_indices().nth(57).map_or(t.len(), |(i, _)| i)])
                } else {
                    t
                }
            };
            out.push(format!("{}: {} -> {}", path.trim_start_matches('.'), short(a), short(b)));
        }
    }
}
