//! One answer to "why?" for a unit, a hex or a territory, shared by `qm
//! step`'s `explain` and the replay page: a unit's supply explanation (the
//! engine's, SUP-011, SUP-177), a hex's status with its controller and
//! zone (SUP-011, SUP-093) and the units in it, or a territory's collection
//! (COL-004..008, as `qm explain` gives it).

use qm_game::collection::IncomeStatement;
use qm_game::{Game, NodeKind};
use qm_render::replay::Explained;
use std::fmt::Write;

/// The explanation of a unit id, hex label, place name or territory key.
#[must_use]
pub fn explain(g: &mut Game, key: &str, statements: &[IncomeStatement]) -> Option<Explained> {
    if let Some(e) = g.explanation(key) {
        return Some(Explained { text: e.text(), json: serde_json::to_value(&e).ok() });
    }
    if crate::explain_territory::is_territory(g, key) {
        let text = crate::explain_territory::explain_territory(g, key, statements)?;
        return Some(Explained { text, json: None });
    }
    hex(g, key).map(|text| Explained { text, json: None })
}

/// A hex's (or box's) status: who holds it, its controller's supply status
/// (SUP-011), its zone (SUP-093), and the explanation of each unit in it.
#[must_use]
pub fn hex(g: &Game, key: &str) -> Option<String> {
    let spec = g.spec_arc();
    let node = spec.map.find(key)?;
    let info = spec.map.node(node)?;
    if !matches!(info.kind, NodeKind::Hex | NodeKind::Box) {
        return None;
    }
    let state = g.state();
    let ns = state.nodes.get(node)?;
    let mut s = spec.map.describe(node);
    let controller = ns.control.current;
    match controller {
        Some(c) => {
            let side = state.nations.get(c.index()).and_then(|n| n.side);
            let side = side.map_or_else(|| "neutral".to_string(), |s| s.to_string());
            let _ = write!(s, ": controlled by {} ({side})", spec.ruleset.nation_key(c));
        }
        None => s.push_str(": controlled by no one"),
    }
    if ns.control.original != controller
        && let Some(o) = ns.control.original
    {
        let _ = write!(s, ", originally {}", spec.ruleset.nation_key(o));
    }
    s.push('\n');
    match (ns.supply.status, ns.supply.at) {
        (Some(st), Some(at)) => {
            let _ = writeln!(
                s,
                "supply: {} for its controller, at the {} {} determination of turn {} (SUP-011: a hex's status is its controller's)",
                st.as_str(),
                at.side,
                if at.kind == qm_game::DeterminationKind::Initial { "initial" } else { "post-combat" },
                at.turn
            );
        }
        _ => s.push_str("supply: not determined yet (SUP-011)\n"),
    }
    if let Some(zones) = g.sea_zones()
        && let Some(z) = zones.zones.iter().find(|z| z.hexes.contains(&node))
    {
        let side = zones.at.map_or_else(String::new, |a| format!(" of {}", a.side));
        let _ = writeln!(s, "zone: supply zone {}{side} (SUP-093)", z.id);
    }
    let here: Vec<String> = state.units.iter().filter(|u| u.location.node == node).map(|u| u.id.to_string()).collect();
    if here.is_empty() {
        s.push_str("units: none\n");
    }
    for id in here {
        let _ = write!(s, "\n{}", g.explain(&id).unwrap_or_default());
    }
    Some(s)
}
