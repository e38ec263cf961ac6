//! `qm step`'s commands that show state, explain, submit orders and save:
//! `show ...`, `events`, `explain`, `order`, `orders`, `save`, `load`.

use super::session::Session;
use qm_game::{Game, Side};
use std::fmt::Write;

/// `show units [SIDE|HEX|TERRITORY]`, `show hex LABEL`, `show zones`,
/// `show lines`, `show ledger`, `show income`, `show oil`.
///
/// # Errors
/// An unknown topic or hex.
pub fn show(s: &mut Session, args: &[&str]) -> Result<String, String> {
    match args {
        ["units"] => Ok(units(&s.game, None)),
        ["units", filter] => Ok(units(&s.game, Some(filter))),
        ["hex", label] => crate::explain_any::hex(&s.game, label).ok_or_else(|| no_place(&s.game, label)),
        ["zones"] => Ok(zones(&s.game)),
        ["lines"] => Ok(lines(&s.game)),
        ["ledger"] => Ok(ledger(&s.game)),
        ["income"] => section(&s.game, "wteaw-collect", "collection (wteaw-collect)").map(|_| income(&s.game)),
        ["oil"] => section(&s.game, "mwif-oil", "oil (mwif-oil)"),
        _ => Err("usage: show units [SIDE|HEX|TERRITORY] | hex LABEL | zones | lines | ledger | income | oil".into()),
    }
}

/// `no hex X, did you mean ...`.
fn no_place(g: &Game, label: &str) -> String {
    format!("no hex or box `{label}`{}", qm_game::files::suggest::place_hint(&g.spec().map, label))
}

/// The units, all or those of a side or in a hex or territory.
fn units(g: &Game, filter: Option<&str>) -> String {
    let spec = g.spec_arc();
    let state = g.state();
    let node = filter.and_then(|f| spec.map.find(f));
    let side = match filter {
        Some("axis") => Some(Side::Axis),
        Some("allies") => Some(Side::Allies),
        _ => None,
    };
    let mut s = format!("{:<14} {:<12} {:<7} {:<6} {:<10} AT\n", "UNIT", "NATION", "SIDE", "TYPE", "STATUS");
    for u in &state.units {
        let uside = state.nations.get(u.nation.index()).and_then(|n| n.side);
        if (side.is_some() && uside != side) || (node.is_some() && Some(u.location.node) != node) {
            continue;
        }
        let status = if u.supply.at.is_some() { u.supply.status.as_str() } else { "-" };
        let _ = writeln!(
            s,
            "{:<14} {:<12} {:<7} {:<6} {:<10} {}",
            u.id.0,
            spec.ruleset.nation_key(u.nation),
            uside.map_or("-", Side::as_str),
            spec.ruleset.unit_types.get(u.kind.index()).map_or("?", |t| t.key.as_str()),
            status,
            spec.map.describe(u.location.node)
        );
    }
    for e in g.eliminations() {
        if node.is_none_or(|n| n == e.unit.location.node) {
            let _ = writeln!(
                s,
                "{:<14} {:<12} {:<7} {:<6} {:<10} {}",
                e.unit.id.0,
                spec.ruleset.nation_key(e.unit.nation),
                "",
                "",
                "eliminated",
                spec.map.describe(e.unit.location.node)
            );
        }
    }
    s
}

/// The zones of the last determination (SUP-093).
fn zones(g: &Game) -> String {
    let Some(side) = g.last_determined_side() else { return "no supply determination yet".into() };
    let r = g.full_report(side, false);
    let mut s = format!("supply zones of {side} (SUP-093)\n");
    for z in r.zones.unwrap_or_default() {
        let sea = z.sea_line.map_or_else(String::new, |l| {
            format!(", sea line {} -> {}{}", l.from, l.to, if l.disrupted { " (disrupted)" } else { "" })
        });
        let boxes = if z.boxes.is_empty() { String::new() } else { format!(", boxes {}", z.boxes.join(" ")) };
        let _ = writeln!(
            s,
            "zone {}: {} ({} hexes{boxes}{sea}): {}",
            z.id,
            z.status.as_str(),
            z.hexes.len(),
            z.hexes.join(" ")
        );
    }
    s
}

