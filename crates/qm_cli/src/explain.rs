//! `qm explain`: why a unit has its supply status, as text or JSON, for a
//! unit on the map or one eliminated by isolation (SUP-177); a territory's
//! collection, an oil resource's spending, a Middle East payment
//! (`payment:NATION`) or a build point total (`build-points:NATION`).

use crate::explain_oil::{OilSubject, find, resource_text, unit_text};
use crate::output::{ErrorBody, Header};
use crate::output_explain::{self, ExplainOutput, Explained, OilResourceExplained, UnitExplained};
use qm_game::GameEvent;
use qm_game::{DeterminationKind, Game};
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
    let Some(crate::Played { game: mut g, statements, events, .. }) =
        crate::play(a.file, a.phases.unwrap_or(0), a.orders, a.seed, a.json, err)
    else {
        return 1;
    };
    let file = a.file.display().to_string();
    // A Middle East payment or a build point total (MET-006, OIL-012).
    if let Some(answer) = crate::explain_books::explain(&mut g, a.unit, &statements) {
        return match answer {
            Ok((text, data)) => emit(a, &g, &events, data, &text, out),
            Err(message) => {
                let text = format!("{file}: {message}");
                crate::fail(err, a.json, &[ErrorBody::plain("unknown-subject", Some(&file), message)], &text);
                1
            }
        };
    }
    // An oil resource is explained whole; a unit's reorganization comes
    // before its supply (OIL-003..005).
    let oil = find(&g, a.unit, a.phases.is_some());
    if let Some(OilSubject::Resource(r, res)) = &oil {
        let text = resource_text(r, res);
        return emit(a, &g, &events, Explained::OilResource(OilResourceExplained::of(r, res, &text)), &text, out);
    }
    let reorganization = match &oil {
        Some(OilSubject::Unit(r)) => Some(unit_text(r, a.unit)),
        _ => None,
    };
    if g.unit(a.unit).is_none() && crate::explain_territory::is_territory(&g, a.unit) {
        // COL-004..008: a territory's collection, from the statements the
        // phases made, or collected now.
        let text = crate::explain_territory::explain_territory(&mut g, a.unit, &statements).unwrap_or_default();
        let Some(data) = output_explain::territory(&mut g, a.unit, &statements, &text) else { return 1 };
        return emit(a, &g, &events, data, &text, out);
    }
    if g.explanation(a.unit).is_none() {
        let ids: Vec<String> = g.unit_ids().into_iter().map(|i| i.to_string()).collect();
        let hint = qm_game::files::suggest::hint(a.unit, ids.iter().map(String::as_str));
        // Ids come from the file: escaped, and a bounded list of them.
        let mut listed: Vec<String> =
            ids.iter().take(LISTED_UNITS).map(|i| qm_game::printable(i).into_owned()).collect();
        if ids.len() > LISTED_UNITS {
            listed.push(format!("and {} more", ids.len() - LISTED_UNITS));
        }
        let message =
            qm_game::printable(&format!("no unit `{}`{hint} (units: {})", a.unit, listed.join(", "))).into_owned();
        let text = format!("{file}: {message}");
        crate::fail(err, a.json, &[ErrorBody::plain("unknown-unit", Some(&file), message)], &text);
        return 1;
    }
    // Without phases, a unit is explained as of its own side's initial
    // determination, made now.
    let mut events = events;
    if a.phases.is_none() {
        let side = g.unit_side(a.unit).unwrap_or(g.clock().side);
        events.extend(g.determine_supply(side, DeterminationKind::Initial));
    }
    let Some(e) = g.explanation(a.unit) else { return 1 };
    let text = reorganization.clone().unwrap_or_default() + &e.text();
    let data = Explained::Unit(UnitExplained::of(e, reorganization.as_deref()));
    emit(a, &g, &events, data, &text, out)
}

/// How many of the scenario's unit ids an unknown unit's error lists.
const LISTED_UNITS: usize = 50;

/// Prints an explanation: `data` under the header with `--json`, else
/// `text`. Exit code 0.
fn emit(a: &Args<'_>, g: &Game, events: &[GameEvent], data: Explained, text: &str, out: &mut dyn Write) -> i32 {
    if a.json {
        let header = Header::of("explain", &a.file.display().to_string(), a.seed, g, events);
        crate::print_json(out, &ExplainOutput { header, subject: data });
    } else {
        let _ = write!(out, "{text}");
    }
    0
}
