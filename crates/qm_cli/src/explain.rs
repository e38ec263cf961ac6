//! `qm explain`: why a unit has its supply status, as text or JSON, for a
//! unit on the map or one eliminated by isolation (SUP-177).

use crate::output::ErrorBody;
use qm_game::DeterminationKind;
use std::io::Write;
use std::path::PathBuf;

/// The command's arguments.
pub struct Args<'a> {
    /// Scenario file.
    pub file: &'a PathBuf,
    /// Unit id.
    pub unit: &'a str,
    /// Phases to run first.
    pub phases: Option<u32>,
    /// Orders for those phases.
    pub orders: Option<&'a PathBuf>,
    /// JSON output.
    pub json: bool,
    /// Seed.
    pub seed: u64,
}

/// Runs `qm explain`; returns the exit code.
pub fn run(a: &Args<'_>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let Some(crate::Played { game: mut g, statements, .. }) =
        crate::play(a.file, a.phases.unwrap_or(0), a.orders, a.seed, a.json, err)
    else {
        return 1;
    };
    // An oil resource is explained whole; a unit's reorganization comes
    // before its supply (OIL-003..005).
    if !a.json
        && let Some(code) = crate::explain_oil::explain(&g, a.unit, a.phases.is_some(), out)
    {
        return code;
    }
    if g.unit(a.unit).is_none() && crate::explain_territory::is_territory(&g, a.unit) {
        // COL-004..008: a territory's collection, from the statements the
        // phases made, or collected now.
        let text = crate::explain_territory::explain_territory(&mut g, a.unit, &statements).unwrap_or_default();
        let _ = write!(out, "{text}");
        return 0;
    }
    if g.explanation(a.unit).is_none() {
        let ids: Vec<String> = g.unit_ids().into_iter().map(|i| i.0).collect();
        let hint = qm_scenario::suggest::hint(a.unit, ids.iter().map(String::as_str));
        let file = a.file.display().to_string();
        let message = format!("no unit `{}`{hint} (units: {})", a.unit, ids.join(", "));
        let text = format!("{file}: {message}");
        crate::fail(err, a.json, &[ErrorBody::plain("unknown-unit", Some(&file), message)], &text);
        return 1;
    }
    // Without phases, a unit is explained as of its own side's initial
    // determination, made now.
    if a.phases.is_none() {
        let side = g.unit_side(a.unit).unwrap_or(g.clock().side);
        g.determine_supply(side, DeterminationKind::Initial);
    }
    let Some(e) = g.explanation(a.unit) else { return 1 };
    if a.json {
        let _ = writeln!(out, "{}", serde_json::to_string(&e).unwrap_or_default());
    } else {
        let _ = write!(out, "{}", e.text());
    }
    0
}