/// The sea lines of the current player turn (SUP-085..132).
fn lines(g: &Game) -> String {
    let Some(log) = g.sea_log() else { return "no sea lines".into() };
    if log.lines.is_empty() {
        return "no sea lines this player turn".into();
    }
    let map = &g.spec().map;
    let mut s = String::new();
    for l in &log.lines {
        let ids = |v: &[qm_game::UnitId]| v.iter().map(|u| u.0.clone()).collect::<Vec<_>>().join(", ");
        let _ = write!(s, "line {} ({:?}): {} -> {}", l.index, l.kind, map.describe(l.from), map.describe(l.to));
        if !l.protected_by.is_empty() {
            let _ = write!(s, ", protected by {}", ids(&l.protected_by));
        }
        if !l.attacked_by.is_empty() {
            let _ = write!(s, ", attacked by {}", ids(&l.attacked_by));
        }
        if let Some((a, b)) = l.rolls {
            let _ = write!(s, ", rolls {a} vs {b}");
        }
        let _ = writeln!(s, "{}", if l.disrupted { ": DISRUPTED" } else { ": through" });
    }
    s
}

/// Eliminations by isolation (SUP-177, SUP-190), and the collection ledger
/// when that family is loaded.
fn ledger(g: &Game) -> String {
    let mut s = String::new();
    let elim = g.eliminations();
    if elim.is_empty() {
        s.push_str("no unit eliminated by isolation\n");
    }
    for e in elim {
        let _ = writeln!(
            s,
            "{} eliminated turn {} at {} (SUP-177); rebuild {} BRPs this turn, {} later (SUP-190)",
            e.unit.id,
            e.turn,
            g.spec().map.describe(e.unit.location.node),
            e.rebuild_now,
            e.rebuild_later
        );
    }
    if let Ok(t) = section(g, "wteaw-collect", "collection") {
        s.push_str(&t);
    }
    s
}

/// The income statements recorded so far (COL-004..008).
fn income(g: &Game) -> String {
    let st = g.income_statements();
    if st.is_empty() {
        return "no income statement yet (the collection phase has not run)".into();
    }
    st.iter().map(crate::collect::statement_text).collect()
}

/// A family's section of the state as JSON, or why there is none.
fn section(g: &Game, name: &str, what: &str) -> Result<String, String> {
    let state = g.state();
    let v = state.sections.get(name).ok_or_else(|| format!("{what} is not loaded in this game"))?;
    Ok(format!("{name}:\n{}\n", serde_json::to_string_pretty(v).unwrap_or_default()))
}

/// `events`: what the last step emitted.
#[must_use]
pub fn events(s: &Session) -> String {
    if s.events.is_empty() {
        return "no events".into();
    }
    s.events.iter().map(|e| format!("{}\n", qm_render::events::describe(s.game.spec(), e))).collect()
}

/// `explain UNIT|HEX|TERRITORY`.
///
/// # Errors
/// Nothing by that name.
pub fn explain(s: &mut Session, key: &str) -> Result<String, String> {
    if key.is_empty() {
        return Err("usage: explain UNIT|HEX|TERRITORY".into());
    }
    let statements = s.game.income_statements().to_vec();
    match crate::explain_any::explain(&mut s.game, key, &statements) {
        Some(e) => Ok(e.text),
        None => {
            let ids: Vec<String> = s.game.unit_ids().into_iter().map(|u| u.to_string()).collect();
            let hint = qm_game::files::suggest::hint(key, ids.iter().map(String::as_str));
            let place =
                if hint.is_empty() { qm_game::files::suggest::place_hint(&s.game.spec().map, key) } else { hint };
            Err(format!("no unit, hex or territory `{key}`{place}"))
        }
    }
}

