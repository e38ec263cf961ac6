//! `qm reorganize`: runs the final reorganization step of MWIF oil
//! (OIL-003..005) and prints one major power's outcome.

use crate::output::ErrorBody;
use crate::output_reorganize::ReorganizeOutput;
use qm_game::Orders;
use qm_game::oil::{OilOrder, PowerReport, REORGANIZATION};
use std::io::Write;
use std::path::Path;

/// The most phases stepped to reach the reorganization phase.
const MAX_STEPS: usize = 64;

/// Runs the command: phases up to the reorganization step (default orders),
/// the `Reorganize` order for `units` (`all` or none: every disorganized
/// unit), the step, then the report of `power` (default: the first power
/// with units requested). Exit code 0, or 1 with a message on `err`.
#[allow(clippy::too_many_arguments, reason = "the command's options")]
pub fn run(
    file: &Path,
    power: Option<&str>,
    units: Option<&str>,
    json: bool,
    seed: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let Some(mut g) = crate::open(file, seed, json, err) else { return 1 };
    let name = file.display().to_string();
    let refuse = |err: &mut dyn Write, kind: &str, m: String| {
        crate::fail(err, json, &[ErrorBody::plain(kind, Some(&name), m.clone())], &format!("{name}: {m}"));
        1
    };
    if g.phase_order().position(REORGANIZATION).is_none() {
        return refuse(err, "no-phase", "the ruleset has no reorganization phase (add the `mwif-oil` family)".into());
    }
    let mut events = Vec::new();
    for _ in 0..MAX_STEPS {
        if g.next_phase() == Some(REORGANIZATION) {
            break;
        }
        events.extend(g.step_phase().events);
    }
    if let Some(list) = units.filter(|u| *u != "all") {
        let ids: Vec<String> = list.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
        let side = g.clock().side;
        if let Err(e) = g.submit(side, &Orders::of([OilOrder::Reorganize { units: ids }])) {
            return refuse(err, "refused", format!("order refused: {e}"));
        }
    }
    events.extend(g.step_phase().events);
    let reports = g.last_reorganization();
    let Some(report) = pick(&reports, power) else {
        let known: Vec<&str> = reports.iter().map(|r| r.power.as_str()).collect();
        let hint = power.map(|p| qm_game::files::suggest::hint(p, known.iter().copied())).unwrap_or_default();
        let m = format!(
            "no reorganization for {}{hint} (powers reorganized: {})",
            power.unwrap_or("any power"),
            if known.is_empty() { "none".to_string() } else { known.join(", ") }
        );
        return refuse(err, "unknown-power", m);
    };
    if json {
        let header = crate::output::Header::of("reorganize", &name, seed, &g, &events);
        let ledgers = crate::output_ledgers::LedgersOut::of(&mut g);
        crate::print_json(out, &ReorganizeOutput { header, report: report.into(), ledgers });
    } else {
        let _ = write!(out, "{}", report.text());
    }
    0
}

fn pick<'a>(reports: &'a [PowerReport], power: Option<&str>) -> Option<&'a PowerReport> {
    match power {
        Some(p) => reports.iter().find(|r| r.power == p),
        None => reports.iter().find(|r| !r.requested.is_empty()).or_else(|| reports.first()),
    }
}