/// `order [--side S] RON`: one order for the next phase, validated now.
///
/// # Errors
/// The order does not parse, or is refused (the typed error).
pub fn order(s: &mut Session, rest: &str) -> Result<String, String> {
    let (side, ron) = match rest.strip_prefix("--side ") {
        Some(r) => {
            let (w, ron) = r.trim_start().split_once(' ').unwrap_or((r, ""));
            let side = match w {
                "axis" => Side::Axis,
                "allies" => Side::Allies,
                _ => return Err(format!("--side {w}: axis or allies")),
            };
            (side, ron.trim())
        }
        None => (s.game.clock().side, rest),
    };
    if ron.is_empty() {
        return Err("usage: order [--side S] RON".into());
    }
    let c = s.game.clock();
    let phase = s.game.next_phase().ok_or("no phase to give orders for")?;
    let player = if side == c.side { String::new() } else { format!("player: {:?}, ", c.side) };
    let text = format!("[(turn: {}, side: {side:?}, {player}phase: \"{phase}\", orders: [{ron}])]", c.turn);
    let batches = s
        .game
        .read_orders("order", text.as_bytes())
        .map_err(|e| e.diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))?;
    let mut n = 0;
    for b in batches {
        n += b.orders.len();
        s.game.submit(b.side, &qm_game::Orders { orders: b.orders }).map_err(|e| format!("refused: {e}"))?;
    }
    Ok(format!("accepted {n} order{} for {side} in {phase}", if n == 1 { "" } else { "s" }))
}

/// `orders FILE`: adds an orders file's batches.
///
/// # Errors
/// The file does not read or parse.
pub fn orders_file(s: &mut Session, path: &str) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let b = s.game.read_orders(path, &bytes).map_err(|e| crate::render::load_error(&e))?;
    let n = b.len();
    s.add_batches(b);
    Ok(format!("read {n} batch{} from {path}", if n == 1 { "" } else { "es" }))
}

/// `save FILE`.
///
/// # Errors
/// A scenario not from a file, or a failed write.
pub fn save(s: &Session, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("usage: save FILE".into());
    }
    let text = s.game.save().ok_or("this game has no scenario file to save against")?;
    crate::output_file::write(std::path::Path::new(path), text).map_err(|e| format!("{path}: {e}"))?;
    Ok(format!("saved to {path}"))
}

/// `load FILE`: a save (or a scenario); `undo` goes back.
///
/// # Errors
/// The file does not load.
pub fn load(s: &mut Session, path: &str) -> Result<String, String> {
    if path.is_empty() {
        return Err("usage: load FILE".into());
    }
    // A save of the session's own scenario (the file the user named) may
    // lie anywhere, as `save` may write it anywhere; any other save's
    // scenario follows the path policy of `qm_game::sandbox`.
    let own = s.game.spec().path.clone().is_some_and(|own| names_scenario(path, &own));
    let open = || Game::open(path, 1);
    let g = if own { qm_game::sandbox::with_any_path(open) } else { open() };
    s.replace(g.map_err(|e| crate::render::load_error(&e))?);
    Ok(format!("loaded {path}: {}", s.prompt()))
}

/// Whether `path` is a save naming the scenario file `scenario`.
fn names_scenario(path: &str, scenario: &str) -> bool {
    let Ok(bytes) = qm_game::files::limits::read_file(std::path::Path::new(path)) else { return false };
    if !qm_game::files::looks_like_save(&bytes) {
        return false;
    }
    let Ok(save) = qm_game::files::read_save(path, &bytes) else { return false };
    let canonical = |p: &str| std::fs::canonicalize(p).ok();
    canonical(&save.scenario).is_some_and(|named| Some(named) == canonical(scenario))
}
